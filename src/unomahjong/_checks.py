"""Lenient readings of user-supplied numbers and flags, shared by the value
types and the game: any integer type (NumPy's too) is a whole number, and a
flag may be a bool, 0 or 1, or a NumPy bool. Each caller raises its own typed
error when these return None."""

from __future__ import annotations

import operator


def whole(value: object) -> int | None:
    """``value`` as an int, or None for a bool, a float or a non-number."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def flag(value: object) -> bool | None:
    """``value`` as a bool, or None unless it is a bool, 0, 1 or a NumPy bool."""
    if value is True or value is False:
        return value
    kind = type(value)
    if kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_"):
        return bool(value)  # NumPy's bool (named bool_ before NumPy 2), not imported
    n = whole(value)
    return None if n is None or n not in (0, 1) else bool(n)
