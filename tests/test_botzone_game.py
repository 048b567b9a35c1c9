"""The Botzone judge's protocol on the game engine: games recorded from a
build of the judge replayed turn by turn, and the judge's penalties."""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unomahjong.botzone import (
    PENALTY,
    JudgeHand,
    JudgeResponse,
    JudgeStage,
    botzone_tile,
    judge_responses,
    judge_start,
    judge_step,
)
from unomahjong.errors import MahjongError
from unomahjong.model.tiles import Tile

TRANSCRIPTS = Path(__file__).parent / "data" / "botzone" / "transcripts.jsonl.gz"


@cache
def transcripts() -> tuple[dict[str, Any], ...]:
    with gzip.open(TRANSCRIPTS, "rt") as f:
        return tuple(json.loads(line) for line in f)


def replay_transcript(t: dict[str, Any]) -> JudgeHand:
    """Replay a recorded game, holding every request to the judge's."""
    game = judge_start(t["srand"])
    assert game.wall_text == t["walltiles"]
    assert game.quan == t["quan"]
    for n, (requests, responses) in enumerate(t["turns"]):
        assert list(game.requests) == requests, f"srand {t['srand']}, turn {n}"
        game = judge_step(game, responses)
    assert game.finished
    assert list(game.scores or ()) == t["finish"]["scores"]
    assert game.ending == t["finish"]["action"]
    return game


def test_the_transcripts_cover_every_ending() -> None:
    endings = {t["finish"]["action"] for t in transcripts()}
    assert {"HU", "HUANG", "WA", "WH"} <= endings
    assert len(transcripts()) >= 300


@pytest.mark.parametrize("part", range(8))
def test_recorded_judge_games_replay_exactly(part: int) -> None:
    # Every recorded game, in eight parts that run side by side.
    for t in transcripts()[part::8]:
        replay_transcript(t)


def _first(srand: int, stage: JudgeStage, seat: int | None = None) -> JudgeHand:
    """The game from ``srand`` played by first responses (a win when one is
    offered) until a turn of ``stage`` (for ``seat``, if given)."""
    game = judge_start(srand)
    while not game.finished:
        if game.stage is stage and (seat is None or game.state.current == seat):
            return game
        game = judge_step(game, [_pick(game, s) for s in range(4)])
    raise AssertionError(f"no {stage.value} turn")


def _pick(game: JudgeHand, seat: int) -> str:
    options = judge_responses(game, seat)
    texts = [o.text for o in options]
    return "HU" if "HU" in texts else texts[-1]


def _penalty(game: JudgeHand, offender: int, code: str) -> None:
    assert game.finished
    assert game.ending == code
    assert game.offender == offender
    assert game.scores == tuple(PENALTY[0] if i == offender else PENALTY[1] for i in range(4))


def test_the_first_turns_are_the_judges() -> None:
    game = judge_start(12345)
    assert game.requests == ("0 0 3", "0 1 3", "0 2 3", "0 3 3")
    assert game.wall_text.startswith("F1 F3 T7 B4 W4 T8")
    game = judge_step(game, ["PASS"] * 4)
    assert game.stage is JudgeStage.DEAL
    wall = [t for t in game.state.wall if isinstance(t, Tile)]  # no flowers
    assert len(wall) == 136
    # Each seat is dealt 13 tiles from the end of its own 34.
    assert game.requests[1] == "1 0 0 0 0 " + " ".join(
        botzone_tile(wall[34 + 33 - k]) for k in range(13)
    )
    game = judge_step(game, ["PASS"] * 4)
    assert game.requests[0] == "2 " + botzone_tile(wall[33 - 13])
    assert game.requests[1:] == ("3 0 DRAW",) * 3


def test_a_drawer_that_passes_is_penalised() -> None:
    game = _first(1, JudgeStage.DRAW)
    drawer = game.state.current
    responses = ["PASS"] * 4
    _penalty(judge_step(game, responses), drawer, "WA")


def test_a_false_win_is_penalised_as_such() -> None:
    game = _first(1, JudgeStage.DRAW)
    drawer = game.state.current
    assert "HU" not in [o.text for o in judge_responses(game, drawer)]
    responses = ["PASS"] * 4
    responses[drawer] = "HU"
    _penalty(judge_step(game, responses), drawer, "WH")


def test_a_bots_verdict_is_its_penalty() -> None:
    game = _first(2, JudgeStage.DRAW)
    responses: list[object] = [_pick(game, s) for s in range(4)]
    responses[3] = {"verdict": "TLE", "response": ""}
    _penalty(judge_step(game, responses), 3, "TLE")


def test_after_a_discard_the_discarder_must_pass() -> None:
    game = _first(3, JudgeStage.DISCARD)
    discarder = int(game.requests[0].split(" ")[1])
    responses = [_pick(game, s) for s in range(4)]
    responses[discarder] = "PLAY W1"
    _penalty(judge_step(game, responses), discarder, "WA")


def test_a_chow_by_a_seat_not_next_is_penalised() -> None:
    game = _first(4, JudgeStage.DISCARD)
    discarder = int(game.requests[0].split(" ")[1])
    across = (discarder + 2) % 4
    responses = ["PASS"] * 4
    responses[across] = "CHI W2 W5"
    _penalty(judge_step(game, responses), across, "WA")


def test_penalties_are_charged_in_the_judges_order() -> None:
    # Two seats answer a discard wrongly: the judge checks a false win (in
    # turn from the discarder) before any other answer.
    game = _first(5, JudgeStage.DISCARD)
    discarder = int(game.requests[0].split(" ")[1])
    first, second = (discarder + 1) % 4, (discarder + 2) % 4
    responses = ["PASS"] * 4
    responses[first] = "FOO"
    responses[second] = "HU"
    _penalty(judge_step(game, responses), second, "WH")


def test_legal_responses_carry_the_fan_count_of_a_win() -> None:
    for t in transcripts():
        if t["finish"]["action"] == "HU" and t["policy"] != "bad":
            break
    game = judge_start(t["srand"])
    for _requests, responses in t["turns"]:
        for seat, text in enumerate(responses):
            if text == "HU":
                win = [o for o in judge_responses(game, seat) if o.text == "HU"]
                assert win == [JudgeResponse("HU", win[0].fans)]
                assert win[0].fans is not None and win[0].fans >= 8
        game = judge_step(game, responses)
    assert game.fans is not None and game.scores is not None
    assert max(game.scores) in (3 * (8 + game.fans), 24 + game.fans)


def test_every_legal_response_is_taken_without_penalty() -> None:
    game = _first(6, JudgeStage.DISCARD)
    for seat in range(4):
        for option in judge_responses(game, seat):
            responses = ["PASS"] * 4
            responses[seat] = option.text
            after = judge_step(game, responses)
            assert after.ending in ("", "HU"), (option, after.ending)


def test_a_finished_game_takes_no_more_responses() -> None:
    game = judge_step(_first(1, JudgeStage.DRAW), ["PASS"] * 4)
    with pytest.raises(MahjongError) as e:
        judge_step(game, ["PASS"] * 4)
    assert e.value.code == "finished"
    assert judge_responses(game, 0) == ()


@pytest.mark.parametrize("bad", [["PASS"] * 3, "PASS PASS PASS PASS", [1, 2, 3, 4]])
def test_malformed_responses_raise_the_librarys_error(bad: object) -> None:
    game = judge_start(1)
    with pytest.raises(MahjongError):
        judge_step(game, bad)  # type: ignore[arg-type]
    assert game.stage is JudgeStage.INIT


_WORDS = ["PASS", "PLAY", "GANG", "BUGANG", "PENG", "CHI", "HU", "W1", "B5", "T9", "F2", "J3", ""]


@settings(max_examples=40, deadline=None)
@given(
    srand=st.integers(0, 2**31 - 1),
    data=st.data(),
)
def test_any_response_gets_a_turn_or_a_penalty_never_a_crash(
    srand: int, data: st.DataObject
) -> None:
    game = judge_start(srand)
    for _ in range(200):
        if game.finished:
            break
        responses: list[object] = []
        for seat in range(4):
            legal = [r.text for r in judge_responses(game, seat)]
            wrong = st.lists(st.sampled_from(_WORDS), max_size=3).map(" ".join)
            # Now and then a wrong line or a verdict (the simplest draw, 0,
            # is a legal response, so that games shrink to legal play).
            kind = data.draw(st.integers(0, 99))
            if kind == 99:
                responses.append(data.draw(wrong))
            elif kind == 98:
                verdict = data.draw(st.sampled_from(["OK", "TLE", "RE"]))
                responses.append({"verdict": verdict, "response": data.draw(wrong)})
            else:
                responses.append(data.draw(st.sampled_from(legal)))
        before = game
        game = judge_step(game, responses)
        if game.ending not in ("", "HU", "HUANG"):
            # A penalty: the offender scores -30, the others 10; the round
            # itself is left as it was before the offending turn.
            assert game.offender is not None and game.state is before.state
            assert game.scores == tuple(-30 if i == game.offender else 10 for i in range(4))
    if game.finished and game.ending in ("HU", "HUANG"):
        assert sum(game.scores or ()) == 0


def test_a_judge_hand_s_stage_is_an_enum_taken_by_name() -> None:
    game = judge_start(1)
    assert game.stage is JudgeStage.INIT
    assert attrs.evolve(game, stage="deal").stage is JudgeStage.DEAL
    with pytest.raises(MahjongError) as refused:
        attrs.evolve(game, stage="dealing")
    assert refused.value.code == "unknown-stage"
