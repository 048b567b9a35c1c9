"""Tiles as pictures (unomahjong.render, docs/render.md): every output is a
self-contained SVG document that parses as XML, with a viewBox and a title;
every tile kind draws, each with its notation on its face; hands are laid out
as on the table; scores show their fans; the CLI writes files."""

from __future__ import annotations

import re
import runpy
import sys
import types
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unomahjong import (
    MCR_TILES,
    UNO_TILES,
    Hand,
    HandError,
    Meld,
    MeldKind,
    NotationError,
    RulesError,
    TileSet,
    format_tiles,
    get_rules,
    parse_hand,
    parse_tiles,
    render,
    score,
    score_hand,
)
from unomahjong.cli import main
from unomahjong.errors import MahjongError
from unomahjong.model.notation import MAX_ROW_LENGTH
from unomahjong.render import (
    hand_svg,
    score_html,
    score_svg,
    svg_to_png,
    tiles_svg,
    to_svg,
)
from unomahjong.render._hand_svg import SECTION_GAP
from unomahjong.render._svg import _NOT_XML
from unomahjong.research.generate import winning_hands

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"
UNO_HAND = "[SSSg@2] [123b@1] (RRRRy) 123r 5g +5g"
MCR_HAND = "[EEEE@3] [123m] (CCCC) 19p 99s +1p"


def svg_root(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    """The ``g`` elements whose class list holds ``cls``."""
    return [g for g in root.iter(SVG + "g") if cls in g.get("class", "").split()]


def tiles_of(group: ET.Element) -> list[str]:
    return [g.get("data-tile", "") for g in groups(group, "tile")]


def x_of(tile: ET.Element) -> float:
    m = re.match(r"translate\(([\d.]+) ", tile.get("transform", ""))
    assert m, tile.get("transform")
    return float(m.group(1))


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(SVG + "text")]


def assert_self_contained(document: str) -> None:
    root = ET.fromstring(document)
    for el in root.iter():
        for name, value in el.attrib.items():
            if name.endswith("href"):
                assert value.startswith("#"), f"external reference {value!r}"
            assert "url(" not in value or value.startswith("url(#"), value
        assert el.tag.split("}")[-1] not in ("image", "script", "foreignObject", "style")
    assert "@import" not in document and "http" not in document.replace(
        'xmlns="http://www.w3.org/2000/svg"', ""
    )


def pictures() -> list[tuple[str, str]]:
    return [
        ("uno hand", hand_svg(parse_hand(UNO_HAND))),
        ("mcr hand", hand_svg(parse_hand(MCR_HAND, "mcr"))),
        ("13 tiles", hand_svg(parse_hand("[SSSg] 123456789r 5g"))),
        ("uno tiles", tiles_svg(list(UNO_TILES))),
        ("mcr tiles", tiles_svg(list(MCR_TILES))),
        ("no tiles", tiles_svg([])),
        ("score", score_svg(score_hand("[SSSg] 123r 456r 789r 5g +5g"))),
        ("mcr score", score_svg(score_hand("19m19s19pESWNCFP +C", rules="mcr"))),
    ]


@pytest.mark.parametrize(("name", "svg"), pictures(), ids=[n for n, _ in pictures()])
def test_document_parses_with_viewbox_title_and_nothing_external(name: str, svg: str) -> None:
    root = svg_root(svg)
    box = root.get("viewBox", "").split()
    assert len(box) == 4 and box[:2] == ["0", "0"] and all(float(v) > 0 for v in box[2:])
    assert (root.get("width"), root.get("height")) == (box[2], box[3])
    first = next(iter(root))
    assert first.tag == SVG + "title" and first.text
    assert_self_contained(svg)


def test_title_is_the_notation_and_output_is_deterministic() -> None:
    h = parse_hand(UNO_HAND)
    svg = hand_svg(h)
    assert svg_root(svg).findtext(SVG + "title") == str(h)
    assert svg == hand_svg(parse_hand(str(h))) == to_svg(h)
    assert hand_svg(h, title="my <hand>").count("<title>my &lt;hand&gt;</title>") == 1


@pytest.mark.parametrize("tileset", [UNO_TILES, MCR_TILES], ids=["uno", "mcr"])
def test_every_tile_kind_draws_with_its_notation_on_its_face(tileset: TileSet) -> None:
    root = svg_root(tiles_svg(list(tileset)))
    drawn = groups(root, "tile")
    assert [g.get("data-tile") for g in drawn] == [t.notation for t in tileset]
    for g, t in zip(drawn, tileset, strict=True):
        # Colour is never the only signal: the colour letter or suit mark is on the face.
        assert t.notation in texts(g), t
        assert (g.findtext(SVG + "title") or "").startswith(f"{t.notation}: ")


def test_uno_faces_are_cards_with_large_numbers_and_drawn_symbols() -> None:
    root = svg_root(tiles_svg(parse_tiles("5r 6y 9g Rb Sr")))
    five, six, nine, rev, skip = groups(root, "tile")
    for tile, digit in ((five, "5"), (six, "6"), (nine, "9")):
        (rank,) = groups(tile, "rank")
        assert set(texts(rank)) == {digit}
        assert float(rank[0].get("font-size", 0)) >= 30
    assert len(list(groups(six, "rank")[0].iter(SVG + "rect"))) == 1  # 6 and 9 underlined
    for tile, kind in ((rev, "reverse"), (skip, "skip")):
        (symbol,) = groups(tile, kind)
        assert list(symbol.iter(SVG + "path")) and not list(symbol.iter(SVG + "text"))
    fills = {g.get("data-tile"): g.findall(SVG + "rect")[1].get("fill") for g in (five, rev)}
    assert fills["5r"] != fills["Rb"]


def test_mcr_faces_show_rank_suit_mark_and_honour_characters() -> None:
    root = svg_root(tiles_svg(list(MCR_TILES)))
    by_tile = {g.get("data-tile"): g for g in groups(root, "tile")}
    for letter, mark in (("m", "characters"), ("s", "bamboo"), ("p", "dots")):
        for rank in range(1, 10):
            g = by_tile[f"{rank}{letter}"]
            assert str(rank) in texts(g) and groups(g, mark), (rank, letter)
    for letter, glyph, name in (("E", "東", "East"), ("F", "發", "Green"), ("P", "白", "White")):
        assert {glyph, name, letter} <= set(texts(by_tile[letter]))


def test_hand_layout_sets_apart_melds_kongs_and_winning_tile() -> None:
    root = svg_root(hand_svg(parse_hand(UNO_HAND)))
    (concealed,) = groups(root, "hand-concealed")
    (win,) = groups(root, "hand-win")
    exposed = groups(root, "meld-exposed")
    (kong,) = groups(root, "meld-concealed-kong")
    assert tiles_of(concealed) == ["1r", "2r", "3r", "5g"]
    assert tiles_of(win) == ["5g"] and "win" in texts(win)
    assert [g.get("data-meld") for g in exposed] == ["[SSSg@2]", "[123b@1]"]
    assert kong.get("data-meld") == "(RRRRy)"
    kong_tiles = groups(kong, "tile")
    assert ["face-down" in t.get("class", "") for t in kong_tiles] == [True, False, False, True]
    # Apart: each section starts at least SECTION_GAP after the one before.
    last = groups(concealed, "tile")[-1]
    assert x_of(groups(win, "tile")[0]) >= x_of(last) + 42 + SECTION_GAP
    assert x_of(groups(exposed[0], "tile")[0]) >= x_of(groups(win, "tile")[0]) + 42 + SECTION_GAP


def claimed_positions(text: str, rules: str = "uno", players: int = 4) -> list[list[int]]:
    root = svg_root(hand_svg(parse_hand(text, rules), players=players))
    out = []
    for meld in groups(root, "meld-exposed"):
        tiles = groups(meld, "tile")
        out.append([i for i, t in enumerate(tiles) if "claimed" in t.get("class", "").split()])
        for t in tiles:
            turned = "rotate(-90)" in t.get("transform", "")
            assert turned == ("claimed" in t.get("class", "")), t.attrib
    return out


def test_claimed_tile_is_turned_and_placed_by_its_source_seat() -> None:
    # A pung's claimed tile is known from @k: left from the previous seat,
    # in the middle from the opposite one, right from the next one.
    assert claimed_positions("[111r@1] [222r@2] [333r@3] 456g 5b +5b") == [[0], [1], [2]]
    assert claimed_positions("[1111r@3] 234567r 789g 5b +5b") == [[3]]
    assert claimed_positions("[333r@3] 456789r 123g 5b +5b", players=6) == [[1]]
    # A chow's claimed tile is not in the notation: nothing is turned.
    assert claimed_positions("[123r@1] [555b] 456789r 1g +1g") == [[], []]
    assert claimed_positions(MCR_HAND, "mcr") == [[], [3]]


def test_claimed_tile_recorded_on_the_meld_is_turned() -> None:
    t = UNO_TILES
    chow = Meld(MeldKind.CHOW, t["1b"], source=1, claimed=t["2b"])
    hand = Hand(UNO_TILES, parse_tiles("123456789r 5g"), [chow], t["5g"])
    root = svg_root(hand_svg(hand))
    (meld,) = groups(root, "meld-exposed")
    tiles = groups(meld, "tile")
    assert [g.get("data-tile") for g in tiles] == ["2b", "1b", "3b"]
    assert "claimed" in tiles[0].get("class", "") and "@1" in "".join(texts(meld))


def test_thirteen_tile_hand_has_no_winning_tile() -> None:
    root = svg_root(hand_svg(parse_hand("[SSSg] 123456789r 5g")))
    assert not groups(root, "hand-win") and len(groups(root, "tile")) == 13


def test_score_picture_groups_the_reading_and_lists_the_fans() -> None:
    s = score_hand("[SSSg] 123r 456r 789r 5g +5g")
    root = svg_root(score_svg(s))
    assert [tiles_of(g) for g in groups(root, "hand-concealed")] == [
        ["1r", "2r", "3r"],
        ["4r", "5r", "6r"],
        ["7r", "8r", "9r"],
        ["5g"],
    ]
    lines = groups(root, "fan")
    assert [g.get("data-fan") for g in lines] == [f.id for f in s.fans]
    for g, f in zip(lines, s.fans, strict=True):
        assert {f.zh, f.en, str(f.points)} <= set(texts(g))
    (total,) = groups(root, "total")
    assert str(s.total) in texts(total)
    assert not groups(svg_root(score_svg(s, fans=False)), "fan")


@pytest.mark.parametrize("rules", ["uno", "mcr"])
def test_score_reading_accounts_for_every_concealed_tile(rules: str) -> None:
    for hand, ctx in winning_hands(16, 40, rules):
        s = score(hand, ctx, rules)
        root = svg_root(score_svg(s, fans=False))
        drawn = [t for g in groups(root, "hand-concealed") for t in tiles_of(g)]
        assert Counter(drawn) == Counter(str(t) for t in s.hand.concealed), str(s.hand)
        assert tiles_of(groups(root, "hand-win")[0]) == [str(s.hand.win)]


def test_score_html_has_the_picture_and_the_fan_table() -> None:
    s = score_hand("[SSSg] 123r 456r 789r 5g +5g")
    html = score_html(s)
    root = ET.fromstring(html)  # well-formed: the SVG inline, then the table
    assert root.find(SVG + "svg") is not None
    rows = root.findall("./table/tbody/tr")
    assert [r.get("data-fan") for r in rows] == [f.id for f in s.fans]
    for r, f in zip(rows, s.fans, strict=True):
        cells = [c.text or "" for c in r.findall("td")]
        assert cells[:4] == [f.zh, f.en, str(f.points), str(f.count)]
    pung = next(r for r in rows if r.get("data-fan") == "PUNG_OF_TERMINALS_OR_FUNCTIONS")
    assert pung.findall("td")[4].text == "[SSSg]"
    assert root.findtext("./table/tfoot/tr/th[2]") == str(s.total)


def test_hand_shows_itself_in_jupyter() -> None:
    h = parse_hand(UNO_HAND)
    assert h._repr_svg_() == hand_svg(h)


def test_score_shows_itself_in_jupyter() -> None:
    s = score_hand("[SSSg] 123r 456r 789r 5g +5g")
    html = s._repr_html_()
    assert html == score_html(s) and "清龙" in html and "Pure Straight" in html


def test_bad_arguments_raise_typed_errors() -> None:
    with pytest.raises(HandError):
        hand_svg("[SSSg] 123456789r 5g +5g")  # type: ignore[arg-type]
    with pytest.raises(HandError):
        tiles_svg([UNO_TILES["5r"], "5g"])  # type: ignore[list-item]
    with pytest.raises(HandError):
        score_svg(parse_hand(UNO_HAND))  # type: ignore[arg-type]
    with pytest.raises(HandError):
        tiles_svg([UNO_TILES["5r"], MCR_TILES["5m"]])
    with pytest.raises(HandError):
        tiles_svg("5r 5g")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        hand_svg(parse_hand(UNO_HAND), players=1)
    with pytest.raises(RulesError):
        to_svg([], players=9)
    with pytest.raises(RulesError):
        score_svg(score_hand("[SSSg] 123r 456r 789r 5g +5g"), fans="no")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        hand_svg(parse_hand(UNO_HAND), title=5)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        svg_to_png(b"<svg/>")  # type: ignore[arg-type]


def test_png_needs_cairosvg(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(ImportError, match="pip install cairosvg"):
        svg_to_png(tiles_svg([UNO_TILES["5r"]]))


def fake_cairosvg(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    seen: list[bytes] = []

    def svg2png(*, bytestring: bytes) -> bytes:
        seen.append(bytestring)
        return b"\x89PNG fake"

    module = types.ModuleType("cairosvg")
    module.svg2png = svg2png  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cairosvg", module)
    return seen


def test_cli_prints_or_writes_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", MCR_HAND, "--rules", "mcr"]) == 0
    out = capsys.readouterr().out
    assert svg_root(out).findtext(SVG + "title") == str(parse_hand(MCR_HAND, "mcr"))
    target = tmp_path / "hand.svg"
    assert main(["render", UNO_HAND, "-o", str(target)]) == 0
    assert capsys.readouterr() == ("", "")
    assert target.read_text(encoding="utf-8") == hand_svg(parse_hand(UNO_HAND))


def test_cli_png(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = fake_cairosvg(monkeypatch)
    assert main(["render", UNO_HAND, "-o", str(tmp_path / "hand.png")]) == 0
    assert (tmp_path / "hand.png").read_bytes() == b"\x89PNG fake"
    assert seen == [hand_svg(parse_hand(UNO_HAND)).encode("utf-8")]
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    assert main(["render", UNO_HAND, "-o", str(tmp_path / "other.png")]) == 2
    err = capsys.readouterr().err
    assert "needs cairosvg" in err and "other.svg" in err
    assert not (tmp_path / "other.png").exists() and (tmp_path / "other.svg").is_file()


def test_cli_refuses_other_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", UNO_HAND, "-o", str(tmp_path / "hand.pdf")]) == 2
    assert main(["render", UNO_HAND, "-o", str(tmp_path / "missing" / "hand.svg")]) == 2
    assert main(["render", "123r", "-o", str(tmp_path / "bad.svg")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and all(line.startswith("unomahjong render: ") for line in err)
    assert list(tmp_path.iterdir()) == []


def test_docs_pictures_are_current() -> None:
    gen = runpy.run_path(str(ROOT / "docs" / "gen_pictures.py"), run_name="gen_pictures")
    pictures: dict[str, str] = gen["pictures"]()
    assert pictures
    for name, svg in pictures.items():
        path = ROOT / "docs" / name
        assert path.read_text(encoding="utf-8") == svg, (
            f"docs/{name} is stale: run `python docs/gen_pictures.py`"
        )


# ------------------------------------------------------------------ any text, bounded input

ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=40)
"""Any text, control characters and lone surrogates included."""


def _well_formed(document: str) -> None:
    """Parses as XML and can be written as UTF-8."""
    document.encode("utf-8")
    ET.fromstring(document)


@given(title=ANY_TEXT)
@settings(max_examples=150)
def test_any_title_gives_a_well_formed_document(title: str) -> None:
    hand = parse_hand("[SSSg] 123r 456r 789r 5g +5g")
    _well_formed(render.hand_svg(hand, title=title))
    _well_formed(render.tiles_svg(hand.concealed, title=title))


@given(zh=ANY_TEXT.filter(str.strip), en=ANY_TEXT.filter(str.strip))
@settings(max_examples=100, deadline=None)
def test_any_fan_name_gives_a_well_formed_score_picture_and_page(zh: str, en: str) -> None:
    from unomahjong.rules.detectors import ALL_SHAPES, Holds
    from unomahjong.rules.fans import FanDef

    row = FanDef(
        id="HOUSE",
        zh=zh,
        en=en,
        points=1,
        number=99,
        excludes=(),
        definition="x",
        detector=Holds(any_rank={1}, shapes=ALL_SHAPES),
    )
    house = get_rules("uno").with_fans(row, name="house")
    result = score_hand("[SSSg] 123r 456r 789r 5g +5g", rules=house)
    _well_formed(render.score_svg(result))
    page = render.score_html(result)
    page.encode("utf-8")
    assert not _NOT_XML.search(page)


def test_rows_of_tiles_and_titles_are_bounded() -> None:
    tile = UNO_TILES.tiles[0]
    for call in (format_tiles, render.tiles_svg):
        for many in ([tile] * 100_000, iter([tile] * 100_000)):
            with pytest.raises(MahjongError) as e:
                call(many)
            assert e.value.code == "too-long"
    assert render.tiles_svg([tile] * MAX_ROW_LENGTH).count('class="tile"') == MAX_ROW_LENGTH
    with pytest.raises(NotationError) as e2:
        render.tiles_svg([tile], title="x" * (render.MAX_TITLE_LENGTH + 1))
    assert e2.value.code == "too-long"
