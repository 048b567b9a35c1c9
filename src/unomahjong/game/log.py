"""JSON Lines logs of a round, their replay, and per-seat views.

Format (version 1), one JSON object per line:

* ``{"type": "header", "format": 1, "rules": "uno", "players": 4, "dealer": 0,
  "seed": 7 | null, "wall": ["5r", ...]}`` — the initial wall, front first;
* ``{"type": "start", "events": [...]}`` — what dealing caused (the dealer's draw);
* ``{"type": "action", "seat": 2, "action": {"kind": "discard", "tile": "5r",
  "uno": false}, "events": [...]}`` — every action in order, with its events.

An event is ``{"kind": "discard", "seat": 2, "tile": "5r"}`` (``tile`` null when
there is none or, in a seat's view, when that seat could not see it). Seats
are absolute numbers.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from .._checks import describe, iterable, quote, whole
from ..errors import MahjongError
from ..notation import parse_tile
from ..rules import get_rules
from ..tiles import TileSet
from .round import Action, ActionKind, Event, RoundState, apply, start_round

FORMAT = 1


class LogError(MahjongError):
    """A log that is malformed or does not replay to the events it records."""


def event_json(e: Event) -> dict[str, Any]:
    """An event as a JSON object."""
    return {"kind": e.kind, "seat": e.seat, "tile": None if e.tile is None else str(e.tile)}


def action_json(a: Action) -> dict[str, Any]:
    """An action as a JSON object."""
    return {"kind": a.kind.value, "tile": None if a.tile is None else str(a.tile), "uno": a.uno}


def header_line(state: RoundState, seed: int | None) -> str:
    """The header of a round's log."""
    return json.dumps(
        {
            "type": "header",
            "format": FORMAT,
            "rules": state.rules.name,
            "players": state.players,
            "dealer": state.dealer,
            "seed": seed,
            "wall": [str(t) for t in state.wall],
        },
        ensure_ascii=False,
    )


def start_line(events: Sequence[Event]) -> str:
    """The line recording what dealing caused."""
    return json.dumps({"type": "start", "events": [event_json(e) for e in events]})


def action_line(seat: int, action: Action, events: Sequence[Event]) -> str:
    """The line recording one action and its events."""
    return json.dumps(
        {
            "type": "action",
            "seat": seat,
            "action": action_json(action),
            "events": [event_json(e) for e in events],
        },
        ensure_ascii=False,
    )


def _parse(lines: Iterable[str], func: str) -> list[tuple[int, dict[str, Any]]]:
    """The records with their line numbers; the header checked."""
    out = []
    listed = iterable(
        lines,
        LogError,
        "not-lines",
        func,
        "lines",
        "an iterable of log lines (str)",
        hint="text.splitlines() or an open text file",
    )
    for n, line in enumerate(listed, 1):
        if not isinstance(line, str):
            raise LogError("bad-line", f"line {n}: a log line is text, not {describe(line)}")
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise LogError("bad-json", f"line {n}: {e.msg}") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
            raise LogError("bad-line", f"line {n}: not a log record")
        out.append((n, obj))
    if not out or out[0][1]["type"] != "header":
        raise LogError("no-header", "a log starts with its header line")
    if out[0][1].get("format") != FORMAT:
        raise LogError("format", f"log format {out[0][1].get('format')!r} is not {FORMAT}")
    return out


def _bad(n: int, what: str) -> LogError:
    return LogError("bad-line", f"line {n}: {what}")


_ACTION_KINDS = {k.value: k for k in ActionKind}


def _action_of(n: int, rec: dict[str, Any], ts: TileSet, players: int) -> tuple[int, Action]:
    """The seat and action of an action record, every field checked."""
    seat = rec.get("seat")
    a = rec.get("action")
    if type(seat) is not int:
        raise _bad(n, f"seat {seat!r} is not a seat number")
    if not 0 <= seat < players:
        raise LogError(
            "bad-seat", f"line {n}: seat {seat} is not a seat of this {players}-player log"
        )
    if not isinstance(a, dict) or not {"kind", "tile", "uno"} <= a.keys():
        raise _bad(n, "an action record needs an 'action' object with kind, tile and uno")
    name, tile, uno = a["kind"], a["tile"], a["uno"]
    kind = _ACTION_KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise _bad(n, f"unknown action kind {name!r}")
    if not isinstance(uno, bool):
        raise _bad(n, f"uno must be true or false, not {uno!r}")
    if tile is not None and not isinstance(tile, str):
        raise _bad(n, f"tile {tile!r} is not a tile in notation")
    try:
        return seat, Action(kind, None if tile is None else parse_tile(tile, ts), uno)
    except MahjongError as e:
        raise _bad(n, f"tile {tile!r}: {e.detail}") from None


def _events_of(n: int, rec: dict[str, Any]) -> list[dict[str, Any]]:
    """A record's events, each an object with a kind and a seat number."""
    events = rec.get("events")
    if not isinstance(events, list):
        raise _bad(n, "a start or action record needs a list of events")
    for e in events:
        if not (
            isinstance(e, dict) and isinstance(e.get("kind"), str) and type(e.get("seat")) is int
        ):
            raise _bad(n, f"event {e!r} is not an object with a kind and a seat")
    return events


def replay(lines: Iterable[str]) -> list[RoundState]:
    """Every state of the logged round, from the deal to the last action.
    Raises :class:`LogError` for a malformed record, an action that is not
    legal where the log plays it, or events that differ from the log's."""
    records = _parse(lines, "replay")
    n, head = records[0]
    try:
        rules = get_rules(head["rules"])
        wall = [parse_tile(t, rules.tileset) for t in head["wall"]]
        state, events = start_round(
            rules, players=head["players"], dealer=head["dealer"], wall=wall
        )
    except (KeyError, TypeError, MahjongError) as e:
        if isinstance(e, KeyError):
            why = f"the header has no {e.args[0]!r} field"
        else:
            why = e.detail if isinstance(e, MahjongError) else f"a field has the wrong type: {e}"
        raise LogError("bad-header", f"line {n}: {why}") from None
    states = [state]
    for n, rec in records[1:]:
        if rec["type"] == "start":
            if [event_json(e) for e in events] != _events_of(n, rec):
                raise LogError("mismatch", f"line {n}: the deal's events differ from the log")
            continue
        if rec["type"] != "action":
            raise _bad(n, f"unknown record type {rec['type']!r}")
        seat, action = _action_of(n, rec, rules.tileset, state.players)
        logged = _events_of(n, rec)
        try:
            state, events = apply(state, seat, action)
        except MahjongError as e:
            raise LogError("illegal-action", f"line {n}: {e.detail}") from None
        if [event_json(e) for e in events] != logged:
            raise LogError(
                "mismatch", f"line {n}: seat {seat} {action}: events differ from the log"
            )
        states.append(state)
    return states


_PUBLIC_TILE_EVENTS = frozenset(
    {"discard", "uno", "chow", "pung", "kong", "added_kong", "reverse", "skip", "win"}
)


def seat_view(lines: Iterable[str], seat: int) -> list[str]:
    """The log as ``seat`` saw it: no wall or seed, other seats' drawn tiles,
    concealed kongs and unresolved answers (passes) hidden."""
    records = _parse(lines, "seat_view")
    players = records[0][1].get("players")
    if type(players) is not int:
        raise LogError("bad-header", f"line {records[0][0]}: players {players!r} is not a number")
    viewer = whole(seat)  # any integer type; True is not seat 1
    if viewer is None or not 0 <= viewer < players:
        raise LogError(
            "bad-seat",
            f"seat {quote(seat) if viewer is not None else describe(seat)} is not a seat"
            f" of this {players}-player log",
            argument="seat",
        )
    seat = viewer
    out = []
    for n, rec in records:
        rec = dict(rec)
        if rec["type"] == "header":
            rec["wall"] = None
            rec["seed"] = None
            rec["viewer"] = seat
        elif rec["type"] in ("start", "action"):
            rec["events"] = [_hide(e, seat) for e in _events_of(n, rec)]
            if rec["type"] == "action":
                who = rec.get("seat")
                action = rec.get("action")
                if not (
                    type(who) is int
                    and isinstance(action, dict)
                    and isinstance(action.get("kind"), str)
                ):
                    raise _bad(n, "an action record needs a seat number and an action kind")
                if who != seat:
                    if action["kind"] == "pass":
                        continue
                    if action["kind"] == "concealed_kong":
                        rec["action"] = {**action, "tile": None}
        out.append(json.dumps(rec, ensure_ascii=False))
    return out


def _hide(e: dict[str, Any], seat: int) -> dict[str, Any]:
    if e["seat"] == seat or e["kind"] in _PUBLIC_TILE_EVENTS:
        return e
    return {**e, "tile": None}
