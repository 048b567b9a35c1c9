"""The detector vocabulary: how a fan is found, as a value.

Each class here is one primitive of the counting engine, an immutable value
(frozen, hashable, compared by its fields, with a ``repr`` that evaluates
back in this module's namespace). A fan's detector is one of them; both
engines run it: the Python engine through the value's methods, the compiled
core by compiling its fields into a row of C data. So a table built from
these values, whatever its ids, points, exclusions and shapes, is scored by
the compiled core (``RuleSet.engine``).

The primitives, by the counting principle they follow
(:class:`~unomahjong.rules.fans.DetectorKind`):

* counted once (``simple``): :class:`Holds` (the tiles held),
  :class:`ShapeIs`, :class:`EveryGroup` (every meld and the pair),
  :class:`HonourPungs`, :class:`Kongs`, :class:`KongsExactly`,
  :class:`ConcealedPungs`, :class:`Wait`, :class:`KnittedSet`,
  :class:`ConcealedPattern`, :class:`Context` (the win context's flags),
  :class:`LastCopy`, :class:`FourCopies` and :class:`Flowers`;
* formed by a set of three or four chows or pungs: :class:`MeldSet`;
* formed by two melds: :class:`MeldPair`;
* one per qualifying meld: :class:`EachPung`.

A fan none of them can express takes a :class:`~unomahjong.rules.fans.Detector`
around a Python function; it is scored by the Python engine.
"""

from __future__ import annotations

from ..model.shapes import Shape
from .meld_primitives import (
    ConcealedPungs,
    EachPung,
    HonourPungs,
    Kongs,
    KongsExactly,
    MeldPair,
    MeldSet,
)
from .primitive import ALL_SHAPES, MELD_SHAPES, SPECIAL_SHAPES, Primitive, SimplePrimitive
from .tile_primitives import (
    ConcealedPattern,
    EveryGroup,
    FourCopies,
    Holds,
    KnittedSet,
    ShapeIs,
)
from .win_primitives import Context, Flowers, LastCopy, Wait, context

__all__ = [
    "ALL_SHAPES",
    "MELD_SHAPES",
    "SPECIAL_SHAPES",
    "ConcealedPattern",
    "ConcealedPungs",
    "Context",
    "EachPung",
    "EveryGroup",
    "Flowers",
    "FourCopies",
    "Holds",
    "HonourPungs",
    "KnittedSet",
    "Kongs",
    "KongsExactly",
    "LastCopy",
    "MeldPair",
    "MeldSet",
    "Primitive",
    "Shape",
    "ShapeIs",
    "SimplePrimitive",
    "Wait",
    "context",
]
