"""Names a user types, matched the same way everywhere: rule-set names and
fan ids without regard to case, the closest name offered for an unknown
one, errors that name what the caller asked to change and never show a
Python list; and every rule set derived from a built-in has a name of its
own, so that its results, logs and memos are never taken for the built-in's."""

from __future__ import annotations

import concurrent.futures as cf

import attrs
import pytest

from unomahjong import MCR, UNO, _engine, get_rules, score_hand
from unomahjong.cli import main
from unomahjong.errors import MahjongError, RulesError
from unomahjong.game import GreedyBot, LogError, play_hand, replay
from unomahjong.research.simulation import simulate

STRAIGHT = "[SSSg] 123r 456r 789r 5g +5g"


@pytest.mark.parametrize("name", ["UNO", "Uno", "uno", "MCR", "mCr"])
def test_rule_set_names_are_matched_without_regard_to_case(name: str) -> None:
    assert get_rules(name) is get_rules(name.lower())


@pytest.mark.parametrize("pure", [False, True])
def test_scoring_takes_a_rule_set_name_in_any_case(pure: bool) -> None:
    with _engine.python_engine() if pure else _nothing():
        assert score_hand(STRAIGHT, rules="UNO") == score_hand(STRAIGHT, rules="uno")
        mcr = "[EEE] [SSSS] 55p WWWNN +N"
        assert score_hand(mcr, rules="MCR").total == score_hand(mcr, rules="mcr").total == 95


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


@pytest.mark.parametrize(
    ("name", "hint"),
    [("mrc", "did you mean 'mcr'?"), ("unoo", "did you mean 'uno'?"), ("chess", "available:")],
)
def test_an_unknown_rule_set_gets_the_closest_name(name: str, hint: str) -> None:
    with pytest.raises(RulesError) as caught:
        get_rules(name)
    assert caught.value.code == "unknown-rules"
    assert caught.value.hint is not None and caught.value.hint.startswith(hint)


def test_fan_ids_are_matched_without_regard_to_case() -> None:
    off = UNO.with_fans(off=["pure_straight"])
    assert off.options.disabled_fans == {"PURE_STRAIGHT"}
    assert off.name == "uno[fans:-PURE_STRAIGHT]"
    assert off == UNO.with_fans(off=["PURE_STRAIGHT"])
    row = attrs.evolve(UNO.table["PURE_STRAIGHT"], id="pure_straight", points=20, detector=None)
    changed = UNO.with_fans(row)
    assert changed.table["PURE_STRAIGHT"].points == 20
    assert changed.name == "uno[fans:~PURE_STRAIGHT]"
    options = MCR.with_options(disabled_fans={"concealed_kong_and_melded_kong"})
    assert options.options.disabled_fans == {"CONCEALED_KONG_AND_MELDED_KONG"}


def test_an_unknown_fan_id_gets_the_closest_and_names_the_table_asked() -> None:
    with pytest.raises(RulesError) as caught:
        UNO.with_fans(off=["PURE_STRAIGHTT"])
    e = caught.value
    assert e.code == "unknown-fan"
    assert e.detail == "no fan 'PURE_STRAIGHTT' in the uno table"
    assert e.hint == "did you mean 'PURE_STRAIGHT'?"
    house = UNO.with_fans(off=["ALL_PUNGS"], name="house")
    with pytest.raises(RulesError, match="in the house table"):
        house.with_options(disabled_fans={"NOPE", "NADA"})


def test_the_fallback_fan_is_refused_in_the_name_of_the_table_asked() -> None:
    with pytest.raises(RulesError) as caught:
        UNO.with_fans(off=["chicken_hand"])
    assert caught.value.code == "fallback-disabled"
    assert "in the uno rules" in caught.value.detail


@pytest.mark.parametrize(
    "call",
    [
        lambda: UNO.with_fans(off=["A_FAN", "B_FAN"]),
        lambda: MCR.with_options(disabled_fans={"X", "Y"}),
        lambda: get_rules("nope"),
        lambda: UNO.with_options(min_fan=1),
    ],
)
def test_no_error_shows_a_python_list(call: object) -> None:
    with pytest.raises(MahjongError) as caught:
        call()  # type: ignore[operator]
    assert "['" not in str(caught.value) and "{'" not in str(caught.value)


def test_an_unknown_option_gets_the_closest() -> None:
    with pytest.raises(RulesError) as caught:
        MCR.with_options(min_fan=3)
    assert caught.value.code == "unknown-option"
    assert caught.value.hint == "did you mean 'min_fans'?"


def test_every_derived_rule_set_has_a_name_of_its_own() -> None:
    assert MCR.with_options(min_fans=0).name == "mcr[min_fans=0]"
    assert (
        MCR.with_options(disabled_fans={"CONCEALED_KONG_AND_MELDED_KONG"}).name
        == "mcr[disabled_fans=CONCEALED_KONG_AND_MELDED_KONG]"
    )
    both = UNO.with_options(min_fans=8, base_points=1)
    assert both.name == "uno[min_fans=8,base_points=1]"
    assert UNO.with_options(min_fans=8, name="eights").name == "eights"
    assert MCR.with_options(min_fans=8) is MCR  # nothing changed
    assert score_hand(STRAIGHT, rules=both).rules == "uno[min_fans=8,base_points=1]"


@pytest.mark.parametrize("name", ["uno", "UNO", "Mcr"])
def test_a_house_rule_cannot_take_a_built_in_name(name: str) -> None:
    with pytest.raises(RulesError) as caught:
        UNO.with_options(min_fans=2, name=name)
    assert caught.value.code == "name-taken"


def test_a_house_rules_log_replays_with_its_rule_set() -> None:
    house = UNO.with_options(min_fans=8, base_points=1)
    board = play_hand(house, [GreedyBot()] * 4, seed=7)
    lines = board.log_lines()
    assert replay(lines, rules=house)[-1] == board.state
    with pytest.raises(LogError) as caught:
        replay(lines)
    assert caught.value.code == "bad-header"
    assert "house rule" in caught.value.detail or "unknown rule set" in caught.value.detail
    with pytest.raises(LogError, match="played under"):
        replay(lines, rules=UNO.with_options(min_fans=9))


def test_a_derived_rule_set_travels_to_worker_processes() -> None:
    house = UNO.with_options(min_fans=8)
    alone = simulate(house, games=6, seed=3)
    with cf.ProcessPoolExecutor(2) as pool:
        assert simulate(house, games=6, seed=3, workers=2, executor=pool) == alone


def test_the_command_line_takes_fan_ids_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", STRAIGHT, "--disabled-fans", "pure_straight"]) == 0
    out = capsys.readouterr().out
    assert "Pure Straight" not in out
    assert main(["score", STRAIGHT, "--disabled-fans", "PURE_STRAIGHTT"]) == 2
    err = capsys.readouterr().err
    assert "did you mean 'PURE_STRAIGHT'?" in err and "['" not in err
