"""The contracts the engine's memo tables rely on, checked on every set detector."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unomahjong import MCR_TILES, UNO_TILES, Tile
from unomahjong.errors import RulesError
from unomahjong.rules.detectors import Primitive
from unomahjong.rules.fans import Detector, DetectorKind, FanTable, Gate, MeldKey, engine_detector
from unomahjong.rules.rule_sets import MCR, UNO

TABLES = {"uno": UNO.fans, "mcr": MCR.fans}
SETS = [
    pytest.param(table, row.id, det, id=f"{name}-{row.id}")
    for name, table in TABLES.items()
    for row, det in (*table.chow_set_fans, *table.pung_set_fans)
]


def _keys(chows: bool, suits: int) -> st.SearchStrategy[list[MeldKey]]:
    key = st.tuples(st.integers(0, suits - 1), st.integers(1, 7 if chows else 9))
    return st.lists(key, min_size=2, max_size=4)


@pytest.mark.parametrize(("table", "fan", "det"), SETS)
@given(data=st.data())
def test_set_detector_answers_subset_by_subset(
    table: FanTable, fan: str, det: Detector, data: st.DataObject
) -> None:
    # The engine memoises set fans per subset of meld keys of the declared
    # size: a detector's answer for a list must be exactly the subsets of
    # that size it accepts when asked about each alone.
    chows = det.kind is DetectorKind.CHOW_SET
    tileset = UNO_TILES if table is UNO.fans else MCR_TILES
    keys = sorted(data.draw(_keys(chows, len(tileset.suits))))
    suited = [t for t in tileset.tiles if t.rank is not None]
    pair: Tile | None = data.draw(st.sampled_from(suited)) if det.uses_pair else None
    assert det.size in (3, 4)
    expected = [
        combo
        for combo in itertools.combinations(range(len(keys)), det.size)
        if tuple(range(det.size)) in det.fn([keys[i] for i in combo], pair)
    ]
    assert sorted(det.fn(keys, pair)) == expected


SUIT_BLIND = [
    pytest.param(table, row.id, det, id=f"{name}-{row.id}")
    for name, table in TABLES.items()
    for row, det in (
        *table.chow_set_fans,
        *table.pung_set_fans,
        *table.groups[DetectorKind.CHOW_PAIR],
        *table.groups[DetectorKind.PUNG_PAIR],
    )
]


@pytest.mark.parametrize(("table", "fan", "det"), SUIT_BLIND)
@given(data=st.data())
def test_set_and_pair_detectors_do_not_see_suit_names(
    table: FanTable, fan: str, det: Detector, data: st.DataObject
) -> None:
    # The engine memoises set and pair fans on keys with suits renamed in
    # order of appearance: renaming suits must not change an answer.
    chows = det.kind in (DetectorKind.CHOW_SET, DetectorKind.CHOW_PAIR)
    tileset = UNO_TILES if table is UNO.fans else MCR_TILES
    suits = len(tileset.suits)
    keys = data.draw(_keys(chows, suits))
    rename = data.draw(st.permutations(range(suits)))
    renamed = [(rename[s], r) for s, r in keys]
    if det.kind in (DetectorKind.CHOW_PAIR, DetectorKind.PUNG_PAIR):
        assert det.fn(keys[0], keys[1]) == det.fn(renamed[0], renamed[1])
        return
    pair: Tile | None = None
    renamed_pairs: list[Tile | None] = [None]
    if det.uses_pair:
        # Of the pair the engine keys only the suit (renamed) and the rank:
        # a number pair renamed with the keys, or every honour alike.
        pair = data.draw(st.sampled_from(tileset.tiles))
        if pair.suit is None:  # MCR's honours carry no suit
            renamed_pairs = [t for t in tileset.honours if t.suit is None]
        elif pair.rank is None:  # UNO's honours carry their colour
            renamed_pairs = [t for t in tileset.honours if t.suit == rename[pair.suit]]
        else:
            renamed_pairs = [tileset.number(rename[pair.suit], pair.rank)]
    expected = sorted(det.fn(keys, pair))
    for other in renamed_pairs:
        assert sorted(det.fn(renamed, other)) == expected, (keys, pair, other)


GATED = [
    pytest.param(table, row.id, det, id=f"{name}-{row.id}")
    for name, table in TABLES.items()
    for row, det in table.groups[DetectorKind.SIMPLE]
    if det.requires is not None
]


@pytest.mark.parametrize(("table", "fan", "det"), GATED)
def test_gated_detectors_count_nothing_when_their_gate_is_shut(
    table: FanTable, fan: str, det: Detector
) -> None:
    # The engine skips a detector whose ``requires`` attribute is falsy, so
    # the detector itself must count 0 there (hands of every shape).
    from unomahjong.analysis.readings import decompose
    from unomahjong.research.generate import winning_hands
    from unomahjong.scoring.facts import HandFacts, Reading

    rules = "uno" if table is UNO.fans else "mcr"
    shut = 0
    for hand, ctx in winning_hands(3, 600, rules):
        facts = HandFacts(hand, ctx)
        for d in decompose(hand):
            for role in d.win_roles:
                r = Reading(facts, d, role)
                gate = getattr(facts if det.per_hand else r, det.requires or "")
                if not gate:
                    shut += 1
                    assert det.fn(r) == 0, (str(hand), d.shape)
    assert shut, "the sample never shuts this gate"


@pytest.mark.parametrize("table", TABLES.values(), ids=TABLES.keys())
def test_each_fan_is_one_record_with_its_detector(table: FanTable) -> None:
    # The table's detectors are its rows' own, as the Python engine runs
    # them: no second mapping to keep in step.
    assert table.detectors == {
        r.id: engine_detector(r.detector) for r in table.rows if r.detector is not None
    }
    # Every built-in fan's detector is a value of the vocabulary.
    assert all(isinstance(r.detector, Primitive) for r in table.rows if r.id != table.fallback)
    assert [r.id for r in table.rows if r.detector is None] == [table.fallback]


@pytest.mark.parametrize("table", TABLES.values(), ids=TABLES.keys())
def test_every_gate_names_an_attribute_of_what_it_gates(table: FanTable) -> None:
    # A gate is read from the hand's facts (per-hand detectors) or the reading.
    from unomahjong.scoring.facts import HandFacts, Reading

    for row, det in table.groups[DetectorKind.SIMPLE]:
        if det.requires is not None:
            assert isinstance(det.requires, Gate), row.id
            where = HandFacts if det.per_hand else Reading
            assert det.requires.value in dir(where), (row.id, det.requires)


def test_a_gate_given_by_name_is_a_gate_and_a_wrong_one_is_refused() -> None:
    def nothing(r: object) -> int:
        return 0

    assert Detector(DetectorKind.SIMPLE, nothing, requires="kongs").requires is Gate.KONGS
    with pytest.raises(RulesError) as e:
        Detector(DetectorKind.SIMPLE, nothing, requires="no_such_gate")
    assert e.value.code == "bad-fan"
