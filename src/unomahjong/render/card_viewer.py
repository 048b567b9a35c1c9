"""The replay viewer of a hand of UNO cards: one self-contained HTML page
(no network, no files beside it) that steps through a logged hand, drawing
every hand, the discard pile, the colour in force, the direction of play
and each hand's count (docs/cards.md#the-replay-viewer).

Step 0 is the deal, then one step per logged action; the page steps with
its buttons, the slider, the list of steps, the arrow keys, Home, End and
the space bar. Each card face is drawn once, as an SVG ``<symbol>``, and
every card on the page refers to it with ``<use>``; the steps are JSON
read by a small plain script (``render/_card_viewer_page.py``).

The page carries what a test or a style sheet selects: ``#viewer`` has
``data-step``, ``data-phase``, ``data-colour``, ``data-direction`` and
``data-pile``; each ``.seat`` has ``data-seat``, ``data-count`` and
``data-cards`` (its cards in notation, empty when face down); every card
is a ``.c`` with ``data-card`` (its notation, or nothing when face down).
"""

from __future__ import annotations

import json
from typing import Any, Final

from .._checks import describe, keywords_checked, whole
from .._logfile import CHAIN_KEYED, LogSource
from ..cards.deck import Card, CardKind, deck
from ..cards.log import viewed
from ..cards.rules import CARDS
from ..cards.state import CardPhase, CardState
from ..errors import CardError, LogError
from ._card_faces import CARD_COLOURS, CARD_SIZE, black_card_face, card_back, card_face
from ._card_viewer_page import page
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
    """One card as a standalone SVG document: 42 x 62 in its own units, as
    wide as its container up to 42 pixels (its ``viewBox`` keeps the shape)."""
    if not isinstance(card, Card):
        raise CardError("not-a-card", f"card_svg() takes a Card, not {describe(card)}")
    w, h = CARD_SIZE
    body = "".join(_face(card))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="100%"'
        f' style="max-width:{w}px" role="img"><title>{esc(card.notation)}</title>{body}</svg>\n'
    )


def _symbols() -> str:
    """Every card face, and the back, as ``<symbol id="c-7r">`` definitions."""
    w, h = CARD_SIZE
    parts = [
        el("symbol", "".join(_face(c)), id=f"c-{c.notation}", viewBox=f"0 0 {w} {h}")
        for c in dict.fromkeys(deck(all_draw_wild=True))
    ]
    parts.append(el("symbol", "".join(card_back()), id="c-back", viewBox=f"0 0 {w} {h}"))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="defs" aria-hidden="true">'
        f"<defs>{''.join(parts)}</defs></svg>"
    )


def _cards(cards: object) -> str:
    """An event's cards in words: their notation, or their number when the
    viewer may not see them."""
    if isinstance(cards, list):
        return " ".join(cards)
    return f"{cards} card" if cards == 1 else f"{cards} cards"


def _counted(cards: object) -> str:
    """``"2 cards: 7r 3g"``, ``"7r"``, or ``"2 cards"`` when hidden."""
    if isinstance(cards, list) and len(cards) > 1:
        return f"{len(cards)} cards: {' '.join(cards)}"
    return _cards(cards)


def event_text(e: dict[str, Any]) -> str:
    """What a logged event (a log record's event) did, in words: ``"seat 2
    plays W4 and names blue"``, ``"seat 3 is skipped"``."""
    kind, seat, cards, other = e["kind"], e["seat"], e["cards"], e["other"]
    who = f"seat {seat}"
    colour = _COLOUR_NAMES.get(e["colour"] or "", "")
    texts: dict[str, str] = {
        "cut": f"{who} cuts {_cards(cards)}",
        "dealer": f"{who} deals",
        "deal": f"{who} is dealt {_counted(cards)}",
        "return": f"{_cards(cards)} is turned up and goes back into the pile",
        "turn_up": f"{_cards(cards)} is turned up",
        "play": f"{who} plays {_cards(cards)}" + (f" and names {colour}" if colour else ""),
        "uno": f"{who} calls UNO",
        "draw": f"{who} draws {_counted(cards)}",
        "reshuffle": "the discards are shuffled into a new draw pile",
        "skip": f"{who} is skipped",
        "reverse": "Reverse: play turns round",
        "colour": f"{who} names {colour}",
        "cancel": f"{who} cancels the penalty",
        "pass_hands": "a 0: every hand passes to the next player",
        "out": f"{who} goes out",
        "no_card": f"{who} has no card to draw: the turn passes",
        "no_winner": "no card is left to draw: the hand ends with no winner",
        "accept": f"{who} accepts the Wild Draw Four",
        "challenge": f"{who} challenges seat {other}'s Wild Draw Four",
        "show": f"{who} shows their hand to seat {other}: {_counted(cards)}",
        "guilty": f"{who} was guilty: the Wild Draw Four goes back to their hand",
        "innocent": f"{who} was innocent: the challenger draws 6",
        "catch": f"seat {other} catches {who}",
    }
    return texts.get(kind, f"{who}: {kind.replace('_', ' ')}")


def _flash(e: dict[str, Any]) -> str | None:
    """The event's headline, for the ones a person should not miss."""
    kind, who = e["kind"], f"seat {e['seat']}"
    heads = {
        "reverse": "\u21c4 Reverse!",
        "skip": f"\u2298 {who} skipped",
        "uno": f"UNO! {who}",
        "catch": f"Caught: {who}",
        "guilty": f"Guilty: {who}",
        "innocent": f"Innocent: {who}",
        "pass_hands": "Hands passed on",
        "out": f"{who} goes out",
        "no_winner": "No winner",
    }
    return heads.get(kind)


def _step(
    record: dict[str, Any], before: CardState | None, state: CardState, viewer: int | None
) -> dict[str, Any]:
    """One step of the page: what it shows after ``record``."""
    hands: list[Any] = [
        [c.notation for c in hand] if viewer is None or s == viewer else len(hand)
        for s, hand in enumerate(state.hands)
    ]
    events = record.get("events", ())
    if record["type"] == "action":
        label = f"seat {record['seat']}: {record['action']}"
    else:
        label = "the deal"
    skipped = sorted({e["seat"] for e in events if e["kind"] == "skip"})
    step: dict[str, Any] = {
        "a": label,
        "x": [event_text(e) for e in events],
        "f": [f for f in map(_flash, events) if f is not None],
        "h": hands,
        "t": [c.notation for c in state.discards[-_SHOWN_DISCARDS:]],
        "c": state.colour,
        "d": state.direction,
        "s": state.current,
        "p": state.phase.value,
        "n": len(state.draw_pile),
        "q": state.pending,
    }
    if skipped:
        step["k"] = skipped
    if before is not None and before.direction != state.direction:
        step["r"] = 1
    if state.phase is CardPhase.CATCH and state.catch is not None:
        step["o"] = state.catch[0]
    if state.phase is CardPhase.CHALLENGE and state.four is not None:
        step["o"] = state.four[0]
    if state.ended:
        step["w"] = state.winner
        step["g"] = list(state.scores or ())
    return step


def _result_html(state: CardState) -> str:
    """The end of the hand: who went out, and every seat's score."""
    if not state.ended:
        return ""
    if state.winner is None:
        said = "No winner: no card was left to draw, and nobody scores."
    else:
        said = f"Seat {state.winner} went out."
    rows = "".join(
        f'<tr data-seat="{s}"><td>seat {s}</td><td class="num">{x}</td></tr>'
        for s, x in enumerate(state.scores or ())
    )
    return (
        f'<section id="result" hidden><h2>Result</h2><p>{esc(said)}</p>'
        '<table class="scores"><thead><tr><th>seat</th><th>score</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></section>"
    )


_SIGNATURES: Final = {
    "keyed": "Signed log: every digest checked with the server key.",
    "unsigned": "Unsigned log: its digests show only that it is consistent;"
    " anyone can compute them again after an edit.",
    "unchecked": "Signed log, not checked: no key was given.",
}
"""What the page says of the log's digests, as the mahjong viewer says it."""


def _game_name(name: str) -> str:
    """What the page calls the game of rules named ``name``: ``UNO cards``,
    ``UNO cards (stacking, jump_in)`` for a variant of the default game."""
    base = CARDS.name
    if name == base:
        return "UNO cards"
    if name.startswith(base + "[") and name.endswith("]"):
        return f"UNO cards ({name[len(base) + 1 : -1].replace(',', ', ')})"
    return f"UNO cards: {name}"


def json_in_script(data: object) -> str:
    """``data`` as JSON that is safe inside a ``<script>`` element: no
    ``<``, ``>`` or ``&`` (written as ``\\u003c`` ...), so no ``<!--``,
    ``<script`` or ``</script`` in any case can end or reopen it."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


@keywords_checked
def replay_html(
    lines: LogSource, *, seat: int | None = None, key: object = None, title: str | None = None
) -> str:
    """The replay viewer of a logged hand (a path, an open text file, its
    text, or its lines or records), checked as
    :func:`~unomahjong.cards.replay` checks it. With ``seat``, the hand as
    that seat saw it: the other hands as their counts. ``title`` names the
    page (default: the game, the number of players and, for a page of
    every hand, the seed)."""
    if title is not None and not isinstance(title, str):
        raise LogError("bad-title", f"a title is text, not {describe(title)}", argument="title")
    viewer = None if seat is None else whole(seat)
    if seat is not None and viewer is None:
        raise LogError("bad-seat", f"seat {describe(seat)} is not a seat number", argument="seat")
    records, checked_with = viewed(lines, viewer, "replay_html", key)
    head, deal_state = records[0]
    steps = []
    before: CardState | None = None
    for rec, st in records[1:]:
        steps.append(_step(rec, before, st, viewer))
        before = st
    final = records[-1][1]
    players = deal_state.players
    rules_name = deal_state.rules.name  # the header's, checked (or the default's)
    data = {"n": players, "dealer": deal_state.dealer, "viewer": viewer, "S": steps}
    # A seat's page has no seed: it would deal every hand.
    seed = "" if viewer is not None else f", seed {deal_state.seed}"
    name = (
        title if title is not None else f"{_game_name(rules_name)} \u2014 {players} players{seed}"
    )
    view = "all hands open" if viewer is None else f"as seat {viewer} saw it"
    if head["chain"] != CHAIN_KEYED:
        signed = "unsigned"
    else:
        signed = "keyed" if checked_with is not None else "unchecked"
    return page(
        title=esc(name),
        subtitle=esc(
            f"{players} players, dealer seat {deal_state.dealer}, {view}; rules {rules_name}"
        ),
        signature=f'<p class="sig" id="signature" data-signed="{signed}">'
        f"{esc(_SIGNATURES[signed])}</p>",
        symbols=_symbols(),
        result=_result_html(final),
        data=json_in_script(data),
        colours=json_in_script(CARD_COLOURS),
    )
