"""The model: tile sets as data, interned tiles, melds, hands, the winning
shapes, the notation that reads and writes them, and the win context (how a
hand was won). Immutable values, each validated when it is made.

Modules, each importing only those before it: ``tiles`` and ``flowers``;
``meld`` and ``shapes``; ``notation``; ``hand``; ``context``. The public
names are exported by :mod:`unomahjong` itself.
"""
