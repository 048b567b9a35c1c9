"""docs/architecture.md is the map of the package: its table lists every
module of every package, and its picture gives the import contract's order.

A module added, moved or removed without the page changing fails here, and
so does a layer order that the page and pyproject.toml tell differently.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "src" / "unomahjong"
PAGE = (ROOT / "docs" / "architecture.md").read_text("utf-8")
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["importlinter"][
    "contracts"
]

_ROW = re.compile(r"^\| (?P<package>`[\w]+`|\(root\)) \| [^|]+ \| (?P<modules>[^|]+) \|$", re.M)
_NAME = re.compile(r"`([\w]+)`")


def _table() -> dict[str, set[str]]:
    """The page's table: package (``""`` for the root) -> its modules."""
    rows = {}
    for m in _ROW.finditer(PAGE):
        package = "" if m["package"] == "(root)" else m["package"].strip("`")
        rows[package] = set(_NAME.findall(m["modules"]))
    return rows


def _on_disk() -> dict[str, set[str]]:
    """Each package of the source tree -> its modules (Python and Cython)."""
    found: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*"):
        if path.suffix not in (".py", ".pyx") or "__pycache__" in path.parts:
            continue
        parts = path.relative_to(PACKAGE).parts
        package = parts[0] if len(parts) > 1 else ""
        if package == "schemas" or (package and path.stem == "__init__"):
            continue
        assert len(parts) <= 2, f"{path}: a package inside a package is not on the page's map"
        found.setdefault(package, set()).add(path.stem)
    return found


def test_the_table_lists_every_module_of_every_package() -> None:
    table = _table()
    assert "game" in table and "" in table, "the page's package table was not found"
    disk = _on_disk()
    for package, modules in disk.items():
        listed = table.get(package)
        assert listed is not None, f"package {package!r} is missing from docs/architecture.md"
        assert modules - listed == set(), (package, "not on the page", modules - listed)
        assert listed - modules == set(), (
            package,
            "on the page, not in the tree",
            listed - modules,
        )
    assert set(table) - set(disk) <= {"schemas"}, set(table) - set(disk)


def _picture_order() -> list[str]:
    """The packages of the page's picture, top first, as they first appear."""
    block = PAGE.split("```text", 1)[1].split("```", 1)[0]
    order: list[str] = []
    for line in block.splitlines():
        for word in re.findall(r"^\s*([a-z_]+)(?:\s{2,}([a-z_]+))?", line):
            for name in word:
                if name and name not in order:
                    order.append(name)
    return order


def test_the_picture_gives_the_contracts_order_of_packages() -> None:
    layers = next(c for c in CONTRACTS if c["name"] == "The package's layers")["layers"]
    packages = []
    for layer in layers:
        for name in re.split(r"\s*[:|]\s*", layer):
            short = name.removeprefix("unomahjong.")
            if not short.startswith("_") and short not in packages:
                packages.append(short)
    drawn = [p for p in _picture_order() if p in packages]
    assert drawn == [p for p in packages if p in drawn], (drawn, packages)
    # every package layer of the contract is drawn (the foundation's modules
    # are named on the picture's last line)
    assert set(packages) - set(drawn) <= {"errors", "schemas"}, set(packages) - set(drawn)


def test_every_package_of_the_tree_is_in_the_contract() -> None:
    layers = next(c for c in CONTRACTS if c["name"] == "The package's layers")["layers"]
    named = {
        n.removeprefix("unomahjong.") for layer in layers for n in re.split(r"\s*[:|]\s*", layer)
    }
    for path in PACKAGE.iterdir():
        if path.name.startswith(("__", ".")) or path.name in ("_core", "py.typed"):
            continue
        name = path.stem
        assert name in named, f"{name} is in no layer of pyproject.toml's import contract"
