"""The card game's pictures and replay viewer, as files: every card face
parses as SVG, the page holds its data, and a seat's page hides the other
hands."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from unomahjong import LogError
from unomahjong.cards import CARDS, GreedyCardBot, deck, log_lines, play_cards
from unomahjong.cli import main
from unomahjong.render.card_viewer import card_svg, replay_html

RULES = CARDS.with_options(all_draw_wild=True)


def _log(seed: int = 7) -> list[str]:
    moves = play_cards(RULES, [GreedyCardBot()] * 4, seed=seed)[1]
    return log_lines(RULES, moves, players=4, seed=seed)


def _data(page: str) -> dict[str, object]:
    found = re.search(r'<script id="data" type="application/json">(.*?)</script>', page, re.S)
    assert found
    return json.loads(found.group(1))  # type: ignore[no-any-return]


def test_every_card_face_is_an_svg_document_naming_its_card() -> None:
    for c in dict.fromkeys(deck(all_draw_wild=True)):
        root = ET.fromstring(card_svg(c))
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.find("{http://www.w3.org/2000/svg}title").text == c.notation  # type: ignore[union-attr]
        assert c.notation in "".join(root.itertext())  # the corners: colour is not the only signal


def test_the_page_holds_every_step_and_the_result() -> None:
    lines = _log()
    page = replay_html(lines)
    data = _data(page)
    steps = data["steps"]
    assert isinstance(steps, list) and len(steps) == len(lines) - 1
    assert "went out" in str(data["result"])
    for notation in ("W4", "A", "7r", "Sg"):
        assert f'id="c-{notation}"' in page
    assert "<script" in page and "http" not in page.replace("http://www.w3.org", "")


def test_a_seats_page_shows_only_its_own_hand() -> None:
    data = _data(replay_html(_log(), seat=2))
    for step in data["steps"]:  # type: ignore[attr-defined]
        for seat, hand in enumerate(step["hands"]):
            assert isinstance(hand, list) == (seat == 2)


def test_a_tampered_log_makes_no_page() -> None:
    lines = _log()
    record = json.loads(lines[4])
    record["action"] = "draw"
    with pytest.raises(LogError):
        replay_html([*lines[:4], json.dumps(record), *lines[5:]])


def test_cards_view_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "hand.jsonl"
    log.write_text("".join(line + "\n" for line in _log()), encoding="utf-8")
    page = tmp_path / "hand.html"
    assert main(["cards", "view", str(log), "-o", str(page), "--seat", "1"]) == 0
    assert _data(page.read_text(encoding="utf-8"))["viewer"] == 1
    assert main(["cards", "view", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_the_simulation_picture_is_svg_or_png(tmp_path: Path) -> None:
    from unomahjong.cards import simulate_cards
    from unomahjong.render.card_plots import card_simulation_svg, plot_card_simulation
    from unomahjong.render.plots import PlotError

    report = simulate_cards(CARDS.with_options(negative_scoring=True), hands=20, players=3)
    root = ET.fromstring(card_simulation_svg(report))
    words = " ".join(root.itertext())
    assert "Hands won by seat" in words and "seat 2" in words and "no winner" in words
    plot_card_simulation(report, tmp_path / "hands.svg")
    assert (tmp_path / "hands.svg").read_text(encoding="utf-8").startswith("<svg")
    pytest.importorskip("matplotlib")
    plot_card_simulation(report, tmp_path / "hands.png")
    assert (tmp_path / "hands.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(PlotError) as e:
        plot_card_simulation(report, tmp_path / "hands.pdf")
    assert e.value.code == "unknown-format"
    with pytest.raises(PlotError) as e:
        card_simulation_svg("report")  # type: ignore[arg-type]
    assert e.value.code == "not-a-report"
