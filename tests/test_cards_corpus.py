"""A seeded hand under each option, its whole log pinned: the number of
lines, the scores and the last record's digest (which covers every record
before it). One hand a rule set, chosen so that its option takes effect; a
change to the rules, the dealing, the bots or the log format shows here
first. To re-record after a deliberate change, print the three values."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from unomahjong.cards import (
    CARDS,
    CardPhase,
    GreedyCardBot,
    UniformCardBot,
    log_lines,
    play_cards,
    replay,
)

CORPUS = {
    # option: (seed, lines, scores, the last digest's first 16 hex digits)
    None: (2026, 42, (571, 0, 0, 0), "52859c7cb01af3b1"),
    "all_draw_wild": (2026, 76, (592, 0, 0, 0), "245dc2d54f9ba743"),
    "stacking": (2026, 234, (730, 0, 0, 0), "796a7e73ffdec5f9"),
    "wild_cancels_draw_two": (2027, 88, (375, 0, 0, 0), "e1cd328b9079a3ee"),
    "jump_in": (2026, 33, (0, 0, 482, 0), "83c8528864ce3c3c"),
    "zero_passes_hands": (2027, 346, (833, 0, 0, 0), "5d96f21b28b31dc1"),
    "multiple_same": (2026, 37, (494, 0, 0, 0), "15b99fa4064f495f"),
    "negative_scoring": (2026, 42, (0, -384, -6, -181), "0d40c84db1eac2c3"),
    "elimination": (2026, 42, (0, -384, -6, -181), "b7fbc020fcecfd14"),
    "teams": (2026, 42, (565, 0, 0, 0), "bf6df8f25c4161d1"),
}

SIGNS: dict[str, Callable[[Any, Any, Any], bool]] = {
    "all_draw_wild": lambda state, action, events: (
        action.card is not None and action.card.notation == "A"
    ),
    "stacking": lambda state, action, events: state.pending and action.kind.value == "play",
    "wild_cancels_draw_two": lambda state, action, events: any(e.kind == "cancel" for e in events),
    "jump_in": lambda state, action, events: (
        state.phase is CardPhase.JUMP and action.kind.value == "play"
    ),
    "zero_passes_hands": lambda state, action, events: any(e.kind == "pass_hands" for e in events),
    "multiple_same": lambda state, action, events: bool(action.more),
}
"""What shows that an option took effect in its hand."""


@pytest.mark.parametrize("option", list(CORPUS), ids=str)
def test_each_options_hand_plays_as_recorded(option: str | None) -> None:
    seed, count, scores, digest = CORPUS[option]
    rules = CARDS if option is None else CARDS.with_options(**{option: True})  # type: ignore[arg-type]
    bots: list[Any] = [GreedyCardBot(), UniformCardBot(5), GreedyCardBot(), UniformCardBot(6)]
    final, moves = play_cards(rules, bots, seed=seed)
    lines = log_lines(rules, moves, players=4, seed=seed)
    last = json.loads(lines[-1])["digest"][:16]
    assert (len(lines), final.scores, last) == (count, scores, digest)
    states = replay(lines)
    sign = SIGNS.get(str(option))
    if sign is not None:
        assert any(
            sign(before, action, events)
            for before, (_, action, events) in zip(states, moves, strict=False)
        ), option


def test_random_bots_play_their_hand_as_recorded() -> None:
    """The random bot's policy (a random play whenever it can) pinned as the
    options' hands are: four of them, seeded 20260 to 20263."""
    from unomahjong.cards import RandomCardBot

    bots: list[Any] = [RandomCardBot(20260 + i) for i in range(4)]
    final, moves = play_cards(CARDS, bots, seed=2026)
    lines = log_lines(CARDS, moves, players=4, seed=2026)
    assert (len(lines), final.scores) == (39, (166, 0, 0, 0))
    assert json.loads(lines[-1])["digest"][:16] == "894aa6dd36e36c57"
