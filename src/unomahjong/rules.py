"""Rule sets as values: tile set + shapes + fan table + options, found by name."""

from __future__ import annotations

from typing import Final

import attrs

from .errors import RulesError
from .fans.model import FanTable
from .fans.uno import UNO_FANS
from .shapes import UNO_SHAPES, ShapeSpec
from .tiles import TileSet


@attrs.frozen(slots=True, kw_only=True)
class RuleOptions:
    """Options of a rule set that a table or a game may change."""

    min_fans: int = 0
    """A win must score at least this many points (UNO: 0; MCR play: 8)."""
    base_points: int = 8
    """Settlement base (RULINGS.md section 5)."""


@attrs.frozen(slots=True)
class RuleSet:
    """A complete rule set."""

    name: str
    shapes: ShapeSpec
    fans: FanTable
    options: RuleOptions = RuleOptions()

    @property
    def tileset(self) -> TileSet:
        """The rule set's tiles."""
        return self.shapes.tileset

    def with_options(self, **changes: int) -> RuleSet:
        """A copy with some options changed (``min_fans=8``)."""
        try:
            return attrs.evolve(self, options=attrs.evolve(self.options, **changes))
        except TypeError as e:
            raise RulesError("unknown-option", str(e)) from None


UNO: Final = RuleSet("uno", UNO_SHAPES, UNO_FANS)
"""UNO Mahjong (RULINGS.md)."""

RULE_SETS: Final[dict[str, RuleSet]] = {"uno": UNO}


def get_rules(rules: str | RuleSet) -> RuleSet:
    """The rule set called ``rules`` (``"uno"``), or ``rules`` itself."""
    if isinstance(rules, RuleSet):
        return rules
    try:
        return RULE_SETS[rules]
    except (KeyError, TypeError):
        raise RulesError(
            "unknown-rules",
            f"unknown rule set {rules!r}",
            hint="available: " + ", ".join(sorted(RULE_SETS)),
        ) from None
