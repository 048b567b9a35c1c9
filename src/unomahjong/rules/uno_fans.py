"""The UNO Mahjong fan table (docs/rules.md#fan-catalogue): 77 fans.

Each fan is one :class:`~unomahjong.rules.fans.FanDef` record: its number in
the rule book's list, names, points, definition, the fans it excludes and
absorbs (by id) and its detector, a value of the detector vocabulary
(``rules/detectors.py``) that both engines run. ``absorbs`` lists the
per-meld fans excluded only for this fan's own melds (幺九刻 of the four Skip
pungs of 长暂停).
"""

from __future__ import annotations

from ..model.shapes import Shape
from .detectors import (
    ALL_SHAPES,
    ConcealedPattern,
    ConcealedPungs,
    EachPung,
    EveryGroup,
    FourCopies,
    Holds,
    HonourPungs,
    KnittedSet,
    Kongs,
    LastCopy,
    MeldPair,
    MeldSet,
    ShapeIs,
    Wait,
    context,
)
from .fans import FanDef, FanTable

_CHOW_SHAPES = {Shape.STANDARD, Shape.KNITTED_STRAIGHT}
"""The shapes 平和 holds in: four chows, or a knitted straight and a chow."""

# fmt: off
UNO_FAN_LIST: tuple[FanDef, ...] = (
    FanDef(
        number=1, zh="长暂停", id="BIG_FOUR_SKIPS", en="Big Four Skips", points=108,
        definition="pungs/kongs of the Skip of all 4 colours + any pair",
        excludes=("ALL_COLORS", "ALL_PUNGS", "THREE_SKIP_PUNGS"),
        absorbs=("PUNG_OF_TERMINALS_OR_FUNCTIONS",),
        detector=HonourPungs(4, "exact", symbol="S"),
    ),
    FanDef(
        number=2, zh="大逆转", id="BIG_FOUR_REVERSES", en="Big Four Reverses", points=108,
        definition="pungs/kongs of the Reverse of all 4 colours + any pair",
        excludes=("ALL_COLORS", "ALL_PUNGS", "THREE_REVERSE_PUNGS"),
        absorbs=("PUNG_OF_TERMINALS_OR_FUNCTIONS",),
        detector=HonourPungs(4, "exact", symbol="R"),
    ),
    FanDef(
        number=3, zh="四杠", id="FOUR_KONGS", en="Four Kongs", points=108,
        definition="4 kongs (exposed or concealed)",
        excludes=("THREE_KONGS", "TWO_MELDED_KONGS", "TWO_CONCEALED_KONGS", "MELDED_KONG",
                  "CONCEALED_KONG", "ALL_PUNGS", "SINGLE_WAIT"),
        detector=Kongs(4),
    ),
    FanDef(
        number=4, zh="连七对", id="SEVEN_SHIFTED_PAIRS", en="Seven Shifted Pairs", points=108,
        definition="seven pairs: one colour, 7 consecutive numbers",
        excludes=("SEVEN_PAIRS", "TWO_DOUBLE_CHOWS", "FULL_FLUSH", "FULLY_CONCEALED_HAND",
                  "CONCEALED_HAND", "SINGLE_WAIT", "NO_FUNCTIONS"),
        detector=Holds(honours="none", suits=1, consecutive=7, shapes={Shape.SEVEN_PAIRS}),
    ),
    FanDef(
        number=5, zh="四海一家", id="QUADRUPLE_CHOW", en="Quadruple Chow", points=108,
        definition="4 identical chows of one colour",
        excludes=("PURE_TRIPLE_CHOW", "PURE_SHIFTED_PUNGS", "PURE_DOUBLE_CHOW", "TWO_DOUBLE_CHOWS",
                  "TILE_HOG"),
        detector=MeldSet("chow", 4, "one", "same"),
    ),
    FanDef(
        number=6, zh="天和", id="HEAVENLY_HAND", en="Heavenly Hand", points=108,
        definition="the dealer's initial 14 tiles are complete",
        excludes=("FULLY_CONCEALED_HAND", "CONCEALED_HAND", "SELF_DRAWN", "EDGE_WAIT",
                  "CLOSED_WAIT", "SINGLE_WAIT"),
        detector=context(heavenly_hand=True),
    ),
    FanDef(
        number=7, zh="短暂停", id="LITTLE_FOUR_SKIPS", en="Little Four Skips", points=88,
        definition="pungs/kongs of 3 Skips + a pair of the 4th Skip",
        excludes=("ALL_COLORS", "THREE_SKIP_PUNGS"),
        absorbs=("PUNG_OF_TERMINALS_OR_FUNCTIONS",),
        detector=HonourPungs(3, "little", symbol="S"),
    ),
    FanDef(
        number=8, zh="小逆转", id="LITTLE_FOUR_REVERSES", en="Little Four Reverses", points=88,
        definition="pungs/kongs of 3 Reverses + a pair of the 4th Reverse",
        excludes=("ALL_COLORS", "THREE_REVERSE_PUNGS"),
        absorbs=("PUNG_OF_TERMINALS_OR_FUNCTIONS",),
        detector=HonourPungs(3, "little", symbol="R"),
    ),
    FanDef(
        number=9, zh="九莲宝灯", id="NINE_GATES", en="Nine Gates", points=88,
        definition=("concealed 1112345678999 of one colour before the win, won on any tile of "
                    "that colour"),
        excludes=("FULL_FLUSH", "CONCEALED_HAND", "FULLY_CONCEALED_HAND", "NO_FUNCTIONS"),
        absorbs=("PUNG_OF_TERMINALS_OR_FUNCTIONS",),
        absorbs_limit=1,  # its 111 or 999, not both
        detector=ConcealedPattern((3, 1, 1, 1, 1, 1, 1, 1, 3)),
    ),
    FanDef(
        number=10, zh="全功能", id="ALL_FUNCTIONS", en="All Functions", points=88,
        definition="every meld and the pair are function tiles",
        excludes=("ALL_PUNGS", "PUNG_OF_TERMINALS_OR_FUNCTIONS", "OUTSIDE_HAND"),
        detector=Holds(honours="only"),
    ),
    FanDef(
        number=11, zh="一色双龙会", id="PURE_TERMINAL_CHOWS", en="Pure Terminal Chows", points=88,
        definition="one colour: 123, 123, 789, 789 + 55",
        excludes=("TWO_DOUBLE_CHOWS", "ALL_CHOWS", "SEVEN_PAIRS", "FULL_FLUSH", "PURE_DOUBLE_CHOW",
                  "TWO_TERMINAL_CHOWS", "NO_FUNCTIONS"),
        detector=MeldSet("chow", 4, "one", "terminals", pair="five_same_suit"),
    ),
    FanDef(
        number=12, zh="国士无双", id="THIRTEEN_ORPHANS", en="Thirteen Orphans", points=64,
        definition="shape 3",
        excludes=("ALL_COLORS", "FULLY_CONCEALED_HAND", "CONCEALED_HAND", "SINGLE_WAIT"),
        detector=ShapeIs(Shape.THIRTEEN_ORPHANS),
    ),
    FanDef(
        number=13, zh="清幺九", id="ALL_TERMINALS", en="All Terminals", points=64,
        definition="pungs/kongs of number 1s/9s + a pair of 1s/9s",
        excludes=("ALL_PUNGS", "DOUBLE_PUNG", "PUNG_OF_TERMINALS_OR_FUNCTIONS", "OUTSIDE_HAND",
                  "NO_FUNCTIONS"),
        detector=Holds(honours="none", ranks={1, 9}),
    ),
    FanDef(
        number=13, zh="四暗刻", id="FOUR_CONCEALED_PUNGS", en="Four Concealed Pungs", points=64,
        definition="4 concealed pungs/kongs",
        excludes=("CONCEALED_HAND", "FULLY_CONCEALED_HAND", "ALL_PUNGS", "THREE_CONCEALED_PUNGS",
                  "TWO_CONCEALED_PUNGS"),
        detector=ConcealedPungs(4),
    ),
    FanDef(
        number=14, zh="地和", id="EARTHLY_HAND", en="Earthly Hand", points=64,
        definition=("a non-dealer wins on the dealer's first discard, or self-draws on their own "
                    "first draw, before any claim or kong"),
        excludes=("CONCEALED_HAND", "FULLY_CONCEALED_HAND", "SELF_DRAWN"),
        detector=context(earthly_hand=True),
    ),
    FanDef(
        number=15, zh="四连刻", id="FOUR_PURE_SHIFTED_PUNGS", en="Four Pure Shifted Pungs", points=48,
        definition="one colour: 4 pungs/kongs, numbers rising by 1",
        excludes=("PURE_SHIFTED_PUNGS", "PURE_TRIPLE_CHOW", "ALL_PUNGS"),
        detector=MeldSet("pung", 4, "one", "shifted_1"),
    ),
    FanDef(
        number=16, zh="双龙抱", id="TWO_DOUBLE_CHOWS", en="Two Double Chows", points=48,
        definition=("two pairs of identical chows (each pair one colour; the two pairs different "
                    "chows)"),
        excludes=("SEVEN_PAIRS", "PURE_DOUBLE_CHOW"),
        detector=MeldSet("chow", 4, "any", "double_pairs"),
    ),
    FanDef(
        number=17, zh="一色四步高", id="FOUR_PURE_SHIFTED_CHOWS",
        en="Four Pure Shifted Chows", points=32,
        definition="one colour: 4 chows rising by 1 each, or by 2 each",
        excludes=("PURE_SHIFTED_CHOWS", "SHORT_STRAIGHT", "TWO_TERMINAL_CHOWS"),
        detector=MeldSet("chow", 4, "one", "shifted_1_or_2"),
    ),
    FanDef(
        number=18, zh="三杠", id="THREE_KONGS", en="Three Kongs", points=32,
        definition="3 kongs",
        excludes=("TWO_MELDED_KONGS", "TWO_CONCEALED_KONGS", "MELDED_KONG", "CONCEALED_KONG"),
        detector=Kongs(3),
    ),
    FanDef(
        number=19, zh="混幺九", id="ALL_TERMINALS_AND_FUNCTIONS",
        en="All Terminals and Functions", points=32,
        definition="pungs/kongs and pair all of 幺九牌, with both number 1s/9s and function tiles",
        excludes=("ALL_PUNGS", "PUNG_OF_TERMINALS_OR_FUNCTIONS", "OUTSIDE_HAND"),
        detector=Holds(honours="some", ranks={1, 9}),
    ),
    FanDef(
        number=20, zh="七对", id="SEVEN_PAIRS", en="Seven Pairs", points=24,
        definition="shape 2",
        excludes=("FULLY_CONCEALED_HAND", "CONCEALED_HAND", "SINGLE_WAIT"),
        detector=ShapeIs(Shape.SEVEN_PAIRS),
    ),
    FanDef(
        number=21, zh="全双刻", id="ALL_EVEN_PUNGS", en="All Even Pungs", points=24,
        definition="pungs/kongs and pair all of 2/4/6/8",
        excludes=("ALL_PUNGS", "ALL_SIMPLES", "NO_FUNCTIONS"),
        detector=EveryGroup(meld="pung", ranks={2, 4, 6, 8}),
    ),
    FanDef(
        number=22, zh="清一色", id="FULL_FLUSH", en="Full Flush", points=24,
        definition="number tiles of one colour only",
        excludes=("NO_FUNCTIONS",),
        detector=Holds(honours="none", suits=1),
    ),
    FanDef(
        number=23, zh="一色三同顺", id="PURE_TRIPLE_CHOW", en="Pure Triple Chow", points=24,
        definition="3 identical chows of one colour",
        excludes=("PURE_SHIFTED_PUNGS", "PURE_DOUBLE_CHOW"),
        detector=MeldSet("chow", 3, "one", "same"),
    ),
    FanDef(
        number=24, zh="一色三节高", id="PURE_SHIFTED_PUNGS", en="Pure Shifted Pungs", points=24,
        definition="one colour: 3 pungs/kongs rising by 1",
        excludes=("PURE_TRIPLE_CHOW",),
        detector=MeldSet("pung", 3, "one", "shifted_1"),
    ),
    FanDef(
        number=25, zh="四同刻", id="QUADRUPLE_PUNG", en="Quadruple Pung", points=24,
        definition="4 pungs/kongs of the same number (necessarily 4 colours)",
        excludes=("ALL_PUNGS", "DOUBLE_PUNG", "ALL_COLORS"),
        detector=MeldSet("pung", 4, "any", "same"),
    ),
    FanDef(
        number=26, zh="全大", id="UPPER_TILES", en="Upper Tiles", points=24,
        definition="every tile 7, 8 or 9",
        excludes=("UPPER_FOUR", "NO_FUNCTIONS"),
        detector=Holds(honours="none", ranks={7, 8, 9}),
    ),
    FanDef(
        number=27, zh="全中", id="MIDDLE_TILES", en="Middle Tiles", points=24,
        definition="every tile 4, 5 or 6",
        excludes=("ALL_SIMPLES", "NO_FUNCTIONS"),
        detector=Holds(honours="none", ranks={4, 5, 6}),
    ),
    FanDef(
        number=28, zh="全小", id="LOWER_TILES", en="Lower Tiles", points=24,
        definition="every tile 1, 2 or 3",
        excludes=("LOWER_FOUR", "NO_FUNCTIONS"),
        detector=Holds(honours="none", ranks={1, 2, 3}),
    ),
    FanDef(
        number=28, zh="清龙", id="PURE_STRAIGHT", en="Pure Straight", points=16,
        definition="one colour: 123, 456, 789",
        excludes=("SHORT_STRAIGHT", "TWO_TERMINAL_CHOWS"),
        detector=MeldSet("chow", 3, "one", "straight"),
    ),
    FanDef(
        number=29, zh="三色双龙会", id="THREE_COLOR_TERMINAL_CHOWS",
        en="Three-Colour Terminal Chows", points=16,
        definition="two colours each 123+789, a third colour's 55 as the pair",
        excludes=("MIXED_DOUBLE_CHOW", "TWO_TERMINAL_CHOWS", "NO_FUNCTIONS", "ALL_CHOWS"),
        detector=MeldSet("chow", 4, "two", "terminals", pair="five_other_suit"),
    ),
    FanDef(
        number=30, zh="一色三步高", id="PURE_SHIFTED_CHOWS", en="Pure Shifted Chows", points=16,
        definition="one colour: 3 chows rising by 1 each, or by 2 each", excludes=(),
        detector=MeldSet("chow", 3, "one", "shifted_1_or_2"),
    ),
    FanDef(
        number=31, zh="四色四同顺", id="MIXED_QUADRUPLE_CHOW", en="Mixed Quadruple Chow", points=16,
        definition="the same chow in all 4 colours",
        excludes=("MIXED_DOUBLE_CHOW", "ALL_COLORS"),
        detector=MeldSet("chow", 4, "distinct", "same"),
    ),
    FanDef(
        number=32, zh="全带五", id="ALL_FIVES", en="All Fives", points=16,
        definition="every meld and the pair contain a 5",
        excludes=("ALL_SIMPLES", "NO_FUNCTIONS"),
        detector=EveryGroup(ranks={5}, shapes={Shape.STANDARD, Shape.SEVEN_PAIRS}),
    ),
    FanDef(
        number=33, zh="三暗刻", id="THREE_CONCEALED_PUNGS", en="Three Concealed Pungs", points=16,
        definition="3 concealed pungs/kongs",
        excludes=("TWO_CONCEALED_PUNGS",),
        detector=ConcealedPungs(3),
    ),
    FanDef(
        number=34, zh="混一色", id="HALF_FLUSH", en="Half Flush", points=16,
        definition=("number tiles of one colour + function tiles of that same colour (at least "
                    "one)"),
        excludes=(),
        detector=Holds(honours="some", suits=1, colours=1),
    ),
    FanDef(
        number=35, zh="天之UNO", id="HEAVENLY_UNO", en="Heavenly UNO", points=16,
        definition="declared UNO on the player's first discard, before any claim or kong",
        excludes=(),
        detector=context(heavenly_uno=True),
    ),
    FanDef(
        number=36, zh="全不靠", id="KNITTED_AND_FUNCTIONS", en="Knitted and Functions", points=12,
        definition="shape 4",
        excludes=("FULLY_CONCEALED_HAND", "CONCEALED_HAND", "SINGLE_WAIT"),
        detector=ShapeIs(Shape.HONOURS_AND_KNITTED),
    ),
    FanDef(
        number=37, zh="组合龙", id="KNITTED_STRAIGHT", en="Knitted Straight", points=12,
        definition="the 9 tiles of a knitted set (shape 5, or inside 全不靠)", excludes=(),
        detector=KnittedSet(),
    ),
    FanDef(
        number=38, zh="四色四节高", id="MIXED_SHIFTED_PUNGS", en="Mixed Shifted Pungs", points=12,
        definition="4 pungs/kongs, one per colour, numbers rising by 1",
        excludes=("ALL_PUNGS", "ALL_COLORS"),
        detector=MeldSet("pung", 4, "distinct", "shifted_1"),
    ),
    FanDef(
        number=39, zh="大于五", id="UPPER_FOUR", en="Upper Four", points=12,
        definition="every tile 6-9",
        excludes=("NO_FUNCTIONS",),
        detector=Holds(honours="none", ranks={6, 7, 8, 9}),
    ),
    FanDef(
        number=40, zh="小于五", id="LOWER_FOUR", en="Lower Four", points=12,
        definition="every tile 1-4",
        excludes=("NO_FUNCTIONS",),
        detector=Holds(honours="none", ranks={1, 2, 3, 4}),
    ),
    FanDef(
        number=41, zh="三暂停", id="THREE_SKIP_PUNGS", en="Three Skip Pungs", points=12,
        definition="3 pungs/kongs of Skips", excludes=(),
        absorbs=("PUNG_OF_TERMINALS_OR_FUNCTIONS",),
        detector=HonourPungs(3, symbol="S"),
    ),
    FanDef(
        number=42, zh="三反转", id="THREE_REVERSE_PUNGS", en="Three Reverse Pungs", points=12,
        definition="3 pungs/kongs of Reverses", excludes=(),
        absorbs=("PUNG_OF_TERMINALS_OR_FUNCTIONS",),
        detector=HonourPungs(3, symbol="R"),
    ),
    FanDef(
        number=43, zh="无番和", id="CHICKEN_HAND", en="Chicken Hand", points=8,
        definition="no other fan at all", excludes=(),
    ),
    FanDef(
        number=44, zh="四色四步高", id="MIXED_SHIFTED_CHOWS", en="Mixed Shifted Chows", points=8,
        definition="4 chows, one per colour, rising by 1 each, or by 2 each",
        excludes=("ALL_COLORS",),
        detector=MeldSet("chow", 4, "distinct", "shifted_1_or_2"),
    ),
    FanDef(
        number=45, zh="妙手回春", id="LAST_TILE_DRAW", en="Last Tile Draw", points=8,
        definition="self-drawn on the wall's last tile",
        excludes=("SELF_DRAWN",),
        detector=context(last_tile=True, self_drawn=True),
    ),
    FanDef(
        number=46, zh="海底捞月", id="LAST_TILE_CLAIM", en="Last Tile Claim", points=8,
        definition=("won on the hand's last discard: the discard made by the player who drew the "
                    "wall's last tile, whatever tile it is"),
        excludes=(),
        detector=context(last_tile=True, self_drawn=False),
    ),
    FanDef(
        number=47, zh="杠上开花", id="OUT_WITH_REPLACEMENT_TILE",
        en="Out with Replacement Tile", points=8,
        definition="won on a kong's replacement tile",
        excludes=("SELF_DRAWN",),
        detector=context(kong_replacement=True),
    ),
    FanDef(
        number=48, zh="抢杠和", id="ROBBING_THE_KONG", en="Robbing the Kong", points=8,
        definition="won on the tile another player adds to an exposed pung",
        excludes=("LAST_TILE",),
        detector=context(robbing_kong=True),
    ),
    FanDef(
        number=49, zh="碰碰和", id="ALL_PUNGS", en="All Pungs", points=6,
        definition="4 pungs/kongs + pair", excludes=(),
        detector=EveryGroup(meld="pung"),
    ),
    FanDef(
        number=50, zh="全求人", id="MELDED_HAND", en="Melded Hand", points=6,
        definition="4 exposed melds, won on a discard, single wait on the pair",
        excludes=("SINGLE_WAIT",),
        detector=context(self_drawn=False, exposed_melds=4),
    ),
    FanDef(
        number=51, zh="双暗杠", id="TWO_CONCEALED_KONGS", en="Two Concealed Kongs", points=6,
        definition="2 concealed kongs",
        excludes=("CONCEALED_KONG", "TWO_CONCEALED_PUNGS"),
        detector=Kongs(2, "concealed"),
    ),
    FanDef(
        number=52, zh="花龙", id="MIXED_STRAIGHT", en="Mixed Straight", points=4,
        definition="three colours: 123, 456, 789, one chow each", excludes=(),
        detector=MeldSet("chow", 3, "distinct", "straight"),
    ),
    FanDef(
        number=53, zh="全带幺", id="OUTSIDE_HAND", en="Outside Hand", points=4,
        definition="every meld and the pair contain a 幺九牌", excludes=(),
        detector=EveryGroup(ranks={1, 9}, honours=True),
    ),
    FanDef(
        number=54, zh="不求人", id="FULLY_CONCEALED_HAND", en="Fully Concealed Hand", points=4,
        definition="no exposed meld (concealed kongs allowed), self-drawn",
        excludes=("SELF_DRAWN",),
        detector=context(self_drawn=True, exposed_melds=0),
    ),
    FanDef(
        number=55, zh="双明杠", id="TWO_MELDED_KONGS", en="Two Melded Kongs", points=4,
        definition="2 exposed kongs",
        excludes=("MELDED_KONG",),
        detector=Kongs(2, "exposed"),
    ),
    FanDef(
        number=56, zh="和绝张", id="LAST_TILE", en="Last Tile", points=4,
        definition=("the winning tile is the last copy: the other 3 are visible (discards, "
                    "exposed melds)"),
        excludes=(),
        detector=LastCopy(),
    ),
    FanDef(
        number=57, zh="四色", id="ALL_COLORS", en="All Colours", points=2,
        definition="all 4 colours present (function tiles count by their colour)", excludes=(),
        detector=Holds(colours=4, shapes=ALL_SHAPES),
    ),
    FanDef(
        number=58, zh="门前清", id="CONCEALED_HAND", en="Concealed Hand", points=2,
        definition="no exposed meld (concealed kongs allowed), won on a discard", excludes=(),
        detector=context(self_drawn=False, exposed_melds=0),
    ),
    FanDef(
        number=59, zh="平和", id="ALL_CHOWS", en="All Chows", points=2,
        definition="4 chows + a number pair",
        excludes=("NO_FUNCTIONS",),
        detector=EveryGroup(meld="chow", number_pair=True, shapes=_CHOW_SHAPES),
    ),
    FanDef(
        number=60, zh="四归一", id="TILE_HOG", en="Tile Hog", points=2,
        definition="4 copies of a tile used in melds/pair without a kong (per tile kind)",
        excludes=(),
        detector=FourCopies(),
    ),
    FanDef(
        number=61, zh="双暗刻", id="TWO_CONCEALED_PUNGS", en="Two Concealed Pungs", points=2,
        definition="2 concealed pungs/kongs", excludes=(),
        detector=ConcealedPungs(2),
    ),
    FanDef(
        number=62, zh="暗杠", id="CONCEALED_KONG", en="Concealed Kong", points=2,
        definition="1 concealed kong", excludes=(),
        detector=Kongs(1, "concealed"),
    ),
    FanDef(
        number=63, zh="断幺", id="ALL_SIMPLES", en="All Simples", points=2,
        definition="no 1, 9 or function tile",
        excludes=("NO_FUNCTIONS",),
        detector=Holds(honours="none", ranks={2, 3, 4, 5, 6, 7, 8}),
    ),
    FanDef(
        number=64, zh="一般高", id="PURE_DOUBLE_CHOW", en="Pure Double Chow", points=1,
        definition="2 identical chows of one colour", excludes=(),
        detector=MeldPair("chow", "one", 0),
    ),
    FanDef(
        number=65, zh="喜相逢", id="MIXED_DOUBLE_CHOW", en="Mixed Double Chow", points=1,
        definition="the same chow in 2 colours", excludes=(),
        detector=MeldPair("chow", "distinct", 0),
    ),
    FanDef(
        number=66, zh="双同刻", id="DOUBLE_PUNG", en="Double Pung", points=1,
        definition="2 pungs/kongs of the same number", excludes=(),
        detector=MeldPair("pung", "any", 0),
    ),
    FanDef(
        number=67, zh="连六", id="SHORT_STRAIGHT", en="Short Straight", points=1,
        definition="one colour: 2 chows making 6 consecutive numbers", excludes=(),
        detector=MeldPair("chow", "one", 3),
    ),
    FanDef(
        number=68, zh="老少副", id="TWO_TERMINAL_CHOWS", en="Two Terminal Chows", points=1,
        definition="one colour: 123 + 789", excludes=(),
        detector=MeldPair("chow", "one", 6),
    ),
    FanDef(
        number=69, zh="幺九刻", id="PUNG_OF_TERMINALS_OR_FUNCTIONS",
        en="Pung of Terminals or Functions", points=1,
        definition="a pung/kong of 1s, 9s or a function tile (per pung)", excludes=(),
        detector=EachPung({1, 9}, honours=True),
    ),
    FanDef(
        number=70, zh="明杠", id="MELDED_KONG", en="Melded Kong", points=1,
        definition="1 exposed kong", excludes=(),
        detector=Kongs(1, "exposed"),
    ),
    FanDef(
        number=71, zh="无功能", id="NO_FUNCTIONS", en="No Functions", points=1,
        definition="no function tile", excludes=(),
        detector=Holds(honours="none", shapes=ALL_SHAPES),
    ),
    FanDef(
        number=72, zh="边张", id="EDGE_WAIT", en="Edge Wait", points=1,
        definition="won on the 3 of 12 or the 7 of 89, and this was the only waiting tile",
        excludes=(),
        detector=Wait("edge"),
    ),
    FanDef(
        number=73, zh="坎张", id="CLOSED_WAIT", en="Closed Wait", points=1,
        definition="won on the middle of a chow, and this was the only waiting tile", excludes=(),
        detector=Wait("closed"),
    ),
    FanDef(
        number=74, zh="单钓将", id="SINGLE_WAIT", en="Single Wait", points=1,
        definition="won on the pair, and this was the only waiting tile", excludes=(),
        detector=Wait("single"),
    ),
    FanDef(
        number=75, zh="自摸", id="SELF_DRAWN", en="Self-Drawn", points=1,
        definition="self-drawn win", excludes=(),
        detector=context(self_drawn=True),
    ),
)
# fmt: on


UNO_FANS = FanTable("uno", UNO_FAN_LIST, fallback="CHICKEN_HAND")
"""The UNO Mahjong fan table."""
