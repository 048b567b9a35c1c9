"""Rule sets as values: tile set + shapes + fan table + options, found by name."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, Literal, Never

import attrs

from .. import _engine
from .._checks import (
    by_name,
    checked_init,
    did_you_mean,
    keywords_checked,
    listed,
    quote,
    unknown_keywords,
    whole,
    wrong_type,
)
from ..errors import ContextError, HandError, RulesError
from ..model.context import WinContext, known_facts
from ..model.hand import Hand
from ..model.shapes import (
    MCR_SHAPES,
    UNO_SHAPES,
    Shape,
    ShapeSpec,
    allowed_shapes,
    as_shape,
    shapes_for,
)
from ..model.tiles import TileSet
from .detectors import Primitive
from .fans import Detector, FanDef, FanTable
from .mcr_fans import BOTZONE_FANS, MCR_FANS
from .uno_fans import UNO_FANS


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
    :class:`random.Random` would also take) >= 0 (``Random(-n)`` shuffles as
    ``Random(n)``), or :class:`RulesError` (``bad-seed``)."""
    n = whole(value)
    if n is None or n < 0:
        raise wrong_type(RulesError, "bad-seed", func, "seed", value, "a whole number >= 0")
    return n


@checked_init
@attrs.frozen(slots=True, kw_only=True)
class RuleOptions:
    """Options of a rule set that a table or a game may change."""

    min_fans: int = 0
    """A win must score at least this many points in play (UNO: 0; MCR: 8),
    not counting the table's bonus rows (MCR's flowers). Bare scoring
    (``score``) applies it only when asked."""
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


@checked_init
@attrs.frozen(slots=True, kw_only=True)
class GameFlow:
    """How a rule set's hands are played (docs/game.md#game-flows): the
    rules of play that differ between UNO Mahjong and the MCR game the
    Botzone judge runs. The moves themselves (draw, discard, claims, kongs,
    the win) are the same in every flow."""

    uno_declaration: bool
    """A seat wins only with UNO declared (or on a kong's replacement tile,
    or as 天和/地和); a discard that leaves the hand ready may declare it,
    and a declared hand is locked (docs/rules.md#the-uno-declaration)."""
    card_effects: bool
    """An unclaimed Reverse turns the direction of play; a Skip passes over
    the next seat."""
    seat_walls: bool
    """Each seat owns a quarter of the wall and draws from its end, kong
    replacements too; a kong or a claim needs tiles in the walls that play
    goes on from (the Botzone judge). Otherwise one wall is drawn from its
    front and replacement tiles come from its back."""
    winds: bool
    """Seat winds (from the dealer, East) and the prevalent wind count."""
    several_winners: bool
    """Every seat that wins on a discard (or a robbed kong) wins; otherwise
    only the first in turn after the discarder (截和)."""
    flowers: bool = False
    """The wall holds MCR's eight flowers (:mod:`unomahjong.model.flowers`): one
    drawn is set aside and replaced from the back of the wall."""
    seat_changes: bool = False
    """In a match, the players change seats between rounds as the 2006
    Chinese Official rules have them (docs/mcr.md#a-match): after the first
    and the third rounds East and South swap, and West and North; after the
    second, East moves to West, South to North, West to South and North to
    East. Needs ``winds``."""
    false_win_penalty: int = 0
    """In a match, a seat whose bot declares a win its hand does not make
    (错和) pays this to each other player and plays on; 0: such a
    declaration is an illegal action like any other."""

    def __attrs_post_init__(self) -> None:
        for a in attrs.fields(GameFlow):
            value = getattr(self, a.name)
            if a.name == "false_win_penalty":
                if type(value) is not int or value < 0:
                    raise wrong_type(
                        RulesError, "bad-rules", "GameFlow", a.name, value, "a whole number >= 0"
                    )
            elif not isinstance(value, bool):
                raise wrong_type(RulesError, "bad-rules", "GameFlow", a.name, value, "a bool")
        if self.seat_changes and not self.winds:
            raise RulesError(
                "bad-rules",
                "GameFlow: the seat changes between rounds move players between winds;"
                " they need winds",
                argument="seat_changes",
            )
        if self.flowers and self.seat_walls:
            raise RulesError(
                "bad-rules",
                "GameFlow: flowers are replaced from the back of one wall; seat walls have none",
                argument="flowers",
            )


UNO_FLOW: Final = GameFlow(
    uno_declaration=True, card_effects=True, seat_walls=False, winds=False, several_winners=True
)
"""UNO Mahjong's flow (docs/rules.md#play)."""
BOTZONE_FLOW: Final = GameFlow(
    uno_declaration=False, card_effects=False, seat_walls=True, winds=True, several_winners=False
)
"""The flow of the Botzone / IJCAI judge's MCR game (docs/mcr.md#botzone).
The judge plays single hands: no seat changes, and its penalties are the
protocol's (:mod:`unomahjong.botzone.protocol`), not a match's."""
MCR_FLOW: Final = GameFlow(
    uno_declaration=False,
    card_effects=False,
    seat_walls=False,
    winds=True,
    several_winners=False,
    flowers=True,
    seat_changes=True,
    false_win_penalty=10,
)
"""The standard MCR game's flow (docs/mcr.md#the-standard-game)."""


COMMON_FLAGS: Final = known_facts()
"""Win-context facts every rule set knows (those of no rule set only)."""


def _flow_facts(flow: GameFlow, context_flags: frozenset[str]) -> list[tuple[str, frozenset[str]]]:
    """What the wins of hands played by ``flow`` may set, by what sets it:
    (the option or rule, the :class:`WinContext` facts). A rule set must
    know every one of these facts (the game's ``win_context`` states the
    same): a win's timing and kongs in every flow; 天之UNO
    (``heavenly_uno``) under the UNO declaration; the seat and prevalent
    winds where winds count; the flowers where the wall holds them; 地和
    where the rule set knows 天和 (the first-turn wins are read together)."""
    needed = [
        ("every game flow", COMMON_FLAGS),
        ("uno_declaration", frozenset({"heavenly_uno"}) if flow.uno_declaration else frozenset()),
        ("winds", frozenset({"seat_wind", "prevalent_wind"}) if flow.winds else frozenset()),
        ("flowers", frozenset({"flowers"}) if flow.flowers else frozenset()),
        (
            "the first-turn wins (heavenly_hand)",
            frozenset({"earthly_hand"}) if "heavenly_hand" in context_flags else frozenset(),
        ),
    ]
    return [(why, facts) for why, facts in needed if facts]


def _check_flow(name: str, flow: GameFlow, context_flags: frozenset[str]) -> None:
    """:class:`RulesError` (``unplayable-flow``) when the rule set ``name``
    could not score the wins ``flow`` plays: a win would set a fact its
    ``context_flags`` do not know, and the hand would stop with a
    :class:`ContextError` (docs/game.md#game-flows)."""
    missing = [
        (why, sorted(facts - context_flags))
        for why, facts in _flow_facts(flow, context_flags)
        if not facts <= context_flags
    ]
    if missing:
        raise RulesError(
            "unplayable-flow",
            f"RuleSet {quote(name)}: its flow's wins would set win-context facts the rules"
            " do not know: "
            + "; ".join(f"{why} sets {', '.join(facts)}" for why, facts in missing),
            hint="a flow without those options, or context_flags that know those facts",
            argument="flow",
        )


@checked_init
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
    tie_keeps_seven_pairs: bool = False
    """With ``"calculator"`` selection: seven pairs stay the choice against a
    standard reading of equal total (a standard reading replaces them only
    when it scores more), as the judge's 2018 calculator chooses; by
    default the standard reading replaces them, as newer calculators do."""
    flow: GameFlow | None = None
    """How hands are played by :func:`~unomahjong.game.start_hand`; None:
    the rule set scores hands but has no game flow. A flow whose wins set
    facts ``context_flags`` does not know is refused (``unplayable-flow``)."""
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
            ("tie_keeps_seven_pairs", bool, "a bool"),
            ("flow", (GameFlow, type(None)), "a GameFlow or None"),
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
        if self.flow is not None:
            _check_flow(self.name, self.flow, self.context_flags)
        table = self.table
        off = switched_off(self.options.disabled_fans, table.by_id, table.fallback, self.name)
        if off != self.options.disabled_fans:  # ids as the table spells them
            object.__setattr__(self, "options", attrs.evolve(self.options, disabled_fans=off))
        object.__setattr__(self, "fans", self.table.without(off))
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

    @property
    def engine(self) -> Literal["compiled", "python"]:
        """Which engine scores hands under this rule set: ``"compiled"`` when
        the compiled core is active and runs the table, else ``"python"``
        (:attr:`python_reason` says why)."""
        return "compiled" if self.python_reason is None else "python"

    @property
    def python_reason(self) -> str | None:
        """None when the compiled core scores hands under this rule set; else
        why the Python engine does: the core is not active (not built,
        ``UNOMAHJONG_PURE=1``, or inside ``python_engine()``), or the table
        has a row the core cannot compile, such as a detector that is a
        Python function (the reason names the first such row)."""
        core = _engine.core("scoring")
        if core is None:
            return "the compiled core is not active"
        reason: str | None = core.coverage(self)
        return reason

    def check_context(self, context: WinContext, **unknown: Never) -> None:
        """Reject a context that sets facts this rule set does not know."""
        if unknown:
            raise unknown_keywords(RuleSet.check_context, unknown)
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

    def with_options(self, *, name: str | None = None, **changes: Any) -> RuleSet:
        """A copy with some options changed (``min_fans=8``): this rule set
        itself when nothing changes, else a house rule named ``name`` or
        with a derived name, each changed option as ``option=value`` (a set
        of fan ids joined by ``+``): ``"mcr[min_fans=0]"``,
        ``"mcr[disabled_fans=CONCEALED_KONG_AND_MELDED_KONG]"``. An unknown
        option raises :class:`RulesError` (``unknown-option``)."""
        options_known = by_name(attrs.fields_dict(RuleOptions))
        for option in changes:
            if option not in options_known.values():
                raise RulesError(
                    "unknown-option",
                    f"RuleOptions has no option {quote(option)} (the {self.name} rules)",
                    hint=did_you_mean(option, options_known)
                    or "options: " + ", ".join(options_known.values()),
                )
        options = attrs.evolve(self.options, **changes)
        options = attrs.evolve(
            options,
            disabled_fans=switched_off(
                options.disabled_fans, self.table.by_id, self.table.fallback, self.name
            ),
        )
        label = ",".join(
            f"{a.name}={_option_text(getattr(options, a.name))}"
            for a in attrs.fields(RuleOptions)
            if getattr(options, a.name) != getattr(self.options, a.name)
        )
        if not label and name is None:
            return self
        return self._derived(name, label, options=options)

    # House rules. Each returns a new rule set under a new name: the given
    # one, or this one's with the change appended ("uno[-seven_pairs]"), so
    # that a score, a log or a memo never takes a house rule for a built-in.

    @keywords_checked
    def with_shapes(self, *shapes: Shape | str, name: str | None = None) -> RuleSet:
        """A copy allowing exactly ``shapes`` (:class:`Shape` members or their
        names), e.g. ``UNO.with_shapes(Shape.STANDARD, Shape.SEVEN_PAIRS)``.
        :attr:`Shape.STANDARD` must be among them (``standard-required``).
        Every analysis and score under the copy reads hands by these shapes
        only. Derived name: ``"uno[shapes=standard,seven_pairs]"``."""
        kept = allowed_shapes(shapes, "RuleSet.with_shapes")
        label = "shapes=" + ",".join(s.value for s in kept)
        return self._derived(name, label, shapes=self._shapes(kept))

    @keywords_checked
    def without_shapes(self, *shapes: Shape | str, name: str | None = None) -> RuleSet:
        """A copy with ``shapes`` switched off (:class:`Shape` members or their
        names), e.g. ``UNO.without_shapes(Shape.SEVEN_PAIRS)``; a shape
        already off is ignored. The standard shape cannot be switched off
        (``standard-required``). Derived name: ``"uno[-seven_pairs]"``."""
        removed = {as_shape(s, "RuleSet.without_shapes") for s in shapes}
        kept = allowed_shapes(
            [s for s in self.shapes.shapes if s not in removed], "RuleSet.without_shapes"
        )
        label = ",".join("-" + s.value for s in Shape if s in removed)
        return self._derived(name, label, shapes=self._shapes(kept))

    @keywords_checked
    def with_fans(
        self,
        *fans: FanDef | tuple[FanDef, Detector | Primitive],
        off: Iterable[str] = (),
        name: str | None = None,
    ) -> RuleSet:
        """A copy with fans of the table added, replaced or switched off.

        Each of ``fans`` is a fan (:class:`~unomahjong.rules.fans.FanDef`,
        with or without its ``detector``) or a row with a detector
        (``(FanDef, Detector)``, the same as the row with that detector):

        * a fan without a detector whose ``id`` the table has replaces that
          row in place and keeps its detector (new points, exclusions or
          names);
        * a fan with a detector whose ``id`` the table has replaces both;
        * a fan with a detector and a new ``id`` is added after the last row.

        ``off`` lists fan ids switched off, as ``RuleOptions.disabled_fans``
        does. A detector is a value of the detector vocabulary
        (:mod:`unomahjong.rules.detectors`), which the compiled core runs as
        well as the Python engine, or a
        :class:`~unomahjong.rules.fans.Detector` around a Python function,
        which keeps the table on the Python engine (:attr:`engine`). Bad rows
        raise :class:`RulesError` (``bad-fan``, ``unknown-fan``). Derived
        name: ``"uno[fans:+NEW,~CHANGED,-OFF]"``.
        """
        changes = _fan_changes(fans)
        table = self.table
        rows = list(table.rows)
        known = by_name(table.by_id)
        labels = []
        for row in changes:
            same = known.get(row.id.casefold())
            if same is not None:
                row = attrs.evolve(row, id=same)
            if row.id in table.by_id:
                if row.detector is None:
                    row = attrs.evolve(row, detector=table.by_id[row.id].detector)
                elif row.id == table.fallback:
                    raise RulesError(
                        "bad-fan",
                        f"{row.id} is the fallback fan: it is scored when no other is,"
                        " without a detector",
                    )
                rows[table.position[row.id]] = row
                labels.append("~" + row.id)
            elif row.detector is None:
                raise RulesError(
                    "bad-fan",
                    f"{row.id} is not a fan of the {self.name} table: a new row needs its detector",
                    hint="pass FanDef(..., detector=Detector(...))",
                )
            else:
                rows.append(row)
                labels.append("+" + row.id)
        try:
            asked_off = None if isinstance(off, str) else frozenset(off)
        except TypeError:
            asked_off = None
        if asked_off is None or not all(isinstance(f, str) for f in asked_off):
            raise wrong_type(
                RulesError, "bad-option", "RuleSet.with_fans", "off", off, "a set of fan ids"
            )
        # Checked against the rows as changed, in the name of this rule set
        # (the one the caller asked to change).
        switched = switched_off(asked_off, [r.id for r in rows], table.fallback, self.name)
        labels += ["-" + f for f in sorted(switched)]
        new_name = self._name(name, "fans:" + ",".join(labels))
        try:
            new_table = FanTable(new_name, tuple(rows), table.fallback, table.bonus)
        except (ValueError, TypeError) as e:  # a row's exclusions: unknown fans, not ids
            raise RulesError("bad-fan", str(e)) from None
        options = attrs.evolve(self.options, disabled_fans=self.options.disabled_fans | switched)
        return attrs.evolve(self, name=new_name, table=new_table, options=options)

    def _shapes(self, kept: tuple[Shape, ...]) -> ShapeSpec:
        """This rule set's shape specification with ``kept`` allowed; the
        built-in one itself when it is equal (the compiled scoring core
        recognises that object)."""
        spec = attrs.evolve(self.shapes, shapes=kept)
        for builtin in (UNO_SHAPES, MCR_SHAPES):
            if spec == builtin:
                return builtin
        return spec

    def _name(self, name: str | None, label: str) -> str:
        """The name of a house rule: ``name`` (checked) or a derived one."""
        if name is None:
            return f"{self.name}[{label}]"
        if not isinstance(name, str) or not name.strip():
            raise wrong_type(RulesError, "bad-name", "RuleSet", "name", name, "a non-empty text")
        if name.casefold() in RULE_SETS:
            raise RulesError(
                "name-taken",
                f"{name!r} is a built-in rule set's name; a house rule needs its own",
                argument="name",
            )
        return name

    def _derived(self, name: str | None, label: str, **changes: Any) -> RuleSet:
        return attrs.evolve(self, name=self._name(name, label), **changes)


def switched_off(
    ids: frozenset[str], fan_ids: Iterable[str], fallback: str, rules: str
) -> frozenset[str]:
    """Fan ids to switch off as a table of ``fan_ids`` spells them, matched
    without regard to case. An id of no row is :class:`RulesError`
    (``unknown-fan``, with the closest id), and so is the table's
    ``fallback`` fan (``fallback-disabled``); ``rules`` names the rule set
    the caller asked to change."""
    known = by_name(fan_ids)
    unknown = sorted(f for f in ids if f.casefold() not in known)
    if unknown:
        raise RulesError(
            "unknown-fan",
            f"no fan {listed(unknown)} in the {rules} table",
            hint=did_you_mean(unknown[0], known)
            or f"`unomahjong fans --rules {rules}` lists the ids",
        )
    off = frozenset(known[f.casefold()] for f in ids)
    if fallback in off:
        raise RulesError(
            "fallback-disabled",
            f"{fallback} is what a hand with no other fan scores"
            f" in the {rules} rules; it cannot be switched off",
        )
    return off


def _option_text(value: object) -> str:
    """An option's value in a derived rule set's name."""
    if isinstance(value, frozenset):
        return "+".join(sorted(value)) or "none"
    return str(value)


def _fan_changes(fans: tuple[object, ...]) -> list[FanDef]:
    """The arguments of :meth:`RuleSet.with_fans` as fans (a row and
    detector pair as the row with that detector), each checked."""
    out: list[FanDef] = []
    seen: set[str] = set()
    for item in fans:
        row = _fan(item)
        if not isinstance(row.id, str) or not row.id:
            raise RulesError("bad-fan", f"a fan id is a non-empty text, not {quote(row.id)}")
        if whole(row.points) is None or row.points < 0:
            raise RulesError("bad-fan", f"{row.id}: points must be a whole number >= 0")
        if row.id in seen:
            raise RulesError("bad-fan", f"{row.id} is given twice")
        seen.add(row.id)
        out.append(row)
    return out


def _fan(item: object) -> FanDef:
    row: FanDef | None = None
    if isinstance(item, FanDef):
        row = item
    elif (
        isinstance(item, tuple)
        and len(item) == 2
        and isinstance(item[0], FanDef)
        and isinstance(item[1], (Detector, Primitive))
    ):
        row = attrs.evolve(item[0], detector=item[1])
    if row is not None and (
        row.detector is None
        or isinstance(row.detector, Primitive)
        or (isinstance(row.detector, Detector) and callable(row.detector.fn))
    ):
        return row  # (FanDef has made a plain function a Detector already)
    raise wrong_type(
        RulesError,
        "bad-fan",
        "RuleSet.with_fans",
        "fans",
        item,
        "a FanDef or a (FanDef, detector) pair",
    )


UNO: Final = RuleSet(
    "uno",
    UNO_SHAPES,
    UNO_FANS,
    context_flags=known_facts("uno"),
    flow=UNO_FLOW,
)
"""UNO Mahjong (docs/rules.md): no minimum fan."""

MCR: Final = RuleSet(
    "mcr",
    MCR_SHAPES,
    MCR_FANS,
    RuleOptions(min_fans=8),
    context_flags=known_facts("mcr"),
    selection="calculator",
    tie_preferred=frozenset({"PURE_TRIPLE_CHOW", "TRIPLE_PUNG"}),
    flow=MCR_FLOW,
)
"""Guobiao / MCR: 8-fan minimum in play (not applied by bare scoring), 明暗杠 on."""

BOTZONE: Final = attrs.evolve(
    MCR,
    name="botzone",
    table=BOTZONE_FANS,
    tie_preferred=frozenset(),
    tie_keeps_seven_pairs=True,
    flow=BOTZONE_FLOW,
)
"""MCR as the Botzone / IJCAI judge plays it (docs/mcr.md#botzone): MCR's
scoring as the judge's fan calculator counts it (``BOTZONE_FANS``; of
readings of equal total it reports the first, seven pairs before any
standard reading, preferring no fan), played on
four seat walls of 136 tiles without flowers."""

RULE_SETS: Final[dict[str, RuleSet]] = {"uno": UNO, "mcr": MCR, "botzone": BOTZONE}
"""The built-in rule sets by name (looked up without regard to case)."""
_RULE_NAMES: Final = by_name(RULE_SETS)


def get_rules(rules: str | RuleSet, **unknown: Never) -> RuleSet:
    """The rule set called ``rules`` (``"uno"``), or ``rules`` itself."""
    if unknown:
        raise unknown_keywords(get_rules, unknown)
    if isinstance(rules, RuleSet):
        return rules
    try:
        return RULE_SETS[rules]
    except (KeyError, TypeError):
        pass
    found = RULE_SETS.get(rules.casefold()) if isinstance(rules, str) else None
    if found is not None:
        return found
    raise RulesError(
        "unknown-rules",
        f"unknown rule set {quote(rules)}",
        hint=did_you_mean(rules, _RULE_NAMES)
        or "available: "
        + ", ".join(sorted(RULE_SETS))
        + "; a house rule is passed as its RuleSet, not its name",
    )


def shapes_of(hand: Hand, rules: str | RuleSet | None, func: str) -> ShapeSpec:
    """The shapes ``func`` reads ``hand`` by: those of ``rules`` (a rule set
    or its name), or with None every shape of the hand's tile set
    (:func:`shapes_for`). A rule set of another tile set is
    :class:`HandError` (``wrong-tileset``)."""
    if rules is None:
        return shapes_for(hand.tileset)
    rs = get_rules(rules)
    if rs.tileset is not hand.tileset:
        raise HandError(
            "wrong-tileset",
            f"{func}(): a {hand.tileset.name} hand cannot be read by {rs.name} rules",
            argument="rules",
        )
    return rs.shapes
