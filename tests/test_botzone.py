"""The Botzone judge's conventions: its tile names both ways, and its seeded
wall dealt again in Python exactly as the judge deals it (walls recorded
from a build of the judge, tests/data/botzone/walls.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from unomahjong import MCR_TILES, UNO_TILES, NotationError, RulesError
from unomahjong.botzone import botzone_tile, from_botzone_tile, judge_wall

WALLS = json.loads((Path(__file__).parent / "data" / "botzone" / "walls.json").read_text())


@pytest.mark.parametrize("key", sorted(WALLS))
def test_the_wall_is_the_judges(key: str) -> None:
    words = key.split()
    seed, quan = int(words[0]), (int(words[2]) if len(words) == 3 else None)
    wall, wind = judge_wall(seed, quan=quan)
    assert " ".join(map(botzone_tile, wall)) == WALLS[key]["walltiles"]
    assert wind == WALLS[key]["quan"]


def test_a_wall_holds_every_kind_four_times() -> None:
    wall, _ = judge_wall(42)
    assert len(wall) == 136
    assert all(wall.count(t) == 4 for t in MCR_TILES.tiles)


def test_every_kind_has_one_name_and_back() -> None:
    names = [botzone_tile(t) for t in MCR_TILES.tiles]
    assert len(set(names)) == 34
    assert [from_botzone_tile(n) for n in names] == list(MCR_TILES.tiles)
    assert botzone_tile(MCR_TILES.tiles[0]) == "W1"
    assert [str(from_botzone_tile(n)) for n in ("B5", "T9", "F1", "F4", "J1", "J3")] == [
        "5p", "9s", "E", "N", "C", "P",
    ]  # fmt: skip


@pytest.mark.parametrize("name", ["W0", "w1", "H1", "", "J4", 5, None])
def test_an_unknown_name_is_a_notation_error(name: Any) -> None:
    with pytest.raises(NotationError) as e:
        from_botzone_tile(name)
    assert e.value.code == "unknown-tile"


def test_a_tile_of_another_set_has_no_name() -> None:
    with pytest.raises(NotationError) as e:
        botzone_tile(UNO_TILES.tiles[0])
    assert e.value.code == "not-mcr-tile"


@pytest.mark.parametrize(
    ("args", "kwargs", "code"),
    [((2**31,), {}, "bad-seed"), ((1.5,), {}, "bad-seed"), ((True,), {}, "bad-seed"),
     ((1,), {"quan": 4}, "bad-wind"), ((1,), {"quan": "E"}, "bad-wind")],
)  # fmt: skip
def test_bad_seeds_and_winds_are_refused(
    args: tuple[Any, ...], kwargs: dict[str, Any], code: str
) -> None:
    with pytest.raises(RulesError) as e:
        judge_wall(*args, **kwargs)
    assert e.value.code == code
