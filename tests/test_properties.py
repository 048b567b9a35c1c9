"""Property tests of parsing, decomposition, shanten and waits, for both rule sets.

The hands come from :mod:`unomahjong.research.strategies`. Where a property needs an
answer that does not come from the code under test, it uses the small
brute-force reference below (``_reference_shapes``), which follows
docs/rules.md#winning-shapes literally and shares no code with the library.
"""

from __future__ import annotations

import string
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unomahjong import (
    MCR_TILES,
    Decomposition,
    Hand,
    HandError,
    MahjongError,
    Meld,
    MeldKind,
    NotationError,
    Role,
    Shape,
    Tile,
    TileSet,
    decompose,
    discard_options,
    format_hand,
    format_meld,
    is_winning,
    live_waits,
    parse_hand,
    parse_meld,
    shanten,
    shanten_by_shape,
    waits,
)
from unomahjong.analysis.shanten import layout_for, min_shanten, shape_shanten_counts
from unomahjong.model.tiles import tileset_by_name
from unomahjong.research.strategies import (
    hand_texts,
    hands,
    invalid_hand_texts,
    melds,
    near_misses,
    ready_hands,
    shaped_winning_hands,
    tiles,
    winning_hands,
)

RULES = ("uno", "mcr")
rules_param = pytest.mark.parametrize("rules", RULES)


# ------------------------------------------------------------------ reference


_Reading = tuple[tuple[tuple[str, int], ...], int]
"""A standard reading: concealed melds as sorted (kind, first code), and the pair's code."""


def _standard_readings(
    ts: TileSet, counts: list[int], melds_needed: int, pair_needed: bool = True
) -> set[_Reading]:
    """Every split of ``counts`` into exactly ``melds_needed`` melds and the pair.

    The lowest held tile must belong to a pung, the pair, or a chow it starts.
    """
    code = next((c for c, n in enumerate(counts) if n), None)
    if code is None:
        return {((), -1)} if melds_needed == 0 and not pair_needed else set()
    tile = ts.by_code(code)
    tries: list[tuple[tuple[int, ...], str | None]] = []
    if pair_needed and counts[code] >= 2:
        tries.append(((code, code), None))
    if melds_needed and counts[code] >= 3:
        tries.append(((code, code, code), "pung"))
    starts_chow = tile.rank is not None and tile.rank <= 7
    if melds_needed and starts_chow and counts[code + 1] and counts[code + 2]:
        tries.append(((code, code + 1, code + 2), "chow"))
    out: set[_Reading] = set()
    for used, kind in tries:
        for c in used:
            counts[c] -= 1
        if kind is None:
            for ms, _ in _standard_readings(ts, counts, melds_needed, False):
                out.add((ms, code))
        else:
            for ms, pair in _standard_readings(ts, counts, melds_needed - 1, pair_needed):
                out.add((tuple(sorted(((kind, code), *ms))), pair))
        for c in used:
            counts[c] += 1
    return out


def _standard_ok(ts: TileSet, counts: list[int], melds_needed: int) -> bool:
    return bool(_standard_readings(ts, counts, melds_needed))


def _reference_knitted_readings(
    ts: TileSet, counts: Sequence[int], n_melds: int
) -> set[tuple[tuple[int, ...], _Reading]]:
    """Every knitted-straight reading: the knitted set's codes and the standard rest."""
    out: set[tuple[tuple[int, ...], _Reading]] = set()
    work = list(counts)
    if n_melds > 1:
        return out
    for ks in ts.knitted_sets:
        if all(work[t.code] for t in ks):
            for t in ks:
                work[t.code] -= 1
            for r in _standard_readings(ts, work, 1 - n_melds):
                out.add((tuple(t.code for t in ks), r))
            for t in ks:
                work[t.code] += 1
    return out


def _library_reading(d: Decomposition, n_declared: int) -> _Reading:
    assert d.pair is not None
    ms = tuple(sorted((m.kind.value, m.tile.code) for m in d.melds[n_declared:]))
    return ms, d.pair.code


def _reference_shapes(ts: TileSet, counts: Sequence[int], n_melds: int) -> set[Shape]:
    """The shapes that 14 tiles (``counts`` concealed, ``n_melds`` declared) complete.

    Copies are not limited to four: waits and shanten are judged by shape.
    """
    work = list(counts)
    assert sum(work) + 3 * n_melds == 14
    out: set[Shape] = set()
    if _standard_ok(ts, work, 4 - n_melds):
        out.add(Shape.STANDARD)
    held = {c for c, n in enumerate(work) if n}
    if n_melds == 0:
        if all(n % 2 == 0 for n in work):
            out.add(Shape.SEVEN_PAIRS)
        # MCR: 13 kinds and a pair; UNO: 14 different kinds.
        orphans = {t.code for t in ts.terminals_and_honours}
        if held <= orphans and len(held) == (13 if ts is MCR_TILES else 14):
            out.add(Shape.THIRTEEN_ORPHANS)
        suited = held - {t.code for t in ts.honours}
        if len(held) == 14 and any(suited <= {t.code for t in ks} for ks in ts.knitted_sets):
            out.add(Shape.HONOURS_AND_KNITTED)
    if _reference_knitted_readings(ts, work, n_melds):
        out.add(Shape.KNITTED_STRAIGHT)
    return out


def _plus(counts: Sequence[int], code: int, n: int = 1) -> list[int]:
    out = list(counts)
    out[code] += n
    return out


def _by_shape(ts: TileSet, counts: Sequence[int], n_melds: int) -> dict[Shape, int]:
    return shape_shanten_counts(layout_for(ts), counts, n_melds)


def _shanten(ts: TileSet, counts: Sequence[int], n_melds: int) -> int:
    return min_shanten(layout_for(ts), counts, n_melds)


# ------------------------------------------------------------------ strategies


def _hands13(rules: str) -> st.SearchStrategy[Hand]:
    return st.one_of(hands(rules), ready_hands(rules), near_misses(rules, with_win=False))


def _hands14(rules: str) -> st.SearchStrategy[Hand]:
    return st.one_of(hands(rules, with_win=True), winning_hands(rules), near_misses(rules))


def _any_hand(rules: str) -> st.SearchStrategy[Hand]:
    return st.one_of(_hands13(rules), _hands14(rules))


# ------------------------------------------------------------------ winning hands


@rules_param
@given(data=st.data())
def test_generated_winning_hands_are_recognised(rules: str, data: st.DataObject) -> None:
    shape, h = data.draw(shaped_winning_hands(rules))
    assert h.win is not None and h.win in h.concealed_with_win
    assert shanten(h) == -1
    assert is_winning(h)
    ds = decompose(h)
    found = {d.shape for d in ds}
    assert shape in found
    # The per-shape shanten, the decompositions and the reference agree on
    # exactly which shapes the hand completes.
    by_shape = shanten_by_shape(h)
    assert by_shape[shape] == -1
    assert {s for s, v in by_shape.items() if v == -1} == found
    assert found == _reference_shapes(h.tileset, h.counts, len(h.melds))


@rules_param
@given(data=st.data())
def test_decompositions_reassemble_distinct_deterministic(rules: str, data: st.DataObject) -> None:
    h = data.draw(_hands14(rules))
    ds = decompose(h)
    assert bool(ds) == (shanten(h) == -1) == is_winning(h)
    assert {d.shape for d in ds} == _reference_shapes(h.tileset, h.counts, len(h.melds))
    assert len(set(ds)) == len(ds)
    # Every standard and knitted-straight reading is found, each exactly once.
    n_declared = n = len(h.melds)
    counts = list(h.counts)
    standard = sorted(_library_reading(d, n) for d in ds if d.shape is Shape.STANDARD)
    assert standard == sorted(_standard_readings(h.tileset, counts, 4 - n))
    knitted = sorted(
        (tuple(t.code for t in d.knitted), _library_reading(d, n))
        for d in ds
        if d.shape is Shape.KNITTED_STRAIGHT
    )
    assert knitted == sorted(_reference_knitted_readings(h.tileset, counts, n))
    assert decompose(h) == ds
    assert decompose(parse_hand(format_hand(h), rules)) == ds
    everything = Counter(h.all_tiles())
    for d in ds:
        assert Counter(d.tiles()) == everything
        assert d.win_roles, "the winning tile plays some role"
        if d.melds:
            assert d.melds[:n_declared] == h.melds
            assert all(not m.exposed and not m.is_kong for m in d.melds[n_declared:])
        for role in d.win_roles:
            if role.role is Role.MELD:
                assert role.index is not None and role.index >= n_declared
                assert h.win in d.melds[role.index].tiles
            elif role.role is Role.PAIR:
                assert h.win == d.pair or h.win in d.pairs
            elif role.role is Role.KNITTED:
                assert h.win in d.knitted
            else:
                assert h.win in d.singles
        if d.shape is Shape.STANDARD:
            assert len(d.melds) == 4 and d.pair is not None
            assert not (d.pairs or d.knitted or d.singles)
        elif d.shape is Shape.SEVEN_PAIRS:
            assert len(d.pairs) == 7 and not (d.melds or d.knitted or d.singles)
        elif d.shape is Shape.KNITTED_STRAIGHT:
            assert len(d.melds) == 1 and d.pair is not None and len(d.knitted) == 9
            assert d.knitted in h.tileset.knitted_sets
        else:
            assert n_declared == 0 and not d.melds


@rules_param
@given(data=st.data())
def test_seven_pairs_four_of_a_kind_is_two_pairs(rules: str, data: st.DataObject) -> None:
    h = data.draw(winning_hands(rules, Shape.SEVEN_PAIRS))
    (d,) = (d for d in decompose(h) if d.shape is Shape.SEVEN_PAIRS)
    assert Counter(d.pairs) == Counter({t: n // 2 for t, n in Counter(h.all_tiles()).items()})


# ------------------------------------------------------------------ waits


@rules_param
@given(data=st.data())
def test_waits_match_brute_force(rules: str, data: st.DataObject) -> None:
    """``waits(h)`` is exactly the set of kinds that complete the hand.

    For a kind the hand does not hold four of, the hand plus that tile is a
    valid Hand, and is_winning, decompose and the reference must all agree.
    A kind of which the hand holds all four cannot be drawn (``with_win``
    raises HandError), but waits are judged by shape, so it is still a wait
    when the raw counts plus a fifth copy complete a shape: checked with
    ``min_shanten`` on the raw counts and with the reference.
    """
    h = data.draw(_hands13(rules))
    ts = h.tileset
    total = h.total_counts()
    expected = set()
    for t in ts:
        counts = _plus(h.counts, t.code)
        complete = bool(_reference_shapes(ts, counts, len(h.melds)))
        if total[t.code] < ts.copies:
            full = h.with_win(t)
            assert is_winning(full) == complete == bool(decompose(full))
        else:
            with pytest.raises(HandError):
                h.with_win(t)
            assert (_shanten(ts, counts, len(h.melds)) == -1) == complete
        if complete:
            expected.add(t)
    w = waits(h)
    assert w == expected
    assert (shanten(h) == 0) == bool(w)
    lw = live_waits(h)
    assert set(lw) == w
    assert all(n == ts.copies - total[t.code] for t, n in lw.items())


@rules_param
@given(data=st.data())
def test_live_waits_count_visible_tiles(rules: str, data: st.DataObject) -> None:
    h = data.draw(ready_hands(rules))
    visible = data.draw(st.lists(tiles(rules), max_size=12))
    seen = Counter(visible)
    total = h.total_counts()
    if any(total[t.code] + n > h.tileset.copies for t, n in seen.items()):
        with pytest.raises(HandError) as e:
            live_waits(h, visible)  # more copies seen than the set holds
        assert e.value.code == "too-many-copies"
        return
    lw = live_waits(h, visible)
    assert set(lw) == waits(h)
    for t, n in lw.items():
        assert n == h.tileset.copies - total[t.code] - seen[t]


# ------------------------------------------------------------------ shanten


@rules_param
@given(data=st.data())
def test_shanten_13_tiles_bellman(rules: str, data: st.DataObject) -> None:
    """Per shape and overall: 0 iff one more tile completes the shape, and
    otherwise one more than the best shanten after drawing any kind.

    Together with the 14-tile property below this pins shanten down to the
    exchange distance (by induction on the distance). Draws use raw counts:
    by shape, a fifth copy is allowed.
    """
    h = data.draw(_hands13(rules))
    ts = h.tileset
    m = len(h.melds)
    base = _by_shape(ts, h.counts, m)
    overall = shanten(h)
    assert overall == min(base.values()) == _shanten(ts, h.counts, m)
    assert base == shanten_by_shape(h)
    assert overall >= 0 and not is_winning(h)
    best_after: dict[Shape, int] = dict.fromkeys(base, 99)
    completes: set[Shape] = set()
    best_overall = 99
    for t in ts:
        counts = _plus(h.counts, t.code)
        after = _by_shape(ts, counts, m)
        assert after.keys() == base.keys()
        best_overall = min(best_overall, _shanten(ts, counts, m))
        completes |= _reference_shapes(ts, counts, m)
        for s, v in after.items():
            assert base[s] - 1 <= v <= base[s], "a draw lowers shanten by at most one"
            best_after[s] = min(best_after[s], v)
    for s, v in base.items():
        assert v >= 0
        assert (v == 0) == (s in completes)
        if v > 0:
            assert v == 1 + best_after[s]
    assert (overall == 0) == bool(completes)
    assert overall == 1 + best_overall


@rules_param
@given(data=st.data())
def test_shanten_14_tiles_bellman(rules: str, data: st.DataObject) -> None:
    """Per shape and overall: -1 iff complete, else the best shanten after a
    discard; and a discard raises shanten by at most one."""
    h = data.draw(_hands14(rules))
    ts = h.tileset
    m = len(h.melds)
    base = _by_shape(ts, h.counts, m)
    assert base == shanten_by_shape(h)
    assert shanten(h) == min(base.values())
    complete = _reference_shapes(ts, h.counts, m)
    best_after: dict[Shape, int] = dict.fromkeys(base, 99)
    for t in set(h.concealed_with_win):
        after = _by_shape(ts, _plus(h.counts, t.code, -1), m)
        assert shanten_by_shape(h.discard(t)) == after
        for s, v in after.items():
            assert base[s] <= v <= base[s] + 1, "a discard raises shanten by at most one"
            best_after[s] = min(best_after[s], v)
    for s, v in base.items():
        assert (v == -1) == (s in complete)
        if v != -1:
            assert v == best_after[s]


@rules_param
@given(data=st.data())
def test_discard_options(rules: str, data: st.DataObject) -> None:
    """For a 14-tile hand: the best discard leaves ``max(shanten(h), 0)``.

    Discarding never lowers shanten (the overlap with a target can only
    shrink) and, unless the hand is complete, some tile outside the best
    target can go without loss; a complete hand is ready after any discard.
    """
    h = data.draw(_hands14(rules))
    ts = h.tileset
    m = len(h.melds)
    s = shanten(h)
    opts = discard_options(h)
    assert {o.tile for o in opts} == set(h.concealed_with_win)
    assert len(opts) == len({o.tile for o in opts})
    assert min(o.shanten for o in opts) == max(s, 0)
    total = h.total_counts()
    for o in opts:
        left = h.discard(o.tile)
        assert o.shanten == shanten(left)
        assert max(s, 0) <= o.shanten <= s + 1
        # Useful: every kind whose draw lowers the shanten left by this
        # discard, the discarded kind included, judged on raw counts (by shape).
        useful = {t for t in ts if _shanten(ts, _plus(left.counts, t.code), m) < o.shanten}
        assert set(o.useful) == useful
        assert all(n == max(0, ts.copies - total[t.code]) for t, n in o.useful.items())
        assert o.useful_count == sum(o.useful.values())
    keys = [(o.shanten, -o.useful_count, o.tile.code) for o in opts]
    assert keys == sorted(keys)


# ------------------------------------------------------------------ notation


@rules_param
@given(data=st.data())
def test_notation_round_trip(rules: str, data: st.DataObject) -> None:
    h = data.draw(_any_hand(rules))
    text = format_hand(h)
    assert str(h) == text
    again = parse_hand(text, rules)
    assert again == h
    assert format_hand(again) == text


@rules_param
@given(data=st.data())
def test_non_canonical_text_parses_to_the_same_hand(rules: str, data: st.DataObject) -> None:
    text, h = data.draw(hand_texts(rules))
    parsed = parse_hand(text, rules)
    assert parsed == h
    assert format_hand(parsed) == format_hand(h)


@rules_param
@given(data=st.data())
def test_meld_round_trip(rules: str, data: st.DataObject) -> None:
    m = data.draw(melds(rules))
    assert parse_meld(format_meld(m), rules) == m


# ------------------------------------------------------------------ invariance


def _remap(h: Hand, f: Callable[[Tile], Tile]) -> Hand:
    """The hand with every tile mapped by ``f`` (melds keep kind and flags)."""
    ms = [Meld(m.kind, min(f(t) for t in m.tiles), m.exposed, m.source) for m in h.melds]
    win = None if h.win is None else f(h.win)
    return Hand(h.tileset, [f(t) for t in h.concealed], ms, win)


def _check_invariant(h: Hand, f: Callable[[Tile], Tile]) -> None:
    g = _remap(h, f)
    assert shanten(g) == shanten(h)
    assert shanten_by_shape(g) == shanten_by_shape(h)
    if h.win is None:
        assert waits(g) == {f(t) for t in waits(h)}
    else:
        assert is_winning(g) == is_winning(h)
        dh, dg = decompose(h), decompose(g)
        assert len(dg) == len(dh)
        assert Counter(d.shape for d in dg) == Counter(d.shape for d in dh)


@rules_param
@given(data=st.data())
def test_invariant_under_suit_and_honour_permutation(rules: str, data: st.DataObject) -> None:
    """Suits are interchangeable, and so are honours: no shape tells them apart.

    In UNO the function tiles are either recoloured with their suit (the
    natural symmetry) or permuted freely among all eight.
    """
    ts = tileset_by_name(rules)
    h = data.draw(_any_hand(rules))
    suits = data.draw(st.permutations(range(len(ts.suits))))
    honours = list(ts.honours)
    if ts.suffixed_honours and data.draw(st.booleans()):
        image = [
            next(u for u in honours if u.honour == t.honour and u.suit == suits[t.suit or 0])
            for t in honours
        ]
    else:
        image = data.draw(st.permutations(honours))
    hmap = dict(zip(honours, image, strict=True))

    def f(t: Tile) -> Tile:
        if t.rank is None:
            return hmap[t]
        assert t.suit is not None
        return ts.number(suits[t.suit], t.rank)

    _check_invariant(h, f)


@rules_param
@given(data=st.data())
def test_invariant_under_rank_mirror(rules: str, data: st.DataObject) -> None:
    ts = tileset_by_name(rules)
    h = data.draw(_any_hand(rules))

    def f(t: Tile) -> Tile:
        if t.rank is None or t.suit is None:
            return t
        return ts.number(t.suit, 10 - t.rank)

    _check_invariant(h, f)


@rules_param
@given(data=st.data())
def test_invariant_under_input_order(rules: str, data: st.DataObject) -> None:
    h = data.draw(_any_hand(rules))
    concealed = data.draw(st.permutations(h.concealed))
    ms = data.draw(st.permutations(h.melds))
    g = Hand(h.tileset, concealed, ms, h.win)
    assert g == h and hash(g) == hash(h)
    assert format_hand(g) == format_hand(h)
    # Re-parse the canonical text with its groups shuffled ('+win' stays last).
    groups = format_hand(h).split(" ")
    win = [x for x in groups if x.startswith("+")]
    rest = data.draw(st.permutations([x for x in groups if not x.startswith("+")]))
    assert parse_hand(" ".join([*rest, *win]), rules) == h
    if h.win is not None:
        assert decompose(g) == decompose(h)
    else:
        assert waits(g) == waits(h)


# ------------------------------------------------------------------ errors


@rules_param
@given(data=st.data())
def test_invalid_texts_raise_notation_error(rules: str, data: st.DataObject) -> None:
    text = data.draw(invalid_hand_texts(rules))
    with pytest.raises(NotationError) as info:
        parse_hand(text, rules)
    e = info.value
    assert isinstance(e, ValueError) and isinstance(e, MahjongError)
    assert e.code and isinstance(e.code, str)
    assert e.position is None or 0 <= e.position <= len(text)


_FUZZ_ALPHABET = (
    string.ascii_letters
    + string.digits
    + string.punctuation
    + " \t\n\u00e9\u4e2d\u00b2\u0663\uff15"
)
"""Notation characters and their neighbours, including non-ASCII digits."""


@rules_param
@given(data=st.data())
def test_arbitrary_text_parses_or_raises_typed_error(rules: str, data: st.DataObject) -> None:
    text = data.draw(
        st.one_of(
            st.text(alphabet=_FUZZ_ALPHABET, max_size=40),
            st.text(alphabet="123456789RSrygbmspESWNCFP[]()+@ ", max_size=40),
        )
    )
    try:
        h = parse_hand(text, rules)
    except MahjongError as e:
        assert isinstance(e, NotationError)
    else:
        assert parse_hand(format_hand(h), rules) == h


@pytest.mark.parametrize("seat", ["\u00b2", "\u0663", "\uff15", "1234"])
def test_seat_offsets_are_ascii_digits(seat: str) -> None:
    """Regression: '@²' once raised a bare ValueError and '@٣' was read as 3."""
    with pytest.raises(NotationError):
        parse_hand(f"[SSSg@{seat}] 123r 456r 789r 5g +5g")


@rules_param
@given(data=st.data())
def test_invalid_hands_raise_hand_error(rules: str, data: st.DataObject) -> None:
    """Hands and melds built in code obey the same invariants as parsed ones."""
    ts = tileset_by_name(rules)
    other = tileset_by_name("mcr" if rules == "uno" else "uno")
    h = data.draw(hands(rules, max_melds=2))  # at least 7 concealed tiles
    total = h.total_counts()
    t = data.draw(tiles(rules))
    drawable = [u for u in ts if total[u.code] < ts.copies]
    case = data.draw(st.integers(0, 11))
    with pytest.raises(HandError) as info:
        if case == 0:
            n = data.draw(st.integers(0, len(h.concealed) - 1))
            Hand(ts, h.concealed[:n], h.melds)
        elif case == 1:
            Hand(ts, [*h.concealed, data.draw(st.sampled_from(drawable))], h.melds)
        elif case == 2:
            Hand(ts, [t] * 5 + list(h.concealed[5:]), h.melds)
        elif case == 3:
            Hand(ts, h.concealed[3:], [Meld(MeldKind.PUNG, t, exposed=False), *h.melds])
        elif case == 4:
            Hand(ts, [other.tiles[0], *h.concealed[1:]], h.melds)
        elif case == 5:
            Meld.chow(ts.honours[0] if t.rank is None or t.rank <= 7 else t)
        elif case == 6:
            Meld.pung(t, source=data.draw(st.sampled_from((0, 8, -1))))
        elif case == 7:
            Meld.kong(t, exposed=False, source=1)
        elif case == 8:
            decompose(h)
        elif case == 9:
            h.discard(h.concealed[0])
        elif case == 10:
            waits(h.with_win(data.draw(st.sampled_from(drawable))))
        else:
            full = h.with_win(data.draw(st.sampled_from(drawable)))
            full.discard(data.draw(st.sampled_from([u for u in ts if not full.counts[u.code]])))
    codes = {
        0: {"tile-count"},
        1: {"tile-count"},
        2: {"too-many-copies"},
        3: {"bad-meld"},
        4: {"wrong-tileset"},
        5: {"honour-chow", "bad-meld"},
        6: {"bad-seat"},
        7: {"bad-meld"},
        8: {"missing-winning-tile"},
        9: {"missing-winning-tile"},
        10: {"has-winning-tile"},
        11: {"not-in-hand"},
    }
    assert info.value.code in codes[case]
    assert isinstance(info.value, ValueError)


def test_mcr_thirteen_orphans_tiles_are_the_hand() -> None:
    """Regression: the pair tile was once listed in ``singles`` as well."""
    h = parse_hand("19m 19s 19p ESWNCFP +1m", "mcr")
    (d,) = decompose(h)
    assert Counter(d.tiles()) == Counter(h.all_tiles())


def test_mcr_thirteen_orphans_win_on_the_pair_role() -> None:
    h = parse_hand("19m 19s 19p ESWNCFP +1m", "mcr")
    (d,) = decompose(h)
    assert d.pair == h.win
    assert [r.role for r in d.win_roles] == [Role.PAIR]
