"""The command line: outputs, JSON contracts and exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

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
        "shanten": -1,
        "complete": True,
        "ready": False,
    }


def test_parse_json_kinds_and_no_win(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "(RRRRy) [5555b] 123r 44g 77b", "--json")
    assert code == 0
    data = json.loads(out)
    assert [m["kind"] for m in data["melds"]] == ["kong", "concealed_kong"]
    assert data["win"] is None


def test_waits_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "waits", "[SSSg] 123456789r 5g", "--json")
    assert code == 0 and json.loads(out) == {"shanten": 0, "waits": ["5g"], "unseen": {"5g": 3}}
    code, out, _ = run(capsys, "waits", "123456789m 1122p", "--rules", "mcr", "--json")
    assert json.loads(out) == {"shanten": 0, "waits": ["1p", "2p"], "unseen": {"1p": 2, "2p": 2}}


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


@pytest.mark.skipif(
    os.environ.get("UNOMAHJONG_SLOW_TESTS") != "1",
    reason="10,000 hands per rule set take about 10 s each: set UNOMAHJONG_SLOW_TESTS=1",
)
@pytest.mark.parametrize("rules", ["uno", "mcr"])
def test_the_default_audit_sample_sees_every_fan(
    rules: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "audit", "--rules", rules, "--workers", "0", "--json")
    assert code == 0 and json.loads(out)["never_seen"] == []


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


def _simulated(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    code, out, _ = run(capsys, "simulate", *args, "--json")
    assert code == 0
    data: dict[str, object] = json.loads(out)
    data.pop("games_per_second")  # wall-clock time
    return data


def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    from unomahjong.research.simulation import simulate

    args = ("--games", "5", "--seed", "2")
    a = _simulated(capsys, *args)
    assert a == _simulated(capsys, *args)
    assert {
        "games",
        "wins",
        "draws",
        "win_rate",
        "draw_rate",
        "average_total",
        "fan_frequency",
    } <= set(a)
    assert a["games"] == 5 and a["wins"] + a["draws"] == 5  # type: ignore[operator]
    report = simulate("uno", games=5, seed=2)
    expected = report.to_json()
    expected.pop("games_per_second")
    # The library's report, with fan_frequency keyed by fan id and per_seat added.
    assert {k: v for k, v in a.items() if k not in ("fan_frequency", "per_seat")} == {
        k: v for k, v in expected.items() if k != "fan_frequency"
    }
    assert a["fan_frequency"] == {
        f["id"]: {"zh": f["zh"], "en": f["en"], "count": f["count"]} for f in expected["fans"]
    }


def test_simulate_json_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    data = _simulated(
        capsys, "--games", "30", "--seed", "4", "--players", "3", "--bots", "random,greedy,greedy"
    )
    assert data["fan_frequency"]  # keyed by id, each with its names
    seats = data["per_seat"]
    assert isinstance(seats, list) and [s["seat"] for s in seats] == [0, 1, 2]
    assert [s["bot"] for s in seats] == ["random", "greedy", "greedy"]
    assert [s["wins"] for s in seats] == data["wins_by_seat"]
    assert sum(s["net_points"] for s in seats) == 0  # what one seat wins, others pay
    assert all(0 <= s["self_draws"] <= s["wins"] for s in seats)
    dealt_in = sum(s["deal_ins"] for s in seats)
    self_drawn = sum(s["self_draws"] for s in seats)
    assert dealt_in <= sum(s["wins"] for s in seats) - self_drawn
    assert dealt_in + self_drawn >= data["wins"]  # every game won: self-drawn or on a tile


def test_simulate_workers_give_the_same_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "12", "--seed", "5", "--bots", "random,greedy,greedy")
    one = _simulated(capsys, *args, "--players", "3")
    assert _simulated(capsys, *args, "--players", "3", "--workers", "2") == one
    assert _simulated(capsys, *args, "--players", "3", "--workers", "0") == one


def test_audit_workers_give_the_same_report(capsys: pytest.CaptureFixture[str]) -> None:
    _, one, _ = run(capsys, "audit", "--hands", "120", "--seed", "3", "--json")
    _, two, _ = run(capsys, "audit", "--hands", "120", "--seed", "3", "--workers", "2", "--json")
    assert json.loads(one) == json.loads(two)


def test_simulate_human_output_is_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--games", "20", "--seed", "1")
    assert code == 0 and not out.lstrip().startswith("{")
    lines = out.splitlines()
    assert lines[0] == "20 hands of uno, 4 players, bots greedy, seed 1"
    header = "seat  bot     wins  win rate  self-drawn  dealt in  net points"
    seats = lines[lines.index(header) + 1 :][:4]
    assert [line.split()[0] for line in seats] == ["0", "1", "2", "3"]
    assert {len(line) for line in seats} == {len(header)}  # right-aligned columns
    assert any(line.startswith("hands/s        ") for line in lines)
    rows = lines[lines.index("most frequent fans (times counted):") + 1 :]
    assert 0 < len(rows) <= 10
    # The English names start in one column, the Chinese ones being two columns a character.
    from unomahjong._text import display_width

    starts = {display_width(row[: row.index(row.split()[1])]) for row in rows}
    assert len(starts) == 1


@pytest.mark.parametrize("command", [["simulate", "--games", "6"], ["audit", "--hands", "60"]])
def test_plot_writes_an_svg(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "picture.svg"
    code, out, _ = run(capsys, *command, "--plot", str(target))
    assert code == 0 and out
    assert target.read_text(encoding="utf-8").startswith("<svg")
    code, out, err = run(capsys, *command, "--plot", str(tmp_path / "picture.pdf"))
    assert code == 2 and out == "" and "--plot names a .svg or .png file" in err
    assert not (tmp_path / "picture.pdf").exists()
    code, out, err = run(capsys, *command, "--plot", str(tmp_path / "missing" / "p.svg"))
    assert code == 2 and out == "" and "cannot write" in err


def test_play_rejects_bad_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--bots", "greedy,smart,greedy,greedy")
    assert code == 2 and "unknown bot" in err


def test_one_bot_name_means_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    _, one, _ = run(capsys, "play", "--seed", "4", "--players", "3", "--bots", "random", "--json")
    _, each, _ = run(
        capsys, "play", "--seed", "4", "--players", "3", "--bots", "random,random,random", "--json"
    )
    assert json.loads(one) == json.loads(each)
    _, greedy, _ = run(capsys, "play", "--seed", "4", "--bots", "greedy")
    _, default, _ = run(capsys, "play", "--seed", "4")
    assert greedy == default and "bots greedy" in default


@pytest.mark.parametrize(
    ("bots", "players", "message"),
    [
        ("greedy,random", "4", "--bots names 2 bots for 4 players"),
        ("greedy,random,greedy", "2", "--bots names 3 bots for 2 players"),
    ],
)
def test_a_wrong_bot_count_is_told_grammatically(
    capsys: pytest.CaptureFixture[str], bots: str, players: str, message: str
) -> None:
    code, out, err = run(capsys, "simulate", "--bots", bots, "--players", players)
    assert code == 2 and out == ""
    assert err == f"unomahjong simulate: {message}: give one name for every seat, or one per seat\n"


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_mcr_is_played(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, err = run(capsys, command, "--rules", "MCR", "--json", "--seed", "3")
    assert code == 0, err
    data = json.loads(out)
    if command == "play":
        assert data["log"][0]["rules"] == "mcr" and sum(data["outcome"]["payments"]) == 0
        assert any(e["kind"] == "flower" for rec in data["log"][1:] for e in rec["events"])
    else:
        assert data["rules"] == "mcr" and data["games"] == 100


def test_botzone_rules_are_played(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--rules", "botzone", "--seed", "96", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["log"][0]["rules"] == "botzone" and sum(data["outcome"]["payments"]) == 0
    code, out, _ = run(capsys, "simulate", "--rules", "BOTZONE", "--games", "6", "--json")
    report = json.loads(out)
    assert code == 0 and report["games"] == 6 and report["rules"] == "botzone"
    code, _, err = run(capsys, "play", "--rules", "botzone", "--players", "3")
    assert code == 2 and "seat four players" in err


@pytest.mark.parametrize("name", ["MCR", "Mcr", "mcr"])
def test_rule_set_names_ignore_case(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, _ = run(capsys, "fans", "--rules", name, "--json")
    assert code == 0 and json.loads(out)["rules"] == "mcr"
    code, out, _ = run(capsys, "waits", "123456789m 1122p", "--rules", name, "--json")
    assert code == 0 and json.loads(out)["waits"] == ["1p", "2p"]


def test_play_json_is_one_object_of_records_and_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    from unomahjong.game import GreedyBot, play_hand

    for seed in range(6):
        code, out, _ = run(capsys, "play", "--seed", str(seed), "--json")
        assert code == 0
        data = json.loads(out)
        assert set(data) == {"log", "outcome"}
        board = play_hand("uno", [GreedyBot() for _ in range(4)], seed=seed)
        assert data["log"] == [json.loads(line) for line in board.log_lines()]
        result = board.outcome()
        assert result is not None
        assert data["outcome"] == {
            "exhaustive": result.exhaustive,
            "wins": [
                {"seat": w.seat, "from_seat": w.from_seat, "score": w.score.as_dict()}
                for w in result.wins
            ],
            "payments": list(result.payments),
        }
        for win in data["outcome"]["wins"]:
            assert set(win["score"]) == {"total", "fans", "decomposition"}


def test_parse_takes_any_group_of_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "Sg", "--json")
    assert code == 0
    assert json.loads(out) == {
        "canonical": "Sg",
        "concealed": ["Sg"],
        "melds": [],
        "win": None,
        "shanten": None,
        "complete": False,
        "ready": False,
    }
    code, out, _ = run(capsys, "parse", "Sg")
    assert code == 0 and out.splitlines()[-1] == (
        "hand       not a hand: 1 tile; a hand is 13, or 14 with the winning tile"
    )


@pytest.mark.parametrize(
    ("hand", "complete", "ready", "verdict"),
    [
        ("[SSSg] 123r 456r 789r 5g +5g", True, False, "complete: a winning shape"),
        ("123456789r 5g 5g 5g 7b 7b", True, False, "complete: a winning shape"),
        ("[SSSg] 123456789r 5g", False, True, "ready: one tile from a winning shape (see waits)"),
        ("123r 456r 789r SSg 5g 7b", False, False, "neither complete nor ready (shanten 1)"),
        ("123r 456r 789r SSg 5g 7b +9y", False, False, "neither complete nor ready (shanten 1)"),
    ],
)
def test_parse_says_whether_a_hand_is_complete_or_ready(
    capsys: pytest.CaptureFixture[str], hand: str, complete: bool, ready: bool, verdict: str
) -> None:
    _, out, _ = run(capsys, "parse", hand, "--json")
    data = json.loads(out)
    assert (data["complete"], data["ready"]) == (complete, ready)
    _, out, _ = run(capsys, "parse", hand)
    assert out.splitlines()[-1] == f"hand       {verdict}"


def test_parse_still_refuses_what_is_not_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "parse", "[SSSg] 5g")
    assert code == 2 and "[tile-count]" in err
    code, _, err = run(capsys, "parse", "S g")
    assert code == 2 and "[missing-colour]" in err


@pytest.mark.parametrize(
    ("args", "code", "position"),
    [
        (["parse", "S g", "--json"], "missing-colour", 0),
        (["waits", "[SSSg] 123456789r 5g +5g", "--json"], "needs-13-tiles", None),
        (["score", "[SSSg] 123456789r 5g +6g", "--json"], "not-winning", None),
        (["fans", "--rules", "xyz", "--json"], "usage", None),
        (["play", "--bots", "a,b", "--json"], "bad-bots", None),
        (["audit", "--hands", "0", "--json"], "usage", None),
        (["parse", "--json", "x" * 3000], "too-long", None),
    ],
)
def test_errors_under_json_are_one_json_object_on_stderr(
    capsys: pytest.CaptureFixture[str], args: list[str], code: str, position: int | None
) -> None:
    status = main(args)  # a usage error too: main returns, never exits
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err.endswith("\n") and err.count("\n") == 1
    data = json.loads(err)
    assert set(data) == {"error", "message", "position"}
    assert data["error"] == code and data["position"] == position
    assert isinstance(data["message"], str) and data["message"]
    # Without --json the same failure is the one line it always was.
    plain = [a for a in args if a != "--json"]
    assert main(plain) == 2
    line = capsys.readouterr().err
    assert line.count("\n") == 1 and line.startswith("unomahjong") and not line.startswith("{")


def test_json_error_message_is_the_line_without_its_prefix(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["score", "[SSSg] 123456789r 5g +6g"])
    line = capsys.readouterr().err
    main(["score", "[SSSg] 123456789r 5g +6g", "--json"])
    data = json.loads(capsys.readouterr().err)
    assert line == f"unomahjong score: {data['message']}\n"


def test_score_rule_options(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "[SSSg] 123r 456r 789r 5g +5g"
    _, out, _ = run(capsys, "score", hand, "--disabled-fans", "PURE_STRAIGHT", "--json")
    data = json.loads(out)
    assert "PURE_STRAIGHT" not in [f["id"] for f in data["fans"]] and data["total"] < 18
    code, _, err = run(capsys, "score", hand, "--min-fans", "19")
    assert code == 2 and "[below-minimum]" in err
    assert run(capsys, "score", hand, "--min-fans", "18")[0] == 0
    code, _, err = run(capsys, "score", hand, "--disabled-fans", "NO_SUCH_FAN")
    assert code == 2 and "[unknown-fan]" in err


def _columns(line: str, text: str) -> int:
    """The terminal column at which ``text`` starts in ``line``."""
    from unomahjong._text import display_width

    return display_width(line[: line.index(text)])


def test_fan_table_columns_align_by_display_width(capsys: pytest.CaptureFixture[str]) -> None:
    from unomahjong.rules.rule_sets import get_rules

    for rules in ("uno", "mcr"):
        _, out, _ = run(capsys, "fans", "--rules", rules)
        table = get_rules(rules).fans
        lines = out.splitlines()
        assert len(lines) == len(table)
        starts = {_columns(line, row.en) for line, row in zip(lines, table, strict=True)}
        assert len(starts) == 1


def test_audit_table_columns_align_by_display_width(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "audit", "--hands", "300")
    rows = [line for line in out.splitlines() if " -> " in line or " -x " in line]
    assert len(rows) > 5
    for arrow in (" -> ", " -x "):
        group = [line for line in rows if arrow in line]
        assert len({_columns(line, arrow) for line in group}) == 1
        ends = {_columns(line, " hand") for line in group}
        assert len(ends) == 1


def test_play_fan_lines_align_by_display_width(capsys: pytest.CaptureFixture[str]) -> None:
    from unomahjong.game import GreedyBot, play_hand

    checked = 0
    for seed in range(8):
        board = play_hand("uno", [GreedyBot() for _ in range(4)], seed=seed)
        result = board.outcome()
        assert result is not None
        _, out, _ = run(capsys, "play", "--seed", str(seed))
        lines = out.splitlines()
        for w in result.wins:
            if len(w.score.fans) < 2:
                continue
            head = lines.index(
                next(line for line in lines if line.startswith(f"seat {w.seat} wins"))
            )
            rows = lines[head + 1 : head + 1 + len(w.score.fans)]
            starts = {_columns(row, f.en) for row, f in zip(rows, w.score.fans, strict=True)}
            assert len(starts) == 1, rows
            checked += 1
    assert checked


def test_display_width_follows_east_asian_width() -> None:
    from unomahjong._text import display_width, pad
    from unomahjong.scoring.scorer import display_width as reexported

    assert reexported is display_width
    assert display_width("清龙") == 4 and display_width("、") == 2  # W
    assert display_width("ＡＢ") == 4  # F: fullwidth Latin
    assert display_width("ÀÉ") == 2 and display_width("×") == 1  # N, and A taken as 1
    assert display_width("\u3000") == 2  # the ideographic space (F)
    # Above U+2E80 yet one column, which a code-point guess takes as two:
    assert display_width("\uff61") == 1  # halfwidth ideographic full stop (H)
    assert display_width("\ufb01") == 1  # the ligature fi (N)
    assert pad("清龙", 6) == "清龙  " and pad("5", 3, ">") == "  5" and pad("清龙清", 4) == "清龙清"
