"""Worked examples of shanten, waits, live waits and discard analysis.

Every number here was worked out by hand (the reasoning is in the comments).
Shanten counts 13-tile hands as 0 when ready and 14-tile hands as -1 when
complete; waits are judged by shape (a tile held four times may still be a
wait), live waits count the copies still unseen.
"""

from __future__ import annotations

import pytest

from unomahjong import (
    MCR_TILES,
    UNO_TILES,
    HandError,
    NotationError,
    Shape,
    Tile,
    discard_options,
    is_winning,
    live_waits,
    parse_hand,
    parse_tiles,
    shanten,
    shanten_by_shape,
    waits,
)

ST = Shape.STANDARD
SP = Shape.SEVEN_PAIRS
TO = Shape.THIRTEEN_ORPHANS
HK = Shape.HONOURS_AND_KNITTED
KS = Shape.KNITTED_STRAIGHT


def mcr(names: str) -> set[Tile]:
    return {MCR_TILES[n] for n in names.split()}


def uno(names: str) -> set[Tile]:
    return {UNO_TILES[n] for n in names.split()}


# ------------------------------------------------------------ shanten per shape


# (hand, rules, {shape: shanten}); the overall shanten is the minimum.
PER_SHAPE = [
    # 3 chows + 11p + 35s: standard ready on 4s. Seven pairs: 1 pair -> 5.
    # 十三幺: 1m 9m 1p kinds (3) + a 1p pair -> 13-3-1 = 9. 全不靠: best
    # knitted set 258m 369s 147p holds 2m 5m 8m 3s 1p (5) -> 8. 组合龙: that
    # set (5 held) + 1 meld and a pair from the rest (best 34m and a single:
    # 3) -> 9+3+1-5-3 = 5.
    ("123456789m 11p 35s", "mcr", {ST: 0, SP: 5, TO: 9, HK: 8, KS: 5}),
    # 3 chows + 35s taatsu + 1p, 7s singles: 13 - (9+2+1) = 1.
    ("123456789m 1p 35s 7s", "mcr", {ST: 1, SP: 6, TO: 10, HK: 8, KS: 5}),
    # 3 chows + four isolated singles (1p 3s 7s 9p): 13 - (9+1+1) = 2.
    # 十三幺: 1m 9m 1p 9p -> 9.
    ("123456789m 1p 3s 7s 9p", "mcr", {ST: 2, SP: 6, TO: 9, HK: 8, KS: 5}),
    # Six pairs + 3s: seven pairs ready. Standard: no meld, a pair and four
    # pairs as partial melds -> 8 - 4 - 1 = 3. 十三幺: 1m 9m 1p + pair -> 9.
    # 全不靠: at most 3 tiles of one knitted set -> 10. 组合龙: 3 held, the rest
    # gives a pair and a pair as a partial meld (4) -> 13-3-4 = 6.
    ("1133557799m 11p 3s", "mcr", {ST: 3, SP: 0, TO: 9, HK: 10, KS: 6}),
    # 13 different terminals and honours: 十三幺 ready (13-sided).
    # 全不靠: 1m 9p of 147m 258s 369p + 7 honours -> 13-9 = 4.
    ("19m19s19pESWNCFP", "mcr", {ST: 8, SP: 6, TO: 0, HK: 4, KS: 9}),
    # 七星不靠 ready: 7 knitted + 6 honours. 十三幺: 1m 9p + 6 honours -> 5.
    ("14m25s369pESWNCF", "mcr", {ST: 8, SP: 6, TO: 5, HK: 0, KS: 4}),
    # Knitted set complete + 12s + 55p: 组合龙 ready (on 3s).
    ("147m258s369p12s55p", "mcr", {ST: 5, SP: 4, TO: 10, HK: 4, KS: 0}),
    # UNO 国士无双: 13 distinct of the 16 kinds, ready.
    ("19r19y19g19bRSrRSyRg", "uno", {ST: 8, SP: 6, TO: 0, HK: 6, KS: 9}),
    # UNO 全不靠: a whole knitted set + 4 function tiles, ready.
    ("147r258y369g RSrRSy", "uno", {ST: 8, SP: 6, TO: 7, HK: 0, KS: 2}),
    # UNO seven pairs with function pairs, ready on 9g. Standard: 8-4-1 = 3.
    ("RRr SSy 11335577g 9g", "uno", {ST: 3, SP: 0, TO: 9, HK: 9, KS: 7}),
    # One concealed kong: only standard and 组合龙 remain. 组合龙: at most 3
    # tiles of a knitted set, the SSb pair -> 9+0+1-3-2 = 5.
    ("(RRRRy) 123r 456r SSb 7g 8g", "uno", {ST: 0, KS: 5}),
    # Two melds: standard only; ready on 1g (single wait on the pair).
    ("[RRRr] [SSSSb] 123456y 1g", "uno", {ST: 0}),
    # Three exposed melds, 12p E W: 1 meld + pair from 4 tiles: 4 - 3 = 1.
    ("[123m] [456m] [789m] 1p 2p E W", "mcr", {ST: 1}),
]


@pytest.mark.parametrize(("text", "rules", "expected"), PER_SHAPE)
def test_shanten_per_shape(text: str, rules: str, expected: dict[Shape, int]) -> None:
    hand = parse_hand(text, rules)
    assert shanten_by_shape(hand) == expected
    assert shanten(hand) == min(expected.values())


@pytest.mark.parametrize(
    ("text", "rules", "shape"),
    [
        ("1112223334445m +5m", "mcr", ST),
        ("1122334455667m +7m", "mcr", SP),
        ("19m19s19pESWNCFP +1m", "mcr", TO),
        ("19RSr 19RSy 19RSg 1b +Rb", "uno", TO),
        ("147m 258s 36p ESWNC +F", "mcr", HK),
        ("147r 258y 369g RSr RSy +Sg", "uno", HK),
        ("147m 258s 369p 123s 5p +5p", "mcr", KS),
        ("[123s] 147m 258s 369p 5p +5p", "mcr", KS),
        ("(RRRRy) 123r 456r SSb 77g +7g", "uno", ST),
    ],
)
def test_complete_hand_is_minus_one(text: str, rules: str, shape: Shape) -> None:
    hand = parse_hand(text, rules)
    assert shanten(hand) == -1
    assert is_winning(hand)
    assert shanten_by_shape(hand)[shape] == -1


def test_complete_seven_pairs_and_standard_both_minus_one() -> None:
    by_shape = shanten_by_shape(parse_hand("1122334455667m +7m", "mcr"))
    assert by_shape[ST] == -1
    assert by_shape[SP] == -1


def test_fourteen_tile_hand_not_complete() -> None:
    # 3 chows + 1p 35s 7s 9p: best discard (1p, 7s or 9p) leaves 1-shanten.
    hand = parse_hand("123456789m 1p 35s 7s +9p", "mcr")
    assert shanten(hand) == 1
    assert not is_winning(hand)


def test_is_winning_false_without_winning_tile() -> None:
    assert not is_winning(parse_hand("1112345678999m", "mcr"))


def test_shanten_by_shape_omits_concealed_shapes_with_a_meld() -> None:
    concealed = parse_hand("123456789m 11p 35s", "mcr")
    assert set(shanten_by_shape(concealed)) == {ST, SP, TO, HK, KS}
    one_meld = parse_hand("[123m] 456789m 11p 35s", "mcr")
    assert set(shanten_by_shape(one_meld)) == {ST, KS}
    # a concealed kong is a meld too: seven pairs etc. are out of reach
    kong = parse_hand("(1111m) 456789m 11p 35s", "mcr")
    assert set(shanten_by_shape(kong)) == {ST, KS}


def test_shanten_by_shape_omits_knitted_straight_with_two_melds() -> None:
    two = parse_hand("[123m] [456m] 789m 11p 35s", "mcr")
    assert shanten_by_shape(two) == {ST: 0}
    three = parse_hand("[123m] [456m] [789m] 11p 35s", "mcr")
    assert shanten_by_shape(three) == {ST: 0}


# ------------------------------------------------------------------------ waits


WAITS = [
    # kanchan
    ("123456789m 11p 35s", "mcr", mcr("4s")),
    # 23456m + 99p: 234+56 -> 4m 7m, 456+23 -> 1m 4m
    ("23456m 111s 222p 99p", "mcr", mcr("1m 4m 7m")),
    # shanpon
    ("123m 456p 789s EE SS", "mcr", mcr("E S")),
    # nine gates: every rank of the suit
    ("1112345678999m", "mcr", mcr("1m 2m 3m 4m 5m 6m 7m 8m 9m")),
    ("1112345678999b", "uno", uno("1b 2b 3b 4b 5b 6b 7b 8b 9b")),
    # 十三幺 13-sided wait
    ("19m19s19pESWNCFP", "mcr", mcr("1m 9m 1s 9s 1p 9p E S W N C F P")),
    # UNO 国士无双: the three missing kinds only (a duplicate never completes it)
    ("19r19y19g19bRSrRSyRg", "uno", uno("Sg Rb Sb")),
    # 七星不靠: the missing knitted tiles and honour
    ("14m25s369pESWNCF", "mcr", mcr("7m 8s P")),
    # UNO 全不靠: any missing function kind
    ("147r258y369g RSrRSy", "uno", uno("Rg Sg Rb Sb")),
    # 组合龙 with 12s + 55p: edge wait
    ("147m258s369p12s55p", "mcr", mcr("3s")),
    # seven pairs with function pairs
    ("RRr SSy 11335577g 9g", "uno", uno("9g")),
    # concealed kong, 78g edge-or-side: 6g 9g
    ("(RRRRy) 123r 456r SSb 7g 8g", "uno", uno("6g 9g")),
    # two melds, single wait on the pair
    ("[RRRr] [SSSSb] 123456y 1g", "uno", uno("1g")),
    # 1-shanten: no waits
    ("123456789m 1p 35s 7s", "mcr", set()),
]


@pytest.mark.parametrize(("text", "rules", "expected"), WAITS)
def test_waits(text: str, rules: str, expected: set[Tile]) -> None:
    assert waits(parse_hand(text, rules)) == expected


def test_wait_on_a_tile_held_four_times() -> None:
    # 1111m + three melds: 111 + 1 waits on a fifth 1m. By shape it is the
    # hand's only wait; live_waits shows it dead.
    hand = parse_hand("1111m 567s 567p EEE", "mcr")
    assert waits(hand) == mcr("1m")
    assert live_waits(hand) == {MCR_TILES["1m"]: 0}


def test_live_waits_with_visible_tiles() -> None:
    # waits 1m 4m 7m; the hand holds one 4m.
    hand = parse_hand("23456m 111s 222p 99p", "mcr")
    assert live_waits(hand) == {MCR_TILES["1m"]: 4, MCR_TILES["4m"]: 3, MCR_TILES["7m"]: 4}
    visible = parse_tiles("1m 1m 4m 7m 7m 7m 5p", "mcr")
    live = live_waits(hand, visible)
    assert live == {MCR_TILES["1m"]: 2, MCR_TILES["4m"]: 2, MCR_TILES["7m"]: 1}
    assert list(live) == sorted(live)  # canonical tile order


def test_live_waits_counts_tiles_in_own_melds() -> None:
    # [RRRr] holds three Reverses; the pair wait 1g is held once.
    hand = parse_hand("[RRRr] [SSSSb] 123456y 1g", "uno")
    assert live_waits(hand) == {UNO_TILES["1g"]: 3}
    assert live_waits(hand, parse_tiles("1g 1g 1g", "uno")) == {UNO_TILES["1g"]: 0}


# ----------------------------------------------------------------- discard options


def test_discard_options_order_and_useful_tiles() -> None:
    # [123m] [456m] [789m] + 1p 2p E W 5s. One meld and a pair still needed.
    # Discarding 5s, E or W keeps 12p and two singles: 1-shanten. Tenpai
    # four-tile forms are AAA+X, ABC+X, AA+BC, AA+BB, so the useful tiles are
    # 3p (123p + single) and a second copy of either single (pair + 12p).
    # Each: 3p 4 unseen + 3 + 3 = 10, so they tie and go in tile order
    # (suits m s p, then honours). Discarding 1p or 2p leaves four singles:
    # 2-shanten. After 1p (2p 5s E W left) a tile pairing any of them or
    # making a partial meld with 2p (3p 4p) or 5s (3s 4s 6s 7s) is useful;
    # after 2p (1p 5s E W left) 1p has one partner fewer (3p only), so the
    # 1p discard has more useful copies and goes first.
    hand = parse_hand("[123m] [456m] [789m] 1p 2p E W +5s", "mcr")
    opts = discard_options(hand)
    assert [str(o.tile) for o in opts] == ["5s", "E", "W", "1p", "2p"]
    assert [o.shanten for o in opts] == [1, 1, 1, 2, 2]
    t = MCR_TILES
    assert dict(opts[0].useful) == {t["3p"]: 4, t["E"]: 3, t["W"]: 3}
    assert dict(opts[1].useful) == {t["3p"]: 4, t["5s"]: 3, t["W"]: 3}
    assert dict(opts[2].useful) == {t["3p"]: 4, t["5s"]: 3, t["E"]: 3}
    assert [o.useful_count for o in opts[:3]] == [10, 10, 10]
    assert opts[3].useful_count > opts[4].useful_count
    # after discarding 1p: pairs (2p 5s E W), partial melds with 2p (3p 4p)
    # and with 5s (3s 4s 6s 7s)
    assert mcr("2p 3p 4p 3s 4s 5s 6s 7s E W") <= set(opts[3].useful)


def test_discard_options_visible_tiles_change_order() -> None:
    # Two 3p and a W seen: after 5s: 3p 2 + E 3 + W 2 = 7; after E:
    # 3p 2 + 5s 3 + W 2 = 7; after W: 3p 2 + 5s 3 + E 3 = 8 -> W first.
    hand = parse_hand("[123m] [456m] [789m] 1p 2p E W +5s", "mcr")
    opts = discard_options(hand, parse_tiles("3p 3p W", "mcr"))
    assert [(str(o.tile), o.shanten, o.useful_count) for o in opts[:3]] == [
        ("W", 1, 8),
        ("5s", 1, 7),
        ("E", 1, 7),
    ]


def test_discard_options_from_complete_hand() -> None:
    # Every distinct concealed tile is listed once, all leaving a ready hand.
    hand = parse_hand("[SSSg] 123r 456r 789r 5g +5g", "uno")
    opts = discard_options(hand)
    assert {o.tile for o in opts} == set(hand.concealed_with_win)
    assert len(opts) == len(set(hand.concealed_with_win))
    assert all(o.shanten == 0 for o in opts)


def test_discard_options_useful_includes_discarded_kind() -> None:
    # After discarding a 5g the hand waits on 5g alone (2 unseen); after
    # discarding 1r, [SSSg] 23456789r 55g waits on 1r 4r 7r (3 unseen each).
    hand = parse_hand("[SSSg] 123r 456r 789r 5g +5g", "uno")
    by_tile = {str(o.tile): dict(o.useful) for o in discard_options(hand)}
    t = UNO_TILES
    assert by_tile["5g"] == {t["5g"]: 2}
    assert by_tile["1r"] == {t["1r"]: 3, t["4r"]: 3, t["7r"]: 3}


# ----------------------------------------------------------------------- errors


def test_waits_on_fourteen_tiles_raises() -> None:
    hand = parse_hand("1112345678999m +5m", "mcr")
    with pytest.raises(HandError) as info:
        waits(hand)
    assert info.value.code == "has-winning-tile"
    with pytest.raises(HandError) as info:
        live_waits(hand)
    assert info.value.code == "has-winning-tile"


def test_discard_options_on_thirteen_tiles_raises() -> None:
    with pytest.raises(HandError) as info:
        discard_options(parse_hand("1112345678999m", "mcr"))
    assert info.value.code == "missing-winning-tile"


def test_a_fifth_copy_of_an_honour_counts_as_a_wait_by_shape() -> None:
    # Four Skips and three-and-three more: SSSS + S would be a pung and a
    # pair, so by shape the hand waits on the Skip it already holds four of.
    hand = parse_hand("[SSSb] SSSSr SSSy SSSg")
    assert sorted(str(t) for t in waits(hand)) == ["Sr"]


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        ("[SSSg] 123456789r 5g", None),
        ("[SSSg] 123r 456r 789r 5g +6g", "uno"),
        ("123m 456p 789s EEE 5s", "mcr"),
        ("123m 456p 789s EEE 5s +6s", "mcr"),
    ],
)
def test_every_analysis_takes_the_text_score_hand_takes(text: str, rules: str | None) -> None:
    # Text is read in the notation of the rules (UNO's by default), as
    # score_hand reads it: each answer equals the parsed hand's.
    hand = parse_hand(text, rules or "uno")
    assert shanten(text, rules=rules) == shanten(hand, rules=rules)
    assert shanten_by_shape(text, rules=rules) == shanten_by_shape(hand, rules=rules)
    assert is_winning(text, rules=rules) == is_winning(hand, rules=rules)
    if hand.win is None:
        assert waits(text, rules=rules) == waits(hand, rules=rules)
        assert live_waits(text, rules=rules) == live_waits(hand, rules=rules)
    else:
        assert discard_options(text, rules=rules) == discard_options(hand, rules=rules)


def test_text_an_analysis_cannot_read_is_refused_with_its_position() -> None:
    with pytest.raises(NotationError) as e:
        waits("[SSSg] 123456789r 5x")
    assert (e.value.code, e.value.position) == ("unknown-character", 19)
    with pytest.raises(NotationError):
        shanten("123m456p789s EEE 5s")  # MCR text read as UNO's by default
