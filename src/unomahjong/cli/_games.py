"""The commands on games: play, simulate and view."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from ..notation import format_tiles
from . import _io
from ._io import UsageError, emit, shown
from ._parser import PLAYED_RULES

BOT_NAMES = ("greedy", "random")

MAX_LOG_BYTES = 16_777_216
"""The most bytes ``view`` reads from a log (16 MiB): a round of eight
players logs a few hundred kilobytes at most."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _bots(spec: str, players: int, seed: int) -> list[Any]:
    """The bots ``--bots`` names: one name for every seat, or one per seat."""
    from ..game import GreedyBot, RandomBot

    names = [name.strip() for name in spec.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise UsageError(
            "bad-bots",
            f"--bots names {_plural(len(names), 'bot')} for {_plural(players, 'player')}:"
            " give one name for every seat, or one per seat",
        )
    bots: list[Any] = []
    for i, name in enumerate(names):
        if name == "random":
            bots.append(RandomBot(seed * 1000 + i))
        elif name == "greedy":
            bots.append(GreedyBot())
        else:
            raise UsageError("bad-bots", f"unknown bot {shown(name)}: use random or greedy")
    return bots


def _played(args: argparse.Namespace) -> str:
    """The rule set to play, or a usage error when the engine cannot play it."""
    if args.rules not in PLAYED_RULES:
        raise UsageError(
            "no-game-flow",
            f"{args.rules.upper()} cannot be played: the game engine plays UNO Mahjong only"
            f" (--rules uno); {args.rules.upper()} hands can be parsed, analysed and scored"
            " (parse, waits, shanten, discards, score) [no-game-flow]",
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
    """A round's outcome as ``play --json`` prints it: the wins (seat, the
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

    rules = _played(args)
    bots = _bots(args.bots, args.players, args.seed)
    board = play_hand(rules, bots, seed=args.seed)
    lines = [f"seed {args.seed}, {args.players} players, dealer 0, bots {args.bots}"]
    for i, s in enumerate(board.initial_state.seats):
        lines.append(f"  seat {i} dealt  {format_tiles(s.concealed)}")
    for seat, action, events in board.moves:
        told = ", ".join(
            f"{e.kind}{' ' + str(e.tile) if e.tile else ''} (seat {e.seat})" for e in events
        )
        lines.append(f"seat {seat}: {action}" + (f"  -> {told}" if told else ""))
    result = board.outcome()
    assert result is not None  # play_hand returns a finished board
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
        from ..render.viewer import replay_html

        write_file(args.html, replay_html(log))
    data = {"log": [json.loads(line) for line in log], "outcome": outcome_json(result)}
    emit(args.json, data, lines)


def cmd_simulate(args: argparse.Namespace) -> None:
    """Play many hands with bots and print statistics as one JSON object."""
    from .. import game

    rules = _played(args)
    bots = _bots(args.bots, args.players, args.seed)
    bar = _io.ProgressBar("games")
    start = time.perf_counter()
    # The statistics of the finished games, replaced whole after each game
    # (one assignment), so that Ctrl-C leaves those of the games before it.
    done: tuple[int, int, int, int, int, dict[str, int]] = (0, 0, 0, 0, 0, {})
    interrupted = False
    try:
        for g in range(args.games):
            board = game.play_hand(
                rules, bots, dealer=g % args.players, seed=args.seed * 1_000_003 + g
            )
            result = board.outcome()
            assert result is not None  # play_hand returns a finished board
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
            bar(g + 1, args.games)
    except KeyboardInterrupt:
        interrupted = True
    bar.close()
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
    emit(args.json, data, [json.dumps(data, ensure_ascii=False, indent=2)])
    if interrupted:
        raise _io.Interrupted(
            f"interrupted after {games} of {args.games} games"
            f" (the statistics printed are of those {games})"
        )


def _log_lines(text: str) -> list[str]:
    """A round's log from a file's text: JSON Lines, or the one JSON object
    that ``play --json`` prints (its ``log`` list of records)."""
    head = text.lstrip()
    if head.startswith("{") and "\n" not in head.rstrip():
        try:
            obj = json.loads(head)
        except json.JSONDecodeError:
            obj = None
        if isinstance(obj, dict) and "type" not in obj and isinstance(obj.get("log"), list):
            return [
                rec if isinstance(rec, str) else json.dumps(rec, ensure_ascii=False)
                for rec in obj["log"]
            ]
    return text.splitlines()


def cmd_view(args: argparse.Namespace) -> None:
    """Write the replay viewer of a logged round (docs/viewer.md): one HTML
    page, to ``-o`` FILE or stdout."""
    from pathlib import Path

    from ..render.viewer import replay_html

    try:
        if args.log == "-":
            stream = sys.stdin
            if stream is None:
                raise UsageError("cannot-read", "standard input is closed")
            source = getattr(stream, "buffer", stream)
            raw = source.read(MAX_LOG_BYTES + 1)
        else:
            with Path(args.log).open("rb") as f:
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
            "cannot-read", f"cannot read {e.filename or args.log}: {e.strerror or e}"
        ) from None
    except UnicodeDecodeError:
        raise UsageError("not-utf8", f"{shown(args.log)} is not UTF-8 text") from None
    page = replay_html(_log_lines(text), seat=args.seat)
    if args.output is None:
        _io.out(page, end="")
    else:
        write_file(args.output, page)
