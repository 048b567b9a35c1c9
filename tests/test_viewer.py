"""The replay viewer (docs/viewer.md) without a browser: the page's data,
its size, what a seat's view hides, nothing external, and the commands.

What a person sees in a real browser is tested in tests/test_browser.py,
on the same seeded round (:func:`eventful_seed`).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from unomahjong.cli import main
from unomahjong.errors import MahjongError
from unomahjong.game import GreedyBot, LogError, Phase, RandomBot, play_hand, replay, seat_view
from unomahjong.render.viewer import replay_html

LIMIT = 300_000
"""The most bytes a round's page may take."""

NEEDED = ("reverse", "skip", "uno")
CLAIMS = ("chow", "pung", "kong")


def log_of(seed: int, players: int = 4) -> list[str]:
    """The log of a hand of greedy bots."""
    return play_hand("uno", [GreedyBot() for _ in range(players)], seed=seed).log_lines()


def kinds(lines: list[str]) -> set[str]:
    """Every event kind a log records."""
    out: set[str] = set()
    for line in lines:
        rec = json.loads(line)
        out.update(e["kind"] for e in rec.get("events", ()))
    return out


@cache
def eventful_seed() -> int:
    """The first seed whose round (four greedy bots) has a Reverse, a Skip, a
    claim, an UNO declaration and a win. Found by search, so that a change
    of the bots or the engine moves the test to another round instead of
    breaking it; with the engine of this writing it is seed 0."""
    for seed in range(200):
        found = kinds(log_of(seed))
        if all(k in found for k in NEEDED) and found & set(CLAIMS) and "win" in found:
            return seed
    raise AssertionError("no seed in 0..199 gives a round with every event")


def page_data(page: str) -> dict[str, Any]:
    """The JSON the page embeds."""
    m = re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)
    assert m, "the page embeds its data"
    data: dict[str, Any] = json.loads(m.group(1))
    return data


def decode(data: dict[str, Any], codes: str) -> list[str]:
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    return [data["T"][alphabet.index(c)] for c in codes]


def test_the_eventful_round_is_found() -> None:
    found = kinds(log_of(eventful_seed()))
    assert {"reverse", "skip", "uno", "win"} <= found and found & set(CLAIMS)


def test_every_step_is_the_logged_state() -> None:
    lines = log_of(eventful_seed())
    states = replay(lines)
    data = page_data(replay_html(lines))
    assert len(data["S"]) == len(states) == len(lines) - 1
    for step, state in zip(data["S"], states, strict=True):
        assert step["p"] == state.phase.value
        assert step["d"] == state.direction and step["w"] == state.wall_left
        for shown, seat in zip(step["s"], state.seats, strict=True):
            hand, _, _, discards, uno, flowers = shown
            assert flowers == ""  # UNO Mahjong has none
            assert sorted(decode(data, hand)) == sorted(str(t) for t in seat.concealed)
            assert decode(data, discards) == [str(t) for t in seat.discards]
            assert uno == int(seat.uno)
    marks = {k for step in data["S"] for k in ("r", "k", "m", "u", "v") if k in step}
    assert marks == {"r", "k", "m", "u", "v"}
    assert states[-1].phase is Phase.ENDED and data["S"][-1]["g"] == list(
        states[-1].result.payments if states[-1].result else ()
    )


@pytest.mark.parametrize("players", range(2, 9))
def test_a_round_of_any_size_stays_under_300_kb(players: int) -> None:
    lines = play_hand("uno", [RandomBot(players + i) for i in range(players)], seed=3).log_lines()
    page = replay_html(lines)
    assert len(page.encode("utf-8")) < LIMIT
    assert page_data(page)["n"] == players


def test_a_seat_sees_only_what_it_saw() -> None:
    lines = log_of(eventful_seed())
    states = replay(lines)
    viewer = 2
    data = page_data(replay_html(lines, seat=viewer))
    assert data["viewer"] == viewer
    hidden_draws = {
        json.dumps(e)
        for line in seat_view(lines, viewer)
        for e in json.loads(line).get("events", ())
        if e["kind"] == "draw" and e["tile"] is None
    }
    assert hidden_draws, "the seat's view hides the others' draws"
    for step in data["S"]:
        for i, (hand, *_rest) in enumerate(step["s"]):
            assert isinstance(hand, int) if i != viewer else isinstance(hand, str)
        for text in step["x"]:
            if " draws " in text and not text.startswith(f"seat {viewer} "):
                assert text.endswith("draws a tile") or "draws a tile from the back" in text
    # Answers the seat could not see are left out; everything else is there.
    assert len(data["S"]) <= len(states)
    assert data["S"][-1]["p"] == "ended"


def test_the_page_is_self_contained() -> None:
    page = replay_html(log_of(eventful_seed()))
    assert page.startswith("<!DOCTYPE html>")
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    urls = set(re.findall(r"(?:https?|ftp|file)://[^\s\"'<>)]*", page))
    assert urls == {"http://www.w3.org/2000/svg"}, urls  # a namespace name, never fetched
    assert not re.search(r"\s(?:src|srcset|action|xlink:href)=", page)
    local = {f"#t{i}" for i in range(62)} | {"#tb", "#t' + i + '"}  # the last: in the script
    assert set(re.findall(r'href="([^"]*)"', page)) <= local
    assert "@import" not in page and "url(" not in page


def test_tile_symbols_are_svg_with_viewboxes() -> None:
    page = replay_html(log_of(eventful_seed()))
    m = re.search(r'<svg xmlns="http://www.w3.org/2000/svg" class="defs".*?</svg>', page, re.S)
    assert m
    root = ET.fromstring(m.group(0))
    symbols = root.findall(".//{http://www.w3.org/2000/svg}symbol")
    assert len(symbols) == 45  # the 44 UNO tiles and the back
    assert all(s.get("viewBox") == "0 0 42 62" for s in symbols)


def test_the_result_lists_each_winner_s_fans_and_the_payments() -> None:
    lines = log_of(eventful_seed())
    result = replay(lines)[-1].result
    assert result is not None and result.wins
    page = replay_html(lines)
    section = page[page.index('<section id="result"') :]
    for w in result.wins:
        assert f'<div class="win" data-seat="{w.seat}">' in section
        for f in w.score.fans:
            assert f'data-fan="{f.id}"' in section and f"<td>{f.en}</td>" in section
    for i, p in enumerate(result.payments):
        assert f'<tr data-seat="{i}"><td>seat {i}</td><td class="num">{p:+d}</td></tr>' in section


def test_same_log_same_page_and_text_or_lines() -> None:
    lines = log_of(1)
    assert replay_html(lines) == replay_html(iter(lines)) == replay_html("\n".join(lines))
    assert "<title>my &lt;round&gt;</title>" in replay_html(lines, title="my <round>")


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"seat": 4}, "bad-seat"),
        ({"seat": -1}, "bad-seat"),
        ({"seat": "1"}, "bad-seat"),
        ({"seat": True}, "bad-seat"),
        ({"title": 5}, "not-text"),
    ],
)
def test_wrong_arguments_are_typed_errors(kwargs: dict[str, Any], code: str) -> None:
    with pytest.raises(MahjongError) as e:
        replay_html(log_of(1), **kwargs)
    assert e.value.code == code


@pytest.mark.parametrize("lines", [None, 5, b"{}", {"a": 1}, ["{}"], []])
def test_what_is_not_a_log_is_a_log_error(lines: Any) -> None:
    with pytest.raises(LogError):
        replay_html(lines)


def test_a_seat_view_log_cannot_be_replayed() -> None:
    with pytest.raises(LogError):
        replay_html(seat_view(log_of(1), 0))


def test_cli_view_and_play_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seed = eventful_seed()
    played = tmp_path / "played.html"
    assert main(["play", "--seed", str(seed), "--html", str(played)]) == 0
    assert "payments" in capsys.readouterr().out
    assert main(["play", "--seed", str(seed), "--json"]) == 0
    printed = capsys.readouterr().out
    (tmp_path / "round.json").write_text(printed, encoding="utf-8")
    lines = [json.dumps(record) for record in json.loads(printed)["log"]]
    (tmp_path / "round.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "round.html"
    assert main(["view", str(tmp_path / "round.jsonl"), "-o", str(out)]) == 0
    page = played.read_text(encoding="utf-8")
    assert out.read_text(encoding="utf-8") == page == replay_html(lines)
    assert main(["view", str(tmp_path / "round.json"), "--seat", "1"]) == 0
    assert capsys.readouterr().out == replay_html(lines, seat=1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["view", "missing.jsonl"], "cannot read"),
        (["view", "round.jsonl", "--seat", "4"], "bad-seat"),
        (["view", "round.jsonl", "--seat", "x"], "not a whole number"),
        (["view", "bad.jsonl"], "bad-json"),
        (["view", "round.jsonl", "-o", "missing/round.html"], "cannot write"),
        (["play", "--html", "missing/round.html"], "cannot write"),
    ],
)
def test_cli_errors_are_one_line_and_status_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "round.jsonl").write_text("\n".join(log_of(1)), encoding="utf-8")
    (tmp_path / "bad.jsonl").write_text("not json\n", encoding="utf-8")
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err
    assert not list(tmp_path.glob("**/*.html"))
