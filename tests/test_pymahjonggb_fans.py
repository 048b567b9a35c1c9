"""Differential tests of MCR scoring against PyMahjongGB, hand for hand.

Every generated winning MCR hand, with a consistent win context, must get the
same fan multiset and total from both calculators. Known, documented
PyMahjongGB errors (docs/mcr.md, "Where PyMahjongGB is wrong") would be listed
in KNOWN_DEVIATIONS; there are none so far.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given

from unomahjong import Hand, WinContext, score
from unomahjong.research.generate import THEMES, random_winning_hand
from unomahjong.research.interop import FAN_NAMES, gb_fan_arguments
from unomahjong.research.strategies import scored_hands, themed_hands
from unomahjong.rules.rule_sets import MCR

MahjongGB = pytest.importorskip("MahjongGB")

KNOWN_DEVIATIONS: dict[str, str] = {}
"""Canonical hand text -> the rule-book citation showing PyMahjongGB wrong."""


def theirs(hand: Hand, ctx: WinContext) -> tuple[Counter[str], int]:
    fans = MahjongGB.MahjongFanCalculator(**gb_fan_arguments(hand, ctx), verbose=True)
    out: Counter[str] = Counter()
    total = 0
    for points, count, name, _en in fans:
        out[FAN_NAMES.get(name, name)] += count
        total += points * count
    return out, total


def ours(hand: Hand, ctx: WinContext) -> tuple[Counter[str], int]:
    s = score(hand, ctx, "mcr")
    return Counter({f.zh: f.count for f in s.fans}), s.total


def check(hand: Hand, ctx: WinContext) -> None:
    if str(hand) in KNOWN_DEVIATIONS:
        return
    assert ours(hand, ctx) == theirs(hand, ctx), f"{hand} {ctx}"


@given(scored_hands("mcr"))
def test_generated_hands_agree(hc: tuple[Hand, WinContext]) -> None:
    check(*hc)


@given(themed_hands("mcr"))
def test_themed_hands_agree(hc: tuple[Hand, WinContext]) -> None:
    check(*hc)


def test_seeded_sample_agrees_and_covers_every_fan() -> None:
    rng = random.Random(20261129)
    seen: Counter[str] = Counter()
    for i in range(3000):
        hand, ctx = random_winning_hand(rng, "mcr", theme=THEMES[i % len(THEMES)])
        check(hand, ctx)
        seen.update(ours(hand, ctx)[0])
    missing = [r.zh for r in MCR.fans if not seen[r.zh] and r.zh not in RARE]
    assert missing == []


RARE = {
    "绿一色": ("[234s] [666s] 33888s FF +F", "2233334466888s +8s", "22334466888s FF +F"),
    "清幺九": (
        "[111m] 1199s 111999p +1s",
        "[1111m] [111p] 1199s 999p +9s",
        "1199m 199s 119999p +1s",
    ),
}
"""Fans too rare in random samples, checked on chosen hands."""


@pytest.mark.parametrize(("fan", "text"), [(f, t) for f, ts in RARE.items() for t in ts])
@pytest.mark.parametrize("self_drawn", [False, True])
def test_rare_fans_agree(fan: str, text: str, self_drawn: bool) -> None:
    from unomahjong import parse_hand

    hand, ctx = parse_hand(text, "mcr"), WinContext(self_drawn=self_drawn)
    check(hand, ctx)
    assert fan in ours(hand, ctx)[0]
