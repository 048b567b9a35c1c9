"""Worked examples of :func:`unomahjong.decompose`, each checked by hand.

Every test asserts the exact set of readings: shape, melds (declared melds
first, then concealed melds in canonical order), pair, seven-pairs pairs,
knitted tiles, singles and every role the winning tile can play.
"""

from __future__ import annotations

from collections import Counter

import pytest

from unomahjong import (
    MCR_TILES,
    UNO_TILES,
    Decomposition,
    HandError,
    Meld,
    MeldKind,
    Role,
    Shape,
    Tile,
    WinRole,
    decompose,
    parse_hand,
)
from unomahjong.model.hand import Hand

# ------------------------------------------------------------------ helpers


def m(notation: str) -> Tile:
    """An MCR tile."""
    return MCR_TILES[notation]


def u(notation: str) -> Tile:
    """An UNO tile."""
    return UNO_TILES[notation]


def chow(t: Tile) -> Meld:
    """A concealed chow found by the decomposition."""
    return Meld.chow(t, exposed=False)


def pung(t: Tile) -> Meld:
    """A concealed pung found by the decomposition."""
    return Meld.pung(t, exposed=False)


def tiles(ts: str, rules: str) -> tuple[Tile, ...]:
    """Space-separated tile names, e.g. ``"1m 4m 7m"``."""
    table = MCR_TILES if rules == "mcr" else UNO_TILES
    return tuple(table[n] for n in ts.split())


PAIR = WinRole(Role.PAIR)
SINGLE = WinRole(Role.SINGLE)
KNITTED = WinRole(Role.KNITTED)


def meld_role(i: int) -> WinRole:
    return WinRole(Role.MELD, i)


def readings(text: str, rules: str) -> tuple[Hand, set[Decomposition]]:
    hand = parse_hand(text, rules)
    ds = decompose(hand)
    assert len(set(ds)) == len(ds), "a reading is listed twice"
    for d in ds:
        # every reading accounts for exactly the hand's tiles (kongs as four)
        assert Counter(d.tiles()) == Counter(hand.all_tiles())
        # declared melds are kept as given and come first; found melds are concealed
        assert d.melds[: len(hand.melds)] == hand.melds
        assert all(not x.exposed for x in d.melds[len(hand.melds) :])
        assert all(not x.is_kong for x in d.melds[len(hand.melds) :])
    return hand, set(ds)


# ------------------------------------------------------- several standard readings


def test_mcr_pure_pungs_or_chows_four_readings() -> None:
    # 111 222 333 444 55 in one suit: four pungs, or 111 + 234x3, or
    # 111 + 234 + 345x2 with 22 as the pair, or 123x3 + 444.
    _, ds = readings("1112223334445m +5m", "mcr")
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (pung(m("1m")), pung(m("2m")), pung(m("3m")), pung(m("4m"))),
            m("5m"),
            win_roles=(PAIR,),
        ),
        Decomposition(
            Shape.STANDARD,
            (pung(m("1m")), chow(m("2m")), chow(m("2m")), chow(m("2m"))),
            m("5m"),
            win_roles=(PAIR,),
        ),
        # the two identical 345 chows give one role, not two
        Decomposition(
            Shape.STANDARD,
            (pung(m("1m")), chow(m("2m")), chow(m("3m")), chow(m("3m"))),
            m("2m"),
            win_roles=(meld_role(2),),
        ),
        Decomposition(
            Shape.STANDARD,
            (chow(m("1m")), chow(m("1m")), chow(m("1m")), pung(m("4m"))),
            m("5m"),
            win_roles=(PAIR,),
        ),
    }


def test_mcr_three_pungs_or_three_chows() -> None:
    # 111222333m is three pungs or three 123 chows; 4455p+5p is 44 + 555.
    _, ds = readings("111222333m4455p +5p", "mcr")
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (pung(m("1m")), pung(m("2m")), pung(m("3m")), pung(m("5p"))),
            m("4p"),
            win_roles=(meld_role(3),),
        ),
        Decomposition(
            Shape.STANDARD,
            (chow(m("1m")), chow(m("1m")), chow(m("1m")), pung(m("5p"))),
            m("4p"),
            win_roles=(meld_role(3),),
        ),
    }


def test_seven_pairs_and_standard() -> None:
    # 11223344556677m: seven pairs, or 123x2 456x2 77, 123x2 567x2 44,
    # 234x2 567x2 11.
    _, ds = readings("1122334455667m +7m", "mcr")
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (chow(m("1m")), chow(m("1m")), chow(m("4m")), chow(m("4m"))),
            m("7m"),
            win_roles=(PAIR,),
        ),
        Decomposition(
            Shape.STANDARD,
            (chow(m("1m")), chow(m("1m")), chow(m("5m")), chow(m("5m"))),
            m("4m"),
            win_roles=(meld_role(2),),
        ),
        Decomposition(
            Shape.STANDARD,
            (chow(m("2m")), chow(m("2m")), chow(m("5m")), chow(m("5m"))),
            m("1m"),
            win_roles=(meld_role(2),),
        ),
        Decomposition(
            Shape.SEVEN_PAIRS,
            pairs=tiles("1m 2m 3m 4m 5m 6m 7m", "mcr"),
            win_roles=(PAIR,),
        ),
    }


def test_seven_pairs_with_four_of_a_kind_counts_two_pairs() -> None:
    # 1111 22 33 44 55 66m: seven pairs with 1m twice; standard 11 + 123x2 456x2.
    _, ds = readings("1111223344556m +6m", "mcr")
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (chow(m("1m")), chow(m("1m")), chow(m("4m")), chow(m("4m"))),
            m("1m"),
            win_roles=(meld_role(2),),
        ),
        Decomposition(
            Shape.SEVEN_PAIRS,
            pairs=tiles("1m 1m 2m 3m 4m 5m 6m", "mcr"),
            win_roles=(PAIR,),
        ),
    }


# ------------------------------------------------------------- thirteen orphans


def test_mcr_thirteen_orphans_thirteen_kinds_and_a_pair() -> None:
    hand = parse_hand("19m19s19pESWNCFP +1m", "mcr")
    (d,) = decompose(hand)
    assert d.shape is Shape.THIRTEEN_ORPHANS
    assert d.pair is m("1m")
    assert d.melds == () and d.pairs == () and d.knitted == ()
    assert set(d.singles) == set(tiles("9m 1s 9s 1p 9p E S W N C F P", "mcr"))
    assert d.win_roles == (WinRole(Role.PAIR),)


def test_mcr_thirteen_orphans_reading_accounts_for_fourteen_tiles() -> None:
    hand = parse_hand("19m19s19pESWNCFP +1m", "mcr")
    (d,) = decompose(hand)
    assert Counter(d.tiles()) == Counter(hand.all_tiles())


def test_mcr_thirteen_kinds_without_a_pair_is_not_a_win() -> None:
    # 13 terminals/honours + 2m: the pair is missing.
    _, ds = readings("19m19s19pESWNCFP +2m", "mcr")
    assert ds == set()


def test_uno_thirteen_orphans_fourteen_distinct_kinds() -> None:
    # 14 of the 16 kinds (1/9 of each colour, 8 function kinds): 9b and Sb absent.
    _, ds = readings("19RSr 19RSy 19RSg 1b +Rb", "uno")
    assert ds == {
        Decomposition(
            Shape.THIRTEEN_ORPHANS,
            singles=tiles("1r 9r Rr Sr 1y 9y Ry Sy 1g 9g Rg Sg 1b Rb", "uno"),
            win_roles=(SINGLE,),
        )
    }


def test_uno_orphan_kinds_with_a_pair_are_not_thirteen_orphans() -> None:
    # 13 distinct kinds + a second Rg: MCR's shape, but not UNO's 国士无双.
    _, ds = readings("19RSr 19RSy 19Rg 19b +Rg", "uno")
    assert ds == set()


# --------------------------------------------------------------- 全不靠 / 七星不靠


def test_mcr_honours_and_knitted() -> None:
    # 147m 258s 36p (of the set 147m 258s 369p) + six honours, won on F.
    _, ds = readings("147m 258s 36p ESWNC +F", "mcr")
    assert ds == {
        Decomposition(
            Shape.HONOURS_AND_KNITTED,
            knitted=tiles("1m 4m 7m 2s 5s 8s 3p 6p", "mcr"),
            singles=tiles("E S W N C F", "mcr"),
            win_roles=(SINGLE,),
        )
    }


def test_mcr_seven_honours_and_knitted() -> None:
    # 七星不靠: all seven honours + seven knitted tiles, won on a knitted tile.
    _, ds = readings("14m 25s 369p ESWNCP +F", "mcr")
    assert ds == {
        Decomposition(
            Shape.HONOURS_AND_KNITTED,
            knitted=tiles("1m 4m 2s 5s 3p 6p 9p", "mcr"),
            singles=tiles("E S W N C F P", "mcr"),
            win_roles=(SINGLE,),
        )
    }
    _, ds = readings("14m 25s 69p ESWNCFP +3p", "mcr")
    assert ds == {
        Decomposition(
            Shape.HONOURS_AND_KNITTED,
            knitted=tiles("1m 4m 2s 5s 3p 6p 9p", "mcr"),
            singles=tiles("E S W N C F P", "mcr"),
            win_roles=(KNITTED,),
        )
    }


def test_uno_honours_and_knitted_with_function_tiles() -> None:
    # the whole knitted set 147r 258y 369g + five function tiles
    _, ds = readings("147r 258y 369g RSr RSy +Sg", "uno")
    assert ds == {
        Decomposition(
            Shape.HONOURS_AND_KNITTED,
            knitted=tiles("1r 4r 7r 2y 5y 8y 3g 6g 9g", "uno"),
            singles=tiles("Rr Sr Ry Sy Sg", "uno"),
            win_roles=(SINGLE,),
        )
    }


def test_honours_and_knitted_needs_one_knitted_set() -> None:
    # 1m and 2m in one suit cannot both belong to a knitted set.
    _, ds = readings("12m 258s 369p ESWNC +F", "mcr")
    assert ds == set()


# ------------------------------------------------------------- knitted straight


KNITTED_MSP = tiles("1m 4m 7m 2s 5s 8s 3p 6p 9p", "mcr")


def test_knitted_straight_with_a_concealed_meld() -> None:
    _, ds = readings("147m 258s 369p 123s 5p +5p", "mcr")
    assert ds == {
        Decomposition(
            Shape.KNITTED_STRAIGHT,
            (chow(m("1s")),),
            m("5p"),
            knitted=KNITTED_MSP,
            win_roles=(PAIR,),
        )
    }


def test_knitted_straight_with_an_exposed_meld() -> None:
    _, ds = readings("[123s] 147m 258s 369p 5p +5p", "mcr")
    assert ds == {
        Decomposition(
            Shape.KNITTED_STRAIGHT,
            (Meld.chow(m("1s")),),
            m("5p"),
            knitted=KNITTED_MSP,
            win_roles=(PAIR,),
        )
    }
    (d,) = ds
    assert d.melds[0].exposed


def test_knitted_straight_winning_tile_in_set_and_in_meld() -> None:
    # The winning 2s completes the knitted set or the 123s chow.
    _, ds = readings("147m 58s 369p 123s 55p +2s", "mcr")
    assert ds == {
        Decomposition(
            Shape.KNITTED_STRAIGHT,
            (chow(m("1s")),),
            m("5p"),
            knitted=KNITTED_MSP,
            win_roles=(meld_role(0), KNITTED),
        )
    }


def test_knitted_straight_uno_with_function_pung() -> None:
    _, ds = readings("147b 258r 369y SSSg 7g +7g", "uno")
    assert ds == {
        Decomposition(
            Shape.KNITTED_STRAIGHT,
            (pung(u("Sg")),),
            u("7g"),
            knitted=tiles("2r 5r 8r 3y 6y 9y 1b 4b 7b", "uno"),
            win_roles=(PAIR,),
        )
    }


def test_knitted_straight_not_with_two_melds() -> None:
    # 2 melds leave 8 concealed tiles: no room for a knitted set; not a win.
    _, ds = readings("[123s] [EEE] 147m 258s 3p +3p", "mcr")
    assert ds == set()


# ------------------------------------------------------------- UNO standard hands


def test_uno_standard_with_exposed_function_pung() -> None:
    hand, ds = readings("[SSSg@2] 123r 456r 789r 5g +5g", "uno")
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (Meld.pung(u("Sg"), source=2), chow(u("1r")), chow(u("4r")), chow(u("7r"))),
            u("5g"),
            win_roles=(PAIR,),
        )
    }
    (d,) = ds
    assert d.melds[0] is hand.melds[0]
    assert d.melds[0].source == 2


def test_uno_function_pair_and_function_pung() -> None:
    _, ds = readings("RRRr SSy 123g 456g 78b +9b", "uno")
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (pung(u("Rr")), chow(u("1g")), chow(u("4g")), chow(u("7b"))),
            u("Sy"),
            win_roles=(meld_role(3),),
        )
    }


def test_uno_won_on_function_pair() -> None:
    _, ds = readings("[SSSg] 123456789r Ry +Ry", "uno")
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (Meld.pung(u("Sg")), chow(u("1r")), chow(u("4r")), chow(u("7r"))),
            u("Ry"),
            win_roles=(PAIR,),
        )
    }


def test_uno_concealed_kong() -> None:
    _, ds = readings("(RRRRy) 123r 456r SSb 77g +7g", "uno")
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (Meld.kong(u("Ry"), exposed=False), chow(u("1r")), chow(u("4r")), pung(u("7g"))),
            u("Sb"),
            win_roles=(meld_role(3),),
        )
    }


def test_uno_kongs_exposed_first_then_concealed_kongs_then_found_melds() -> None:
    # Written with the concealed kongs first; the hand (and the reading) puts
    # the exposed kong first, then the concealed kongs, then the found chow.
    hand, ds = readings("(SSSSb) (RRRRy) [1111g] 234r Rg +Rg", "uno")
    assert hand.melds == (
        Meld.kong(u("1g")),
        Meld.kong(u("Ry"), exposed=False),
        Meld.kong(u("Sb"), exposed=False),
    )
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (*hand.melds, chow(u("2r"))),
            u("Rg"),
            win_roles=(PAIR,),
        )
    }


def test_exposed_melds_come_first() -> None:
    hand, ds = readings("[EEE] [123s] 456s 789p 2m +2m", "mcr")
    assert hand.melds == (Meld.chow(m("1s")), Meld.pung(m("E")))
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (Meld.chow(m("1s")), Meld.pung(m("E")), chow(m("4s")), chow(m("7p"))),
            m("2m"),
            win_roles=(PAIR,),
        )
    }


def test_exposed_meld_keeps_claimed_tile() -> None:
    claimed = Meld(MeldKind.CHOW, m("1s"), claimed=m("2s"))
    hand = Hand(MCR_TILES, tiles("4s 5s 6s 7p 8p 9p 1m 1m 1m 2m", "mcr"), [claimed], m("2m"))
    (d,) = decompose(hand)
    assert d.melds[0].claimed is m("2s")
    assert d.melds[0].exposed


# ------------------------------------------------------------------ win roles


def test_winning_tile_completes_either_of_two_chows() -> None:
    # 2345 6m + 4m: 234m and 456m, and the 4m can be the last tile of either.
    _, ds = readings("23456m 111s 222p 99p +4m", "mcr")
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (chow(m("2m")), chow(m("4m")), pung(m("1s")), pung(m("2p"))),
            m("9p"),
            win_roles=(meld_role(0), meld_role(1)),
        )
    }


def test_identical_chows_give_one_role() -> None:
    _, ds = readings("12233m 111s 222p 99p +1m", "mcr")
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (chow(m("1m")), chow(m("1m")), pung(m("1s")), pung(m("2p"))),
            m("9p"),
            win_roles=(meld_role(0),),
        )
    }


def test_winning_tile_in_chow_or_pair() -> None:
    # 55 + 567m: the winning 5m is the pair's second tile or the chow's first.
    _, ds = readings("5567m 111s 222p 999p +5m", "mcr")
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (chow(m("5m")), pung(m("1s")), pung(m("2p")), pung(m("9p"))),
            m("5m"),
            win_roles=(meld_role(0), PAIR),
        )
    }


def test_winning_tile_never_plays_a_declared_meld() -> None:
    # 2s is in the exposed chow too, but only concealed melds and the pair count.
    _, ds = readings("[123s] 34s 789p EE 444m +2s", "mcr")
    assert ds == {
        Decomposition(
            Shape.STANDARD,
            (Meld.chow(m("1s")), pung(m("4m")), chow(m("2s")), chow(m("7p"))),
            m("E"),
            win_roles=(meld_role(2),),
        )
    }


# ------------------------------------------------------------------- non-wins


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        ("123456789m 1p 35s 9p +7s", "mcr"),
        ("1234567m 11p 111s 9p +9p", "mcr"),
        ("123r 456r 789r SSg Rb Ry +Sb", "uno"),
    ],
)
def test_non_winning_hand_has_no_readings(text: str, rules: str) -> None:
    assert decompose(parse_hand(text, rules)) == ()


@pytest.mark.parametrize(
    ("text", "rules"),
    [("1112223334445m", "mcr"), ("[SSSg] 123r 456r 789r 5g", "uno")],
)
def test_thirteen_tiles_raise_missing_winning_tile(text: str, rules: str) -> None:
    with pytest.raises(HandError) as info:
        decompose(parse_hand(text, rules))
    assert info.value.code == "missing-winning-tile"


def test_readings_order_standard_first() -> None:
    ds = decompose(parse_hand("1122334455667m +7m", "mcr"))
    assert [d.shape for d in ds] == [Shape.STANDARD] * 3 + [Shape.SEVEN_PAIRS]
