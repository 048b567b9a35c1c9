"""JSON from strangers: every reader of a log, a judge log or a bot's
answer bounds its size, its nesting and its numbers before it decodes or
converts any of it (``_logfile.load_json``), and refuses what is past them
with a typed error naming the position, never a RecursionError or a
ValueError, in both engines."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from unomahjong import LogError
from unomahjong._logfile import MAX_NESTING, MAX_NUMBER_LENGTH, load_json
from unomahjong.botzone import judge_log, play_judge_hand, replay_judge_log
from unomahjong.cards import CARDS, GreedyCardBot, log_lines, play_cards
from unomahjong.cards import replay as card_replay
from unomahjong.cards import seat_view as card_seat_view
from unomahjong.cli import main
from unomahjong.game import GreedyBot, play_hand
from unomahjong.game import replay as game_replay
from unomahjong.game import seat_view as game_seat_view
from unomahjong.render.card_viewer import replay_html as card_replay_html
from unomahjong.render.viewer import replay_html as game_replay_html

DEEP = "[" * 100_000
LONG_NUMBER = "1" * 5_000
HUGE = '{"x": "' + "a" * 10_000_000 + '"}'


def _refusal(read: Callable[[], object]) -> LogError:
    with pytest.raises(LogError) as e:
        read()
    return e.value


# ------------------------------------------------------------- the loader


def test_the_loader_refuses_deep_nesting_naming_where() -> None:
    e = _refusal(lambda: load_json(DEEP, "the text", most=10**6))
    assert e.code == "bad-json" and f"nested more than {MAX_NESTING} deep" in str(e)
    assert f"column {MAX_NESTING + 1}" in str(e)
    e = _refusal(lambda: load_json('{\n "a": ' + DEEP, "the text", most=10**6))
    assert "line 2, column" in str(e)
    depth = MAX_NESTING
    assert load_json("[" * depth + "]" * depth, "t", most=100) is not None
    assert _refusal(lambda: load_json("[" * (depth + 1) + "]" * (depth + 1), "t", most=100))
    # Brackets in a string do not nest; an unclosed string hides none.
    assert load_json(json.dumps(["[" * 1000]), "t", most=10**4) == ["[" * 1000]
    assert _refusal(lambda: load_json('"\\"' * 1000 + DEEP, "t", most=10**6)).code == "bad-json"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[" + LONG_NUMBER + "]", "a number of 5,000 characters"),
        ("[-" + LONG_NUMBER + "]", "a number of 5,001 characters"),
        ("[" + LONG_NUMBER + ".5]", "a number of 5,002 characters"),
        ("[0." + LONG_NUMBER + "]", "a number of 5,002 characters"),
        ("[1e999]", "a number too large for a float"),
        ("[" + "1" * 4301 + "]", "a number of 4,301 characters"),
    ],
)
def test_the_loader_refuses_numbers_too_long_before_converting_them(text: str, said: str) -> None:
    e = _refusal(lambda: load_json(text, "the text", most=10**6))
    assert e.code == "bad-json" and said in str(e) and "(column 2)" in str(e)


def test_the_loader_takes_numbers_as_long_as_a_seed() -> None:
    n = int("9" * MAX_NUMBER_LENGTH)
    assert load_json(f'{{"seed": {n}}}', "t", most=10**4) == {"seed": n}


def test_the_loader_refuses_text_too_long_before_reading_it() -> None:
    e = _refusal(lambda: load_json(HUGE, "the text", most=1000))
    assert e.code == "too-long" and "10,000,009 characters" in str(e)


# ------------------------------------------------------------ each reader

GAME_LINES = play_hand("uno", [GreedyBot() for _ in range(4)], seed=1).log_lines()
_final, _moves = play_cards(CARDS, [GreedyCardBot() for _ in range(3)], seed=2)
CARD_LINES = log_lines(CARDS, _moves, players=3, seed=2)

READERS: dict[str, tuple[Callable[[Any], object], list[str]]] = {
    "game.replay": (game_replay, GAME_LINES),
    "game.seat_view": (lambda lines: game_seat_view(lines, 1), GAME_LINES),
    "viewer.replay_html": (game_replay_html, GAME_LINES),
    "cards.replay": (card_replay, CARD_LINES),
    "cards.seat_view": (lambda lines: card_seat_view(lines, 1), CARD_LINES),
    "card_viewer.replay_html": (card_replay_html, CARD_LINES),
}


@pytest.mark.parametrize("reader", sorted(READERS))
def test_each_log_reader_refuses_hostile_json_naming_the_line(reader: str) -> None:
    read, lines = READERS[reader]
    bad = {
        "[" * 4000: "bad-json",  # as deep as a line may be long
        DEEP: "too-long",
        '{"type": ' + LONG_NUMBER + "}": "too-long",
        HUGE: "too-long",
    }
    for line, code in bad.items():
        for log in ([*lines[:2], line, *lines[3:]], "\n".join([*lines[:2], line])):
            e = _refusal(lambda log=log: read(log))  # type: ignore[misc]
            assert e.code == code and str(e).startswith("line 3:"), (reader, str(e)[:80])


def test_the_viewer_takes_a_logs_records_as_replay_does() -> None:
    records = [json.loads(line) for line in GAME_LINES]
    assert game_replay_html(records) == game_replay_html(GAME_LINES)
    records[2]["type"] = []
    e = _refusal(lambda: game_replay_html(records))
    assert e.code == "bad-line" and str(e).startswith("line 3:")


JUDGE_LOG = judge_log(play_judge_hand([GreedyBot()] * 4, 3))


@pytest.mark.parametrize(
    ("text", "code", "said"),
    [
        (DEEP, "bad-json", "nested more than 16 deep (column 17)"),
        ('{"log": ' + DEEP, "bad-json", "nested more than 16 deep (column 24)"),
        ('{"log": [], "initdata": {"srand": ' + LONG_NUMBER + "}}", "bad-json", "5,000"),
        ('{"log": [], "initdata": {"srand": 1e999}}', "bad-json", "too large"),
        (HUGE, "too-long", "at most 2,097,152"),
    ],
)
def test_replay_judge_log_refuses_hostile_json(text: str, code: str, said: str) -> None:
    e = _refusal(lambda: replay_judge_log(text))
    assert e.code == code and said in str(e) and str(e).startswith("the judge log:")


def test_a_judge_log_as_text_still_replays() -> None:
    match = play_judge_hand([GreedyBot()] * 4, 3)
    assert replay_judge_log(json.dumps(JUDGE_LOG, indent=1)) == match


# --------------------------------------------------------- the command line


@pytest.mark.parametrize(
    ("command", "good"),
    [
        (["view"], "\n".join(GAME_LINES)),
        (["cards", "view"], "\n".join(CARD_LINES)),
        (["botzone", "replay"], json.dumps(JUDGE_LOG)),
    ],
)
def test_the_commands_refuse_hostile_json_in_one_line(
    command: list[str], good: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "log"
    for text in (DEEP, "{" + DEEP, '{"log": ' + DEEP + "}", '{"a": ' + LONG_NUMBER + "}", HUGE):
        path.write_text(text)
        assert main([*command, str(path)]) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.splitlines()) == 1 and "Traceback" not in err
    path.write_text(good)
    assert main([*command, str(path)]) == 0
    capsys.readouterr()


# ------------------------------------------------------- a NUL in a path

NUL = "a\0b"


@pytest.mark.parametrize(
    "argv",
    [
        ["view", NUL],
        ["view", "log.jsonl", "-o", NUL],
        ["view", "log.jsonl", "--key-file", NUL],
        ["cards", "view", NUL],
        ["cards", "view", "log.jsonl", "-o", NUL],
        ["cards", "view", "log.jsonl", "--key-file", NUL],
        ["cards", "play", "--log", NUL],
        ["cards", "play", "--html", NUL],
        ["cards", "play", "--key-file", NUL],
        ["cards", "match", "--log", NUL],
        ["cards", "match", "--html", NUL],
        ["cards", "simulate", "--plot", NUL + ".svg"],
        ["botzone", "replay", NUL],
        ["botzone", "play", "--log", NUL],
        ["play", "--log", NUL],
        ["play", "--html", NUL],
        ["play", "--key-file", NUL],
        ["simulate", "--plot", NUL + ".svg"],
        ["render", "1234567r", "-o", NUL + ".svg"],
        ["view", NUL, "--json"],
    ],
)
def test_a_nul_in_any_path_is_one_line_and_status_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    if "--json" in argv:
        assert json.loads(err)["error"] == "nul-character"
    else:
        assert "holds a NUL character" in err


def test_the_library_refuses_a_nul_in_a_path_with_a_typed_error() -> None:
    from unomahjong import MahjongError
    from unomahjong.cards import simulate_cards
    from unomahjong.game import read_log, write_log
    from unomahjong.render.card_plots import plot_card_simulation

    calls: list[Callable[[], object]] = [
        lambda: read_log(NUL),
        lambda: game_replay(NUL),
        lambda: game_seat_view(NUL, 0),
        lambda: write_log(NUL, GAME_LINES),
        lambda: card_replay(NUL),
        lambda: card_seat_view(NUL, 0),
        lambda: card_replay_html(NUL),
        lambda: plot_card_simulation(simulate_cards(CARDS, hands=1), NUL + ".svg"),
    ]
    for call in calls:
        with pytest.raises(MahjongError) as e:
            call()
        assert e.value.code in ("cannot-read", "cannot-write", "bad-path")
