"""The command line: outputs, JSON contracts and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from unomahjong.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_parse_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "[SSSg] 123r 456r 789r 5g +5g", "--json")
    assert code == 0
    data = json.loads(out)
    assert data == {
        "canonical": "[SSSg] 123456789r 5g +5g",
        "concealed": ["1r", "2r", "3r", "4r", "5r", "6r", "7r", "8r", "9r", "5g"],
        "melds": [{"kind": "pung", "tiles": ["Sg", "Sg", "Sg"]}],
        "win": "5g",
    }


def test_parse_json_kinds_and_no_win(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "(RRRRy) [5555b] 123r 44g 77b", "--json")
    assert code == 0
    data = json.loads(out)
    assert [m["kind"] for m in data["melds"]] == ["kong", "concealed_kong"]
    assert data["win"] is None


def test_waits_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "waits", "[SSSg] 123456789r 5g", "--json")
    assert code == 0 and json.loads(out) == {"shanten": 0, "waits": ["5g"]}
    code, out, _ = run(capsys, "waits", "123456789m 1122p", "--rules", "mcr", "--json")
    assert json.loads(out) == {"shanten": 0, "waits": ["1p", "2p"]}


def test_shanten_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "shanten", "123456789m1122p", "--rules", "mcr", "--json")
    assert code == 0
    assert json.loads(out) == {
        "shanten": 0,
        "shapes": {
            "standard": 0,
            "seven_pairs": 4,
            "thirteen_orphans": 9,
            "honours_and_knitted": 9,
            "knitted_straight": 5,
        },
    }


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "[SSSg] 123r 456r 789r 5g +5g", "--self-drawn", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"total", "fans", "decomposition"}
    assert data["total"] == 19
    assert [(f["zh"], f["count"]) for f in data["fans"]] == [
        ("清龙", 1),
        ("幺九刻", 1),
        ("单钓将", 1),
        ("自摸", 1),
    ]
    assert data["decomposition"] == ["[SSSg]", "123r", "456r", "789r", "55g"]


def test_score_mcr_with_winds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "score", "--rules", "mcr", "[EEE] [SSSS] 55p WWWNN +N", "--self-drawn", "--json"
    )
    assert code == 0 and json.loads(out)["total"] == 98
    code, out, _ = run(
        capsys,
        "score",
        "--rules",
        "mcr",
        "234567m66789s NN +N",
        "--seat-wind",
        "N",
        "--prevalent-wind",
        "N",
        "--flowers",
        "2",
        "--json",
    )
    names = {f["zh"]: f["count"] for f in json.loads(out)["fans"]}
    assert names["圈风刻"] == 1 and names["门风刻"] == 1 and names["花牌"] == 2


@pytest.mark.parametrize(
    "args",
    [
        ("parse", "123 456r"),
        ("score", "[SSSg] 123456789r 5g"),
        ("score", "[SSSg] 123456789r 5g +6g"),
        ("score", "[SSSg] 123456789r 5g +5g", "--robbing-kong", "--self-drawn"),
        ("waits", "[SSSg] 123456789r 5g +5g"),
        ("discards", "[SSSg] 123456789r 5g"),
        ("score", "[SSSg] 123456789r 5g +5g", "--flowers", "2"),
    ],
)
def test_invalid_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("unomahjong ")


def test_fans_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "fans", "--json")
    data = json.loads(out)
    assert code == 0 and len(data["fans"]) == 77
    code, out, _ = run(capsys, "fans", "--rules", "mcr", "--json")
    assert len(json.loads(out)["fans"]) == 82


def test_audit_small_sample(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "audit", "--hands", "150", "--json")
    data = json.loads(out)
    assert code == 0 and data["hands"] == 150
    assert {"implied", "silent_exclusions", "never_seen"} <= set(data)


def test_module_entry_point() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "unomahjong", "waits", "[SSSg] 123456789r 5g"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0 and "5g" in proc.stdout


def test_play_prints_a_round(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--seed", "3", "--bots", "greedy,greedy,random,greedy")
    assert code == 0
    assert "seat 0 dealt" in out and "payments" in out


def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "--games", "5", "--seed", "2", "--json")
    _, first, _ = run(capsys, *args)
    _, second, _ = run(capsys, *args)
    a, b = json.loads(first), json.loads(second)
    assert set(a) == {
        "games",
        "wins",
        "draws",
        "win_rate",
        "draw_rate",
        "average_total",
        "fan_frequency",
        "games_per_second",
    }
    a.pop("games_per_second")
    b.pop("games_per_second")
    assert a == b and a["games"] == 5 and a["wins"] + a["draws"] == 5


def test_play_rejects_bad_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--bots", "greedy,smart,greedy,greedy")
    assert code == 2 and "unknown bot" in err
