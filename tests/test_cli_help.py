"""The command line's help and its page.

Every flag has help text, the WinContext and RuleOptions flags take theirs
from the library's docstrings, defaults are shown, every example that
``--help`` shows runs as shown, and docs/cli.md documents exactly the
options the parser has: walked both ways.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re
import shlex
from pathlib import Path

import attrs
import pytest

import unomahjong.model.context
from unomahjong.cli import build_parser, main
from unomahjong.model.context import WinContext
from unomahjong.rules.rule_sets import RuleOptions

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "cli.md"


def _subcommands(p: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    sub = next((a for a in p._actions if isinstance(a, argparse._SubParsersAction)), None)
    return {} if sub is None else dict(sub.choices)


def _commands() -> dict[str, argparse.ArgumentParser]:
    """Each command, and each of a group's (``cards play``) in its stead."""
    out: dict[str, argparse.ArgumentParser] = {}
    for name, p in _subcommands(build_parser()).items():
        inner = _subcommands(p)
        out.update({f"{name} {k}": q for k, q in inner.items()} if inner else {name: p})
    return out


COMMANDS = _commands()


def _options(p: argparse.ArgumentParser) -> list[argparse.Action]:
    """The options ``--help`` lists: not a hidden alias (an old spelling)."""
    return [
        a
        for a in p._actions
        if not isinstance(a, argparse._HelpAction) and a.help is not argparse.SUPPRESS
    ]


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*argv, "--help"]) == 0  # returned, not raised
    out, err = capsys.readouterr()
    assert err == ""
    return out


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_flag_has_help_and_its_default_is_shown(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = " ".join(_help(capsys, *command.split()).split())
    for action in _options(COMMANDS[command]):
        assert action.help and action.help.strip(), (command, action.dest)
        text = " ".join(action.help.replace("%%", "%").split())
        assert text.split(" (default")[0][:40] in shown
        default = action.default
        if action.option_strings and default not in (None, False, ""):
            value = f"{default:g}" if isinstance(default, float) else default
            assert f"(default: {value})" in shown, (command, action.dest)
        elif action.option_strings and default is None:
            assert "default: " in action.help, (command, action.dest)


_PYTHON = re.compile(
    r"\b[a-z]+_[a-z_]+\b|\b(?:frozenset|tuple|True|False|None|kwargs?)\b|[a-z]=['\"0-9]"
)
"""What help written for Python has and the command line's has not: an
identifier (``negative_scoring``), a Python type or constant, a keyword
argument (``rules='mcr'``)."""


@pytest.mark.parametrize("command", ["", *sorted(COMMANDS)])
def test_help_speaks_command_line_not_python(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _help(capsys, *command.split()).split("\nexamples:\n")[0]
    # Fan ids are upper case; file names (hand.svg) and options have no "_".
    assert _PYTHON.findall(text) == [], command


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_no_default_is_shown_twice(command: str) -> None:
    parser = COMMANDS[command]
    formatter = parser._get_formatter()
    for action in _options(parser):
        text = formatter._get_help_string(action) or ""  # as --help expands it
        assert text.count("default:") <= 1, (command, action.dest, text)


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_the_game_commands_name_every_rule_set_they_play(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    description = " ".join(_help(capsys, command).split("\noptions:\n")[0].split())
    assert "of UNO Mahjong" not in description
    assert all(name in description for name in ("UNO Mahjong", "MCR", "Botzone")), description
    assert "of UNO Mahjong" not in _help(capsys)  # the commands' list


def _field_docstrings(cls: type) -> dict[str, str]:
    """Each field's docstring, read here independently of the command line."""
    tree = ast.parse(inspect.getsource(inspect.getmodule(cls)))  # type: ignore[arg-type]
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    out: dict[str, str] = {}
    for field, after in zip(node.body, node.body[1:], strict=False):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
        ):
            out[field.target.id] = " ".join(str(after.value.value).split()).replace("``", "")
    return out


def test_score_flags_take_their_help_from_the_win_context_docstrings() -> None:
    docs = _field_docstrings(WinContext)
    assert set(docs) == {f.name for f in attrs.fields(WinContext)}
    score = COMMANDS["score"]
    by_dest = {a.dest: a for a in _options(score)}
    for name, text in docs.items():
        help_text = by_dest[name].help
        assert help_text is not None and help_text.startswith(text), name


def test_rule_option_flags_take_their_help_from_the_rule_options_docstrings() -> None:
    # Their first sentence: the rest of each docstring speaks of the Python
    # value ("kept as a frozenset") and of play, not of the option.
    docs = _field_docstrings(RuleOptions)
    by_dest = {a.dest: a for a in _options(COMMANDS["score"])}
    for name, end in [("min_fans", "(MCR's flowers)."), ("disabled_fans", "明杠 + 暗杠.")]:
        help_text = by_dest[name].help
        first = docs[name][: docs[name].index(end) + len(end)]
        assert help_text is not None and help_text.startswith(first), name
        assert "frozenset" not in help_text and "(score)" not in help_text, name


def test_help_follows_a_changed_docstring(monkeypatch: pytest.MonkeyPatch) -> None:
    # The help is read from the source, not a second copy: a changed
    # docstring changes it.
    from unomahjong.cli import _help

    source = inspect.getsource(unomahjong.model.context)
    changed = source.replace('"""自摸: the winner drew the winning tile."""', '"""Drawn."""')
    assert changed != source
    monkeypatch.setattr(inspect, "getsource", lambda obj: changed)
    _help.field_help.cache_clear()
    try:
        assert _help.field_help(WinContext)["self_drawn"] == "Drawn."
    finally:
        monkeypatch.undo()
        _help.field_help.cache_clear()


def _examples(text: str) -> list[str]:
    lines = text.split("\nexamples:\n", 1)[1].splitlines()
    return [line.strip() for line in lines if line.startswith("  unomahjong ")]


@pytest.mark.parametrize("command", ["", *sorted(COMMANDS)])
def test_every_example_in_help_works_as_shown(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    examples = _examples(_help(capsys, *command.split()))
    assert examples
    for example in examples:
        line, _, target = example.partition(" > ")
        words = shlex.split(line)
        assert words[0] == "unomahjong"
        status = main(words[1:])
        out, err = capsys.readouterr()
        assert status == 0, f"`{example}` failed: {err}"
        if target:
            (tmp_path / target).write_text(out, encoding="utf-8")
        # view notes a log it could not check with a key (docs/reliability.md)
        notes = [n for n in err.splitlines() if n.startswith("unomahjong view: note: Unsigned")]
        assert err == "".join(n + "\n" for n in notes), example


HAND_COMMANDS = ("parse", "waits", "shanten", "discards", "score", "render")


@pytest.mark.parametrize("command", HAND_COMMANDS)
def test_the_hand_in_each_help_text_is_one_the_command_takes(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    positional = [a for a in _options(COMMANDS[command]) if not a.option_strings]
    (hand_help,) = [a.help for a in positional]
    assert hand_help is not None
    examples = re.findall(r"'([^']+)'", hand_help.partition("e.g.")[2])
    assert examples, hand_help
    for hand in examples:
        assert main([command, hand]) == 0, (command, hand, capsys.readouterr().err)
        capsys.readouterr()


# ------------------------------------------------------------- docs/cli.md


def _documented() -> dict[str, set[str]]:
    """Per ``### command`` section of docs/cli.md: the options and arguments
    in the first column of its options table."""
    found: dict[str, set[str]] = {}
    current: str | None = None
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            current = None
        m = re.fullmatch(r"### (\w+(?: \w+)?)", line)
        if m:
            current = m.group(1)
            found[m.group(1)] = set()
        elif current is not None and line.startswith("| `"):
            first = line.split(" | ")[0]
            for cell in re.findall(r"`([^`]+)`", first):
                found[current].add(cell)
    return found


def _usage_forms(p: argparse.ArgumentParser) -> set[str]:
    """Each option as the page writes it: ``--flag METAVAR``, ``--flag``, ``HAND``."""
    forms: set[str] = set()
    for action in _options(p):
        if not action.option_strings:
            forms.add(str(action.metavar or action.dest))
            continue
        for flag in action.option_strings:
            if action.nargs == 0:
                forms.add(flag)
            else:
                forms.add(f"{flag} {action.metavar or action.dest.upper()}")
    return forms


def test_the_page_documents_every_command() -> None:
    assert set(_documented()) == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_flag_is_documented_and_every_documented_flag_exists(command: str) -> None:
    documented = _documented()[command]
    actual = _usage_forms(COMMANDS[command])
    assert actual - documented == set(), f"undocumented in docs/cli.md: {actual - documented}"
    assert documented - actual == set(), f"documented but absent: {documented - actual}"


def test_top_level_options_are_documented() -> None:
    page = PAGE.read_text(encoding="utf-8")
    parser = build_parser()
    for action in parser._actions:
        for flag in action.option_strings:
            assert f"`{flag}`" in page or f"`unomahjong {flag}`" in page, flag


def test_the_pages_json_error_is_the_real_one(capsys: pytest.CaptureFixture[str]) -> None:
    page = PAGE.read_text(encoding="utf-8")
    section = page.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    assert 'unomahjong parse "S g" --json' in section
    shown = section.split("```json\n", 1)[1].split("\n```", 1)[0]
    assert main(["parse", "S g", "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == shown + "\n"
