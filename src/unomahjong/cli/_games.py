"""The commands on games: play, simulate and view."""

from __future__ import annotations

import argparse
import json
import math
import sys
import warnings
from typing import Any

from .._text import display_width, pad
from ..model.notation import format_tiles
from . import _io
from ._io import UsageError, emit, shown
from ._parser import PLAYED_RULES
from ._progress import Progress

BOT_NAMES = ("greedy", "random")

MAX_LOG_BYTES = 16_777_216
"""The most bytes ``view`` reads from a log (16 MiB): a hand of eight
players logs a few hundred kilobytes at most."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def bot_names(spec: str, players: int) -> list[str]:
    """The bots ``--bots`` names, one per seat: one name means every seat."""
    names = [name.strip() for name in spec.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise UsageError(
            "bad-bots",
            f"--bots names {_plural(len(names), 'bot')} for {_plural(players, 'player')}:"
            " give one name for every seat, or one per seat",
        )
    for name in names:
        if name not in BOT_NAMES:
            raise UsageError("bad-bots", f"unknown bot {shown(name)}: use random or greedy")
    return names


def _bots(spec: str, players: int, seed: int) -> list[Any]:
    """The bots of ``play``: a random bot in seat ``i`` seeded ``seed * 1000 + i``."""
    from ..game import GreedyBot, RandomBot

    return [
        GreedyBot() if name == "greedy" else RandomBot(seed * 1000 + i)
        for i, name in enumerate(bot_names(spec, players))
    ]


def _played(args: argparse.Namespace) -> str:
    """The rule set to play, or a usage error when the engine cannot play it."""
    if args.rules not in PLAYED_RULES:
        raise UsageError(
            "no-game-flow",
            f"the {args.rules} rules have no game flow: their hands can be parsed,"
            " analysed and scored (parse, waits, shanten, discards, score) [no-game-flow]",
        )
    return str(args.rules)


def write_file(name: str, text: str) -> None:
    """Write a page or picture the command was asked for; exit 2 if it cannot."""
    from pathlib import Path

    path = Path(name)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise UsageError(
            "cannot-write", f"cannot write {e.filename or path}: {e.strerror or e}"
        ) from None


def outcome_json(result: Any) -> dict[str, Any]:
    """A hand's outcome as ``play --json`` prints it: the wins (seat, the
    seat that dealt in, or None when self-drawn, and the score in the
    ``score --json`` shape), whether it was an exhaustive draw, and the
    payments per seat."""
    return {
        "exhaustive": result.exhaustive,
        "wins": [
            {"seat": w.seat, "from_seat": w.from_seat, "score": w.score.as_dict()}
            for w in result.wins
        ],
        "payments": list(result.payments),
    }


def cmd_play(args: argparse.Namespace) -> None:
    """Play one hand with bots and print it readably."""
    from ..game import play_hand
    from ..render.viewer import event_text

    rules = _played(args)
    bots = _bots(args.bots, args.players, args.seed)
    board = play_hand(rules, bots, seed=args.seed)
    lines = [f"seed {args.seed}, {args.players} players, dealer 0, bots {args.bots}"]
    for i, s in enumerate(board.initial_state.seats):
        lines.append(f"  seat {i} dealt  {format_tiles(s.concealed)}")
    states = board.states
    width = max((len(str(action)) for _, action, _ in board.moves), default=0)
    for (seat, action, events), before, after in zip(
        board.moves, states[:-1], states[1:], strict=True
    ):
        told = "; ".join(
            event_text(e, "" if e.tile is None else e.tile.notation, before, after) for e in events
        )
        lines.append(f"seat {seat} action: {action!s:<{width}}  events: {told or '-'}")
    result = board.outcome()
    assert result is not None  # play_hand returns a finished board
    if result.exhaustive:
        lines.append("exhaustive draw (荒牌): no payments")
    for w in result.wins:
        how = "self-drawn" if w.from_seat is None else f"on seat {w.from_seat}'s tile"
        lines.append(f"seat {w.seat} wins {how}, {w.score.total} points:")
        zh = max((display_width(f.zh) for f in w.score.fans), default=0)
        en = max((display_width(f.en) for f in w.score.fans), default=0)
        lines.extend(
            f"    {pad(f.zh, zh)}  {pad(f.en, en)}  {f.points:>3}"
            + (f" x{f.count}" if f.count > 1 else "")
            for f in w.score.fans
        )
    lines.append("payments " + " ".join(f"{p:+d}" for p in result.payments))
    log = board.log_lines(key=key_of(args.key_file))
    if args.log is not None:
        write_file(args.log, "".join(line + "\n" for line in log))
    if args.html is not None:
        from ..render.viewer import replay_html

        write_file(args.html, replay_html(log))
    data = {"log": [json.loads(line) for line in log], "outcome": outcome_json(result)}
    emit(args.json, data, lines)


def check_plot(args: argparse.Namespace) -> None:
    """Refuse a ``--plot`` name that is not .svg or .png before any work."""
    from pathlib import Path

    if args.plot is not None and Path(args.plot).suffix.lower() not in (".svg", ".png"):
        raise UsageError("bad-output", f"--plot names a .svg or .png file, not {shown(args.plot)}")


def write_plot(plot: Any, report: Any, name: str) -> None:
    """Draw ``report`` to the file ``name`` with ``plot``; exit 2 if it
    cannot. A picture drawn without the Chinese names says why, and how to
    get them, in one line on stderr."""
    from ..render.plots import MissingFontWarning

    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", MissingFontWarning)
            plot(report, name)
        for w in caught:
            if issubclass(w.category, MissingFontWarning):
                _io.err(f"unomahjong: note: {w.message}")
            else:
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    except OSError as e:
        raise UsageError(
            "cannot-write", f"cannot write {e.filename or name}: {e.strerror or e}"
        ) from None


def _rate(x: float) -> str:
    return f"{100 * x:.1f}%"


TOP_FANS = 10
"""The most frequent fans the human output of ``simulate`` lists."""


_SEAT_COLUMNS = ("seat", "bot", "wins", "win rate", "self-drawn", "dealt in", "net points")


def per_seat(report: Any) -> list[dict[str, Any]]:
    """Each seat's statistics, as ``simulate --json`` gives them."""
    return [
        {
            "seat": seat,
            "bot": report.bots[seat],
            "wins": report.wins_by_seat[seat],
            "win_rate": report.win_rate_by_seat[seat],
            "self_draws": report.self_draws_by_seat[seat],
            "deal_ins": report.deal_ins_by_seat[seat],
            "net_points": report.points_by_seat[seat],
        }
        for seat in range(report.players)
    ]


def simulation_json(report: Any) -> dict[str, Any]:
    """``simulate --json``: the report's ``to_json()``, with ``fan_frequency``
    keyed by fan id (names included) and ``per_seat``."""
    data: dict[str, Any] = report.to_json()
    data["fan_frequency"] = {
        fan_id: {"zh": zh, "en": en, "count": n}
        for fan_id, n in report.fan_frequency.items()
        for zh, en in [report.fan_name(fan_id)]
    }
    data["per_seat"] = per_seat(report)
    return data


def simulation_lines(report: Any) -> list[str]:
    """A simulation report as readable tables, aligned by display width."""
    bots = report.bots[0] if len(set(report.bots)) == 1 else ",".join(report.bots)
    rows = [
        (
            str(s["seat"]),
            s["bot"],
            str(s["wins"]),
            _rate(s["win_rate"]),
            str(s["self_draws"]),
            str(s["deal_ins"]),
            f"{s['net_points']:+d}",
        )
        for s in per_seat(report)
    ]
    widths = [max(display_width(r[i]) for r in [_SEAT_COLUMNS, *rows]) for i in range(7)]
    lines = [
        f"{report.games} hands of {report.rules}, {report.players} players,"
        f" bots {bots}, seed {report.seed}",
        "",
    ]
    if report.duplicate:
        lines[1:1] = [
            "duplicate format: each wall played in every seating; the rows are the bots,"
            " in the order --bots names them"
        ]
    for row in [_SEAT_COLUMNS, *rows]:
        cells = [pad(row[0], widths[0], ">"), pad(row[1], widths[1])]
        cells += [pad(cell, width, ">") for cell, width in zip(row[2:], widths[2:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    lines += [
        "",
        f"draws          {report.draws} ({_rate(report.draw_rate)})",
        f"average total  {report.average_total:.1f} points per win",
        f"hands/s        {round(report.games_per_second)}",
    ]
    top = list(report.fan_frequency.items())[:TOP_FANS]
    if top:
        names = [report.fan_name(fan_id) for fan_id, _ in top]
        zh = max(display_width(z) for z, _ in names)
        en = max(display_width(e) for _, e in names)
        count = max(len(str(n)) for _, n in top)
        lines += ["", "most frequent fans (times counted):"]
        for (z, e), (_, n) in zip(names, top, strict=True):
            lines.append(f"  {pad(z, zh)}  {pad(e, en)}  {n:>{count}}")
    return lines


def cmd_simulate(args: argparse.Namespace) -> None:
    """Play many hands with bots (``simulate``, on one core or many) and
    print their statistics."""
    from ..game import Board
    from ..render.plots import plot_simulation
    from ..research import simulation
    from ..rules.rule_sets import get_rules

    rules = _played(args)
    check_plot(args)
    bots = bot_names(args.bots, args.players)
    # What simulate refuses first (a player count the rules do not seat),
    # refused before the bar announces any work.
    Board(get_rules(rules), players=args.players, seed=0)
    seatings = math.factorial(args.players) if args.duplicate else 1
    total = args.games * seatings
    bar = Progress(
        "simulate",
        total,
        "hands",
        f"{args.games:,} walls x {seatings:,} seatings" if args.duplicate else "",
    )
    interrupted = None
    try:
        report = simulation.simulate(
            rules,
            bots=bots,
            players=args.players,
            games=args.games,
            seed=args.seed,
            workers=args.workers,
            progress=bar.callback,
            duplicate=args.duplicate,
        )
    except simulation.SimulationInterrupted as e:
        _io.ignore_interrupts()
        report, interrupted = e.report, e
    finally:
        bar.close()
    if interrupted is None and args.plot is not None:
        write_plot(plot_simulation, report, args.plot)
    emit(args.json, simulation_json(report), simulation_lines(report))
    if interrupted is not None:
        raise _io.Interrupted(
            f"interrupted after {report.games} of {total} hands"
            f" (the statistics printed are of those {report.games})"
        )


def _log_lines(text: str) -> list[str]:
    """A hand's log from a file's text: JSON Lines, or the one JSON object
    that ``play --json`` prints (its ``log`` list of records)."""
    from .._logfile import load_json
    from ..errors import LogError

    head = text.lstrip()
    if head.startswith("{") and "\n" not in head.rstrip():
        try:
            obj = load_json(head, "the log", most=MAX_LOG_BYTES)
        except LogError:
            obj = None  # read as lines, the reader names what is wrong
        if isinstance(obj, dict) and "type" not in obj and isinstance(obj.get("log"), list):
            return [
                rec if isinstance(rec, str) else json.dumps(rec, ensure_ascii=False)
                for rec in obj["log"]
            ]
    return text.splitlines()


def read_log_text(name: str) -> list[str]:
    """The log ``name`` (``-``: stdin) as lines, as ``view`` and ``cards
    view`` read it: at most ``MAX_LOG_BYTES``, UTF-8, JSON Lines or the one
    JSON object ``play --json`` prints."""
    return _log_lines(read_text(name))


def read_text(name: str) -> str:
    """The text of the file ``name`` (``-``: stdin): at most
    ``MAX_LOG_BYTES``, UTF-8."""
    from pathlib import Path

    try:
        if name == "-":
            stream = sys.stdin
            if stream is None:
                raise UsageError("cannot-read", "standard input is closed")
            source = getattr(stream, "buffer", stream)
            raw = source.read(MAX_LOG_BYTES + 1)
        else:
            with Path(name).open("rb") as f:
                raw = f.read(MAX_LOG_BYTES + 1)
        if len(raw) > MAX_LOG_BYTES:
            raise UsageError(
                "too-long",
                f"the log has more than {MAX_LOG_BYTES:,} bytes; a round's log is far"
                " smaller [too-long]",
            )
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except OSError as e:
        raise UsageError(
            "cannot-read", f"cannot read {e.filename or name}: {e.strerror or e}"
        ) from None
    except UnicodeDecodeError:
        raise UsageError("not-utf8", f"{shown(name)} is not UTF-8 text") from None
    return text


def cmd_view(args: argparse.Namespace) -> None:
    """Write the replay viewer of a logged hand (docs/viewer.md): one HTML
    page, to ``-o`` FILE or stdout."""
    from ..render.viewer import SIGNATURES, replay_page

    lines = read_log_text(args.log)
    key = key_of(args.key_file)
    page, signed = replay_page(lines, seat=args.seat, key=key, require_key=args.require_key)
    if args.output is None:
        _io.out(page, end="")
    else:
        write_file(args.output, page)
    if signed != "keyed":
        # The page says so too: a log not signed and checked with the key
        # is only as trustworthy as whoever handed it over.
        _io.err(f"unomahjong view: note: {SIGNATURES[signed]}")


def key_of(path: str | None) -> bytes | None:
    """The server key in the file ``path`` (its bytes, less one trailing
    newline), or None without one."""
    if path is None:
        return None
    from pathlib import Path

    try:
        with Path(path).open("rb") as f:
            key = f.read(4097)
    except OSError as e:
        raise UsageError("cannot-read", f"cannot read {shown(path)}: {e.strerror or e}") from None
    if len(key) > 4096:
        raise UsageError("too-long", f"the key file {shown(path)} has more than 4,096 bytes")
    return key[:-1] if key.endswith(b"\n") else key
