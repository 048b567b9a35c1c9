"""``unomahjong cards play`` and ``cards simulate``, and simulate_cards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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


def test_play_seats_each_bot_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    # The uniform bot is the old random one: the same hand, action for action.
    assert (
        main(["cards", "play", "--seed", "0", "--players", "2", "--bots", "uniform", "--json"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert (data["actions"], data["log"][-1]["digest"][:16]) == (1397, "1abe0668719634c2")
    assert (
        main(["cards", "play", "--seed", "0", "--players", "2", "--bots", "random", "--json"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["actions"] < 300
    report = simulate_cards(CARDS, bots="random,uniform", players=2, hands=2, seed=1)
    assert report.bots == ("random", "uniform") and report.hands == 2


def _match(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, dict[str, object]]:
    assert main(["cards", "match", *argv]) == 0
    text = capsys.readouterr().out
    assert main(["cards", "match", *argv, "--json"]) == 0
    return text, json.loads(capsys.readouterr().out)


def test_match_prints_each_hand_and_the_running_totals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from unomahjong.cards import GreedyCardBot, RandomCardBot, play_card_match

    text, data = _match(capsys, "--seed", "5", "--players", "3", "--bots", "random,greedy,greedy",
                        "--target", "200")  # fmt: skip
    rules = CARDS.with_options(target=200)
    bots: list[Any] = [RandomCardBot(5000), GreedyCardBot(), GreedyCardBot()]
    result = play_card_match(rules, bots, seed=5)
    assert data["rules"] == "cards[target=200]" and data["target"] == 200
    assert data["totals"] == list(result.totals) and data["winners"] == list(result.winners)
    hands: Any = data["hands"]
    assert [h["scores"] for h in hands] == [list(h.scores) for h in result.hands]
    running = [0, 0, 0]
    lines = text.splitlines()
    assert (
        lines[0]
        == "cards[target=200], seed 5, 3 players, bots random,greedy,greedy: a match to 200"
    )
    for k, (hand, line) in enumerate(zip(hands, lines[1:], strict=False), 1):
        running = [a + b for a, b in zip(running, hand["scores"], strict=True)]
        assert hand["totals"] == running
        assert line.startswith(f"hand {k}: dealer {hand['dealer']}, ")
        assert line.endswith(f"totals {' '.join(map(str, running))}")
    assert lines[-1] == f"seat {result.winners[0]} wins the match: totals " + " ".join(
        map(str, result.totals)
    )


def test_match_target_changes_the_match(capsys: pytest.CaptureFixture[str]) -> None:
    lengths = []
    for target in (100, 1000):
        _, data = _match(capsys, "--seed", "2", "--target", str(target))
        hands: Any = data["hands"]
        assert data["finished"] and max(hands[-1]["totals"]) >= target
        assert all(max(h["totals"]) < target for h in hands[:-1])  # it ends there, not before
        lengths.append(len(hands))
    assert lengths[0] < lengths[1]


def test_match_under_elimination_and_teams(capsys: pytest.CaptureFixture[str]) -> None:
    text, data = _match(
        capsys, "--seed", "5", "--elimination", "--target", "100", "--bots", "random"
    )
    assert data["eliminated"] and "out of the match, in order: " in text
    hands: Any = data["hands"]
    out: set[int] = set()
    for hand in hands:  # a seat out plays no more hands, and is shown as "-"
        assert not out & set(hand["seats"])
        out |= {s for s in range(4) if hand["totals"][s] <= -100}
    text, data = _match(capsys, "--seed", "2", "--teams", "--bots", "random,greedy,random,greedy")
    totals: Any = data["totals"]
    assert totals[0] == totals[2] and totals[1] == totals[3]
    assert text.splitlines()[-1].startswith("seats ") and " win the match" in text


def test_match_writes_every_hands_log_and_viewer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from unomahjong.render.card_viewer import replay_html

    key = tmp_path / "key"
    key.write_bytes(b"secret")
    argv = ["cards", "match", "--seed", "4", "--players", "3", "--target", "150", "--elimination",
            "--log", str(tmp_path / "logs"), "--html", str(tmp_path / "pages"),
            "--key-file", str(key), "--json"]  # fmt: skip
    assert main(argv) == 0
    hands: Any = json.loads(capsys.readouterr().out)["hands"]
    assert len(hands) > 1
    for k, hand in enumerate(hands, 1):
        log = tmp_path / "logs" / f"hand-{k}.jsonl"
        states = replay(log, key="secret")
        assert states.complete and states.keyed
        assert states[0].players == len(hand["seats"]) and states[0].seed == hand["seed"]
        assert list(states[-1].scores or ()) == [hand["scores"][s] for s in hand["seats"]]
        page = (tmp_path / "pages" / f"hand-{k}.html").read_text(encoding="utf-8")
        assert page == replay_html(log, key="secret")
        assert 'data-signed="keyed"' in page
    assert sorted(p.name for p in (tmp_path / "logs").iterdir()) == sorted(
        f"hand-{k}.jsonl" for k in range(1, len(hands) + 1)
    )


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["--teams", "--players", "5"], "bad-players"),
        (["--bots", "greedy,random"], "bad-bots"),
        (["--target", "0"], None),
    ],
)
def test_match_refuses_bad_arguments(
    argv: list[str], code: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "match", *argv, "--json"]) == 2
    err = json.loads(capsys.readouterr().err)
    if code is not None:
        assert err["error"] == code
