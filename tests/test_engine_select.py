"""Which engine runs: ``unomahjong.COMPILED``, ``UNOMAHJONG_PURE=1`` and
``_engine.python_engine()``.

These hold whether or not the compiled core is built: in a pure-Python
install, in a compiled one, and under ``UNOMAHJONG_PURE=1``.
"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import unomahjong
from unomahjong import _engine
from unomahjong.cli import main

CORE_MODULES = ("notation", "analysis", "scoring")


def _run(code: str, *, pure: str | None) -> str:
    """Run ``python -c code`` on the same unomahjong as this process, with
    ``UNOMAHJONG_PURE`` set to ``pure`` (or unset for None); its stdout."""
    env = dict(os.environ)
    env.pop(_engine.PURE_VARIABLE, None)
    if pure is not None:
        env[_engine.PURE_VARIABLE] = pure
    # The directory holding the package this process imported goes first, so
    # the child cannot pick up another copy (src/ or an installed one).
    package_parent = str(Path(unomahjong.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_parent, env.get("PYTHONPATH")]))
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return proc.stdout.strip()


def _version_line(compiled: bool, why: str = "UNOMAHJONG_PURE=1") -> str:
    engine = "compiled core" if compiled else f"pure Python: {why}"
    return f"unomahjong {unomahjong.__version__} ({engine})"


def test_compiled_is_a_public_bool() -> None:
    assert isinstance(unomahjong.COMPILED, bool)
    assert unomahjong.COMPILED is _engine.COMPILED
    assert "COMPILED" in unomahjong.__all__


def test_compiled_means_every_core_module_is_served() -> None:
    modules = [_engine.core(name) for name in CORE_MODULES]
    if unomahjong.COMPILED:
        assert all(m is not None and m.API == _engine.API for m in modules)
    else:
        assert modules == [None, None, None]


def test_version_names_the_active_engine(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert (
        capsys.readouterr().out.strip()
        == f"unomahjong {unomahjong.__version__} ({_engine.describe()})"
    )
    assert _engine.describe().startswith(
        "compiled core" if unomahjong.COMPILED else "pure Python: "
    )


def test_pure_variable_forces_the_python_engine() -> None:
    out = _run(
        "import unomahjong, unomahjong._engine as e; "
        "print(unomahjong.COMPILED, e.core('notation'), e.core('scoring'))",
        pure="1",
    )
    assert out == "False None None"


def test_pure_variable_is_shown_by_version() -> None:
    out = _run("from unomahjong.cli import main; main(['--version'])", pure="1")
    assert out == _version_line(False)


# A pure install simulated: the compiled modules cannot be imported, as when
# setup.py could not compile them. Every warning is shown each time it is
# issued ("always"), so a second one would print; the package is imported,
# its seam loaded again and its command line run.
_HIDDEN_CORE = """
import importlib.abc, sys, warnings

class Hide(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.rpartition(".")[0] == "unomahjong._core" and name.rpartition(".")[2] in HIDDEN:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

HIDDEN = sys.argv[1].split(",")
sys.meta_path.insert(0, Hide())
warnings.simplefilter("always")
import unomahjong
import unomahjong.game, unomahjong.scoring
from unomahjong import _engine
_engine.load()
from unomahjong.cli import main
main(["--version"])
print(unomahjong.COMPILED, unomahjong.score_hand("[SSSg] 123r 456r 789r 5g +5g").total)
"""


def _hidden_core(hidden: str, *, pure: str | None) -> tuple[str, list[str]]:
    """Run :data:`_HIDDEN_CORE` with the named compiled modules hidden: its
    stdout, and the lines of its stderr that name the warning."""
    env = dict(os.environ)
    env.pop(_engine.PURE_VARIABLE, None)
    if pure is not None:
        env[_engine.PURE_VARIABLE] = pure
    package_parent = str(Path(unomahjong.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_parent, env.get("PYTHONPATH")]))
    proc = subprocess.run(
        [sys.executable, "-c", _HIDDEN_CORE, hidden],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return proc.stdout.strip(), [ln for ln in proc.stderr.splitlines() if "Warning" in ln]


def test_a_pure_install_says_so_once_at_import() -> None:
    out, warned = _hidden_core(",".join(_engine.SUBSYSTEMS), pure=None)
    assert out.splitlines() == [_version_line(False, "the compiled core is not built"), "False 18"]
    assert len(warned) == 1, warned
    assert "PurePythonWarning: unomahjong runs on its Python engine: the compiled core" in warned[0]
    assert "UNOMAHJONG_PURE=1" in warned[0]  # how to choose it without the warning


def test_a_core_built_in_part_is_named() -> None:
    out, warned = _hidden_core("game", pure=None)
    why = "the compiled core is built only in part (game missing)"
    assert out.splitlines() == [_version_line(False, why), "False 18"]
    assert len(warned) == 1 and why in warned[0]


def test_the_python_engine_chosen_warns_of_nothing() -> None:
    out, warned = _hidden_core(",".join(_engine.SUBSYSTEMS), pure="1")
    assert out.splitlines() == [_version_line(False), "False 18"]
    assert warned == []


@pytest.mark.skipif(not unomahjong.COMPILED, reason="the compiled core is not built")
def test_the_compiled_core_warns_of_nothing() -> None:
    out, warned = _hidden_core("", pure=None)
    assert out.splitlines() == [_version_line(True), "True 18"]
    assert warned == []


def test_pure_mode_scores_like_the_active_engine() -> None:
    code = (
        "import unomahjong; "
        "print(unomahjong.score_hand('[SSSg] 123r 456r 789r 5g +5g', self_drawn=True).total)"
    )
    assert _run(code, pure="1") == "19"


@pytest.mark.skipif(
    os.environ.get(_engine.PURE_VARIABLE) == "1",
    reason="this process runs in forced pure-Python mode",
)
@pytest.mark.parametrize("value", [None, "", "0", "yes"])
def test_only_the_value_1_forces_the_python_engine(value: str | None) -> None:
    out = _run("import unomahjong; print(unomahjong.COMPILED)", pure=value)
    assert out == str(unomahjong.COMPILED)


def test_python_engine_block_turns_the_core_off() -> None:
    before = [_engine.core(name) for name in CORE_MODULES]
    with _engine.python_engine():
        assert [_engine.core(name) for name in CORE_MODULES] == [None, None, None]
        with _engine.python_engine():
            assert _engine.core("scoring") is None
        assert _engine.core("notation") is None
    assert [_engine.core(name) for name in CORE_MODULES] == before


def test_python_engine_block_restores_after_an_error() -> None:
    before = _engine.core("analysis")
    with pytest.raises(RuntimeError), _engine.python_engine():
        raise RuntimeError("inside the block")
    assert _engine.core("analysis") is before


requires_core = pytest.mark.skipif(
    not unomahjong.COMPILED, reason="the compiled core is not active"
)


def _parameters(func: object) -> list[tuple[str, object, object]]:
    # A function's own parameters: names, kinds and defaults as its code and
    # defaults state them (inspect.signature would follow __wrapped__ to the
    # reference and compare the reference with itself).
    code = func.__code__  # type: ignore[attr-defined]
    names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    positional = func.__defaults__ or ()  # type: ignore[attr-defined]
    keyword = func.__kwdefaults__ or {}  # type: ignore[attr-defined]
    first_default = code.co_argcount - len(positional)
    out: list[tuple[str, object, object]] = []
    for i, name in enumerate(names):
        if i < code.co_argcount:
            default = positional[i - first_default] if i >= first_default else None
            out.append((name, "positional", default))
        else:
            out.append((name, "keyword", keyword.get(name)))
    return out


@requires_core
@pytest.mark.parametrize("name", ["score", "score_hand"])
def test_entry_points_take_the_reference_parameters(name: str) -> None:
    from unomahjong.scoring import scorer as scoring

    entry = getattr(unomahjong, name)
    reference = inspect.unwrap(entry)
    compiled = _engine.loaded("scoring")
    if name == "score_hand" and compiled is not None and compiled.OTHER_FACTS:
        # WinContext has facts the core does not read (their keywords are
        # missing from its score_hand): the reference stays published.
        assert entry is getattr(scoring, name) and inspect.isfunction(entry)
        return
    assert entry is getattr(scoring, name) and entry is not reference
    # The core was given the reference behind its keyword check.
    assert entry.__wrapped__.__wrapped__ is reference
    assert reference.__module__ == "unomahjong.scoring.scorer"
    assert _parameters(entry) == _parameters(reference)
    assert entry.__doc__ == reference.__doc__ and entry.__name__ == name


@requires_core
def test_entry_points_follow_the_serving_engine() -> None:
    from unomahjong.model.notation import MAX_HAND_LENGTH
    from unomahjong.scoring import scorer as scoring

    text = "[SSSg] 123r 456r 789r 5g +5g"
    hand = unomahjong.parse_hand(text)
    calls: list[str] = []
    # What the core was given: the reference behind its keyword check.
    reference_hand = getattr(unomahjong.score_hand, "__wrapped__")  # noqa: B009
    reference = getattr(unomahjong.score, "__wrapped__")  # noqa: B009

    def spy(name: str, func: Any) -> Any:
        def run(*args: object, **kwargs: object) -> object:
            calls.append(name)
            return func(*args, **kwargs)

        run.__name__ = name
        return run

    compiled_score = _engine.loaded("scoring")
    assert compiled_score is not None
    # The entry points call the Python function they were given: spy on it
    # through a fresh pair of entry points.
    score = compiled_score.entry_point(
        spy("score", reference),
        _engine.SERVING,
        scoring.Score,
        check_minimum=scoring.check_minimum,
    )
    score_hand = compiled_score.entry_point(
        spy("score_hand", reference_hand),
        _engine.SERVING,
        scoring.Score,
        max_length=MAX_HAND_LENGTH,
    )
    try:
        assert score_hand(text).total == score(hand).total == 18
        assert calls == []  # the core answered
        with _engine.python_engine():
            assert score_hand(text).total == 18
            assert calls[0] == "score_hand"
            calls.clear()
            assert score(hand).total == 18
            assert calls == ["score"]
        calls.clear()
        assert score(hand, enforce_minimum=True).total == 18
        assert calls == []  # the core enforces the minimum too
        mcr_hand = unomahjong.parse_hand("123m 567p 789s 234m 5p +5p", "mcr")  # 4 points
        with pytest.raises(unomahjong.NotWinningError) as below:
            score(mcr_hand, rules="mcr", enforce_minimum=True)
        assert below.value.code == "below-minimum" and calls == []
        with _engine.python_engine(), pytest.raises(unomahjong.NotWinningError) as python_below:
            score(mcr_hand, rules="mcr", enforce_minimum=True)
        assert str(python_below.value) == str(below.value)
        with pytest.raises(unomahjong.NotationError) as refused:
            score_hand("1" * (MAX_HAND_LENGTH + 1))
        assert refused.value.code == "too-long"
        assert calls[-1] == "score_hand"  # refused before the core reads it
    finally:
        # Publish the package's own pair again (the spies captured them).
        compiled_score.entry_point(
            reference, _engine.SERVING, scoring.Score, check_minimum=scoring.check_minimum
        )
        compiled_score.entry_point(
            reference_hand, _engine.SERVING, scoring.Score, max_length=MAX_HAND_LENGTH
        )


@pytest.mark.skipif(not unomahjong.COMPILED, reason="the compiled core is not built")
@pytest.mark.parametrize("rules", ["uno", "mcr"])
def test_the_core_scores_sound_hands_itself(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A check of the core's that refused sound values would hand every hand
    # to the Python engine: the same scores, many times slower, and no
    # differential test would notice.
    from unomahjong.research.generate import winning_hands
    from unomahjong.scoring import scorer as scoring

    def python_engine(*args: object) -> None:
        raise AssertionError("the Python engine scored a hand the core covers")

    hands = list(winning_hands(7, 300, rules))
    monkeypatch.setattr(scoring, "_score", python_engine)
    for hand, context in hands:
        assert unomahjong.score(hand, context, rules).total > 0
