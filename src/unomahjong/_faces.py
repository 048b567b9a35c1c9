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

from ._svg import CJK_FONTS, el, esc, num, text
from .tiles import Tile, TileSet

CARD_COLOURS = {"r": "#d8261c", "y": "#f0c419", "g": "#2f9a3a", "b": "#1d5fbf"}
"""UNO face colours by colour letter."""

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

CARD_SIZE = (42, 62)
"""Width and height of an UNO card tile."""
TILE_SIZE = (40, 54)
"""Width and height of an MCR tile."""
INK = "#111"


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
        cx, cy = w / 2, h / 2
        turn = f"rotate(30 {num(cx)} {num(cy)})"
        return [
            el("rect", x=0.5, y=0.5, width=w - 1, height=h - 1, rx=5, fill="#fff", stroke=INK),
            el("rect", x=3, y=3, width=w - 6, height=h - 6, rx=3.5, fill="#161616"),
            el("ellipse", cx=cx, cy=cy, rx=13, ry=22, transform=turn, fill="#d8261c"),
            el(
                "ellipse",
                cx=cx,
                cy=cy,
                rx=9,
                ry=17,
                transform=turn,
                fill="none",
                stroke="#f0c419",
                stroke_width=1.5,
            ),
        ]
    return [
        el("rect", x=0.5, y=0.5, width=w - 1, height=h - 1, rx=5, fill="#2f7d5d", stroke="#1d4d39"),
        el("rect", x=3.5, y=3.5, width=w - 7, height=h - 7, rx=3.5, fill="#3a9371"),
    ]


# The Reverse symbol: two thick arrows side by side, one up and one down,
# turned 45 degrees; the Skip symbol: a ring crossed by a bar. Both are drawn
# twice, a dark outline under a coloured fill, so the outline is their union.
_REVERSE = (
    "M-7.5 10H-2.5V-2H1L-5-11L-11-2H-7.5Z",
    "M7.5-10H2.5V2H-1L5 11L11 2H7.5Z",
)
_RING = "M10.5 0A10.5 10.5 0 1 0-10.5 0A10.5 10.5 0 1 0 10.5 0ZM7 0A7 7 0 1 1-7 0A7 7 0 1 1 7 0Z"
_BAR = "M-9.5-1.9H9.5V1.9H-9.5Z"


def _symbol(kind: str, colour: str, cx: float, cy: float) -> str:
    """The Reverse (``R``) or Skip (``S``) symbol centred at (cx, cy)."""
    layers = []
    for fill, stroke in ((INK, INK), (colour, None)):
        width = 2.6 if stroke else None
        if kind == "R":
            shapes = [
                el("path", d=d, fill=fill, stroke=stroke, stroke_width=width) for d in _REVERSE
            ]
            layers.append(el("g", "".join(shapes), transform="rotate(45)"))
        else:
            layers.append(
                el(
                    "path",
                    d=_RING,
                    fill=fill,
                    fill_rule="evenodd",
                    stroke=stroke,
                    stroke_width=width,
                )
            )
            layers.append(
                el(
                    "path",
                    d=_BAR,
                    fill=fill,
                    stroke=stroke,
                    stroke_width=width,
                    transform="rotate(-45)",
                )
            )
    return el(
        "g",
        "".join(layers),
        class_="symbol reverse" if kind == "R" else "symbol skip",
        transform=f"translate({num(cx)} {num(cy)})",
    )


def _outlined(
    x: float, y: float, label: str, size: float, fill: str, outline: float, **attributes: object
) -> str:
    """A bold label with a dark outline: the outline drawn first, the fill on
    top (not ``paint-order``, which some renderers ignore)."""
    common: dict[str, object] = {"font_weight": "bold", **attributes}
    under = text(x, y, label, size, fill=INK, stroke=INK, stroke_width=outline, **common)
    return under + text(x, y, label, size, fill=fill, **common)


def _card_face(t: Tile) -> list[str]:
    w, h = CARD_SIZE
    cx, cy = w / 2, h / 2
    colour = _colour(t)
    out = [
        el("rect", x=0.5, y=0.5, width=w - 1, height=h - 1, rx=5, fill="#fff", stroke=INK),
        el("rect", x=3, y=3, width=w - 6, height=h - 6, rx=3.5, fill=colour),
        el(
            "ellipse",
            cx=cx,
            cy=cy,
            rx=13,
            ry=22,
            transform=f"rotate(30 {num(cx)} {num(cy)})",
            fill="#fff",
        ),
    ]
    if t.rank is not None:
        big = _outlined(cx, cy + 11, str(t.rank), 32, colour, 2.4, text_anchor="middle")
        if t.rank in (6, 9):  # underlined, as on the cards, so 6 and 9 read either way up
            big += el(
                "rect",
                x=cx - 7,
                y=cy + 14.5,
                width=14,
                height=2.6,
                fill=colour,
                stroke=INK,
                stroke_width=0.8,
            )
        out.append(el("g", big, class_="rank"))
    elif t.honour is not None and t.honour.symbol in ("R", "S"):
        out.append(_symbol(t.honour.symbol, colour, cx, cy))
    elif t.honour is not None:
        big = _outlined(cx, cy + 9, t.honour.symbol, 26, colour, 2.4, text_anchor="middle")
        out.append(el("g", big, class_="rank"))
    corner = _outlined(5, 12.5, t.notation, 9.5, "#fff", 2.2)
    out.append(el("g", corner, class_="label"))
    out.append(el("g", corner, class_="label", transform=f"rotate(180 {num(cx)} {num(cy)})"))
    return out


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
