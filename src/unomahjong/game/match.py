"""A match (局): seats drawn once, the deal passing every hand, running scores.

As docs/rules.md#seats-hands-and-matches states: players' seats are drawn
once per match from the seeded RNG (with four players seats 0-3 are red,
green, blue, yellow, and red deals first); the deal passes to the next seat
after every hand, won or drawn; a round (圈) is N hands, a match four rounds
unless the caller stops earlier. Under a flow with ``seat_changes`` (MCR,
docs/mcr.md#a-match) the players change seats between rounds; under one
with a ``false_win_penalty`` a false win is charged instead of refused.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from .._checks import checked_init, describe, items, keywords_checked, quote
from ..model.context import WINDS
from ..rules.rule_sets import RuleSet, get_rules
from .actions import WIN, IllegalActionError, player_count, seed_number, whole_number
from .board import Board
from .bots import Bot
from .legality import awaiting
from .state import Outcome, Phase
from .transitions import apply

ROUNDS = 4
MAX_ACTIONS = 10_000
"""Decisions after which a hand is given up as stuck (:func:`play_hand`'s
default; a match's limit)."""
SEAT_COLOURS = ("red", "green", "blue", "yellow")
"""The 0 cards' colours of seats 0-3 with four players
(docs/rules.md#seats-hands-and-matches)."""


SEAT_CHANGES: tuple[tuple[int, ...], ...] = ((1, 0, 3, 2), (2, 3, 1, 0), (1, 0, 3, 2))
"""The 2006 rules' changes of seat after the first, second and third
rounds: ``moves[s]`` is the seat the player in seat ``s`` (0 East, 1
South, 2 West, 3 North at the round's first hand) moves to. After the
fourth round the players sit as they did in the first."""


def round_seating(first: tuple[int, ...], round_number: int) -> tuple[int, ...]:
    """The seating of round ``round_number`` (0 the first) of a match that
    changes seats between rounds, from the first round's ``first``."""
    seating = first
    for moves in SEAT_CHANGES[: round_number % (len(SEAT_CHANGES) + 1)]:
        moved = list(seating)
        for seat, player in enumerate(seating):
            moved[moves[seat]] = player
        seating = tuple(moved)
    return seating


@checked_init
@attrs.frozen(slots=True)
class HandRecord:
    """One played hand of a match."""

    number: int
    dealer: int
    outcome: Outcome
    log: tuple[str, ...]
    seating: tuple[int, ...]
    """seating[seat] = the player (index into the bots) in that seat."""
    false_wins: tuple[int, ...] = ()
    """The seats whose bot declared a win its hand did not make, in order."""
    penalties: tuple[int, ...] = ()
    """What each seat gained (+) or paid (-) for those false wins; empty
    when there were none."""

    @property
    def payments(self) -> tuple[int, ...]:
        """Each seat's gain in the hand: the settlement and the penalties."""
        paid = self.outcome.payments
        if not self.penalties:
            return paid
        return tuple(a + b for a, b in zip(paid, self.penalties, strict=True))


@checked_init
@attrs.frozen(slots=True)
class MatchResult:
    """A finished (or stopped) match."""

    seating: tuple[int, ...]
    """seating[seat] = the player (index into the bots) in that seat, as
    the seat draw gave it: the first round's seating (each hand of
    :attr:`hands` records its own ``seating``)."""
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
    max_actions: int = MAX_ACTIONS,
    prevalent_wind: str | None = None,
) -> Board:
    """Play one hand with bots seated 0..N-1; returns the finished board
    (``prevalent_wind``: see :func:`~unomahjong.game.start_hand`)."""
    bots = seated_bots(bots, "play_hand")
    max_actions = whole_number(max_actions, "max-actions")
    if max_actions < 1:
        raise IllegalActionError(
            "max-actions", f"max_actions must be 1 or more, not {quote(max_actions)}"
        )
    board = Board(rules, players=len(bots), dealer=dealer, seed=seed, prevalent_wind=prevalent_wind)
    _play_out(board, bots, max_actions, false_wins=None)
    return board


def _play_out(
    board: Board, bots: Sequence[Bot], max_actions: int, false_wins: list[int] | None
) -> None:
    """Play ``board`` to its end. With ``false_wins`` a list, a win a bot
    declares that is not legal is appended there (its seat) and the bot
    decides again; otherwise it raises, as any illegal action does. Each
    decision, legal or not, counts against ``max_actions``."""
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
                return
            seat = seats[0]
        action = bots[seat].choose(state, seat)
        try:
            state, events = apply(state, seat, action)
        except IllegalActionError:
            # Only the engine's own WIN is a declaration: a win written with
            # a tile or an UNO flag is malformed, and refused as such.
            if false_wins is None or action != WIN:
                raise
            false_wins.append(seat)
            continue
        states.append(state)
        moves.append((seat, action, events))
    raise IllegalActionError("stuck", f"the hand did not end within {max_actions} actions")


def _penalties(false_wins: Sequence[int], players: int, penalty: int) -> tuple[int, ...]:
    """Each seat's net from the false wins: the declarer pays ``penalty``
    to every other seat, once for each false win."""
    net = [0] * players
    for seat in false_wins:
        for other in range(players):
            net[other] += -penalty * (players - 1) if other == seat else penalty
    return tuple(net)


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
    (East, South, West, North, then East again). Under MCR's flow the
    players change seats between rounds (the 2006 rules' moves, every four
    rounds from the first seating again) and a bot's false win costs its
    player the flow's ``false_win_penalty`` from each other player; the
    bot then decides again (docs/mcr.md#a-match)."""
    rs = get_rules(rules)
    bots = seated_bots(bots, "play_match")
    n = len(bots)
    player_count(n)  # before any hand: no bots would play no hand at all
    rounds = whole_number(rounds, "rounds")
    if rounds < 1:
        raise IllegalActionError("rounds", f"a match needs at least 1 round, not {quote(rounds)}")
    rng = random.Random(seed_number(seed))
    first = draw_seats(n, rng)
    scores = [0] * n
    hands = []
    flow = rs.flow
    winds = flow is not None and flow.winds
    changes = flow is not None and flow.seat_changes
    penalty = 0 if flow is None else flow.false_win_penalty
    for number in range(rounds * n):
        dealer = number % n
        seating = round_seating(first, number // n) if changes else first
        wind = WINDS[number // n % len(WINDS)] if winds else None
        board = Board(rs, players=n, dealer=dealer, seed=rng.randrange(2**63), prevalent_wind=wind)
        false_wins: list[int] | None = [] if penalty else None
        _play_out(board, [bots[p] for p in seating], MAX_ACTIONS, false_wins)
        result = board.outcome()
        assert result is not None
        record = HandRecord(
            number,
            dealer,
            result,
            tuple(board.log_lines()),
            seating,
            tuple(false_wins or ()),
            _penalties(false_wins, n, penalty) if false_wins else (),
        )
        for seat, gain in enumerate(record.payments):
            scores[seating[seat]] += gain
        hands.append(record)
    return MatchResult(first, tuple(hands), tuple(scores))
