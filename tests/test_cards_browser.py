"""The card game's replay viewer in headless Chromium, as a person sees it
(the harness of test_browser.py: the system's Chromium, no network)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_browser import Watched, browser, watched  # noqa: F401 (fixtures)

from unomahjong.cards import CARDS, GreedyCardBot, log_lines, play_cards
from unomahjong.render.card_viewer import replay_html

pytestmark = pytest.mark.browser


def _page(seat: int | None = None) -> str:
    rules = CARDS.with_options(all_draw_wild=True, stacking=True)
    moves = play_cards(rules, [GreedyCardBot()] * 4, seed=11)[1]
    return replay_html(log_lines(rules, moves, players=4, seed=11), seat=seat)


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (390, 844)])
def test_the_viewer_steps_to_the_result_without_overflowing(
    browser: Any,  # noqa: F811
    width: int,
    height: int,
    tmp_path: Path,
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    w = Watched(context.new_page())
    w.page.set_content(_page())
    assert w.page.inner_text("#counter").startswith("step 1 of ")
    w.page.click("#next")
    assert w.page.inner_text("#counter").startswith("step 2 of ")
    w.page.click("#last")
    result = w.page.locator("#result")
    assert result.is_visible() and "went out" in result.inner_text()
    assert w.page.evaluate("document.documentElement.scrollWidth") <= width
    # Every card drawn is one of the page's own card faces.
    uses = w.page.eval_on_selector_all("use", "els => els.map(e => e.getAttribute('href'))")
    assert uses and all(u.startswith("#c-") for u in uses)
    missing = w.page.evaluate(
        "[...document.querySelectorAll('use')].filter("
        "u => !document.getElementById(u.getAttribute('href').slice(1))).length"
    )
    assert missing == 0
    w.page.screenshot(path=str(tmp_path / f"cards-{width}.png"), full_page=True)
    w.check()
    context.close()


def test_a_seats_viewer_shows_the_other_hands_face_down(watched: Watched) -> None:  # noqa: F811
    watched.page.set_content(_page(seat=0))
    seats = watched.page.locator(".seat")
    assert seats.count() == 4
    assert "(you)" in seats.nth(0).inner_text()
    backs = seats.nth(1).locator("use[href='#c-back']").count()
    assert backs > 0 and seats.nth(0).locator("use[href='#c-back']").count() == 0
