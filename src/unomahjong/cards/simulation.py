"""Many hands of UNO cards played by bots, and their statistics, here or
split across processes (the same report either way)."""

from __future__ import annotations

import concurrent.futures as cf
import time
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from .. import _parallel
from .._checks import checked_init, keywords_checked, quote
from ..errors import CardError
from .bots import CardBot, GreedyCardBot, RandomCardBot, UniformCardBot, play_cards
from .flow import start_hand
from .match import derived_seed
from .rules import CARDS, CardRules, seed_of, whole_option

__all__ = ["BOT_NAMES", "CardSimulationInterrupted", "CardSimulationReport", "simulate_cards"]

BOT_NAMES: Final = ("greedy", "random", "uniform")
"""The bots :func:`simulate_cards` seats, by name."""


@attrs.frozen(slots=True, kw_only=True)
class _Tally:
    hands: int
    wins: tuple[int, ...]
    no_winner: int
    actions: int
    points: tuple[int, ...]

    @classmethod
    def empty(cls, players: int) -> _Tally:
        return cls(hands=0, wins=(0,) * players, no_winner=0, actions=0, points=(0,) * players)

    def plus(self, other: _Tally) -> _Tally:
        return _Tally(
            hands=self.hands + other.hands,
            wins=tuple(a + b for a, b in zip(self.wins, other.wins, strict=True)),
            no_winner=self.no_winner + other.no_winner,
            actions=self.actions + other.actions,
            points=tuple(a + b for a, b in zip(self.points, other.points, strict=True)),
        )


@checked_init
@attrs.frozen(slots=True, kw_only=True, hash=False)
class CardSimulationReport:
    """The statistics of a :func:`simulate_cards` run: every field but
    :attr:`seconds` depends on the arguments alone."""

    rules: str
    players: int
    bots: tuple[str, ...]
    seed: int
    hands: int
    """Hands played."""
    wins_by_seat: tuple[int, ...]
    no_winner: int
    """Hands that ended with no card left to draw."""
    actions: int
    """Actions taken in all the hands."""
    points_by_seat: tuple[int, ...]
    """Each seat's scores added up."""
    seconds: float = attrs.field(eq=False)
    """Wall-clock time of the run (not compared)."""

    @property
    def hands_per_second(self) -> float:
        """Hands played a second."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0


class CardSimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`simulate_cards`: carries the report of every
    hand finished before it."""

    report: CardSimulationReport

    def __init__(self, report: CardSimulationReport, requested: int) -> None:
        super().__init__(f"interrupted after {report.hands} of {requested} hands")
        self.report = report


def _bot_names(bots: object, players: int) -> tuple[str, ...]:
    if isinstance(bots, str):
        names = tuple(b.strip() for b in bots.split(","))
    elif isinstance(bots, Sequence) and all(isinstance(b, str) for b in bots):
        names = tuple(bots)
    else:
        raise CardError("bad-bots", f"bots are names ({', '.join(BOT_NAMES)}), not {quote(bots)}")
    if len(names) == 1:
        names *= players
    if len(names) != players or any(n not in BOT_NAMES for n in names):
        raise CardError(
            "bad-bots",
            f"bots are one of {', '.join(BOT_NAMES)} for every seat, or one per seat"
            f" ({players}), not {quote(bots)}",
        )
    return names


def _bot(name: str, seed: int) -> CardBot:
    """The bot named ``name`` (one of ``BOT_NAMES``), seeded with ``seed``."""
    if name == "greedy":
        return GreedyCardBot()
    return RandomCardBot(seed) if name == "random" else UniformCardBot(seed)


def _play_hand(rules: CardRules, bots: tuple[str, ...], seed: int, g: int) -> _Tally:
    hand_seed = derived_seed(seed, g)
    seated = [_bot(name, hand_seed + i) for i, name in enumerate(bots)]
    final, moves = play_cards(rules, seated, seed=hand_seed)
    assert final.scores is not None
    n = len(bots)
    wins = tuple(int(final.winner == s) for s in range(n))
    return _Tally(
        hands=1, wins=wins, no_winner=int(final.winner is None), actions=len(moves),
        points=final.scores,
    )  # fmt: skip


def _play_hands(
    run: int, rules: CardRules, bots: tuple[str, ...], seed: int, start: int, stop: int
) -> _Tally:
    """Hands ``start`` to ``stop - 1``: one chunk of run ``run``."""
    tally = _Tally.empty(len(bots))
    try:
        for g in _parallel.indices(run, start, stop):
            tally = tally.plus(_play_hand(rules, bots, seed, g))
    except KeyboardInterrupt:
        pass  # Ctrl-C in a worker of the caller's pool: the hands finished
    return tally


@keywords_checked
def simulate_cards(
    rules: CardRules = CARDS,
    *,
    bots: str | Sequence[str] = "greedy",
    players: int = 4,
    hands: int = 100,
    seed: int = 0,
    workers: int = 1,
    executor: cf.Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> CardSimulationReport:
    """Play ``hands`` seeded hands with bots and return their statistics.
    Hand ``g`` is seeded by ``seed`` and ``g`` alone, so the report is the
    same however the hands are split: ``workers=N`` (0: every core) runs a
    process pool, an ``executor`` takes the chunks instead (as
    :func:`~unomahjong.research.simulation.simulate` does). ``bots`` names a bot for
    every seat or one per seat. Ctrl-C raises
    :class:`CardSimulationInterrupted` with the report of the hands
    finished."""
    start_hand(rules, players=players, seed=0)  # refuses bad rules or a bad player count
    n_players = int(players)
    names = _bot_names(bots, n_players)
    n_hands = whole_option(hands, "hands", 1)
    number = seed_of(seed)
    the_plan = _parallel.plan(
        "simulate_cards",
        n_hands,
        workers=workers,
        executor=executor,
        chunks=None,
        progress=progress,
        error=CardError,
    )
    begun = time.perf_counter()
    tally = _Tally.empty(n_players)
    results: dict[int, _Tally] = {}
    try:
        if the_plan.inline:
            for g in range(n_hands):
                tally = tally.plus(_play_hand(rules, names, number, g))
                if the_plan.progress is not None:
                    the_plan.progress(g + 1, n_hands)
        else:
            jobs = ((rules, names, number, a, b) for a, b in the_plan.ranges)
            _parallel.run(the_plan, _parallel.new_run(), _play_hands, jobs, results)
    except KeyboardInterrupt:
        report = _report(rules, names, number, _merged(tally, results), begun)
        raise CardSimulationInterrupted(report, n_hands) from None
    return _report(rules, names, number, _merged(tally, results), begun)


def _merged(tally: _Tally, results: dict[int, _Tally]) -> _Tally:
    for i in sorted(results):
        tally = tally.plus(results[i])
    return tally


def _report(
    rules: CardRules, bots: tuple[str, ...], seed: int, tally: _Tally, begun: float
) -> CardSimulationReport:
    return CardSimulationReport(
        rules=rules.name,
        players=len(bots),
        bots=bots,
        seed=seed,
        hands=tally.hands,
        wins_by_seat=tally.wins,
        no_winner=tally.no_winner,
        actions=tally.actions,
        points_by_seat=tally.points,
        seconds=time.perf_counter() - begun,
    )
