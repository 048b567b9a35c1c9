"""UNO, the card game: the deck, the rules value, and a hand played by the
rules docs/cards.md states, one worked example per ruling; random games
under an independent legality predicate; and bad input."""

from __future__ import annotations

import itertools
import pickle
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unomahjong.cards import (
    CARDS,
    COLOURS,
    CardAction,
    CardActionKind,
    CardKind,
    CardPhase,
    CardRules,
    CardState,
    apply,
    card,
    deck,
    legal_actions,
    parse_cards,
    start_hand,
)
from unomahjong.errors import CardError, MahjongError


def table(
    hands: list[str],
    top: str,
    colour: str | None = None,
    *,
    pile: str = "",
    under: str = "",
    current: int = 0,
    direction: int = 1,
    phase: CardPhase = CardPhase.PLAY,
    **extra: Any,
) -> CardState:
    """A hand in the middle: each seat's cards, the top card (with the
    colour in force, for a black one), the draw pile (its last card is
    drawn first) and the discards under the top."""
    top_card = card(top)
    return CardState(
        CARDS,
        len(hands),
        0,
        7,
        tuple(parse_cards(h) for h in hands),
        parse_cards(pile),
        (*parse_cards(under), top_card),
        colour or top_card.colour,
        direction,
        current,
        phase,
        **extra,
    )


def play(state: CardState, seat: int, text: str) -> CardState:
    after, _ = apply(state, seat, text)
    return after


def kinds(state: CardState, seat: int) -> set[str]:
    return {str(a) for a in legal_actions(state, seat)}


# ------------------------------------------------------------------ the deck


def test_the_deck_has_108_cards_and_112_with_all_draw_wild() -> None:
    cards = deck()
    assert len(cards) == 108 and len(deck(all_draw_wild=True)) == 112
    count = Counter(str(c) for c in cards)
    for c in COLOURS:
        assert count[f"0{c}"] == 1
        assert all(count[f"{n}{c}"] == 2 for n in range(1, 10))
        assert count[f"S{c}"] == count[f"R{c}"] == count[f"D{c}"] == 2
    assert count["W"] == count["W4"] == 4 and "A" not in count
    assert Counter(str(c) for c in deck(True))["A"] == 4


def test_card_points() -> None:
    assert [card(t).points for t in ("0r", "7g", "Sb", "Ry", "Dr", "W", "W4", "A")] == [
        0,
        7,
        20,
        20,
        20,
        50,
        50,
        50,
    ]


def test_notation_reads_back_and_cards_are_interned() -> None:
    for c in deck(True):
        assert card(str(c)) is c and pickle.loads(pickle.dumps(c)) is c
    assert card("W4").kind is CardKind.WILD_DRAW_FOUR and card("Db").kind is CardKind.DRAW_TWO


@pytest.mark.parametrize("text", ["", "10r", "7x", "w", "W5", "Dk", 7, None])
def test_unknown_cards_are_refused(text: Any) -> None:
    with pytest.raises(CardError) as caught:
        card(text)
    assert caught.value.code == "unknown-card"


# ------------------------------------------------------------------ the rules value


def test_rules_are_a_value_with_a_name() -> None:
    assert CARDS.name == "cards" and CARDS.target == 500
    variant = CARDS.with_options(all_draw_wild=True, target=200)
    assert variant.name == "cards[all_draw_wild,target=200]"
    assert CARDS.with_options(target=500) is CARDS
    assert pickle.loads(pickle.dumps(variant)) == variant
    with pytest.raises(CardError) as caught:
        CARDS.with_options(targt=3)
    assert caught.value.hint == "did you mean 'target'?"
    with pytest.raises(CardError, match="bad-option"):
        CardRules(target=0)


# ------------------------------------------------------------------ the deal


def _first(kind: CardKind) -> tuple[int, CardState]:
    """The first seed whose first card turned up is of ``kind``."""
    for seed in range(2000):
        state, _ = start_hand(players=4, seed=seed, dealer=0)
        if state.discards[0].kind is kind:
            return seed, state
    raise AssertionError(kind)


def test_a_deal_is_seven_cards_each_and_conserves_the_deck() -> None:
    state, events = start_hand(players=5, seed=3)
    assert [len(h) for h in state.hands] == [7] * 5
    assert state.card_count() == 108
    assert sorted(map(str, (*sum(state.hands, ()), *state.draw_pile, *state.discards))) == sorted(
        map(str, deck())
    )
    assert start_hand(players=5, seed=3) == (state, events)  # seeded


def test_the_dealer_is_cut_for_highest_number_actions_counting_zero() -> None:
    ties = 0
    for seed in range(60):
        state, events = start_hand(players=4, seed=seed)
        rounds: list[dict[int, int]] = [{}]
        for e in events:
            if e.kind == "cut":
                if e.seat in rounds[-1]:
                    rounds.append({})
                rounds[-1][e.seat] = e.cards[0].number or 0
        for before, after in itertools.pairwise(rounds):
            best = max(before.values())
            assert sorted(after) == [s for s, v in before.items() if v == best]
            ties += 1
        last = rounds[-1]
        assert [s for s, v in last.items() if v == max(last.values())] == [state.dealer]
    assert ties  # some seed tied and cut again


def test_a_first_wild_draw_four_goes_back_into_the_pile() -> None:
    for seed in range(3000):
        state, events = start_hand(players=4, seed=seed, dealer=0)
        returned = [e for e in events if e.kind == "return"]
        if returned:
            assert returned[0].cards[0] is card("W4")
            assert state.top.kind is not CardKind.WILD_DRAW_FOUR
            assert state.card_count() == 108
            return
    raise AssertionError("no seed turned a Wild Draw Four up")


def test_first_card_effects() -> None:
    _, wild = _first(CardKind.WILD)
    assert wild.phase is CardPhase.COLOUR and wild.current == 1 and wild.colour is None
    assert kinds(wild, 1) == {f"colour {c}" for c in COLOURS}
    named = play(wild, 1, "colour g")
    assert named.phase is CardPhase.PLAY and named.current == 1 and named.colour == "g"
    _, two = _first(CardKind.DRAW_TWO)
    assert len(two.hands[1]) == 9 and two.current == 2
    _, skip = _first(CardKind.SKIP)
    assert skip.current == 2 and len(skip.hands[1]) == 7
    _, rev = _first(CardKind.REVERSE)
    assert rev.current == 0 and rev.direction == -1


# ------------------------------------------------------------------ a turn


def test_a_card_matches_colour_number_or_symbol_and_black_cards_go_anywhere() -> None:
    s = table(["7r 7g Sg 2b W W4", "1y", "1y"], "7b")
    plays = {a.card.notation for a in legal_actions(s, 0) if a.card is not None}
    assert plays == {"7r", "7g", "2b", "W", "W4"}
    s = table(["Sg Sr 3y W", "1y", "1y"], "Sb")
    assert {a.card.notation for a in legal_actions(s, 0) if a.card} == {"Sg", "Sr", "W"}
    s = table(["5r 5g W", "1y", "1y"], "W", "g")  # a black top matches by the colour named
    assert {a.card.notation for a in legal_actions(s, 0) if a.card} == {"5g", "W"}


def test_drawing_is_allowed_with_a_playable_card_and_the_drawn_card_may_be_played() -> None:
    s = table(["7r 1y", "1y 2y", "3y"], "7b", pile="5r 9b")
    assert "draw" in kinds(s, 0)
    drawn = play(s, 0, "draw")
    assert drawn.phase is CardPhase.DRAWN and drawn.drawn is card("9b") and drawn.current == 0
    assert kinds(drawn, 0) == {"play 9b", "play 9b uno", "keep"}  # that card only
    assert play(drawn, 0, "play 9b").top is card("9b")
    kept = play(drawn, 0, "keep")
    assert kept.current == 1 and card("9b") in kept.hands[0]


def test_an_unplayable_draw_passes_the_turn() -> None:
    s = table(["7r", "1y", "3y"], "2b", pile="5r")
    after = play(s, 0, "draw")
    assert after.phase is CardPhase.PLAY and after.current == 1 and len(after.hands[0]) == 2


# ------------------------------------------------------------------ effects


def test_skip_reverse_draw_two_and_wild() -> None:
    base = ["Sr Rr Dr W 5r 6r", "1y 2y", "1y 2y", "1y 2y"]
    assert play(table(base, "3r"), 0, "play Sr").current == 2
    rev = play(table(base, "3r"), 0, "play Rr")
    assert rev.direction == -1 and rev.current == 3
    two = play(table(base, "3r", pile="9g 8g 7g"), 0, "play Dr")
    assert two.current == 2 and len(two.hands[1]) == 4
    wild = play(table(base, "3r"), 0, "play W b")
    assert wild.colour == "b" and wild.current == 1


def test_two_players_reverse_skips_and_draw_two_plays_again() -> None:
    two = ["Rr Dr 5r 6r", "1y 2y"]
    assert play(table(two, "3r"), 0, "play Rr").current == 0
    again = play(table(two, "3r", pile="9g 8g"), 0, "play Dr")
    assert again.current == 0 and len(again.hands[1]) == 4


# ------------------------------------------------------------------ the Wild Draw Four


def test_a_wild_draw_four_is_answered_by_challenge_or_accept() -> None:
    s = play(table(["W4 5g 6g", "1y 2y", "1y 2y"], "3r"), 0, "play W4 b")
    assert s.phase is CardPhase.CHALLENGE and s.current == 1
    assert kinds(s, 1) == {"challenge", "accept"}
    accepted = play(table(["W4 5g 6g", "1y 2y", "1y 2y"], "3r", pile="1b 2b 3b 4b"), 0, "play W4 b")
    accepted = play(accepted, 1, "accept")
    assert len(accepted.hands[1]) == 6 and accepted.current == 2 and accepted.colour == "b"


def test_a_guilty_player_takes_the_four_back_and_draws_four() -> None:
    # Seat 0 held a red card (the colour in force): guilty.
    s = play(table(["W4 5r 6g", "1y 2y", "1y"], "3r", pile="1b 2b 3b 4b"), 0, "play W4 b")
    after, events = apply(s, 1, "challenge")
    shown = [e for e in events if e.kind == "show"]
    assert shown and shown[0].seat == 0 and shown[0].other == 1  # to the challenger alone
    assert sorted(map(str, after.hands[0])) == sorted(["W4", "5r", "6g", "1b", "2b", "3b", "4b"])
    assert after.top is card("3r") and after.colour == "r"  # the named colour lapses
    assert after.current == 1 and after.phase is CardPhase.PLAY  # the challenger's normal turn


def test_an_innocent_player_makes_the_challenger_draw_six() -> None:
    s = play(table(["W4 5g 6g", "1y 2y", "1y"], "3r", pile="1b 2b 3b 4b 5b 6b"), 0, "play W4 b")
    after = play(s, 1, "challenge")
    assert len(after.hands[1]) == 8 and after.current == 2 and after.colour == "b"
    assert after.top is card("W4")


# ------------------------------------------------------------------ UNO


def test_a_missing_uno_call_is_caught_for_two_cards() -> None:
    s = play(table(["5r 6r", "1y 2y", "1y 2y"], "3r", pile="1b 2b"), 0, "play 5r")
    assert s.phase is CardPhase.CATCH and s.current == 1  # offered from the next seat on
    assert kinds(s, 1) == {"catch 0", "pass"}
    caught = play(s, 1, "catch 0")
    assert len(caught.hands[0]) == 3 and caught.phase is CardPhase.PLAY and caught.current == 1


def test_catches_are_offered_in_turn_order_and_end_at_the_first() -> None:
    s = play(table(["5r 6r", "1y 2y", "1y 2y", "1y"], "3r", pile="1b 2b"), 0, "play 5r")
    s = play(s, 1, "pass")
    assert s.phase is CardPhase.CATCH and s.current == 2
    s = play(s, 2, "pass")
    assert s.current == 3
    done = play(s, 3, "pass")
    assert done.phase is CardPhase.PLAY and done.current == 1 and len(done.hands[0]) == 1


def test_a_called_uno_costs_the_catcher_two_and_a_false_call_the_caller() -> None:
    called = play(table(["5r 6r", "1y 2y", "1y"], "3r", pile="1b 2b"), 0, "play 5r uno")
    wrong = play(called, 1, "catch 0")
    assert len(wrong.hands[1]) == 4 and len(wrong.hands[0]) == 1
    false = play(table(["5r 6r 7r", "1y 2y", "1y"], "3r", pile="1b 2b"), 0, "play 5r uno")
    assert false.phase is CardPhase.CATCH
    assert len(play(false, 1, "catch 0").hands[0]) == 4


def test_no_catch_window_after_a_play_that_leaves_more_cards_uncalled() -> None:
    s = play(table(["5r 6r 7r", "1y 2y", "1y"], "3r"), 0, "play 5r")
    assert s.phase is CardPhase.PLAY and s.current == 1


# ------------------------------------------------------------------ the end


def test_going_out_wins_and_scores_the_cards_left() -> None:
    s = table(["5r", "1y W", "Sg Dr"], "3r")
    end = play(s, 0, "play 5r")
    assert end.ended and end.winner == 0
    assert end.scores == (1 + 50 + 20 + 20, 0, 0)


def test_going_out_on_a_draw_two_makes_the_next_seat_draw_first() -> None:
    s = table(["Dr", "1y", "2y"], "3r", pile="9g 8g")
    end = play(s, 0, "play Dr")
    assert end.ended and len(end.hands[1]) == 3
    assert end.scores == (1 + 9 + 8 + 2, 0, 0)


def test_an_empty_pile_is_the_discards_reshuffled_under_the_top() -> None:
    s = table(["7r 1g", "1y 2y", "1y"], "2b", under="3b 4b 5b")
    after, events = apply(s, 0, "draw")
    assert any(e.kind == "reshuffle" for e in events)
    assert after.top is card("2b") and len(after.discards) == 1
    assert after.card_count() == s.card_count()


def test_a_hand_with_no_card_left_to_draw_ends_without_a_winner() -> None:
    s = table(["7r 7r", "7g 7g"], "2b")  # nothing to draw, nothing to reshuffle
    s = play(s, 0, "draw")
    assert s.current == 1 and not s.ended
    end = play(s, 1, "draw")
    assert end.ended and end.winner is None and end.scores == (0, 0)


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    ("seat", "text", "code"),
    [
        (1, "draw", "not-your-turn"),
        (0, "play 3y", "illegal-action"),
        (0, "play W", "bad-action"),
        (0, "play 7r b", "bad-action"),
        (0, "fly", "bad-action"),
        (0, "catch x", "bad-action"),
        (0, "play 7x", "unknown-card"),
        (0, "x" * 100, "too-long"),
    ],
)
def test_bad_actions_get_a_typed_error_and_change_nothing(seat: int, text: str, code: str) -> None:
    s = table(["7r 1g", "1y 2y"], "2r")
    before = attrs.astuple(s)
    with pytest.raises(CardError) as caught:
        apply(s, seat, text)
    assert caught.value.code == code and isinstance(caught.value, MahjongError)
    assert attrs.astuple(s) == before


@pytest.mark.parametrize(
    "call",
    [
        lambda: start_hand(players=1),
        lambda: start_hand(players=11),
        lambda: start_hand(seed=-1),
        lambda: start_hand(CARDS, dealer=9),
        lambda: start_hand("cards"),  # type: ignore[arg-type]
        lambda: legal_actions(None, 0),  # type: ignore[arg-type]
        lambda: legal_actions(table(["1r", "2r"], "3r"), 5),
    ],
)
def test_bad_arguments_get_a_typed_error(call: Any) -> None:
    with pytest.raises(CardError):
        call()


def test_actions_read_back_from_their_text() -> None:
    s = table(["7r W W4 5g 1b", "1y 2y"], "7b")
    for action in legal_actions(s, 0):
        assert CardAction.parse(str(action)) == action
    assert CardAction.parse("catch 2") == CardAction(CardActionKind.CATCH, seat=2)


# ------------------------------------------------------------------ random games


def legal(state: CardState, seat: int, action: CardAction) -> bool:
    """The rules of an action, written plainly and apart from the engine."""
    if state.ended or seat != state.current:
        return False
    top, colour, hand = state.discards[-1], state.colour, state.hands[seat]
    k = action.kind.value
    if state.phase is CardPhase.COLOUR:
        return k == "colour" and action.colour in ("r", "y", "g", "b")
    if state.phase is CardPhase.CHALLENGE:
        return k in ("challenge", "accept")
    if state.phase is CardPhase.CATCH:
        return (k == "catch" and action.seat == state.catch[0]) or k == "pass"  # type: ignore[index]
    if k == "keep":
        return state.phase is CardPhase.DRAWN
    if k == "draw":
        return state.phase is CardPhase.PLAY
    if k != "play" or action.card is None:
        return False
    c = action.card
    if state.phase is CardPhase.DRAWN and c is not state.drawn:
        return False
    if c not in hand:
        return False
    if c.colour is None:  # black: any time, naming a colour
        return action.colour in ("r", "y", "g", "b")
    if action.colour is not None:
        return False
    same_colour = c.colour == colour
    same_face = top.colour is not None and c.notation[:-1] == top.notation[:-1]
    return same_colour or same_face


def _choose(rng: random.Random, actions: tuple[CardAction, ...], state: CardState) -> CardAction:
    # Mostly sensible (play when it can, call UNO right), sometimes anything:
    # games end, and every kind of action is taken.
    if rng.random() < 0.15:
        return rng.choice(actions)
    plays = [a for a in actions if a.kind is CardActionKind.PLAY]
    if plays:
        a = rng.choice(plays)
        calls = len(state.hands[state.current]) == 2
        return attrs.evolve(a, uno=calls)
    return rng.choice(actions)


# The random games, under every combination of options: test_cards_options.py.


# ------------------------------------------------------------------ second look


def _house(hands: list[str], top: str, **kw: Any) -> CardState:
    return attrs.evolve(table(hands, top, **kw), rules=CARDS.with_options(all_draw_wild=True))


def test_a_settled_challenge_reshuffles_all_but_the_top_card() -> None:
    four = play(table(["W4 5r 6g", "1y 2y", "3b"], "3r", under="1y"), 0, "play W4 b")
    accepted = play(four, 1, "accept")  # 1y and 3r come back as the draw pile
    assert sorted(map(str, accepted.hands[1])) == ["1y", "1y", "2y", "3r"]
    assert accepted.discards == (card("W4"),)
    guilty = play(four, 1, "challenge")  # the Four back in hand: only 3r stays
    assert card("1y") in guilty.hands[0] and guilty.discards == (card("3r"),)


def test_the_all_draw_wild_makes_the_others_draw_one_and_plays_again() -> None:
    s = play(_house(["A 5r 6r", "1y", "2y"], "3r", pile="7g 8g 9g"), 0, "play A g")
    assert [len(h) for h in s.hands] == [2, 2, 2]
    assert s.current == 0 and s.colour == "g" and s.phase is CardPhase.PLAY


def test_going_out_on_an_all_draw_wild_the_others_still_draw() -> None:
    end = play(_house(["A", "1y", "2y"], "3r", pile="8y 9y"), 0, "play A g")
    assert end.ended and end.scores == (1 + 9 + 2 + 8, 0, 0)


def test_a_first_all_draw_wild_goes_back_into_the_pile() -> None:
    rules = CARDS.with_options(all_draw_wild=True)
    for seed in range(3000):
        state, events = start_hand(rules, players=4, seed=seed, dealer=0)
        if any(e.kind == "return" and e.cards[0] is card("A") for e in events):
            assert state.top.kind not in (CardKind.ALL_DRAW_WILD, CardKind.WILD_DRAW_FOUR)
            assert state.card_count() == 112
            return
    raise AssertionError("no seed turned an All Draw Wild up")


def test_going_out_on_a_wild_draw_four_makes_the_next_draw_four_unchallenged() -> None:
    end = play(table(["W4", "1y", "2y"], "3r", pile="1b 2b 3b 4b"), 0, "play W4 g")
    assert end.ended and len(end.hands[1]) == 5 and end.scores == (1 + 10 + 2, 0, 0)


def test_two_players_a_wild_draw_four_accepted_lets_its_player_go_again() -> None:
    s = play(table(["W4 5g 6g", "1y 2y"], "3r", pile="1b 2b 3b 4b"), 0, "play W4 b")
    assert s.phase is CardPhase.CHALLENGE and s.current == 1
    after = play(s, 1, "accept")
    assert after.current == 0 and len(after.hands[1]) == 6


def test_two_players_a_first_reverse_lets_the_dealer_play_first() -> None:
    for seed in range(2000):
        state, _ = start_hand(players=2, seed=seed, dealer=1)
        if state.discards[0].kind is CardKind.REVERSE:
            assert state.current == 1
            return
    raise AssertionError("no seed turned a Reverse up")


# ------------------------------------------------------------------ bots


@pytest.mark.parametrize("players", [2, 4, 7])
def test_greedy_bots_play_sensible_legal_hands(players: int) -> None:
    from unomahjong.cards import GreedyCardBot, play_cards

    for seed in range(30):
        end, moves = play_cards(CARDS, [GreedyCardBot()] * players, seed=seed)
        assert end.ended and end.winner is not None
        state, _ = start_hand(CARDS, players=players, seed=seed)
        for seat, action, events in moves:
            assert legal(state, seat, action)
            if action.kind is CardActionKind.PLAY:
                # UNO is called exactly when the play leaves one card.
                assert action.uno == (len(state.hands[seat]) == 2)
                if action.card is card("W4"):  # a Wild Draw Four only when legal
                    assert not any(c.colour == state.colour for c in state.hands[seat])
            state, replayed = apply(state, seat, action)
            assert replayed == events  # the moves replay exactly
        assert state == end


def test_the_greedy_bot_catches_challenges_and_names_its_colour() -> None:
    from unomahjong.cards import GreedyCardBot

    bot = GreedyCardBot()
    missed = play(table(["5r 6r", "1y 2y", "1y 2y"], "3r"), 0, "play 5r")
    assert str(bot.choose(missed, 1, legal_actions(missed, 1))) == "catch 0"
    called = play(table(["5r 6r", "1y 2y", "1y 2y"], "3r"), 0, "play 5r uno")
    assert str(bot.choose(called, 1, legal_actions(called, 1))) == "pass"
    many = play(table(["W4 5g 6g", "1y 2y", "1y"], "3r"), 0, "play W4 b")
    assert str(bot.choose(many, 1, legal_actions(many, 1))) == "challenge"
    last = play(table(["W4 5g", "1y 2y", "1y"], "3r"), 0, "play W4 b uno")
    last = play(play(last, 1, "pass"), 2, "pass")
    assert str(bot.choose(last, 1, legal_actions(last, 1))) == "accept"
    colour = table(["1g 2g 3b", "1y"], "W", phase=CardPhase.COLOUR)
    colour = attrs.evolve(colour, colour=None)
    assert str(bot.choose(colour, 0, legal_actions(colour, 0))) == "colour g"
    wild = table(["W 7y", "1y"], "3r")
    assert str(bot.choose(wild, 0, legal_actions(wild, 0))) == "play W y uno"  # one card left


def test_random_bots_are_seeded_and_bad_bots_refused() -> None:
    from unomahjong.cards import RandomCardBot, UniformCardBot, play_cards

    s = table(["7r 1g W", "1y 2y"], "7b")
    for bot in (RandomCardBot, UniformCardBot):
        picks = [str(bot(3).choose(s, 0, legal_actions(s, 0))) for _ in range(2)]
        assert picks[0] == picks[1]
    with pytest.raises(CardError, match="not-bots"):
        play_cards(CARDS, [object(), object()])  # type: ignore[list-item]


UNIFORM_HANDS = {
    # (seed, players): (moves, the log's last digest, first 16 hex digits),
    # recorded with the bot under its old name (RandomCardBot, uniform over
    # every legal action) before it was renamed.
    (4, 2): (618, "436490378f3f9558"),
    (3, 3): (2508, "da02af477882e368"),
}


@pytest.mark.parametrize(("seed", "players"), list(UNIFORM_HANDS))
def test_the_uniform_bot_plays_as_the_old_random_bot_did(seed: int, players: int) -> None:
    import json

    from unomahjong.cards import UniformCardBot, log_lines, play_cards

    bots = [UniformCardBot(seed * 10 + i) for i in range(players)]
    _, moves = play_cards(CARDS, bots, seed=seed)
    lines = log_lines(CARDS, moves, players=players, seed=seed)
    assert (len(moves), json.loads(lines[-1])["digest"][:16]) == UNIFORM_HANDS[(seed, players)]


class _Watching:
    """A random bot whose every choice is checked against what it was offered."""

    def __init__(self, seed: int) -> None:
        from unomahjong.cards import RandomCardBot

        self.bot = RandomCardBot(seed)
        self.kinds: Counter[str] = Counter()

    def choose(self, state: CardState, seat: int, actions: tuple[CardAction, ...]) -> CardAction:
        chosen = self.bot.choose(state, seat, actions)
        assert chosen in actions
        offered = {a.kind for a in actions}
        if CardActionKind.PLAY in offered:
            assert chosen.kind is CardActionKind.PLAY, (str(chosen), state.phase)
            left = len(state.hands[seat]) - 1 - len(chosen.more)
            assert chosen.uno == (left == 1)  # it calls exactly when one card is left
        else:
            assert chosen.kind not in (CardActionKind.CHALLENGE, CardActionKind.CATCH)
        self.kinds[state.phase.value + " " + chosen.kind.value] += 1
        return chosen


@pytest.mark.parametrize(
    "options",
    [{}, {"stacking": True, "all_draw_wild": True}, {"jump_in": True, "multiple_same": True}],
    ids=str,
)
def test_the_random_bot_plays_whenever_it_can_and_draws_only_when_it_cannot(
    options: dict[str, Any],
) -> None:
    from unomahjong.cards import play_cards

    rules = CARDS.with_options(**options)
    seen: Counter[str] = Counter()
    lengths = []
    for seed in range(25):
        bots = [_Watching(seed * 4 + i) for i in range(4)]
        end, moves = play_cards(rules, bots, seed=seed)
        assert end.ended
        lengths.append(len(moves))
        for b in bots:
            seen += b.kinds
    # Plays, draws, the drawn card played, a Wild Draw Four accepted, a call
    # let go: every kind of choice was made, and the hands are short.
    assert seen["play draw"] and seen["drawn play"] and seen["catch pass"]
    assert seen["challenge accept"] or options.get("stacking")
    assert seen["jump play"] or not options.get("jump_in")
    assert sum(lengths) / len(lengths) < 200


def test_the_random_bot_picks_each_play_alike_and_then_a_colour() -> None:
    from unomahjong.cards import RandomCardBot

    # Plays offered: 7r, 7b and W (named in four colours), each with and
    # without a call: three plays, each a third of the time.
    s = table(["7r W 7b 1g", "1y 2y"], "7y")
    picks: Counter[str] = Counter()
    for seed in range(3000):
        picks[str(RandomCardBot(seed).choose(s, 0, legal_actions(s, 0)))] += 1
    assert set(picks) == {"play 7r", "play 7b", "play W r", "play W y", "play W g", "play W b"}
    wilds = sum(n for a, n in picks.items() if a.startswith("play W"))
    for count in (picks["play 7r"], picks["play 7b"], wilds):
        assert 880 < count < 1120, picks
    for colour in "rygb":
        assert 180 < picks[f"play W {colour}"] < 320, picks
    # Nothing to play: it draws; asked to name a colour, any of the four.
    stuck = table(["1g 2g", "1y 2y"], "7y")
    assert str(RandomCardBot(1).choose(stuck, 0, legal_actions(stuck, 0))) == "draw"
    first = attrs.evolve(table(["1g", "1y"], "W", phase=CardPhase.COLOUR), colour=None)
    named = {str(RandomCardBot(k).choose(first, 0, legal_actions(first, 0))) for k in range(40)}
    assert named == {"colour r", "colour y", "colour g", "colour b"}


def _candidates(state: CardState) -> list[CardAction]:
    """Every action text can write for this hand, legal or not."""
    out = [CardAction(k) for k in CardActionKind]
    out += [CardAction(CardActionKind.COLOUR, colour=c) for c in COLOURS]
    out += [CardAction(CardActionKind.CATCH, seat=s) for s in range(state.players)]
    for c in set(deck(True)):
        for named in (None, *COLOURS):
            for uno in (False, True):
                out.append(CardAction(CardActionKind.PLAY, c, named, uno))
    return out


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_apply_takes_exactly_the_listed_actions(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state, _ = start_hand(CARDS.with_options(all_draw_wild=True), players=players, seed=seed)
    for _ in range(60):
        if state.ended:
            break
        # The seat to move and one other, drawn: every seat is checked over
        # the examples, at a third of the cost of checking all at every step.
        for seat in {state.current, rng.randrange(players)}:
            listed = set(legal_actions(state, seat))
            for action in _candidates(state):
                try:
                    apply(state, seat, action)
                    taken = True
                except CardError:
                    taken = False
                assert taken == (action in listed), (seat, str(action), state.phase)
        actions = legal_actions(state, state.current)
        state, _ = apply(state, state.current, _choose(rng, actions, state))
