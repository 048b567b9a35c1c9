"""The card game's options (docs/cards.md#options): a worked example per
option, the match, and random games over every combination of options."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_cards import _choose, kinds, legal, play, table

from unomahjong import CardError
from unomahjong._logfile import MAX_LINES
from unomahjong.cards import (
    CARDS,
    COLOURS,
    CardAction,
    CardPhase,
    CardRules,
    CardState,
    GreedyCardBot,
    UniformCardBot,
    apply,
    card,
    hand_scores,
    legal_actions,
    log_lines,
    play_card_match,
    play_cards,
    replay,
    seat_view,
    start_hand,
)
from unomahjong.errors import LogError


def _with(state: CardState, **options: Any) -> CardState:
    return attrs.evolve(state, rules=CARDS.with_options(**options))


# ------------------------------------------------------------------ stacking


def test_stacking_adds_the_penalties_until_a_player_draws_them_all() -> None:
    s = _with(table(["Dr 5g 6g", "Db W4 1y", "2y 3y", "4y"], "3r", pile="1b " * 10), stacking=True)
    s = play(s, 0, "play Dr")
    assert s.pending == 2 and s.current == 1
    # A Draw Two answers a Draw Two, a Wild Draw Four either; nothing else.
    assert kinds(s, 1) == {"play Db", "play Db uno", "draw"} | {
        f"play W4 {c}{u}" for c in COLOURS for u in ("", " uno")
    }
    s = play(s, 1, "play W4 g")  # no challenge while stacking
    assert s.phase is CardPhase.PLAY and s.pending == 6 and s.current == 2
    assert "play Db" not in kinds(s, 2)  # a Draw Two may not answer a Wild Draw Four
    s = play(s, 2, "draw")  # draws all six and loses the turn
    assert len(s.hands[2]) == 8 and s.pending == 0 and s.current == 3


def test_going_out_on_a_stacked_draw_two_makes_the_next_draw_everything() -> None:
    s = _with(table(["Dr 5g 6g", "Db", "2y 3y"], "3r", pile="1b " * 10), stacking=True)
    s = play(play(s, 0, "play Dr"), 1, "play Db")
    assert s.ended and s.winner == 1 and len(s.hands[2]) == 6  # 2 + 2 + its own


# ------------------------------------------------------- wild cancels draw two


def test_a_wild_cancels_a_draw_two_but_not_a_wild_draw_four() -> None:
    s = table(["Dr 5g 6g", "W W4 1y", "2y"], "3r", pile="1b " * 10)
    s = _with(s, wild_cancels_draw_two=True)
    s = play(s, 0, "play Dr")
    assert s.pending == 2
    assert {a.card.notation for a in legal_actions(s, 1) if a.card} == {"W"}
    s = play(s, 1, "play W y")
    assert s.pending == 0 and s.colour == "y" and s.current == 2 and len(s.hands[2]) == 1


def test_an_all_draw_wild_cancels_any_pending_penalty() -> None:
    rules = {"stacking": True, "all_draw_wild": True}
    s = _with(table(["W4 5g 6g", "A 1y 2y", "2y", "3y"], "3r", pile="1b " * 10), **rules)
    s = play(s, 0, "play W4 g")
    s = play(s, 1, "play A y")  # nobody draws the four; each other seat draws one
    assert s.pending == 0 and s.current == 1 and [len(h) for h in s.hands] == [3, 2, 2, 2]


# ------------------------------------------------------------ zero passes hands


@pytest.mark.parametrize("direction", [1, -1])
def test_a_zero_passes_every_hand_on_in_the_direction_of_play(direction: int) -> None:
    s = table(["0r 5g 6g", "1y", "2y 3y", "4b 5b 6b"], "3r", direction=direction)
    s = play(_with(s, zero_passes_hands=True), 0, "play 0r")
    before = {0: "5g 6g", 1: "1y", 2: "2y 3y", 3: "4b 5b 6b"}
    for seat, text in before.items():
        assert " ".join(c.notation for c in s.hands[(seat + direction) % 4]) == text


# -------------------------------------------------------------------- jump-in


def test_an_identical_card_jumps_in_out_of_turn_and_play_goes_on_from_it() -> None:
    hands = ["7r 5g 6g", "1y 2y", "7r 3b 4b", "7r 8b 9b"]
    s = _with(table(hands, "7b", pile="1b " * 10), jump_in=True)
    s = play(s, 0, "play 7r")
    # Only the seats holding a 7r are asked, in turn order from the next.
    assert s.phase is CardPhase.JUMP and s.current == 2 and s.jumpers == (2, 3)
    assert kinds(s, 2) == {"play 7r", "play 7r uno", "pass"}
    s = play(s, 2, "pass")
    assert s.current == 3
    s = play(s, 3, "play 7r")  # seat 1 is passed over: play goes on from seat 3
    assert s.phase is CardPhase.JUMP and s.jumpers == (2,)
    s = play(s, 2, "pass")
    assert s.phase is CardPhase.PLAY and s.current == 0


def test_a_pass_on_a_jump_in_is_hidden_from_the_other_seats() -> None:
    rules = CARDS.with_options(jump_in=True)
    for seed in range(100):
        bots: list[Any] = [UniformCardBot(seed), GreedyCardBot(), GreedyCardBot()]
        moves = play_cards(rules, bots, seed=seed)[1]
        lines = log_lines(rules, moves, players=3, seed=seed)
        states = replay(lines)
        passes = [
            seat
            for k, (seat, action, _) in enumerate(moves)
            if states[k].phase is CardPhase.JUMP and action.kind.value == "pass"
        ]
        if passes:
            break
    else:
        pytest.fail("no jump-in pass in 100 hands")
    for viewer in range(3):
        hidden = sum(seat != viewer for seat in passes)
        assert len(seat_view(lines, viewer)) == len(lines) - hidden


# -------------------------------------------------------------- several at once


def test_several_cards_of_one_number_or_symbol_take_effect_in_order() -> None:
    s = _with(
        table(["7r 7b 7g 5y", "1y 2y", "3y", "4y"], "3r", pile="1b " * 10), multiple_same=True
    )
    listed = kinds(s, 0)
    assert {"play 7r 7b", "play 7r 7g", "play 7r 7b 7g", "play 7r 7g 7b"} <= listed
    assert "play 7b 7r" not in listed  # the first must match the top card
    s = play(s, 0, "play 7r 7g 7b")
    assert s.colour == "b" and s.top.notation == "7b" and s.current == 1  # the last one's colour
    s = _with(table(["Sr Sb 5y 6y", "1y", "2y", "3y", "4y"], "3r"), multiple_same=True)
    s = play(s, 0, "play Sr Sb")  # two Skips skip two players
    assert s.current == 3
    s = _with(table(["Dr Db 5y 6y", "1y 2y", "3y"], "3r", pile="1b " * 10), multiple_same=True)
    s = play(s, 0, "play Dr Db")  # two Draw Twos: 4 cards
    assert len(s.hands[1]) == 6 and s.current == 2


# -------------------------------------------------------------------- scoring


def test_negative_scoring_and_teams_score_a_hand() -> None:
    hands = [(), (card("7r"), card("W")), (card("Dr"),), (card("2y"), card("3y"))]
    assert hand_scores(CARDS, hands, 0) == (82, 0, 0, 0)
    assert hand_scores(CARDS.with_options(negative_scoring=True), hands, 0) == (0, -57, -20, -5)
    assert hand_scores(CARDS.with_options(teams=True), hands, 0) == (62, 0, 0, 0)  # not seat 2
    with pytest.raises(CardError) as e:
        start_hand(CARDS.with_options(teams=True), players=5, seed=1)
    assert e.value.code == "bad-players"


# ---------------------------------------------------------------------- match


@pytest.mark.parametrize(
    "options",
    [{}, {"negative_scoring": True}, {"teams": True}, {"target": 150, "elimination": True}],
)
def test_a_match_plays_hands_until_its_end(options: dict[str, Any]) -> None:
    rules = CARDS.with_options(**options)
    result = play_card_match(rules, [GreedyCardBot()] * 4, seed=3)
    assert result.finished
    per_seat = [sum(h.scores[s] for h in result.hands) for s in range(4)]
    if rules.teams:
        per_seat = [per_seat[s % 2] + per_seat[s % 2 + 2] for s in range(4)]
    assert list(result.totals) == per_seat
    for before, after in zip(result.hands, result.hands[1:], strict=False):
        if before.winner is not None and before.winner in after.seats:
            assert after.dealer == before.winner  # the winner deals the next hand
    last = result.totals
    if rules.elimination:
        assert len(result.eliminated) >= 3 or all(last[s] <= -150 for s in range(4))
    elif rules.negative_scoring:
        assert min(last) <= -rules.target
    else:
        assert max(last) >= rules.target
    live = [s for s in range(4) if s not in result.eliminated] or result.hands[-1].seats
    assert set(result.winners) == {s for s in live if last[s] == max(last[t] for t in live)}


@pytest.mark.parametrize("seed", [0, 1])
def test_every_seat_past_the_bound_is_eliminated(seed: int) -> None:
    """When every team still in reaches -target in the same hand, every
    seat that reached it is listed as eliminated, and the highest wins."""
    rules = CARDS.with_options(teams=True, elimination=True, target=120)
    result = play_card_match(rules, [GreedyCardBot()] * 6, seed=seed)
    last = result.totals
    assert result.finished
    assert all(last[s] <= -120 for s in range(6)), "every team reached the bound"
    best = max(last)
    assert sorted(result.eliminated) == list(range(6))
    assert set(result.winners) == {s for s in range(6) if last[s] == best}


# ----------------------------------------------------- random games, all options

OPTIONS = (
    "all_draw_wild",
    "jump_in",
    "multiple_same",
    "stacking",
    "wild_cancels_draw_two",
    "zero_passes_hands",
    "negative_scoring",
    "teams",
)


def legal_with_options(state: CardState, seat: int, action: CardAction) -> bool:
    """``test_cards.legal``, and under a pending penalty the answers written
    plainly: Draw Two on Draw Two and Wild Draw Four on either when
    stacking, a plain Wild on a Draw Two when it cancels, All Draw Wild
    always; otherwise only drawing the penalty."""
    if action.more:  # several cards at once: the first as a play alone, the rest alike
        first = attrs.evolve(action, more=())
        assert action.card is not None
        cards = [action.card, *action.more]
        face = cards[0].notation[:-1]
        hand = list(state.hands[seat])
        for one in cards:
            if one not in hand:
                return False
            hand.remove(one)
        return (
            state.rules.multiple_same
            and state.phase is CardPhase.PLAY
            and legal_with_options(state, seat, first)
            and all(c.colour is not None and c.notation[:-1] == face for c in cards)
        )
    if state.phase is CardPhase.JUMP:  # the top card itself, or pass
        k = action.kind.value
        held = action.card is state.discards[-1] and action.card in state.hands[seat]
        return seat == state.current and (k == "pass" or (k == "play" and held))
    if not state.pending or state.phase is not CardPhase.PLAY:
        return legal(state, seat, action)
    if seat != state.current:
        return False
    k = action.kind.value
    if k == "draw":
        return True
    c, top, rules = action.card, state.discards[-1].notation, state.rules
    if k != "play" or c is None or c not in state.hands[seat]:
        return False
    if (c.colour is None) != (action.colour in ("r", "y", "g", "b")):
        return False
    name = c.notation
    return (
        name == "A"
        or (name == "W4" and rules.stacking)
        or (name == "W" and rules.wild_cancels_draw_two and top.startswith("D"))
        or (name.startswith("D") and rules.stacking and top.startswith("D"))
    )


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 10),
    switched=st.frozensets(st.sampled_from(OPTIONS)),
)
@example(  # a hand too long for a log
    seed=495181,
    players=10,
    switched=frozenset({"stacking", "all_draw_wild", "zero_passes_hands", "wild_cancels_draw_two"}),
)
def test_random_games_under_any_options_keep_every_invariant(
    seed: int, players: int, switched: frozenset[str]
) -> None:
    if "teams" in switched and players % 2:
        players += 1
    if "teams" in switched and players == 2:
        players = 4
    rules: CardRules = CARDS.with_options(**dict.fromkeys(switched, True))  # type: ignore[arg-type]
    size = 112 if rules.all_draw_wild else 108
    rng = random.Random(seed)
    state, _ = start_hand(rules, players=players, seed=seed)
    moves = []
    for _ in range(20_000):
        assert state.card_count() == size
        assert state.colour in COLOURS or (state.phase is CardPhase.COLOUR and state.colour is None)
        if state.ended:
            break
        seat = state.current
        actions = legal_actions(state, seat)
        assert actions and all(legal_with_options(state, seat, a) for a in actions)
        assert all(legal_actions(state, other) == () for other in range(players) if other != seat)
        action = _choose(rng, actions, state)
        after, events = apply(state, seat, action)
        moves.append((seat, action, events))
        state = after
    assert state.ended
    if state.winner is not None:
        assert state.hands[state.winner] == ()
        assert state.scores == hand_scores(rules, state.hands, state.winner)
    if len(moves) <= MAX_LINES - 2:
        assert replay(log_lines(rules, moves, players=players, seed=seed))[-1] == state
    else:  # a log is never written that replay would refuse
        with pytest.raises(LogError) as e:
            log_lines(rules, moves, players=players, seed=seed)
        assert e.value.code == "too-long"


@pytest.mark.parametrize("text", ["play 7r 7b", "play Sr Sb Sg uno", "play 0y 0g"])
def test_several_cards_read_back_from_their_text(text: str) -> None:
    assert str(CardAction.parse(text)) == text


@pytest.mark.parametrize("text", ["play 7r 5b", "play 7r W", "play 7r 7b g"])
def test_several_cards_of_different_faces_are_no_action(text: str) -> None:
    with pytest.raises(CardError) as e:
        CardAction.parse(text)
    assert e.value.code in ("bad-action", "unknown-card")
