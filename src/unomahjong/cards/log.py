"""A hand of UNO cards as a JSON Lines log: tamper-evident, replayed
exactly, and seen from one seat.

One record per line, each with a ``digest`` chained from the previous
line's (the same chain as the mahjong log: docs/cards.md#the-log):

* ``{"type": "header", "game": "cards", "format": 1, "rules": {"name":
  "cards", "all_draw_wild": false, "target": 500}, "players": 4, "seed": 7,
  "dealer": null, "chain": "sha256", "digest": "..."}``: what deals the
  hand (``dealer`` null when the seats cut for it);
* ``{"type": "start", "events": [...], "digest": "..."}``: the deal;
* ``{"type": "action", "seat": 1, "action": "play W b uno", "events":
  [...], "digest": "..."}``: every action, as its text, with its events.

An event is ``{"kind", "seat", "cards", "colour", "other"}``; ``cards`` is
a list of cards in notation, or, in a seat's view, the number of cards the
seat may not see.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final

import attrs

from .. import _logfile as logfile
from .._checks import checked_init, describe, items, iterable, keywords_checked, quote, whole
from .._logfile import LogSource, bad_line, line_error
from ..errors import CardError, LogError
from .flow import apply, start_hand
from .rules import CardRules
from .state import CardAction, CardEvent, CardPhase, CardState

__all__ = ["CardReplay", "log_lines", "replay", "seat_view"]

GAME: Final = "cards"
FORMAT: Final = 1
"""The format :func:`log_lines` writes."""

_FIELDS: Final = {
    "header": frozenset(
        {"type", "game", "format", "rules", "players", "seed", "dealer", "chain", "digest"}
    ),
    "start": frozenset({"type", "events", "digest"}),
    "action": frozenset({"type", "seat", "action", "events", "digest"}),
}
"""The fields of each record: exactly these, no more, no fewer."""
_EVENT_FIELDS: Final = frozenset({"kind", "seat", "cards", "colour", "other"})
_PRIVATE: Final = frozenset({"deal", "draw"})
"""Events whose cards only their own seat sees (a shown hand: see hide_event)."""
Move = tuple[int, CardAction, Sequence[CardEvent]]


@checked_init
class CardReplay(list[CardState]):
    """What :func:`replay` returns: every state of the logged hand, from the
    deal to the last logged action, and what the replay established."""

    complete: bool
    """The log plays the hand to its end."""
    verified: bool
    """Every record's digest was checked and holds (False for a keyed log
    replayed without its key)."""
    keyed: bool
    """The digests were checked with the server key (HMAC-SHA-256)."""

    def __init__(
        self,
        states: Iterable[CardState] = (),
        *,
        complete: bool = False,
        verified: bool = False,
        keyed: bool = False,
    ) -> None:
        super().__init__(
            items(states, CardState, LogError, "not-states", "CardReplay", "states", "CardStates")
        )
        self.complete = complete
        self.verified = verified
        self.keyed = keyed


def event_json(e: CardEvent) -> dict[str, Any]:
    """An event as a JSON object."""
    return {
        "kind": e.kind,
        "seat": e.seat,
        "cards": [c.notation for c in e.cards],
        "colour": e.colour,
        "other": e.other,
    }


def _rules_json(rules: CardRules) -> dict[str, Any]:
    return {a.name: getattr(rules, a.name) for a in attrs.fields(CardRules)}


@keywords_checked
def log_lines(
    rules: CardRules,
    moves: Iterable[Move],
    *,
    players: int,
    seed: int,
    dealer: int | None = None,
    key: object = None,
) -> list[str]:
    """The log of a hand dealt by ``start_hand(rules, players=, seed=,
    dealer=)`` and played by ``moves`` (seat, action, events), as
    :func:`~unomahjong.cards.play_cards` returns them: its lines, chained
    with SHA-256, or with HMAC-SHA-256 under ``key`` (bytes or text). The
    moves are played again as they are logged, so a log that would not
    replay is never written: an illegal move is
    :class:`~unomahjong.CardError`, events other than the move's are
    :class:`~unomahjong.LogError` (``events-differ``), and a log longer
    than :func:`replay` reads (more than 9,998 actions, or a line past
    4,096 characters) is :class:`~unomahjong.LogError` (``too-long``)."""
    k = logfile.server_key(key, "log_lines")
    state, start = start_hand(rules, players=players, seed=seed, dealer=dealer)
    header = {
        "type": "header",
        "game": GAME,
        "format": FORMAT,
        "rules": _rules_json(rules),
        "players": players,
        "seed": seed,
        "dealer": dealer,
    }
    records: list[dict[str, Any]] = [
        header,
        {"type": "start", "events": [event_json(e) for e in start]},
    ]
    expected = "(seat, action, events) moves, as play_cards returns them"
    for n, move in enumerate(
        iterable(moves, CardError, "bad-moves", "log_lines", "moves", expected)
    ):
        if not isinstance(move, tuple) or len(move) != 3:
            raise CardError("bad-moves", f"log_lines(): move {n} is not (seat, action, events)")
        seat, action, events = move
        state, happened = apply(state, seat, action)
        if tuple(events) != happened:
            raise LogError("events-differ", f"log_lines(): move {n}'s events are not its action's")
        if len(records) >= logfile.MAX_LINES:
            raise LogError(
                "too-long",
                f"log_lines(): a log holds at most {logfile.MAX_LINES - 2:,} actions"
                f" ({logfile.MAX_LINES:,} lines, what replay reads)",
            )
        records.append(
            {
                "type": "action",
                "seat": seat,
                "action": str(action),
                "events": [event_json(e) for e in happened],
            }
        )
    lines = logfile.chained(records, k)
    longest = max(map(len, lines))
    if longest > logfile.MAX_LINE_LENGTH:
        raise LogError(
            "too-long",
            f"log_lines(): a line of {longest:,} characters; replay reads lines of at most"
            f" {logfile.MAX_LINE_LENGTH:,} (a shorter rules name makes a shorter header)",
        )
    return lines


class _Reader:
    """The records of a card log, each checked before it is yielded: its
    size, its JSON, its digest, its fields and its place."""

    def __init__(self, lines: object, func: str, key: object) -> None:
        self.lines: Iterable[object] = logfile.log_lines_of(lines, func)
        self.key: bytes | None = logfile.server_key(key, func)
        self.keyed = False
        self.verified = False

    def __iter__(self) -> Iterator[tuple[int, dict[str, Any]]]:
        previous, check, count = logfile.GENESIS, True, 0
        for n, line in enumerate(self.lines, 1):
            if n > logfile.MAX_LINES:
                raise line_error(n, "too-long", f"a log has at most {logfile.MAX_LINES:,} lines")
            if not isinstance(line, str):
                raise bad_line(n, f"a log line is text or a record (a dict), not {describe(line)}")
            if len(line) > logfile.MAX_LINE_LENGTH:
                raise line_error(
                    n, "too-long", f"a log line has at most {logfile.MAX_LINE_LENGTH:,}"
                )
            if not line.strip():
                continue
            rec = logfile.loads_line(n, line)
            if not isinstance(rec, dict):
                raise bad_line(n, "not a card log record (an object with a known type)")
            kind = rec.get("type")
            if not isinstance(kind, str) or kind not in _FIELDS:
                raise bad_line(
                    n, f"field 'type' is {describe(kind)}, not one of header, start, action"
                )
            if count == 0:
                check = self._open(n, rec)
            if check:
                previous = logfile.checked_digest(
                    n, previous, rec, self.key if self.keyed else None
                )
            else:
                logfile.digest_field(n, rec)
            _check(n, rec, count)
            count += 1
            yield n, rec
        if count == 0:
            raise LogError("no-header", "the log is empty: it starts with its header line")
        self.verified = check

    def _open(self, n: int, rec: dict[str, Any]) -> bool:
        if rec["type"] != "header":
            raise line_error(n, "no-header", "a log starts with its header line")
        if rec.get("game") != GAME or rec.get("format") != FORMAT:
            raise line_error(
                n, "format", f"not a card log of format {FORMAT} (game {quote(rec.get('game'))})"
            )
        chain = rec.get("chain")
        if chain not in (logfile.CHAIN_PLAIN, logfile.CHAIN_KEYED):
            raise line_error(n, "bad-header", f"chain {quote(chain)} is not a known chain")
        self.keyed = chain == logfile.CHAIN_KEYED
        if not self.keyed and self.key is not None:
            raise line_error(
                n, "unkeyed", "the log's digests are not keyed: the key cannot verify it"
            )
        return not self.keyed or self.key is not None


def _check(n: int, rec: dict[str, Any], index: int) -> None:
    kind = rec["type"]
    if rec.keys() != _FIELDS[kind]:
        raise line_error(
            n, "bad-header" if kind == "header" else "bad-line", f"a {kind} record's fields"
        )
    if (index == 0) != (kind == "header"):
        raise bad_line(n, "a log has one header, on its first line")
    if (index == 1) != (kind == "start"):
        raise line_error(n, "no-start", "the record after the header is the start record")
    if kind == "header":
        return
    events = rec["events"]
    if not isinstance(events, list) or not all(
        isinstance(e, dict) and e.keys() == _EVENT_FIELDS for e in events
    ):
        raise bad_line(n, "events are a list of objects with kind, seat, cards, colour, other")
    if kind == "action" and (type(rec["seat"]) is not int or not isinstance(rec["action"], str)):
        raise bad_line(n, "an action record has a seat (a number) and an action (text)")


def _deal(n: int, head: dict[str, Any]) -> tuple[CardState, tuple[CardEvent, ...]]:
    rules = head["rules"]
    seed, players, dealer = head["seed"], head["players"], head["dealer"]
    if not isinstance(rules, dict) or type(seed) is not int or type(players) is not int:
        raise line_error(n, "bad-header", "rules are an object; seed and players are numbers")
    if dealer is not None and type(dealer) is not int:
        raise line_error(n, "bad-header", "the dealer is a seat number or null")
    try:
        card_rules = CardRules(**rules)
        return start_hand(card_rules, players=players, seed=seed, dealer=dealer)
    except (CardError, TypeError) as e:
        raise line_error(n, "bad-header", f"the hand cannot be dealt: {e}") from None


def _walk(reader: _Reader) -> Iterator[tuple[dict[str, Any], CardState]]:
    """Each record with the state after it (the deal's for the header and
    the start record), each action replayed and its events checked."""
    records = iter(reader)
    n, head = next(records)
    state, events = _deal(n, head)
    yield head, state
    n, start = next(records, (n + 1, None))
    if start is None:
        raise line_error(n, "no-start", "the log ends before its start record")
    if start["events"] != [event_json(e) for e in events]:
        raise line_error(n, "events-differ", "the deal differs from the one the header makes")
    yield start, state
    for n, rec in records:
        try:
            action = CardAction.parse(rec["action"])
            state, events = apply(state, rec["seat"], action)
        except CardError as e:
            what = f"{quote(rec['action'])} by seat {rec['seat']}: {e}"
            raise line_error(n, "illegal", what) from None
        if rec["events"] != [event_json(e) for e in events]:
            raise line_error(n, "events-differ", "the events differ from what the action does")
        yield rec, state


@keywords_checked
def replay(lines: LogSource, *, key: object = None) -> CardReplay:
    """Every state of the logged hand, from the deal to the last action, as
    a :class:`CardReplay`. ``lines`` is the log: a path, an open text file,
    its text, or its lines or records. With ``key``, the log must be one
    written with it. Raises :class:`~unomahjong.LogError`, naming the line,
    for a line too long, JSON that is not a record, a digest that does not
    match, a missing or extra field, an action that is not legal where the
    log plays it, or events that differ from the log's."""
    reader = _Reader(lines, "replay", key)
    states = [state for rec, state in _walk(reader) if rec["type"] != "start"]
    return CardReplay(
        states,
        complete=states[-1].ended,
        verified=reader.verified,
        keyed=reader.keyed and reader.verified,
    )


def hide_event(event: dict[str, Any], viewer: int) -> dict[str, Any]:
    """The event as ``viewer`` sees it: the cards of another seat's deal or
    draw, and of a hand shown to another seat, as their number."""
    kind, seat = event["kind"], event["seat"]
    secret = (kind in _PRIVATE and seat != viewer) or (
        kind == "show" and viewer not in (seat, event["other"])
    )
    return {**event, "cards": len(event["cards"])} if secret else event


def viewed(
    lines: LogSource, viewer: int | None, func: str, key: object
) -> tuple[list[tuple[dict[str, Any], CardState]], bytes | None]:
    """Each record of the log as ``viewer`` saw it (every card shown when
    None), with the state after it, and the key its chain was checked with.
    The log is checked as :func:`replay` checks it."""
    out: list[tuple[dict[str, Any], CardState]] = []
    reader = _Reader(lines, func, key)
    before: CardState | None = None
    for rec, state in _walk(reader):
        rec = {k: v for k, v in rec.items() if k != "digest"}
        if viewer is None:
            pass
        elif rec["type"] == "header":
            if not 0 <= viewer < state.players:
                raise LogError(
                    "bad-seat", f"seat {quote(viewer)} is not a seat of this log", argument="seat"
                )
            rec["seed"] = None
            rec["viewer"] = viewer
        else:
            # Only the seats holding the top card are asked to jump in: a
            # pass there would tell who holds it.
            asked = before is not None and before.phase is CardPhase.JUMP
            if asked and rec["seat"] != viewer and rec["action"] == "pass":
                before = state
                continue
            rec["events"] = [hide_event(e, viewer) for e in rec["events"]]
        before = state
        out.append((rec, state))
    return out, reader.key if reader.keyed else None


@keywords_checked
def seat_view(lines: LogSource, seat: int, *, key: object = None) -> list[str]:
    """The log as ``seat`` saw it: no seed (it would deal every hand), the
    cards other seats were dealt or drew, and a hand shown in a challenge to
    anyone but the challenger, as their number. The log is read and its
    digests checked as :func:`replay` reads it; the view has a chain of its
    own (keyed with ``key`` if given). A view cannot be replayed."""
    viewer = whole(seat)
    if viewer is None:
        raise LogError("bad-seat", f"seat {describe(seat)} is not a seat number", argument="seat")
    records, chain_key = viewed(lines, viewer, "seat_view", key)
    return logfile.chained([rec for rec, _ in records], chain_key)
