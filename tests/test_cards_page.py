"""The card game's pictures and replay viewer, as files: every card face
parses as SVG, the page holds its data, and a seat's page hides the other
hands."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

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
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)
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
    steps = data["S"]
    assert isinstance(steps, list) and len(steps) == len(lines) - 1  # the deal, each action
    assert steps[0]["a"] == "the deal" and steps[-1]["p"] == "ended"
    assert '<section id="result" hidden>' in page and "went out" in page
    for notation in ("W4", "A", "7r", "Sg"):
        assert f'id="c-{notation}"' in page
    assert "<script" in page and "default-src 'none'" in page  # it may load nothing
    assert "http" not in page.replace("http://www.w3.org", "").replace("http-equiv", "")


def test_the_events_are_told_in_words() -> None:
    steps = _data(replay_html(_log()))["S"]
    said = [x for s in steps for x in s["x"]]  # type: ignore[attr-defined]
    assert "seat 0 deals" in said or any(x.endswith(" deals") for x in said)
    assert any(re.fullmatch(r"seat \d is dealt 7 cards: (\S+ ){6}\S+", x) for x in said)
    assert any(re.fullmatch(r"seat \d plays (W|W4|A) and names (red|yellow|green|blue)", x)
               for x in said)  # fmt: skip
    assert any(re.fullmatch(r"seat \d goes out", x) for x in said)
    assert not any("_" in x for x in said)  # no event kind shown raw


def test_a_seats_page_shows_only_its_own_hand() -> None:
    data = _data(replay_html(_log(), seat=2))
    for step in data["S"]:  # type: ignore[attr-defined]
        for seat, hand in enumerate(step["h"]):
            assert isinstance(hand, list) == (seat == 2)
    said = [x for s in data["S"] for x in s["x"]]  # type: ignore[attr-defined]
    assert "seat 1 is dealt 7 cards" in said  # another seat's deal, as its count


@pytest.mark.parametrize(
    ("options", "seat", "title"),
    [
        ({}, None, "UNO cards \u2014 4 players, seed 3"),
        (
            {"stacking": True, "jump_in": True},
            None,
            "UNO cards (stacking, jump_in) \u2014 4 players, seed 3",
        ),
        ({"name": "House rules"}, None, "UNO cards: House rules \u2014 4 players, seed 3"),
        ({}, 1, "UNO cards \u2014 4 players"),  # a seat's page: no seed, it would deal every hand
    ],
)
def test_the_title_names_the_game(options: dict[str, Any], seat: int | None, title: str) -> None:
    rules = CARDS.with_options(**options)
    moves = play_cards(rules, [GreedyCardBot()] * 4, seed=3)[1]
    page = replay_html(log_lines(rules, moves, players=4, seed=3), seat=seat)
    assert f"<title>{title}</title>" in page
    assert "<title>Mine</title>" in replay_html(
        log_lines(rules, moves, players=4, seed=3), title="Mine"
    )


HOSTILE = "<!--<script>x</script><SCRIPT>&"


def test_a_hostile_rules_name_stays_text() -> None:
    rules = CARDS.with_options(name=HOSTILE)
    moves = play_cards(rules, [GreedyCardBot()] * 2, seed=3)[1]
    page = replay_html(log_lines(rules, moves, players=2, seed=3))
    scripts = re.findall(r"<script\b[^>]*>(.*?)</script>", page, re.S | re.I)
    assert len(scripts) == 3  # the data, the colours and the code, each whole
    for text in scripts:
        assert not re.search(r"<!--|<script|</script", text, re.I)
    assert json.loads(scripts[0])["S"][0]["a"] == "the deal"
    assert "UNO cards: &lt;!--&lt;script&gt;x&lt;/script&gt;&lt;SCRIPT&gt;&amp;" in page


def test_every_svg_of_the_page_scales_to_its_container() -> None:
    page = replay_html(_log())
    for tag in re.findall(r"<svg\b[^>]*>", page):
        assert "viewBox" in tag or 'class="defs"' in tag, tag
        assert not re.search(r'\swidth="\d', tag), tag
    face = card_svg(deck()[0])
    assert 'viewBox="0 0 42 62"' in face and 'width="100%"' in face and "max-width:42px" in face


def test_a_tampered_log_makes_no_page() -> None:
    lines = _log()
    record = json.loads(lines[4])
    record["action"] = "draw"
    with pytest.raises(LogError):
        replay_html([*lines[:4], json.dumps(record), *lines[5:]])


def test_cards_play_html_writes_the_hand_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "hand.html"
    argv = ["cards", "play", "--seed", "3", "--players", "3", "--all-draw-wild"]
    assert main([*argv, "--html", str(page), "--json"]) == 0
    log = json.loads(capsys.readouterr().out)["log"]
    assert page.read_text(encoding="utf-8") == replay_html(log)
    assert main([*argv, "--html", str(tmp_path / "missing" / "hand.html")]) == 2
    assert "cannot write" in capsys.readouterr().err


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
