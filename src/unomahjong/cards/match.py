"""A match of UNO cards: hands until a total reaches the rules' target
(docs/cards.md#a-match), with the scoring options applied."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Final

import attrs

from .._checks import checked_init, keywords_checked, quote
from ..errors import CardError
from .bots import CardBot, play_cards
from .rules import CARDS, CardRules, seed_of, whole_option
from .state import CardState

__all__ = ["CardHandResult", "CardMatchResult", "play_card_match"]

MAX_HANDS: Final = 1000
"""The most hands :func:`play_card_match` plays by default."""


@checked_init
@attrs.frozen(slots=True)
class CardHandResult:
    """One hand of a match, in the match's seats."""

    seats: tuple[int, ...]
    """The match seats that played it, in the order of the hand's seats
    (fewer than the match's once players are eliminated)."""
    dealer: int
    seed: int
    """The hand's seed (``start_hand``), derived from the match's."""
    winner: int | None
    """Who went out; None for a hand that ended with no card to draw."""
    scores: tuple[int, ...]
    """Each match seat's score for the hand (0 for a seat not in it)."""
    actions: int


@checked_init
@attrs.frozen(slots=True)
class CardMatchResult:
    """A whole match."""

    rules: CardRules
    hands: tuple[CardHandResult, ...]
    totals: tuple[int, ...]
    """Each seat's total; under ``teams``, each seat holds its team's."""
    eliminated: tuple[int, ...]
    """Seats out of the match (``elimination``), in the order they went out
    (in seat order within a hand). When every seat still in reaches the
    bound in the same hand, all of them are listed, and those with the
    highest total win."""
    winners: tuple[int, ...]
    """The seats with the highest total among those still in (among those
    the last hand put out, when it put out every seat still in; both
    partners of a team); several when they tie."""
    finished: bool
    """The match reached its end; False when it stopped at ``max_hands``."""


def derived_seed(seed: int, k: int) -> int:
    """Hand ``k``'s seed, of a match or a simulation: independent hands, all
    fixed by the one seed."""
    whole_bytes = seed.to_bytes(seed.bit_length() // 8 + 1, "big")  # no decimal text
    digest = hashlib.sha256(b"cards match %d:" % k + whole_bytes).digest()
    return int.from_bytes(digest[:8], "big")


def _team_totals(rules: CardRules, totals: list[int]) -> list[int]:
    """Each seat's total, as its team's under ``teams`` (partners opposite)."""
    n = len(totals)
    if not rules.teams:
        return list(totals)
    half = n // 2
    return [totals[s % half] + totals[s % half + half] for s in range(n)]


def _over(rules: CardRules, total: int) -> bool:
    negative = rules.negative_scoring or rules.elimination
    return total <= -rules.target if negative else total >= rules.target


def _checked(
    rules: object, bots: object, seed: object, max_hands: object
) -> tuple[int, int, list[CardBot]]:
    """The match's seed, hand limit and bots, checked."""
    if not isinstance(rules, CardRules):
        raise CardError("bad-rules", f"rules are CardRules, not {quote(rules)}")
    limit = whole_option(max_hands, "max_hands", 1)
    number = seed_of(seed)
    try:
        seats = list(bots) if not isinstance(bots, (str, bytes, dict)) else []  # type: ignore[call-overload]
    except TypeError:
        seats = []
    return number, limit, seats


class _Match:
    """A match being played: the totals, who is still in, who deals."""

    def __init__(self, rules: CardRules, players: int) -> None:
        self.rules = rules
        self.totals = [0] * players
        self.playing = list(range(players))
        self.eliminated: list[int] = []
        self.dealer: int | None = None

    def record(self, seed: int, final: CardState, actions: int) -> CardHandResult:
        """Add a finished hand, in the hand's seats, to the match."""
        playing = self.playing
        scores = [0] * len(self.totals)
        assert final.scores is not None
        for s, m in enumerate(playing):
            scores[m] = final.scores[s]
            self.totals[m] += final.scores[s]
        winner = None if final.winner is None else playing[final.winner]
        dealer = playing[final.dealer]
        self.dealer = winner if winner is not None else dealer
        return CardHandResult(tuple(playing), dealer, seed, winner, tuple(scores), actions)

    def over(self) -> bool:
        """Whether the match ends after the hand just recorded (under
        ``elimination``, the seats out leave first)."""
        rules, shown = self.rules, _team_totals(self.rules, self.totals)
        if not rules.elimination:
            return any(_over(rules, t) for t in shown)
        out = [m for m in self.playing if _over(rules, shown[m])]
        self.eliminated += out
        if out and len(out) == len(self.playing):
            return True  # all out at once: the highest total among them wins
        self.playing = [m for m in self.playing if m not in out]
        if self.dealer in out:
            self.dealer = self.playing[0]
        return (len(self.playing) // 2 if rules.teams else len(self.playing)) <= 1


@keywords_checked
def play_card_match(
    rules: CardRules = CARDS,
    bots: Sequence[CardBot] = (),
    *,
    seed: int = 0,
    max_hands: int = MAX_HANDS,
) -> CardMatchResult:
    """Play hands with ``bots`` (one per seat) until the match ends: a
    total reaches ``target`` (``-target`` under ``negative_scoring``), or,
    under ``elimination``, one player (one team) is left. The seats cut
    for the first dealer; the winner of a hand deals the next (the same
    dealer after a hand with no winner)."""
    number, limit, seats = _checked(rules, bots, seed, max_hands)
    match = _Match(rules, len(seats))
    hands: list[CardHandResult] = []
    finished = False
    for k in range(limit):
        hand_seed = derived_seed(number, k)
        dealer = None if match.dealer is None else match.playing.index(match.dealer)
        final, moves = play_cards(
            rules, [seats[m] for m in match.playing], seed=hand_seed, dealer=dealer
        )
        hands.append(match.record(hand_seed, final, len(moves)))
        if match.over():
            finished = True
            break
    shown = _team_totals(rules, match.totals)
    best = max(shown[m] for m in match.playing)
    winners = tuple(m for m in match.playing if shown[m] == best)
    return CardMatchResult(
        rules, tuple(hands), tuple(shown), tuple(match.eliminated), winners, finished
    )
