"""The bound on the Python engine's memo tables, and the one way they are written.

Every memo of the Python engine (docs/architecture.md#what-the-python-engine-memoises)
is a :class:`Memo`: two generations of plain dicts from a key to a value
that is a pure function of the key.
The rules that make them safe to share between threads, also while another
thread clears them (docs/threads.md):

* a value is built completely before it is stored, and stored with one
  assignment, so a reader finds either nothing or a finished value;
* readers use ``dict.get`` and treat a miss as "compute it": no code tests
  membership and then reads, relies on an entry being present, or iterates
  a memo;
* a memo is emptied by *replacing* it with a new dict (:meth:`Memo.put`,
  :meth:`Memo.clear`); a thread that still holds the old one finishes with
  it, and what it stores there is dropped with it;
* tables whose values are only meaningful together (ids and what they
  stand for) are never emptied: the interned overlap vectors of
  :mod:`unomahjong.analysis._distance` are few by construction (164).

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
import warnings
from collections.abc import Callable
from typing import Any, Final, Generic, TypeVar

from ._checks import whole, wrong_type
from .errors import RulesError

__all__ = [
    "DEFAULT_LIMIT",
    "LIMIT_VARIABLE",
    "Memo",
    "memo_limit",
    "set_memo_limit",
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


class Memo(Generic[_K, _V]):
    """One memo table in two generations (the module's docstring): the
    one way the Python engine's memos are written.

    :meth:`get_or_compute` is the lookup: the current generation, then the
    previous one (a value found there is stored again, so entries in use
    survive), then ``compute(*args)``, whose finished value is stored with
    one assignment. The hottest callers read ``new`` first themselves,
    which saves a call on a hit, and ask it on a miss. A full current
    generation becomes the previous one and a new, empty dict takes its
    place, each by one assignment to this object's own slots;
    :meth:`clear` replaces both. A memo pickles and copies as an empty one:
    its entries are a cache, not a value."""

    __slots__ = ("new", "old")

    new: dict[_K, _V]
    """The current generation: it takes new entries, up to the limit."""
    old: dict[_K, _V]
    """The previous generation: asked on a miss of the current one."""

    def __init__(self) -> None:
        self.new = {}
        self.old = {}

    def get_or_compute(self, key: _K, compute: Callable[..., _V], *args: Any) -> _V:
        """The value of ``key``: remembered, or ``compute(*args)`` (which must
        not be None), stored."""
        value = self.new.get(key)
        if value is None:
            old = self.old
            value = old.get(key) if old else None
            if value is None:
                value = compute(*args)
            self.put(key, value)
        return value

    def get(self, key: _K) -> _V | None:
        """The remembered value of ``key``, or None (stored again when the
        previous generation held it)."""
        value = self.new.get(key)
        if value is None:
            old = self.old
            value = old.get(key) if old else None
            if value is not None:
                self.put(key, value)
        return value

    def put(self, key: _K, value: _V) -> _V:
        """Store a finished ``value`` as the newest entry, and return it."""
        memo = self.new
        if len(memo) >= limit:
            if not limit:
                self.old = {}
                self.new = {}
                return value
            self.old = memo
            memo = self.new = {}
        memo[key] = value
        return value

    def clear(self) -> None:
        """Forget every entry: both generations replaced by empty dicts (a
        thread still holding one finishes with it)."""
        self.new = {}
        self.old = {}

    def __len__(self) -> int:
        return len(self.new) + len(self.old)

    def __reduce__(self) -> tuple[type[Memo[Any, Any]], tuple[()]]:
        return (Memo, ())

    def __copy__(self) -> Memo[_K, _V]:
        return Memo()

    def __deepcopy__(self, memo: object) -> Memo[_K, _V]:
        return Memo()
