"""Properties of UNO scoring over generated winning hands (docs/rules.md)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from unomahjong import UNO_TILES, Hand, Tile, WinContext, get_rules, score, score_hand
from unomahjong.analysis.readings import decompose
from unomahjong.research.strategies import scored_hands
from unomahjong.rules.uno_fans import UNO_FANS
from unomahjong.scoring.counting import HandFacts, Reading, raw_patterns
from unomahjong.scoring.scorer import clear_caches

MIRROR = {
    "UPPER_TILES": "LOWER_TILES",
    "LOWER_TILES": "UPPER_TILES",
    "UPPER_FOUR": "LOWER_FOUR",
    "LOWER_FOUR": "UPPER_FOUR",
}
"""Fans that rank mirroring n -> 10-n swaps; every other fan maps to itself."""


def scored() -> st.SearchStrategy[tuple[Hand, WinContext]]:
    """A winning UNO hand with a consistent random win context."""
    return scored_hands("uno")


def fans(hand: Hand, ctx: WinContext) -> Counter[str]:
    return Counter({f.id: f.count for f in score(hand, ctx).fans})


@given(scored(), st.permutations(range(4)))
def test_colour_permutation_keeps_the_score(hc: tuple[Hand, WinContext], perm: list[int]) -> None:
    hand, ctx = hc

    def f(t: Tile) -> Tile:
        assert t.suit is not None
        return UNO_TILES.by_code(16 * perm[t.suit] + t.code % 16)

    a, b = score(hand, ctx), score(hand.map_tiles(f), ctx)
    assert b.total == a.total
    assert fans(hand, ctx) == fans(hand.map_tiles(f), ctx)


@given(scored())
def test_rank_mirror_keeps_the_total_and_maps_fans(hc: tuple[Hand, WinContext]) -> None:
    hand, ctx = hc

    def f(t: Tile) -> Tile:
        if t.rank is None or t.suit is None:
            return t
        return UNO_TILES.number(t.suit, 10 - t.rank)

    mirrored = hand.map_tiles(f)
    assert score(mirrored, ctx).total == score(hand, ctx).total
    expected = Counter({MIRROR.get(k, k): n for k, n in fans(hand, ctx).items()})
    assert fans(mirrored, ctx) == expected


@given(scored(), st.randoms(use_true_random=False))
def test_input_order_never_matters(hc: tuple[Hand, WinContext], rnd: object) -> None:
    import random

    assert isinstance(rnd, random.Random)
    hand, ctx = hc
    groups = str(hand).split(" ")
    win = [g for g in groups if g.startswith("+")]
    rest = [g for g in groups if not g.startswith("+")]
    rnd.shuffle(rest)
    shuffled = Hand.parse(" ".join([*rest, *win]))
    assert score(shuffled, ctx).total == score(hand, ctx).total
    assert fans(shuffled, ctx) == fans(hand, ctx)


@given(scored())
def test_table_consistency(hc: tuple[Hand, WinContext]) -> None:
    hand, ctx = hc
    s = score(hand, ctx)
    ids = {f.id for f in s.fans}
    # The total is the sum of points x counts.
    assert s.total == sum(f.points * f.count for f in s.fans) >= 1
    # Two fans that exclude each other never appear together.
    for f in s.fans:
        assert not ids & set(f.fan.excludes)
    # 无番和 iff no other fan: it stands alone, and then no pattern holds at all.
    if "CHICKEN_HAND" in ids:
        assert ids == {"CHICKEN_HAND"}
        facts = HandFacts(s.hand, ctx)
        assert raw_patterns(UNO_FANS, Reading(facts, s.decomposition, s.win_role)) == set()
    # The chosen reading is one of the hand's decompositions.
    assert s.decomposition in decompose(s.hand)


@given(scored())
def test_no_reading_beats_the_chosen_one(hc: tuple[Hand, WinContext]) -> None:
    """就高不就低: the reported total is the best over every decomposition and role."""
    from unomahjong.scoring.counting import best_count

    hand, ctx = hc
    assume(not ctx.heavenly_hand)
    s = score(hand, ctx)
    facts = HandFacts(hand, ctx)
    best = max(
        best_count(UNO_FANS, Reading(facts, d, role), {}).total
        for d in decompose(hand)
        for role in d.win_roles
    )
    assert s.total == best


@given(st.sampled_from(["uno", "mcr"]).flatmap(lambda rules: scored_hands(rules)))
def test_memo_tables_never_change_a_score(hc: tuple[Hand, WinContext]) -> None:
    # The memo tables hold whatever earlier examples left in them; scoring the
    # hand again from empty tables must give the same fans, melds and reading.
    hand, ctx = hc
    rules = "uno" if hand.tileset is UNO_TILES else "mcr"
    warm = score(hand, ctx, rules)
    clear_caches()
    cold = score(hand, ctx, rules)
    assert warm == cold
    assert [(f.id, f.count, f.melds) for f in warm.fans] == [
        (f.id, f.count, f.melds) for f in cold.fans
    ]


@pytest.mark.parametrize(
    ("text", "rules", "raw"),
    [
        (
            "[SSSg] 123r 456r 789r 5g +5g",
            "uno",
            {
                "PURE_STRAIGHT",
                "PUNG_OF_TERMINALS_OR_FUNCTIONS",
                "SINGLE_WAIT",
                # held, but excluded by the straight
                "SHORT_STRAIGHT",
                "TWO_TERMINAL_CHOWS",
            },
        ),
        (
            "[EEE] [SSSS] 55p WWWNN +N",
            "mcr",
            {
                "BIG_FOUR_WINDS",
                "HALF_FLUSH",
                "MELDED_KONG",
                # held, but excluded by the four winds
                "ALL_PUNGS",
                "BIG_THREE_WINDS",
                "PREVALENT_WIND",
                "SEAT_WIND",
                "PUNG_OF_TERMINALS_OR_HONORS",
            },
        ),
    ],
)
def test_raw_patterns_are_every_pattern_held_before_exclusions(
    text: str, rules: str, raw: set[str]
) -> None:
    s = score_hand(text, rules=rules)
    reading = Reading(HandFacts(s.hand, s.context), s.decomposition, s.win_role)
    assert raw_patterns(get_rules(rules).fans, reading) == raw
    assert {f.id for f in s.fans} < raw
