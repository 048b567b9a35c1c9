"""The replay viewer's page template: its skeleton, style sheet and script.

:func:`~unomahjong.render.viewer.replay_html` works out what each step of a
hand shows; this module holds the fixed text of the page it fills in: the
HTML skeleton with its placeholders, the inline style sheet, the plain
script that draws a step from the page's JSON data, and the arrow that
shows the direction of play. Nothing here depends on the hand.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["page"]


def _compact(source: str, joiner: str) -> str:
    """Style sheet or script source without its indentation and blank lines."""
    return joiner.join(line.strip() for line in source.splitlines() if line.strip())


def page(*, title: str, subtitle: str, signature: str, symbols: str, result: str, data: str) -> str:
    """The whole page, its placeholders filled in.

    Every argument is inserted as it is, so each must already be safe in
    its place: ``title`` and ``subtitle`` escaped HTML text, ``signature``
    the element that says whether the log was signed, ``symbols``
    the SVG definitions of the tile faces, ``result`` the end-of-hand
    section (or nothing), and ``data`` the steps as JSON with ``<``, ``>``
    and ``&`` escaped (it sits inside a ``<script>`` element).
    """
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
.sig{margin:0;font-size:12px}
.sig[data-signed=unsigned],.sig[data-signed=unchecked]{color:#ffd27a}
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
.table{
  flex:1;
  display:grid;
  grid-template-columns:minmax(0,1fr) minmax(0,260px) minmax(0,1fr);
  grid-template-areas:"tl t tr" "l c r" "bl b br";
  gap:8px;
  padding:12px;
  border-radius:28px;
  background:radial-gradient(ellipse at center,#2b8258 0,var(--felt) 70%);
  border:10px solid #6b4a2b;
  min-width:0;
}
.table.open{grid-template-areas:"t t t" "l c r" "b b b"}
.table.open .seat{justify-self:center;max-width:100%}
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
.b-flower{background:#f6d6e6}
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
  width:min(260px,100%);
  justify-self:center;
}
#dir svg{width:64px;height:64px;display:block}
#dir.cw svg{transform:scaleX(-1)}
#order{font-size:12px;color:#e6f2ea}
#wall{font-weight:bold}
#offer .t{--tw:34px;--th:50px}
#flash{font-weight:bold;font-size:16px;min-height:20px;color:#ffe066}
#events{margin:0;padding:0;list-style:none;font-size:12px;color:#f1f7f3}
.side{
  flex:0 0 240px;
  display:flex;
  flex-direction:column;
  gap:10px;
  height:calc(100vh - 90px);
  min-width:0;
}
main.over .side{flex-basis:400px}
aside{
  flex:1 1 0;
  min-height:140px;
  overflow:auto;
  background:#fff;
  border-radius:8px;
  padding:6px;
}
aside h2{font-size:14px;margin:2px 4px 6px}
#steps{margin:0;padding:0 0 0 34px;font-size:12px}
#steps li{cursor:pointer;padding:1px 3px;border-radius:3px}
#steps li.cur{background:#ffd84a}
#result{
  flex:0 1 auto;
  overflow:auto;
  padding:10px 14px;
  background:#fff;
  border-radius:8px;
}
#result h2{margin:0 0 6px;font-size:16px}
#result h3{margin:8px 0 4px;font-size:14px}
#result .hand{--tw:24px;--th:35px;display:flex;flex-wrap:wrap;gap:4px;align-items:flex-end}
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
@media (max-width:1100px){
  aside{display:none}
  .side{flex-basis:auto;height:auto}
  main.over .side{flex-basis:360px}
}
@media (max-width:820px){
  .layout{flex-direction:column;align-items:stretch}
  .table,.table.open{
    grid-template-columns:minmax(0,1fr) minmax(0,1fr);
    grid-template-areas:"tl tr" "t t" "l r" "c c" "b b" "bl br";
  }
  .centre{width:100%;min-height:0}
  .side,main.over .side{order:-1;flex:none;height:auto}
  nav{margin-left:0;width:100%}
}
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
  // 2 or 4 players leave the corners empty: the top and bottom seats then
  // take the whole width, so a full hand stays on one row.
  if (n === 2 || n === 4) table.classList.add("open");
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
      if (st[5]) b += badge("b-flower", "flowers " + st[5]);
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
    $("wall").textContent = "wall: " + s.w + (s.w === 1 ? " tile" : " tiles") +
      (s.ws ? " (seats' walls " + s.ws.join(" \u00b7 ") + ")" : "");
    var turn = ended ? "the hand is over" : s.p === "turn" ? "seat " + s.c + " to play" :
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
    var result = $("result");
    if (result) result.hidden = !(ended && at === S.length - 1);
    root.classList.toggle("over", !!result && !result.hidden);
    // After the result box is shown: it shrinks the list, which would
    // otherwise leave the last step below the list's visible part.
    if (items[at] && items[at].scrollIntoView) items[at].scrollIntoView({block: "nearest"});
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
@SIGNATURE@
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
<div class="side">
@RESULT@
<aside><h2>Steps (&#x2190; &#x2192; Home End)</h2><ol id="steps" start="0"></ol></aside>
</div>
</div>
</main>
<noscript><p>This replay needs JavaScript to step through the hand.</p></noscript>
<script type="application/json" id="data">@DATA@</script>
<script>@JS@</script>
</body>
</html>
"""
