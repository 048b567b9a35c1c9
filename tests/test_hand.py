"""Example-based tests of the hand model (:class:`Hand`, :class:`Meld`), without the parser."""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest

from unomahjong import MCR_TILES, UNO_TILES, Hand, HandError, Meld, MeldKind, Tile, TileSet
from unomahjong.errors import MahjongError, NotationError, RulesError
from unomahjong.model.hand import HAND_SIZE, MAX_SEAT_OFFSET

U = UNO_TILES
M = MCR_TILES


def ts_tiles(ts: TileSet, spec: str) -> list[Tile]:
    """Tiles from space-separated single-tile notations, looked up without the parser."""
    return [ts[n] for n in spec.split()]


def u(spec: str) -> list[Tile]:
    return ts_tiles(U, spec)


def m(spec: str) -> list[Tile]:
    return ts_tiles(M, spec)


# 13 concealed tiles: 123456789r 123y 5g
THIRTEEN = "1r 2r 3r 4r 5r 6r 7r 8r 9r 1y 2y 3y 5g"


# --- valid hands -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ts", "concealed", "melds", "win"),
    [
        pytest.param(U, THIRTEEN, [], None, id="13-concealed"),
        pytest.param(U, THIRTEEN, [], "5g", id="13-concealed+win"),
        pytest.param(U, "1r 2r 3r 4r 5r 6r 7r 8r 9r 5g", [Meld.pung(U["Sg"])], "5g", id="pung+10"),
        pytest.param(U, "1r 2r 3r 4r 5r 6r 7r 8r 9r 5g", [Meld.kong(U["Sg"])], None, id="kong+10"),
        pytest.param(
            U,
            "5g",
            [
                Meld.kong(U["1r"]),
                Meld.kong(U["Rr"], exposed=False),
                Meld.kong(U["9b"], source=2),
                Meld.kong(U["Sy"], exposed=False),
            ],
            "5g",
            id="four-kongs+1",
        ),
        pytest.param(
            U,
            "1r",
            [Meld.chow(U["1y"]), Meld.chow(U["1y"]), Meld.chow(U["1y"]), Meld.chow(U["1y"])],
            "1r",
            id="four-identical-chows",
        ),
        pytest.param(M, "1m 9m 1s 9s 1p 9p E S W N C F P", [], "P", id="mcr-orphans"),
        pytest.param(
            M,
            "1m 2m 3m 5p",
            [Meld.pung(M["E"]), Meld.chow(M["7s"]), Meld.kong(M["C"])],
            "5p",
            id="mcr-melds",
        ),
    ],
)
def test_valid_hands(ts: TileSet, concealed: str, melds: list[Meld], win: str | None) -> None:
    w = ts[win] if win is not None else None
    hand = Hand(ts, ts_tiles(ts, concealed), melds, w)
    assert hand.tileset is ts
    assert [t.notation for t in hand.concealed] == concealed.split()
    assert hand.win is w
    assert hand.is_complete_size is (w is not None)
    assert len(hand.concealed) + 3 * len(hand.melds) == HAND_SIZE
    assert sorted(hand.melds, key=lambda x: (not x.exposed, x.sort_key())) == list(hand.melds)


# --- tile counts -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("concealed", "melds", "win", "hint"),
    [
        pytest.param(THIRTEEN.rsplit(" ", 1)[0], [], None, None, id="12"),
        pytest.param(THIRTEEN.rsplit(" ", 1)[0], [], "5g", None, id="12+win"),
        pytest.param(THIRTEEN + " 6g", [], None, "write the 14th tile after '+'", id="14"),
        pytest.param("", [], None, None, id="empty"),
        pytest.param("", [], "5g", None, id="only-win"),
        pytest.param(THIRTEEN + " 6g 7g", [], None, None, id="15"),
        pytest.param(
            "1r 2r 3r 4r 5r 6r 7r 8r 9r", [Meld.kong(U["Sg"])], "5g", None, id="kong-as-4-wrong"
        ),
        pytest.param(
            "",
            [Meld.kong(U["1r"]), Meld.kong(U["2r"]), Meld.kong(U["3r"]), Meld.kong(U["4r"])],
            "5g",
            None,
            id="four-kongs-no-concealed",
        ),
        pytest.param(
            "5g 5g",
            [Meld.kong(U["1r"]), Meld.kong(U["2r"]), Meld.kong(U["3r"]), Meld.kong(U["4r"])],
            None,
            "write the 14th tile after '+'",
            id="four-kongs-two-concealed",
        ),
    ],
)
def test_wrong_tile_count(
    concealed: str, melds: list[Meld], win: str | None, hint: str | None
) -> None:
    with pytest.raises(HandError) as info:
        Hand(U, u(concealed), melds, U[win] if win else None)
    assert info.value.code == "tile-count"
    assert info.value.position is None
    if win is None:
        assert info.value.hint == hint


def test_tile_count_detail_mentions_winning_tile() -> None:
    with pytest.raises(HandError) as info:
        Hand(U, u(THIRTEEN + " 6g"), (), U["5g"])
    assert info.value.code == "tile-count"
    assert "plus the winning tile" in info.value.detail
    assert info.value.detail.startswith("the hand has 14 tiles")


# --- copies ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("concealed", "melds", "win", "tile", "n"),
    [
        pytest.param("1r 1r 1r 1r 5r 6r 7r 8r 9r 1y 2y 3y 5g", [], "1r", "1r", 5, id="4+win"),
        pytest.param(
            "1r 2r 3r 4r 5r 6r 7r 8r 9r 5g", [Meld.kong(U["1r"])], None, "1r", 5, id="kong+1"
        ),
        pytest.param(
            "1r 1r 2r 3r 4r 5r 6r 7r 8r 9r", [Meld.pung(U["1r"])], None, "1r", 5, id="pung+2"
        ),
        pytest.param(
            "2r 2r 2r 2r 5r 6r 7r 8r 9r 1y", [Meld.chow(U["1r"])], None, "2r", 5, id="chow+4"
        ),
        pytest.param(
            "1r 2r 3r 4r 5r 6r 7r 8r 9r 5g",
            [Meld.kong(U["Ry"], exposed=False)],
            "Ry",
            "Ry",
            5,
            id="concealed-kong+win",
        ),
        pytest.param(
            "1r 2r 3r 4r 5r 6r 7r 8r 9r 5g",
            [Meld.pung(U["Sb"])],
            "Sb",
            None,
            4,
            id="pung+win-is-fine",
        ),
        pytest.param(
            "2y",
            [Meld.chow(U["1y"]), Meld.chow(U["1y"]), Meld.chow(U["1y"]), Meld.chow(U["1y"])],
            None,
            "2y",
            5,
            id="chows",
        ),
    ],
)
def test_fifth_copy(
    concealed: str, melds: list[Meld], win: str | None, tile: str | None, n: int
) -> None:
    def build() -> Hand:
        return Hand(U, u(concealed), melds, U[win] if win else None)

    if tile is None:
        hand = build()
        assert max(hand.total_counts()) == n
        return
    with pytest.raises(HandError) as info:
        build()
    assert info.value.code == "too-many-copies"
    assert info.value.detail == f"{n} copies of {tile}; the set has only 4"


def test_four_copies_everywhere_is_fine() -> None:
    hand = Hand(U, u("1r 1r 1r 2r 3r 4r 5r 6r 7r 8r 9r 9r 9r"), (), U["1r"])
    assert hand.total_counts()[U["1r"].code] == 4
    assert hand.total_counts()[U["9r"].code] == 3


# --- melds ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "meld",
    [
        pytest.param(Meld.pung(U["Rr"], exposed=False), id="concealed-pung"),
        pytest.param(Meld.chow(U["1b"], exposed=False), id="concealed-chow"),
        pytest.param(Meld(MeldKind.PUNG, U["5g"], exposed=False), id="concealed-pung-ctor"),
    ],
)
def test_hand_rejects_concealed_chows_and_pungs(meld: Meld) -> None:
    with pytest.raises(HandError) as info:
        Hand(U, u("1r 2r 3r 4r 5r 6r 7r 8r 9r 1y"), [meld])
    assert info.value.code == "bad-meld"
    assert info.value.hint == "concealed chows and pungs are concealed tiles"


@pytest.mark.parametrize("tile", [U["Rr"], U["Sr"], U["Rb"], U["Sg"], M["E"], M["N"], M["P"]])
def test_honour_chow_rejected(tile: Tile) -> None:
    makers: list[Callable[[], Meld]] = [
        lambda: Meld.chow(tile),
        lambda: Meld.chow(tile, exposed=False),
        lambda: Meld(MeldKind.CHOW, tile),
    ]
    for make in makers:
        with pytest.raises(HandError) as info:
            make()
        assert info.value.code == "honour-chow"
        assert info.value.hint is not None


@pytest.mark.parametrize("tile", [U["8r"], U["9r"], U["8b"], U["9g"], M["8m"], M["9p"]])
def test_chow_starting_at_8_or_9_rejected(tile: Tile) -> None:
    with pytest.raises(HandError) as info:
        Meld.chow(tile)
    assert info.value.code == "bad-meld"
    assert info.value.detail == f"a chow cannot start at {tile}: it would pass 9"


@pytest.mark.parametrize(
    ("start", "tiles"),
    [
        (U["1r"], "1r 2r 3r"),
        (U["7r"], "7r 8r 9r"),
        (U["7b"], "7b 8b 9b"),
        (M["7p"], "7p 8p 9p"),
        (M["1s"], "1s 2s 3s"),
    ],
)
def test_chow_tiles(start: Tile, tiles: str) -> None:
    meld = Meld.chow(start)
    assert [t.notation for t in meld.tiles] == tiles.split()
    assert meld.codes == (start.code, start.code + 1, start.code + 2)
    assert meld.is_chow
    assert not meld.is_pung_or_kong
    assert not meld.is_kong
    assert meld.json_kind == "chow"


@pytest.mark.parametrize(
    ("meld", "n", "kind", "json_kind", "concealed_kong"),
    [
        (Meld.pung(U["Sg"]), 3, MeldKind.PUNG, "pung", False),
        (Meld.kong(U["5b"]), 4, MeldKind.KONG, "kong", False),
        (Meld.kong(U["Ry"], exposed=False), 4, MeldKind.KONG, "concealed_kong", True),
        (Meld.pung(M["C"]), 3, MeldKind.PUNG, "pung", False),
    ],
)
def test_pung_kong_tiles(
    meld: Meld, n: int, kind: MeldKind, json_kind: str, concealed_kong: bool
) -> None:
    assert meld.tiles == (meld.tile,) * n
    assert meld.codes == (meld.tile.code,) * n
    assert meld.kind is kind
    assert meld.is_pung_or_kong
    assert meld.is_kong is (n == 4)
    assert meld.is_concealed_kong is concealed_kong
    assert meld.json_kind == json_kind


@pytest.mark.parametrize("source", [-1, 0, MAX_SEAT_OFFSET + 1, 100])
def test_source_seat_out_of_range(source: int) -> None:
    assert MAX_SEAT_OFFSET == 7
    for make in (Meld.pung, Meld.chow, Meld.kong):
        with pytest.raises(HandError) as info:
            make(U["1r"], source=source)
        assert info.value.code == "bad-seat"
        assert info.value.hint == "@k counts seats back from the claimer: 1..7"


@pytest.mark.parametrize("source", range(1, 8))
def test_source_seat_in_range(source: int) -> None:
    assert Meld.pung(U["1r"], source=source).source == source
    assert Meld.chow(U["1r"], source=source).source == source
    assert Meld.kong(U["1r"], source=source).source == source


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: Meld.kong(U["Ry"], exposed=False, source=2), id="concealed-kong"),
        pytest.param(lambda: Meld.pung(U["Ry"], exposed=False, source=1), id="concealed-pung"),
        pytest.param(lambda: Meld.chow(U["1y"], exposed=False, source=3), id="concealed-chow"),
        pytest.param(lambda: Meld(MeldKind.CHOW, U["1r"], claimed=U["4r"]), id="claimed-outside"),
        pytest.param(lambda: Meld(MeldKind.PUNG, U["1r"], claimed=M["1m"]), id="claimed-foreign"),
    ],
)
def test_bad_meld(make: Callable[[], Meld]) -> None:
    with pytest.raises(HandError) as info:
        make()
    assert info.value.code == "bad-meld"


def test_claimed_is_not_part_of_equality() -> None:
    a = Meld(MeldKind.CHOW, U["1r"], claimed=U["2r"])
    b = Meld(MeldKind.CHOW, U["1r"], claimed=U["3r"])
    c = Meld(MeldKind.CHOW, U["1r"])
    assert a == b == c
    assert hash(a) == hash(c)
    assert a.claimed is U["2r"]


def test_meld_equality_includes_source_and_exposure() -> None:
    assert Meld.pung(U["1r"], source=1) != Meld.pung(U["1r"], source=2)
    assert Meld.pung(U["1r"]) != Meld.pung(U["1r"], source=2)
    assert Meld.kong(U["1r"]) != Meld.kong(U["1r"], exposed=False)
    assert Meld.kong(U["1r"]) != Meld.pung(U["1r"])


# --- tile sets -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("concealed", "melds", "win"),
    [
        pytest.param([M["1m"], *u(THIRTEEN)[1:]], [], None, id="concealed"),
        pytest.param(u(THIRTEEN), [], M["5p"], id="win"),
        pytest.param(u("1r 2r 3r 4r 5r 6r 7r 8r 9r 1y"), [Meld.pung(M["E"])], None, id="meld"),
        pytest.param(u("1r 2r 3r 4r 5r 6r 7r 8r 9r 1y"), [Meld.chow(M["1m"])], None, id="chow"),
    ],
)
def test_tiles_from_another_set_rejected(
    concealed: list[Tile], melds: list[Meld], win: Tile | None
) -> None:
    with pytest.raises(HandError) as info:
        Hand(U, concealed, melds, win)
    assert info.value.code == "wrong-tileset"


def test_uno_tiles_in_mcr_hand_rejected() -> None:
    with pytest.raises(HandError) as info:
        Hand(M, u(THIRTEEN))
    assert info.value.code == "wrong-tileset"


# --- equality and canonical storage ----------------------------------------------------


def test_equality_ignores_order() -> None:
    tiles = u("5g 4r 9r 4r")
    melds = [Meld.kong(U["Ry"], exposed=False), Meld.pung(U["Sg"]), Meld.chow(U["1r"])]
    a = Hand(U, tiles, melds, U["5g"])
    b = Hand(U, list(reversed(tiles)), list(reversed(melds)), U["5g"])
    assert a == b
    assert hash(a) == hash(b)
    assert [t.notation for t in a.concealed] == ["4r", "4r", "9r", "5g"]
    assert a.melds == (Meld.chow(U["1r"]), Meld.pung(U["Sg"]), Meld.kong(U["Ry"], exposed=False))
    assert a.concealed == b.concealed
    assert a.melds == b.melds


@pytest.mark.parametrize(
    ("a", "b"),
    [
        pytest.param(
            Hand(U, u(THIRTEEN), (), U["5g"]), Hand(U, u(THIRTEEN), (), U["1r"]), id="win-differs"
        ),
        pytest.param(Hand(U, u(THIRTEEN), (), U["5g"]), Hand(U, u(THIRTEEN)), id="win-missing"),
        pytest.param(
            Hand(U, u("1r 2r 3r 4r 5r 6r 7r 8r 9r 5g"), [Meld.pung(U["Sg"])]),
            Hand(U, u("1r 2r 3r 4r 5r 6r 7r 8r 9r 5g"), [Meld.pung(U["Sg"], source=1)]),
            id="source-differs",
        ),
        pytest.param(
            Hand(U, u("1r 2r 3r 4r 5r 6r 7r 8r 9r 5g"), [Meld.kong(U["Sg"])]),
            Hand(U, u("1r 2r 3r 4r 5r 6r 7r 8r 9r 5g"), [Meld.kong(U["Sg"], exposed=False)]),
            id="exposure-differs",
        ),
        pytest.param(
            Hand(U, u(THIRTEEN), (), U["5g"]),
            Hand(U, u("1r 2r 3r 4r 5r 6r 7r 8r 9r 1y 2y 3y 6g"), (), U["5g"]),
            id="concealed-differs",
        ),
    ],
)
def test_inequality(a: Hand, b: Hand) -> None:
    assert a != b


def test_melds_stored_exposed_first_then_concealed_kongs() -> None:
    melds = [
        Meld.kong(U["1r"], exposed=False),
        Meld.pung(U["Sb"]),
        Meld.chow(U["7g"], source=3),
        Meld.kong(U["Sr"]),
    ]
    hand = Hand(U, u("5g"), melds, U["5g"])
    assert hand.melds == (
        Meld.kong(U["Sr"]),
        Meld.chow(U["7g"], source=3),
        Meld.pung(U["Sb"]),
        Meld.kong(U["1r"], exposed=False),
    )


# --- with_win / without_win / discard ---------------------------------------------------


def test_with_win_and_without_win() -> None:
    waiting = Hand(U, u(THIRTEEN))
    won = waiting.with_win(U["5g"])
    assert won.win is U["5g"]
    assert won.concealed == waiting.concealed
    assert won == Hand(U, u(THIRTEEN), (), U["5g"])
    assert won.without_win() == waiting
    assert waiting.without_win() == waiting
    with pytest.raises(HandError) as info:
        won.with_win(U["5g"])
    assert info.value.code == "has-winning-tile"


def test_with_win_fifth_copy_rejected() -> None:
    waiting = Hand(U, u("1r 1r 1r 1r 2r 3r 4r 5r 6r 7r 8r 9r 9r"))
    with pytest.raises(HandError) as info:
        waiting.with_win(U["1r"])
    assert info.value.code == "too-many-copies"


def test_with_win_foreign_tile_rejected() -> None:
    with pytest.raises(HandError) as info:
        Hand(U, u(THIRTEEN)).with_win(M["5m"])
    assert info.value.code == "wrong-tileset"


@pytest.mark.parametrize(
    ("discard", "left"),
    [
        ("5g", THIRTEEN.replace("5g", "6g")),
        ("1r", "2r 3r 4r 5r 6r 7r 8r 9r 1y 2y 3y 5g 6g"),
        ("3y", "1r 2r 3r 4r 5r 6r 7r 8r 9r 1y 2y 5g 6g"),
        ("6g", THIRTEEN),
    ],
)
def test_discard(discard: str, left: str) -> None:
    hand = Hand(U, u(THIRTEEN.replace("5g", "6g")), (), U["5g"])
    after = hand.discard(U[discard])
    assert after.win is None
    assert [t.notation for t in after.concealed] == sorted(left.split(), key=lambda n: U[n].code)


def test_discard_keeps_melds() -> None:
    melds = [Meld.pung(U["Sg"], source=2)]
    hand = Hand(U, u("1r 2r 3r 4r 5r 6r 7r 8r 9r 5g"), melds, U["6g"])
    after = hand.discard(U["1r"])
    assert after.melds == (Meld.pung(U["Sg"], source=2),)
    assert after == Hand(U, u("2r 3r 4r 5r 6r 7r 8r 9r 5g 6g"), melds)


def test_discard_errors() -> None:
    hand = Hand(U, u("1r 2r 3r 4r 5r 6r 7r 8r 9r 5g"), [Meld.pung(U["Sg"])], U["6g"])
    with pytest.raises(HandError) as info:
        hand.discard(U["Sg"])
    assert info.value.code == "not-in-hand"
    with pytest.raises(HandError) as info:
        hand.discard(U["1b"])
    assert info.value.code == "not-in-hand"
    with pytest.raises(HandError) as info:
        hand.without_win().discard(U["1r"])
    assert info.value.code == "missing-winning-tile"


# --- counts ----------------------------------------------------------------------------


def test_counts_and_total_counts() -> None:
    melds = [Meld.kong(U["Ry"], exposed=False), Meld.pung(U["5g"]), Meld.chow(U["1r"])]
    hand = Hand(U, u("1r 2r 5g 9b"), melds, U["9b"])
    assert len(hand.counts) == U.size
    assert len(hand.total_counts()) == U.size
    expected_counts = {"1r": 1, "2r": 1, "5g": 1, "9b": 2}
    assert {U.by_code(c).notation: n for c, n in enumerate(hand.counts) if n} == expected_counts
    expected_total = {"1r": 2, "2r": 2, "3r": 1, "Ry": 4, "5g": 4, "9b": 2}
    total = hand.total_counts()
    assert {U.by_code(c).notation: n for c, n in enumerate(total) if n} == expected_total
    assert sum(total) == 15
    # total_counts returns a fresh list
    total[1] = 99
    assert hand.total_counts()[1] == 2


def test_counts_without_win() -> None:
    hand = Hand(U, u(THIRTEEN))
    assert sum(hand.counts) == 13
    assert hand.counts[U["5g"].code] == 1
    assert hand.total_counts() == list(hand.counts)


def test_concealed_with_win_all_tiles_and_is_concealed() -> None:
    melds = [
        Meld.kong(U["Ry"], exposed=False),
        Meld.kong(U["Sy"], exposed=False),
        Meld.chow(U["1b"], source=1),
    ]
    hand = Hand(U, u("9r 1r 2r 5g"), melds, U["1r"])
    assert [t.notation for t in hand.concealed_with_win] == ["1r", "1r", "2r", "9r", "5g"]
    assert [t.notation for t in hand.concealed] == ["1r", "2r", "9r", "5g"]
    assert not hand.is_concealed
    melded = ["1b", "2b", "3b", *["Ry"] * 4, *["Sy"] * 4]
    assert [t.notation for t in hand.all_tiles()] == [*melded, "1r", "2r", "9r", "5g", "1r"]
    concealed_only = Hand(
        U, u("1r 2r 3r 4r 5r 6r 7r 8r 9r 5g"), [Meld.kong(U["Sy"], exposed=False)]
    )
    assert concealed_only.is_concealed
    assert concealed_only.concealed_with_win == concealed_only.concealed
    assert Hand(U, u(THIRTEEN)).is_concealed


# --- errors ----------------------------------------------------------------------------


def test_error_hierarchy() -> None:
    for cls in (HandError, NotationError, RulesError):
        assert issubclass(cls, MahjongError)
        assert issubclass(cls, ValueError)


def test_hand_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match=r"\[honour-chow\]"):
        Meld.chow(U["Rr"])


def test_error_rendering_and_pickle() -> None:
    err = NotationError("bad-meld", "124r is not a meld", position=3, hint="fix it")
    assert str(err) == "at position 3: 124r is not a meld [bad-meld] (hint: fix it)"
    plain = HandError("tile-count", "too few")
    assert str(plain) == "too few [tile-count]"
    for e in (err, plain):
        again = pickle.loads(pickle.dumps(e))
        assert type(again) is type(e)
        assert (again.code, again.detail, again.position, again.hint) == (
            e.code,
            e.detail,
            e.position,
            e.hint,
        )


def test_hand_pickles() -> None:
    hand = Hand(U, u("1r 2r 3r 4r 5r 6r 7r 8r 9r 5g"), [Meld.pung(U["Sg"], source=2)], U["5g"])
    again = pickle.loads(pickle.dumps(hand))
    assert again == hand
    assert again.tileset is U
    assert again.win is U["5g"]
    assert again.counts == hand.counts
