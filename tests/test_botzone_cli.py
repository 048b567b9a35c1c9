"""``unomahjong botzone play`` and ``botzone replay``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from unomahjong.botzone import play_judge_hand
from unomahjong.cli import main
from unomahjong.game import GreedyBot

TSUMOGIRI = """
import sys
lines = sys.stdin.read().split("\\n")
request = lines[2 * int(lines[0]) - 1].split(" ")
print(f"PLAY {request[1]}" if request[0] == "2" else "PASS")
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_game_of_the_librarys_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "botzone", "play", "--seed", "95", "--json")
    assert code == 0, err
    data = json.loads(out)
    expected = play_judge_hand([GreedyBot()] * 4, 95)
    assert data["scores"] == list(expected.scores) and data["ending"] == expected.final.ending
    assert data["turns"] == len(expected.answers) and data["log"]["initdata"]["srand"] == 95
    code, out, _ = run(capsys, "botzone", "play", "--seed", "95")
    assert code == 0
    assert out.splitlines()[1] == "seat 0: greedy, seat 1: greedy, seat 2: greedy, seat 3: greedy"
    assert out.splitlines()[-1] == "scores " + " ".join(f"{s:+d}" for s in expected.scores)


def test_a_program_plays_and_the_log_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text(TSUMOGIRI)
    log = tmp_path / "game.json"
    program = f"2={sys.executable} {bot}"
    code, out, err = run(
        capsys, "botzone", "play", "--seed", "95", "--program", program, "--timeout", "20",
        "--log", str(log),
    )  # fmt: skip
    assert code == 0, err
    assert "seat 2: program: " in out
    code, again, err = run(capsys, "botzone", "replay", str(log))
    assert code == 0, err
    assert again.splitlines()[-1] == out.splitlines()[-1]
    # An edited judge output is caught.
    data = json.loads(log.read_text())
    data["log"][2]["content"]["1"] = "1 0 0 0 0 W1"
    log.write_text(json.dumps(data))
    code, _, err = run(capsys, "botzone", "replay", str(log))
    assert code == 2 and "[judge-differs]" in err and "entry 2" in err


def test_a_penalty_says_who_answered_what(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bot = tmp_path / "bad.py"
    bot.write_text("print('PLAY Q9')\n")
    program = f"3={sys.executable} {bot}"
    code, out, _ = run(capsys, "botzone", "play", "--program", program, "--timeout", "20", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["ending"], data["offender"], data["scores"]) == ("WA", 3, [10, 10, 10, -30])
    assert data["offence"] == {"request": "0 3 3", "response": "PLAY Q9"}


def test_play_json_output_replays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "botzone", "play", "--seed", "4", "--json")
    path = tmp_path / "play.json"
    path.write_text(out)
    code, again, err = run(capsys, "botzone", "replay", str(path), "--json")
    assert code == 0, err
    first, second = json.loads(out), json.loads(again)
    assert second == {k: v for k, v in first.items() if k not in ("log", "seats")}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--program", "5=./bot"), "SEAT 0 to 3"),
        (("--program", "1="), "no command"),
        (("--program", "1='unclosed"), "--program"),
        (("--seed", "4294967296"), "32-bit"),
        (("--srand", "-2147483649"), "32-bit"),  # the old spelling, checked the same
        (("--timeout", "0"), "seconds"),
        (("--bots", "clever"), "unknown bot"),
        (("--bots", "greedy,random"), "names 2 bots for 4 players"),
    ],
)
def test_bad_options_exit_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, "botzone", "play", *argv)
    assert code == 2 and out == "" and message in err
