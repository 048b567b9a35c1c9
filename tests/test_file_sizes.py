"""No source file of the package is over 700 lines.

A file that long holds more than one responsibility; the check names every
file over the limit, so that a new one is split when it is written rather
than found later.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "unomahjong"
LIMIT = 700
PYTHON = (".py",)
COMPILED = (".pyx", ".pxd", ".pxi")
"""The compiled core's Cython sources, its includes and declarations."""


def line_count(path: Path) -> int:
    """The lines of a file as ``wc -l`` would count them, plus a last line
    without its newline."""
    data = path.read_bytes()
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def sources(root: Path, suffixes: Iterable[str]) -> list[Path]:
    """Every file under ``root`` whose name ends in one of ``suffixes``."""
    wanted = tuple(suffixes)
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in wanted)


def too_long(paths: Iterable[Path], limit: int = LIMIT) -> list[str]:
    """Each path over ``limit`` lines, with its number of lines."""
    return [f"{p.relative_to(ROOT)}: {n} lines" for p in paths if (n := line_count(p)) > limit]


def test_the_count_finds_a_file_over_the_limit(tmp_path: Path) -> None:
    short = tmp_path / "short.py"
    short.write_text("x = 1\n" * LIMIT, encoding="utf-8")
    long = tmp_path / "long.pxi"
    long.write_text("x = 1\n" * LIMIT + "y = 2", encoding="utf-8")  # no final newline
    assert line_count(short) == LIMIT
    assert line_count(long) == LIMIT + 1
    assert sources(tmp_path, COMPILED) == [long]
    over = [p for p in sources(tmp_path, PYTHON + COMPILED) if line_count(p) > LIMIT]
    assert over == [long]


def test_python_sources_are_at_most_700_lines() -> None:
    files = sources(PACKAGE, PYTHON)
    assert len(files) > 10, "the package's Python sources are found"
    assert too_long(files) == []


def test_compiled_core_sources_are_at_most_700_lines() -> None:
    files = sources(PACKAGE, COMPILED)
    assert files, "the compiled core's sources are found"
    assert too_long(files) == []
