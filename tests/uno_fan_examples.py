"""Worked UNO Mahjong scoring examples, derived by hand from docs/rules.md.

Data only (no tests): ``tests/test_uno_fans.py`` checks the engine against it.

Every record names the fan it illustrates (``fan_id``), the hand in canonical-ish
notation (docs/notation.md), the win-context flags (keyword arguments of
:func:`unomahjong.scoring.score_hand`; absent means ``False``, so won on a
discard), the FULL expected fan multiset ``{fan id: count}`` and the total.
``note`` shows the derivation: what holds, what is excluded and by which row.

Abbreviations in the notes: "waits a/b" = the 13 tiles before the win complete
on tile kinds a and b (by shape, docs/rules.md#further-counting-rules), so no wait fan;
"unique wait" = exactly one kind, so the wait fan of the winning tile's role.
"""

from __future__ import annotations

from typing import NamedTuple


class FanExample(NamedTuple):
    """One worked example: a hand, how it was won, and its hand-derived score."""

    fan_id: str
    """The fan this example illustrates (always present in ``expected``)."""
    hand: str
    flags: dict[str, bool]
    expected: dict[str, int]
    """Fan id -> count: the complete multiset of counted fans."""
    total: int
    note: str


SD = {"self_drawn": True}
"""Self-drawn."""

CHICKEN = "[123r] [456y] [678g] 34r RRr +5r"
"""Chows 123r 345r 456y 678g, pair RRr, three colours, waits 2r/5r: nothing at all."""

EXAMPLES: list[FanExample] = [
    # ------------------------------------------------------------ 108 points
    FanExample(
        "BIG_FOUR_SKIPS",
        "[SSSr] [SSSy] [SSSg] SSSb 5r +5r",
        {},
        {"BIG_FOUR_SKIPS": 1, "SINGLE_WAIT": 1},
        109,
        "four Skip pungs: 四色, 碰碰和, 三暂停 and the 4 幺九刻 are excluded; "
        "one concealed pung only; unique wait 5r on the pair: 单钓将",
    ),
    FanExample(
        "BIG_FOUR_REVERSES",
        "[RRRr] [RRRy] RRRg RRRb 5r +5r",
        {},
        {"BIG_FOUR_REVERSES": 1, "TWO_CONCEALED_PUNGS": 1, "SINGLE_WAIT": 1},
        111,
        "四色, 碰碰和, 三反转, 幺九刻 x4 excluded; RRRg RRRb concealed: 双暗刻; 单钓将 (5r)",
    ),
    FanExample(
        "FOUR_KONGS",
        "[1111r] [5555y] (9999g) (SSSSb) 7r +7r",
        {},
        {
            "FOUR_KONGS": 1,
            "TWO_CONCEALED_PUNGS": 1,
            "PUNG_OF_TERMINALS_OR_FUNCTIONS": 3,
            "ALL_COLORS": 1,
        },
        115,
        "三杠, 双明杠, 双暗杠, 明杠, 暗杠, 碰碰和, 单钓将 (unique wait 7r) excluded; "
        "the two concealed kongs still count as concealed pungs: 双暗刻; "
        "幺九刻 for 1111r, 9999g, SSSSb; 四色",
    ),
    FanExample(
        "SEVEN_SHIFTED_PAIRS",
        "1122344556677r +3r",
        {},
        {"SEVEN_SHIFTED_PAIRS": 1},
        108,
        "pairs 1r..7r; the 13 tiles wait on 3r only, yet 单钓将 is excluded, as are 七对, "
        "清一色, 门前清, 无功能; the standard reading 123 123 44 567 567 (双龙抱 48 + "
        "清一色 24 + ...) scores less",
    ),
    FanExample(
        "SEVEN_SHIFTED_PAIRS",
        "1122344556677r +3r",
        SD,
        {"SEVEN_SHIFTED_PAIRS": 1, "SELF_DRAWN": 1},
        109,
        "self-drawn: 不求人 is excluded by 连七对 but 自摸 is not (exclusion is not "
        "transitive: 不求人 is not counted, so its own exclusion of 自摸 does not apply)",
    ),
    FanExample(
        "QUADRUPLE_CHOW",
        "[234y] 234234234y 5b +5b",
        {},
        {"QUADRUPLE_CHOW": 1, "ALL_CHOWS": 1, "ALL_SIMPLES": 1, "SINGLE_WAIT": 1},
        113,
        "four 234y: 一色三同顺, 一般高, 双龙抱, 四归一 (2y 3y 4y x4) excluded, no pair "
        "combination among the four chows; the pung reading 222 333 444 (一色三节高) scores "
        "less; 平和, 断幺 (both exclude 无功能); unique wait 5b: 单钓将",
    ),
    FanExample(
        "HEAVENLY_HAND",
        "123456r 789y 234b Rg +Rg",
        {"self_drawn": True, "heavenly_hand": True},
        {"HEAVENLY_HAND": 1, "SHORT_STRAIGHT": 1, "ALL_COLORS": 1},
        111,
        "天和 excludes 不求人, 自摸 and every wait fan (taking Rg, 3r or 8y as the winning "
        "tile would give a unique 单钓将, 边张 or 坎张); 连六 123r+456r; 四色 (Rg is green)",
    ),
    # ------------------------------------------------------------- 88 points
    FanExample(
        "LITTLE_FOUR_SKIPS",
        "[SSSr] [SSSy] SSSg 56b SSb +7b",
        {},
        {"LITTLE_FOUR_SKIPS": 1},
        88,
        "三暂停, 四色 and the 3 Skip 幺九刻 excluded; one concealed pung; waits 4b/7b",
    ),
    FanExample(
        "LITTLE_FOUR_REVERSES",
        "[RRRr] RRRy RRRg 67b RRb +5b",
        {},
        {"LITTLE_FOUR_REVERSES": 1, "TWO_CONCEALED_PUNGS": 1},
        90,
        "三反转, 四色, 幺九刻 x3 excluded; RRRy RRRg concealed: 双暗刻; waits 5b/8b",
    ),
    FanExample(
        "NINE_GATES",
        "1112345678999r +5r",
        {},
        {"NINE_GATES": 1, "TWO_CONCEALED_PUNGS": 1, "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1},
        91,
        "only reading 111 234 55 678 999; 清一色, 门前清, 无功能 excluded, one of the two "
        "幺九刻 excluded; 111 and 999 are concealed: 双暗刻; nine waits, no wait fan",
    ),
    FanExample(
        "NINE_GATES",
        "1112345678999r +5r",
        SD,
        {
            "NINE_GATES": 1,
            "TWO_CONCEALED_PUNGS": 1,
            "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1,
            "SELF_DRAWN": 1,
        },
        92,
        "self-drawn: 不求人 excluded by 九莲宝灯, 自摸 still counts (not transitive)",
    ),
    FanExample(
        "ALL_FUNCTIONS",
        "[SSSr] [RRRy] SSSg RRRb Sb +Sb",
        {},
        {"ALL_FUNCTIONS": 1, "TWO_CONCEALED_PUNGS": 1, "ALL_COLORS": 1, "SINGLE_WAIT": 1},
        93,
        "碰碰和, 幺九刻 x4, 全带幺 excluded; no number tile so no 混幺九; only two Skip "
        "pungs; SSSg RRRb concealed: 双暗刻; 四色; unique wait Sb: 单钓将",
    ),
    FanExample(
        "PURE_TERMINAL_CHOWS",
        "[123g] 123789789g 5g +5g",
        {},
        {"PURE_TERMINAL_CHOWS": 1, "SINGLE_WAIT": 1},
        89,
        "双龙抱, 平和, 清一色, 一般高, 老少副, 无功能 excluded; no pair combination among "
        "the four chows; unique wait 5g: 单钓将",
    ),
    FanExample(
        "PURE_TERMINAL_CHOWS",
        "123123789789g 5g +5g",
        {},
        {"PURE_TERMINAL_CHOWS": 1, "CONCEALED_HAND": 1, "SINGLE_WAIT": 1},
        91,
        "concealed: also seven pairs (11 22 33 77 88 99 55g), but 一色双龙会 excludes 七对 "
        "and the standard reading is higher; 门前清; unique wait 5g: 单钓将",
    ),
    # ------------------------------------------------------------- 64 points
    FanExample(
        "THIRTEEN_ORPHANS",
        "19RSr 19RSy 19Rg 19b +Sg",
        {},
        {"THIRTEEN_ORPHANS": 1},
        64,
        "14 different 幺九牌; 四色, 门前清, 单钓将 excluded (three waits Sg Rb Sb anyway)",
    ),
    FanExample(
        "THIRTEEN_ORPHANS",
        "19RSr 19RSy 19Rg 19b +Sg",
        SD,
        {"THIRTEEN_ORPHANS": 1, "SELF_DRAWN": 1},
        65,
        "self-drawn: 不求人 excluded, 自摸 counts (not transitive)",
    ),
    FanExample(
        "ALL_TERMINALS",
        "[111r] [999y] 111g 999b 1b +1b",
        {},
        {"ALL_TERMINALS": 1, "TWO_CONCEALED_PUNGS": 1, "ALL_COLORS": 1, "SINGLE_WAIT": 1},
        69,
        "碰碰和, 双同刻 (111r/111g, 999y/999b), 幺九刻 x4, 全带幺, 无功能 excluded; "
        "111g 999b concealed: 双暗刻; 四色; unique wait 1b: 单钓将",
    ),
    FanExample(
        "FOUR_CONCEALED_PUNGS",
        "222r 444y 666g 888b 5r +5r",
        {},
        {"FOUR_CONCEALED_PUNGS": 1, "ALL_COLORS": 1, "ALL_SIMPLES": 1, "SINGLE_WAIT": 1},
        69,
        "门前清, 碰碰和, 三暗刻, 双暗刻 excluded; 四色; 断幺 (excludes 无功能); pair 5r is "
        "odd so no 全双刻; unique wait 5r: 单钓将",
    ),
    FanExample(
        "FOUR_CONCEALED_PUNGS",
        "222r 444y 666g 888b 5r +5r",
        SD,
        {
            "FOUR_CONCEALED_PUNGS": 1,
            "ALL_COLORS": 1,
            "ALL_SIMPLES": 1,
            "SINGLE_WAIT": 1,
            "SELF_DRAWN": 1,
        },
        70,
        "self-drawn: 不求人 excluded, 自摸 counts (not transitive)",
    ),
    FanExample(
        "EARTHLY_HAND",
        "234r 456y 678g 22b 34b +5b",
        {"earthly_hand": True},
        {"EARTHLY_HAND": 1, "ALL_CHOWS": 1, "ALL_SIMPLES": 1, "ALL_COLORS": 1},
        70,
        "地和 on the dealer's discard: 门前清 excluded; 平和, 断幺, 四色; waits 2b/5b",
    ),
    FanExample(
        "EARTHLY_HAND",
        "234r 456y 678g 22b 34b +5b",
        {"earthly_hand": True, "self_drawn": True},
        {"EARTHLY_HAND": 1, "ALL_CHOWS": 1, "ALL_SIMPLES": 1, "ALL_COLORS": 1},
        70,
        "地和 on the player's first draw: 不求人 and 自摸 both excluded",
    ),
    # ------------------------------------------------------------- 48 points
    FanExample(
        "FOUR_PURE_SHIFTED_PUNGS",
        "[333y] [444y] 555666y Sy +Sy",
        {},
        {
            "FOUR_PURE_SHIFTED_PUNGS": 1,
            "TWO_CONCEALED_PUNGS": 1,
            "HALF_FLUSH": 1,
            "SINGLE_WAIT": 1,
        },
        67,
        "333 444 555 666 yellow: 一色三节高, 碰碰和 excluded; 555 666 concealed: 双暗刻; "
        "混一色 (yellow numbers + yellow Skip); unique wait Sy: 单钓将",
    ),
    FanExample(
        "FOUR_PURE_SHIFTED_PUNGS",
        "333444555666y Sy +Sy",
        {},
        {
            "FOUR_PURE_SHIFTED_PUNGS": 1,
            "FOUR_CONCEALED_PUNGS": 1,
            "HALF_FLUSH": 1,
            "SINGLE_WAIT": 1,
        },
        129,
        "concealed: also 345x3 + 666 or 333 + 456x3 (一色三同顺 24), lower; the pung "
        "reading: 四连刻 + 四暗刻 (excludes 门前清, 碰碰和, 三暗刻, 双暗刻) + 混一色 + 单钓将",
    ),
    FanExample(
        "TWO_DOUBLE_CHOWS",
        "[234r] 234r 678678b 5y +5y",
        {},
        {"TWO_DOUBLE_CHOWS": 1, "ALL_CHOWS": 1, "ALL_SIMPLES": 1, "SINGLE_WAIT": 1},
        53,
        "234r x2, 678b x2: 一般高 excluded, no pair combination among the four chows; "
        "平和, 断幺; unique wait 5y: 单钓将",
    ),
    FanExample(
        "TWO_DOUBLE_CHOWS",
        "223344r 667788b 5y +5y",
        {},
        {
            "TWO_DOUBLE_CHOWS": 1,
            "ALL_CHOWS": 1,
            "ALL_SIMPLES": 1,
            "CONCEALED_HAND": 1,
            "SINGLE_WAIT": 1,
        },
        55,
        "concealed, so also seven pairs (22 33 44 66 77 88 55): 双龙抱 excludes 七对 and "
        "the standard reading is higher; 门前清",
    ),
    # ------------------------------------------------------------- 32 points
    FanExample(
        "FOUR_PURE_SHIFTED_CHOWS",
        "[123b] 234345456b 9r +9r",
        {},
        {"FOUR_PURE_SHIFTED_CHOWS": 1, "ALL_CHOWS": 1, "SINGLE_WAIT": 1},
        35,
        "123 234 345 456 blue: 一色三步高, 连六 (123+456) excluded; 平和 (excl. 无功能); "
        "unique wait 9r: 单钓将",
    ),
    FanExample(
        "FOUR_PURE_SHIFTED_CHOWS",
        "[123g] [345g] 567789g 5r +5r",
        {},
        {"FOUR_PURE_SHIFTED_CHOWS": 1, "ALL_CHOWS": 1, "SINGLE_WAIT": 1},
        35,
        "rising by 2 (123 345 567 789): 一色三步高, 老少副 (123+789) excluded; 平和; 单钓将",
    ),
    FanExample(
        "THREE_KONGS",
        "[2222r] [7777y] (SSSSg) 345b 6b +6b",
        {},
        {"THREE_KONGS": 1, "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1, "ALL_COLORS": 1},
        35,
        "双明杠, 明杠, 暗杠 excluded; one concealed pung only; 幺九刻 SSSSg; 四色; waits 3b/6b",
    ),
    FanExample(
        "THREE_KONGS",
        "[2222r] (7777y) (SSSSg) 345b 6b +6b",
        {},
        {
            "THREE_KONGS": 1,
            "TWO_CONCEALED_PUNGS": 1,
            "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1,
            "ALL_COLORS": 1,
        },
        37,
        "双暗杠 and 明杠 excluded by 三杠; 双暗刻 is excluded only by 双暗杠, which is not "
        "counted, and concealed kongs always count as concealed pungs: 双暗刻 counts",
    ),
    FanExample(
        "ALL_TERMINALS_AND_FUNCTIONS",
        "[111r] [999r] RRRy 99g SSb +Sb",
        {},
        {"ALL_TERMINALS_AND_FUNCTIONS": 1, "ALL_COLORS": 1},
        34,
        "碰碰和, 幺九刻 x4, 全带幺 excluded; SSSb completed by a discard is exposed, so one "
        "concealed pung; 四色; waits 9g/Sb",
    ),
    # ------------------------------------------------------------- 24 points
    FanExample(
        "SEVEN_PAIRS",
        "1155r 33Ry 77g 2299b +Ry",
        {},
        {"SEVEN_PAIRS": 1, "ALL_COLORS": 1},
        26,
        "门前清 and 单钓将 (unique wait Ry) excluded; 四色",
    ),
    FanExample(
        "SEVEN_PAIRS",
        "1155r 33Ry 77g 2299b +Ry",
        SD,
        {"SEVEN_PAIRS": 1, "ALL_COLORS": 1, "SELF_DRAWN": 1},
        27,
        "the counting principles' example of non-transitive exclusion: 七对 excludes "
        "不求人, yet the self-drawn 七对 still scores 自摸",
    ),
    FanExample(
        "ALL_EVEN_PUNGS",
        "[222r] [444y] 666g 88b 88g +8b",
        {},
        {"ALL_EVEN_PUNGS": 1, "ALL_COLORS": 1},
        26,
        "碰碰和, 断幺, 无功能 excluded; 888b by discard is exposed: one concealed pung; 四色; "
        "waits 8b/8g",
    ),
    FanExample(
        "FULL_FLUSH",
        "[234y] [678y] 111y 55y 99y +5y",
        {},
        {"FULL_FLUSH": 1, "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1},
        25,
        "无功能 excluded; 幺九刻 111y; 555y by discard is exposed; waits 5y/9y",
    ),
    FanExample(
        "PURE_TRIPLE_CHOW",
        "[567r] 567567r 234g 8r +8r",
        {},
        {"PURE_TRIPLE_CHOW": 1, "ALL_CHOWS": 1, "ALL_SIMPLES": 1},
        28,
        "567r x3: 一般高 excluded; 234g combines with none of them; 平和, 断幺; waits 5r/8r "
        "(the other reading 55 678 678 scores less)",
    ),
    FanExample(
        "PURE_SHIFTED_PUNGS",
        "[555g] 666777g 123r 9b +9b",
        {},
        {
            "PURE_SHIFTED_PUNGS": 1,
            "TWO_CONCEALED_PUNGS": 1,
            "NO_FUNCTIONS": 1,
            "SINGLE_WAIT": 1,
        },
        28,
        "555 666 777 green; 666 777 concealed: 双暗刻; 无功能; three colours; 单钓将 (9b)",
    ),
    FanExample(
        "QUADRUPLE_PUNG",
        "[333r] [333y] [333g] 333b Sr +Sr",
        {},
        {"QUADRUPLE_PUNG": 1, "SINGLE_WAIT": 1},
        25,
        "碰碰和, 双同刻, 四色 excluded; a Skip is no number, so no 全小/小于五; 单钓将 (Sr)",
    ),
    FanExample(
        "UPPER_TILES",
        "[789r] [789y] 789g 88b 99b +9b",
        {},
        {
            "UPPER_TILES": 1,
            "MIXED_DOUBLE_CHOW": 2,
            "ALL_COLORS": 1,
            "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1,
        },
        29,
        "大于五, 无功能 excluded; 789 in three colours: 喜相逢 x2; 四色; 幺九刻 999b; "
        "pair 88b so no 全带幺; waits 8b/9b",
    ),
    FanExample(
        "MIDDLE_TILES",
        "[456r] [456b] 444y 55g 66g +5g",
        {},
        {"MIDDLE_TILES": 1, "MIXED_DOUBLE_CHOW": 1, "ALL_COLORS": 1},
        27,
        "断幺, 无功能 excluded; 喜相逢 456r/456b; 四色; waits 5g/6g",
    ),
    FanExample(
        "LOWER_TILES",
        "[123r] [123g] 222y 33b 11b +1b",
        {},
        {
            "LOWER_TILES": 1,
            "MIXED_DOUBLE_CHOW": 1,
            "ALL_COLORS": 1,
            "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1,
        },
        28,
        "小于五, 无功能 excluded; 喜相逢 123r/123g; 四色; 幺九刻 111b; waits 1b/3b",
    ),
    # ------------------------------------------------------------- 16 points
    FanExample(
        "PURE_STRAIGHT",
        "[SSSg] 123r 456r 789r 5g +5g",
        {},
        {"PURE_STRAIGHT": 1, "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1, "SINGLE_WAIT": 1},
        18,
        "the notation page's example hand: 连六 (123+456) and 老少副 (123+789) excluded; "
        "幺九刻 SSSg; unique wait 5g: 单钓将",
    ),
    FanExample(
        "PURE_STRAIGHT",
        "[789b] 123456b 234r 8y +8y",
        {},
        {"PURE_STRAIGHT": 1, "ALL_CHOWS": 1, "SINGLE_WAIT": 1},
        19,
        "清龙 blue; 234r is a fourth chow that combines with none; 平和 (excl. 无功能); 单钓将",
    ),
    FanExample(
        "THREE_COLOR_TERMINAL_CHOWS",
        "[123r] [789r] 123789b 5g +5g",
        {},
        {"THREE_COLOR_TERMINAL_CHOWS": 1, "SINGLE_WAIT": 1},
        17,
        "喜相逢 (123r/123b, 789r/789b), 老少副, 平和, 无功能 excluded; 单钓将 (5g)",
    ),
    FanExample(
        "PURE_SHIFTED_CHOWS",
        "[123b] [345b] 567b 234r 9y +9y",
        {},
        {"PURE_SHIFTED_CHOWS": 1, "ALL_CHOWS": 1, "SINGLE_WAIT": 1},
        19,
        "123 345 567 blue (steps of 2); 234r forms no pair fan with them; 平和; 单钓将",
    ),
    FanExample(
        "MIXED_QUADRUPLE_CHOW",
        "[345r] [345y] [345g] 345b 6r +6r",
        {},
        {"MIXED_QUADRUPLE_CHOW": 1, "ALL_CHOWS": 1, "ALL_SIMPLES": 1, "SINGLE_WAIT": 1},
        21,
        "喜相逢 and 四色 excluded; 平和, 断幺; unique wait 6r: 单钓将",
    ),
    FanExample(
        "ALL_FIVES",
        "[345r] [555y] 456g 567b 5r +5r",
        {},
        {"ALL_FIVES": 1, "ALL_COLORS": 1, "SINGLE_WAIT": 1},
        19,
        "every meld and the pair hold a 5: 断幺, 无功能 excluded; 四色; 单钓将 (5r)",
    ),
    FanExample(
        "THREE_CONCEALED_PUNGS",
        "[678r] 222y 444g 777b 9r +9r",
        {},
        {
            "THREE_CONCEALED_PUNGS": 1,
            "ALL_COLORS": 1,
            "NO_FUNCTIONS": 1,
            "SINGLE_WAIT": 1,
        },
        20,
        "双暗刻 excluded; 四色; 无功能; 单钓将 (9r)",
    ),
    FanExample(
        "HALF_FLUSH",
        "[234g] [789g] 456g 99g RRg +Rg",
        {},
        {"HALF_FLUSH": 1, "SHORT_STRAIGHT": 1, "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1},
        18,
        "green numbers + green Reverse; 连六 456+789; RRRg (exposed by the discard): "
        "幺九刻; waits 9g/Rg",
    ),
    FanExample(
        "HEAVENLY_UNO",
        "234r 567y 789g 33b 45b +6b",
        {"heavenly_uno": True},
        {"HEAVENLY_UNO": 1, "CONCEALED_HAND": 1, "ALL_CHOWS": 1, "ALL_COLORS": 1},
        22,
        "天之UNO; 门前清; 平和; 四色; waits 3b/6b",
    ),
    # ------------------------------------------------------------- 12 points
    FanExample(
        "KNITTED_AND_FUNCTIONS",
        "147RSr 25RSy 36RSg +Rb",
        {},
        {"KNITTED_AND_FUNCTIONS": 1, "ALL_COLORS": 1},
        14,
        "1 4 7r 2 5y 3 6g + 7 function kinds; knitted set incomplete: no 组合龙; 门前清 "
        "excluded; 四色 (Rb)",
    ),
    FanExample(
        "KNITTED_AND_FUNCTIONS",
        "147RSr 25RSy 36RSg +Rb",
        SD,
        {"KNITTED_AND_FUNCTIONS": 1, "ALL_COLORS": 1, "SELF_DRAWN": 1},
        15,
        "self-drawn: 不求人 excluded, 自摸 counts (not transitive)",
    ),
    FanExample(
        "KNITTED_STRAIGHT",
        "[234b] 147r 258y 369g 5b +5b",
        {},
        {"KNITTED_STRAIGHT": 1, "ALL_CHOWS": 1, "ALL_COLORS": 1, "SINGLE_WAIT": 1},
        17,
        "shape 5 with an exposed chow: the knitted set counts as three chows for 平和 "
        "(excl. 无功能); 四色; unique wait 5b: 单钓将",
    ),
    FanExample(
        "KNITTED_STRAIGHT",
        "147RSr 258y 369g RSb +Ry",
        {},
        {"KNITTED_AND_FUNCTIONS": 1, "KNITTED_STRAIGHT": 1, "ALL_COLORS": 1},
        26,
        "组合龙 inside 全不靠 (the whole knitted set + 5 function kinds)",
    ),
    FanExample(
        "MIXED_SHIFTED_PUNGS",
        "[333r] [444y] 555g 666b 7r +7r",
        {},
        {
            "MIXED_SHIFTED_PUNGS": 1,
            "TWO_CONCEALED_PUNGS": 1,
            "ALL_SIMPLES": 1,
            "SINGLE_WAIT": 1,
        },
        17,
        "碰碰和, 四色 excluded; 555g 666b concealed: 双暗刻; 断幺; 单钓将 (7r)",
    ),
    FanExample(
        "UPPER_FOUR",
        "[678r] [789y] 666g 99b 88b +8b",
        {},
        {"UPPER_FOUR": 1, "ALL_COLORS": 1},
        14,
        "every tile 6-9 (a 6, so not 全大): 无功能 excluded; 四色; waits 8b/9b",
    ),
    FanExample(
        "LOWER_FOUR",
        "[234r] [123y] 444g 11b 22b +2b",
        {},
        {"LOWER_FOUR": 1, "ALL_COLORS": 1},
        14,
        "every tile 1-4 (a 4, so not 全小): 无功能 excluded; 四色; pair 11b, no 幺九刻",
    ),
    FanExample(
        "THREE_SKIP_PUNGS",
        "[SSSr] [SSSy] SSSg 345b 6b +6b",
        {},
        {"THREE_SKIP_PUNGS": 1, "ALL_COLORS": 1},
        14,
        "the 3 Skip 幺九刻 are absorbed; one concealed pung; 四色; waits 3b/6b",
    ),
    FanExample(
        "THREE_REVERSE_PUNGS",
        "[RRRr] RRRy RRRg 123b 9b +9b",
        {},
        {
            "THREE_REVERSE_PUNGS": 1,
            "TWO_CONCEALED_PUNGS": 1,
            "ALL_COLORS": 1,
            "OUTSIDE_HAND": 1,
            "SINGLE_WAIT": 1,
        },
        21,
        "幺九刻 x3 absorbed; 双暗刻; 四色; every meld and the pair hold a 幺九牌: 全带幺; 单钓将",
    ),
    # -------------------------------------------------------------- 8 points
    FanExample(
        "CHICKEN_HAND",
        CHICKEN,
        {},
        {"CHICKEN_HAND": 1},
        8,
        "exposed melds, won on a discard, a function pair (no 无功能, no 平和), three "
        "colours, waits 2r/5r: no other fan at all",
    ),
    FanExample(
        "MIXED_SHIFTED_CHOWS",
        "[123r] [234y] [345g] 456b 8r +8r",
        {},
        {"MIXED_SHIFTED_CHOWS": 1, "ALL_CHOWS": 1, "SINGLE_WAIT": 1},
        11,
        "四色 excluded; 平和; 单钓将 (8r)",
    ),
    FanExample(
        "LAST_TILE_DRAW",
        CHICKEN,
        {"self_drawn": True, "last_tile": True},
        {"LAST_TILE_DRAW": 1},
        8,
        "妙手回春 excludes 自摸",
    ),
    FanExample(
        "LAST_TILE_CLAIM",
        CHICKEN,
        {"last_tile": True},
        {"LAST_TILE_CLAIM": 1},
        8,
        "海底捞月: won on the hand's last discard",
    ),
    FanExample(
        "OUT_WITH_REPLACEMENT_TILE",
        "[5555r] [456y] [678g] 34r RRr +2r",
        {"self_drawn": True, "kong_replacement": True},
        {"OUT_WITH_REPLACEMENT_TILE": 1, "MELDED_KONG": 1},
        9,
        "杠上开花 excludes 自摸; 明杠; waits 2r/5r (5r dead, but waits are by shape)",
    ),
    FanExample(
        "ROBBING_THE_KONG",
        CHICKEN,
        {"robbing_kong": True},
        {"ROBBING_THE_KONG": 1},
        8,
        "抢杠和",
    ),
    FanExample(
        "ROBBING_THE_KONG",
        CHICKEN,
        {"robbing_kong": True, "last_copy": True},
        {"ROBBING_THE_KONG": 1},
        8,
        "the robbed tile is the last copy, but 抢杠和 excludes 和绝张",
    ),
    # ---------------------------------------------------------- 6 to 4 points
    FanExample(
        "ALL_PUNGS",
        "[222r] [555y] 777g 33b 88b +8b",
        {},
        {"ALL_PUNGS": 1, "ALL_SIMPLES": 1, "ALL_COLORS": 1},
        10,
        "碰碰和; 断幺 (excl. 无功能); 四色; 888b exposed by the discard; waits 3b/8b",
    ),
    FanExample(
        "MELDED_HAND",
        "[123r] [456y] [678g] [SSSb] 5r +5r",
        {},
        {"MELDED_HAND": 1, "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1, "ALL_COLORS": 1},
        9,
        "全求人 excludes 单钓将; 幺九刻 SSSb; 四色",
    ),
    FanExample(
        "TWO_CONCEALED_KONGS",
        "(2222r) (6666y) [345g] 78b 99b +6b",
        {},
        {"TWO_CONCEALED_KONGS": 1, "ALL_COLORS": 1, "NO_FUNCTIONS": 1},
        9,
        "暗杠, 双暗刻 excluded; 四色; 无功能; waits 6b/9b",
    ),
    FanExample(
        "MIXED_STRAIGHT",
        "[123r] [456y] [789g] 34r RRr +5r",
        {},
        {"MIXED_STRAIGHT": 1},
        4,
        "花龙; 345r combines with none of its chows; waits 2r/5r. 花龙 holds, so this is "
        "not 无番和 (8) even though 8 > 4: 无番和 needs 'no other fan at all'",
    ),
    FanExample(
        "OUTSIDE_HAND",
        "[123r] [789y] [SSSg] 123b 1r +1r",
        {},
        {
            "OUTSIDE_HAND": 1,
            "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1,
            "ALL_COLORS": 1,
            "MIXED_DOUBLE_CHOW": 1,
            "SINGLE_WAIT": 1,
        },
        9,
        "全带幺; 幺九刻 SSSg; 四色; 喜相逢 123r/123b; unique wait 1r: 单钓将",
    ),
    FanExample(
        "FULLY_CONCEALED_HAND",
        "234r 567y 789g 33b 45b +6b",
        SD,
        {"FULLY_CONCEALED_HAND": 1, "ALL_CHOWS": 1, "ALL_COLORS": 1},
        8,
        "不求人 excludes 自摸; 平和; 四色; waits 3b/6b",
    ),
    FanExample(
        "TWO_MELDED_KONGS",
        "[3333r] [7777y] [456g] 45b 88b +6b",
        {},
        {"TWO_MELDED_KONGS": 1, "ALL_SIMPLES": 1, "ALL_COLORS": 1, "MIXED_DOUBLE_CHOW": 1},
        9,
        "双明杠 excludes 明杠; 断幺; 四色; 喜相逢 456g/456b; waits 3b/6b",
    ),
    FanExample(
        "LAST_TILE",
        CHICKEN,
        {"last_copy": True},
        {"LAST_TILE": 1},
        4,
        "和绝张 by the flag (three 5r visible elsewhere)",
    ),
    FanExample(
        "LAST_TILE",
        "[555r] [456y] [678g] 34r RRr +5r",
        {},
        {"LAST_TILE": 1, "TILE_HOG": 1},
        6,
        "no flag: the player's own exposed pung holds the other three 5r, so 和绝张 "
        "(further counting rules); all four 5r in melds, no kong: 四归一",
    ),
    # ---------------------------------------------------------- 2 to 1 points
    FanExample(
        "ALL_COLORS",
        "[123r] [456y] [678g] 34b RRr +5b",
        {},
        {"ALL_COLORS": 1},
        2,
        "四色 (the chicken hand with the 345 moved to blue)",
    ),
    FanExample(
        "CONCEALED_HAND",
        "123r 456y 678g 34r RRr +5r",
        {},
        {"CONCEALED_HAND": 1},
        2,
        "门前清 (the chicken hand kept concealed)",
    ),
    FanExample(
        "ALL_CHOWS",
        "[123r] [456y] [678g] 34r 99r +5r",
        {},
        {"ALL_CHOWS": 1},
        2,
        "平和 excludes 无功能",
    ),
    FanExample(
        "TILE_HOG",
        "[234y] [456y] [678g] 44y RRr +Rr",
        {},
        {"TILE_HOG": 1, "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1},
        3,
        "4y in 234y, 456y and the pair: 四归一; 幺九刻 RRRr; waits Rr/4y (4y dead)",
    ),
    FanExample(
        "TWO_CONCEALED_PUNGS",
        "[123r] [456y] 777g 333b 5r +5r",
        {},
        {"TWO_CONCEALED_PUNGS": 1, "ALL_COLORS": 1, "NO_FUNCTIONS": 1, "SINGLE_WAIT": 1},
        6,
        "双暗刻; 四色; 无功能; 单钓将 (5r)",
    ),
    FanExample(
        "CONCEALED_KONG",
        "(5555g) [123r] [456y] 34r RRr +5r",
        {},
        {"CONCEALED_KONG": 1},
        2,
        "暗杠; a single concealed pung scores nothing more; waits 2r/5r",
    ),
    FanExample(
        "ALL_SIMPLES",
        "[234r] [456y] [888g] 34r 22r +5r",
        {},
        {"ALL_SIMPLES": 1},
        2,
        "断幺 excludes 无功能; waits 2r/5r",
    ),
    FanExample(
        "PURE_DOUBLE_CHOW",
        "[234r] [234r] [678g] 56y RRr +7y",
        {},
        {"PURE_DOUBLE_CHOW": 1},
        1,
        "一般高 234r x2; waits 4y/7y",
    ),
    FanExample(
        "MIXED_DOUBLE_CHOW",
        "[234r] [234g] [678g] 56y RRr +7y",
        {},
        {"MIXED_DOUBLE_CHOW": 1},
        1,
        "喜相逢 234r/234g",
    ),
    FanExample(
        "DOUBLE_PUNG",
        "[222r] [222g] [678g] 56y RRr +7y",
        {},
        {"DOUBLE_PUNG": 1},
        1,
        "双同刻 222r/222g",
    ),
    FanExample(
        "SHORT_STRAIGHT",
        "[234r] [567r] [678g] 34y RRr +5y",
        {},
        {"SHORT_STRAIGHT": 1},
        1,
        "连六 234r+567r",
    ),
    FanExample(
        "TWO_TERMINAL_CHOWS",
        "[123r] [789r] [456g] 56y RRr +7y",
        {},
        {"TWO_TERMINAL_CHOWS": 1},
        1,
        "老少副 123r+789r",
    ),
    FanExample(
        "PUNG_OF_TERMINALS_OR_FUNCTIONS",
        "[111r] [SSSg] [456y] 34r 66r +5r",
        {},
        {"PUNG_OF_TERMINALS_OR_FUNCTIONS": 2},
        2,
        "幺九刻 per pung: 111r and SSSg",
    ),
    FanExample(
        "MELDED_KONG",
        "[5555r] [456y] [678g] 34r RRr +2r",
        {},
        {"MELDED_KONG": 1},
        1,
        "明杠",
    ),
    FanExample(
        "NO_FUNCTIONS",
        "[123r] [456y] [777g] 34r 11y +5r",
        {},
        {"NO_FUNCTIONS": 1},
        1,
        "无功能 (a pung, so no 平和; 1s, so no 断幺)",
    ),
    FanExample(
        "EDGE_WAIT",
        "[567r] [234y] [678g] 12r RRr +3r",
        {},
        {"EDGE_WAIT": 1},
        1,
        "unique wait 3r on 12r: 边张",
    ),
    FanExample(
        "CLOSED_WAIT",
        "[567r] [234y] [678g] 13r RRr +2r",
        {},
        {"CLOSED_WAIT": 1},
        1,
        "unique wait 2r between 1r and 3r: 坎张",
    ),
    FanExample(
        "SINGLE_WAIT",
        "[567r] [234y] [678g] 345r Rr +Rr",
        {},
        {"SINGLE_WAIT": 1},
        1,
        "unique wait Rr on the pair: 单钓将",
    ),
    FanExample(
        "SELF_DRAWN",
        CHICKEN,
        SD,
        {"SELF_DRAWN": 1},
        1,
        "the chicken hand self-drawn: 自摸 alone, so no 无番和",
    ),
    # ---------------------------------------------------------- principle cases
    FanExample(
        "DOUBLE_PUNG",
        "[555r] [555y] 555g 234b 8r +8r",
        {},
        {"DOUBLE_PUNG": 2, "ALL_COLORS": 1, "ALL_SIMPLES": 1, "SINGLE_WAIT": 1},
        7,
        "three 5 pungs in three colours: 双同刻 x2 (no 三同刻 in this ruleset)",
    ),
    FanExample(
        "MIXED_DOUBLE_CHOW",
        "[345r] [345y] [345g] 67b 99b +8b",
        {},
        {"MIXED_DOUBLE_CHOW": 2, "ALL_CHOWS": 1, "ALL_COLORS": 1},
        6,
        "the same chow in three colours: 喜相逢 x2; 平和; 四色; waits 5b/8b",
    ),
    FanExample(
        "PURE_SHIFTED_PUNGS",
        "[789g] 111222333y 9b +9b",
        {},
        {
            "PURE_SHIFTED_PUNGS": 1,
            "THREE_CONCEALED_PUNGS": 1,
            "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1,
            "NO_FUNCTIONS": 1,
            "SINGLE_WAIT": 1,
        },
        43,
        "就高不就低: 111 222 333 as pungs (一色三节高 24 + 三暗刻 16 + 幺九刻 + 无功能 + "
        "单钓将 = 43) beats 123 x3 as chows (一色三同顺 24 + 平和 2 + 单钓将 1 = 27)",
    ),
    FanExample(
        "TWO_CONCEALED_PUNGS",
        "[678r] 222y 444g 77b 99r +7b",
        {},
        {"TWO_CONCEALED_PUNGS": 1, "ALL_COLORS": 1, "NO_FUNCTIONS": 1},
        5,
        "won on a discarded 7b: 777b is an exposed pung, so 双暗刻 only; waits 7b/9r",
    ),
    FanExample(
        "THREE_CONCEALED_PUNGS",
        "[678r] 222y 444g 77b 99r +7b",
        SD,
        {
            "THREE_CONCEALED_PUNGS": 1,
            "ALL_COLORS": 1,
            "NO_FUNCTIONS": 1,
            "SELF_DRAWN": 1,
        },
        20,
        "the same hand self-drawn: 777b is concealed, 三暗刻 (excl. 双暗刻); exposed chow, "
        "so 自摸 rather than 不求人",
    ),
    FanExample(
        "TWO_CONCEALED_PUNGS",
        "[567y] SSSg 11123r 55g +1r",
        {},
        {
            "TWO_CONCEALED_PUNGS": 1,
            "PUNG_OF_TERMINALS_OR_FUNCTIONS": 2,
            "TILE_HOG": 1,
        },
        6,
        "the discarded 1r completes either 111r (then exposed) or 123r; the reading with "
        "1r in the chow keeps 111r concealed: 双暗刻 (111r, SSSg); 幺九刻 x2; 四归一 1r; "
        "waits 1r/4r/5g",
    ),
    FanExample(
        "ALL_CHOWS",
        "[234y] [678g] 12345r 66r +3r",
        {},
        {"ALL_CHOWS": 1},
        2,
        "3r completes 12 (an edge), but the hand also waits on 6r (123 456 66): no 边张",
    ),
    FanExample(
        "TILE_HOG",
        "[567r] [234y] 1112222r +3r",
        {},
        {"TILE_HOG": 1, "NO_FUNCTIONS": 1},
        3,
        "11 123 222: 3r completes 12 (edge), but by shape the hand also waits on 2r, whose "
        "four copies are all in the hand: no 边张 (further counting rules); 四归一 2r",
    ),
    FanExample(
        "PURE_DOUBLE_CHOW",
        "[234r] [567g] 234234g 8y +8y",
        {},
        {
            "PURE_DOUBLE_CHOW": 1,
            "MIXED_DOUBLE_CHOW": 1,
            "SHORT_STRAIGHT": 1,
            "ALL_CHOWS": 1,
            "ALL_SIMPLES": 1,
            "SINGLE_WAIT": 1,
        },
        8,
        "the combine-once tie-break: 234g x2, 234r, 567g: 一般高 + 喜相逢 + 连六 (more "
        "distinct fans) rather than 喜相逢 x2 + 连六; 平和; 断幺; 单钓将 (8y)",
    ),
    FanExample(
        "NINE_GATES",
        "1112345567899r +9r",
        {"self_drawn": True, "heavenly_hand": True},
        {
            "HEAVENLY_HAND": 1,
            "NINE_GATES": 1,
            "TWO_CONCEALED_PUNGS": 1,
            "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1,
        },
        199,
        "天和: any of the 14 tiles may be the winning tile; taking a 5r leaves "
        "1112345678999r: 九莲宝灯 (111 234 55 678 999: 双暗刻, one 幺九刻 of two); "
        "天和 excludes 自摸, 不求人 and the wait fans",
    ),
    FanExample(
        "PURE_STRAIGHT",
        "[456r] 123456789r 5y +5y",
        {},
        {"PURE_STRAIGHT": 1, "PURE_DOUBLE_CHOW": 1, "ALL_CHOWS": 1, "SINGLE_WAIT": 1},
        20,
        "清龙 uses three chows; the fourth (456r) forms one pair fan with one of them: "
        "一般高 (连六 is excluded by 清龙 anyway); 平和; 单钓将",
    ),
    FanExample(
        "PURE_TRIPLE_CHOW",
        "[567r] [567y] 567567r 9b +9b",
        {},
        {"PURE_TRIPLE_CHOW": 1, "MIXED_DOUBLE_CHOW": 1, "ALL_CHOWS": 1, "SINGLE_WAIT": 1},
        28,
        "567r x3 + 567y: the fourth chow forms at most one 喜相逢 with one of the three "
        "(not three); 一般高 excluded; 平和; 单钓将",
    ),
    FanExample(
        "PURE_SHIFTED_PUNGS",
        "[555r] [555g] 666777g 9b +9b",
        {},
        {
            "PURE_SHIFTED_PUNGS": 1,
            "DOUBLE_PUNG": 1,
            "ALL_PUNGS": 1,
            "TWO_CONCEALED_PUNGS": 1,
            "NO_FUNCTIONS": 1,
            "SINGLE_WAIT": 1,
        },
        35,
        "一色三节高 555 666 777g leaves the fourth pung (555r) one combination: 双同刻 "
        "555r/555g; 碰碰和; 666g 777g concealed: 双暗刻; 无功能; 单钓将",
    ),
    FanExample(
        "THREE_SKIP_PUNGS",
        "[SSSr] [SSSy] SSSg RRRb 5r +5r",
        {},
        {
            "THREE_SKIP_PUNGS": 1,
            "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1,
            "ALL_PUNGS": 1,
            "TWO_CONCEALED_PUNGS": 1,
            "ALL_COLORS": 1,
            "SINGLE_WAIT": 1,
        },
        24,
        "三暂停 absorbs only its own three 幺九刻: RRRb still scores 幺九刻; 碰碰和; 双暗刻 "
        "(SSSg, RRRb); 四色; 单钓将 (5r)",
    ),
    FanExample(
        "ALL_TERMINALS_AND_FUNCTIONS",
        "1199RRr 11SSy 9g SSb +9g",
        {},
        {"SEVEN_PAIRS": 1, "ALL_TERMINALS_AND_FUNCTIONS": 1, "ALL_COLORS": 1},
        58,
        "seven pairs of 幺九牌 with numbers and functions: 混幺九 applies by the tiles "
        "(further counting rules); 单钓将 excluded by 七对",
    ),
    FanExample(
        "UPPER_TILES",
        "778899r 7799y 88g 9b +9b",
        {},
        {"SEVEN_PAIRS": 1, "UPPER_TILES": 1, "ALL_COLORS": 1},
        50,
        "全大 applies to seven pairs by the tiles (excl. 大于五, 无功能); 四色",
    ),
    FanExample(
        "TILE_HOG",
        "1111r 2233y 77g 99g Rb +Rb",
        {},
        {"SEVEN_PAIRS": 1, "TILE_HOG": 1, "ALL_COLORS": 1},
        28,
        "four 1r count as two pairs and score 四归一 (winning shape 2); 四色",
    ),
    FanExample(
        "ALL_FUNCTIONS",
        "RRSSr RRSSy RRSSg Rb +Rb",
        {},
        {"SEVEN_PAIRS": 1, "ALL_FUNCTIONS": 1, "ALL_COLORS": 1},
        114,
        "seven pairs of function tiles: 全功能 applies by the tiles; 四色",
    ),
    FanExample(
        "KNITTED_STRAIGHT",
        "147r 258y 369g 234b 5b +5b",
        {},
        {"KNITTED_STRAIGHT": 1, "ALL_CHOWS": 1, "CONCEALED_HAND": 1, "ALL_COLORS": 1},
        18,
        "concealed shape 5: 门前清; waits 2b/5b (2345b), so no 单钓将",
    ),
    FanExample(
        "SINGLE_WAIT",
        "[123r] [456y] [678g] [SSSb] 5r +5r",
        SD,
        {
            "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1,
            "ALL_COLORS": 1,
            "SINGLE_WAIT": 1,
            "SELF_DRAWN": 1,
        },
        5,
        "four exposed melds but self-drawn: no 全求人, so 单钓将 and 自摸 count",
    ),
    FanExample(
        "EDGE_WAIT",
        "[567r] [234y] [678g] 89r RRr +7r",
        {},
        {"EDGE_WAIT": 1},
        1,
        "unique wait 7r on 89r: 边张",
    ),
    FanExample(
        "TILE_HOG",
        "[234r] [234r] [456y] 22r 44y +4y",
        {},
        {"TILE_HOG": 2, "PURE_DOUBLE_CHOW": 1, "ALL_SIMPLES": 1},
        7,
        "四归一 per tile kind: 2r (234r x2 + pair) and 4y (456y + 444y); 一般高; 断幺",
    ),
    FanExample(
        "PURE_SHIFTED_CHOWS",
        "[123r] [123g] 345567g 9b +9b",
        {},
        {"PURE_SHIFTED_CHOWS": 1, "MIXED_DOUBLE_CHOW": 1, "ALL_CHOWS": 1, "SINGLE_WAIT": 1},
        20,
        "一色三步高 123 345 567g; the fourth chow 123r: one 喜相逢 with 123g; 平和; 单钓将",
    ),
    FanExample(
        "MIXED_STRAIGHT",
        "[123r] [456y] 789g 123y 5b +5b",
        {},
        {
            "MIXED_STRAIGHT": 1,
            "MIXED_DOUBLE_CHOW": 1,
            "ALL_CHOWS": 1,
            "ALL_COLORS": 1,
            "SINGLE_WAIT": 1,
        },
        10,
        "花龙 123r 456y 789g; the fourth chow 123y forms one pair fan only (喜相逢 with "
        "123r or 连六 with 456y; 喜相逢 is higher in the table); 平和; 四色; 单钓将",
    ),
    FanExample(
        "PUNG_OF_TERMINALS_OR_FUNCTIONS",
        "[SSSr] [SSSy] [234g] 567b 8r +8r",
        {},
        {"PUNG_OF_TERMINALS_OR_FUNCTIONS": 2, "ALL_COLORS": 1, "SINGLE_WAIT": 1},
        5,
        "two Skip pungs are not 双同刻 (number pungs only): 幺九刻 x2; 四色; 单钓将",
    ),
    FanExample(
        "MIXED_DOUBLE_CHOW",
        "[123r] [123y] [456r] 456y 9b +9b",
        {},
        {"MIXED_DOUBLE_CHOW": 2, "SHORT_STRAIGHT": 1, "ALL_CHOWS": 1, "SINGLE_WAIT": 1},
        6,
        "four candidate pairs (喜相逢 x2, 连六 x2), at most three combinations (forest); "
        "equal size and distinct fans, so table order: 喜相逢 x2 + 连六",
    ),
    FanExample(
        "THREE_CONCEALED_PUNGS",
        "222r 444y 666g 88b 55r +8b",
        {},
        {
            "THREE_CONCEALED_PUNGS": 1,
            "ALL_PUNGS": 1,
            "ALL_SIMPLES": 1,
            "ALL_COLORS": 1,
            "CONCEALED_HAND": 1,
        },
        28,
        "888b completed by a discard is exposed: 三暗刻 + 碰碰和, not 四暗刻; no exposed "
        "meld, won on a discard: 门前清; waits 5r/8b",
    ),
    FanExample(
        "FOUR_CONCEALED_PUNGS",
        "222r 444y 666g 88b 55r +8b",
        SD,
        {"FOUR_CONCEALED_PUNGS": 1, "ALL_SIMPLES": 1, "ALL_COLORS": 1, "SELF_DRAWN": 1},
        69,
        "the same hand self-drawn: 888b concealed, 四暗刻 (excl. 不求人, 碰碰和, 三暗刻); 自摸",
    ),
    FanExample(
        "FULLY_CONCEALED_HAND",
        "(5555g) 123r 456y 34r RRr +5r",
        SD,
        {"FULLY_CONCEALED_HAND": 1, "CONCEALED_KONG": 1},
        6,
        "a concealed kong keeps the hand concealed: 不求人 (excl. 自摸); 暗杠",
    ),
    FanExample(
        "CONCEALED_HAND",
        "(5555g) 123r 456y 34r RRr +5r",
        {},
        {"CONCEALED_HAND": 1, "CONCEALED_KONG": 1},
        4,
        "a concealed kong keeps the hand concealed: 门前清; 暗杠",
    ),
    FanExample(
        "NINE_GATES",
        "1112345678999r +9r",
        {},
        {"NINE_GATES": 1, "PURE_STRAIGHT": 1, "TILE_HOG": 1},
        106,
        "11 123 456 789 999: 清龙; the 幺九刻 of 999 is the one 九莲宝灯 absorbs; four 9r "
        "without a kong: 四归一 (九莲宝灯 does not exclude it)",
    ),
    FanExample(
        "NINE_GATES",
        "1112345678999r +1r",
        {},
        {"NINE_GATES": 1, "PURE_STRAIGHT": 1, "TILE_HOG": 1},
        106,
        "111 123 456 789 99: 清龙; the 幺九刻 of 111 is absorbed; four 1r without a "
        "kong: 四归一 (九莲宝灯 does not exclude it)",
    ),
    FanExample(
        "LAST_TILE_DRAW",
        "[5555r] [456y] [678g] 34r RRr +2r",
        {"self_drawn": True, "last_tile": True, "kong_replacement": True},
        {"LAST_TILE_DRAW": 1, "OUT_WITH_REPLACEMENT_TILE": 1, "MELDED_KONG": 1},
        17,
        "the wall's last tile drawn as a replacement: 妙手回春 and 杠上开花 (see Play); "
        "both exclude 自摸; 明杠",
    ),
    FanExample(
        "LAST_TILE",
        "[345r] [456r] [567r] 46r RRg +5r",
        {},
        {
            "PURE_SHIFTED_CHOWS": 1,
            "PURE_DOUBLE_CHOW": 1,
            "LAST_TILE": 1,
            "TILE_HOG": 1,
            "CLOSED_WAIT": 1,
        },
        24,
        "the other three 5r are in the player's own exposed chows: 和绝张 without the flag; "
        "一色三步高 345 456 567r + one 一般高 for the fourth chow; 四归一 5r; unique wait "
        "5r between 4r and 6r: 坎张",
    ),
    FanExample(
        "EDGE_WAIT",
        "[567r] [234y] [678g] 1233r +3r",
        {},
        {"ALL_CHOWS": 1, "EDGE_WAIT": 1},
        3,
        "unique wait 3r, read as the edge of 123 (pair 33) or as the pair (123 + 3): at "
        "most one wait fan; equal totals, so table order prefers 边张 (row 72) to 单钓将; "
        "平和 (number pair 33r)",
    ),
    FanExample(
        "PUNG_OF_TERMINALS_OR_FUNCTIONS",
        "[234g] [789g] 456g 99g RRy +Ry",
        {},
        {"SHORT_STRAIGHT": 1, "PUNG_OF_TERMINALS_OR_FUNCTIONS": 1},
        2,
        "green numbers with a yellow Reverse: no 混一色 (its functions must share the "
        "colour), no 清一色; 连六 456+789; 幺九刻 RRRy",
    ),
    FanExample(
        "EARTHLY_HAND",
        "234r 456y 678g 345b 9r +9r",
        {"earthly_hand": True},
        {"EARTHLY_HAND": 1, "ALL_CHOWS": 1, "ALL_COLORS": 1, "SINGLE_WAIT": 1},
        69,
        "地和 does not exclude wait fans (天和 does): unique wait 9r, 单钓将; 平和; 四色",
    ),
    FanExample(
        "SEVEN_PAIRS",
        "2244r 6688y 22g 44b 6b +6b",
        {},
        {"SEVEN_PAIRS": 1, "ALL_SIMPLES": 1, "ALL_COLORS": 1},
        28,
        "seven pairs of even tiles: 全双刻 is a pung fan and does not apply to seven pairs; "
        "断幺 (excl. 无功能) and 四色 apply by the tiles",
    ),
    FanExample(
        "TWO_CONCEALED_KONGS",
        "(2222r) (4444y) 666g 345b 9r +9r",
        {},
        {
            "THREE_CONCEALED_PUNGS": 1,
            "TWO_CONCEALED_KONGS": 1,
            "ALL_COLORS": 1,
            "CONCEALED_HAND": 1,
            "NO_FUNCTIONS": 1,
            "SINGLE_WAIT": 1,
        },
        28,
        "two concealed kongs + a concealed pung: 三暗刻 (the kongs count as concealed pungs); "
        "双暗杠 (excl. 暗杠, 双暗刻); 四色; 门前清 (concealed kongs allowed); 无功能; 单钓将",
    ),
    FanExample(
        "FOUR_KONGS",
        "(1111r) (5555y) (9999g) (SSSSb) 7r +7r",
        {},
        {
            "FOUR_KONGS": 1,
            "FOUR_CONCEALED_PUNGS": 1,
            "PUNG_OF_TERMINALS_OR_FUNCTIONS": 3,
            "ALL_COLORS": 1,
        },
        177,
        "four concealed kongs: 四杠 + 四暗刻 (concealed kongs are concealed pungs); "
        "门前清 excluded by 四暗刻, 双暗杠 and 单钓将 by 四杠; 幺九刻 x3; 四色",
    ),
    FanExample(
        "ALL_TERMINALS",
        "1199r 1199y 1199g 1b +1b",
        {},
        {"SEVEN_PAIRS": 1, "ALL_TERMINALS": 1, "ALL_COLORS": 1},
        90,
        "seven pairs of number 1s and 9s: 清幺九 applies by the tiles (excl. 无功能); 四色",
    ),
    FanExample(
        "HALF_FLUSH",
        "113355779RRSSr +9r",
        {},
        {"SEVEN_PAIRS": 1, "HALF_FLUSH": 1},
        40,
        "seven pairs, red numbers and red functions: 混一色 applies by the tiles",
    ),
    FanExample(
        "SINGLE_WAIT",
        "[345r] [567r] [234y] 5r RRRg +5r",
        {},
        {"PUNG_OF_TERMINALS_OR_FUNCTIONS": 1, "TILE_HOG": 1, "SINGLE_WAIT": 1},
        4,
        "two other 5r in exposed chows and one concealed: not all three visible, so no "
        "和绝张 without the flag; 四归一 5r; 幺九刻 RRRg; 单钓将",
    ),
    FanExample(
        "PURE_TRIPLE_CHOW",
        "[567b] 55666777r 99y +5r",
        {},
        {"PURE_TRIPLE_CHOW": 1, "MIXED_DOUBLE_CHOW": 1, "ALL_CHOWS": 1},
        27,
        "two readings with equal totals: 567r x3 (一色三同顺 24 + 喜相逢 + 平和 = 27) and "
        "555 666 777r (一色三节高 24 + 双暗刻, 555r being exposed by the discard, + 无功能 = "
        "27); points sorted descending are equal (24 2 1), so table order decides: "
        "一色三同顺 is the earlier row; waits 5r/8r/9y",
    ),
    FanExample(
        "FOUR_KONGS",
        "[1111r] (5555y) (9999g) (SSSSb) 7r +7r",
        {},
        {
            "FOUR_KONGS": 1,
            "THREE_CONCEALED_PUNGS": 1,
            "PUNG_OF_TERMINALS_OR_FUNCTIONS": 3,
            "ALL_COLORS": 1,
        },
        129,
        "exactly one exposed kong: 明杠 excluded by 四杠; three concealed kongs: 三暗刻",
    ),
    FanExample(
        "FOUR_KONGS",
        "[1111r] [5555y] [9999g] (SSSSb) 7r +7r",
        {},
        {"FOUR_KONGS": 1, "PUNG_OF_TERMINALS_OR_FUNCTIONS": 3, "ALL_COLORS": 1},
        113,
        "exactly one concealed kong: 暗杠 excluded by 四杠",
    ),
]
