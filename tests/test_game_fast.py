"""The game engine's pre-filters and memos (game/_fast.py) change nothing:
seeded hands played with them and without them (the judge then asks only
the public API: score, is_winning, waits) give byte-identical logs and
outcomes.

By default 84 hands (each player count with each bot mix three times);
with ``UNOMAHJONG_GAME_CORPUS=full`` 2,100 hands (300 of each player count).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from game_corpus import hand_record

from unomahjong.game import GreedyBot, _fast, play_hand

FULL = os.environ.get("UNOMAHJONG_GAME_CORPUS") == "full"
HANDS = 2100 if FULL else 84


@pytest.fixture
def slow() -> Iterator[None]:
    """The engine without its pre-filters and memos, for one test."""
    before = _fast.set_fast(False)
    try:
        yield
    finally:
        _fast.set_fast(before)


def test_the_switch_turns_the_pre_filters_off_and_on(slow: None) -> None:
    assert not _fast.ENABLED
    assert _fast.set_fast(True) is False
    assert _fast.ENABLED
    assert _fast.set_fast(False) is True


def test_hands_play_byte_for_byte_alike_without_the_pre_filters() -> None:
    fast = [hand_record(i) for i in range(HANDS)]
    before = _fast.set_fast(False)
    try:
        for i in range(HANDS):
            assert hand_record(i) == fast[i], f"hand {i} differs without the pre-filters"
    finally:
        _fast.set_fast(before)


def _memo_after_a_hand() -> tuple[int, int]:
    board = play_hand("uno", [GreedyBot() for _ in range(4)], seed=5)
    memo = board.state._memo
    return len(memo.shanten), len(memo.complete)


def test_without_the_switch_the_round_remembers_nothing(slow: None) -> None:
    assert _memo_after_a_hand() == (0, 0)
    _fast.set_fast(True)
    shanten, complete = _memo_after_a_hand()
    assert shanten > 0 and complete > 0


def test_a_rounds_memo_is_bounded_by_the_memo_limit() -> None:
    # A search bot plays many branches of one round, all sharing its memo:
    # each table starts afresh at the library's memo limit.
    from unomahjong.game import RandomBot, play_hand
    from unomahjong.scoring import set_memo_limit

    before = set_memo_limit(8)
    try:
        sizes = []
        for seed in range(6):
            board = play_hand("uno", [RandomBot(seed * 4 + i) for i in range(4)], seed=seed)
            memo = board.state._memo
            sizes += [len(memo.shanten), len(memo.complete)]
        assert max(sizes) <= 8 and max(sizes) > 0
    finally:
        set_memo_limit(before)
