"""Helpers of the game tests: a seat takes a named action, play passes
until a seat's turn, a greedy hand stopped at a step, and the scenarios
both MCR flows share (robbing an added kong, one winner on a discard)."""

from __future__ import annotations

from unomahjong.game import (
    ActionKind,
    Board,
    GreedyBot,
    HandState,
    Phase,
    apply,
    awaiting,
    legal_actions,
)


def act(state: HandState, seat: int, kind: ActionKind, tile: str | None = None) -> HandState:
    """``seat`` takes its legal action of ``kind`` (on ``tile``)."""
    for a in legal_actions(state, seat):
        if a.kind is kind and (tile is None or str(a.tile) == tile):
            return apply(state, seat, a)[0]
    raise AssertionError(f"seat {seat} may not {kind.value} {tile}: {legal_actions(state, seat)}")


def pass_until(state: HandState, seat: int | None = None) -> HandState:
    """Every seat discards what it draws and passes every claim, until
    ``seat``'s turn (None: the end of the hand)."""
    while state.result is None and not (state.phase is Phase.TURN and state.current == seat):
        who = awaiting(state)[0]
        if state.phase is Phase.TURN:
            state = act(state, who, ActionKind.DISCARD, str(state.drawn))
        else:
            state = act(state, who, ActionKind.PASS)
    return state


def greedy_to(rules: str, seed: int, steps: int) -> Board:
    """The hand dealt from ``seed`` played ``steps`` actions by greedy bots."""
    board = Board(rules, seed=seed)
    bot = GreedyBot()
    for _ in range(steps):
        seat = board.awaiting()[0]
        board.push(seat, bot.choose(board.state, seat))
    return board


ROBBING_DEALS = {0: "55m 1s 3s 5s 7s 9s 1p 3p 5p 7p EE", 1: "46m 123p 456p 789p 11s"}
"""Seat 0 holds 55m, seat 1 waits on 5m (a pure straight)."""


def rob_an_added_kong(state: HandState) -> None:
    """From a deal of :data:`ROBBING_DEALS` in which seat 0 draws N, seat 3
    draws 5m and seat 0 draws the last 5m next: seat 0 pungs seat 3's 5m,
    adds the last one, and seat 1 robs it (抢杠和); the konger pays as a
    discarder."""
    state = act(state, 0, ActionKind.DISCARD, "N")
    state = pass_until(state, 3)
    state = act(state, 3, ActionKind.DISCARD, "5m")
    assert {a.kind for a in legal_actions(state, 1)} >= {ActionKind.WIN}
    state = act(state, 1, ActionKind.PASS)  # it may win, and lets the tile go
    state = act(state, 0, ActionKind.PUNG, "5m")
    state = act(state, 0, ActionKind.DISCARD, "E")
    state = pass_until(state, 0)
    assert str(state.drawn) == "5m"
    state = act(state, 0, ActionKind.ADDED_KONG, "5m")
    assert state.phase is Phase.ROB and awaiting(state) == (1,)
    state = act(state, 1, ActionKind.WIN)
    assert state.result is not None
    win = state.result.wins[0]
    assert (win.seat, win.from_seat) == (1, 0)
    assert "ROBBING_THE_KONG" in {e.id for e in win.score.fans}
    f = win.score.total
    assert state.result.payments == (-(8 + f), 24 + f, -8, -8)


def only_the_first_wins(board: Board) -> None:
    """On a discard two seats may win on (the board's state), both say so
    and only the first in turn after the discarder wins (截和)."""
    state = board.state
    winners = [s for s in state.pending if legal_actions(state, s)[0].kind is ActionKind.WIN]
    assert len(winners) >= 2
    for s in state.pending:
        state = act(state, s, ActionKind.WIN if s in winners else ActionKind.PASS)
    first = min(winners, key=lambda s: (s - board.state.current) % 4)
    assert state.result is not None and [w.seat for w in state.result.wins] == [first]
