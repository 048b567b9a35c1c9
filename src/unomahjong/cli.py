"""The ``unomahjong`` command line: parse, waits, shanten and discards.

Human-readable output by default, ``--json`` for machines (the JSON shapes
are a public contract, documented in docs/cli.md). Invalid input prints one
line on stderr and exits with status 2.

The command survives its environment (docs/cli.md#exit-status-and-environment):
output is UTF-8 whatever the locale; an error line goes to stderr only, and
nowhere when stderr is closed; output that cannot be written (stdout closed
or full) is one line and status 1; a reader that goes away (``| head``)
ends the command quietly; Ctrl-C is one line and status 130.
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from . import _engine
from ._checks import describe
from ._version import __version__
from .context import FLAGS, WinContext
from .errors import MahjongError
from .hand import Hand
from .notation import MAX_TILES_LENGTH, format_meld, format_tiles, parse_hand, parse_tiles
from .rules import get_rules
from .scoring import decomposition_groups, display_width, score
from .shanten import discard_options, live_waits, shanten, shanten_by_shape

__all__ = ["main"]
"""The command line's Python surface is ``main``; its contract is the
commands' output (docs/cli.md), not the helpers that produce it."""

EXIT_OK = 0
EXIT_OUTPUT = 1
"""The output could not be written: stdout closed, full, or failing."""
EXIT_INVALID = 2
EXIT_INTERRUPTED = 130
"""Ctrl-C (128 + SIGINT), after one line on stderr."""

MAX_ARGUMENTS = 256
"""The most arguments the command takes: ``score`` with every flag and
option given once has about 30."""
MAX_ARGUMENT_LENGTH = MAX_TILES_LENGTH
"""The most characters of one argument: the longest text any option reads
(``--visible``, a list of tiles). Hands are held to their own, shorter limit
(``notation.MAX_HAND_LENGTH``) by the parser."""


class _UsageError(Exception):
    """A command that cannot run on the given hand (e.g. waits on 14 tiles)."""


class _OutputError(Exception):
    """Standard output cannot take the command's output."""


class _Interrupted(Exception):
    """Ctrl-C, after the command printed what it had finished; the message
    says how far it got."""


# ------------------------------------------------------------------ output
#
# Every byte the command line writes goes through _write: UTF-8 whatever
# the locale or PYTHONIOENCODING says (JSON is UTF-8, and fan names are
# Chinese), to stdout only by _out and to stderr only by _err.


def _is_utf8(stream: TextIO) -> bool:
    try:
        return codecs.lookup(stream.encoding or "").name == "utf-8"
    except (AttributeError, LookupError, TypeError):
        return False


def _write(stream: TextIO, text: str) -> None:
    buffer = getattr(stream, "buffer", None)
    if buffer is None or _is_utf8(stream):
        stream.write(text)
    else:
        stream.flush()  # what the text layer holds goes first
        buffer.write(text.encode("utf-8"))


def _reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    if isinstance(e, UnicodeError):
        return "it cannot be encoded for this stream"
    return str(e) or type(e).__name__


def _out(text: str, end: str = "\n") -> None:
    """Part of the command's output, on stdout."""
    stream = sys.stdout
    if stream is None:
        raise _OutputError("standard output is closed")
    try:
        _write(stream, text + end)
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as e:  # ValueError: a closed stream, UnicodeError
        raise _OutputError(_reason(e)) from None


def _flush_stdout() -> None:
    stream = sys.stdout
    if stream is None:
        return
    try:
        stream.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as e:
        raise _OutputError(_reason(e)) from None


def _err(text: str, end: str = "\n") -> None:
    """A message on stderr; never on stdout, and nowhere when stderr is
    closed or cannot be written."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        _write(stream, text + end)
        stream.flush()
    except (OSError, ValueError):
        pass


def _silence_stdout() -> None:
    """Point stdout's file descriptor at /dev/null, so that the interpreter's
    last flush of what stdout still buffers neither fails nor prints
    "Exception ignored" once the command has reported the failure."""
    stream = sys.stdout
    if stream is None:
        return
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):
        return  # not a file (an in-process capture): nothing is flushed at exit
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def _is_tty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


def _hand(args: argparse.Namespace) -> Hand:
    return parse_hand(args.hand, args.rules)


def _emit(args: argparse.Namespace, data: dict[str, Any], lines: Sequence[str]) -> None:
    if args.json:
        _out(json.dumps(data, ensure_ascii=False))
    else:
        _out("\n".join(lines))


def cmd_parse(args: argparse.Namespace) -> None:
    """Show the canonical form and the parts of a hand."""
    h = _hand(args)
    data = {
        "canonical": str(h),
        "concealed": [str(t) for t in h.concealed],
        "melds": [{"kind": m.json_kind, "tiles": [str(t) for t in m.tiles]} for m in h.melds],
        "win": None if h.win is None else str(h.win),
    }
    lines = [
        f"canonical  {h}",
        f"concealed  {' '.join(str(t) for t in h.concealed)}",
        f"melds      {' '.join(format_meld(m) for m in h.melds) or '-'}",
        f"win        {h.win if h.win is not None else '- (13-tile hand)'}",
        f"shanten    {shanten(h)}",
    ]
    _emit(args, data, lines)


def cmd_waits(args: argparse.Namespace) -> None:
    """The tiles that complete a 13-tile hand, with unseen copies."""
    h = _hand(args)
    if h.win is not None:
        raise _UsageError(
            "waits needs a 13-tile hand (without '+tile'); for 14 tiles use 'discards'"
        )
    visible = parse_tiles(args.visible, args.rules) if args.visible else ()
    live = live_waits(h, visible)
    s = shanten(h)
    data = {"shanten": s, "waits": [str(t) for t in live]}
    if live:
        shown = "  ".join(f"{t} ({n} left)" for t, n in live.items())
        lines = [f"shanten  {s}", f"waits    {shown}"]
    else:
        lines = [f"shanten  {s}", "waits    none (the hand is not ready)"]
    _emit(args, data, lines)


def cmd_shanten(args: argparse.Namespace) -> None:
    """Shanten overall and per winning shape."""
    h = _hand(args)
    per = shanten_by_shape(h)
    s = shanten(h)
    data = {"shanten": s, "shapes": {shape.value: n for shape, n in per.items()}}
    lines = [f"shanten  {s}"] + [f"  {shape.value:<20} {n}" for shape, n in per.items()]
    _emit(args, data, lines)


def cmd_discards(args: argparse.Namespace) -> None:
    """For each discard of a 14-tile hand: shanten after it and the useful tiles."""
    h = _hand(args)
    if h.win is None:
        raise _UsageError("discards needs a 14-tile hand: write the drawn tile after '+'")
    visible = parse_tiles(args.visible, args.rules) if args.visible else ()
    options = discard_options(h, visible)
    data = {
        "discards": [
            {
                "tile": str(o.tile),
                "shanten": o.shanten,
                "useful": {str(t): n for t, n in o.useful.items()},
                "useful_count": o.useful_count,
            }
            for o in options
        ]
    }
    lines = [
        f"discard {o.tile!s:<3} shanten {o.shanten}  useful {o.useful_count:>3}: "
        + " ".join(str(t) for t in o.useful)
        for o in options
    ]
    _emit(args, data, lines)


def cmd_score(args: argparse.Namespace) -> None:
    """Score a complete hand."""
    h = _hand(args)
    if h.win is None:
        raise _UsageError("score needs a complete hand: write the winning tile after '+'")
    ctx = WinContext(
        **{f: getattr(args, f) for f in FLAGS},
        seat_wind=args.seat_wind,
        prevalent_wind=args.prevalent_wind,
        flowers=args.flowers,
    )
    s = score(h, ctx, args.rules)
    groups = " ".join(decomposition_groups(s.decomposition))
    _emit(args, s.as_dict(), [str(s), f"  reading: {groups}"])


def cmd_fans(args: argparse.Namespace) -> None:
    """Print the fan table of a rule set."""
    table = get_rules(args.rules).fans
    rows = [
        {
            "number": r.number,
            "id": r.id,
            "zh": r.zh,
            "en": r.en,
            "points": r.points,
            "excludes": [table[x].zh for x in r.excludes],
            "absorbs": [table[x].zh for x in r.absorbs],
            "definition": r.definition,
        }
        for r in table
    ]
    lines = []
    for r in table:
        excl = [table[x].zh for x in r.excludes] + [f"{table[x].zh}(own)" for x in r.absorbs]
        pad = " " * (12 - display_width(r.zh))
        lines.append(f"{r.number:>3} {r.zh}{pad}{r.en:<32}{r.points:>4}  {'、'.join(excl) or '-'}")
    _emit(args, {"rules": table.name, "fans": rows}, lines)


def cmd_audit(args: argparse.Namespace) -> None:
    """Rules audit: implied fan pairs and exclusions that never fire."""
    from .audit import audit

    report = audit(args.rules, hands=args.hands, seed=args.seed)
    data = {
        "rules": report.rules,
        "hands": report.hands,
        "never_seen": list(report.never),
        "implied": [{"a": a, "b": b, "hands": n} for a, b, n in report.implied],
        "silent_exclusions": [{"a": a, "b": b, "hands": n} for a, b, n in report.silent],
    }
    _emit(args, data, [str(report)])


def _bots(spec: str, players: int, seed: int) -> list[Any]:
    from .game import GreedyBot, RandomBot

    names = spec.split(",") if spec else ["greedy"] * players
    if len(names) != players:
        raise _UsageError(f"--bots names {len(names)} bots for {players} players")
    out: list[Any] = []
    for i, name in enumerate(names):
        if name == "random":
            out.append(RandomBot(seed * 1000 + i))
        elif name == "greedy":
            out.append(GreedyBot())
        else:
            raise _UsageError(f"unknown bot {_shown(name)}: use random or greedy")
    return out


def cmd_play(args: argparse.Namespace) -> None:
    """Play one hand with bots and print it readably."""
    from .game import play_hand

    bots = _bots(args.bots, args.players, args.seed)
    board = play_hand("uno", bots, seed=args.seed)
    lines = [f"seed {args.seed}, {args.players} players, dealer 0, bots {args.bots or 'greedy'}"]
    for i, s in enumerate(board.initial_state.seats):
        lines.append(f"  seat {i} dealt  {format_tiles(s.concealed)}")
    for seat, action, events in board.moves:
        shown = ", ".join(
            f"{e.kind}{' ' + str(e.tile) if e.tile else ''} (seat {e.seat})" for e in events
        )
        lines.append(f"seat {seat}: {action}" + (f"  -> {shown}" if shown else ""))
    result = board.outcome()
    assert result is not None
    if result.exhaustive:
        lines.append("exhaustive draw (荒牌): no payments")
    for w in result.wins:
        how = "self-drawn" if w.from_seat is None else f"on seat {w.from_seat}'s tile"
        lines.append(f"seat {w.seat} wins {how}, {w.score.total} points:")
        lines.extend(
            f"    {f.zh} {f.en} {f.points}" + (f" x{f.count}" if f.count > 1 else "")
            for f in w.score.fans
        )
    lines.append("payments " + " ".join(f"{p:+d}" for p in result.payments))
    log = board.log_lines()
    if args.html is not None:
        from .render.viewer import replay_html

        _write_file(args.html, replay_html(log))
    _emit(args, {"log": log}, lines)


def cmd_simulate(args: argparse.Namespace) -> None:
    """Play many hands with bots and print statistics as one JSON object."""
    import time

    from .game import play_hand

    bots = _bots(args.bots, args.players, args.seed)
    bar = _is_tty(sys.stderr)
    start = time.perf_counter()
    # The statistics of the finished games, replaced whole after each game
    # (one assignment), so that Ctrl-C leaves those of the games before it.
    done: tuple[int, int, int, int, int, dict[str, int]] = (0, 0, 0, 0, 0, {})
    interrupted = False
    try:
        for g in range(args.games):
            board = play_hand("uno", bots, dealer=g % args.players, seed=args.seed * 1_000_003 + g)
            result = board.outcome()
            assert result is not None
            games, wins, draws, total, winners, fans = done
            fans = dict(fans)
            if result.exhaustive:
                draws += 1
            else:
                wins += 1
            for w in result.wins:
                total += w.score.total
                winners += 1
                for f in w.score.fans:
                    fans[f.zh] = fans.get(f.zh, 0) + f.count
            done = (games + 1, wins, draws, total, winners, fans)
            if bar and (g % 10 == 9 or g == args.games - 1):
                shown = (g + 1) / args.games
                _err(f"\r[{'#' * int(shown * 30):<30}] {g + 1}/{args.games}", end="")
    except KeyboardInterrupt:
        interrupted = True
    if bar:
        _err("")
    elapsed = time.perf_counter() - start
    games, wins, draws, total, winners, fan_frequency = done
    data = {
        "games": games,
        "wins": wins,
        "draws": draws,
        "win_rate": wins / games if games else 0.0,
        "draw_rate": draws / games if games else 0.0,
        "average_total": total / winners if winners else 0.0,
        "fan_frequency": dict(sorted(fan_frequency.items(), key=lambda kv: (-kv[1], kv[0]))),
        "games_per_second": games / elapsed if elapsed else 0.0,
    }
    _emit(args, data, [json.dumps(data, ensure_ascii=False, indent=2)])
    if interrupted:
        raise _Interrupted(
            f"interrupted after {games} of {args.games} games"
            f" (the statistics printed are of those {games})"
        )


def cmd_render(args: argparse.Namespace) -> None:
    """Draw a hand as SVG (docs/render.md): to stdout, or to ``-o`` FILE.svg,
    or FILE.png when cairosvg is installed (else the SVG beside it, and exit 2)."""
    from pathlib import Path

    from .render import hand_svg, svg_to_png

    svg = hand_svg(_hand(args))
    if args.output is None:
        _out(svg, end="")
        return
    path = Path(args.output)
    suffix = path.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise _UsageError(f"-o names a .svg or .png file, not {args.output!r}")
    try:
        if suffix == ".svg":
            path.write_text(svg, encoding="utf-8")
            return
        try:
            png = svg_to_png(svg)
        except ImportError:
            fallback = path.with_suffix(".svg")
            fallback.write_text(svg, encoding="utf-8")
            raise _UsageError(
                f"PNG output needs cairosvg (pip install cairosvg); wrote SVG to {fallback}"
            ) from None
        path.write_bytes(png)
    except OSError as e:
        raise _UsageError(f"cannot write {e.filename or path}: {e.strerror or e}") from None


MAX_LOG_BYTES = 16_777_216
"""The most bytes ``view`` reads from a log (16 MiB): a round of eight
players logs a few hundred kilobytes at most."""


def _write_file(name: str, text: str) -> None:
    """Write a page or picture the command was asked for; exit 2 if it cannot."""
    from pathlib import Path

    path = Path(name)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise _UsageError(f"cannot write {e.filename or path}: {e.strerror or e}") from None


def _log_lines(text: str) -> list[str]:
    """A round's log from a file's text: JSON Lines, or the one JSON object
    that ``play --json`` prints (its ``log`` list)."""
    head = text.lstrip()
    if head.startswith("{") and "\n" not in head.rstrip():
        try:
            obj = json.loads(head)
        except json.JSONDecodeError:
            obj = None
        if isinstance(obj, dict) and "type" not in obj and isinstance(obj.get("log"), list):
            return [line for line in obj["log"] if isinstance(line, str)]
    return text.splitlines()


def cmd_view(args: argparse.Namespace) -> None:
    """Write the replay viewer of a logged round (docs/viewer.md): one HTML
    page, to ``-o`` FILE or stdout."""
    from pathlib import Path

    from .render.viewer import replay_html

    try:
        if args.log == "-":
            stream = sys.stdin
            if stream is None:
                raise _UsageError("standard input is closed")
            source = getattr(stream, "buffer", stream)
            raw = source.read(MAX_LOG_BYTES + 1)
        else:
            with Path(args.log).open("rb") as f:
                raw = f.read(MAX_LOG_BYTES + 1)
        if len(raw) > MAX_LOG_BYTES:
            raise _UsageError(
                f"the log has more than {MAX_LOG_BYTES:,} bytes; a round's log is far"
                " smaller [too-long]"
            )
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except OSError as e:
        raise _UsageError(f"cannot read {e.filename or args.log}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise _UsageError(f"{_shown(args.log)} is not UTF-8 text") from None
    page = replay_html(_log_lines(text), seat=args.seat)
    if args.output is None:
        _out(page, end="")
    else:
        _write_file(args.output, page)


COMMANDS: dict[str, tuple[Callable[[argparse.Namespace], None], str]] = {
    "parse": (cmd_parse, "show a hand's canonical form and parts"),
    "waits": (cmd_waits, "the winning tiles of a 13-tile hand"),
    "shanten": (cmd_shanten, "shanten overall and per shape"),
    "discards": (cmd_discards, "discard analysis of a 14-tile hand"),
    "score": (cmd_score, "score a complete hand"),
    "render": (cmd_render, "draw a hand as SVG (or PNG with cairosvg)"),
}


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr (exit 2),
    like every other invalid input; ``--help`` still shows the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_INVALID, f"{self.prog}: {_bounded(message)}\n")

    def _print_message(self, message: str, file: object = None) -> None:
        # Help and --version go to stdout (argparse passes sys.stdout, which
        # is None when stdout is closed), usage errors to stderr; both in
        # UTF-8, and an error never on stdout.
        if not message:
            return
        if file is sys.stdout:
            _out(message, end="")
        else:
            _err(message, end="")


_WHOLE = re.compile(r"-?[0-9]{1,100}", re.ASCII)
"""A whole number as the command line takes it: ASCII digits only (``int``
would also read "１２", "٤", " 12 ", "+5" and "1_000"), at most 100."""


def _shown(text: str) -> str:
    """An argument quoted in a message: at most about 40 characters."""
    return repr(text) if len(text) <= 40 else repr(text[:37]) + f"... ({len(text)} characters)"


_QUOTED = re.compile(r"'([^'\n]{41,})'")
_RUN = re.compile(r"[^\s']{41,}")
"""An unquoted word of more than 40 characters (an unrecognized argument)."""
_MESSAGE = 300
"""Characters of an argparse message, at most (it may list arguments)."""


def _bounded(message: str) -> str:
    """An argparse message with each quoted argument cut to about 40
    characters, and the whole cut to :data:`_MESSAGE`."""
    message = _QUOTED.sub(lambda m: _shown(m.group(1)), message)
    message = _RUN.sub(lambda m: m.group(0)[:37] + "...", message)
    if len(message) > _MESSAGE:
        message = message[: _MESSAGE - 3] + "..."
    return message


def _too_long(argv: Sequence[str]) -> str | None:
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


def _whole(text: str) -> int:
    """An argparse type: a whole number in ASCII digits (a seed may be negative)."""
    if not _WHOLE.fullmatch(text):
        too_long = re.fullmatch(r"-?[0-9]+", text, re.ASCII) is not None
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} has more than 100 digits"
            if too_long
            else f"{_shown(text)} is not a whole number in ASCII digits 0-9"
        )
    return int(text)


def _at_least_one(text: str) -> int:
    """An argparse type: a whole number >= 1 (a count of hands or games)."""
    n = _whole(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} is not a count: give 1 or more")
    return n


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for documentation tools)."""
    parser = _Parser(
        prog="unomahjong", description="UNO Mahjong and MCR hands: parse, waits, shanten."
    )
    engine = "compiled core" if _engine.COMPILED else "pure Python"
    parser.add_argument(
        "--version", action="version", version=f"unomahjong {__version__} ({engine})"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    fans = sub.add_parser("fans", help="print the fan table", description="print the fan table")
    fans.add_argument("--rules", choices=("uno", "mcr"), default="uno", help="rule set")
    fans.add_argument("--json", action="store_true", help="print one JSON object")
    aud = sub.add_parser(
        "audit",
        help="audit the fan table on sampled hands",
        description="report fans that always co-occur without an exclusion, and exclusions "
        "that never fire, over a seeded sample of winning hands",
    )
    aud.add_argument("--rules", choices=("uno", "mcr"), default="uno", help="rule set")
    aud.add_argument("--hands", type=_at_least_one, default=2000, help="sample size")
    aud.add_argument("--seed", type=_whole, default=0, help="random seed")
    aud.add_argument("--json", action="store_true", help="print one JSON object")
    for name, help_text in (
        ("play", "play one hand of UNO Mahjong with bots and print it"),
        ("simulate", "play many hands with bots and print statistics"),
    ):
        g = sub.add_parser(name, help=help_text, description=help_text)
        g.add_argument("--seed", type=_whole, default=0, help="random seed")
        g.add_argument("--players", type=_whole, default=4, choices=range(2, 9), metavar="2..8")
        g.add_argument("--bots", default="", help="comma-separated: random or greedy per seat")
        g.add_argument("--json", action="store_true", help="print one JSON object")
        if name == "simulate":
            g.add_argument("--games", type=_at_least_one, default=100, help="number of hands")
        else:
            g.add_argument(
                "--html", metavar="FILE", help="also write the replay viewer of the hand to FILE"
            )
    view_help = "write the replay viewer of a logged round: one self-contained HTML page"
    view = sub.add_parser("view", help=view_help, description=view_help)
    view.add_argument(
        "log", metavar="LOG", help="the round's JSON Lines log (or play --json output); - for stdin"
    )
    view.add_argument(
        "-o", "--output", metavar="FILE", help="write the page to FILE (default: stdout)"
    )
    view.add_argument(
        "--seat",
        type=_whole,
        metavar="N",
        help="show the round as seat N saw it (default: every hand open)",
    )
    for name, (_, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("hand", help="the hand in notation, e.g. '[SSSg] 123456789r 5g +5g'")
        p.add_argument("--rules", choices=("uno", "mcr"), default="uno", help="rule set")
        if name == "render":
            p.add_argument(
                "-o",
                "--output",
                metavar="FILE",
                help="write FILE: .svg, or .png with cairosvg (default: SVG on stdout)",
            )
        else:
            p.add_argument("--json", action="store_true", help="print one JSON object")
        if name in ("waits", "discards"):
            p.add_argument("--visible", default="", help="tiles seen elsewhere, e.g. '5g 5g Sb'")
        if name == "score":
            for f in FLAGS:
                p.add_argument("--" + f.replace("_", "-"), dest=f, action="store_true")
            p.add_argument("--seat-wind", default="E", help="MCR: E, S, W or N")
            p.add_argument("--prevalent-wind", default="E", help="MCR: E, S, W or N")
            p.add_argument("--flowers", type=_whole, default=0, help="MCR: flowers set aside")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (docs/cli.md): 0 done,
    1 the output could not be written, 2 invalid input, 130 interrupted."""
    prefix = "unomahjong"
    if argv is not None:
        given = argv
        try:
            argv = None if isinstance(given, (str, bytes)) else list(given)
        except TypeError:
            argv = None
        if argv is None or not all(isinstance(a, str) for a in argv):
            _err(f"{prefix}: the arguments are a list of str, not {describe(given)}")
            return EXIT_INVALID
    refused = _too_long(sys.argv[1:] if argv is None else argv)
    if refused is not None:
        _err(f"{prefix}: {refused}")
        return EXIT_INVALID
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit:
            _flush_stdout()  # --help and --version print before exiting
            raise
        prefix = f"unomahjong {args.command}"
        extra = {
            "fans": cmd_fans,
            "audit": cmd_audit,
            "play": cmd_play,
            "simulate": cmd_simulate,
            "view": cmd_view,
        }
        func = extra[args.command] if args.command in extra else COMMANDS[args.command][0]
        func(args)
        _flush_stdout()
    except (MahjongError, _UsageError) as e:
        _err(f"{prefix}: {e}")
        return EXIT_INVALID
    except _Interrupted as e:
        try:
            _flush_stdout()
        except (BrokenPipeError, _OutputError):
            _silence_stdout()
        _err(f"{prefix}: {e}")
        return EXIT_INTERRUPTED
    except KeyboardInterrupt:
        _err(f"{prefix}: interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        _silence_stdout()
        return EXIT_OK
    except _OutputError as e:
        _silence_stdout()
        _err(f"{prefix}: cannot write the output: {e}")
        return EXIT_OUTPUT
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
