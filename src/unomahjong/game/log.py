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

from ..errors import MahjongError
from ..notation import parse_tile
from ..rules import get_rules
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


def _parse(lines: Iterable[str]) -> list[dict[str, Any]]:
    out = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise LogError("bad-json", f"line {n}: {e.msg}") from None
        if not isinstance(obj, dict) or "type" not in obj:
            raise LogError("bad-line", f"line {n}: not a log record")
        out.append(obj)
    if not out or out[0]["type"] != "header":
        raise LogError("no-header", "a log starts with its header line")
    if out[0].get("format") != FORMAT:
        raise LogError("format", f"log format {out[0].get('format')!r} is not {FORMAT}")
    return out


def replay(lines: Iterable[str]) -> list[RoundState]:
    """Every state of the logged round, from the deal to the last action;
    raises :class:`LogError` if an action's events differ from the log's."""
    records = _parse(lines)
    head = records[0]
    rules = get_rules(head["rules"])
    try:
        wall = [parse_tile(t, rules.tileset) for t in head["wall"]]
        state, events = start_round(
            rules, players=head["players"], dealer=head["dealer"], wall=wall
        )
    except (KeyError, TypeError) as e:
        raise LogError("bad-header", f"header: {e}") from None
    states = [state]
    for rec in records[1:]:
        if rec["type"] == "start":
            if [event_json(e) for e in events] != rec["events"]:
                raise LogError("mismatch", "the deal's events differ from the log")
            continue
        if rec["type"] != "action":
            raise LogError("bad-line", f"unknown record type {rec['type']!r}")
        a = rec["action"]
        tile = None if a["tile"] is None else parse_tile(a["tile"], rules.tileset)
        action = Action(ActionKind(a["kind"]), tile, bool(a["uno"]))
        state, events = apply(state, rec["seat"], action)
        if [event_json(e) for e in events] != rec["events"]:
            raise LogError("mismatch", f"seat {rec['seat']} {action}: events differ from the log")
        states.append(state)
    return states


_PUBLIC_TILE_EVENTS = frozenset(
    {"discard", "uno", "chow", "pung", "kong", "added_kong", "reverse", "skip", "win"}
)


def seat_view(lines: Iterable[str], seat: int) -> list[str]:
    """The log as ``seat`` saw it: no wall or seed, other seats' drawn tiles,
    concealed kongs and unresolved answers (passes) hidden."""
    out = []
    for rec in _parse(lines):
        rec = dict(rec)
        if rec["type"] == "header":
            rec["wall"] = None
            rec["seed"] = None
            rec["viewer"] = seat
        elif rec["type"] in ("start", "action"):
            rec["events"] = [_hide(e, seat) for e in rec["events"]]
            if rec["type"] == "action" and rec["seat"] != seat:
                kind = rec["action"]["kind"]
                if kind == "pass":
                    continue
                if kind == "concealed_kong":
                    rec["action"] = {**rec["action"], "tile": None}
        out.append(json.dumps(rec, ensure_ascii=False))
    return out


def _hide(e: dict[str, Any], seat: int) -> dict[str, Any]:
    if e["seat"] == seat or e["kind"] in _PUBLIC_TILE_EVENTS:
        return e
    return {**e, "tile": None}
