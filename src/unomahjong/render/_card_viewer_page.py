"""The card game's replay viewer page: its skeleton, style sheet and script.

:func:`~unomahjong.cards.replay_html` works out what each step of a hand
shows; this module holds the fixed text of the page it fills in. Nothing
here depends on the hand.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["page"]


def _compact(source: str, joiner: str) -> str:
    """Style sheet or script source without its indentation and blank lines."""
    return joiner.join(line.strip() for line in source.splitlines() if line.strip())


def page(
    *, title: str, subtitle: str, signature: str, symbols: str, result: str, data: str, colours: str
) -> str:
    """The whole page, its placeholders filled in (in one pass: a value is
    never searched for placeholders). Every argument is inserted as it is,
    so each must already be safe in its place: ``title`` and ``subtitle``
    escaped HTML text, ``signature`` and ``result`` HTML elements,
    ``symbols`` the SVG definitions of the card faces, ``data`` and
    ``colours`` JSON with ``<``, ``>`` and ``&`` escaped (they sit inside
    ``<script>`` elements)."""
    parts = {
        "TITLE": title,
        "SUBTITLE": subtitle,
        "SIGNATURE": signature,
        "CSS": _compact(_CSS, ""),
        "JS": _compact(_JS, "\n"),
        "DIRECTION": _DIRECTION,
        "SYMBOLS": symbols,
        "RESULT": result,
        "DATA": data,
        "COLOURS": colours,
    }
    return re.sub(r"@([A-Z]+)@", lambda m: parts[m.group(1)], _PAGE)


_CSS: Final = """
:root{--cw:34px;--felt:#1f5e45}
*{box-sizing:border-box}
body{
  margin:0;
  font:14px/1.35 system-ui,"DejaVu Sans",Verdana,Arial,sans-serif;
  background:#e9e4d8;
  color:#1b1b1b;
}
.defs{position:absolute;width:0;height:0;overflow:hidden}
header{
  padding:8px 14px;
  background:#16402f;
  color:#fff;
  display:flex;
  flex-wrap:wrap;
  align-items:center;
  gap:4px 18px;
}
h1{font-size:17px;margin:0;overflow-wrap:anywhere}
.sub{margin:0;color:#cfe0d6;font-size:13px;overflow-wrap:anywhere}
.sig{margin:0;font-size:12px;color:#cfe0d6}
.sig[data-signed=unsigned],.sig[data-signed=unchecked]{color:#ffd27a}
nav{display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin-left:auto;min-width:0}
nav button{
  font:inherit;
  min-width:34px;
  padding:3px 8px;
  border:1px solid #9fb3a6;
  border-radius:5px;
  background:#f4f1e8;
  cursor:pointer;
}
nav input{flex:1 1 120px;width:220px;min-width:60px;max-width:220px}
#counter{font-variant-numeric:tabular-nums;white-space:nowrap}
.layout{display:flex;gap:10px;padding:10px;align-items:flex-start}
.play{flex:1 1 auto;min-width:0;display:flex;flex-direction:column;gap:10px}
.centre{
  display:flex;
  flex-wrap:wrap;
  gap:10px 18px;
  align-items:flex-start;
  padding:10px 12px;
  border-radius:14px;
  background:radial-gradient(ellipse at center,#2b8258 0,var(--felt) 75%);
  border:6px solid #6b4a2b;
  color:#fff;
}
.pile{display:flex;flex-direction:column;gap:4px;min-width:0}
.pile .cards{--cw:46px;align-items:flex-end}
.pile .c:last-child{outline:3px solid #ffd54a;border-radius:4px}
.facts{display:flex;flex-direction:column;gap:3px;min-width:12em}
.what{font-size:12px;color:#d6ebdf}
#swatch{
  display:inline-block;
  width:1.2em;
  height:1.2em;
  border-radius:50%;
  border:2px solid #fff;
  vertical-align:middle;
}
#dir{width:100%;max-width:44px}
#dir svg{width:100%;height:auto;display:block}
#dir.back svg{transform:scaleX(-1)}
#pending{font-weight:bold;color:#ffd54a}
.story{flex:1 1 16em;min-width:min(16em,100%)}
#turn{font-weight:bold}
#flash{font-weight:bold;font-size:16px;min-height:20px;color:#ffe066}
#events{margin:4px 0 0;padding:0 0 0 18px;font-size:13px;color:#f1f7f3}
#result{
  flex:1 1 100%;
  padding:8px 12px;
  background:#fff;
  color:#1b1b1b;
  border-radius:8px;
}
#result h2{margin:0 0 4px;font-size:16px}
#result p{margin:0 0 6px}
#result table{border-collapse:collapse}
#result td,#result th{border:1px solid #ccc;padding:2px 8px}
.num{text-align:right}
.seats{
  display:grid;
  grid-template-columns:repeat(auto-fill,minmax(min(100%,300px),1fr));
  gap:8px;
}
.seat{
  background:rgba(255,255,255,.92);
  border-radius:10px;
  padding:6px 8px;
  border:3px solid transparent;
  min-width:0;
}
.seat.turn{border-color:#f2b705}
.seat.skipped{border-color:#c92a2a;border-style:dashed}
.seat.winner{border-color:#2b8a3e}
.seat h2{font-size:14px;margin:0 0 4px;display:flex;flex-wrap:wrap;gap:4px;align-items:center}
.count{font-size:12px;color:#555;font-weight:normal}
.badge{font-size:11px;font-weight:normal;padding:0 5px;border-radius:8px;background:#ddd}
.b-dealer{background:#f3e3b3}
.b-turn{background:#ffd84a}
.b-uno{background:#e8590c;color:#fff;font-weight:bold}
.b-skip{background:#c92a2a;color:#fff}
.b-win{background:#2b8a3e;color:#fff;font-weight:bold}
.b-score{background:#fff;border:1px solid #999}
.cards{display:flex;flex-wrap:wrap;gap:2px;min-height:calc(var(--cw) * 62 / 42)}
.c{display:inline-block;width:var(--cw);flex:0 0 auto;line-height:0}
.c svg{width:100%;height:auto;display:block}
.c.drawn{outline:3px solid #1c7ed6;outline-offset:1px;border-radius:4px}
.side{
  flex:0 0 250px;
  position:sticky;
  top:10px;
  max-height:calc(100vh - 20px);
  overflow:auto;
  background:#fff;
  border-radius:8px;
  padding:6px;
  min-width:0;
}
.side h2{font-size:14px;margin:0;padding:2px 4px 6px;position:sticky;top:-6px;background:#fff}
#steps{margin:0;padding:0 0 0 42px;font-size:12px}
#steps li{cursor:pointer;padding:1px 3px;border-radius:3px;overflow-wrap:break-word}
#steps li.cur{background:#ffd84a}
@media (max-width:760px){
  :root{--cw:26px}
  header{padding:6px 8px}
  nav{margin-left:0;width:100%}
  .layout{flex-direction:column;align-items:stretch;padding:6px}
  .pile .cards{--cw:38px}
  .side{position:static;flex:none;max-height:45vh}
}
"""

_JS: Final = r"""
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("data").textContent);
  var COLOURS = JSON.parse(document.getElementById("colours").textContent);
  var NAMES = {r: "red", y: "yellow", g: "green", b: "blue"};
  var NS = "http://www.w3.org/2000/svg";
  var S = D.S, n = D.n, at = 0;
  var $ = function (id) { return document.getElementById(id); };
  var root = $("viewer"), list = $("steps"), box = $("side"), slider = $("slider");
  function card(name, cls) {
    var span = document.createElement("span");
    span.className = "c" + (cls ? " " + cls : "");
    span.setAttribute("data-card", name === "back" ? "" : name);
    span.title = name === "back" ? "face down" : name;
    var svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", "0 0 42 62");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", name === "back" ? "a card face down" : name);
    var use = document.createElementNS(NS, "use");
    use.setAttribute("href", "#c-" + name);
    svg.appendChild(use);
    span.appendChild(svg);
    return span;
  }
  function badge(cls, text) {
    var b = document.createElement("span");
    b.className = "badge " + cls;
    b.textContent = text;
    return b;
  }
  var panels = [];
  for (var i = 0; i < n; i++) {
    var p = document.createElement("section");
    p.className = "seat";
    p.setAttribute("data-seat", i);
    p.appendChild(document.createElement("h2"));
    var hand = document.createElement("div");
    hand.className = "cards hand";
    p.appendChild(hand);
    $("seats").appendChild(p);
    panels.push(p);
  }
  S.forEach(function (s, j) {
    var li = document.createElement("li");
    li.textContent = s.a;
    li.value = j;  // numbered as the counter counts: the deal is step 0
    li.setAttribute("data-step", j);
    li.addEventListener("click", function () { show(j); });
    list.appendChild(li);
  });
  slider.max = S.length - 1;
  function turnText(s) {
    var who = "seat " + s.s;
    if (s.p === "ended") return "the hand is over";
    if (s.p === "colour") return who + " names the colour";
    if (s.p === "drawn") return who + " drew a card that can be played: play it or keep it";
    if (s.p === "challenge") {
      return who + ": challenge seat " + s.o + "\u2019s Wild Draw Four, or accept it";
    }
    if (s.p === "catch") return who + " may catch seat " + s.o + ", or pass";
    if (s.p === "jump") return who + " may jump in with " + s.t[s.t.length - 1] + ", or pass";
    return who + " to play" + (s.q ? " (answer the penalty or draw it)" : "");
  }
  function fit() {
    // Beside the table the list is as tall as the window below its top,
    // wherever the page is scrolled (it sticks once it reaches the top).
    if (getComputedStyle(box).position !== "sticky") { box.style.maxHeight = ""; return; }
    var room = innerHeight - Math.max(box.getBoundingClientRect().top, 10) - 10;
    box.style.maxHeight = Math.max(160, room) + "px";
  }
  addEventListener("resize", fit);
  addEventListener("scroll", fit, {passive: true});
  function keepInView(item) {
    // The list scrolls, not the page: the step stays in sight in the list,
    // within the part of the list on screen when it is on screen.
    var b = box.getBoundingClientRect(), r = item.getBoundingClientRect();
    var top = Math.max(b.top, 0), bottom = Math.min(b.bottom, innerHeight);
    if (bottom - top < 3 * r.height) { top = b.top; bottom = b.bottom; }
    top += box.querySelector("h2").offsetHeight;  // under the heading, which stays
    if (r.top < top) box.scrollTop -= top - r.top + 4;
    else if (r.bottom > bottom) box.scrollTop += r.bottom - bottom + 4;
  }
  function show(j) {
    at = Math.max(0, Math.min(S.length - 1, j));
    var s = S[at], ended = s.p === "ended", last = at === S.length - 1;
    root.setAttribute("data-step", at);
    root.setAttribute("data-phase", s.p);
    root.setAttribute("data-colour", s.c || "");
    root.setAttribute("data-direction", s.d);
    root.setAttribute("data-pile", s.n);
    slider.value = at;
    $("counter").textContent = "step " + at + " / " + (S.length - 1);
    $("discards").replaceChildren.apply($("discards"), s.t.map(function (c) { return card(c); }));
    $("swatch").style.background = s.c ? COLOURS[s.c] : "transparent";
    $("colour-name").textContent = s.c ? NAMES[s.c] : "to be named";
    var order = [], seat = s.s;
    for (var o = 0; o < n; o++) { order.push(seat); seat = (seat + s.d + n) % n; }
    $("dir").classList.toggle("back", s.d < 0);
    $("order").textContent = "play passes to seat " + (s.d > 0 ? "+ 1" : "\u2212 1") +
      ": " + order.join(" \u2192 ");
    $("pile").textContent = "draw pile: " + s.n + (s.n === 1 ? " card" : " cards");
    $("pending").textContent = s.q ? "penalty pending: " + s.q + " cards" : "";
    $("turn").textContent = turnText(s);
    $("flash").textContent = s.f.join(" \u00b7 ");
    $("action").textContent = s.a;
    $("events").replaceChildren.apply($("events"), s.x.map(function (x) {
      var li = document.createElement("li");
      li.textContent = x;
      return li;
    }));
    for (var i = 0; i < n; i++) {
      var h = s.h[i], p = panels[i], open = Array.isArray(h), count = open ? h.length : h;
      var skipped = !!(s.k && s.k.indexOf(i) >= 0), won = ended && s.w === i;
      var names = open ? h : Array(h).fill("back");
      p.querySelector(".hand").replaceChildren.apply(p.querySelector(".hand"), names.map(
        function (c, k) {
          return card(c, s.p === "drawn" && s.s === i && k === count - 1 ? "drawn" : "");
        }));
      var head = p.querySelector("h2");
      var name = document.createElement("span");
      name.textContent = "Seat " + i;
      var cnt = document.createElement("span");
      cnt.className = "count";
      cnt.textContent = count + (count === 1 ? " card" : " cards");
      var marks = [name, cnt];
      if (i === D.dealer) marks.push(badge("b-dealer", "dealer"));
      if (i === D.viewer) marks.push(badge("b-dealer", "you"));
      if (!ended && s.s === i) marks.push(badge("b-turn", s.p === "play" ? "to play" : s.p));
      if (count === 1) marks.push(badge("b-uno", "UNO"));
      if (skipped) marks.push(badge("b-skip", "skipped"));
      if (won) marks.push(badge("b-win", "out"));
      if (s.g) marks.push(badge("b-score", (s.g[i] > 0 ? "+" : "") + s.g[i]));
      head.replaceChildren.apply(head, marks);
      p.classList.toggle("turn", !ended && s.s === i);
      p.classList.toggle("skipped", skipped);
      p.classList.toggle("winner", won);
      p.setAttribute("data-count", count);
      p.setAttribute("data-cards", open ? h.join(" ") : "");
    }
    var result = $("result");
    if (result) result.hidden = !(ended && last);
    var items = list.children;
    for (var c = 0; c < items.length; c++) items[c].classList.toggle("cur", c === at);
    // After the result is shown or hidden: the list's room may have changed.
    fit();
    if (items[at]) keepInView(items[at]);
  }
  $("first").addEventListener("click", function () { show(0); });
  $("prev").addEventListener("click", function () { show(at - 1); });
  $("next").addEventListener("click", function () { show(at + 1); });
  $("last").addEventListener("click", function () { show(S.length - 1); });
  slider.addEventListener("input", function () { show(+slider.value); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var to = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: S.length - 1}[e.key];
    if (e.key === " ") {
      var tag = e.target && e.target.tagName;
      if (tag === "BUTTON" || tag === "INPUT") return;  // the control's own space
      to = e.shiftKey ? at - 1 : at + 1;
    }
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  show(0);
})();
"""

_DIRECTION: Final = (
    '<svg viewBox="-32 -32 64 64" aria-hidden="true">'
    '<path d="M21 -12A24 24 0 1 1 0 -24" fill="none" stroke="#fff" stroke-width="5"/>'
    '<path d="M-1 -33L12 -24L-1 -15Z" fill="#fff"/>'
    "</svg>"
)
"""An arrow round the table, for play to seat + 1; mirrored for seat - 1."""

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
@SIGNATURE@
<nav aria-label="steps">
<button id="first" type="button" title="first step (Home)">|&#x25C0;</button>
<button id="prev" type="button" title="back one step (&#x2190;)">&#x25C0;</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
<button id="next" type="button" title="forward one step (&#x2192;, space)">&#x25B6;</button>
<button id="last" type="button" title="last step (End)">&#x25B6;|</button>
<span id="counter"></span>
</nav>
</header>
<div class="layout">
<div class="play">
<section id="centre" class="centre" aria-live="polite">
<div class="pile"><span class="what">discard pile</span>
<div id="discards" class="cards"></div></div>
<div class="facts">
<div>colour <span id="swatch"></span> <span id="colour-name"></span></div>
<div id="dir">@DIRECTION@</div>
<div id="order"></div>
<div id="pile"></div>
<div id="pending"></div>
</div>
<div class="story">
<div id="turn"></div>
<div id="flash"></div>
<div id="action"></div>
<ol id="events"></ol>
</div>
@RESULT@
</section>
<div id="seats" class="seats"></div>
</div>
<aside id="side" class="side"><h2>Steps (&#x2190; &#x2192; Home End)</h2>\
<ol id="steps" start="0"></ol></aside>
</div>
</main>
<noscript><p>This replay needs JavaScript to step through the hand.</p></noscript>
<script type="application/json" id="data">@DATA@</script>
<script type="application/json" id="colours">@COLOURS@</script>
<script>@JS@</script>
</body>
</html>
"""
