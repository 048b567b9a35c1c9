"""Hostile bot programs: each ends in a verdict, with bounded memory, and
leaves no process behind."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from unomahjong.botzone import (
    MAX_JSON_DEPTH,
    STDERR_TAIL,
    BotProgram,
    JudgeAnswer,
    judge_log,
    judge_start,
    play_judge_hand,
    programs,
    replay_judge_log,
)
from unomahjong.cli import main
from unomahjong.errors import MahjongError
from unomahjong.game import GreedyBot

POSIX = pytest.mark.skipif(os.name != "posix", reason="process groups and limits are POSIX")


def _python(tmp_path: Path, source: str, **options: object) -> BotProgram:
    path = tmp_path / "bot.py"
    path.write_text(source)
    return BotProgram([sys.executable, str(path)], **options)  # type: ignore[arg-type]


def _first_answer(program: BotProgram) -> JudgeAnswer:
    game = judge_start(3)
    return program.respond(game, 0, [game.requests[0]], [])


def _gone(pid: int) -> bool:
    """Whether the process no longer runs (gone, or a zombie waiting for
    its reaper); a killed process takes a moment to die."""
    for _ in range(200):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        try:
            if Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                return True
        except (OSError, IndexError):
            pass
        time.sleep(0.01)
    return False


def test_an_answer_that_is_not_utf8_is_re(tmp_path: Path) -> None:
    program = _python(tmp_path, "import sys; sys.stdout.buffer.write(b'PASS \\xff\\xfe\\n')\n")
    match = play_judge_hand([program, GreedyBot(), GreedyBot(), GreedyBot()], 3)
    assert (match.final.ending, match.final.offender) == ("RE", 0)
    answer = match.answers[-1][0]
    assert (answer.verdict, answer.exit_status) == ("RE", 0)
    assert "UTF-8" in answer.detail


@POSIX
def test_endless_output_is_ole_at_the_limit_not_the_timeout() -> None:
    # Read to the 20 s timeout, `yes` would write gigabytes: the verdict
    # OLE shows the judge stopped at the limit.
    match = play_judge_hand([BotProgram(["yes", "PASS"], timeout=20.0)] + [GreedyBot()] * 3, 3)
    answer = match.answers[-1][0]
    assert (match.final.ending, answer.verdict, answer.response) == ("OLE", "OLE", "")


def test_output_past_a_small_limit_is_ole(tmp_path: Path) -> None:
    program = _python(tmp_path, "print('PASS')\nprint('x' * 100)\n", max_output=50)
    assert _first_answer(program).verdict == "OLE"
    program = _python(tmp_path, "print('PASS')\nprint('x' * 10)\n", max_output=50)
    assert _first_answer(program) == JudgeAnswer("PASS")


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("[" * 100_000 + "]" * 100_000, "deeper"),
        ('{"response": "PASS", "x": ' + "[" * 200 + "]" * 200 + "}", "deeper"),
        ('{"response": "PASS", "x": 1' + "0" * 10_000 + "}", "number"),
        ('{"response": "PASS", "x": ' + '"\\"' * 30_000 + "}", "unbalanced"),
        ('["PASS"]', "not an object"),
        ('{"response": 5}', "not an object"),
        ('{"response": "\\ud800"}', "UTF-8"),
        ("{not json", "unbalanced"),
        ('{"response": "PASS", "x": tru}', "not JSON"),
        ("   ", "no answer"),
    ],
)
def test_a_bad_json_answer_is_re(tmp_path: Path, line: str, why: str) -> None:
    (tmp_path / "answer.txt").write_text(line + "\n")
    source = f"import sys; sys.stdout.write(open({str(tmp_path / 'answer.txt')!r}).read())\n"
    answer = _first_answer(_python(tmp_path, source, json=True))
    assert answer.verdict == "RE"
    assert why in answer.detail


def test_json_nested_to_the_limit_is_read(tmp_path: Path) -> None:
    inner = "[" * (MAX_JSON_DEPTH - 1) + "]" * (MAX_JSON_DEPTH - 1)
    line = json.dumps({"response": "PASS", "s": "[[[{{{"})[:-1] + ', "x": ' + inner + "}"
    source = f"print({line!r})\n"
    assert _first_answer(_python(tmp_path, source, json=True)) == JudgeAnswer("PASS")


@pytest.mark.parametrize(
    "command", [["bot\0"], ["./bot", "a\0b"], [""], ["bot", "\ud800"]], ids=repr
)
def test_a_command_the_system_cannot_run_is_refused_up_front(command: list[str]) -> None:
    with pytest.raises(MahjongError) as e:
        BotProgram(command)
    assert (e.value.code, e.value.argument) == ("bad-program", "command")


def test_the_cli_refuses_a_nul_command_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["botzone", "play", "--program", "0=bot\0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "NUL" in err  # every argument is checked for one before a command runs


@pytest.mark.parametrize("timeout", [60.5, 3600.0])
def test_a_timeout_past_the_most_is_refused(timeout: float) -> None:
    with pytest.raises(MahjongError) as e:
        BotProgram(["bot"], timeout=timeout)
    assert (e.value.code, e.value.argument) == ("bad-program", "timeout")


def test_the_cli_refuses_a_timeout_past_the_most(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["botzone", "play", "--timeout", "61"]) == 2
    assert "at most 60" in capsys.readouterr().err


@POSIX
def test_a_child_left_holding_stdout_is_killed_and_the_answer_judged(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    script = f"sleep 1000 & echo $! >> {pids}; echo PASS\n"
    program = BotProgram(["sh", "-c", script], timeout=10.0)
    match = play_judge_hand([program, GreedyBot(), GreedyBot(), GreedyBot()], 3)
    # Passing on its own draw is seat 0's first wrong answer: every answer
    # before it was judged on what it said, none a time-out.
    assert (match.final.ending, match.final.offender) == ("WA", 0)
    assert {a[0].verdict for a in match.answers} == {"OK"}
    started = [int(p) for p in pids.read_text().split()]
    assert len(started) == len(match.answers)
    assert all(_gone(pid) for pid in started)


@POSIX
def test_a_slow_program_and_its_children_are_killed_at_the_timeout(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    program = BotProgram(["sh", "-c", f"sleep 1000 & echo $! >> {pids}; wait"], timeout=0.3)
    assert _first_answer(program).verdict == "TLE"
    assert all(_gone(int(pid)) for pid in pids.read_text().split())


def test_a_crash_carries_its_exit_status_and_the_end_of_its_stderr(tmp_path: Path) -> None:
    source = "import sys\nsys.stderr.write('x' * 5000 + '\\nboom\\n')\nsys.exit(3)\n"
    match = play_judge_hand([_python(tmp_path, source)] + [GreedyBot()] * 3, 3)
    answer = match.answers[-1][0]
    assert (answer.verdict, answer.exit_status, answer.detail) == ("RE", 3, "exit status 3")
    assert answer.stderr.endswith("x\nboom\n")
    assert len(answer.stderr) == STDERR_TAIL
    entry = judge_log(match)["log"][-2]["0"]
    assert (entry["exit_status"], entry["stderr"]) == (3, answer.stderr)
    assert replay_judge_log(judge_log(match)) == match


@POSIX
def test_a_program_killed_by_a_signal_says_which(tmp_path: Path) -> None:
    answer = _first_answer(BotProgram(["sh", "-c", "kill -SEGV $$"]))
    assert (answer.verdict, answer.exit_status, answer.detail) == ("RE", -11, "ended by SIGSEGV")


def test_the_cli_shows_a_crash_and_its_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text("import sys\nsys.stderr.write('boom \\x1b[31m\\n')\nsys.exit(3)\n")
    assert main(["botzone", "play", "--program", f"0={sys.executable} {bot}"]) == 0
    out = capsys.readouterr().out
    assert "RE: seat 0 RE (exit status 3)" in out
    assert "  boom \\x1b[31m" in out  # the escape shown, not sent to the terminal
    assert main(["botzone", "play", "--json", "--program", f"0={sys.executable} {bot}"]) == 0
    offence = json.loads(capsys.readouterr().out)["offence"]
    assert (offence["exit_status"], offence["stderr"]) == (3, "boom \x1b[31m\n")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is Linux's")
def test_the_memory_limit_holds(tmp_path: Path) -> None:
    source = "b = bytearray(300 << 20)\nprint('PASS')\n"
    # A generous time: filling 300 MB takes a second on a loaded machine.
    answer = _first_answer(_python(tmp_path, source, max_memory=200 << 20, timeout=10))
    assert (answer.verdict, answer.exit_status) == ("RE", 1)
    assert "MemoryError" in answer.stderr
    unlimited = _python(tmp_path, source, max_memory=None, timeout=10)
    assert _first_answer(unlimited) == JudgeAnswer("PASS")


@POSIX
def test_the_limits_the_program_runs_under() -> None:
    # The answer is not a legal one, but it is the program's line as read.
    program = BotProgram(["sh", "-c", 'echo "$(ulimit -t) $(ulimit -v)"'], max_memory=64 << 20)
    assert _first_answer(program).response == "2 65536"


def test_the_thread_reader_where_pipes_cannot_be_waited_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(programs, "_POSIX", False)
    assert _first_answer(_python(tmp_path, "print('PASS')\n")) == JudgeAnswer("PASS")
    flood = "import sys\nwhile True: sys.stdout.write('PASS\\n' * 1000)\n"
    assert _first_answer(_python(tmp_path, flood, timeout=20.0)).verdict == "OLE"
    slow = _python(tmp_path, "import time; time.sleep(30)\n", timeout=0.3)
    assert _first_answer(slow).verdict == "TLE"
    crash = _python(tmp_path, "import sys; sys.stderr.write('boom'); sys.exit(4)\n")
    assert _first_answer(crash) == JudgeAnswer("", "RE", 4, "boom", "exit status 4")


@pytest.mark.parametrize(
    ("options", "argument"),
    [({"max_memory": 1000}, "max_memory"), ({"max_output": 0}, "max_output")],
)
def test_limits_are_checked(options: dict[str, object], argument: str) -> None:
    with pytest.raises(MahjongError) as e:
        BotProgram(["bot"], **options)  # type: ignore[arg-type]
    assert (e.value.code, e.value.argument) == ("bad-program", argument)
