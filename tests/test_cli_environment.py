"""The command line survives its environment.

stdout closed or full, a locale that cannot encode the output, stderr
closed, Ctrl-C, and arguments that only look like numbers or spaces. The
environment cases run the real command in a subprocess (the file
descriptors and signals are the process's own); the argument cases call
:func:`unomahjong.cli.main` in-process.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest

import unomahjong.game
import unomahjong.research.audit
import unomahjong.research.simulation
from unomahjong import cli
from unomahjong.cli import main

POSIX = pytest.mark.skipif(os.name != "posix", reason="closes file descriptors, sends SIGINT")
HAND = "[SSSg] 123r 456r 789r 5g +5g"


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONIOENCODING", None)
    env.update(extra)
    return env


def _default_sigint() -> None:
    # A child of a non-interactive shell may inherit SIGINT ignored; the
    # command line must meet Ctrl-C as a terminal sends it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run(
    *args: str,
    close: int | None = None,
    stdout: int | IO[bytes] = subprocess.PIPE,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """``python -m unomahjong ARGS``, with file descriptor ``close`` closed."""

    def setup() -> None:
        _default_sigint()
        if close is not None:
            os.close(close)

    return subprocess.run(
        [sys.executable, "-m", "unomahjong", *args],
        stdout=stdout,
        stderr=subprocess.PIPE if close != 2 else None,
        env=env or _env(),
        preexec_fn=setup,
        check=False,
        timeout=120,
    )


def one_line(err: bytes) -> str:
    text = err.decode("utf-8")
    assert text.count("\n") == 1 and text.endswith("\n"), text
    assert "Traceback" not in text and "Exception ignored" not in text
    return text.rstrip("\n")


# ---------------------------------------------------------------- the streams


@POSIX
def test_stdout_closed() -> None:
    proc = run("fans", close=1)
    assert proc.returncode == cli.EXIT_OUTPUT
    assert one_line(proc.stderr) == (
        "unomahjong fans: cannot write the output: standard output is closed"
    )


@POSIX
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("args", [("fans",), ("fans", "--json"), ("--help",)])
def test_stdout_full(args: tuple[str, ...]) -> None:
    with open("/dev/full", "wb") as full:
        proc = run(*args, stdout=full)
    assert proc.returncode == cli.EXIT_OUTPUT
    message = "cannot write the output: No space left on device"
    if "--json" in args:  # the failure is one JSON object too
        assert json.loads(one_line(proc.stderr)) == {
            "error": "cannot-write-output",
            "message": message,
            "position": None,
        }
    else:
        assert one_line(proc.stderr).endswith(message)


@POSIX
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_output_is_utf8_whatever_the_locale(encoding: str) -> None:
    env = _env(PYTHONIOENCODING=encoding, LC_ALL="C", LANG="C")
    proc = run("fans", env=env)
    assert proc.returncode == 0 and proc.stderr == b""
    assert "长暂停" in proc.stdout.decode("utf-8")
    proc = run("score", HAND, "--json", env=env)
    assert proc.returncode == 0 and proc.stderr == b""
    assert json.loads(proc.stdout.decode("utf-8"))["fans"][0]["zh"] == "清龙"
    proc = run("parse", "中", env=env)  # an error quoting what it cannot read
    assert proc.returncode == cli.EXIT_INVALID and proc.stdout == b""
    assert "中" in one_line(proc.stderr)


@POSIX
@pytest.mark.parametrize("args", [("parse", "123 456r"), ("bogus",), ("play", "--seed", "x")])
def test_stderr_closed_keeps_errors_off_stdout(args: tuple[str, ...]) -> None:
    proc = run(*args, close=2)
    assert proc.returncode == cli.EXIT_INVALID
    assert proc.stdout == b""


@POSIX
def test_a_reader_that_goes_away_ends_the_command_quietly() -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "unomahjong", "simulate", "--games", "200", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_default_sigint,
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()
        err = proc.stderr.read()
        assert proc.wait(timeout=120) == 0
    assert err == b""


# ---------------------------------------------------------------- Ctrl-C


def _interrupt(*args: str, after: float = 1.0) -> tuple[int, bytes, bytes]:
    """Run the command in a child, send SIGINT once ``main`` has started and
    ``after`` seconds have passed; (status, stdout, stderr)."""
    # "ready" once what the commands import lazily is loaded: on a loaded
    # machine the imports alone can outlast ``after``, and a Ctrl-C before
    # the command starts has no statistics to print.
    code = (
        "import sys\n"
        "from unomahjong.cli import main\n"
        "import unomahjong.research.simulation, unomahjong.research.audit, unomahjong.cli._games\n"
        "print('ready', file=sys.stderr, flush=True)\n"
        f"sys.exit(main({list(args)!r}))\n"
    )
    with subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(),
        preexec_fn=_default_sigint,
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stderr.readline() == b"ready\n"
        time.sleep(after)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        return proc.returncode, out, err


@POSIX
def test_ctrl_c_in_simulate_prints_what_was_finished() -> None:
    status, out, err = _interrupt("simulate", "--games", "1000000", "--json")
    assert status == cli.EXIT_INTERRUPTED
    failure = json.loads(one_line(err))  # under --json, one JSON object
    assert failure["error"] == "interrupted" and failure["position"] is None
    line = failure["message"]
    assert line.startswith("interrupted after ")
    data = json.loads(out)
    assert 0 <= data["games"] < 1_000_000
    assert data["wins"] + data["draws"] == data["games"]
    assert f"after {data['games']} of 1000000 hands" in line


@POSIX
def test_ctrl_c_in_audit_prints_what_was_scored() -> None:
    status, out, err = _interrupt("audit", "--hands", "10000000", "--json")
    assert status == cli.EXIT_INTERRUPTED
    failure = json.loads(one_line(err))
    data = json.loads(out)
    assert 0 <= data["hands"] < 10_000_000
    assert failure["message"] == (
        f"interrupted after {data['hands']} of 10000000 hands"
        f" (the counts printed are of those {data['hands']})"
    )


def _interrupt_group(args: list[str], signals: int) -> tuple[int, float, bytes, bytes, int]:
    """Run ``python -m unomahjong ARGS`` in a process group of its own, let
    its workers get going, then send SIGINT to the whole group ``signals``
    times, 0.2 s apart, as a terminal sends Ctrl-C: (status, seconds from
    the first signal to the exit, stdout, stderr, the group's id)."""
    with subprocess.Popen(
        [sys.executable, "-m", "unomahjong", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(),
        preexec_fn=_default_sigint,
        start_new_session=True,
    ) as proc:
        # The workers started (on a loaded machine, starting the
        # interpreters takes seconds), then time for a chunk to finish.
        deadline = time.monotonic() + 30
        while _group_size(proc.pid) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(2)
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else b""
        first = time.monotonic()
        for i in range(signals):
            if i:
                time.sleep(0.2)
            os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        return proc.returncode, time.monotonic() - first, out, err, proc.pid


def _group_size(group: int) -> int:
    """How many processes are in the process group (Linux's /proc; 3 where
    it cannot be read, so that the caller waits no longer)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return 3
    count = 0
    for stat in proc.glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        count += int(fields[2]) == group  # pgrp, after the state and ppid
    return count


def _group_is_gone(group: int) -> bool:
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    os.killpg(group, signal.SIGKILL)  # not left running after the test
    return False


@POSIX
@pytest.mark.parametrize("signals", [1, 2])
@pytest.mark.parametrize(
    ("args", "key"),
    [
        (["simulate", "--games", "100000", "--workers", "2", "--json"], "games"),
        (["audit", "--hands", "1000000", "--workers", "2", "--json"], "hands"),
    ],
)
def test_ctrl_c_to_the_process_group_stops_every_worker(
    args: list[str], key: str, signals: int
) -> None:
    status, seconds, out, err, group = _interrupt_group(args, signals)
    assert status == cli.EXIT_INTERRUPTED
    assert seconds < 2
    failure = json.loads(one_line(err))  # no traceback from any process
    data = json.loads(out)
    assert 0 < data[key] < int(args[2])  # the finished work, not thrown away
    # Both count hands: played (the JSON key is "games") or scored.
    assert f"interrupted after {data[key]} of {args[2]} hands" in failure["message"]
    assert _group_is_gone(group)


def _interrupting(after: int) -> Callable[..., object]:
    """A ``play_hand`` that plays ``after`` hands, then meets Ctrl-C."""
    real = unomahjong.game.play_hand  # what simulation plays each game with
    calls = [0]

    def play(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        if calls[0] > after:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    return play


def test_ctrl_c_statistics_are_those_of_the_finished_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--games", "7", "--seed", "3", "--json"]
    assert main(["simulate", "--games", "3", "--seed", "3", "--json"]) == 0
    whole = json.loads(capsys.readouterr().out)
    monkeypatch.setattr(unomahjong.research.simulation, "play_hand", _interrupting(3))
    assert main(args) == cli.EXIT_INTERRUPTED
    out, err = capsys.readouterr()
    partial = json.loads(out)
    for key in ("games_per_second",):
        whole.pop(key)
        partial.pop(key)
    assert partial == whole
    message = "interrupted after 3 of 7 hands (the statistics printed are of those 3)"
    assert json.loads(err) == {"error": "interrupted", "message": message, "position": None}
    monkeypatch.undo()
    monkeypatch.setattr(unomahjong.research.simulation, "play_hand", _interrupting(3))
    assert main(args[:-1]) == cli.EXIT_INTERRUPTED
    assert capsys.readouterr().err == f"unomahjong simulate: {message}\n"


@pytest.mark.parametrize("argv", [["render", HAND], ["fans"]])
def test_ctrl_c_anywhere_else_is_one_line(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli._hands, "get_rules", interrupted)
    monkeypatch.setattr(cli._hands, "parse_hand", interrupted)
    assert main(argv) == cli.EXIT_INTERRUPTED
    out, err = capsys.readouterr()
    assert out == "" and err == f"unomahjong {argv[0]}: interrupted\n"


# ---------------------------------------------------------------- arguments


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--seed", "１２"],
        ["play", "--seed", "٤"],
        ["play", "--players", "٤"],
        ["simulate", "--players", "４"],
        ["simulate", "--games", "１"],
        ["simulate", "--workers", "٢"],
        ["audit", "--workers", "２"],
        ["audit", "--hands", "٣"],
        ["audit", "--seed", "²"],
        ["score", HAND, "--flowers", "٣"],
        ["play", "--seed", " 12"],
        ["play", "--seed", "+5"],
        ["play", "--seed", "1_000"],
        ["play", "--seed", "9" * 101],
    ],
)
def test_numbers_are_ascii_digits_only(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == cli.EXIT_INVALID
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "ASCII digits" in err or "more than 100 digits" in err
    assert len(err) < 200


def test_negative_seeds_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # random.Random(-3) shuffles as Random(3): a negative seed would deal
    # the round of another, and a log edited from 3 to -3 would still verify.
    for command in (["play"], ["audit", "--hands", "5"]):
        assert main([*command, "--seed", "-3", "--json"]) == cli.EXIT_INVALID
        out, err = capsys.readouterr()
        assert out == "" and json.loads(err)["error"] == "usage" and ">= 0" in err


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        ("123r\u3000456r 789r 111r 2r", "bad-separator"),
        ("123r\xa0456r 789r 111r 2r", "bad-separator"),
        ("123r\u2028456r 789r 111r 2r", "bad-separator"),
        ("[123r@0007] 456r 789r 111r 2r", "bad-seat"),
        ("[123r@1234] 456r 789r 111r 2r", "bad-seat"),
    ],
)
def test_hands_with_lookalike_spaces_or_bad_seats(
    hand: str, code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["parse", hand]) == cli.EXIT_INVALID
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and f"[{code}]" in err
    assert "write it as @0" not in err and "seat offset 123 " not in err


@pytest.mark.parametrize("argv", [5, "fans", b"fans", [1], ["fans", None]])
def test_main_refuses_arguments_that_are_not_a_list_of_text(
    argv: object, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == cli.EXIT_INVALID  # type: ignore[arg-type]
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("unomahjong: the arguments are a list of str")


def test_an_interrupted_call_from_python_leaves_ctrl_c_working(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command ignores a second Ctrl-C once interrupted; called from
    Python (a test, a notebook), it gives the handler back on return."""
    before = signal.getsignal(signal.SIGINT)
    monkeypatch.setattr(unomahjong.research.simulation, "play_hand", _interrupting(1))
    assert main(["simulate", "--games", "3", "--json"]) == cli.EXIT_INTERRUPTED
    capsys.readouterr()
    assert signal.getsignal(signal.SIGINT) is before
