"""The judge's outputs replayed in full: Botzone's wrapped logs, logs that
stop before the final scores, answers without a verdict, unseeded
initdata, false wins' fans and the wall's faults in the judge's names."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

from unomahjong import BOTZONE, MCR, RuleSet, _engine, score_hand
from unomahjong.botzone import (
    JudgeAnswer,
    JudgeHand,
    JudgeStage,
    LibraryBotSeat,
    judge_log,
    judge_start,
    judge_step,
    play_judge_hand,
    replay_judge_log,
)
from unomahjong.cli import main
from unomahjong.errors import LogError, MahjongError
from unomahjong.game import GreedyBot
from unomahjong.game.legality import hand_of, win_context
from unomahjong.scoring import score

DATA = Path(__file__).parent / "data" / "botzone"


def _wrapped() -> dict[str, Any]:
    log: dict[str, Any] = json.loads((DATA / "judge_log_wrapped.json").read_text())
    return log


def test_a_botzone_log_replays_with_every_output_checked() -> None:
    log = _wrapped()
    assert "output" in log["log"][0] and "command" not in log["log"][0]
    match = replay_judge_log(log)
    final = log["log"][-1]["output"]
    assert list(match.scores) == [final["content"][str(i)] for i in range(4)]
    assert match.output == {k: final[k] for k in ("command", "content", "display")}
    last = len(log["log"]) - 1
    for n, field, key, value in (
        (4, "content", "0", "2 W1"),
        (6, "display", "tile", "W1"),
        (8, "display", "canHu", [-4, -4, -4, -4]),
        (last, "content", "3", 99),
    ):
        bad = copy.deepcopy(log)
        bad["log"][n]["output"][field][key] = value
        with pytest.raises(LogError) as e:
            replay_judge_log(bad)
        assert e.value.code == "judge-differs"
        assert f"entry {n}:" in e.value.detail


def test_the_fans_each_seat_could_win_are_checked() -> None:
    # canHu, as the judge's calculator counted each seat's win on the tile
    # shown: a count (2, 4 and 12 fans in this game), or -3 for no win.
    log = _wrapped()
    counted = [
        (n, seat)
        for n, e in enumerate(log["log"])
        if n % 2 == 0
        for seat, fans in enumerate(e["output"]["display"]["canHu"])
        if fans >= 0
    ]
    assert len(counted) == 4
    for n, seat in counted:
        bad = copy.deepcopy(log)
        bad["log"][n]["output"]["display"]["canHu"][seat] += 1
        with pytest.raises(LogError) as e:
            replay_judge_log(bad)
        assert f"entry {n}: " in e.value.detail and "display.canHu" in e.value.detail


def test_a_forged_final_display_is_refused() -> None:
    log = json.loads((DATA / "judge_log.json").read_text())
    log["log"].append(log.pop("final"))
    assert replay_judge_log(log).scores == (-8, -20, -8, 36)
    for field, value in (("player", 0), ("fanCnt", 88), ("fan", [])):
        bad = copy.deepcopy(log)
        bad["log"][-1]["display"][field] = value
        with pytest.raises(LogError) as e:
            replay_judge_log(bad)
        assert e.value.code == "judge-differs"
        assert f"entry {len(log['log']) - 1}: " in e.value.detail
        assert f"display.{field}" in e.value.detail


def test_an_answer_without_a_verdict_is_the_seats_penalty() -> None:
    game = judge_start(5)
    after = judge_step(game, ["PASS", {"response": "PASS"}, "PASS", "PASS"])
    assert after.finished and after.offender == 1
    assert after.scores == (10, -30, 10, 10)
    match = play_judge_hand([GreedyBot()] * 4, 5)
    log = judge_log(match)
    del log["log"][5]["2"]["verdict"]
    del log["log"][6:]
    again = replay_judge_log(log)
    assert again.final.offender == 2 and again.scores == (10, 10, -30, 10)


def test_initdata_without_a_seed_or_a_wall_is_refused() -> None:
    match = play_judge_hand([GreedyBot()] * 4, 5)
    log = judge_log(match)
    for initdata in ({}, {"quan": 1}):
        with pytest.raises(LogError) as e:
            replay_judge_log({"log": log["log"], "initdata": initdata})
        assert e.value.code == "unseeded"
        assert "clock" in e.value.detail


def test_a_log_that_stops_before_the_scores_gives_the_next_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = play_judge_hand([GreedyBot()] * 4, 11)
    log = judge_log(match)
    for cut in (8, 9):  # the judge's input (answers last), or an output last
        part = {"log": log["log"][:cut], "initdata": log["initdata"]}
        again = replay_judge_log(part)
        assert not again.finished
        assert again.output == log["log"][8]
        with pytest.raises(MahjongError) as e:
            again.scores  # noqa: B018
        assert e.value.code == "unfinished"
    path = tmp_path / "part.json"
    path.write_text(json.dumps({"log": log["log"][:8], "initdata": log["initdata"]}))
    assert main(["botzone", "replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is False and out["output"] == log["log"][8]
    assert main(["botzone", "replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "not finished" in text and log["log"][8]["content"]["1"] in text


class _FalseWinner:
    """Greedy, but declares a win on its draw whenever the hand is complete
    with fewer than 8 fans."""

    def __init__(self) -> None:
        self.inner = LibraryBotSeat(GreedyBot())

    def respond(
        self, game: JudgeHand, seat: int, requests: Sequence[str], responses: Sequence[str]
    ) -> JudgeAnswer:
        state = game.state
        if game.stage is JudgeStage.DRAW and state.current == seat and state.drawn is not None:
            try:
                hand = hand_of(state, seat, state.drawn)
                points = score(hand, win_context(state, seat), state.rules).total
            except MahjongError:
                points = 8
            if points < 8:
                return JudgeAnswer("HU")
        return self.inner.respond(game, seat, requests, responses)


def test_a_false_wins_fans_are_in_its_final_output() -> None:
    match = play_judge_hand([_FalseWinner(), GreedyBot(), GreedyBot(), GreedyBot()], 0)
    final = judge_log(match)["log"][-1]
    assert final["display"] == {
        "action": "WH",
        "player": 0,
        "canHu": [-4] * 4,
        "fanCnt": 6,
        "fan": [
            {"name": "不求人", "cnt": 1, "value": 4},
            {"name": "缺一门", "cnt": 1, "value": 1},
            {"name": "单钓将", "cnt": 1, "value": 1},
        ],
        "score": [-30, 10, 10, 10],
    }
    # No win at all: the calculator's -3, and no fans.
    game = judge_step(judge_step(judge_start(5), ["PASS"] * 4), ["PASS"] * 4)
    game = judge_step(game, ["HU", "PASS", "PASS", "PASS"])
    assert game.ending == "WH" and game.fans == -3 and game.fan_list == ()


def test_a_wrong_wall_is_named_in_the_judges_tiles() -> None:
    wall = judge_start(259).wall_text.split(" ")
    first = wall[0]
    wall[0] = "W1" if first != "W1" else "W2"
    with pytest.raises(MahjongError) as e:
        judge_start(wall=" ".join(wall))
    assert e.value.code == "wall"
    assert f"5 of {wall[0]}" in e.value.detail and f"3 of {first}" in e.value.detail
    assert "not 136 tiles" not in e.value.detail
    with pytest.raises(MahjongError) as e:
        judge_start(wall=" ".join(wall[:-1]))
    assert "135 tiles" in e.value.detail


JUDGES_TIE = "445566m 55p 44556s +6s"
"""Seven pairs or chows for the same 49 fans (self-drawn, West prevalent)."""


@pytest.mark.parametrize("engine", ["compiled", "python"])
def test_seven_pairs_stay_the_choice_on_a_tie_under_the_judge(engine: str) -> None:
    def fans(rules: str | RuleSet) -> tuple[int, list[tuple[str, int]]]:
        if engine == "python":
            with _engine.python_engine():
                s = score_hand(JUDGES_TIE, rules=rules, self_drawn=True, prevalent_wind="W")
        else:
            s = score_hand(JUDGES_TIE, rules=rules, self_drawn=True, prevalent_wind="W")
        return s.total, [(f.zh, f.count) for f in s.fans]

    assert fans("botzone") == (49, [("七对", 1), ("全中", 1), ("自摸", 1)])
    chows = [
        ("全中", 1),
        ("全带五", 1),
        ("不求人", 1),
        ("平和", 1),
        ("一般高", 2),
        ("喜相逢", 1),
    ]
    assert fans("mcr") == (49, chows)
    # The choice is the rule set's data, not its name.
    assert fans(attrs.evolve(BOTZONE, name="x", tie_keeps_seven_pairs=False)) == (49, chows)
    assert fans(attrs.evolve(MCR, name="y", tie_keeps_seven_pairs=True))[1][0] == ("七对", 1)
    with pytest.raises(MahjongError) as e:
        attrs.evolve(BOTZONE, tie_keeps_seven_pairs=1)  # type: ignore[arg-type]
    assert e.value.code == "bad-rules"
