"""A hand's scores, under the scoring options (docs/cards.md#options)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .._checks import items, keywords_checked, quote, whole
from ..errors import CardError
from .deck import Card
from .rules import CardRules

__all__ = ["TEAM_PLAYERS", "hand_scores"]

TEAM_PLAYERS: Final = (4, 6, 8, 10)
"""The numbers of players ``teams`` plays with: partners sit opposite."""


@keywords_checked
def hand_scores(rules: CardRules, hands: Sequence[Sequence[Card]], winner: int) -> tuple[int, ...]:
    """Each seat's score for a hand ``winner`` went out of, with ``hands``
    left: the winner scores the points in the other hands (under ``teams``,
    in the opponents' hands only); under ``negative_scoring`` or
    ``elimination``, each seat scores minus the points in its own hand."""
    if not isinstance(rules, CardRules):
        raise CardError("bad-rules", f"rules are CardRules, not {quote(rules)}")
    what = "a hand (a list of Cards) per seat"
    seats = [
        tuple(items(h, Card, CardError, "not-a-card", "hand_scores", "hands", "Cards"))
        for h in items(hands, object, CardError, "bad-hands", "hand_scores", "hands", what)
    ]
    w = whole(winner)
    if w is None or not 0 <= w < len(seats):
        raise CardError("bad-seat", f"the winner is a seat 0-{len(seats) - 1}, not {quote(winner)}")
    if rules.teams and len(seats) not in TEAM_PLAYERS:
        raise CardError("bad-players", f"teams play with 4, 6, 8 or 10 players, not {len(seats)}")
    return scores_of(rules, seats, w)


def scores_of(rules: CardRules, hands: Sequence[Sequence[Card]], winner: int) -> tuple[int, ...]:
    n = len(hands)
    if rules.negative_scoring or rules.elimination:
        return tuple(-sum(c.points for c in h) for h in hands)
    half = n // 2 if rules.teams else n
    points = sum(c.points for s, h in enumerate(hands) if s % half != winner % half for c in h)
    return tuple(points if s == winner else 0 for s in range(n))
