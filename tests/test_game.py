"""Game flow: scripted scenarios with explicit walls, and random legal play."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from unomahjong import UNO_TILES, Hand, RulesError, Tile, get_rules, parse_tiles
from unomahjong.game import (
    Action,
    ActionKind,
    Board,
    Bot,
    GreedyBot,
    HandState,
    IllegalActionError,
    Phase,
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
from unomahjong.research import strategies

PASS = Action(ActionKind.PASS)


def build_wall(
    hands: Sequence[str],
    draws: str = "",
    replacements: str = "",
    dealer: int = 0,
) -> list[Tile]:
    """A full 176-tile wall that deals ``hands`` (by seat), then gives ``draws``
    from the front and ``replacements`` from the back; the rest in order."""
    players = len(hands)
    dealt = [list(parse_tiles(h)) for h in hands]
    assert all(len(h) == 13 for h in dealt)
    front: list[Tile] = []
    for i in range(13):
        for k in range(players):
            front.append(dealt[(dealer + k) % players][i])
    front.extend(parse_tiles(draws))
    back = list(reversed(parse_tiles(replacements)))
    pool = Counter({t: 4 for t in UNO_TILES})
    pool.subtract(front + back)
    assert all(n >= 0 for n in pool.values()), "a tile is used more than 4 times"
    rest = [t for t in UNO_TILES for _ in range(pool[t])]
    return front + rest + back


def act(
    state: HandState, seat: int, kind: ActionKind, tile: str | None = None, uno: bool = False
) -> HandState:
    t = parse_tiles(tile)[0] if tile else None
    new, _ = apply(state, seat, Action(kind, t, uno))
    return new


def test_reverse_flips_direction_and_next_drawer() -> None:
    wall = build_wall(
        [
            "1357y 1357g 1357b Rr",
            "2468y 2468g 2468b 9r",
            "1357r 2468r 9y 2468y",
            "9g 9b 1234r 5678r 9y RSg",
        ],
        draws="9r",
    )
    state, _ = start_hand(wall=wall)
    state, events = apply(state, 0, Action(ActionKind.DISCARD, UNO_TILES["Rr"]))
    assert [e.kind for e in events][:2] == ["discard", "reverse"]
    assert state.direction == -1 and state.current == 3 and state.phase is Phase.TURN


@pytest.mark.parametrize(("players", "next_seat"), [(4, 2), (3, 2), (2, 0)])
def test_skip(players: int, next_seat: int) -> None:
    hands = [
        "1357y 1357g 1357b Sr",
        "2468y 2468g 2468b 9r",
        "1357r 2468r 9y 2468y",
        "9g 9b 1234r 5678r 9y RSg",
    ][:players]
    state, _ = start_hand(players=players, wall=build_wall(hands, draws="9r"))
    state, events = apply(state, 0, Action(ActionKind.DISCARD, UNO_TILES["Sr"]))
    assert "skip" in [e.kind for e in events]
    assert state.current == next_seat and state.phase is Phase.TURN


def test_claim_priority_in_any_answer_order() -> None:
    hands = [
        "1357y 1357g 1357b 5r",  # dealer discards 5r
        "46r 2468y 2468g 246b",  # next seat: may chow 456r
        "55r 1268y 1268g 126b",  # may pung
        "9g 9b 1239r 78r 9y RSg RSb",
    ]
    state, _ = start_hand(wall=build_wall(hands, draws="9b"))
    state = act(state, 0, ActionKind.DISCARD, "5r")
    assert awaiting(state) == (1, 2)
    chow = Action(ActionKind.CHOW, UNO_TILES["4r"])
    pung = Action(ActionKind.PUNG, UNO_TILES["5r"])
    assert chow in legal_actions(state, 1) and pung in legal_actions(state, 2)
    a, _ = apply(apply(state, 1, chow)[0], 2, pung)
    b, _ = apply(apply(state, 2, pung)[0], 1, chow)
    assert a == b
    assert a.current == 2 and a.claimed and a.seats[2].melds[0].tile == UNO_TILES["5r"]
    # A chow stands when the pung is declined.
    c, _ = apply(apply(state, 2, PASS)[0], 1, chow)
    assert c.current == 1 and c.seats[1].melds[0].is_chow
    # After a claim: discard only (no kong, no win).
    assert {x.kind for x in legal_actions(c, 1)} == {ActionKind.DISCARD}


def test_two_winners_on_the_dealers_first_discard_earthly_hand_and_settlement() -> None:
    hands = [
        "1357y 1357g 1357b 2r",
        "123456789r 11y 46b",  # waits 5b
        "123456789y 22g 46b",  # waits 5b
        "9g 9b 2345r 78r 9y RSg RSb",
    ]
    state, _ = start_hand(wall=build_wall(hands, draws="5b"))
    state = act(state, 0, ActionKind.DISCARD, "5b")
    assert awaiting(state) == (1, 2)
    win = Action(ActionKind.WIN)
    assert win in legal_actions(state, 1) and win in legal_actions(state, 2)
    state = act(state, 2, ActionKind.WIN)
    state = act(state, 1, ActionKind.WIN)
    result = outcome(state)
    assert result is not None and [w.seat for w in result.wins] == [1, 2]
    for w in result.wins:
        assert "EARTHLY_HAND" in {f.id for f in w.score.fans}
        assert w.from_seat == 0
    t1, t2 = (w.score.total for w in result.wins)
    base = 8
    assert result.payments == (
        -(base + t1) - (base + t2),
        base + t1 + base,
        base + t2 + base,
        -2 * base,
    )
    assert sum(result.payments) == 0


def test_win_needs_uno_but_not_on_a_kong_replacement() -> None:
    hands = [
        "111r 234y 567y 88g 99b",
        "2468y 2468g 2468b 3r",
        "1357g 1357b 2468r 3y",
        "9g 5b 9b 3457r 6r 9y RSg RSb",
    ]
    wall = build_wall(hands, draws="1r", replacements="9b")
    state, _ = start_hand(wall=wall)
    kong = Action(ActionKind.CONCEALED_KONG, UNO_TILES["1r"])
    assert kong in legal_actions(state, 0)
    state, events = apply(state, 0, kong)
    assert [e.kind for e in events] == ["concealed_kong", "replacement"]
    assert not state.window and state.replacement
    assert Action(ActionKind.WIN) in legal_actions(state, 0)
    state = act(state, 0, ActionKind.WIN)
    result = outcome(state)
    assert result is not None
    assert "OUT_WITH_REPLACEMENT_TILE" in {f.id for f in result.wins[0].score.fans}


def test_uno_lock() -> None:
    hands = [
        "123456789r 11y 4b 9b",  # draws 6b, discards 9b declaring UNO: waits 5b
        "2468y 2468g 2468b 3r",
        "1357g 1357b 2468r 3y",
        "9g 5b 9b 3457r 6r 9y RSg RSb",
    ]
    state, _ = start_hand(wall=build_wall(hands, draws="6b 9g 9g 9g 9b"))
    legal = legal_actions(state, 0)
    assert Action(ActionKind.DISCARD, UNO_TILES["1y"], uno=True) not in legal
    declare = Action(ActionKind.DISCARD, UNO_TILES["9r"], uno=True)
    assert declare not in legal  # 12345678r 11y 46b waits on nothing complete
    ok = [a for a in legal if a.uno]
    assert ok, "some discard leaves the hand ready"
    state, events = apply(state, 0, ok[0])
    assert "uno" in [e.kind for e in events] and state.seats[0].uno
    # Play on until seat 0's next turn: only the drawn tile may be discarded.
    while state.phase is not Phase.ENDED and not (state.phase is Phase.TURN and state.current == 0):
        seat = awaiting(state)[0]
        acts = legal_actions(state, seat)
        pick = PASS if PASS in acts else next(a for a in acts if a.kind is ActionKind.DISCARD)
        state, _ = apply(state, seat, pick)
    if state.phase is Phase.TURN:
        kinds = {a.kind for a in legal_actions(state, 0)}
        discards = [a for a in legal_actions(state, 0) if a.kind is ActionKind.DISCARD]
        assert kinds <= {ActionKind.WIN, ActionKind.DISCARD}
        assert [a.tile for a in discards] == [state.drawn]


def test_illegal_actions_raise_and_change_nothing() -> None:
    state, _ = start_hand(seed=3)
    before = state
    with pytest.raises(IllegalActionError):
        apply(state, 1, Action(ActionKind.DISCARD, state.seats[1].concealed[0]))
    with pytest.raises(IllegalActionError):
        apply(
            state,
            0,
            Action(
                ActionKind.DISCARD,
                UNO_TILES["Sb"]
                if UNO_TILES["Sb"] not in state.seats[0].concealed
                else UNO_TILES["1r"],
            ),
        )
    with pytest.raises(ValueError):
        start_hand(players=9)
    assert state == before


def _tiles_in_play(state: HandState) -> int:
    n = state.wall_left
    for s in state.seats:
        n += len(s.concealed) + len(s.discards) + sum(len(m.tiles) for m in s.melds)
    return n


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 8), st.integers(0, 10**6))
@example(166, 2, 2)  # reaches a robbable added kong
def test_random_play(seed: int, players: int, choice_seed: int) -> None:
    rng = random.Random(choice_seed)
    state, _ = start_hand(players=players, seed=seed)
    steps = 0
    while state.phase is not Phase.ENDED:
        assert _tiles_in_play(state) == 176
        for i, s in enumerate(state.seats):
            size = len(s.concealed) + 3 * len(s.melds)
            # The current seat holds 14 on its turn, and while others may rob its
            # added kong (the tile is still its own until the kong happens).
            holding = state.phase in (Phase.TURN, Phase.ROB) and i == state.current
            expected = 14 if holding else 13
            assert size == expected
        seats = awaiting(state)
        assert seats
        seat = rng.choice(seats)
        acts = legal_actions(state, seat)
        assert acts
        # The final discard may be claimed only for a win; no kong on an empty wall.
        if state.phase is Phase.CLAIM and state.last:
            assert all(a.kind in (ActionKind.WIN, ActionKind.PASS) for a in acts)
        if state.wall_left == 0:
            assert not any(
                a.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.KONG)
                for a in acts
            )
        # An illegal action is refused and changes nothing.
        other = next((i for i in range(players) if i not in seats), None)
        if other is not None:
            with pytest.raises(IllegalActionError):
                apply(state, other, acts[0])
        # Answers to one discard can come in any order.
        if state.phase is Phase.CLAIM and len(seats) >= 2:
            picks = {i: rng.choice(legal_actions(state, i)) for i in seats}
            a = state
            for i in seats:
                a, _ = apply(a, i, picks[i])
            b = state
            for i in reversed(seats):
                b, _ = apply(b, i, picks[i])
            assert a == b
            state = a
        else:
            state, _ = apply(state, seat, rng.choice(acts))
        steps += 1
        assert steps < 1000
    result = outcome(state)
    assert result is not None and sum(result.payments) == 0


def test_seeded_rounds_replay_identically() -> None:
    def play(seed: int) -> list[object]:
        rng = random.Random(seed)
        state, events = start_hand(seed=seed)
        log: list[object] = list(events)
        while state.phase is not Phase.ENDED:
            seat = awaiting(state)[0]
            action = rng.choice(legal_actions(state, seat))
            state, events = apply(state, seat, action)
            log.extend((seat, action, *events))
        return log

    assert play(11) == play(11)


# ------------------------------------------------------------------ board, log, view


def test_board_push_pop_and_replay() -> None:
    board = Board(seed=21)
    bot = RandomBot(4)
    states = [board.state]
    while board.awaiting():
        seat = board.awaiting()[0]
        board.push(seat, bot.choose(board.state, seat))
        states.append(board.state)
    # Replaying the log reproduces every state.
    assert replay(board.log_lines()) == states
    # Undo walks back through the same states.
    for expected in reversed(states[:-1]):
        board.pop()
        assert board.state == expected
    with pytest.raises(IllegalActionError):
        board.pop()


def test_replay_detects_a_tampered_log() -> None:
    board = play_hand("uno", [RandomBot(i) for i in range(4)], seed=5)
    lines = board.log_lines()
    from unomahjong.game import LogError

    rec = json.loads(lines[2])
    rec["events"] = rec["events"][:-1]
    lines[2] = json.dumps(rec)
    with pytest.raises(LogError):
        replay(lines)


def test_seat_view_hides_what_the_seat_cannot_see() -> None:
    board = play_hand("uno", [GreedyBot() for _ in range(4)], seed=8)
    view = [json.loads(x) for x in seat_view(board.log_lines(), 1)]
    assert view[0]["wall"] is None and view[0]["seed"] is None
    for rec in view[1:]:
        for e in rec["events"]:
            if e["kind"] in ("draw", "replacement", "concealed_kong") and e["seat"] != 1:
                assert e["tile"] is None
        if rec["type"] == "action" and rec["seat"] != 1:
            assert rec["action"]["kind"] != "pass"


def test_observe_ignores_other_hands() -> None:
    state, _ = start_hand(seed=9)
    seen = observe(state, 0)
    # Swap seat 1's hand with unseen tiles from the back of the wall.
    s1 = state.seats[1]
    pool = [t for t in state.wall[state.front : state.back + 1] if isinstance(t, Tile)]
    swap = pool[-len(s1.concealed) :]
    other = attrs.evolve(
        state,
        seats=(
            state.seats[0],
            attrs.evolve(s1, concealed=tuple(sorted(swap, key=lambda t: t.code))),
            *state.seats[2:],
        ),
    )
    assert observe(other, 0) == seen
    assert seen.others[0] is None and seen.others[1] is not None
    assert seen.others[1].concealed_count == 13 and seen.concealed == state.seats[0].concealed


def test_default_action() -> None:
    board = Board(seed=2)
    a = board.default_action(0)
    assert a.kind is ActionKind.DISCARD and a.tile == board.state.drawn


@pytest.mark.parametrize("players", [2, 3, 8])
def test_rounds_for_all_table_sizes(players: int) -> None:
    board = play_hand("uno", [GreedyBot() for _ in range(players)], seed=players)
    result = board.outcome()
    assert result is not None and sum(result.payments) == 0
    assert len(board.initial_state.seats) == players


def test_match_rotates_the_deal_and_keeps_scores() -> None:
    bots: list[Bot] = [GreedyBot(), RandomBot(1), GreedyBot()]
    result = play_match("uno", bots, seed=4, rounds=2)
    assert [h.dealer for h in result.hands] == [0, 1, 2, 0, 1, 2]
    assert sum(result.scores) == 0
    fresh: list[Bot] = [GreedyBot(), RandomBot(1), GreedyBot()]
    again = play_match("uno", fresh, seed=4, rounds=2)
    assert again.scores == result.scores and again.seating == result.seating
    assert sorted(result.seating) == [0, 1, 2]


def test_exhaustive_draw_pays_nothing() -> None:
    bots = [RandomBot(i) for i in range(4)]
    for seed in range(40):
        board = play_hand("uno", bots, seed=seed)
        result = board.outcome()
        assert result is not None
        if result.exhaustive:
            assert result.payments == (0, 0, 0, 0)
            assert board.state.wall_left == 0
            assert board.moves[-1][2][-1].kind == "exhaustive_draw"
            return
    pytest.fail("no exhaustive draw in 40 random hands")


def run_script(state: HandState, script: Sequence[tuple[int, Action]]) -> HandState:
    """Apply scripted decisions; any other awaited seat passes."""
    todo = list(script)
    while todo and state.phase is not Phase.ENDED:
        seat, action = todo[0]
        if seat in awaiting(state) and action in legal_actions(state, seat):
            state, _ = apply(state, seat, action)
            todo.pop(0)
            continue
        others = [s for s in awaiting(state) if s != seat]
        assert others, f"seat {seat} cannot {action} and nobody else is awaited"
        state, _ = apply(state, others[0], PASS)
    assert not todo, f"unplayed: {todo}"
    return state


def A(kind: ActionKind, tile: str | None = None, uno: bool = False) -> Action:
    return Action(kind, UNO_TILES[tile] if tile else None, uno)


def test_robbing_a_kong() -> None:
    hands = [
        "5b 1357y 1357g 1357r",
        "55b 2468y 2468g 246r",
        "46b 123456789r 11y",
        "9g 9b 3457r 6r 9y RSg RSb 5g",
    ]
    wall = build_wall(hands, draws="9g 9y 8b 8b 5b")
    state, _ = start_hand(wall=wall)
    D = ActionKind.DISCARD
    state = run_script(
        state,
        [
            (0, A(D, "5b")),
            (1, A(ActionKind.PUNG, "5b")),
            (1, A(D, "2y")),
            (2, A(D, "9y", uno=True)),
            (3, A(D, "8b")),
            (0, A(D, "8b")),
            (1, A(ActionKind.ADDED_KONG, "5b")),
        ],
    )
    assert state.phase is Phase.ROB and awaiting(state) == (2,)
    state, _ = apply(state, 2, Action(ActionKind.WIN))
    result = outcome(state)
    assert result is not None and [w.seat for w in result.wins] == [2]
    win = result.wins[0]
    assert win.from_seat == 1
    assert "ROBBING_THE_KONG" in {f.id for f in win.score.fans}
    # The kong did not happen: seat 1 still shows its pung.
    assert state.seats[1].melds[0].kind.value == "pung"
    assert result.payments[1] == -(8 + win.score.total)


def test_reverse_changes_who_may_chow() -> None:
    hands = [
        "46r 57y 1357g 1357b Rr",
        "2468y 2468g 2468b 9r",
        "46r 1357y 9y 2468b 13g",
        "9g 9b 1239r 78r 9y RSg RSb",
    ]
    state, _ = start_hand(wall=build_wall(hands, draws="9r 5r"))
    state, _ = apply(state, 0, A(ActionKind.DISCARD, "Rr"))
    assert state.current == 3 and state.direction == -1
    state, _ = apply(state, 3, A(ActionKind.DISCARD, "5r"))
    # Seat 2 is now next after seat 3: it may chow; seat 0 (next before) may not.
    assert 2 in awaiting(state) and A(ActionKind.CHOW, "4r") in legal_actions(state, 2)
    assert all(a.kind is not ActionKind.CHOW for a in legal_actions(state, 0))


def test_three_winners_on_one_discard() -> None:
    hands = [
        "1357y 1357g 1357b 2r",
        "123456789r 11y 46b",
        "123456789y 22g 46b",
        "123456789g 33b 55b",
    ]
    state, _ = start_hand(wall=build_wall(hands, draws="5b"))
    state, _ = apply(state, 0, A(ActionKind.DISCARD, "5b"))
    for seat in (3, 1, 2):
        state, _ = apply(state, seat, Action(ActionKind.WIN))
    result = outcome(state)
    assert result is not None and [w.seat for w in result.wins] == [1, 2, 3]
    totals = [w.score.total for w in result.wins]
    assert result.payments == (-sum(8 + t for t in totals), *(8 + t for t in totals))


def test_heavenly_hand_needs_no_uno() -> None:
    hands = [
        "123456789r 11y 46b",
        "1357y 1357g 1357b 2r",
        "2468y 2468g 2468b 3r",
        "9g 9b 2345r 78r 9y RSg RSb",
    ]
    state, _ = start_hand(wall=build_wall(hands, draws="5b"))
    assert Action(ActionKind.WIN) in legal_actions(state, 0)
    state, _ = apply(state, 0, Action(ActionKind.WIN))
    result = outcome(state)
    assert result is not None
    assert "HEAVENLY_HAND" in {f.id for f in result.wins[0].score.fans}
    assert result.payments[0] == 3 * (8 + result.wins[0].score.total)


def test_heavenly_uno_counts_however_late_the_win() -> None:
    hands = [
        "1357y 1357g 1357b 2r",
        "123456789r 11y 4b 9b",
        "123456789y 22g 46b",
        "9g 9b 2345r 78r 9y RSg RSb",
    ]
    state, _ = start_hand(wall=build_wall(hands, draws="9g 6b 8g 8g 5b"))
    D = ActionKind.DISCARD
    state = run_script(
        state,
        [
            (0, A(D, "9g")),
            (1, A(D, "9b", uno=True)),
            (2, A(D, "8g")),
            (3, A(D, "8g")),
            (0, A(D, "5b")),
            (1, A(ActionKind.WIN)),
        ],
    )
    result = outcome(state)
    assert result is not None and [w.seat for w in result.wins] == [1]
    assert "HEAVENLY_UNO" in {f.id for f in result.wins[0].score.fans}
    # Seat 2 waited on 5b too, but never declared UNO: no win for it.
    assert len(result.wins) == 1


def test_claim_order_never_matters_with_three_answers() -> None:
    import itertools

    hands = [
        "1357y 1357g 1379b 2r",
        "123456789r 11y 46b",  # wins on 5b (地和)
        "55b 1268y 1268g 126r",  # may pung 5b
        "123456789g 444y 5b",  # wins on 5b too
    ]
    state, _ = start_hand(wall=build_wall(hands, draws="5b"))
    state, _ = apply(state, 0, A(ActionKind.DISCARD, "5b"))
    seats = awaiting(state)
    answers = {1: Action(ActionKind.WIN), 2: A(ActionKind.PUNG, "5b"), 3: Action(ActionKind.WIN)}
    assert set(seats) == set(answers)
    finals = []
    for order in itertools.permutations(seats):
        s = state
        for seat in order:
            s, _ = apply(s, seat, answers[seat])
        finals.append(s)
    assert all(f == finals[0] for f in finals) and len(finals) == 6
    final = finals[0]
    result = outcome(final)
    assert result is not None and [w.seat for w in result.wins] == [1, 3]


@pytest.mark.parametrize("bot", [RandomBot(1), GreedyBot()], ids=["random", "greedy"])
def test_bot_asked_out_of_turn_raises_typed_error(bot: RandomBot | GreedyBot) -> None:
    state, _ = start_hand(seed=1)
    seat = next(s for s in range(4) if s not in awaiting(state))
    with pytest.raises(IllegalActionError) as info:
        bot.choose(state, seat)
    assert info.value.code == "not-awaited"


def test_mcr_s_south_wind_is_no_skip() -> None:
    # Reverse, Skip and the UNO declaration are UNO Mahjong's: under MCR's
    # flow the South wind (S) never skips a seat, nor is UNO declared.
    for seed in range(5):
        board = play_hand("mcr", [RandomBot(seed * 4 + i) for i in range(4)], seed=seed)
        kinds = {e.kind for _, _, events in board.moves for e in events}
        assert not kinds & {"skip", "reverse", "uno"}
    with pytest.raises(RulesError) as info:
        start_hand(attrs.evolve(get_rules("uno"), name="scored only", flow=None), seed=1)
    assert info.value.code == "no-game-flow"


FULL_WALL = [t for t in UNO_TILES.tiles for _ in range(UNO_TILES.copies)]


def _floor_and_shanten(concealed: Sequence[Tile], melds: int) -> tuple[int, int]:
    from unomahjong.analysis.shanten import layout_for, min_shanten
    from unomahjong.game.legality import counts_of
    from unomahjong.game.prefilters import shanten_floor
    from unomahjong.game.tables import tables

    ordered = tuple(sorted(concealed, key=lambda t: t.code))
    counts = counts_of(ordered, UNO_TILES)
    floor = shanten_floor(tables(UNO_TILES), ordered, counts, melds)
    return floor, min_shanten(layout_for(UNO_TILES), list(counts), melds)


# The engine skips the exact shanten when this cheap bound rules out
# readiness: a bound above the true value would wrongly forbid UNO.
@given(st.permutations(FULL_WALL), st.integers(0, 4))
@settings(max_examples=200)
def test_shanten_floor_never_exceeds_the_shanten(wall: list[Tile], melds: int) -> None:
    floor, exact = _floor_and_shanten(wall[: 14 - 3 * melds], melds)
    assert floor <= exact


@given(st.one_of(strategies.winning_hands("uno"), strategies.near_misses("uno")))
@settings(max_examples=300)
def test_shanten_floor_is_a_bound_near_winning(hand: Hand) -> None:
    floor, exact = _floor_and_shanten(hand.concealed_with_win, len(hand.melds))
    assert floor <= exact


def test_the_adder_keeps_the_tile_while_its_kong_may_be_robbed() -> None:
    # Found by Hypothesis: seed 166, two players; seat 0 adds 8g to its
    # exposed pung and seat 1 may rob it.
    rng = random.Random(2)
    state, _ = start_hand(players=2, seed=166)
    while state.phase is not Phase.ROB:
        assert state.phase is not Phase.ENDED
        seats = awaiting(state)
        seat = rng.choice(seats)
        acts = legal_actions(state, seat)
        other = next((i for i in range(2) if i not in seats), None)
        if other is not None:
            with pytest.raises(IllegalActionError):
                apply(state, other, acts[0])
        if state.phase is Phase.CLAIM and len(seats) >= 2:
            for i in seats:
                state, _ = apply(state, i, rng.choice(legal_actions(state, i)))
        else:
            state, _ = apply(state, seat, rng.choice(acts))
    adder = state.seats[state.current]
    assert state.offered is not None and state.offered in adder.concealed
    assert len(adder.concealed) + 3 * len(adder.melds) == 14
    assert _tiles_in_play(state) == 176


def test_seeds_are_whole_numbers_from_zero() -> None:
    # random.Random(-n) shuffles as Random(n): a negative seed would deal
    # the round of another, so every seed of the game is refused below 0.
    from unomahjong.game import Board, LogError, RandomBot, play_match, replay
    from unomahjong.research.simulation import simulate

    for make in (
        lambda: start_hand(seed=-1),
        lambda: Board(seed=-1),
        lambda: RandomBot(-1),
        lambda: play_match("uno", [RandomBot(i) for i in range(4)], rounds=1, seed=-1),
    ):
        with pytest.raises(IllegalActionError) as e:
            make()
        assert e.value.code == "seed"
    with pytest.raises(RulesError) as r:
        simulate(games=1, seed=-1)
    assert r.value.code == "bad-seed"
    from unomahjong.game.log import chain_lines

    # A seed-1 log edited to -1, its digests computed again, no longer replays.
    records = [json.loads(line) for line in Board(seed=1).log_lines()]
    records[0]["seed"] = -1
    with pytest.raises(LogError) as log_error:
        replay(chain_lines(records))
    assert log_error.value.code == "bad-header"
