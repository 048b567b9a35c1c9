"""The game engine's seeded corpus is byte for byte what it was recorded as
(tests/data/game_corpus.json): logs, outcomes, scores and match results.

By default 150 hands and 2 matches are played (a few seconds); with
``UNOMAHJONG_GAME_CORPUS=full`` the whole corpus, 3,000 hands (2 to 8
players, every bot mix) and 16 matches.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from game_corpus import corpus_digest, hand_record

RECORDED = json.loads((Path(__file__).parent / "data" / "game_corpus.json").read_text("utf-8"))
FULL = os.environ.get("UNOMAHJONG_GAME_CORPUS") == "full"


def test_the_seeded_corpus_is_unchanged() -> None:
    hands, matches = (3000, 16) if FULL else (150, 2)
    assert corpus_digest(hands, matches) == RECORDED[f"{hands} hands, {matches} matches"]


@pytest.mark.parametrize("index", [0, 13, 27])
def test_a_hand_record_changes_with_the_hand(index: int) -> None:
    # The digest would not notice a corpus of identical records.
    assert hand_record(index) != hand_record(index + 1)
    assert hand_record(index) == hand_record(index)
