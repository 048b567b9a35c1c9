"""Documentation cannot drift from the code."""

from __future__ import annotations

import doctest
import importlib
import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_rules_page_is_current() -> None:
    gen = runpy.run_path(str(ROOT / "docs" / "gen_rules.py"), run_name="gen_rules")
    expected = gen["render"]() + "\n"
    actual = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert actual == expected, "docs/rules.md is stale: run `python docs/gen_rules.py`"


@pytest.mark.parametrize(
    "module", ["unomahjong", "unomahjong.notation", "unomahjong.scoring", "unomahjong.tiles"]
)
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0


@pytest.mark.parametrize("page", ["README.md", "docs/mcr.md", "docs/game.md"])
def test_page_examples(page: str) -> None:
    result = doctest.testfile(str(ROOT / page), module_relative=False)
    assert result.failed == 0 and result.attempted > 0
