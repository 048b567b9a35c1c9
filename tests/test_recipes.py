"""The change recipes of docs/architecture.md ("Where to add ..."), held by
code where code can hold them: a new context flag, fan primitive, shape or
rule set that misses one of the places a recipe lists fails a test here.

Each test names the recipe and the step it checks. Steps already held
elsewhere are not repeated: ``score_hand``'s keywords (tests/test_context_fields.py),
every option documented (tests/test_cli_help.py), the core's numbering
(tests/test_core_numbering.py), a worked example of every UNO fan
(tests/test_uno_fans.py) and every MCR fan seen against PyMahjongGB
(tests/test_pymahjonggb_fans.py), the rules page generated
(tests/test_docs.py), every built-in row a value of the vocabulary
(tests/test_detectors.py) and the fan ids of the score schema
(tests/test_schemas.py).
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from test_detectors import PAIRS, PER_MELD, SIMPLE, _house, _meld_sets

import unomahjong
from unomahjong import _engine, decompose, score, shanten_by_shape
from unomahjong.cli import build_parser
from unomahjong.errors import ContextError, RulesError
from unomahjong.model.context import FLAGS, WinContext, known_facts
from unomahjong.model.shapes import FAMILY_SHAPES, Shape
from unomahjong.research import strategies
from unomahjong.research.generate import SHAPE_OF_THEME, random_winning_hand, winning_hands
from unomahjong.research.interop import from_gb_fan_arguments, gb_fan_arguments
from unomahjong.rules import detectors, meld_primitives, tile_primitives, win_primitives
from unomahjong.rules.primitive import Primitive, SimplePrimitive
from unomahjong.rules.rule_sets import MCR, RULE_SETS, UNO, get_rules

ROOT = Path(__file__).resolve().parent.parent
FIELDS = attrs.fields(WinContext)
GENERATED = {name: list(winning_hands(1, 2000, name)) for name in ("uno", "mcr")}
"""Seeded hands as the benchmarks and audits draw them, per tile set's rule set."""

# Every example drawn, none shrunk, the same ones on every run: a test here
# asks what a strategy can draw, which must not depend on the run's luck.
_DRAWS = settings(
    max_examples=300,
    phases=[Phase.generate],
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


def _section(path: Path, heading: str) -> str:
    """The text of a Markdown section, up to the next heading of its level."""
    text = path.read_text(encoding="utf-8")
    level = heading.split(" ", 1)[0]
    start = text.index(heading + "\n")
    end = text.find("\n" + level + " ", start + len(heading))
    return text[start : end if end >= 0 else len(text)]


# ---------------------------------------------------------------- a context flag


def _score_options() -> set[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {o for a in sub.choices["score"]._actions for o in a.option_strings}


@pytest.mark.parametrize("name", [a.name for a in FIELDS])
def test_every_context_field_is_an_option_of_score(name: str) -> None:
    # Row 1 (the field's docstring is the help of `score --the-flag`), which
    # row 5 then requires documented in docs/cli.md.
    assert "--" + name.replace("_", "-") in _score_options()


def test_the_rules_page_states_the_uno_signature_and_every_contradiction() -> None:
    # Row 6: docs/rules.md.in's win context, the signature and the
    # contradictions of context._problems (row 2), each with its code.
    section = _section(ROOT / "docs" / "rules.md.in", "## Win context")
    signature = re.search(r"`WinContext\(([^)]*)\)`", section)
    assert signature is not None
    stated = [n.strip() for n in signature[1].split(",")]
    assert stated == [f for f in FLAGS if f in UNO.context_flags]
    source = (ROOT / "src" / "unomahjong" / "model" / "context.py").read_text(encoding="utf-8")
    body = source[source.index("def _problems") :]
    codes = set(re.findall(r'\(\s*"([a-z]+(?:-[a-z]+)+)",\s*(?:f?")', body)) - {"corrupt-context"}
    assert codes, "no contradiction found in context._problems"
    assert sorted(c for c in codes if f"`{c}`" not in section) == []


def _gain(hand: unomahjong.Hand, ctx: WinContext, flag: str, rules: str) -> int | None:
    """What setting the flag adds to the hand's total, or None when the
    context without it is inconsistent (a kong's replacement tile without
    self-drawing, say)."""
    changes: dict[str, Any] = {flag: False}
    try:
        without = score(hand, attrs.evolve(ctx, **changes), rules).total
    except ContextError:
        return None
    return score(hand, ctx, rules).total - without


@pytest.mark.parametrize("rules", ["uno", "mcr"])
def test_every_flag_a_rule_set_knows_is_read_by_one_of_its_fans(rules: str) -> None:
    # Row 3: a flag no fan reads changes no score. Every flag is set on some
    # of the seeded hands (see the next test); unset, one of them must score
    # otherwise.
    unread = []
    for flag in sorted(set(FLAGS) & get_rules(rules).context_flags):
        pairs = [(h, c) for h, c in GENERATED[rules] if getattr(c, flag)][:40]
        if {_gain(h, c, flag, rules) for h, c in pairs} <= {0, None}:
            unread.append(flag)
    assert unread == []


@pytest.mark.parametrize("rules", ["uno", "mcr"])
def test_generated_hands_set_every_flag_the_rule_set_knows(rules: str) -> None:
    # Conditional row `generate.py: _context`: the seeded sets of the
    # benchmarks and audits set each flag at a rate of its own. A flag they
    # should not set would be listed here, with the reason.
    seen = Counter(f for _, c in GENERATED[rules] for f in FLAGS if getattr(c, f))
    assert sorted(set(FLAGS) & known_facts(rules) - set(seen)) == []


# A hand with no meld (the first-turn flags) and one with a kong (the
# replacement tile), each won on the only copy of its tile held (the last
# copy, a robbed kong), per tile set: every flag is consistent with one.
_CONTEXT_HANDS = {
    "uno": ("123r 456r 789r 55g 12y +3y", "(RRRRy) 123r 456r 55g 78b +9b"),
    "mcr": ("123m 456m 789m 55p 12s +3s", "(1111m) 234p 567p 55s 78s +9s"),
}


@pytest.mark.parametrize("rules", ["uno", "mcr"])
def test_the_property_tests_draw_every_flag_the_rule_set_knows(rules: str) -> None:
    # A context flag: the property tests' contexts (strategies._win_contexts)
    # derive the flags from the fields.
    seen: set[str] = set()
    for text in _CONTEXT_HANDS[rules]:
        hand = unomahjong.parse_hand(text, rules)

        @_DRAWS
        @given(strategies._win_contexts(hand, rules))
        def draw(ctx: WinContext) -> None:
            seen.update(f for f in FLAGS if getattr(ctx, f))

        draw()
    assert sorted(set(FLAGS) & known_facts(rules) - seen) == []


NOT_FOR_PYMAHJONGGB: dict[str, str] = {}
"""MCR flags PyMahjongGB's calculator has no argument for, with the reason."""


def test_every_mcr_flag_reaches_the_calculators_arguments_and_back() -> None:
    # Conditional row `interop.py: gb_fan_arguments, from_gb_fan_arguments`.
    missing = []
    for flag in sorted(set(FLAGS) & MCR.context_flags - set(NOT_FOR_PYMAHJONGGB)):
        # A seeded hand that sets it (every flag has one: the test above).
        found = next(((h, c) for h, c in GENERATED["mcr"] if getattr(c, flag)), None)
        if found is None or not getattr(from_gb_fan_arguments(gb_fan_arguments(*found))[1], flag):
            missing.append(flag)
    assert missing == []


# -------------------------------------------------------------- a new primitive

PRIMITIVE_MODULES = (tile_primitives, meld_primitives, win_primitives)


def _primitives() -> list[type[Primitive]]:
    return [
        cls
        for module in PRIMITIVE_MODULES
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, Primitive)
        and cls.__module__ == module.__name__
        and cls not in (Primitive, SimplePrimitive)
    ]


def test_every_primitive_is_exported_and_listed_by_the_vocabulary() -> None:
    # Step 1: one value class in the module of its subject, exported by
    # rules/detectors.py (whose docstring, the API page's text, lists them).
    classes = _primitives()
    assert len(classes) >= 17
    doc = detectors.__doc__ or ""
    for cls in classes:
        assert cls.__name__ in detectors.__all__, cls
        assert getattr(detectors, cls.__name__) is cls
        assert f":class:`{cls.__name__}`" in doc, cls


# The random tables' primitives, without the built-in rows' own detectors
# (which tests/test_detectors.py samples too): a primitive drawn only there
# would not get the parameters the built-in tables do not use.
_OWN_STRATEGIES: st.SearchStrategy[Primitive] = st.one_of(SIMPLE, _meld_sets(), PAIRS, PER_MELD)


def _drawn_by_strategies() -> dict[type[Primitive], list[Primitive]]:
    drawn: dict[type[Primitive], list[Primitive]] = {}

    @_DRAWS
    @given(_OWN_STRATEGIES)
    def draw(det: Primitive) -> None:
        drawn.setdefault(type(det), []).append(det)

    draw()
    return drawn


def test_every_primitive_has_a_strategy_in_the_random_tables() -> None:
    # Step 3: its strategy in tests/test_detectors.py, so the random tables
    # draw it and both engines must agree on them.
    drawn = _drawn_by_strategies()
    assert sorted(c.__name__ for c in _primitives() if c not in drawn) == []


@pytest.mark.skipif(not unomahjong.COMPILED, reason="the compiled core is not active")
def test_every_primitive_is_compiled_by_the_core() -> None:
    # Step 2: compile_row and the core's evaluation. A primitive the core
    # does not compile is scored, correctly, by the Python engine: only
    # RuleSet.engine tells.
    drawn = _drawn_by_strategies()
    python = {}
    for cls in _primitives():
        houses = []
        for det in drawn.get(cls, [])[:20]:
            for base in (UNO, MCR):
                try:
                    houses.append(_house(base, det))
                except RulesError:
                    continue
        assert houses, f"no house table takes a drawn {cls.__name__}"
        if all(h.engine != "compiled" for h in houses):
            python[cls.__name__] = houses[0].python_reason
    assert python == {}


# ----------------------------------------------------------------------- a shape


def test_every_shape_has_one_family() -> None:
    # Step 2: shapes.FAMILY_SHAPES, what the per-hand detectors read.
    families = [s for shapes in FAMILY_SHAPES.values() for s in shapes]
    assert sorted(families, key=list(Shape).index) == list(Shape)


def test_every_shape_has_a_theme_of_generated_hands() -> None:
    # Step 5: generate.py's hands of the shape (the standard shape is every
    # other theme's).
    assert {Shape.STANDARD, *SHAPE_OF_THEME.values()} == set(Shape)
    assert len(SHAPE_OF_THEME) == len(Shape) - 1


@pytest.mark.parametrize("rules", ["uno", "mcr"])
@pytest.mark.parametrize("theme", sorted(SHAPE_OF_THEME))
def test_every_shape_is_read_scored_and_analysed_by_both_engines(rules: str, theme: str) -> None:
    # Steps 2 to 4: decompose_under, shanten.py and the compiled core.
    shape = SHAPE_OF_THEME[theme]
    for seed in range(3):
        hand, ctx = random_winning_hand(random.Random(seed), rules, theme=theme)
        results = []
        for engine in ("active", "python"):
            with _engine.python_engine() if engine == "python" else contextlib.nullcontext():
                shapes = {d.shape for d in decompose(hand, rules=rules)}
                by_shape = shanten_by_shape(hand.without_win(), rules=rules)
                results.append((shapes, by_shape, score(hand, ctx, rules)))
        shapes, by_shape, _ = results[0]
        assert shape in shapes and by_shape[shape] == 0, (str(hand), shapes, by_shape)
        assert results[0] == results[1], str(hand)


@pytest.mark.parametrize("rules", ["uno", "mcr"])
@pytest.mark.parametrize("shape", list(Shape), ids=[s.value for s in Shape])
def test_the_property_tests_draw_hands_of_every_shape(rules: str, shape: Shape) -> None:
    # A shape, step 5: strategies.py's hands of the shape.
    @settings(_DRAWS, max_examples=5)
    @given(strategies.winning_hands(rules, shape))
    def draw(hand: unomahjong.Hand) -> None:
        assert shape in {d.shape for d in decompose(hand, rules=rules)}, str(hand)

    draw()


def test_the_shanten_schema_names_every_shape() -> None:
    # Step 5: schemas/shanten.schema.json.
    path = ROOT / "src" / "unomahjong" / "schemas" / "shanten.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert list(schema["properties"]["shapes"]["properties"]) == [s.value for s in Shape]


def test_the_rules_page_describes_every_shape() -> None:
    # Step 5: docs/rules.md.in, the winning shapes, one numbered item each.
    section = _section(ROOT / "docs" / "rules.md.in", "## Winning shapes")
    items = re.findall(r"^(\d+)\. \*\*", section, re.M)
    assert items == [str(i) for i in range(1, len(Shape) + 1)]
    numbers = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"]
    assert f"in one of {numbers[len(Shape)]} shapes" in section


# -------------------------------------------------------------------- a rule set


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_every_built_in_rule_set_is_found_by_name_and_by_the_command_line(name: str) -> None:
    # Step 1: RULE_SETS, which get_rules and the CLI's --rules read.
    assert get_rules(name) is RULE_SETS[name] and get_rules(name.upper()) is RULE_SETS[name]
    args = build_parser().parse_args(["score", "--rules", name.upper(), "1m"])
    assert get_rules(args.rules) is RULE_SETS[name]
    assert f"`{name}`" in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


@pytest.mark.skipif(not unomahjong.COMPILED, reason="the compiled core is not active")
@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_core_covers_every_built_in_rule_set(name: str) -> None:
    # Step 3: what the core covers; a built-in rule set outside it would be
    # scored correctly, and slowly, by the Python engine.
    rules = RULE_SETS[name]
    assert (rules.engine, rules.python_reason) == ("compiled", None)
