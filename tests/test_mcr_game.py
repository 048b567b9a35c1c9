"""The standard MCR game on the engine: worked examples of the flowers
(set aside at the deal and when drawn, a kong's replacement flower, the
minimum without them, the last tile a flower) and a state machine."""

from __future__ import annotations

from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from play_helpers import (
    ROBBING_DEALS,
    greedy_to,
    only_the_first_wins,
    pass_until,
    rob_an_added_kong,
)

from unomahjong import MCR_TILES, parse_tiles
from unomahjong.game import (
    ActionKind,
    Board,
    apply,
    legal_actions,
    replay,
    seat_view,
    start_hand,
)
from unomahjong.model.flowers import FLOWERS, Flower
from unomahjong.model.tiles import Tile


def mcr_wall(
    deals: dict[int, str],
    front: list[str],
    back: list[str],
    at: dict[int, str] | None = None,
) -> list[Tile | Flower]:
    """A 144-tile wall dealt one tile at a time from seat 0: seat *s* gets
    ``deals[s]`` (its 13 tiles in order, ``Hn`` a flower); then the front
    holds ``front``, the back, read from its end, ``back``, and place *i*
    ``at[i]``. The other places hold the remaining tiles in code order, and
    the flowers not placed, last among them."""

    def tile(text: str) -> Tile | Flower:
        return (
            FLOWERS[int(text[1]) - 1] if text.startswith("H") else parse_tiles(text, MCR_TILES)[0]
        )

    placed: dict[int, Tile | Flower] = {}
    for s, text in deals.items():
        for k, t in enumerate(text.split()):
            placed[4 * k + s] = tile(t)
    for k, t in enumerate(front):
        placed[52 + k] = tile(t)
    for k, t in enumerate(back):
        placed[143 - k] = tile(t)
    for i, t in (at or {}).items():
        placed[i] = tile(t)
    rest: Counter[Tile | Flower] = Counter({t: 4 for t in MCR_TILES.tiles})
    rest.update(FLOWERS)
    rest.subtract(placed.values())
    assert min(rest.values()) >= 0, f"placed too many of {min(rest, key=rest.__getitem__)}"
    fill = iter(sorted(rest.elements(), key=lambda t: (isinstance(t, Flower), str(t))))
    middle = [i for i in range(144) if i not in placed]
    # Keep the flowers away from the places read first.
    out: list[Tile | Flower | None] = [placed.get(i) for i in range(144)]
    for i in middle:
        out[i] = next(fill)
    return [t for t in out if t is not None]


def _split(text: str) -> str:
    """Tiles written as a group ("123m") as one tile a word."""
    return " ".join(str(t) for t in parse_tiles(text, MCR_TILES))


def test_dealt_flowers_are_set_aside_and_replaced_in_turn() -> None:
    deals = {
        0: _split("123456789m 1234p"),
        1: "H1 " + _split("123456789s 123p"),
        2: _split("111222333m 4p") + " H2 H3 H4",
        3: _split("777888999p CCCC"),
    }
    wall = mcr_wall(deals, ["5p"], ["E", "H5", "S", "W", "N"])
    state, events = start_hand("mcr", wall=wall)
    kinds = [(e.kind, e.seat, str(e.tile) if e.tile else None) for e in events]
    # Seat 1 first (in turn from the dealer, seat 0, who has none), then
    # seat 2, whose replacements bring a flower, replaced at once.
    assert kinds == [
        ("flower", 1, None),
        ("replacement", 1, "E"),
        ("flower", 2, None),
        ("flower", 2, None),
        ("flower", 2, None),
        ("flower", 2, None),  # H5 drawn as a replacement
        ("replacement", 2, "S"),
        ("replacement", 2, "W"),
        ("replacement", 2, "N"),
        ("draw", 0, "5p"),
    ]
    assert [len(s.flowers) for s in state.seats] == [0, 1, 4, 0]
    assert state.seats[2].flowers == (FLOWERS[1], FLOWERS[2], FLOWERS[3], FLOWERS[4])
    assert all(len(s.concealed) == 13 for s in state.seats[1:])


def test_a_kongs_replacement_flower_still_opens_on_the_kong() -> None:
    # 杠上开花: seat 0 kongs 1m; its replacement is a flower, set aside, and
    # the tile replacing it completes the hand: a kong's replacement.
    deals = {0: _split("111m 234p 567p 88s 99s"), 1: _split("2468m 2468p 2468s E")}
    deals[2] = _split("357m 357p 357s 9s S W N")
    deals[3] = _split("9m 9p W N C F P 2s 4s 6s 5m 3m 7m")
    wall = mcr_wall(deals, ["1m"], ["H7", "8s"])
    state, _ = start_hand("mcr", wall=wall)
    state, events = apply(
        state, 0, next(a for a in legal_actions(state, 0) if a.kind is ActionKind.CONCEALED_KONG)
    )
    assert [e.kind for e in events] == ["concealed_kong", "flower", "replacement"]
    assert state.replacement and state.seats[0].flowers == (FLOWERS[6],)
    state, _ = apply(state, 0, legal_actions(state, 0)[0])
    win = state.result.wins[0]  # type: ignore[union-attr]
    fans = {e.id: e.count for e in win.score.fans}
    assert fans["OUT_WITH_REPLACEMENT_TILE"] == 1 and fans["FLOWER_TILES"] == 1
    assert win.score.context.flowers == 1


def test_flowers_do_not_count_towards_the_minimum() -> None:
    # Seat 0 draws 5p into 123m 345m 678s 4p6p 55s: 不求人 4, 平和 2 and
    # 坎张 1 are 7 fans; its flower makes 8 points, but not 8 fans: no win.
    deals = {0: "H1 " + _split("123m 345m 678s 55s 4p")}
    deals[1] = _split("1357m 1357p 1357s S")
    deals[2] = _split("2468m 2468p 2468s E")
    deals[3] = _split("9m 9p W N C F P 2s 4s 6s 3m 7m 9s")
    wall = mcr_wall(deals, ["5p"], ["6p"])
    state, _ = start_hand("mcr", wall=wall)
    assert state.seats[0].flowers == (FLOWERS[0],)
    assert state.drawn == MCR_TILES["5p"]
    assert ActionKind.WIN not in {a.kind for a in legal_actions(state, 0)}
    # The same hand with two more fans from its context would win, and
    # its total counts the flower.
    from unomahjong import WinContext, parse_hand, score

    hand = parse_hand("123m 345m 678s 46p 55s +5p", "mcr")
    plain = score(hand, WinContext(self_drawn=True, flowers=1), "mcr")
    assert plain.total == 8 and {e.id for e in plain.fans} >= {"FLOWER_TILES"}


def test_the_last_tile_a_flower_ends_the_hand() -> None:
    # Seven flowers at the front of the wall, each replaced from the back;
    # the eighth where front and back meet: drawn last, set aside, and no
    # tile is left to replace it.
    wall = mcr_wall({}, ["H1", "H2", "H3", "H4", "H5", "H6", "H7"], [], {136: "H8"})
    state, _ = start_hand("mcr", wall=wall)
    before = state
    while state.result is None:  # the hand played to the turn before its end
        before, state = state, pass_until(state, (state.current + 1) % 4)
    assert state.result.exhaustive and state.back < state.front
    assert sum(len(s.flowers) for s in state.seats) == 8
    # The last drawer's last flower is H8, the wall's last tile.
    drawer = (before.current + 1) % 4
    assert state.seats[drawer].flowers[-1] == FLOWERS[7]
    assert before.wall_left == 1


class McrRoundMachine(RuleBasedStateMachine):
    """Random legal play of the standard MCR game: 144 tiles conserved,
    flowers set aside, one winner, zero-sum, replay and seat views."""

    board: Board

    @initialize(seed=st.integers(0, 2**32))
    def start(self, seed: int) -> None:
        self.board = Board("mcr", seed=seed)

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        if not self.board.awaiting():
            return
        seat = data.draw(st.sampled_from(self.board.awaiting()))
        self.board.push(seat, data.draw(st.sampled_from(self.board.legal_actions(seat))))

    @invariant()
    def every_tile_is_somewhere(self) -> None:
        state = self.board.state
        n = state.wall_left
        for s in state.seats:
            n += len(s.concealed) + len(s.discards) + sum(len(m.tiles) for m in s.melds)
            n += len(s.flowers)
            assert all(isinstance(t, Tile) for t in s.concealed)
        assert n == 144

    @invariant()
    def settled(self) -> None:
        result = self.board.outcome()
        if result is not None:
            assert sum(result.payments) == 0 and len(result.wins) <= 1
            lines = self.board.log_lines()
            assert replay(lines)[-1] == self.board.state
            for seat in range(4):
                view = "\n".join(seat_view(lines, seat))
                assert '"wall": null' in view


McrRoundMachine.TestCase.settings = settings(
    max_examples=10, stateful_step_count=150, deadline=None
)
TestMcrRound = McrRoundMachine.TestCase


def test_a_match_of_four_rounds_changes_the_prevalent_wind() -> None:
    import json

    from unomahjong.game import GreedyBot, play_match

    match = play_match("mcr", [GreedyBot()] * 4, seed=1)
    assert len(match.hands) == 16 and sum(match.scores) == 0
    winds = [json.loads(h.log[0])["prevalent_wind"] for h in match.hands]
    assert winds == [w for w in "ESWN" for _ in range(4)]
    assert [h.dealer for h in match.hands] == [0, 1, 2, 3] * 4


def test_robbing_an_added_kong_in_the_standard_game() -> None:
    # Seat 0 draws N (the first draw) and the last 5m (its second); seat 3
    # draws the third 5m (the fourth draw).
    deals = {0: _split(ROBBING_DEALS[0]), 1: _split(ROBBING_DEALS[1])}
    wall = mcr_wall(deals, ["N", "C", "C", "5m", "F", "F", "P", "5m"], [])
    rob_an_added_kong(start_hand("mcr", wall=wall)[0])


def test_one_winner_on_a_discard_in_the_standard_game() -> None:
    only_the_first_wins(greedy_to("mcr", 307, 119))


def test_a_win_on_the_last_discard_in_the_standard_game() -> None:
    # 海底捞月: the wall is empty and the last discard is won on.
    board = greedy_to("mcr", 32, 107)
    result = board.outcome()
    assert result is not None and result.wins
    assert board.state.back < board.state.front
    ctx = result.wins[0].score.context
    assert ctx.last_tile and not ctx.self_drawn
    assert "LAST_TILE_CLAIM" in {e.id for e in result.wins[0].score.fans}
