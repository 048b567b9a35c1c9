"""The card game's replay viewer in headless Chromium, as a person sees it
(the harness of test_browser.py: the system's Chromium, no network)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import Watched, browser, watched  # noqa: F401 (fixtures)

from unomahjong.cards import (
    CARDS,
    CardRules,
    GreedyCardBot,
    RandomCardBot,
    log_lines,
    play_cards,
    replay,
)
from unomahjong.render.card_viewer import replay_html

pytestmark = pytest.mark.browser

RULES = CARDS.with_options(all_draw_wild=True, stacking=True)
SCREENS = {"desktop": (1280, 900), "phone": (390, 844)}


def _lines(
    rules: CardRules = RULES, players: int = 4, seed: int = 11, bots: Any = None
) -> list[str]:
    seated = bots if bots is not None else [GreedyCardBot()] * players
    moves = play_cards(rules, seated, seed=seed)[1]
    return log_lines(rules, moves, players=players, seed=seed)


def _long() -> list[str]:
    """A hand of six random bots, long enough that its steps overflow their list."""
    return _lines(CARDS, 6, 8, [RandomCardBot(80 + i) for i in range(6)])


@pytest.fixture(params=sorted(SCREENS))
def screen(browser: Any, request: pytest.FixtureRequest) -> Iterator[tuple[str, Watched]]:  # noqa: F811
    width, height = SCREENS[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    w = Watched(context.new_page())
    yield request.param, w
    w.check()
    context.close()


_SHOWN = """() => {
  const root = document.getElementById("viewer");
  const seats = [...document.querySelectorAll(".seat")].map(p => ({
    seat: +p.dataset.seat,
    count: +p.dataset.count,
    drawn: p.querySelectorAll(".hand .c").length,
    cards: p.dataset.cards,
    faces: [...p.querySelectorAll(".hand .c")].map(c => c.dataset.card).join(" "),
  }));
  return {
    step: +root.dataset.step,
    phase: root.dataset.phase,
    colour: root.dataset.colour,
    direction: +root.dataset.direction,
    pile: +root.dataset.pile,
    top: [...document.querySelectorAll("#discards .c")].map(c => c.dataset.card),
    counter: document.getElementById("counter").textContent,
    current: [...document.querySelectorAll("#steps li.cur")].map(li => +li.dataset.step),
    result: !document.getElementById("result").hidden,
    seats,
  };
}"""

_IN_LIST = """() => {
  // The current step in its list, below the list's heading, and on screen
  // whenever the list is (on a phone the list is below the table).
  const side = document.getElementById("side"), box = side.getBoundingClientRect();
  const head = side.querySelector("h2").getBoundingClientRect();
  const cur = document.querySelector("#steps li.cur").getBoundingClientRect();
  const onScreen = box.top < innerHeight / 2;
  const top = Math.max(head.bottom, onScreen ? 0 : -Infinity);
  const bottom = Math.min(box.bottom, onScreen ? innerHeight : Infinity);
  return cur.top >= top - 1 && cur.bottom <= bottom + 1 && cur.height > 0;
}"""

_OVERFLOWS = """() => {
  const wide = [...document.querySelectorAll("header, header *, .layout, .play, .centre, .seats,"
      + " .seat, .side")]
    .filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => `${e.tagName}#${e.id}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}`);
  const cut = [...document.querySelectorAll("nav button, nav input, #counter, .seat, .c")]
    .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5)
    .map(e => `${e.id || e.className} ends at ${e.getBoundingClientRect().right}`);
  // Text squeezed to a column: a line of words narrower than a few letters.
  const narrow = [...document.querySelectorAll("#events li, #steps li, .seat h2, #turn, #order,"
      + " h1, .sub, #result p")]
    .filter(e => e.getClientRects().length)  // shown
    .filter(e => e.textContent.trim().length > 4 && e.getBoundingClientRect().width < 60)
    .map(e => `${e.tagName}: ${e.textContent} is ${e.getBoundingClientRect().width}px wide`);
  return {page: document.documentElement.scrollWidth - innerWidth, wide, cut, narrow};
}"""
_NO_OVERFLOW = {"page": 0, "wide": [], "cut": [], "narrow": []}


def test_every_step_shows_the_logged_hand(watched: Watched) -> None:  # noqa: F811
    """Stepped through with the arrow keys from step 0, the deal: at every
    step each seat's cards, the discards on top, the colour, the direction
    and the draw pile are those the log replays to."""
    lines = _lines()
    states = replay(lines)
    page = watched.page
    page.set_content(replay_html(lines))
    last = len(states) - 1
    for i, state in enumerate(states):
        if i:
            page.keyboard.press("ArrowRight")
        shown = page.evaluate(_SHOWN)
        assert shown["step"] == i and shown["counter"] == f"step {i} / {last}"
        assert shown["current"] == [i] and shown["phase"] == state.phase.value
        assert shown["colour"] == (state.colour or "") and shown["direction"] == state.direction
        assert shown["pile"] == len(state.draw_pile)
        assert shown["top"] == [c.notation for c in state.discards[-3:]]
        for seat, view in zip(state.hands, shown["seats"], strict=True):
            cards = " ".join(c.notation for c in seat)
            assert view["count"] == view["drawn"] == len(seat)
            assert view["cards"] == view["faces"] == cards, (i, view)
        assert shown["result"] == (i == last)
    page.keyboard.press("ArrowRight")  # past the end: stays
    assert page.evaluate(_SHOWN)["step"] == last
    assert "went out" in page.inner_text("#result")


def test_the_steps_are_numbered_from_0_and_the_keys_and_list_move_through_them(
    screen: tuple[str, Watched], tmp_path: Path
) -> None:
    name, w = screen
    lines = _long()
    last = len(lines) - 2  # the header is no step; the deal is step 0
    page = w.page
    page.set_content(replay_html(lines))
    numbers = page.eval_on_selector_all("#steps li", "items => items.map(li => li.value)")
    assert numbers == list(range(last + 1))
    assert page.inner_text("#steps li:first-child") == "the deal"
    assert page.evaluate(_SHOWN)["counter"] == f"step 0 / {last}"
    moves = [("End", last), ("Home", 0), ("ArrowRight", 1), (" ", 2), ("Shift+ ", 1)]
    moves += [("ArrowLeft", 0), ("ArrowLeft", 0), ("End", last)]
    for key, step in moves:
        page.keyboard.press(key.replace(" ", "Space"))
        shown = page.evaluate(_SHOWN)
        assert (shown["step"], shown["current"]) == (step, [step]), key
        assert page.evaluate(_IN_LIST), f"step {step} is out of the list's view after {key}"
    # At the end, after the result appeared, the last step is still in view,
    # and the page itself did not scroll to it.
    assert page.evaluate(_SHOWN)["result"] and page.evaluate("scrollY") == 0
    assert page.evaluate(_OVERFLOWS) == _NO_OVERFLOW
    page.screenshot(path=str(tmp_path / f"cards-end-{name}.png"))
    item = page.locator("#steps li").nth(40)
    item.click()
    assert page.evaluate(_SHOWN)["step"] == 40
    assert "cur" in (item.get_attribute("class") or "")
    page.click("#prev")
    page.click("#prev")
    assert page.evaluate(_SHOWN)["current"] == [38]
    assert page.evaluate(_IN_LIST)


@pytest.mark.parametrize("players", [2, 4, 10])
def test_nothing_overflows_or_wraps_letter_by_letter(
    screen: tuple[str, Watched], players: int, tmp_path: Path
) -> None:
    name, w = screen
    page = w.page
    page.set_content(replay_html(_lines(RULES, players, 5)))
    for key in ("Home", "ArrowRight", "End"):
        page.keyboard.press(key)
        assert page.evaluate(_OVERFLOWS) == _NO_OVERFLOW, (key, players)
    page.screenshot(path=str(tmp_path / f"cards-{name}-{players}.png"), full_page=True)
    # Every card drawn is one of the page's own card faces, scaled to its box.
    missing = page.evaluate(
        "[...document.querySelectorAll('use')].filter("
        "u => !document.getElementById(u.getAttribute('href').slice(1))).length"
    )
    assert missing == 0
    sizes = page.evaluate(
        """() => [...document.querySelectorAll(".c")].map(c => {
          const s = c.querySelector("svg").getBoundingClientRect(), b = c.getBoundingClientRect();
          return [Math.round(s.width - b.width), Math.round(s.height / s.width * 42)];
        })"""
    )
    assert sizes and all(size == [0, 62] for size in sizes)


def test_a_seats_viewer_shows_the_other_hands_face_down(watched: Watched) -> None:  # noqa: F811
    watched.page.set_content(replay_html(_lines(), seat=0))
    seats = watched.page.locator(".seat")
    assert seats.count() == 4
    assert "you" in seats.nth(0).inner_text()
    backs = seats.nth(1).locator("use[href='#c-back']").count()
    assert backs > 0 and seats.nth(0).locator("use[href='#c-back']").count() == 0
    assert watched.page.title() == "UNO cards (all_draw_wild, stacking) \u2014 4 players"


HOSTILE = "<!--<script>alert(1)</script><SCRIPT>&amp;"


def test_a_hostile_rules_name_is_shown_as_text_and_breaks_nothing(
    screen: tuple[str, Watched],
) -> None:
    _, w = screen
    page = w.page
    page.set_content(replay_html(_lines(CARDS.with_options(name=HOSTILE), 3, 2)))
    assert page.title() == f"UNO cards: {HOSTILE} \u2014 3 players, seed 2"
    assert HOSTILE in page.inner_text("header")
    assert page.locator("script").count() == 3  # none made from the name
    assert page.evaluate(_SHOWN)["counter"].startswith("step 0 / ")  # the script ran
    assert page.locator(".seat").count() == 3
    page.keyboard.press("End")
    assert page.evaluate(_SHOWN)["result"]
