"""Tiles as pictures: a hand, a score or a row of tiles as one SVG document.

Each function returns a complete, self-contained SVG document as a string:
a ``viewBox``, a ``<title>`` (the notation) and a ``<desc>`` for screen
readers, no external reference of any kind (no links, images, style sheets or
font files), and the same bytes for the same input. UNO tiles look like UNO
cards (red, yellow, green and blue faces, a large numeral, Reverse and Skip
as drawn symbols); MCR tiles show a rank numeral over a drawn suit mark, and
honours their character (東南西北中發白) over an English short name. Every
face also carries its notation in a corner, so colour is never the only
signal. Characters and numerals are text labels at fixed positions: the
layout never depends on the fonts a viewer has.

A hand is laid out as on the table: the concealed tiles, then the winning
tile set apart, then each exposed meld and concealed kong apart from the
rest. A concealed kong shows its two end tiles face down. The claimed tile
of an exposed meld is turned sideways where the hand records it: the
meld's ``claimed`` tile, or the tile of a pung or kong whose source seat
(``@k``) is known. Its place in the meld shows whom it came from, as players
lay it: on the left from the previous seat (``@1``), on the right from the
next one (``@N-1``), in the middle from any seat between.

The groups carry classes a style sheet or a test can select: every tile is a
``g.tile`` (``data-tile`` its notation, with ``face-down`` or ``claimed``
where so), inside ``g.hand-concealed``, ``g.hand-win`` or ``g.meld``
(``meld-exposed`` or ``meld-concealed-kong``, ``data-meld`` its notation).

>>> from unomahjong import parse_hand
>>> svg = hand_svg(parse_hand("[SSSg@2] 123r 456r 789r 5g +5g"))
>>> svg.startswith("<svg") and "<title>[SSSg@2] 123456789r 5g +5g</title>" in svg
True

In Jupyter a :class:`~unomahjong.Hand` shows itself as this picture
(``_repr_svg_``) and a :class:`~unomahjong.Score` as the picture and its fan
table (``_repr_html_``, :func:`score_html`).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from .._checks import flag, quote, whole
from ..decompose import Role
from ..errors import HandError, NotationError, RulesError
from ..hand import Hand, Meld
from ..notation import format_meld, format_tiles
from ..scoring import Score, display_width
from ..tiles import UNO_TILES, Tile, TileSet
from . import _faces
from ._svg import CJK_FONTS, document, el, esc, num, text

__all__ = [
    "fan_table_html",
    "hand_svg",
    "score_html",
    "score_svg",
    "svg_to_png",
    "tiles_svg",
    "to_svg",
]

MARGIN: Final = 8
"""Space around the picture."""
TILE_GAP: Final = 1
"""Space between two tiles of a group."""
GROUP_GAP: Final = 6
"""Space between the groups of a score's reading."""
SECTION_GAP: Final = 16
"""Space before the winning tile and before the first meld."""
MELD_GAP: Final = 10
"""Space between two melds."""
CAPTION: Final = 14
"""Height of the caption line under the tiles."""

_SET_NAMES = {"uno": "UNO Mahjong", "mcr": "MCR"}


@attrs.frozen
class _Placed:
    tile: Tile
    face_down: bool = False
    claimed: bool = False


@attrs.frozen
class _Group:
    classes: str
    tiles: tuple[_Placed, ...]
    gap: float
    caption: str | None = None
    meld: str | None = None


def _players(players: object) -> int:
    n = whole(players)
    if n is None or not 2 <= n <= 8:
        raise RulesError(
            "bad-players", f"players must be a whole number 2..8, not {quote(players)}"
        )
    return n


def _title(title: object, default: str) -> str:
    if title is None:
        return default
    if not isinstance(title, str):
        raise NotationError("not-text", f"title must be text or None, not {quote(title)}")
    return title


def _meld_tiles(m: Meld, players: int) -> tuple[_Placed, ...]:
    """A meld's tiles as laid: a concealed kong's ends face down; the claimed
    tile, where known, turned and placed by the seat it came from."""
    tiles = list(m.tiles)
    if not m.exposed:
        return tuple(_Placed(t, face_down=i in (0, len(tiles) - 1)) for i, t in enumerate(tiles))
    claimed = m.claimed
    if claimed is None and m.source is not None and m.is_pung_or_kong:
        claimed = m.tile
    if claimed is None:
        return tuple(_Placed(t) for t in tiles)
    at = tiles.index(claimed)
    rest = tiles[:at] + tiles[at + 1 :]
    k = m.source
    if k is not None:
        at = 0 if k == 1 else len(rest) if k >= players - 1 else 1
    placed = [_Placed(t) for t in rest]
    placed.insert(at, _Placed(claimed, claimed=True))
    return tuple(placed)


def _meld_caption(m: Meld) -> str:
    if not m.exposed:
        return "concealed kong"
    return m.kind.value + (f" @{m.source}" if m.source is not None else "")


def _groups(hand: Hand, players: int, reading: Sequence[Sequence[Tile]] | None) -> list[_Group]:
    out: list[_Group] = []
    if reading is None:
        parts: Sequence[Sequence[Tile]] = [hand.concealed] if hand.concealed else []
    else:
        parts = reading
    for i, tiles in enumerate(parts):
        out.append(
            _Group("hand-concealed", tuple(_Placed(t) for t in tiles), GROUP_GAP if i else 0)
        )
    if hand.win is not None:
        out.append(_Group("hand-win", (_Placed(hand.win),), SECTION_GAP if out else 0, "win"))
    for i, m in enumerate(hand.melds):
        kind = "meld-exposed" if m.exposed else "meld-concealed-kong"
        out.append(
            _Group(
                f"meld {kind} {m.kind.value}",
                _meld_tiles(m, players),
                (MELD_GAP if i else SECTION_GAP) if out else 0,
                _meld_caption(m),
                format_meld(m),
            )
        )
    return out


def _row(tileset: TileSet, groups: Sequence[_Group], top: float) -> tuple[list[str], float, bool]:
    """The groups drawn left to right from ``top``: (elements, right edge, any
    caption). Turned tiles lie on the row's bottom line."""
    w, h = _faces.tile_size(tileset)
    out: list[str] = []
    x: float = MARGIN
    captions = False
    for i, g in enumerate(groups):
        if i:
            x += g.gap
        start = x
        parts = []
        for p in g.tiles:
            classes = (
                "tile" + (" face-down" if p.face_down else "") + (" claimed" if p.claimed else "")
            )
            if p.claimed:
                where = f"translate({num(x)} {num(top + h)}) rotate(-90)"
                x += h
            else:
                where = f"translate({num(x)} {num(top)})"
                x += w
            parts.append(_tile(p.tile, where, classes, p.face_down, p.claimed))
            x += TILE_GAP
        x -= TILE_GAP
        if g.caption:
            captions = True
            parts.append(
                text(
                    (start + x) / 2,
                    top + h + 11,
                    g.caption,
                    9,
                    class_="caption",
                    text_anchor="middle",
                    fill="#555",
                )
            )
        out.append(el("g", "".join(parts), class_=g.classes, data_meld=g.meld))
    return out, x, captions


def _tile(t: Tile, where: str, classes: str, face_down: bool, claimed: bool) -> str:
    words = (
        _faces.describe(t) + (", face down" if face_down else "") + (", claimed" if claimed else "")
    )
    body = [el("title", esc(words)), *(_faces.back(t.tileset) if face_down else _faces.face(t))]
    return el("g", "".join(body), class_=classes, data_tile=t.notation, transform=where)


def _picture(
    tileset: TileSet,
    groups: Sequence[_Group],
    title: str,
    desc: str,
    extra: Sequence[str] = (),
    extra_size: tuple[float, float] = (0, 0),
) -> str:
    h = _faces.tile_size(tileset)[1]
    row, right, captions = _row(tileset, groups, MARGIN)
    bottom: float = MARGIN + h + (CAPTION if captions else 0)
    if extra:
        row = [
            *row,
            el("g", "".join(extra), class_="fans", transform=f"translate(0 {num(bottom + 8)})"),
        ]
        bottom += 8 + extra_size[1]
    width = max(right, extra_size[0], MARGIN) + MARGIN
    return document(width, bottom + MARGIN, title, desc, row)


def _set_name(tileset: TileSet) -> str:
    return _SET_NAMES.get(tileset.name, tileset.name)


def _check_hand(hand: object) -> Hand:
    if not isinstance(hand, Hand):
        raise HandError("not-a-hand", f"expected a Hand, not {quote(hand)}", hint="parse_hand")
    return hand


def _hand_desc(hand: Hand) -> str:
    parts = [f"{len(hand.concealed)} concealed tiles"]
    if hand.win is not None:
        parts.append(f"the winning tile {hand.win} set apart")
    exposed = sum(m.exposed for m in hand.melds)
    if exposed:
        parts.append(f"{exposed} exposed meld{'s' if exposed > 1 else ''}")
    kongs = len(hand.melds) - exposed
    if kongs:
        parts.append(f"{kongs} concealed kong{'s' if kongs > 1 else ''}")
    return f"{_set_name(hand.tileset)} hand: " + ", ".join(parts) + "."


def hand_svg(hand: Hand, *, players: int = 4, title: str | None = None) -> str:
    """The hand as laid on the table, as an SVG document.

    The concealed tiles in canonical order, the winning tile set apart, then
    each meld apart, captioned (``win``, ``pung @2``, ``concealed kong``).
    ``players`` (2..8) places a claimed tile by its source seat (see the
    module's description). ``title`` replaces the default ``<title>``, the
    hand's notation.
    """
    h = _check_hand(hand)
    n = _players(players)
    label = _title(title, str(h))
    return _picture(h.tileset, _groups(h, n, None), label, _hand_desc(h))


def tiles_svg(tiles: Iterable[Tile], *, title: str | None = None) -> str:
    """A row of tiles of one tile set, in the order given, as an SVG document.

    The default ``<title>`` is the tiles in notation (:func:`~unomahjong.format_tiles`).

    >>> from unomahjong import UNO_TILES
    >>> svg = tiles_svg([UNO_TILES["Rr"], UNO_TILES["Sy"], UNO_TILES["7b"]])
    >>> svg.count('class="tile"'), "<title>Rr Sy 7b</title>" in svg
    (3, True)
    """
    try:
        row = tuple(tiles)
    except TypeError:
        raise HandError("not-tiles", f"expected tiles, not {quote(tiles)}") from None
    for t in row:
        if not isinstance(t, Tile):
            raise HandError("not-tiles", f"{quote(t)} is not a Tile", hint="parse_tiles('123r')")
        if t.tileset is not row[0].tileset:
            raise HandError("wrong-tileset", f"{t} and {row[0]} are of two tile sets")
    if not row:
        return _picture(UNO_TILES, [], _title(title, "no tiles"), "No tiles.")
    label = _title(title, format_tiles(row))
    groups = [_Group("tiles", tuple(_Placed(t) for t in row), 0)]
    desc = f"{len(row)} {_set_name(row[0].tileset)} tile{'s' if len(row) > 1 else ''}."
    return _picture(row[0].tileset, groups, label, desc)


def _reading(score: Score) -> list[list[Tile]] | None:
    """The concealed tiles grouped as the score reads them (melds, pairs,
    knitted and single tiles), without the winning tile; None when the
    reading does not account for them exactly."""
    hand = score.hand
    win = hand.win
    if win is None:
        return None
    groups, target = _read_groups(score, win)
    if target is None or win not in groups[target]:
        target = next((i for i, g in enumerate(groups) if win in g), None)
    if target is None:
        return None
    groups[target].remove(win)
    held = sorted(t.code for g in groups for t in g)
    if held != [t.code for t in hand.concealed]:
        return None
    kept = [sorted(g, key=lambda t: t.code) for g in groups if g]
    return sorted(kept, key=lambda g: g[0].code)


def _read_groups(score: Score, win: Tile) -> tuple[list[list[Tile]], int | None]:
    """The groups of the score's reading beyond the declared melds (winning
    tile included), with the index of the group its win role names, if any."""
    hand, d, role = score.hand, score.decomposition, score.win_role
    declared = len(hand.melds)
    groups: list[list[Tile]] = [list(m.tiles) for m in d.melds[declared:]]
    target: int | None = None
    if role.role is Role.MELD and role.index is not None and role.index >= declared:
        target = role.index - declared
    if d.pair is not None:
        if role.role is Role.PAIR:
            target = len(groups)
        groups.append([d.pair, d.pair])
    for p in d.pairs:
        if role.role is Role.PAIR and target is None and p == win:
            target = len(groups)
        groups.append([p, p])
    for tiles, tiles_role in ((d.knitted, Role.KNITTED), (d.singles, Role.SINGLE)):
        if tiles:
            if role.role is tiles_role:
                target = len(groups)
            groups.append(list(tiles))
    return groups, target


def _fan_lines(score: Score) -> tuple[list[str], float, float]:
    """The fan list drawn as text lines: (elements, width, height)."""
    fans = score.fans
    size, step = 12, 17
    zh_w = max((display_width(f.zh) for f in fans), default=4) * 6.5 + 14
    en_w = max((len(f.en) for f in fans), default=5) * 7.2 + 14
    x_zh = MARGIN
    x_en = x_zh + zh_w
    x_pts = x_en + en_w + 22
    x_cnt = x_pts + 6
    x_tot = x_cnt + 26 + 34
    out = []
    y: float = size
    for f in fans:
        cells = [
            text(x_zh, y, f.zh, size, font_family=CJK_FONTS, lang="zh"),
            text(x_en, y, f.en, size),
            text(x_pts, y, str(f.points), size, text_anchor="end"),
        ]
        if f.count > 1:
            cells.append(text(x_cnt, y, f"×{f.count}", size, fill="#555"))
        cells.append(text(x_tot, y, str(f.total), size, text_anchor="end"))
        out.append(el("g", "".join(cells), class_="fan", data_fan=f.id))
        y += step
    rule = el(
        "path", d=f"M{num(x_zh)} {num(y - size + 2)}H{num(x_tot)}", stroke="#888", stroke_width=0.8
    )
    out.append(rule)
    y += 3
    out.append(
        el(
            "g",
            text(x_en, y, "total", size, font_weight="bold")
            + text(x_tot, y, str(score.total), size, text_anchor="end", font_weight="bold"),
            class_="total",
        )
    )
    return out, x_tot, y + 4


def score_svg(score: Score, *, fans: bool = True, players: int = 4) -> str:
    """A score as an SVG document: the hand with its concealed tiles grouped
    as the scored reading reads them (each meld, pair, knitted set apart),
    then, with ``fans``, one line per fan (Chinese and English names, points,
    count, points times count) and the total. ``players`` as for
    :func:`hand_svg`. The ``<title>`` is the hand and its total.

    >>> from unomahjong import score_hand
    >>> svg = score_svg(score_hand("[SSSg] 123r 456r 789r 5g +5g"))
    >>> "清龙" in svg and "Pure Straight" in svg and svg.count('class="hand-concealed"')
    4
    """
    if not isinstance(score, Score):
        raise HandError(
            "not-a-score", f"expected a Score, not {quote(score)}", hint="unomahjong.score"
        )
    n = _players(players)
    hand = score.hand
    groups = _groups(hand, n, _reading(score))
    title = f"{hand}: {score.total} points"
    desc = _hand_desc(hand) + f" Scores {score.total} points."
    with_fans = flag(fans)
    if with_fans is None:
        raise RulesError("bad-flag", f"fans must be True or False, not {quote(fans)}")
    if not with_fans:
        return _picture(hand.tileset, groups, title, desc)
    lines, width, height = _fan_lines(score)
    return _picture(hand.tileset, groups, title, desc, lines, (width, height))


def _group_text(m: Meld) -> str:
    return format_meld(m) if m.exposed or m.is_kong else format_tiles(m.tiles)


def fan_table_html(score: Score) -> str:
    """A score's fans as an HTML ``<table class="unomahjong-fans">``: one row
    per fan (Chinese and English names, points, count, the melds it used in
    notation) and the total. Every text is HTML-escaped. :func:`score_html`
    puts it under the picture; the replay viewer
    (:mod:`unomahjong.render.viewer`) under each winner's hand."""
    if not isinstance(score, Score):
        raise HandError(
            "not-a-score", f"expected a Score, not {quote(score)}", hint="unomahjong.score"
        )
    right = ' style="text-align:right"'
    rows = []
    for f in score.fans:
        melds = " ".join(_group_text(m) for m in f.melds)
        rows.append(
            f'<tr class="fan" data-fan="{esc(f.id)}"><td lang="zh">{esc(f.zh)}</td>'
            f"<td>{esc(f.en)}</td><td{right}>{f.points}</td><td{right}>{f.count}</td>"
            f"<td>{esc(melds)}</td></tr>"
        )
    head = "<tr><th>zh</th><th>en</th><th>points</th><th>count</th><th>melds</th></tr>"
    foot = (
        f'<tr><th colspan="2" style="text-align:left">total</th>'
        f"<th{right}>{score.total}</th><td></td><td></td></tr>"
    )
    return (
        '<table class="unomahjong-fans">\n<thead>'
        + head
        + "</thead>\n<tbody>\n"
        + "\n".join(rows)
        + "\n</tbody>\n<tfoot>"
        + foot
        + "</tfoot>\n</table>\n"
    )


def score_html(score: Score) -> str:
    """A score as an HTML fragment: its picture (:func:`score_svg` without
    the fan lines), then its fan table (:func:`fan_table_html`): the fans
    with their Chinese and English names, points, count and the melds each
    one used, and the total. Every text is HTML-escaped.
    ``Score._repr_html_`` returns this, for Jupyter.
    """
    svg = score_svg(score, fans=False)
    return '<div class="unomahjong-score">\n' + svg + fan_table_html(score) + "</div>\n"


def to_svg(item: Hand | Score | Iterable[Tile], *, players: int = 4) -> str:
    """:func:`hand_svg`, :func:`score_svg` or :func:`tiles_svg`, whichever
    fits ``item``."""
    _players(players)
    if isinstance(item, Hand):
        return hand_svg(item, players=players)
    if isinstance(item, Score):
        return score_svg(item, players=players)
    return tiles_svg(item)


def svg_to_png(svg: str) -> bytes:
    """An SVG document converted to PNG by ``cairosvg``, which is not a
    dependency: without it this raises :class:`ImportError` saying so (SVG
    output needs nothing)."""
    if not isinstance(svg, str):
        raise NotationError("not-text", f"svg_to_png() takes the SVG as text, not {quote(svg)}")
    try:
        cairosvg = importlib.import_module("cairosvg")
    except ImportError as e:
        raise ImportError(
            "PNG output needs cairosvg (pip install cairosvg); SVG output needs nothing"
        ) from e
    return bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8")))
