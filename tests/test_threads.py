"""Thread safety (docs/threads.md).

Eight threads score, compute shanten and waits and play seeded hands on a
fixed sample while a ninth empties the memo tables (``clear_caches``) and
changes their limit (``set_memo_limit``) in a loop. Every answer is compared
with the single-threaded answer computed first: no difference and no
exception may come out. The thread switch interval is made tiny so that
threads interleave inside the memo code. Runs in each engine: the compiled
core when it is built, and the Python engine (``python_engine()``).

``UNOMAHJONG_THREAD_SECONDS`` sets the time of each run (default 2 seconds).
"""

from __future__ import annotations

import collections
import copy
import os
import pickle
import random
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import unomahjong
from unomahjong import (
    _engine,
    _memo,
    is_winning,
    parse_hand,
    score,
    shanten,
    shanten_by_shape,
    waits,
)
from unomahjong.analysis import _distance
from unomahjong.game import GreedyBot, RandomBot, play_hand
from unomahjong.research.generate import winning_hands
from unomahjong.scoring.scorer import clear_caches, memo_limit, memo_tables, set_memo_limit

SECONDS = float(os.environ.get("UNOMAHJONG_THREAD_SECONDS", "2"))
"""How long each stress run lasts."""
WORKERS = 8
HANDS = 120
"""Seeded winning hands per rule set in the sample."""
SEED = 20_261_201

Case = tuple[str, Callable[..., Any], tuple[Any, ...]]
"""(operation, function, arguments): one call whose answer is compared."""


def _game(rules: str, seed: int, greedy: bool) -> list[str]:
    bots = [GreedyBot() if greedy else RandomBot(seed + i) for i in range(4)]
    return play_hand(rules, bots, seed=seed).log_lines()


def _cases() -> list[Case]:
    cases: list[Case] = []
    rng = random.Random(SEED)
    for rules in ("uno", "mcr"):
        for hand, ctx in winning_hands(SEED, HANDS, rules):
            h13 = hand.without_win()
            # A 13-tile hand further from winning: the 14 less another tile.
            other = hand.discard(rng.choice(hand.concealed))
            cases += [
                ("score", score, (hand, ctx, rules)),
                ("shanten", shanten, (hand,)),
                ("shanten", shanten, (h13,)),
                ("shanten", shanten, (other,)),
                ("shanten_by_shape", shanten_by_shape, (other,)),
                ("is_winning", is_winning, (hand,)),
                ("waits", waits, (h13,)),
                ("waits", waits, (other,)),
            ]
    # Rounds (UNO: the game flow's rules), random and greedy bots.
    cases += [("game", _game, ("uno", seed, seed % 2 == 1)) for seed in range(6)]
    # The example: shanten 1 came back instead of -1.
    mcr = parse_hand("55m 444s 45556666p +5m", "mcr")
    cases += [("shanten", shanten, (mcr,)), ("score", score, (mcr, None, "mcr"))]
    return cases


class Report:
    """What one stress run saw."""

    def __init__(self) -> None:
        self.operations: collections.Counter[str] = collections.Counter()
        self.differences: list[str] = []
        self.exceptions: list[str] = []
        self.clears = 0

    def __str__(self) -> str:
        ops = ", ".join(f"{k} {v:,}" for k, v in sorted(self.operations.items()))
        return (
            f"{WORKERS} threads, {sum(self.operations.values()):,} operations ({ops}),"
            f" {self.clears:,} clears; {len(self.differences)} differences,"
            f" {len(self.exceptions)} exceptions"
        )


def stress(seconds: float) -> Report:
    """Run the workers and the clearer for ``seconds``; compare every answer."""
    cases = _cases()
    clear_caches()
    expected = [fn(*args) for _, fn, args in cases]
    report = Report()
    stop = threading.Event()
    lock = threading.Lock()

    def work(k: int) -> None:
        order = list(range(len(cases)))
        random.Random(k).shuffle(order)
        done: collections.Counter[str] = collections.Counter()
        differences: list[str] = []
        exceptions: list[str] = []
        while not stop.is_set():
            for i in order:
                if stop.is_set():
                    break
                name, fn, args = cases[i]
                try:
                    got = fn(*args)
                except Exception as e:  # every exception is a failure here
                    exceptions.append(f"{name}{args!r:.120}: {type(e).__name__}: {e}")
                    continue
                done[name] += 1
                if got != expected[i]:
                    differences.append(f"{name}{args!r:.120}: {got!r:.200} != {expected[i]!r:.200}")
        with lock:
            report.operations.update(done)
            report.differences += differences
            report.exceptions += exceptions

    def clear() -> None:
        limits = (0, 1, 16, 256, _memo.DEFAULT_LIMIT)
        n = 0
        while not stop.is_set():
            try:
                clear_caches()
                n += 1
                if n % 5 == 0:
                    set_memo_limit(limits[n // 5 % len(limits)])
            except Exception as e:
                with lock:
                    report.exceptions.append(f"clear_caches: {type(e).__name__}: {e}")
        report.clears = n

    threads = [threading.Thread(target=work, args=(k,)) for k in range(WORKERS)]
    threads.append(threading.Thread(target=clear))
    before = sys.getswitchinterval()
    limit = memo_limit()
    sys.setswitchinterval(1e-6)
    try:
        for t in threads:
            t.start()
        time.sleep(seconds)
        stop.set()
        for t in threads:
            t.join(timeout=120)
            assert not t.is_alive(), "a thread did not stop"
    finally:
        stop.set()
        sys.setswitchinterval(before)
        set_memo_limit(limit)
    return report


@pytest.fixture()
def memo_restored() -> Iterator[None]:
    yield
    clear_caches()


def _check(report: Report) -> None:
    print(report)
    assert not report.exceptions, report.exceptions[:5]
    assert not report.differences, report.differences[:5]
    assert report.clears > 0
    for name in ("score", "shanten", "waits", "game"):
        assert report.operations[name] > 0, name
    # The interned overlap vectors are never emptied; they stay few.
    assert len(_distance._vectors) <= 200


@pytest.mark.skipif(not unomahjong.COMPILED, reason="the compiled core is not built")
def test_threads_compiled_core(memo_restored: None) -> None:
    _check(stress(SECONDS))


def test_threads_python_engine(memo_restored: None) -> None:
    with _engine.python_engine():
        _check(stress(SECONDS))


def test_clearing_keeps_no_half_built_state() -> None:
    """The regression of the issue, single-threaded: a cleared table is a
    new, empty one (no sentinel entry to lose), and interned ids survive."""
    with _engine.python_engine():
        hand = parse_hand("55m 444s 45556666p +5m", "mcr")
        assert shanten(hand) == -1
        vectors = len(_distance._vectors)
        clear_caches()
        assert len(_distance._vectors) == vectors
        assert len(_distance._suit_memo) == 0
        assert shanten(hand) == -1


def test_memo_limit_bounds_every_table(memo_restored: None) -> None:
    limit = set_memo_limit(8)
    try:
        with _engine.python_engine():
            clear_caches()
            for hand, ctx in winning_hands(SEED, 60, "uno"):
                score(hand, ctx)
                waits(hand.without_win())
                shanten(hand.without_win())
            for table in memo_tables():
                assert len(table) <= 8
    finally:
        set_memo_limit(limit)


def test_memo_limit_zero_keeps_nothing(memo_restored: None) -> None:
    hands = list(winning_hands(SEED, 20, "mcr"))
    with _engine.python_engine():
        clear_caches()
        expected = [(score(h, c, "mcr"), shanten(h.without_win())) for h, c in hands]
        limit = set_memo_limit(0)
        try:
            clear_caches()
            got = [(score(h, c, "mcr"), shanten(h.without_win())) for h, c in hands]
            assert all(not table for table in memo_tables())
        finally:
            set_memo_limit(limit)
    assert got == expected


def test_set_memo_limit_refuses_non_numbers() -> None:
    for bad in (None, -1, 1.5, "10", True):
        with pytest.raises(unomahjong.RulesError) as info:
            set_memo_limit(bad)  # type: ignore[arg-type]
        assert info.value.code == "bad-option"
        assert info.value.argument == "entries"


def test_entries_in_use_survive_a_new_generation(memo_restored: None) -> None:
    """A full table becomes the previous generation; an entry found there is
    stored again in the new one, so what is in use ages out last."""
    kind = _distance.block_kind(9, True, ())
    keys = [(n, 0, 0, 0, 0, 0, 0, 0, 3) for n in range(5)]
    limit = set_memo_limit(4)
    try:
        clear_caches()
        answers = [kind.status(k) for k in keys]  # the fifth starts a new generation
        assert list(kind.status_memo.new) == [keys[4]]
        assert list(kind.status_memo.old) == keys[:4]
        assert kind.status(keys[0]) == answers[0]
        assert list(kind.status_memo.new) == [keys[4], keys[0]]
    finally:
        set_memo_limit(limit)


def test_a_memo_is_a_cache_not_a_value(memo_restored: None) -> None:
    """A memo pickles and copies as an empty one (a process pool gets a
    table without its cache), and ``get_or_compute`` stores what it
    computes once."""
    memo: _memo.Memo[int, int] = _memo.Memo()
    calls: list[int] = []

    def square(n: int) -> int:
        calls.append(n)
        return n * n

    assert memo.get_or_compute(3, square, 3) == 9
    assert memo.get_or_compute(3, square, 3) == 9
    assert calls == [3] and len(memo) == 1 and memo.get(3) == 9 and memo.get(4) is None
    for other in (pickle.loads(pickle.dumps(memo)), copy.copy(memo), copy.deepcopy(memo)):
        assert isinstance(other, _memo.Memo) and len(other) == 0
    memo.clear()
    assert len(memo) == 0 and memo.get(3) is None
