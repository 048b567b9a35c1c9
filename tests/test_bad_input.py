"""Bad values raise the library's own typed errors, never internal ones.

The cases come from a fuzzing pass over the public API (fourth session of
2026-11-29): each once crashed with a KeyError, IndexError, TypeError or
ValueError, or was accepted silently."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from log_chain import resign

from unomahjong import (
    UNO,
    UNO_TILES,
    ContextError,
    Hand,
    HandError,
    Meld,
    MeldKind,
    NotationError,
    RulesError,
    WinContext,
    format_tiles,
    parse_hand,
    parse_meld,
    parse_tile,
    parse_tiles,
    score,
    score_hand,
    shanten,
)
from unomahjong.analysis.discards import live_waits
from unomahjong.cli import main
from unomahjong.game import (
    Action,
    ActionKind,
    Board,
    GreedyBot,
    IllegalActionError,
    LogError,
    RandomBot,
    apply,
    legal_actions,
    play_hand,
    play_match,
    replay,
    seat_view,
)
from unomahjong.model.tiles import SuitSpec, TileSet
from unomahjong.research import generate
from unomahjong.research.audit import audit
from unomahjong.research.interop import gb_fan_arguments
from unomahjong.research.strategies import hands, winning_hands

LOG = Board(seed=7).log_lines()
BOARD = Board(seed=7)
for _ in range(6):
    _seat = BOARD.awaiting()[0]
    BOARD.push(_seat, BOARD.default_action(_seat))
PLAYED = BOARD.log_lines()


def _edit(line: str, change: Callable[[dict[str, object]], object]) -> str:
    rec = json.loads(line)
    change(rec)
    return json.dumps(rec)


def _action(
    change: Callable[[dict[str, object]], object],
) -> Callable[[dict[str, object]], None]:
    def edit(rec: dict[str, object]) -> None:
        action = rec["action"]
        assert isinstance(action, dict)
        change(action)

    return edit


DAMAGED_ACTIONS = {
    "no seat": lambda r: r.pop("seat"),
    "seat not a number": lambda r: r.update(seat="0"),
    "no action": lambda r: r.pop("action"),
    "action not an object": lambda r: r.update(action=5),
    "no kind": _action(lambda a: a.pop("kind")),
    "unknown kind": _action(lambda a: a.update(kind="bogus")),
    "kind not a string": _action(lambda a: a.update(kind=["discard"])),
    "tile not a string": _action(lambda a: a.update(tile=5)),
    "tile not a tile": _action(lambda a: a.update(tile="0z")),
    "no uno": _action(lambda a: a.pop("uno")),
    "uno not a bool": _action(lambda a: a.update(uno="yes")),
    "no events": lambda r: r.pop("events"),
    "events not a list": lambda r: r.update(events=5),
    "event not an object": lambda r: r.update(events=[5]),
}


@pytest.mark.parametrize("damage", list(DAMAGED_ACTIONS), ids=list(DAMAGED_ACTIONS))
def test_replay_of_a_damaged_action_record_raises_log_error(damage: str) -> None:
    lines = list(PLAYED)
    lines[2] = _edit(lines[2], DAMAGED_ACTIONS[damage])
    with pytest.raises(LogError) as e:
        replay(lines)
    assert e.value.code == "digest" and "line 3" in str(e.value)
    with pytest.raises(LogError) as e:  # the digests recomputed: the record itself is refused
        replay(resign(lines))
    assert e.value.code in {"bad-line", "illegal-action", "mismatch"}
    assert "line 3" in str(e.value)


@pytest.mark.parametrize("seat", [99, 4, -1])
def test_replay_of_an_action_by_a_seat_the_log_does_not_have_is_bad_seat(seat: int) -> None:
    lines = list(PLAYED)
    lines[2] = _edit(lines[2], lambda r: r.update(seat=seat))
    with pytest.raises(LogError) as e:
        replay(resign(lines))
    assert e.value.code == "bad-seat"
    assert str(e.value).startswith(f"line 3: seat {seat} is not a seat of this 4-player log")


@pytest.mark.parametrize("key", ["rules", "wall", "players", "dealer"])
def test_replay_of_a_damaged_header_raises_log_error(key: str) -> None:
    lines = list(LOG)
    lines[0] = _edit(lines[0], lambda r: r.pop(key))
    with pytest.raises(LogError) as e:
        replay(resign(lines))
    assert e.value.code == "bad-header"


def test_replay_of_a_header_with_unknown_rules_raises_log_error() -> None:
    lines = list(LOG)
    lines[0] = _edit(lines[0], lambda r: r.update(rules="riichi"))
    with pytest.raises(LogError, match="riichi"):
        replay(resign(lines))


@pytest.mark.parametrize(
    "start",
    [{"type": "start"}, {"type": "start", "events": [5]}, {"type": "start", "events": [{}]}],
)
def test_seat_view_of_a_damaged_start_record_raises_log_error(start: dict[str, object]) -> None:
    with pytest.raises(LogError) as e:
        seat_view(resign([LOG[0], json.dumps(start)]), 0)
    assert e.value.code == "bad-line"


@pytest.mark.parametrize("seat", [-1, 4, 99])
def test_seats_outside_the_round_are_refused(seat: int) -> None:
    with pytest.raises(LogError) as e:
        seat_view(LOG, seat)
    assert e.value.code == "bad-seat"
    with pytest.raises(IllegalActionError) as e2:
        Board(seed=7).observe(seat)
    assert e2.value.code == "bad-seat"


def test_a_match_needs_players_and_rounds() -> None:
    with pytest.raises(IllegalActionError):
        play_match("uno", [])
    with pytest.raises(IllegalActionError):
        play_match("uno", [RandomBot(1), GreedyBot()], rounds=0)


def test_the_fallback_fan_cannot_be_switched_off() -> None:
    with pytest.raises(RulesError) as e:
        UNO.with_options(disabled_fans=frozenset({"CHICKEN_HAND"}))
    assert e.value.code == "fallback-disabled"


@pytest.mark.parametrize(
    "changes",
    [
        {"base_points": -8},
        {"min_fans": -5},
        {"min_fans": 1.5},
        {"min_fans": True},
        {"disabled_fans": "SELF_DRAWN"},
        {"disabled_fans": [1]},
    ],
)
def test_option_values_out_of_range_are_refused(changes: dict[str, Any]) -> None:
    with pytest.raises(RulesError) as e:
        UNO.with_options(**changes)
    assert e.value.code == "bad-option"


@pytest.mark.parametrize("melds", [(0, 5), (-1, 2), (3, 2)])
def test_hand_strategy_refuses_meld_counts_out_of_range(melds: tuple[int, int]) -> None:
    with pytest.raises(RulesError):
        hands("uno", min_melds=melds[0], max_melds=melds[1])


def test_live_waits_refuses_more_copies_than_the_set_holds() -> None:
    hand = parse_hand("123456789r 5g 5g 5g 7b")
    with pytest.raises(HandError) as e:
        live_waits(hand, parse_tiles("5g 5g"))
    assert e.value.code == "too-many-copies"
    assert live_waits(hand, parse_tiles("5g")) == {parse_tiles("7b")[0]: 3}


def test_an_empty_tile_set_is_refused() -> None:
    with pytest.raises(RulesError):
        TileSet("x", "X", (), ())


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "-1"],
        ["audit", "--hands", "0"],
        ["score", "[SSSg] 123r 456r 789r 5g +5g", "--flowers", "abc"],
        ["score"],
        ["bogus"],
    ],
)
def test_cli_usage_errors_are_one_line_with_status_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2  # returned: main never exits
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("unomahjong")


@pytest.mark.parametrize(
    "make",
    [
        lambda: Board(seed=b"x"),  # type: ignore[arg-type]
        lambda: Board(players=2.5),  # type: ignore[arg-type]
        lambda: Board(players="4"),  # type: ignore[arg-type]
        lambda: Board(dealer=None),  # type: ignore[arg-type]
    ],
    ids=["bytes seed", "float players", "str players", "no dealer"],
)
def test_game_settings_of_the_wrong_type_are_refused(make: Callable[[], object]) -> None:
    with pytest.raises(IllegalActionError):
        make()


def test_game_settings_take_any_integer_type() -> None:
    board = Board(seed=Index(5))  # type: ignore[arg-type]
    assert json.loads(board.log_lines()[0])["seed"] == 5
    assert board.log_lines() == Board(seed=5).log_lines()


def test_an_action_of_a_bad_kind_is_refused_as_illegal() -> None:
    board = Board(seed=1)
    seat = board.awaiting()[0]
    tile = board.state.seats[seat].concealed[0]
    with pytest.raises(IllegalActionError, match="'discard'"):
        board.push(seat, Action("discard", tile))  # type: ignore[arg-type]


def test_score_refuses_arguments_that_are_not_a_hand_and_a_context() -> None:
    hand = parse_hand("[SSSg] 123r 456r 789r 5g +5g")
    with pytest.raises(HandError):
        score("[SSSg] 123r 456r 789r 5g +5g")  # type: ignore[arg-type]
    with pytest.raises(ContextError):
        score(hand, {"self_drawn": True})  # type: ignore[arg-type]


def test_strategies_refuse_a_shape_that_is_not_a_shape() -> None:
    with pytest.raises(RulesError) as e:
        winning_hands("uno", "standard")  # type: ignore[arg-type]
    assert e.value.code == "unknown-shape"


class Index:
    """An integer type that is not ``int`` (as NumPy's are)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __index__(self) -> int:
        return self.n


def test_options_take_any_set_of_ids_and_any_integer_type() -> None:
    rules = UNO.with_options(
        disabled_fans={"SELF_DRAWN"},
        min_fans=Index(8),
        base_points=Index(16),
    )
    assert rules.options.disabled_fans == frozenset({"SELF_DRAWN"})
    assert type(rules.options.min_fans) is int and rules.options.min_fans == 8
    assert "SELF_DRAWN" not in rules.fans.by_id


def test_seats_and_rounds_take_any_integer_type() -> None:
    board = Board(seed=7)
    assert board.observe(Index(1)) == board.observe(1)  # type: ignore[arg-type]
    seat = board.awaiting()[0]
    board.push(Index(seat), board.default_action(seat))  # type: ignore[arg-type]
    assert json.loads(board.log_lines()[-1])["seat"] == seat
    view = seat_view(LOG, Index(2))  # type: ignore[arg-type]
    assert json.loads(view[0])["viewer"] == 2
    match = play_match("uno", [RandomBot(1), GreedyBot()], rounds=Index(1))  # type: ignore[arg-type]
    assert len(match.hands) == 2


# ------------------------------------------------- second pass: other modules


@pytest.mark.parametrize("value", ["no", 1.0, 2, None, [1, 0]])
def test_a_context_flag_is_true_or_false(value: object) -> None:
    with pytest.raises(ContextError) as e:
        WinContext(self_drawn=value)  # type: ignore[arg-type]
    assert e.value.code == "bad-flag"


def test_a_context_flag_may_be_one_or_zero() -> None:
    assert WinContext(self_drawn=1).self_drawn is True  # type: ignore[arg-type]
    assert WinContext(self_drawn=Index(0)).self_drawn is False  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "make",
    [
        lambda: Meld("chow", UNO_TILES["1r"]),  # type: ignore[arg-type]
        lambda: Meld(MeldKind.PUNG, "1r"),  # type: ignore[arg-type]
        lambda: Meld(MeldKind.PUNG, UNO_TILES["1r"], exposed=None),  # type: ignore[arg-type]
        lambda: Meld(MeldKind.PUNG, UNO_TILES["1r"], source="1"),  # type: ignore[arg-type]
        lambda: Meld(MeldKind.KONG, UNO_TILES["1r"], exposed=False, claimed=UNO_TILES["1r"]),
    ],
    ids=["str kind", "str tile", "exposed None", "str source", "claimed concealed kong"],
)
def test_melds_refuse_fields_of_the_wrong_kind(make: Callable[[], object]) -> None:
    with pytest.raises(HandError) as e:
        make()
    assert e.value.code in {"bad-meld", "bad-seat"}


def test_melds_take_any_integer_type_and_bool_like_flags() -> None:
    meld = Meld(MeldKind.PUNG, UNO_TILES["1r"], exposed=1, source=Index(2))  # type: ignore[arg-type]
    assert meld == Meld(MeldKind.PUNG, UNO_TILES["1r"], exposed=True, source=2)
    assert type(meld.source) is int and meld.exposed is True


def test_fan_calculator_arguments_check_the_context() -> None:
    hand = parse_hand("123m 456m 789m 123s 5p +5p", "mcr")
    with pytest.raises(ContextError):
        gb_fan_arguments(hand, WinContext(kong_replacement=True, self_drawn=True))
    with pytest.raises(ContextError):
        gb_fan_arguments(hand, WinContext(heavenly_hand=True))
    assert gb_fan_arguments(hand, None)["isSelfDrawn"] is False


def test_generator_and_audit_counts_are_checked_at_the_call() -> None:
    with pytest.raises(RulesError):
        generate.winning_hands(0, -5)
    with pytest.raises(RulesError):
        generate.winning_hands(0, 1, "riichi")
    assert list(generate.winning_hands(0, 0)) == []
    for sample in (0, -1, 2.5):
        with pytest.raises(RulesError):
            audit(hands=sample)  # type: ignore[arg-type]


SOLO = TileSet("solo", "SOLO", (SuitSpec("a", "a"),), ())


def test_tile_sets_without_rules_are_refused_where_rules_are_needed() -> None:
    hand = Hand(SOLO, [SOLO["1a"]] * 4 + [SOLO["2a"]] * 4 + [SOLO["3a"]] * 4 + [SOLO["4a"]])
    with pytest.raises(RulesError) as e:
        shanten(hand)
    assert e.value.code == "unsupported-tileset"
    impostor = TileSet("uno", "FAKE", (SuitSpec("r", "red"),), ())
    for ts in (impostor, SOLO):
        with pytest.raises(RulesError) as e:
            parse_tiles("1a 1r", ts)
        assert e.value.code == "unsupported-tileset"


@pytest.mark.parametrize(
    "make",
    [
        lambda: TileSet("x", "X", (SuitSpec("a", "a"),), (), copies=0),
        lambda: TileSet("x", "X", (SuitSpec("a", "a"), SuitSpec("a", "b")), ()),
    ],
    ids=["no copies", "repeated letter"],
)
def test_tile_sets_refuse_nonsense(make: Callable[[], object]) -> None:
    with pytest.raises(RulesError):
        make()


def test_tile_set_copies_take_any_integer_type() -> None:
    copies: object = Index(4)
    assert TileSet("x", "X", (SuitSpec("a", "a"),), (), copies=copies).copies == 4  # type: ignore[arg-type]


@pytest.mark.parametrize("parse", [parse_tiles, parse_tile, parse_meld, parse_hand])
def test_parsers_refuse_what_is_not_text(parse: Callable[[object], object]) -> None:
    for value in (None, b"1r", 5):
        with pytest.raises(NotationError) as e:
            parse(value)
        assert e.value.code == "not-text"


def test_parsers_take_a_rule_set_and_refuse_unhashable_names() -> None:
    assert parse_hand("123r 456r 789r 111r 2r", UNO) == parse_hand("123r 456r 789r 111r 2r")
    with pytest.raises(RulesError):
        parse_tiles("1r", ["uno"])  # type: ignore[arg-type]


@pytest.mark.parametrize("limit", [0, -1, 1.5])
def test_play_hand_needs_room_for_one_action(limit: object) -> None:
    with pytest.raises(IllegalActionError) as e:
        play_hand("uno", [RandomBot(1), GreedyBot()], max_actions=limit)  # type: ignore[arg-type]
    assert e.value.code == "max-actions"


@pytest.mark.parametrize(
    "make",
    [
        lambda: Hand(UNO_TILES, None),  # type: ignore[arg-type]
        lambda: Hand("uno", []),  # type: ignore[arg-type]
        lambda: Hand(UNO_TILES, ["1r"] * 13),  # type: ignore[list-item]
        lambda: Hand(UNO_TILES, parse_tiles("123456789r 11y 2y"), (), "3y"),  # type: ignore[arg-type]
        lambda: Hand(UNO_TILES, parse_tiles("123456789r 1y"), ["[SSSg]"]),  # type: ignore[list-item]
    ],
    ids=["no tiles", "str tile set", "str tiles", "str winning tile", "str meld"],
)
def test_hands_refuse_parts_of_the_wrong_type(make: Callable[[], object]) -> None:
    with pytest.raises(HandError):
        make()


def test_visible_tiles_must_be_tiles() -> None:
    hand = parse_hand("123456789r 5g 5g 5g 7b")
    with pytest.raises(HandError) as e:
        live_waits(hand, "5g")  # type: ignore[arg-type]
    assert e.value.code == "not-tiles"


def test_tile_set_lookups_refuse_foreign_or_missing_tiles() -> None:
    with pytest.raises(NotationError):
        UNO_TILES.number(0, 11)
    with pytest.raises(NotationError):
        UNO_TILES.number(4, 1)
    with pytest.raises(NotationError):
        UNO_TILES.counts([parse_tile("E", "mcr")])
    with pytest.raises(NotationError):
        UNO_TILES.number("0", 1)  # type: ignore[arg-type]
    with pytest.raises(NotationError) as e:
        format_tiles([parse_tile("1r"), parse_tile("1m", "mcr")])
    assert e.value.code == "mixed-tiles"
    with pytest.raises(NotationError) as e:
        format_tiles(["1r"])  # type: ignore[list-item]
    assert e.value.code == "not-tiles"
    assert UNO_TILES.number(Index(0), Index(5)) is parse_tile("5r")  # type: ignore[arg-type]
    assert format_tiles(parse_tiles("5g 1r")) == "1r 5g"


def test_round_functions_refuse_a_seat_that_is_not_a_whole_number() -> None:
    state = Board(seed=1).state
    seat: object = 0.0
    with pytest.raises(IllegalActionError) as e:
        legal_actions(state, seat)  # type: ignore[arg-type]
    assert e.value.code == "seat"
    with pytest.raises(IllegalActionError) as e:
        apply(state, seat, Action(ActionKind.PASS))  # type: ignore[arg-type]
    assert e.value.code == "seat"
    numpy_like: object = Index(state.current)
    assert legal_actions(state, numpy_like) == legal_actions(state, state.current)  # type: ignore[arg-type]


def test_numpy_bools_are_flags() -> None:
    # NumPy's bool type as NumPy 2 names it (bool_ before), without NumPy.
    numpy_bool = type("bool", (), {"__module__": "numpy", "__bool__": lambda self: True})
    assert WinContext(self_drawn=numpy_bool()).self_drawn is True
    meld = Meld(MeldKind.PUNG, UNO_TILES["1r"], exposed=numpy_bool())
    assert meld.exposed is True


# ------------------------------------------------------------------ odd ints and strs


class _NoBool(int):
    """An int whose truth cannot be asked: integers are read by
    ``operator.index``, never by ``bool``."""

    def __bool__(self) -> bool:
        raise RuntimeError("no truth value")


@pytest.mark.parametrize("pure", [False, True])
def test_integers_are_read_by_index_alike_in_both_engines(pure: bool) -> None:
    import contextlib

    from unomahjong import _engine

    text = "123m 456m 789m 123p 5s +5s"
    with _engine.python_engine() if pure else contextlib.nullcontext():
        plain = score_hand(text, rules="mcr", flowers=2)
        assert score_hand(text, rules="mcr", flowers=_NoBool(2)) == plain


class _LyingLength(str):
    def __init__(self, text: str, length: int) -> None:
        self.length = length

    def __new__(cls, text: str, length: int) -> _LyingLength:
        return super().__new__(cls, text)

    def __len__(self) -> int:
        return self.length


@pytest.mark.parametrize("length", [0, 3, 10**9])
def test_text_is_read_by_its_real_length(length: int) -> None:
    hand = "[SSSg] 123r 456r 789r 5g +5g"
    assert parse_hand(_LyingLength(hand, length)) == parse_hand(hand)
    assert score_hand(_LyingLength(hand, length)).total == score_hand(hand).total
    assert Action.parse(_LyingLength("discard 5r", length)) == Action.parse("discard 5r")
    with pytest.raises(NotationError) as e:
        parse_tiles(_LyingLength("1r " * 5000, length))
    assert e.value.code == "too-long"
