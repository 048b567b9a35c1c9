"""``unomahjong cards play`` and ``cards simulate``, and simulate_cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from unomahjong import CardError
from unomahjong.cards import CARDS, replay, simulate_cards
from unomahjong.cli import main


def test_play_prints_the_hand_and_its_json_log_replays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "play", "--seed", "3", "--players", "3"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("cards, seed 3, 3 players") and "went out" in text
    assert main(["cards", "play", "--seed", "3", "--players", "3", "--stacking", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "cards[stacking]" and data["log"][0]["rules"]["stacking"] is True
    states = replay(data["log"])
    assert states.complete and states[-1].scores == tuple(data["scores"])


def test_play_writes_a_signed_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    key = tmp_path / "key"
    key.write_bytes(b"secret\n")
    log = tmp_path / "hand.jsonl"
    assert main(["cards", "play", "--log", str(log), "--key-file", str(key)]) == 0
    capsys.readouterr()
    assert replay(log, key="secret").keyed


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["cards", "play", "--bots", "clever"], "bad-bots"),
        (["cards", "play", "--teams", "--players", "5"], "bad-players"),
        (["cards", "simulate", "--games", "0"], None),
    ],
)
def test_bad_arguments_exit_2(
    argv: list[str], code: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--json"]) == 2
    err = json.loads(capsys.readouterr().err)
    if code is not None:
        assert err["error"] == code


def test_simulate_gives_the_same_report_however_split(capsys: pytest.CaptureFixture[str]) -> None:
    one = simulate_cards(CARDS, hands=40, players=3, seed=5)
    two = simulate_cards(CARDS, hands=40, players=3, seed=5, workers=2)
    assert one == two and one.hands == 40
    assert sum(one.wins_by_seat) + one.no_winner == 40
    assert (
        main(["cards", "simulate", "--games", "40", "--players", "3", "--seed", "5", "--json"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["wins_by_seat"] == list(one.wins_by_seat)
    assert data["points_by_seat"] == list(one.points_by_seat)


def test_simulate_refuses_bad_bots() -> None:
    with pytest.raises(CardError) as e:
        simulate_cards(CARDS, bots="greedy,random", players=3)
    assert e.value.code == "bad-bots"
