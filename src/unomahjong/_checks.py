"""Argument checks at the public boundary, shared by every module.

Two kinds of helper live here:

* Lenient readings of user-supplied numbers and flags, shared by the value
  types and the game: any integer type (NumPy's too) is a whole number, and a
  flag may be a bool, 0 or 1, or a NumPy bool. Each caller raises its own
  typed error when these return None.
* Refusals of wrong-typed arguments. A public function tests each argument
  with a plain ``isinstance`` (cheap enough for the hot paths: score,
  shanten) and, when a test fails, raises the error :func:`wrong_type`
  builds: the library's typed error for that domain, with a stable code
  naming the problem, the function and the parameter in the message, and the
  parameter in :attr:`~unomahjong.MahjongError.argument`. Containers of
  values go through :func:`items` or :func:`iterable`.

``tests/test_arguments.py`` passes wrong-typed values to every parameter of
every public callable and requires these errors and no other exception.
"""

from __future__ import annotations

import difflib
import enum
import functools
import inspect
import operator
import reprlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ParamSpec, TypeVar

import attrs

from .errors import ArgumentError, MahjongError

_T = TypeVar("_T")
_P = ParamSpec("_P")
_E = TypeVar("_E", bound=MahjongError)
_C = TypeVar("_C", bound=type)

_SHORT = reprlib.Repr()
_SHORT.maxstring = 40
_SHORT.maxother = 40
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxset = _SHORT.maxfrozenset = 4
_SHORT.maxdict = 3
_SHORT.maxlevel = 2

_LIMIT = 60
"""Characters of a refused value (type and repr) described in a message, at most."""
_QUOTE = 46
"""Characters of a quoted value, at most: a 40-character string's repr and
reprlib's elision."""


def listed(values: Iterable[object]) -> str:
    """Values as a message lists them: each quoted, comma separated
    (``'A', 'B'``), never a Python list's repr."""
    return ", ".join(quote(v) for v in values)


def by_name(names: Iterable[str]) -> dict[str, str]:
    """An index for looking names up without regard to case: each name by
    its case-folded form."""
    return {n.casefold(): n for n in names}


def did_you_mean(value: object, index: Mapping[str, str]) -> str | None:
    """A hint naming the closest of the names ``index`` holds (by
    :func:`by_name`) to a name that is not among them, or None when none is
    close (``difflib``'s measure)."""
    if not isinstance(value, str) or not index:
        return None
    # difflib's ratio is at most 2*len(b)/(len(a)+len(b)), under its 0.6
    # cutoff once a name is over 2.33 times the longest: a huge value has no
    # match, and is not compared (that would take time quadratic in it).
    if len(value) > 3 * max(map(len, index)):
        return None
    close = difflib.get_close_matches(value.casefold(), list(index), n=1)
    return f"did you mean {index[close[0]]!r}?" if close else None


def unknown_keyword(func: str, given: str, keywords: Iterable[str]) -> ArgumentError:
    """The error of a call of ``func`` naming the keyword ``given``, which is
    not one of its ``keywords``: the closest of them as the hint."""
    known = by_name(keywords)
    return ArgumentError(
        "unknown-keyword",
        f"{func}() takes no keyword {quote(given)}",
        hint=did_you_mean(given, known)
        or ("its keywords: " + ", ".join(known.values()) if known else "it takes no keyword"),
    )


def unknown_keywords(
    function: Callable[..., object], unknown: Mapping[str, object]
) -> ArgumentError:
    """The error of a call that named keywords ``function`` does not take.

    The per-hand and per-step functions end with ``**unknown: Never``
    instead of being wrapped (:func:`keywords_checked`): an empty ``**``
    costs far less than a second call, a type checker still refuses any
    keyword there, and the body raises this error when one came."""
    parameters = inspect.signature(function).parameters.values()
    keywords = [
        p.name
        for p in parameters
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name != "self"
    ]
    name = function.__qualname__.removesuffix(".__init__")
    return unknown_keyword(name, next(iter(unknown)), keywords)


def keywords_checked(function: Callable[_P, _T]) -> Callable[_P, _T]:
    """``function``, raising :func:`unknown_keyword`'s error for a call that
    names a keyword it does not take, instead of Python's bare
    ``TypeError``. The check runs only when the call fails: a call that
    binds costs one more function call, so the functions called per hand
    or per step take ``**unknown: Never`` instead (:func:`unknown_keywords`)."""
    parameters = inspect.signature(function).parameters.values()
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return function  # it takes any keyword: it checks them itself
    keywords = [p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    name = function.__qualname__.removesuffix(".__init__")

    @functools.wraps(function)
    def checked(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        try:
            return function(*args, **kwargs)
        except TypeError as e:
            # Raised by the call itself (the traceback ends in this frame),
            # not by the function's body.
            if e.__traceback__ is not None and e.__traceback__.tb_next is None:
                for given in kwargs:
                    if given not in keywords:
                        raise unknown_keyword(name, given, keywords) from None
            raise

    return checked


def checked_init(cls: _C) -> _C:
    """``cls`` with its constructor checked as :func:`keywords_checked`
    checks a function: a misspelt keyword gets the typed error. For the
    value types, whose ``__init__`` attrs writes."""
    init = vars(cls).get("__init__")
    if init is not None:  # else object's, which takes no keyword to misspell
        setattr(cls, "__init__", keywords_checked(init))  # noqa: B010 (mypy: no method assignment)
    return cls


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


def quote(value: object) -> str:
    """A refused value as a message quotes it: its repr, at most about 40
    characters (``'xxxxxxxx...'``), whatever the value's size; the repr of
    a long string is built from its first characters only."""
    if type(value) is int and value.bit_length() > 128:
        return _digits(value)
    try:
        shown = _SHORT.repr(value)
    except Exception:  # a repr that fails is still a value to refuse
        return "..."
    return shown if len(shown) <= _QUOTE else shown[: _QUOTE - 3] + "..."


def _digits(n: int) -> str:
    """A whole number too long to print, by its size: converting a
    5,000-digit int to text is slow, and beyond 4,300 digits a ValueError."""
    return f"{'-' if n < 0 else ''}(a number of about {int(n.bit_length() * 0.30103) + 1:,} digits)"


def describe(value: object) -> str:
    """A short description of a refused value: its type and a bounded repr
    (a 10 MB string or a list of a million items is not repeated)."""
    if value is None:
        return "None"
    if type(value) is int and value.bit_length() > 128:
        return f"int {_digits(value)}"
    try:
        shown = _SHORT.repr(value)
    except Exception:  # a repr that fails is still a value to refuse
        shown = "..."
    if len(shown) > _LIMIT:
        shown = shown[: _LIMIT - 3] + "..."
    return f"{type(value).__name__} {shown}"


def wrong_type(
    error: type[_E],
    code: str,
    func: str,
    param: str,
    value: object,
    expected: str,
    hint: str | None = None,
) -> _E:
    """The error for argument ``param`` of ``func`` that is not ``expected``:
    ``error(code, "func() takes <expected> as <param>, not <value>")``."""
    return error(
        code,
        f"{func}() takes {expected} as {param}, not {describe(value)}",
        hint=hint,
        argument=param,
    )


class Lookup(enum.EnumMeta):
    """The metaclass of the library's enums: ``Kind(value)`` finds the member
    by value, or calls the enum's ``_missing_`` (which raises a typed error)
    directly. The standard lookup formats ``"%r is not a valid Kind"`` first,
    even when ``_missing_`` raises: the repr of a 10 MB string costs 10 MB,
    and that of a 5,000-digit int is a ValueError."""

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:  # the functional API (Enum("Name", "A B")): unchanged
            return super().__call__(value, *args, **kwargs)
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):  # absent, or unhashable
            pass
        if isinstance(value, cls):
            return value
        members: Iterable[enum.Enum] = cls
        for member in members:  # an unhashable value equal to a member's
            if member._value_ == value:
                return member
        return cls._missing_(value)  # type: ignore[attr-defined]


def unknown_member(cls: type[enum.Enum], value: object, error: type[_E], code: str) -> _E:
    """The typed error of an enum looked up by a value it does not have
    (what the enums' ``_missing_`` raise instead of a bare ``ValueError``)."""
    known = ", ".join(repr(m.value) for m in cls)
    return error(code, f"{describe(value)} is not a {cls.__name__}: one of {known}")


def items(
    value: object,
    kind: type[_T],
    error: type[MahjongError],
    code: str,
    func: str,
    param: str,
    expected: str,
    hint: str | None = None,
) -> tuple[_T, ...]:
    """``value`` as a tuple of ``kind`` instances: any iterable of them
    except text, bytes and mappings (whose iteration would reinterpret
    them: characters, small ints, keys). Anything else raises
    :func:`wrong_type`."""
    out: tuple[object, ...]
    if type(value) is tuple:  # the common cases first, without the ABC test
        out = value
    elif type(value) is list:
        out = tuple(value)
    elif isinstance(value, (str, bytes, bytearray, Mapping)):
        raise wrong_type(error, code, func, param, value, expected, hint)
    else:
        try:
            out = tuple(value)  # type: ignore[arg-type]
        except TypeError:
            raise wrong_type(error, code, func, param, value, expected, hint) from None
    for x in out:
        if not isinstance(x, kind):
            i = next(i for i, x in enumerate(out) if not isinstance(x, kind))
            raise error(
                code,
                f"{func}() takes {expected} as {param}; item {i} is {describe(out[i])}",
                hint=hint,
                argument=param,
            )
    return out  # type: ignore[return-value]


def iterable(
    value: object,
    error: type[MahjongError],
    code: str,
    func: str,
    param: str,
    expected: str,
    hint: str | None = None,
) -> Iterable[object]:
    """``value`` itself if it is an iterable other than text, bytes or a
    mapping, for callers that read it lazily and check each item."""
    if isinstance(value, (str, bytes, bytearray, Mapping)) or not hasattr(value, "__iter__"):
        raise wrong_type(error, code, func, param, value, expected, hint)
    return value


def restore_validated(
    obj: object, state: object, build: Callable[[dict[str, Any]], object]
) -> None:
    """``__setstate__`` of a validated attrs value: fill ``obj`` from what
    its constructor makes of ``state`` (``build`` of the fields by name), so
    that pickle bytes in attrs' own format (a dict of the fields, or a
    tuple of them in field order) are checked as a new value is; a bad
    field raises the constructor's error."""
    names = list(attrs.fields_dict(type(obj)))  # type: ignore[arg-type]
    if isinstance(state, tuple):
        fields = dict(zip(names, state, strict=False))
    elif isinstance(state, dict):
        fields = dict(state)
    else:
        fields = {}
    sound = build(fields)
    for name in names:
        object.__setattr__(obj, name, getattr(sound, name))
