"""Help text taken from the library's own docstrings, and the examples
that each command's ``--help`` shows.

The flags of ``score`` are the fields of :class:`~unomahjong.WinContext`,
and its ``--min-fans`` and ``--disabled-fans`` are those of
:class:`~unomahjong.rules.RuleOptions`: their help is each field's
docstring, read from the class's source, so that it cannot drift from the
library's documentation. The docstrings speak Python; the help speaks the
command line: a field they name (``negative_scoring``) is written as its
option (``--negative-scoring``).
"""

from __future__ import annotations

import ast
import functools
import inspect
import re
import sys
from typing import Final

__all__ = ["EXAMPLES", "field_help", "first_sentence"]

_ROLE = re.compile(r":[a-z]+:`~?([^`<]*?)(?:\s*<[^>]*>)?`")
"""A Sphinx cross-reference (``:class:`~unomahjong.WinContext```): its text."""


_FIELD = re.compile(r"``(-?)([a-z][a-z0-9_]*)``")
"""A name in literal markup (``negative_scoring``, ``-target``)."""
_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)\.\s+(?=[A-Z])")


def _plain(docstring: str, fields: frozenset[str] = frozenset(), own: str = "") -> str:
    """A docstring as one line of help: reST markup out, each of ``fields``
    it names written as its option (``-target``: minus ``--target``; the
    field ``own`` it documents: "this"), ``%`` escaped for argparse."""
    text = " ".join(inspect.cleandoc(docstring).split())
    text = _ROLE.sub(lambda m: m.group(1).rsplit(".", 1)[-1], text)

    def option(m: re.Match[str]) -> str:
        if m.group(2) not in fields:
            return m.group(0)
        flag = "this" if m.group(2) == own else "--" + m.group(2).replace("_", "-")
        return f"minus {flag}" if m.group(1) else flag

    text = _FIELD.sub(option, text)
    return text.replace("``", "").replace("%", "%%")


def first_sentence(text: str) -> str:
    """The first sentence of a line of help (an "e.g." does not end it)."""
    return _SENTENCE_END.split(text, maxsplit=1)[0].rstrip(".") + "."


@functools.cache
def field_help(cls: type) -> dict[str, str]:
    """Each field of ``cls`` with its docstring (the string literal written
    under it in the class body) as one line of help text.

    >>> from unomahjong import WinContext
    >>> field_help(WinContext)["self_drawn"]
    '自摸: the winner drew the winning tile.'

    Fields without a docstring, and every field when the source cannot be
    read, are left out.
    """
    module = sys.modules.get(cls.__module__)
    try:
        source = inspect.getsource(module) if module is not None else ""
    except (OSError, TypeError):
        return {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            found: dict[str, str] = {}
            fields = frozenset(
                f.target.id
                for f in node.body
                if isinstance(f, ast.AnnAssign) and isinstance(f.target, ast.Name)
            )
            for field, after in zip(node.body, node.body[1:], strict=False):
                if (
                    isinstance(field, ast.AnnAssign)
                    and isinstance(field.target, ast.Name)
                    and isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                    and isinstance(after.value.value, str)
                ):
                    found[field.target.id] = _plain(after.value.value, fields, field.target.id)
            return found
    return {}


_HAND = "[SSSg] 123r 456r 789r 5g +5g"
EXAMPLES: Final[dict[str, tuple[str, ...]]] = {
    "": (
        f'unomahjong score "{_HAND}" --self-drawn',
        'unomahjong waits "123456789m 1122p" --rules mcr',
        "unomahjong fans --rules mcr",
    ),
    "parse": (
        f'unomahjong parse "{_HAND}"',
        'unomahjong parse "123456789m 1122p" --rules mcr --json',
        "unomahjong parse Sg",
    ),
    "waits": (
        'unomahjong waits "[SSSg] 123456789r 5g"',
        'unomahjong waits "123456789m 1122p" --rules mcr --visible "1p 1p" --json',
    ),
    "shanten": (
        'unomahjong shanten "123r 456r 789r SSg 5g 7b"',
        'unomahjong shanten "123456789m1122p" --rules mcr --json',
    ),
    "discards": (
        'unomahjong discards "123r 456r 789r SSg 5g 7b +5g"',
        'unomahjong discards "123r 456r 789r SSg 5g 7b +5g" --visible "Sg 5g" --json',
    ),
    "score": (
        f'unomahjong score "{_HAND}" --self-drawn',
        'unomahjong score "[EEE] [SSSS] 55p WWWNN +N" --rules mcr --self-drawn --seat-wind S',
        'unomahjong score "[EEE] [SSSS] 55p WWWNN +N" --rules mcr --self-drawn --min-fans 8 --json',
        f'unomahjong score "{_HAND}" --disabled-fans PURE_STRAIGHT',
    ),
    "render": (
        'unomahjong render "[SSSg@2] 123r 456r 789r 5g +5g" -o hand.svg',
        'unomahjong render "[EEE@1] 123m 456p 789s 1p +1p" --rules mcr -o hand.svg',
    ),
    "fans": ("unomahjong fans", "unomahjong fans --rules MCR --json"),
    "audit": (
        "unomahjong audit --hands 500",
        "unomahjong audit --rules mcr --hands 500 --json",
        "unomahjong audit --hands 400 --workers 2 --plot audit.svg",
    ),
    "play": (
        "unomahjong play --seed 3",
        "unomahjong play --seed 3 --players 3 --bots greedy,random,greedy",
        "unomahjong play --seed 0 --json > hand.json",
        "unomahjong play --seed 0 --html hand.html",
        "unomahjong play --seed 0 --log hand.jsonl",
    ),
    "simulate": (
        "unomahjong simulate --games 20",
        "unomahjong simulate --games 20 --players 3 --bots random --json",
        "unomahjong simulate --games 40 --workers 0 --plot games.svg",
    ),
    "cards": (
        "unomahjong cards play --seed 3",
        "unomahjong cards match --seed 5 --target 200",
        "unomahjong cards simulate --games 50 --players 3",
    ),
    "cards play": (
        "unomahjong cards play --seed 3 --players 3",
        "unomahjong cards play --seed 3 --stacking --jump-in --json",
        "unomahjong cards play --seed 3 --log hand.jsonl",
        "unomahjong cards play --seed 3 --html hand.html",
    ),
    "cards match": (
        "unomahjong cards match --seed 5 --players 3 --target 200",
        "unomahjong cards match --players 3 --bots random,greedy,greedy --negative-scoring --json",
        "unomahjong cards match --seed 5 --target 200 --log hands --html pages",
    ),
    "cards simulate": (
        "unomahjong cards simulate --games 50",
        "unomahjong cards simulate --games 50 --players 2 --bots random,greedy --json",
        "unomahjong cards simulate --games 200 --teams --workers 2 --plot hands.svg",
    ),
    "cards view": (
        "unomahjong cards play --seed 3 --json > hand.json",
        "unomahjong cards view hand.json -o hand.html",
        "unomahjong cards view hand.json --seat 1 -o seat1.html",
    ),
    "botzone": (
        "unomahjong botzone play --seed 7",
        "unomahjong botzone replay game.json",
    ),
    "botzone play": (
        "unomahjong botzone play --seed 7 --bots greedy,random,random,random",
        "unomahjong botzone play --seed 7 --program '2=python3 mybot.py' --log game.json",
        "unomahjong botzone play --seed 7 --program '0=./bot' --json-io --timeout 2 --json",
    ),
    "botzone replay": (
        "unomahjong botzone play --seed 7 --log game.json",
        "unomahjong botzone replay game.json",
        "unomahjong botzone replay game.json --json",
    ),
    "view": (
        "unomahjong play --seed 0 --json > hand.json",
        "unomahjong view hand.json -o hand.html",
        "unomahjong view hand.json --seat 2 -o seat2.html",
    ),
}
"""The examples each command's ``--help`` shows (``""``: the top-level
help), run by the tests in order in one directory: a ``> FILE`` writes
the command's output to FILE for the next example to read."""
