"""Every public value pickles (protocols 2 to the highest), copies and
deep-copies equal to the original, and hashes, or says plainly that it is
unhashable (its class sets ``__hash__`` to None): process pools and
distributed engines move them between processes."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

import unomahjong as um
from unomahjong import game
from unomahjong.research import audit, simulation
from unomahjong.rules.detectors import ALL_SHAPES, Holds
from unomahjong.rules.fans import FanDef


def _values() -> dict[str, Any]:
    hand = um.parse_hand("[SSSg] 123r 456r 789r 5g +5g")
    result = um.score(hand, um.WinContext(self_drawn=True))
    row = FanDef(
        id="HOUSE",
        zh="家",
        en="House",
        points=2,
        number=99,
        excludes=(),
        definition="x",
        detector=Holds(any_rank={7}, shapes=ALL_SHAPES),
    )
    board = game.play_hand("uno", [game.RandomBot(i) for i in range(4)], seed=3)
    replayed = game.replay(board.log_lines())
    return {
        "Tile": um.UNO_TILES.tiles[5],
        "TileSet": um.MCR_TILES,
        "Hand": hand,
        "Meld": hand.melds[0],
        "WinContext": um.WinContext(seat_wind="W", flowers=3),
        "Score": result,
        "FanEntry": result.fans[0],
        "Decomposition": result.decomposition,
        "decompose": um.decompose(hand),
        "RuleSet UNO": um.UNO,
        "RuleSet MCR": um.MCR,
        "RuleSet house": um.UNO.with_fans(row, name="house").with_options(min_fans=2),
        "RuleOptions": um.UNO.options,
        "DiscardOption": um.discard_options(hand)[0],
        "Shape": um.Shape.SEVEN_PAIRS,
        "Action": game.Action(game.ActionKind.DISCARD, hand.concealed[0], True),
        "Event": game.Event("draw", 1, hand.concealed[0]),
        "HandState": board.state,
        "SeatState": board.state.seats[0],
        "Outcome": board.state.result,
        "Replay": replayed,
        "Observation": game.observe(replayed[5], 1),
        "MatchResult": game.play_match(
            "uno", [game.RandomBot(i) for i in range(4)], rounds=2, seed=1
        ),
        "SimulationReport": simulation.simulate(games=3, seed=1),
        "AuditReport": audit.audit(hands=20, seed=1),
        "errors": um.HandError("tile-count", "a message", position=3, hint="a hint"),
    }


VALUES = _values()


@pytest.mark.parametrize("name", sorted(VALUES))
def test_values_round_trip_equal(name: str) -> None:
    value = VALUES[name]
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(value, protocol))
        assert type(back) is type(value)
        assert _same(back, value), (name, protocol)
    assert _same(copy.copy(value), value) and _same(copy.deepcopy(value), value)
    if type(value).__hash__ is None:
        with pytest.raises(TypeError):
            hash(value)
    elif not isinstance(value, BaseException):  # errors compare and hash by identity
        assert hash(pickle.loads(pickle.dumps(value))) == hash(value)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, BaseException):
        return type(a) is type(b) and a.args == b.args and str(a) == str(b)
    return bool(a == b)


def test_a_board_pickles_with_its_round() -> None:
    board = game.play_hand("uno", [game.RandomBot(i) for i in range(4)], seed=4)
    back = pickle.loads(pickle.dumps(board))
    assert back.state == board.state and back.log_lines() == board.log_lines()
