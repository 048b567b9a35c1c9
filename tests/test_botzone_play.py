"""Judge games played by seats (library bots and bot programs), and the
judge's match log written and read back."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from unomahjong.botzone import (
    BotProgram,
    LibraryBotSeat,
    judge_log,
    play_judge_hand,
    replay_judge_log,
)
from unomahjong.errors import LogError, MahjongError
from unomahjong.game import GreedyBot, RandomBot

DATA = Path(__file__).parent / "data" / "botzone"

# A Botzone bot in the simple interaction: it discards what it draws.
TSUMOGIRI = """
import sys
lines = sys.stdin.read().split("\\n")
n = int(lines[0])
request = lines[2 * n - 1].split(" ")
print(f"PLAY {request[1]}" if request[0] == "2" else "PASS")
print("a debug line the judge never reads")
"""
TSUMOGIRI_JSON = """
import json, sys
history = json.loads(sys.stdin.readline())
request = history["requests"][-1].split(" ")
print(json.dumps({"response": f"PLAY {request[1]}" if request[0] == "2" else "PASS"}))
"""


def _program(tmp_path: Path, source: str, **options: object) -> BotProgram:
    path = tmp_path / "bot.py"
    path.write_text(source)
    return BotProgram([sys.executable, str(path)], **options)  # type: ignore[arg-type]


def test_library_bots_and_a_bot_program_play_a_game(tmp_path: Path) -> None:
    program = _program(tmp_path, TSUMOGIRI, timeout=20.0)
    match = play_judge_hand([GreedyBot(), RandomBot(1), program, GreedyBot()], 42)
    assert match.final.finished
    assert match.final.ending in ("HU", "HUANG")
    assert sum(match.scores) == 0
    # The program discarded every tile it drew.
    for game, answers in zip(match.games, match.answers, strict=False):
        if game.requests[2].startswith("2 "):
            assert answers[2].response == "PLAY " + game.requests[2][2:]


def test_a_bot_program_speaking_json(tmp_path: Path) -> None:
    program = _program(tmp_path, TSUMOGIRI_JSON, json=True, timeout=20.0)
    match = play_judge_hand([program, GreedyBot(), GreedyBot(), GreedyBot()], 7)
    assert match.final.ending in ("HU", "HUANG")


def test_a_slow_program_times_out_and_is_penalised(tmp_path: Path) -> None:
    program = _program(tmp_path, "import time\ntime.sleep(30)\n", timeout=0.3)
    match = play_judge_hand([GreedyBot(), program, GreedyBot(), GreedyBot()], 3)
    assert match.final.ending == "TLE"
    assert match.final.offender == 1
    assert match.scores == (10, -30, 10, 10)
    answer = match.answers[-1][1]
    assert (answer.response, answer.verdict, answer.exit_status) == ("", "TLE", None)


@pytest.mark.parametrize(
    "source", ["raise SystemExit(3)\n", "pass\n", "print(", "import sys; sys.stdout.write('')\n"]
)
def test_a_program_that_fails_gets_re(tmp_path: Path, source: str) -> None:
    program = _program(tmp_path, source, timeout=20.0)
    match = play_judge_hand([program, GreedyBot(), GreedyBot(), GreedyBot()], 3)
    assert match.final.ending == "RE"
    assert match.final.offender == 0


def test_a_program_that_cannot_start_gets_re() -> None:
    program = BotProgram(["/nonexistent/bot"])
    match = play_judge_hand([GreedyBot(), GreedyBot(), program, GreedyBot()], 3)
    assert (match.final.ending, match.final.offender) == ("RE", 2)


def test_the_log_round_trips() -> None:
    match = play_judge_hand([GreedyBot()] * 4, 99)
    log = judge_log(match)
    assert log["initdata"]["srand"] == 99
    assert log["log"][-1]["command"] == "finish"
    again = replay_judge_log(json.dumps(log))
    assert again == match


def test_a_log_of_answers_alone_replays() -> None:
    match = play_judge_hand([GreedyBot()] * 4, 5)
    log = judge_log(match)
    bare = {
        "log": [{} if i % 2 == 0 else e for i, e in enumerate(log["log"])],
        "initdata": log["initdata"],
    }
    assert replay_judge_log(bare).scores == match.scores


def test_a_judge_log_recorded_from_the_judge_replays() -> None:
    # The judge's own input on the last turn of a game, as Botzone keeps
    # it: its outputs carry `display` (which the library neither needs nor
    # writes) besides `command` and `content`.
    log = json.loads((DATA / "judge_log.json").read_text())
    assert "display" in log["log"][0]
    match = replay_judge_log(log)
    assert match.final.finished
    final = log["final"]
    assert list(match.scores) == [final["content"][str(i)] for i in range(4)]


def test_an_edited_output_is_caught() -> None:
    match = play_judge_hand([GreedyBot()] * 4, 11)
    log = judge_log(match)
    log["log"][4]["content"]["0"] = "2 W1"
    with pytest.raises(LogError) as e:
        replay_judge_log(log)
    assert e.value.code == "judge-differs"
    assert "entry 4" in e.value.detail


@pytest.mark.parametrize(
    "bad",
    [
        "not json",
        "[]",
        {"log": 3},
        {"log": [{}, {"0": {"response": "PASS"}}], "initdata": {}},
        {"log": [], "initdata": {"walltiles": "W1 W2"}},
        {"log": [], "initdata": 5},
    ],
)
def test_bad_logs_raise_log_errors(bad: object) -> None:
    with pytest.raises(LogError):
        replay_judge_log(bad)  # type: ignore[arg-type]


def test_seats_must_be_four_seats() -> None:
    with pytest.raises(MahjongError):
        play_judge_hand([GreedyBot()] * 3, 1)
    with pytest.raises(MahjongError):
        play_judge_hand([GreedyBot(), GreedyBot(), GreedyBot(), "bot"], 1)  # type: ignore[list-item]


def test_a_library_seat_answers_as_its_bot_chooses() -> None:
    match = play_judge_hand([LibraryBotSeat(GreedyBot())] + [GreedyBot()] * 3, 12)
    assert match == play_judge_hand([GreedyBot()] * 4, 12)


@pytest.mark.parametrize("seat", [LibraryBotSeat(GreedyBot()), BotProgram(["true"])])
@pytest.mark.parametrize(
    ("args", "argument"),
    [
        ((None, 0, ["0 0 1"], []), "game"),
        (("game", 4, ["0 0 1"], []), "seat"),
        (("game", 0, "0 0 1", []), "requests"),
        (("game", 0, [], []), "requests"),
        (("game", 0, ["0 0 1"], [1]), "responses"),
        (("game", 0, ["0 0 1"], ["PASS"]), "responses"),
    ],
)
def test_a_seat_checks_what_it_is_asked(
    seat: object, args: tuple[object, ...], argument: str
) -> None:
    from unomahjong.botzone import judge_start

    game = judge_start(5)
    call = [game if a == "game" else a for a in args]
    with pytest.raises(MahjongError) as e:
        seat.respond(*call)  # type: ignore[attr-defined]
    assert e.value.argument == argument
    with pytest.raises(MahjongError) as e:
        seat.respond(game, 0, ["0 0 1"], [], requets=1)  # type: ignore[attr-defined]
    assert e.value.code == "unknown-keyword"


def test_the_log_says_who_was_penalised_and_why(tmp_path: Path) -> None:
    program = _program(tmp_path, "print('PLAY Q9')\n", timeout=20.0)
    match = play_judge_hand([GreedyBot(), GreedyBot(), GreedyBot(), program], 3)
    last = judge_log(match)["log"][-1]
    assert last["display"] == {
        "action": "WA",
        "player": 3,
        "canHu": [-4] * 4,
        "score": [10, 10, 10, -30],
    }
    assert last["content"] == {"0": 10, "1": 10, "2": 10, "3": -30}
    # The offending answer is in the log as the bot gave it.
    assert judge_log(match)["log"][-2]["3"] == {"verdict": "OK", "response": "PLAY Q9"}
