"""The UNO fan table against hand-worked examples (docs/rules.md).

The expected values live in ``uno_fan_examples.py`` and were derived by hand
from the rules as docs/rules.md states them, not from the engine. Where the
engine disagrees with those rules, the example keeps the documented value
and is marked as a strict xfail naming the engine bug.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest
from uno_fan_examples import CHICKEN, EXAMPLES, FanExample

from unomahjong.errors import ContextError
from unomahjong.model.context import FLAGS
from unomahjong.rules.uno_fans import UNO_FANS
from unomahjong.scoring.scorer import Score, score_hand

FLAG_NAMES = frozenset(FLAGS)

# ------------------------------------------------------------------ helpers


def run(hand: str, flags: Mapping[str, bool] | None = None) -> Score:
    """Score ``hand`` with the given win-context flags (absent = False)."""
    f = dict(flags or {})
    unknown = set(f) - FLAG_NAMES
    assert not unknown, f"unknown flags {unknown}"
    keywords: dict[str, Any] = f  # score_hand's keywords include every flag
    return score_hand(hand, **keywords)


def fans(s: Score) -> dict[str, int]:
    """The counted fans as {id: count}."""
    return {f.id: f.count for f in s.fans}


def flag_key(flags: Mapping[str, bool]) -> frozenset[str]:
    return frozenset(k for k, v in flags.items() if v)


def find(hand: str, flags: Mapping[str, bool] | None = None) -> FanExample:
    """The example with this hand and these flags (so tests can name examples)."""
    key = flag_key(flags or {})
    hits = [e for e in EXAMPLES if e.hand == hand and flag_key(e.flags) == key]
    assert len(hits) == 1, f"{len(hits)} examples for {hand} {sorted(key)}"
    return hits[0]


# Engine disagreements with docs/rules.md: (hand, flags) -> reason. The example
# keeps the documented value; the test is a strict xfail until the engine is fixed.
ENGINE_BUGS: dict[tuple[str, frozenset[str]], str] = {}


def is_bug(ex: FanExample) -> bool:
    return (ex.hand, flag_key(ex.flags)) in ENGINE_BUGS


def example_params(*, xfail_bugs: bool = True) -> list[object]:
    out: list[object] = []
    for i, ex in enumerate(EXAMPLES):
        flags = ",".join(sorted(flag_key(ex.flags)))
        ident = f"{i:03d}-{ex.fan_id}-{ex.hand}" + (f"-{flags}" if flags else "")
        reason = ENGINE_BUGS.get((ex.hand, flag_key(ex.flags)))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason and xfail_bugs else []
        out.append(pytest.param(ex, id=ident, marks=marks))
    return out


# ------------------------------------------------------------------ data sanity


def test_examples_are_well_formed() -> None:
    seen: set[tuple[str, frozenset[str]]] = set()
    for ex in EXAMPLES:
        assert ex.fan_id in UNO_FANS.by_id, ex
        assert ex.fan_id in ex.expected, ex
        assert set(ex.flags) <= FLAG_NAMES, ex
        assert all(n >= 1 for n in ex.expected.values()), ex
        assert set(ex.expected) <= set(UNO_FANS.by_id), ex
        assert ex.note, ex
        key = (ex.hand, flag_key(ex.flags))
        assert key not in seen, f"duplicate example {key}"
        seen.add(key)


def test_example_totals_are_sums_of_points() -> None:
    for ex in EXAMPLES:
        assert ex.total == sum(UNO_FANS[k].points * n for k, n in ex.expected.items()), ex


def test_examples_respect_declared_exclusions() -> None:
    # Not transitive: only fans that are themselves counted exclude others.
    for ex in EXAMPLES:
        for a in ex.expected:
            clash = set(UNO_FANS[a].excludes) & set(ex.expected)
            assert not clash, f"{ex.hand}: {a} excludes {clash}"


def test_every_fan_has_an_example() -> None:
    illustrated = {ex.fan_id for ex in EXAMPLES}
    missing = [r.id for r in UNO_FANS.rows if r.id not in illustrated]
    assert not missing
    assert len(UNO_FANS) == 77


def test_chicken_hand_only_alone_in_data() -> None:
    for ex in EXAMPLES:
        if "CHICKEN_HAND" in ex.expected:
            assert ex.expected == {"CHICKEN_HAND": 1}


# ------------------------------------------------------------------ the examples


@pytest.mark.parametrize("ex", example_params())
def test_example(ex: FanExample) -> None:
    s = run(ex.hand, ex.flags)
    assert fans(s) == ex.expected
    assert s.total == ex.total
    assert ex.fan_id in fans(s)


@pytest.mark.parametrize("ex", example_params(xfail_bugs=False))
def test_engine_total_is_sum_of_its_fans(ex: FanExample) -> None:
    s = run(ex.hand, ex.flags)
    assert s.total == sum(f.points * f.count for f in s.fans)
    assert all(f.points == UNO_FANS[f.id].points for f in s.fans)


# ------------------------------------------------------------------ exclusions

# The Excludes column of docs/rules.md#fan-catalogue, written out by hand: the
# page's catalogue is generated from the engine's table, so this independent
# copy is what pins that table. "幺九刻 (of those N)" and "幺九刻 (one)" are
# partial: only the fan's own pungs (the engine's ``absorbs``, "of its own
# melds" on the page); the rest are whole-fan exclusions.
EXCLUDES_AS_SPECIFIED: dict[str, str] = {
    "BIG_FOUR_SKIPS": "四色, 碰碰和, 三暂停, 幺九刻 (of those 4)",
    "BIG_FOUR_REVERSES": "四色, 碰碰和, 三反转, 幺九刻 (of those 4)",
    "FOUR_KONGS": "三杠, 双明杠, 双暗杠, 明杠, 暗杠, 碰碰和, 单钓将",
    "SEVEN_SHIFTED_PAIRS": "七对, 双龙抱, 清一色, 不求人, 门前清, 单钓将, 无功能",
    "QUADRUPLE_CHOW": "一色三同顺, 一色三节高, 一般高, 双龙抱, 四归一",
    "HEAVENLY_HAND": "不求人, 门前清, 自摸, 边张, 坎张, 单钓将",
    "LITTLE_FOUR_SKIPS": "四色, 三暂停, 幺九刻 (of those 3)",
    "LITTLE_FOUR_REVERSES": "四色, 三反转, 幺九刻 (of those 3)",
    "NINE_GATES": "清一色, 门前清, 不求人, 无功能, 幺九刻 (one)",
    "ALL_FUNCTIONS": "碰碰和, 幺九刻, 全带幺",
    "PURE_TERMINAL_CHOWS": "双龙抱, 平和, 七对, 清一色, 一般高, 老少副, 无功能",
    "THIRTEEN_ORPHANS": "四色, 不求人, 门前清, 单钓将",
    "ALL_TERMINALS": "碰碰和, 双同刻, 幺九刻, 全带幺, 无功能",
    "FOUR_CONCEALED_PUNGS": "门前清, 不求人, 碰碰和, 三暗刻, 双暗刻",
    "EARTHLY_HAND": "门前清, 不求人, 自摸",
    "FOUR_PURE_SHIFTED_PUNGS": "一色三节高, 一色三同顺, 碰碰和",
    "TWO_DOUBLE_CHOWS": "七对, 一般高",
    "FOUR_PURE_SHIFTED_CHOWS": "一色三步高, 连六, 老少副",
    "THREE_KONGS": "双明杠, 双暗杠, 明杠, 暗杠",
    "ALL_TERMINALS_AND_FUNCTIONS": "碰碰和, 幺九刻, 全带幺",
    "SEVEN_PAIRS": "不求人, 门前清, 单钓将",
    "ALL_EVEN_PUNGS": "碰碰和, 断幺, 无功能",
    "FULL_FLUSH": "无功能",
    "PURE_TRIPLE_CHOW": "一色三节高, 一般高",
    "PURE_SHIFTED_PUNGS": "一色三同顺",
    "QUADRUPLE_PUNG": "碰碰和, 双同刻, 四色",
    "UPPER_TILES": "大于五, 无功能",
    "MIDDLE_TILES": "断幺, 无功能",
    "LOWER_TILES": "小于五, 无功能",
    "PURE_STRAIGHT": "连六, 老少副",
    "THREE_COLOR_TERMINAL_CHOWS": "喜相逢, 老少副, 无功能, 平和",
    "MIXED_QUADRUPLE_CHOW": "喜相逢, 四色",
    "ALL_FIVES": "断幺, 无功能",
    "THREE_CONCEALED_PUNGS": "双暗刻",
    "KNITTED_AND_FUNCTIONS": "不求人, 门前清, 单钓将",
    "MIXED_SHIFTED_PUNGS": "碰碰和, 四色",
    "UPPER_FOUR": "无功能",
    "LOWER_FOUR": "无功能",
    "THREE_SKIP_PUNGS": "幺九刻 (of those 3)",
    "THREE_REVERSE_PUNGS": "幺九刻 (of those 3)",
    "MIXED_SHIFTED_CHOWS": "四色",
    "LAST_TILE_DRAW": "自摸",
    "OUT_WITH_REPLACEMENT_TILE": "自摸",
    "ROBBING_THE_KONG": "和绝张",
    "MELDED_HAND": "单钓将",
    "TWO_CONCEALED_KONGS": "暗杠, 双暗刻",
    "FULLY_CONCEALED_HAND": "自摸",
    "TWO_MELDED_KONGS": "明杠",
    "ALL_CHOWS": "无功能",
    "ALL_SIMPLES": "无功能",
}

ZH_TO_ID = {r.zh: r.id for r in UNO_FANS.rows}


def _parse_excludes(text: str) -> tuple[set[str], set[str]]:
    whole: set[str] = set()
    partial: set[str] = set()
    for item in filter(None, text.split(", ")):
        m = re.fullmatch(r"(\S+?)(?: \((?:of those \d|one)\))?", item)
        assert m, item
        (partial if "(" in item else whole).add(ZH_TO_ID[m.group(1)])
    return whole, partial


@pytest.mark.parametrize("fid", [r.id for r in UNO_FANS.rows])
def test_declared_exclusions_match_the_specification(fid: str) -> None:
    fan = UNO_FANS[fid]
    whole, partial = _parse_excludes(EXCLUDES_AS_SPECIFIED.get(fid, ""))
    assert set(fan.excludes) == whole
    assert set(fan.absorbs) == partial
    assert (fan.absorbs_limit == 1) == (fid == "NINE_GATES")


# For every declared exclusion (A excludes B): an example in which A is counted
# and B's own pattern holds in the hand (in the scored reading, in another
# reading of the same tiles, or for another choice of the 天和 winning tile), so
# that B is really suppressed by A. The test scores it and asserts A counted,
# B not.
SD_ = {"self_drawn": True}
WITNESS: dict[tuple[str, str], tuple[str, dict[str, bool]]] = {}


def _w(a: str, bs: str, hand: str, flags: dict[str, bool] | None = None) -> None:
    for b in bs.split():
        WITNESS[(a, b)] = (hand, flags or {})


_w("BIG_FOUR_SKIPS", "ALL_COLORS ALL_PUNGS THREE_SKIP_PUNGS", "[SSSr] [SSSy] [SSSg] SSSb 5r +5r")
_w(
    "BIG_FOUR_REVERSES",
    "ALL_COLORS ALL_PUNGS THREE_REVERSE_PUNGS",
    "[RRRr] [RRRy] RRRg RRRb 5r +5r",
)
_w(
    "FOUR_KONGS",
    "THREE_KONGS TWO_MELDED_KONGS TWO_CONCEALED_KONGS ALL_PUNGS SINGLE_WAIT",
    "[1111r] [5555y] (9999g) (SSSSb) 7r +7r",
)
_w("FOUR_KONGS", "MELDED_KONG", "[1111r] (5555y) (9999g) (SSSSb) 7r +7r")
_w("FOUR_KONGS", "CONCEALED_KONG", "[1111r] [5555y] [9999g] (SSSSb) 7r +7r")
# 1122344556677r + 3r: unique wait 3r; also 123 123 44 567 567 (双龙抱).
_w(
    "SEVEN_SHIFTED_PAIRS",
    "SEVEN_PAIRS TWO_DOUBLE_CHOWS FULL_FLUSH CONCEALED_HAND SINGLE_WAIT NO_FUNCTIONS",
    "1122344556677r +3r",
)
_w("SEVEN_SHIFTED_PAIRS", "FULLY_CONCEALED_HAND", "1122344556677r +3r", SD_)
# 222333444y also reads as three pungs (一色三节高); 2y 3y 4y four copies each.
_w(
    "QUADRUPLE_CHOW",
    "PURE_TRIPLE_CHOW PURE_SHIFTED_PUNGS PURE_DOUBLE_CHOW TILE_HOG",
    "[234y] 234234234y 5b +5b",
)
# 天和: with Rg, 3r or 8y as the winning tile the wait is unique (单钓将, 边张, 坎张).
_w(
    "HEAVENLY_HAND",
    "FULLY_CONCEALED_HAND SELF_DRAWN EDGE_WAIT CLOSED_WAIT SINGLE_WAIT",
    "123456r 789y 234b Rg +Rg",
    {"self_drawn": True, "heavenly_hand": True},
)
_w("LITTLE_FOUR_SKIPS", "ALL_COLORS THREE_SKIP_PUNGS", "[SSSr] [SSSy] SSSg 56b SSb +7b")
_w(
    "LITTLE_FOUR_REVERSES",
    "ALL_COLORS THREE_REVERSE_PUNGS",
    "[RRRr] RRRy RRRg 67b RRb +5b",
)
_w("NINE_GATES", "FULL_FLUSH CONCEALED_HAND NO_FUNCTIONS", "1112345678999r +5r")
_w("NINE_GATES", "FULLY_CONCEALED_HAND", "1112345678999r +5r", SD_)
_w(
    "ALL_FUNCTIONS",
    "ALL_PUNGS PUNG_OF_TERMINALS_OR_FUNCTIONS OUTSIDE_HAND",
    "[SSSr] [RRRy] SSSg RRRb Sb +Sb",
)
_w(
    "PURE_TERMINAL_CHOWS",
    "TWO_DOUBLE_CHOWS ALL_CHOWS SEVEN_PAIRS FULL_FLUSH PURE_DOUBLE_CHOW TWO_TERMINAL_CHOWS "
    "NO_FUNCTIONS",
    "123123789789g 5g +5g",
)
_w("THIRTEEN_ORPHANS", "ALL_COLORS CONCEALED_HAND", "19RSr 19RSy 19Rg 19b +Sg")
_w("THIRTEEN_ORPHANS", "FULLY_CONCEALED_HAND", "19RSr 19RSy 19Rg 19b +Sg", SD_)
_w(
    "ALL_TERMINALS",
    "ALL_PUNGS DOUBLE_PUNG PUNG_OF_TERMINALS_OR_FUNCTIONS OUTSIDE_HAND NO_FUNCTIONS",
    "[111r] [999y] 111g 999b 1b +1b",
)
_w(
    "FOUR_CONCEALED_PUNGS",
    "CONCEALED_HAND ALL_PUNGS THREE_CONCEALED_PUNGS TWO_CONCEALED_PUNGS",
    "222r 444y 666g 888b 5r +5r",
)
_w("FOUR_CONCEALED_PUNGS", "FULLY_CONCEALED_HAND", "222r 444y 666g 888b 5r +5r", SD_)
_w("EARTHLY_HAND", "CONCEALED_HAND", "234r 456y 678g 22b 34b +5b", {"earthly_hand": True})
_w(
    "EARTHLY_HAND",
    "FULLY_CONCEALED_HAND SELF_DRAWN",
    "234r 456y 678g 22b 34b +5b",
    {"earthly_hand": True, "self_drawn": True},
)
# 333444555666y also reads as 345 x3 + 666 (一色三同顺).
_w(
    "FOUR_PURE_SHIFTED_PUNGS",
    "PURE_SHIFTED_PUNGS PURE_TRIPLE_CHOW ALL_PUNGS",
    "333444555666y Sy +Sy",
)
_w("TWO_DOUBLE_CHOWS", "SEVEN_PAIRS PURE_DOUBLE_CHOW", "223344r 667788b 5y +5y")
_w("FOUR_PURE_SHIFTED_CHOWS", "PURE_SHIFTED_CHOWS SHORT_STRAIGHT", "[123b] 234345456b 9r +9r")
_w("FOUR_PURE_SHIFTED_CHOWS", "TWO_TERMINAL_CHOWS", "[123g] [345g] 567789g 5r +5r")
_w("THREE_KONGS", "TWO_MELDED_KONGS CONCEALED_KONG", "[2222r] [7777y] (SSSSg) 345b 6b +6b")
_w("THREE_KONGS", "TWO_CONCEALED_KONGS MELDED_KONG", "[2222r] (7777y) (SSSSg) 345b 6b +6b")
_w(
    "ALL_TERMINALS_AND_FUNCTIONS",
    "ALL_PUNGS PUNG_OF_TERMINALS_OR_FUNCTIONS OUTSIDE_HAND",
    "[111r] [999r] RRRy 99g SSb +Sb",
)
_w("SEVEN_PAIRS", "CONCEALED_HAND SINGLE_WAIT", "1155r 33Ry 77g 2299b +Ry")
_w("SEVEN_PAIRS", "FULLY_CONCEALED_HAND", "1155r 33Ry 77g 2299b +Ry", SD_)
_w("ALL_EVEN_PUNGS", "ALL_PUNGS ALL_SIMPLES NO_FUNCTIONS", "[222r] [444y] 666g 88b 88g +8b")
_w("FULL_FLUSH", "NO_FUNCTIONS", "[234y] [678y] 111y 55y 99y +5y")
# Tie of 27: the pung reading 555 666 777r (一色三节高) loses on table order.
_w("PURE_TRIPLE_CHOW", "PURE_SHIFTED_PUNGS", "[567b] 55666777r 99y +5r")
_w("PURE_TRIPLE_CHOW", "PURE_DOUBLE_CHOW", "[567r] 567567r 234g 8r +8r")
# 111222333y also reads as 123 x3 (一色三同顺), which scores less.
_w("PURE_SHIFTED_PUNGS", "PURE_TRIPLE_CHOW", "[789g] 111222333y 9b +9b")
_w("QUADRUPLE_PUNG", "ALL_PUNGS DOUBLE_PUNG ALL_COLORS", "[333r] [333y] [333g] 333b Sr +Sr")
_w("UPPER_TILES", "UPPER_FOUR NO_FUNCTIONS", "[789r] [789y] 789g 88b 99b +9b")
_w("MIDDLE_TILES", "ALL_SIMPLES NO_FUNCTIONS", "[456r] [456b] 444y 55g 66g +5g")
_w("LOWER_TILES", "LOWER_FOUR NO_FUNCTIONS", "[123r] [123g] 222y 33b 11b +1b")
_w("PURE_STRAIGHT", "SHORT_STRAIGHT TWO_TERMINAL_CHOWS", "[SSSg] 123r 456r 789r 5g +5g")
_w(
    "THREE_COLOR_TERMINAL_CHOWS",
    "MIXED_DOUBLE_CHOW TWO_TERMINAL_CHOWS NO_FUNCTIONS ALL_CHOWS",
    "[123r] [789r] 123789b 5g +5g",
)
_w("MIXED_QUADRUPLE_CHOW", "MIXED_DOUBLE_CHOW ALL_COLORS", "[345r] [345y] [345g] 345b 6r +6r")
_w("ALL_FIVES", "ALL_SIMPLES NO_FUNCTIONS", "[345r] [555y] 456g 567b 5r +5r")
_w("THREE_CONCEALED_PUNGS", "TWO_CONCEALED_PUNGS", "[678r] 222y 444g 777b 9r +9r")
_w("KNITTED_AND_FUNCTIONS", "CONCEALED_HAND", "147RSr 25RSy 36RSg +Rb")
_w("KNITTED_AND_FUNCTIONS", "FULLY_CONCEALED_HAND", "147RSr 25RSy 36RSg +Rb", SD_)
_w("MIXED_SHIFTED_PUNGS", "ALL_PUNGS ALL_COLORS", "[333r] [444y] 555g 666b 7r +7r")
_w("UPPER_FOUR", "NO_FUNCTIONS", "[678r] [789y] 666g 99b 88b +8b")
_w("LOWER_FOUR", "NO_FUNCTIONS", "[234r] [123y] 444g 11b 22b +2b")
_w("MIXED_SHIFTED_CHOWS", "ALL_COLORS", "[123r] [234y] [345g] 456b 8r +8r")
_w("LAST_TILE_DRAW", "SELF_DRAWN", CHICKEN, {"self_drawn": True, "last_tile": True})
_w(
    "OUT_WITH_REPLACEMENT_TILE",
    "SELF_DRAWN",
    "[5555r] [456y] [678g] 34r RRr +2r",
    {"self_drawn": True, "kong_replacement": True},
)
_w("ROBBING_THE_KONG", "LAST_TILE", CHICKEN, {"robbing_kong": True, "last_copy": True})
_w("MELDED_HAND", "SINGLE_WAIT", "[123r] [456y] [678g] [SSSb] 5r +5r")
_w(
    "TWO_CONCEALED_KONGS",
    "CONCEALED_KONG TWO_CONCEALED_PUNGS",
    "(2222r) (6666y) [345g] 78b 99b +6b",
)
_w("FULLY_CONCEALED_HAND", "SELF_DRAWN", "234r 567y 789g 33b 45b +6b", SD_)
_w("TWO_MELDED_KONGS", "MELDED_KONG", "[3333r] [7777y] [456g] 45b 88b +6b")
_w("ALL_CHOWS", "NO_FUNCTIONS", "[123r] [456y] [678g] 34r 99r +5r")
_w("ALL_SIMPLES", "NO_FUNCTIONS", "[234r] [456y] [888g] 34r 22r +5r")

# Exclusions whose excluded fan cannot hold whenever the excluding fan does:
# they are checked at the data level only (declared in the table).
IMPOSSIBLE: dict[tuple[str, str], str] = {
    ("QUADRUPLE_CHOW", "TWO_DOUBLE_CHOWS"): (
        "双龙抱 needs two pairs of *different* chows; four identical chows are not that"
    ),
    ("HEAVENLY_HAND", "CONCEALED_HAND"): (
        "天和 is self-drawn (a discard win with it is a ContextError); 门前清 needs a discard"
    ),
    ("THIRTEEN_ORPHANS", "SINGLE_WAIT"): (
        "wait fans never apply to shape 3, and 13 different 幺九牌 always wait on 3 kinds"
    ),
    ("KNITTED_AND_FUNCTIONS", "SINGLE_WAIT"): (
        "wait fans never apply to shape 4 (and shape 4 has no pair)"
    ),
}


def exclusion_pairs() -> list[tuple[str, str]]:
    return [(r.id, b) for r in UNO_FANS.rows for b in r.excludes]


def test_every_exclusion_is_witnessed_or_impossible() -> None:
    pairs = set(exclusion_pairs())
    assert set(WITNESS) <= pairs, set(WITNESS) - pairs
    assert set(IMPOSSIBLE) <= pairs
    assert not set(WITNESS) & set(IMPOSSIBLE)
    assert pairs == set(WITNESS) | set(IMPOSSIBLE), pairs - set(WITNESS) - set(IMPOSSIBLE)


@pytest.mark.parametrize(("a", "b"), sorted(WITNESS), ids=lambda x: str(x))
def test_exclusion_witnessed(a: str, b: str) -> None:
    hand, flags = WITNESS[(a, b)]
    ex = find(hand, flags)
    assert a in ex.expected and b not in ex.expected
    got = fans(run(hand, flags))
    assert a in got
    assert b not in got


@pytest.mark.parametrize(("a", "b"), sorted(IMPOSSIBLE), ids=lambda x: str(x))
def test_exclusion_declared_where_it_cannot_be_observed(a: str, b: str) -> None:
    assert b in UNO_FANS[a].excludes
    for ex in EXAMPLES:
        if a in ex.expected and not is_bug(ex):
            assert b not in fans(run(ex.hand, ex.flags))


@pytest.mark.parametrize(("a", "b"), exclusion_pairs(), ids=lambda x: str(x))
def test_exclusion_holds_in_every_example(a: str, b: str) -> None:
    for ex in EXAMPLES:
        if a in ex.expected and not is_bug(ex):
            got = fans(run(ex.hand, ex.flags))
            assert a in got and b not in got, ex.hand


def test_partial_exclusions_of_pungs_of_terminals() -> None:
    # "幺九刻 (of those N)": only the fan's own pungs; "(one)" for 九莲宝灯.
    y = "PUNG_OF_TERMINALS_OR_FUNCTIONS"
    assert y not in fans(run("[SSSr] [SSSy] [SSSg] SSSb 5r +5r"))
    assert y not in fans(run("[SSSr] [SSSy] SSSg 56b SSb +7b"))
    assert y not in fans(run("[SSSr] [SSSy] SSSg 345b 6b +6b"))
    assert fans(run("[SSSr] [SSSy] SSSg RRRb 5r +5r"))[y] == 1  # RRRb is not one of them
    assert fans(run("1112345678999r +5r"))[y] == 1  # 111 and 999: one absorbed
    assert y not in fans(run("1112345678999r +9r"))  # 999 only: absorbed


# ------------------------------------------------------------------ principles


def test_three_same_number_pungs_score_double_pung_twice() -> None:
    got = fans(run("[555r] [555y] 555g 234b 8r +8r"))
    assert got["DOUBLE_PUNG"] == 2
    assert not any("TRIPLE" in k and "PUNG" in k for k in UNO_FANS.by_id)  # no 三同刻


def test_same_chow_in_three_colours_scores_mixed_double_chow_twice() -> None:
    assert fans(run("[345r] [345y] [345g] 67b 99b +8b"))["MIXED_DOUBLE_CHOW"] == 2
    assert fans(run("[789r] [789y] 789g 88b 99b +9b"))["MIXED_DOUBLE_CHOW"] == 2


def test_higher_scoring_decomposition_wins() -> None:
    # 111222333y: pungs (一色三节高 + 三暗刻 ... = 43) or chows (一色三同顺 + 平和 ... = 27).
    s = run("[789g] 111222333y 9b +9b")
    assert s.total == 43
    assert "PURE_SHIFTED_PUNGS" in fans(s) and "PURE_TRIPLE_CHOW" not in fans(s)
    assert sum(1 for m in s.decomposition.melds if m.is_chow) == 1  # only [789g]


def test_winning_tile_role_that_scores_higher() -> None:
    # The discarded 1r completes 111r (exposed) or 123r (111r stays concealed).
    got = fans(run("[567y] SSSg 11123r 55g +1r"))
    assert got["TWO_CONCEALED_PUNGS"] == 1


def test_discard_completed_pung_is_not_concealed() -> None:
    hand = "[678r] 222y 444g 77b 99r +7b"
    discard = fans(run(hand))
    drawn = fans(run(hand, SD_))
    assert "TWO_CONCEALED_PUNGS" in discard and "THREE_CONCEALED_PUNGS" not in discard
    assert "THREE_CONCEALED_PUNGS" in drawn
    assert "FOUR_CONCEALED_PUNGS" in fans(run("222r 444y 666g 88b 55r +8b", SD_))
    assert "THREE_CONCEALED_PUNGS" in fans(run("222r 444y 666g 88b 55r +8b"))


WAIT_FANS = frozenset({"EDGE_WAIT", "CLOSED_WAIT", "SINGLE_WAIT"})


def test_wait_fans_only_for_a_unique_wait() -> None:
    assert fans(run("[567r] [234y] [678g] 12r RRr +3r")) == {"EDGE_WAIT": 1}
    assert fans(run("[567r] [234y] [678g] 89r RRr +7r")) == {"EDGE_WAIT": 1}
    assert fans(run("[567r] [234y] [678g] 13r RRr +2r")) == {"CLOSED_WAIT": 1}
    assert fans(run("[567r] [234y] [678g] 345r Rr +Rr")) == {"SINGLE_WAIT": 1}
    # 3r completes 12r, but 6r also wins (123 456 66): no 边张.
    assert not WAIT_FANS & set(fans(run("[234y] [678g] 12345r 66r +3r")))
    # The second wait 2r is dead (all four in the hand) but counts by shape.
    assert not WAIT_FANS & set(fans(run("[567r] [234y] 1112222r +3r")))
    # Unique wait with two roles: only one wait fan.
    assert len(WAIT_FANS & set(fans(run("[567r] [234y] [678g] 1233r +3r")))) == 1


def test_knitted_straight_counts_its_meld_and_wait_fans() -> None:
    """Decision 4: the knitted straight's one meld scores 幺九刻 and the kong
    fans, and a unique wait on that meld or the pair scores its wait fan."""
    assert fans(run("147r258y369g RRRb 5b +5b")) == {
        "KNITTED_STRAIGHT": 1,
        "ALL_COLORS": 1,
        "CONCEALED_HAND": 1,
        "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1,
        "SINGLE_WAIT": 1,
    }
    assert {"MELDED_KONG", "PUNG_OF_TERMINALS_OR_FUNCTIONS"} <= set(
        fans(run("147r258y369g [1111b] 5b +5b"))
    )
    assert {"ALL_CHOWS", "EDGE_WAIT"} <= set(fans(run("147r258y369g 12b 55g +3b")))
    assert {"ALL_CHOWS", "CLOSED_WAIT"} <= set(fans(run("147r258y369g 13b 55g +2b")))


def test_chicken_hand_only_when_nothing_else() -> None:
    assert fans(run(CHICKEN)) == {"CHICKEN_HAND": 1}
    assert run(CHICKEN).total == 8
    assert fans(run(CHICKEN, SD_)) == {"SELF_DRAWN": 1}
    assert fans(run(CHICKEN, {"last_copy": True})) == {"LAST_TILE": 1}
    assert fans(run("[567r] [234y] [678g] 12r RRr +3r")) == {"EDGE_WAIT": 1}
    assert fans(run("[123r] [456y] [678g] 34b RRr +5b")) == {"ALL_COLORS": 1}


def test_chicken_hand_not_scored_when_mixed_straight_holds() -> None:
    assert fans(run("[123r] [456y] [789g] 34r RRr +5r")) == {"MIXED_STRAIGHT": 1}


def test_exclusion_is_not_transitive() -> None:
    # 七对 excludes 不求人, which would exclude 自摸; 不求人 is not counted, so 自摸 is.
    got = fans(run("1155r 33Ry 77g 2299b +Ry", SD_))
    assert got == {"SEVEN_PAIRS": 1, "ALL_COLORS": 1, "SELF_DRAWN": 1}
    for hand in ("19RSr 19RSy 19Rg 19b +Sg", "147RSr 25RSy 36RSg +Rb", "1112345678999r +5r"):
        got = fans(run(hand, SD_))
        assert "SELF_DRAWN" in got and "FULLY_CONCEALED_HAND" not in got
    # Three kongs exclude 双暗杠, which would exclude 双暗刻: 双暗刻 still counts.
    assert "TWO_CONCEALED_PUNGS" in fans(run("[2222r] (7777y) (SSSSg) 345b 6b +6b"))


def test_documented_tie_break_example() -> None:
    # 234g twice, 234r once, 567g: 一般高 + 喜相逢 + 连六, not 喜相逢 x2 + 连六.
    got = fans(run("[234r] [567g] 234234g 8y +8y"))
    assert got["PURE_DOUBLE_CHOW"] == 1
    assert got["MIXED_DOUBLE_CHOW"] == 1
    assert got["SHORT_STRAIGHT"] == 1


def test_last_tile_without_flag_when_own_exposed_melds_hold_the_others() -> None:
    assert "LAST_TILE" in fans(run("[555r] [456y] [678g] 34r RRr +5r"))
    assert "LAST_TILE" in fans(run("[345r] [456r] [567r] 46r RRg +5r"))
    # Two in exposed chows, one concealed: not visible, so no 和绝张.
    assert "LAST_TILE" not in fans(run("[345r] [567r] [234y] 5r RRRg +5r"))


def test_heavenly_hand_takes_any_tile_as_the_winning_tile() -> None:
    hand = "1112345567899r +9r"  # as written, the concealed 13 are not 1112345678999
    assert "NINE_GATES" not in fans(run(hand, SD_))
    s = run(hand, {"self_drawn": True, "heavenly_hand": True})
    assert fans(s) == {
        "HEAVENLY_HAND": 1,
        "NINE_GATES": 1,
        "TWO_CONCEALED_PUNGS": 1,
        "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1,
    }
    assert s.total == 199


# docs/rules.md#win-context: every listed inconsistent combination is rejected.
KONG_HAND = "[5555r] [456y] [678g] 34r RRr +2r"
CONCEALED = "123r 456y 678g 34r RRr +5r"
WITH_MELD = "[123r] 456y 678g 34r RRr +5r"
WITH_CONCEALED_KONG = "(5555g) 123r 456y 34r RRr +2r"
HOLDS_COPY = "[123r] [456y] [678g] 345r 5r +5r"
HH = {"heavenly_hand": True, "self_drawn": True}

INCONSISTENT: list[tuple[str, str, dict[str, bool]]] = [
    ("robbing a kong when self-drawn", CHICKEN, {"robbing_kong": True, "self_drawn": True}),
    ("replacement tile not self-drawn", KONG_HAND, {"kong_replacement": True}),
    (
        "replacement tile without a kong",
        CHICKEN,
        {"kong_replacement": True, "self_drawn": True},
    ),
    ("抢杠和 holding a concealed copy", HOLDS_COPY, {"robbing_kong": True}),
    (
        "抢杠和 holding an exposed copy",
        "[555r] [456y] [678g] 34r RRr +5r",
        {"robbing_kong": True},
    ),
    ("和绝张 holding another copy", HOLDS_COPY, {"last_copy": True}),
    ("天和 not self-drawn", CONCEALED, {"heavenly_hand": True}),
    ("天和 with 地和", CONCEALED, {**HH, "earthly_hand": True}),
    ("天和 with a meld", WITH_MELD, HH),
    ("天和 with a concealed kong", WITH_CONCEALED_KONG, HH),
    ("地和 with a meld", WITH_MELD, {"earthly_hand": True}),
    ("地和 with a concealed kong", WITH_CONCEALED_KONG, {"earthly_hand": True}),
    ("天之UNO with a meld", WITH_MELD, {"heavenly_uno": True}),
    ("天之UNO with a concealed kong", WITH_CONCEALED_KONG, {"heavenly_uno": True}),
    ("天之UNO with 天和", CONCEALED, {**HH, "heavenly_uno": True}),
    ("天之UNO with 地和", CONCEALED, {"earthly_hand": True, "heavenly_uno": True}),
    ("last tile with 天和", CONCEALED, {**HH, "last_tile": True}),
    ("last tile with 地和", CONCEALED, {"earthly_hand": True, "last_tile": True}),
    ("和绝张 with 天和", CONCEALED, {**HH, "last_copy": True}),
    ("和绝张 with 地和 on a discard", CONCEALED, {"earthly_hand": True, "last_copy": True}),
    ("抢杠和 with 地和", CONCEALED, {"earthly_hand": True, "robbing_kong": True}),
]


@pytest.mark.parametrize(
    ("hand", "flags"), [(h, f) for _, h, f in INCONSISTENT], ids=[n for n, _, _ in INCONSISTENT]
)
def test_inconsistent_context_raises(hand: str, flags: dict[str, bool]) -> None:
    with pytest.raises(ContextError):
        run(hand, flags)


@pytest.mark.parametrize(
    ("hand", "flags", "expected"),
    [
        # 和绝张 with a self-drawn 地和 is not in the list: consistent.
        (
            CONCEALED,
            {"earthly_hand": True, "self_drawn": True, "last_copy": True},
            {"EARTHLY_HAND": 1, "LAST_TILE": 1},
        ),
        # 抢杠和 on the last copy: consistent, 和绝张 excluded.
        (CHICKEN, {"robbing_kong": True, "last_copy": True}, {"ROBBING_THE_KONG": 1}),
        # The flag agrees with the exposed copies: consistent.
        ("[555r] [456y] [678g] 34r RRr +5r", {"last_copy": True}, {"LAST_TILE": 1, "TILE_HOG": 1}),
    ],
)
def test_consistent_contexts_are_accepted(
    hand: str, flags: dict[str, bool], expected: dict[str, int]
) -> None:
    assert fans(run(hand, flags)) == expected
