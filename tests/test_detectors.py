"""The detector vocabulary: values that both engines run.

Each primitive is an immutable value (equality, hash, a repr that evaluates
back, pickling); bad fields are the library's error; worked examples pin the
parameters the built-in tables do not use; and random tables drawn from the
vocabulary (random primitives and parameters, points, exclusions, absorbs
and shapes) score every hand alike in both engines, the compiled core
running them whatever their ids.
"""

from __future__ import annotations

import concurrent.futures
import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from dask_cluster import local_client
from engine_diff import compare, random_context
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import unomahjong as um
from unomahjong import MCR, UNO, RulesError, Shape, WinContext, _engine, parse_hand, score
from unomahjong.research.strategies import shaped_winning_hands
from unomahjong.rules import detectors as d
from unomahjong.rules.detectors import (
    ConcealedPattern,
    EachPung,
    KnittedSet,
    MeldSet,
    Primitive,
)
from unomahjong.rules.fans import Detector, DetectorKind, FanDef, FanTable
from unomahjong.rules.rule_sets import RuleSet

BUILT_IN = [
    r.detector for t in (UNO.table, MCR.table) for r in t.rows if isinstance(r.detector, Primitive)
]
loose: Any = d
"""The vocabulary, untyped: the tests give it what its types refuse."""

# ---------------------------------------------------------------- the values

_ranks = st.frozensets(st.integers(1, 9), min_size=1, max_size=9)
_shapes = st.frozensets(st.sampled_from(list(Shape)), min_size=1)
_meld_shapes = st.frozensets(
    st.sampled_from([Shape.STANDARD, Shape.SEVEN_PAIRS, Shape.KNITTED_STRAIGHT]), min_size=1
)
_maybe = st.none  # spelled out where a rule is often absent


@st.composite
def _concealed_patterns(draw: st.DrawFn) -> d.ConcealedPattern:
    if draw(st.booleans()):
        return d.ConcealedPattern((3, 1, 1, 1, 1, 1, 1, 1, 3))
    ranks = draw(
        st.lists(st.integers(1, 9), min_size=13, max_size=13).filter(
            lambda rs: all(rs.count(r) <= 4 for r in rs)
        )
    )
    return d.ConcealedPattern(tuple(ranks.count(r) for r in range(1, 10)))


def _holds() -> st.SearchStrategy[d.Holds]:
    def some(s: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        return st.one_of(st.none(), s)

    return st.builds(
        d.Holds,
        honours=some(st.sampled_from(["none", "some", "only"])),
        ranks=some(_ranks),
        any_rank=some(_ranks),
        suits=some(st.integers(0, 4)),
        colours=some(st.integers(0, 4)),
        families=some(
            st.frozensets(st.sampled_from(["wind", "dragon", "function", "joker"]), min_size=1)
        ),
        honour_kinds=some(st.integers(0, 8)),
        consecutive=some(st.integers(1, 9)),
        tiles=some(
            st.frozensets(
                st.sampled_from(["1r", "2r", "5g", "9b", "Sg", "Rr", "2s", "F", "E", "5p", "zz"]),
                min_size=1,
            )
        ),
        shapes=_shapes,
    )


def _honour_pungs() -> st.SearchStrategy[d.HonourPungs]:
    return st.builds(
        d.HonourPungs,
        n=st.integers(1, 4),
        mode=st.sampled_from(["at_least", "exact", "little"]),
        symbol=st.one_of(st.none(), st.sampled_from(["S", "R", "E", "N", "C", "P", "X"])),
        family=st.one_of(st.none(), st.sampled_from(["wind", "dragon", "function", "joker"])),
        colour=st.one_of(st.none(), st.sampled_from(["r", "y", "g", "b", "p"])),
        wind=st.one_of(st.none(), st.sampled_from(["seat", "prevalent"])),
    )


def _meld_sets() -> st.SearchStrategy[d.MeldSet]:
    return (
        st.builds(
            d.MeldSet,
            melds=st.sampled_from(["chow", "pung"]),
            size=st.sampled_from([3, 4]),
            suits=st.sampled_from(["one", "two", "distinct", "any"]),
            ranks=st.sampled_from(["same", "shifted_1", "shifted_1_or_2"]),
            pair=st.sampled_from([None, None, "five_same_suit", "five_other_suit"]),
        )
        | st.builds(
            d.MeldSet,
            melds=st.sampled_from(["chow", "pung"]),
            size=st.just(4),
            suits=st.sampled_from(["one", "two", "distinct", "any"]),
            ranks=st.sampled_from(["double_pairs", "terminals"]),
            pair=st.sampled_from([None, "five_same_suit", "five_other_suit"]),
        )
        | st.builds(
            d.MeldSet,
            melds=st.sampled_from(["chow", "pung"]),
            size=st.just(3),
            suits=st.sampled_from(["one", "two", "distinct", "any"]),
            ranks=st.just("straight"),
        )
    )


SIMPLE: st.SearchStrategy[Primitive] = st.one_of(
    _holds(),
    st.builds(d.ShapeIs, st.sampled_from(list(Shape))),
    st.builds(
        d.EveryGroup,
        meld=st.sampled_from([None, "chow", "pung"]),
        ranks=st.one_of(st.none(), _ranks),
        honours=st.booleans(),
        number_pair=st.booleans(),
        shapes=_meld_shapes,
    ),
    _honour_pungs(),
    st.builds(d.Kongs, st.integers(1, 4), st.sampled_from(["any", "exposed", "concealed"])),
    st.builds(d.KongsExactly, st.integers(0, 2), st.integers(1, 2)),
    st.builds(d.ConcealedPungs, st.integers(1, 4)),
    st.builds(d.Wait, st.sampled_from(["edge", "closed", "single"])),
    st.just(d.KnittedSet()),
    _concealed_patterns(),
    st.builds(
        d.Context,
        st.dictionaries(
            st.sampled_from(["self_drawn", "last_copy", "last_tile", "kong_replacement"]),
            st.booleans(),
            min_size=1,
        ).map(lambda m: tuple(m.items())),
        st.one_of(st.none(), st.integers(0, 4)),
    ),
    st.just(d.LastCopy()),
    st.just(d.FourCopies()),
    st.just(d.Flowers()),
)
PAIRS: st.SearchStrategy[Primitive] = st.builds(
    d.MeldPair,
    st.sampled_from(["chow", "pung"]),
    st.sampled_from(["one", "distinct", "any"]),
    st.integers(0, 8),
)
PER_MELD: st.SearchStrategy[Primitive] = st.one_of(
    st.builds(d.EachPung, _ranks, st.booleans()),
    st.builds(d.EachPung, st.none(), st.just(True)),
)
PRIMITIVES: st.SearchStrategy[Primitive] = st.one_of(
    SIMPLE, _meld_sets(), PAIRS, PER_MELD, st.sampled_from(BUILT_IN)
)
ROWS: st.SearchStrategy[Primitive] = st.one_of(
    SIMPLE,
    _meld_sets(),
    st.sampled_from(
        [
            x
            for x in BUILT_IN
            if x.detector_kind
            in (DetectorKind.SIMPLE, DetectorKind.CHOW_SET, DetectorKind.PUNG_SET)
        ]
    ),
)
"""Rows other than pair and per-meld fans (a table holds at most 6 pair fans
of a kind and 2 per-meld fans to be compiled: their own lists follow)."""


@given(PRIMITIVES)
def test_a_detector_is_a_value(det: Primitive) -> None:
    back = eval(repr(det), vars(d))
    assert back == det and hash(back) == hash(det) and type(back) is type(det)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(det, protocol)) == det
    assert copy.copy(det) == det and copy.deepcopy(det) == det
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        det.n = 1  # type: ignore[attr-defined]


def test_every_built_in_fan_is_a_value_of_the_vocabulary() -> None:
    for table in (UNO.table, MCR.table):
        for row in table.rows:
            assert row.id == table.fallback or isinstance(row.detector, Primitive), row.id


@pytest.mark.parametrize(
    "build",
    [
        lambda: loose.Holds(ranks={0}),
        lambda: loose.Holds(ranks=set()),
        lambda: loose.Holds(ranks="19"),
        lambda: loose.Holds(honours="few"),
        lambda: loose.Holds(suits=5),
        lambda: loose.Holds(shapes=()),
        lambda: loose.Holds(shapes={"round"}),
        lambda: loose.EveryGroup(shapes={Shape.THIRTEEN_ORPHANS}),
        lambda: loose.HonourPungs(0),
        lambda: loose.HonourPungs(2, mode="most"),
        lambda: loose.HonourPungs(2, symbol=""),
        lambda: loose.HonourPungs(2, wind="east"),
        lambda: loose.Kongs(5),
        lambda: loose.Kongs(1, "hidden"),
        lambda: loose.KongsExactly(0, 0),
        lambda: loose.ConcealedPungs(True),
        lambda: loose.Wait("wide"),
        lambda: loose.ConcealedPattern((1,) * 9),
        lambda: loose.ConcealedPattern((3, 1, 1)),
        lambda: loose.Context(()),
        lambda: loose.Context((("nonsense", True),)),
        lambda: loose.Context((("self_drawn", 1),)),
        lambda: loose.MeldSet("chow", 5, "one", "same"),
        lambda: loose.MeldSet("chow", 4, "one", "straight"),
        lambda: loose.MeldSet("knitted", 3, "one", "same"),
        lambda: loose.MeldSet("chow", 3.0, "one", "same"),
        lambda: loose.EveryGroup(honours=1),
        lambda: loose.EachPung({5}, honours=0),
        lambda: loose.MeldPair("chow", "two", 0),
        lambda: loose.MeldPair("chow", "one", 9),
        lambda: loose.EachPung(),
    ],
)
def test_a_bad_field_is_the_librarys_error(build: Callable[[], object]) -> None:
    with pytest.raises(RulesError) as caught:
        build()
    assert caught.value.code in ("bad-detector", "unknown-shape")


# ---------------------------------------------------------------- worked examples


NO_SHORT = UNO.with_fans(off={"SHORT_STRAIGHT"}, name="no short straight")


def _house(base: RuleSet, det: Primitive, name: str = "one fan") -> RuleSet:
    row = FanDef(
        id="HOUSE",
        zh="家规",
        en="House",
        points=5,
        number=99,
        excludes=(),
        definition="a fan of the house",
        detector=det,
    )
    return base.with_fans(row, name=name)


def _counts(text: str, rules: RuleSet, **flags: Any) -> int:
    counts = {f.id: f.count for f in um.score_hand(text, rules=rules, **flags).fans}
    with _engine.python_engine():
        again = {f.id: f.count for f in um.score_hand(text, rules=rules, **flags).fans}
    assert counts == again
    return counts.get("HOUSE", 0)


@pytest.mark.parametrize(
    ("det", "text", "rules", "flags", "expected"),
    [
        # a Skip pung of one colour: the green Skips, not the red ones
        (d.HonourPungs(1, colour="g"), "[SSSg] 123456789r 5g +5g", UNO, {}, 1),
        (d.HonourPungs(1, colour="r"), "[SSSg] 123456789r 5g +5g", UNO, {}, 0),
        (d.HonourPungs(1, colour="g", symbol="R"), "[SSSg] 123456789r 5g +5g", UNO, {}, 0),
        # "Lucky Sevens": some 7 held, in any shape
        (d.Holds(any_rank={7}, shapes=d.ALL_SHAPES), "[SSSg] 123456789r 5g +5g", UNO, {}, 1),
        (d.Holds(any_rank={7}, shapes=d.ALL_SHAPES), "[SSSg] 123456r 111y 5g +5g", UNO, {}, 0),
        # the ranks held are five consecutive ranks
        (d.Holds(consecutive=5), "123r 234r 345r 567r 5y +5y", UNO, {}, 0),
        (d.Holds(consecutive=7), "123r 234r 345r 567r 5y +5y", UNO, {}, 1),
        # exactly the families held; the honour kinds held
        (d.Holds(families={"wind", "dragon"}), "[EEE] [CCC] 123p 456s 9m +9m", MCR, {}, 1),
        (d.Holds(families={"wind"}), "[EEE] [CCC] 123p 456s 9m +9m", MCR, {}, 0),
        (d.Holds(honour_kinds=2), "[EEE] [CCC] 123p 456s 9m +9m", MCR, {}, 1),
        # every tile one of these
        (d.Holds(tiles={"1r", "2r", "3r", "5g"}), "123r 123r 123r 123r 5g +5g", UNO, {}, 1),
        # a pung of 5s counts once per pung: two of them
        (d.EachPung({5}), "[555r] [555y] 123g 789g 1b +1b", UNO, {}, 2),
        # every group holds a 2 or an 8 (the chows 123 and 678 do)
        (d.EveryGroup(ranks={2, 8}), "123r 678y 222g 888b 2r +2r", UNO, {}, 1),
        # the whole hand, won self-drawn with no exposed meld
        (
            d.context(self_drawn=True, exposed_melds=0),
            "123r 678y 222g 888b 2r +2r",
            UNO,
            {"self_drawn": True},
            1,
        ),
        # two chows of one suit three ranks apart (a pair of melds forms the
        # first pair fan of the table: 连六 switched off); two chows five apart
        (d.MeldPair("chow", "one", 3), "123r 456r 222g 888b 2y +2y", UNO, {}, 0),
        (d.MeldPair("chow", "one", 3), "123r 456r 222g 888b 2y +2y", NO_SHORT, {}, 1),
        (d.MeldPair("chow", "any", 5), "123r 678y 222g 888b 2r +2r", UNO, {}, 1),
        # three chows of one rank in exactly two suits; three pungs of one rank
        (d.MeldSet("chow", 3, "two", "same"), "123r 123r 123y 789b 5g +5g", UNO, {}, 1),
        (d.MeldSet("chow", 3, "two", "same"), "123r 123g 123y 789b 5g +5g", UNO, {}, 0),
        (d.MeldSet("pung", 3, "any", "same"), "[222r] [222y] 222g 789b 1g +1g", UNO, {}, 1),
    ],
)
def test_worked_examples_of_the_vocabulary(
    det: Primitive, text: str, rules: RuleSet, flags: dict[str, bool], expected: int
) -> None:
    assert _counts(text, _house(rules, det), **flags) == expected


# ---------------------------------------------------------------- the engine


def test_a_table_of_values_is_compiled_and_a_function_is_not() -> None:
    sevens = _house(UNO, d.Holds(any_rank={7}, shapes=d.ALL_SHAPES), "lucky sevens")
    assert sevens.engine == ("compiled" if _engine.COMPILED else "python")
    # new ids, points and exclusions on built-in detectors: still compiled
    renamed = UNO.with_fans(
        attrs.evolve(UNO.table["ALL_PUNGS"], id="ALL_PUNGS_HOUSE", points=9, excludes=()),
        off={"ALL_PUNGS"},
        name="renamed",
    )
    assert renamed.engine == sevens.engine
    function = UNO.with_fans(
        (UNO.table["ALL_PUNGS"], Detector(DetectorKind.SIMPLE, lambda r: 0)), name="fn"
    )
    assert function.engine == "python"
    assert function.python_reason is not None
    if _engine.COMPILED:
        assert "ALL_PUNGS" in function.python_reason
    with _engine.python_engine():
        assert UNO.engine == "python"
        assert UNO.python_reason == "the compiled core is not active"
    # a plain function is taken as a simple detector of one reading
    plain = FanDef(
        id="NEVER",
        zh="无",
        en="Never",
        points=1,
        number=99,
        excludes=(),
        definition="never",
        detector=lambda r: 0,
    )
    assert isinstance(plain.detector, Detector) and plain.detector.kind is DetectorKind.SIMPLE


def test_odd_rows_are_refused_or_left_to_python_never_miscounted() -> None:
    text = "[111r] [111y] 111g 999b 5g +5g"
    pungs = FanDef(
        id="PUNGS",
        zh="刻",
        en="Pungs",
        points=5,
        number=99,
        excludes=(),
        definition="three pungs of one rank",
        absorbs=("PUNG_OF_TERMINALS_OR_FUNCTIONS",),
        detector=d.MeldSet("pung", 3, "distinct", "same"),
    )
    odd_limits: tuple[Any, ...] = (-1, 1.5, True)
    for limit in odd_limits:
        with pytest.raises(RulesError) as refused:
            UNO.with_fans(attrs.evolve(pungs, absorbs_limit=limit), name="odd")
        assert refused.value.code == "bad-fan"
    # Points past what the core's arithmetic holds: the Python engine scores.
    rich = UNO.with_fans(attrs.evolve(pungs, points=2**31 - 1), name="rich")
    assert rich.engine == "python"
    if _engine.COMPILED:
        assert rich.python_reason is not None and "points" in rich.python_reason
    total = um.score_hand(text, rules=rich).total
    with _engine.python_engine():
        assert um.score_hand(text, rules=rich).total == total > 2**31
    # A symbol no tile has counts nothing in either engine.
    assert _counts(text, _house(UNO, d.HonourPungs(1, symbol="\x00"))) == 0
    assert _counts("[SSSg] 123456789r 5g +5g", _house(UNO, d.HonourPungs(1, symbol="SS"))) == 0


def _score_all(rules: RuleSet, texts: list[str]) -> list[int]:
    return [um.score_hand(t, rules=rules).total for t in texts]


def test_a_house_of_values_travels_to_another_process() -> None:
    house = _house(UNO, d.Holds(any_rank={7}, shapes=d.ALL_SHAPES), "lucky sevens")
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(house, protocol))
        assert back == house and hash(back) == hash(house) and back.engine == house.engine
    assert copy.copy(house) == house and copy.deepcopy(house) == house
    texts = [
        "[SSSg] 123r 456r 789r 5g +5g",
        "123r 234r 345r 567r 5y +5y",
        "[555r] [555y] 123g 789g 1b +1b",
    ]
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        assert pool.submit(_score_all, house, texts).result() == _score_all(house, texts)


def test_a_house_of_values_scores_alike_on_a_dask_cluster() -> None:
    house = _house(UNO, d.Holds(any_rank={7}, shapes=d.ALL_SHAPES), "lucky sevens")
    texts = ["[SSSg] 123r 456r 789r 5g +5g", "123r 234r 345r 567r 5y +5y"]
    with local_client(1) as client:
        assert client.submit(_score_all, house, texts).result() == _score_all(house, texts)


def _sevens(reading: Any) -> int:
    """A house detector written as a function, at the top level of a module."""
    return 1 if any(t.rank == 7 for t in reading.facts.tiles) else 0


def test_a_detector_function_travels_by_name_and_a_lambda_is_refused_by_name() -> None:
    plain = _house(UNO, Detector(DetectorKind.SIMPLE, _sevens, per_hand=True))  # type: ignore[arg-type]
    back = pickle.loads(pickle.dumps(plain))
    assert back == plain
    assert _score_all(back, ["123r 234r 345r 567r 5y +5y"]) == _score_all(
        plain, ["123r 234r 345r 567r 5y +5y"]
    )
    for fn in (lambda reading: 0, _local_detector()):
        house = _house(UNO, Detector(DetectorKind.SIMPLE, fn))  # type: ignore[arg-type]
        with pytest.raises(RulesError) as e:
            pickle.dumps(house)
        assert e.value.code == "unpicklable-detector"


def _local_detector() -> Callable[[Any], int]:
    def inner(reading: Any) -> int:
        return 0

    return inner


@st.composite
def random_tables(draw: st.DrawFn, base: RuleSet) -> RuleSet:
    """A rule set of ``base``'s tiles with a random table of the vocabulary
    and a random set of shapes."""
    n = draw(st.integers(1, 24))
    dets: list[Primitive] = draw(st.lists(ROWS, min_size=n, max_size=n))
    dets += draw(st.lists(PAIRS, max_size=3)) + draw(st.lists(PER_MELD, max_size=2))
    ids = [f"F{i}" for i in range(len(dets))]
    per_meld = [i for i, det in zip(ids, dets, strict=True) if isinstance(det, d.EachPung)]
    rows = []
    for fid, det in zip(ids, dets, strict=True):
        others = [x for x in ids if x != fid]
        absorbs = (
            tuple(draw(st.lists(st.sampled_from(per_meld), max_size=2, unique=True)))
            if (per_meld)
            else ()
        )
        rows.append(
            FanDef(
                id=fid,
                zh=fid,
                en=fid,
                number=1,
                definition="random",
                points=draw(st.integers(0, 88)),
                excludes=tuple(draw(st.lists(st.sampled_from(others), max_size=4, unique=True)))
                if others
                else (),
                absorbs=tuple(x for x in absorbs if x != fid),
                absorbs_limit=draw(st.sampled_from([None, None, 1, 2])),
                detector=det,
            )
        )
    rows.insert(
        draw(st.integers(0, len(rows))),
        FanDef(
            id="NONE",
            zh="无番和",
            en="Nothing",
            number=0,
            definition="nothing else",
            points=draw(st.integers(0, 8)),
            excludes=(),
        ),
    )
    bonus = frozenset(draw(st.lists(st.sampled_from(ids), max_size=2, unique=True)))
    table = FanTable("random", tuple(rows), "NONE", bonus)
    kept = {Shape.STANDARD} | draw(st.frozensets(st.sampled_from(list(base.shapes.shapes))))
    rules = attrs.evolve(
        base,
        name="random",
        table=table,
        options=attrs.evolve(base.options, disabled_fans=frozenset()),
    )
    removed = [s for s in base.shapes.shapes if s not in kept]
    return rules.without_shapes(*removed, name="random") if removed else rules


@pytest.mark.parametrize("base", [UNO, MCR], ids=["uno", "mcr"])
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_tables_score_alike_in_both_engines(base: RuleSet, data: st.DataObject) -> None:
    rules = data.draw(random_tables(base))
    assert rules.engine == ("compiled" if _engine.COMPILED else "python"), rules.python_reason
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    for _ in range(4):
        _, hand = data.draw(shaped_winning_hands(base.name))
        context = random_context(rng, rules)
        assert compare(hand, context, rules, analysis=False) == [], (str(hand), context)


def test_a_bonus_set_fan_does_not_stop_the_fallback() -> None:
    """Found by the random tables: a chow set fan (F3) that is a bonus row.
    Counting it leaves nothing but bonus fans, so the fallback is counted
    with it; declining it would leave the fallback alone, which scores less.
    Both engines once found no way of counting at all (-1 and 0)."""

    def row(i: str, points: int, excludes: tuple[str, ...] = (), absorbs: tuple[str, ...] = (),
            limit: int | None = None, detector: Any = None) -> FanDef:  # fmt: skip
        return FanDef(i, i, i, points, 0, excludes, i, absorbs, limit, detector)

    rows = (
        row("NONE", 1),
        row(
            "F0",
            0,
            absorbs=("F4",),
            detector=MeldSet("pung", 3, "one", "same", pair="five_same_suit"),
        ),
        row("F1", 1, ("F0", "F2"), ("F4",), 2, ConcealedPattern((3, 1, 1, 1, 1, 1, 1, 1, 3))),
        row("F2", 29, ("F0",), detector=KnittedSet()),
        row(
            "F3",
            31,
            ("F1", "F0", "F4", "F2"),
            ("F4",),
            detector=MeldSet("chow", 3, "one", "shifted_1"),
        ),
        row("F4", 0, detector=EachPung(frozenset({6}))),
    )
    table = FanTable("random", rows, "NONE", frozenset({"F1", "F3"}))
    rules = attrs.evolve(
        MCR,
        name="random",
        table=table,
        options=attrs.evolve(MCR.options, disabled_fans=frozenset()),
    )
    hand = parse_hand("2334455566667m +1m", "mcr")
    context = WinContext(seat_wind="W", prevalent_wind="N", flowers=5)
    with _engine.python_engine():
        reference = score(hand, context, rules)
    assert [(f.fan.id, f.count) for f in reference.fans] == [("NONE", 1), ("F3", 1)]
    assert reference.total == 32
    assert score(hand, context, rules) == reference


@pytest.mark.parametrize(
    ("flowers", "expected"),
    [
        # The set fan counts: declining it to take the fallback (8 > 6) is
        # not a way of counting.
        (0, [("SHIFTED", 1)]),
        # The flowers (a bonus row) exclude the set fan: nothing but bonus
        # fans is counted whichever set fans are chosen, so the fallback is.
        (2, [("NONE", 1), ("FLOWERS", 2)]),
    ],
)
def test_the_fallback_needs_no_other_fan_in_any_way_of_counting(
    flowers: int, expected: list[tuple[str, int]]
) -> None:
    rows = (
        FanDef("NONE", "NONE", "NONE", 8, 0, (), "nothing else"),
        FanDef("FLOWERS", "FLOWERS", "FLOWERS", 1, 0, ("SHIFTED",), "f", detector=d.Flowers()),
        FanDef(
            "SHIFTED",
            "SHIFTED",
            "SHIFTED",
            6,
            0,
            (),
            "s",
            detector=d.MeldSet("chow", 3, "one", "shifted_1"),
        ),
    )
    table = FanTable("fallback", rows, "NONE", frozenset({"FLOWERS"}))
    rules = attrs.evolve(
        MCR,
        name="fallback",
        table=table,
        options=attrs.evolve(MCR.options, disabled_fans=frozenset(), min_fans=0),
    )
    hand = parse_hand("123m 234m 345m 789p 5s +5s", "mcr")
    context = WinContext(flowers=flowers)
    with _engine.python_engine():
        reference = score(hand, context, rules)
    assert [(f.fan.id, f.count) for f in reference.fans] == expected
    assert score(hand, context, rules) == reference
