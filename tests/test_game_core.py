"""The compiled game step (``unomahjong._core.game``) answers exactly as the
reference (game/legality.py, game/transitions.py) does.

* Seeded hands played with the step and without it (the reference fast
  path) give byte-identical logs, outcomes included, under every game flow
  (UNO Mahjong with 2 to 8 players, the standard MCR game with its
  flowers, the Botzone judge's seat walls). By default 112 hands of each;
  with ``UNOMAHJONG_GAME_CORPUS=full`` 2,100.
* Positions from seeded hands of each flow: the turn options and every
  discard's next state and events are the same both ways (Hypothesis).
* States built by hand with fields the engine never makes are handed back
  to the reference, which answers or raises as it always does.
* The interface the game package hands the step passes its checks, and one
  that does not fit is refused (the step then declines: tests/test_game_core_flows.py).

In pure-Python mode the step is absent and only its absence is checked.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from unomahjong import _engine
from unomahjong.game import Bot, GreedyBot, RandomBot, apply, play_hand, start_hand
from unomahjong.game import transitions as flow
from unomahjong.game.actions import Action, ActionKind
from unomahjong.game.legality import legal_actions, turn_options
from unomahjong.game.state import HandState, Phase, SeatState, replace_hand, replace_seat
from unomahjong.game.tables import tables
from unomahjong.game.transitions import discard
from unomahjong.model.flowers import FLOWERS
from unomahjong.model.tiles import MCR_TILES, UNO_TILES, Tile

FULL = os.environ.get("UNOMAHJONG_GAME_CORPUS") == "full"
HANDS = 2100 if FULL else 112

STEP: ModuleType | None = _engine.loaded("game")
compiled_only = pytest.mark.skipif(STEP is None, reason="the compiled core is not built")


def test_the_step_serves_exactly_when_the_core_is_active() -> None:
    if STEP is None:
        assert _engine.core("game") is None
        return
    assert _engine.core("game") is STEP
    assert STEP.bound()
    with _engine.python_engine():
        assert _engine.core("game") is None


@compiled_only
def test_an_interface_that_does_not_fit_is_refused() -> None:
    assert STEP is not None

    @attrs.frozen(slots=True)
    class Shorter:
        concealed: tuple[object, ...]

    try:
        problem = _bind(seat_state=Shorter)
        assert problem is not None and "SeatState" not in problem and "Shorter" in problem
        assert not STEP.bound()
        assert "not callable" in _bind(claimers=None)
        plain = attrs.make_class("Plain", [a.name for a in attrs.fields(Tile)], slots=False)
        assert "Tile.code" in _bind(tile=plain) and "not a slot" in _bind(tile=plain)
    finally:
        assert _bind() is None
    assert STEP.bound()


def _bind(**changes: Any) -> Any:
    """Bind the step to the game package's interface, with ``changes``."""
    assert STEP is not None
    return STEP.bind(**{**flow.compiled_step_interface(), **changes})


# ------------------------------------------------------------------ positions


RULES = ("uno", "mcr", "botzone")


def _records(rules: str, seed: int) -> tuple[str, ...]:
    """The log of a seeded hand of random and greedy bots (2 to 8 players
    under UNO Mahjong, 4 under MCR)."""
    players = 2 + seed % 7 if rules == "uno" else 4
    bots: list[Bot] = [
        GreedyBot() if (seed >> i) & 1 else RandomBot(seed * 8 + i) for i in range(players)
    ]
    return tuple(play_hand(rules, bots, seed=seed, dealer=seed % players).log_lines())


@compiled_only
@pytest.mark.parametrize("rules", RULES)
def test_seeded_hands_are_the_same_with_and_without_the_step(rules: str) -> None:
    for seed in range(HANDS):
        stepped = _records(rules, seed)
        with _engine.python_engine():
            assert _records(rules, seed) == stepped, seed


@functools.lru_cache(maxsize=64)  # states are immutable: the odd-state cases share them
def _position(seed: int, players: int, moves: int, rules: str = "uno") -> HandState:
    """The state after up to ``moves`` random actions of a seeded hand (the
    last state before the end if it ends sooner)."""
    if rules != "uno":
        players = 4
    state, _ = start_hand(rules, players=players, seed=seed)
    bots = [RandomBot(seed * 8 + i) for i in range(players)]
    for _ in range(moves):
        seat = state.current if state.phase is Phase.TURN else min(state.pending)
        nxt, _ = apply(state, seat, bots[seat].choose(state, seat))
        if nxt.phase is Phase.ENDED:
            break
        state = nxt
    return state


@compiled_only
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 8),
    moves=st.integers(0, 200),
    rules=st.sampled_from(RULES),
)
def test_turn_options_and_discards_match_the_reference(
    seed: int, players: int, moves: int, rules: str
) -> None:
    assert STEP is not None
    state = _position(seed, players, moves, rules)
    if state.phase is not Phase.TURN:
        return
    seat = state.current
    assert STEP.turn_options(state, seat) == turn_options(state, seat)
    for action in legal_actions(state, seat):
        if action.kind is not ActionKind.DISCARD:
            continue
        got, want = STEP.discard(state, seat, action), discard(state, seat, action)
        assert got == want
        assert [type(s) for s in got[0].seats] == [SeatState] * len(got[0].seats)


# ------------------------------------------------------------------ odd states


def _outcome(call: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    """What ``call(*args)`` returns, or the type and text of what it raises."""
    try:
        return "value", call(*args)
    except Exception as exc:  # the reference's own exception, whatever it is
        return type(exc).__name__, str(exc)


def _odd_states() -> list[tuple[str, HandState]]:
    state = _position(7, 4, 9)
    while state.phase is not Phase.TURN:
        state = _position(7, 4, 10)
    seat = state.current
    s = state.seats[seat]
    mcr_tile = MCR_TILES.tiles[0]
    seats = list(state.seats)

    def with_seat(**changes: Any) -> HandState:
        return replace_hand(
            state, seats=(*seats[:seat], replace_seat(s, **changes), *seats[seat + 1 :])
        )

    botzone = _position(7, 4, 12, "botzone")
    while botzone.phase is not Phase.TURN:
        botzone = _position(7, 4, 13, "botzone")
    mcr = _position(7, 4, 12, "mcr")
    while mcr.phase is not Phase.TURN:
        mcr = _position(7, 4, 13, "mcr")
    mcr_hand = mcr.seats[mcr.current].concealed
    other = (mcr.current + 1) % 4
    missing = next(t for t in MCR_TILES.tiles if t not in mcr_hand)
    return [
        ("seat walls of three seats", replace_hand(botzone, walls=botzone.walls[:-1])),
        ("a float in the seat walls", replace_hand(botzone, walls=(20.0,) * 4)),
        ("a negative seat wall", replace_hand(botzone, walls=(-1,) * 4)),
        ("seat walls under one wall", replace_hand(mcr, walls=(30,) * 4)),
        ("a seat wall past any index", replace_hand(botzone, walls=(2**63,) * 4)),
        ("a front past any index", replace_hand(botzone, front=2**63)),
        ("both ends past any index", replace_hand(mcr, front=2**63, back=2**63)),
        ("a tile short in the turn", _with_seat(mcr, mcr.current, mcr_hand[:-1])),
        ("another seat a tile short", _with_seat(mcr, other, mcr.seats[other].concealed[1:])),
        ("the drawn tile not held", replace_hand(mcr, drawn=missing)),
        ("flowers to draw", replace_hand(mcr, wall=(FLOWERS[0],) * len(mcr.wall))),
        ("unsorted concealed tiles", with_seat(concealed=tuple(reversed(s.concealed)))),
        ("a tile of another set", with_seat(concealed=(*s.concealed[:-1], mcr_tile))),
        ("a string among the tiles", with_seat(concealed=(*s.concealed[:-1], "5r"))),
        ("concealed tiles as a list", with_seat(concealed=list(s.concealed))),
        ("an int for a bool", with_seat(uno=1)),
        ("a float for a count", with_seat(draws=1.0)),
        ("a seat that is not a SeatState", replace_hand(state, seats=(*seats[:-1], "seat"))),
        ("direction 2", replace_hand(state, direction=2)),
        ("the dealer out of range", replace_hand(state, dealer=9)),
        ("claimed as an int", replace_hand(state, claimed=1)),
        ("a float front", replace_hand(state, front=float(state.front))),
        ("rules that are no rule set", replace_hand(state, rules=None)),
        ("an MCR wall tile next", replace_hand(state, wall=(mcr_tile,) * len(state.wall))),
        ("an empty wall", replace_hand(state, wall=())),
        ("one seat", replace_hand(state, seats=(s,))),
    ]


def _with_seat(state: HandState, seat: int, concealed: tuple[Tile, ...]) -> HandState:
    seats = list(state.seats)
    seats[seat] = replace_seat(seats[seat], concealed=concealed)
    return replace_hand(state, seats=tuple(seats))


@compiled_only
@pytest.mark.parametrize("case", range(len(_odd_states())))
def test_odd_states_are_answered_by_the_reference(case: int) -> None:
    assert STEP is not None

    def state() -> HandState:
        return _odd_states()[case][1]

    seat = state().current
    assert _outcome(STEP.turn_options, state(), seat) == _outcome(turn_options, state(), seat)
    seats = state().seats
    for tile in {t for s in seats if hasattr(s, "concealed") for t in s.concealed}:
        plain = tables(UNO_TILES).discard.get(tile) or tables(MCR_TILES).discard.get(tile)
        if plain is None:
            continue
        for action in (plain, Action(ActionKind.DISCARD, tile, 1)):  # type: ignore[arg-type]
            got = _outcome(STEP.discard, state(), seat, action)
            assert got == _outcome(discard, state(), seat, action)
