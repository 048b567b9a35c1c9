"""Scoring: what the detectors read of a hand (``facts``), the counting
engine that applies the five counting principles to any fan table
(``counting``), and ``score`` / ``score_hand`` with the explained
:class:`Score` they return (``scorer``).

:func:`score`, :func:`score_hand`, :class:`Score` and :class:`FanEntry` are
exported by :mod:`unomahjong` too; the memo controls are here.
"""

from .scorer import FanEntry, Score, clear_caches, memo_limit, score, score_hand, set_memo_limit

__all__ = [
    "FanEntry",
    "Score",
    "clear_caches",
    "memo_limit",
    "score",
    "score_hand",
    "set_memo_limit",
]
