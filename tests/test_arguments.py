"""Every wrong argument gets a typed error.

A sweep finds every public callable by introspection: the functions and
classes in the ``__all__`` of each public module, and the public methods of
those classes. It passes each parameter, one at a time, wrong-typed values
(None, ints, text, bytes, lists, mappings, foreign tile sets and tiles) and
lets only the library's typed errors (:class:`MahjongError`) out; an error
that names an argument must name the one that was wrong. Every public
callable must have a valid call below, so a new one cannot escape the sweep.
Then the reproducers of the issue's table, one test each.
"""

from __future__ import annotations

import enum
import inspect
import io
import os
import random
import tempfile
import warnings
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, find, settings
from hypothesis.strategies import SearchStrategy

import unomahjong
import unomahjong.botzone.play
import unomahjong.botzone.protocol
import unomahjong.botzone.tiles
import unomahjong.cards as cards
import unomahjong.game
import unomahjong.model.flowers
import unomahjong.render.card_plots
import unomahjong.render.card_viewer
import unomahjong.research.audit
import unomahjong.research.generate
import unomahjong.research.interop
import unomahjong.research.strategies
import unomahjong.schemas
from unomahjong import (
    MCR_TILES,
    UNO,
    UNO_TILES,
    HandError,
    MahjongError,
    MeldKind,
    NotationError,
    Shape,
    WinContext,
    decompose,
    discard_options,
    format_hand,
    format_meld,
    format_tiles,
    is_winning,
    live_waits,
    parse_hand,
    parse_meld,
    parse_tiles,
    score,
    shanten,
    waits,
)
from unomahjong.game import (
    Action,
    ActionKind,
    Board,
    GreedyBot,
    IllegalActionError,
    LogError,
    RandomBot,
    apply,
    awaiting,
    legal_actions,
    observe,
    outcome,
    play_hand,
    play_match,
    replay,
    seat_view,
    start_hand,
)
from unomahjong.model.tiles import SuitSpec, TileSet

MODULES: tuple[ModuleType, ...] = (
    unomahjong,
    unomahjong.game,
    unomahjong.research.generate,
    unomahjong.research.audit,
    unomahjong.research.interop,
    unomahjong.schemas,
    unomahjong.research.strategies,
    unomahjong.cards,
    unomahjong.render.card_plots,
    unomahjong.botzone,
    unomahjong.render.card_viewer,
    unomahjong.model.flowers,
)
"""The public modules (docs/api.md) whose ``__all__`` the sweep reads.
``unomahjong.cli`` is swept by its own test: its contract is the exit status."""

SOLO = TileSet("solo", "SOLO", (SuitSpec("a", "a"),), ())
"""A tile set of no rule set: foreign everywhere."""

H13 = parse_hand("123456789r 5g 5g 5g 7b")
H14 = parse_hand("[SSSg] 123r 456r 789r 5g +5g")
M14 = parse_hand("[123m] 456m 789m 123s 5p +5p", "mcr")
MELD = parse_meld("[123r@1]")
SCORE = score(H14)
LOG = Board(seed=7).log_lines()
CARD_STATE = cards.start_hand(players=3, seed=1)[0]
CARD_MOVES = cards.play_cards(cards.CARDS, [cards.GreedyCardBot()] * 2, seed=1)[1]
CARD_LOG = cards.log_lines(cards.CARDS, CARD_MOVES, players=2, seed=1)
CARD_REPORT = cards.simulate_cards(cards.CARDS, hands=2, players=2)
CARD_MATCH = cards.play_card_match(cards.CARDS, [cards.GreedyCardBot()] * 2, seed=1, max_hands=1)

BAD: tuple[object, ...] = (
    None,
    0,
    5,
    -1,
    2**64,
    1.5,
    True,
    "",
    "x",
    "\uff15",
    b"1r",
    bytearray(b"5g"),
    [],
    [1],
    [None],
    ["1r"],
    (),
    {},
    {"1r": 1},
    object(),
    MCR_TILES,
    SOLO,
    MCR_TILES["5m"],
    [MCR_TILES["5m"]] * 14,
    H13,
    UNO,
)
"""Wrong-typed values: each goes to every parameter of every public callable."""

COUNTS = frozenset({"hands", "count", "rounds", "max_actions"})
"""Parameters where a big whole number is valid and slow (a long sample or
match): they get the other values only."""


@pytest.fixture(autouse=True)
def _in_a_temporary_directory(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """write_log given a name as its file writes there, not in the tree."""
    monkeypatch.chdir(tmp_path)


def _init_kwargs(instance: Any) -> dict[str, Any]:
    """The keyword arguments that rebuild an attrs ``instance``."""
    return {f.alias: getattr(instance, f.name) for f in attrs.fields(type(instance)) if f.init}


def _judge_match() -> Any:
    return unomahjong.botzone.play_judge_hand([GreedyBot()] * 4, 5)


def _state() -> Any:
    return Board(seed=7).state


def _played() -> Board:
    board = Board(seed=7)
    board.push(0, board.default_action(0))
    return board


def _action() -> Any:
    state = _state()
    return legal_actions(state, state.current)[0]


def _sevens(reading: Any) -> int:
    return 0


Call = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]

VALID: dict[str, Callable[[], Call]] = {
    # unomahjong: values and their methods
    "Decomposition": lambda: (unomahjong.Decomposition, (Shape.STANDARD,), {}),
    "Decomposition.tiles": lambda: (decompose(H14)[0].tiles, (), {}),
    "DiscardOption": lambda: (
        unomahjong.DiscardOption,
        (),
        _init_kwargs(discard_options(H14)[0]),
    ),
    "FanEntry": lambda: (unomahjong.FanEntry, (), _init_kwargs(SCORE.fans[0])),
    "FanDef": lambda: (unomahjong.FanDef, (), _init_kwargs(UNO.table["ALL_PUNGS"])),
    "FanTable": lambda: (
        unomahjong.FanTable,
        ("house", UNO.table.rows, UNO.table.fallback, UNO.table.bonus),
        {},
    ),
    "FanTable.__getitem__": lambda: (UNO.table.__getitem__, ("ALL_PUNGS",), {}),
    "FanTable.clear_memos": lambda: (UNO.table.clear_memos, (), {}),
    "FanTable.without": lambda: (UNO.table.without, (frozenset({"ALL_PUNGS"}),), {}),
    "Detector": lambda: (
        unomahjong.Detector,
        (unomahjong.DetectorKind.SIMPLE, _sevens),
        {},
    ),
    "DetectorKind": lambda: (unomahjong.DetectorKind, ("simple",), {}),
    "Gate": lambda: (unomahjong.Gate, ("seven_pairs",), {}),
    "Hand": lambda: (unomahjong.Hand, (UNO_TILES, H13.concealed), {}),
    "Hand.parse": lambda: (unomahjong.Hand.parse, ("123456789r 5g 5g 5g 7b",), {}),
    "Hand.all_tiles": lambda: (H14.all_tiles, (), {}),
    "Hand.total_counts": lambda: (H14.total_counts, (), {}),
    "Hand.map_tiles": lambda: (H14.map_tiles, (lambda t: t,), {}),
    "Hand.with_win": lambda: (H13.with_win, (UNO_TILES["7b"],), {}),
    "Hand.without_win": lambda: (H14.without_win, (), {}),
    "Hand.discard": lambda: (H14.discard, (UNO_TILES["5g"],), {}),
    "Meld": lambda: (unomahjong.Meld, (MeldKind.PUNG, UNO_TILES["1r"]), {}),
    "Meld.sort_key": lambda: (MELD.sort_key, (), {}),
    "Meld.chow": lambda: (unomahjong.Meld.chow, (UNO_TILES["1r"],), {}),
    "Meld.pung": lambda: (unomahjong.Meld.pung, (UNO_TILES["1r"],), {}),
    "Meld.kong": lambda: (unomahjong.Meld.kong, (UNO_TILES["1r"],), {}),
    "MeldKind": lambda: (MeldKind, ("pung",), {}),
    "Role": lambda: (unomahjong.Role, ("pair",), {}),
    "RuleOptions": lambda: (unomahjong.RuleOptions, (), {"min_fans": 8}),
    "RuleSet": lambda: (unomahjong.RuleSet, (), _init_kwargs(UNO)),
    "GameFlow": lambda: (unomahjong.GameFlow, (), _init_kwargs(unomahjong.BOTZONE.flow)),
    "RuleSet.check_context": lambda: (UNO.check_context, (WinContext(),), {}),
    "RuleSet.with_options": lambda: (UNO.with_options, (), {"min_fans": 8}),
    "RuleSet.with_shapes": lambda: (UNO.with_shapes, (Shape.STANDARD,), {"name": "std"}),
    "RuleSet.without_shapes": lambda: (UNO.without_shapes, (Shape.SEVEN_PAIRS,), {}),
    "RuleSet.with_fans": lambda: (UNO.with_fans, (), {"off": {"ALL_PUNGS"}, "name": "house"}),
    "Score": lambda: (unomahjong.Score, (), _init_kwargs(SCORE)),
    "Score.as_dict": lambda: (SCORE.as_dict, (), {}),
    "Shape": lambda: (Shape, ("standard",), {}),
    "Tile": lambda: (unomahjong.Tile, (), _init_kwargs(UNO_TILES["5g"])),
    "TileSet": lambda: (TileSet, ("x", "X", (SuitSpec("a", "a"),), ()), {}),
    "TileSet.__getitem__": lambda: (UNO_TILES.__getitem__, ("5g",), {}),
    "TileSet.__contains__": lambda: (UNO_TILES.__contains__, (UNO_TILES["5g"],), {}),
    "TileSet.by_code": lambda: (UNO_TILES.by_code, (UNO_TILES["5g"].code,), {}),
    "TileSet.owns": lambda: (UNO_TILES.owns, (UNO_TILES["5g"],), {}),
    "TileSet.held": lambda: (UNO_TILES.held, (H13.counts,), {}),
    "TileSet.suit_codes": lambda: (UNO_TILES.suit_codes, (1,), {}),
    "TileSet.number": lambda: (UNO_TILES.number, (1, 5), {}),
    "TileSet.counts": lambda: (UNO_TILES.counts, (H13.concealed,), {}),
    "WinContext": lambda: (WinContext, (), {"self_drawn": True}),
    "WinContext.check": lambda: (WinContext().check, (H14,), {}),
    "WinRole": lambda: (unomahjong.WinRole, (unomahjong.Role.PAIR,), {}),
    # unomahjong: functions
    "decompose": lambda: (decompose, (H14,), {}),
    "discard_options": lambda: (discard_options, (H14,), {"visible": H13.concealed[:2]}),
    "format_hand": lambda: (format_hand, (H14,), {}),
    "format_meld": lambda: (format_meld, (MELD,), {}),
    "format_tiles": lambda: (format_tiles, (H13.concealed,), {}),
    "get_rules": lambda: (unomahjong.get_rules, ("uno",), {}),
    "is_winning": lambda: (is_winning, (H14,), {}),
    "live_waits": lambda: (live_waits, (H13,), {"visible": [UNO_TILES["7b"]]}),
    "parse_hand": lambda: (parse_hand, ("123456789r 5g 5g 5g 7b", "uno"), {}),
    "parse_meld": lambda: (parse_meld, ("[123r]", "uno"), {}),
    "parse_tile": lambda: (unomahjong.parse_tile, ("5g", "uno"), {}),
    "parse_tiles": lambda: (parse_tiles, ("5g 1r", "uno"), {}),
    "score": lambda: (score, (H14, WinContext(), "uno"), {"enforce_minimum": False}),
    "score_hand": lambda: (unomahjong.score_hand, ("[SSSg] 123r 456r 789r 5g +5g",), {}),
    "shanten": lambda: (shanten, (H13,), {}),
    "shanten_by_shape": lambda: (unomahjong.shanten_by_shape, (H13,), {}),
    "waits": lambda: (waits, (H13,), {}),
    # unomahjong.game
    "Action": lambda: (Action, (ActionKind.PASS,), {}),
    "Action.parse": lambda: (Action.parse, ("discard 5r UNO",), {"rules": "uno"}),
    "ActionKind": lambda: (ActionKind, ("discard",), {}),
    "Board": lambda: (Board, ("uno",), {"players": 4, "dealer": 0, "seed": 7}),
    "Board.awaiting": lambda: (Board(seed=7).awaiting, (), {}),
    "Board.legal_actions": lambda: (Board(seed=7).legal_actions, (0,), {}),
    "Board.observe": lambda: (Board(seed=7).observe, (1,), {}),
    "Board.outcome": lambda: (Board(seed=7).outcome, (), {}),
    "Board.push": lambda: (Board(seed=7).push, (0, _action()), {}),
    "Board.pop": lambda: (_played().pop, (), {}),
    "Board.default_action": lambda: (Board(seed=7).default_action, (0,), {}),
    "Board.log_lines": lambda: (Board(seed=7).log_lines, (), {"key": b"k"}),
    "Event": lambda: (unomahjong.game.Event, ("draw", 0), {}),
    "GreedyBot": lambda: (GreedyBot, (), {}),
    "GreedyBot.choose": lambda: (GreedyBot().choose, (_state(), 0), {}),
    "MatchResult": lambda: (unomahjong.game.MatchResult, ((0, 1), (), (0, 0)), {}),
    "Observation": lambda: (unomahjong.game.Observation, (), _init_kwargs(observe(_state(), 0))),
    "Outcome": lambda: (unomahjong.game.Outcome, ((), (0, 0)), {}),
    "Phase": lambda: (unomahjong.game.Phase, ("turn",), {}),
    "JudgeStage": lambda: (unomahjong.botzone.JudgeStage, ("deal",), {}),
    "RandomBot": lambda: (RandomBot, (1,), {}),
    "RandomBot.choose": lambda: (RandomBot(1).choose, (_state(), 0), {}),
    "HandState": lambda: (unomahjong.game.HandState, (), _init_kwargs(_state())),
    "SeatState": lambda: (unomahjong.game.SeatState, (), _init_kwargs(_state().seats[0])),
    "Win": lambda: (unomahjong.game.Win, (0, SCORE, None), {}),
    "apply": lambda: (apply, (_state(), 0, _action()), {}),
    "awaiting": lambda: (awaiting, (_state(),), {}),
    "legal_actions": lambda: (legal_actions, (_state(), 0), {}),
    "observe": lambda: (observe, (_state(), 0), {}),
    "outcome": lambda: (outcome, (_state(),), {}),
    "play_hand": lambda: (
        play_hand,
        ("uno", [RandomBot(1), GreedyBot()]),
        {"dealer": 0, "seed": 3, "max_actions": 10_000},
    ),
    "play_match": lambda: (
        play_match,
        ("uno", [RandomBot(1), GreedyBot()]),
        {"seed": 0, "rounds": 1},
    ),
    "replay": lambda: (replay, (LOG,), {"complete": False}),
    "Replay": lambda: (unomahjong.game.Replay, ([_state()],), {"complete": False}),
    "read_log": lambda: (unomahjong.game.read_log, (io.StringIO("\n".join(LOG)),), {}),
    "write_log": lambda: (unomahjong.game.write_log, (io.StringIO(), LOG), {"key": b"k"}),
    "seat_view": lambda: (seat_view, (LOG, 0), {}),
    "start_hand": lambda: (
        start_hand,
        ("uno",),
        {"players": 4, "dealer": 0, "seed": 1, "wall": list(UNO_TILES) * 4},
    ),
    # unomahjong.research.generate
    "random_winning_hand": lambda: (
        unomahjong.research.generate.random_winning_hand,
        (random.Random(1), "uno"),
        {"theme": "pungs"},
    ),
    "winning_hands": lambda: (unomahjong.research.generate.winning_hands, (1, 2, "uno"), {}),
    # unomahjong.research.audit
    "AuditReport": lambda: (
        unomahjong.research.audit.AuditReport,
        ("uno", 1, {}, (), (), ()),
        {},
    ),
    "audit": lambda: (unomahjong.research.audit.audit, ("uno",), {"hands": 5, "seed": 0}),
    # unomahjong.research.interop
    "gb_fan_arguments": lambda: (
        unomahjong.research.interop.gb_fan_arguments,
        (M14, WinContext()),
        {},
    ),
    "gb_hand": lambda: (unomahjong.research.interop.gb_hand, (M14,), {}),
    "gb_pack": lambda: (unomahjong.research.interop.gb_pack, (M14.melds[0],), {}),
    "gb_tile": lambda: (unomahjong.research.interop.gb_tile, (MCR_TILES["5m"],), {}),
    "from_gb_tile": lambda: (unomahjong.research.interop.from_gb_tile, ("W5",), {}),
    "from_gb_pack": lambda: (unomahjong.research.interop.from_gb_pack, (("PENG", "W5", 2),), {}),
    "from_gb_hand": lambda: (
        unomahjong.research.interop.from_gb_hand,
        (*unomahjong.research.interop.gb_hand(M14), "B5"),
        {},
    ),
    "from_gb_fan_arguments": lambda: (
        unomahjong.research.interop.from_gb_fan_arguments,
        (unomahjong.research.interop.gb_fan_arguments(M14),),
        {},
    ),
    "to_34": lambda: (unomahjong.research.interop.to_34, (M14,), {}),
    "to_136": lambda: (unomahjong.research.interop.to_136, (M14,), {}),
    "from_34": lambda: (unomahjong.research.interop.from_34, ([1] * 13 + [0] * 21,), {}),
    "from_136": lambda: (unomahjong.research.interop.from_136, ([0, 4, 8, 135],), {}),
    # unomahjong.research.strategies
    "hand_texts": lambda: (unomahjong.research.strategies.hand_texts, ("uno",), {}),
    "hands": lambda: (
        unomahjong.research.strategies.hands,
        ("uno",),
        {"min_melds": 0, "max_melds": 4, "with_win": False},
    ),
    "invalid_hand_texts": lambda: (unomahjong.research.strategies.invalid_hand_texts, ("uno",), {}),
    "melds": lambda: (unomahjong.research.strategies.melds, ("uno",), {"exposed": True}),
    "near_misses": lambda: (
        unomahjong.research.strategies.near_misses,
        ("uno", Shape.STANDARD),
        {"with_win": True},
    ),
    "ready_hands": lambda: (
        unomahjong.research.strategies.ready_hands,
        ("uno", Shape.STANDARD),
        {},
    ),
    "scored_hands": lambda: (
        unomahjong.research.strategies.scored_hands,
        ("uno", Shape.STANDARD),
        {},
    ),
    "shaped_winning_hands": lambda: (
        unomahjong.research.strategies.shaped_winning_hands,
        ("uno", Shape.STANDARD),
        {},
    ),
    "themed_hands": lambda: (unomahjong.research.strategies.themed_hands, ("uno",), {}),
    "tiles": lambda: (unomahjong.research.strategies.tiles, ("uno",), {}),
    "win_contexts": lambda: (unomahjong.research.strategies.win_contexts, (H14,), {}),
    "winning_hands (strategies)": lambda: (
        unomahjong.research.strategies.winning_hands,
        ("uno", Shape.STANDARD),
        {},
    ),
    # unomahjong.cards
    "Card": lambda: (cards.Card, (), _init_kwargs(cards.card("7r"))),
    "Card.parse": lambda: (cards.Card.parse, ("7r",), {}),
    "CardAction": lambda: (cards.CardAction, (cards.CardActionKind.DRAW,), {}),
    "CardAction.parse": lambda: (cards.CardAction.parse, ("play W b uno",), {}),
    "CardActionKind": lambda: (cards.CardActionKind, ("draw",), {}),
    "CardEvent": lambda: (cards.CardEvent, ("draw", 0), {}),
    "CardKind": lambda: (cards.CardKind, ("wild",), {}),
    "CardPhase": lambda: (cards.CardPhase, ("play",), {}),
    "CardRules": lambda: (cards.CardRules, (), {"target": 300}),
    "CardRules.with_options": lambda: (cards.CARDS.with_options, (), {"target": 300}),
    "CardState": lambda: (cards.CardState, (), _init_kwargs(CARD_STATE)),
    "CardState.card_count": lambda: (CARD_STATE.card_count, (), {}),
    "apply (cards)": lambda: (cards.apply, (CARD_STATE, CARD_STATE.current, "draw"), {}),
    "card": lambda: (cards.card, ("W4",), {}),
    "GreedyCardBot": lambda: (cards.GreedyCardBot, (), {}),
    "GreedyCardBot.choose": lambda: (
        cards.GreedyCardBot().choose,
        (CARD_STATE, CARD_STATE.current, cards.legal_actions(CARD_STATE, CARD_STATE.current)),
        {},
    ),
    "RandomCardBot": lambda: (cards.RandomCardBot, (3,), {}),
    "RandomCardBot.choose": lambda: (
        cards.RandomCardBot(3).choose,
        (CARD_STATE, CARD_STATE.current, cards.legal_actions(CARD_STATE, CARD_STATE.current)),
        {},
    ),
    "UniformCardBot": lambda: (cards.UniformCardBot, (3,), {}),
    "UniformCardBot.choose": lambda: (
        cards.UniformCardBot(3).choose,
        (CARD_STATE, CARD_STATE.current, cards.legal_actions(CARD_STATE, CARD_STATE.current)),
        {},
    ),
    "play_cards": lambda: (
        cards.play_cards,
        (cards.CARDS, [cards.GreedyCardBot()] * 2),
        {"seed": 1},
    ),
    "deck": lambda: (cards.deck, (), {"all_draw_wild": True}),
    "legal_actions (cards)": lambda: (cards.legal_actions, (CARD_STATE, 0), {}),
    "parse_cards": lambda: (cards.parse_cards, ("7r W",), {}),
    "playable": lambda: (cards.playable, (cards.card("7r"), cards.card("7b"), "b"), {}),
    "start_hand (cards)": lambda: (cards.start_hand, (cards.CARDS,), {"players": 3, "seed": 1}),
    "log_lines": lambda: (cards.log_lines, (cards.CARDS, CARD_MOVES), {"players": 2, "seed": 1}),
    "replay (cards)": lambda: (cards.replay, (CARD_LOG,), {}),
    "seat_view (cards)": lambda: (cards.seat_view, (CARD_LOG, 1), {}),
    "hand_scores": lambda: (
        cards.hand_scores,
        (cards.CARDS, [(), cards.parse_cards("7r W")], 0),
        {},
    ),
    "simulate_cards": lambda: (cards.simulate_cards, (cards.CARDS,), {"hands": 2}),
    "CardSimulationReport": lambda: (
        cards.CardSimulationReport,
        (),
        _init_kwargs(cards.simulate_cards(cards.CARDS, hands=1)),
    ),
    "card_simulation_svg": lambda: (
        unomahjong.render.card_plots.card_simulation_svg,
        (CARD_REPORT,),
        {},
    ),
    "plot_card_simulation": lambda: (
        unomahjong.render.card_plots.plot_card_simulation,
        (CARD_REPORT, os.path.join(tempfile.gettempdir(), "unomahjong-arguments.svg")),
        {},
    ),
    "botzone_tile": lambda: (unomahjong.botzone.botzone_tile, (M14.concealed[0],), {}),
    "from_botzone_tile": lambda: (unomahjong.botzone.from_botzone_tile, ("W1",), {}),
    "judge_wall": lambda: (unomahjong.botzone.judge_wall, (5,), {"quan": 1}),
    "judge_start": lambda: (unomahjong.botzone.judge_start, (5,), {"quan": 1}),
    "judge_step": lambda: (
        unomahjong.botzone.judge_step,
        (unomahjong.botzone.judge_start(5),),
        {"responses": ["PASS"] * 4},
    ),
    "judge_responses": lambda: (
        unomahjong.botzone.judge_responses,
        (unomahjong.botzone.judge_start(5), 0),
        {},
    ),
    "JudgeHand": lambda: (
        unomahjong.botzone.JudgeHand,
        (),
        _init_kwargs(unomahjong.botzone.judge_start(5)),
    ),
    "JudgeResponse": lambda: (unomahjong.botzone.JudgeResponse, ("HU",), {"fans": 8}),
    "Flower": lambda: (unomahjong.model.flowers.Flower, (3,), {}),
    "parse_flower": lambda: (unomahjong.model.flowers.parse_flower, ("H3",), {}),
    "JudgeAnswer": lambda: (unomahjong.botzone.JudgeAnswer, ("PASS",), {"verdict": "OK"}),
    "JudgeAnswer.as_json": lambda: (unomahjong.botzone.JudgeAnswer("PASS").as_json, (), {}),
    "BotProgram": lambda: (unomahjong.botzone.BotProgram, (["true"],), {"timeout": 1.0}),
    "LibraryBotSeat": lambda: (unomahjong.botzone.LibraryBotSeat, (GreedyBot(),), {}),
    "play_judge_hand": lambda: (
        unomahjong.botzone.play_judge_hand,
        ([GreedyBot()] * 4, 5),
        {"quan": 1},
    ),
    "JudgeHandRecord": lambda: (
        unomahjong.botzone.JudgeHandRecord,
        (),
        _init_kwargs(_judge_match()),
    ),
    "judge_log": lambda: (unomahjong.botzone.judge_log, (_judge_match(),), {}),
    "replay_judge_log": lambda: (
        unomahjong.botzone.replay_judge_log,
        (unomahjong.botzone.judge_log(_judge_match()),),
        {},
    ),
    "card_svg": lambda: (unomahjong.render.card_viewer.card_svg, (cards.card("W4"),), {}),
    "replay_html (cards)": lambda: (
        unomahjong.render.card_viewer.replay_html,
        (CARD_LOG,),
        {"seat": 1},
    ),
    "CardReplay": lambda: (cards.CardReplay, ([CARD_STATE],), {"complete": False}),
    "play_card_match": lambda: (
        cards.play_card_match,
        (cards.CARDS, [cards.GreedyCardBot()] * 2),
        {"seed": 1, "max_hands": 2},
    ),
    "CardHandResult": lambda: (cards.CardHandResult, (), _init_kwargs(CARD_MATCH.hands[0])),
    "CardMatchResult": lambda: (cards.CardMatchResult, (), _init_kwargs(CARD_MATCH)),
    # unomahjong.schemas
    "load": lambda: (unomahjong.schemas.load, ("score",), {}),
    "names": lambda: (unomahjong.schemas.names, (), {}),
}
"""A valid call of every public callable: (callable, args, kwargs), made
fresh for each sweep (a Board is changed by its methods)."""

_RENAMED = {
    "unomahjong.research.strategies.winning_hands": "winning_hands (strategies)",
    "unomahjong.cards.apply": "apply (cards)",
    "unomahjong.cards.start_hand": "start_hand (cards)",
    "unomahjong.cards.legal_actions": "legal_actions (cards)",
    "unomahjong.cards.replay": "replay (cards)",
    "unomahjong.cards.seat_view": "seat_view (cards)",
    "unomahjong.render.card_viewer.replay_html": "replay_html (cards)",
}
"""Names that two public modules share, told apart."""


def _is_protocol(cls: type) -> bool:
    return bool(getattr(cls, "_is_protocol", False))


def public_callables() -> Iterator[tuple[str, object]]:
    """(name in VALID, object) for every public function, class and public
    method of a public class; exceptions and typing protocols are not called."""
    seen: set[int] = set()
    for module in MODULES:
        for name in module.__all__:
            obj = getattr(module, name)
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            key = _RENAMED.get(f"{module.__name__}.{name}", name)
            if isinstance(obj, type):
                if issubclass(obj, BaseException) or _is_protocol(obj):
                    continue
                yield key, obj
                if issubclass(obj, enum.Enum):
                    continue
                for attr, raw in vars(obj).items():
                    if attr.startswith("_") and attr not in ("__getitem__", "__contains__"):
                        continue
                    if isinstance(raw, (classmethod, staticmethod)) or inspect.isfunction(raw):
                        yield f"{name}.{attr}", raw
            elif inspect.isfunction(inspect.unwrap(obj)):  # the core's entry points wrap
                yield key, obj


def test_every_public_callable_has_a_valid_call() -> None:
    listed = [name for name, _ in public_callables()]
    names = set(listed)
    assert len(names) == len(listed), "two public callables share a name: add it to _RENAMED"
    assert names == set(VALID), (
        f"missing from VALID: {sorted(names - set(VALID))}; "
        f"stale in VALID: {sorted(set(VALID) - names)}"
    )


def _parameters(func: Callable[..., Any]) -> list[inspect.Parameter]:
    if isinstance(func, enum.EnumMeta):
        # An enum's call is a lookup by value (its other parameters are the
        # functional API that creates enums).
        return [inspect.Parameter("value", inspect.Parameter.POSITIONAL_ONLY)]
    # ``**unknown: Never`` takes no value: it is there to refuse misspellings.
    return [p for p in inspect.signature(func).parameters.values() if p.kind is not p.VAR_KEYWORD]


_FIND = settings(
    database=None,
    max_examples=5,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
    deadline=None,
)


def _consume(result: object) -> None:
    """Run what a call defers: the first item of an iterator, one draw of a
    strategy (arguments are checked at the call, so this draw must pass)."""
    if isinstance(result, Iterator) and not isinstance(result, (str, bytes)):
        next(result, None)
    elif isinstance(result, SearchStrategy):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            find(result, lambda _: True, settings=_FIND)


def _calls(
    name: str, values: tuple[object, ...] = BAD
) -> Iterator[tuple[str, Callable[[], object]]]:
    """(description, thunk) for each wrong value in each parameter of ``name``
    (tests/test_bounded_input.py passes huge values)."""
    func, args, kwargs = VALID[name]()
    for i, p in enumerate(_parameters(func)):
        for value in values:
            if p.name in COUNTS and type(value) is int and value > 100:
                continue
            a, k = list(args), dict(kwargs)
            if p.kind is p.VAR_POSITIONAL:
                a = [*a, value]
            elif p.kind is p.VAR_KEYWORD:
                k["not_a_parameter"] = value
            elif p.kind is not p.KEYWORD_ONLY and i < len(a):
                a[i] = value
            elif p.kind is p.POSITIONAL_ONLY:
                a.append(value)
            else:
                k[p.name] = value
            fresh, _, _ = VALID[name]()  # a new Board for each call of its methods

            def thunk(
                f: Callable[..., Any] = fresh, a: list[Any] = a, k: dict[str, Any] = k
            ) -> object:
                return f(*a, **k)

            yield f"{name}({p.name}={_short(value)})", thunk


def _short(value: object) -> str:
    if type(value) is int and value.bit_length() > 128:
        return f"<{value.bit_length()}-bit int>"
    if isinstance(value, str) and len(value) > 40:
        return f"<{len(value):,}-character str>"
    return f"{value!r:.40}"


def test_valid_calls_succeed() -> None:
    for name in VALID:
        func, args, kwargs = VALID[name]()
        _consume(func(*args, **kwargs))


@pytest.mark.parametrize("name", sorted(VALID))
def test_wrong_typed_arguments_raise_only_typed_errors(name: str) -> None:
    escaped = []
    for what, thunk in _calls(name):
        param = what[len(name) + 1 : what.index("=")]
        try:
            _consume(thunk())
        except MahjongError as e:
            if e.argument is not None and e.argument != param:
                escaped.append(f"{what}: names argument {e.argument!r}")
        except Exception as e:
            escaped.append(f"{what}: {type(e).__name__}: {e}"[:200])
    assert not escaped, "\n".join(escaped)


# ---------------------------------------------------------------- the issue's table


@pytest.mark.parametrize(
    "func",
    [shanten, waits, live_waits, discard_options, is_winning, decompose, format_hand, format_meld],
)
def test_none_for_a_hand_or_meld_is_a_hand_error(func: Callable[[object], object]) -> None:
    with pytest.raises(HandError) as e:
        func(None)
    assert e.value.code in ("not-a-hand", "not-a-meld")
    assert e.value.argument in ("hand", "meld")
    assert f"{func.__name__}() takes a" in str(e.value)


def test_live_waits_visible_must_be_tiles() -> None:
    with pytest.raises(HandError) as e:
        live_waits(H13, 5)  # type: ignore[arg-type]
    assert e.value.code == "not-tiles" and e.value.argument == "visible"


def test_format_tiles_of_a_number() -> None:
    with pytest.raises(NotationError) as e:
        format_tiles(5)  # type: ignore[arg-type]
    assert e.value.code == "not-tiles" and e.value.argument == "tiles"


def test_by_code_of_text() -> None:
    with pytest.raises(NotationError) as e:
        UNO_TILES.by_code("5")  # type: ignore[arg-type]
    assert e.value.code == "not-a-code" and e.value.argument == "code"
    with pytest.raises(NotationError) as e:
        UNO_TILES.by_code(999)
    assert e.value.code == "unknown-tile"


def test_tile_set_lookup_with_an_unhashable_key() -> None:
    with pytest.raises(NotationError) as e:
        UNO_TILES[["1r"]]  # type: ignore[index]
    assert e.value.code == "not-text" and e.value.argument == "notation"


@pytest.mark.parametrize("func", [legal_actions, apply, awaiting, outcome, observe])
def test_none_for_a_state_is_an_illegal_action_error(func: Callable[..., object]) -> None:
    args: list[object] = [None, 0, Action(ActionKind.PASS)]
    n = len(_parameters(func))
    with pytest.raises(IllegalActionError) as e:
        func(*args[:n])
    assert e.value.code == "not-a-state" and e.value.argument == "state"


def test_play_hand_with_a_number_of_bots() -> None:
    with pytest.raises(IllegalActionError) as e:
        play_hand("uno", 4)  # type: ignore[arg-type]
    assert e.value.code == "not-bots" and e.value.argument == "bots"


def test_play_hand_with_bots_that_are_not_bots() -> None:
    with pytest.raises(IllegalActionError) as e:
        play_hand("uno", [None] * 4)  # type: ignore[list-item]
    assert e.value.code == "not-a-bot" and "bots[0]" in str(e.value)


def test_seeds_of_the_wrong_type() -> None:
    with pytest.raises(IllegalActionError) as e:
        RandomBot([1])  # type: ignore[arg-type]
    assert e.value.code == "seed" and e.value.argument == "seed"
    with pytest.raises(IllegalActionError) as e:
        play_match("uno", [RandomBot(1), GreedyBot()], seed=[1])  # type: ignore[arg-type]
    assert e.value.code == "seed" and e.value.argument == "seed"
    for seed in ("7", 7.0, b"7"):
        with pytest.raises(MahjongError):
            RandomBot(seed)  # type: ignore[arg-type]
    assert RandomBot(7).rng.random() == RandomBot(7).rng.random()


def test_replay_of_a_number() -> None:
    with pytest.raises(LogError) as e:
        replay(5)  # type: ignore[arg-type]
    assert e.value.code == "not-lines" and e.value.argument == "lines"
    assert replay("\n".join(LOG)) == replay(LOG)  # a log's whole text (tests/test_game_api.py)
    with pytest.raises(LogError) as e:
        replay("\n".join(LOG).encode())  # type: ignore[arg-type]
    assert e.value.code == "not-lines" and e.value.argument == "lines"


def test_replay_of_lines_that_are_not_text() -> None:
    with pytest.raises(LogError) as e:
        replay([None])  # type: ignore[list-item]
    assert e.value.code == "bad-line" and str(e.value).startswith("line 1:")
    with pytest.raises(LogError) as e:
        replay([LOG[0], LOG[1].encode()])  # type: ignore[list-item]
    assert e.value.code == "bad-line" and str(e.value).startswith("line 2:")


def test_seat_view_refuses_a_bool_seat() -> None:
    with pytest.raises(LogError) as e:
        seat_view(LOG, True)
    assert e.value.code == "bad-seat"


def test_a_wall_of_numbers() -> None:
    with pytest.raises(IllegalActionError) as e:
        start_hand(wall=[1] * 176)  # type: ignore[list-item]
    assert e.value.code == "wall" and e.value.argument == "wall"


def test_a_wall_of_another_tile_sets_tiles_with_matching_codes() -> None:
    # Each UNO tile replaced by the MCR tile of the same code where there is
    # one: the codes are exactly a full UNO wall's, the tiles are not.
    mcr = {t.code: t for t in MCR_TILES}
    wall = [mcr.get(t.code, t) for t in UNO_TILES for _ in range(4)]
    assert sorted(t.code for t in wall) == sorted(t.code for t in UNO_TILES for _ in range(4))
    assert any(t.tileset is MCR_TILES for t in wall)
    with pytest.raises(IllegalActionError) as e:
        start_hand(wall=wall)
    assert e.value.code == "wall" and "is not a tile of the uno set" in str(e.value)


@pytest.mark.parametrize(
    "wall",
    [
        list(UNO_TILES) * 4 + [UNO_TILES["1r"]],  # one tile too many
        (list(UNO_TILES) * 4)[1:],  # one too few
        [UNO_TILES["1r"], *(list(UNO_TILES) * 4)[1:-1], UNO_TILES["1r"]],  # a swap of kinds
    ],
    ids=["177 tiles", "175 tiles", "five 1r"],
)
def test_a_wall_must_hold_every_tile_exactly_four_times(wall: list[Any]) -> None:
    with pytest.raises(IllegalActionError) as e:
        start_hand(wall=wall)
    assert e.value.code == "wall"


def test_a_valid_explicit_wall_in_any_order_plays() -> None:
    wall = list(UNO_TILES) * 4
    random.Random(5).shuffle(wall)
    state, _ = start_hand(wall=tuple(wall))
    assert state.wall == tuple(wall)


# ---------------------------------------------------------------- the rest of the class


@pytest.mark.parametrize(
    ("kind", "value", "error", "code"),
    [
        (MeldKind, "triple", HandError, "unknown-meld-kind"),
        (Shape, ["standard"], unomahjong.RulesError, "unknown-shape"),
        (unomahjong.Role, None, HandError, "unknown-role"),
        (ActionKind, "Discard", IllegalActionError, "unknown-action-kind"),
        (unomahjong.game.Phase, 1, IllegalActionError, "unknown-phase"),
    ],
)
def test_enum_lookups_by_an_unknown_value(
    kind: type[enum.Enum], value: object, error: type[MahjongError], code: str
) -> None:
    with pytest.raises(error) as e:
        kind(value)
    assert e.value.code == code


def test_visible_tiles_may_not_be_a_mapping() -> None:
    # Iterating a Counter would read its keys and drop the counts.
    with pytest.raises(HandError) as e:
        live_waits(H13, {UNO_TILES["7b"]: 2})
    assert e.value.code == "not-tiles"
    assert live_waits(H13, iter([UNO_TILES["7b"]])) == {UNO_TILES["7b"]: 2}


def test_refused_values_are_quoted_briefly() -> None:
    with pytest.raises(HandError) as e:
        shanten(["1r"] * 100_000)  # type: ignore[arg-type]
    assert len(str(e.value)) < 200
    assert e.value.argument == "hand"


def test_errors_keep_their_argument_through_pickling() -> None:
    import pickle

    with pytest.raises(HandError) as e:
        shanten(None)  # type: ignore[arg-type]
    again = pickle.loads(pickle.dumps(e.value))
    assert (again.code, again.argument, str(again)) == (e.value.code, "hand", str(e.value))
