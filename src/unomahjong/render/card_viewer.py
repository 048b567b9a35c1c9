"""The replay viewer of a hand of UNO cards: one self-contained HTML page
(no network, no files beside it) that steps through a logged hand, drawing
every hand, the discard pile, the colour in force, the direction of play
and each hand's count (docs/cards.md#the-replay-viewer)."""

from __future__ import annotations

import json
from typing import Any, Final

from .._checks import describe, keywords_checked, whole
from .._logfile import LogSource
from ..cards.deck import Card, CardKind, deck
from ..cards.log import viewed
from ..cards.state import CardState
from ..errors import CardError, LogError
from ._card_faces import CARD_COLOURS, CARD_SIZE, black_card_face, card_back, card_face
from ._svg import el, esc

__all__ = ["card_svg", "replay_html"]

_LABELS: Final = {
    CardKind.DRAW_TWO: "+2",
    CardKind.WILD: "W",
    CardKind.WILD_DRAW_FOUR: "+4",
    CardKind.ALL_DRAW_WILD: "A",
}
_COLOUR_NAMES: Final = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}
_SHOWN_DISCARDS: Final = 3


def _face(c: Card) -> list[str]:
    if c.colour is None:
        return black_card_face(_LABELS[c.kind], c.notation)
    # A number, +2, or R and S (drawn as the Reverse and Skip symbols).
    label = str(c.number) if c.number is not None else _LABELS.get(c.kind, c.notation[:-1])
    return card_face(CARD_COLOURS[c.colour], label, c.notation)


@keywords_checked
def card_svg(card: Card) -> str:
    """One card as a standalone SVG document (42 x 62)."""
    if not isinstance(card, Card):
        raise CardError("not-a-card", f"card_svg() takes a Card, not {describe(card)}")
    w, h = CARD_SIZE
    body = "".join(_face(card))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}"'
        f' height="{h}" role="img"><title>{esc(card.notation)}</title>{body}</svg>\n'
    )


def _symbols() -> str:
    """Every card face, and the back, as ``<symbol id="c-7r">`` definitions."""
    w, h = CARD_SIZE
    parts = [
        el("symbol", "".join(_face(c)), id=f"c-{c.notation}", viewBox=f"0 0 {w} {h}")
        for c in dict.fromkeys(deck(all_draw_wild=True))
    ]
    parts.append(el("symbol", "".join(card_back()), id="c-back", viewBox=f"0 0 {w} {h}"))
    return f'<svg xmlns="http://www.w3.org/2000/svg" style="display:none">{"".join(parts)}</svg>'


def _event_text(e: dict[str, Any]) -> str:
    cards = e["cards"]
    shown = " ".join(cards) if isinstance(cards, list) else f"{cards} cards"
    words = [e["kind"].replace("_", " "), f"seat {e['seat']}" if e["seat"] >= 0 else ""]
    if shown:
        words.append(shown)
    if e["colour"]:
        words.append(_COLOUR_NAMES[e["colour"]])
    if e["other"] is not None:
        words.append(f"(seat {e['other']})")
    return " ".join(w for w in words if w)


def _step(record: dict[str, Any], state: CardState, viewer: int | None) -> dict[str, Any]:
    hands: list[Any] = [
        [c.notation for c in hand] if viewer is None or s == viewer else len(hand)
        for s, hand in enumerate(state.hands)
    ]
    if record["type"] == "action":
        label = f"seat {record['seat']}: {record['action']}"
    else:
        label = "the deal"
    events = "; ".join(_event_text(e) for e in record.get("events", ()))
    return {
        "label": label,
        "events": events,
        "hands": hands,
        "discards": [c.notation for c in state.discards[-_SHOWN_DISCARDS:]],
        "colour": state.colour,
        "direction": state.direction,
        "current": None if state.ended else state.current,
        "pile": len(state.draw_pile),
        "pending": state.pending,
        "phase": state.phase.value,
    }


def _result(state: CardState) -> str:
    scores = ", ".join(f"seat {s}: {x}" for s, x in enumerate(state.scores or ()))
    if state.winner is None:
        return f"No winner: no card was left to draw. Scores {scores}."
    return f"Seat {state.winner} went out. Scores {scores}."


@keywords_checked
def replay_html(
    lines: LogSource, *, seat: int | None = None, key: object = None, title: str | None = None
) -> str:
    """The replay viewer of a logged hand (a path, an open text file, its
    text, or its lines or records), checked as
    :func:`~unomahjong.cards.replay` checks it. With ``seat``, the hand as
    that seat saw it: the other hands as their counts."""
    if title is not None and not isinstance(title, str):
        raise LogError("bad-title", f"a title is text, not {describe(title)}", argument="title")
    viewer = None if seat is None else whole(seat)
    if seat is not None and viewer is None:
        raise LogError("bad-seat", f"seat {describe(seat)} is not a seat number", argument="seat")
    records, _ = viewed(lines, viewer, "replay_html", key)
    head, deal_state = records[0]
    steps = [_step(rec, st, viewer) for rec, st in records[1:]]
    final = records[-1][1]
    data = {
        "players": deal_state.players,
        "dealer": deal_state.dealer,
        "rules": head["rules"]["name"],
        "viewer": viewer,
        "steps": steps,
        "result": _result(final) if final.ended else "",
    }
    name = title or f"UNO cards: {head['rules']['name']}, {deal_state.players} players"
    payload = json.dumps(data, ensure_ascii=True).replace("</", "<\\/")
    return _PAGE.format(
        title=esc(name), symbols=_symbols(), data=payload, colours=json.dumps(CARD_COLOURS)
    )


_PAGE: Final = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 0; background: #1f5e45; color: #f4f4f4; }}
header {{ display: flex; flex-wrap: wrap; gap: .5em; align-items: center; padding: .5em .8em;
  background: #16402f; }}
header h1 {{ font-size: 1.05em; margin: 0 1em 0 0; }}
button {{ font-size: 1em; padding: .2em .6em; }}
main {{ display: flex; flex-wrap: wrap; gap: 1em; padding: .8em; }}
#table {{ flex: 1 1 32em; min-width: 0; }}
#side {{ flex: 0 1 20em; min-width: 0; }}
.seat {{ padding: .3em .5em; margin-bottom: .4em; border-radius: 6px; background: #2a7356; }}
.seat.current {{ outline: 3px solid #ffd54a; }}
.seat h2 {{ font-size: .95em; margin: 0 0 .2em; }}
.cards {{ display: flex; flex-wrap: wrap; gap: 2px; }}
.cards svg {{ width: 34px; height: 50px; }}
#centre {{ display: flex; flex-wrap: wrap; gap: 1em; align-items: center; margin: .6em 0; }}
#colour {{ display: inline-block; width: 1.6em; height: 1.6em; border-radius: 50%;
  border: 2px solid #fff; vertical-align: middle; }}
#result {{ font-weight: bold; background: #16402f; padding: .5em; border-radius: 6px; }}
#events {{ min-height: 3em; }}
</style></head>
<body>
{symbols}
<header><h1>{title}</h1>
<button id="first" aria-label="first step">|&#x25C0;</button>
<button id="prev" aria-label="previous step">&#x25C0;</button>
<span id="counter"></span>
<button id="next" aria-label="next step">&#x25B6;</button>
<button id="last" aria-label="last step">&#x25B6;|</button>
<input id="slider" type="range" min="0" value="0" aria-label="step"></header>
<main><section id="table">
<div id="centre"><span>discards</span><span id="discards" class="cards"></span>
<span>colour <span id="colour"></span> <span id="colour-name"></span></span>
<span id="direction"></span><span id="pile"></span><span id="pending"></span></div>
<div id="seats"></div></section>
<aside id="side"><p id="label"></p><p id="events"></p><p id="result" hidden></p></aside>
</main>
<script id="data" type="application/json">{data}</script>
<script>
"use strict";
const data = JSON.parse(document.getElementById("data").textContent);
const colours = {colours};
const names = {{r: "red", y: "yellow", g: "green", b: "blue"}};
const NS = "http://www.w3.org/2000/svg";
let at = 0;
function card(name) {{
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 42 62");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", name === "back" ? "a card face down" : name);
  const use = document.createElementNS(NS, "use");
  use.setAttribute("href", "#c-" + name);
  svg.appendChild(use);
  return svg;
}}
function cards(box, list) {{
  box.replaceChildren(...list.map(card));
}}
function show(i) {{
  at = Math.max(0, Math.min(data.steps.length - 1, i));
  const s = data.steps[at];
  document.getElementById("counter").textContent = "step " + (at + 1) + " of " + data.steps.length;
  document.getElementById("slider").value = at;
  document.getElementById("label").textContent = s.label;
  document.getElementById("events").textContent = s.events || "-";
  cards(document.getElementById("discards"), s.discards);
  const swatch = document.getElementById("colour");
  swatch.style.background = s.colour ? colours[s.colour] : "transparent";
  document.getElementById("colour-name").textContent = s.colour ? names[s.colour] : "to be named";
  document.getElementById("direction").textContent =
    s.direction === 1 ? "play goes to seat + 1" : "play goes to seat - 1";
  document.getElementById("pile").textContent = "draw pile " + s.pile;
  document.getElementById("pending").textContent = s.pending ? "penalty " + s.pending : "";
  const seats = document.getElementById("seats");
  seats.replaceChildren(...s.hands.map((hand, k) => {{
    const div = document.createElement("div");
    div.className = "seat" + (s.current === k ? " current" : "");
    const h = document.createElement("h2");
    const count = Array.isArray(hand) ? hand.length : hand;
    h.textContent = "seat " + k + (k === data.dealer ? " (dealer)" : "") +
      (k === data.viewer ? " (you)" : "") + ": " + count + (count === 1 ? " card" : " cards");
    const box = document.createElement("div");
    box.className = "cards";
    cards(box, Array.isArray(hand) ? hand : Array(hand).fill("back"));
    div.append(h, box);
    return div;
  }}));
  const result = document.getElementById("result");
  const end = at === data.steps.length - 1 && data.result;
  result.hidden = !end;
  result.textContent = end ? data.result : "";
}}
document.getElementById("slider").max = data.steps.length - 1;
document.getElementById("first").onclick = () => show(0);
document.getElementById("prev").onclick = () => show(at - 1);
document.getElementById("next").onclick = () => show(at + 1);
document.getElementById("last").onclick = () => show(data.steps.length - 1);
document.getElementById("slider").oninput = (e) => show(Number(e.target.value));
document.addEventListener("keydown", (e) => {{
  if (e.key === "ArrowRight") show(at + 1);
  if (e.key === "ArrowLeft") show(at - 1);
}});
show(0);
</script></body></html>
"""
