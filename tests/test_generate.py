"""The seeded generator: reproducible, always winning, consistent contexts."""

from __future__ import annotations

import random

import pytest

from unomahjong import is_winning, score
from unomahjong.research.generate import SHAPE_OF_THEME, THEMES, random_winning_hand, winning_hands
from unomahjong.rules.rule_sets import get_rules


@pytest.mark.parametrize("rules", ["uno", "mcr"])
@pytest.mark.parametrize("theme", THEMES)
def test_every_theme_gives_scorable_winning_hands(rules: str, theme: str) -> None:
    rng = random.Random(7)
    rs = get_rules(rules)
    for _ in range(10):
        hand, ctx = random_winning_hand(rng, rules, theme=theme)
        assert is_winning(hand)
        rs.check_context(ctx)
        ctx.check(hand)
        s = score(hand, ctx, rules)
        if theme in SHAPE_OF_THEME:
            assert s.decomposition.shape is SHAPE_OF_THEME[theme] or s.total > 0


def test_reproducible() -> None:
    a = [(str(h), c) for h, c in winning_hands(3, 50, "uno")]
    b = [(str(h), c) for h, c in winning_hands(3, 50, "uno")]
    assert a == b


def test_unknown_theme() -> None:
    with pytest.raises(ValueError, match="unknown theme"):
        random_winning_hand(random.Random(0), "uno", theme="nope")
