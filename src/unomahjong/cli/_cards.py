"""The commands on UNO, the card game: ``cards play`` and ``cards simulate``."""

from __future__ import annotations

import argparse
import json
from typing import Any

import attrs

from . import _io
from ._games import key_of, read_log_text, write_file
from ._io import UsageError, emit, shown

CARD_BOTS = ("greedy", "random")


def card_options() -> list[str]:
    """The card rules' options that are switches (``--stacking``, ...)."""
    from ..cards import CardRules

    return [a.name for a in attrs.fields(CardRules) if a.type in (bool, "bool")]


def _rules(args: argparse.Namespace) -> Any:
    from ..cards import CARDS

    changes: dict[str, Any] = {name: True for name in card_options() if getattr(args, name)}
    if args.target is not None:
        changes["target"] = args.target
    return CARDS.with_options(**changes)


def _bots(spec: str, players: int, seed: int) -> list[Any]:
    from ..cards import GreedyCardBot, RandomCardBot

    names = [name.strip() for name in spec.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players or any(n not in CARD_BOTS for n in names):
        raise UsageError(
            "bad-bots",
            f"--bots {shown(spec)}: random or greedy, for every seat or one per seat ({players})",
        )
    return [
        GreedyCardBot() if n == "greedy" else RandomCardBot(seed * 1000 + i)
        for i, n in enumerate(names)
    ]


def _event_text(e: Any) -> str:
    cards = " ".join(c.notation for c in e.cards)
    parts = [e.kind, f"seat {e.seat}" if e.seat >= 0 else "", cards, e.colour or ""]
    if e.other is not None:
        parts.append(f"(seat {e.other})")
    return " ".join(p for p in parts if p)


def cmd_play(args: argparse.Namespace) -> None:
    """Play one hand of cards with bots and print it."""
    from ..cards import log_lines, play_cards, start_hand

    rules = _rules(args)
    bots = _bots(args.bots, args.players, args.seed)
    _, deal = start_hand(rules, players=args.players, seed=args.seed)
    final, moves = play_cards(rules, bots, seed=args.seed)
    lines = log_lines(rules, moves, players=args.players, seed=args.seed, key=key_of(args.key_file))
    if args.log is not None:
        write_file(args.log, "".join(line + "\n" for line in lines))
    data = {
        "rules": rules.name,
        "players": args.players,
        "seed": args.seed,
        "dealer": final.dealer,
        "winner": final.winner,
        "scores": list(final.scores or ()),
        "actions": len(moves),
        "log": [json.loads(line) for line in lines],
    }
    out = [f"{rules.name}, seed {args.seed}, {args.players} players, bots {args.bots}"]
    out += [f"  {_event_text(e)}" for e in deal]
    width = max((len(str(a)) for _, a, _ in moves), default=0)
    for seat, action, events in moves:
        told = "; ".join(_event_text(e) for e in events)
        out.append(f"seat {seat} action: {action!s:<{width}}  events: {told or '-'}")
    scores = " ".join(str(x) for x in final.scores or ())
    if final.winner is None:
        out.append(f"no winner: no card left to draw; scores {scores}")
    else:
        out.append(f"seat {final.winner} went out; scores {scores}")
    emit(args.json, data, out)


def cmd_simulate(args: argparse.Namespace) -> None:
    """Play many hands of cards with bots and print their statistics."""
    from pathlib import Path

    from ..cards import CardSimulationInterrupted, simulate_cards, start_hand
    from ._progress import Progress

    if args.plot is not None and Path(args.plot).suffix.lower() not in (".svg", ".png"):
        raise UsageError("bad-output", f"--plot names a .svg or .png file, not {shown(args.plot)}")
    rules = _rules(args)
    _bots(args.bots, args.players, 0)  # the names checked as play checks them
    start_hand(rules, players=args.players, seed=0)  # the player count, before the bar
    bar = Progress("cards simulate", args.games, "hands")
    try:
        report = simulate_cards(
            rules,
            bots=args.bots,
            players=args.players,
            hands=args.games,
            seed=args.seed,
            workers=args.workers,
            progress=bar.callback,
        )
    except CardSimulationInterrupted as e:
        _io.ignore_interrupts()
        bar.close()
        _print(e.report, args.json)
        raise _io.Interrupted(f"{e} (the counts printed are of those {e.report.hands})") from None
    finally:
        bar.close()
    _print(report, args.json)
    if args.plot is not None:
        from ..render.card_plots import plot_card_simulation
        from ._games import write_plot

        write_plot(plot_card_simulation, report, args.plot)


def _print(report: Any, as_json: bool) -> None:
    data = attrs.asdict(report)
    data["hands_per_second"] = round(report.hands_per_second, 1)
    hands = report.hands
    lines = [
        f"{hands} hands of {report.rules}, {report.players} players,"
        f" bots {','.join(report.bots)}, seed {report.seed}:"
        f" {report.hands_per_second:,.1f} hands/s",
        "wins by seat:   " + " ".join(str(w) for w in report.wins_by_seat),
        "points by seat: " + " ".join(str(p) for p in report.points_by_seat),
        f"no winner: {report.no_winner}",
    ]
    if hands:
        lines.append(f"actions per hand: {report.actions / hands:.1f}")
    emit(as_json, data, lines)


def cmd_view(args: argparse.Namespace) -> None:
    """Write the replay viewer of a logged hand of cards."""
    from ..render.card_viewer import replay_html

    page = replay_html(read_log_text(args.log), seat=args.seat, key=key_of(args.key_file))
    if args.output is None:
        _io.out(page, end="")
    else:
        write_file(args.output, page)


def cmd_cards(args: argparse.Namespace) -> None:
    """``cards play``, ``cards simulate`` or ``cards view``."""
    {"play": cmd_play, "simulate": cmd_simulate, "view": cmd_view}[args.cards_command](args)
