"""Drawing a hand as an SVG document (the pictures of :mod:`unomahjong.render`).

Below the hand module: :meth:`Hand._repr_svg_ <unomahjong.Hand>` draws
itself with :func:`draw_hand`, and ``render`` checks its arguments and calls
the same functions. They read a hand's fields and never check them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import attrs

from ..model.meld import Meld
from ..model.notation import format_meld
from ..model.tiles import Tile, TileSet
from . import _tile_faces as _faces
from ._svg import document, el, esc, num, text

if TYPE_CHECKING:
    from ..model.hand import Hand

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

SET_NAMES = {"uno": "UNO Mahjong", "mcr": "MCR"}


@attrs.frozen
class Placed:
    tile: Tile
    face_down: bool = False
    claimed: bool = False


@attrs.frozen
class Group:
    classes: str
    tiles: tuple[Placed, ...]
    gap: float
    caption: str | None = None
    meld: str | None = None


def meld_tiles(m: Meld, players: int) -> tuple[Placed, ...]:
    """A meld's tiles as laid: a concealed kong's ends face down; the claimed
    tile, where known, turned and placed by the seat it came from."""
    tiles = list(m.tiles)
    if not m.exposed:
        return tuple(Placed(t, face_down=i in (0, len(tiles) - 1)) for i, t in enumerate(tiles))
    claimed = m.claimed
    if claimed is None and m.source is not None and m.is_pung_or_kong:
        claimed = m.tile
    if claimed is None:
        return tuple(Placed(t) for t in tiles)
    at = tiles.index(claimed)
    rest = tiles[:at] + tiles[at + 1 :]
    k = m.source
    if k is not None:
        at = 0 if k == 1 else len(rest) if k >= players - 1 else 1
    placed = [Placed(t) for t in rest]
    placed.insert(at, Placed(claimed, claimed=True))
    return tuple(placed)


def meld_caption(m: Meld) -> str:
    if not m.exposed:
        return "concealed kong"
    return m.kind.value + (f" @{m.source}" if m.source is not None else "")


def groups_of(hand: Hand, players: int, reading: Sequence[Sequence[Tile]] | None) -> list[Group]:
    out: list[Group] = []
    if reading is None:
        parts: Sequence[Sequence[Tile]] = [hand.concealed] if hand.concealed else []
    else:
        parts = reading
    for i, tiles in enumerate(parts):
        out.append(Group("hand-concealed", tuple(Placed(t) for t in tiles), GROUP_GAP if i else 0))
    if hand.win is not None:
        out.append(Group("hand-win", (Placed(hand.win),), SECTION_GAP if out else 0, "win"))
    for i, m in enumerate(hand.melds):
        kind = "meld-exposed" if m.exposed else "meld-concealed-kong"
        out.append(
            Group(
                f"meld {kind} {m.kind.value}",
                meld_tiles(m, players),
                (MELD_GAP if i else SECTION_GAP) if out else 0,
                meld_caption(m),
                format_meld(m),
            )
        )
    return out


def row_of(tileset: TileSet, groups: Sequence[Group], top: float) -> tuple[list[str], float, bool]:
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
            parts.append(tile_of(p.tile, where, classes, p.face_down, p.claimed))
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


def tile_of(t: Tile, where: str, classes: str, face_down: bool, claimed: bool) -> str:
    words = (
        _faces.describe(t) + (", face down" if face_down else "") + (", claimed" if claimed else "")
    )
    body = [el("title", esc(words)), *(_faces.back(t.tileset) if face_down else _faces.face(t))]
    return el("g", "".join(body), class_=classes, data_tile=t.notation, transform=where)


def picture(
    tileset: TileSet,
    groups: Sequence[Group],
    title: str,
    desc: str,
    extra: Sequence[str] = (),
    extra_size: tuple[float, float] = (0, 0),
) -> str:
    h = _faces.tile_size(tileset)[1]
    row, right, captions = row_of(tileset, groups, MARGIN)
    bottom: float = MARGIN + h + (CAPTION if captions else 0)
    if extra:
        row = [
            *row,
            el("g", "".join(extra), class_="fans", transform=f"translate(0 {num(bottom + 8)})"),
        ]
        bottom += 8 + extra_size[1]
    width = max(right, extra_size[0], MARGIN) + MARGIN
    return document(width, bottom + MARGIN, title, desc, row)


def set_name(tileset: TileSet) -> str:
    return SET_NAMES.get(tileset.name, tileset.name)


def hand_desc(hand: Hand) -> str:
    parts = [f"{len(hand.concealed)} concealed tiles"]
    if hand.win is not None:
        parts.append(f"the winning tile {hand.win} set apart")
    exposed = sum(m.exposed for m in hand.melds)
    if exposed:
        parts.append(f"{exposed} exposed meld{'s' if exposed > 1 else ''}")
    kongs = len(hand.melds) - exposed
    if kongs:
        parts.append(f"{kongs} concealed kong{'s' if kongs > 1 else ''}")
    return f"{set_name(hand.tileset)} hand: " + ", ".join(parts) + "."


def draw_hand(hand: Hand, players: int, title: str) -> str:
    """The picture of ``hand`` (its fields read as they are)."""
    return picture(hand.tileset, groups_of(hand, players, None), title, hand_desc(hand))
