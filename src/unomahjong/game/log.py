"""JSON Lines logs of a round: writing, reading, replay, and per-seat views
(log files are read and written by :func:`~unomahjong.game.read_log` and
:func:`~unomahjong.game.write_log`).

Format 2 (docs/game.md#log-format-json-lines-version-2), one JSON object
per line, each carrying a ``digest`` chained from the previous line's:

* ``{"type": "header", "format": 2, "rules": "uno", "players": 4,
  "dealer": 0, "seed": 7 | null, "wall": ["5r", ...], "chain": "sha256",
  "digest": "..."}`` — the initial wall, front first; ``chain`` says how the
  digests are made (``"sha256"``, or ``"hmac-sha256"`` with a server key);
* ``{"type": "start", "events": [...], "digest": "..."}`` — what dealing
  caused (the dealer's draw);
* ``{"type": "action", "seat": 2, "action": {"kind": "discard", "tile":
  "5r", "uno": false}, "events": [...], "digest": "..."}`` — every action
  in order, with its events.

An event is ``{"kind": "discard", "seat": 2, "tile": "5r"}`` (``tile`` null
when there is none or, in a seat's view, when that seat could not see it).
Seats are absolute numbers.

The digest of a record is SHA-256 (or HMAC-SHA-256 under the key) of the
previous record's digest, as 32 bytes (32 zero bytes for the header),
followed by the record's canonical JSON without its ``digest`` field:
keys sorted, no whitespace (separators ``,`` and ``:``), non-ASCII
characters escaped (``ensure_ascii``), encoded as ASCII. It is written as
64 lowercase hexadecimal digits. Canonical JSON is computed from the parsed
record, so the order of keys and the spacing of a line are free.

Format 1 (the same records without ``chain`` and ``digest``) is still read;
its replay is marked unverified.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Any, Final

from .._checks import (
    checked_init,
    describe,
    flag,
    items,
    keywords_checked,
    quote,
    whole,
    wrong_type,
)
from .._logfile import CHAIN_KEYED as CHAIN_KEYED
from .._logfile import CHAIN_PLAIN as CHAIN_PLAIN
from .._logfile import GENESIS as _GENESIS
from .._logfile import MAX_LINE_LENGTH as MAX_LINE_LENGTH
from .._logfile import MAX_LINES as MAX_LINES
from .._logfile import MAX_NESTING as MAX_NESTING
from .._logfile import LogSource as LogSource
from .._logfile import (
    bad_line,
    chained,
    checked_digest,
    digest_field,
    line_error,
    loads_line,
    log_lines_of,
    server_key,
)
from ..errors import LogError as LogError
from ..errors import MahjongError
from ..model.context import WINDS
from ..model.flowers import is_flower_text, parse_flower
from ..model.notation import parse_tile
from ..model.tiles import TileSet
from ..rules.rule_sets import RuleSet, get_rules
from .actions import Action, ActionKind, Event
from .deal import start_hand
from .state import HandState, Phase, flow_of
from .transitions import apply

FORMAT: Final = 2
"""The format :meth:`Board.log_lines <unomahjong.game.Board.log_lines>` and
:func:`write_log` write."""
FORMATS: Final = (1, 2)
"""The formats :func:`replay`, :func:`seat_view` and :func:`read_log` read."""

MAX_SEED_DIGITS: Final = 1000
"""The most digits of a logged seed (:class:`~unomahjong.game.Board`
refuses a longer one), so that every header fits in a line."""

_FIELDS: Final = {
    1: {
        "header": frozenset({"type", "format", "rules", "players", "dealer", "seed", "wall"}),
        "start": frozenset({"type", "events"}),
        "action": frozenset({"type", "seat", "action", "events"}),
    },
    2: {
        "header": frozenset(
            {"type", "format", "rules", "players", "dealer", "seed", "wall", "chain", "digest"}
        ),
        "start": frozenset({"type", "events", "digest"}),
        "action": frozenset({"type", "seat", "action", "events", "digest"}),
    },
}
"""The fields of each record, by format: exactly these, no more, no fewer."""
_ACTION_FIELDS: Final = frozenset({"kind", "tile", "uno"})
_EVENT_FIELDS: Final = frozenset({"kind", "seat", "tile"})


@checked_init
class Replay(list[HandState]):
    """What :func:`replay` returns: every state of the logged round, from the
    deal to the last logged action (a list, equal to the list of the same
    states), and what the replay established about the log."""

    format: int
    """The log's format (1 or 2)."""
    complete: bool
    """The log plays the round to its end (a win or an exhaustive draw); a
    log cut at a line boundary is not complete."""
    verified: bool
    """Every record's digest was checked and holds (format 2: an unkeyed
    chain, or a keyed one checked with its key). False for format 1, which
    has no digests, and for a keyed log replayed without its key."""
    keyed: bool
    """The digests were checked with the server key (HMAC-SHA-256): the log
    is as the key's holder wrote it. An unkeyed chain shows only that the
    log is consistent: anyone can recompute it after an edit."""

    def __init__(
        self,
        states: Iterable[HandState] = (),
        *,
        format: int = FORMAT,
        complete: bool = False,
        verified: bool = False,
        keyed: bool = False,
    ) -> None:
        super().__init__(
            items(states, HandState, LogError, "not-states", "Replay", "states", "HandStates")
        )
        self.format = format
        self.complete = complete
        self.verified = verified
        self.keyed = keyed


# ------------------------------------------------------------------ records


def event_json(e: Event) -> dict[str, Any]:
    """An event as a JSON object."""
    return {"kind": e.kind, "seat": e.seat, "tile": None if e.tile is None else str(e.tile)}


def action_json(a: Action) -> dict[str, Any]:
    """An action as a JSON object."""
    return {"kind": a.kind.value, "tile": None if a.tile is None else str(a.tile), "uno": a.uno}


def header_record(state: HandState, seed: int | None) -> dict[str, Any]:
    """The header of a round's log, without its chain and digest."""
    return {
        "type": "header",
        "format": FORMAT,
        "rules": state.rules.name,
        "players": state.players,
        "dealer": state.dealer,
        "seed": seed,
        "wall": [str(t) for t in state.wall],
        **({"prevalent_wind": state.prevalent_wind} if flow_of(state).winds else {}),
    }


def start_record(events: Sequence[Event]) -> dict[str, Any]:
    """The record of what dealing caused."""
    return {"type": "start", "events": [event_json(e) for e in events]}


def action_record(seat: int, action: Action, events: Sequence[Event]) -> dict[str, Any]:
    """The record of one action and its events."""
    return {
        "type": "action",
        "seat": seat,
        "action": action_json(action),
        "events": [event_json(e) for e in events],
    }


def chain_lines(records: Iterable[dict[str, Any]], key: bytes | None = None) -> list[str]:
    """Format-2 log lines of ``records`` (a header first): the header's
    ``format`` and ``chain`` set, each record's ``digest`` computed."""
    listed = [dict(r) for r in records]
    if listed:
        listed[0]["format"] = FORMAT
    return chained(listed, key)


def log_lines(
    initial: HandState,
    seed: int | None,
    start_events: Sequence[Event],
    moves: Iterable[tuple[int, Action, Sequence[Event]]],
    *,
    key: object = None,
) -> list[str]:
    """A round's log in format 2: what :meth:`Board.log_lines
    <unomahjong.game.Board.log_lines>` writes."""
    k = server_key(key, "log_lines")
    records = [header_record(initial, seed), start_record(start_events)]
    records.extend(action_record(s, a, e) for s, a, e in moves)
    return chain_lines(records, k)


# ------------------------------------------------------------------ reading


def _fields(n: int, rec: dict[str, Any], expected: frozenset[str], what: str) -> None:
    keys = rec.keys()
    if keys != expected:
        missing = sorted(expected - keys)
        extra = sorted(keys - expected)
        why = (
            f"{what} has no {quote(missing[0])} field"
            if missing
            else f"{what} has an unknown field {quote(extra[0])}"
        )
        raise line_error(n, "bad-header" if what == "the header" else "bad-line", why)


def _events(n: int, events: object) -> list[dict[str, Any]]:
    if not isinstance(events, list):
        raise bad_line(n, f"events must be a list, not {describe(events)}")
    for e in events:
        if not isinstance(e, dict) or e.keys() != _EVENT_FIELDS:
            raise bad_line(n, f"event {quote(e)} is not an object with a kind, a seat and a tile")
        if not isinstance(e["kind"], str) or type(e["seat"]) is not int:
            raise bad_line(n, f"event {quote(e)} needs a kind (text) and a seat (a number)")
        if e["tile"] is not None and not isinstance(e["tile"], str):
            raise bad_line(n, f"event {quote(e)}: its tile is text or null")
    return events


def _check_header(n: int, rec: dict[str, Any], fmt: int) -> None:
    expected = _FIELDS[fmt]["header"]
    if fmt >= 2 and "prevalent_wind" in rec:  # rules that count winds
        expected |= {"prevalent_wind"}
        if rec["prevalent_wind"] not in WINDS:
            raise line_error(
                n,
                "bad-header",
                f"prevalent wind {quote(rec['prevalent_wind'])} is not E, S, W or N",
            )
    _fields(n, rec, expected, "the header")
    for name in ("players", "dealer"):
        if type(rec[name]) is not int:
            raise line_error(n, "bad-header", f"{name} {quote(rec[name])} is not a whole number")
    seed = rec["seed"]
    if seed is not None and (type(seed) is not int or seed < 0):
        raise line_error(n, "bad-header", f"seed {quote(seed)} is not a whole number >= 0 or null")
    if not isinstance(rec["rules"], str):
        raise line_error(n, "bad-header", f"rules {quote(rec['rules'])} is not a rule set's name")
    wall = rec["wall"]
    if not isinstance(wall, list) or not all(isinstance(t, str) for t in wall):
        raise line_error(n, "bad-header", "the wall is a list of tiles in notation")


class LogReader:
    """The records of a log, one at a time, each checked before it is
    yielded: its size, its JSON, its digest (format 2), its fields and
    their types, and its place (a header first, then one start record,
    then actions)."""

    def __init__(self, lines: object, func: str, key: object, *, require_key: bool = True) -> None:
        self.lines: Iterable[object] = log_lines_of(lines, func)
        self.key: bytes | None = server_key(key, func)
        self.require_key: bool = require_key
        """With a key, refuse a log whose digests are not keyed (else check
        those with the plain hash: :func:`write_log` re-signs them)."""
        self.check_key: bytes | None = None
        """The key the digests are checked with (None: plain SHA-256)."""
        self.format: int = 0
        self.keyed_chain: bool = False
        self.verified: bool = False
        self.last: int = 0
        """The number of the last line read."""

    def __iter__(self) -> Iterator[tuple[int, dict[str, Any]]]:
        previous = _GENESIS
        check = True
        records = 0
        n = 0
        for n, line in enumerate(self.lines, 1):
            if n > MAX_LINES:
                raise line_error(n, "too-long", f"a log has at most {MAX_LINES:,} lines")
            if not isinstance(line, str):
                raise bad_line(n, f"a log line is text or a record (a dict), not {describe(line)}")
            if len(line) > MAX_LINE_LENGTH:
                raise line_error(
                    n,
                    "too-long",
                    f"{len(line):,} characters; a log line has at most {MAX_LINE_LENGTH:,}",
                )
            if not line.strip():
                continue
            rec = loads_line(n, line)
            if not isinstance(rec, dict) or not isinstance(rec.get("type"), str):
                raise bad_line(n, "not a log record (an object with a type)")
            if records == 0:
                check = self._open(n, rec)
            if self.format == 2:
                if check:
                    previous = checked_digest(n, previous, rec, self.check_key)
                else:
                    digest_field(n, rec)  # not checked without the key, but well formed
            self._check(n, rec, records)
            records += 1
            self.last = n
            yield n, rec
        if records == 0:
            raise LogError("no-header", "the log is empty: it starts with its header line")
        self.verified = self.format == 2 and check

    def _open(self, n: int, rec: dict[str, Any]) -> bool:
        """Read the header's format and chain; whether digests are checked."""
        if rec["type"] != "header":
            raise line_error(n, "no-header", "a log starts with its header line")
        fmt = rec.get("format")
        if type(fmt) is not int or fmt not in FORMATS:
            raise line_error(n, "format", f"log format {quote(fmt)} is not one of 1, 2")
        self.format = fmt
        if fmt == 1:
            if self.key is not None and self.require_key:
                raise line_error(
                    n, "unkeyed", "a format-1 log has no digests: the key cannot verify it"
                )
            return False
        chain = rec.get("chain")
        if chain not in (CHAIN_PLAIN, CHAIN_KEYED):
            raise line_error(
                n, "bad-header", f"chain {quote(chain)} is not 'sha256' or 'hmac-sha256'"
            )
        self.keyed_chain = chain == CHAIN_KEYED
        if self.keyed_chain:
            self.check_key = self.key
            return self.key is not None  # without the key, unchecked
        if self.key is not None and self.require_key:
            raise line_error(
                n,
                "unkeyed",
                "the log's digests are not keyed (chain 'sha256'): anyone could have"
                " recomputed them; with a key only a log written with it is taken",
            )
        return True

    def _check(self, n: int, rec: dict[str, Any], index: int) -> None:
        kind = rec["type"]
        fields = _FIELDS[self.format]
        if kind not in fields:
            raise bad_line(n, f"unknown record type {quote(kind)}")
        if index == 0:
            _check_header(n, rec, self.format)
            return
        if kind == "header":
            raise bad_line(n, "a second header: a log has one, on its first line")
        if index == 1 and kind != "start":
            raise line_error(n, "no-start", "the record after the header is the start record")
        if index > 1 and kind == "start":
            raise line_error(n, "duplicate-start", "a second start record: a log has one")
        _fields(n, rec, fields[kind], f"a{'n' if kind == 'action' else ''} {kind} record")
        _events(n, rec["events"])
        if kind == "action":
            seat, action = rec["seat"], rec["action"]
            if type(seat) is not int:
                raise bad_line(n, f"seat {quote(seat)} is not a seat number")
            if not isinstance(action, dict) or action.keys() != _ACTION_FIELDS:
                raise bad_line(n, "an action record's action is an object with kind, tile and uno")
            if not isinstance(action["kind"], str) or action["kind"] not in _ACTION_KINDS:
                raise bad_line(n, f"unknown action kind {quote(action['kind'])}")
            if type(action["uno"]) is not bool:
                raise bad_line(n, f"uno must be true or false, not {quote(action['uno'])}")
            tile = action["tile"]
            if tile is not None and not isinstance(tile, str):
                raise bad_line(n, f"tile {quote(tile)} is not a tile in notation")


_ACTION_KINDS = {k.value: k for k in ActionKind}


def _action_of(n: int, rec: dict[str, Any], ts: TileSet, players: int) -> tuple[int, Action]:
    """The seat and action of a checked action record."""
    seat = rec["seat"]
    if not 0 <= seat < players:
        raise line_error(
            n, "bad-seat", f"seat {quote(seat)} is not a seat of this {players}-player log"
        )
    a = rec["action"]
    tile = a["tile"]
    try:
        return seat, Action(
            _ACTION_KINDS[a["kind"]], None if tile is None else parse_tile(tile, ts), a["uno"]
        )
    except MahjongError as e:
        raise bad_line(n, f"tile {quote(tile)}: {e.detail}") from None


def _deal(
    n: int, head: dict[str, Any], played: str | RuleSet | None
) -> tuple[HandState, tuple[Event, ...]]:
    """The state and events the header deals, under the rules it names (or
    ``played``, which must bear that name); a seed must deal its wall."""
    try:
        rules = get_rules(head["rules"] if played is None else played)
        if rules.name != head["rules"]:
            raise LogError(
                "bad-header",
                f"the round was played under the {quote(head['rules'])} rules,"
                f" not {quote(rules.name)}",
            )
        wall = [
            parse_flower(t) if is_flower_text(t) else parse_tile(t, rules.tileset)
            for t in head["wall"]
        ]
        wind = head.get("prevalent_wind")
        state, events = start_hand(
            rules, players=head["players"], dealer=head["dealer"], wall=wall, prevalent_wind=wind
        )
    except MahjongError as e:
        raise line_error(n, "bad-header", e.detail) from None
    seed = head["seed"]
    if seed is not None:
        seeded, _ = start_hand(
            rules,
            players=head["players"],
            dealer=head["dealer"],
            seed=seed,
            prevalent_wind=head.get("prevalent_wind"),
        )
        if seeded.wall != state.wall:
            raise line_error(
                n,
                "bad-header",
                f"the wall is not the one seed {quote(seed)} deals: a seeded log's wall"
                " is its seed's",
            )
    return state, events


@keywords_checked
def replay(
    lines: LogSource,
    *,
    key: object = None,
    complete: object = False,
    require_key: object = False,
    rules: str | RuleSet | None = None,
) -> Replay:
    """Every state of the logged round, from the deal to the last action,
    as a :class:`Replay` that says whether the round finished
    (``complete``) and whether the log's digests were checked
    (``verified``, ``keyed``).

    ``lines`` is the log: a path (``str`` or ``os.PathLike``), a file open
    in text mode, its whole text, or an iterable of its lines or of its
    parsed records (dicts, as ``play --json`` prints them in its ``log``
    list; each is checked, its digest included, as its line would be). A
    ``str`` with a line break, or whose first character other than spaces
    is ``{``, or that is blank, is the log's text; any other ``str`` is a
    path. Anything else is refused (``not-lines``).

    With ``key`` (bytes or text) the log must be one written with that key
    (:func:`write_log`, :meth:`Board.log_lines
    <unomahjong.game.Board.log_lines>`): an unkeyed or format-1 log is
    refused. With ``require_key=True`` a key must be given (``key-required``):
    a verifier that only trusts signed logs then cannot be handed an
    unsigned one, nor a signed one whose signature was stripped and its
    chain computed again without the key. With ``complete=True`` a log that
    ends before the round does is refused (``incomplete``).

    The header names the rule set the round was played under. A built-in
    one is found by its name; a house rule (a rule set derived from one,
    with its own name) is passed as ``rules``, and its name must be the
    header's (``bad-header`` otherwise).

    Raises :class:`~unomahjong.LogError`, naming the line, for a line too long, JSON
    that is not a record, a digest that does not match (the first line
    whose digest breaks), a missing, extra or mistyped field, a seed that
    does not deal the logged wall, an action that is not legal where the
    log plays it, or events that differ from the log's."""
    strict = flag(complete)
    if strict is None:
        raise wrong_type(LogError, "not-a-flag", "replay", "complete", complete, "True or False")
    must_sign = flag(require_key)
    if must_sign is None:
        raise wrong_type(
            LogError, "not-a-flag", "replay", "require_key", require_key, "True or False"
        )
    if must_sign and key is None:
        raise LogError(
            "key-required",
            "replay(..., require_key=True) checks the log with the key it was signed"
            " with: pass key=",
            argument="require_key",
        )
    reader = LogReader(lines, "replay", key)
    records = iter(reader)
    n, head = next(records)
    state, events = _deal(n, head, rules)
    states = [state]
    for n, rec in records:
        if rec["type"] == "start":
            if [event_json(e) for e in events] != rec["events"]:
                raise line_error(n, "mismatch", "the deal's events differ from the log")
            continue
        seat, action = _action_of(n, rec, state.rules.tileset, state.players)
        try:
            state, events = apply(state, seat, action)
        except MahjongError as e:
            raise line_error(n, "illegal-action", e.detail) from None
        if [event_json(e) for e in events] != rec["events"]:
            raise line_error(n, "mismatch", f"seat {seat} {action}: events differ from the log")
        states.append(state)
    done = state.phase is Phase.ENDED
    if strict and not done:
        raise line_error(
            reader.last,
            "incomplete",
            "the log ends here, before the round does (replay(..., complete=True))",
        )
    return Replay(
        states,
        format=reader.format,
        complete=done,
        verified=reader.verified,
        keyed=reader.verified and reader.keyed_chain,
    )


_PUBLIC_TILE_EVENTS = frozenset(
    {"discard", "uno", "chow", "pung", "kong", "added_kong", "reverse", "skip", "win"}
)


@keywords_checked
def seat_view(lines: LogSource, seat: int, *, key: object = None) -> list[str]:
    """The log as ``seat`` saw it: no wall or seed, other seats' drawn tiles,
    concealed kongs and unresolved answers (passes) hidden. The log, in
    any form :func:`replay` takes, is read and its digests checked as
    :func:`replay` does (with ``key``, it must
    be a log written with that key). The view of a format-2 log is a
    format-2 document with a chain of its own (keyed with ``key`` if one is
    given), so that its reader can tell it is whole; a view cannot be
    replayed (it has no wall)."""
    reader = LogReader(lines, "seat_view", key)
    viewer = whole(seat)  # any integer type; True is not seat 1
    if viewer is None:
        raise LogError(
            "bad-seat",
            f"seat {describe(seat)} is not a seat number",
            argument="seat",
        )
    out: list[dict[str, Any]] = []
    for _, rec in reader:
        rec = dict(rec)
        rec.pop("digest", None)
        if rec["type"] == "header":
            players = rec["players"]
            if not 0 <= viewer < players:
                raise LogError(
                    "bad-seat",
                    f"seat {quote(viewer)} is not a seat of this {players}-player log",
                    argument="seat",
                )
            rec["wall"] = None
            rec["seed"] = None
            rec["viewer"] = viewer
        else:
            rec["events"] = [_hide(e, viewer) for e in rec["events"]]
            if rec["type"] == "action" and rec["seat"] != viewer:
                action = rec["action"]
                if action["kind"] == "pass":
                    continue
                if action["kind"] == "concealed_kong":
                    rec["action"] = {**action, "tile": None}
        out.append(rec)
    if reader.format == 1:
        return [json.dumps(r, ensure_ascii=False) for r in out]
    return chain_lines(out, reader.key)


def _hide(e: dict[str, Any], seat: int) -> dict[str, Any]:
    if e["seat"] == seat or e["kind"] in _PUBLIC_TILE_EVENTS:
        return e
    return {**e, "tile": None}


@keywords_checked
def write_log(
    path_or_file: str | os.PathLike[str] | IO[str],
    lines: LogSource,
    *,
    key: object = None,
) -> None:
    """Write a round's log (format 2, one line each, ``\\n`` after each) to a
    path (UTF-8) or a file open in text mode. ``lines`` is the log in any
    form :func:`~unomahjong.game.replay` takes. The lines are read and their
    digests checked first (a log that does not verify is refused, and
    nothing is written); with ``key`` they are written signed with it
    (HMAC-SHA-256), so that only the key's holder can write a log that
    ``replay(..., key=key)`` takes. Sign only logs your own server made:
    the check here is of the digests, not of who wrote them."""
    k = server_key(key, "write_log")
    if not isinstance(path_or_file, (str, os.PathLike)) and not callable(
        getattr(path_or_file, "write", None)
    ):
        raise wrong_type(
            LogError,
            "not-a-file",
            "write_log",
            "path_or_file",
            path_or_file,
            "a path or a text file",
        )
    reader = LogReader(lines, "write_log", k, require_key=False)
    records = [rec for _, rec in reader]
    if not reader.verified:
        raise LogError(
            "unverified",
            "write_log takes a format-2 log whose digests it can check"
            f" (this one: format {reader.format}"
            + (", keyed: pass its key" if reader.keyed_chain else "")
            + ")",
        )
    text = "".join(line + "\n" for line in chain_lines(records, k))
    if isinstance(path_or_file, (str, os.PathLike)):
        try:
            with open(path_or_file, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        except OSError as e:
            raise LogError(
                "cannot-write",
                f"cannot write {quote(os.fspath(path_or_file))}: {e.strerror or e}",
            ) from None
        except ValueError as e:  # from open(): a NUL character, which no path has
            raise LogError(
                "cannot-write", f"cannot write {quote(os.fspath(path_or_file))}: {e}"
            ) from None
    else:
        path_or_file.write(text)
