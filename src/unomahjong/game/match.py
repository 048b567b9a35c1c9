"""A match (局): seats drawn once, the deal passing every hand, running scores.

As docs/rules.md#seats-hands-and-matches states: players' seats are drawn
once per match from the seeded RNG (with four players seats 0-3 are red,
green, blue, yellow, and red deals first); the deal passes to the next seat
after every hand, won or drawn; a round (圈) is N hands, a match four rounds
unless the caller stops earlier.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from .._checks import checked_init, describe, items, keywords_checked, quote
from ..context import WINDS
from ..rules import RuleSet, get_rules
from .actions import IllegalActionError, player_count, seed_number, whole_number
from .board import Board
from .bots import Bot
from .flow import apply
from .judge import awaiting
from .state import Outcome, Phase

ROUNDS = 4
SEAT_COLOURS = ("red", "green", "blue", "yellow")
"""The 0 cards' colours of seats 0-3 with four players
(docs/rules.md#seats-hands-and-matches)."""


@attrs.frozen(slots=True)
class HandRecord:
    """One played hand of a match."""

    number: int
    dealer: int
    outcome: Outcome
    log: tuple[str, ...]


@checked_init
@attrs.frozen(slots=True)
class MatchResult:
    """A finished (or stopped) match."""

    seating: tuple[int, ...]
    """seating[seat] = the player (index into the bots) in that seat."""
    hands: tuple[HandRecord, ...]
    scores: tuple[int, ...]
    """Running score per player (not per seat)."""


def seated_bots(bots: object, func: str) -> tuple[Bot, ...]:
    """``bots`` as a tuple, each with a ``choose`` method, or
    :class:`IllegalActionError` (``not-bots``, ``not-a-bot``)."""
    out = items(bots, object, IllegalActionError, "not-bots", func, "bots", "a sequence of bots")
    for i, bot in enumerate(out):
        if not callable(getattr(bot, "choose", None)):
            raise IllegalActionError(
                "not-a-bot",
                f"{func}(): bots[{i}] is {describe(bot)}, not a bot (it has no choose method)",
                hint="RandomBot(seed), GreedyBot() or any object with choose(state, seat)",
                argument="bots",
            )
    return out  # type: ignore[return-value]


def draw_seats(players: int, rng: random.Random) -> tuple[int, ...]:
    """The seat draw: a random seating of players 0..N-1 (seat i holds seating[i])."""
    seating = list(range(players))
    rng.shuffle(seating)
    return tuple(seating)


@keywords_checked
def play_hand(
    rules: str | RuleSet,
    bots: Sequence[Bot],
    *,
    dealer: int = 0,
    seed: int | None = None,
    max_actions: int = 10_000,
    prevalent_wind: str | None = None,
) -> Board:
    """Play one hand with bots seated 0..N-1; returns the finished board
    (``prevalent_wind``: see :func:`~unomahjong.game.start_round`)."""
    bots = seated_bots(bots, "play_hand")
    max_actions = whole_number(max_actions, "max-actions")
    if max_actions < 1:
        raise IllegalActionError(
            "max-actions", f"max_actions must be 1 or more, not {quote(max_actions)}"
        )
    board = Board(rules, players=len(bots), dealer=dealer, seed=seed, prevalent_wind=prevalent_wind)
    # Board.push inline: the same apply, recorded the same way.
    states = board._states
    moves = board._moves
    state = states[-1]
    for _ in range(max_actions):
        if state.phase is Phase.TURN:
            seat = state.current
        else:
            seats = awaiting(state)
            if not seats:
                return board
            seat = seats[0]
        action = bots[seat].choose(state, seat)
        state, events = apply(state, seat, action)
        states.append(state)
        moves.append((seat, action, events))
    raise IllegalActionError("stuck", f"the hand did not end within {max_actions} actions")


@keywords_checked
def play_match(
    rules: str | RuleSet,
    bots: Sequence[Bot],
    *,
    seed: int = 0,
    rounds: int = ROUNDS,
) -> MatchResult:
    """Play ``rounds`` rounds of N hands each; the seed fixes seating and walls.
    Under rules that count winds, round *r*'s prevalent wind is the *r*-th
    (East, South, West, North, then East again)."""
    rs = get_rules(rules)
    bots = seated_bots(bots, "play_match")
    n = len(bots)
    player_count(n)  # before any hand: no bots would play no hand at all
    rounds = whole_number(rounds, "rounds")
    if rounds < 1:
        raise IllegalActionError("rounds", f"a match needs at least 1 round, not {quote(rounds)}")
    rng = random.Random(seed_number(seed))
    seating = draw_seats(n, rng)
    seated = [bots[p] for p in seating]
    scores = [0] * n
    hands = []
    winds = rs.flow is not None and rs.flow.winds
    for number in range(rounds * n):
        dealer = number % n
        wind = WINDS[number // n % len(WINDS)] if winds else None
        board = play_hand(rs, seated, dealer=dealer, seed=rng.randrange(2**63), prevalent_wind=wind)
        result = board.outcome()
        assert result is not None
        for seat, gain in enumerate(result.payments):
            scores[seating[seat]] += gain
        hands.append(HandRecord(number, dealer, result, tuple(board.log_lines())))
    return MatchResult(seating, tuple(hands), tuple(scores))
