"""The compiled core against the Python engine, field by field.

Every comparison runs the Python engine (``_engine.python_engine()``) and then
the active engine on the same input, and fails on any field that differs
(tests/engine_diff.py lists the fields). Without a compiled core both sides
run Python: the comparisons then check the harness itself, and the tests
that only make sense against the core are skipped with the reason.
benchmarks/diff_engines.py runs the same comparison over a million hands.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import engine_diff as ed
import pytest
from hypothesis import given
from hypothesis import strategies as st

import unomahjong
from unomahjong import MCR, UNO, Hand, RuleSet, WinContext, _engine
from unomahjong.errors import ContextError, MahjongError, NotWinningError
from unomahjong.model.context import FLAGS, WINDS
from unomahjong.model.shapes import Shape, shapes_for
from unomahjong.research.generate import random_winning_hand
from unomahjong.research.strategies import (
    hand_texts,
    hands,
    invalid_hand_texts,
    near_misses,
    ready_hands,
    scored_hands,
    themed_hands,
    winning_hands,
)
from unomahjong.rules.rule_sets import get_rules

needs_core = pytest.mark.skipif(
    not _engine.COMPILED,
    reason="the compiled core is not active (not built, or UNOMAHJONG_PURE=1): "
    "the other tests here compare the Python engine with itself",
)

RULES = ("uno", "mcr")
SHAPES = [(r, s) for r in RULES for s in shapes_for(get_rules(r).tileset).shapes]

SEED = 20_261_201
SAMPLE_HANDS = 10_000 if os.environ.get("UNOMAHJONG_SLOW_TESTS") == "1" else 6_000
"""Per rule set, against the compiled core: 20,000 hands in all where the slow
differential sets run (CI), the first 6,000 of each otherwise."""
SELF_CHECK_HANDS = 1_000
"""Per rule set, Python against Python: the harness on every kind of case."""


def agree_on(
    hand: Hand,
    context: WinContext | None,
    rules: str | RuleSet,
    *,
    enforce_minimum: bool = False,
    analysis: bool = True,
    discards: bool = True,
) -> tuple[ed.Observation, ed.Observation]:
    case = ed.Case(
        hand, context, get_rules(rules), enforce_minimum, analysis=analysis, discards=discards
    )
    reference, other = case.observe_both()
    fields = ed.differences(reference, other)
    assert fields == [], f"{case.reproducer()}: {fields}"
    return reference, other


# ------------------------------------------------------------ engine selection


def test_python_engine_block_forces_python() -> None:
    active = {name: _engine.core(name) for name in ("notation", "analysis", "scoring")}
    with _engine.python_engine():
        assert all(_engine.core(name) is None for name in active)
        with _engine.python_engine():
            pass
        assert all(_engine.core(name) is None for name in active)  # nesting restores
    assert {name: _engine.core(name) for name in active} == active
    assert all((m is not None) == _engine.COMPILED for m in active.values())


@needs_core
def test_core_is_active_and_reported() -> None:
    for name in ("notation", "analysis", "scoring"):
        module = _engine.core(name)
        assert module is not None
        assert module.API == _engine.API
    assert getattr(unomahjong, "COMPILED", None) is True


# ------------------------------------------------------------ Hypothesis


@pytest.mark.parametrize(("rules", "shape"), SHAPES, ids=[f"{r}-{s.name}" for r, s in SHAPES])
@given(data=st.data())
def test_every_shape_agrees(rules: str, shape: Shape, data: st.DataObject) -> None:
    hand, ctx = data.draw(scored_hands(rules, shape))
    agree_on(hand, ctx, rules)


@pytest.mark.parametrize("rules", [*RULES, "botzone"])
@given(data=st.data())
def test_themed_hands_agree(rules: str, data: st.DataObject) -> None:
    hand, ctx = data.draw(themed_hands(rules))
    agree_on(hand, ctx, rules, discards=False)


def any_context(rules: str) -> st.SearchStrategy[WinContext]:
    """Contexts with every fact drawn, consistent or not; now and then a fact
    the rule set does not know."""
    flags = st.sampled_from((False, False, True))
    return st.builds(
        WinContext,
        **{name: flags for name in FLAGS},
        seat_wind=st.sampled_from(WINDS) if rules != "uno" else st.sampled_from("EEEEES"),
        prevalent_wind=st.sampled_from(WINDS),
        flowers=st.integers(0, 8) if rules != "uno" else st.sampled_from((0,) * 9 + (1,)),
    )


@pytest.mark.parametrize("rules", [*RULES, "botzone"])
@given(data=st.data())
def test_any_context_scores_or_is_refused_alike(rules: str, data: st.DataObject) -> None:
    hand = data.draw(winning_hands(rules))
    ctx = data.draw(any_context(rules))
    reference, _ = agree_on(hand, ctx, rules, analysis=False)
    try:
        get_rules(rules).check_context(ctx)
        ctx.check(hand)
    except ContextError as e:
        assert reference["score"] == ed.error_value(e)
    else:
        assert "score" not in reference  # scored: no error in either engine


@pytest.mark.parametrize("rules", RULES)
@given(data=st.data())
def test_rule_options_agree(rules: str, data: st.DataObject) -> None:
    base = get_rules(rules)
    hand, ctx = data.draw(scored_hands(rules))
    ids = sorted(r.id for r in base.table.rows if r.id != base.table.fallback)
    off = data.draw(st.frozensets(st.sampled_from(ids), max_size=12))
    minimum = data.draw(st.integers(0, 40))
    rs = base.with_options(disabled_fans=off, min_fans=minimum)
    agree_on(hand, ctx, rs, enforce_minimum=data.draw(st.booleans()), analysis=False)


@pytest.mark.parametrize("rules", RULES)
@given(data=st.data())
def test_near_misses_agree(rules: str, data: st.DataObject) -> None:
    # 14 tiles that may or may not win: NotWinningError alike, or a score.
    hand = data.draw(near_misses(rules))
    ctx = data.draw(st.sampled_from((None, WinContext(self_drawn=True))))
    agree_on(hand, ctx, rules)


@pytest.mark.parametrize("rules", RULES)
@given(data=st.data())
def test_random_hands_agree(rules: str, data: st.DataObject) -> None:
    # Mostly far from winning: shanten of every shape, waits, discards.
    hand = data.draw(st.one_of(hands(rules), hands(rules, with_win=True), ready_hands(rules)))
    agree_on(hand, None, rules)


@pytest.mark.parametrize("rules", RULES)
@given(data=st.data())
def test_notation_agrees(rules: str, data: st.DataObject) -> None:
    # Hands as people type them, and every kind of bad text: the same hand,
    # or the same error code, detail, position and hint.
    text = data.draw(st.one_of(hand_texts(rules).map(lambda p: p[0]), invalid_hand_texts(rules)))
    fields = ed.compare_text(text, rules)
    assert fields == [], f"{text!r}: {fields}"


@pytest.mark.parametrize("rules", RULES)
@given(text=st.text(max_size=80))
def test_arbitrary_text_agrees(rules: str, text: str) -> None:
    fields = ed.compare_text(text, rules)
    assert fields == [], f"{text!r}: {fields}"


LARGE = [
    "[" * 1_000_000,
    "[SSSg] 123r 456r 789r 5g +5g" + " " * 1_000_000,
    "\u4e2d" * 1_000_000,
    # Text the Python parser reads to the end (seconds per megabyte there):
    "1" * 100_000,
    "1r" * 50_000,
    "E" * 100_000,
]
"""Large inputs; both engines must refuse each the same way (the core must
not crash)."""


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("text", LARGE, ids=[f"{t[:6]!r}x{len(t)}" for t in LARGE])
def test_megabyte_text_agrees(rules: str, text: str) -> None:
    assert ed.compare_text(text, rules) == []


# ------------------------------------------------------------ chosen cases


def seeded_hands(rules: str, theme: str | None, seed: int) -> Iterator[tuple[Hand, WinContext]]:
    rng = random.Random(seed)
    while True:
        yield random_winning_hand(rng, rules, theme=theme)


FLAG_CASES = [(r, f) for r in RULES for f in FLAGS if f in get_rules(r).context_flags]


@pytest.mark.parametrize(("rules", "flag"), FLAG_CASES, ids=[f"{r}-{f}" for r, f in FLAG_CASES])
def test_each_flag_in_consistent_contexts(rules: str, flag: str) -> None:
    # Hands drawn until 25 accept the flag (with what it needs): kongs for a
    # replacement tile, no melds for the first-turn wins.
    theme = "kongs" if flag == "kong_replacement" else None
    rng = random.Random(SEED)
    found = 0
    for i, (hand, _) in enumerate(seeded_hands(rules, theme, SEED)):
        if found == 25 or i == 5000:
            break
        ctx = ed.flag_context(rng, get_rules(rules), flag)
        try:
            ctx.check(hand)
        except ContextError:
            continue
        reference, _ = agree_on(hand, ctx, rules, discards=found < 3)
        assert "score" not in reference
        found += 1
    assert found == 25


@pytest.mark.parametrize("flowers", range(9))
def test_mcr_winds_and_flowers(flowers: int) -> None:
    for i, (hand, _) in enumerate(seeded_hands("mcr", None, SEED + flowers)):
        if i == 2 * len(WINDS):
            break
        seat, prevalent = WINDS[i % 4], WINDS[(i // 4 + flowers) % 4]
        ctx = WinContext(seat_wind=seat, prevalent_wind=prevalent, flowers=flowers)
        agree_on(hand, ctx, "mcr", analysis=False)


def test_mcr_without_concealed_and_melded_kong() -> None:
    rs = MCR.with_options(disabled_fans=frozenset({"CONCEALED_KONG_AND_MELDED_KONG"}))
    changed = 0
    for i, (hand, ctx) in enumerate(seeded_hands("mcr", "kongs", SEED)):
        if i == 300:
            break
        off, _ = agree_on(hand, ctx, rs, analysis=False)
        on, _ = agree_on(hand, ctx, MCR, analysis=False)
        changed += off.get("score.fans") != on.get("score.fans")
    assert changed  # the option mattered on some of these hands


@pytest.mark.parametrize("rules", RULES)
def test_enforced_minimum(rules: str) -> None:
    rs = get_rules(rules).with_options(min_fans=12)
    refused = 0
    for i, (hand, ctx) in enumerate(seeded_hands(rules, None, SEED)):
        if i == 300:
            break
        reference, _ = agree_on(hand, ctx, rs, enforce_minimum=True, analysis=False)
        error = reference.get("score")
        refused += isinstance(error, tuple) and error[2] == "below-minimum"
    assert 0 < refused < 300


@pytest.mark.parametrize("rules", RULES)
def test_custom_rule_set(rules: str) -> None:
    # A user's own fan table: the core leaves it to the Python engine, with
    # the same results and no error.
    base = get_rules(rules)
    rs = RuleSet(
        "house",
        base.shapes,
        base.table.without(frozenset({"SELF_DRAWN", "SINGLE_WAIT"})),
        base.options,
        context_flags=base.context_flags,
        selection=base.selection,
        tie_preferred=base.tie_preferred,
        tie_keeps_seven_pairs=base.tie_keeps_seven_pairs,
    )
    for i, (hand, ctx) in enumerate(seeded_hands(rules, None, SEED)):
        if i == 200:
            break
        reference, _ = agree_on(hand, ctx, rs, analysis=False)
        assert reference.get("score.rules", "house") == "house"


# ------------------------------------------------------------ seeded samples


def run_sample(rules: str, count: int, seed: int) -> ed.Coverage:
    coverage = ed.Coverage()
    bad: list[str] = []
    for case in ed.sample(seed, count, rules, analysis_every=10, discards_every=200):
        reference, other = case.observe_both()
        fields = ed.differences(reference, other)
        if fields:
            bad.append(f"{case.reproducer()}: {fields}")
        coverage.add(case, reference)
    assert bad == [], f"{len(bad)} of {count} differ; first: {bad[:5]}"
    return coverage


@pytest.mark.parametrize("rules", RULES)
def test_seeded_sample_python_against_python(rules: str) -> None:
    # Always run, so that the harness meets every kind of case even without
    # a core (then both sides are Python; with a core this is a quick
    # version of test_seeded_sample).
    coverage = run_sample(rules, SELF_CHECK_HANDS, SEED + 1)
    missing = coverage.missing(rules)
    assert missing["shapes"] == []
    assert coverage.scored > 0.6 * coverage.cases
    assert coverage.errors  # refused contexts and minimums were compared too


@needs_core
@pytest.mark.parametrize("rules", RULES)
def test_seeded_sample(rules: str) -> None:
    coverage = run_sample(rules, SAMPLE_HANDS, SEED)
    assert coverage.missing(rules) == {"shapes": [], "facts": [], "fans": []}


@needs_core
@pytest.mark.parametrize("rules", RULES)
def test_remembered_arrangements_change_nothing(rules: str) -> None:
    # The core's block-arrangement table: scores with it cold (cleared before
    # every hand), warm, and full of other hands' patterns are the same.
    from unomahjong.research.generate import winning_hands
    from unomahjong.scoring.scorer import clear_caches

    hands = list(winning_hands(SEED + 2, 300, rules))
    cold = []
    for hand, ctx in hands:
        clear_caches()
        cold.append(unomahjong.score(hand, ctx, rules))
    warm = [unomahjong.score(hand, ctx, rules) for hand, ctx in hands]
    for hand, ctx in winning_hands(SEED + 3, 3000, rules):
        unomahjong.score(hand, ctx, rules)
    crowded = [unomahjong.score(hand, ctx, rules) for hand, ctx in hands]
    assert cold == warm == crowded
    with _engine.python_engine():
        assert [unomahjong.score(hand, ctx, rules) for hand, ctx in hands] == cold


# ------------------------------------------------------------ the harness itself


HAND = unomahjong.parse_hand("[SSSg] 123r 456r 789r 5g +5g")


def skew(monkeypatch: pytest.MonkeyPatch, name: str, change: Callable[[Any], Any]) -> None:
    """Make the public function ``name`` answer ``change(result)`` outside
    python_engine(): a fake compiled engine that differs."""
    real = getattr(unomahjong, name)

    def skewed(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        return result if _engine._forced_python else change(result)

    monkeypatch.setattr(unomahjong, name, skewed)


def test_harness_agrees_with_itself() -> None:
    assert ed.compare(HAND, WinContext(self_drawn=True), "uno") == []


def test_harness_sees_a_different_total(monkeypatch: pytest.MonkeyPatch) -> None:
    skew(monkeypatch, "score", lambda s: attrs.evolve(s, total=s.total + 1))
    fields = ed.compare(HAND, None, "uno", analysis=False)
    assert {"score.total", "score.str", "score.as_dict", "score.eq"} <= set(fields)
    assert "score.fans" not in fields


def test_harness_sees_other_fan_evidence(monkeypatch: pytest.MonkeyPatch) -> None:
    # Melds of a fan entry: the same fans and total, other melds.
    def other_melds(s: unomahjong.Score) -> unomahjong.Score:
        fans = tuple(
            attrs.evolve(f, melds=f.melds[::-1] + f.melds[:1]) if f.melds else f for f in s.fans
        )
        return attrs.evolve(s, fans=fans)

    skew(monkeypatch, "score", other_melds)
    # the evidence differs, so the scores are unequal too
    assert ed.compare(HAND, None, "uno", analysis=False) == ["score.fans", "score.eq"]


def test_harness_sees_an_error_in_one_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        if _engine._forced_python:
            return real(*args, **kwargs)
        raise NotWinningError("not-winning", "refused")

    real = unomahjong.score
    monkeypatch.setattr(unomahjong, "score", refuse)
    fields = ed.compare(HAND, None, "uno", analysis=False)
    assert fields[0] == "score.type"
    assert "score" in fields


def test_harness_sees_another_error_message(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        detail = "a" if _engine._forced_python else "b"
        raise ContextError("bad-flag", detail)

    monkeypatch.setattr(unomahjong, "score", refuse)
    assert ed.compare(HAND, None, "uno", analysis=False) == ["score"]


def test_harness_reports_unexpected_errors_even_when_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def crash(*args: Any, **kwargs: Any) -> Any:
        raise IndexError("list index out of range")

    monkeypatch.setattr(unomahjong, "decompose", crash)
    assert ed.compare(HAND, None, "uno", discards=False) == ["decompose (unexpected error)"]


@pytest.mark.parametrize(
    ("name", "change", "field"),
    [
        ("waits", set, "waits"),
        ("shanten", float, "shanten.13"),
        ("shanten", bool, "shanten.13"),
        ("shanten_by_shape", lambda d: dict(reversed(d.items())), "shanten_by_shape.13"),
        ("live_waits", lambda d: {t: n + 1 for t, n in d.items()}, "live_waits"),
        ("discard_options", lambda o: o[::-1], "discard_options"),
        ("decompose", list, "decompose"),
        ("parse_hand", lambda h: h.without_win() if h.win else h, "parse.14"),
    ],
)
def test_harness_sees_analysis_differences(
    monkeypatch: pytest.MonkeyPatch, name: str, change: Callable[[Any], Any], field: str
) -> None:
    # A hand with several discards, waits and decompositions.
    hand = unomahjong.parse_hand("1112345678999r +5r")
    skew(monkeypatch, name, change)
    assert field in ed.compare(hand, None, "uno")


def test_harness_sees_parser_differences(monkeypatch: pytest.MonkeyPatch) -> None:
    def moved(*args: Any, **kwargs: Any) -> Any:
        try:
            return real(*args, **kwargs)
        except MahjongError as e:
            if _engine._forced_python:
                raise
            raise type(e)(e.code, e.detail, position=(e.position or 0) + 1, hint=e.hint) from None

    real = unomahjong.parse_hand
    monkeypatch.setattr(unomahjong, "parse_hand", moved)
    assert ed.compare_text("123r 5x", "uno") == ["parse_hand"]
    assert ed.compare_text(str(HAND), "uno") == []


def test_same_checks_types_and_order() -> None:
    assert ed.same((1, (2, [3])), (1, (2, [3])))
    assert not ed.same(1, True)
    assert not ed.same((1, 2), [1, 2])
    assert not ed.same((0, (1, 2)), (0, (1, 2.0)))
    assert not ed.same({1: 2, 3: 4}, {3: 4, 1: 2})
    assert not ed.same(frozenset({1}), {1})
    assert not ed.same([(1, [True])], [(1, [1])])


def test_reproducer_names_hand_context_and_rules() -> None:
    rs = MCR.with_options(disabled_fans=frozenset({"CONCEALED_KONG_AND_MELDED_KONG"}))
    hand = unomahjong.parse_hand("[EEE] [SSSS] 55p WWWNN +N", "mcr")
    ctx = WinContext(self_drawn=True, flowers=3)
    line = ed.reproducer(hand, ctx, rs, enforce_minimum=True)
    assert line == (
        "'[EEE] [SSSS] 55p WWWNN +N' WinContext(self_drawn=True, flowers=3) "
        "MCR.with_options(disabled_fans=frozenset(['CONCEALED_KONG_AND_MELDED_KONG'])),"
        " enforce_minimum=True"
    )
    assert unomahjong.parse_hand(line.split("'")[1], "mcr") == hand
    assert ed.reproducer(HAND, None, UNO).endswith("WinContext() UNO")


def test_a_win_on_a_knitted_tile_counts_no_wait_under_the_judges_table() -> None:
    # Both engines: 7p completes the chow 789p (an edge wait) but is a tile
    # of the knitted straight's kinds (147p), so the botzone table counts
    # no wait; MCR's does.
    hand = unomahjong.parse_hand("258m 369s 14789p PP +7p", "mcr")
    ctx = WinContext(seat_wind="S", prevalent_wind="W")
    for rules, edge in (("mcr", True), ("botzone", False)):
        reference, _ = agree_on(hand, ctx, rules, analysis=False)
        assert ("EDGE_WAIT" in str(reference["score.fans"])) is edge, rules
