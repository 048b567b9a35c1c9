"""The Guobiao (MCR) fan table: the 81 fans of the 2006 Chinese Official rules
as the common calculators implement them, plus the optional 明暗杠 convention.

Rows are ``(number, 中文名, ID, English name, points, definition, excludes,
absorbs)`` like the UNO table; detectors are shared with UNO wherever the
counting principle is the same (``fans/common.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..shapes import Shape
from ..tiles import MCR_TILES, HonourSpec, Tile
from .common import (
    S,
    all_chows,
    all_even_pungs,
    all_fives,
    all_honours,
    all_pungs,
    all_simples,
    all_terminals,
    all_terminals_and_honours,
    at_least,
    closed_wait,
    concealed_hand,
    concealed_kongs,
    concealed_pungs,
    counted,
    distinct_suits,
    double_pung,
    edge_wait,
    exposed_kongs,
    flag,
    four_pure_shifted_chows,
    four_pure_shifted_pungs,
    full_flush,
    fully_concealed,
    half_flush,
    hand_level,
    honour_pungs,
    honour_pungs_fan,
    knitted_straight,
    kongs,
    last_copy,
    last_tile_claim,
    last_tile_draw,
    little_honours_fan,
    melded_hand,
    mixed_double_chow,
    mixed_straight,
    nine_gates,
    nine_gates_evidence,
    no_honours,
    outside_hand,
    pure_double_chow,
    pure_shifted_chows,
    pure_shifted_pungs,
    pure_straight,
    pure_terminal_chows,
    pure_triple_chow,
    quadruple_chow,
    rank_steps,
    ranks_within,
    same_rank,
    sets_of,
    seven_shifted_pairs,
    shape,
    short_straight,
    single_wait,
    terminal_or_honour_pungs,
    three_colour_terminal_chows,
    tile_hog,
    two_terminal_chows,
)
from .engine import Reading
from .model import Detector, DetectorKind, FanTable, MeldKey, Row

YJK = "幺九刻"

# fmt: off
ROWS: tuple[Row, ...] = (
    (1, "大四喜", "BIG_FOUR_WINDS", "Big Four Winds", 88, "pungs/kongs of all four winds",
     ("圈风刻", "门风刻", "三风刻", "碰碰和", YJK), ()),
    (2, "大三元", "BIG_THREE_DRAGONS", "Big Three Dragons", 88, "pungs/kongs of all three dragons",
     ("箭刻", "双箭刻"), (YJK,)),
    (3, "绿一色", "ALL_GREEN", "All Green", 88, "only 23468 of bamboo and the green dragon",
     ("混一色",), ()),
    (4, "九莲宝灯", "NINE_GATES", "Nine Gates", 88,
     "concealed 1112345678999 of one suit before the win, won on any tile of that suit",
     ("清一色", "不求人", "门前清", "无字"), (YJK,)),
    (5, "四杠", "FOUR_KONGS", "Four Kongs", 88, "4 kongs",
     ("三杠", "双明杠", "明杠", "双暗杠", "暗杠", "明暗杠", "单钓将", "碰碰和"), ()),
    (6, "连七对", "SEVEN_SHIFTED_PAIRS", "Seven Shifted Pairs", 88,
     "seven pairs: one suit, 7 consecutive ranks",
     ("清一色", "不求人", "单钓将", "门前清", "七对", "无字"), ()),
    (7, "十三幺", "THIRTEEN_ORPHANS", "Thirteen Orphans", 88,
     "the 13 terminals and honours and a pair of one of them",
     ("五门齐", "不求人", "单钓将", "门前清", "混幺九"), ()),
    (8, "清幺九", "ALL_TERMINALS", "All Terminals", 64, "pungs/kongs and pair of 1s and 9s only",
     ("混幺九", "碰碰和", "双同刻", YJK, "无字", "全带幺"), ()),
    (9, "小四喜", "LITTLE_FOUR_WINDS", "Little Four Winds", 64,
     "pungs/kongs of three winds and a pair of the fourth", ("三风刻",), (YJK,)),
    (10, "小三元", "LITTLE_THREE_DRAGONS", "Little Three Dragons", 64,
     "pungs/kongs of two dragons and a pair of the third", ("箭刻", "双箭刻"), (YJK,)),
    (11, "字一色", "ALL_HONORS", "All Honors", 64, "honours only",
     ("碰碰和", YJK, "全带幺", "混幺九"), ()),
    (12, "四暗刻", "FOUR_CONCEALED_PUNGS", "Four Concealed Pungs", 64, "4 concealed pungs/kongs",
     ("门前清", "碰碰和", "三暗刻", "双暗刻", "不求人"), ()),
    (13, "一色双龙会", "PURE_TERMINAL_CHOWS", "Pure Terminal Chows", 64,
     "one suit: 123, 123, 789, 789 and a pair of 5s",
     ("七对", "清一色", "平和", "一般高", "老少副", "无字"), ()),
    (14, "一色四同顺", "QUADRUPLE_CHOW", "Quadruple Chow", 48, "4 identical chows",
     ("一色三同顺", "一色三节高", "一般高", "四归一"), ()),
    (15, "一色四节高", "FOUR_PURE_SHIFTED_PUNGS", "Four Pure Shifted Pungs", 48,
     "one suit: 4 pungs/kongs rising by 1", ("一色三同顺", "一色三节高", "碰碰和"), ()),
    (16, "一色四步高", "FOUR_PURE_SHIFTED_CHOWS", "Four Pure Shifted Chows", 32,
     "one suit: 4 chows rising by 1 each, or by 2 each", ("一色三步高", "连六", "老少副"), ()),
    (17, "三杠", "THREE_KONGS", "Three Kongs", 32, "3 kongs",
     ("双明杠", "明杠", "双暗杠", "暗杠", "明暗杠"), ()),
    (18, "混幺九", "ALL_TERMINALS_AND_HONORS", "All Terminals and Honors", 32,
     "pungs/kongs and pair of 1s, 9s and honours, with both", ("碰碰和", YJK, "全带幺"), ()),
    (19, "七对", "SEVEN_PAIRS", "Seven Pairs", 24, "seven pairs",
     ("不求人", "门前清", "单钓将"), ()),
    (20, "七星不靠", "GREATER_HONORS_AND_KNITTED_TILES", "Greater Honors and Knitted Tiles", 24,
     "全不靠 with all seven honours", ("五门齐", "不求人", "单钓将", "门前清", "全不靠"), ()),
    (21, "全双刻", "ALL_EVEN_PUNGS", "All Even Pungs", 24, "pungs/kongs and pair of 2, 4, 6, 8",
     ("碰碰和", "断幺", "无字"), ()),
    (22, "清一色", "FULL_FLUSH", "Full Flush", 24, "one suit only", ("无字",), ()),
    (23, "一色三同顺", "PURE_TRIPLE_CHOW", "Pure Triple Chow", 24, "3 identical chows",
     ("一色三节高", "一般高"), ()),
    (24, "一色三节高", "PURE_SHIFTED_PUNGS", "Pure Shifted Pungs", 24,
     "one suit: 3 pungs/kongs rising by 1", ("一色三同顺",), ()),
    (25, "全大", "UPPER_TILES", "Upper Tiles", 24, "7, 8 and 9 only", ("大于五", "无字"), ()),
    (26, "全中", "MIDDLE_TILES", "Middle Tiles", 24, "4, 5 and 6 only", ("断幺", "无字"), ()),
    (27, "全小", "LOWER_TILES", "Lower Tiles", 24, "1, 2 and 3 only", ("小于五", "无字"), ()),
    (28, "清龙", "PURE_STRAIGHT", "Pure Straight", 16, "one suit: 123, 456, 789",
     ("连六", "老少副"), ()),
    (29, "三色双龙会", "THREE_SUITED_TERMINAL_CHOWS", "Three-Suited Terminal Chows", 16,
     "two suits each 123+789, a pair of 5s in the third", ("喜相逢", "老少副", "无字", "平和"), ()),
    (30, "一色三步高", "PURE_SHIFTED_CHOWS", "Pure Shifted Chows", 16,
     "one suit: 3 chows rising by 1 each, or by 2 each", (), ()),
    (31, "全带五", "ALL_FIVES", "All Fives", 16, "every meld and the pair contain a 5",
     ("断幺", "无字"), ()),
    (32, "三同刻", "TRIPLE_PUNG", "Triple Pung", 16, "3 pungs/kongs of the same rank",
     ("双同刻",), ()),
    (33, "三暗刻", "THREE_CONCEALED_PUNGS", "Three Concealed Pungs", 16, "3 concealed pungs/kongs",
     ("双暗刻",), ()),
    (34, "全不靠", "LESSER_HONORS_AND_KNITTED_TILES", "Lesser Honors and Knitted Tiles", 12,
     "14 different tiles of a knitted set and honours", ("五门齐", "不求人", "单钓将", "门前清"), ()),
    (35, "组合龙", "KNITTED_STRAIGHT", "Knitted Straight", 12,
     "147, 258, 369 in three different suits", (), ()),
    (36, "大于五", "UPPER_FOUR", "Upper Four", 12, "6 to 9 only", ("无字",), ()),
    (37, "小于五", "LOWER_FOUR", "Lower Four", 12, "1 to 4 only", ("无字",), ()),
    (38, "三风刻", "BIG_THREE_WINDS", "Big Three Winds", 12, "pungs/kongs of three winds",
     (), (YJK,)),
    (39, "花龙", "MIXED_STRAIGHT", "Mixed Straight", 8, "123, 456, 789 in three suits", (), ()),
    (40, "推不倒", "REVERSIBLE_TILES", "Reversible Tiles", 8,
     "only 1234589 of dots, 245689 of bamboo and the white dragon", ("缺一门",), ()),
    (41, "三色三同顺", "MIXED_TRIPLE_CHOW", "Mixed Triple Chow", 8,
     "the same chow in three suits", ("喜相逢",), ()),
    (42, "三色三节高", "MIXED_SHIFTED_PUNGS", "Mixed Shifted Pungs", 8,
     "pungs/kongs in three suits rising by 1", (), ()),
    (43, "无番和", "CHICKEN_HAND", "Chicken Hand", 8, "no other fan (flowers aside)", (), ()),
    (44, "妙手回春", "LAST_TILE_DRAW", "Last Tile Draw", 8, "self-drawn on the wall's last tile",
     ("自摸",), ()),
    (45, "海底捞月", "LAST_TILE_CLAIM", "Last Tile Claim", 8, "won on the last discard", (), ()),
    (46, "杠上开花", "OUT_WITH_REPLACEMENT_TILE", "Out with Replacement Tile", 8,
     "won on a kong's replacement tile", ("自摸",), ()),
    (47, "抢杠和", "ROBBING_THE_KONG", "Robbing the Kong", 8,
     "won on a tile added to an exposed pung", ("和绝张",), ()),
    (48, "碰碰和", "ALL_PUNGS", "All Pungs", 6, "4 pungs/kongs and a pair", (), ()),
    (49, "混一色", "HALF_FLUSH", "Half Flush", 6, "one suit and honours", (), ()),
    (50, "三色三步高", "MIXED_SHIFTED_CHOWS", "Mixed Shifted Chows", 6,
     "3 chows in three suits rising by 1", (), ()),
    (51, "五门齐", "ALL_TYPES", "All Types", 6, "all three suits, winds and dragons", (), ()),
    (52, "全求人", "MELDED_HAND", "Melded Hand", 6,
     "4 exposed melds, won on a discard", ("单钓将",), ()),
    (53, "双暗杠", "TWO_CONCEALED_KONGS", "Two Concealed Kongs", 6, "2 concealed kongs",
     ("双暗刻", "暗杠"), ()),
    (54, "双箭刻", "TWO_DRAGON_PUNGS", "Two Dragon Pungs", 6, "pungs/kongs of two dragons",
     ("箭刻",), (YJK,)),
    # Not one of the 81: the calculators' 5-point convention, placed by its points.
    (82, "明暗杠", "CONCEALED_KONG_AND_MELDED_KONG", "Concealed Kong and Melded Kong", 5,
     "one concealed and one exposed kong (a convention of the calculators; optional)",
     ("明杠", "暗杠"), ()),
    (55, "全带幺", "OUTSIDE_HAND", "Outside Hand", 4,
     "every meld and the pair contain a terminal or honour", (), ()),
    (56, "不求人", "FULLY_CONCEALED_HAND", "Fully Concealed Hand", 4,
     "no exposed meld, self-drawn", ("自摸",), ()),
    (57, "双明杠", "TWO_MELDED_KONGS", "Two Melded Kongs", 4, "2 exposed kongs", ("明杠",), ()),
    (58, "和绝张", "LAST_TILE", "Last Tile", 4, "the last copy of the winning tile", (), ()),
    (59, "箭刻", "DRAGON_PUNG", "Dragon Pung", 2, "a pung/kong of dragons", (), (YJK,)),
    (60, "圈风刻", "PREVALENT_WIND", "Prevalent Wind", 2, "a pung/kong of the prevalent wind",
     (), (YJK,)),
    (61, "门风刻", "SEAT_WIND", "Seat Wind", 2, "a pung/kong of the seat wind", (), (YJK,)),
    (62, "门前清", "CONCEALED_HAND", "Concealed Hand", 2, "no exposed meld, won on a discard",
     (), ()),
    (63, "平和", "ALL_CHOWS", "All Chows", 2, "4 chows and a pair of number tiles", ("无字",), ()),
    (64, "四归一", "TILE_HOG", "Tile Hog", 2, "4 copies of a tile without a kong", (), ()),
    (65, "双同刻", "DOUBLE_PUNG", "Double Pung", 2, "2 pungs/kongs of the same rank", (), ()),
    (66, "双暗刻", "TWO_CONCEALED_PUNGS", "Two Concealed Pungs", 2, "2 concealed pungs/kongs",
     (), ()),
    (67, "暗杠", "CONCEALED_KONG", "Concealed Kong", 2, "a concealed kong", (), ()),
    (68, "断幺", "ALL_SIMPLES", "All Simples", 2, "no terminals or honours", ("无字",), ()),
    (69, "一般高", "PURE_DOUBLE_CHOW", "Pure Double Chow", 1, "2 identical chows", (), ()),
    (70, "喜相逢", "MIXED_DOUBLE_CHOW", "Mixed Double Chow", 1, "the same chow in 2 suits", (), ()),
    (71, "连六", "SHORT_STRAIGHT", "Short Straight", 1, "one suit: 6 consecutive ranks", (), ()),
    (72, "老少副", "TWO_TERMINAL_CHOWS", "Two Terminal Chows", 1, "one suit: 123 and 789", (), ()),
    (73, YJK, "PUNG_OF_TERMINALS_OR_HONORS", "Pung of Terminals or Honors", 1,
     "a pung/kong of 1s, 9s or winds (per pung)", (), ()),
    (74, "明杠", "MELDED_KONG", "Melded Kong", 1, "an exposed kong", (), ()),
    (75, "缺一门", "ONE_VOIDED_SUIT", "One Voided Suit", 1, "one of the three suits missing",
     (), ()),
    (76, "无字", "NO_HONORS", "No Honors", 1, "no honours", (), ()),
    (77, "边张", "EDGE_WAIT", "Edge Wait", 1, "the 3 of 12 or the 7 of 89, the only wait", (), ()),
    (78, "坎张", "CLOSED_WAIT", "Closed Wait", 1, "the middle of a chow, the only wait", (), ()),
    (79, "单钓将", "SINGLE_WAIT", "Single Wait", 1, "the pair, the only wait", (), ()),
    (80, "自摸", "SELF_DRAWN", "Self-Drawn", 1, "self-drawn", (), ()),
    (81, "花牌", "FLOWER_TILES", "Flower Tiles", 1, "each flower (not a fan for 无番和)", (), ()),
)
# fmt: on

BONUS = frozenset({"FLOWER_TILES"})
"""Fans that do not stop 无番和 (flowers)."""

OPTIONAL = frozenset({"CONCEALED_KONG_AND_MELDED_KONG"})
"""Rows a rule-set option can switch off."""


# ------------------------------------------------------------- MCR detectors


def _is_wind(h: HonourSpec) -> bool:
    return h.family == "wind"


def _is_dragon(h: HonourSpec) -> bool:
    return h.family == "dragon"


def _wind_pung(which: str) -> Detector:
    def test(r: Reading) -> list[int]:
        wind = getattr(r.context, which)
        return honour_pungs(r, lambda h: h.symbol == wind and h.family == "wind")

    return Detector(
        S,
        lambda r: int(bool(test(r))),
        evidence=lambda r: tuple(test(r)),
        requires="honour_pungs",
    )


def _dragon_pungs(n: int) -> Detector:
    return honour_pungs_fan(_is_dragon, n, exact=True)


_GREEN = frozenset({"2s", "3s", "4s", "6s", "8s", "F"})
_REVERSIBLE = frozenset(
    {"1p", "2p", "3p", "4p", "5p", "8p", "9p", "2s", "4s", "5s", "6s", "8s", "9s", "P"}
)


def _only(allowed: frozenset[str]) -> Callable[[Reading], int]:
    """Every tile held is one of ``allowed`` (notations of MCR tiles)."""
    tiles = frozenset(MCR_TILES[n] for n in allowed)  # tiles hash by identity

    def fn(r: Reading) -> int:
        return int(not r.special and tiles.issuperset(r.facts.tiles))

    return fn


def _all_types(r: Reading) -> int:
    f = r.facts
    families = {t.honour.family for t in f.honours if t.honour is not None}
    return int(len(f.suits) == 3 and families == {"wind", "dragon"})


def _one_voided_suit(r: Reading) -> int:
    return int(len(r.facts.suits) == 2)


def _greater_knitted(r: Reading) -> int:
    return int(r.shape is Shape.HONOURS_AND_KNITTED and len(r.facts.honours) == 7)


def _lesser_knitted(r: Reading) -> int:
    return int(r.shape is Shape.HONOURS_AND_KNITTED)


def _triple_pung(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 3, lambda c: same_rank(c) and distinct_suits(c))


def _mixed_triple_chow(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 3, lambda c: same_rank(c) and distinct_suits(c))


def _mixed_shifted_pungs(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 3, lambda c: distinct_suits(c) and rank_steps(c, (1,)))


def _mixed_shifted_chows(ks: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
    return sets_of(ks, 3, lambda c: distinct_suits(c) and rank_steps(c, (1,)))


def _mixed_kongs(r: Reading) -> int:
    return int(exposed_kongs(r) == 1 and concealed_kongs(r) == 1)


def _flowers(r: Reading) -> int:
    return r.context.flowers


CS = DetectorKind.CHOW_SET
PS = DetectorKind.PUNG_SET
CP = DetectorKind.CHOW_PAIR

DETECTORS: dict[str, Detector] = {
    "BIG_FOUR_WINDS": honour_pungs_fan(_is_wind, 4),
    "BIG_THREE_DRAGONS": honour_pungs_fan(_is_dragon, 3),
    "ALL_GREEN": hand_level(_only(_GREEN)),
    "NINE_GATES": Detector(S, nine_gates, evidence=nine_gates_evidence),
    "FOUR_KONGS": at_least(kongs, 4, requires="kongs"),
    "SEVEN_SHIFTED_PAIRS": counted(seven_shifted_pairs, requires="seven_pairs"),
    "THIRTEEN_ORPHANS": shape(Shape.THIRTEEN_ORPHANS),
    "ALL_TERMINALS": hand_level(all_terminals, requires="honourless"),
    "LITTLE_FOUR_WINDS": little_honours_fan(_is_wind, 3),
    "LITTLE_THREE_DRAGONS": little_honours_fan(_is_dragon, 2),
    "ALL_HONORS": hand_level(all_honours, requires="honours"),
    "FOUR_CONCEALED_PUNGS": counted(concealed_pungs(4), requires="concealed_pungs"),
    "PURE_TERMINAL_CHOWS": Detector(CS, pure_terminal_chows, size=4, uses_pair=True),
    "QUADRUPLE_CHOW": Detector(CS, quadruple_chow, size=4),
    "FOUR_PURE_SHIFTED_PUNGS": Detector(PS, four_pure_shifted_pungs, size=4),
    "FOUR_PURE_SHIFTED_CHOWS": Detector(CS, four_pure_shifted_chows, size=4),
    "THREE_KONGS": at_least(kongs, 3, requires="kongs"),
    "ALL_TERMINALS_AND_HONORS": hand_level(all_terminals_and_honours, requires="honours"),
    "SEVEN_PAIRS": shape(Shape.SEVEN_PAIRS),
    "GREATER_HONORS_AND_KNITTED_TILES": counted(_greater_knitted, requires="special"),
    "ALL_EVEN_PUNGS": counted(all_even_pungs),
    "FULL_FLUSH": hand_level(full_flush, requires="honourless"),
    "PURE_TRIPLE_CHOW": Detector(CS, pure_triple_chow, size=3),
    "PURE_SHIFTED_PUNGS": Detector(PS, pure_shifted_pungs, size=3),
    "UPPER_TILES": ranks_within(frozenset({7, 8, 9})),
    "MIDDLE_TILES": ranks_within(frozenset({4, 5, 6})),
    "LOWER_TILES": ranks_within(frozenset({1, 2, 3})),
    "PURE_STRAIGHT": Detector(CS, pure_straight, size=3),
    "THREE_SUITED_TERMINAL_CHOWS": Detector(CS, three_colour_terminal_chows, size=4, uses_pair=True),
    "PURE_SHIFTED_CHOWS": Detector(CS, pure_shifted_chows, size=3),
    "ALL_FIVES": counted(all_fives),
    "TRIPLE_PUNG": Detector(PS, _triple_pung, size=3),
    "THREE_CONCEALED_PUNGS": counted(concealed_pungs(3), requires="concealed_pungs"),
    "LESSER_HONORS_AND_KNITTED_TILES": counted(_lesser_knitted, requires="special"),
    "KNITTED_STRAIGHT": counted(knitted_straight, requires="knitted"),
    "UPPER_FOUR": ranks_within(frozenset({6, 7, 8, 9})),
    "LOWER_FOUR": ranks_within(frozenset({1, 2, 3, 4})),
    "BIG_THREE_WINDS": honour_pungs_fan(_is_wind, 3),
    "MIXED_STRAIGHT": Detector(CS, mixed_straight, size=3),
    "REVERSIBLE_TILES": hand_level(_only(_REVERSIBLE)),
    "MIXED_TRIPLE_CHOW": Detector(CS, _mixed_triple_chow, size=3),
    "MIXED_SHIFTED_PUNGS": Detector(PS, _mixed_shifted_pungs, size=3),
    "LAST_TILE_DRAW": hand_level(last_tile_draw, requires="flagged"),
    "LAST_TILE_CLAIM": hand_level(last_tile_claim, requires="flagged"),
    "OUT_WITH_REPLACEMENT_TILE": hand_level(flag("kong_replacement"), requires="flagged"),
    "ROBBING_THE_KONG": hand_level(flag("robbing_kong"), requires="flagged"),
    "ALL_PUNGS": counted(all_pungs),
    "HALF_FLUSH": hand_level(half_flush, requires="honours"),
    "MIXED_SHIFTED_CHOWS": Detector(CS, _mixed_shifted_chows, size=3),
    "ALL_TYPES": hand_level(_all_types, requires="honours"),
    "MELDED_HAND": hand_level(melded_hand),
    "TWO_CONCEALED_KONGS": at_least(concealed_kongs, 2, requires="kongs"),
    "TWO_DRAGON_PUNGS": _dragon_pungs(2),
    "OUTSIDE_HAND": counted(outside_hand),
    "FULLY_CONCEALED_HAND": hand_level(fully_concealed),
    "TWO_MELDED_KONGS": at_least(exposed_kongs, 2, requires="kongs"),
    "LAST_TILE": hand_level(last_copy),
    "DRAGON_PUNG": _dragon_pungs(1),
    "PREVALENT_WIND": _wind_pung("prevalent_wind"),
    "SEAT_WIND": _wind_pung("seat_wind"),
    "CONCEALED_HAND": hand_level(concealed_hand),
    "ALL_CHOWS": counted(all_chows),
    "TILE_HOG": hand_level(tile_hog, requires="fours"),
    "DOUBLE_PUNG": Detector(DetectorKind.PUNG_PAIR, double_pung),
    "TWO_CONCEALED_PUNGS": counted(concealed_pungs(2), requires="concealed_pungs"),
    "CONCEALED_KONG": at_least(concealed_kongs, 1, requires="kongs"),
    "ALL_SIMPLES": hand_level(all_simples, requires="honourless"),
    "PURE_DOUBLE_CHOW": Detector(CP, pure_double_chow),
    "MIXED_DOUBLE_CHOW": Detector(CP, mixed_double_chow),
    "SHORT_STRAIGHT": Detector(CP, short_straight),
    "TWO_TERMINAL_CHOWS": Detector(CP, two_terminal_chows),
    "PUNG_OF_TERMINALS_OR_HONORS": Detector(DetectorKind.PER_MELD, terminal_or_honour_pungs),
    "MELDED_KONG": at_least(exposed_kongs, 1, requires="kongs"),
    "ONE_VOIDED_SUIT": hand_level(_one_voided_suit),
    "NO_HONORS": hand_level(no_honours),
    "EDGE_WAIT": counted(edge_wait, requires="wait"),
    "CLOSED_WAIT": counted(closed_wait, requires="wait"),
    "SINGLE_WAIT": counted(single_wait, requires="wait"),
    "SELF_DRAWN": hand_level(flag("self_drawn")),
    "FLOWER_TILES": hand_level(_flowers),
    "CONCEALED_KONG_AND_MELDED_KONG": hand_level(_mixed_kongs, requires="kongs"),
}


def _build() -> FanTable:
    # 九莲宝灯 absorbs one 幺九刻 (its 111 or 999), not all.
    return FanTable.from_rows(
        "mcr",
        ROWS,
        DETECTORS,
        fallback="CHICKEN_HAND",
        bonus=BONUS,
        absorb_limits={"NINE_GATES": 1},
    )


MCR_FANS = _build()
"""The MCR fan table (with 明暗杠; see ``OPTIONAL``)."""
