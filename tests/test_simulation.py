"""simulate() and audit() on one core or many: the
same report whatever the split (here, a process pool, a thread pool, a Dask
cluster), the seeding of each game, progress, interrupts and bad arguments."""

from __future__ import annotations

import concurrent.futures as cf
import json
import random
import threading
import time
from collections import Counter
from typing import Any

import attrs
import pytest
from dask_cluster import local_client

import unomahjong.research.audit as audit_module
from unomahjong import UNO, MahjongError, RulesError, decompose
from unomahjong.game import Bot, GreedyBot, IllegalActionError, RandomBot, play_hand
from unomahjong.research.audit import AuditInterrupted, AuditReport, audit
from unomahjong.research.generate import random_winning_hand
from unomahjong.research.simulation import (
    SimulationInterrupted,
    SimulationReport,
    bot_seed,
    game_seed,
    simulate,
)
from unomahjong.rules.fans import Detector, DetectorKind
from unomahjong.rules.rule_sets import get_rules
from unomahjong.scoring.counting import HandCache, HandFacts, Reading, best_count, raw_patterns

MIXED = ("random", "greedy", "random", "greedy")
GAMES = 12


@pytest.fixture(scope="module")
def alone() -> SimulationReport:
    """The reference: mixed bots, played here one game after the other."""
    return simulate(bots=MIXED, games=GAMES, seed=7)


def test_greedy_numbers_are_those_of_the_simulate_command_before() -> None:
    """Greedy bots keep no state, so the per-game seeding changes nothing
    for them: the statistics are those of the loop ``simulate`` ran before
    (one set of bots for every game), restated here."""
    seed, games = 3, 8
    bots = [GreedyBot() for _ in range(4)]
    wins = draws = total = winners = 0
    fans: Counter[str] = Counter()
    for g in range(games):
        result = play_hand("uno", bots, dealer=g % 4, seed=seed * 1_000_003 + g).outcome()
        assert result is not None
        draws += result.exhaustive
        wins += not result.exhaustive
        for w in result.wins:
            total += w.score.total
            winners += 1
            for f in w.score.fans:
                fans[f.zh] += f.count
    data = simulate(games=games, seed=seed).to_json()
    assert (data["games"], data["wins"], data["draws"]) == (games, wins, draws)
    assert data["average_total"] == total / winners
    assert data["fan_frequency"] == dict(sorted(fans.items(), key=lambda kv: (-kv[1], kv[0])))
    assert list(data["fan_frequency"]) == sorted(fans, key=lambda k: (-fans[k], k))


def test_each_game_is_seeded_by_its_number_alone() -> None:
    """Game g of a run is the hand dealt from game_seed(seed, g), with fresh
    RandomBots seeded bot_seed(seed, g, seat): the last game of a run is
    the same hand played on its own."""
    seed, g = 5, 6
    report = simulate(bots="random,greedy,random", players=3, games=g + 1, seed=seed)
    last = simulate(bots="random,greedy,random", players=3, games=g, seed=seed)
    bots: list[Bot] = [
        RandomBot(bot_seed(seed, g, 0)),
        GreedyBot(),
        RandomBot(bot_seed(seed, g, 2)),
    ]
    result = play_hand("uno", bots, dealer=g % 3, seed=game_seed(seed, g)).outcome()
    assert result is not None
    assert report.games - last.games == 1
    assert report.draws - last.draws == int(result.exhaustive)
    by_seat = [a - b for a, b in zip(report.wins_by_seat, last.wins_by_seat, strict=True)]
    assert by_seat == [sum(w.seat == i for w in result.wins) for i in range(3)]
    assert game_seed(seed, g) == seed * 1_000_003 + g
    assert bot_seed(seed, g, 2) == game_seed(seed, g) * 1000 + 2


@pytest.mark.parametrize("workers", [2, 3])
def test_a_process_pool_gives_the_same_report(alone: SimulationReport, workers: int) -> None:
    assert simulate(bots=MIXED, games=GAMES, seed=7, workers=workers) == alone


@pytest.mark.parametrize(("workers", "chunks"), [(1, None), (2, None), (4, 5), (3, GAMES)])
def test_any_executor_and_any_cut_give_the_same_report(
    alone: SimulationReport, workers: int, chunks: int | None
) -> None:
    with cf.ThreadPoolExecutor(2) as pool:
        split = simulate(
            bots=MIXED, games=GAMES, seed=7, workers=workers, executor=pool, chunks=chunks
        )
    assert split == alone
    assert split.fan_frequency == alone.fan_frequency
    assert list(split.fan_frequency) == list(alone.fan_frequency)


def test_the_report(alone: SimulationReport) -> None:
    r = alone
    assert r.games == r.wins + r.draws == GAMES
    assert (r.rules, r.players, r.bots, r.seed) == ("uno", 4, MIXED, 7)
    assert r.win_rate == r.wins / GAMES and r.draw_rate == r.draws / GAMES
    assert r.winners == sum(r.wins_by_seat) == sum(n for _, n in r.totals) >= r.wins
    assert r.win_rate_by_seat == tuple(n / GAMES for n in r.wins_by_seat)
    assert sum(r.points_by_seat) == 0  # what one seat wins, the others pay
    assert all(0 <= d <= w for d, w in zip(r.self_draws_by_seat, r.wins_by_seat, strict=True))
    assert sum(r.deal_ins_by_seat) <= r.winners - sum(r.self_draws_by_seat)
    assert [t for t, _ in r.totals] == sorted({t for t, _ in r.totals})
    assert r.average_total == sum(t * n for t, n in r.totals) / r.winners
    counts = list(r.fan_frequency.values())
    assert counts == sorted(counts, reverse=True) and set(r.fan_names) == set(r.fan_frequency)
    for fan_id in r.fan_frequency:
        zh, en = r.fan_name(fan_id)
        assert (UNO.table[fan_id].zh, UNO.table[fan_id].en) == (zh, en)
    with pytest.raises(RulesError, match="unknown-fan"):
        r.fan_name("NO_SUCH_FAN")
    assert r.seconds > 0 and r.games_per_second == GAMES / r.seconds
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        r.games = 0  # type: ignore[misc]


def test_to_json_keeps_the_fields_of_simulate_json(alone: SimulationReport) -> None:
    data = alone.to_json()
    assert list(data)[:8] == [
        "games",
        "wins",
        "draws",
        "win_rate",
        "draw_rate",
        "average_total",
        "fan_frequency",
        "games_per_second",
    ]
    zh = Counter[str]()
    for fan_id, n in alone.fan_frequency.items():
        zh[alone.fan_names[fan_id][0]] += n
    assert data["fan_frequency"] == dict(zh)
    assert data["totals"] == [list(p) for p in alone.totals]
    assert [f["id"] for f in data["fans"]] == list(alone.fan_frequency)
    assert json.loads(json.dumps(data)) == data
    again = simulate(bots=MIXED, games=GAMES, seed=7, workers=2).to_json()
    assert {k for k in data if data[k] != again[k]} <= {"games_per_second"}


def test_progress_is_told_in_this_thread_as_work_finishes() -> None:
    calls: list[tuple[int, int, int]] = []

    def progress(done: int, total: int) -> None:
        calls.append((done, total, threading.get_ident()))

    simulate(games=3, progress=progress)
    assert [c[:2] for c in calls] == [(1, 3), (2, 3), (3, 3)]
    calls.clear()
    with cf.ThreadPoolExecutor(2) as pool:
        simulate(games=5, workers=3, executor=pool, progress=progress)
    done = [c[0] for c in calls]
    assert done == sorted(done) and done[-1] == 5 and len(done) == 3
    assert {c[1] for c in calls} == {5} and {c[2] for c in calls} == {threading.get_ident()}
    calls.clear()
    audit(hands=40, workers=2, chunks=4, progress=progress)
    assert [c[:2] for c in calls] == [(10, 40), (20, 40), (30, 40), (40, 40)]


def test_ctrl_c_leaves_the_report_of_the_games_finished() -> None:
    def interrupt_after_three(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as caught:
        simulate(bots="random", games=10, seed=1, progress=interrupt_after_three)
    assert isinstance(caught.value, KeyboardInterrupt)
    assert caught.value.report == simulate(bots="random", games=3, seed=1)
    assert str(caught.value) == "interrupted after 3 of 10 games"


def test_a_rule_set_with_options_travels_to_other_processes() -> None:
    rules = UNO.with_options(disabled_fans=frozenset({"MIXED_DOUBLE_CHOW"}))
    here = simulate(rules, games=6, seed=2)
    assert "MIXED_DOUBLE_CHOW" not in here.fan_frequency
    assert simulate(rules, games=6, seed=2, workers=2) == here
    assert audit(rules, hands=30, workers=2) == audit(rules, hands=30)


def test_a_rule_set_that_does_not_pickle_is_refused_before_any_work() -> None:
    # A detector around a lambda: the rule set cannot travel to a process.
    never = Detector(DetectorKind.SIMPLE, lambda r: 0)
    rules = UNO.with_fans((UNO.table["ALL_PUNGS"], never), name="house")
    with pytest.raises(RulesError, match="rules-not-portable") as caught:
        simulate(rules, games=2, workers=2)
    assert caught.value.argument == "rules"
    with cf.ThreadPoolExecutor(2) as pool:  # threads share it as it is
        assert simulate(rules, games=2, workers=2, executor=pool).games == 2


def _raises(error: type[MahjongError], code: str, **kwargs: Any) -> None:
    with pytest.raises(error, match=code):
        simulate(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "error", "code"),
    [
        ({"rules": "chess"}, RulesError, "unknown-rules"),
        (
            {"rules": attrs.evolve(get_rules("mcr"), name="scored only", flow=None)},
            RulesError,
            "no-game-flow",
        ),
        ({"rules": "mcr", "players": 3}, IllegalActionError, "players"),
        ({"duplicate": 1}, RulesError, "bad-option"),
        ({"players": 9}, IllegalActionError, "players"),
        ({"players": "4"}, IllegalActionError, "players"),
        ({"bots": "smart"}, RulesError, "unknown-bot"),
        ({"bots": ["greedy"] * 3}, RulesError, "bad-bots"),
        ({"bots": "random,greedy"}, RulesError, "bad-bots"),
        ({"bots": 3}, RulesError, "bad-bots"),
        ({"bots": [1, 2, 3, 4]}, RulesError, "bad-bots"),
        ({"games": 0}, RulesError, "bad-option"),
        ({"games": 2.0}, RulesError, "bad-option"),
        ({"seed": "1"}, RulesError, "bad-seed"),
        ({"workers": -1}, RulesError, "bad-option"),
        ({"workers": True}, RulesError, "bad-option"),
        ({"executor": "pool"}, RulesError, "bad-executor"),
        ({"progress": 1}, RulesError, "bad-progress"),
        ({"chunks": 0}, RulesError, "bad-option"),
    ],
)
def test_bad_arguments_raise_typed_errors(
    kwargs: dict[str, Any], error: type[MahjongError], code: str
) -> None:
    _raises(error, code, **kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [{"workers": -1}, {"executor": object()}, {"progress": "bar"}, {"chunks": "2"}],
)
def test_bad_audit_arguments_raise_typed_errors(kwargs: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        audit(hands=5, **kwargs)


def _sequential_audit(rules: str, hands: int, seed: int) -> tuple[object, ...]:
    """The audit's counting as it was before chunks, restated: one stream,
    each hand scored as it is drawn."""
    rs = get_rules(rules)
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    together: Counter[tuple[str, str]] = Counter()
    for _ in range(hands):
        hand, ctx = random_winning_hand(rng, rs)
        facts = HandFacts(hand, ctx)
        cache: HandCache = {}
        best = None
        for d in decompose(hand):
            for role in d.win_roles:
                r = Reading(facts, d, role)
                ev = best_count(rs.fans, r, cache)
                if best is None or ev.key > best[0].key:
                    best = (ev, r)
        assert best is not None
        raw = raw_patterns(rs.fans, best[1])
        seen.update(raw)
        together.update((a, b) for a in raw for b in raw if a != b)
    return dict(seen), dict(together)


@pytest.mark.parametrize(("rules", "hands", "seed"), [("uno", 120, 5), ("mcr", 80, 2)])
def test_audit_counts_as_before_however_split(rules: str, hands: int, seed: int) -> None:
    alone = audit(rules, hands=hands, seed=seed)
    seen, together = _sequential_audit(rules, hands, seed)
    assert alone.seen == seen
    assert list(alone.seen) == [r.id for r in get_rules(rules).fans.rows if r.id in seen]
    assert alone.together == together
    with cf.ThreadPoolExecutor(2) as pool:
        threads = audit(rules, hands=hands, seed=seed, workers=3, executor=pool)
    for split in (audit(rules, hands=hands, seed=seed, workers=2), threads):
        assert split == alone and str(split) == str(alone)
        assert list(split.seen) == list(alone.seen)


def test_co_occurrence_is_symmetric_and_bounded() -> None:
    r = audit(hands=150, seed=4)
    assert r.together
    for (a, b), n in r.together.items():
        assert a != b and r.together[(b, a)] == n
        assert 0 < n <= min(r.seen[a], r.seen[b])
    for a, b, n in r.implied:
        assert r.together[(a, b)] == n == r.seen[a]
    # Reports written before co-occurrence counts still build.
    assert AuditReport("uno", 1, {}, (), (), ()).together == {}


def test_a_dask_cluster_of_worker_processes_gives_the_same_reports(
    alone: SimulationReport,
) -> None:
    with local_client(2) as client:
        executor = client.get_executor()
        assert simulate(bots=MIXED, games=GAMES, seed=7, workers=2, executor=executor) == alone
        assert audit(hands=60, seed=3, workers=2, executor=executor) == audit(hands=60, seed=3)


def _interrupt_after_first_chunk(done: int, total: int) -> None:
    """A progress callback that meets Ctrl-C once the first chunk is in: a
    KeyboardInterrupt in the calling thread, as a terminal's would be
    (a real SIGINT may be swallowed by a garbage-collector callback)."""
    raise KeyboardInterrupt


def test_ctrl_c_stops_the_chunks_on_a_callers_thread_pool() -> None:
    with cf.ThreadPoolExecutor(2) as pool:
        with pytest.raises(SimulationInterrupted) as caught:
            simulate(
                games=20_000,
                workers=2,
                executor=pool,
                chunks=40,
                progress=_interrupt_after_first_chunk,
            )
        stopped = time.monotonic()
    # The pool's threads stopped after their current game: leaving the
    # pool's block did not wait for the rest of their chunks.
    assert time.monotonic() - stopped < 1
    assert 0 < caught.value.report.games < 20_000
    with cf.ThreadPoolExecutor(2) as pool, pytest.raises(AuditInterrupted) as audited:
        audit(
            hands=100_000,
            workers=2,
            executor=pool,
            chunks=200,
            progress=_interrupt_after_first_chunk,
        )
    assert 0 < audited.value.report.hands < 100_000


def test_an_interrupted_audit_counts_whole_hands_only() -> None:
    # Scored one by one here, a hand interrupted half-way adds nothing: the
    # counts are those of an audit of the hands finished.
    calls = [0]
    real = audit_module._keys

    def keys(*args: Any) -> Any:
        calls[0] += 1
        if calls[0] > 40:
            raise KeyboardInterrupt
        return real(*args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(audit_module, "_keys", keys)
        with pytest.raises(AuditInterrupted) as caught:
            audit(hands=100, seed=6)
    assert caught.value.report == audit(hands=40, seed=6)


def test_the_duplicate_format_plays_every_seating_of_each_wall() -> None:
    report = simulate("botzone", bots="greedy", games=2, duplicate=True)
    assert report.games == 48 and report.duplicate
    # Identical deterministic bots play the same hand in every seating of a
    # wall, so each bot sits each seat of it equally often: every bot nets 0.
    assert report.points_by_seat == (0, 0, 0, 0)
    assert report.to_json()["duplicate"] is True


def test_the_duplicate_format_reports_by_bot_however_it_is_split() -> None:
    here = simulate("uno", bots="greedy,random,random", players=3, games=2, duplicate=True)
    assert here.games == 12 and sum(here.points_by_seat) == 0
    assert here == simulate(
        "uno", bots="greedy,random,random", players=3, games=2, duplicate=True, workers=2
    )
    assert here.points_by_seat[0] > max(here.points_by_seat[1:])  # the greedy bot wins most


def test_botzone_games_are_the_judges_deal() -> None:
    # Seat walls: seat 0 deals every game, as the judge's does, from the
    # game's seed as the judge's srand.
    from unomahjong.game import GreedyBot, play_hand
    from unomahjong.research.simulation import game_seed

    for g in range(3):
        board = play_hand("botzone", [GreedyBot()] * 4, seed=game_seed(7, g))
        outcome = board.outcome()
        assert outcome is not None
        alone = simulate("botzone", games=g + 1, seed=7)
        before = simulate("botzone", games=g, seed=7).points_by_seat if g else (0, 0, 0, 0)
        got = tuple(a - b for a, b in zip(alone.points_by_seat, before, strict=True))
        assert got == outcome.payments
