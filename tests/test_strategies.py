"""The strategies shrink and print readably: hands and contexts print as the
calls that rebuild them, a failing property prints them so, themed hands are
built from draws (and shrink), and the module names its extra when Hypothesis
is missing."""

from __future__ import annotations

import hashlib
import random
import re
import subprocess
import sys
import textwrap

import attrs
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

import unomahjong
from unomahjong import (
    MCR_TILES,
    UNO_TILES,
    Hand,
    Meld,
    MeldKind,
    WinContext,
    parse_hand,
    parse_tiles,
)
from unomahjong.model.context import FLAGS
from unomahjong.model.tiles import SuitSpec, TileSet
from unomahjong.research._drawn import DrawnPicker
from unomahjong.research.generate import (
    SHAPE_OF_THEME,
    THEMES,
    picked_winning_hand,
    random_winning_hand,
    winning_hands,
)
from unomahjong.research.strategies import (
    hands,
    near_misses,
    scored_hands,
    themed_hands,
    win_contexts,
)
from unomahjong.research.strategies import (
    winning_hands as winning_hand_strategy,
)

RULES = ("uno", "mcr")
rules_param = pytest.mark.parametrize("rules", RULES)

NAMES: dict[str, object] = {}
exec("from unomahjong import *", NAMES)
"""What ``from unomahjong import *`` binds: the namespace a repr must evaluate in."""

QUIET = settings(
    database=None,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
"""Repeatable searches for the tests that look for a failure on purpose."""


def rebuilt(text: str) -> object:
    return eval(text, dict(NAMES))


# ------------------------------------------------------------ Hand.__repr__


def test_hand_repr_is_the_notation() -> None:
    hand = parse_hand("[SSSg] 123r 456r 789r 5g +5g")
    assert repr(hand) == "Hand.parse('[SSSg] 123456789r 5g +5g')"
    assert repr(hand.without_win()) == "Hand.parse('[SSSg] 123456789r 5g')"


def test_mcr_hand_repr_names_its_rules() -> None:
    hand = parse_hand("(1111m) [EEE@1] 234s 55p 67p +8p", "mcr")
    assert repr(hand) == "Hand.parse('[EEE@1] (1111m) 234s 5567p +8p', rules='mcr')"
    assert rebuilt(repr(hand)) == hand


@rules_param
@given(data=st.data())
def test_hand_repr_evaluates_to_the_hand(rules: str, data: st.DataObject) -> None:
    hand = data.draw(
        st.one_of(
            hands(rules),
            hands(rules, min_melds=1, with_win=True),
            winning_hand_strategy(rules),
            near_misses(rules, with_win=False),
        )
    )
    again = rebuilt(repr(hand))
    assert again == hand
    assert isinstance(again, Hand) and again.tileset is hand.tileset
    # Equality ignores no meld field the repr shows: sources and exposure too.
    assert [(m.kind, m.tile, m.exposed, m.source) for m in again.melds] == [
        (m.kind, m.tile, m.exposed, m.source) for m in hand.melds
    ]


def test_hand_repr_keeps_kongs_and_sources() -> None:
    ts = UNO_TILES
    hand = Hand(
        ts,
        [ts["5g"]],
        [
            Meld.kong(ts["Rr"], exposed=False),
            Meld.kong(ts["9b"], source=3),
            Meld.pung(ts["Sy"], source=1),
            Meld.chow(ts["1r"]),
        ],
        ts["5g"],
    )
    text = repr(hand)
    assert "(RRRRr)" in text and "[9999b@3]" in text and "[SSSy@1]" in text
    assert rebuilt(text) == hand


def test_hand_repr_leaves_out_the_claimed_tile() -> None:
    # The notation does not record which tile of a meld was claimed, and
    # equality ignores it, so the repr still evaluates to an equal hand.
    ts = MCR_TILES
    claimed = Meld(MeldKind.CHOW, ts["1m"], True, 1, ts["2m"])
    hand = Hand(ts, parse_tiles("456m 789m 123s 5p", "mcr"), [claimed], ts["5p"])
    assert repr(hand) == "Hand.parse('[123m@1] 456789m 123s 5p +5p', rules='mcr')"
    assert rebuilt(repr(hand)) == hand


def test_hand_of_a_tile_set_without_notation_shows_its_fields() -> None:
    solo = TileSet("solo", "SOLO", (SuitSpec("a", "a"),), (), copies=8)
    one, two = solo.tiles[0], solo.tiles[1]
    hand = Hand(solo, [one] * 7 + [two] * 6)
    assert repr(hand) == (
        f"Hand(tileset=SOLO, concealed={(one,) * 7 + (two,) * 6!r}, melds=(), win=None)"
    )
    env = {**NAMES, "SOLO": solo}
    assert eval(repr(hand), env) == hand


# ------------------------------------------------------------ WinContext.__repr__


def test_context_repr_names_only_what_differs_from_the_defaults() -> None:
    assert repr(WinContext()) == "WinContext()"
    assert repr(WinContext(self_drawn=True)) == "WinContext(self_drawn=True)"
    assert (
        repr(WinContext(self_drawn=True, kong_replacement=True, seat_wind="S", flowers=2))
        == "WinContext(self_drawn=True, kong_replacement=True, seat_wind='S', flowers=2)"
    )
    # A value equal to its default is left out however it was given.
    assert repr(WinContext(self_drawn=0, seat_wind="E")) == "WinContext()"  # type: ignore[arg-type]


@given(
    st.builds(
        WinContext,
        **{name: st.booleans() for name in FLAGS},
        seat_wind=st.sampled_from("ESWN"),
        prevalent_wind=st.sampled_from("ESWN"),
        flowers=st.integers(0, 8),
    )
)
def test_context_repr_evaluates_to_the_context(ctx: WinContext) -> None:
    again = rebuilt(repr(ctx))
    assert again == ctx
    assert attrs.astuple(again) == attrs.astuple(ctx)


@rules_param
@given(data=st.data())
def test_drawn_contexts_round_trip(rules: str, data: st.DataObject) -> None:
    hand, ctx = data.draw(st.one_of(scored_hands(rules), themed_hands(rules)))
    other = data.draw(win_contexts(hand))
    assert rebuilt(repr(ctx)) == ctx
    assert rebuilt(repr(other)) == other


# ------------------------------------------------------------ Score.__repr__


def test_score_repr_is_short_and_readable() -> None:
    result = unomahjong.score_hand("[RRRr] [RRRy] 123g 456g 7b +7b")
    assert repr(result) == (
        "<Score 6 uno: ALL_COLORS, SHORT_STRAIGHT, PUNG_OF_TERMINALS_OR_FUNCTIONS x2,"
        " SINGLE_WAIT | [RRRr] [RRRy] 123g 456g 77b>"
    )
    mcr = unomahjong.score_hand("19m 19s 19p ESWNCFP +1m", rules="mcr", self_drawn=True)
    assert repr(mcr) == (
        "<Score 89 mcr: THIRTEEN_ORPHANS, SELF_DRAWN | 11m 9m 1s 9s 1p 9p E S W N C F P>"
    )


class _Printer:
    """The one method of a pretty printer that the reprs use."""

    def __init__(self) -> None:
        self.out: list[str] = []

    def text(self, obj: str) -> None:
        self.out.append(obj)


def test_pretty_printers_get_the_reprs() -> None:
    # Hypothesis' and IPython's pretty printers list an attrs class's fields
    # unless the class has _repr_pretty_.
    result = unomahjong.score_hand("[SSSg] 123r 456r 789r 5g +5g", self_drawn=True)
    for value in (result, result.hand, result.context):
        printer = _Printer()
        value._repr_pretty_(printer, False)
        assert printer.out == [repr(value)]


# ------------------------------------------------------------ failing properties


def _failing_case(strategy: st.SearchStrategy[tuple[Hand, WinContext]], rules: str) -> None:
    """Run a property that fails on purpose; check what Hypothesis reports.

    Shrinking is left out (it is checked below): the report is the same
    for the first failing example as for the last."""
    last: list[tuple[Hand, WinContext]] = []

    @settings(QUIET, phases=[Phase.generate])
    @given(strategy)
    def test_a_rule_that_does_not_hold(example: tuple[Hand, WinContext]) -> None:
        last.append(example)
        hand, context = example
        assert unomahjong.score(hand, context, rules).total < 12

    with pytest.raises(AssertionError) as failure:
        test_a_rule_that_does_not_hold()
    report = "\n".join(getattr(failure.value, "__notes__", []))
    suffix = "" if rules == "uno" else ", rules='mcr'"
    hand_text = re.search(r"Hand\.parse\('[^']*'" + re.escape(suffix) + r"\)", report)
    context_text = re.search(r"WinContext\([^()]*\)", report)
    assert hand_text is not None, report
    assert context_text is not None, report
    assert "tileset=" not in report and "UNO_TILES[" not in report, report
    # What it prints is the example the property failed on (the last run).
    assert (rebuilt(hand_text.group()), rebuilt(context_text.group())) == last[-1]


@rules_param
def test_a_failing_property_prints_hand_and_context_in_notation(rules: str) -> None:
    _failing_case(scored_hands(rules), rules)


@rules_param
def test_a_failing_themed_property_prints_in_notation(rules: str) -> None:
    _failing_case(themed_hands(rules), rules)


# ------------------------------------------------------------ themed hands


def test_themed_hands_shrink_to_a_small_hand() -> None:
    # Seeded hands could only shrink their seed, to whatever hand a small
    # seed gave; drawn ones shrink every choice: the theme, the melds (to the
    # lowest tiles), how many are declared, the context's flags.
    hand, ctx = find(themed_hands("uno"), lambda hc: bool(hc[0].melds), settings=QUIET)
    assert len(hand.melds) == 1, hand
    assert ctx == WinContext()
    assert all(t.rank is not None and t.rank <= 5 for t in hand.all_tiles()), hand


@rules_param
@settings(max_examples=8)
@given(data=st.data())
def test_drawn_choices_build_every_theme(rules: str, data: st.DataObject) -> None:
    # themed_hands draws the theme from THEMES, then makes the seeded
    # builders' choices by draws: each theme must still build its hands.
    rs = unomahjong.get_rules(rules)
    for theme in THEMES:
        hand, ctx = picked_winning_hand(DrawnPicker(data.draw), rs, theme)
        assert unomahjong.is_winning(hand), (theme, hand)
        rs.check_context(ctx)
        ctx.check(hand)
        result = unomahjong.score(hand, ctx, rs)
        if theme in SHAPE_OF_THEME:
            assert unomahjong.shanten_by_shape(hand)[SHAPE_OF_THEME[theme]] == -1, (theme, hand)
        assert result.total > 0


def test_seeded_hands_stay_the_same() -> None:
    # The builders choose through a Picker now; a seed must still give the
    # hands it gave before (the digest was taken before the change).
    h = hashlib.sha256()
    for rules in RULES:
        rng = random.Random(2026)
        for i in range(4 * len(THEMES)):
            hand, ctx = random_winning_hand(rng, rules, theme=THEMES[i % len(THEMES)])
            h.update(f"{hand} {attrs.astuple(ctx)}\n".encode())
        for hand, ctx in winning_hands(7, 100, rules):
            h.update(f"{hand} {attrs.astuple(ctx)}\n".encode())
    assert h.hexdigest() == "ee9852e4ff24402242e00c4b64ee8e44f80e3d92065fdf40d5df3c28c1cacd34"


# ------------------------------------------------------------ the extra


_HIDE_HYPOTHESIS = textwrap.dedent(
    """
    import importlib.abc
    import sys

    class Hide(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "hypothesis" or name.startswith("hypothesis."):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, Hide())
    import unomahjong
    import unomahjong.research.generate
    print("core imports")
    try:
        import unomahjong.research.strategies
    except ImportError as error:
        print(type(error).__name__, error.name)
        print(error)
    else:
        print("imported")
    """
)


def test_strategies_without_hypothesis_name_the_extra() -> None:
    out = subprocess.run(
        [sys.executable, "-c", _HIDE_HYPOTHESIS],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout.splitlines()
    assert out == [
        "core imports",
        "ModuleNotFoundError hypothesis",
        "unomahjong.research.strategies needs Hypothesis: pip install 'unomahjong[hypothesis]'",
    ]
