"""A replay viewer: one logged round as one self-contained HTML page.

:func:`replay_html` replays a round's JSON Lines log with the library's own
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
small plain script. A round of four players takes 75 to 125 KB.

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
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from .._checks import describe, quote, whole
from ..errors import NotationError
from ..game import Action, ActionKind, LogError, Phase, RoundState, apply, observe, replay
from ..game.state import Event, Outcome
from ..hand import Meld
from ..notation import parse_tile
from ..tiles import Tile, TileSet
from . import _faces, _groups, _meld_tiles, _reading, fan_table_html
from ._svg import esc

__all__ = ["replay_html"]

_ALPHABET: Final = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""A tile in the page's data is one character: its index in the tile table."""


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


def _records(lines: Sequence[str]) -> tuple[int | None, list[tuple[int, str, str | None, bool]]]:
    """The header's seed and each action record's (seat, kind, tile, uno),
    read after :func:`replay` has checked the log."""
    seed: int | None = None
    actions: list[tuple[int, str, str | None, bool]] = []
    for line in lines:
        if not line.strip():
            continue
        rec = json.loads(line)
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


def _event_text(e: Event, tile: str, before: RoundState, after: RoundState) -> str:
    who = f"seat {e.seat}"
    k = e.kind
    if k == "draw":
        return f"{who} draws {tile or 'a tile'}"
    if k == "replacement":
        return f"{who} draws {tile or 'a tile'} from the back of the wall (replacement)"
    if k == "discard":
        return f"{who} discards {tile}"
    if k == "uno":
        return f"{who} declares UNO: the hand is locked"
    if k in ("chow", "pung", "kong"):
        return f"{who} claims {tile} from seat {before.current}: {k}"
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
    positions]: the tiles as render lays them (:func:`_meld_tiles`)."""
    out: list[list[Any]] = []
    for m in melds:
        placed = _meld_tiles(m, players)
        claimed = next((i for i, p in enumerate(placed) if p.claimed), -1)
        down = [i for i, p in enumerate(placed) if p.face_down]
        kind = m.kind.value if m.exposed else "concealed kong"
        out.append([kind, codes.row(p.tile for p in placed), claimed, down])
    return out


def _seat_data(state: RoundState, seat: int, viewer: int | None, codes: _Codes) -> list[Any]:
    """[concealed, drawn set apart (0/1), melds, discards, uno]: the concealed
    tiles as codes, or their number when the viewer may not see them."""
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
    return [concealed, apart, meld_data, codes.row(s.discards), 1 if s.uno else 0]


def _step(
    label: str,
    events: Sequence[Event],
    before: RoundState | None,
    state: RoundState,
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
        texts.append(_event_text(e, tile, before or state, state))
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
    """The end of the round: each winner's hand (grouped as scored) and fan
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
        for g in _groups(w.score.hand, players, _reading(w.score)):
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


def _compact(source: str, joiner: str) -> str:
    """Style sheet or script source without its indentation and blank lines."""
    return joiner.join(line.strip() for line in source.splitlines() if line.strip())


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


def replay_html(lines: Iterable[str], *, seat: int | None = None, title: str | None = None) -> str:
    """The replay viewer of a logged round: one self-contained HTML page.

    ``lines`` is the round's full log, as :meth:`Board.log_lines
    <unomahjong.game.Board.log_lines>` writes it, or that log as one text
    (with its wall: a log
    made by :func:`~unomahjong.game.seat_view` cannot be replayed). Every
    seat's tiles are shown, or, with ``seat``, only what that seat saw:
    the other seats' concealed tiles and drawn tiles face down, their
    concealed kongs face down until the round ends, and their answers to a
    discard only once the claim is settled. ``title`` names the page
    (default: the seed and the number of players).

    Raises :class:`~unomahjong.game.LogError` for a log that does not
    replay, and (``bad-seat``) for a seat the round does not have.
    """
    if title is not None and not isinstance(title, str):
        raise NotationError("not-text", f"title must be text or None, not {describe(title)}")
    if isinstance(lines, str):
        lines = lines.splitlines()
    if isinstance(lines, (bytes, bytearray, Mapping)) or not hasattr(lines, "__iter__"):
        replay(lines)  # raises the log's own error for what is not lines
    listed = list(lines)
    states = replay(listed)
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
    label = (
        title
        if title is not None
        else (
            f"UNO Mahjong round, seed {seed}, {players} players"
            if seed is not None
            else f"UNO Mahjong round, {players} players"
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
    parts = {
        "TITLE": esc(label),
        "SUBTITLE": esc(f"{players} players, dealer seat {first.dealer}, {view}"),
        "CSS": _compact(_CSS, ""),
        "JS": _compact(_JS, "\n"),
        "DIRECTION": _DIRECTION,
        "SYMBOLS": _symbols(codes),
        "RESULT": result,
        "DATA": payload,
    }
    return re.sub(r"@([A-Z]+)@", lambda m: parts[m.group(1)], _PAGE)


_CSS: Final = """
:root{--tw:22px;--th:32px;--felt:#1f6a45;--ink:#1b1b1b}
.many{--tw:20px;--th:30px}
*{box-sizing:border-box}
body{
  margin:0;
  font:14px/1.35 "DejaVu Sans",Verdana,Arial,sans-serif;
  color:var(--ink);
  background:#e9e4d8;
}
.defs{position:absolute;width:0;height:0;overflow:hidden}
header{
  padding:8px 14px;
  background:#26352c;
  color:#fff;
  display:flex;
  flex-wrap:wrap;
  align-items:center;
  gap:6px 18px;
}
h1{font-size:17px;margin:0}
.sub{margin:0;color:#cfd8d2;font-size:13px}
nav{display:flex;align-items:center;gap:6px;margin-left:auto}
nav button{
  font:inherit;
  min-width:34px;
  padding:3px 8px;
  border:1px solid #9fb3a6;
  border-radius:5px;
  background:#f4f1e8;
  cursor:pointer;
}
nav input{width:220px}
#counter{min-width:92px;font-variant-numeric:tabular-nums}
.layout{display:flex;gap:10px;padding:10px;align-items:flex-start}
.table{
  flex:1;
  display:grid;
  grid-template-columns:1fr 1fr 1fr;
  grid-template-areas:"tl t tr" "l c r" "bl b br";
  gap:8px;
  padding:12px;
  border-radius:28px;
  background:radial-gradient(ellipse at center,#2b8258 0,var(--felt) 70%);
  border:10px solid #6b4a2b;
  min-width:0;
}
.seat{
  background:rgba(255,255,255,.9);
  border-radius:10px;
  padding:6px 8px;
  border:3px solid transparent;
  min-width:0;
  align-self:center;
}
.seat h2{font-size:14px;margin:0 0 4px;display:flex;flex-wrap:wrap;gap:4px;align-items:center}
.badge{font-size:11px;font-weight:normal;padding:0 5px;border-radius:8px;background:#ddd}
.b-dealer{
  background:#f3e3b3}.b-turn{background:#ffd84a}.b-uno{background:#e8590c;
  color:#fff;
  font-weight:bold;
}
.b-skip{
  background:#c92a2a;
  color:#fff}.b-claim{background:#1c7ed6;
  color:#fff}.b-ask{background:#d0ebff;
}
.b-win{
  background:#2b8a3e;
  color:#fff;
  font-weight:bold}.b-pay{background:#fff;
  border:1px solid #999;
}
.seat.turn{border-color:#f2b705}
.seat.skipped{border-color:#c92a2a;border-style:dashed;opacity:.8}
.seat.claimer{border-color:#1c7ed6}
.seat.winner{border-color:#2b8a3e}
.row{display:flex;flex-wrap:wrap;align-items:flex-end;gap:1px;min-height:calc(var(--th) + 2px)}
.row:empty{min-height:0}
.hand.locked{outline:3px solid #e8590c;outline-offset:1px;border-radius:4px;background:#fff4e6}
.apart{margin-left:10px}
.melds,.discards{margin-top:4px}
.melds .grp{margin-right:8px}
.grp{display:inline-flex;align-items:flex-end;gap:1px;flex-wrap:nowrap;position:relative}
.t{display:inline-block;width:var(--tw);height:var(--th);line-height:0}
.t svg{width:100%;height:100%;display:block}
.t.claimed{width:var(--th);height:var(--tw)}
.discards{--tw:20px;--th:29px}
.many .discards{--tw:16px;--th:23px}
.discards .t.last{outline:2px solid #ffd84a;border-radius:3px}
.count{font-size:12px;color:#555;margin-left:6px}
.centre{
  grid-area:c;
  align-self:stretch;
  display:flex;
  flex-direction:column;
  align-items:center;
  justify-content:center;
  gap:4px;
  color:#fff;
  text-align:center;
  padding:8px;
  border:2px dashed rgba(255,255,255,.35);
  border-radius:18px;
  min-height:190px;
}
#dir svg{width:64px;height:64px;display:block}
#dir.cw svg{transform:scaleX(-1)}
#order{font-size:12px;color:#e6f2ea}
#wall{font-weight:bold}
#offer .t{--tw:34px;--th:50px}
#flash{font-weight:bold;font-size:16px;min-height:20px;color:#ffe066}
#events{margin:0;padding:0;list-style:none;font-size:12px;color:#f1f7f3}
aside{
  width:240px;
  max-height:calc(100vh - 90px);
  overflow:auto;
  background:#fff;
  border-radius:8px;
  padding:6px;
}
aside h2{font-size:14px;margin:2px 4px 6px}
#steps{margin:0;padding:0 0 0 34px;font-size:12px}
#steps li{cursor:pointer;padding:1px 3px;border-radius:3px}
#steps li.cur{background:#ffd84a}
#result{margin:0 10px 14px;padding:10px 14px;background:#fff;border-radius:8px}
#result h2{margin:0 0 6px;font-size:16px}
#result h3{margin:8px 0 4px;font-size:14px}
#result .hand{--tw:34px;--th:50px;display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end}
#result .cap{
  position:absolute;
  left:0;
  right:0;
  bottom:-15px;
  font-size:10px;
  text-align:center;
  color:#555;
}
#result .grp{margin-bottom:16px}
#result table{border-collapse:collapse;margin:4px 0 8px}
#result td,#result th{border:1px solid #ccc;padding:2px 8px}
.num{text-align:right}
@media (max-width:1100px){aside{display:none}}
"""

_JS: Final = r"""
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("data").textContent);
  var A = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  // The eight places around the table (the style sheet's grid areas),
  // counter-clockwise from the bottom; N players sit on N of them.
  var AREAS = ["b", "br", "r", "tr", "t", "tl", "l", "bl"];
  var W = D.size[0], H = D.size[1], n = D.n, S = D.S, at = 0;
  var root = document.getElementById("viewer");
  var table = document.getElementById("table");
  var $ = function (id) { return document.getElementById(id); };
  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) {
      return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c];
    });
  }
  function tile(c, cls) {
    cls = cls || "t";
    if (c === null) {
      return '<span class="' + cls + ' down" data-tile="" title="face down"><svg viewBox="0 0 ' +
        W + " " + H + '"><use href="#tb" width="' + W + '" height="' + H + '"/></svg></span>';
    }
    var i = A.indexOf(c), use = '<use href="#t' + i + '" width="' + W + '" height="' + H + '"';
    var head = '<span class="' + cls + '" data-tile="' + esc(D.T[i]) + '" title="' + esc(D.W[i]);
    if (cls.indexOf("claimed") >= 0) {
      return head + ', claimed"><svg viewBox="0 0 ' + H + " " + W + '">' + use +
        ' transform="translate(0 ' + W + ') rotate(-90)"/></svg></span>';
    }
    return head + '"><svg viewBox="0 0 ' + W + " " + H + '">' + use + "/></svg></span>";
  }
  function names(codes) {
    var out = [];
    for (var i = 0; i < codes.length; i++) out.push(D.T[A.indexOf(codes[i])]);
    return out;
  }
  var bottom = D.viewer === null ? 0 : D.viewer, panels = [];
  if (n > 4) table.classList.add("many");
  for (var i = 0; i < n; i++) {
    var p = document.createElement("section");
    var k = (i - bottom + n) % n;
    p.className = "seat";
    p.setAttribute("data-seat", i);
    p.style.gridArea = AREAS[Math.round(k * 8 / n) % 8];
    p.innerHTML = '<h2><span class="name">Seat ' + i + '</span></h2><div class="row hand"></div>' +
      '<div class="row melds"></div><div class="row discards"></div>';
    table.appendChild(p);
    panels.push(p);
  }
  var list = $("steps");
  S.forEach(function (s, j) {
    var li = document.createElement("li");
    li.textContent = s.a;
    li.setAttribute("data-step", j);
    li.addEventListener("click", function () { show(j); });
    list.appendChild(li);
  });
  var slider = $("slider");
  slider.max = S.length - 1;
  function badge(cls, text) { return '<span class="badge ' + cls + '">' + esc(text) + "</span>"; }
  function show(j) {
    at = Math.max(0, Math.min(S.length - 1, j));
    var s = S[at], ended = s.p === "ended";
    root.setAttribute("data-step", at);
    root.setAttribute("data-phase", s.p);
    root.setAttribute("data-direction", s.d);
    root.setAttribute("data-wall", s.w);
    slider.value = at;
    $("counter").textContent = "step " + at + " / " + (S.length - 1);
    for (var i = 0; i < n; i++) {
      var st = s.s[i], p = panels[i], html = "", hand = st[0], size;
      if (typeof hand === "number") {
        size = hand;
        for (var h = 0; h < hand; h++) {
          html += tile(null, st[1] && h === hand - 1 ? "t apart" : "t");
        }
      } else {
        size = hand.length;
        for (var h2 = 0; h2 < hand.length; h2++) {
          html += tile(hand[h2], st[1] && h2 === hand.length - 1 ? "t apart" : "t");
        }
      }
      var handEl = p.querySelector(".hand");
      handEl.innerHTML = html;
      handEl.classList.toggle("locked", !!st[4]);
      var melds = "", said = [];
      st[2].forEach(function (m) {
        var g = "";
        var count = m[1] ? m[1].length : 4;
        for (var t = 0; t < count; t++) {
          var down = m[1] === "" || m[3].indexOf(t) >= 0;
          g += tile(down ? null : m[1][t], t === m[2] ? "t claimed" : "t");
        }
        melds += '<span class="grp meld" data-kind="' + esc(m[0]) + '" title="' + esc(m[0]) +
          '">' + g + "</span>";
        said.push(m[0] + " " + (m[1] ? names(m[1]).join("") : "hidden"));
      });
      p.querySelector(".melds").innerHTML = melds;
      var disc = "";
      for (var d = 0; d < st[3].length; d++) {
        var lastOne = d === st[3].length - 1 && s.p === "claim" && s.c === i;
        disc += tile(st[3][d], lastOne ? "t last" : "t");
      }
      p.querySelector(".discards").innerHTML = disc;
      var b = "";
      if (i === D.dealer) b += badge("b-dealer", "dealer");
      if (D.viewer === i) b += badge("b-dealer", "you");
      if (!ended && s.c === i && s.p === "turn") b += badge("b-turn", "to play");
      if (st[4]) b += badge("b-uno", "UNO \u00b7 locked");
      if (s.k === i) b += badge("b-skip", "skipped");
      if (s.m && s.m[0] === i) b += badge("b-claim", "claims from seat " + s.m[1]);
      if (s.q.indexOf(i) >= 0) b += badge("b-ask", "may claim");
      if (s.v && s.v.indexOf(i) >= 0) b += badge("b-win", "wins");
      if (s.g) b += badge("b-pay", (s.g[i] > 0 ? "+" : "") + s.g[i]);
      p.querySelector("h2").innerHTML = '<span class="name">Seat ' + i + "</span>" +
        '<span class="count">' + size + (size === 1 ? " tile" : " tiles") + "</span>" + b;
      p.classList.toggle("turn", !ended && s.c === i);
      p.classList.toggle("skipped", s.k === i);
      p.classList.toggle("claimer", !!(s.m && s.m[0] === i));
      p.classList.toggle("winner", !!(s.v && s.v.indexOf(i) >= 0));
      p.setAttribute("data-hand-size", size);
      p.setAttribute("data-discards", names(st[3]).join(" "));
      p.setAttribute("data-melds", said.join(", "));
      p.setAttribute("data-uno", st[4] ? "1" : "0");
      p.setAttribute("data-skipped", s.k === i ? "1" : "0");
    }
    var order = [], seat = s.c;
    for (var o = 0; o < n; o++) { order.push(seat); seat = (seat + s.d + n) % n; }
    $("dir").classList.toggle("cw", s.d < 0);
    $("order").textContent = "play passes " + (s.d > 0 ? "counter-clockwise" : "clockwise") +
      ": " + order.join(" \u2192 ");
    $("wall").textContent = "wall: " + s.w + (s.w === 1 ? " tile" : " tiles");
    var turn = ended ? "the round is over" : s.p === "turn" ? "seat " + s.c + " to play" :
      s.p === "claim" ? "seat " + s.c + "\u2019s discard is on offer" :
      "seat " + s.c + " adds to a pung: it may be robbed";
    $("turn").textContent = turn;
    $("offer").innerHTML = s.o ? tile(s.o, "t") : "";
    var flash = [];
    if (s.r) flash.push("\u21c4 Reverse!");
    if (s.k !== undefined) flash.push("\u2298 Seat " + s.k + " skipped");
    if (s.u !== undefined) flash.push("UNO! Seat " + s.u + "\u2019s hand is locked");
    if (s.m) flash.push("Claim: seat " + s.m[0] + " takes seat " + s.m[1] + "\u2019s tile");
    $("flash").textContent = flash.join(" \u00b7 ");
    $("action").textContent = s.a;
    $("events").innerHTML = s.x.map(function (x) { return "<li>" + esc(x) + "</li>"; }).join("");
    var items = list.children;
    for (var c = 0; c < items.length; c++) items[c].classList.toggle("cur", c === at);
    if (items[at] && items[at].scrollIntoView) items[at].scrollIntoView({block: "nearest"});
    var result = $("result");
    if (result) result.hidden = !(ended && at === S.length - 1);
  }
  $("first").addEventListener("click", function () { show(0); });
  $("prev").addEventListener("click", function () { show(at - 1); });
  $("next").addEventListener("click", function () { show(at + 1); });
  $("last").addEventListener("click", function () { show(S.length - 1); });
  slider.addEventListener("input", function () { show(+slider.value); });
  document.addEventListener("keydown", function (e) {
    var to = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: S.length - 1}[e.key];
    if (to === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    show(to);
  });
  show(0);
})();
"""

_DIRECTION: Final = (
    '<svg viewBox="-32 -32 64 64" aria-hidden="true">'
    '<path d="M-21 -12A24 24 0 1 0 0 -24" fill="none" stroke="#fff" stroke-width="5"/>'
    '<path d="M1 -33L-12 -24L1 -15Z" fill="#fff"/>'
    "</svg>"
)
"""A counter-clockwise arrow round the table; mirrored when play turns clockwise."""

_PAGE: Final = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; \
style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>@CSS@</style>
</head>
<body>
@SYMBOLS@
<main id="viewer" data-step="0">
<header>
<h1>@TITLE@</h1>
<p class="sub">@SUBTITLE@</p>
<nav aria-label="steps">
<button id="first" type="button" title="first step (Home)">|&#x25C0;</button>
<button id="prev" type="button" title="back one step (&#x2190;)">&#x25C0;</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
<button id="next" type="button" title="forward one step (&#x2192;)">&#x25B6;</button>
<button id="last" type="button" title="last step (End)">&#x25B6;|</button>
<span id="counter"></span>
</nav>
</header>
<div class="layout">
<div id="table" class="table">
<div class="centre">
<div id="dir">@DIRECTION@</div>
<div id="order"></div>
<div id="wall"></div>
<div id="turn"></div>
<div id="offer"></div>
<div id="flash"></div>
<div id="action"></div>
<ol id="events"></ol>
</div>
</div>
<aside><h2>Steps (&#x2190; &#x2192; Home End)</h2><ol id="steps" start="0"></ol></aside>
</div>
@RESULT@
</main>
<noscript><p>This replay needs JavaScript to step through the round.</p></noscript>
<script type="application/json" id="data">@DATA@</script>
<script>@JS@</script>
</body>
</html>
"""
