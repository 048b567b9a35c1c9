"""Rule sets as values: tile set + shapes + fan table + options, found by name."""

from __future__ import annotations

from typing import Any, Final

import attrs

from ._checks import quote, whole, wrong_type
from .context import WinContext
from .errors import ContextError, RulesError
from .fans.mcr import MCR_FANS
from .fans.model import FanTable
from .fans.uno import UNO_FANS
from .shapes import MCR_SHAPES, UNO_SHAPES, ShapeSpec
from .tiles import TileSet


def count_option(value: object, name: str, minimum: int = 0) -> int:
    """``value`` as an int of at least ``minimum``, or :class:`RulesError`
    (``bad-option``). Any integer type is taken (a NumPy integer too); a bool
    is refused, as surely a mistake."""
    n = whole(value)
    if n is None or n < minimum:
        raise RulesError(
            "bad-option", f"{name} must be a whole number >= {minimum}, not {quote(value)}"
        )
    return n


def seed_option(value: object, func: str) -> int:
    """A seed: any integer type (not a bool, a float, text or bytes, which
    :class:`random.Random` would also take), or :class:`RulesError`
    (``bad-seed``)."""
    n = whole(value)
    if n is None:
        raise wrong_type(RulesError, "bad-seed", func, "seed", value, "a whole number")
    return n


@attrs.frozen(slots=True, kw_only=True)
class RuleOptions:
    """Options of a rule set that a table or a game may change."""

    min_fans: int = 0
    """A win must score at least this many points in play (UNO: 0; MCR: 8).
    Bare scoring (``score``) applies it only when asked."""
    base_points: int = 8
    """Settlement base (docs/rules.md#settlement)."""
    disabled_fans: frozenset[str] = frozenset()
    """Optional fan rows switched off, e.g. MCR's 明暗杠
    (``"CONCEALED_KONG_AND_MELDED_KONG"``): its kongs then score 明杠 + 暗杠.
    Any set of ids is taken (kept as a frozenset); the table's fallback fan
    (无番和) cannot be switched off."""

    def __attrs_post_init__(self) -> None:
        # Any integer type (a NumPy integer too) and any set of ids are taken,
        # stored as int and frozenset; bools and negative counts are refused.
        for name in ("min_fans", "base_points"):
            object.__setattr__(self, name, count_option(getattr(self, name), name))
        fans = self.disabled_fans
        try:
            ids = None if isinstance(fans, str) else frozenset(fans)
        except TypeError:
            ids = None
        if ids is None or not all(isinstance(f, str) for f in ids):
            raise RulesError(
                "bad-option", f"disabled_fans must be a set of fan ids, not {quote(fans)}"
            )
        object.__setattr__(self, "disabled_fans", ids)


COMMON_FLAGS: Final = frozenset(
    {"self_drawn", "last_copy", "last_tile", "kong_replacement", "robbing_kong"}
)
"""Win-context facts every rule set knows."""


@attrs.frozen(slots=True)
class RuleSet:
    """A complete rule set: shapes (and so tiles), a fan table and options."""

    name: str
    shapes: ShapeSpec
    table: FanTable
    options: RuleOptions = RuleOptions()
    context_flags: frozenset[str] = attrs.field(default=COMMON_FLAGS)
    """The :class:`WinContext` facts this rule set knows; others must keep
    their defaults (UNO has no winds or flowers, MCR no 天和 or 天之UNO)."""
    selection: str = "best"
    """How the reported reading is chosen among readings of equal total:
    ``"best"`` (the tie-breaks of docs/rules.md#the-five-counting-principles)
    or ``"calculator"`` (the division order of the MCR calculators, so results
    agree with them fan for fan)."""
    tie_preferred: frozenset[str] = frozenset()
    """With ``"calculator"`` selection: fans that make a later reading of equal
    total replace the earlier one (the calculators prefer 一色三同顺 and 三同刻)."""
    fans: FanTable = attrs.field(init=False, eq=False, repr=False)
    """The fan table in force: ``table`` less the rows the options switch off."""
    _foreign: tuple[tuple[str, object], ...] = attrs.field(init=False, eq=False, repr=False)
    """The context facts this rule set does not know, with their defaults:
    listed once so that :meth:`check_context` reads only these."""

    def __attrs_post_init__(self) -> None:
        for param, kind, expected in (
            ("name", str, "text"),
            ("shapes", ShapeSpec, "a ShapeSpec"),
            ("table", FanTable, "a FanTable"),
            ("options", RuleOptions, "a RuleOptions"),
            ("context_flags", frozenset, "a frozenset of WinContext field names"),
            ("tie_preferred", frozenset, "a frozenset of fan ids"),
        ):
            if not isinstance(getattr(self, param), kind):
                raise wrong_type(
                    RulesError, "bad-rules", "RuleSet", param, getattr(self, param), expected
                )
        if self.selection not in ("best", "calculator"):
            raise wrong_type(
                RulesError,
                "bad-rules",
                "RuleSet",
                "selection",
                self.selection,
                "'best' or 'calculator'",
            )
        unknown = self.options.disabled_fans - set(self.table.by_id)
        if unknown:
            raise RulesError("unknown-fan", f"no fan {sorted(unknown)} in the {self.name} table")
        if self.table.fallback in self.options.disabled_fans:
            raise RulesError(
                "fallback-disabled",
                f"{self.table.fallback} is what a hand with no other fan scores"
                f" in the {self.name} rules; it cannot be switched off",
            )
        object.__setattr__(self, "fans", self.table.without(self.options.disabled_fans))
        default = WinContext()
        foreign = tuple(
            (f.name, getattr(default, f.name))
            for f in attrs.fields(WinContext)
            if f.name not in self.context_flags
        )
        object.__setattr__(self, "_foreign", foreign)

    @property
    def tileset(self) -> TileSet:
        """The rule set's tiles."""
        return self.shapes.tileset

    def check_context(self, context: WinContext) -> None:
        """Reject a context that sets facts this rule set does not know."""
        if not isinstance(context, WinContext):
            raise wrong_type(
                ContextError,
                "not-a-context",
                "RuleSet.check_context",
                "context",
                context,
                "a WinContext",
            )
        for name, default in self._foreign:
            if getattr(context, name) != default:
                raise ContextError(
                    "not-in-rules",
                    f"{name}={quote(getattr(context, name))} has no meaning"
                    f" in the {self.name} rules",
                )

    def with_options(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (``min_fans=8``)."""
        try:
            return attrs.evolve(self, options=attrs.evolve(self.options, **changes))
        except TypeError as e:
            raise RulesError("unknown-option", str(e)) from None


UNO: Final = RuleSet(
    "uno",
    UNO_SHAPES,
    UNO_FANS,
    context_flags=COMMON_FLAGS | {"heavenly_hand", "earthly_hand", "heavenly_uno"},
)
"""UNO Mahjong (docs/rules.md): no minimum fan."""

MCR: Final = RuleSet(
    "mcr",
    MCR_SHAPES,
    MCR_FANS,
    RuleOptions(min_fans=8),
    context_flags=COMMON_FLAGS | {"seat_wind", "prevalent_wind", "flowers"},
    selection="calculator",
    tie_preferred=frozenset({"PURE_TRIPLE_CHOW", "TRIPLE_PUNG"}),
)
"""Guobiao / MCR: 8-fan minimum in play (not applied by bare scoring), 明暗杠 on."""

RULE_SETS: Final[dict[str, RuleSet]] = {"uno": UNO, "mcr": MCR}


def get_rules(rules: str | RuleSet) -> RuleSet:
    """The rule set called ``rules`` (``"uno"``), or ``rules`` itself."""
    if isinstance(rules, RuleSet):
        return rules
    try:
        return RULE_SETS[rules]
    except (KeyError, TypeError):
        raise RulesError(
            "unknown-rules",
            f"unknown rule set {quote(rules)}",
            hint="available: " + ", ".join(sorted(RULE_SETS)),
        ) from None
