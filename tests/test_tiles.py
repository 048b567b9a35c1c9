"""Example-based tests of the tile sets (docs/rules.md#tiles) and the code layout."""

from __future__ import annotations

import itertools
import pickle

import pytest

from unomahjong import MCR_TILES, UNO_TILES, NotationError, Tile, TileSet
from unomahjong.errors import MahjongError
from unomahjong.model.tiles import BLOCK, TILESETS, tileset_by_name

BOTH = [pytest.param(UNO_TILES, id="uno"), pytest.param(MCR_TILES, id="mcr")]

UNO_CANONICAL = [f"{r}{c}" for c in "rygb" for r in [*"123456789", "R", "S"]]
MCR_CANONICAL = [f"{r}{s}" for s in "msp" for r in "123456789"] + list("ESWNCFP")


# --- sizes -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ts", "kinds", "total", "suited", "honours", "copies"),
    [
        pytest.param(UNO_TILES, 44, 176, 36, 8, 4, id="uno"),
        pytest.param(MCR_TILES, 34, 136, 27, 7, 4, id="mcr"),
    ],
)
def test_tile_set_sizes(
    ts: TileSet, kinds: int, total: int, suited: int, honours: int, copies: int
) -> None:
    assert ts.kinds == kinds
    assert len(ts) == kinds
    assert len(ts.tiles) == kinds
    assert len(list(ts)) == kinds
    assert ts.copies == copies
    assert ts.total == total
    assert len(ts.suited) == suited
    assert len(ts.honours) == honours
    assert len(set(ts.tiles)) == kinds


def test_tileset_names_and_registry() -> None:
    assert UNO_TILES.name == "uno"
    assert MCR_TILES.name == "mcr"
    assert TILESETS == {"uno": UNO_TILES, "mcr": MCR_TILES}
    assert tileset_by_name("uno") is UNO_TILES
    assert tileset_by_name("mcr") is MCR_TILES
    assert UNO_TILES.suffixed_honours is True
    assert MCR_TILES.suffixed_honours is False


@pytest.mark.parametrize("name", ["UNO", "riichi", "", "mcr "])
def test_tileset_by_unknown_name(name: str) -> None:
    with pytest.raises(MahjongError) as info:
        tileset_by_name(name)
    assert info.value.code == "unknown-rules"
    assert info.value.hint == "use 'uno' or 'mcr'"


# --- code layout -----------------------------------------------------------------------


@pytest.mark.parametrize("ts", BOTH)
def test_suited_codes_are_block_plus_rank(ts: TileSet) -> None:
    for t in ts.suited:
        assert t.suit is not None
        assert t.rank is not None
        assert t.code == BLOCK * t.suit + t.rank
        assert ts.number(t.suit, t.rank) is t
    for b in range(len(ts.suits)):
        assert [ts.by_code(c).rank for c in ts.suit_codes(b)] == list(range(1, 10))
        assert list(ts.suit_codes(b)) == list(range(16 * b + 1, 16 * b + 10))


@pytest.mark.parametrize(
    ("ts", "notation", "code"),
    [
        (UNO_TILES, "1r", 1),
        (UNO_TILES, "9r", 9),
        (UNO_TILES, "Rr", 11),
        (UNO_TILES, "Sr", 13),
        (UNO_TILES, "1y", 17),
        (UNO_TILES, "Sy", 29),
        (UNO_TILES, "5g", 37),
        (UNO_TILES, "Rg", 43),
        (UNO_TILES, "9b", 57),
        (UNO_TILES, "Sb", 61),
        (MCR_TILES, "1m", 1),
        (MCR_TILES, "9s", 25),
        (MCR_TILES, "5p", 37),
        (MCR_TILES, "E", 49),
        (MCR_TILES, "S", 51),
        (MCR_TILES, "W", 53),
        (MCR_TILES, "N", 55),
        (MCR_TILES, "C", 57),
        (MCR_TILES, "F", 59),
        (MCR_TILES, "P", 61),
    ],
)
def test_specific_codes(ts: TileSet, notation: str, code: int) -> None:
    t = ts[notation]
    assert t.code == code
    assert ts.by_code(code) is t
    assert t.notation == notation
    assert str(t) == notation
    assert t.tileset is ts


@pytest.mark.parametrize("ts", BOTH)
def test_empty_slots(ts: TileSet) -> None:
    used = {t.code for t in ts}
    for code in range(ts.size):
        if code % BLOCK in (0, 10, 12, 14, 15):
            assert code not in used, code


@pytest.mark.parametrize("ts", BOTH)
def test_size_leaves_room_for_code_plus_two(ts: TileSet) -> None:
    assert ts.size == max(t.code for t in ts) + 3
    assert ts.size == 64
    for t in ts:
        assert t.code + 2 < ts.size


def _tile_at(ts: TileSet, code: int) -> Tile | None:
    try:
        return ts.by_code(code)
    except NotationError:
        return None


@pytest.mark.parametrize("ts", BOTH)
def test_code_plus_one_and_two_never_cross_suits(ts: TileSet) -> None:
    checked = 0
    for t in ts.suited:
        if t.rank not in (8, 9):
            continue
        for step in (1, 2):
            other = _tile_at(ts, t.code + step)
            if other is not None:
                assert other.suit == t.suit, (t, step, other)
        checked += 1
    assert checked == 2 * len(ts.suits)


@pytest.mark.parametrize("ts", BOTH)
def test_only_ranks_one_to_seven_start_a_code_run(ts: TileSet) -> None:
    """code, code+1, code+2 all tiles <=> a suited tile of rank 1-7 (a chow)."""
    starts = [
        t
        for t in ts
        if _tile_at(ts, t.code + 1) is not None and _tile_at(ts, t.code + 2) is not None
    ]
    assert starts == [t for t in ts.suited if t.rank is not None and t.rank <= 7]
    assert len(starts) == 7 * len(ts.suits)


@pytest.mark.parametrize("ts", BOTH)
def test_honours_have_no_neighbour_at_code_plus_one(ts: TileSet) -> None:
    for t in ts.honours:
        assert _tile_at(ts, t.code + 1) is None


def test_uno_function_tiles_carry_their_colour() -> None:
    for b, colour in enumerate("rygb"):
        for symbol, slot in (("R", 11), ("S", 13)):
            t = UNO_TILES[symbol + colour]
            assert t.suit == b
            assert t.rank is None
            assert t.code == 16 * b + slot
            assert t.honour is not None
            assert t.honour.symbol == symbol
            assert t.honour.family == "function"


def test_mcr_honours_have_no_suit() -> None:
    families = {
        t.notation: (t.suit, t.honour.family if t.honour else "") for t in MCR_TILES.honours
    }
    assert families == {
        "E": (None, "wind"),
        "S": (None, "wind"),
        "W": (None, "wind"),
        "N": (None, "wind"),
        "C": (None, "dragon"),
        "F": (None, "dragon"),
        "P": (None, "dragon"),
    }


# --- canonical order -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ts", "expected"),
    [
        pytest.param(UNO_TILES, UNO_CANONICAL, id="uno"),
        pytest.param(MCR_TILES, MCR_CANONICAL, id="mcr"),
    ],
)
def test_canonical_order(ts: TileSet, expected: list[str]) -> None:
    assert [t.notation for t in ts] == expected
    codes = [t.code for t in ts]
    assert codes == sorted(codes)
    assert len(set(codes)) == len(codes)


@pytest.mark.parametrize("ts", BOTH)
def test_tiles_compare_by_code(ts: TileSet) -> None:
    tiles = list(ts)
    assert sorted(reversed(tiles)) == tiles
    for a, b in itertools.pairwise(tiles):
        assert a < b
        assert a <= b
        assert b > a
        assert b >= a
        assert not b < a
        assert a <= a
        assert a >= a
        assert a != b


def test_comparisons_examples() -> None:
    assert UNO_TILES["9r"] < UNO_TILES["Rr"] < UNO_TILES["Sr"] < UNO_TILES["1y"]
    assert UNO_TILES["Sg"] < UNO_TILES["1b"]
    assert MCR_TILES["9p"] < MCR_TILES["E"] < MCR_TILES["N"] < MCR_TILES["C"] < MCR_TILES["P"]


# --- tile properties -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ts", "notation", "suited", "terminal", "orphan"),
    [
        (UNO_TILES, "1r", True, True, True),
        (UNO_TILES, "9b", True, True, True),
        (UNO_TILES, "5g", True, False, False),
        (UNO_TILES, "2y", True, False, False),
        (UNO_TILES, "Rr", False, False, True),
        (UNO_TILES, "Sb", False, False, True),
        (MCR_TILES, "1m", True, True, True),
        (MCR_TILES, "9p", True, True, True),
        (MCR_TILES, "8s", True, False, False),
        (MCR_TILES, "E", False, False, True),
        (MCR_TILES, "P", False, False, True),
    ],
)
def test_tile_predicates(
    ts: TileSet, notation: str, suited: bool, terminal: bool, orphan: bool
) -> None:
    t = ts[notation]
    assert t.is_suited is suited
    assert t.is_honour is (not suited)
    assert t.is_terminal is terminal
    assert t.is_terminal_or_honour is orphan


# --- repr, pickling, identity ----------------------------------------------------------


@pytest.mark.parametrize("ts", BOTH)
def test_repr_is_evaluable(ts: TileSet) -> None:
    env = {"UNO_TILES": UNO_TILES, "MCR_TILES": MCR_TILES}
    assert eval(repr(ts), env) is ts
    for t in ts:
        assert eval(repr(t), env) is t


def test_repr_examples() -> None:
    assert repr(UNO_TILES["5g"]) == "UNO_TILES['5g']"
    assert repr(UNO_TILES["Sg"]) == "UNO_TILES['Sg']"
    assert repr(MCR_TILES["E"]) == "MCR_TILES['E']"
    assert repr(UNO_TILES) == "UNO_TILES"
    assert repr(MCR_TILES) == "MCR_TILES"


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
@pytest.mark.parametrize("ts", BOTH)
def test_pickle_keeps_identity(ts: TileSet, protocol: int) -> None:
    assert pickle.loads(pickle.dumps(ts, protocol=protocol)) is ts
    for t in ts:
        assert pickle.loads(pickle.dumps(t, protocol=protocol)) is t
    tiles = list(ts)
    again = pickle.loads(pickle.dumps(tiles, protocol=protocol))
    assert all(a is b for a, b in zip(again, tiles, strict=True))


@pytest.mark.parametrize("ts", BOTH)
def test_lookup_returns_interned_tiles(ts: TileSet) -> None:
    for t in ts:
        assert ts[t.notation] is t
        assert ts.by_code(t.code) is t
        assert t in ts
    other = MCR_TILES if ts is UNO_TILES else UNO_TILES
    for t in other:
        assert t not in ts
    assert "1r" not in ts
    assert 1 not in ts


def test_same_notation_different_sets_are_different_tiles() -> None:
    # "S" is a rank in UNO (Skip, written with a colour) and South in MCR.
    assert UNO_TILES["1r"] != MCR_TILES["1m"]
    assert UNO_TILES["1r"].code == MCR_TILES["1m"].code
    assert MCR_TILES["S"].honour is not None
    assert MCR_TILES["S"].honour.name == "South"


def test_tiles_are_hashable_and_frozen() -> None:
    t = UNO_TILES["5g"]
    assert {t: 1}[UNO_TILES["5g"]] == 1
    with pytest.raises(AttributeError):
        t.code = 3  # type: ignore[misc]


# --- knitted sets ----------------------------------------------------------------------


@pytest.mark.parametrize(("ts", "count"), [(UNO_TILES, 24), (MCR_TILES, 6)])
def test_knitted_sets(ts: TileSet, count: int) -> None:
    sets = ts.knitted_sets
    assert len(sets) == count
    assert len(set(sets)) == count
    for s in sets:
        assert len(s) == 9
        assert len(set(s)) == 9
        assert list(s) == sorted(s, key=lambda t: t.code)
        assert all(t.is_suited for t in s)
        suits = {t.suit for t in s}
        assert len(suits) == 3
        patterns = set()
        for suit in suits:
            ranks = tuple(sorted(t.rank or 0 for t in s if t.suit == suit))
            patterns.add(ranks)
        assert patterns == {(1, 4, 7), (2, 5, 8), (3, 6, 9)}


@pytest.mark.parametrize("ts", BOTH)
def test_knitted_sets_cover_every_suit_assignment(ts: TileSet) -> None:
    n = len(ts.suits)
    keys = []
    for s in ts.knitted_sets:
        by_pattern = {t.rank: t.suit for t in s if t.rank in (1, 2, 3)}
        keys.append((by_pattern[1], by_pattern[2], by_pattern[3]))
    expected = [
        (a, b, c) for a in range(n) for b in range(n) for c in range(n) if len({a, b, c}) == 3
    ]
    assert keys == expected


@pytest.mark.parametrize(
    ("ts", "index", "notations"),
    [
        (UNO_TILES, 0, "1r 4r 7r 2y 5y 8y 3g 6g 9g"),
        (UNO_TILES, 23, "3y 6y 9y 2g 5g 8g 1b 4b 7b"),
        (MCR_TILES, 0, "1m 4m 7m 2s 5s 8s 3p 6p 9p"),
        (MCR_TILES, 5, "3m 6m 9m 2s 5s 8s 1p 4p 7p"),
    ],
)
def test_knitted_set_examples(ts: TileSet, index: int, notations: str) -> None:
    assert [t.notation for t in ts.knitted_sets[index]] == notations.split()


# --- terminals and honours -------------------------------------------------------------


@pytest.mark.parametrize(
    ("ts", "expected"),
    [
        pytest.param(
            UNO_TILES,
            "1r 9r Rr Sr 1y 9y Ry Sy 1g 9g Rg Sg 1b 9b Rb Sb",
            id="uno",
        ),
        pytest.param(MCR_TILES, "1m 9m 1s 9s 1p 9p E S W N C F P", id="mcr"),
    ],
)
def test_terminals_and_honours(ts: TileSet, expected: str) -> None:
    got = [t.notation for t in ts.terminals_and_honours]
    assert got == expected.split()
    assert len(got) == (16 if ts is UNO_TILES else 13)


# --- counts helper ---------------------------------------------------------------------


def test_counts_array() -> None:
    ts = UNO_TILES
    counts = ts.counts([ts["5g"], ts["5g"], ts["Rr"], ts["1r"]])
    assert len(counts) == ts.size
    assert counts[ts["5g"].code] == 2
    assert counts[ts["Rr"].code] == 1
    assert counts[ts["1r"].code] == 1
    assert sum(counts) == 4


# --- unknown lookups -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ts", "notation"),
    [
        (UNO_TILES, "5x"),
        (UNO_TILES, "0r"),
        (UNO_TILES, "10r"),
        (UNO_TILES, "r5"),
        (UNO_TILES, "5R"),
        (UNO_TILES, "E"),
        (UNO_TILES, "1m"),
        (UNO_TILES, ""),
        (UNO_TILES, "5g "),
        (MCR_TILES, "5g"),
        (MCR_TILES, "Rr"),
        (MCR_TILES, "1z"),
        (MCR_TILES, "e"),
        (MCR_TILES, "Em"),
    ],
)
def test_unknown_notation_raises(ts: TileSet, notation: str) -> None:
    with pytest.raises(NotationError) as info:
        ts[notation]
    err = info.value
    assert isinstance(err, ValueError)
    assert err.code == "unknown-tile"
    assert err.position is None
    assert err.hint == (
        "tiles look like '5r' or 'Sb'" if ts is UNO_TILES else "tiles look like '5m' or 'P'"
    )


@pytest.mark.parametrize("ts", BOTH)
@pytest.mark.parametrize("code", [-1, 0, 10, 12, 14, 15, 16, 62, 63, 64, 1000])
def test_unknown_code_raises(ts: TileSet, code: int) -> None:
    with pytest.raises(NotationError) as info:
        ts.by_code(code)
    assert info.value.code == "unknown-tile"


@pytest.mark.parametrize("ts", BOTH)
@pytest.mark.parametrize(("suit", "rank"), [(0, 0), (0, 10), (5, 1)])
def test_number_out_of_range_raises(ts: TileSet, suit: int, rank: int) -> None:
    with pytest.raises(NotationError) as info:
        ts.number(suit, rank)
    assert info.value.code == "unknown-tile"


def test_held_lists_kinds_with_a_count_in_canonical_order() -> None:
    counts = [0] * UNO_TILES.size
    for t in (UNO_TILES["Sb"], UNO_TILES["5g"], UNO_TILES["1r"], UNO_TILES["5g"]):
        counts[t.code] += 1
    assert [t.notation for t in UNO_TILES.held(counts)] == ["1r", "5g", "Sb"]
