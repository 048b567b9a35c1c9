"""A hand of UNO cards as an immutable state, its actions and its events."""

from __future__ import annotations

import enum
from typing import Final, Never

import attrs

from .._checks import Lookup, checked_init, quote, unknown_keywords, unknown_member, whole
from ..errors import CardError
from .deck import COLOURS, Card, card
from .rules import CardRules

__all__ = ["CardAction", "CardActionKind", "CardEvent", "CardPhase", "CardState"]


class CardPhase(enum.Enum, metaclass=Lookup):
    """What the state waits for, from :attr:`CardState.current`."""

    PLAY = "play"
    """A turn: play a card or draw."""
    COLOUR = "colour"
    """A Wild turned up first: the first player names the colour, then plays."""
    DRAWN = "drawn"
    """The card just drawn can be played: play it, or keep it."""
    CHALLENGE = "challenge"
    """A Wild Draw Four was played on this seat: challenge it, or accept and draw 4."""
    CATCH = "catch"
    """After a play that left one card or called UNO: catch the player, or pass."""
    JUMP = "jump"
    """``jump_in``: a seat holding a card identical to the top card plays it
    out of turn, or passes."""
    ENDED = "ended"
    """The hand is over."""

    @classmethod
    def _missing_(cls, value: object) -> CardPhase:
        raise unknown_member(cls, value, CardError, "unknown-phase")


class CardActionKind(enum.Enum, metaclass=Lookup):
    """The kinds of action a seat may take."""

    PLAY = "play"
    DRAW = "draw"
    KEEP = "keep"
    CHALLENGE = "challenge"
    ACCEPT = "accept"
    CATCH = "catch"
    PASS = "pass"
    COLOUR = "colour"

    @classmethod
    def _missing_(cls, value: object) -> CardActionKind:
        raise unknown_member(cls, value, CardError, "unknown-action-kind")


_UNO: Final = "uno"
_PLAY: Final = CardActionKind.PLAY
_EXAMPLES: Final = "e.g. 'play 7r', 'play W b uno', 'draw', 'keep', 'challenge', 'catch 2'"
MAX_ACTION_LENGTH: Final = 32
"""The most characters :meth:`CardAction.parse` reads (``"play W4 b uno"`` has 13)."""


@checked_init
@attrs.frozen(slots=True)
class CardAction:
    """What a seat does: ``play`` a card (naming a colour for a black card,
    calling UNO or not), ``draw``, ``keep`` the card just drawn,
    ``challenge`` or ``accept`` a Wild Draw Four, ``catch`` a seat that did
    not call UNO, ``pass`` (let a catch go), or name the ``colour`` of a
    Wild turned up first. ``str(action)`` is its text; :meth:`parse` reads it."""

    kind: CardActionKind
    card: Card | None = None
    colour: str | None = None
    uno: bool = False
    seat: int | None = None
    """The seat caught (``catch``)."""
    more: tuple[Card, ...] = ()
    """``multiple_same``: the cards played after ``card`` in the same play,
    of its number or symbol (``play 7r 7b 7g``)."""

    def __str__(self) -> str:
        parts = [self.kind.value]
        if self.card is not None:
            parts.append(self.card.notation)
        parts += [c.notation for c in self.more]
        if self.colour is not None:
            parts.append(self.colour)
        if self.seat is not None:
            parts.append(str(self.seat))
        if self.uno:
            parts.append(_UNO)
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str, **unknown: Never) -> CardAction:
        """The action ``text`` writes: ``"play 7r"``, ``"play W b uno"``,
        ``"draw"``, ``"keep"``, ``"challenge"``, ``"accept"``, ``"catch 2"``,
        ``"pass"``, ``"colour g"``. Raises :class:`~unomahjong.CardError`
        (``bad-action``) for text that writes no action."""
        if unknown:
            raise unknown_keywords(CardAction.parse, unknown)
        if not isinstance(text, str):
            raise CardError("bad-action", f"an action is text, not {quote(text)}")
        if len(text) > MAX_ACTION_LENGTH:
            raise CardError("too-long", f"an action has at most {MAX_ACTION_LENGTH} characters")
        words = text.split()
        try:
            kind = CardActionKind(words[0]) if words else None
        except CardError:
            kind = None
        if kind is None:
            raise CardError("bad-action", f"{quote(text)} is not an action", hint=_EXAMPLES)
        rest = words[1:]
        if kind is CardActionKind.PLAY:
            return _parse_play(text, rest)
        if kind is CardActionKind.CATCH:
            seat = whole(_int(rest[0])) if len(rest) == 1 else None
            if seat is None or seat < 0:
                raise CardError("bad-action", f"{quote(text)}: catch names a seat", hint=_EXAMPLES)
            return cls(kind, seat=seat)
        if kind is CardActionKind.COLOUR:
            if len(rest) != 1 or rest[0] not in COLOURS:
                raise CardError("bad-action", f"{quote(text)}: colour names r, y, g or b")
            return cls(kind, colour=rest[0])
        if rest:
            raise CardError("bad-action", f"{quote(text)}: {kind.value} takes nothing more")
        return cls(kind)


def _parse_play(text: str, rest: list[str]) -> CardAction:
    """``play`` and what follows it: a card (a colour after a black one),
    or several coloured cards of one number or symbol; then ``uno``."""
    uno = bool(rest) and rest[-1].lower() == _UNO
    if uno:
        rest = rest[:-1]
    if not rest:
        raise CardError("bad-action", f"{quote(text)}: play names a card", hint=_EXAMPLES)
    played = card(rest[0])
    if played.colour is not None and len(rest) > 1 and rest[1] not in COLOURS:
        more = tuple(card(word) for word in rest[1:])  # several cards at once
        if any(c.colour is None or c.symbol != played.symbol for c in more):
            raise CardError(
                "bad-action",
                f"{quote(text)}: cards played together have one number or symbol",
            )
        return CardAction(_PLAY, played, None, uno, more=more)
    if len(rest) > 2:
        raise CardError("bad-action", f"{quote(text)}: play names one card", hint=_EXAMPLES)
    colour = rest[1] if len(rest) == 2 else None
    if played.is_black != (colour is not None) or (colour is not None and colour not in COLOURS):
        raise CardError(
            "bad-action",
            f"{quote(text)}: a black card is played with a colour (r, y, g or b),"
            " another card without one",
        )
    return CardAction(_PLAY, played, colour, uno)


def _int(word: str) -> int | None:
    return int(word) if word.isascii() and word.isdigit() and len(word) < 4 else None


@checked_init
@attrs.frozen(slots=True)
class CardEvent:
    """Something that happened, in order. ``cards`` are the cards it moved
    or showed; ``seat`` is who it happened to (the seat that played, drew,
    was skipped, was caught)."""

    kind: str
    seat: int
    cards: tuple[Card, ...] = ()
    colour: str | None = None
    other: int | None = None
    """The other seat of a catch (the catcher) or of a shown hand (who saw it)."""


@checked_init
@attrs.frozen(slots=True)
class CardState:
    """A hand of UNO cards at one moment. Made by :func:`start_hand` and
    :func:`apply`, never changed."""

    rules: CardRules
    players: int
    dealer: int
    seed: int
    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]
    """The next card drawn is the last."""
    discards: tuple[Card, ...]
    """The top card is the last."""
    colour: str | None
    """The colour in force: the top card's, or the one named for a black
    card; None only while a Wild turned up first waits for its colour
    (the ``colour`` phase)."""
    direction: int
    """1: play passes to seat + 1; -1: to seat - 1."""
    current: int
    """The seat whose decision the state waits for."""
    phase: CardPhase
    drawn: Card | None = None
    """In the ``drawn`` phase, the card just drawn."""
    four: tuple[int, str, bool] | None = None
    """In the ``challenge`` phase: who played the Wild Draw Four, the colour
    in force before it, and whether they held a card of that colour."""
    catch: tuple[int, bool, tuple[int, ...]] | None = None
    """In the ``catch`` phase: the seat that may be caught, whether its play
    broke the UNO rule (a missing call, or a call when the play did not
    leave one card), and the seats still to be asked, in turn order."""
    resume: tuple[CardPhase, int] | None = None
    """In the ``catch`` and ``jump`` phases: the phase and seat play goes on
    with."""
    jumpers: tuple[int, ...] = ()
    """In the ``jump`` phase: the seats holding a card identical to the top
    card still to be asked, in turn order (the first is ``current``)."""
    pending: int = 0
    """Cards the current player draws unless they answer (``stacking``,
    ``wild_cancels_draw_two``): the Draw Twos and Wild Draw Fours played
    in a row so far."""
    stalled: int = 0
    """Turns passed in a row with no card left to draw."""
    reshuffles: int = 0
    winner: int | None = None
    scores: tuple[int, ...] | None = None
    """At the end: each seat's score for the hand."""

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.discards[-1]

    @property
    def ended(self) -> bool:
        """The hand is over."""
        return self.phase is CardPhase.ENDED

    def card_count(self, **unknown: Never) -> int:
        """Every card of the hand, wherever it is (the deck's size)."""
        if unknown:
            raise unknown_keywords(CardState.card_count, unknown)
        return sum(map(len, self.hands)) + len(self.draw_pile) + len(self.discards)
