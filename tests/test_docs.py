"""Documentation cannot drift from the code.

Every example a reader may copy is run here: Python examples (``>>>``) in
README.md, the pages of docs/ and the docstrings of every module, as
doctests; ``console`` blocks of the pages by running each ``$ unomahjong ...``
command through :func:`unomahjong.cli.main` in-process and comparing its
output; each page's ``sh`` commands in order, in a shell, from an empty
directory, requiring success; and the scripts of docs/examples in a fresh
interpreter. Pages and modules are discovered, so a new page's
examples are checked without registering it here.
"""

from __future__ import annotations

import doctest
import importlib
import os
import re
import runpy
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from unomahjong.cli import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SRC = ROOT / "src"
MODULES = sorted(
    ".".join(p.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
    for p in (SRC / "unomahjong").rglob("*.py")
    if p.name != "__main__.py"
)
"""Every module, found from the files: ``fans`` is a namespace package, which
``pkgutil`` does not descend into."""
FENCE = re.compile(r"^```(\w*)\s*$")


def fenced_blocks(page: Path, language: str) -> list[tuple[int, list[str]]]:
    """The body lines of each fenced block in ``language``, with its first line number."""
    blocks: list[tuple[int, list[str]]] = []
    inside = False
    body: list[str] | None = None
    start = 0
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if not inside:
            m = FENCE.match(line)
            if m:
                inside = True
                body, start = ([], number + 1) if m.group(1) == language else (None, 0)
        elif line.startswith("```"):
            inside = False
            if body is not None:
                blocks.append((start, body))
        elif body is not None:
            body.append(line)
    return blocks


def _rel(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def _sessions() -> list[tuple[str, int, str, str]]:
    """(page, line, command, expected output) for each ``$`` command of a console block."""
    out: list[tuple[str, int, str, str]] = []
    for page in PAGES:
        for start, body in fenced_blocks(page, "console"):
            command: str | None = None
            line = start
            expected: list[str] = []
            for offset, text in enumerate(body):
                if text.startswith("$ "):
                    if command is not None:
                        out.append((_rel(page), line, command, "\n".join(expected)))
                    command, line, expected = text[2:], start + offset, []
                else:
                    expected.append(text)
            if command is not None:
                out.append((_rel(page), line, command, "\n".join(expected)))
    return out


RUNNABLE = frozenset({"unomahjong", "head"})
"""The programs of ``sh`` blocks the tests run: the package's command and
what the pages use to make a key file. Installs (``pip``, ``python3 -m
venv``) are not run here: CI runs README's commands as they are."""


def _shell_commands(page: Path) -> list[tuple[int, str]]:
    """(line, command) for each command of the page's ``sh`` blocks whose
    program is :data:`RUNNABLE`, in page order (a line joined with ``&&``
    gives each of its commands)."""
    out: list[tuple[int, str]] = []
    for start, body in fenced_blocks(page, "sh"):
        for offset, text in enumerate(body):
            for part in text.split("&&"):
                words = shlex.split(part, comments=True)
                if words[:1] and words[0] in RUNNABLE:
                    out.append((start + offset, part.strip()))
    return out


def test_rules_page_is_current() -> None:
    gen = runpy.run_path(str(ROOT / "docs" / "gen_rules.py"), run_name="gen_rules")
    expected = gen["render"]() + "\n"
    actual = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert actual == expected, "docs/rules.md is stale: run `python docs/gen_rules.py`"


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0


@pytest.mark.parametrize(
    "page", [_rel(p) for p in PAGES if ">>> " in p.read_text(encoding="utf-8")]
)
def test_page_examples(page: str) -> None:
    result = doctest.testfile(str(ROOT / page), module_relative=False)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize("page", [_rel(p) for p in PAGES])
def test_python_blocks_are_doctests(page: str) -> None:
    """A ``python`` block without ``>>>`` would never run: write it as a doctest."""
    for start, body in fenced_blocks(ROOT / page, "python"):
        assert any(line.startswith(">>> ") for line in body), f"{page}:{start} is not a doctest"


@pytest.mark.parametrize(
    ("page", "line", "command", "expected"),
    _sessions(),
    ids=[f"{p}:{n}" for p, n, _, _ in _sessions()],
)
def test_console_examples(
    page: str, line: int, command: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    words = shlex.split(command)
    assert words[0] == "unomahjong", f"{page}:{line}: console blocks show unomahjong commands"
    status = main(words[1:])
    out, err = capsys.readouterr()
    checker = doctest.OutputChecker()
    actual = out + err
    assert checker.check_output(expected + "\n", actual, doctest.ELLIPSIS), (
        f"{page}:{line}: `{command}` printed\n{actual}\ninstead of\n{expected}"
    )
    failing = expected.startswith(f"unomahjong {words[1]}:")
    assert status == (2 if failing else 0), f"{page}:{line}: exit status {status}"


def _environment() -> dict[str, str]:
    """This interpreter's scripts first on PATH, so that ``unomahjong`` is
    the entry point installed with it."""
    scripts = str(Path(sys.executable).parent)
    return {**os.environ, "PATH": scripts + os.pathsep + os.environ.get("PATH", "")}


@pytest.mark.parametrize("page", [_rel(p) for p in PAGES if _shell_commands(p)])
def test_a_pages_commands_run_in_order_from_an_empty_directory(page: str, tmp_path: Path) -> None:
    """As a reader runs them: each in a shell, in a directory that holds
    only what the page's commands before it wrote."""
    for line, command in _shell_commands(ROOT / page):
        done = subprocess.run(
            command,
            shell=True,
            cwd=tmp_path,
            env=_environment(),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"{page}:{line}: `{command}` failed: {done.stderr}"


EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.py"))


@pytest.mark.parametrize("script", [p.name for p in EXAMPLES])
def test_example_scripts_run_as_scripts(script: str, tmp_path: Path) -> None:
    """A fresh interpreter running the file, from an empty directory: what
    starts processes or a cluster is run as its reader runs it."""
    if script.startswith("dask"):
        pytest.importorskip("distributed", reason="dask[distributed] (the test group)")
    done = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "examples" / script)],
        cwd=tmp_path,
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout and "Traceback" not in done.stderr


def test_every_example_script_is_shown_on_a_page() -> None:
    pages = "".join(p.read_text(encoding="utf-8") for p in PAGES)
    for script in EXAMPLES:
        assert f"examples/{script.name}" in pages, f"{script.name} is on no page"
