"""Documentation cannot drift from the code.

Every example a reader may copy is run here: Python examples (``>>>``) in
README.md, the pages of docs/ and the docstrings of every module, as
doctests; ``console`` blocks of the pages by running each ``$ unomahjong ...``
command through :func:`unomahjong.cli.main` in-process and comparing its
output; and each ``unomahjong ...`` command of a ``sh`` block by running it
and requiring success. Pages and modules are discovered, so a new page's
examples are checked without registering it here.
"""

from __future__ import annotations

import doctest
import importlib
import re
import runpy
import shlex
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


def _shell_commands() -> list[tuple[str, int, list[str]]]:
    """(page, line, argv) for each ``unomahjong ...`` command in an ``sh`` block."""
    out: list[tuple[str, int, list[str]]] = []
    for page in PAGES:
        for start, body in fenced_blocks(page, "sh"):
            for offset, text in enumerate(body):
                for part in text.split("&&"):
                    words = shlex.split(part, comments=True)
                    if words[:1] == ["unomahjong"]:
                        out.append((_rel(page), start + offset, words[1:]))
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


@pytest.mark.parametrize(
    ("page", "line", "argv"),
    _shell_commands(),
    ids=[f"{p}:{n}" for p, n, _ in _shell_commands()],
)
def test_shell_examples_run(
    page: str, line: int, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(argv)
    _, err = capsys.readouterr()
    assert status == 0, f"{page}:{line}: `unomahjong {shlex.join(argv)}` failed: {err}"
