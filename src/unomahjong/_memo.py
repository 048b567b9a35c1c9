"""The bound on the Python engine's memo tables, and the one way they are written.

Every memo of the Python engine (docs/architecture.md#what-the-python-engine-memoises)
is a plain dict from a key to a value that is a pure function of the key.
The rules that make them safe to share between threads, also while another
thread clears them (docs/threads.md):

* a value is built completely before it is stored, and stored with one
  assignment, so a reader finds either nothing or a finished value;
* readers use ``dict.get`` and treat a miss as "compute it": no code tests
  membership and then reads, relies on an entry being present, or iterates
  a memo;
* a memo is emptied by *replacing* it with a new dict (:func:`fresh`,
  the ``clear_caches`` functions); a thread that still holds the old one
  finishes with it, and what it stores there is dropped with it;
* tables whose values are only meaningful together (ids and what they
  stand for) are never emptied: the interned overlap vectors of
  :mod:`unomahjong._distance` are few by construction (164).

Each table keeps at most :func:`memo_limit` entries: a store into a full
table first replaces it with an empty one. The limit is read from the
environment variable ``UNOMAHJONG_MEMO_LIMIT`` at import (ASCII digits), and
changed at run time with :func:`set_memo_limit`.
"""

from __future__ import annotations

import os
import warnings
from typing import Any, Final, TypeVar

from ._checks import whole, wrong_type
from .errors import RulesError

__all__ = [
    "DEFAULT_LIMIT",
    "LIMIT_VARIABLE",
    "fresh",
    "memo_limit",
    "remember",
    "set_memo_limit",
]

LIMIT_VARIABLE: Final = "UNOMAHJONG_MEMO_LIMIT"
"""The environment variable read at import: entries per memo table."""

DEFAULT_LIMIT: Final = 1 << 13
"""Entries per memo table by default (8,192): see docs/performance.md#memory."""

_K = TypeVar("_K")
_V = TypeVar("_V")


def _from_environment() -> int:
    text = os.environ.get(LIMIT_VARIABLE, "")
    if not text:
        return DEFAULT_LIMIT
    if text.isascii() and text.isdigit():
        return int(text)
    warnings.warn(
        f"{LIMIT_VARIABLE}={text[:40]!r} is not a whole number of entries (ASCII digits);"
        f" using {DEFAULT_LIMIT}",
        RuntimeWarning,
        stacklevel=2,
    )
    return DEFAULT_LIMIT


limit: int = _from_environment()
"""The current limit; modules read it when they store, so a change applies
at each table's next store."""


def memo_limit() -> int:
    """How many entries each memo table of the Python engine keeps at most."""
    return limit


def set_memo_limit(entries: int) -> int:
    """Keep at most ``entries`` entries in each memo table of the Python
    engine, and return the limit before. ``0`` turns the memos off (every
    sub-result is computed again when asked). A table larger than a new,
    lower limit is emptied at its next store; call
    :func:`unomahjong.scoring.clear_caches` to empty all of them at once.
    Any integer type is taken; anything else, or a negative number, raises
    :class:`~unomahjong.RulesError` (``bad-option``). Safe to call while
    other threads score."""
    global limit
    n = whole(entries)
    if n is None or n < 0:
        raise wrong_type(
            RulesError, "bad-option", "set_memo_limit", "entries", entries, "a whole number >= 0"
        )
    before = limit
    limit = n
    return before


def fresh(holder: object, name: str) -> dict[Any, Any]:
    """Replace the full table ``holder.name`` by an empty one, with one
    assignment, and return the table to store into: the new one, or with the
    limit 0 a throwaway one (nothing is kept). ``holder`` is a module, or an
    object whose attribute may be replaced. The callers' pattern::

        memo = holder.name
        if len(memo) >= _memo.limit:
            memo = fresh(holder, "name")
        memo[key] = value  # built completely before this one store
    """
    memo: dict[Any, Any] = {}
    object.__setattr__(holder, name, memo)
    return memo if limit else {}


def remember(holder: object, name: str, memo: dict[_K, _V], key: _K, value: _V) -> _V:
    """Store a finished ``value`` in ``memo``, the dict ``holder.name`` held
    when the caller read it, and return ``value`` (:func:`fresh` first when
    the table is full)."""
    if len(memo) >= limit:
        memo = fresh(holder, name)
    memo[key] = value
    return value
