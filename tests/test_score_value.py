"""What a :class:`Score` shows, exactly: its text, its repr, its JSON form,
the reading's groups of every kind and the melds as notation; the minimum
check at its boundary; and the memo tables ``clear_caches`` empties.

Worked examples pinned character for character: a changed column, a lost
line or a group written another way fails here, in either engine."""

from __future__ import annotations

import contextlib
import pickle

import attrs
import pytest
from hypothesis.vendor.pretty import pretty

from unomahjong import (
    Meld,
    MeldKind,
    NotWinningError,
    _engine,
    parse_hand,
    parse_tile,
    score,
    score_hand,
)
from unomahjong._checks import quote
from unomahjong.errors import ContextError
from unomahjong.model.context import WinContext
from unomahjong.model.notation import format_meld
from unomahjong.render import score_html
from unomahjong.rules.rule_sets import MCR, UNO
from unomahjong.scoring.scorer import (
    check_minimum,
    clear_caches,
    decomposition_groups,
    memo_tables,
)

STRAIGHT = "[SSSg] 123r 456r 789r 5g +5g"

STRAIGHT_TEXT = """\
[SSSg] 123456789r 5g +5g
  清龙    Pure Straight                    16       16
  幺九刻  Pung of Terminals or Functions    1        1
  单钓将  Single Wait                       1        1
  total                                             18
  reading: [SSSg] 123r 456r 789r 55g"""


def test_the_text_of_a_score_is_its_table_and_its_reading() -> None:
    assert str(score_hand(STRAIGHT)) == STRAIGHT_TEXT


def test_a_fan_counted_twice_shows_its_count_and_product() -> None:
    text = str(score_hand("[SSSg] [RRRy] 123r 456r 5g +5g"))
    row = next(line for line in text.splitlines() if "Pung of Terminals" in line)
    assert row.split()[-3:] == ["1", "x2", "2"]


def test_the_repr_names_total_rules_fans_and_reading() -> None:
    assert repr(score_hand(STRAIGHT)) == (
        "<Score 18 uno: PURE_STRAIGHT, PUNG_OF_TERMINALS_OR_FUNCTIONS, SINGLE_WAIT"
        " | [SSSg] 123r 456r 789r 55g>"
    )
    doubled = repr(score_hand("[SSSg] [RRRy] 123r 456r 5g +5g"))
    assert "PUNG_OF_TERMINALS_OR_FUNCTIONS x2" in doubled


def test_a_score_without_fans_still_shows() -> None:
    # Not one the engines make (every table has its fallback fan), but a
    # value a caller may build: its text and repr say so plainly.
    empty = attrs.evolve(score_hand(STRAIGHT), fans=(), total=0)
    assert str(empty).splitlines()[1:] == [
        "  total             0",
        "  reading: [SSSg] 123r 456r 789r 55g",
    ]
    assert repr(empty) == "<Score 0 uno: no fans | [SSSg] 123r 456r 789r 55g>"


def test_notebooks_show_the_repr_and_the_html_table() -> None:
    s = score_hand(STRAIGHT)
    assert pretty(s) == repr(s)
    assert s._repr_html_() == score_html(s)


def test_the_json_form_is_total_fans_and_reading() -> None:
    assert score_hand("(RRRRy) [123r@2] 456r 789r 5g +5g").as_dict() == {
        "total": 20,
        "fans": [
            {"id": "PURE_STRAIGHT", "zh": "清龙", "en": "Pure Straight", "points": 16, "count": 1},
            {"id": "CONCEALED_KONG", "zh": "暗杠", "en": "Concealed Kong", "points": 2, "count": 1},
            {
                "id": "PUNG_OF_TERMINALS_OR_FUNCTIONS",
                "zh": "幺九刻",
                "en": "Pung of Terminals or Functions",
                "points": 1,
                "count": 1,
            },
            {"id": "SINGLE_WAIT", "zh": "单钓将", "en": "Single Wait", "points": 1, "count": 1},
        ],
        "decomposition": ["[123r@2]", "(RRRRy)", "456r", "789r", "55g"],
    }


@pytest.mark.parametrize(
    ("text", "rules", "groups"),
    [
        # exposed with a source, concealed kong, concealed chows, the pair
        (
            "(RRRRy) [123r@2] 456r 789r 5g +5g",
            "uno",
            ["[123r@2]", "(RRRRy)", "456r", "789r", "55g"],
        ),
        # seven pairs
        (
            "11r 22r 33g 44g 55b 66b 7y +7y",
            "uno",
            ["11r", "22r", "77y", "33g", "44g", "55b", "66b"],
        ),
        # single tiles
        (
            "19m 19p 19s ESWNCFP +1m",
            "mcr",
            ["11m", "9m", "1s", "9s", "1p", "9p", "E", "S", "W", "N", "C", "F", "P"],
        ),
        # a knitted straight with singles, and with a standard rest
        ("147m 258p 36s ESWNC +9s", "mcr", ["147m 369s 258p", "E", "S", "W", "N", "C"]),
        ("147m 258p 369s 456m 1s +1s", "mcr", ["456m", "11s", "147m 369s 258p"]),
    ],
)
def test_a_reading_is_written_group_by_group(text: str, rules: str, groups: list[str]) -> None:
    s = score_hand(text, rules=rules)
    assert decomposition_groups(s.decomposition) == groups
    assert s.as_dict()["decomposition"] == groups
    assert str(s).splitlines()[-1] == "  reading: " + " ".join(groups)


@pytest.mark.parametrize(
    ("meld", "text"),
    [
        (Meld(MeldKind.CHOW, parse_tile("1r")), "[123r]"),
        (Meld(MeldKind.PUNG, parse_tile("Sg"), source=3), "[SSSg@3]"),
        (Meld(MeldKind.KONG, parse_tile("Ry"), exposed=False), "(RRRRy)"),
        (Meld(MeldKind.KONG, parse_tile("9b"), source=1), "[9999b@1]"),
        (Meld(MeldKind.CHOW, parse_tile("7g"), exposed=False), "789g"),
        (Meld(MeldKind.PUNG, parse_tile("E", MCR.tileset)), "[EEE]"),
        (Meld(MeldKind.PUNG, parse_tile("5p", MCR.tileset), exposed=False), "555p"),
    ],
)
def test_a_meld_reads_as_notation(meld: Meld, text: str) -> None:
    assert str(meld) == text
    assert format_meld(meld) == text


def test_a_hands_melds_read_as_the_hand_writes_them() -> None:
    hand = parse_hand("(RRRRy) [123r@2] 456r 789r 5g +5g")
    assert [str(m) for m in hand.melds] == ["[123r@2]", "(RRRRy)"]
    assert all(str(m) in str(hand) for m in hand.melds)


def test_the_minimum_counts_the_fans_without_the_flowers() -> None:
    # 不求人 4, 平和 2, 坎张 1: 7 fans; each flower adds a point, which the
    # minimum of 8 does not count.
    hand = parse_hand("123m 345m 678s 46p 55s +5p", MCR.tileset)
    seven = score(hand, WinContext(self_drawn=True, flowers=1), MCR)
    assert seven.total == 8
    with pytest.raises(NotWinningError) as caught:
        check_minimum(hand, seven, MCR)
    assert caught.value.code == "below-minimum"
    assert str(caught.value) == (
        f"{hand} scores 7 (8 with the bonus fans), below the minimum of 8 [below-minimum]"
    )
    for pure in (False, True):
        engine = _engine.python_engine() if pure else contextlib.nullcontext()
        with engine, pytest.raises(NotWinningError):
            score(hand, WinContext(self_drawn=True, flowers=1), MCR, enforce_minimum=True)
    # 妙手回春 makes 15 fans: enough, flowers or not.
    fifteen = score(hand, WinContext(self_drawn=True, last_tile=True), MCR, enforce_minimum=True)
    check_minimum(hand, fifteen, MCR)
    assert fifteen.total == 15


def test_score_enforces_the_minimum_only_when_asked() -> None:
    hand = parse_hand("123m 456m 789p 234s 5s +5s", MCR.tileset)
    below = score(hand, WinContext(), MCR)
    assert below.total < MCR.options.min_fans
    with pytest.raises(NotWinningError, match="below the minimum"):
        score(hand, WinContext(), MCR, enforce_minimum=True)


def _fan_memos(rules: object) -> list[dict[object, object]]:
    fans = UNO.fans if rules == "uno" else MCR.fans
    return [fans.memo.new, fans.memo.old, fans.count_memo.new, fans.count_memo.old]


def _fill() -> None:
    # The Python engine's memos are these tables (the compiled core keeps
    # its own, which clear_caches empties too but Python cannot see).
    clear_caches()
    with _engine.python_engine():
        score_hand(STRAIGHT)
        score_hand("147m 258p 369s 456m 1s +1s", rules="mcr")


def test_memo_tables_lists_both_generations_of_every_built_in_memo() -> None:
    tables = memo_tables()
    ids = {id(t) for t in tables}
    for rules in ("uno", "mcr"):
        assert all(id(t) in ids for t in _fan_memos(rules))
    assert len(ids) == len(tables)


def test_clear_caches_empties_every_memo_table() -> None:
    _fill()
    assert any(memo_tables())
    clear_caches()
    assert not any(memo_tables())


def test_clear_caches_of_one_rule_set_keeps_the_others_fan_memos() -> None:
    _fill()
    uno_before = [dict(t) for t in _fan_memos("uno")]
    assert any(_fan_memos("mcr"))
    assert any(uno_before)
    clear_caches("mcr")
    assert not any(_fan_memos("mcr"))
    assert [dict(t) for t in _fan_memos("uno")] == uno_before


def test_scores_do_not_change_when_the_caches_are_cleared() -> None:
    first = score_hand(STRAIGHT)
    clear_caches()
    assert score_hand(STRAIGHT) == first


@pytest.mark.parametrize("values", [(), (True,), "not a tuple", (False,) * 20])
def test_pickled_contexts_of_the_wrong_shape_are_refused(values: object) -> None:
    rebuild, _ = WinContext().__reduce__()

    class Forged:
        def __reduce__(self) -> tuple[object, ...]:
            return (rebuild, (values,))

    assert pickle.loads(pickle.dumps(WinContext(self_drawn=True))) == WinContext(self_drawn=True)
    with pytest.raises(ContextError) as caught:
        pickle.loads(pickle.dumps(Forged()))
    assert caught.value.code == "corrupt-context"
    assert caught.value.detail == (
        f"a pickled WinContext holds its {len(attrs.fields(WinContext))} field values"
        f" in order, not {quote(values)}"
    )
