"""A match of the standard MCR game: the players' changes of seat between
rounds (the 2006 rules) and a false win's penalty; and the option that
lets several seats win on one discard."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unomahjong import MCR, RulesError
from unomahjong.game import (
    Action,
    ActionKind,
    Board,
    Bot,
    GreedyBot,
    HandState,
    IllegalActionError,
    RandomBot,
    apply,
    legal_actions,
    play_match,
)
from unomahjong.game.actions import WIN
from unomahjong.game.match import round_seating
from unomahjong.rules.rule_sets import MCR_FLOW, GameFlow

# Each starting seat's winds in the four rounds, as the 2006 rules seat
# them (0 East, 1 South, 2 West, 3 North at each round's first hand):
# East and South zigzag, West and North go round.
WINDS_BY_START = {0: (0, 1, 3, 2), 1: (1, 0, 2, 3), 2: (2, 3, 0, 1), 3: (3, 2, 1, 0)}


def test_each_player_sits_each_wind_once_as_the_2006_rules_move_them() -> None:
    first = (0, 1, 2, 3)
    seatings = [round_seating(first, r) for r in range(4)]
    for player, winds in WINDS_BY_START.items():
        assert tuple(s.index(player) for s in seatings) == winds
    # Over the four rounds each player has every other one as the next
    # seat and as the previous seat at least once.
    for player in first:
        for offset in (1, 3):
            assert {s[(s.index(player) + offset) % 4] for s in seatings} == set(first) - {player}
    assert round_seating(first, 4) == first  # a fifth round starts over


def test_a_match_moves_the_players_between_rounds_and_scores_them_where_they_sat() -> None:
    match = play_match("mcr", [GreedyBot()] * 4, seed=5)
    assert match.hands[0].seating == match.seating
    for h in match.hands:
        assert h.seating == round_seating(match.seating, h.number // 4)
        assert json.loads(h.log[0])["prevalent_wind"] == "ESWN"[h.number // 4]
    scores = [0, 0, 0, 0]
    for h in match.hands:
        for seat, gain in enumerate(h.outcome.payments):
            scores[h.seating[seat]] += gain
    assert tuple(scores) == match.scores and sum(scores) == 0
    assert len({h.seating for h in match.hands}) == 4


# A match is up to 20 hands: a tenth of the profile's examples, at least 8.
@settings(max_examples=max(8, settings().max_examples // 10), deadline=None)
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 5), mix=st.integers(0, 15))
def test_any_match_seats_players_by_the_rules_and_adds_up(seed: int, rounds: int, mix: int) -> None:
    bots: list[Bot] = [GreedyBot() if (mix >> i) & 1 else RandomBot(seed * 4 + i) for i in range(4)]
    match = play_match("mcr", bots, seed=seed, rounds=rounds)
    assert len(match.hands) == 4 * rounds and sorted(match.seating) == [0, 1, 2, 3]
    scores = [0, 0, 0, 0]
    for h in match.hands:
        assert h.seating == round_seating(match.seating, h.number // 4)
        assert h.dealer == h.number % 4 and sum(h.payments) == 0
        for seat, gain in enumerate(h.payments):
            scores[h.seating[seat]] += gain
    assert tuple(scores) == match.scores
    if rounds >= 4:
        for player in range(4):
            winds = {match.hands[4 * r].seating.index(player) for r in range(4)}
            assert winds == {0, 1, 2, 3}


def test_uno_mahjong_keeps_the_seats_drawn() -> None:
    match = play_match("uno", [GreedyBot()] * 4, seed=5, rounds=2)
    assert {h.seating for h in match.hands} == {match.seating}


class FalseWinner:
    """Declares a win it has not got ``times`` times at its first decisions,
    then plays as GreedyBot."""

    def __init__(self, times: int) -> None:
        self.times = times
        self.greedy = GreedyBot()

    def choose(self, state: HandState, seat: int) -> Action:
        if self.times and WIN not in legal_actions(state, seat):
            self.times -= 1
            return WIN
        return self.greedy.choose(state, seat)


class Passer:
    """Passes when it may not: an illegal action that is no false win."""

    def choose(self, state: HandState, seat: int) -> Action:
        return Action(ActionKind.PASS)


def test_a_false_win_costs_ten_to_each_other_player_and_the_hand_goes_on() -> None:
    bots: list[Bot] = [GreedyBot(), FalseWinner(2), GreedyBot(), GreedyBot()]
    match = play_match("mcr", bots, seed=5, rounds=1)
    first = match.hands[0]
    seat = first.seating.index(1)
    assert first.false_wins == (seat, seat)
    assert first.penalties == tuple(-60 if s == seat else 20 for s in range(4))
    assert first.payments == tuple(
        a + b for a, b in zip(first.outcome.payments, first.penalties, strict=True)
    )
    assert all(not h.false_wins and not h.penalties for h in match.hands[1:])
    honest = play_match("mcr", [GreedyBot()] * 4, seed=5, rounds=1)
    # The same hands were played (the bot then played greedily): only the
    # penalty differs.
    assert [h.log for h in match.hands] == [h.log for h in honest.hands]
    gained = [a - b for a, b in zip(match.scores, honest.scores, strict=True)]
    assert gained == [20, -60, 20, 20]


def test_a_false_win_is_an_illegal_action_where_the_flow_has_no_penalty() -> None:
    with pytest.raises(IllegalActionError) as caught:
        play_match("uno", [GreedyBot(), FalseWinner(1), GreedyBot(), GreedyBot()], seed=5)
    assert caught.value.code == "illegal-action"
    # Another illegal action is never taken for a false win.
    with pytest.raises(IllegalActionError):
        play_match("mcr", [Passer(), GreedyBot(), GreedyBot(), GreedyBot()], seed=5)


class TiledWinner:
    """Declares its wins written with the tile, which is no action."""

    def __init__(self) -> None:
        self.greedy = GreedyBot()

    def choose(self, state: HandState, seat: int) -> Action:
        if WIN in legal_actions(state, seat):
            return Action(ActionKind.WIN, state.drawn or state.offered)
        return self.greedy.choose(state, seat)


def test_a_malformed_win_is_refused_not_charged() -> None:
    with pytest.raises(IllegalActionError) as caught:
        play_match("mcr", [TiledWinner()] * 4, seed=5, rounds=1)
    assert caught.value.code == "illegal-action"


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"winds": False}, "they need winds"),
        ({"false_win_penalty": -1}, "a whole number >= 0"),
        ({"false_win_penalty": True}, "a whole number >= 0"),
        ({"seat_changes": 1}, "a bool"),
    ],
)
def test_a_flow_refuses_seat_changes_without_winds_and_a_bad_penalty(
    changes: dict[str, object], error: str
) -> None:
    with pytest.raises(RulesError, match=error):
        GameFlow(**{**attrs.asdict(MCR_FLOW), "flowers": False, **changes})
    assert MCR.flow == MCR_FLOW


def test_an_option_lets_every_seat_win_on_a_discard() -> None:
    # The standard game with several_winners: the discard two seats may win
    # on (only the first wins under the rules) pays each winner, the
    # discarder 8 + the fans, the other loser 8; winners pay each other
    # nothing.
    several = attrs.evolve(MCR, flow=attrs.evolve(MCR_FLOW, several_winners=True))
    board = Board(several, seed=307)
    bot = GreedyBot()
    for _ in range(119):
        seat = board.awaiting()[0]
        board.push(seat, bot.choose(board.state, seat))
    state = board.state
    winners = [s for s in state.pending if legal_actions(state, s)[0].kind is ActionKind.WIN]
    assert len(winners) == 2
    for s in state.pending:
        state = apply(state, s, WIN if s in winners else Action(ActionKind.PASS))[0]
    result = state.result
    assert result is not None and sorted(w.seat for w in result.wins) == winners
    discarder = board.state.current
    other = ({0, 1, 2, 3} - {discarder, *winners}).pop()
    fans = {w.seat: w.score.total for w in result.wins}
    assert result.payments[discarder] == -sum(8 + f for f in fans.values())
    assert result.payments[other] == -8 * len(winners)
    assert all(result.payments[w] == 8 + fans[w] + 8 for w in winners)
