"""The progress bar of the long commands: announced and drawn on stderr
when it is a terminal, never otherwise, and without effect on the output
or on the results."""

from __future__ import annotations

import concurrent.futures as cf
import json
import os
import subprocess
import sys

import pytest

from unomahjong.cards import CARDS, simulate_cards
from unomahjong.cli import _io, main
from unomahjong.cli._progress import Progress, clock
from unomahjong.research import audit
from unomahjong.research.simulation import simulate

POSIX = pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _draws(err: str) -> tuple[str, list[str]]:
    """The announcement, and each state of the bar's line."""
    announced, rest = err.split("\n", 1)
    assert rest.startswith("\r") and rest.endswith("\n") and rest.count("\n") == 1, rest
    return announced, [line.rstrip(" ") for line in rest[1:-1].split("\r")]


def _without_speed(text: str) -> str:
    """Output without the figures that differ between runs (the time taken)."""
    data = json.loads(text)
    for key in ("games_per_second", "hands_per_second", "seconds"):
        data.pop(key, None)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("argv", "announced", "total"),
    [
        (["audit", "--hands", "40"], "audit: 40 hands (a seeded sample of winning hands)", 40),
        (["simulate", "--games", "6"], "simulate: 6 hands", 6),
        (
            ["simulate", "--games", "2", "--players", "3", "--duplicate"],
            "simulate: 12 hands (2 walls x 6 seatings)",
            12,
        ),
        (["cards", "simulate", "--games", "30"], "cards simulate: 30 hands", 30),
    ],
)
def test_the_bar_is_drawn_on_a_terminal_only(
    argv: list[str],
    announced: str,
    total: int,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for extra in ([], ["--json"]):
        code, plain, err = run(capsys, *argv, *extra)
        assert code == 0 and err == ""  # not a terminal: nothing, --json or not
    monkeypatch.setattr(_io, "is_tty", lambda stream: True)
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0
    assert _without_speed(out) == _without_speed(plain)  # stdout unchanged
    first, draws = _draws(err)
    assert first == announced
    assert draws[0] == f"[{'.' * 30}] 0/{total} hands   0%"
    assert draws[-1].startswith(f"[{'#' * 30}] {total}/{total} hands 100% in 0:")
    counts = [int(d.split("] ")[1].split("/")[0]) for d in draws]
    assert counts == sorted(counts)


def test_redraws_are_throttled_and_the_time_left_estimated(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(_io, "is_tty", lambda stream: True)
    now = [100.0]
    bar = Progress("simulate", 48_000, "hands", "2,000 walls x 24 seatings", now=lambda: now[0])
    assert bar.callback is bar
    for done, at in [(100, 101.0), (200, 101.05), (12_000, 115.0), (12_100, 115.05)]:
        now[0] = at
        bar(done, 48_000)
    now[0] = 150.0
    bar(48_000, 48_000)  # the last is drawn however soon it comes
    bar.close()
    bar.close()  # once
    first, draws = _draws(capsys.readouterr().err)
    assert first == "simulate: 48,000 hands (2,000 walls x 24 seatings)"
    # At most ten redraws a second: 100 and 12,000 drawn, 200 and 12,100 not.
    assert draws == [
        f"[{'.' * 30}] 0/48,000 hands   0%",
        f"[{'.' * 30}] 100/48,000 hands   0% 7:59 left",
        f"[{'#' * 7}{'.' * 23}] 12,000/48,000 hands  25% 0:45 left",
        f"[{'#' * 30}] 48,000/48,000 hands 100% in 0:50",
    ]


def test_nothing_is_written_off_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    bar = Progress("audit", 10, "hands")
    assert bar.callback is None
    bar(5, 10)
    bar.close()
    assert capsys.readouterr() == ("", "")


def test_a_narrow_terminal_gets_a_shorter_bar(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from unomahjong.cli import _progress

    monkeypatch.setattr(_io, "is_tty", lambda stream: True)
    monkeypatch.setattr(_progress, "_columns", lambda: 60)
    Progress("simulate", 48_000).close()
    _, draws = _draws(capsys.readouterr().err)
    assert len(draws[0]) <= 60 and draws[0].startswith("[" + "." * 10)


def test_clock() -> None:
    assert [clock(s) for s in (0, 45, 59.6, 3599, 3600, 3725, -3)] == [
        "0:00",
        "0:45",
        "1:00",
        "59:59",
        "1:00:00",
        "1:02:05",
        "0:00",
    ]


def test_results_are_the_same_with_and_without_a_progress_callback() -> None:
    told: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        told.append((done, total))

    def without_speed(data: dict[str, object]) -> dict[str, object]:
        return {k: v for k, v in data.items() if k != "games_per_second"}

    alone = simulate(games=6, seed=4, bots="random")
    told_sim = simulate(games=6, seed=4, bots="random", progress=progress)
    assert without_speed(told_sim.to_json()) == without_speed(alone.to_json())
    with cf.ThreadPoolExecutor(2) as pool:  # the parallel path: told as chunks finish
        split = simulate(
            games=6, seed=4, bots="random", workers=3, executor=pool, progress=progress
        )
    assert without_speed(split.to_json()) == without_speed(alone.to_json())
    assert simulate_cards(CARDS, hands=20, seed=4, progress=progress) == simulate_cards(
        CARDS, hands=20, seed=4
    )
    assert audit.audit(hands=30, seed=4, progress=progress) == audit.audit(hands=30, seed=4)
    assert told[-1] == (30, 30) and (6, 6) in told and (20, 20) in told


def _on_a_terminal(*argv: str) -> tuple[bytes, bytes]:
    """Run ``python -m unomahjong ARGV`` with stderr on a pseudo-terminal
    and stdout on a pipe: (stdout, what the terminal showed)."""
    import pty

    leader, follower = pty.openpty()
    try:
        with subprocess.Popen(
            [sys.executable, "-m", "unomahjong", *argv], stdout=subprocess.PIPE, stderr=follower
        ) as proc:
            os.close(follower)
            follower = -1
            shown = b""
            while True:
                try:
                    chunk = os.read(leader, 4096)
                except OSError:  # EIO: the child closed the terminal
                    break
                if not chunk:
                    break
                shown += chunk
            assert proc.stdout is not None
            out = proc.stdout.read()
            assert proc.wait(timeout=120) == 0
    finally:
        os.close(leader)
        if follower != -1:
            os.close(follower)
    return out, shown


@POSIX
def test_a_real_terminal_shows_the_bar_and_a_pipe_does_not() -> None:
    argv = ("simulate", "--games", "8", "--seed", "2", "--json")
    out, shown = _on_a_terminal(*argv)
    text = shown.decode("utf-8").replace("\r\n", "\n")  # the terminal's own newlines
    first, draws = _draws(text)
    assert first == "simulate: 8 hands"
    assert draws[-1].startswith(f"[{'#' * 30}] 8/8 hands 100% in ")
    piped = subprocess.run(
        [sys.executable, "-m", "unomahjong", *argv], capture_output=True, check=True, timeout=120
    )
    assert piped.stderr == b""
    assert _without_speed(out.decode()) == _without_speed(piped.stdout.decode())
