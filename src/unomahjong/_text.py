"""Text laid out in columns: the display width of a string on a terminal.

Fan names are Chinese, and a Chinese character takes two columns of a
terminal, so tables that pad with ``str.ljust`` or ``f"{s:<8}"`` come out
ragged. Every table the package prints pads with :func:`pad` instead.

The width of a character follows its Unicode East Asian Width property
(``unicodedata.east_asian_width``): Wide (``W``) and Fullwidth (``F``)
characters take two columns, every other one takes one. Ambiguous
characters (``A``: some Greek and Cyrillic letters, box drawing, ``×``, ...)
are taken as one column, as terminals outside East Asian locales show them.
Combining marks are not treated specially: the package prints none.
"""

from __future__ import annotations

import unicodedata

__all__ = ["display_width", "pad"]

_WIDE = frozenset({"W", "F"})
"""The East Asian Width classes that take two columns."""


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: 2 for each East Asian Wide
    or Fullwidth character, 1 for any other.

    >>> display_width("清龙"), display_width("Pure Straight"), display_width("、")
    (4, 13, 2)
    """
    return sum(2 if unicodedata.east_asian_width(c) in _WIDE else 1 for c in text)


def pad(text: str, width: int, align: str = "<") -> str:
    """``text`` padded with spaces to ``width`` columns (left-aligned for
    ``"<"``, right-aligned for ``">"``); text already as wide is unchanged.

    >>> pad("清龙", 6) + "|", pad("7", 3, ">")
    ('清龙  |', '  7')
    """
    room = " " * max(0, width - display_width(text))
    return room + text if align == ">" else text + room
