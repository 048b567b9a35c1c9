"""Draw the pictures of docs/render.md into docs/images/ with unomahjong.render,
and those of docs/plots.md with unomahjong.render.plots from seeded runs.

Run ``python docs/gen_pictures.py`` (with the package installed, e.g. in the
dev environment) after changing the renderer; ``tests/test_render.py`` fails
when a committed picture differs from what this script draws. The docs build
(docs/conf.py) also draws the plots' pictures afresh before it reads the
pages, so the site shows what the code draws today.

``python docs/gen_pictures.py --screenshots`` also takes the two PNG
screenshots of README.md, docs/render.md and docs/viewer.md in headless
Chromium (the ``browser`` dependency group and the system's ``chromium``;
``UNOMAHJONG_CHROMIUM`` names another): a rendered hand
(docs/images/hand.png) and the replay viewer (docs/images/viewer.png).
Screenshots depend on the fonts installed, so they are not compared by the
tests; tests/test_browser.py runs this function into a temporary folder.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

from unomahjong import MCR_TILES, UNO_TILES, parse_hand, score_hand
from unomahjong.game import GreedyBot, play_hand, replay
from unomahjong.render import hand_svg, score_svg, tiles_svg
from unomahjong.render.plots import audit_svg, simulation_svg
from unomahjong.render.viewer import replay_html
from unomahjong.research.audit import audit
from unomahjong.research.simulation import simulate

DOCS = Path(__file__).resolve().parent

UNO_HAND = "[SSSg@2] [123b@1] (RRRRy) 123r 5g +5g"
"""An exposed pung claimed from the opposite seat, an exposed chow, a
concealed kong, and a single wait on the green 5."""
MCR_HAND = "[EEEE@3] [123m] (CCCC) 19p 99s +1p"
"""MCR: an exposed kong of East claimed from the next seat, an exposed chow,
a concealed kong of red dragons."""
SCORED = "[SSSg] 123r 456r 789r 5g +5g"


def pictures() -> dict[str, str]:
    """Each picture's path under docs/ and its SVG document."""
    return {
        "images/hand-uno.svg": hand_svg(parse_hand(UNO_HAND)),
        "images/hand-mcr.svg": hand_svg(parse_hand(MCR_HAND, "mcr")),
        "images/score-uno.svg": score_svg(score_hand(SCORED)),
        "images/tiles-uno.svg": tiles_svg(list(UNO_TILES)[:22]),
        "images/tiles-uno-2.svg": tiles_svg(list(UNO_TILES)[22:]),
        "images/tiles-mcr.svg": tiles_svg(list(MCR_TILES)[:18]),
        "images/tiles-mcr-2.svg": tiles_svg(list(MCR_TILES)[18:]),
        **plot_pictures(),
    }


PLOT_SEED = 1
"""The seeded runs of docs/plots.md: 48 games with a random bot in seat 0
and greedy bots in the others, and an audit of 600 UNO hands (a few
seconds together)."""


def plot_pictures() -> dict[str, str]:
    """The pictures of docs/plots.md: each path under docs/ and its SVG."""
    report = simulate(bots="random,greedy,greedy,greedy", games=48, seed=PLOT_SEED)
    return {
        "images/simulation.svg": simulation_svg(report),
        "images/audit.svg": audit_svg(audit("uno", hands=600, seed=PLOT_SEED)),
    }


VIEWER_SEED = 0
"""The viewer's screenshot: four greedy bots, seed 0 (a Reverse, a Skip, a
claim and an UNO declaration), at the step where the first UNO is declared."""


def _uno_step(lines: list[str]) -> int:
    states = replay(lines)
    for i in range(1, len(states)):
        if any(
            s.uno and not p.uno for s, p in zip(states[i].seats, states[i - 1].seats, strict=True)
        ):
            return i
    return len(states) - 1


def screenshots(folder: Path, *, browser: Any = None) -> list[Path]:
    """Take docs/images/hand.png and viewer.png (into ``folder``) in headless
    Chromium, with ``browser`` (a Playwright browser) or one launched here."""
    if browser is None:
        from playwright.sync_api import sync_playwright

        path = os.environ.get("UNOMAHJONG_CHROMIUM") or shutil.which("chromium")
        with sync_playwright() as p:
            launched = p.chromium.launch(executable_path=path)
            try:
                return screenshots(folder, browser=launched)
            finally:
                launched.close()
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    page = browser.new_page(viewport={"width": 760, "height": 200}, device_scale_factor=2)
    page.set_content('<body style="margin:0;background:#fff">' + hand_svg(parse_hand(UNO_HAND)))
    out.append(folder / "hand.png")
    page.locator("svg").first.screenshot(path=str(out[-1]))
    page.close()
    lines = play_hand("uno", [GreedyBot() for _ in range(4)], seed=VIEWER_SEED).log_lines()
    page = browser.new_page(viewport={"width": 1400, "height": 680})
    page.set_content(replay_html(lines))
    for _ in range(_uno_step(lines)):
        page.keyboard.press("ArrowRight")
    out.append(folder / "viewer.png")
    page.screenshot(path=str(out[-1]))
    page.close()
    return out


if __name__ == "__main__":
    if "--screenshots" in sys.argv[1:]:
        for path in screenshots(DOCS / "images"):
            print(f"wrote docs/images/{path.name} ({path.stat().st_size:,} bytes)")
    for name, svg in pictures().items():
        path = DOCS / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        print(f"wrote docs/{name} ({len(svg.encode('utf-8')):,} bytes)")
