"""The ``botzone`` rules' game flow: worked examples of the judge's rules
on the engine (four seat walls, kongs and claims the walls refuse, one
winner, the last tiles, the judge's scores)."""

from __future__ import annotations

from collections import Counter

import pytest
from play_helpers import ROBBING_DEALS, act, greedy_to, only_the_first_wins, rob_an_added_kong

from unomahjong import BOTZONE, MCR_TILES, RulesError, parse_tiles
from unomahjong.botzone import judge_wall
from unomahjong.game import (
    ActionKind,
    Board,
    GreedyBot,
    IllegalActionError,
    legal_actions,
    replay,
    start_hand,
)
from unomahjong.game.legality import seat_counts
from unomahjong.model.tiles import Tile


def seat_wall(deals: dict[int, str], draws: dict[int, str]) -> list[Tile]:
    """A wall on which seat *s* is dealt ``deals[s]`` and then draws
    ``draws[s]`` in order (each from the end of its own 34 tiles); the
    other places hold the remaining tiles in code order."""
    placed: dict[int, Tile] = {}
    for s, text in deals.items():
        for k, t in enumerate(parse_tiles(text, MCR_TILES)):
            placed[34 * s + 33 - k] = t
    for s, text in draws.items():
        for k, t in enumerate(parse_tiles(text, MCR_TILES)):
            placed[34 * s + 20 - k] = t
    rest = Counter({t: 4 for t in MCR_TILES.tiles})
    rest.subtract(placed.values())
    fill = iter(sorted(rest.elements(), key=lambda t: t.code))
    return [placed[i] if i in placed else next(fill) for i in range(136)]


def test_the_deal_on_seat_walls() -> None:
    state, events = start_hand("botzone", seed=12345)
    assert state.walls == (20, 21, 21, 21)  # the dealer has drawn
    assert state.prevalent_wind == "N"  # the judge's quan 3 for this seed
    assert events[0].kind == "draw" and events[0].tile is state.wall[20]
    for s in range(4):
        part = [t for t in state.wall[34 * s + 21 : 34 * s + 34] if isinstance(t, Tile)]
        dealt = sorted(part, key=lambda t: t.code)
        held = list(state.seats[s].concealed)
        if s == 0:
            held.remove(state.wall[20])
        assert held == dealt


def test_seat_walls_take_any_seed() -> None:
    # A seed is the judge's srand, taken modulo 2**32 as a signed word.
    assert start_hand("botzone", seed=2**32 + 5)[0].wall == start_hand("botzone", seed=5)[0].wall
    assert start_hand("botzone", seed=2**32 - 1)[0].wall == judge_wall(-1)[0]


def test_seat_walls_seat_four() -> None:
    with pytest.raises(IllegalActionError) as e:
        start_hand("botzone", players=3)
    assert e.value.code == "players"


def test_rules_without_a_game_flow_are_not_played() -> None:
    import attrs

    with pytest.raises(RulesError) as e:
        start_hand(attrs.evolve(BOTZONE, name="scored only", flow=None))
    assert e.value.code == "no-game-flow"


def test_a_kong_off_the_replacement_tile_wins() -> None:
    # 杠上开花: a concealed kong of 1m, and the replacement tile (from the
    # konger's own wall) completes the hand.
    wall = seat_wall({0: "111m 234p 567p 88s 99s"}, {0: "1m 8s"})
    state, _ = start_hand("botzone", wall=wall)
    state = act(state, 0, ActionKind.CONCEALED_KONG, "1m")
    assert state.drawn == MCR_TILES["8s"] and state.replacement
    assert state.walls[0] == 19
    state = act(state, 0, ActionKind.WIN)
    win = state.result.wins[0]  # type: ignore[union-attr]
    assert win.score.context.kong_replacement
    assert "OUT_WITH_REPLACEMENT_TILE" in {e.fan.id for e in win.score.fans}
    f = win.score.total
    assert state.result.payments == (3 * (8 + f), -(8 + f), -(8 + f), -(8 + f))  # type: ignore[union-attr]


def test_robbing_an_added_kong() -> None:
    # Seat 0 draws N, then the last 5m; seat 3 draws the third.
    wall = seat_wall({0: ROBBING_DEALS[0], 1: ROBBING_DEALS[1]}, {0: "N 5m", 3: "5m"})
    rob_an_added_kong(start_hand("botzone", wall=wall)[0])


def test_one_winner_the_first_in_turn() -> None:
    only_the_first_wins(greedy_to("botzone", 32, 113))


def test_a_kong_is_refused_when_a_wall_it_needs_is_empty() -> None:
    board = greedy_to("botzone", 102, 104)
    state = board.state
    seat = state.current
    counts = seat_counts(MCR_TILES, state.seats[seat])
    assert max(counts) == 4
    assert not (state.walls[seat] and state.walls[(seat + 1) % 4])
    kinds = {a.kind for a in legal_actions(state, seat)}
    assert ActionKind.CONCEALED_KONG not in kinds


def test_the_hand_is_drawn_when_the_next_drawer_has_no_tile() -> None:
    # 荒庄 with tiles left in other seats' walls.
    board = greedy_to("botzone", 2, 105)
    result = board.outcome()
    assert result is not None and result.exhaustive
    assert result.payments == (0, 0, 0, 0)
    assert sum(board.state.walls) > 0


@pytest.mark.parametrize(("seed", "steps", "self_drawn"), [(0, 111, False), (51, 102, True)])
def test_the_last_tile_is_the_next_seats_wall_emptied(
    seed: int, steps: int, self_drawn: bool
) -> None:
    # 海底捞月 on a discard the next seat could not draw after; 妙手回春 on
    # a draw after which the next seat has no tile.
    board = greedy_to("botzone", seed, steps)
    win = board.outcome().wins[0]  # type: ignore[union-attr]
    assert win.score.context.last_tile and win.score.context.self_drawn is self_drawn
    fan = "LAST_TILE_DRAW" if self_drawn else "LAST_TILE_CLAIM"
    assert fan in {e.fan.id for e in win.score.fans}


def test_a_botzone_round_logs_and_replays() -> None:
    board = Board("botzone", seed=77, prevalent_wind="S")
    bot = GreedyBot()
    while board.awaiting():
        seat = board.awaiting()[0]
        board.push(seat, bot.choose(board.state, seat))
    lines = board.log_lines()
    assert '"prevalent_wind": "S"' in lines[0]
    assert replay(lines)[-1] == board.state


def test_the_rule_set_scores_as_the_judges_calculator() -> None:
    # A win on a tile of the knitted straight's kinds counts no wait (the
    # judge's calculator), though 7p also completes the chow 789p.
    from unomahjong import WinContext, parse_hand, score

    hand = parse_hand("258m 369s 14789p PP +7p", "mcr")
    ctx = WinContext(seat_wind="S", prevalent_wind="W")
    mcr = {e.fan.id for e in score(hand, ctx, "mcr").fans}
    judge = {e.fan.id for e in score(hand, ctx, BOTZONE).fans}
    assert mcr - judge == {"EDGE_WAIT"}
