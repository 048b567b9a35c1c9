"""The command line's words for its options: an argument a command does not
take, reported by that command with the nearest option it has, and a
library message's keyword arguments (``rules='mcr'``) said as the options
they are (``--rules mcr``)."""

from __future__ import annotations

import argparse
import difflib
import re
from collections.abc import Sequence
from typing import Any

from . import _io

__all__ = ["flags", "in_flags", "parse_args", "unrecognized"]


def _subparsers(parser: argparse.ArgumentParser) -> argparse._SubParsersAction[Any] | None:
    return next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)


def _spelling(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Each option string of ``parser`` and the spelling to suggest for it:
    itself, or for a hidden alias (``--hands``) the option it stands for
    (``--games``)."""
    actions = [a for a in parser._actions if a.option_strings]
    shown = {a.dest: a.option_strings[-1] for a in actions if a.help is not argparse.SUPPRESS}
    return {
        s: s if a.help is not argparse.SUPPRESS else shown.get(a.dest, s)
        for a in actions
        for s in a.option_strings
    }


_OPTION = re.compile(r"--?[A-Za-z0-9][A-Za-z0-9-]*", re.ASCII)


def unrecognized(parser: argparse.ArgumentParser, extras: Sequence[str]) -> str:
    """The message for arguments ``parser`` does not take: the first one,
    and for an option the nearest the parser has (``--game``: ``--games``)."""
    first = next((a for a in extras if a.startswith("-") and a != "-"), extras[0])
    word = first.partition("=")[0] if first.startswith("--") else first
    if not _OPTION.fullmatch(word):
        return f"unrecognized argument {_io.shown(first)}"
    spelling = _spelling(parser)
    near = difflib.get_close_matches(word, list(spelling), n=1)
    hint = f" (did you mean {spelling[near[0]]}?)" if near else ""
    return f"unrecognized argument {word}{hint}"


def parse_args(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """``parser.parse_args(argv)``, an argument it does not take reported by
    the command that does not take it, with the nearest option it has.
    Raises SystemExit as argparse does."""
    args, extras = parser.parse_known_args(argv)
    if extras:
        command = parser
        sub = _subparsers(command)
        while sub is not None and getattr(args, sub.dest, None) in sub.choices:
            command = sub.choices[getattr(args, sub.dest)]
            sub = _subparsers(command)
        command.error(unrecognized(command, extras))
    return args


def flags(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Each option's ``dest`` (the library keyword it stands for, most of
    the time) and its long option, over every command of ``parser``."""
    found: dict[str, str] = {}
    stack = [parser]
    while stack:
        p = stack.pop()
        for a in p._actions:
            if isinstance(a, argparse._SubParsersAction):
                stack.extend(a.choices.values())
            elif a.help is not argparse.SUPPRESS and a.option_strings[-1:]:
                found.setdefault(a.dest, a.option_strings[-1])
    return found


_KEYWORD = re.compile(r"\b([a-z][a-z0-9_]*)=('[^'\\\n]*'|-?[0-9]+|True)")


def in_flags(message: str, names: dict[str, str]) -> str:
    """A library message as the command line says it: a keyword argument
    the message names (``rules='mcr'``, ``seat_wind='S'``) written as the
    option (``--rules mcr``, ``--seat-wind S``); other text unchanged."""

    def option(m: re.Match[str]) -> str:
        flag = names.get(m.group(1))
        if flag is None:
            return m.group(0)
        value = m.group(2)
        if value == "True":
            return flag
        if value.startswith("'") and value[1:-1] and " " not in value:
            value = value[1:-1]
        return f"{flag} {value}"

    return _KEYWORD.sub(option, message)
