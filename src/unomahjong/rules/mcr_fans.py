"""The Guobiao (MCR) fan table: the 81 fans of the 2006 Chinese Official rules
as the common calculators implement them, plus the optional 明暗杠 convention.

Each fan is one :class:`~unomahjong.rules.fans.FanDef` record, like the UNO
table's, with a detector of the vocabulary (``rules/detectors.py``).
"""

from __future__ import annotations

import attrs

from ..model.shapes import Shape
from .detectors import (
    ALL_SHAPES,
    ConcealedPattern,
    ConcealedPungs,
    EachPung,
    EveryGroup,
    Flowers,
    FourCopies,
    Holds,
    HonourPungs,
    KnittedSet,
    Kongs,
    KongsExactly,
    LastCopy,
    MeldPair,
    MeldSet,
    ShapeIs,
    Wait,
    context,
)
from .fans import FanDef, FanTable

BONUS = frozenset({"FLOWER_TILES"})
"""Fans that do not stop 无番和 (flowers)."""

_GREEN = frozenset({"2s", "3s", "4s", "6s", "8s", "F"})
_REVERSIBLE = frozenset(
    {"1p", "2p", "3p", "4p", "5p", "8p", "9p", "2s", "4s", "5s", "6s", "8s", "9s", "P"}
)
_CHOW_SHAPES = {Shape.STANDARD, Shape.KNITTED_STRAIGHT}
"""The shapes 平和 holds in: four chows, or a knitted straight and a chow."""

# fmt: off
MCR_FAN_LIST: tuple[FanDef, ...] = (
    FanDef(
        number=1, zh="大四喜", id="BIG_FOUR_WINDS", en="Big Four Winds", points=88,
        definition="pungs/kongs of all four winds",
        excludes=("PREVALENT_WIND", "SEAT_WIND", "BIG_THREE_WINDS", "ALL_PUNGS",
                  "PUNG_OF_TERMINALS_OR_HONORS"),
        detector=HonourPungs(4, family="wind"),
    ),
    FanDef(
        number=2, zh="大三元", id="BIG_THREE_DRAGONS", en="Big Three Dragons", points=88,
        definition="pungs/kongs of all three dragons",
        excludes=("DRAGON_PUNG", "TWO_DRAGON_PUNGS"),
        absorbs=("PUNG_OF_TERMINALS_OR_HONORS",),
        detector=HonourPungs(3, family="dragon"),
    ),
    FanDef(
        number=3, zh="绿一色", id="ALL_GREEN", en="All Green", points=88,
        definition="only 23468 of bamboo and the green dragon",
        excludes=("HALF_FLUSH",),
        detector=Holds(tiles=_GREEN),
    ),
    FanDef(
        number=4, zh="九莲宝灯", id="NINE_GATES", en="Nine Gates", points=88,
        definition=("concealed 1112345678999 of one suit before the win, won on any tile of that "
                    "suit"),
        excludes=("FULL_FLUSH", "FULLY_CONCEALED_HAND", "CONCEALED_HAND", "NO_HONORS"),
        absorbs=("PUNG_OF_TERMINALS_OR_HONORS",),
        absorbs_limit=1,  # its 111 or 999, not both
        detector=ConcealedPattern((3, 1, 1, 1, 1, 1, 1, 1, 3)),
    ),
    FanDef(
        number=5, zh="四杠", id="FOUR_KONGS", en="Four Kongs", points=88,
        definition="4 kongs",
        excludes=("THREE_KONGS", "TWO_MELDED_KONGS", "MELDED_KONG", "TWO_CONCEALED_KONGS",
                  "CONCEALED_KONG", "CONCEALED_KONG_AND_MELDED_KONG", "SINGLE_WAIT", "ALL_PUNGS"),
        detector=Kongs(4),
    ),
    FanDef(
        number=6, zh="连七对", id="SEVEN_SHIFTED_PAIRS", en="Seven Shifted Pairs", points=88,
        definition="seven pairs: one suit, 7 consecutive ranks",
        excludes=("FULL_FLUSH", "FULLY_CONCEALED_HAND", "SINGLE_WAIT", "CONCEALED_HAND",
                  "SEVEN_PAIRS", "NO_HONORS"),
        detector=Holds(honours="none", suits=1, consecutive=7, shapes={Shape.SEVEN_PAIRS}),
    ),
    FanDef(
        number=7, zh="十三幺", id="THIRTEEN_ORPHANS", en="Thirteen Orphans", points=88,
        definition="the 13 terminals and honours and a pair of one of them",
        excludes=("ALL_TYPES", "FULLY_CONCEALED_HAND", "SINGLE_WAIT", "CONCEALED_HAND",
                  "ALL_TERMINALS_AND_HONORS"),
        detector=ShapeIs(Shape.THIRTEEN_ORPHANS),
    ),
    FanDef(
        number=8, zh="清幺九", id="ALL_TERMINALS", en="All Terminals", points=64,
        definition="pungs/kongs and pair of 1s and 9s only",
        excludes=("ALL_TERMINALS_AND_HONORS", "ALL_PUNGS", "DOUBLE_PUNG",
                  "PUNG_OF_TERMINALS_OR_HONORS", "NO_HONORS", "OUTSIDE_HAND"),
        detector=Holds(honours="none", ranks={1, 9}),
    ),
    FanDef(
        number=9, zh="小四喜", id="LITTLE_FOUR_WINDS", en="Little Four Winds", points=64,
        definition="pungs/kongs of three winds and a pair of the fourth",
        excludes=("BIG_THREE_WINDS",),
        absorbs=("PUNG_OF_TERMINALS_OR_HONORS",),
        detector=HonourPungs(3, "little", family="wind"),
    ),
    FanDef(
        number=10, zh="小三元", id="LITTLE_THREE_DRAGONS", en="Little Three Dragons", points=64,
        definition="pungs/kongs of two dragons and a pair of the third",
        excludes=("DRAGON_PUNG", "TWO_DRAGON_PUNGS"),
        absorbs=("PUNG_OF_TERMINALS_OR_HONORS",),
        detector=HonourPungs(2, "little", family="dragon"),
    ),
    FanDef(
        number=11, zh="字一色", id="ALL_HONORS", en="All Honors", points=64,
        definition="honours only",
        excludes=("ALL_PUNGS", "PUNG_OF_TERMINALS_OR_HONORS", "OUTSIDE_HAND",
                  "ALL_TERMINALS_AND_HONORS"),
        detector=Holds(honours="only"),
    ),
    FanDef(
        number=12, zh="四暗刻", id="FOUR_CONCEALED_PUNGS", en="Four Concealed Pungs", points=64,
        definition="4 concealed pungs/kongs",
        excludes=("CONCEALED_HAND", "ALL_PUNGS", "THREE_CONCEALED_PUNGS", "TWO_CONCEALED_PUNGS",
                  "FULLY_CONCEALED_HAND"),
        detector=ConcealedPungs(4),
    ),
    FanDef(
        number=13, zh="一色双龙会", id="PURE_TERMINAL_CHOWS", en="Pure Terminal Chows", points=64,
        definition="one suit: 123, 123, 789, 789 and a pair of 5s",
        excludes=("SEVEN_PAIRS", "FULL_FLUSH", "ALL_CHOWS", "PURE_DOUBLE_CHOW",
                  "TWO_TERMINAL_CHOWS", "NO_HONORS"),
        detector=MeldSet("chow", 4, "one", "terminals", pair="five_same_suit"),
    ),
    FanDef(
        number=14, zh="一色四同顺", id="QUADRUPLE_CHOW", en="Quadruple Chow", points=48,
        definition="4 identical chows",
        excludes=("PURE_TRIPLE_CHOW", "PURE_SHIFTED_PUNGS", "PURE_DOUBLE_CHOW", "TILE_HOG"),
        detector=MeldSet("chow", 4, "one", "same"),
    ),
    FanDef(
        number=15, zh="一色四节高", id="FOUR_PURE_SHIFTED_PUNGS",
        en="Four Pure Shifted Pungs", points=48,
        definition="one suit: 4 pungs/kongs rising by 1",
        excludes=("PURE_TRIPLE_CHOW", "PURE_SHIFTED_PUNGS", "ALL_PUNGS"),
        detector=MeldSet("pung", 4, "one", "shifted_1"),
    ),
    FanDef(
        number=16, zh="一色四步高", id="FOUR_PURE_SHIFTED_CHOWS",
        en="Four Pure Shifted Chows", points=32,
        definition="one suit: 4 chows rising by 1 each, or by 2 each",
        excludes=("PURE_SHIFTED_CHOWS", "SHORT_STRAIGHT", "TWO_TERMINAL_CHOWS"),
        detector=MeldSet("chow", 4, "one", "shifted_1_or_2"),
    ),
    FanDef(
        number=17, zh="三杠", id="THREE_KONGS", en="Three Kongs", points=32,
        definition="3 kongs",
        excludes=("TWO_MELDED_KONGS", "MELDED_KONG", "TWO_CONCEALED_KONGS", "CONCEALED_KONG",
                  "CONCEALED_KONG_AND_MELDED_KONG"),
        detector=Kongs(3),
    ),
    FanDef(
        number=18, zh="混幺九", id="ALL_TERMINALS_AND_HONORS",
        en="All Terminals and Honors", points=32,
        definition="pungs/kongs and pair of 1s, 9s and honours, with both",
        excludes=("ALL_PUNGS", "PUNG_OF_TERMINALS_OR_HONORS", "OUTSIDE_HAND"),
        detector=Holds(honours="some", ranks={1, 9}),
    ),
    FanDef(
        number=19, zh="七对", id="SEVEN_PAIRS", en="Seven Pairs", points=24,
        definition="seven pairs",
        excludes=("FULLY_CONCEALED_HAND", "CONCEALED_HAND", "SINGLE_WAIT"),
        detector=ShapeIs(Shape.SEVEN_PAIRS),
    ),
    FanDef(
        number=20, zh="七星不靠", id="GREATER_HONORS_AND_KNITTED_TILES",
        en="Greater Honors and Knitted Tiles", points=24,
        definition="全不靠 with all seven honours",
        excludes=("ALL_TYPES", "FULLY_CONCEALED_HAND", "SINGLE_WAIT", "CONCEALED_HAND",
                  "LESSER_HONORS_AND_KNITTED_TILES"),
        detector=Holds(honour_kinds=7, shapes={Shape.HONOURS_AND_KNITTED}),
    ),
    FanDef(
        number=21, zh="全双刻", id="ALL_EVEN_PUNGS", en="All Even Pungs", points=24,
        definition="pungs/kongs and pair of 2, 4, 6, 8",
        excludes=("ALL_PUNGS", "ALL_SIMPLES", "NO_HONORS"),
        detector=EveryGroup(meld="pung", ranks={2, 4, 6, 8}),
    ),
    FanDef(
        number=22, zh="清一色", id="FULL_FLUSH", en="Full Flush", points=24,
        definition="one suit only",
        excludes=("NO_HONORS",),
        detector=Holds(honours="none", suits=1),
    ),
    FanDef(
        number=23, zh="一色三同顺", id="PURE_TRIPLE_CHOW", en="Pure Triple Chow", points=24,
        definition="3 identical chows",
        excludes=("PURE_SHIFTED_PUNGS", "PURE_DOUBLE_CHOW"),
        detector=MeldSet("chow", 3, "one", "same"),
    ),
    FanDef(
        number=24, zh="一色三节高", id="PURE_SHIFTED_PUNGS", en="Pure Shifted Pungs", points=24,
        definition="one suit: 3 pungs/kongs rising by 1",
        excludes=("PURE_TRIPLE_CHOW",),
        detector=MeldSet("pung", 3, "one", "shifted_1"),
    ),
    FanDef(
        number=25, zh="全大", id="UPPER_TILES", en="Upper Tiles", points=24,
        definition="7, 8 and 9 only",
        excludes=("UPPER_FOUR", "NO_HONORS"),
        detector=Holds(honours="none", ranks={7, 8, 9}),
    ),
    FanDef(
        number=26, zh="全中", id="MIDDLE_TILES", en="Middle Tiles", points=24,
        definition="4, 5 and 6 only",
        excludes=("ALL_SIMPLES", "NO_HONORS"),
        detector=Holds(honours="none", ranks={4, 5, 6}),
    ),
    FanDef(
        number=27, zh="全小", id="LOWER_TILES", en="Lower Tiles", points=24,
        definition="1, 2 and 3 only",
        excludes=("LOWER_FOUR", "NO_HONORS"),
        detector=Holds(honours="none", ranks={1, 2, 3}),
    ),
    FanDef(
        number=28, zh="清龙", id="PURE_STRAIGHT", en="Pure Straight", points=16,
        definition="one suit: 123, 456, 789",
        excludes=("SHORT_STRAIGHT", "TWO_TERMINAL_CHOWS"),
        detector=MeldSet("chow", 3, "one", "straight"),
    ),
    FanDef(
        number=29, zh="三色双龙会", id="THREE_SUITED_TERMINAL_CHOWS",
        en="Three-Suited Terminal Chows", points=16,
        definition="two suits each 123+789, a pair of 5s in the third",
        excludes=("MIXED_DOUBLE_CHOW", "TWO_TERMINAL_CHOWS", "NO_HONORS", "ALL_CHOWS"),
        detector=MeldSet("chow", 4, "two", "terminals", pair="five_other_suit"),
    ),
    FanDef(
        number=30, zh="一色三步高", id="PURE_SHIFTED_CHOWS", en="Pure Shifted Chows", points=16,
        definition="one suit: 3 chows rising by 1 each, or by 2 each", excludes=(),
        detector=MeldSet("chow", 3, "one", "shifted_1_or_2"),
    ),
    FanDef(
        number=31, zh="全带五", id="ALL_FIVES", en="All Fives", points=16,
        definition="every meld and the pair contain a 5",
        excludes=("ALL_SIMPLES", "NO_HONORS"),
        detector=EveryGroup(ranks={5}, shapes={Shape.STANDARD, Shape.SEVEN_PAIRS}),
    ),
    FanDef(
        number=32, zh="三同刻", id="TRIPLE_PUNG", en="Triple Pung", points=16,
        definition="3 pungs/kongs of the same rank",
        excludes=("DOUBLE_PUNG",),
        detector=MeldSet("pung", 3, "distinct", "same"),
    ),
    FanDef(
        number=33, zh="三暗刻", id="THREE_CONCEALED_PUNGS", en="Three Concealed Pungs", points=16,
        definition="3 concealed pungs/kongs",
        excludes=("TWO_CONCEALED_PUNGS",),
        detector=ConcealedPungs(3),
    ),
    FanDef(
        number=34, zh="全不靠", id="LESSER_HONORS_AND_KNITTED_TILES",
        en="Lesser Honors and Knitted Tiles", points=12,
        definition="14 different tiles of a knitted set and honours",
        excludes=("ALL_TYPES", "FULLY_CONCEALED_HAND", "SINGLE_WAIT", "CONCEALED_HAND"),
        detector=ShapeIs(Shape.HONOURS_AND_KNITTED),
    ),
    FanDef(
        number=35, zh="组合龙", id="KNITTED_STRAIGHT", en="Knitted Straight", points=12,
        definition="147, 258, 369 in three different suits", excludes=(),
        detector=KnittedSet(),
    ),
    FanDef(
        number=36, zh="大于五", id="UPPER_FOUR", en="Upper Four", points=12,
        definition="6 to 9 only",
        excludes=("NO_HONORS",),
        detector=Holds(honours="none", ranks={6, 7, 8, 9}),
    ),
    FanDef(
        number=37, zh="小于五", id="LOWER_FOUR", en="Lower Four", points=12,
        definition="1 to 4 only",
        excludes=("NO_HONORS",),
        detector=Holds(honours="none", ranks={1, 2, 3, 4}),
    ),
    FanDef(
        number=38, zh="三风刻", id="BIG_THREE_WINDS", en="Big Three Winds", points=12,
        definition="pungs/kongs of three winds", excludes=(),
        absorbs=("PUNG_OF_TERMINALS_OR_HONORS",),
        detector=HonourPungs(3, family="wind"),
    ),
    FanDef(
        number=39, zh="花龙", id="MIXED_STRAIGHT", en="Mixed Straight", points=8,
        definition="123, 456, 789 in three suits", excludes=(),
        detector=MeldSet("chow", 3, "distinct", "straight"),
    ),
    FanDef(
        number=40, zh="推不倒", id="REVERSIBLE_TILES", en="Reversible Tiles", points=8,
        definition="only 1234589 of dots, 245689 of bamboo and the white dragon",
        excludes=("ONE_VOIDED_SUIT",),
        detector=Holds(tiles=_REVERSIBLE),
    ),
    FanDef(
        number=41, zh="三色三同顺", id="MIXED_TRIPLE_CHOW", en="Mixed Triple Chow", points=8,
        definition="the same chow in three suits",
        excludes=("MIXED_DOUBLE_CHOW",),
        detector=MeldSet("chow", 3, "distinct", "same"),
    ),
    FanDef(
        number=42, zh="三色三节高", id="MIXED_SHIFTED_PUNGS", en="Mixed Shifted Pungs", points=8,
        definition="pungs/kongs in three suits rising by 1", excludes=(),
        detector=MeldSet("pung", 3, "distinct", "shifted_1"),
    ),
    FanDef(
        number=43, zh="无番和", id="CHICKEN_HAND", en="Chicken Hand", points=8,
        definition="no other fan (flowers aside)", excludes=(),
    ),
    FanDef(
        number=44, zh="妙手回春", id="LAST_TILE_DRAW", en="Last Tile Draw", points=8,
        definition="self-drawn on the wall's last tile",
        excludes=("SELF_DRAWN",),
        detector=context(last_tile=True, self_drawn=True),
    ),
    FanDef(
        number=45, zh="海底捞月", id="LAST_TILE_CLAIM", en="Last Tile Claim", points=8,
        definition="won on the last discard", excludes=(),
        detector=context(last_tile=True, self_drawn=False),
    ),
    FanDef(
        number=46, zh="杠上开花", id="OUT_WITH_REPLACEMENT_TILE",
        en="Out with Replacement Tile", points=8,
        definition="won on a kong's replacement tile",
        excludes=("SELF_DRAWN",),
        detector=context(kong_replacement=True),
    ),
    FanDef(
        number=47, zh="抢杠和", id="ROBBING_THE_KONG", en="Robbing the Kong", points=8,
        definition="won on a tile added to an exposed pung",
        excludes=("LAST_TILE",),
        detector=context(robbing_kong=True),
    ),
    FanDef(
        number=48, zh="碰碰和", id="ALL_PUNGS", en="All Pungs", points=6,
        definition="4 pungs/kongs and a pair", excludes=(),
        detector=EveryGroup(meld="pung"),
    ),
    FanDef(
        number=49, zh="混一色", id="HALF_FLUSH", en="Half Flush", points=6,
        definition="one suit and honours", excludes=(),
        detector=Holds(honours="some", suits=1, colours=1),
    ),
    FanDef(
        number=50, zh="三色三步高", id="MIXED_SHIFTED_CHOWS", en="Mixed Shifted Chows", points=6,
        definition="3 chows in three suits rising by 1", excludes=(),
        detector=MeldSet("chow", 3, "distinct", "shifted_1"),
    ),
    FanDef(
        number=51, zh="五门齐", id="ALL_TYPES", en="All Types", points=6,
        definition="all three suits, winds and dragons", excludes=(),
        detector=Holds(honours="some", suits=3, families={"wind", "dragon"}, shapes=ALL_SHAPES),
    ),
    FanDef(
        number=52, zh="全求人", id="MELDED_HAND", en="Melded Hand", points=6,
        definition="4 exposed melds, won on a discard",
        excludes=("SINGLE_WAIT",),
        detector=context(self_drawn=False, exposed_melds=4),
    ),
    FanDef(
        number=53, zh="双暗杠", id="TWO_CONCEALED_KONGS", en="Two Concealed Kongs", points=6,
        definition="2 concealed kongs",
        excludes=("TWO_CONCEALED_PUNGS", "CONCEALED_KONG"),
        detector=Kongs(2, "concealed"),
    ),
    FanDef(
        number=54, zh="双箭刻", id="TWO_DRAGON_PUNGS", en="Two Dragon Pungs", points=6,
        definition="pungs/kongs of two dragons",
        excludes=("DRAGON_PUNG",),
        absorbs=("PUNG_OF_TERMINALS_OR_HONORS",),
        detector=HonourPungs(2, "exact", family="dragon"),
    ),
    # Not one of the 81: the calculators' 5-point convention, placed by its points.
    FanDef(
        number=82, zh="明暗杠", id="CONCEALED_KONG_AND_MELDED_KONG",
        en="Concealed Kong and Melded Kong", points=5,
        definition=("one concealed and one exposed kong (a convention of the calculators; "
                    "optional)"),
        excludes=("MELDED_KONG", "CONCEALED_KONG"),
        detector=KongsExactly(exposed=1, concealed=1),
    ),
    FanDef(
        number=55, zh="全带幺", id="OUTSIDE_HAND", en="Outside Hand", points=4,
        definition="every meld and the pair contain a terminal or honour", excludes=(),
        detector=EveryGroup(ranks={1, 9}, honours=True),
    ),
    FanDef(
        number=56, zh="不求人", id="FULLY_CONCEALED_HAND", en="Fully Concealed Hand", points=4,
        definition="no exposed meld, self-drawn",
        excludes=("SELF_DRAWN",),
        detector=context(self_drawn=True, exposed_melds=0),
    ),
    FanDef(
        number=57, zh="双明杠", id="TWO_MELDED_KONGS", en="Two Melded Kongs", points=4,
        definition="2 exposed kongs",
        excludes=("MELDED_KONG",),
        detector=Kongs(2, "exposed"),
    ),
    FanDef(
        number=58, zh="和绝张", id="LAST_TILE", en="Last Tile", points=4,
        definition="the last copy of the winning tile", excludes=(),
        detector=LastCopy(),
    ),
    FanDef(
        number=59, zh="箭刻", id="DRAGON_PUNG", en="Dragon Pung", points=2,
        definition="a pung/kong of dragons", excludes=(),
        absorbs=("PUNG_OF_TERMINALS_OR_HONORS",),
        detector=HonourPungs(1, "exact", family="dragon"),
    ),
    FanDef(
        number=60, zh="圈风刻", id="PREVALENT_WIND", en="Prevalent Wind", points=2,
        definition="a pung/kong of the prevalent wind", excludes=(),
        absorbs=("PUNG_OF_TERMINALS_OR_HONORS",),
        detector=HonourPungs(1, wind="prevalent"),
    ),
    FanDef(
        number=61, zh="门风刻", id="SEAT_WIND", en="Seat Wind", points=2,
        definition="a pung/kong of the seat wind", excludes=(),
        absorbs=("PUNG_OF_TERMINALS_OR_HONORS",),
        detector=HonourPungs(1, wind="seat"),
    ),
    FanDef(
        number=62, zh="门前清", id="CONCEALED_HAND", en="Concealed Hand", points=2,
        definition="no exposed meld, won on a discard", excludes=(),
        detector=context(self_drawn=False, exposed_melds=0),
    ),
    FanDef(
        number=63, zh="平和", id="ALL_CHOWS", en="All Chows", points=2,
        definition="4 chows and a pair of number tiles",
        excludes=("NO_HONORS",),
        detector=EveryGroup(meld="chow", number_pair=True, shapes=_CHOW_SHAPES),
    ),
    FanDef(
        number=64, zh="四归一", id="TILE_HOG", en="Tile Hog", points=2,
        definition="4 copies of a tile without a kong", excludes=(),
        detector=FourCopies(),
    ),
    FanDef(
        number=65, zh="双同刻", id="DOUBLE_PUNG", en="Double Pung", points=2,
        definition="2 pungs/kongs of the same rank", excludes=(),
        detector=MeldPair("pung", "any", 0),
    ),
    FanDef(
        number=66, zh="双暗刻", id="TWO_CONCEALED_PUNGS", en="Two Concealed Pungs", points=2,
        definition="2 concealed pungs/kongs", excludes=(),
        detector=ConcealedPungs(2),
    ),
    FanDef(
        number=67, zh="暗杠", id="CONCEALED_KONG", en="Concealed Kong", points=2,
        definition="a concealed kong", excludes=(),
        detector=Kongs(1, "concealed"),
    ),
    FanDef(
        number=68, zh="断幺", id="ALL_SIMPLES", en="All Simples", points=2,
        definition="no terminals or honours",
        excludes=("NO_HONORS",),
        detector=Holds(honours="none", ranks={2, 3, 4, 5, 6, 7, 8}),
    ),
    FanDef(
        number=69, zh="一般高", id="PURE_DOUBLE_CHOW", en="Pure Double Chow", points=1,
        definition="2 identical chows", excludes=(),
        detector=MeldPair("chow", "one", 0),
    ),
    FanDef(
        number=70, zh="喜相逢", id="MIXED_DOUBLE_CHOW", en="Mixed Double Chow", points=1,
        definition="the same chow in 2 suits", excludes=(),
        detector=MeldPair("chow", "distinct", 0),
    ),
    FanDef(
        number=71, zh="连六", id="SHORT_STRAIGHT", en="Short Straight", points=1,
        definition="one suit: 6 consecutive ranks", excludes=(),
        detector=MeldPair("chow", "one", 3),
    ),
    FanDef(
        number=72, zh="老少副", id="TWO_TERMINAL_CHOWS", en="Two Terminal Chows", points=1,
        definition="one suit: 123 and 789", excludes=(),
        detector=MeldPair("chow", "one", 6),
    ),
    FanDef(
        number=73, zh="幺九刻", id="PUNG_OF_TERMINALS_OR_HONORS",
        en="Pung of Terminals or Honors", points=1,
        definition="a pung/kong of 1s, 9s or winds (per pung)", excludes=(),
        detector=EachPung({1, 9}, honours=True),
    ),
    FanDef(
        number=74, zh="明杠", id="MELDED_KONG", en="Melded Kong", points=1,
        definition="an exposed kong", excludes=(),
        detector=Kongs(1, "exposed"),
    ),
    FanDef(
        number=75, zh="缺一门", id="ONE_VOIDED_SUIT", en="One Voided Suit", points=1,
        definition="one of the three suits missing", excludes=(),
        detector=Holds(suits=2, shapes=ALL_SHAPES),
    ),
    FanDef(
        number=76, zh="无字", id="NO_HONORS", en="No Honors", points=1,
        definition="no honours", excludes=(),
        detector=Holds(honours="none", shapes=ALL_SHAPES),
    ),
    FanDef(
        number=77, zh="边张", id="EDGE_WAIT", en="Edge Wait", points=1,
        definition="the 3 of 12 or the 7 of 89, the only wait", excludes=(),
        detector=Wait("edge"),
    ),
    FanDef(
        number=78, zh="坎张", id="CLOSED_WAIT", en="Closed Wait", points=1,
        definition="the middle of a chow, the only wait", excludes=(),
        detector=Wait("closed"),
    ),
    FanDef(
        number=79, zh="单钓将", id="SINGLE_WAIT", en="Single Wait", points=1,
        definition="the pair, the only wait", excludes=(),
        detector=Wait("single"),
    ),
    FanDef(
        number=80, zh="自摸", id="SELF_DRAWN", en="Self-Drawn", points=1,
        definition="self-drawn", excludes=(),
        detector=context(self_drawn=True),
    ),
    FanDef(
        number=81, zh="花牌", id="FLOWER_TILES", en="Flower Tiles", points=1,
        definition="each flower (not a fan for 无番和)", excludes=(),
        detector=Flowers(),
    ),
)
# fmt: on


MCR_FANS = FanTable("mcr", MCR_FAN_LIST, fallback="CHICKEN_HAND", bonus=BONUS)
"""The MCR fan table, with the optional 明暗杠 (``CONCEALED_KONG_AND_MELDED_KONG``,
which a rule-set option switches off)."""

BOTZONE_FANS = FanTable(
    "botzone",
    tuple(
        attrs.evolve(row, detector=attrs.evolve(row.detector, on_knitted_tiles=False))
        if isinstance(row.detector, Wait)
        else row
        for row in MCR_FAN_LIST
    ),
    fallback="CHICKEN_HAND",
    bonus=BONUS,
)
"""The MCR table as the Botzone judge counts it: its fan calculator (the
2018 one) counts no wait fan (边张, 坎张, 单钓将) for a win on a tile of a
kind of the hand's knitted straight (组合龙), even where the tile also
completes the chow or the pair."""
