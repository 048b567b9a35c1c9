"""The UNO Mahjong fan table (docs/rules.md#fan-catalogue): 77 rows, as data.

Each row below is ``(number, 中文名, ID, English name, points, definition,
excludes, absorbs)``; exclusions are written by Chinese name and resolved
to ids when the table is built. ``absorbs`` lists the per-meld fans excluded
only for this fan's own melds (幺九刻 of the four Skip pungs of 长暂停).
The detector of each fan is bound by id in ``DETECTORS``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..shapes import Shape
from ..tiles import HonourSpec
from .common import (
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
    double_pung,
    edge_wait,
    exposed_kongs,
    flag,
    four_pure_shifted_chows,
    four_pure_shifted_pungs,
    full_flush,
    fully_concealed,
    half_flush,
    honour_pungs_fan,
    knitted_straight,
    kongs,
    last_copy,
    last_tile_claim,
    last_tile_draw,
    little_honours_fan,
    melded_hand,
    mixed_double_chow,
    mixed_quadruple_chow,
    mixed_shifted_chows,
    mixed_shifted_pungs,
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
    quadruple_pung,
    ranks_within,
    seven_shifted_pairs,
    shape,
    short_straight,
    single_wait,
    terminal_or_honour_pungs,
    three_colour_terminal_chows,
    tile_hog,
    two_double_chows,
    two_terminal_chows,
)
from .engine import Reading
from .model import Detector, DetectorKind, FanTable, Row

S = DetectorKind.SIMPLE
YJK = "幺九刻"

# fmt: off
ROWS: tuple[Row, ...] = (
    (1, "长暂停", "BIG_FOUR_SKIPS", "Big Four Skips", 108,
     "pungs/kongs of the Skip of all 4 colours + any pair",
     ("四色", "碰碰和", "三暂停"), (YJK,)),
    (2, "大逆转", "BIG_FOUR_REVERSES", "Big Four Reverses", 108,
     "pungs/kongs of the Reverse of all 4 colours + any pair",
     ("四色", "碰碰和", "三反转"), (YJK,)),
    (3, "四杠", "FOUR_KONGS", "Four Kongs", 108, "4 kongs (exposed or concealed)",
     ("三杠", "双明杠", "双暗杠", "明杠", "暗杠", "碰碰和", "单钓将"), ()),
    (4, "连七对", "SEVEN_SHIFTED_PAIRS", "Seven Shifted Pairs", 108,
     "seven pairs: one colour, 7 consecutive numbers",
     ("七对", "双龙抱", "清一色", "不求人", "门前清", "单钓将", "无功能"), ()),
    (5, "四海一家", "QUADRUPLE_CHOW", "Quadruple Chow", 108, "4 identical chows of one colour",
     ("一色三同顺", "一色三节高", "一般高", "双龙抱", "四归一"), ()),
    (6, "天和", "HEAVENLY_HAND", "Heavenly Hand", 108,
     "the dealer's initial 14 tiles are complete",
     ("不求人", "门前清", "自摸", "边张", "坎张", "单钓将"), ()),
    (7, "短暂停", "LITTLE_FOUR_SKIPS", "Little Four Skips", 88,
     "pungs/kongs of 3 Skips + a pair of the 4th Skip", ("四色", "三暂停"), (YJK,)),
    (8, "小逆转", "LITTLE_FOUR_REVERSES", "Little Four Reverses", 88,
     "pungs/kongs of 3 Reverses + a pair of the 4th Reverse", ("四色", "三反转"), (YJK,)),
    (9, "九莲宝灯", "NINE_GATES", "Nine Gates", 88,
     "concealed 1112345678999 of one colour before the win, won on any tile of that colour",
     ("清一色", "门前清", "不求人", "无功能"), (YJK,)),
    (10, "全功能", "ALL_FUNCTIONS", "All Functions", 88,
     "every meld and the pair are function tiles", ("碰碰和", YJK, "全带幺"), ()),
    (11, "一色双龙会", "PURE_TERMINAL_CHOWS", "Pure Terminal Chows", 88,
     "one colour: 123, 123, 789, 789 + 55",
     ("双龙抱", "平和", "七对", "清一色", "一般高", "老少副", "无功能"), ()),
    (12, "国士无双", "THIRTEEN_ORPHANS", "Thirteen Orphans", 64, "shape 3",
     ("四色", "不求人", "门前清", "单钓将"), ()),
    (13, "清幺九", "ALL_TERMINALS", "All Terminals", 64,
     "pungs/kongs of number 1s/9s + a pair of 1s/9s",
     ("碰碰和", "双同刻", YJK, "全带幺", "无功能"), ()),
    (13, "四暗刻", "FOUR_CONCEALED_PUNGS", "Four Concealed Pungs", 64,
     "4 concealed pungs/kongs", ("门前清", "不求人", "碰碰和", "三暗刻", "双暗刻"), ()),
    (14, "地和", "EARTHLY_HAND", "Earthly Hand", 64,
     "a non-dealer wins on the dealer's first discard, or self-draws on their own first draw, "
     "before any claim or kong", ("门前清", "不求人", "自摸"), ()),
    (15, "四连刻", "FOUR_PURE_SHIFTED_PUNGS", "Four Pure Shifted Pungs", 48,
     "one colour: 4 pungs/kongs, numbers rising by 1", ("一色三节高", "一色三同顺", "碰碰和"), ()),
    (16, "双龙抱", "TWO_DOUBLE_CHOWS", "Two Double Chows", 48,
     "two pairs of identical chows (each pair one colour; the two pairs different chows)",
     ("七对", "一般高"), ()),
    (17, "一色四步高", "FOUR_PURE_SHIFTED_CHOWS", "Four Pure Shifted Chows", 32,
     "one colour: 4 chows rising by 1 each, or by 2 each", ("一色三步高", "连六", "老少副"), ()),
    (18, "三杠", "THREE_KONGS", "Three Kongs", 32, "3 kongs",
     ("双明杠", "双暗杠", "明杠", "暗杠"), ()),
    (19, "混幺九", "ALL_TERMINALS_AND_FUNCTIONS", "All Terminals and Functions", 32,
     "pungs/kongs and pair all of 幺九牌, with both number 1s/9s and function tiles",
     ("碰碰和", YJK, "全带幺"), ()),
    (20, "七对", "SEVEN_PAIRS", "Seven Pairs", 24, "shape 2", ("不求人", "门前清", "单钓将"), ()),
    (21, "全双刻", "ALL_EVEN_PUNGS", "All Even Pungs", 24,
     "pungs/kongs and pair all of 2/4/6/8", ("碰碰和", "断幺", "无功能"), ()),
    (22, "清一色", "FULL_FLUSH", "Full Flush", 24, "number tiles of one colour only", ("无功能",), ()),
    (23, "一色三同顺", "PURE_TRIPLE_CHOW", "Pure Triple Chow", 24,
     "3 identical chows of one colour", ("一色三节高", "一般高"), ()),
    (24, "一色三节高", "PURE_SHIFTED_PUNGS", "Pure Shifted Pungs", 24,
     "one colour: 3 pungs/kongs rising by 1", ("一色三同顺",), ()),
    (25, "四同刻", "QUADRUPLE_PUNG", "Quadruple Pung", 24,
     "4 pungs/kongs of the same number (necessarily 4 colours)", ("碰碰和", "双同刻", "四色"), ()),
    (26, "全大", "UPPER_TILES", "Upper Tiles", 24, "every tile 7, 8 or 9", ("大于五", "无功能"), ()),
    (27, "全中", "MIDDLE_TILES", "Middle Tiles", 24, "every tile 4, 5 or 6", ("断幺", "无功能"), ()),
    (28, "全小", "LOWER_TILES", "Lower Tiles", 24, "every tile 1, 2 or 3", ("小于五", "无功能"), ()),
    (28, "清龙", "PURE_STRAIGHT", "Pure Straight", 16, "one colour: 123, 456, 789",
     ("连六", "老少副"), ()),
    (29, "三色双龙会", "THREE_COLOR_TERMINAL_CHOWS", "Three-Colour Terminal Chows", 16,
     "two colours each 123+789, a third colour's 55 as the pair",
     ("喜相逢", "老少副", "无功能", "平和"), ()),
    (30, "一色三步高", "PURE_SHIFTED_CHOWS", "Pure Shifted Chows", 16,
     "one colour: 3 chows rising by 1 each, or by 2 each", (), ()),
    (31, "四色四同顺", "MIXED_QUADRUPLE_CHOW", "Mixed Quadruple Chow", 16,
     "the same chow in all 4 colours", ("喜相逢", "四色"), ()),
    (32, "全带五", "ALL_FIVES", "All Fives", 16, "every meld and the pair contain a 5",
     ("断幺", "无功能"), ()),
    (33, "三暗刻", "THREE_CONCEALED_PUNGS", "Three Concealed Pungs", 16,
     "3 concealed pungs/kongs", ("双暗刻",), ()),
    (34, "混一色", "HALF_FLUSH", "Half Flush", 16,
     "number tiles of one colour + function tiles of that same colour (at least one)", (), ()),
    (35, "天之UNO", "HEAVENLY_UNO", "Heavenly UNO", 16,
     "declared UNO on the player's first discard, before any claim or kong", (), ()),
    (36, "全不靠", "KNITTED_AND_FUNCTIONS", "Knitted and Functions", 12, "shape 4",
     ("不求人", "门前清", "单钓将"), ()),
    (37, "组合龙", "KNITTED_STRAIGHT", "Knitted Straight", 12,
     "the 9 tiles of a knitted set (shape 5, or inside 全不靠)", (), ()),
    (38, "四色四节高", "MIXED_SHIFTED_PUNGS", "Mixed Shifted Pungs", 12,
     "4 pungs/kongs, one per colour, numbers rising by 1", ("碰碰和", "四色"), ()),
    (39, "大于五", "UPPER_FOUR", "Upper Four", 12, "every tile 6-9", ("无功能",), ()),
    (40, "小于五", "LOWER_FOUR", "Lower Four", 12, "every tile 1-4", ("无功能",), ()),
    (41, "三暂停", "THREE_SKIP_PUNGS", "Three Skip Pungs", 12, "3 pungs/kongs of Skips", (), (YJK,)),
    (42, "三反转", "THREE_REVERSE_PUNGS", "Three Reverse Pungs", 12,
     "3 pungs/kongs of Reverses", (), (YJK,)),
    (43, "无番和", "CHICKEN_HAND", "Chicken Hand", 8, "no other fan at all", (), ()),
    (44, "四色四步高", "MIXED_SHIFTED_CHOWS", "Mixed Shifted Chows", 8,
     "4 chows, one per colour, rising by 1 each, or by 2 each", ("四色",), ()),
    (45, "妙手回春", "LAST_TILE_DRAW", "Last Tile Draw", 8,
     "self-drawn on the wall's last tile", ("自摸",), ()),
    (46, "海底捞月", "LAST_TILE_CLAIM", "Last Tile Claim", 8,
     "won on the hand's last discard: the discard made by the player who drew the wall's last "
     "tile, whatever tile it is", (), ()),
    (47, "杠上开花", "OUT_WITH_REPLACEMENT_TILE", "Out with Replacement Tile", 8,
     "won on a kong's replacement tile", ("自摸",), ()),
    (48, "抢杠和", "ROBBING_THE_KONG", "Robbing the Kong", 8,
     "won on the tile another player adds to an exposed pung", ("和绝张",), ()),
    (49, "碰碰和", "ALL_PUNGS", "All Pungs", 6, "4 pungs/kongs + pair", (), ()),
    (50, "全求人", "MELDED_HAND", "Melded Hand", 6,
     "4 exposed melds, won on a discard, single wait on the pair", ("单钓将",), ()),
    (51, "双暗杠", "TWO_CONCEALED_KONGS", "Two Concealed Kongs", 6, "2 concealed kongs",
     ("暗杠", "双暗刻"), ()),
    (52, "花龙", "MIXED_STRAIGHT", "Mixed Straight", 4,
     "three colours: 123, 456, 789, one chow each", (), ()),
    (53, "全带幺", "OUTSIDE_HAND", "Outside Hand", 4,
     "every meld and the pair contain a 幺九牌", (), ()),
    (54, "不求人", "FULLY_CONCEALED_HAND", "Fully Concealed Hand", 4,
     "no exposed meld (concealed kongs allowed), self-drawn", ("自摸",), ()),
    (55, "双明杠", "TWO_MELDED_KONGS", "Two Melded Kongs", 4, "2 exposed kongs", ("明杠",), ()),
    (56, "和绝张", "LAST_TILE", "Last Tile", 4,
     "the winning tile is the last copy: the other 3 are visible (discards, exposed melds)",
     (), ()),
    (57, "四色", "ALL_COLORS", "All Colours", 2,
     "all 4 colours present (function tiles count by their colour)", (), ()),
    (58, "门前清", "CONCEALED_HAND", "Concealed Hand", 2,
     "no exposed meld (concealed kongs allowed), won on a discard", (), ()),
    (59, "平和", "ALL_CHOWS", "All Chows", 2, "4 chows + a number pair", ("无功能",), ()),
    (60, "四归一", "TILE_HOG", "Tile Hog", 2,
     "4 copies of a tile used in melds/pair without a kong (per tile kind)", (), ()),
    (61, "双暗刻", "TWO_CONCEALED_PUNGS", "Two Concealed Pungs", 2, "2 concealed pungs/kongs",
     (), ()),
    (62, "暗杠", "CONCEALED_KONG", "Concealed Kong", 2, "1 concealed kong", (), ()),
    (63, "断幺", "ALL_SIMPLES", "All Simples", 2, "no 1, 9 or function tile", ("无功能",), ()),
    (64, "一般高", "PURE_DOUBLE_CHOW", "Pure Double Chow", 1, "2 identical chows of one colour",
     (), ()),
    (65, "喜相逢", "MIXED_DOUBLE_CHOW", "Mixed Double Chow", 1, "the same chow in 2 colours",
     (), ()),
    (66, "双同刻", "DOUBLE_PUNG", "Double Pung", 1, "2 pungs/kongs of the same number", (), ()),
    (67, "连六", "SHORT_STRAIGHT", "Short Straight", 1,
     "one colour: 2 chows making 6 consecutive numbers", (), ()),
    (68, "老少副", "TWO_TERMINAL_CHOWS", "Two Terminal Chows", 1, "one colour: 123 + 789", (), ()),
    (69, YJK, "PUNG_OF_TERMINALS_OR_FUNCTIONS", "Pung of Terminals or Functions", 1,
     "a pung/kong of 1s, 9s or a function tile (per pung)", (), ()),
    (70, "明杠", "MELDED_KONG", "Melded Kong", 1, "1 exposed kong", (), ()),
    (71, "无功能", "NO_FUNCTIONS", "No Functions", 1, "no function tile", (), ()),
    (72, "边张", "EDGE_WAIT", "Edge Wait", 1,
     "won on the 3 of 12 or the 7 of 89, and this was the only waiting tile", (), ()),
    (73, "坎张", "CLOSED_WAIT", "Closed Wait", 1,
     "won on the middle of a chow, and this was the only waiting tile", (), ()),
    (74, "单钓将", "SINGLE_WAIT", "Single Wait", 1,
     "won on the pair, and this was the only waiting tile", (), ()),
    (75, "自摸", "SELF_DRAWN", "Self-Drawn", 1, "self-drawn win", (), ()),
)
# fmt: on


# ------------------------------------------------------------- UNO detectors


def _symbol(symbol: str) -> Callable[[HonourSpec], bool]:
    """A test for one function card (``"S"`` Skip, ``"R"`` Reverse), any colour."""

    def test(h: HonourSpec) -> bool:
        return h.symbol == symbol

    return test


_SKIP = _symbol("S")
_REVERSE = _symbol("R")


def _all_colours(r: Reading) -> int:
    return int(len(r.facts.colours) == 4)


CS = DetectorKind.CHOW_SET
PS = DetectorKind.PUNG_SET
CP = DetectorKind.CHOW_PAIR

DETECTORS: dict[str, Detector] = {
    "BIG_FOUR_SKIPS": honour_pungs_fan(_SKIP, 4, exact=True),
    "BIG_FOUR_REVERSES": honour_pungs_fan(_REVERSE, 4, exact=True),
    "FOUR_KONGS": at_least(kongs, 4, requires="kongs"),
    "SEVEN_SHIFTED_PAIRS": Detector(S, seven_shifted_pairs, requires="seven_pairs"),
    "QUADRUPLE_CHOW": Detector(CS, quadruple_chow, size=4),
    "HEAVENLY_HAND": Detector(S, flag("heavenly_hand"), per_hand=True, requires="flagged"),
    "LITTLE_FOUR_SKIPS": little_honours_fan(_SKIP, 3),
    "LITTLE_FOUR_REVERSES": little_honours_fan(_REVERSE, 3),
    "NINE_GATES": Detector(S, nine_gates, evidence=nine_gates_evidence),
    "ALL_FUNCTIONS": Detector(S, all_honours, per_hand=True, requires="honours"),
    "PURE_TERMINAL_CHOWS": Detector(CS, pure_terminal_chows, size=4, uses_pair=True),
    "THIRTEEN_ORPHANS": shape(Shape.THIRTEEN_ORPHANS),
    "ALL_TERMINALS": Detector(S, all_terminals, per_hand=True, requires="honourless"),
    "FOUR_CONCEALED_PUNGS": Detector(S, concealed_pungs(4), requires="concealed_pungs"),
    "EARTHLY_HAND": Detector(S, flag("earthly_hand"), per_hand=True, requires="flagged"),
    "FOUR_PURE_SHIFTED_PUNGS": Detector(PS, four_pure_shifted_pungs, size=4),
    "TWO_DOUBLE_CHOWS": Detector(CS, two_double_chows, size=4),
    "FOUR_PURE_SHIFTED_CHOWS": Detector(CS, four_pure_shifted_chows, size=4),
    "THREE_KONGS": at_least(kongs, 3, requires="kongs"),
    "ALL_TERMINALS_AND_FUNCTIONS": Detector(S, all_terminals_and_honours, per_hand=True, requires="honours"),
    "SEVEN_PAIRS": shape(Shape.SEVEN_PAIRS),
    "ALL_EVEN_PUNGS": Detector(S, all_even_pungs),
    "FULL_FLUSH": Detector(S, full_flush, per_hand=True, requires="honourless"),
    "PURE_TRIPLE_CHOW": Detector(CS, pure_triple_chow, size=3),
    "PURE_SHIFTED_PUNGS": Detector(PS, pure_shifted_pungs, size=3),
    "QUADRUPLE_PUNG": Detector(PS, quadruple_pung, size=4),
    "UPPER_TILES": ranks_within(frozenset({7, 8, 9})),
    "MIDDLE_TILES": ranks_within(frozenset({4, 5, 6})),
    "LOWER_TILES": ranks_within(frozenset({1, 2, 3})),
    "PURE_STRAIGHT": Detector(CS, pure_straight, size=3),
    "THREE_COLOR_TERMINAL_CHOWS": Detector(CS, three_colour_terminal_chows, size=4, uses_pair=True),
    "PURE_SHIFTED_CHOWS": Detector(CS, pure_shifted_chows, size=3),
    "MIXED_QUADRUPLE_CHOW": Detector(CS, mixed_quadruple_chow, size=4),
    "ALL_FIVES": Detector(S, all_fives),
    "THREE_CONCEALED_PUNGS": Detector(S, concealed_pungs(3), requires="concealed_pungs"),
    "HALF_FLUSH": Detector(S, half_flush, per_hand=True, requires="honours"),
    "HEAVENLY_UNO": Detector(S, flag("heavenly_uno"), per_hand=True, requires="flagged"),
    "KNITTED_AND_FUNCTIONS": shape(Shape.HONOURS_AND_KNITTED),
    "KNITTED_STRAIGHT": Detector(S, knitted_straight, requires="knitted"),
    "MIXED_SHIFTED_PUNGS": Detector(PS, mixed_shifted_pungs, size=4),
    "UPPER_FOUR": ranks_within(frozenset({6, 7, 8, 9})),
    "LOWER_FOUR": ranks_within(frozenset({1, 2, 3, 4})),
    "THREE_SKIP_PUNGS": honour_pungs_fan(_SKIP, 3),
    "THREE_REVERSE_PUNGS": honour_pungs_fan(_REVERSE, 3),
    "MIXED_SHIFTED_CHOWS": Detector(CS, mixed_shifted_chows, size=4),
    "LAST_TILE_DRAW": Detector(S, last_tile_draw, per_hand=True, requires="flagged"),
    "LAST_TILE_CLAIM": Detector(S, last_tile_claim, per_hand=True, requires="flagged"),
    "OUT_WITH_REPLACEMENT_TILE": Detector(
        S, flag("kong_replacement"), per_hand=True, requires="flagged"
    ),
    "ROBBING_THE_KONG": Detector(S, flag("robbing_kong"), per_hand=True, requires="flagged"),
    "ALL_PUNGS": Detector(S, all_pungs),
    "MELDED_HAND": Detector(S, melded_hand, per_hand=True),
    "TWO_CONCEALED_KONGS": at_least(concealed_kongs, 2, requires="kongs"),
    "MIXED_STRAIGHT": Detector(CS, mixed_straight, size=3),
    "OUTSIDE_HAND": Detector(S, outside_hand),
    "FULLY_CONCEALED_HAND": Detector(S, fully_concealed, per_hand=True),
    "TWO_MELDED_KONGS": at_least(exposed_kongs, 2, requires="kongs"),
    "LAST_TILE": Detector(S, last_copy, per_hand=True),
    "ALL_COLORS": Detector(S, _all_colours, per_hand=True),
    "CONCEALED_HAND": Detector(S, concealed_hand, per_hand=True),
    "ALL_CHOWS": Detector(S, all_chows),
    "TILE_HOG": Detector(S, tile_hog, per_hand=True, requires="fours"),
    "TWO_CONCEALED_PUNGS": Detector(S, concealed_pungs(2), requires="concealed_pungs"),
    "CONCEALED_KONG": at_least(concealed_kongs, 1, requires="kongs"),
    "ALL_SIMPLES": Detector(S, all_simples, per_hand=True, requires="honourless"),
    "PURE_DOUBLE_CHOW": Detector(CP, pure_double_chow),
    "MIXED_DOUBLE_CHOW": Detector(CP, mixed_double_chow),
    "DOUBLE_PUNG": Detector(DetectorKind.PUNG_PAIR, double_pung),
    "SHORT_STRAIGHT": Detector(CP, short_straight),
    "TWO_TERMINAL_CHOWS": Detector(CP, two_terminal_chows),
    "PUNG_OF_TERMINALS_OR_FUNCTIONS": Detector(DetectorKind.PER_MELD, terminal_or_honour_pungs),
    "MELDED_KONG": at_least(exposed_kongs, 1, requires="kongs"),
    "NO_FUNCTIONS": Detector(S, no_honours, per_hand=True),
    "EDGE_WAIT": Detector(S, edge_wait, requires="wait"),
    "CLOSED_WAIT": Detector(S, closed_wait, requires="wait"),
    "SINGLE_WAIT": Detector(S, single_wait, requires="wait"),
    "SELF_DRAWN": Detector(S, flag("self_drawn"), per_hand=True),
}


def _build() -> FanTable:
    # 九莲宝灯 absorbs one 幺九刻 (its 111 or 999), not all.
    return FanTable.from_rows(
        "uno", ROWS, DETECTORS, fallback="CHICKEN_HAND", absorb_limits={"NINE_GATES": 1}
    )


UNO_FANS = _build()
"""The UNO Mahjong fan table."""
