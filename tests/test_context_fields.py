"""A win-context fact is declared once, as a :class:`WinContext` field.

What reads the facts derives them from the class: ``FLAGS``, the rule sets'
``context_flags`` (a field's ``only`` metadata), the property tests'
contexts, and the compiled core, which scores the contexts that keep the
facts it does not read at their defaults and leaves the others to the
Python engine. ``score_hand``'s keywords are stated in its signature (it is
public and typed); the tests here make them follow the fields.
"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import unomahjong
from unomahjong import _engine
from unomahjong.model.context import FLAGS, ONLY, WINDS, WinContext, known_facts
from unomahjong.rules.rule_sets import COMMON_FLAGS, MCR, UNO
from unomahjong.scoring import scorer as scoring

FIELDS = attrs.fields(WinContext)

NOT_DEFAULT: dict[str, object] = {"seat_wind": WINDS[1], "prevalent_wind": WINDS[2], "flowers": 3}
"""A value other than the default for each field that is not a flag (a flag:
True)."""


def test_flags_are_the_true_or_false_fields_in_field_order() -> None:
    assert tuple(a.name for a in FIELDS if isinstance(a.default, bool)) == FLAGS
    assert all(getattr(WinContext(), name) is False for name in FLAGS)


def test_every_other_field_has_a_value_here() -> None:
    assert set(NOT_DEFAULT) == {a.name for a in FIELDS} - set(FLAGS)


def _reference_score_hand() -> inspect.Signature:
    return inspect.signature(inspect.unwrap(scoring.score_hand))


def test_score_hand_takes_each_field_with_its_default() -> None:
    params = list(_reference_score_hand().parameters.values())
    assert [p.name for p in params[:2]] == ["text", "rules"]
    keywords = params[2:]
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in keywords)
    assert [(p.name, p.default, p.annotation) for p in keywords] == [
        (a.name, a.default, a.type) for a in FIELDS
    ]


@pytest.mark.parametrize("name", [a.name for a in FIELDS])
def test_score_hand_builds_the_context_from_each_keyword(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[WinContext] = []

    def capture(hand: object, context: WinContext, rules: object) -> None:
        seen.append(context)

    # The reference builds the context and hands it to ``score``.
    monkeypatch.setattr(scoring, "score", capture)
    value: Any = NOT_DEFAULT.get(name, True)
    rules = "mcr" if name in MCR.context_flags - UNO.context_flags else "uno"
    text = "123m 456m 789m 123p 5p +5p" if rules == "mcr" else "[SSSg] 123r 456r 789r 5g +5g"
    inspect.unwrap(scoring.score_hand)(text, rules=rules, **{name: value})
    assert seen == [attrs.evolve(WinContext(), **{name: value})]


def test_rule_sets_know_the_facts_marked_for_them() -> None:
    assert COMMON_FLAGS == known_facts() == UNO.context_flags & MCR.context_flags
    assert {"self_drawn", "last_copy", "last_tile", "kong_replacement"} <= COMMON_FLAGS
    assert {"heavenly_hand", "earthly_hand", "heavenly_uno"} <= UNO.context_flags
    assert {"seat_wind", "prevalent_wind", "flowers"} <= MCR.context_flags
    assert UNO.context_flags == known_facts("uno") and MCR.context_flags == known_facts("mcr")
    for a in FIELDS:
        if ONLY in a.metadata:
            assert set(a.metadata[ONLY]) <= {"uno", "mcr"}, a.name


@pytest.mark.skipif(not unomahjong.COMPILED, reason="the compiled core is not active")
def test_the_core_reads_every_fact() -> None:
    compiled = _engine.loaded("scoring")
    assert compiled is not None
    if compiled.OTHER_FACTS:
        # Correct (the Python engine scores the contexts that set them) but
        # slow: add them to the core (docs/architecture.md, a context flag).
        pytest.skip(f"only the Python engine reads {compiled.OTHER_FACTS}")


# A fact added in Python only: a field and a consistency rule, put into a
# copy of the context module before the package (and so the core) imports it.
_NEW_FACT = r'''
import importlib.util, inspect, sys, types
from pathlib import Path

spec = importlib.util.find_spec("unomahjong")
package = importlib.util.module_from_spec(spec)
sys.modules["unomahjong"] = package
path = Path(spec.submodule_search_locations[0]) / "model" / "context.py"
source = path.read_text(encoding="utf-8")
field = '    """天之UNO (UNO only): declared UNO with the winner\'s first discard."""\n'
rule = "        *_timing_problems(c),\n"
assert field in source and rule in source
source = source.replace(field, field + "    surprise: bool = False\n")
check = '*([("surprise-self-drawn", "no")] if c.surprise and c.self_drawn else [])'
source = source.replace(rule, rule + "        " + check + ",\n")
context = types.ModuleType("unomahjong.model.context")
context.__file__ = str(path)
context.__package__ = "unomahjong.model"
sys.modules["unomahjong.model.context"] = context
exec(compile(source, str(path), "exec"), context.__dict__)
spec.loader.exec_module(package)

from unomahjong import COMPILED, ContextError, WinContext, parse_hand, score, scoring
from unomahjong._engine import loaded, python_engine

hand = parse_hand("[SSSg] 123r 456r 789r 5g +5g")
core = loaded("scoring")
print(COMPILED, core.OTHER_FACTS if core is not None else None)
print(inspect.isfunction(scoring.score_hand))  # Python's, not the core's
plain = score(hand, WinContext(self_drawn=True))
with python_engine():
    assert score(hand, WinContext(self_drawn=True)) == plain
assert score(hand, WinContext(surprise=True)).total == score(hand).total
try:
    score(hand, WinContext(surprise=True, self_drawn=True))
except ContextError as e:
    print(e.code)
'''


def test_a_fact_added_in_python_only_is_scored_by_the_python_engine() -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(Path(unomahjong.__file__).parent.parent), env.get("PYTHONPATH")])
    )
    out = subprocess.run(
        [sys.executable, "-c", _NEW_FACT], capture_output=True, text=True, env=env, check=True
    ).stdout.split("\n")
    # The child runs the engine this process runs (the same environment).
    assert out[0] == ("True ('surprise',)" if unomahjong.COMPILED else "False None")
    # The core lacks the keyword, so the reference score_hand (a Python
    # function, not the core's) stays published.
    assert out[1] == "True"
    # The core leaves a context that sets the fact to Python, which checks it.
    assert out[2] == "surprise-self-drawn"
