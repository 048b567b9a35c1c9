"""The game package keeps the shape issue 14 gave it: modules under 700
lines, no function above cyclomatic complexity 25 (radon), and the bots
using no private name of another module."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAME = Path(__file__).parent.parent / "src" / "unomahjong" / "game"
MODULES = sorted(GAME.glob("*.py"))


def test_the_package_is_found() -> None:
    assert {"state.py", "judge.py", "flow.py", "_fast.py"} <= {p.name for p in MODULES}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_module_is_over_700_lines(path: Path) -> None:
    assert len(path.read_text("utf-8").splitlines()) <= 700


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_function_is_over_complexity_25(path: Path) -> None:
    complexity = pytest.importorskip("radon.complexity")
    blocks = complexity.cc_visit(path.read_text("utf-8"))
    too_complex = [(b.name, b.complexity) for b in blocks if b.complexity > 25]
    assert not too_complex


def test_the_bots_import_no_private_name() -> None:
    tree = ast.parse((GAME / "bots.py").read_text("utf-8"))
    imported = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    ]
    assert imported
    assert not [name for name in imported if name.startswith("_")]
