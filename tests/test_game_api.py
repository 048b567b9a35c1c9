"""The game and log API: actions as text, and logs
from paths, files, text, lines and parsed records."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unomahjong import MCR_TILES, UNO_TILES, RulesError
from unomahjong.cli import main as cli_main
from unomahjong.game import (
    Action,
    ActionKind,
    Board,
    IllegalActionError,
    LogError,
    read_log,
    replay,
    seat_view,
    write_log,
)
from unomahjong.game.actions import MAX_ACTION_LENGTH
from unomahjong.model.tiles import Tile, TileSet

UNTILED = (ActionKind.WIN, ActionKind.PASS)

# ------------------------------------------------------------------ actions as text


def test_every_legal_action_of_seeded_rounds_reads_back_from_its_text() -> None:
    kinds: set[tuple[ActionKind, bool]] = set()
    for seed in range(60):
        board = Board(seed=seed)
        rng = random.Random(seed)
        while board.outcome() is None:
            seat = board.awaiting()[0]
            actions = board.legal_actions(seat)
            for a in actions:
                assert Action.parse(str(a)) == a
                kinds.add((a.kind, a.uno))
            board.push(seat, str(rng.choice(actions)))  # played by its text
        if len(kinds) == len(ActionKind) + 1:
            break
    # Every kind, and a discard both with and without UNO.
    assert kinds == {(k, False) for k in ActionKind} | {(ActionKind.DISCARD, True)}


def _actions(ts: TileSet) -> st.SearchStrategy[Action]:
    tiles = st.sampled_from(list(ts.tiles))
    return st.one_of(
        st.sampled_from([Action(k) for k in UNTILED]),
        st.builds(
            Action,
            st.sampled_from([k for k in ActionKind if k not in UNTILED]),
            tiles,
        ),
        st.builds(Action, st.just(ActionKind.DISCARD), tiles, st.just(True)),
    )


@given(_actions(UNO_TILES))
def test_parse_inverts_str_for_uno(action: Action) -> None:
    text = str(action)
    assert Action.parse(text) == action
    assert str(Action.parse(text)) == text
    spaced = "  " + text.replace(" ", " \t ") + "  "
    assert Action.parse(spaced) == action  # any spacing


@given(_actions(MCR_TILES))
def test_parse_inverts_str_for_mcr(action: Action) -> None:
    assert Action.parse(str(action), "mcr") == action
    assert Action.parse(str(action), MCR_TILES) == action


@given(st.text(max_size=30))
def test_any_text_is_an_action_or_an_illegal_action_error(text: str) -> None:
    try:
        action = Action.parse(text)
    except IllegalActionError as e:
        assert e.position is not None and 0 <= e.position <= max(len(text), MAX_ACTION_LENGTH)
    else:
        assert Action.parse(str(action)) == action


@pytest.mark.parametrize(
    ("text", "code", "position", "says"),
    [
        ("", "no-action", 0, "empty"),
        ("   ", "no-action", 3, "empty"),
        ("discrad 5r", "unknown-action-kind", 0, "one of win, concealed_kong"),
        ("Discard 5r", "unknown-action-kind", 0, "lower case"),
        ("concealed kong 5r", "unknown-action-kind", 0, "'concealed'"),
        ("discard", "no-tile", 7, "discard names a tile"),
        ("chow  ", "no-tile", 4, "chow names a tile"),
        ("discard 0r", "bad-tile", 8, "tile '0r'"),
        ("discard E", "bad-tile", 8, "UNO notation"),
        ("pung 5r5r", "bad-tile", 5, "one tile"),
        ("win 5r", "trailing-text", 4, "win takes no tile"),
        ("pass UNO", "trailing-text", 5, "only a discard"),
        ("pung 5r UNO", "trailing-text", 8, "only a discard"),
        ("discard 5r uno", "trailing-text", 11, "in capitals"),
        ("discard 5r 6r", "trailing-text", 11, "UNO or nothing"),
        ("discard 5r UNO UNO", "trailing-text", 15, "'UNO' where nothing"),
        ("x" * (MAX_ACTION_LENGTH + 1), "too-long", MAX_ACTION_LENGTH, "at most"),
    ],
)
def test_bad_text_names_the_problem_and_where(
    text: str, code: str, position: int, says: str
) -> None:
    with pytest.raises(IllegalActionError) as e:
        Action.parse(text)
    assert (e.value.code, e.value.position) == (code, position), str(e.value)
    assert says in str(e.value)


def test_the_longest_action_is_well_inside_the_limit() -> None:
    longest = max((str(Action(k, t)) for k in ActionKind for t in UNO_TILES), key=len)
    assert len(longest) * 3 < MAX_ACTION_LENGTH


def test_ten_megabytes_of_text_are_refused_unread() -> None:
    with pytest.raises(IllegalActionError) as e:
        Action.parse("discard 5r " * 1_000_000)
    assert e.value.code == "too-long" and len(str(e.value)) < 200


@pytest.mark.parametrize("value", [None, 5, b"discard 5r", ["discard", "5r"]])
def test_parse_of_what_is_not_text(value: object) -> None:
    with pytest.raises(IllegalActionError) as e:
        Action.parse(value)  # type: ignore[arg-type]
    assert e.value.code == "not-action-text" and e.value.argument == "text"
    assert "takes a str" in str(e.value)


def test_parse_with_rules_that_are_not_rules() -> None:
    with pytest.raises(IllegalActionError) as e:
        Action.parse("pass", 5)  # type: ignore[arg-type]
    assert e.value.code == "not-rules" and e.value.argument == "rules"
    with pytest.raises(RulesError):
        Action.parse("pass", "nonesuch")


def test_a_tile_of_another_set_in_text() -> None:
    assert Action.parse("discard E", "mcr").tile == MCR_TILES["E"]
    assert isinstance(Action.parse("discard 5r").tile, Tile)
    with pytest.raises(IllegalActionError) as e:
        Action.parse("discard 5r", "mcr")
    assert e.value.code == "bad-tile" and e.value.position is not None


# ------------------------------------------------------------------ Board.push


def test_push_takes_an_action_or_its_text() -> None:
    by_action, by_text = Board(seed=3), Board(seed=3)
    while by_action.outcome() is None:
        seat = by_action.awaiting()[0]
        action = by_action.default_action(seat)
        assert by_action.push(seat, action) == by_text.push(seat, str(action))
    assert by_action.log_lines() == by_text.log_lines()
    assert by_action.moves == by_text.moves


def test_push_of_a_legal_discard_written_as_text() -> None:
    board = Board(seed=1)
    discard = next(a for a in board.legal_actions(0) if a.kind is ActionKind.DISCARD)
    board.push(0, f"discard {discard.tile}")
    assert board.moves[0][1] == discard


def test_push_of_text_that_is_not_legal_now() -> None:
    board = Board(seed=1)
    with pytest.raises(IllegalActionError) as e:
        board.push(0, "pung 5r")
    assert e.value.code == "illegal-action" and "may not pung 5r" in str(e.value)
    with pytest.raises(IllegalActionError) as e:
        board.push(0, "discrad 5r")
    assert e.value.code == "unknown-action-kind" and e.value.position == 0
    assert board.moves == ()


@pytest.mark.parametrize("value", [None, 5, b"discard 5r", ("discard", "5r"), ActionKind.PASS])
def test_push_of_what_is_neither_an_action_nor_text(value: object) -> None:
    board = Board(seed=1)
    with pytest.raises(IllegalActionError) as e:
        board.push(0, value)  # type: ignore[arg-type]
    assert e.value.code == "not-an-action" and e.value.argument == "action"
    assert "an Action or its text" in str(e.value)
    assert board.moves == ()


# ------------------------------------------------------------------ logs in any form


def _played(seed: int = 3) -> Board:
    board = Board(seed=seed)
    while board.outcome() is None:
        seat = board.awaiting()[0]
        board.push(seat, board.default_action(seat))
    return board


LINES = _played().log_lines()
TEXT = "".join(line + "\n" for line in LINES)
KEY = b"server key"
KEYED = _played().log_lines(key=KEY)


def _forms(tmp_path: Path) -> dict[str, Callable[[], object]]:
    """The same log in every form replay takes, each made fresh (a file is
    read once)."""
    path = tmp_path / "game.jsonl"
    path.write_text(TEXT, encoding="utf-8")
    return {
        "str path": lambda: str(path),
        "Path": lambda: path,
        "open file": lambda: path.open(encoding="utf-8"),
        "StringIO": lambda: io.StringIO(TEXT),
        "text": lambda: TEXT,
        "text without its last line end": lambda: TEXT.rstrip("\n"),
        "text with CRLF": lambda: TEXT.replace("\n", "\r\n"),
        "lines": lambda: list(LINES),
        "lines with their line ends": lambda: io.StringIO(TEXT).readlines(),
        "a generator of lines": lambda: (line for line in LINES),
        "records": lambda: [json.loads(line) for line in LINES],
        "lines and records": lambda: [
            json.loads(line) if i % 2 else line for i, line in enumerate(LINES)
        ],
    }


def test_replay_and_seat_view_take_every_form_of_a_log(tmp_path: Path) -> None:
    expected = replay(LINES)
    assert expected.complete and expected.verified and len(expected) > 20
    view = seat_view(LINES, 2)
    for name, make in _forms(tmp_path).items():
        got = replay(make())  # type: ignore[arg-type]
        assert got == expected, name
        assert (got.complete, got.verified, got.format) == (True, True, 2), name
        assert seat_view(make(), 2) == view, name  # type: ignore[arg-type]


def test_play_json_records_replay(capsys: pytest.CaptureFixture[str]) -> None:
    # What `play --json` prints: the log's records in its "log" list.
    assert cli_main(["play", "--seed", "5", "--bots", "random", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    states = replay(data["log"])
    assert states.complete and states.verified
    with pytest.raises(LogError) as e:
        replay(data)
    assert e.value.code == "not-lines" and "pass its 'log' list" in str(e.value)


def test_write_log_takes_records_too(tmp_path: Path) -> None:
    path = tmp_path / "signed.jsonl"
    write_log(path, [json.loads(line) for line in LINES], key=KEY)
    assert replay(path, key=KEY).keyed
    assert read_log(path) == KEYED


def test_a_str_is_text_if_it_has_a_line_break_or_starts_with_a_brace(tmp_path: Path) -> None:
    header = LINES[0]
    assert len(replay(header)) == 1  # one line, starting with "{"
    assert len(replay("  \t" + header)) == 1
    assert len(replay(header + "\n" + LINES[1])) == 1
    with pytest.raises(LogError) as e:
        replay("")  # blank text: an empty log
    assert e.value.code == "no-header"
    missing = str(tmp_path / "no such log.jsonl")
    with pytest.raises(LogError) as e:
        replay(missing)  # anything else is a path
    assert e.value.code == "cannot-read" and "no such log.jsonl" in str(e.value)
    with pytest.raises(LogError) as e:
        seat_view("nul\0in a path", 0)
    assert e.value.code == "cannot-read"


@pytest.mark.parametrize(
    ("value", "says"),
    [
        (None, "a path, text.splitlines()"),
        (5, "a path, text.splitlines()"),
        (TEXT.encode(), "decode it first"),
        (bytearray(b"{}"), "decode it first"),
        ({"type": "header"}, "pass the list of them all"),
        ({"log": []}, "pass its 'log' list"),
    ],
)
def test_what_is_not_a_log_is_refused_by_name(value: object, says: str) -> None:
    for func in (lambda v: replay(v), lambda v: seat_view(v, 0)):
        with pytest.raises(LogError) as e:
            func(value)
        assert e.value.code == "not-lines" and e.value.argument == "lines"
        assert "a log (a path, an open text file, its text, or its lines or records)" in str(
            e.value
        )
        assert says in str(e.value)


def test_items_that_are_neither_lines_nor_records() -> None:
    for item, says in [
        (5, "text or a record (a dict), not int 5"),
        (LINES[1].encode(), "not bytes"),
        ({"bad": {1, 2}}, "JSON cannot hold"),
        ({"bad": float("nan")}, "JSON cannot hold"),
        ({"tile": UNO_TILES["5r"]}, "JSON cannot hold"),
    ]:
        with pytest.raises(LogError) as e:
            replay([LINES[0], item])  # type: ignore[list-item]
        assert e.value.code == "bad-line" and str(e.value).startswith("line 2:"), item
        assert says in str(e.value)


def test_a_binary_file_is_refused() -> None:
    with pytest.raises(LogError) as e:
        replay(io.BytesIO(TEXT.encode()))  # type: ignore[arg-type]
    assert e.value.code == "bad-line" and "text mode" in str(e.value)


def test_a_tampered_record_is_caught_like_a_tampered_line() -> None:
    records = [json.loads(line) for line in LINES]
    n = next(i for i, r in enumerate(records) if r["type"] == "action" and r["seat"] == 1)
    records[n]["seat"] = 2
    with pytest.raises(LogError) as e:
        replay(records)
    assert e.value.code == "digest" and str(e.value).startswith(f"line {n + 1}:")
    # The same edit made to the line's text fails the same way.
    lines = list(LINES)
    lines[n] = json.dumps(records[n], ensure_ascii=False)
    with pytest.raises(LogError) as e2:
        replay(lines)
    assert str(e2.value) == str(e.value)


def test_a_keyed_log_as_records_needs_its_key() -> None:
    records = [json.loads(line) for line in KEYED]
    assert replay(records, key=KEY).keyed
    assert not replay(records).verified  # without the key: unchecked
    records[1]["events"] = []
    with pytest.raises(LogError) as e:
        replay(records, key=KEY)
    assert e.value.code == "digest" and str(e.value).startswith("line 2:")


def test_records_keep_their_key_order_free() -> None:
    records = [dict(reversed(json.loads(line).items())) for line in LINES]
    assert replay(records) == replay(LINES)


def test_a_line_of_log_text_too_long_is_refused_with_its_number() -> None:
    text = LINES[0] + "\n" + "x" * 10_000_000 + "\n"
    with pytest.raises(LogError) as e:
        replay(text)
    assert e.value.code == "too-long" and str(e.value).startswith("line 2:")
    assert "10,000,000 characters" in str(e.value)
    assert "x" * 41 not in str(e.value)


def test_a_record_too_long_is_refused() -> None:
    head = json.loads(LINES[0])
    head["rules"] = "u" * 5000
    with pytest.raises(LogError) as e:
        replay([head])
    assert e.value.code == "too-long" and str(e.value).startswith("line 1:")


def test_every_form_of_a_partial_log_is_read_the_same(tmp_path: Path) -> None:
    # Cut at a line boundary, every form gives the same states.
    cut = LINES[:12]
    expected = replay(cut)
    assert not expected.complete
    path = tmp_path / "cut.jsonl"
    write_log(path, cut)
    assert replay(path) == replay("\n".join(cut)) == replay([json.loads(x) for x in cut])
    assert replay(path) == expected
