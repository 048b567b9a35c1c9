"""The contracts the engine's memo tables rely on, checked on every set detector."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unomahjong import MCR_TILES, UNO_TILES, Tile
from unomahjong.fans.model import Detector, DetectorKind, FanTable, MeldKey
from unomahjong.rules import MCR, UNO

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
