"""The judge's pre-filters and memos (game/prefilters.py, game/legality.py)
answer exactly as the plain tests they stand for.

* Each pre-filter against its exact test on random hands: the shanten
  floor never exceeds the shanten (tests/test_game.py), ``may_complete``
  never rules out a hand that is complete, ``can_chow`` is the chow test.
* On positions from seeded hands (2 to 8 players, Hypothesis), the judge's
  filtered answers against the same questions asked plainly of the public
  API: which discards leave the hand ready (``waits``), whether a seat's
  hand completes (``is_winning``), which seats may answer an offer (each
  seat's own claim options), and the claim screen against them.
* The memos: shared by the rounds of one rule set, bounded by the memo
  limit, and no state is kept by the judge once it has been applied.
"""

from __future__ import annotations

import gc
import weakref

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from unomahjong.analysis.shanten import is_complete_counts, is_winning, layout_for, waits
from unomahjong.game import GreedyBot, RandomBot, apply, legal_actions, play_hand, start_hand
from unomahjong.game import legality as judge
from unomahjong.game.prefilters import can_chow, may_complete
from unomahjong.game.state import HandState, Phase, SeatState
from unomahjong.game.tables import tables
from unomahjong.model.hand import Hand
from unomahjong.model.tiles import UNO_TILES, Tile
from unomahjong.research import strategies
from unomahjong.scoring.scorer import set_memo_limit

TS = UNO_TILES
FULL_WALL = [t for t in TS.tiles for _ in range(TS.copies)]


# ------------------------------------------------------------------ the pre-filters


@given(st.permutations(FULL_WALL), st.integers(0, 4), st.sampled_from(TS.tiles))
@settings(max_examples=300)
def test_may_complete_never_rules_out_a_complete_hand(
    wall: list[Tile], melds: int, tile: Tile
) -> None:
    counts = [0] * TS.size
    for t in wall[: 13 - 3 * melds]:
        counts[t.code] += 1
    if counts[tile.code] == TS.copies:
        return
    surely_not = not may_complete(tables(TS), counts, melds, tile.code)
    counts[tile.code] += 1
    if surely_not:
        assert not is_complete_counts(layout_for(TS), counts, melds)


@given(strategies.winning_hands("uno"))
@settings(max_examples=300)
def test_may_complete_lets_every_winning_tile_through(hand: Hand) -> None:
    assert hand.win is not None
    counts = [0] * TS.size
    for t in hand.concealed:
        counts[t.code] += 1
    assert may_complete(tables(TS), counts, len(hand.melds), hand.win.code)


def test_may_complete_rules_out_a_hand_far_from_complete() -> None:
    # The filter must also filter: an isolated honour beside scattered tiles.
    counts = [0] * TS.size
    for t in [t for t in TS.tiles if t.rank in (1, 5, 9)][:13]:
        counts[t.code] += 1
    lone = next(t for t in TS.tiles if t.rank is None and not counts[t.code])
    assert not may_complete(tables(TS), counts, 0, lone.code)


@given(st.permutations(FULL_WALL), st.sampled_from([t for t in TS.tiles if t.rank is not None]))
@settings(max_examples=200)
def test_can_chow_is_the_chow_test(wall: list[Tile], tile: Tile) -> None:
    counts = bytearray(TS.size)
    for t in wall[:13]:
        counts[t.code] += 1
    chows = tables(TS).chows[tile]
    plain = any(
        all(counts[c] for c in range(start.code, start.code + 3) if c != tile.code)
        for start, _, _ in chows
    )
    assert can_chow(counts, chows) == plain


# ------------------------------------------------------------------ positions


def _positions(seed: int, players: int, moves: int) -> list[HandState]:
    """The states of a seeded hand played by random bots, up to ``moves``."""
    state, _ = start_hand("uno", players=players, seed=seed)
    bots = [RandomBot(seed * 8 + i) for i in range(players)]
    out = []
    for _ in range(moves):
        if state.phase is Phase.ENDED:
            break
        out.append(state)
        seat = state.current if state.phase is Phase.TURN else min(state.pending)
        state, _ = apply(state, seat, bots[seat].choose(state, seat))
    return out


def _ready_plainly(state: HandState, seat: int, discard: Tile) -> bool:
    """After ``discard``, the hand waits on a kind of which the seat holds
    fewer than four copies (the UNO declaration's rule), by ``waits``."""
    s = state.seats[seat]
    rest = list(s.concealed)
    rest.remove(discard)
    hand = Hand(TS, rest, s.melds)
    held = list(hand.all_counts)
    return any(held[t.code] < TS.copies for t in waits(hand, rules=state.rules))


positions = given(seed=st.integers(0, 2**32), players=st.integers(2, 8), moves=st.integers(1, 120))


@positions
@settings(max_examples=40, deadline=None)
def test_uno_discards_are_the_discards_that_leave_the_hand_ready(
    seed: int, players: int, moves: int
) -> None:
    for state in _positions(seed, players, moves)[-6:]:
        if state.phase is not Phase.TURN or state.seats[state.current].uno:
            continue
        seat = state.current
        kinds = list(dict.fromkeys(state.seats[seat].concealed))
        want = [t for t in kinds if _ready_plainly(state, seat, t)]
        assert judge.uno_discards(state, seat, kinds) == want


@positions
@settings(max_examples=40, deadline=None)
def test_the_completion_test_is_is_winning(seed: int, players: int, moves: int) -> None:
    for state in _positions(seed, players, moves)[-6:]:
        turn = state.phase is Phase.TURN
        tile = state.drawn if turn else state.offered
        if tile is None:
            continue
        seats = [state.current] if turn else [i for i in range(state.players) if i != state.current]
        for seat in seats:
            plain = is_winning(judge.hand_of(state, seat, tile), rules=state.rules)
            assert judge._completes(state, seat, tile, held=turn) == plain


@positions
@settings(max_examples=40, deadline=None)
def test_claimers_are_the_seats_with_claim_options(seed: int, players: int, moves: int) -> None:
    for state in _positions(seed, players, moves)[-8:]:
        if state.phase not in (Phase.CLAIM, Phase.ROB):
            continue
        plain = tuple(
            i for i in range(state.players) if i != state.current and judge.claim_options(state, i)
        )
        assert judge.claimers(state) == plain
        if not state.answers:  # nobody has answered yet: all are awaited
            assert tuple(sorted(state.pending)) == plain
        # The screen: exactly the seats with a meld on the tile, and every
        # other seat that may win on it among those it leaves to be asked.
        robbing = state.phase is Phase.ROB
        assert state.offered is not None
        melders, maybe = judge.claim_screen(
            state, state.seats, state.offered, judge._melds_open(state), robbing
        )
        assert melders == [i for i in plain if judge._meld_claims(state, i)]
        winners = [i for i in plain if judge.may_win(state, i, robbing) is not None]
        assert set(winners) - set(melders) <= set(maybe)


# ------------------------------------------------------------------ memos and states


def test_states_hold_no_cache_of_the_engine() -> None:
    # What the engine weighs is in its memos, never written into a state.
    for cls in (HandState, SeatState):
        assert all(not a.name.startswith("_") for a in attrs.fields(cls))


def test_the_judge_keeps_no_state_once_it_is_applied() -> None:
    state, _ = start_hand("uno", seed=3)
    actions = legal_actions(state, state.current)
    assert legal_actions(state, state.current) is actions  # remembered for apply
    nxt, _ = apply(state, state.current, actions[-1])
    kept = weakref.ref(state)
    del state, actions
    gc.collect()
    assert kept() is None
    assert nxt.phase is not None


def test_the_memos_are_shared_by_the_rounds_of_a_rule_set_and_bounded() -> None:
    judge.rules_memos(start_hand("uno", seed=1)[0].rules).shanten.clear()
    play_hand("uno", [GreedyBot() for _ in range(4)], seed=5)
    memos = judge.rules_memos(start_hand("uno", seed=1)[0].rules)
    assert len(memos.shanten) > 0 and len(memos.waits) > 0
    before = set_memo_limit(8)
    try:
        for m in judge.memos():
            m.clear()
        for seed in range(6):
            play_hand("uno", [RandomBot(seed * 4 + i) for i in range(4)], seed=seed)
        sizes = [len(m) for m in judge.memos()]
        assert max(sizes) <= 16 and max(sizes) > 0  # two generations of 8
    finally:
        set_memo_limit(before)
