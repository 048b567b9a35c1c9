"""A replay viewer: one logged hand as one self-contained HTML page.

:func:`replay_html` replays a hand's JSON Lines log with the library's own
:func:`~unomahjong.game.replay` and :func:`~unomahjong.game.apply`, and
writes a page that steps through it: the deal, then one step per logged
action, forward, back or to any step (the arrow keys, Home and End, the
buttons, the slider or the list of steps). Each step shows every seat's
concealed tiles (all open, or as one seat saw them), melds and discards
around a table, the wall count, the tile on offer and who may claim it,
the direction of play (it flips visibly on a Reverse), a skipped seat, an
UNO declaration and the locked hand, and at the end each winner's hand
with its fan table and the payments.

The page needs nothing but a browser: its style sheet, script and pictures
are inline, it loads nothing (a Content-Security-Policy forbids any
request), and it needs no build step. Each tile face is drawn once, as an
SVG ``<symbol>`` made by :mod:`unomahjong.render`, and every tile on the
page refers to it with ``<use>``; the states are compact JSON read by a
small plain script. A hand of four players takes 75 to 125 KB.

The page carries what a test or a style sheet selects: ``#viewer`` has
``data-step``, ``data-phase``, ``data-direction`` and ``data-wall``; each
``.seat`` has ``data-seat``, ``data-hand-size``, ``data-discards`` (the
discards in notation, oldest first), ``data-melds``, ``data-uno`` and
``data-skipped``; every tile is a ``.t`` with ``data-tile`` (its notation,
or nothing when face down).

>>> from unomahjong.game import GreedyBot, play_hand
>>> board = play_hand("uno", [GreedyBot() for _ in range(4)], seed=0)
>>> page = replay_html(board.log_lines())
>>> page.startswith("<!DOCTYPE html>") and len(page.encode()) < 300_000
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from .._checks import describe, keywords_checked, quote, whole
from ..errors import NotationError
from ..game import (
    Action,
    ActionKind,
    HandState,
    LogError,
    Phase,
    Replay,
    apply,
    observe,
    replay,
)
from ..game.actions import Event
from ..game.state import Outcome
from ..model.hand import Meld
from ..model.notation import parse_tile
from ..model.tiles import Tile, TileSet
from . import _tile_faces as _faces
from . import fan_table_html
from ._hand_svg import groups_of, meld_tiles
from ._score_svg import reading_groups
from ._svg import esc
from ._viewer_page import page

__all__ = ["event_text", "replay_html"]

_ALPHABET: Final = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""A tile in the page's data is one character: its index in the tile table."""


_GAME_NAMES = {"uno": "UNO Mahjong", "mcr": "MCR", "botzone": "MCR (Botzone)"}
"""What a page calls the game of each built-in rule set with a game flow."""


def _direction_words(direction: int) -> str:
    return "counter-clockwise" if direction > 0 else "clockwise"


class _Codes:
    """The tiles of a tile set as one-character codes, and their symbols."""

    def __init__(self, tileset: TileSet) -> None:
        tiles = list(tileset.tiles)
        if len(tiles) > len(_ALPHABET):  # no built-in tile set comes near
            raise LogError("too-many-tiles", f"{tileset.name} has more than {len(_ALPHABET)} tiles")
        self.tiles = tiles
        self.index = {t: _ALPHABET[i] for i, t in enumerate(tiles)}

    def row(self, tiles: Iterable[Tile]) -> str:
        return "".join(self.index[t] for t in tiles)


def _records(
    lines: Sequence[object],
) -> tuple[int | None, list[tuple[int, str, str | None, bool]]]:
    """The header's seed and each action record's (seat, kind, tile, uno),
    read after :func:`replay` has checked the log (its lines, or its
    records as :func:`replay` takes them too)."""
    seed: int | None = None
    actions: list[tuple[int, str, str | None, bool]] = []
    for line in lines:
        if isinstance(line, dict):
            rec = line
        elif not isinstance(line, str) or not line.strip():
            continue
        else:
            rec = json.loads(line)  # checked by replay: no limit to meet here
        if rec.get("type") == "header":
            s = rec.get("seed")
            seed = s if type(s) is int else None
        elif rec.get("type") == "action":
            a = rec["action"]
            actions.append((rec["seat"], a["kind"], a["tile"], a["uno"]))
    return seed, actions


_PRIVATE_TILE_EVENTS: Final = frozenset({"draw", "replacement", "concealed_kong"})
"""Events whose tile only their own seat sees (as in ``seat_view``)."""


def _hidden(viewer: int | None, e: Event) -> bool:
    """Whether the viewer could not see the event's tile."""
    return viewer is not None and e.seat != viewer and e.kind in _PRIVATE_TILE_EVENTS


def event_text(e: Event, tile: str, before: HandState, after: HandState) -> str:
    """What an event did, in words, as the viewer and the command line's
    ``play`` say it: ``"seat 2 claims 9r from seat 1: chow [789r@1]"``,
    ``"Skip: seat 3 is skipped"``. ``tile`` is the event's tile as shown
    (``""`` when the viewer may not see it); ``before`` and ``after`` are the
    states around the move."""
    who = f"seat {e.seat}"
    k = e.kind
    if k == "draw":
        return f"{who} draws {tile or 'a tile'}"
    if k == "replacement":
        return f"{who} draws {tile or 'a tile'} from the back of the wall (replacement)"
    if k == "flower":
        return f"{who} sets a flower aside"
    if k == "discard":
        return f"{who} discards {tile}"
    if k == "uno":
        return f"{who} declares UNO: the hand is locked"
    if k in ("chow", "pung", "kong"):
        melds = after.seats[e.seat].melds
        formed = f" {melds[-1]}" if melds else ""
        return f"{who} claims {tile} from seat {before.current}: {k}{formed}"
    if k == "concealed_kong":
        return f"{who} declares a concealed kong" + (f" of {tile}" if tile else "")
    if k == "added_kong":
        return f"{who} adds {tile} to a pung: kong"
    if k == "reverse":
        return f"Reverse: play now passes {_direction_words(after.direction)}"
    if k == "skip":
        return f"Skip: seat {(e.seat + after.direction) % after.players} is skipped"
    if k == "win":
        return f"{who} wins on {tile}"
    if k == "exhaustive_draw":
        return "the wall is empty: exhaustive draw (荒牌)"
    return f"{who}: {k}" + (f" {tile}" if tile else "")


def _melds(melds: Sequence[Meld], players: int, codes: _Codes) -> list[list[Any]]:
    """Each meld as [kind, tiles, claimed position (-1: none), face-down
    positions]: the tiles as render lays them (:func:`unomahjong.render._hand_svg.meld_tiles`)."""
    out: list[list[Any]] = []
    for m in melds:
        placed = meld_tiles(m, players)
        claimed = next((i for i, p in enumerate(placed) if p.claimed), -1)
        down = [i for i, p in enumerate(placed) if p.face_down]
        kind = m.kind.value if m.exposed else "concealed kong"
        out.append([kind, codes.row(p.tile for p in placed), claimed, down])
    return out


def _seat_data(state: HandState, seat: int, viewer: int | None, codes: _Codes) -> list[Any]:
    """[concealed, drawn set apart (0/1), melds, discards, uno, flowers]:
    the concealed tiles as codes, or their number when the viewer may not
    see them; the flowers set aside (public), as their notation."""
    s = state.seats[seat]
    drawn = state.drawn if state.phase is Phase.TURN and state.current == seat else None
    apart = 1 if drawn is not None else 0
    melds: Sequence[Meld] = s.melds
    hidden_kongs = 0
    if viewer is not None and viewer != seat:
        other = observe(state, viewer).others[seat]
        assert other is not None
        concealed: str | int = other.concealed_count
        melds = other.melds
        hidden_kongs = other.hidden_kongs
    else:
        tiles = list(s.concealed)
        if drawn is not None:
            tiles.remove(drawn)
            tiles.append(drawn)
        concealed = codes.row(tiles)
    meld_data = _melds(melds, state.players, codes)
    meld_data.extend(["concealed kong", "", -1, [0, 1, 2, 3]] for _ in range(hidden_kongs))
    flowers = " ".join(f.zh for f in s.flowers)
    return [concealed, apart, meld_data, codes.row(s.discards), 1 if s.uno else 0, flowers]


def _step(
    label: str,
    events: Sequence[Event],
    before: HandState | None,
    state: HandState,
    viewer: int | None,
    codes: _Codes,
) -> dict[str, Any]:
    texts = []
    skipped = -1
    claim: list[int] | None = None
    uno = -1
    for e in events:
        hide = _hidden(viewer, e)
        tile = "" if e.tile is None or hide else e.tile.notation
        texts.append(event_text(e, tile, before or state, state))
        if e.kind == "skip":
            skipped = (e.seat + state.direction) % state.players
        elif e.kind in ("chow", "pung", "kong") and before is not None:
            claim = [e.seat, before.current]
        elif e.kind == "uno":
            uno = e.seat
    awaited = list(state.pending) if state.phase in (Phase.CLAIM, Phase.ROB) else []
    if viewer is not None:
        awaited = [s for s in awaited if s == viewer]
    step: dict[str, Any] = {
        "a": label,
        "x": texts,
        "p": state.phase.value,
        "c": state.current,
        "d": state.direction,
        "w": state.wall_left,
        **({"ws": list(state.walls)} if state.walls else {}),
        "o": codes.index[state.offered] if state.offered is not None else "",
        "q": awaited,
        "s": [_seat_data(state, i, viewer, codes) for i in range(state.players)],
    }
    if before is not None and before.direction != state.direction:
        step["r"] = 1
    if skipped >= 0:
        step["k"] = skipped
    if claim is not None:
        step["m"] = claim
    if uno >= 0:
        step["u"] = uno
    if state.result is not None:
        step["v"] = [w.seat for w in state.result.wins]
        step["g"] = list(state.result.payments)
    return step


def _action_label(seat: int, action: Action, viewer: int | None) -> str:
    if viewer is not None and seat != viewer and action.kind is ActionKind.CONCEALED_KONG:
        return f"seat {seat}: concealed kong"
    return f"seat {seat}: {action}"


def _tile_html(codes: _Codes, tile: Tile | None, classes: str = "t") -> str:
    """A tile as the script draws it: a ``<use>`` of its symbol (or of the back)."""
    w, h = _faces.tile_size(codes.tiles[0].tileset)
    if tile is None:
        return (
            f'<span class="{classes} down" data-tile="" title="face down">'
            f'<svg viewBox="0 0 {w} {h}"><use href="#tb" width="{w}" height="{h}"/></svg></span>'
        )
    i = _ALPHABET.index(codes.index[tile])
    title = esc(_faces.describe(tile))
    if "claimed" in classes:
        return (
            f'<span class="{classes}" data-tile="{esc(tile.notation)}" title="{title}, claimed">'
            f'<svg viewBox="0 0 {h} {w}"><use href="#t{i}" width="{w}" height="{h}" '
            f'transform="translate(0 {w}) rotate(-90)"/></svg></span>'
        )
    return (
        f'<span class="{classes}" data-tile="{esc(tile.notation)}" title="{title}">'
        f'<svg viewBox="0 0 {w} {h}"><use href="#t{i}" width="{w}" height="{h}"/></svg></span>'
    )


def _result_html(result: Outcome, players: int, codes: _Codes) -> str:
    """The end of the hand: each winner's hand (grouped as scored) and fan
    table, then the payments."""
    parts = ['<section id="result" hidden><h2>Result</h2>']
    if result.exhaustive:
        parts.append('<p class="draw">Exhaustive draw (荒牌): nobody wins, nobody pays.</p>')
    for w in result.wins:
        how = "self-drawn" if w.from_seat is None else f"on seat {w.from_seat}’s discard"
        parts.append(
            f'<div class="win" data-seat="{w.seat}"><h3>Seat {w.seat} wins, {how}: '
            f"{w.score.total} points</h3>"
        )
        groups = []
        for g in groups_of(w.score.hand, players, reading_groups(w.score)):
            tiles = "".join(
                _tile_html(
                    codes,
                    None if p.face_down else p.tile,
                    "t claimed" if p.claimed else "t",
                )
                for p in g.tiles
            )
            cls = "grp apart" if g.gap > 6 else "grp"
            caption = f'<span class="cap">{esc(g.caption)}</span>' if g.caption else ""
            groups.append(f'<span class="{cls}">{tiles}{caption}</span>')
        parts.append(f'<div class="hand">{"".join(groups)}</div>')
        parts.append(fan_table_html(w.score))
        parts.append("</div>")
    rows = "".join(
        f'<tr data-seat="{i}"><td>seat {i}</td><td class="num">{p:+d}</td></tr>'
        for i, p in enumerate(result.payments)
    )
    parts.append(
        '<table class="payments"><thead><tr><th>seat</th><th>gain</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></section>"
    )
    return "".join(parts)


def _symbols(codes: _Codes) -> str:
    ts = codes.tiles[0].tileset
    w, h = _faces.tile_size(ts)
    body = [
        f'<symbol id="t{_ALPHABET.index(codes.index[t])}" viewBox="0 0 {w} {h}">'
        + "".join(_faces.face(t))
        + "</symbol>"
        for t in codes.tiles
    ]
    body.append(f'<symbol id="tb" viewBox="0 0 {w} {h}">' + "".join(_faces.back(ts)) + "</symbol>")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="defs" aria-hidden="true" '
        f'font-family="{esc(_FONTS)}"><defs>' + "".join(body) + "</defs></svg>"
    )


_FONTS: Final = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"


def _seat_of(seat: object, players: int) -> int | None:
    if seat is None:
        return None
    n = whole(seat)
    if n is None or not 0 <= n < players:
        shown = quote(n) if n is not None else describe(seat)
        raise LogError(
            "bad-seat", f"seat {shown} is not a seat of this {players}-player log", argument="seat"
        )
    return n


SIGNATURES: Final = {
    "keyed": "Signed log: every digest checked with the server key.",
    "unsigned": "Unsigned log: its digests show only that it is consistent;"
    " anyone can compute them again after an edit.",
    "unchecked": "Signed log, not checked: no key was given.",
    "format-1": "Format-1 log: it has no digests.",
}
"""What the page says of the log's signature, by :func:`signature_of`."""


def signature_of(played: Replay) -> str:
    """How far a replayed log's digests vouch for it: ``keyed`` (checked with
    the server key), ``unsigned`` (an unkeyed chain, which anyone can
    compute), ``unchecked`` (keyed, but replayed without the key) or
    ``format-1`` (no digests)."""
    if played.format == 1:
        return "format-1"
    if played.keyed:
        return "keyed"
    return "unsigned" if played.verified else "unchecked"


@keywords_checked
def replay_html(
    lines: Iterable[str],
    *,
    seat: int | None = None,
    title: str | None = None,
    key: str | bytes | None = None,
    require_key: bool = False,
) -> str:
    """The replay viewer of a logged hand: one self-contained HTML page.

    ``lines`` is the hand's full log, as :meth:`Board.log_lines
    <unomahjong.game.Board.log_lines>` writes it, or that log as one text
    (with its wall: a log
    made by :func:`~unomahjong.game.seat_view` cannot be replayed). Every
    seat's tiles are shown, or, with ``seat``, only what that seat saw:
    the other seats' concealed tiles and drawn tiles face down, their
    concealed kongs face down until the hand ends, and their answers to a
    discard only once the claim is settled. ``title`` names the page
    (default: the seed and the number of players). ``key`` and
    ``require_key`` are :func:`~unomahjong.game.replay`'s; the page says
    plainly whether the log was signed and checked with the key
    (``signature_of``).

    Raises :class:`~unomahjong.LogError` for a log that does not
    replay, and (``bad-seat``) for a seat the hand does not have.
    """
    return replay_page(lines, seat=seat, title=title, key=key, require_key=require_key)[0]


def replay_page(
    lines: Iterable[str],
    *,
    seat: int | None = None,
    title: str | None = None,
    key: str | bytes | None = None,
    require_key: bool = False,
) -> tuple[str, str]:
    """The replay viewer of :func:`replay_html` and the log's signature
    (:func:`signature_of`), from one replay of the log (the command line
    says both)."""
    if title is not None and not isinstance(title, str):
        raise NotationError("not-text", f"title must be text or None, not {describe(title)}")
    if isinstance(lines, str):
        lines = lines.splitlines()
    if isinstance(lines, (bytes, bytearray, Mapping)) or not hasattr(lines, "__iter__"):
        replay(lines)  # raises the log's own error for what is not lines
    listed = list(lines)
    states = replay(listed, key=key, require_key=require_key)
    first = states[0]
    players = first.players
    viewer = _seat_of(seat, players)
    ts = first.rules.tileset
    codes = _Codes(ts)
    seed, records = _records(listed)
    deal = [Event("draw", first.current, first.drawn)] if first.drawn is not None else []
    steps = [_step("the deal", deal, None, first, viewer, codes)]
    for i, (who, kind, tile, uno) in enumerate(records):
        action = Action(ActionKind(kind), None if tile is None else parse_tile(tile, ts), uno)
        before, after = states[i], states[i + 1]
        _, events = apply(before, who, action)
        if (
            viewer is not None
            and who != viewer
            and not events
            and after.phase in (Phase.CLAIM, Phase.ROB)
        ):
            continue  # an answer the viewer does not see until the claim is settled
        steps.append(
            _step(_action_label(who, action, viewer), events, before, after, viewer, codes)
        )
    last = states[-1]
    game = _GAME_NAMES.get(first.rules.name, f"{first.rules.name} rules")
    label = (
        title
        if title is not None
        else (
            f"{game} hand, seed {seed}, {players} players"
            if seed is not None
            else f"{game} hand, {players} players"
        )
    )
    data = {
        "n": players,
        "dealer": first.dealer,
        "viewer": viewer,
        "T": [t.notation for t in codes.tiles],
        "W": [_faces.describe(t) for t in codes.tiles],
        "size": list(_faces.tile_size(ts)),
        "S": steps,
    }
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    payload = payload.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    result = _result_html(last.result, players, codes) if last.result is not None else ""
    view = "all hands open" if viewer is None else f"as seat {viewer} saw it"
    if first.rules.flow is not None and first.rules.flow.winds:
        view = f"prevalent wind {first.prevalent_wind}, {view}"
    signed = signature_of(states)
    html = page(
        title=esc(label),
        subtitle=esc(f"{players} players, dealer seat {first.dealer}, {view}"),
        signature=f'<p class="sig" id="signature" data-signed="{signed}">'
        f"{esc(SIGNATURES[signed])}</p>",
        symbols=_symbols(codes),
        result=result,
        data=payload,
    )
    return html, signed
