"""House rules: a rule set's shapes and fan table are
honoured everywhere, and ``RuleSet.with_shapes`` / ``without_shapes`` /
``with_fans`` build them.

Every test that runs an analysis or a score runs it in both engines: the
active one (the compiled core when it is built) and the Python engine
(``_engine.python_engine()``), and both must give the library's answer.
Under ``UNOMAHJONG_PURE=1`` both sides are the Python engine.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unomahjong
from unomahjong import MCR, UNO, Hand, RuleSet, _engine
from unomahjong.analysis.readings import decompose
from unomahjong.errors import HandError, NotWinningError, RulesError
from unomahjong.game import GreedyBot, outcome, play_hand
from unomahjong.model.hand import parse_hand
from unomahjong.model.shapes import ALL_SHAPES, Shape, ShapeSpec
from unomahjong.research.strategies import scored_hands, shaped_winning_hands
from unomahjong.rules.fans import Detector, DetectorKind, FanDef
from unomahjong.scoring import scorer as scoring

shanten = importlib.import_module("unomahjong.analysis.shanten")
discards = importlib.import_module("unomahjong.analysis.discards")
"""The analysis module (``unomahjong.analysis.shanten`` the attribute is its function)."""

SPECIAL = tuple(s for s in Shape if s is not Shape.STANDARD)
SEVEN_PAIRS_HAND = "1122r 3344y 5566g 7b +7b"
"""Seven pairs in UNO (27 points): not a standard hand."""

ENGINES = ("active", "python")

LOOSE: Any = UNO
"""UNO for calls with deliberately wrong argument types."""


@contextlib.contextmanager
def engine_block(name: str) -> Iterator[None]:
    """Run the block in the active engine or in the Python engine."""
    if name == "python":
        with _engine.python_engine():
            yield
    else:
        yield


def in_both(func: Callable[[], Any]) -> Any:
    """``func()`` in the Python engine and in the active one; the two answers
    (a value, or the error's type and code) must be equal. Returns the answer."""
    answers = []
    for name in ENGINES:
        with engine_block(name):
            try:
                answers.append(func())
            except unomahjong.MahjongError as e:
                answers.append((type(e), e.code))
    assert answers[0] == answers[1], answers
    return answers[0]


# ------------------------------------------------------------ the reproducer


@pytest.mark.parametrize("engine", ENGINES)
def test_reproducer_standard_only_is_not_seven_pairs(engine: str) -> None:
    spec = ShapeSpec(UNO.shapes.tileset, (Shape.STANDARD,), False)
    r2 = attrs.evolve(UNO, name="uno-std", shapes=spec)
    with engine_block(engine):
        assert unomahjong.score_hand(SEVEN_PAIRS_HAND).total == 27
        with pytest.raises(NotWinningError) as e:
            unomahjong.score_hand(SEVEN_PAIRS_HAND, rules=r2)
        assert e.value.code == "not-winning"
        hand = parse_hand(SEVEN_PAIRS_HAND)
        with pytest.raises(NotWinningError):
            unomahjong.score(hand, rules=r2)
        assert decompose(hand, rules=r2) == ()
        assert not shanten.is_winning(hand, rules=r2)
        assert shanten.shanten(hand, rules=r2) > -1


def test_memos_do_not_mix_rule_sets() -> None:
    """The same hand under UNO, a house rule, then UNO again: each its own answer."""
    house = UNO.without_shapes(Shape.SEVEN_PAIRS)
    for name in ENGINES:
        with engine_block(name):
            assert unomahjong.score_hand(SEVEN_PAIRS_HAND).total == 27
            with pytest.raises(NotWinningError):
                unomahjong.score_hand(SEVEN_PAIRS_HAND, rules=house)
            assert unomahjong.score_hand(SEVEN_PAIRS_HAND, rules="uno").total == 27
            scoring.clear_caches(house, "uno")
            with pytest.raises(NotWinningError):
                unomahjong.score_hand(SEVEN_PAIRS_HAND, rules=house)


# ------------------------------------------------------------ every shape off in turn


def _complete(hand: Hand, tile: unomahjong.Tile) -> Hand | None:
    """The 13-tile ``hand`` completed by ``tile``, or None past four copies."""
    try:
        return Hand(hand.tileset, (*hand.concealed, tile), hand.melds, tile)
    except HandError:
        return None


def check_shape_is_off(rs: RuleSet, shape: Shape, hand: Hand) -> None:
    """``hand`` (14 tiles) under ``rs``, which switches ``shape`` off: no
    reading, score, wait, shanten or discard count of that shape."""
    assert shape not in rs.shapes.shapes
    readings = decompose(hand, rules=rs)
    assert all(d.shape is not shape for d in readings)
    won = in_both(lambda: shanten.is_winning(hand, rules=rs))
    assert won == bool(readings)
    assert (in_both(lambda: shanten.shanten(hand, rules=rs)) == -1) == won
    result = in_both(lambda: _score_summary(hand, rs))
    if won:
        assert result[0] is not shape
    else:
        assert result == (NotWinningError, "not-winning")
    ready = hand.without_win()
    by_shape = in_both(lambda: shanten.shanten_by_shape(ready, rules=rs))
    assert shape not in by_shape
    overall = in_both(lambda: shanten.shanten(ready, rules=rs))
    assert overall == min(by_shape.values())
    assert overall >= shanten.shanten(ready)  # fewer shapes never come closer
    # Each wait completes a hand of the rule set's shapes, and every other
    # tile (that a hand can hold) does not.
    waits = in_both(lambda: shanten.waits(ready, rules=rs))
    for tile in hand.tileset.tiles:
        done = _complete(ready, tile)
        if done is not None:
            assert (tile in waits) == bool(decompose(done, rules=rs)), tile
    assert (hand.win in waits) == won
    options = in_both(lambda: discards.discard_options(hand, rules=rs))
    for option in options:
        rest = list(hand.concealed_with_win)
        rest.remove(option.tile)
        after = Hand(hand.tileset, rest, hand.melds)
        assert option.shanten == shanten.shanten(after, rules=rs)


def _score_summary(hand: Hand, rs: RuleSet) -> tuple[Shape, int, tuple[str, ...]]:
    return _summary(unomahjong.score(hand, rules=rs))


def _summary(s: scoring.Score) -> tuple[Shape, int, tuple[str, ...]]:
    """What the engines must agree on: the reading's shape, the total and the fans."""
    return s.decomposition.shape, s.total, tuple(f"{f.id}x{f.count}" for f in s.fans)


@pytest.mark.parametrize("base", [UNO, MCR], ids=["uno", "mcr"])
@pytest.mark.parametrize("shape", SPECIAL, ids=[s.value for s in SPECIAL])
@settings(max_examples=15)
@given(data=st.data())
def test_a_shape_switched_off_is_never_read(
    base: RuleSet, shape: Shape, data: st.DataObject
) -> None:
    # Hands built as the shape switched off, and hands of any shape.
    built = data.draw(st.sampled_from([shape, None]))
    _, hand = data.draw(shaped_winning_hands(base.name, built))
    check_shape_is_off(base.without_shapes(shape), shape, hand)


@pytest.mark.parametrize("base", [UNO, MCR], ids=["uno", "mcr"])
@settings(max_examples=15)
@given(data=st.data())
def test_standard_only_reads_four_melds_and_a_pair(base: RuleSet, data: st.DataObject) -> None:
    rs = base.with_shapes(Shape.STANDARD)
    _, hand = data.draw(shaped_winning_hands(base.name))
    for off in SPECIAL:
        check_shape_is_off(rs, off, hand)


@pytest.mark.parametrize(
    ("base", "text", "shape"),
    [
        (UNO, SEVEN_PAIRS_HAND, Shape.SEVEN_PAIRS),
        (UNO, "19RSr 19RSy 19RSg 1b +9b", Shape.THIRTEEN_ORPHANS),
        (UNO, "147Rr 258Ry 369g RSb +Sr", Shape.HONOURS_AND_KNITTED),
        (UNO, "147r 258y 369g 123b 5b +5b", Shape.KNITTED_STRAIGHT),
        (MCR, "1122m 3344p 5566s 7s +7s", Shape.SEVEN_PAIRS),
        (MCR, "19m 19p 19s ESWNCFP +P", Shape.THIRTEEN_ORPHANS),
        (MCR, "147m 258p 369s ESWN +C", Shape.HONOURS_AND_KNITTED),
        (MCR, "147m 258p 369s 123s 5s +5s", Shape.KNITTED_STRAIGHT),
    ],
)
def test_each_shape_on_and_off(base: RuleSet, text: str, shape: Shape) -> None:
    """A hand of the shape only: read, scored and waited on with the shape,
    not without it."""
    hand = parse_hand(text, base.tileset)
    ready = hand.without_win()
    off = base.without_shapes(shape)
    assert in_both(lambda: _score_summary(hand, base))[0] is shape
    assert in_both(lambda: _score_summary(hand, off)) == (NotWinningError, "not-winning")
    assert hand.win in in_both(lambda: shanten.waits(ready, rules=base))
    assert hand.win not in in_both(lambda: shanten.waits(ready, rules=off))
    assert in_both(lambda: shanten.shanten_by_shape(ready, rules=base))[shape] == 0
    assert shape not in in_both(lambda: shanten.shanten_by_shape(ready, rules=off))
    assert in_both(lambda: shanten.shanten(ready, rules=off)) > 0
    # The live waits and a switched-on copy agree with the plain functions.
    assert in_both(lambda: discards.live_waits(ready, rules=off)) == {}
    back = off.with_shapes(*ALL_SHAPES, name="all-again")
    assert in_both(lambda: _score_summary(hand, back))[0] is shape
    check_shape_is_off(off, shape, hand)


# ------------------------------------------------------------ the game


GAME_SEEDS = {
    Shape.SEVEN_PAIRS: (43, 77),
    Shape.THIRTEEN_ORPHANS: (220,),
    Shape.HONOURS_AND_KNITTED: (22, 28),
    Shape.KNITTED_STRAIGHT: (18, 37),
}
"""Seeded UNO hands of four greedy bots that end in a win of the shape."""


def _win_shapes(rules: RuleSet, seed: int) -> list[Shape]:
    board = play_hand(rules, [GreedyBot() for _ in range(4)], seed=seed)
    result = outcome(board._states[-1])
    assert result is not None
    return [w.score.decomposition.shape for w in result.wins]


@pytest.mark.parametrize("shape", SPECIAL, ids=[s.value for s in SPECIAL])
def test_the_game_never_wins_with_a_shape_switched_off(shape: Shape) -> None:
    seeds = GAME_SEEDS[shape]
    # The seeds do show the shape with every shape on (else the test proves
    # nothing: pick new seeds).
    assert any(shape in _win_shapes(UNO, seed) for seed in seeds)
    for rules in (UNO.without_shapes(shape), UNO.with_shapes(Shape.STANDARD)):
        for seed in seeds:
            assert all(s in rules.shapes.shapes for s in _win_shapes(rules, seed))


# ------------------------------------------------------------ shapes API


def test_with_and_without_shapes_build_the_shape_spec() -> None:
    house = UNO.without_shapes(Shape.SEVEN_PAIRS, "knitted_straight")
    assert house.shapes.shapes == (
        Shape.STANDARD,
        Shape.THIRTEEN_ORPHANS,
        Shape.HONOURS_AND_KNITTED,
    )
    assert house.name == "uno[-seven_pairs,-knitted_straight]"
    assert house.tileset is UNO.tileset and house.table is UNO.table
    assert house.options == UNO.options
    only = MCR.with_shapes("seven_pairs", Shape.STANDARD, Shape.SEVEN_PAIRS)
    assert only.shapes.shapes == (Shape.STANDARD, Shape.SEVEN_PAIRS)
    assert only.shapes.orphans_pair is MCR.shapes.orphans_pair
    assert only.name == "mcr[shapes=standard,seven_pairs]"
    assert only.shapes.mask == 0b11
    assert UNO.shapes.mask == 0b11111
    named = UNO.without_shapes(Shape.SEVEN_PAIRS, name="no pairs")
    assert named.name == "no pairs" and named != UNO
    # A shape already off is ignored; the copy is a new value all the same.
    again = house.without_shapes(Shape.SEVEN_PAIRS)
    assert again.shapes == house.shapes


@pytest.mark.parametrize(
    ("build", "code"),
    [
        (lambda: UNO.without_shapes(Shape.STANDARD), "standard-required"),
        (lambda: UNO.with_shapes(Shape.SEVEN_PAIRS), "standard-required"),
        (lambda: UNO.with_shapes(), "standard-required"),
        (lambda: UNO.with_shapes(Shape.STANDARD, "pairs"), "unknown-shape"),
        (lambda: LOOSE.without_shapes(7), "unknown-shape"),
        (lambda: LOOSE.with_shapes(Shape.STANDARD, None), "unknown-shape"),
        (lambda: UNO.with_shapes(Shape.STANDARD, name="uno"), "name-taken"),
        (lambda: UNO.without_shapes(Shape.SEVEN_PAIRS, name="mcr"), "name-taken"),
        (lambda: UNO.without_shapes(Shape.SEVEN_PAIRS, name=""), "bad-name"),
        (lambda: LOOSE.without_shapes(Shape.SEVEN_PAIRS, name=3), "bad-name"),
        (lambda: ShapeSpec(UNO.tileset, (Shape.SEVEN_PAIRS,), False), "standard-required"),
        (lambda: ShapeSpec(UNO.tileset, LOOSE.shapes.shapes[0], False), "unknown-shape"),
    ],
)
def test_bad_shape_arguments_are_typed_errors(build: Callable[[], object], code: str) -> None:
    with pytest.raises(RulesError) as e:
        build()
    assert e.value.code == code


def test_analysis_of_another_tile_set_is_refused() -> None:
    hand = parse_hand(SEVEN_PAIRS_HAND)
    for func in (shanten.shanten, shanten.shanten_by_shape, shanten.is_winning):
        with pytest.raises(HandError) as e:
            func(hand, rules=MCR)
        assert e.value.code == "wrong-tileset"
    with pytest.raises(HandError):
        decompose(hand, rules="mcr")
    with pytest.raises(HandError):
        shanten.waits(hand.without_win(), rules=MCR.without_shapes(Shape.SEVEN_PAIRS))
    with pytest.raises(RulesError) as r:
        shanten.shanten(hand, rules="riichi")
    assert r.value.code == "unknown-rules"


def test_the_compiled_core_analyses_a_subset_of_shapes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The analysis core covers any set of a built-in tile set's shapes: the
    Python functions are not called for it."""
    if not _engine.COMPILED:
        pytest.skip("the compiled core is not active")

    def python_called(*args: object) -> None:
        raise AssertionError("the Python engine ran")

    for name in ("min_shanten", "waits_codes", "is_complete_counts"):
        monkeypatch.setattr(shanten, name, python_called)
    monkeypatch.setattr(discards, "min_shanten", python_called)
    hand = parse_hand(SEVEN_PAIRS_HAND)
    for rs in (UNO.with_shapes(Shape.STANDARD), UNO.without_shapes(Shape.KNITTED_STRAIGHT)):
        shanten.shanten(hand, rules=rs)
        shanten.is_winning(hand, rules=rs)
        shanten.waits(hand.without_win(), rules=rs)
        discards.discard_options(hand, rules=rs)


def _shape_subsets(rules: RuleSet) -> list[RuleSet]:
    """The rule set with every set of its special shapes switched off."""
    special = [s for s in rules.shapes.shapes if s is not Shape.STANDARD]
    out = []
    for bits in range(1 << len(special)):
        off = [s for i, s in enumerate(special) if bits >> i & 1]
        out.append(rules.without_shapes(*off) if off else rules)
    return out


@pytest.mark.parametrize("rules", [UNO, MCR], ids=["uno", "mcr"])
def test_the_scoring_core_scores_every_subset_of_shapes(
    rules: RuleSet, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scoring core covers any set of a built-in tile set's shapes, and
    agrees with the Python engine field by field on hands of every shape
    (seeded, 40 hands a subset: each shape's hands meet the subsets without
    it, which must refuse them or read them otherwise)."""
    if not _engine.COMPILED:
        pytest.skip("the compiled core is not active")
    from engine_diff import compare

    from unomahjong.research.generate import winning_hands

    hands = list(winning_hands(20_261_201, 40, rules.name))
    subsets = _shape_subsets(rules)
    assert len(subsets) == 16
    for rs in subsets:
        for hand, ctx in hands:
            assert compare(hand, ctx, rs, analysis=False) == [], (rs.name, str(hand))
    ran = _python_runs(monkeypatch)
    for rs in subsets:
        for hand, ctx in hands[:5]:
            with contextlib.suppress(NotWinningError):
                scoring.score(hand, ctx, rs)
    assert ran == []


# ------------------------------------------------------------ fan tables


def _sevens(r: Any) -> int:
    """A house fan: the hand holds a 7 of some suit."""
    return int(7 in r.facts.ranks)


SEVENS = FanDef(
    id="LUCKY_SEVENS",
    zh="幸运七",
    en="Lucky Sevens",
    points=3,
    number=99,
    excludes=(),
    definition="any 7",
)
SEVENS_DETECTOR = Detector(DetectorKind.SIMPLE, _sevens, per_hand=True)


def _python_runs(monkeypatch: pytest.MonkeyPatch) -> list[RuleSet]:
    """Record each rule set the Python engine scores."""
    ran: list[RuleSet] = []
    python_score = scoring._score

    def spy(hand: Hand, ctx: unomahjong.WinContext, rs: RuleSet) -> scoring.Score:
        ran.append(rs)
        return python_score(hand, ctx, rs)

    monkeypatch.setattr(scoring, "_score", spy)
    return ran


def test_a_fan_added_with_its_detector(monkeypatch: pytest.MonkeyPatch) -> None:
    house = UNO.with_fans((SEVENS, SEVENS_DETECTOR))
    assert house.name == "uno[fans:+LUCKY_SEVENS]"
    # A (row, detector) pair is the row with that detector: one record.
    added = attrs.evolve(SEVENS, detector=SEVENS_DETECTOR)
    assert house.fans.rows[-1] == added and len(house.fans) == len(UNO.fans) + 1
    assert house.fans.detectors["LUCKY_SEVENS"] is SEVENS_DETECTOR
    assert UNO.with_fans(added).fans.rows == house.fans.rows
    ran = _python_runs(monkeypatch)
    for text in ("[SSSg] 123r 456r 789r 5g +5g", "[SSSg] 123r 456r 888r 5g +5g"):
        plain = unomahjong.score_hand(text)

        def summary(t: str = text) -> tuple[Shape, int, tuple[str, ...]]:
            return _summary(unomahjong.score_hand(t, rules=house))

        _, total, fans = in_both(summary)
        if "7" in text:
            assert fans == (*_summary(plain)[2], "LUCKY_SEVENSx1")
            assert total == plain.total + 3
        else:
            assert (total, fans) == _summary(plain)[1:]
        assert unomahjong.score_hand(text, rules=house).rules == house.name
    # A table with a detector of its own is scored by the Python engine.
    ran.clear()
    unomahjong.score_hand("[SSSg] 123r 456r 789r 5g +5g", rules=house)
    assert ran == [house]


def test_a_row_replaced_and_a_row_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "[111r] [555y] 999g 222b 3y +3y"  # 碰碰和 (All Pungs) among others
    plain = unomahjong.score_hand(text)
    base = {f.id: f for f in plain.fans}
    assert "ALL_PUNGS" in base
    richer = UNO.with_fans(attrs.evolve(UNO.table["ALL_PUNGS"], points=10))
    assert richer.name == "uno[fans:~ALL_PUNGS]"
    assert richer.table["ALL_PUNGS"].detector is UNO.table["ALL_PUNGS"].detector
    ran = _python_runs(monkeypatch)
    got = in_both(lambda: _summary(unomahjong.score_hand(text, rules=richer)))
    assert got[1] == plain.total + 4
    # New points on a built-in detector: the compiled core still scores it.
    ran.clear()
    unomahjong.score_hand(text, rules=richer)
    assert ran == ([] if _engine.COMPILED else [richer])
    off = UNO.with_fans(off={"ALL_PUNGS"})
    assert off.name == "uno[fans:-ALL_PUNGS]"
    assert off.fans.rows == UNO.with_options(disabled_fans={"ALL_PUNGS"}).fans.rows
    dropped = in_both(lambda: _summary(unomahjong.score_hand(text, rules=off)))
    assert not any(f.startswith("ALL_PUNGSx") for f in dropped[2])
    assert dropped[1] == plain.total - 6
    # A detector replaced: the row counts what the new detector says.
    never = UNO.with_fans((UNO.table["ALL_PUNGS"], Detector(DetectorKind.SIMPLE, lambda r: 0)))
    assert "ALL_PUNGS" not in {f.id for f in unomahjong.score_hand(text, rules=never).fans}


@pytest.mark.parametrize(
    ("build", "code"),
    [
        (lambda: UNO.with_fans(SEVENS), "bad-fan"),  # a new row needs its detector
        (lambda: LOOSE.with_fans((SEVENS, _sevens)), "bad-fan"),
        (lambda: LOOSE.with_fans("ALL_PUNGS"), "bad-fan"),
        (lambda: UNO.with_fans((SEVENS, SEVENS_DETECTOR), (SEVENS, SEVENS_DETECTOR)), "bad-fan"),
        (
            lambda: UNO.with_fans((attrs.evolve(SEVENS, excludes=("NOPE",)), SEVENS_DETECTOR)),
            "bad-fan",
        ),
        (lambda: UNO.with_fans((attrs.evolve(SEVENS, points=-1), SEVENS_DETECTOR)), "bad-fan"),
        (lambda: UNO.with_fans((UNO.table[UNO.table.fallback], SEVENS_DETECTOR)), "bad-fan"),
        (lambda: UNO.with_fans(off={"NOPE"}), "unknown-fan"),
        (lambda: UNO.with_fans(off={UNO.table.fallback}), "fallback-disabled"),
        (lambda: LOOSE.with_fans(off=3), "bad-option"),
        (lambda: UNO.with_fans(off={"ALL_PUNGS"}, name="uno"), "name-taken"),
    ],
)
def test_bad_fan_arguments_are_typed_errors(build: Callable[[], object], code: str) -> None:
    with pytest.raises(RulesError) as e:
        build()
    assert e.value.code == code


# ------------------------------------------------------------ a house rule, checked


NO_SPECIALS = UNO.with_shapes(Shape.STANDARD, name="uno: four melds and a pair")


@settings(max_examples=40)
@given(scored_hands("uno"))
def test_house_rule_scores_a_standard_hand_as_before(example: tuple[Hand, Any]) -> None:
    """A house rule of standard hands only: a hand with a standard reading
    scores at least as its best standard reading under UNO; a hand without
    one does not win."""
    hand, context = example
    standard = [d for d in decompose(hand) if d.shape is Shape.STANDARD]
    if not standard:
        with pytest.raises(NotWinningError):
            unomahjong.score(hand, context, NO_SPECIALS)
        return
    shape, total, _ = in_both(lambda: _summary(unomahjong.score(hand, context, NO_SPECIALS)))
    assert shape is Shape.STANDARD
    full = unomahjong.score(hand, context, UNO)
    assert total <= full.total
    if full.decomposition.shape is Shape.STANDARD:
        assert total == full.total
