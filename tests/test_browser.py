"""Tested as a person would see it: pictures and the replay viewer in a real
browser.

Headless Chromium, driven by Playwright for Python (the ``browser``
dependency group), with the system's Chromium as the browser through
``executable_path``: Playwright's own browser downloads are never used.
Every page is loaded with ``set_content``; every request it makes is
routed here and refused (only ``data:`` and ``about:`` are let through,
and none is expected), and a console error or an uncaught exception fails
the test. Screenshots go to the test's temporary folder.

Without Playwright or Chromium these tests are skipped, saying why, unless
``UNOMAHJONG_BROWSER_TESTS=1`` is set (.ci/run sets it), which turns the
skip into a failure. ``UNOMAHJONG_CHROMIUM`` names the browser when it is
not ``chromium`` or ``chromium-browser`` on the PATH.
"""

from __future__ import annotations

import os
import runpy
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest
from test_viewer import eventful_seed, log_of

from unomahjong import parse_hand, score_hand
from unomahjong.game import GreedyBot, play_hand, replay
from unomahjong.render import hand_svg, score_html, score_svg
from unomahjong.render.viewer import replay_html

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
REQUIRED = os.environ.get("UNOMAHJONG_BROWSER_TESTS") == "1"


def _unavailable(why: str) -> NoReturn:
    if REQUIRED:
        pytest.fail(f"UNOMAHJONG_BROWSER_TESTS=1 but {why}")
    pytest.skip(why)


def chromium_path() -> str | None:
    """The system Chromium: ``UNOMAHJONG_CHROMIUM``, else on the PATH."""
    named = os.environ.get("UNOMAHJONG_CHROMIUM")
    if named:
        return named
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright is not installed (pip install --group browser)")
    path = chromium_path()
    if path is None:
        _unavailable("no Chromium found (apt-get install chromium, or set UNOMAHJONG_CHROMIUM)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path)
        yield b
        b.close()


class Watched:
    """A page whose console errors, uncaught exceptions and requests are kept."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))
        page.route("**/*", self._route)

    def _console(self, message: Any) -> None:
        if message.type in ("error", "warning"):
            self.errors.append(f"console {message.type}: {message.text}")

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(("data:", "about:")):
            route.continue_()
            return
        self.requests.append(url)
        route.abort()

    def check(self) -> None:
        assert self.errors == [], self.errors
        assert self.requests == [], f"the page made network requests: {self.requests}"


@pytest.fixture
def watched(browser: Any) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    w = Watched(page)
    yield w
    w.check()
    context.close()


def _html(body: str) -> str:
    head = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head>'
    return f"{head}<body>{body}</body></html>"


def test_a_hand_renders(watched: Watched, tmp_path: Path) -> None:
    hand = parse_hand("[SSSg@2] [123b@1] (RRRRy) 123r 5g +5g")
    page = watched.page
    page.set_content(_html(hand_svg(hand)))
    svg = page.locator("body > svg")
    assert svg.get_attribute("viewBox")
    assert page.locator("body > svg > title").text_content() == str(hand)
    assert page.locator("g.tile").count() == 14 + 1  # a kong is four tiles
    box = svg.bounding_box()
    assert box is not None and box["width"] > 500 and box["height"] > 60
    # Every tile is drawn inside the picture.
    inside = page.evaluate(
        """() => {
        const outer = document.querySelector("body > svg").getBoundingClientRect();
        return [...document.querySelectorAll("g.tile")].every(g => {
            const r = g.getBoundingClientRect();
            return r.width > 20 && r.left >= outer.left - 1 && r.right <= outer.right + 1;
        });
    }"""
    )
    assert inside
    svg.screenshot(path=str(tmp_path / "hand.png"))
    assert (tmp_path / "hand.png").stat().st_size > 1000


def test_pictures_shrink_to_a_narrow_box_and_keep_their_size_elsewhere(
    watched: Watched,
) -> None:
    hand = parse_hand("[SSSg@2] [123b@1] (RRRRy) 123r 5g +5g")
    score = score_hand("[SSSg] 123r 456r 789r 5g +5g", self_drawn=True)
    page = watched.page
    for svg in (hand_svg(hand), score_svg(score)):
        natural = float(svg.split('width="', 1)[1].split('"', 1)[0])
        page.set_content(_html(f'<div style="width:300px">{svg}</div><div>{svg}</div>'))
        narrow, wide = (page.locator("div > svg").nth(i).bounding_box() for i in (0, 1))
        assert narrow is not None and wide is not None
        assert narrow["width"] <= 300.5 and abs(wide["width"] - natural) < 1
        # The proportions are kept: the narrow one is shorter by as much.
        ratio = narrow["width"] / wide["width"]
        assert abs(narrow["height"] - wide["height"] * ratio) < 2


def test_a_score_renders(watched: Watched, tmp_path: Path) -> None:
    s = score_hand("[SSSg] 123r 456r 789r 5g +5g")
    page = watched.page
    page.set_content(_html(score_html(s)))
    rows = page.locator("table.unomahjong-fans tbody tr.fan")
    assert rows.count() == len(s.fans)
    assert [rows.nth(i).get_attribute("data-fan") for i in range(rows.count())] == [
        f.id for f in s.fans
    ]
    assert page.locator("tfoot th").nth(1).text_content() == str(s.total)
    assert page.locator(".unomahjong-score > svg > title").count() == 1
    page.locator(".unomahjong-score").screenshot(path=str(tmp_path / "score.png"))


def _shown(page: Any) -> dict[str, Any]:
    """What the viewer shows: the step, and per seat the tiles drawn in the
    hand, the discards drawn, and the seat's marks."""
    result: dict[str, Any] = page.evaluate(
        """() => {
        const root = document.getElementById("viewer");
        const seats = [...document.querySelectorAll(".seat")].map(p => ({
            seat: +p.dataset.seat,
            hand: p.querySelectorAll(".hand .t").length,
            faceDown: p.querySelectorAll(".hand .t.down").length,
            discards: [...p.querySelectorAll(".discards .t")].map(t => t.dataset.tile),
            dataHand: +p.dataset.handSize,
            dataDiscards: p.dataset.discards,
            uno: p.dataset.uno === "1",
            locked: p.querySelector(".hand").classList.contains("locked"),
            skipped: p.dataset.skipped === "1",
        }));
        seats.sort((a, b) => a.seat - b.seat);
        return {
            step: +root.dataset.step,
            phase: root.dataset.phase,
            direction: +root.dataset.direction,
            wall: +root.dataset.wall,
            clockwise: document.getElementById("dir").classList.contains("cw"),
            flash: document.getElementById("flash").textContent,
            result: !document.getElementById("result").hidden,
            seats,
        };
    }"""
    )
    return result


def test_stepping_with_the_keys_shows_the_logged_round(watched: Watched, tmp_path: Path) -> None:
    """The seeded round of :func:`eventful_seed` (a Reverse, a Skip, a claim,
    an UNO declaration and a win), stepped through with the arrow keys: at
    every step the hand sizes and discards drawn are those the log replays
    to, and the direction, the skipped seat and the locked hand show."""
    lines = log_of(eventful_seed())
    states = replay(lines)
    page = watched.page
    page.set_content(replay_html(lines))
    seen = {"reverse": False, "skip": False, "uno": False}
    for i, state in enumerate(states):
        if i:
            page.keyboard.press("ArrowRight")
        shown = _shown(page)
        assert shown["step"] == i and shown["phase"] == state.phase.value
        assert shown["direction"] == state.direction and shown["wall"] == state.wall_left
        assert shown["clockwise"] == (state.direction < 0)
        for seat, view in zip(state.seats, shown["seats"], strict=True):
            assert view["hand"] == view["dataHand"] == len(seat.concealed), (i, view)
            assert view["discards"] == [str(t) for t in seat.discards], (i, view)
            assert view["dataDiscards"] == " ".join(str(t) for t in seat.discards)
            assert view["uno"] == view["locked"] == seat.uno
        if i and states[i - 1].direction != state.direction:
            seen["reverse"] = True
            assert "Reverse" in shown["flash"]
        skipped = [v["seat"] for v in shown["seats"] if v["skipped"]]
        if skipped:
            seen["skip"] = True
            assert "skipped" in shown["flash"] and len(skipped) == 1
        before = states[i - 1].seats if i else state.seats
        if any(s.uno and not p.uno for s, p in zip(state.seats, before, strict=True)):
            seen["uno"] = True
            assert "UNO" in shown["flash"]
            page.screenshot(path=str(tmp_path / "uno-step.png"), full_page=True)
        assert shown["result"] == (i == len(states) - 1)
    assert all(seen.values()), seen
    page.keyboard.press("ArrowRight")  # past the end: stays
    assert _shown(page)["step"] == len(states) - 1
    page.keyboard.press("ArrowLeft")
    assert _shown(page)["step"] == len(states) - 2
    page.keyboard.press("Home")
    assert _shown(page)["step"] == 0
    page.keyboard.press("End")
    assert _shown(page)["step"] == len(states) - 1
    assert page.locator("#result .win table.unomahjong-fans").count() >= 1
    # The last step stays in view (in the list and the window) once the
    # result box is shown.
    inside = page.evaluate(
        """() => { const list = document.getElementById("steps");
            const cur = list.querySelector("li.cur").getBoundingClientRect();
            const box = list.getBoundingClientRect();
            return cur.top >= Math.max(box.top, 0) - 1
                && cur.bottom <= Math.min(box.bottom, innerHeight) + 1; }"""
    )
    assert inside, "the current step scrolled out of the list at the end"
    page.screenshot(path=str(tmp_path / "viewer-end.png"), full_page=True)
    # The list of steps jumps to any step.
    page.locator("#steps li").nth(5).click()
    assert _shown(page)["step"] == 5


def test_one_seat_s_view_hides_the_others(watched: Watched) -> None:
    lines = log_of(eventful_seed())
    states = replay(lines)
    page = watched.page
    page.set_content(replay_html(lines, seat=1))
    page.keyboard.press("End")
    for view, seat in zip(_shown(page)["seats"], states[-1].seats, strict=True):
        assert view["hand"] == len(seat.concealed)
        assert view["faceDown"] == (0 if view["seat"] == 1 else len(seat.concealed))
    # The seat's own panel is at the bottom of the table.
    bottom = page.evaluate(
        """() => [...document.querySelectorAll(".seat")]
            .map(p => [+p.dataset.seat, p.getBoundingClientRect().top])
            .sort((a, b) => b[1] - a[1])[0][0]"""
    )
    assert bottom == 1


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_seats_sit_around_the_table_without_overlapping(watched: Watched, players: int) -> None:
    page = watched.page
    page.set_content(replay_html(log_of(2, players)))
    boxes = page.evaluate(
        """() => [...document.querySelectorAll(".seat, .centre")].map(p => {
            const r = p.getBoundingClientRect();
            return [r.left, r.top, r.right, r.bottom];
        })"""
    )
    assert len(boxes) == players + 1
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (a, b)


def test_the_documented_screenshot_command(browser: Any, tmp_path: Path) -> None:
    """``python docs/gen_pictures.py --screenshots`` (docs/viewer.md) writes
    the two PNG pictures of the docs; here into a temporary folder."""
    gen = runpy.run_path(str(ROOT / "docs" / "gen_pictures.py"), run_name="gen_pictures")
    written = gen["screenshots"](tmp_path, browser=browser)
    assert sorted(p.name for p in written) == ["hand.png", "viewer.png"]
    for p in written:
        assert p.read_bytes().startswith(b"\x89PNG") and p.stat().st_size > 5000


SCREENS = {"desktop": (1280, 900), "phone": (390, 844)}


@pytest.fixture(params=sorted(SCREENS))
def screen(browser: Any, request: pytest.FixtureRequest) -> Iterator[tuple[str, Watched]]:
    width, height = SCREENS[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    w = Watched(context.new_page())
    yield request.param, w
    w.check()
    context.close()


_OVERFLOWS = """() => {
  const wide = [...document.querySelectorAll("header, header *, .layout, .table, .side")]
    .filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => `${e.tagName}#${e.id}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}`);
  const cut = [...document.querySelectorAll("nav button, nav input, #counter")]
    .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5)
    .map(e => `${e.id} ends at ${e.getBoundingClientRect().right}`);
  return {page: document.documentElement.scrollWidth - innerWidth, wide, cut};
}"""


@pytest.mark.parametrize("players", [4, 8])
def test_nothing_overflows_and_the_result_shows_with_the_table(
    screen: tuple[str, Watched], players: int, tmp_path: Path
) -> None:
    name, watched = screen
    page = watched.page
    page.set_content(replay_html(log_of(eventful_seed(), players)))
    for key in ("Home", "End"):
        page.keyboard.press(key)
        assert page.evaluate(_OVERFLOWS) == {"page": 0, "wide": [], "cut": []}, key
    page.screenshot(path=str(tmp_path / f"{name}-{players}.png"))
    box = page.evaluate(
        """() => {
          const r = document.getElementById("result"), b = r.getBoundingClientRect();
          return {hidden: r.hidden, top: b.top, bottom: b.bottom, height: innerHeight};
        }"""
    )
    assert not box["hidden"]
    # In view without scrolling: beside the table on a wide screen (whole),
    # above it on a phone (its top at least, the page scrolls on).
    assert 0 <= box["top"] < box["height"] / 2
    if name == "desktop":
        assert box["bottom"] <= box["height"]
        steps = page.locator("#steps li").first
        steps.click()  # the steps stay at hand beside the result
        assert page.get_attribute("#viewer", "data-step") == "0"


def test_a_full_hand_stays_on_one_row_where_there_is_room(browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = Watched(context.new_page()).page
    page.set_content(replay_html(log_of(eventful_seed(), 4)))
    page.keyboard.press("Home")  # the deal: the dealer holds 14 tiles
    rows = page.evaluate(
        """() => [...document.querySelectorAll(".seat .hand")].map(h =>
             new Set([...h.querySelectorAll(".t")].map(t => t.getBoundingClientRect().top)).size)"""
    )
    assert rows == [1, 1, 1, 1]
    context.close()


def test_a_botzone_round_shows_its_seat_walls_and_wind(screen: tuple[str, Watched]) -> None:
    board = play_hand("botzone", [GreedyBot()] * 4, seed=96)
    lines = board.log_lines()
    states = replay(lines)
    _, watched = screen
    page = watched.page
    page.set_content(replay_html(lines))
    assert page.title().startswith("MCR (Botzone) hand, seed 96")
    assert "prevalent wind S" in page.inner_text("header")
    page.keyboard.press("End")
    walls = " \u00b7 ".join(str(n) for n in states[-1].walls)
    assert f"(seats' walls {walls})" in page.inner_text("#wall")
    assert _shown(page)["result"]
    assert page.evaluate(_OVERFLOWS) == {"page": 0, "wide": [], "cut": []}


def test_a_standard_mcr_round_shows_the_flowers_set_aside(watched: Watched) -> None:
    board = play_hand("mcr", [GreedyBot()] * 4, seed=3)
    held = [" ".join(f.zh for f in s.flowers) for s in board.state.seats]
    assert any(held)
    page = watched.page
    page.set_content(replay_html(board.log_lines()))
    assert page.title().startswith("MCR hand, seed 3")
    page.keyboard.press("End")
    badges = page.evaluate(
        """() => [...document.querySelectorAll(".seat")]
            .sort((a, b) => a.dataset.seat - b.dataset.seat)
            .map(p => (p.querySelector(".b-flower") || {}).textContent || "")"""
    )
    assert badges == [f"flowers {h}" if h else "" for h in held]


def test_a_hostile_title_is_shown_as_text_and_breaks_nothing(watched: Watched) -> None:
    """The page's text and its JSON data cannot open a comment or a script:
    ``<``, ``>`` and ``&`` are escaped in both (as in the card viewer)."""
    hostile = "<!--<script>alert(1)</script><SCRIPT>&amp;"
    page = watched.page
    html = replay_html(log_of(eventful_seed()), title=hostile)
    data = html.split('<script type="application/json" id="data">', 1)[1].split("</script>")[0]
    assert not any(bad in data.lower() for bad in ("<!--", "<script", "</script"))
    page.set_content(html)
    assert page.title() == hostile and page.inner_text("h1") == hostile
    assert page.locator("script").count() == 2  # the data and the code, none from the title
    page.keyboard.press("End")
    assert _shown(page)["result"]  # the script ran
