"""The base of the detector vocabulary (``rules/detectors.py``): what every
primitive is, how its fields are checked, and the shape sets they name."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final

import attrs

from ..errors import RulesError
from ..model.shapes import FAMILY_SHAPES, Shape, ShapeFamily
from .fans import Detector, DetectorKind, Gate

if TYPE_CHECKING:
    from ..scoring.facts import Reading

ALL_SHAPES: Final = frozenset(Shape)
"""Every shape."""
SPECIAL_SHAPES: Final = FAMILY_SHAPES[ShapeFamily.SPECIAL]
"""The shapes of single tiles, which tile fans skip unless told otherwise."""
MELD_SHAPES: Final = ALL_SHAPES - SPECIAL_SHAPES
"""The shapes of melds or pairs: standard, seven pairs, knitted straight."""
_FAMILIES: Final = tuple(FAMILY_SHAPES.values())
"""The shape families the per-hand results are kept by (``ShapeFamily``)."""


def refuse(owner: str, detail: str) -> RulesError:
    """The error of a bad field of the primitive ``owner``."""
    return RulesError("bad-detector", f"{owner}: {detail}")


def members(value: object, what: str) -> tuple[object, ...]:
    """The members of an iterable (not a text), or the library's error."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise refuse(what, f"{value!r} is not a set of {what}")
    return tuple(value)


def to_ranks(value: object) -> frozenset[int] | None:
    """A set of ranks 1-9 (any iterable of them), or None."""
    if value is None:
        return None
    items = members(value, "ranks")
    if not items or not all(type(r) is int and 1 <= r <= 9 for r in items):
        raise refuse("ranks", f"{value!r} is not a non-empty set of ranks 1-9")
    return frozenset(r for r in items if isinstance(r, int))


def to_shapes(value: object) -> frozenset[Shape]:
    """A non-empty set of shapes (shapes or their JSON names)."""
    try:
        items = [value] if isinstance(value, (Shape, str)) else list(value)  # type: ignore[call-overload]
        shapes = frozenset(Shape(s) for s in items)
    except TypeError:
        raise refuse("shapes", f"{value!r} is not a set of shapes") from None
    if not shapes:
        raise refuse("shapes", "no shape given")
    return shapes


def to_names(value: object) -> frozenset[str] | None:
    """A set of non-empty names (one name alone is taken as a set), or None."""
    if value is None:
        return None
    if isinstance(value, str):
        value = (value,)
    items = members(value, "names")
    if not items or not all(isinstance(n, str) and n for n in items):
        raise refuse("names", f"{value!r} is not a non-empty set of names")
    return frozenset(n for n in items if isinstance(n, str))


Validator = Callable[[object, "attrs.Attribute[Any]", object], None]
"""An attrs validator: (instance, field, value), raising on a bad value."""


def check_count(name: str, low: int, high: int) -> Validator:
    """A validator of a whole number ``low``-``high`` (None where None is the
    field's default); a bool is not a number here."""

    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and attribute.default is None:
            return
        if type(value) is not int or not low <= value <= high:
            raise refuse(
                name, f"{attribute.name} must be a whole number {low}-{high}, not {value!r}"
            )

    return check


def check_one_of(name: str, *choices: object) -> Validator:
    """A validator of one of ``choices``, of the choice's own type (``1`` is
    not ``True``, ``3.0`` not ``3``)."""

    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not any(value is c or (type(value) is type(c) and value == c) for c in choices):
            raise refuse(name, f"{attribute.name} must be one of {choices!r}, not {value!r}")

    return check


def set_repr(value: frozenset[Any] | None) -> str:
    """A set field's repr, its members sorted (shapes by name): the same text
    for equal values, and one that evaluates back."""
    if value is None:
        return "None"
    if all(isinstance(v, Shape) for v in value):
        return "frozenset({" + ", ".join(f"Shape.{s.name}" for s in Shape if s in value) + "})"
    return "frozenset({" + ", ".join(repr(v) for v in sorted(value)) + "})"


def family_union(shapes: frozenset[Shape]) -> bool:
    """True when ``shapes`` is a union of whole shape families: a per-hand
    result, which the engines keep by family, then depends on nothing else."""
    return all(f <= shapes or not (f & shapes) for f in _FAMILIES)


def shape_gate(shapes: frozenset[Shape]) -> Gate | None:
    """The reading gate implied by holding only in ``shapes``."""
    if shapes == {Shape.SEVEN_PAIRS}:
        return Gate.SEVEN_PAIRS
    if shapes <= SPECIAL_SHAPES:
        return Gate.SPECIAL
    return None


# ---------------------------------------------------------------- the base


class Primitive:
    """What every value of the vocabulary is: a detector both engines run.

    ``detector_kind`` says which counting principle the fan follows; the Python
    engine reads the value through :meth:`as_detector`, and the compiled
    core compiles its fields."""

    __slots__ = ()

    @property
    def detector_kind(self) -> DetectorKind:
        """The counting principle the fan follows."""
        raise NotImplementedError

    def as_detector(self) -> Detector:
        """The value as the Python engine runs it."""
        raise NotImplementedError

    def __repr__(self) -> str:
        # The fields that differ from their defaults, as keywords: short,
        # and it evaluates back in ``unomahjong.rules.detectors``.
        parts = []
        for a in attrs.fields(type(self)):  # type: ignore[arg-type]
            value = getattr(self, a.name)
            if a.default is not attrs.NOTHING and value == a.default:
                continue
            shown = a.repr(value) if callable(a.repr) else repr(value)
            parts.append(f"{a.name}={shown}")
        return f"{type(self).__name__}({', '.join(parts)})"


class SimplePrimitive(Primitive):
    """A primitive counted on its own: ``count`` reads one reading."""

    __slots__ = ()

    @property
    def detector_kind(self) -> DetectorKind:
        return DetectorKind.SIMPLE

    @property
    def per_hand(self) -> bool:
        """True when the count depends only on the hand's tiles, the context
        and the reading's shape family (the engines then count it once per
        hand and family)."""
        return False

    @property
    def gate(self) -> Gate | None:
        """A cheap fact that must hold for the count to be non-zero."""
        return None

    def count(self, r: Reading) -> int:
        """How many times the fan holds in the reading (0: not at all)."""
        raise NotImplementedError

    def evidence(self, r: Reading) -> tuple[int, ...]:
        """The meld indices the fan uses (for display and ``absorbs``)."""
        return ()

    def as_detector(self) -> Detector:
        uses_melds = type(self).evidence is not SimplePrimitive.evidence
        return Detector(
            DetectorKind.SIMPLE,
            self.count,
            evidence=self.evidence if uses_melds else None,
            per_hand=self.per_hand,
            requires=self.gate,
        )
