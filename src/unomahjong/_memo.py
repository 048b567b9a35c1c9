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
* a memo is emptied by *replacing* it with a new dict (:func:`keep`, the
  ``clear_caches`` functions); a thread that still holds the old one
  finishes with it, and what it stores there is dropped with it;
* tables whose values are only meaningful together (ids and what they
  stand for) are never emptied: the interned overlap vectors of
  :mod:`unomahjong._distance` are few by construction (164).

Each table comes in two generations: the current one takes new entries,
up to :func:`memo_limit`; when it is full it becomes the previous one (the
one before is dropped) and a new, empty one takes its place. A lookup that
misses the current generation asks the previous one and stores what it
finds again, so the entries in use survive and the rest age out: a table
holds at most twice the limit. The limit is read from the environment
variable ``UNOMAHJONG_MEMO_LIMIT`` at import (ASCII digits), and changed at
run time with :func:`set_memo_limit`.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sized
from typing import Final, TypeVar

from ._checks import whole, wrong_type
from .errors import RulesError

__all__ = [
    "DEFAULT_LIMIT",
    "LIMIT_VARIABLE",
    "keep",
    "memo_limit",
    "set_memo_limit",
    "tables",
]

LIMIT_VARIABLE: Final = "UNOMAHJONG_MEMO_LIMIT"
"""The environment variable read at import: entries per memo table."""

DEFAULT_LIMIT: Final = 6144
"""New entries per memo table by default (twice that with the previous
generation): docs/performance.md#memory-the-memo-limit."""

_K = TypeVar("_K")
_V = TypeVar("_V")


def _from_environment() -> int:
    text = os.environ.get(LIMIT_VARIABLE, "")
    if not text:
        return DEFAULT_LIMIT
    # At most 18 digits: int() of a longer string may refuse it (CPython's
    # limit on digits), and no table holds 10**18 entries anyway.
    if text.isascii() and text.isdigit() and len(text) <= 18:
        return int(text)
    warnings.warn(
        f"{LIMIT_VARIABLE}={text[:40]!r} is not a whole number of entries"
        " (at most 18 ASCII digits);"
        f" using {DEFAULT_LIMIT}",
        RuntimeWarning,
        stacklevel=2,
    )
    return DEFAULT_LIMIT


limit: int = _from_environment()
"""The current limit; modules read it when they store, so a change applies
at each table's next store."""


def memo_limit() -> int:
    """How many new entries each memo table of the Python engine takes
    before its older entries start to age out (it holds at most twice as
    many: the current generation and the one before it)."""
    return limit


def set_memo_limit(entries: int) -> int:
    """Let each memo table of the Python engine take ``entries`` new
    entries before its older ones age out (it holds at most twice as many),
    and return the limit before. ``0`` turns the memos off (every
    sub-result is computed again when asked). A table past a new, lower
    limit starts a new generation at its next store; call
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


def keep(holder: object, name: str, old: str, key: _K, value: _V) -> _V:
    """Store a finished ``value`` as the newest entry of the table
    ``holder.name``, and return it. Called on a miss, once the previous
    generation ``holder.old`` was asked too (a value found there is stored
    again, so entries in use survive). A table that holds :data:`limit`
    entries first becomes the previous generation (the one before it is
    dropped) and a new, empty table takes its place: each replaced by one
    assignment. With the limit 0 both are left empty. ``holder`` is a
    module, or an object whose attributes may be replaced. The callers'
    pattern, where the store into a table with room is inlined::

        memo = holder.name
        value = memo.get(key)
        if value is None:
            old = holder.old
            value = old.get(key) if old else None
            if value is None:
                value = compute(key)  # built completely before it is stored
            if len(memo) < _memo.limit:
                memo[key] = value
            else:
                keep(holder, "name", "old", key, value)

    (``memo`` may meanwhile have been replaced: a value stored into it is
    then dropped with it.)
    """
    memo: dict[_K, _V] = getattr(holder, name)
    if len(memo) >= limit:
        if not limit:
            object.__setattr__(holder, old, {})
            object.__setattr__(holder, name, {})
            return value
        object.__setattr__(holder, old, memo)
        memo = {}
        object.__setattr__(holder, name, memo)
    memo[key] = value
    return value


def tables() -> list[Sized]:
    """Every table the memo limit bounds, both generations of each, as they
    are now: the per-suit tables of shapes and waits, the block
    arrangements and each built-in rule set's fan memos (not the interning
    tables, whose size the tiles and fans fix). For measuring and testing
    what the memos hold; a table replaced later is not in the list."""
    from . import _distance
    from .rules import RULE_SETS

    decompose = sys.modules[__package__ + ".decompose"]
    out: list[Sized] = [
        _distance._suit_memo,
        _distance._suit_old,
        _distance._conv_memo,
        _distance._conv_old,
        decompose._arrangements,
        decompose._arrangements_old,
        decompose._options,
        decompose._options_old,
    ]
    for kind in _distance._block_kinds:
        out += [kind.memo, kind.status_memo, kind.completing_memo]
        out += [kind.memo_old, kind.status_old, kind.completing_old]
    for rs in RULE_SETS.values():
        fans = rs.fans
        out += [fans.memo, fans.memo_old, fans.count_memo, fans.count_memo_old]
    return out
