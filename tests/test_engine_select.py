"""Which engine runs: ``unomahjong.COMPILED``, ``UNOMAHJONG_PURE=1`` and
``_engine.python_engine()``.

These hold whether or not the compiled core is built: in a pure-Python
install, in a compiled one, and under ``UNOMAHJONG_PURE=1``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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


def _version_line(compiled: bool) -> str:
    engine = "compiled core" if compiled else "pure Python"
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
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == _version_line(unomahjong.COMPILED)


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
