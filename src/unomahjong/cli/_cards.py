"""The commands on UNO, the card game: ``cards play``, ``cards match``,
``cards simulate`` and ``cards view``."""

from __future__ import annotations

import argparse
import json
from typing import Any

import attrs

from . import _io
from ._games import key_of, read_log_text, write_file
from ._io import UsageError, emit, shown

CARD_BOTS = ("greedy", "random", "uniform")


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
    """The bots ``--bots`` names: random and uniform bots in seat ``i``
    seeded ``seed * 1000 + i``."""
    from ..cards import GreedyCardBot, RandomCardBot, UniformCardBot

    names = [name.strip() for name in spec.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players or any(n not in CARD_BOTS for n in names):
        raise UsageError(
            "bad-bots",
            f"--bots {shown(spec)}: greedy, random or uniform, for every seat or one per seat"
            f" ({players})",
        )
    kinds = {"random": RandomCardBot, "uniform": UniformCardBot}
    return [
        GreedyCardBot() if n == "greedy" else kinds[n](seed * 1000 + i) for i, n in enumerate(names)
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
    key = key_of(args.key_file)
    lines = log_lines(rules, moves, players=args.players, seed=args.seed, key=key)
    if args.log is not None:
        write_file(args.log, "".join(line + "\n" for line in lines))
    if args.html is not None:
        from ..render.card_viewer import replay_html

        write_file(args.html, replay_html(lines, key=key))
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


class _Recorder:
    """A seat's bot, its choices kept: ``play_card_match`` returns no
    moves, and the logs of ``cards match`` are written from these."""

    def __init__(self, bot: Any, choices: list[Any]) -> None:
        self.bot = bot
        self.choices = choices

    def choose(self, state: Any, seat: int, actions: Any) -> Any:
        action = self.bot.choose(state, seat, actions)
        self.choices.append(action)
        return action


def _hand_logs(rules: Any, hands: Any, choices: list[Any], key: bytes | None) -> list[list[str]]:
    """Each hand's log, its moves made again from the choices in order."""
    from ..cards import apply, log_lines, start_hand

    logs: list[list[str]] = []
    taken = iter(choices)
    for k, hand in enumerate(hands):
        players = len(hand.seats)
        dealer = None if k == 0 else hand.seats.index(hand.dealer)  # the first hand cuts
        state, _ = start_hand(rules, players=players, seed=hand.seed, dealer=dealer)
        moves = []
        for _ in range(hand.actions):
            seat = state.current
            action = next(taken)
            state, events = apply(state, seat, action)
            moves.append((seat, action, events))
        logs.append(
            log_lines(rules, moves, players=players, seed=hand.seed, dealer=dealer, key=key)
        )
    return logs


def _write_dir(name: str, files: dict[str, str]) -> None:
    """Write ``files`` (name: text) into the directory ``name``, made if missing."""
    from pathlib import Path

    try:
        Path(name).mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(
            "cannot-write", f"cannot make {e.filename or name}: {e.strerror or e}"
        ) from None
    for file, text in files.items():
        write_file(str(Path(name) / file), text)


def _running(rules: Any, result: Any) -> list[list[int]]:
    """The totals after each hand, as ``CardMatchResult.totals`` shows them
    (under ``teams``, each seat its team's)."""
    n = len(result.totals)
    sums = [0] * n
    out = []
    for hand in result.hands:
        sums = [a + b for a, b in zip(sums, hand.scores, strict=True)]
        half = n // 2
        out.append([sums[s % half] + sums[s % half + half] for s in range(n)] if rules.teams
                   else list(sums))  # fmt: skip
    return out


def _seats_text(seats: Any) -> str:
    listed = [str(s) for s in seats]
    if len(listed) == 1:
        return f"seat {listed[0]}"
    return "seats " + ", ".join(listed[:-1]) + " and " + listed[-1]


def cmd_match(args: argparse.Namespace) -> None:
    """Play a match of cards with bots and print each hand's scores and the
    running totals."""
    from ..cards import play_card_match

    rules = _rules(args)
    choices: list[Any] = []
    bots = [_Recorder(b, choices) for b in _bots(args.bots, args.players, args.seed)]
    result = play_card_match(rules, bots, seed=args.seed)
    if args.log is not None or args.html is not None:
        key = key_of(args.key_file)
        logs = _hand_logs(rules, result.hands, choices, key)
        if args.log is not None:
            _write_dir(args.log, {f"hand-{k}.jsonl": "".join(f"{line}\n" for line in log)
                                  for k, log in enumerate(logs, 1)})  # fmt: skip
        if args.html is not None:
            from ..render.card_viewer import replay_html

            _write_dir(args.html, {f"hand-{k}.html": replay_html(log, key=key)
                                   for k, log in enumerate(logs, 1)})  # fmt: skip
    running = _running(rules, result)
    negative = rules.negative_scoring or rules.elimination
    out = [
        f"{rules.name}, seed {args.seed}, {args.players} players, bots {args.bots}:"
        f" a match to {'-' if negative else ''}{rules.target}"
    ]
    hands = []
    for k, (hand, totals) in enumerate(zip(result.hands, running, strict=True), 1):
        scores = " ".join(str(x) if s in hand.seats else "-" for s, x in enumerate(hand.scores))
        went = "no winner" if hand.winner is None else f"seat {hand.winner} went out"
        out.append(
            f"hand {k}: dealer {hand.dealer}, {went}; scores {scores};"
            f" totals {' '.join(map(str, totals))}"
        )
        hands.append({**attrs.asdict(hand), "totals": totals})
    if result.eliminated:
        out.append("out of the match, in order: " + " ".join(map(str, result.eliminated)))
    final = " ".join(map(str, result.totals))
    if not result.finished:
        out.append(
            f"no end within {len(result.hands)} hands; {_seats_text(result.winners)} ahead:"
            f" totals {final}"
        )
    else:
        one = len(result.winners) == 1
        verb = "wins" if one else "win" if rules.teams and len(result.winners) == 2 else "tie"
        out.append(f"{_seats_text(result.winners)} {verb} the match: totals {final}")
    names = [name.strip() for name in args.bots.split(",")]
    data = {
        "rules": rules.name,
        "players": args.players,
        "seed": args.seed,
        "bots": names * args.players if len(names) == 1 else names,
        "target": rules.target,
        "hands": hands,
        "totals": list(result.totals),
        "eliminated": list(result.eliminated),
        "winners": list(result.winners),
        "finished": result.finished,
    }
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
    """``cards play``, ``cards match``, ``cards simulate`` or ``cards view``."""
    commands = {"play": cmd_play, "match": cmd_match, "simulate": cmd_simulate, "view": cmd_view}
    commands[args.cards_command](args)
