"""The compiled analysis core against the Python engine, field by field.

The public functions of :mod:`unomahjong.analysis.shanten` are run twice on each hand:
once on the compiled core (``unomahjong._core.analysis``, made to serve them
by patching :func:`unomahjong._engine.core`, since the engine is only active
once every core module is built) and once under
:func:`unomahjong._engine.python_engine`, the reference. Shanten, shanten
per shape (which shapes are present and in what order), completeness,
waits, live waits with visible tiles and discard options (tiles, shanten,
useful tiles with unseen copies, order) must agree.

The core's raw functions are also compared with the Python shape functions
on count arrays no :class:`Hand` can hold (a fifth copy, the shape view the
waits and discard analysis rely on), including the shapes the melds rule
out (``UNREACHABLE``). Without a compiled core every comparison is skipped;
the dispatch tests that need none still run.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import random
from collections.abc import Iterator, Sequence
from types import ModuleType
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unomahjong import (
    MCR_TILES,
    UNO_TILES,
    Hand,
    HandError,
    Meld,
    RulesError,
    Shape,
    Tile,
    TileSet,
    _engine,
    discard_options,
    is_winning,
    live_waits,
    parse_hand,
    shanten,
    shanten_by_shape,
    waits,
)
from unomahjong.analysis.shanten import (
    honours_knitted_shanten,
    is_complete_counts,
    knitted_straight_shanten,
    layout_for,
    min_shanten,
    orphans_shanten,
    seven_pairs_shanten,
    standard_shanten,
    waits_codes,
    won_on_single_wait,
)
from unomahjong.model.tiles import SuitSpec
from unomahjong.research.strategies import hands, near_misses, winning_hands


def _compiled_module() -> ModuleType | None:
    try:
        module = importlib.import_module("unomahjong._core.analysis")
    except ImportError:
        return None
    return module if getattr(module, "API", None) == _engine.API else None


CORE = _compiled_module()
needs_core = pytest.mark.skipif(CORE is None, reason="the compiled analysis core is not built")
RULES = {UNO_TILES: 0, MCR_TILES: 1}
TILESETS = (UNO_TILES, MCR_TILES)


@contextlib.contextmanager
def compiled_engine() -> Iterator[None]:
    """The public functions on the compiled analysis core, whatever else is built."""
    real = _engine.core

    def core(name: str) -> ModuleType | None:
        if name == "analysis" and not _engine._forced_python:
            return CORE
        return real(name)

    with mock.patch.object(_engine, "core", core):
        yield


def observe(hand: Hand, visible: Sequence[Tile] = ()) -> dict[str, object]:
    """Every answer the analysis functions give about ``hand``, as plain values."""
    out: dict[str, object] = {
        "shanten": shanten(hand),
        "by_shape": list(shanten_by_shape(hand).items()),
        "winning": is_winning(hand),
    }
    if hand.win is None:
        out["waits"] = sorted(waits(hand))
        out["live"] = list(live_waits(hand, visible).items())
    else:
        out["discards"] = [
            (o.tile, o.shanten, list(o.useful.items())) for o in discard_options(hand, visible)
        ]
    return out


def differences(hand: Hand, visible: Sequence[Tile] = ()) -> list[str]:
    with compiled_engine():
        got = observe(hand, visible)
    with _engine.python_engine():
        want = observe(hand, visible)
    return [f"{hand}: {k} {got[k]!r}, Python {want[k]!r}" for k in want if got[k] != want[k]]


def _visible(rng: random.Random, hand: Hand, n: int) -> list[Tile]:
    """Up to ``n`` tiles the rest of the wall can show."""
    ts = hand.tileset
    held = hand.all_counts
    wall = [t for t in ts.tiles for _ in range(ts.copies - held[t.code])]
    return rng.sample(wall, min(n, len(wall)))


# ------------------------------------------------------------ hand-picked cases

REGRESSIONS = [
    # From tests/test_shanten_examples.py: every shape ready, kongs, melds.
    ("123456789m 11p 35s", "mcr"),
    ("1133557799m 11p 3s", "mcr"),
    ("19m19s19pESWNCFP", "mcr"),
    ("14m25s369pESWNCF", "mcr"),
    ("147m258s369p12s55p", "mcr"),
    ("19r19y19g19bRSrRSyRg", "uno"),
    ("147r258y369g RSrRSy", "uno"),
    ("RRr SSy 11335577g 9g", "uno"),
    ("(RRRRy) 123r 456r SSb 7g 8g", "uno"),
    ("[RRRr] [SSSSb] 123456y 1g", "uno"),
    ("[123m] [456m] [789m] 1p 2p E W", "mcr"),
    ("1112345678999m", "mcr"),
    ("1112345678999b", "uno"),
    ("1111m 567s 567p EEE", "mcr"),
    ("[SSSb] SSSSr SSSy SSSg", "uno"),
    ("[123m] [456m] [789m] 1p 2p E W +5s", "mcr"),
    ("[SSSg] 123r 456r 789r 5g +5g", "uno"),
    ("123456789m 1p 35s 7s +9p", "mcr"),
    ("147m 258s 369p 123s 5p +5p", "mcr"),
    ("[123s] 147m 258s 369p 5p +5p", "mcr"),
    ("19RSr 19RSy 19RSg 1b +Rb", "uno"),
    ("147r 258y 369g RSr RSy +Sg", "uno"),
    ("1122334455667m +7m", "mcr"),
    # Four copies everywhere: waits and useful tiles on fifth copies.
    ("1111222233334m", "mcr"),
    ("1111222233334m +4m", "mcr"),
    ("1123446666788m", "mcr"),
    ("RRRRr SSSSr 1111y 2r", "uno"),
]


@needs_core
@pytest.mark.parametrize(("text", "rules"), REGRESSIONS)
def test_regression_cases_agree(text: str, rules: str) -> None:
    hand = parse_hand(text, rules)
    assert differences(hand) == []
    rng = random.Random(text)
    assert differences(hand, _visible(rng, hand, 12)) == []


@needs_core
def test_the_compiled_answers_are_the_worked_examples() -> None:
    # Not only equal to the Python engine: right (tests/test_shanten_examples.py).
    with compiled_engine():
        hand = parse_hand("19r19y19g19bRSrRSyRg", "uno")
        assert sorted(str(t) for t in waits(hand)) == ["Rb", "Sb", "Sg"]
        assert shanten_by_shape(parse_hand("(RRRRy) 123r 456r SSb 7g 8g", "uno")) == {
            Shape.STANDARD: 0,
            Shape.KNITTED_STRAIGHT: 5,
        }
        hand = parse_hand("1111m 567s 567p EEE", "mcr")
        assert live_waits(hand) == {MCR_TILES["1m"]: 0}
        opts = discard_options(parse_hand("[123m] [456m] [789m] 1p 2p E W +5s", "mcr"))
        assert [str(o.tile) for o in opts] == ["5s", "E", "W", "1p", "2p"]
        assert is_winning(parse_hand("147m 258s 369p 123s 5p +5p", "mcr"))


# ------------------------------------------------------------ Hypothesis

RULE_NAMES = ("uno", "mcr")


@needs_core
@pytest.mark.parametrize("rules", RULE_NAMES)
@given(data=st.data())
def test_random_hands_agree(rules: str, data: st.DataObject) -> None:
    hand = data.draw(hands(rules, with_win=data.draw(st.booleans())))
    seed = data.draw(st.integers(0, 2**32))
    assert differences(hand, _visible(random.Random(seed), hand, seed % 30)) == []


@needs_core
@pytest.mark.parametrize("rules", RULE_NAMES)
@given(data=st.data())
def test_hands_near_every_shape_agree(rules: str, data: st.DataObject) -> None:
    shape = data.draw(st.sampled_from(Shape))
    if data.draw(st.booleans()):
        hand = data.draw(near_misses(rules, shape, with_win=data.draw(st.booleans())))
    else:
        won = data.draw(winning_hands(rules, shape))
        hand = won if data.draw(st.booleans()) else won.without_win()
    assert differences(hand) == []


@st.composite
def count_arrays(draw: st.DrawFn) -> tuple[TileSet, list[int], int]:
    """A tile set, concealed counts and the number of declared melds: 13 or 14
    tiles (kongs as 3), from a flavour of pool that lands near some shape.
    Up to five copies of a kind: a fifth is the shape view of waits."""
    ts = draw(st.sampled_from(TILESETS))
    melds = draw(st.sampled_from((0, 0, 0, 1, 1, 2, 3, 4)))
    n = 13 - 3 * melds + draw(st.integers(0, 1))
    flavour = draw(st.sampled_from(("any", "suit", "orphans", "knitted", "pairs", "copies")))
    kinds = list(ts.tiles)
    if flavour == "suit":
        suit = draw(st.integers(0, len(ts.suits) - 1))
        kinds = [t for t in kinds if t.suit == suit] + list(ts.honours)[:2]
    elif flavour == "orphans":
        kinds = list(ts.terminals_and_honours) + kinds[:3]
    elif flavour == "knitted":
        kinds = list(draw(st.sampled_from(ts.knitted_sets))) + list(ts.honours) + kinds[4:8]
    elif flavour == "pairs":
        kinds = draw(st.lists(st.sampled_from(kinds), min_size=7, max_size=8, unique=True))
    elif flavour == "copies":
        kinds = draw(st.lists(st.sampled_from(kinds), min_size=3, max_size=5, unique=True))
    counts = [0] * ts.size
    copies = 5 if draw(st.booleans()) else 4
    for _ in range(n):
        free = [t for t in kinds if counts[t.code] < copies] or list(ts.tiles)
        counts[draw(st.sampled_from(free)).code] += 1
    return ts, counts, melds


def python_by_shape(ts: TileSet, counts: list[int], melds: int) -> tuple[int, ...]:
    """Every shape's shanten by the Python shape functions, 99 where out of reach."""
    lay = layout_for(ts)
    return (
        standard_shanten(lay, counts, 4 - melds),
        seven_pairs_shanten(lay, counts, melds),
        orphans_shanten(lay, counts, melds),
        honours_knitted_shanten(lay, counts, melds),
        knitted_straight_shanten(lay, counts, melds),
    )


def raw_differences(ts: TileSet, counts: list[int], melds: int) -> list[str]:
    assert CORE is not None
    lay = layout_for(ts)
    rules = RULES[ts]
    key = tuple(counts)
    out = []
    got: object = CORE.shanten(key, melds, rules)
    if got != min_shanten(lay, counts, melds):
        out.append(f"shanten {got}")
    got = CORE.shanten_by_shape(key, melds, rules)
    if got != python_by_shape(ts, counts, melds):
        out.append(f"by shape {got}, Python {python_by_shape(ts, counts, melds)}")
    if sum(counts) + 3 * melds == 14:
        got = CORE.is_winning(key, melds, rules)
        if got != is_complete_counts(lay, counts, melds):
            out.append(f"winning {got}")
    elif max(counts) <= ts.copies:  # waits are asked of hands only
        codes = CORE.waits(key, melds, rules)
        if list(codes) != waits_codes(lay, list(counts), melds):
            out.append(f"waits {codes}")
    return [f"{ts.name} {counts} melds {melds}: {d}" for d in out]


@needs_core
@given(count_arrays())
def test_count_arrays_agree(case: tuple[TileSet, list[int], int]) -> None:
    assert raw_differences(*case) == []


@needs_core
@given(winning_hands("mcr") | winning_hands("uno"))
def test_single_wait_test_agrees(hand: Hand) -> None:
    assert CORE is not None and hand.win is not None
    before = list(hand.counts)
    before[hand.win.code] -= 1
    got = CORE.single_wait(tuple(before), len(hand.melds), RULES[hand.tileset], hand.win.code)
    assert got == int(won_on_single_wait(hand))


# ------------------------------------------------------------ seeded sample

_SEED = 20_261_212
# The whole sample where the slow differential sets run (CI); a fifth of it,
# the same hands' first part, otherwise.
_SAMPLE = 20_000 if os.environ.get("UNOMAHJONG_SLOW_TESTS") == "1" else 4_000
_DISCARD_EVERY = 20
"""discard_options is compared on every 20th 14-tile hand (500 hands): the
Python reference tries every discard with every drawn kind, 5-10 ms a hand."""


_STARTS = {ts: [t for t in ts.suited if t.rank is not None and t.rank <= 7] for ts in TILESETS}
_ORPHANS = {ts: ts.terminals_and_honours for ts in TILESETS}
_HONOURS = {ts: ts.honours for ts in TILESETS}
_KNITTED = {ts: ts.knitted_sets for ts in TILESETS}


def _meld(rng: random.Random, ts: TileSet, left: list[int]) -> Meld | None:
    roll = rng.random()
    if roll < 0.45:
        starts = [t for t in _STARTS[ts] if left[t.code] and left[t.code + 1] and left[t.code + 2]]
        return Meld.chow(rng.choice(starts)) if starts else None
    if roll < 0.85:
        pungs = [t for t in ts.tiles if left[t.code] >= 3]
        return Meld.pung(rng.choice(pungs)) if pungs else None
    kongs = [t for t in ts.tiles if left[t.code] == 4]
    return Meld.kong(rng.choice(kongs), exposed=rng.random() < 0.5) if kongs else None


def _pool(rng: random.Random, ts: TileSet) -> list[Tile]:
    """The kinds a seeded hand is drawn from: the whole set, or one close to
    a shape (one or two suits, the orphans, a knitted set and the honours,
    a few kinds for pairs and many copies)."""
    roll = rng.random()
    if roll < 0.3:
        return list(ts.tiles)
    if roll < 0.6:
        suits = rng.sample(range(len(ts.suits)), rng.choice((1, 2)))
        honours = rng.random() < 0.5
        return [t for t in ts.tiles if t.suit in suits or (honours and t.is_honour)]
    if roll < 0.7:
        return list(_ORPHANS[ts]) + rng.sample(ts.tiles, 2)
    if roll < 0.8:
        return [*rng.choice(_KNITTED[ts]), *_HONOURS[ts], *rng.sample(ts.tiles, 3)]
    return rng.sample(ts.tiles, rng.choice((4, 5, 7, 8)))


def _seeded_hand(rng: random.Random) -> Hand:
    ts = rng.choice(TILESETS)
    kinds = list(dict.fromkeys(_pool(rng, ts)))  # each kind once
    left = [0] * ts.size
    for t in ts.tiles:
        left[t.code] = ts.copies
    melds: list[Meld] = []
    for _ in range(rng.choice((0, 0, 0, 1, 1, 2, 3, 4))):
        m = _meld(rng, ts, left)
        if m is not None:
            for c in m.codes:
                left[c] -= 1
            melds.append(m)
    wall = [t for t in kinds for _ in range(left[t.code])]
    need = 14 - 3 * len(melds)
    if len(wall) < need:
        wall += [t for t in ts.tiles if left[t.code] and t not in kinds]
    tiles = rng.sample(wall, need)
    if rng.random() < 0.5:
        return Hand(ts, tiles[:-1], melds)
    return Hand(ts, tiles[:-1], melds, tiles[-1])


def _seeded(n: int) -> Iterator[Hand]:
    rng = random.Random(_SEED)
    for _ in range(n):
        yield _seeded_hand(rng)


@needs_core
def test_seeded_sample_agrees() -> None:
    """20,000 seeded hands of both rule sets (4,000 without
    ``UNOMAHJONG_SLOW_TESTS=1``), a third with declared melds, half with the
    winning tile: every analysis answer agrees."""
    rng = random.Random(_SEED + 1)
    bad: list[str] = []
    fourteen = 0
    for hand in _seeded(_SAMPLE):
        visible = _visible(rng, hand, rng.randrange(0, 40))
        with compiled_engine():
            got = _sample_answers(hand, visible, fourteen)
        with _engine.python_engine():
            want = _sample_answers(hand, visible, fourteen)
        if got != want:
            bad.append(f"{hand}: {got} != {want}")
        fourteen += hand.win is not None
    assert bad == [], f"{len(bad)} hands differ, first: {bad[:3]}"


def _sample_answers(hand: Hand, visible: Sequence[Tile], fourteen: int) -> tuple[object, ...]:
    by_shape = tuple(shanten_by_shape(hand).items())
    if hand.win is None:
        live = tuple(live_waits(hand, visible).items())
        return (shanten(hand), by_shape, is_winning(hand), live)
    if fourteen % _DISCARD_EVERY:
        return (shanten(hand), by_shape, is_winning(hand))
    options = tuple(
        (o.tile, o.shanten, tuple(o.useful.items())) for o in discard_options(hand, visible)
    )
    return (shanten(hand), by_shape, is_winning(hand), options)


def test_seeded_sample_covers_every_kind_of_hand() -> None:
    """The sample's spread, checked without the core: both rule sets, melds,
    13 and 14 tiles, every shape within reach, many copies of a kind."""
    rules: set[str] = set()
    melds: set[int] = set()
    sizes: set[bool] = set()
    four_copies = 0
    for hand in _seeded(2000):
        rules.add(hand.tileset.name)
        melds.add(len(hand.melds))
        sizes.add(hand.win is None)
        four_copies += max(hand.counts) == 4
    assert rules == {"uno", "mcr"}
    assert melds == {0, 1, 2, 3, 4}
    assert sizes == {True, False}
    assert four_copies > 50


# ------------------------------------------------------------ refusals and dispatch


@needs_core
@pytest.mark.parametrize(
    "counts",
    [
        (0,) * 63,  # too short
        (0,) * 65,
        "0" * 64,  # not numbers
        None,
        (1.0,) + (0,) * 63,
        (True,) + (0,) * 63,
        (-1,) + (0,) * 63,
        (2**70,) + (0,) * 63,
        (13,) + (0,) * 63,  # code 0 is no tile
        (0,) * 11 + (13,) + (0,) * 52,  # UNO's Reverse: code 11 holds a tile only in UNO
        (0, 15) + (0,) * 62,  # more tiles than a hand holds
        (0, 12) + (0,) * 62,  # 12 tiles and no melds
    ],
)
def test_core_refuses_what_no_hand_has(counts: object) -> None:
    assert CORE is not None
    mcr = RULES[MCR_TILES]
    assert CORE.shanten(counts, 0, mcr) == CORE.BAD
    assert CORE.shanten_by_shape(counts, 0, mcr) is None
    assert CORE.is_winning(counts, 0, mcr) is None
    assert CORE.waits(counts, 0, mcr) is None
    assert CORE.discard_options(counts, 0, mcr) is None
    assert CORE.single_wait(counts, 0, mcr, 1) == CORE.BAD


@needs_core
def test_core_refuses_bad_melds_rules_and_sizes() -> None:
    assert CORE is not None
    thirteen = list(parse_hand("1112345678999m", "mcr").counts)
    for melds, rules in ((-1, 1), (5, 1), (0, 2), (0, -1), (True, 1), (0, 1.0), (2**80, 1)):
        assert CORE.shanten(tuple(thirteen), melds, rules) == CORE.BAD
    assert CORE.shanten(thirteen, 0, 1) == 0  # any sequence of ints is read
    assert CORE.shanten(bytearray(thirteen), 0, 1) == 0
    assert CORE.discard_options(tuple(thirteen), 0, 1) is None  # 13 tiles
    assert CORE.is_winning(tuple(thirteen), 0, 1) is None
    fourteen = thirteen[:]
    fourteen[5] += 1
    assert CORE.waits(tuple(fourteen), 0, 1) is None
    assert CORE.single_wait(tuple(thirteen), 0, 1, 64) == CORE.BAD


class _Refusing:
    """A stand-in core that refuses everything, as the real one does bad input."""

    BAD = -100

    def shanten(self, *args: object) -> int:
        return self.BAD

    def single_wait(self, *args: object) -> int:
        return self.BAD

    def __getattr__(self, name: str) -> object:
        return lambda *args: None


@pytest.mark.parametrize(
    "call",
    [shanten, shanten_by_shape, is_winning, waits, live_waits, discard_options],
    ids=lambda f: f.__name__,
)
def test_a_refusal_becomes_the_library_error(call: object) -> None:
    text = "1112345678999m +5m" if call in (is_winning, discard_options) else "1112345678999m"
    hand = parse_hand(text, "mcr")
    with (
        mock.patch.object(_engine, "core", lambda name: _Refusing()),
        pytest.raises(HandError) as e,
    ):
        call(hand)  # type: ignore[operator]
    assert e.value.code == "bad-counts"


SOLO = TileSet("solo", "SOLO", (SuitSpec("a", "a"),), ())


@pytest.mark.parametrize("compiled", [False, True])
def test_argument_checks_are_the_same_in_both_modes(compiled: bool) -> None:
    if compiled and CORE is None:
        pytest.skip("the compiled analysis core is not built")
    mode = compiled_engine() if compiled else _engine.python_engine()
    with mode:
        fourteen = parse_hand("1112345678999m +5m", "mcr")
        thirteen = fourteen.without_win()
        for call in (waits, live_waits):
            with pytest.raises(HandError) as e:
                call(fourteen)
            assert e.value.code == "has-winning-tile"
        with pytest.raises(HandError) as e:
            discard_options(thirteen)
        assert e.value.code == "missing-winning-tile"
        with pytest.raises(HandError) as e:
            discard_options(fourteen, [MCR_TILES["5m"]] * 3)
        assert e.value.code == "too-many-copies"
        with pytest.raises(HandError) as e:
            live_waits(thirteen, "5m")  # type: ignore[arg-type]
        assert e.value.code == "not-tiles"
        assert is_winning(thirteen) is False
        solo = Hand(SOLO, [SOLO["1a"]] * 4 + [SOLO["2a"]] * 4 + [SOLO["3a"]] * 4 + [SOLO["4a"]])
        for analyse in (shanten, shanten_by_shape, waits):
            with pytest.raises(RulesError) as r:
                analyse(solo)
            assert r.value.code == "unsupported-tileset"


def test_python_engine_inside_the_patch_runs_python() -> None:
    # The differential tests rely on python_engine() winning over the patch.
    with compiled_engine(), _engine.python_engine():
        assert _engine.core("analysis") is None
