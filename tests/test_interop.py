"""Conversions both ways between MCR hands, PyMahjongGB's input and the riichi
``mahjong`` package's tile arrays.

Round trips are properties over the project's strategies; the meaning of
the conversions is checked against the two libraries themselves where they
are installed (the library never imports them).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unomahjong import (
    MCR_TILES,
    UNO_TILES,
    ContextError,
    Hand,
    HandError,
    Meld,
    MeldKind,
    NotationError,
    RulesError,
    WinContext,
    parse_hand,
    parse_tiles,
    score,
)
from unomahjong.research.interop import (
    FAN_NAMES,
    GbPack,
    from_34,
    from_136,
    from_gb_fan_arguments,
    from_gb_hand,
    from_gb_pack,
    from_gb_tile,
    gb_fan_arguments,
    gb_hand,
    gb_pack,
    gb_tile,
    to_34,
    to_136,
)
from unomahjong.research.strategies import hands, melds, scored_hands

FAST = settings(max_examples=60, deadline=None)


def explicit_sources(hand: Hand) -> Hand:
    """``hand`` as PyMahjongGB's packs give it back: every exposed meld has a
    source, a chow's 1 and a pung's or kong's 1 where none was recorded."""
    return Hand(hand.tileset, hand.concealed, [_explicit(m) for m in hand.melds], hand.win)


def _explicit(m: Meld) -> Meld:
    if not m.exposed:
        return m
    return Meld(m.kind, m.tile, True, 1 if m.is_chow else (m.source or 1))


def _with_offers(pack: tuple[GbPack, ...], rng: random.Random) -> tuple[GbPack, ...]:
    """The packs with each exposed one's offer drawn anew (1-3)."""
    return tuple((k, t, o and rng.randint(1, 3)) for k, t, o in pack)


# ---------------------------------------------------------------- PyMahjongGB: tiles and packs


def test_every_mcr_tile_has_a_name_and_back() -> None:
    names = [gb_tile(t) for t in MCR_TILES.tiles]
    assert len(set(names)) == 34
    assert [from_gb_tile(n) for n in names] == list(MCR_TILES.tiles)
    assert names[:3] == ["W1", "W2", "W3"] and from_gb_tile("T9") is MCR_TILES["9s"]
    assert [gb_tile(MCR_TILES[t]) for t in "ESWNCFP"] == [
        *("F1", "F2", "F3", "F4"),
        *("J1", "J2", "J3"),
    ]


@FAST
@given(melds("mcr"))
def test_a_declared_meld_comes_back_with_its_source_explicit(m: Meld) -> None:
    back = from_gb_pack(gb_pack(m))
    assert back == _explicit(m)
    assert gb_pack(back) == gb_pack(m)


@pytest.mark.parametrize("kind", [MeldKind.CHOW, MeldKind.PUNG])
def test_a_concealed_chow_or_pung_is_offer_zero_and_back(kind: MeldKind) -> None:
    m = Meld(kind, MCR_TILES["3p"], exposed=False)
    assert gb_pack(m) == (
        "CHI" if kind is MeldKind.CHOW else "PENG",
        "B4" if m.is_chow else "B3",
        0,
    )
    assert from_gb_pack(gb_pack(m)) == m


@pytest.mark.parametrize("offer", [1, 2, 3])
def test_a_chows_offer_is_its_claimed_tile(offer: int) -> None:
    m = from_gb_pack(("CHI", "T5", offer))
    assert m.tile is MCR_TILES["4s"] and m.source == 1 and m.exposed
    assert m.claimed is MCR_TILES[f"{3 + offer}s"]
    assert gb_pack(m) == ("CHI", "T5", offer)
    assert gb_pack(parse_hand("[456s@3] 123m 456m 789m E", "mcr").melds[0]) == ("CHI", "T5", 1)


@pytest.mark.parametrize("offer", [1, 2, 3])
@pytest.mark.parametrize("kind", ["PENG", "GANG"])
def test_a_pungs_or_kongs_offer_is_its_source(kind: str, offer: int) -> None:
    m = from_gb_pack((kind, "J2", offer))
    assert m.source == offer and m.exposed and m.tile is MCR_TILES["F"]
    assert gb_pack(m) == (kind, "J2", offer)
    kong = from_gb_pack(("GANG", "F3", 0))
    assert kong.is_concealed_kong and kong.source is None


def test_a_source_no_seat_of_four_has_is_refused() -> None:
    with pytest.raises(HandError) as e:
        gb_pack(Meld(MeldKind.PUNG, MCR_TILES["E"], True, 5))
    assert e.value.code == "bad-seat" and "5 seats back" in str(e.value)


# ---------------------------------------------------------------- PyMahjongGB: hands


@FAST
@given(hands("mcr", with_win=True))
def test_from_of_to_is_the_hand_with_explicit_sources(h: Hand) -> None:
    assert h.win is not None
    pack, standing = gb_hand(h)
    assert from_gb_hand(pack, standing, gb_tile(h.win)) == explicit_sources(h)
    assert from_gb_hand(pack, standing).with_win(h.win) == explicit_sources(h)


@FAST
@given(hands("mcr"), st.randoms(use_true_random=False))
def test_to_of_from_is_the_input_in_canonical_order(h: Hand, rng: random.Random) -> None:
    pack, standing = gb_hand(h)
    pack = _with_offers(pack, rng)
    assert gb_hand(from_gb_hand(pack, standing)) == (pack, standing)
    shuffled_pack, shuffled_hand = list(pack), list(standing)
    rng.shuffle(shuffled_pack)
    rng.shuffle(shuffled_hand)
    back_pack, back_hand = gb_hand(from_gb_hand(shuffled_pack, shuffled_hand))
    # Chows equal but for the claimed tile keep the order they were given in.
    assert back_hand == standing and Counter(back_pack) == Counter(pack)
    assert [p[:2] for p in back_pack] == [p[:2] for p in pack]


@FAST
@given(scored_hands("mcr"))
def test_fan_arguments_round_trip(hc: tuple[Hand, WinContext]) -> None:
    hand, context = hc
    arguments = gb_fan_arguments(hand, context)
    assert from_gb_fan_arguments(arguments) == (explicit_sources(hand), context)
    assert gb_fan_arguments(*from_gb_fan_arguments(arguments)) == arguments
    assert from_gb_fan_arguments({**arguments, "verbose": True})[1] == context


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        (
            {"isSelfDrawn": True, "isAboutKong": True},
            {"self_drawn": True, "kong_replacement": True},
        ),
        ({"isAboutKong": True}, {"robbing_kong": True}),
        ({"is4thTile": True, "isWallLast": True}, {"last_copy": True, "last_tile": True}),
        (
            {"seatWind": 2, "prevalentWind": 3, "flowerCount": 8},
            {"seat_wind": "W", "prevalent_wind": "N", "flowers": 8},
        ),
    ],
)
def test_the_context_flags_read_back(flags: dict[str, Any], expected: dict[str, Any]) -> None:
    hand = parse_hand("[1111m] 456m 789m 55p 12s +3s", "mcr")
    arguments = {**gb_fan_arguments(hand), **flags}
    assert from_gb_fan_arguments(arguments)[1] == WinContext(**expected)


MahjongGB_INPUTS: list[dict[str, Any]] = [
    {
        "pack": (("GANG", "F1", 0),),
        "hand": ("W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "J1"),
        "winTile": "J1",
    },
    {
        "pack": (("PENG", "F1", 2), ("CHI", "B5", 3)),
        "hand": ("W1", "W1", "W1", "T2", "T3", "T4", "J3"),
        "winTile": "J3",
    },
    {
        "pack": (("GANG", "T8", 3), ("GANG", "B8", 0), ("PENG", "W8", 1)),
        "hand": ("J2", "J2", "J2", "F4"),
        "winTile": "F4",
        "isSelfDrawn": True,
        "isAboutKong": True,
    },
    {
        "pack": (),
        "hand": ("W1", "W9", "T1", "T9", "B1", "B9", "F1", "F2", "F3", "F4", "J1", "J2", "J3"),
        "winTile": "W1",
        "isWallLast": True,
    },
    {
        "pack": (("CHI", "W2", 1), ("CHI", "W5", 2), ("CHI", "W8", 3)),
        "hand": ("T7", "T8", "T9", "B5"),
        "winTile": "B5",
        "flowerCount": 3,
        "seatWind": 1,
        "prevalentWind": 2,
    },
]
"""PyMahjongGB inputs written by hand: concealed and exposed kongs, every offer."""

_DEFAULTS = {
    "flowerCount": 0,
    "isSelfDrawn": False,
    "is4thTile": False,
    "isAboutKong": False,
    "isWallLast": False,
    "seatWind": 0,
    "prevalentWind": 0,
}


def _calculator_fans(arguments: dict[str, object]) -> Counter[str]:
    MahjongGB = pytest.importorskip("MahjongGB")
    out: Counter[str] = Counter()
    for _points, count, name, _en in MahjongGB.MahjongFanCalculator(**arguments, verbose=True):
        out[FAN_NAMES.get(str(name), str(name))] += count
    return out


@pytest.mark.parametrize("case", range(len(MahjongGB_INPUTS)))
def test_pymahjonggb_input_read_back_scores_as_pymahjonggb_scores_it(case: int) -> None:
    arguments = {**_DEFAULTS, **MahjongGB_INPUTS[case]}
    hand, context = from_gb_fan_arguments(arguments)
    ours = Counter({f.zh: f.count for f in score(hand, context, "mcr").fans})
    assert ours == _calculator_fans(arguments)
    again: dict[str, Any] = gb_fan_arguments(hand, context)
    assert Counter(again.pop("pack")) == Counter(arguments.pop("pack"))
    assert sorted(again.pop("hand")) == sorted(arguments.pop("hand"))
    assert again == arguments


@settings(max_examples=30, deadline=None)
@given(scored_hands("mcr"), st.randoms(use_true_random=False))
def test_the_calculator_accepts_what_comes_back(
    hc: tuple[Hand, WinContext], rng: random.Random
) -> None:
    arguments: dict[str, Any] = gb_fan_arguments(*hc)
    arguments["pack"] = _with_offers(arguments["pack"], rng)
    hand, context = from_gb_fan_arguments(arguments)
    again = gb_fan_arguments(hand, context)
    assert again == arguments
    theirs = _calculator_fans(again)
    assert Counter({f.zh: f.count for f in score(hand, context, "mcr").fans}) == theirs


# ---------------------------------------------------------------- PyMahjongGB: bad input

HAND10 = ("W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "J1")


KONG = ("GANG", "F1", 0)
PUNG = ("PENG", "F1", 1)

BAD_GB: list[tuple[Callable[..., object], tuple[Any, ...], type[Exception], str, str]] = [
    (from_gb_tile, ("X1",), NotationError, "unknown-tile", "'X1'"),
    (from_gb_tile, ("H3",), NotationError, "unknown-tile", "flowerCount"),
    (from_gb_tile, ("w1",), NotationError, "unknown-tile", "'w1'"),
    (from_gb_tile, (5,), NotationError, "not-text", "int 5"),
    (from_gb_pack, (("CHOW", "W5", 1),), HandError, "bad-pack-type", "'CHOW'"),
    (from_gb_pack, (("PENG", "W5", 4),), HandError, "bad-offer", "offer 4"),
    (from_gb_pack, (("PENG", "W5", -1),), HandError, "bad-offer", "offer -1"),
    (from_gb_pack, (("PENG", "W5", True),), HandError, "bad-offer", "offer True"),
    (from_gb_pack, (("PENG", "W5", "1"),), HandError, "bad-offer", "offer '1'"),
    (from_gb_pack, (("PENG", "W5"),), HandError, "not-a-pack", "('PENG', 'W5')"),
    (from_gb_pack, (("PENG", "Q5", 1),), NotationError, "unknown-tile", "pack[1]"),
    (from_gb_pack, (("CHI", "W1", 1),), HandError, "bad-meld", "middle"),
    (from_gb_pack, (("CHI", "J1", 1),), HandError, "bad-meld", "middle"),
    (from_gb_hand, ([KONG], (*HAND10[:-1], "Z9")), NotationError, "unknown-tile", "hand[9]"),
    (from_gb_hand, ([KONG, ("PANG", "W5", 1)], HAND10[:7]), HandError, "bad-pack-type", "pack[1]"),
    (from_gb_hand, ([("PENG", "F1", 0)], HAND10), HandError, "concealed-pack", "pack[0]"),
    (from_gb_hand, ([], HAND10), HandError, "tile-count", "has 10 tiles"),
    (from_gb_hand, ([], HAND10 * 100), HandError, "tile-count", "more than 13"),
    (from_gb_hand, ([PUNG] * 5, ()), HandError, "tile-count", "more than 4 packs"),
    (from_gb_hand, ([PUNG], (*HAND10[:-1], "F1"), "F1"), HandError, "too-many-copies", "5 copies"),
    (from_gb_hand, ("PENG", HAND10), HandError, "not-a-sequence", "str 'PENG'"),
    (from_gb_hand, ([PUNG], HAND10, 7), NotationError, "not-text", "win_tile"),
]
"""(function, arguments, error, code, words of the message) of bad PyMahjongGB input."""


@pytest.mark.parametrize(("func", "args", "error", "code", "where"), BAD_GB)
def test_bad_pymahjonggb_input_raises_typed_errors_naming_the_place(
    func: Callable[..., object],
    args: tuple[Any, ...],
    error: type[Exception],
    code: str,
    where: str,
) -> None:
    with pytest.raises(error) as e:
        func(*args)
    assert e.value.code == code  # type: ignore[attr-defined]
    assert where in str(e.value)


GOOD = {**_DEFAULTS, **MahjongGB_INPUTS[0]}


@pytest.mark.parametrize(
    ("change", "error", "code", "where"),
    [
        ({"seatWind": 4}, ContextError, "bad-wind", "seatWind"),
        ({"prevalentWind": "E"}, ContextError, "bad-wind", "prevalentWind"),
        ({"flowerCount": 9}, ContextError, "bad-flowers", "flowerCount"),
        ({"isSelfDrawn": "yes"}, ContextError, "bad-flag", "isSelfDrawn"),
        ({"isWallLast": None}, ContextError, "bad-flag", "isWallLast"),
        ({"winTile": None}, RulesError, "missing-winning-tile", "winning tile"),
        ({"winTile": "J9"}, NotationError, "unknown-tile", "arguments['winTile']"),
        ({"hand": (*HAND10[:-1], "X")}, NotationError, "unknown-tile", "arguments['hand'][9]"),
        ({"pack": (("GANG", "F1", 7),)}, HandError, "bad-offer", "arguments['pack'][0]"),
        ({"windSeat": 0}, ContextError, "unknown-argument", "'windSeat'"),
        (
            {"pack": (("GANG", "F1", 1),), "isAboutKong": True},
            ContextError,
            "robbing-kong-copy",
            "robbed C",
        ),
    ],
)
def test_bad_fan_arguments_raise_typed_errors(
    change: dict[str, Any], error: type[Exception], code: str, where: str
) -> None:
    with pytest.raises(error) as e:
        from_gb_fan_arguments({**GOOD, **change})
    assert e.value.code == code  # type: ignore[attr-defined]
    assert where in str(e.value)


def test_missing_fan_arguments_are_named() -> None:
    arguments = dict(GOOD)
    del arguments["isWallLast"], arguments["seatWind"]
    with pytest.raises(ContextError) as e:
        from_gb_fan_arguments(arguments)
    assert e.value.code == "missing-argument" and "isWallLast, seatWind" in str(e.value)


def test_a_replacement_tile_without_a_kong_is_refused_both_ways() -> None:
    arguments = {**GOOD, "pack": (), "hand": (*HAND10[:-1], "W1", "W1", "W1", "J1")}
    arguments |= {"isSelfDrawn": True, "isAboutKong": True}
    with pytest.raises(ContextError) as e:
        from_gb_fan_arguments(arguments)
    assert e.value.code == "replacement-without-kong"


# ---------------------------------------------------------------- the riichi package

mcr_ids = st.lists(st.integers(0, 135), unique=True, max_size=40)
"""Riichi tile ids: any set of physical tiles."""


@FAST
@given(mcr_ids)
def test_ids_round_trip(ids: list[int]) -> None:
    tiles = from_136(ids)
    assert list(tiles) == [from_136([i])[0] for i in ids]
    assert [i // 4 for i in to_136(tiles)] == [i // 4 for i in ids]
    assert from_136(to_136(tiles)) == tiles
    canonical = to_136(tiles)
    assert to_136(from_136(canonical)) == canonical


@FAST
@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_counts_round_trip(counts: list[int]) -> None:
    tiles = from_34(counts)
    assert to_34(tiles) == counts
    assert list(tiles) == sorted(tiles)
    assert from_34(to_34(reversed(tiles))) == tiles


@FAST
@given(hands("mcr", with_win=True))
def test_a_hands_arrays_hold_every_tile_it_holds(h: Hand) -> None:
    held = tuple(h.all_tiles())
    assert sum(to_34(h)) == len(held) == 14 + sum(m.is_kong for m in h.melds)
    assert from_136(to_136(h)) == held
    assert from_34(to_34(h)) == tuple(sorted(held))
    assert to_34(h) == to_34(held)


def test_the_kinds_are_the_riichi_packages() -> None:
    constants = pytest.importorskip("mahjong.constants")
    kinds = to_34(parse_tiles("E S W N P F C", "mcr"))
    honours = [constants.EAST, constants.SOUTH, constants.WEST, constants.NORTH]
    honours += [constants.HAKU, constants.HATSU, constants.CHUN]
    assert [i for i, n in enumerate(kinds) if n] == honours
    fives = to_136(parse_tiles("5m 5p 5s", "mcr"))
    assert fives == [constants.FIVE_RED_MAN, constants.FIVE_RED_PIN, constants.FIVE_RED_SOU]


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        ("123m 456p 789s EE SS WW NN", "123m456p789s11223344z"),
        ("PPP FFF CCC 11m 99p", "11m99p555666777z"),
        ("5555m 19s 19p 234678m", "2345555678m19p19s"),
        ("1s 9s 1p 9p 1m 9m E S W N C F P", "19m19p19s1234567z"),
    ],
)
def test_the_riichi_packages_strings_agree(ours: str, theirs: str) -> None:
    tile = pytest.importorskip("mahjong.tile")
    tiles = parse_tiles(ours, "mcr")
    assert tile.TilesConverter.to_one_line_string(to_136(tiles)) == theirs
    assert tile.TilesConverter.one_line_string_to_34_array(theirs) == to_34(tiles)
    assert sorted(from_136(tile.TilesConverter.one_line_string_to_136_array(theirs))) == sorted(
        tiles
    )


@FAST
@given(hands("mcr", with_win=True))
def test_the_riichi_packages_arrays_agree(h: Hand) -> None:
    converter = pytest.importorskip("mahjong.tile").TilesConverter
    assert converter.to_34_array(to_136(h)) == to_34(h)
    assert converter.to_136_array(to_34(h)) == sorted(to_136(h))


UNO_HAND = parse_hand("123456789r 5g 5g 5g 7b", "uno")

BAD_RIICHI: list[tuple[Callable[..., object], tuple[Any, ...], type[Exception], str, str]] = [
    (to_34, (parse_tiles("5g", "uno"),), RulesError, "not-mcr", "5g"),
    (to_136, (UNO_HAND,), RulesError, "not-mcr", "is not an MCR tile"),
    (to_34, ([MCR_TILES["E"]] * 5,), HandError, "too-many-copies", "copies of E"),
    (to_136, ([MCR_TILES["9p"]] * 5,), HandError, "too-many-copies", "copies of 9p"),
    (to_34, (["1m"],), HandError, "not-tiles", "item 0"),
    (from_34, ([0] * 33,), HandError, "bad-counts", "not 33"),
    (from_34, ([0] * 35,), HandError, "bad-counts", "not more"),
    (from_34, ([0] * 33 + [5],), HandError, "bad-counts", "counts[33] (C) is 5"),
    (from_34, ([0] * 27 + [-1] + [0] * 6,), HandError, "bad-counts", "counts[27] (E)"),
    (from_34, ([0.0] * 34,), HandError, "bad-counts", "counts[0]"),
    (from_34, ("0" * 34,), HandError, "not-a-sequence", "str"),
    (from_136, ([0, 136],), HandError, "bad-tile-id", "ids[1] 136"),
    (from_136, ([7, 7],), HandError, "bad-tile-id", "given twice"),
    (from_136, ([True],), HandError, "bad-tile-id", "ids[0] True"),
    (from_136, (range(137),), HandError, "bad-tile-id", "at most 136"),
    (gb_tile, (UNO_TILES["5g"],), RulesError, "not-mcr", "5g"),
]
"""(function, arguments, error, code, words of the message) of bad tiles, counts and ids."""


@pytest.mark.parametrize(("func", "args", "error", "code", "where"), BAD_RIICHI)
def test_bad_riichi_input_raises_typed_errors(
    func: Callable[..., object],
    args: tuple[Any, ...],
    error: type[Exception],
    code: str,
    where: str,
) -> None:
    with pytest.raises(error) as e:
        func(*args)
    assert e.value.code == code  # type: ignore[attr-defined]
    assert where in str(e.value)


def test_a_long_generator_is_read_no_further_than_needed() -> None:
    counter = itertools.count()
    with pytest.raises(HandError):
        from_136(i % 136 for i in counter)
    assert next(counter) == 137
