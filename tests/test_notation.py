"""Example-based tests of the notation (docs/notation.md): parsing, formatting, errors."""

from __future__ import annotations

import contextlib
import inspect
import re
from collections.abc import Callable
from typing import cast

import pytest

from unomahjong import (
    MCR_TILES,
    UNO_TILES,
    Hand,
    Meld,
    MeldKind,
    NotationError,
    Tile,
    TileSet,
    _engine,
    format_hand,
    format_meld,
    format_tiles,
    parse_hand,
    parse_meld,
    parse_tile,
    parse_tiles,
)
from unomahjong.errors import MahjongError
from unomahjong.model import notation

U = UNO_TILES
M = MCR_TILES


def tiles_of(ts: TileSet, spec: str) -> list[Tile]:
    return [ts[n] for n in spec.split()]


# --- canonical formatting --------------------------------------------------------------

CANONICAL_UNO = [
    # docs/notation.md: the worked example
    pytest.param("[SSSg] 123r 456r 789r 5g +5g", "[SSSg] 123456789r 5g +5g", id="doc-example"),
    pytest.param("[SSSg] 123456789r 5g +5g", "[SSSg] 123456789r 5g +5g", id="already-canonical"),
    pytest.param("[SSSg]123r456r789r5g+5g", "[SSSg] 123456789r 5g +5g", id="no-spaces"),
    pytest.param(
        "  [SSSg]\t123r\n456r   789r\n5g +  5g  ", "[SSSg] 123456789r 5g +5g", id="whitespace"
    ),
    pytest.param("123r 456r 789r 5g [SSSg] +5g", "[SSSg] 123456789r 5g +5g", id="meld-last"),
    pytest.param("5g 987r 654r 321r [SSSg] +5g", "[SSSg] 123456789r 5g +5g", id="unsorted"),
    pytest.param("[SSSg] 123r 456r 789r 5g", "[SSSg] 123456789r 5g", id="no-winning-tile"),
    # concatenated groups of different colours
    pytest.param("123r456y789g111b5b +5b", "123r 456y 789g 1115b +5b", id="concatenated"),
    pytest.param("1r2r3r4y5y6y7g8g9g1b1b1b5b", "123r 456y 789g 1115b", id="one-tile-groups"),
    # one group per colour, in r y g b order; function tiles after 9
    pytest.param(
        "SRr9r1r 1y2y3y 4g5g6g 7b8bSb +9b", "19RSr 123y 456g 78Sb +9b", id="function-tiles"
    ),
    pytest.param(
        "Sb 1b Rg 2g Sy 3y Rr 4r 5r 5r 5r 6r 7r +Ry",
        "455567Rr 3Sy 2Rg 1Sb +Ry",
        id="colour-order",
    ),
    # meld order: exposed melds, then concealed kongs, each by colour then rank
    pytest.param(
        "(SSSSb) [789b] (RRRRy) [SSSg@2] 5g +5g",
        "[SSSg@2] [789b] (RRRRy) (SSSSb) 5g +5g",
        id="meld-order",
    ),
    pytest.param(
        "[789b] [SSSg] [RRRy] [123r] 5g +5g",
        "[123r] [RRRy] [SSSg] [789b] 5g +5g",
        id="exposed-order",
    ),
    pytest.param(
        "[SSSSr] [RRRr] [9999r] [678r] 1y +1y",
        "[678r] [9999r] [RRRr] [SSSSr] 1y +1y",
        id="rank-order-within-colour",
    ),
    pytest.param(
        "[789r] [234r] [222r] 1y 1y 1y 5g",
        "[222r] [234r] [789r] 111y 5g",
        id="pung-before-chow-of-same-start",
    ),
    pytest.param(
        "[123r@3] [123r@1] [123r] 1y 2y 3y 4y",
        "[123r] [123r@1] [123r@3] 1234y",
        id="same-meld-by-source",
    ),
    # @k kept, (RRRRy) kept, exposed kong, chow written out of order
    pytest.param("(RRRRy) 123r 456r 789r 5g +5g", "(RRRRy) 123456789r 5g +5g", id="concealed-kong"),
    pytest.param(
        "[5555b] [321r@1] [SSSg@3] 5g 6g 7g 8g +9g",
        "[123r@1] [SSSg@3] [5555b] 5678g +9g",
        id="exposed-kong-and-sources",
    ),
    pytest.param(
        "[RRRRy@2] (1111r) (2222r) (3333r) 5g +5g",
        "[RRRRy@2] (1111r) (2222r) (3333r) 5g +5g",
        id="four-kongs",
    ),
]


@pytest.mark.parametrize(("text", "canonical"), CANONICAL_UNO)
def test_uno_canonical_form(text: str, canonical: str) -> None:
    hand = parse_hand(text)
    assert format_hand(hand) == canonical
    assert str(hand) == canonical
    assert parse_hand(canonical) == hand
    assert format_hand(parse_hand(canonical)) == canonical
    assert Hand.parse(text) == hand
    assert parse_hand(text, UNO_TILES) == hand


CANONICAL_MCR = [
    pytest.param("19m19s119pESWNFP+C", "19m 19s 119p ESWNFP +C", id="orphans"),
    pytest.param("PFCNWSE 9p1p 9s1s 9m1m +1m", "19m 19s 19p ESWNCFP +1m", id="honour-order"),
    pytest.param(
        "[EEE] [789p@1] (CCCC) 123m 5s +5s",
        "[789p@1] [EEE] (CCCC) 123m 5s +5s",
        id="melds",
    ),
    pytest.param("123p 456s 789m 1s EEE", "789m 1456s 123p EEE", id="suit-order-m-s-p"),
    pytest.param(
        "  [SSS]\t[WWWW]\n123m 99s 55p +  5p ", "[SSS] [WWWW] 123m 99s 55p +5p", id="whitespace"
    ),
    pytest.param("1m1m1m2m3m4m5m6m7m8m9m9m9m+5m", "1112345678999m +5m", id="nine-gates"),
]


@pytest.mark.parametrize(("text", "canonical"), CANONICAL_MCR)
def test_mcr_canonical_form(text: str, canonical: str) -> None:
    hand = parse_hand(text, "mcr")
    assert hand.tileset is MCR_TILES
    assert format_hand(hand) == canonical
    assert str(hand) == canonical
    assert parse_hand(canonical, "mcr") == hand
    assert parse_hand(text, MCR_TILES) == hand
    assert Hand.parse(text, "mcr") == hand


def test_parse_hand_structure() -> None:
    hand = parse_hand("[SSSg@2] (RRRRy) 123r 456r 5g +5g")
    assert hand.melds == (Meld.pung(U["Sg"], source=2), Meld.kong(U["Ry"], exposed=False))
    assert hand.concealed == tuple(tiles_of(U, "1r 2r 3r 4r 5r 6r 5g"))
    assert hand.win is U["5g"]
    assert hand == Hand(
        U,
        tiles_of(U, "5g 6r 5r 4r 3r 2r 1r"),
        [Meld.kong(U["Ry"], exposed=False), Meld.pung(U["Sg"], source=2)],
        U["5g"],
    )


def test_parse_mcr_structure() -> None:
    hand = parse_hand("19m19s119pESWNFP+C", "mcr")
    assert hand.melds == ()
    assert hand.concealed == tuple(tiles_of(M, "1m 9m 1s 9s 1p 1p 9p E S W N F P"))
    assert hand.win is M["C"]


def test_whitespace_separates_groups_not_ranks() -> None:
    # docs/notation.md: "123 456r" is an error, never read as "123456r".
    with pytest.raises(NotationError) as info:
        parse_hand("123 456r 789r 123y 5g")
    assert info.value.code == "missing-colour"
    assert info.value.position == 0


def test_uno_s_is_skip_and_mcr_s_is_south_or_bamboo() -> None:
    assert parse_tile("Sg") is U["Sg"]
    assert parse_tile("S", "mcr") is M["S"]
    assert parse_tile("5s", "mcr") is M["5s"]
    assert parse_tile("Rr") is U["Rr"]


# --- parse_tile / parse_tiles ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rules", "expected"),
    [
        ("5g", "uno", "5g"),
        ("  5g\t", "uno", "5g"),
        ("Sg", "uno", "Sg"),
        ("Rb", "uno", "Rb"),
        ("1r", "uno", "1r"),
        ("9p", "mcr", "9p"),
        ("E", "mcr", "E"),
        ("P", "mcr", "P"),
        (" C ", "mcr", "C"),
    ],
)
def test_parse_tile(text: str, rules: str, expected: str) -> None:
    ts = U if rules == "uno" else M
    assert parse_tile(text, rules) is ts[expected]
    assert parse_tile(text, ts) is ts[expected]


@pytest.mark.parametrize(
    ("text", "rules", "expected"),
    [
        ("", "uno", ""),
        ("   ", "uno", ""),
        ("123r 5g", "uno", "1r 2r 3r 5g"),
        ("5g 123r", "uno", "5g 1r 2r 3r"),
        ("RSr", "uno", "Rr Sr"),
        ("SRr", "uno", "Sr Rr"),
        ("11111r", "uno", "1r 1r 1r 1r 1r"),
        ("1r1y 1g\n1b", "uno", "1r 1y 1g 1b"),
        ("19m E 5s", "mcr", "1m 9m E 5s"),
        ("ESWN", "mcr", "E S W N"),
        ("1sS", "mcr", "1s S"),
    ],
)
def test_parse_tiles_keeps_order(text: str, rules: str, expected: str) -> None:
    ts = U if rules == "uno" else M
    assert parse_tiles(text, rules) == tuple(tiles_of(ts, expected))


@pytest.mark.parametrize(
    ("tiles", "rules", "expected"),
    [
        ("", "uno", ""),
        ("5g", "uno", "5g"),
        ("Sb 1r Rr 9r 5g 5g", "uno", "19Rr 55g Sb"),
        ("Sr Rr", "uno", "RSr"),
        ("P E 1p 1m", "mcr", "1m 1p EP"),
        ("C F P E S W N", "mcr", "ESWNCFP"),
    ],
)
def test_format_tiles(tiles: str, rules: str, expected: str) -> None:
    ts = U if rules == "uno" else M
    assert format_tiles(tiles_of(ts, tiles)) == expected


# --- parse_meld / format_meld ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rules", "kind", "tile", "exposed", "source", "canonical"),
    [
        ("[123r]", "uno", MeldKind.CHOW, "1r", True, None, "[123r]"),
        ("[321r]", "uno", MeldKind.CHOW, "1r", True, None, "[123r]"),
        ("[213r@1]", "uno", MeldKind.CHOW, "1r", True, 1, "[123r@1]"),
        ("[1r2r3r]", "uno", MeldKind.CHOW, "1r", True, None, "[123r]"),
        ("[789b]", "uno", MeldKind.CHOW, "7b", True, None, "[789b]"),
        ("[SSSg]", "uno", MeldKind.PUNG, "Sg", True, None, "[SSSg]"),
        ("[SSSg@2]", "uno", MeldKind.PUNG, "Sg", True, 2, "[SSSg@2]"),
        ("[SSSg@7]", "uno", MeldKind.PUNG, "Sg", True, 7, "[SSSg@7]"),
        ("[5555b]", "uno", MeldKind.KONG, "5b", True, None, "[5555b]"),
        ("[RRRRy@3]", "uno", MeldKind.KONG, "Ry", True, 3, "[RRRRy@3]"),
        ("(RRRRy)", "uno", MeldKind.KONG, "Ry", False, None, "(RRRRy)"),
        ("  (RRRRy)\n", "uno", MeldKind.KONG, "Ry", False, None, "(RRRRy)"),
        ("[EEE]", "mcr", MeldKind.PUNG, "E", True, None, "[EEE]"),
        ("[789p@1]", "mcr", MeldKind.CHOW, "7p", True, 1, "[789p@1]"),
        ("[1111s]", "mcr", MeldKind.KONG, "1s", True, None, "[1111s]"),
        ("(CCCC)", "mcr", MeldKind.KONG, "C", False, None, "(CCCC)"),
    ],
)
def test_parse_meld(
    text: str,
    rules: str,
    kind: MeldKind,
    tile: str,
    exposed: bool,
    source: int | None,
    canonical: str,
) -> None:
    ts = U if rules == "uno" else M
    meld = parse_meld(text, rules)
    assert meld == Meld(kind, ts[tile], exposed, source)
    assert meld.kind is kind
    assert meld.tile is ts[tile]
    assert meld.exposed is exposed
    assert meld.source == source
    assert format_meld(meld) == canonical
    assert parse_meld(canonical, rules) == meld


@pytest.mark.parametrize(
    ("meld", "text"),
    [
        (Meld.chow(U["4y"]), "[456y]"),
        (Meld.chow(U["4y"], source=3), "[456y@3]"),
        (Meld.pung(U["Rb"]), "[RRRb]"),
        (Meld.kong(U["Sr"], exposed=False), "(SSSSr)"),
        (Meld.kong(U["9g"], source=1), "[9999g@1]"),
        (Meld.pung(M["P"], source=2), "[PPP@2]"),
        (Meld.chow(M["3m"]), "[345m]"),
    ],
)
def test_format_meld(meld: Meld, text: str) -> None:
    assert format_meld(meld) == text


# --- errors ----------------------------------------------------------------------------

H = "hand"
T = "tile"
TS = "tiles"
ML = "meld"

PARSERS: dict[str, Callable[[str, str], object]] = {
    H: parse_hand,
    T: parse_tile,
    TS: parse_tiles,
    ML: parse_meld,
}

# (parser, text, rules, code, position, hint substring or None when no hint is given)
ERRORS = [
    # ranks without a colour / suit
    pytest.param(
        H,
        "123 456r 789r 123y 5g",
        "uno",
        "missing-colour",
        0,
        "colour letter",
        id="doc-ranks-without-colour",
    ),
    pytest.param(
        H,
        "123R 456r 789r 123y 5g",
        "uno",
        "missing-colour",
        0,
        "R is the rank Reverse",
        id="doc-r-R-confusion",
    ),
    pytest.param(
        H, "123r 456R", "uno", "missing-colour", 5, "R is the rank Reverse", id="R-confusion-later"
    ),
    pytest.param(
        H, "[123] 456r", "uno", "missing-colour", 1, "colour letter", id="missing-colour-in-meld"
    ),
    pytest.param(H, "123r 45", "uno", "missing-colour", 5, "r/y/g/b", id="missing-colour-at-end"),
    pytest.param(T, "5", "uno", "missing-colour", 0, "colour letter", id="missing-colour-tile"),
    pytest.param(H, "123 456m", "mcr", "missing-suit", 0, "m/s/p", id="missing-suit"),
    pytest.param(
        H, "123m 12E", "mcr", "missing-suit", 5, "suit letter", id="missing-suit-before-honour"
    ),
    # a colour with nothing to close
    pytest.param(H, "r", "uno", "colour-without-rank", 0, None, id="colour-without-rank"),
    pytest.param(
        H, "123r g", "uno", "colour-without-rank", 5, None, id="colour-without-rank-later"
    ),
    pytest.param(H, "123m p", "mcr", "suit-without-rank", 5, None, id="suit-without-rank"),
    # characters that mean nothing
    pytest.param(
        H, "123r x", "uno", "unknown-character", 5, "ranks are 1-9 R S", id="unknown-character"
    ),
    pytest.param(
        H, "0r", "uno", "unknown-character", 0, "closed by one of r y g b", id="zero-card"
    ),
    pytest.param(
        H, "1x", "mcr", "unknown-character", 1, "honours E S W N C F P", id="unknown-character-mcr"
    ),
    pytest.param(H, "12,3r", "uno", "unknown-character", 2, "ranks", id="comma"),
    # the other notation
    pytest.param(H, "123m 456r", "uno", "mcr-notation", 3, "MCR notation", id="doc-mpsz-in-uno"),
    pytest.param(H, "123s", "uno", "mcr-notation", 3, "MCR notation", id="bamboo-in-uno"),
    pytest.param(H, "1z", "uno", "mcr-notation", 1, "MCR notation", id="z-in-uno"),
    pytest.param(H, "1r E", "uno", "mcr-notation", 3, "winds and dragons", id="wind-in-uno"),
    pytest.param(H, "123r", "mcr", "uno-notation", 3, "UNO notation", id="colour-in-mcr"),
    pytest.param(H, "RRR", "mcr", "uno-notation", 0, "Reverse is an UNO tile", id="reverse-in-mcr"),
    pytest.param(H, "1z", "mcr", "mpsz-honours", 1, "write honours as letters", id="mpsz-honours"),
    # letter case
    pytest.param(
        H, "1r Ss", "uno", "letter-case", 4, "Skip is uppercase S", id="lower-s-after-skip"
    ),
    pytest.param(H, "s", "uno", "letter-case", 0, "Skip is uppercase S", id="lone-s"),
    pytest.param(H, "12Y", "uno", "letter-case", 2, "lowercase: y", id="upper-colour"),
    pytest.param(H, "1B", "uno", "letter-case", 1, "lowercase: b", id="upper-blue"),
    pytest.param(H, "EE e", "mcr", "letter-case", 3, "uppercase: E", id="lower-wind"),
    pytest.param(H, "c", "mcr", "letter-case", 0, "uppercase: C", id="lower-dragon"),
    # fifth copy
    pytest.param(H, "11111r 2345678r", "uno", "too-many-copies", 4, None, id="doc-fifth-copy"),
    pytest.param(
        H, "[1111r] 1r 23456789r", "uno", "too-many-copies", 8, None, id="fifth-after-kong"
    ),
    pytest.param(H, "1r [1111r] 23456789r", "uno", "too-many-copies", 3, None, id="fifth-in-kong"),
    pytest.param(
        H, "(RRRRy) 123456789r 5g +Ry", "uno", "too-many-copies", 23, None, id="fifth-as-win"
    ),
    pytest.param(H, "EEEE 1m E", "mcr", "too-many-copies", 8, None, id="fifth-honour"),
    # bracket melds that are not chows, pungs or kongs
    pytest.param(
        H, "[124r] 456r", "uno", "bad-meld", 0, "a meld is 3 consecutive", id="doc-bad-meld"
    ),
    pytest.param(H, "123r [11r]", "uno", "bad-meld", 5, "a meld is", id="two-tile-meld"),
    pytest.param(H, "[]", "uno", "bad-meld", 0, "a meld is", id="empty-meld"),
    pytest.param(H, "[12345r]", "uno", "bad-meld", 0, "a meld is", id="five-tile-meld"),
    pytest.param(H, "[12r3y]", "uno", "bad-meld", 0, "a meld is", id="chow-across-colours"),
    pytest.param(H, "[891r]", "uno", "bad-meld", 0, "a meld is", id="wrapping-chow"),
    pytest.param(H, "[11111r]", "uno", "bad-meld", 0, "a meld is", id="five-identical"),
    pytest.param(H, "(123r)", "uno", "bad-meld", 0, None, id="concealed-chow"),
    pytest.param(H, "(RRRy)", "uno", "bad-meld", 0, None, id="concealed-pung"),
    pytest.param(H, "1m [EEES]", "mcr", "bad-meld", 3, "a meld is", id="mcr-bad-meld"),
    # chows of honours
    pytest.param(
        H, "[RSRr]", "uno", "honour-chow", 0, "honours form pungs", id="doc-function-chow"
    ),
    pytest.param(
        H, "1y [RRSr]", "uno", "honour-chow", 3, "honours form pungs", id="function-chow-2"
    ),
    pytest.param(H, "[ESW]", "mcr", "honour-chow", 0, "honours form pungs", id="wind-chow"),
    # wrong tile count
    pytest.param(H, "123r", "uno", "tile-count", 4, "a hand is 13 tiles", id="doc-too-few"),
    pytest.param(H, "", "uno", "tile-count", 0, "a hand is 13 tiles", id="empty-hand"),
    pytest.param(H, "+5g", "uno", "tile-count", 3, "a hand is 13 tiles", id="only-win"),
    pytest.param(
        H, "123456789r 12345y", "uno", "tile-count", 17, "put the 14th", id="fourteen-no-plus"
    ),
    pytest.param(
        H,
        "123456789r 12345y +5g",
        "uno",
        "tile-count",
        21,
        "a hand is 13 tiles",
        id="fourteen-plus-win",
    ),
    pytest.param(
        H,
        "[1111r] [2222r] [3333r] [4444r] +5g",
        "uno",
        "tile-count",
        35,
        "a kong counts as 3",
        id="kongs-count-3",
    ),
    pytest.param(H, "19m19s19pESWNCFP1p", "mcr", "tile-count", 18, "put the 14th", id="mcr-count"),
    # the winning tile
    pytest.param(
        H,
        "123456789r 123y 5g +",
        "uno",
        "missing-winning-tile",
        20,
        None,
        id="doc-plus-without-tile",
    ),
    pytest.param(
        H, "123456789r 123y 5g +  ", "uno", "missing-winning-tile", 22, None, id="plus-then-space"
    ),
    pytest.param(
        H, "123456789r 123y +[SSSg]", "uno", "missing-winning-tile", 17, None, id="plus-then-meld"
    ),
    pytest.param(
        H, "123456789r 123y 5g ++5g", "uno", "missing-winning-tile", 20, None, id="double-plus"
    ),
    pytest.param(
        H,
        "123456789r 123y 5g +5g6g",
        "uno",
        "several-winning-tiles",
        22,
        None,
        id="two-winning-tiles",
    ),
    pytest.param(
        H,
        "123456789r 123y 5g +56g",
        "uno",
        "several-winning-tiles",
        21,
        None,
        id="two-winning-ranks",
    ),
    pytest.param(
        H,
        "123456789r 123y +5g 5g",
        "uno",
        "after-winning-tile",
        20,
        "put '+tile' last",
        id="tile-after-win",
    ),
    pytest.param(
        H,
        "123456789r 5g +5g [SSSg]",
        "uno",
        "after-winning-tile",
        18,
        "put '+tile' last",
        id="meld-after-win",
    ),
    pytest.param(
        H,
        "123456789r 123y +5g +5g",
        "uno",
        "after-winning-tile",
        20,
        "put '+tile' last",
        id="second-plus",
    ),
    pytest.param(
        H,
        "19m19s119pESWNFP+C+C",
        "mcr",
        "after-winning-tile",
        18,
        "put '+tile' last",
        id="mcr-second-plus",
    ),
    # brackets
    pytest.param(H, "] 123r", "uno", "unbalanced-bracket", 0, None, id="stray-close"),
    pytest.param(H, "123r )", "uno", "unbalanced-bracket", 5, None, id="stray-paren"),
    pytest.param(H, "123r [456r", "uno", "unbalanced-bracket", 5, None, id="never-closed"),
    pytest.param(H, "[123r)", "uno", "unbalanced-bracket", 5, None, id="mismatched"),
    pytest.param(H, "(1111r]", "uno", "unbalanced-bracket", 6, None, id="mismatched-paren"),
    pytest.param(H, "[SSSg@1x]", "uno", "unbalanced-bracket", 7, None, id="junk-after-seat"),
    pytest.param(H, "[123r 456r]", "uno", "space-in-meld", 5, None, id="space-in-meld"),
    pytest.param(H, "[ 123r]", "uno", "space-in-meld", 1, None, id="space-after-open"),
    pytest.param(H, "(RRRRy )", "uno", "space-in-meld", 6, None, id="space-before-close"),
    # separators: ASCII space, tab and newline only
    pytest.param(H, "123r\u3000456r", "uno", "bad-separator", 4, "ASCII", id="ideographic-space"),
    pytest.param(H, "123r\xa0456r", "uno", "bad-separator", 4, "ASCII", id="no-break-space"),
    pytest.param(H, "123r\u2028456r", "uno", "bad-separator", 4, "ASCII", id="line-separator"),
    pytest.param(H, "123r\r\n456r", "uno", "bad-separator", 4, "ASCII", id="carriage-return"),
    pytest.param(H, "123m\x0c456m", "mcr", "bad-separator", 4, "ASCII", id="form-feed"),
    pytest.param(TS, "1r\u30002r", "uno", "bad-separator", 2, "ASCII", id="tiles-wide-space"),
    pytest.param(ML, "[123r\u3000]", "uno", "bad-separator", 5, "ASCII", id="meld-wide-space"),
    pytest.param(ML, "[SSSg@2\xa0]", "uno", "bad-separator", 7, "[123r]", id="space-after-seat"),
    pytest.param(H, "\u3000123r", "uno", "bad-separator", 0, "ASCII", id="leading-wide-space"),
    # seats
    pytest.param(H, "(RRRRy@1)", "uno", "bad-seat", 6, None, id="seat-on-concealed-kong"),
    pytest.param(H, "[SSSg@]", "uno", "bad-seat", 6, "1..7", id="seat-without-number"),
    pytest.param(H, "[SSSg@0]", "uno", "bad-seat", 6, "1..7", id="seat-zero"),
    pytest.param(H, "[SSSg@8]", "uno", "bad-seat", 6, "1..7", id="seat-eight"),
    pytest.param(H, "[SSSg@01]", "uno", "bad-seat", 6, "@1", id="seat-leading-zero"),
    pytest.param(H, "1r [SSSg@12]", "uno", "bad-seat", 9, "1..7", id="seat-twelve"),
    pytest.param(H, "[123r@0007]", "uno", "bad-seat", 6, "write it as @7", id="seat-zeros"),
    pytest.param(H, "[123r@1234]", "uno", "bad-seat", 6, "1..7", id="seat-four-digits"),
    pytest.param(H, "[123r@08]", "uno", "bad-seat", 6, "1..7", id="seat-zero-eight"),
    pytest.param(H, "@2 [SSSg]", "uno", "misplaced-seat", 0, None, id="seat-outside"),
    pytest.param(H, "123r@2", "uno", "misplaced-seat", 4, None, id="seat-after-tiles"),
    pytest.param(H, "[SSSg] @2", "uno", "misplaced-seat", 7, None, id="seat-after-meld"),
    # parse_tile, parse_tiles, parse_meld
    pytest.param(T, "12r", "uno", "not-one-tile", None, None, id="two-tiles"),
    pytest.param(T, "", "uno", "not-one-tile", None, None, id="no-tile"),
    pytest.param(T, "E S", "mcr", "not-one-tile", None, None, id="two-honours"),
    pytest.param(T, "5x", "uno", "unknown-character", 1, "ranks", id="tile-unknown-character"),
    pytest.param(T, "5m", "uno", "mcr-notation", 1, "MCR notation", id="tile-mcr"),
    pytest.param(T, "+5g", "uno", "unexpected-character", 0, None, id="tile-with-plus"),
    pytest.param(TS, "1r [2r]", "uno", "unexpected-character", 3, None, id="bracket-in-tiles"),
    pytest.param(TS, "1r+2r", "uno", "unexpected-character", 2, None, id="plus-in-tiles"),
    pytest.param(TS, "1m @", "mcr", "unexpected-character", 3, None, id="at-in-tiles"),
    pytest.param(TS, ")", "uno", "unexpected-character", 0, None, id="paren-in-tiles"),
    pytest.param(ML, "123r", "uno", "not-a-meld", 0, None, id="meld-without-brackets"),
    pytest.param(ML, "  123r", "uno", "not-a-meld", 2, None, id="meld-without-brackets-indented"),
    pytest.param(ML, "", "uno", "not-a-meld", 0, None, id="empty-meld-text"),
    pytest.param(ML, "[123r] x", "uno", "trailing-text", 7, None, id="trailing-text"),
    pytest.param(ML, "[123r]]", "uno", "trailing-text", 6, None, id="trailing-bracket"),
    pytest.param(ML, "[123r][456r]", "uno", "trailing-text", 6, None, id="two-melds"),
    pytest.param(ML, "[124r]", "uno", "bad-meld", 0, "a meld is", id="parse-meld-bad"),
    pytest.param(
        ML, "[RSRr]", "uno", "honour-chow", 0, "honours form", id="parse-meld-honour-chow"
    ),
    pytest.param(ML, "[SSSg@9]", "uno", "bad-seat", 6, "1..7", id="parse-meld-bad-seat"),
    pytest.param(ML, "[123r", "uno", "unbalanced-bracket", 0, None, id="parse-meld-unclosed"),
    pytest.param(ML, "[12r]", "uno", "bad-meld", 0, "a meld is", id="parse-meld-two-tiles"),
]


@pytest.mark.parametrize(("parser", "text", "rules", "code", "position", "hint"), ERRORS)
def test_notation_errors(
    parser: str, text: str, rules: str, code: str, position: int | None, hint: str | None
) -> None:
    with pytest.raises(NotationError) as info:
        PARSERS[parser](text, rules)
    err = info.value
    assert isinstance(err, MahjongError)
    assert isinstance(err, ValueError)
    assert err.code == code
    assert err.position == position
    if hint is None:
        assert err.hint is None
    else:
        assert err.hint is not None
        assert hint in err.hint
    assert f"[{code}]" in str(err)
    if position is not None:
        assert str(err).startswith(f"at position {position}: ")


@pytest.mark.parametrize("parser", [H, T, TS, ML])
@pytest.mark.parametrize("rules", ["riichi", "UNO", "", "gb"])
def test_unknown_rules(parser: str, rules: str) -> None:
    with pytest.raises(MahjongError) as info:
        PARSERS[parser]("[123r]", rules)
    assert info.value.code == "unknown-rules"
    assert info.value.position is None
    assert info.value.hint == "use 'uno' or 'mcr'"


def test_hand_must_be_text() -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(cast(str, 123))
    assert info.value.code == "not-text"
    assert info.value.position is None


def test_error_positions_point_at_the_problem() -> None:
    text = "[SSSg] 123r 456r 789r 5q +5g"
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert info.value.code == "unknown-character"
    assert info.value.position is not None
    assert text[info.value.position] == "q"


def test_fifth_copy_found_before_count() -> None:
    # a fifth copy is reported even though the tile count is also wrong
    with pytest.raises(NotationError) as info:
        parse_hand("5g5g5g5g +5g")
    assert info.value.code == "too-many-copies"
    assert info.value.position == 10


# --- questionable inputs around the seat number ----------------------------------------


def test_superscript_seat_digit_is_a_notation_error() -> None:
    with pytest.raises(NotationError) as info:
        parse_meld("[SSSg@²]")
    assert info.value.code == "bad-seat"


def test_huge_seat_number_is_a_notation_error() -> None:
    with pytest.raises(NotationError) as info:
        parse_meld("[SSSg@" + "0" * 200 + "1]")
    assert info.value.code == "bad-seat"
    with pytest.raises(NotationError) as info:  # longer than any meld: refused unread
        parse_meld("[SSSg@" + "0" * 5000 + "1]")
    assert info.value.code == "too-long"


def test_non_ascii_seat_digit_rejected() -> None:
    with pytest.raises(NotationError) as info:
        parse_meld("[SSSg@٣]")
    assert info.value.code == "bad-seat"


def test_fullwidth_rank_digit_rejected() -> None:
    with pytest.raises(NotationError) as info:
        parse_hand("１23r")
    assert info.value.code == "unknown-character"
    assert info.value.position == 0


def test_leading_zero_seat_is_rejected() -> None:
    # Canonical notation has one way to write a seat; "@02" is not "@2".
    with pytest.raises(NotationError) as info:
        parse_meld("[SSSg@02]")
    assert info.value.code == "bad-seat"


@pytest.mark.parametrize("engine", ["active", "python"])
@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("123r\u3000456r 789r 111r 2r", "bad-separator", "U+3000 IDEOGRAPHIC SPACE"),
        ("123r\xa0456r 789r 111r 2r", "bad-separator", "U+00A0 NO-BREAK SPACE"),
        ("123r\u2028456r 789r 111r 2r", "bad-separator", "U+2028 LINE SEPARATOR"),
        ("123r\r456r 789r 111r 2r", "bad-separator", "U+000D"),
        ("123r\x0b456r 789r 111r 2r", "bad-separator", "U+000B"),
        ("[123r@0007] 456r 789r 111r 2r", "bad-seat", "seat offset 0007 has a leading zero"),
        ("[123r@1234] 456r 789r 111r 2r", "bad-seat", "seat offset 1234 is out of range"),
        ("[123r@2] 456r 789r 111r\t2r\n", None, None),
    ],
)
def test_separators_and_seat_offsets_in_both_engines(
    engine: str, text: str, code: str | None, message: str | None
) -> None:
    # The compiled parser hands every error to the Python one; it must not
    # accept what the Python parser refuses (its whitespace table is
    # notation.SEPARATORS), so both engines are asked in one process.
    context = _engine.python_engine() if engine == "python" else contextlib.nullcontext()
    with context:
        if code is None:
            assert str(parse_hand(text)) == "[123r@2] 1112456789r"
            return
        with pytest.raises(NotationError) as info:
            parse_hand(text)
    assert info.value.code == code
    assert message is not None and message in str(info.value)
    assert "write it as @0" not in str(info.value) and "seat offset 123 " not in str(info.value)


def test_the_separators_are_ascii_space_tab_and_newline() -> None:
    assert notation.SEPARATORS == " \t\n"


def test_every_error_code_has_a_case() -> None:
    """Each code string in notation.py appears in the ERRORS table (or a dedicated test)."""
    source = inspect.getsource(notation)
    in_source = set(re.findall(r'"([a-z]+(?:-[a-z]+)+)"', source))
    # built as f"missing-{what}" and f"{what}-without-rank"
    in_source |= {"missing-colour", "missing-suit", "colour-without-rank", "suit-without-rank"}
    covered = {str(p.values[3]) for p in ERRORS} | {"not-text", "unknown-rules"}
    covered |= {"unsupported-tileset", "mixed-tiles", "not-tiles"}  # tests/test_bad_input.py
    covered |= {"too-long"}  # tests/test_bounded_input.py
    assert in_source == covered
