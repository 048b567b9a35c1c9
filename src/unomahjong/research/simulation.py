"""Many seeded hands played by bots, on one core or many, and their statistics.

:func:`simulate` plays game ``g`` (0-based) of a run with seed ``s`` as

* the wall dealt from seed ``s * 1_000_003 + g`` (:func:`game_seed`), and
  seat ``g % players`` dealing;
* a :class:`~unomahjong.game.GreedyBot` in each ``"greedy"`` seat, and in
  each ``"random"`` seat ``i`` a new :class:`~unomahjong.game.RandomBot`
  seeded ``game_seed(s, g) * 1000 + i`` (:func:`bot_seed`): the seed the
  ``play`` command gives seat ``i`` of a hand dealt from that wall seed.

A game therefore depends on its own number alone, never on the games played
before it in the same process, and a run cut into chunks of game numbers
(``workers``, ``executor``) gives the same :class:`SimulationReport` however
it is cut and wherever the chunks run.
"""

from __future__ import annotations

import concurrent.futures as cf
import itertools
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from .. import _parallel
from .._checks import items, keywords_checked, quote, wrong_type
from ..errors import RulesError
from ..game import Board, GreedyBot, RandomBot, play_hand
from ..rules.rule_sets import RuleSet, count_option, get_rules, seed_option
from . import _portable

__all__ = [
    "BOT_NAMES",
    "SimulationInterrupted",
    "SimulationReport",
    "bot_seed",
    "game_seed",
    "simulate",
]

BOT_NAMES = ("random", "greedy")
"""The bots :func:`simulate` seats, by name."""


def game_seed(seed: int, game: int) -> int:
    """The wall seed of game ``game`` (0-based) in a run seeded ``seed``.

    >>> game_seed(2, 5)
    2000011
    """
    return seed_option(seed, "game_seed") * 1_000_003 + count_option(game, "game")


def bot_seed(seed: int, game: int, seat: int) -> int:
    """The seed of the :class:`~unomahjong.game.RandomBot` in seat ``seat``
    of game ``game`` in a run seeded ``seed``.

    >>> bot_seed(2, 5, 3)
    2000011003
    """
    seed = seed_option(seed, "bot_seed")
    return game_seed(seed, game) * 1000 + count_option(seat, "seat")


@attrs.frozen(slots=True, kw_only=True)
class _Tally:
    """The statistics of some games, merged with :meth:`plus`."""

    games: int
    wins: int
    draws: int
    wins_by_seat: tuple[int, ...]
    fans: dict[str, int]
    """Fan id -> times counted, in the order first counted."""
    names: dict[str, tuple[str, str]]
    """Fan id -> (Chinese, English) name."""
    totals: dict[int, int]
    """Winning total -> wins with it."""
    self_draws_by_seat: tuple[int, ...]
    deal_ins_by_seat: tuple[int, ...]
    points_by_seat: tuple[int, ...]

    @classmethod
    def empty(cls, players: int) -> _Tally:
        zero = (0,) * players
        return cls(
            games=0,
            wins=0,
            draws=0,
            wins_by_seat=zero,
            fans={},
            names={},
            totals={},
            self_draws_by_seat=zero,
            deal_ins_by_seat=zero,
            points_by_seat=zero,
        )

    def plus(self, other: _Tally) -> _Tally:
        """These games and then ``other``'s (a new tally: this one is kept
        whole, so an interrupt never leaves half a game in it)."""
        fans = dict(self.fans)
        for k, n in other.fans.items():
            fans[k] = fans.get(k, 0) + n
        totals = dict(self.totals)
        for t, n in other.totals.items():
            totals[t] = totals.get(t, 0) + n
        return _Tally(
            games=self.games + other.games,
            wins=self.wins + other.wins,
            draws=self.draws + other.draws,
            wins_by_seat=tuple(
                a + b for a, b in zip(self.wins_by_seat, other.wins_by_seat, strict=True)
            ),
            fans=fans,
            names=self.names | other.names,
            totals=totals,
            self_draws_by_seat=_sum(self.self_draws_by_seat, other.self_draws_by_seat),
            deal_ins_by_seat=_sum(self.deal_ins_by_seat, other.deal_ins_by_seat),
            points_by_seat=_sum(self.points_by_seat, other.points_by_seat),
        )


def _sum(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _seating(players: int, game: int, duplicate: bool) -> tuple[int, tuple[int, ...]]:
    """Game ``game``'s wall number, and the bot (by its place in ``bots``)
    of each seat: every bot in its own seat, or in the duplicate format the
    seatings of each wall in turn (``players!`` games a wall)."""
    if not duplicate:
        return game, tuple(range(players))
    orders = _orders(players)
    wall, k = divmod(game, len(orders))
    return wall, orders[k]


def _orders(players: int) -> tuple[tuple[int, ...], ...]:
    """Every seating of ``players`` bots, in lexicographic order."""
    return tuple(itertools.permutations(range(players)))


def _play_game(
    rs: RuleSet, bots: tuple[str, ...], seed: int, game: int, duplicate: bool = False
) -> _Tally:
    players = len(bots)
    wall_no, order = _seating(players, game, duplicate)
    wall = game_seed(seed, wall_no)
    seated = [
        RandomBot(bot_seed(seed, game, order[i])) if bots[order[i]] == "random" else GreedyBot()
        for i in range(players)
    ]
    flow = rs.flow
    # The judge's game (seat walls) is always dealt by seat 0; otherwise the
    # deal passes every game (every wall, in the duplicate format).
    dealer = 0 if flow is not None and flow.seat_walls else wall_no % players
    result = play_hand(rs, seated, dealer=dealer, seed=wall).outcome()
    assert result is not None, "play_hand returns a finished board"
    by_seat = [0] * len(bots)
    self_drawn = [0] * len(bots)
    dealt_in = [0] * len(bots)
    fans: dict[str, int] = {}
    names: dict[str, tuple[str, str]] = {}
    totals: dict[int, int] = {}
    for w in result.wins:
        by_seat[w.seat] += 1
        if w.from_seat is None:
            self_drawn[w.seat] += 1
        totals[w.score.total] = totals.get(w.score.total, 0) + 1
        for f in w.score.fans:
            fans[f.id] = fans.get(f.id, 0) + f.count
            names[f.id] = (f.zh, f.en)
    for loser in {w.from_seat for w in result.wins if w.from_seat is not None}:
        dealt_in[loser] += 1  # once a game, whatever the number of winners on the tile

    def by_bot(per_seat: Sequence[int]) -> tuple[int, ...]:
        out = [0] * players
        for i, n in enumerate(per_seat):
            out[order[i]] += n
        return tuple(out)

    return _Tally(
        games=1,
        wins=0 if result.exhaustive else 1,
        draws=1 if result.exhaustive else 0,
        wins_by_seat=by_bot(by_seat),
        fans=fans,
        names=names,
        totals=totals,
        self_draws_by_seat=by_bot(self_drawn),
        deal_ins_by_seat=by_bot(dealt_in),
        points_by_seat=by_bot(result.payments),
    )


def _play_games(
    run: int,
    rules: _portable.PortableRules,
    bots: tuple[str, ...],
    seed: int,
    duplicate: bool,
    start: int,
    stop: int,
) -> _Tally:
    """Games ``start`` to ``stop - 1``: one chunk of run ``run``, run
    wherever the executor runs it; stopped, the games it finished."""
    rs = _portable.unpack_rules(rules)
    tally = _Tally.empty(len(bots))
    try:
        for g in _parallel.indices(run, start, stop):
            # one step: whole games only
            tally = tally.plus(_play_game(rs, bots, seed, g, duplicate))
    except KeyboardInterrupt:
        pass  # Ctrl-C in a worker of the caller's pool: the games finished
    return tally


@attrs.frozen(slots=True, kw_only=True, hash=False)
class SimulationReport:
    """The statistics of a :func:`simulate` run. Equal runs give equal
    reports: every field but :attr:`seconds` (wall-clock time, not compared)
    depends on the arguments alone, not on how the run was split."""

    rules: str
    """The rule set's name."""
    players: int
    bots: tuple[str, ...]
    """The bot of each seat, by name (:data:`BOT_NAMES`)."""
    seed: int
    games: int
    """Games played."""
    wins: int
    """Games with at least one winner."""
    draws: int
    """Exhaustive draws (荒牌)."""
    wins_by_seat: tuple[int, ...]
    """Wins of each seat; a game with two winners counts for both."""
    fan_frequency: Mapping[str, int]
    """Fan id -> times counted over all wins, most frequent first (ties by id)."""
    fan_names: Mapping[str, tuple[str, str]]
    """Fan id -> (Chinese name, English name), for each fan in :attr:`fan_frequency`."""
    totals: tuple[tuple[int, int], ...]
    """The winning totals as a histogram: ``(total, wins with that total)``
    pairs, by total ascending."""
    self_draws_by_seat: tuple[int, ...] = ()
    """Self-drawn wins of each seat (empty in a report built without them)."""
    deal_ins_by_seat: tuple[int, ...] = ()
    """Games in which each seat's tile was won on (once a game, whatever the
    number of winners on it)."""
    points_by_seat: tuple[int, ...] = ()
    """Each seat's net points over all games: the sum of its payments."""
    duplicate: bool = False
    """The duplicate format (複式): each wall played in every seating of the
    bots; every figure "by seat" is then by bot, in the order of
    :attr:`bots`."""
    seconds: float = attrs.field(default=0.0, eq=False)
    """Wall-clock time of the run (not compared: it varies between runs)."""

    @property
    def winners(self) -> int:
        """Winning seats over all games (a game with two winners counts two)."""
        return sum(self.wins_by_seat)

    @property
    def win_rate(self) -> float:
        """Share of the games that someone won."""
        return self.wins / self.games if self.games else 0.0

    @property
    def draw_rate(self) -> float:
        """Share of the games that ended in an exhaustive draw."""
        return self.draws / self.games if self.games else 0.0

    @property
    def win_rate_by_seat(self) -> tuple[float, ...]:
        """Each seat's wins per game played."""
        return tuple(n / self.games if self.games else 0.0 for n in self.wins_by_seat)

    @property
    def average_total(self) -> float:
        """Mean total of a win (0.0 without wins)."""
        n = self.winners
        return sum(t * k for t, k in self.totals) / n if n else 0.0

    @property
    def games_per_second(self) -> float:
        """Games per second of wall-clock time (0.0 if not timed)."""
        return self.games / self.seconds if self.seconds else 0.0

    def fan_name(self, fan_id: str) -> tuple[str, str]:
        """The (Chinese, English) name of a fan in :attr:`fan_frequency`."""
        try:
            return self.fan_names[fan_id]
        except (KeyError, TypeError):
            raise RulesError(
                "unknown-fan", f"no fan {quote(fan_id)} was counted in this simulation"
            ) from None

    def fan_frequency_zh(self) -> dict[str, int]:
        """Fan frequency keyed by Chinese name, most frequent first (ties by name)."""
        out: dict[str, int] = {}
        for fan_id, n in self.fan_frequency.items():
            zh = self.fan_names[fan_id][0]
            out[zh] = out.get(zh, 0) + n
        return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data: the fields of ``simulate --json``
        (games, wins, draws, win_rate, draw_rate, average_total,
        fan_frequency keyed by Chinese name, games_per_second), then rules,
        players, bots, seed, wins_by_seat, win_rate_by_seat, totals (as
        ``[total, wins]`` pairs) and fans (id, zh, en, count, most frequent
        first). Only games_per_second varies between equal runs."""
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "win_rate": self.win_rate,
            "draw_rate": self.draw_rate,
            "average_total": self.average_total,
            "fan_frequency": self.fan_frequency_zh(),
            "games_per_second": self.games_per_second,
            "rules": self.rules,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "duplicate": self.duplicate,
            "wins_by_seat": list(self.wins_by_seat),
            "win_rate_by_seat": list(self.win_rate_by_seat),
            "totals": [[t, n] for t, n in self.totals],
            "fans": [
                {"id": k, "zh": self.fan_names[k][0], "en": self.fan_names[k][1], "count": n}
                for k, n in self.fan_frequency.items()
            ],
        }


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`simulate`: a ``KeyboardInterrupt`` that carries
    the :class:`SimulationReport` of every game finished before it (the
    chunks still running stop after their current game and hand in what
    they finished)."""

    report: SimulationReport

    def __init__(self, report: SimulationReport, requested: int) -> None:
        super().__init__(f"interrupted after {report.games} of {requested} games")
        self.report = report


def _bot_names(bots: object, players: int) -> tuple[str, ...]:
    names: tuple[str, ...]
    if isinstance(bots, str):
        names = tuple(bots.split(",")) if "," in bots else (bots,) * players
    else:
        names = items(
            bots,
            str,
            RulesError,
            "bad-bots",
            "simulate",
            "bots",
            "a bot name or a sequence of bot names",
        )
    if len(names) != players:
        raise RulesError(
            "bad-bots",
            f"simulate() names {len(names)} bots for {players} players",
            argument="bots",
        )
    for name in names:
        if name not in BOT_NAMES:
            raise RulesError(
                "unknown-bot",
                f"unknown bot {quote(name)}",
                hint="one of " + ", ".join(BOT_NAMES),
                argument="bots",
            )
    return names


@keywords_checked
def simulate(
    rules: str | RuleSet = "uno",
    *,
    bots: str | Sequence[str] = "greedy",
    players: int = 4,
    games: int = 100,
    seed: int = 0,
    workers: int = 1,
    executor: cf.Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunks: int | None = None,
    duplicate: bool = False,
) -> SimulationReport:
    """Play ``games`` seeded hands with bots and return their statistics.

    With ``duplicate=True`` (the duplicate format, 複式) ``games`` counts
    walls, and each wall is played once in every seating of the bots
    (``players!`` hands: 24 for four), so that luck of the tiles evens out;
    the figures by seat are then by bot.

    ``bots`` is one name of :data:`BOT_NAMES` for every seat, or one per
    seat (a sequence, or text with commas: ``"random,greedy,greedy,greedy"``).
    Game ``g`` is seeded by ``seed`` and ``g`` alone (see the module's
    docstring), so the report is the same however the games are split:

    * ``workers=1`` and no ``executor``: here, one game after the other;
    * ``workers=N`` (``0``: every core) and no ``executor``: a process pool
      of N processes, given ``4 * N`` contiguous chunks of game numbers or
      more (of 2,000 games at most);
    * an ``executor`` (any :class:`concurrent.futures.Executor`: a thread or
      process pool, Dask's ``client.get_executor()``): ``workers`` chunks
      submitted to it (``0``: as many as this machine has cores).

    ``chunks`` sets the number of chunks in either case. ``progress(done,
    total)`` is called in this process after each game (here) or each
    finished chunk. On Ctrl-C this raises :class:`SimulationInterrupted`
    with the report of the games finished. Bad arguments raise
    :class:`~unomahjong.RulesError` (rules, bots, games, seed, workers,
    executor, progress, chunks) or
    :class:`~unomahjong.game.IllegalActionError` (players: 2 to 8).
    """
    rs = get_rules(rules)
    Board(rs, players=players, seed=0)  # refuses a rule set without play, or a bad player count
    n_players = int(players)
    names = _bot_names(bots, n_players)
    n_games = count_option(games, "games", minimum=1)
    if not isinstance(duplicate, bool):
        raise wrong_type(RulesError, "bad-option", "simulate", "duplicate", duplicate, "a bool")
    if duplicate:
        n_games *= len(_orders(n_players))
    seed = seed_option(seed, "simulate")
    the_plan = _parallel.plan(
        "simulate",
        n_games,
        workers=workers,
        executor=executor,
        chunks=chunks,
        progress=progress,
    )
    start = time.perf_counter()
    tally = _Tally.empty(n_players)
    results: dict[int, _Tally] = {}
    try:
        if the_plan.inline:
            for g in range(n_games):
                tally = tally.plus(_play_game(rs, names, seed, g, duplicate))
                if the_plan.progress is not None:
                    the_plan.progress(g + 1, n_games)
        else:
            portable = _portable.portable_rules(rs, the_plan, "simulate")
            jobs = ((portable, names, seed, duplicate, a, b) for a, b in the_plan.ranges)
            _parallel.run(the_plan, _parallel.new_run(), _play_games, jobs, results)
    except KeyboardInterrupt:
        report = _report(
            rs, names, seed, _merged(tally, results), time.perf_counter() - start, duplicate
        )
        raise SimulationInterrupted(report, n_games) from None
    return _report(rs, names, seed, _merged(tally, results), time.perf_counter() - start, duplicate)


def _merged(tally: _Tally, results: dict[int, _Tally]) -> _Tally:
    for i in sorted(results):
        tally = tally.plus(results[i])
    return tally


def _report(
    rs: RuleSet,
    bots: tuple[str, ...],
    seed: int,
    tally: _Tally,
    seconds: float,
    duplicate: bool = False,
) -> SimulationReport:
    fans = dict(sorted(tally.fans.items(), key=lambda kv: (-kv[1], kv[0])))
    return SimulationReport(
        rules=rs.name,
        players=len(bots),
        bots=bots,
        seed=seed,
        games=tally.games,
        wins=tally.wins,
        draws=tally.draws,
        wins_by_seat=tally.wins_by_seat,
        fan_frequency=fans,
        fan_names={k: tally.names[k] for k in fans},
        totals=tuple(sorted(tally.totals.items())),
        self_draws_by_seat=tally.self_draws_by_seat,
        deal_ins_by_seat=tally.deal_ins_by_seat,
        points_by_seat=tally.points_by_seat,
        duplicate=duplicate,
        seconds=seconds,
    )
