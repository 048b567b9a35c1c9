"""Tile faces and backs, drawn in a tile's own coordinates (0..w, 0..h).

Two styles: UNO tiles are cards (a white border, a coloured face, the tilted
white oval, a large numeral, or the Reverse and Skip symbols drawn as paths);
MCR tiles are ivory tiles on a green back, with a rank numeral and a suit mark
drawn as a shape (characters a square seal, bamboo two sticks, dots a
circle), or an honour's character. Every face also carries its notation
(``5r``, ``Sg``, ``7p``, ``E``) in a corner, so colour is never the only
signal; honours also carry their English short name under the character.
Characters and numerals are text labels at fixed positions: a viewer without
the font shows a different glyph, never a different layout.
"""

from __future__ import annotations

from ..model.tiles import Tile, TileSet
from ._card_faces import CARD_COLOURS, CARD_SIZE, INK, card_back, card_face
from ._svg import CJK_FONTS, el, esc, text

SUIT_COLOURS = {"m": "#b3261e", "s": "#1e7b34", "p": "#1f4fa3"}
"""MCR suit colours by suit letter (numeral and mark)."""

HONOURS = {
    "E": ("東", "East", "#1c2b4d"),
    "S": ("南", "South", "#1c2b4d"),
    "W": ("西", "West", "#1c2b4d"),
    "N": ("北", "North", "#1c2b4d"),
    "C": ("中", "Red", "#c0262d"),
    "F": ("發", "Green", "#1e7b34"),
    "P": ("白", "White", "#1f4fa3"),
}
"""MCR honours by notation letter: character, short name, colour."""

OTHER_COLOURS = ("#6a3d9a", "#b15928", "#33a02c", "#1f78b4", "#e31a1c", "#444444")
"""Colours for the suits of a tile set of one's own, by suit index."""

TILE_SIZE = (40, 54)
"""Width and height of an MCR tile."""


def card_style(tileset: TileSet) -> bool:
    """True when the set's tiles are drawn as UNO cards: no free honours and
    only UNO colour letters (the UNO set, or a set of one's own like it)."""
    return not tileset.free_honours and all(s.letter in CARD_COLOURS for s in tileset.suits)


def tile_size(tileset: TileSet) -> tuple[int, int]:
    """(width, height) of the set's tiles, upright."""
    return CARD_SIZE if card_style(tileset) else TILE_SIZE


def describe(t: Tile) -> str:
    """A tile in words after its notation: ``5r: red 5``, ``E: East wind``."""
    name = ""
    if t.suit is not None:
        suit = t.tileset.suits[t.suit]
        if t.honour is not None:
            name = f"{suit.name} {t.honour.name}"
        elif card_style(t.tileset):
            name = f"{suit.name} {t.rank}"
        else:
            name = f"{t.rank} of {suit.name}"
    elif t.honour is not None:
        h = t.honour
        name = h.name if h.family.lower() in h.name.lower() else f"{h.name} {h.family}"
    return f"{t.notation}: {name}"


def _colour(t: Tile) -> str:
    if t.suit is None:
        return INK
    letter = t.tileset.suits[t.suit].letter
    table = CARD_COLOURS if card_style(t.tileset) else SUIT_COLOURS
    return table.get(letter, OTHER_COLOURS[t.suit % len(OTHER_COLOURS)])


def face(t: Tile) -> list[str]:
    """The elements of the tile's face."""
    return _card_face(t) if card_style(t.tileset) else _tile_face(t)


def back(tileset: TileSet) -> list[str]:
    """The elements of a face-down tile of the set."""
    w, h = tile_size(tileset)
    if card_style(tileset):
        return card_back()
    return [
        el("rect", x=0.5, y=0.5, width=w - 1, height=h - 1, rx=5, fill="#2f7d5d", stroke="#1d4d39"),
        el("rect", x=3.5, y=3.5, width=w - 7, height=h - 7, rx=3.5, fill="#3a9371"),
    ]


def _card_face(t: Tile) -> list[str]:
    if t.rank is not None:
        label = str(t.rank)
    elif t.honour is not None:
        label = t.honour.symbol
    else:
        label = ""
    return card_face(_colour(t), label, t.notation)


def _tile_face(t: Tile) -> list[str]:
    w, h = TILE_SIZE
    cx = w / 2
    colour = _colour(t)
    out = [
        el("rect", x=0.5, y=0.5, width=w - 1, height=h - 1, rx=5, fill="#2f7d5d", stroke="#1d4d39"),
        el("rect", x=0.5, y=0.5, width=w - 1, height=h - 5, rx=5, fill="#fbf7ea", stroke="#8a8575"),
    ]
    if t.rank is not None:
        out.append(
            text(
                cx,
                28,
                str(t.rank),
                22,
                class_="rank",
                text_anchor="middle",
                font_weight="bold",
                fill=colour,
            )
        )
        letter = t.tileset.suits[t.suit].letter if t.suit is not None else ""
        out.extend(_suit_mark(letter, colour, cx))
    elif t.honour is not None:
        glyph, short, ink = HONOURS.get(
            t.honour.symbol, (t.honour.symbol, t.honour.name, _colour(t))
        )
        if t.honour.symbol == "P" and glyph == "白":
            out.append(
                el(
                    "rect",
                    x=8,
                    y=11,
                    width=w - 16,
                    height=26,
                    rx=2,
                    fill="none",
                    stroke=ink,
                    stroke_width=2.2,
                )
            )
            out.append(
                text(
                    cx,
                    29.5,
                    glyph,
                    15,
                    class_="glyph",
                    text_anchor="middle",
                    fill=ink,
                    font_family=CJK_FONTS,
                )
            )
        else:
            out.append(
                text(
                    cx,
                    35,
                    glyph,
                    24,
                    class_="glyph",
                    text_anchor="middle",
                    fill=ink,
                    font_family=CJK_FONTS,
                )
            )
        out.append(text(cx, 46, short, 7.5, class_="name", text_anchor="middle", fill="#444"))
    out.append(
        el(
            "text",
            esc(t.notation),
            class_="label",
            x=4,
            y=10.5,
            font_size=8.5,
            font_weight="bold",
            fill="#444",
        )
    )
    return out


def _suit_mark(letter: str, colour: str, cx: float) -> list[str]:
    """The suit mark under the numeral: a shape, so that it reads without a font."""
    if letter == "m":
        seal = el(
            "rect",
            x=cx - 8.5,
            y=31.5,
            width=17,
            height=15,
            rx=2,
            fill="none",
            stroke=colour,
            stroke_width=1.6,
        )
        glyph = text(cx, 43.5, "萬", 11.5, text_anchor="middle", fill=colour, font_family=CJK_FONTS)
        return [el("g", seal + glyph, class_="suit characters")]
    if letter == "s":
        sticks = []
        for dx in (-4.5, 4.5):
            x = cx + dx
            sticks.append(el("rect", x=x - 2.5, y=31, width=5, height=16, rx=2.5, fill=colour))
            sticks.extend(
                el("rect", x=x - 3.2, y=y, width=6.4, height=1.4, fill="#0f3f1c") for y in (36, 41)
            )
        return [el("g", "".join(sticks), class_="suit bamboo")]
    if letter == "p":
        return [
            el(
                "g",
                el("circle", cx=cx, cy=39, r=7.5, fill="none", stroke=colour, stroke_width=2.4)
                + el("circle", cx=cx, cy=39, r=3, fill="#b3261e"),
                class_="suit dots",
            )
        ]
    return []
