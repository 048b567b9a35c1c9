"""The compiled game step under every game flow, and where it declines.

* Every combination of the ``GameFlow`` options that the constructor
  accepts (each switch on and off, the false-win penalty 0 and 10), on
  each tile set, under the built-in rule set of the tile set or, where
  that refuses the flow, the same rule set knowing every win-context fact:
  seeded hands played with and without the step give byte-identical logs,
  and the step serves them. By default one hand of each flow (so two or four of
  each combination of the options a hand reads: the seat changes and the
  penalty are a match's); with ``UNOMAHJONG_GAME_CORPUS=full`` twelve.
* Positions of seeded hands under any of those flows: the turn options and
  every discard's next state and events are the reference's (Hypothesis).
* A rule set refuses exactly the flows whose wins it could not score
  (``unplayable-flow``), and such a flow forced on it stops a hand with a
  ``ContextError`` in both engines.
* A flow the step was not written for (a combination the constructor
  refuses, forced; a value of another type; a subclass with another field)
  and a class with a field the step does not know are handed to the
  reference, every call: the results are still the reference's.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import random
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from unomahjong import _engine
from unomahjong.errors import ContextError, RulesError
from unomahjong.game import Bot, GreedyBot, RandomBot
from unomahjong.game import transitions as flow_module
from unomahjong.game.actions import Action, ActionKind
from unomahjong.game.board import Board
from unomahjong.game.legality import legal_actions, turn_options
from unomahjong.game.state import HandState, Phase
from unomahjong.game.transitions import discard
from unomahjong.model.context import known_facts
from unomahjong.model.tiles import MCR_TILES
from unomahjong.rules.rule_sets import (
    BOTZONE,
    BOTZONE_FLOW,
    MCR,
    MCR_FLOW,
    UNO,
    UNO_FLOW,
    GameFlow,
    RuleSet,
)

FULL = os.environ.get("UNOMAHJONG_GAME_CORPUS") == "full"
HANDS = 12 if FULL else 1

STEP: ModuleType | None = _engine.loaded("game")
compiled_only = pytest.mark.skipif(STEP is None, reason="the compiled core is not built")

OPTION_VALUES: dict[str, tuple[object, ...]] = {
    a.name: (0, 10) if a.name == "false_win_penalty" else (False, True)
    for a in attrs.fields(GameFlow)
}
"""Every option of GameFlow with the values tried (a new bool option joins
the combinations by itself)."""
MATCH_OPTIONS = ("seat_changes", "false_win_penalty")
"""The options only a match reads."""
HAND_OPTIONS = tuple(name for name in OPTION_VALUES if name not in MATCH_OPTIONS)


def _flows(**fixed: Any) -> list[GameFlow]:
    """Every flow the constructor accepts with the options ``fixed``."""
    out = []
    names = [n for n in OPTION_VALUES if n not in fixed]
    for values in itertools.product(*(OPTION_VALUES[n] for n in names)):
        with contextlib.suppress(RulesError):
            options: dict[str, Any] = dict(zip(names, values, strict=True))
            out.append(GameFlow(**fixed, **options))
    return out


FLOWS = _flows()
HAND_COMBINATIONS = sorted(
    {tuple(getattr(f, n) for n in HAND_OPTIONS) for f in FLOWS}, key=lambda c: c[::-1]
)
EVERY_FACT = known_facts("uno") | known_facts("mcr")
BASES = {"uno": UNO, "mcr": MCR}


def _rules(tiles: str, flow: GameFlow) -> RuleSet:
    """The built-in rule set of the tile set ``tiles`` with ``flow``, knowing
    every win-context fact where it refuses the flow as it is."""
    base = BASES[tiles]
    try:
        return attrs.evolve(base, name=f"{base.name}[flow]", flow=flow)
    except RulesError:
        return attrs.evolve(
            base, name=f"{base.name}[flow,facts]", flow=flow, context_flags=EVERY_FACT
        )


def _board(rules: RuleSet, seed: int) -> Board:
    """The seeded deal of a hand under ``rules`` (2 to 8 players where the
    flow allows; seat walls of another tile set than MCR's from an explicit
    wall, shuffled by the seed)."""
    flow = rules.flow
    assert flow is not None
    players = 4 if flow.winds or flow.seat_walls else 2 + seed % 7
    if flow.seat_walls and rules.tileset is not MCR_TILES:
        ts = rules.tileset
        wall = [t for t in ts.tiles for _ in range(ts.copies)]
        random.Random(seed).shuffle(wall)
        return Board(rules, players=players, dealer=seed % players, wall=wall)
    return Board(rules, players=players, dealer=seed % players, seed=seed)


def _log(
    rules: RuleSet, seed: int, bots: Callable[[int, int], list[Bot]] | None = None
) -> tuple[str, ...]:
    """The log of a seeded hand of random and greedy bots under ``rules``."""
    board = _board(rules, seed)
    players = board.state.players
    seated = (bots or _bots)(seed, players)
    while board.state.phase is not Phase.ENDED:
        seat = board.awaiting()[0]
        board.push(seat, seated[seat].choose(board.state, seat))
    return tuple(board.log_lines())


def _bots(seed: int, players: int) -> list[Bot]:
    return [GreedyBot() if (seed >> i) & 1 else RandomBot(seed * 8 + i) for i in range(players)]


def _both_ways(rules: RuleSet, seed: int) -> tuple[str, ...]:
    """The hand's log, which must be the same without the step."""
    stepped = _log(rules, seed)
    with _engine.python_engine():
        assert _log(rules, seed) == stepped, (rules.flow, seed)
    return stepped


# ------------------------------------------------------------------ every flow


def _combination_id(combination: tuple[object, ...]) -> str:
    return "+".join(n for n, v in zip(HAND_OPTIONS, combination, strict=True) if v) or "none"


@compiled_only
@pytest.mark.parametrize("tiles", sorted(BASES))
@pytest.mark.parametrize("combination", HAND_COMBINATIONS, ids=_combination_id)
def test_every_flow_plays_the_same_with_and_without_the_step(
    tiles: str, combination: tuple[object, ...]
) -> None:
    assert STEP is not None
    flows = _flows(**dict(zip(HAND_OPTIONS, combination, strict=True)))
    assert len(flows) == (4 if combination[HAND_OPTIONS.index("winds")] else 2)
    index = HAND_COMBINATIONS.index(combination)
    for k, flow in enumerate(flows):
        rules = _rules(tiles, flow)
        assert STEP.serves(rules) is None, rules.name
        for j in range(HANDS):
            _both_ways(rules, 1000 * index + HANDS * k + j)


def test_the_combinations_are_every_option_on_and_off() -> None:
    # 2**7 switches, less flowers on seat walls (a quarter) and seat changes
    # without winds (a quarter of the rest), times two penalties.
    assert len(FLOWS) == 2 * 128 * 3 // 4 * 3 // 4
    assert len(HAND_COMBINATIONS) == 64 * 3 // 4
    assert {UNO_FLOW, MCR_FLOW, BOTZONE_FLOW} <= set(FLOWS)


@functools.lru_cache(maxsize=64)
def _position(tiles: str, flow: GameFlow, seed: int, moves: int) -> HandState:
    """The state after up to ``moves`` random actions of a seeded hand (the
    last state before the end if it ends sooner)."""
    board = _board(_rules(tiles, flow), seed)
    bots = [RandomBot(seed * 8 + i) for i in range(board.state.players)]
    state = board.state
    for _ in range(moves):
        seat = board.awaiting()[0]
        board.push(seat, bots[seat].choose(state, seat))
        if board.state.phase is Phase.ENDED:
            break
        state = board.state
    return state


@compiled_only
@given(
    tiles=st.sampled_from(sorted(BASES)),
    flow=st.sampled_from(FLOWS),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 200),
)
def test_turn_options_and_discards_match_the_reference_in_every_flow(
    tiles: str, flow: GameFlow, seed: int, moves: int
) -> None:
    assert STEP is not None
    state = _position(tiles, flow, seed, moves)
    if state.phase is not Phase.TURN:
        return
    seat = state.current
    assert STEP.turn_options(state, seat) == turn_options(state, seat)
    for action in legal_actions(state, seat):
        if action.kind is ActionKind.DISCARD:
            assert STEP.discard(state, seat, action) == discard(state, seat, action)


# ------------------------------------------------------------------ flows a rule set cannot play


def _unknown(rules: RuleSet, flow: GameFlow) -> set[str]:
    """The options of ``flow`` whose wins set facts ``rules`` does not know."""
    flags = rules.context_flags
    return {
        option
        for option, facts in (
            ("uno_declaration", {"heavenly_uno"}),
            ("winds", {"seat_wind", "prevalent_wind"}),
            ("flowers", {"flowers"}),
        )
        if getattr(flow, option) and not facts <= flags
    }


@pytest.mark.parametrize("base", [UNO, MCR, BOTZONE], ids=lambda r: r.name)
def test_a_rule_set_refuses_exactly_the_flows_whose_wins_it_cannot_score(base: RuleSet) -> None:
    refused = 0
    for flow in FLOWS:
        unknown = _unknown(base, flow)
        if not unknown:
            assert attrs.evolve(base, flow=flow).flow is flow
            continue
        refused += 1
        with pytest.raises(RulesError) as info:
            attrs.evolve(base, flow=flow)
        assert info.value.code == "unplayable-flow"
        assert all(f"{option} sets" in str(info.value) for option in unknown)
    assert refused == len(FLOWS) - (32 if base is UNO else 72)


def test_a_rule_set_that_knows_the_facts_takes_the_flow() -> None:
    rules = attrs.evolve(UNO, flow=MCR_FLOW, context_flags=EVERY_FACT)
    assert rules.flow is MCR_FLOW
    with pytest.raises(RulesError, match=r"every game flow sets .*last_tile"):
        attrs.evolve(UNO, context_flags=frozenset({"self_drawn"}))
    with pytest.raises(RulesError, match=r"first-turn wins \(heavenly_hand\) sets earthly_hand"):
        attrs.evolve(UNO, context_flags=UNO.context_flags - {"earthly_hand"})


class _UnoBot:
    """Wins when it may, declares UNO when it may, else plays at random."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: HandState, seat: int) -> Action:
        actions = legal_actions(state, seat)
        for a in actions:
            if a.kind is ActionKind.WIN or a.uno:
                return a
        return self.rng.choice(actions)


def _forced(base: RuleSet, flow: GameFlow) -> RuleSet:
    """``base`` with ``flow``, past the constructor's refusal."""
    rules = attrs.evolve(base, name=f"{base.name}[forced]")
    object.__setattr__(rules, "flow", flow)
    return rules


@pytest.mark.parametrize(
    ("base", "flow", "seed", "fact"),
    [
        (UNO, attrs.evolve(UNO_FLOW, winds=True), 11, "seat_wind"),
        (UNO, attrs.evolve(UNO_FLOW, flowers=True), 10, "flowers"),
        (MCR, attrs.evolve(MCR_FLOW, uno_declaration=True), 237, "heavenly_uno"),
    ],
)
def test_a_refused_flow_forced_on_the_rules_stops_the_hand_in_both_engines(
    base: RuleSet, flow: GameFlow, seed: int, fact: str
) -> None:
    rules = _forced(base, flow)

    def uno_bots(seed: int, players: int) -> list[Bot]:
        return [_UnoBot(seed * 4 + i) for i in range(players)]

    for engine in (contextlib.nullcontext, _engine.python_engine):
        with engine(), pytest.raises(ContextError, match=f"{fact}=.* has no meaning"):
            _log(rules, seed, uno_bots)


# ------------------------------------------------------------------ what the step declines


@contextlib.contextmanager
def _rebound(**changes: Any) -> Iterator[tuple[object, dict[str, int]]]:
    """The step bound to the game package's interface with ``changes``, its
    reference turn and discard counting the calls handed to them: (what
    ``bind`` answered, the counts); bound as the package binds it after."""
    assert STEP is not None
    calls = {"turn_options": 0, "discard": 0}

    def counted(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            calls[name] += 1
            return function(*args)

        return call

    interface = flow_module.compiled_step_interface()
    try:
        yield (
            STEP.bind(
                **{
                    **interface,
                    "turn_options": counted("turn_options", turn_options),
                    "discard": counted("discard", discard),
                    **changes,
                }
            ),
            calls,
        )
    finally:
        assert STEP.bind(**interface) is None


def _asked(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Count the calls of the step's entry points (as the game asks them)."""
    assert STEP is not None
    asked = {"turn_options": 0, "discard": 0}
    for name in asked:
        entry = getattr(STEP, name)

        def call(*args: Any, _entry: Any = entry, _name: str = name) -> Any:
            asked[_name] += 1
            return _entry(*args)

        monkeypatch.setattr(STEP, name, call)
    return asked


def _bypassed(flow: GameFlow, **values: object) -> GameFlow:
    """A copy of ``flow`` with ``values`` set past the constructor's checks."""
    out = attrs.evolve(flow)
    for name, value in values.items():
        object.__setattr__(out, name, value)
    return out


@attrs.frozen(slots=True, kw_only=True)
class _NoChowsFlow(GameFlow):
    """A flow with an option the step was not written for."""

    no_chows: bool = False


@attrs.frozen(slots=True)
class _NotedRules(RuleSet):
    """Rules with a field the step was not written for."""

    note: str = ""


DECLINED = {
    "flowers on seat walls": (MCR, _bypassed(BOTZONE_FLOW, flowers=True)),
    "seat changes without winds": (UNO, _bypassed(UNO_FLOW, seat_changes=True)),
    "a switch that is not a bool": (UNO, _bypassed(UNO_FLOW, card_effects=1)),
    "a negative penalty": (MCR, _bypassed(MCR_FLOW, false_win_penalty=-1)),
    "a flow with a field more": (UNO, _NoChowsFlow(**attrs.asdict(UNO_FLOW))),
    "rules with a field more": (None, UNO_FLOW),
}


def _declined_rules(case: str) -> RuleSet:
    base, flow = DECLINED[case]
    if base is None:
        return _NotedRules(
            "noted", UNO.shapes, UNO.table, context_flags=UNO.context_flags, flow=flow
        )
    return _forced(base, flow)


@compiled_only
@pytest.mark.parametrize("case", sorted(DECLINED))
def test_a_flow_the_step_was_not_written_for_goes_to_the_reference(
    case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert STEP is not None
    rules = _declined_rules(case)
    assert STEP.serves(rules) is not None
    asked = _asked(monkeypatch)
    with _rebound() as (problem, handed):
        assert problem is None
        for seed in range(2):
            _both_ways(rules, seed)
    assert asked["turn_options"] > 0 and asked["discard"] > 0
    assert handed == asked


@compiled_only
def test_a_flow_the_step_was_written_for_is_not_handed_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The counts above can tell: where the step serves, it hands over only
    # a hand's last discard (UNO Mahjong has no flowers to draw).
    assert STEP is not None
    asked = _asked(monkeypatch)
    with _rebound() as (_, handed):
        for seed in range(2):
            _both_ways(UNO, seed)
    assert asked["turn_options"] > 20 and handed["turn_options"] == 0
    assert handed["discard"] <= 2 < asked["discard"]


@attrs.frozen(slots=True)
class _NotedRound(HandState):
    """A round state with a field the step was not written for."""

    note: str = ""


@compiled_only
@pytest.mark.parametrize(
    ("key", "cls", "field"),
    [
        ("game_flow", _NoChowsFlow, "no_chows"),
        ("round_state", _NotedRound, "note"),
        ("rule_set", _NotedRules, "note"),
    ],
)
def test_a_class_with_a_field_the_step_does_not_know_is_declined(
    key: str, cls: type, field: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert STEP is not None
    asked = _asked(monkeypatch)
    with _rebound(**{key: cls}) as (problem, handed):
        assert isinstance(problem, str) and field in problem and cls.__name__ in problem
        assert not STEP.bound() and STEP.serves(UNO) == problem
        for rules in (UNO, MCR, BOTZONE):
            _both_ways(rules, 3)
    assert asked["turn_options"] > 0 and handed == asked
    assert STEP.bound() and STEP.serves(UNO) is None
