"""Bots for UNO, the card game, and a driver that plays a hand with them.

A bot is anything with ``choose(state, seat, actions)`` returning one of
``actions`` (the seat's legal actions): :class:`RandomCardBot` plays a
random card whenever it can, :class:`UniformCardBot` picks uniformly among
all the actions, :class:`GreedyCardBot` plays as a careful person would."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final, Never, Protocol

from .._checks import checked_init, items, keywords_checked, quote, unknown_keywords, whole
from ..errors import CardError
from .deck import COLOURS, Card, CardKind
from .flow import apply, legal_actions, start_hand
from .rules import CARDS, CardRules
from .state import CardAction, CardActionKind, CardEvent, CardPhase, CardState

__all__ = ["CardBot", "GreedyCardBot", "RandomCardBot", "UniformCardBot", "play_cards"]

MAX_ACTIONS: Final = 1_000_000
"""Actions after which :func:`play_cards` gives up on a hand (never met by
the library's bots: a hand ends when its cards run out)."""


class CardBot(Protocol):
    """What :func:`play_cards` seats."""

    def choose(
        self, state: CardState, seat: int, actions: tuple[CardAction, ...]
    ) -> CardAction: ...


def _offered(
    func: str, state: CardState, seat: int, actions: tuple[CardAction, ...]
) -> tuple[CardAction, ...]:
    """The actions a bot was offered, checked: a state, one of its seats and
    at least one action."""
    if not isinstance(state, CardState):
        raise CardError("not-a-state", f"{func}() takes a CardState, not {quote(state)}")
    s = whole(seat)
    if s is None or not 0 <= s < state.players:
        raise CardError("bad-seat", f"{func}(): a seat is 0-{state.players - 1}, not {quote(seat)}")
    offered = items(actions, CardAction, CardError, "not-actions", func, "actions", "CardActions")
    if not offered:
        raise CardError("no-actions", f"{func}() is given no action to choose from")
    return offered


def _generator(seed: object) -> random.Random:
    n = whole(seed)
    if n is None or n < 0:
        raise CardError("bad-seed", f"a seed is a whole number >= 0, not {quote(seed)}")
    return random.Random(n)


@checked_init
class UniformCardBot:
    """Uniform over the legal actions, from its own seeded generator: a
    draw, a false UNO call or a catch of a seat that called rightly as
    likely as any play. Its hands run to thousands of actions."""

    def __init__(self, seed: int = 0) -> None:
        self.rng: random.Random = _generator(seed)
        """The bot's own generator, seeded with ``seed``."""

    def choose(
        self, state: CardState, seat: int, actions: tuple[CardAction, ...], **unknown: Never
    ) -> CardAction:
        """One of ``actions``, each as likely."""
        if unknown:
            raise unknown_keywords(UniformCardBot.choose, unknown)
        return self.rng.choice(_offered("UniformCardBot.choose", state, seat, actions))


_PASSIVE: Final = (
    CardActionKind.DRAW,
    CardActionKind.KEEP,
    CardActionKind.ACCEPT,
    CardActionKind.PASS,
)
"""What :class:`RandomCardBot` does when it has no play, in this order of
preference (only one of them is ever offered with the others)."""


@checked_init
class RandomCardBot:
    """A random legal play whenever there is one, from its own seeded
    generator; it draws only when it cannot play. Each distinct play
    offered (a card, or under ``multiple_same`` a set of cards) is as
    likely, and a black card's colour is then drawn uniformly; it calls UNO
    exactly when the play leaves one card. A playable card it drew is
    played, and a jump-in taken. With no play: it draws, accepts a Wild
    Draw Four (it never challenges), lets a missed UNO call go (it never
    catches), and names a colour uniformly when the first card turned up is
    a Wild."""

    def __init__(self, seed: int = 0) -> None:
        self.rng: random.Random = _generator(seed)
        """The bot's own generator, seeded with ``seed``."""

    def choose(
        self, state: CardState, seat: int, actions: tuple[CardAction, ...], **unknown: Never
    ) -> CardAction:
        """A random play among ``actions``; without one, the action above."""
        if unknown:
            raise unknown_keywords(RandomCardBot.choose, unknown)
        offered = _offered("RandomCardBot.choose", state, seat, actions)
        plays: dict[tuple[Card | None, tuple[Card, ...]], list[CardAction]] = {}
        for a in offered:
            if a.kind is CardActionKind.PLAY:
                plays.setdefault((a.card, a.more), []).append(a)
        if plays:
            same = plays[self.rng.choice(list(plays))]
            held = len(state.hands[seat])
            called = [a for a in same if a.uno == (held - 1 - len(a.more) == 1)]
            return self.rng.choice(called or same)
        for kind in _PASSIVE:
            found = next((a for a in offered if a.kind is kind), None)
            if found is not None:
                return found
        colours = [a for a in offered if a.kind is CardActionKind.COLOUR]
        return self.rng.choice(colours or list(offered))


def _favourite(hand: Sequence[Card]) -> str:
    """The colour the hand holds most of (red first on a tie)."""
    held = Counter(c.colour for c in hand if c.colour is not None)
    return max(COLOURS, key=lambda c: (held[c], -COLOURS.index(c)))


@checked_init
class GreedyCardBot:
    """Plays as a careful person would: gets rid of coloured cards first,
    action cards before numbers, and keeps the Wilds for last (a Wild Draw
    Four only when it is legal); names the colour it holds most of; calls
    UNO exactly when a play leaves one card; catches a seat that did not
    call; and challenges a Wild Draw Four when the odds favour it: its
    player was guilty when one of their other cards had the colour in
    force, about 1 - (3/4)^k for k other cards, and a challenge is worth it
    above 1/3 (it risks 6 cards against the 4 of accepting), so from two
    cards left on."""

    def __init__(self, **unknown: Never) -> None:
        """A bot with no settings: it keeps no state between choices."""
        if unknown:
            raise unknown_keywords(GreedyCardBot, unknown)

    def choose(
        self, state: CardState, seat: int, actions: tuple[CardAction, ...], **unknown: Never
    ) -> CardAction:
        """The action this bot takes among ``actions`` (the first of them
        when they hold none it would choose)."""
        if unknown:
            raise unknown_keywords(GreedyCardBot.choose, unknown)
        offered = _offered("GreedyCardBot.choose", state, seat, actions)
        wanted = self._wanted(state, seat, offered)
        return wanted if wanted is not None else offered[0]

    def _wanted(
        self, state: CardState, seat: int, actions: tuple[CardAction, ...]
    ) -> CardAction | None:
        phase = state.phase
        hand = state.hands[seat]
        if phase is CardPhase.COLOUR:
            wanted = _favourite(hand)
            return next((a for a in actions if a.colour == wanted), None)
        if phase is CardPhase.CHALLENGE:
            assert state.four is not None
            challenge = len(state.hands[state.four[0]]) >= 2
            kind = CardActionKind.CHALLENGE if challenge else CardActionKind.ACCEPT
            return next((a for a in actions if a.kind is kind), None)
        if phase is CardPhase.CATCH:
            assert state.catch is not None
            kind = CardActionKind.CATCH if state.catch[1] else CardActionKind.PASS
            return next((a for a in actions if a.kind is kind), None)
        plays = [a for a in actions if a.kind is CardActionKind.PLAY]
        calls = len(hand) == 2  # the play leaves one card
        plays = [a for a in plays if a.uno == calls]
        best = self._best(state, hand, plays)
        if best is not None:
            return best
        return next((a for a in actions if a.kind is not CardActionKind.PLAY), None)  # draw, keep

    @staticmethod
    def _best(
        state: CardState, hand: tuple[Card, ...], plays: list[CardAction]
    ) -> CardAction | None:
        coloured = [a for a in plays if a.card is not None and a.card.colour is not None]
        if coloured:
            held = Counter(c.colour for c in hand)
            return max(
                coloured,
                key=lambda a: (
                    a.card is not None and a.card.kind is not CardKind.NUMBER,
                    held[a.card.colour if a.card else None],
                    a.card.points if a.card else 0,
                ),
            )
        if state.phase is CardPhase.DRAWN and len(hand) > 2:
            return None  # keep a black card drawn for later
        favourite = _favourite(hand)
        legal_four = not any(c.colour == state.colour for c in hand)
        for kind in (CardKind.WILD, CardKind.ALL_DRAW_WILD, CardKind.WILD_DRAW_FOUR):
            if kind is CardKind.WILD_DRAW_FOUR and not legal_four:
                continue
            for a in plays:
                if a.card is not None and a.card.kind is kind and a.colour == favourite:
                    return a
        return None


@keywords_checked
def play_cards(
    rules: CardRules = CARDS,
    bots: Sequence[CardBot] = (),
    *,
    seed: int = 0,
    dealer: int | None = None,
) -> tuple[CardState, list[tuple[int, CardAction, tuple[CardEvent, ...]]]]:
    """Play one hand with ``bots``, one per seat (2 to 10): the final state
    and every move, as (seat, action, events)."""
    try:
        seats = list(bots) if not isinstance(bots, (str, bytes, dict)) else []
    except TypeError:  # not iterable
        seats = []
    if not seats or not all(callable(getattr(b, "choose", None)) for b in seats):
        raise CardError("not-bots", f"play_cards() takes a bot per seat, not {quote(bots)}")
    state, events = start_hand(rules, players=len(seats), seed=seed, dealer=dealer)
    moves: list[tuple[int, CardAction, tuple[CardEvent, ...]]] = []
    for _ in range(MAX_ACTIONS):
        if state.ended:
            return state, moves
        seat = state.current
        actions = legal_actions(state, seat)
        action = seats[seat].choose(state, seat, actions)
        state, events = apply(state, seat, action)
        moves.append((seat, action, events))
    raise CardError("stuck", f"the hand did not end within {MAX_ACTIONS:,} actions")
