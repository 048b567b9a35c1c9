"""The game and log API (issue 15, section 1): actions as text, and logs
from paths, files, text, lines and parsed records."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unomahjong import MCR_TILES, UNO_TILES, RulesError
from unomahjong.game import Action, ActionKind, Board, IllegalActionError
from unomahjong.game.action_text import MAX_ACTION_LENGTH
from unomahjong.tiles import Tile, TileSet

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
