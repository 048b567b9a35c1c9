"""The argument parser: commands, options, their help and their types."""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, NoReturn

from .. import _engine
from .._version import __version__
from ..model.context import FLAGS, WINDS, WinContext
from ..model.notation import MAX_TILES_LENGTH
from ..rules.rule_sets import RULE_SETS, RuleOptions
from . import _io, _values
from ._help import EXAMPLES, field_help, first_sentence

MAX_ARGUMENTS = 256
"""The most arguments the command takes: ``score`` with every flag and
option given once has about 30."""
MAX_ARGUMENT_LENGTH = MAX_TILES_LENGTH
"""The most characters of one argument: the longest text any option reads
(``--visible``, a list of tiles). Hands are held to their own, shorter limit
(``notation.MAX_HAND_LENGTH``) by the parser."""

RULE_NAMES = tuple(RULE_SETS)
"""The rule sets ``--rules`` names, matched without regard to case."""
PLAYED_RULES = ("uno", "mcr", "botzone")
"""The rule sets the game engine can play (``play``, ``simulate``)."""
AUDIT_HANDS = 10_000
"""The default sample of ``audit``: with seed 0, every fan of either rule
set occurs in it (2,000 hands missed two fans in each)."""

_QUOTED = re.compile(r"'([^'\n]{41,})'")
_RUN = re.compile(r"[^\s']{41,}")
"""An unquoted word of more than 40 characters (an unrecognized argument)."""
_MESSAGE = 300
"""Characters of an argparse message, at most (it may list arguments)."""


def _bounded(message: str) -> str:
    """An argparse message with each quoted argument cut to about 40
    characters, and the whole cut to :data:`_MESSAGE`."""
    message = _QUOTED.sub(lambda m: _io.shown(m.group(1)), message)
    message = _RUN.sub(lambda m: m.group(0)[:37] + "...", message)
    if len(message) > _MESSAGE:
        message = message[: _MESSAGE - 3] + "..."
    return message


def too_long(argv: Sequence[str]) -> str | None:
    """Why ``argv`` is refused before it is parsed (too many arguments, or
    one too long to be anything the command reads), or None."""
    if len(argv) > MAX_ARGUMENTS:
        return f"{len(argv):,} arguments; the command takes at most {MAX_ARGUMENTS} [too-long]"
    for i, a in enumerate(argv, 1):
        if len(a) > MAX_ARGUMENT_LENGTH:
            return (
                f"argument {i} has {len(a):,} characters; an argument has at most"
                f" {MAX_ARGUMENT_LENGTH:,} [too-long]"
            )
    return None


def wants_json(argv: Sequence[str]) -> bool:
    """True when ``argv`` asks for ``--json`` before any ``--``: errors are
    then JSON too. Options are not abbreviated (``--js`` is no option)."""
    for a in argv:
        if a == "--":
            return False
        if a == "--json":
            return True
    return False


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Help with each option's default (when it has one worth showing and
    the text does not already say it), and the examples laid out as
    written."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            "%(default)" in text
            or "default: " in text
            or default is None
            or isinstance(default, bool)
            or default == ""
            or default is argparse.SUPPRESS
            or not action.option_strings
        ):
            return text
        shown = f"{default:g}" if isinstance(default, float) else "%(default)s"
        return f"{text} (default: {shown})"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr (exit 2),
    like every other invalid input, or one JSON object under ``--json``;
    ``--help`` still shows the usage."""

    def __init__(self, *args: Any, json_errors: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        # No abbreviations: "--game" is a typo to point out, not "--games",
        # and a new option never changes what an old abbreviation meant.
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self.json_errors = json_errors

    def error(self, message: str) -> NoReturn:
        _io.failure(self.prog, "usage", _bounded(message), None, as_json=self.json_errors)
        self.exit(_io.EXIT_INVALID)

    def _print_message(self, message: str, file: object = None) -> None:
        # Help and --version go to stdout (argparse passes sys.stdout, which
        # is None when stdout is closed), usage errors to stderr; both in
        # UTF-8, and an error never on stdout.
        if not message:
            return
        if file is sys.stdout:
            _io.out(message, end="")
        else:
            _io.err(message, end="")


def _alias(p: argparse.ArgumentParser, old: str, of: argparse.Action) -> None:
    """``old``, an earlier spelling of the option ``of``: it still works, and
    the help no longer lists it."""
    p.add_argument(
        old,
        dest=of.dest,
        type=str if of.type is None else of.type,
        metavar=of.metavar,
        default=argparse.SUPPRESS,  # --games's own default stands
        help=argparse.SUPPRESS,
    )


def _rule_name(text: str) -> str:
    """An argparse type: a rule set's name in any case ("MCR")."""
    name = text.lower()
    if name not in RULE_NAMES:
        raise argparse.ArgumentTypeError(
            f"unknown rule set {_io.shown(text)}: use " + " or ".join(RULE_NAMES)
        )
    return name


def _examples(command: str) -> str:
    return "examples:\n" + "\n".join("  " + line for line in EXAMPLES[command])


def _add_rules(p: argparse.ArgumentParser, played: bool = False) -> None:
    help_text = (
        "the rule set, in any case: uno (UNO Mahjong), mcr (the standard MCR game)"
        " or botzone (MCR as the Botzone judge plays it)"
        if played
        else "the rule set, in any case: uno (UNO Mahjong), mcr (Guobiao / MCR)"
        " or botzone (MCR's scoring, as the Botzone judge plays it)"
    )
    p.add_argument(
        "--rules",
        type=_rule_name,
        default="uno",
        metavar="NAME",
        help=help_text,
    )


def _add_json(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object (docs/cli.md); an error is then one JSON object on stderr",
    )


def _add_rule_options(p: argparse.ArgumentParser) -> None:
    """``score``'s RuleOptions fields, with the first sentence of the fields'
    docstrings as help (the rest speaks of Python values and of play; the
    command line says what it does with the option)."""
    docs = field_help(RuleOptions)
    p.add_argument(
        "--min-fans",
        type=_values.at_least_zero,
        metavar="N",
        default=None,
        help=first_sentence(docs.get("min_fans", "The minimum."))
        + " Scoring one hand applies it only when given: the hand must then score at"
        " least N (default: not applied).",
    )
    p.add_argument(
        "--disabled-fans",
        metavar="IDS",
        default=None,
        help=first_sentence(docs.get("disabled_fans", "Fans switched off."))
        + " Comma-separated fan ids, in any case; the fallback fan (无番和) cannot be"
        " switched off (default: none).",
    )


def _add_workers(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--workers",
        type=_values.at_least_zero,
        metavar="N",
        default=1,
        help="processes to split the work across; 0: one per core (the results are the same)",
    )


def _add_plot(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--plot",
        metavar="PATH",
        default=None,
        help="also draw the results to PATH: .svg, or .png with matplotlib (default: no plot)",
    )


def _add_seats(
    p: argparse.ArgumentParser,
    most: int,
    bots: str = "random or greedy: one name for every seat, or comma-separated, one per seat",
) -> None:
    """``--seed``, ``--players`` (2 to ``most``) and ``--bots`` (``bots`` its help)."""
    p.add_argument(
        "--seed", type=_values.seed, default=0, metavar="S", help="the random seed (>= 0)"
    )
    p.add_argument(
        "--players",
        type=_values.whole,
        default=4,
        choices=range(2, most + 1),
        metavar="P",
        help=f"the number of players, 2 to {most}",
    )
    p.add_argument(
        "--bots",
        default="greedy",
        metavar="NAMES",
        help=bots,
    )


def _add_page_options(p: argparse.ArgumentParser, what: str) -> None:
    """A viewer's ``-o`` and ``--seat``."""
    p.add_argument(
        "-o", "--output", metavar="FILE", help="write the page to FILE (default: stdout)"
    )
    p.add_argument(
        "--seat",
        type=_values.whole,
        metavar="N",
        help=f"show the {what} as seat N saw it (default: every hand open)",
    )


def _add_games(p: argparse.ArgumentParser, help_text: str, *old: str) -> None:
    """``--games N``, the number of hands played (a hand, 盘: one deal
    played to its end), and the old spellings ``old`` as hidden aliases."""
    games = p.add_argument(
        "--games", type=_values.at_least_one, default=100, metavar="N", help=help_text
    )
    for spelling in old:
        _alias(p, spelling, games)


def _add_game_options(p: argparse.ArgumentParser) -> None:
    _add_seats(p, 8)
    _add_rules(p, played=True)
    _add_json(p)


_HANDS = {
    "parse": (
        "show a hand's canonical form and parts, and whether it is complete or ready",
        "a hand or any group of tiles in notation, e.g. '[SSSg] 123r 456r 789r 5g +5g' or 'Sg'",
    ),
    "waits": (
        "the winning tiles of a 13-tile hand, with the copies not yet seen",
        "a 13-tile hand in notation, without '+tile', e.g. '[SSSg] 123456789r 5g'",
    ),
    "shanten": (
        "shanten overall and per winning shape",
        "a hand of 13 tiles, or 14 with the drawn tile after '+', e.g. '123r 456r 789r SSg 5g 7b'",
    ),
    "discards": (
        "for each discard of a 14-tile hand: shanten after it and the useful tiles",
        "a 14-tile hand, the drawn tile after '+', e.g. '123r 456r 789r SSg 5g 7b +5g'",
    ),
    "score": (
        "score a complete hand",
        "a complete hand, the winning tile after '+', e.g. '[SSSg] 123r 456r 789r 5g +5g'",
    ),
    "render": (
        "draw a hand as SVG (or PNG with cairosvg)",
        "a hand of 13 or 14 tiles in notation, e.g. '[SSSg@2] 123r 456r 789r 5g +5g'",
    ),
}


def build_parser(*, json_errors: bool = False) -> argparse.ArgumentParser:
    """The argument parser; with ``json_errors`` its usage errors are JSON."""
    parser = _Parser(
        prog="unomahjong",
        description="UNO Mahjong and MCR hands: parse, waits, shanten, discards, score;\n"
        "the fan tables and their audit; games played by bots.",
        epilog=_examples("") + "\n\nrun 'unomahjong COMMAND --help' for a command's options",
        json_errors=json_errors,
    )
    parser.add_argument(
        "--version", action="version", version=f"unomahjong {__version__} ({_engine.describe()})"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = sub.add_parser(
            name,
            help=help_text,
            description=textwrap.fill(help_text, 79),  # laid out as written, so wrapped here
            epilog=_examples(name),
            json_errors=json_errors,
        )
        return p

    # The fields' docstrings; their names where the source cannot be read.
    context = {f: f.replace("_", " ") for f in (*FLAGS, "seat_wind", "prevalent_wind", "flowers")}
    context.update(field_help(WinContext))
    for name, (help_text, hand_help) in _HANDS.items():
        p = command(name, help_text)
        p.add_argument("hand", metavar="HAND", help=hand_help)
        _add_rules(p)
        if name == "render":
            p.add_argument(
                "-o",
                "--output",
                metavar="FILE",
                help="write FILE: .svg, or .png with cairosvg (default: SVG on stdout)",
            )
        else:
            _add_json(p)
        if name in ("waits", "discards"):
            p.add_argument(
                "--visible",
                metavar="TILES",
                help="tiles seen outside the hand (discards, other melds), e.g. '5g 5g Sb'"
                " (default: none)",
            )
        if name == "score":
            for f in FLAGS:
                p.add_argument(
                    "--" + f.replace("_", "-"), dest=f, action="store_true", help=context[f]
                )
            for f in ("seat_wind", "prevalent_wind"):
                p.add_argument(
                    "--" + f.replace("_", "-"),
                    default="E",
                    choices=WINDS,
                    metavar="WIND",
                    help=f"{context[f]} One of {', '.join(WINDS)}.",
                )
            p.add_argument(
                "--flowers", type=_values.whole, default=0, metavar="N", help=context["flowers"]
            )
            _add_rule_options(p)
    fans = command("fans", "print the fan table")
    _add_rules(fans)
    _add_json(fans)

    aud = command(
        "audit",
        "report fans that always occur together without an exclusion, and exclusions"
        " that never fire, over a seeded sample of winning hands (docs/audit.md)",
    )
    _add_rules(aud)
    aud.add_argument(
        "--hands",
        type=_values.at_least_one,
        default=AUDIT_HANDS,
        metavar="N",
        help="the sample size: the number of winning hands dealt and scored",
    )
    aud.add_argument(
        "--seed", type=_values.seed, default=0, metavar="S", help="the random seed (>= 0)"
    )
    _add_workers(aud)
    _add_plot(aud)
    _add_json(aud)

    play = command(
        "play",
        "play one hand of mahjong with bots and print it: UNO Mahjong, MCR or the"
        " Botzone judge's MCR (--rules)",
    )
    _add_game_options(play)
    play.add_argument(
        "--html",
        metavar="FILE",
        help="also write the replay viewer of the hand to FILE (default: none)",
    )
    play.add_argument(
        "--log",
        metavar="FILE",
        help="also write the hand's JSON Lines log to FILE (default: none)",
    )
    play.add_argument(
        "--key-file",
        metavar="FILE",
        help="sign the log's digests with the server key in FILE (its bytes, less one"
        " trailing newline; default: an unsigned chain)",
    )

    sim = command(
        "simulate",
        "play many hands of mahjong with bots and print statistics: UNO Mahjong, MCR or"
        " the Botzone judge's MCR (--rules)",
    )
    _add_game_options(sim)
    _add_games(
        sim,
        "the number of hands to play (with --duplicate: the number of walls, each played in"
        " every seating)",
    )
    sim.add_argument(
        "--duplicate",
        action="store_true",
        help="the duplicate format: play each wall once in every seating of the bots"
        " (24 hands a wall for four); the figures by seat are then by bot",
    )
    _add_workers(sim)
    _add_plot(sim)

    view = command("view", "write the replay viewer of a logged hand: one self-contained HTML page")
    view.add_argument(
        "log", metavar="LOG", help="the hand's JSON Lines log, or play --json output; - for stdin"
    )
    _add_page_options(view, "hand")
    view.add_argument(
        "--key-file",
        metavar="FILE",
        help="check the log's digests with the server key in FILE (its bytes, less one"
        " trailing newline; default: no key, the digests checked as an unsigned chain)",
    )
    view.add_argument(
        "--require-key",
        action="store_true",
        help="refuse the log unless it is signed and checked with --key-file's key",
    )

    _add_cards(command("cards", "play UNO, the card game: one hand, or many with statistics"),
               json_errors)  # fmt: skip
    _add_botzone(
        command("botzone", "play the Botzone judge's game with bots and bot programs"),
        json_errors,
    )

    return parser


def _add_botzone(botzone: argparse.ArgumentParser, json_errors: bool) -> None:
    """``botzone play`` and ``botzone replay``."""
    sub = botzone.add_subparsers(dest="botzone_command", required=True, metavar="BOTZONE_COMMAND")
    helps = {
        "play": "play one judge game with the library's bots and Botzone bot programs",
        "replay": "play a judge log again, checking every judge output it holds",
    }
    parsers: dict[str, argparse.ArgumentParser] = {
        name: sub.add_parser(
            name,
            help=text,
            description=text,
            epilog=_examples(f"botzone {name}"),
            json_errors=json_errors,
        )
        for name, text in helps.items()
    }
    play = parsers["play"]
    seed = play.add_argument(
        "--seed",
        type=_values.srand,
        default=0,
        metavar="S",
        help="the random seed, a 32-bit integer: the judge's srand, which deals the wall and"
        " the prevalent wind",
    )
    _alias(play, "--srand", seed)
    play.add_argument(
        "--quan",
        type=int,
        choices=range(4),
        default=None,
        metavar="Q",
        help="the prevalent wind, 0 (East) to 3 (North) (default: drawn from the seed)",
    )
    play.add_argument(
        "--bots",
        default="greedy",
        metavar="NAMES",
        help="random or greedy: one name for every seat, or comma-separated, one per seat",
    )
    play.add_argument(
        "--program",
        action="append",
        metavar="SEAT=COMMAND",
        help="seat a Botzone bot program: a new process each turn, given the seat's history;"
        " repeat for several seats (default: none, the --bots in every seat)",
    )
    play.add_argument(
        "--timeout",
        type=_values.seconds,
        default=1.0,
        metavar="T",
        help="seconds a program may take a turn, at most 60; past it, the verdict TLE",
    )
    play.add_argument(
        "--max-memory",
        type=_values.at_least_zero,
        default=1024,
        metavar="MIB",
        help="the address space a program may take, in MiB, where the system can limit it;"
        " 0 for no limit",
    )
    play.add_argument(
        "--json-io",
        action="store_true",
        help="speak to the programs in Botzone's JSON interaction (default: the simple one)",
    )
    play.add_argument(
        "--log", metavar="FILE", help="also write the judge's log (JSON) to FILE (default: none)"
    )
    _add_json(play)
    replay = parsers["replay"]
    replay.add_argument("log", metavar="LOG", help="the judge log (JSON); - for stdin")
    _add_json(replay)


_CARD_BOTS_HELP = (
    "greedy, random (a random card whenever one can be played) or uniform (any legal action,"
    " draws included: very long hands): one name for every seat, or comma-separated, one per seat"
)


def _add_cards(cards: argparse.ArgumentParser, json_errors: bool) -> None:
    """``cards play``, ``match``, ``simulate`` and ``view``, with the card rules' options."""
    from ..cards import CardRules
    from ._cards import card_options

    docs = field_help(CardRules)
    sub = cards.add_subparsers(dest="cards_command", required=True, metavar="CARDS_COMMAND")
    helps = {
        "play": "play one hand of UNO cards with bots and print it",
        "match": "play a match of UNO cards with bots: each hand's scores and the running totals",
        "simulate": "play many hands of UNO cards with bots and print statistics",
    }
    view = sub.add_parser(
        "view",
        help="write the replay viewer of a logged hand of cards: one self-contained HTML page",
        description="write the replay viewer of a logged hand of cards: one self-contained"
        " HTML page",
        epilog=_examples("cards view"),
        json_errors=json_errors,
    )
    view.add_argument(
        "log",
        metavar="LOG",
        help="the hand's JSON Lines log, or cards play --json output; - for stdin",
    )
    _add_page_options(view, "hand")
    view.add_argument(
        "--key-file",
        metavar="FILE",
        help="check the log's digests with the server key in FILE (its bytes, less one"
        " trailing newline; default: no key)",
    )
    target = docs.get("target", "the match's end")
    for name, help_text in helps.items():
        p: argparse.ArgumentParser = sub.add_parser(
            name,
            help=help_text,
            description=help_text,
            epilog=_examples(f"cards {name}"),
            json_errors=json_errors,
        )
        _add_seats(p, 10, _CARD_BOTS_HELP)
        for option in card_options():
            p.add_argument(
                "--" + option.replace("_", "-"),
                dest=option,
                action="store_true",
                help=docs.get(option, option.replace("_", " ")),
            )
        p.add_argument(
            "--target",
            type=_values.at_least_one,
            default=None,
            metavar="N",
            help=(
                target
                if name == "match"
                else target + " A hand does not depend on it: here it only names the rules"
                " (cards[target=N]); cards match plays to it."
            )
            + " (default: 500)",
        )
        _add_json(p)
        if name == "play":
            p.add_argument(
                "--log",
                metavar="FILE",
                help="also write the hand's JSON Lines log to FILE (default: none)",
            )
            p.add_argument(
                "--html",
                metavar="FILE",
                help="also write the replay viewer of the hand to FILE (default: none)",
            )
        elif name == "match":
            p.add_argument(
                "--log",
                metavar="DIR",
                help="also write each hand's JSON Lines log to DIR/hand-1.jsonl, hand-2.jsonl,"
                " ... (DIR made if missing; default: none)",
            )
            p.add_argument(
                "--html",
                metavar="DIR",
                help="also write each hand's replay viewer to DIR/hand-1.html, ... (default: none)",
            )
        if name in ("play", "match"):
            p.add_argument(
                "--key-file",
                metavar="FILE",
                help=f"sign the {'log' if name == 'play' else 'logs'}' digests with the server"
                " key in FILE (its bytes, less one trailing newline; default: an unsigned chain)",
            )
        else:
            _add_games(p, "the number of hands to play", "--hands")
            _add_workers(p)
            _add_plot(p)
