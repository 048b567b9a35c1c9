"""The commands on the Botzone judge's game: ``botzone play`` (a game with
the library's bots and bot programs, written as the judge's log) and
``botzone replay`` (a judge log played again and checked)."""

from __future__ import annotations

import argparse
import json
import shlex
from typing import Any

from ._games import bot_names, read_text, write_file
from ._io import UsageError, emit, shown

SEATS = 4


def _programs(specs: list[str] | None) -> dict[int, list[str]]:
    """``--program SEAT=COMMAND`` options: the command line of each seat."""
    out: dict[int, list[str]] = {}
    for spec in specs or ():
        seat, eq, command = spec.partition("=")
        if not eq or seat.strip() not in ("0", "1", "2", "3"):
            raise UsageError(
                "bad-program", f"--program {shown(spec)}: write SEAT=COMMAND, SEAT 0 to 3"
            )
        try:
            words = shlex.split(command)
        except ValueError as e:
            raise UsageError("bad-program", f"--program {shown(spec)}: {e}") from None
        if not words:
            raise UsageError("bad-program", f"--program {shown(spec)}: no command")
        out[int(seat)] = words
    return out


def _seats(args: argparse.Namespace) -> tuple[list[Any], list[str]]:
    """The four seats, and how each is described."""
    from ..botzone import BotProgram
    from ..game import GreedyBot, RandomBot

    names = bot_names(args.bots, SEATS)
    programs = _programs(args.program)
    seats: list[Any] = []
    labels = []
    for i, name in enumerate(names):
        if i in programs:
            memory = args.max_memory << 20 if args.max_memory else None
            seats.append(
                BotProgram(programs[i], timeout=args.timeout, json=args.json_io, max_memory=memory)
            )
            labels.append("program: " + shlex.join(programs[i]))
        elif name == "greedy":
            seats.append(GreedyBot())
            labels.append("greedy")
        else:
            seats.append(RandomBot(args.seed * 1000 + i))
            labels.append("random")
    return seats, labels


def _summary(match: Any, labels: list[str] | None) -> tuple[dict[str, Any], list[str]]:
    """A finished judge game as JSON data and as lines."""
    final = match.final
    first = match.games[0]
    data: dict[str, Any] = {
        "srand": first.srand,
        "quan": first.quan,
        "turns": len(match.answers),
        "ending": final.ending,
        "offender": final.offender,
        "fans": final.fans,
        "scores": list(match.scores),
    }
    lines = [
        f"srand {first.srand}, prevalent wind {first.state.prevalent_wind} (quan {first.quan}),"
        f" {len(match.answers)} judge turns"
    ]
    if labels is not None:
        data["seats"] = labels
        lines.append(", ".join(f"seat {i}: {label}" for i, label in enumerate(labels)))
    result = final.state.result
    if final.ending == "HU" and result is not None and result.wins:
        win = result.wins[0]
        how = "self-drawn" if win.from_seat is None else f"on seat {win.from_seat}'s tile"
        lines.append(f"HU by seat {win.seat}, {how}: {final.fans} fans")
        lines += str(win.score).splitlines()[1:]
    elif final.ending == "HUANG":
        lines.append("HUANG: the hand is drawn")
    else:
        seat = final.offender
        answer = match.answers[-1][seat]
        request = match.games[-2].requests[seat]
        said = f"answered {shown(answer.response)}" if answer.verdict == "OK" else answer.verdict
        if answer.detail:
            said += f" ({answer.detail})"
        lines.append(f"{final.ending}: seat {seat} {said} to {request!r}: a penalty")
        extra = answer.as_json()
        del extra["verdict"]  # the ending
        data["offence"] = {"request": request, **extra}
        if answer.stderr:
            lines.append(f"seat {seat}'s standard error ends:")
            lines += ["  " + _printable(line) for line in answer.stderr.splitlines()]
    lines.append("scores " + " ".join(f"{s:+d}" for s in match.scores))
    return data, lines


def _printable(text: str) -> str:
    """A program's line as the terminal is shown it: its control
    characters escaped, so that it cannot move the cursor or recolour."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


def cmd_play(args: argparse.Namespace) -> None:
    """Play one judge game with bots and bot programs."""
    from ..botzone import judge_log, play_judge_hand

    seats, labels = _seats(args)
    match = play_judge_hand(seats, args.seed, quan=args.quan)
    log = judge_log(match)
    if args.log is not None:
        write_file(args.log, json.dumps(log, ensure_ascii=False) + "\n")
    data, lines = _summary(match, labels)
    data["log"] = log
    emit(args.json, data, lines)


def cmd_replay(args: argparse.Namespace) -> None:
    """Play a judge log again, checking every judge output it holds."""
    from .._logfile import load_json
    from ..botzone import MAX_JUDGE_LOG_LENGTH, replay_judge_log

    obj = load_json(read_text(args.log), "the judge log", most=MAX_JUDGE_LOG_LENGTH)
    if isinstance(obj, dict) and isinstance(obj.get("log"), dict):
        obj = obj["log"]  # botzone play --json: the log it holds
    match = replay_judge_log(obj)  # type: ignore[arg-type]
    if not match.finished:
        # A log that stops before the final scores (the judge's input on
        # every turn but the last): what the judge outputs next.
        first = match.games[0]
        output = match.output
        data: dict[str, Any] = {
            "srand": first.srand,
            "quan": first.quan,
            "turns": len(match.answers),
            "finished": False,
            "output": output,
        }
        lines = [
            f"srand {first.srand}, prevalent wind {first.state.prevalent_wind} (quan {first.quan}),"
            f" {len(match.answers)} judge turns, not finished; the judge's next requests:",
            *(f"seat {i}: {r}" for i, r in output["content"].items()),
        ]
        emit(args.json, data, lines)
        return
    data, lines = _summary(match, None)
    emit(args.json, data, lines)


def cmd_botzone(args: argparse.Namespace) -> None:
    """``botzone play`` or ``botzone replay``."""
    {"play": cmd_play, "replay": cmd_replay}[args.botzone_command](args)
