"""Analysis of held tiles: the readings of a complete hand (``readings``:
every way to split it into sets and a pair, under every shape of its rule
set), shanten per shape and waits (``shanten``, on the memoised distance
tables of ``_distance``), and what the tiles seen leave (``discards``: live
waits and discard options).

The public functions are exported by :mod:`unomahjong` itself.
"""
