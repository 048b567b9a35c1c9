"""UNO card faces, drawn in a card's own coordinates (0..42, 0..62): a white
border, a coloured face, the tilted white oval, a large numeral or symbol,
and the notation in two corners, so colour is never the only signal. Used
by the UNO Mahjong tiles (:mod:`unomahjong.render._tile_faces`) and by the card game's
pictures; it knows neither.
"""

from __future__ import annotations

from ._svg import el, num, text

CARD_COLOURS = {"r": "#d8261c", "y": "#f0c419", "g": "#2f9a3a", "b": "#1d5fbf"}
"""UNO face colours by colour letter."""

CARD_SIZE = (42, 62)
"""Width and height of a card."""
INK = "#111"


# The Reverse symbol: two thick arrows side by side, one up and one down,
# turned 45 degrees; the Skip symbol: a ring crossed by a bar. Both are drawn
# twice, a dark outline under a coloured fill, so the outline is their union.
_REVERSE = (
    "M-7.5 10H-2.5V-2H1L-5-11L-11-2H-7.5Z",
    "M7.5-10H2.5V2H-1L5 11L11 2H7.5Z",
)
_RING = "M10.5 0A10.5 10.5 0 1 0-10.5 0A10.5 10.5 0 1 0 10.5 0ZM7 0A7 7 0 1 1-7 0A7 7 0 1 1 7 0Z"
_BAR = "M-9.5-1.9H9.5V1.9H-9.5Z"


def symbol(kind: str, colour: str, cx: float, cy: float) -> str:
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


def outlined(
    x: float, y: float, label: str, size: float, fill: str, outline: float, **attributes: object
) -> str:
    """A bold label with a dark outline: the outline drawn first, the fill on
    top (not ``paint-order``, which some renderers ignore)."""
    common: dict[str, object] = {"font_weight": "bold", **attributes}
    under = text(x, y, label, size, fill=INK, stroke=INK, stroke_width=outline, **common)
    return under + text(x, y, label, size, fill=fill, **common)


def card_face(colour: str, label: str, notation: str) -> list[str]:
    """The elements of a card's face: ``colour`` (a fill), ``label`` its
    centre (a numeral; ``R`` and ``S`` the Reverse and Skip symbols; other
    text as it is, such as ``+2``), ``notation`` in two corners."""
    w, h = CARD_SIZE
    cx, cy = w / 2, h / 2
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
    if label.isdigit():
        big = outlined(cx, cy + 11, label, 32, colour, 2.4, text_anchor="middle")
        if label in ("6", "9"):  # underlined, as on the cards, so 6 and 9 read either way up
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
    elif label in ("R", "S"):
        out.append(symbol(label, colour, cx, cy))
    elif label:
        size, drop = (26, 9) if len(label) == 1 else (20, 7)
        big = outlined(cx, cy + drop, label, size, colour, 2.4, text_anchor="middle")
        out.append(el("g", big, class_="rank"))
    corner = outlined(5, 12.5, notation, 9.5, "#fff", 2.2)
    out.append(el("g", corner, class_="label"))
    out.append(el("g", corner, class_="label", transform=f"rotate(180 {num(cx)} {num(cy)})"))
    return out


def black_card_face(label: str, notation: str) -> list[str]:
    """A black card's face (Wild, Wild Draw Four, All Draw Wild): the oval
    in the four colours, ``label`` over it, ``notation`` in two corners."""
    w, h = CARD_SIZE
    cx, cy = w / 2, h / 2
    turn = f"rotate(30 {num(cx)} {num(cy)})"
    out = [
        el("rect", x=0.5, y=0.5, width=w - 1, height=h - 1, rx=5, fill="#fff", stroke=INK),
        el("rect", x=3, y=3, width=w - 6, height=h - 6, rx=3.5, fill="#161616"),
    ]
    quarters = (("r", -1, -1), ("b", 1, -1), ("y", -1, 1), ("g", 1, 1))
    for letter, sx, sy in quarters:
        # A quarter of the oval: the ellipse clipped to one quadrant.
        d = (
            f"M{num(cx)} {num(cy)}L{num(cx + sx * 13)} {num(cy)}"
            f"A13 22 0 0 {1 if sx * sy > 0 else 0} {num(cx)} {num(cy + sy * 22)}Z"
        )
        out.append(el("path", d=d, fill=CARD_COLOURS[letter], transform=turn))
    size = 16 if len(label) > 1 else 22
    big = outlined(cx, cy + size / 3, label, size, "#fff", 2.4, text_anchor="middle")
    out.append(el("g", big, class_="rank"))
    corner = outlined(5, 12.5, notation, 9.5, "#fff", 2.2)
    out.append(el("g", corner, class_="label"))
    out.append(el("g", corner, class_="label", transform=f"rotate(180 {num(cx)} {num(cy)})"))
    return out


def card_back() -> list[str]:
    """A face-down card: black, a red oval ringed in yellow."""
    w, h = CARD_SIZE
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
