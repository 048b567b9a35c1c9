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
from collections.abc import Iterable
from itertools import islice

from .._checks import flag, keywords_checked, quote, whole
from ..errors import HandError, NotationError, RulesError
from ..model.hand import Hand
from ..model.notation import MAX_ROW_LENGTH, check_length, format_tiles
from ..model.tiles import UNO_TILES, Tile
from ..scoring.scorer import Score
from ._hand_svg import Group, Placed, draw_hand, picture, set_name
from ._score_svg import draw_score, fan_table
from ._score_svg import score_html as drawn_score_html

__all__ = [
    "fan_table_html",
    "hand_svg",
    "score_html",
    "score_svg",
    "svg_to_png",
    "tiles_svg",
    "to_svg",
]


def _players(players: object) -> int:
    n = whole(players)
    if n is None or not 2 <= n <= 8:
        raise RulesError(
            "bad-players", f"players must be a whole number 2..8, not {quote(players)}"
        )
    return n


MAX_TITLE_LENGTH = 1024
"""The most characters a picture's ``title`` may have: longer text is
refused (``too-long``) before anything is drawn."""


def _title(title: object, default: str) -> str:
    if title is None:
        return default
    if not isinstance(title, str):
        raise NotationError("not-text", f"title must be text or None, not {quote(title)}")
    return check_length(title, MAX_TITLE_LENGTH, "a title")


def _check_hand(hand: object) -> Hand:
    if not isinstance(hand, Hand):
        raise HandError("not-a-hand", f"expected a Hand, not {quote(hand)}", hint="parse_hand")
    return hand


@keywords_checked
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
    return draw_hand(h, n, _title(title, str(h)))


@keywords_checked
def tiles_svg(tiles: Iterable[Tile], *, title: str | None = None) -> str:
    """A row of tiles of one tile set, in the order given, as an SVG document.

    The default ``<title>`` is the tiles in notation (:func:`~unomahjong.format_tiles`).

    >>> from unomahjong import UNO_TILES
    >>> svg = tiles_svg([UNO_TILES["Rr"], UNO_TILES["Sy"], UNO_TILES["7b"]])
    >>> svg.count('class="tile"'), "<title>Rr Sy 7b</title>" in svg
    (3, True)
    """
    try:
        row = tuple(islice(tiles, MAX_ROW_LENGTH + 1))
    except TypeError:
        raise HandError("not-tiles", f"expected tiles, not {quote(tiles)}") from None
    if len(row) > MAX_ROW_LENGTH:
        raise HandError(
            "too-long", f"tiles_svg draws at most {MAX_ROW_LENGTH:,} tiles", hint="draw fewer"
        )
    for t in row:
        if not isinstance(t, Tile):
            raise HandError("not-tiles", f"{quote(t)} is not a Tile", hint="parse_tiles('123r')")
        if t.tileset is not row[0].tileset:
            raise HandError("wrong-tileset", f"{t} and {row[0]} are of two tile sets")
    if not row:
        return picture(UNO_TILES, [], _title(title, "no tiles"), "No tiles.")
    label = _title(title, format_tiles(row))
    groups = [Group("tiles", tuple(Placed(t) for t in row), 0)]
    desc = f"{len(row)} {set_name(row[0].tileset)} tile{'s' if len(row) > 1 else ''}."
    return picture(row[0].tileset, groups, label, desc)


@keywords_checked
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
    with_fans = flag(fans)
    if with_fans is None:
        raise RulesError("bad-flag", f"fans must be True or False, not {quote(fans)}")
    return draw_score(score, n, with_fans)


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
    return fan_table(score)


@keywords_checked
def score_html(score: Score) -> str:
    """A score as an HTML fragment: its picture (:func:`score_svg` without
    the fan lines), then its fan table (:func:`fan_table_html`): the fans
    with their Chinese and English names, points, count and the melds each
    one used, and the total. Every text is HTML-escaped.
    ``Score._repr_html_`` returns this, for Jupyter.
    """
    if not isinstance(score, Score):
        raise HandError(
            "not-a-score", f"expected a Score, not {quote(score)}", hint="unomahjong.score"
        )
    return drawn_score_html(score)


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
