"""Smoke-test an installed unomahjong from outside the source tree.

Run by .ci/run on the wheels it builds and by cibuildwheel on every release
wheel (``test-command`` in pyproject.toml). It checks that the package comes
from site-packages (not from ``src/``), ships ``py.typed``, scores a hand,
plays a hand and runs its command line, and which engine it has (a pure
install warns once at import, ``--version`` names the engine):

``--compiled``
    ``unomahjong.COMPILED`` is True: the release wheels and, once the real
    core has landed, CI's compiled builds.
``--extensions``
    one extension module per ``src/unomahjong/_core/*.pyx`` is installed and
    imports, whether or not it is the finished core (CI before it lands).
``--pure``
    no extension module is installed and ``COMPILED`` is False.

Usage: ``python .ci/wheel_smoke.py [--compiled | --extensions | --pure]``;
exits 1 on the first failed check.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import os
import subprocess
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE_SOURCES = ROOT / "src" / "unomahjong" / "_core"


def fail(message: str) -> None:
    """Stop with ``message``."""
    raise SystemExit(f"wheel_smoke: {message}")


def installed_extensions(package_dir: Path) -> dict[str, Path]:
    """The extension modules installed in ``unomahjong/_core``, by name."""
    # Longest first: ".cpython-311-x86_64-linux-gnu.so" before ".so".
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)
    found: dict[str, Path] = {}
    for path in (package_dir / "_core").iterdir():
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None:
            found[path.name.removesuffix(suffix)] = path
    return found


def check_extensions(package_dir: Path) -> None:
    """Every ``.pyx`` of the source tree is installed as an extension module
    and imports as one."""
    expected = {p.stem for p in CORE_SOURCES.glob("*.pyx")}
    if not expected:
        fail(f"no .pyx sources found in {CORE_SOURCES}")
    installed = installed_extensions(package_dir)
    if set(installed) != expected:
        fail(f"extension modules {sorted(installed)}, expected {sorted(expected)}")
    for name in sorted(expected):
        module = importlib.import_module(f"unomahjong._core.{name}")
        origin = Path(module.__file__ or "")
        if origin != installed[name]:
            fail(f"unomahjong._core.{name} imported from {origin}, not {installed[name]}")


def main(argv: list[str]) -> int:
    """Run the checks; print what was found."""
    parser = argparse.ArgumentParser(description="Smoke-test an installed unomahjong.")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--compiled", action="store_true", help="require the compiled core")
    mode.add_argument("--extensions", action="store_true", help="require the extension modules")
    mode.add_argument("--pure", action="store_true", help="require a pure-Python install")
    args = parser.parse_args(argv)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        import unomahjong
        from unomahjong.game import Board
    pure_warnings = [w for w in caught if issubclass(w.category, unomahjong.PurePythonWarning)]

    package_dir = Path(unomahjong.__file__).resolve().parent
    if "site-packages" not in package_dir.parts:
        fail(f"unomahjong imported from {package_dir}, not from an installed wheel")
    if not (package_dir / "py.typed").is_file():
        fail("py.typed is not installed")
    total = unomahjong.score_hand("[SSSg] 123r 456r 789r 5g +5g", self_drawn=True).total
    if total != 19:
        fail(f"the README hand scores {total}, not 19")
    board = Board(seed=1)
    while board.awaiting():
        seat = board.awaiting()[0]
        board.push(seat, board.default_action(seat))
    if board.outcome() is None:
        fail("a played hand has no outcome")

    if args.compiled or args.extensions:
        check_extensions(package_dir)
    if args.compiled and not unomahjong.COMPILED:
        fail("unomahjong.COMPILED is False: the compiled core did not load")
    if args.pure and (unomahjong.COMPILED or installed_extensions(package_dir)):
        fail(f"not pure: COMPILED={unomahjong.COMPILED}, {installed_extensions(package_dir)}")
    # A pure install says so once, at import (unless UNOMAHJONG_PURE=1 chose it).
    chosen = os.environ.get("UNOMAHJONG_PURE") == "1"
    expected_warnings = 0 if unomahjong.COMPILED or chosen else 1
    if len(pure_warnings) != expected_warnings:
        fail(f"{len(pure_warnings)} PurePythonWarning at import, expected {expected_warnings}")

    if unomahjong.COMPILED:
        engine = "compiled core"
    elif chosen:
        engine = "pure Python: UNOMAHJONG_PURE=1"
    else:
        engine = "pure Python: the compiled core is not built"
    version = subprocess.run(
        [sys.executable, "-m", "unomahjong", "--version"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if version != f"unomahjong {unomahjong.__version__} ({engine})":
        fail(f"--version says {version!r} with the {engine} active")
    print(f"wheel_smoke: {version} from {package_dir}, COMPILED={unomahjong.COMPILED}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
