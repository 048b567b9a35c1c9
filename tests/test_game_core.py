"""The compiled game step (``unomahjong._core.game``) answers exactly as the
reference (game/judge.py, game/flow.py) does.

* Seeded hands played with the step and without it (the reference fast
  path) give byte-identical records: logs, outcomes, scores. By default 112
  hands; with ``UNOMAHJONG_GAME_CORPUS=full`` 2,100 (300 of each player
  count, every bot mix).
* Positions from seeded hands: the turn options and every discard's next
  state, events and seat caches are the same both ways (Hypothesis).
* States built by hand with fields the engine never makes are handed back
  to the reference, which answers or raises as it always does.

In pure-Python mode the step is absent and only its absence is checked.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from game_corpus import hand_record
from hypothesis import given
from hypothesis import strategies as st

from unomahjong import _engine
from unomahjong.game import RandomBot, _fast, apply, start_round
from unomahjong.game.actions import Action, ActionKind
from unomahjong.game.flow import _discard
from unomahjong.game.judge import legal_actions, turn_options
from unomahjong.game.state import Phase, RoundMemo, RoundState, replace_round, replace_seat
from unomahjong.tiles import MCR_TILES

FULL = os.environ.get("UNOMAHJONG_GAME_CORPUS") == "full"
HANDS = 2100 if FULL else 112

STEP: ModuleType | None = _engine.loaded("game")
compiled_only = pytest.mark.skipif(STEP is None, reason="the compiled core is not built")


def test_the_step_serves_exactly_when_the_core_is_active() -> None:
    if STEP is None:
        assert _fast.compiled_step() is None
        return
    assert _fast.compiled_step() is STEP
    before = _fast.set_fast(False)
    try:
        assert _fast.compiled_step() is None
    finally:
        _fast.set_fast(before)
    with _engine.python_engine():
        assert _fast.compiled_step() is None


@compiled_only
def test_hands_play_byte_for_byte_alike_without_the_step(monkeypatch: pytest.MonkeyPatch) -> None:
    with_step = [hand_record(i) for i in range(HANDS)]
    monkeypatch.delitem(_engine.SERVING, "game")
    for i in range(HANDS):
        assert hand_record(i) == with_step[i], f"hand {i} differs without the compiled step"


# ------------------------------------------------------------------ positions


def _position(seed: int, players: int, moves: int) -> RoundState:
    """The state after up to ``moves`` random actions of a seeded hand (the
    last state before the end if it ends sooner)."""
    state, _ = start_round("uno", players=players, seed=seed)
    bots = [RandomBot(seed * 8 + i) for i in range(players)]
    for _ in range(moves):
        seat = state.current if state.phase is Phase.TURN else min(state.pending)
        nxt, _ = apply(state, seat, bots[seat].choose(state, seat))
        if nxt.phase is Phase.ENDED:
            break
        state = nxt
    return state


def _fresh(state: RoundState) -> RoundState:
    """An equal state with new seats, their caches not yet filled, and a
    new round memo (what one side weighs must not spare the other work)."""
    return replace_round(
        state,
        seats=tuple(replace_seat(s) for s in state.seats),
        memo=RoundMemo(state.rules.tileset),
    )


def _whole(state: RoundState) -> tuple[Any, ...]:
    """A state with its seats' caches, for comparison (``==`` skips them)."""
    caches = tuple((s._floor, None if s._counts is None else bytes(s._counts)) for s in state.seats)
    return state, caches


@compiled_only
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8), moves=st.integers(0, 200))
def test_turn_options_and_discards_match_the_reference(seed: int, players: int, moves: int) -> None:
    assert STEP is not None
    state = _position(seed, players, moves)
    if state.phase is not Phase.TURN:
        return
    seat = state.current
    a, b = _fresh(state), _fresh(state)
    assert STEP.turn_options(a, seat) == turn_options(b, seat)
    assert _whole(a) == _whole(b)
    for action in legal_actions(state, seat):
        if action.kind is not ActionKind.DISCARD:
            continue
        a, b = _fresh(state), _fresh(state)
        got, want = STEP.discard(a, seat, action), _discard(b, seat, action)
        assert got == want
        assert _whole(got[0]) == _whole(want[0])
        assert _whole(a) == _whole(b)


# ------------------------------------------------------------------ odd states


def _outcome(call: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    """What ``call(*args)`` returns, or the type and text of what it raises."""
    try:
        return "value", call(*args)
    except Exception as exc:  # the reference's own exception, whatever it is
        return type(exc).__name__, str(exc)


def _odd_states() -> list[tuple[str, RoundState]]:
    state = _position(7, 4, 9)
    while state.phase is not Phase.TURN:
        state = _position(7, 4, 10)
    seat = state.current
    s = state.seats[seat]
    mcr_tile = MCR_TILES.tiles[0]
    seats = list(state.seats)

    def with_seat(**changes: Any) -> RoundState:
        return replace_round(
            state, seats=(*seats[:seat], replace_seat(s, **changes), *seats[seat + 1 :])
        )

    return [
        ("unsorted concealed tiles", with_seat(concealed=tuple(reversed(s.concealed)))),
        ("a tile of another set", with_seat(concealed=(*s.concealed[:-1], mcr_tile))),
        ("a string among the tiles", with_seat(concealed=(*s.concealed[:-1], "5r"))),
        ("concealed tiles as a list", with_seat(concealed=list(s.concealed))),
        ("an int for a bool", with_seat(uno=1)),
        ("a float for a count", with_seat(draws=1.0)),
        ("a seat that is not a SeatState", replace_round(state, seats=(*seats[:-1], "seat"))),
        ("direction 2", replace_round(state, direction=2)),
        ("the dealer out of range", replace_round(state, dealer=9)),
        ("claimed as an int", replace_round(state, claimed=1)),
        ("a float front", replace_round(state, front=float(state.front))),
        ("no round memo", replace_round(state, memo=None)),
        ("an empty wall", replace_round(state, wall=())),
        ("one seat", replace_round(state, seats=(s,))),
    ]


@compiled_only
@pytest.mark.parametrize("case", range(len(_odd_states())))
def test_odd_states_are_answered_by_the_reference(case: int) -> None:
    assert STEP is not None

    def state() -> RoundState:
        # Built anew for each call: nothing one side fills in (seat caches,
        # the round memo) is there for the other.
        return _odd_states()[case][1]

    seat = state().current
    assert _outcome(STEP.turn_options, state(), seat) == _outcome(turn_options, state(), seat)
    seats = state().seats
    for tile in {t for s in seats if hasattr(s, "concealed") for t in s.concealed}:
        plain = _fast.tables(state().rules.tileset).discard.get(tile)
        if plain is None:
            continue
        for action in (plain, Action(ActionKind.DISCARD, tile, 1)):  # type: ignore[arg-type]
            got = _outcome(STEP.discard, state(), seat, action)
            assert got == _outcome(_discard, state(), seat, action)
