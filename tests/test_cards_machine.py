"""A Hypothesis state machine over hands of UNO cards, every combination of
options drawn: the invariants hold at every step, the log replays exactly,
and a seat's view shows no other seat's cards but a hand shown to it."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from test_cards import _choose
from test_cards_options import OPTIONS, legal_with_options

from unomahjong.cards import (
    CARDS,
    COLOURS,
    CardPhase,
    CardState,
    apply,
    hand_scores,
    legal_actions,
    log_lines,
    replay,
    seat_view,
    start_hand,
)


class CardHands(RuleBasedStateMachine):
    """One hand, dealt under drawn options, played a step at a time."""

    def __init__(self) -> None:
        super().__init__()
        self.state: CardState | None = None
        self.moves: list[Any] = []
        self.setup: dict[str, Any] = {}

    @initialize(
        switched=st.frozensets(st.sampled_from((*OPTIONS, "jump_in"))),
        players=st.integers(2, 10),
        seed=st.integers(0, 2**32),
    )
    def deal(self, switched: frozenset[str], players: int, seed: int) -> None:
        if "teams" in switched:
            players = max(4, players + players % 2)
        rules = CARDS.with_options(**dict.fromkeys(switched, True))  # type: ignore[arg-type]
        self.state, _ = start_hand(rules, players=players, seed=seed)
        self.setup = {"rules": rules, "players": players, "seed": seed}

    def _step(self, pick: Any) -> None:
        assert self.state is not None
        seat = self.state.current
        actions = legal_actions(self.state, seat)
        action = pick(actions, self.state)
        self.state, events = apply(self.state, seat, action)
        self.moves.append((seat, action, events))

    @precondition(lambda self: self.state is not None and not self.state.ended)
    @rule(data=st.data())
    def any_action(self, data: st.DataObject) -> None:
        self._step(lambda actions, _: data.draw(st.sampled_from(actions)))

    @precondition(lambda self: self.state is not None and not self.state.ended)
    @rule(seed=st.integers(0, 2**32), steps=st.integers(1, 60))
    def sensible_actions(self, seed: int, steps: int) -> None:
        rng = random.Random(seed)
        for _ in range(steps):
            assert self.state is not None
            if self.state.ended:
                return
            self._step(lambda actions, state: _choose(rng, actions, state))

    @precondition(lambda self: self.state is not None and self.state.ended)
    @rule()
    def hand_over(self) -> None:
        """Nothing more to play: the teardown checks the whole hand."""

    @invariant()
    def cards_colour_and_actions_hold(self) -> None:
        state = self.state
        if state is None:
            return
        assert state.card_count() == (112 if state.rules.all_draw_wild else 108)
        assert state.colour in COLOURS or (state.phase is CardPhase.COLOUR and state.colour is None)
        if state.ended:
            if state.winner is not None:
                assert state.scores == hand_scores(state.rules, state.hands, state.winner)
            return
        seat = state.current
        actions = legal_actions(state, seat)
        assert actions and all(legal_with_options(state, seat, a) for a in actions)

    def teardown(self) -> None:
        if self.state is None:
            return
        lines = log_lines(moves=self.moves, **self.setup)
        assert replay(lines)[-1] == self.state
        full = [json.loads(line) for line in lines]
        for viewer in range(self.setup["players"]):
            view = [json.loads(line) for line in seat_view(lines, viewer)]
            seen = [e for rec in view[1:] for e in rec["events"]]
            for e in seen:
                if isinstance(e["cards"], list) and e["kind"] in ("deal", "draw", "show"):
                    assert e["seat"] == viewer or (e["kind"] == "show" and e["other"] == viewer)
            assert sum(len(r.get("events", ())) for r in full) >= len(seen)


# A third of the profile's examples: each runs up to 30 steps of whole hands.
CardHands.TestCase.settings = settings(
    max_examples=settings().max_examples // 3, stateful_step_count=30, deadline=None
)
TestCardHands = CardHands.TestCase
