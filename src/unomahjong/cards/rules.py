"""The rules of a game of UNO cards as a value with a name, like the mahjong
rule sets: ``CARDS`` is the default game, and ``with_options`` makes a
variant with a name of its own."""

from __future__ import annotations

from typing import Any, Final

import attrs

from .._checks import by_name, checked_init, did_you_mean, flag, quote, whole
from ..errors import CardError

__all__ = ["CARDS", "CardRules"]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10


def whole_option(value: object, name: str, minimum: int) -> int:
    """``value`` as a whole number of at least ``minimum``, or
    :class:`~unomahjong.CardError` (``bad-option``)."""
    n = whole(value)
    if n is None or n < minimum:
        raise CardError("bad-option", f"{name} is a whole number >= {minimum}, not {quote(value)}")
    return n


def seed_of(value: object) -> int:
    """A seed: a whole number >= 0, or :class:`~unomahjong.CardError` (``bad-seed``)."""
    n = whole(value)
    if n is None or n < 0:
        raise CardError("bad-seed", f"a seed is a whole number >= 0, not {quote(value)}")
    return n


def _switch(value: object) -> bool:
    as_bool = flag(value)
    if as_bool is None:
        raise CardError("bad-option", f"an option is True or False, not {quote(value)}")
    return as_bool


def _target(value: object) -> int:
    return whole_option(value, "target", 1)


@checked_init
@attrs.frozen(slots=True, kw_only=True)
class CardRules:
    """How a game of UNO cards is played. The defaults are the game the
    project's docs state (docs/cards.md); each option is off unless set."""

    name: str = "cards"
    """The rules' name: ``"cards"`` for the default game, the base's name
    with the changes in brackets for a variant (``"cards[all_draw_wild]"``)."""
    all_draw_wild: bool = attrs.field(default=False, converter=_switch)
    """The 112-card deck: four All Draw Wilds more (every other player
    draws 1, the player names a colour and takes another turn; 50 points)."""
    target: int = attrs.field(default=500, converter=_target)
    """A match ends when a player's total reaches this (``-target`` under
    ``negative_scoring``)."""
    stacking: bool = attrs.field(default=False, converter=_switch)
    """A Draw Two may answer a Draw Two, a Wild Draw Four either; the
    penalties add up, and the first player who does not answer draws them
    all and loses the turn. No challenge while stacking."""
    wild_cancels_draw_two: bool = attrs.field(default=False, converter=_switch)
    """A plain Wild may answer a pending Draw Two, cancelling it."""
    jump_in: bool = attrs.field(default=False, converter=_switch)
    """A card identical to the top card (colour and number or symbol) may be
    played out of turn, before the next player acts; play goes on from its
    player."""
    zero_passes_hands: bool = attrs.field(default=False, converter=_switch)
    """When a 0 is played, every player passes their hand to the next
    player in the direction of play."""
    multiple_same: bool = attrs.field(default=False, converter=_switch)
    """Several coloured cards of one number or symbol may be played at once,
    the first playable as usual; they take effect in order, and the last
    one's colour is in force."""
    negative_scoring: bool = attrs.field(default=False, converter=_switch)
    """Each player scores minus the points left in their own hand; the
    match ends when a total reaches ``-target``, and the highest wins."""
    elimination: bool = attrs.field(default=False, converter=_switch)
    """Scored as under ``negative_scoring``; a player whose total reaches
    ``-target`` is out, and the last one left wins the match."""
    teams: bool = attrs.field(default=False, converter=_switch)
    """Partners sit opposite (4, 6, 8 or 10 players); when one goes out,
    their team scores the points in the opponents' hands."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise CardError("bad-option", f"a name is a non-empty text, not {quote(self.name)}")

    def with_options(self, *, name: str | None = None, **changes: Any) -> CardRules:
        """A variant with ``changes`` (``all_draw_wild=True``, ``target=200``),
        named ``name`` or ``"cards[all_draw_wild,target=200]"``; these rules
        themselves when nothing changes. An unknown option is
        :class:`~unomahjong.CardError` (``unknown-option``, with the closest)."""
        known = by_name(a.name for a in attrs.fields(CardRules) if a.name != "name")
        for option in changes:
            if option not in known.values():
                raise CardError(
                    "unknown-option",
                    f"the card game has no option {quote(option)}",
                    hint=did_you_mean(option, known) or "options: " + ", ".join(known.values()),
                )
        changed = attrs.evolve(self, **changes)
        label = ",".join(
            a.name if getattr(changed, a.name) is True else f"{a.name}={getattr(changed, a.name)}"
            for a in attrs.fields(CardRules)
            if a.name != "name" and getattr(changed, a.name) != getattr(self, a.name)
        )
        if not label and name is None:
            return self
        if name is not None and (not isinstance(name, str) or not name):
            raise CardError("bad-option", f"a name is a non-empty text, not {quote(name)}")
        return attrs.evolve(changed, name=name or f"{self.name}[{label}]")


CARDS: Final = CardRules()
"""The default game: the 108-card deck, a match to 500."""
