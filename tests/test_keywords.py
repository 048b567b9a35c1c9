"""A misspelt keyword gets the library's typed error, with the closest keyword.

``_checks.keywords_checked`` wraps a public function: a call naming a
keyword the function does not take raises :class:`ArgumentError` (code
``unknown-keyword``, a ``MahjongError`` and a ``TypeError``) with a
did-you-mean, in both engines. The wrapper is one more Python call, so it
is left off the paths that run per hand or per step, where it would cost
about a tenth of the call; those keep Python's own ``TypeError``, which
names the keyword, and type checkers catch the typo before it runs. The
sweep below sorts every public callable into one group or the other, so a
new one must be placed.
"""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from test_arguments import VALID

from unomahjong import ArgumentError, MahjongError, _engine, parse_hand, score, score_hand
from unomahjong._checks import keywords_checked
from unomahjong.plots import audit_svg, plot_audit, plot_simulation, simulation_svg
from unomahjong.render import hand_svg, score_html, score_svg, tiles_svg
from unomahjong.render.viewer import replay_html
from unomahjong.simulation import simulate

HAND = "[SSSg] 123r 456r 789r 5g +5g"

UNCHECKED_HOT = frozenset(
    {
        # scoring, analysis and notation, per hand
        *("decompose", "discard_options", "is_winning", "live_waits", "shanten"),
        *("shanten_by_shape", "waits", "get_rules", "format_hand", "format_meld"),
        *("format_tiles", "parse_hand", "parse_meld", "parse_tile", "parse_tiles"),
        # the game step, per step
        *("apply", "awaiting", "legal_actions", "observe", "outcome"),
        *("Board.awaiting", "Board.default_action", "Board.legal_actions"),
        *("Board.observe", "Board.outcome", "Board.pop", "Board.push"),
        *("GreedyBot.choose", "RandomBot.choose", "RuleSet.check_context"),
        # conversions for the peers, per hand
        *("from_136", "from_34", "from_gb_fan_arguments", "from_gb_hand", "from_gb_pack"),
        *("from_gb_tile", "gb_fan_arguments", "gb_hand", "gb_pack", "gb_tile"),
        *("to_136", "to_34"),
        # the card game's step and its cards
        *("apply (cards)", "legal_actions (cards)", "card", "parse_cards", "playable"),
    }
)
"""Public functions left as they are: a wrapper would cost a tenth of a call."""


def _value_type_callable(name: str) -> bool:
    """The constructors and methods of the value types (attrs classes and
    enums): made and read per hand, per step and per score."""
    head = name.split(".")[0]
    return head[:1].isupper() and name not in CHECKED_METHODS


CHECKED_METHODS = frozenset(
    {
        "Action.parse",
        "Board",
        "Board.log_lines",
        "RuleSet.with_fans",
        "RuleSet.with_shapes",
        "RuleSet.without_shapes",
    }
)


def _typo(function: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str | None:
    """A keyword one letter short of the function's last one (or a made-up
    one), or None for a function that takes any keyword."""
    parameters = inspect.signature(function).parameters.values()
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return None
    names = [p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    if names and len(names[-1]) > 3 and names[-1][:-1] not in names:
        return names[-1][:-1]
    return "not_a_keyword"


def _sweep() -> tuple[set[str], set[str], set[str]]:
    """The public callables by what a misspelt keyword gets: the typed
    error, Python's ``TypeError``, or nothing to misspell (``**`` or an
    enum's lookup)."""
    checked, raw, open_ = set(), set(), set()
    for name in sorted(VALID):
        function, args, kwargs = VALID[name]()
        typo = _typo(function, args, kwargs)
        if typo is None:
            open_.add(name)
            continue
        try:
            function(*args, **{**kwargs, typo: 1})
        except ArgumentError as e:
            assert e.code == "unknown-keyword" and typo in e.detail, name
            checked.add(name)
        except TypeError:
            raw.add(name)
    return checked, raw, open_


def test_every_public_callable_is_checked_or_on_a_hot_path() -> None:
    checked, raw, open_ = _sweep()
    hot = {n for n in VALID if n in UNCHECKED_HOT or _value_type_callable(n)} - open_
    assert raw == hot - checked, (sorted(raw - hot), sorted(hot - raw - checked))
    assert checked.isdisjoint(UNCHECKED_HOT)
    assert len(checked) >= 30


@pytest.mark.parametrize(
    ("call", "hint"),
    [
        (lambda: score_hand(HAND, selfdrawn=True), "did you mean 'self_drawn'?"),  # type: ignore[call-arg]
        (lambda: score(parse_hand(HAND), contex=None), "did you mean 'context'?"),  # type: ignore[call-arg]
        (lambda: simulate(game=3), "did you mean 'games'?"),  # type: ignore[call-arg]
        (lambda: hand_svg(parse_hand(HAND), player=4), "did you mean 'players'?"),  # type: ignore[call-arg]
        (lambda: score_svg(score_hand(HAND), withfans=True), None),  # type: ignore[call-arg]
        (lambda: tiles_svg([], titel="x"), "did you mean 'title'?"),  # type: ignore[call-arg]
        (lambda: score_html(score_hand(HAND), fans=1), None),  # type: ignore[call-arg]
        (lambda: replay_html([], sea=1), "did you mean 'seat'?"),  # type: ignore[call-arg]
        (lambda: simulation_svg(None, x=1), None),  # type: ignore[arg-type, call-arg]
        (lambda: audit_svg(None, x=1), None),  # type: ignore[arg-type, call-arg]
        (lambda: plot_simulation(None, "x.svg", x=1), None),  # type: ignore[arg-type, call-arg]
        (lambda: plot_audit(None, "x.svg", x=1), None),  # type: ignore[arg-type, call-arg]
    ],
)
@pytest.mark.parametrize("pure", [False, True])
def test_a_misspelt_keyword_names_the_closest(call: Any, hint: str | None, pure: bool) -> None:
    with _engine.python_engine() if pure else _Nothing(), pytest.raises(ArgumentError) as caught:
        call()
    e = caught.value
    assert isinstance(e, MahjongError) and isinstance(e, TypeError)
    assert e.code == "unknown-keyword"
    if hint is not None:
        assert e.hint == hint


class _Nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def test_a_type_error_from_the_body_is_not_taken_for_a_keyword() -> None:
    @keywords_checked
    def broken(*, size: int = 1) -> int:
        return size + "x"  # type: ignore[operator]

    with pytest.raises(TypeError) as caught:
        broken(size=2)
    assert not isinstance(caught.value, ArgumentError)
    with pytest.raises(ArgumentError, match="did you mean 'size'"):
        broken(sise=2)  # type: ignore[call-arg]


def test_the_wrapper_keeps_the_signature_and_the_name() -> None:
    assert inspect.signature(simulate).parameters["games"].default == 100
    assert simulate.__name__ == "simulate" and simulate.__doc__
    assert inspect.unwrap(score_hand).__name__ == "score_hand"
