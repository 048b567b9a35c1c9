"""Field-by-field comparison of the compiled core with the Python engine.

One hand (with its win context and rule set) is run through every public
function that either engine may serve: scoring, the 13- and 14-tile
analysis, decomposition and the notation round trip. :func:`observe` turns
each result into plain values; :func:`compare` observes once under
:func:`unomahjong._engine.python_engine` (the reference) and once with
whatever engine is active, and names the fields that differ. With no
compiled core both runs take the Python engine, which exercises the harness
itself. Used by tests/test_engines.py and benchmarks/diff_engines.py.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Final

import attrs

import unomahjong as um
from unomahjong import _engine
from unomahjong.analysis.readings import Decomposition
from unomahjong.errors import MahjongError
from unomahjong.model.context import FLAGS, WINDS
from unomahjong.model.hand import Hand, Meld
from unomahjong.research.generate import THEMES, random_winning_hand
from unomahjong.rules.rule_sets import RULE_SETS, RuleSet, get_rules
from unomahjong.scoring.scorer import FanEntry, Score

__all__ = [
    "Case",
    "Coverage",
    "Observation",
    "compare",
    "compare_text",
    "differences",
    "error_value",
    "flag_context",
    "observe",
    "observe_both",
    "observe_text",
    "random_context",
    "reproducer",
    "rule_variants",
    "same",
    "sample",
]

Observation = dict[str, object]
"""Field name -> a plain value (or an error's description) for one engine."""

UNEXPECTED: Final = "unexpected"
"""First element of the description of an error that is not a MahjongError:
a bug in either engine, reported even when both raise it."""


def error_value(e: BaseException) -> tuple[object, ...]:
    """What must agree when a call raises: type, code, detail, position, hint."""
    if isinstance(e, MahjongError):
        return ("error", type(e).__name__, e.code, e.detail, e.position, e.hint, str(e))
    return (UNEXPECTED, type(e).__name__, str(e))


def _call(fn: Callable[[], object]) -> object:
    try:
        return fn()
    except Exception as e:  # compared, not swallowed: see same() and compare()
        return error_value(e)


# Plain forms are flat tuples of scalars where they can be: same() checks
# each element's type with a C-level map and recurses only into nested
# containers, which is where a comparison's time goes.


def meld_value(m: Meld) -> tuple[object, ...]:
    # ``claimed`` is outside Meld's equality, so it is compared explicitly.
    return (m.kind, m.tile, m.exposed, m.source, m.claimed)


def melds_value(melds: Iterable[Meld]) -> tuple[object, ...]:
    """The melds' fields in one flat tuple, five per meld."""
    out: list[object] = []
    for m in melds:
        out += (m.kind, m.tile, m.exposed, m.source, m.claimed)
    return tuple(out)


def decomposition_value(d: Decomposition) -> tuple[object, ...]:
    return (
        d.shape,
        d.pair,
        len(d.melds),
        *melds_value(d.melds),
        len(d.pairs),
        *d.pairs,
        len(d.knitted),
        *d.knitted,
        len(d.singles),
        *d.singles,
        *(x for r in d.win_roles for x in (r.role, r.index)),
    )


def hand_value(h: Hand) -> tuple[object, ...]:
    return (
        h.tileset.name,
        h.win,
        len(h.concealed),
        *h.concealed,
        len(h.melds),
        *melds_value(h.melds),
        *h.counts,
        *h.all_counts,
    )


def fan_value(f: FanEntry) -> tuple[object, ...]:
    return (f.id, f.count, f.points, f.zh, f.en, f.total, *melds_value(f.melds))


def score_fields(s: Score) -> Observation:
    """Every public field of a score: objects (compared by their own
    equality, which checks classes) and plain forms (types checked too)."""
    ctx = s.context
    return {
        "score.type": type(s).__name__,
        "score.total": s.total,
        "score.fans": tuple(fan_value(f) for f in s.fans),
        "score.iter": tuple(s) == s.fans,
        "score.decomposition": s.decomposition,
        "score.decomposition.fields": decomposition_value(s.decomposition),
        "score.win_role": (s.win_role, s.win_role.role, s.win_role.index),
        "score.hand": s.hand,
        "score.hand.fields": hand_value(s.hand),
        "score.context": ctx,
        "score.context.fields": tuple(getattr(ctx, f.name) for f in attrs.fields(type(ctx))),
        "score.rules": s.rules,
        # Built-in types only, so its repr shows every type and order.
        "score.as_dict": repr(s.as_dict()),
        "score.str": str(s),
        "score.eq": s,
    }


def observe(
    hand: Hand,
    context: um.WinContext | None = None,
    rules: str | RuleSet = "uno",
    *,
    enforce_minimum: bool = False,
    analysis: bool = True,
    discards: bool = True,
) -> Observation:
    """Every result the active engine gives for ``hand``: its score under
    ``context`` and ``rules`` (or the error), and with ``analysis`` the waits,
    shanten, decomposition and notation round trip of the hand with and
    without its winning tile (``discards``: discard options too, the
    costliest part)."""
    out: Observation = {}
    try:
        s = um.score(hand, context, rules, enforce_minimum=enforce_minimum)
    except Exception as e:
        out["score"] = error_value(e)
    else:
        # Fields are read inside the caller's engine block: a lazily built
        # part of the score is built by the engine under test.
        scored = _call(lambda: score_fields(s))
        if isinstance(scored, dict):
            out.update(scored)
        else:
            out["score"] = scored
    if not analysis:
        return out
    full = hand if hand.win is not None else None
    ready = hand.without_win() if full is not None else hand
    # One unseen copy of some kind held fewer than four times: the visible
    # tiles' path of live_waits and discard_options, never too many copies.
    ts = hand.tileset
    seen = [t for t in ts.tiles if hand.all_counts[t.code] < ts.copies][:1]
    out["waits"] = _call(lambda: um.waits(ready))
    out["live_waits"] = _call(lambda: list(um.live_waits(ready).items()))
    out["live_waits.visible"] = _call(lambda: list(um.live_waits(ready, seen).items()))
    out["shanten.13"] = _call(lambda: um.shanten(ready))
    out["shanten_by_shape.13"] = _call(lambda: list(um.shanten_by_shape(ready).items()))
    out["is_winning.13"] = _call(lambda: um.is_winning(ready))
    out["parse.13"] = _call(lambda: _round_trip(ready, rules))
    if full is None:
        return out
    out["shanten.14"] = _call(lambda: um.shanten(full))
    out["shanten_by_shape.14"] = _call(lambda: list(um.shanten_by_shape(full).items()))
    out["is_winning.14"] = _call(lambda: um.is_winning(full))
    out["decompose"] = _call(lambda: _decomposed(full))
    out["parse.14"] = _call(lambda: _round_trip(full, rules))
    if discards:
        out["discard_options"] = _call(lambda: _discards(full, seen))
    return out


def _decomposed(h: Hand) -> tuple[object, ...]:
    ds = um.decompose(h)
    return (ds, tuple(decomposition_value(d) for d in ds))


def _round_trip(h: Hand, rules: str | RuleSet) -> tuple[object, ...]:
    parsed = um.parse_hand(um.format_hand(h), rules)
    return (parsed, hand_value(parsed), parsed == h, um.format_hand(parsed))


def _discards(h: Hand, visible: Iterable[um.Tile]) -> tuple[object, ...]:
    options = um.discard_options(h, visible)
    return (
        options,
        tuple(
            (o.tile, o.shanten, type(o.useful).__name__, list(o.useful.items()), o.useful_count)
            for o in options
        ),
    )


def observe_text(text: str, rules: str | RuleSet = "uno") -> Observation:
    """The notation parsers on arbitrary text: the result or the error."""
    return {
        "parse_hand": _call(lambda: _parsed(text, rules)),
        "parse_tiles": _call(lambda: um.parse_tiles(text, rules)),
        "parse_tile": _call(lambda: um.parse_tile(text, rules)),
        "parse_meld": _call(lambda: meld_value(um.parse_meld(text, rules))),
    }


def _parsed(text: str, rules: str | RuleSet) -> tuple[object, ...]:
    h = um.parse_hand(text, rules)
    return (h, hand_value(h))


_CONTAINERS: Final = frozenset({tuple, list, dict, frozenset, set})


def same(a: object, b: object) -> bool:
    """Equal and of the same types throughout (``1 == True`` and
    ``(1,) != [1]`` would otherwise hide a wrong type). Element types are
    compared with C-level maps; only nested containers are recursed into."""
    if type(a) is not type(b) or a != b:
        return False
    if isinstance(a, dict):
        assert isinstance(b, dict)
        return same(list(a.items()), list(b.items()))
    if isinstance(a, tuple | list):
        assert isinstance(b, tuple | list)
        if list(map(type, a)) != list(map(type, b)):
            return False
        if _CONTAINERS.isdisjoint(map(type, a)):
            return True
        return all(same(x, y) for x, y in zip(a, b, strict=True) if type(x) in _CONTAINERS)
    if isinstance(a, frozenset | set):
        assert isinstance(b, frozenset | set)
        return set(map(type, a)) == set(map(type, b))
    return True


def differences(reference: Observation, other: Observation) -> list[str]:
    """Fields whose values differ (or that only one side has), in the
    reference's order; a field where either side met an unexpected error
    is listed as ``field (unexpected error)`` even when both agree."""
    out: list[str] = []
    for key in [*reference, *(k for k in other if k not in reference)]:
        a, b = reference.get(key, "<missing>"), other.get(key, "<missing>")
        if not same(a, b):
            out.append(key)
        elif isinstance(a, tuple) and a and a[0] == UNEXPECTED:
            out.append(f"{key} (unexpected error)")
    return out


def observe_both(
    fn: Callable[[], Observation],
) -> tuple[Observation, Observation]:
    """``fn`` under the Python engine, then under the active engine."""
    with _engine.python_engine():
        reference = fn()
    return reference, fn()


def compare(
    hand: Hand,
    context: um.WinContext | None = None,
    rules: str | RuleSet = "uno",
    *,
    enforce_minimum: bool = False,
    analysis: bool = True,
    discards: bool = True,
) -> list[str]:
    """The fields in which the active engine differs from the Python engine
    on this hand (see :func:`observe`); empty when they agree."""
    reference, other = observe_both(
        lambda: observe(
            hand,
            context,
            rules,
            enforce_minimum=enforce_minimum,
            analysis=analysis,
            discards=discards,
        )
    )
    return differences(reference, other)


def compare_text(text: str, rules: str | RuleSet = "uno") -> list[str]:
    """The parser fields in which the engines differ on ``text``."""
    return differences(*observe_both(lambda: observe_text(text, rules)))


def reproducer(
    hand: Hand,
    context: um.WinContext | None,
    rules: str | RuleSet,
    *,
    enforce_minimum: bool = False,
) -> str:
    """A line that reproduces a comparison: notation, context, rules."""
    ctx = context if context is not None else um.WinContext()
    default = um.WinContext()
    changed = [
        f"{f.name}={getattr(ctx, f.name)!r}"
        for f in attrs.fields(um.WinContext)
        if getattr(ctx, f.name) != getattr(default, f.name)
    ]
    rs = get_rules(rules)
    # A rule set that differs from a built-in one in its options only is
    # written as the call that derives it.
    built_in = next((b for b in RULE_SETS.values() if b.table is rs.table), None)
    if built_in is None or attrs.evolve(built_in, options=rs.options) != attrs.evolve(
        rs, name=built_in.name
    ):
        rules_text = f"custom rule set {rs.name!r} ({len(rs.fans.rows)} fans)"
    else:
        opts = [
            f"{f.name}={_sorted_repr(getattr(rs.options, f.name))}"
            for f in attrs.fields(type(rs.options))
            if getattr(rs.options, f.name) != getattr(built_in.options, f.name)
        ]
        rules_text = built_in.name.upper() + (f".with_options({', '.join(opts)})" if opts else "")
    minimum = ", enforce_minimum=True" if enforce_minimum else ""
    return f"{um.format_hand(hand)!r} WinContext({', '.join(changed)}) {rules_text}{minimum}"


def _sorted_repr(value: object) -> str:
    if isinstance(value, frozenset):
        return f"frozenset({sorted(value)!r})"
    return repr(value)


# ---------------------------------------------------------------- the sample


@attrs.frozen
class Case:
    """One comparison: a hand, its context and rule set, and what to compare."""

    hand: Hand
    context: um.WinContext | None
    rules: RuleSet
    enforce_minimum: bool = False
    analysis: bool = True
    discards: bool = True
    origin: str = ""
    """Where the case came from (seed and index), for reproducers."""

    def observe(self) -> Observation:
        """The active engine's results (see :func:`observe`)."""
        return observe(
            self.hand,
            self.context,
            self.rules,
            enforce_minimum=self.enforce_minimum,
            analysis=self.analysis,
            discards=self.discards,
        )

    def observe_both(self) -> tuple[Observation, Observation]:
        """The Python engine's results, then the active engine's."""
        return observe_both(self.observe)

    def compare(self) -> list[str]:
        """The fields in which the engines differ."""
        return differences(*self.observe_both())

    def reproducer(self) -> str:
        """Notation, context, rules and origin of this case."""
        line = reproducer(self.hand, self.context, self.rules, enforce_minimum=self.enforce_minimum)
        return f"{line} [{self.origin}]" if self.origin else line


def random_context(rng: random.Random, rules: RuleSet) -> um.WinContext:
    """Any context, consistent with a hand or not: every flag drawn, the winds
    and 0-8 flowers for MCR; now and then a fact the rule set does not know
    (both engines must then raise the same ContextError)."""
    known = rules.context_flags
    foreign = rng.random() < 0.05
    flags = {n: rng.random() < 0.2 for n in FLAGS if n in known or foreign}
    winds = "flowers" in known or foreign
    return um.WinContext(
        **flags,
        seat_wind=rng.choice(WINDS) if winds else "E",
        prevalent_wind=rng.choice(WINDS) if winds else "E",
        flowers=rng.randint(0, 8) if winds else 0,
    )


_COMPANIONS: Final = {
    "kong_replacement": {"self_drawn": True},
    "heavenly_hand": {"self_drawn": True},
}
"""Flags another flag needs before a context with it can be consistent."""


def flag_context(rng: random.Random, rules: RuleSet, flag: str) -> um.WinContext:
    """A context with ``flag`` on (and what it needs): consistent with a
    hand that allows it; otherwise both engines must refuse it alike."""
    winds = "flowers" in rules.context_flags
    return um.WinContext(
        **{flag: True, **_COMPANIONS.get(flag, {})},
        seat_wind=rng.choice(WINDS) if winds else "E",
        prevalent_wind=rng.choice(WINDS) if winds else "E",
        flowers=rng.randint(0, 8) if winds else 0,
    )


def rule_variants(
    rules: RuleSet, rng: random.Random
) -> tuple[list[RuleSet], list[RuleSet], list[RuleSet]]:
    """Rule sets with options changed: fans switched off (MCR: 明暗杠 among
    them), minimums to enforce, and custom rule sets (a user's own table,
    which the compiled core leaves to the Python engine). Built once per
    sample: each copy has memo tables of its own."""
    ids = sorted(r.id for r in rules.table.rows if r.id != rules.table.fallback)
    disabled = [
        rules.with_options(disabled_fans=frozenset(rng.sample(ids, n))) for n in (1, 3, 10, 30)
    ]
    if rules.name == "mcr":
        disabled.append(
            rules.with_options(disabled_fans=frozenset({"CONCEALED_KONG_AND_MELDED_KONG"}))
        )
    base_minimum = rules.options.min_fans
    minimum = [rules.with_options(min_fans=m) for m in (base_minimum, 1, 8, 16, 32)]
    custom = [
        RuleSet(
            f"house-{rules.name}",
            rules.shapes,
            rules.table.without(frozenset(rng.sample(ids, 5))),
            rules.options,
            context_flags=rules.context_flags,
            selection=rules.selection,
            tie_preferred=rules.tie_preferred,
            tie_keeps_seven_pairs=rules.tie_keeps_seven_pairs,
        )
    ]
    return disabled, minimum, custom


def sample(
    seed: int,
    count: int,
    rules: str | RuleSet,
    *,
    analysis_every: int = 1,
    discards_every: int = 1,
) -> Iterator[Case]:
    """``count`` reproducible cases from ``seed``: winning hands of every
    theme in turn (so every shape and, in a modest sample, every fan) with
    the generator's consistent contexts, and among them contexts with one
    flag forced on, fully random contexts, fans switched off, enforced
    minimums and custom rule sets. Every ``analysis_every``-th case compares
    the analysis functions too, every ``discards_every``-th the discard
    options (the costliest)."""
    base = get_rules(rules)
    rng = random.Random(seed)
    disabled, minimum, custom = rule_variants(base, rng)
    flags = [f for f in FLAGS if f in base.context_flags]
    for i in range(count):
        hand, ctx = random_winning_hand(rng, base, theme=THEMES[i % len(THEMES)])
        rs, enforce = base, False
        roll = rng.random()
        if roll < 0.1:
            rs = rng.choice(disabled)
        elif roll < 0.2:
            rs, enforce = rng.choice(minimum), True
        elif roll < 0.22:
            rs = rng.choice(custom)
        roll = rng.random()
        if roll < 0.1:
            ctx = flag_context(rng, base, rng.choice(flags))
        elif roll < 0.2:
            ctx = random_context(rng, base)
        yield Case(
            hand,
            ctx,
            rs,
            enforce,
            analysis=i % analysis_every == 0,
            discards=i % discards_every == 0,
            origin=f"seed {seed} case {i}",
        )


@attrs.define
class Coverage:
    """What a run compared: cases, shapes, context facts and fans seen in
    the cases that scored, and the errors both engines raised alike."""

    cases: int = 0
    scored: int = 0
    analysed: int = 0
    discards: int = 0
    shapes: Counter[str] = attrs.Factory(Counter)
    facts: Counter[str] = attrs.Factory(Counter)
    fans: Counter[str] = attrs.Factory(Counter)
    errors: Counter[str] = attrs.Factory(Counter)

    def add(self, case: Case, reference: Observation) -> None:
        """Count one case by the reference engine's results."""
        self.cases += 1
        self.analysed += case.analysis
        self.discards += case.analysis and case.discards
        error = reference.get("score")
        if isinstance(error, tuple):
            self.errors[f"{error[1]}:{error[2]}"] += 1
            return
        self.scored += 1
        d = reference["score.decomposition"]
        assert isinstance(d, Decomposition)
        self.shapes[d.shape.name] += 1
        ctx = case.context if case.context is not None else um.WinContext()
        for name in FLAGS:
            if getattr(ctx, name):
                self.facts[name] += 1
        if "flowers" in case.rules.context_flags:
            self.facts[f"flowers={ctx.flowers}"] += 1
            self.facts[f"seat_wind={ctx.seat_wind}"] += 1
            self.facts[f"prevalent_wind={ctx.prevalent_wind}"] += 1
        fans = reference["score.fans"]
        assert isinstance(fans, tuple)
        for f in fans:
            self.fans[f[0]] += 1

    def merge(self, other: Coverage) -> None:
        """Add another run's counts (a worker's)."""
        self.cases += other.cases
        self.scored += other.scored
        self.analysed += other.analysed
        self.discards += other.discards
        for mine, theirs in (
            (self.shapes, other.shapes),
            (self.facts, other.facts),
            (self.fans, other.fans),
            (self.errors, other.errors),
        ):
            mine.update(theirs)

    def missing(self, rules: str | RuleSet) -> dict[str, list[str]]:
        """Shapes, context facts and fans of ``rules`` that no scored case had."""
        rs = get_rules(rules)
        facts: list[str] = [f for f in FLAGS if f in rs.context_flags]
        if "flowers" in rs.context_flags:
            facts += [f"flowers={n}" for n in range(9)]
            facts += [f"{w}={x}" for w in ("seat_wind", "prevalent_wind") for x in WINDS]
        return {
            "shapes": [s.name for s in rs.shapes.shapes if not self.shapes[s.name]],
            "facts": [f for f in facts if not self.facts[f]],
            "fans": [r.id for r in rs.table.rows if not self.fans[r.id]],
        }
