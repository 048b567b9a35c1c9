"""The bots use no private name of another module: they play through the
game's public interface, as a user's bot does. (Sizes and complexity are
held for every module by tests/test_file_sizes.py and test_complexity.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).parent.parent / "src" / "unomahjong" / "game"


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
