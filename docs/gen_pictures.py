"""Draw the pictures of docs/render.md into docs/images/ with unomahjong.render.

Run ``python docs/gen_pictures.py`` (with the package installed, e.g. in the
dev environment) after changing the renderer; ``tests/test_render.py`` fails
when a committed picture differs from what this script draws.
"""

from __future__ import annotations

from pathlib import Path

from unomahjong import MCR_TILES, UNO_TILES, parse_hand, score_hand
from unomahjong.render import hand_svg, score_svg, tiles_svg

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
    }


if __name__ == "__main__":
    for name, svg in pictures().items():
        path = DOCS / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        print(f"wrote docs/{name} ({len(svg.encode('utf-8')):,} bytes)")
