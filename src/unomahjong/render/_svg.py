"""Small SVG writing helpers: numbers, escaping, elements and the document.

Everything is written as text in a fixed order, so equal inputs give equal
bytes. Nothing here refers to a file, a URL or a font file: a font family
names what a viewer should prefer for the labels, and the geometry never
depends on which font it finds.
"""

from __future__ import annotations

import re
from html import escape

SVG_NS = "http://www.w3.org/2000/svg"
"""The SVG namespace (a name, not a reference: nothing is fetched from it)."""

LATIN_FONTS = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
"""Preferred fonts for numerals and Latin labels."""

CJK_FONTS = (
    "Noto Sans CJK SC, Noto Sans CJK TC, Source Han Sans SC, PingFang SC, "
    "Microsoft YaHei, SimHei, WenQuanYi Micro Hei, sans-serif"
)
"""Preferred fonts for the honour characters and the Chinese fan names."""


def num(x: float) -> str:
    """``x`` rounded to 2 decimals, without trailing zeros (``12``, ``12.5``)."""
    r = round(float(x), 2)
    if r == int(r):
        return str(int(r))
    return f"{r:.2f}".rstrip("0")


_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""A character XML 1.0 does not allow in a document, escaped or not: the C0
controls but tab, newline and carriage return, a lone surrogate (which
cannot even be written as UTF-8), U+FFFE and U+FFFF. HTML5 refuses the same
controls."""


def esc(text: str) -> str:
    """``text`` escaped for XML character data and attribute values, each
    character XML does not allow replaced by U+FFFD, so that any text gives
    a well-formed document that can be written as UTF-8."""
    return escape(_NOT_XML.sub("\ufffd", text), quote=True)


def el(name: str, body: str | None = None, /, **attributes: object) -> str:
    """An element: ``el("rect", x=1, fill="red")`` -> ``<rect x="1" fill="red"/>``.

    Attribute names take ``_`` for ``-`` (``stroke_width``) and a trailing
    ``_`` is dropped (``class_``). Numbers are written with :func:`num`;
    ``None`` values are left out. ``body`` is inserted as is (already
    escaped or markup).
    """
    parts = [name]
    for key, value in attributes.items():
        if value is None:
            continue
        attr = key.rstrip("_").replace("_", "-")
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, int | float):
            text = num(value)
        else:
            text = esc(str(value))
        parts.append(f'{attr}="{text}"')
    head = " ".join(parts)
    if body is None:
        return f"<{head}/>"
    return f"<{head}>{body}</{name}>"


def text(x: float, y: float, label: str, size: float, **attributes: object) -> str:
    """A text label at a fixed baseline position (``text-anchor`` from the caller)."""
    return el("text", esc(label), x=x, y=y, font_size=size, **attributes)


def document(width: float, height: float, title: str, desc: str, body: list[str]) -> str:
    """A complete, self-contained SVG document with ``viewBox``, ``<title>``
    and ``<desc>`` (read by screen readers and shown as a tooltip)."""
    head = (
        f'<svg xmlns="{SVG_NS}" version="1.1" viewBox="0 0 {num(width)} {num(height)}" '
        f'width="{num(width)}" height="{num(height)}" role="img" '
        # Its natural size where there is room, narrower inside a narrower
        # box (a phone): the viewBox keeps the drawing's proportions.
        'style="max-width:100%;height:auto" '
        f'font-family="{esc(LATIN_FONTS)}">'
    )
    return "\n".join([head, el("title", esc(title)), el("desc", esc(desc)), *body, "</svg>"]) + "\n"
