"""No function or method of the package is over cyclomatic complexity 25.

A function that branches that much states more than one rule at once; the
check names every offender with its complexity, as radon counts it, so that
it is split into helpers of one subject each.
"""

from __future__ import annotations

from pathlib import Path

import pytest

radon_complexity = pytest.importorskip(
    "radon.complexity", reason="radon (the lint group) is not installed"
)

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "unomahjong"
LIMIT = 25


def too_complex(path: Path, limit: int = LIMIT) -> list[str]:
    """Each function and method of a Python file over ``limit``, as
    ``path:line name (complexity)``."""
    blocks = radon_complexity.cc_visit(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for block in blocks:
        # The blocks list each method on its own as well as its class, whose
        # complexity is its methods' together: only functions are judged.
        if hasattr(block, "methods"):
            continue
        if block.complexity > limit:
            found.append(f"{path}:{block.lineno} {block.fullname} ({block.complexity})")
    return found


def test_the_check_finds_a_complex_function(tmp_path: Path) -> None:
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(LIMIT))
    plain = tmp_path / "plain.py"
    plain.write_text(f"def f(x):\n{branches}    return -1\n", encoding="utf-8")
    assert too_complex(plain) == [f"{plain}:1 f ({LIMIT + 1})"]
    assert too_complex(plain, limit=LIMIT + 1) == []


def test_the_check_finds_a_complex_method(tmp_path: Path) -> None:
    body = "".join(f"        if x == {i}:\n            return {i}\n" for i in range(LIMIT))
    source = tmp_path / "method.py"
    source.write_text(f"class C:\n    def m(self, x):\n{body}        return -1\n", "utf-8")
    assert too_complex(source) == [f"{source}:2 C.m ({LIMIT + 1})"]


def test_no_function_over_the_limit() -> None:
    offenders = [line for p in sorted(PACKAGE.rglob("*.py")) for line in too_complex(p)]
    assert not offenders, f"over cyclomatic complexity {LIMIT}:\n" + "\n".join(offenders)
