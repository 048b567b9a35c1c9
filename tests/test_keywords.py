"""A misspelt keyword gets the library's typed error, with the closest keyword.

Every public callable refuses a keyword it does not take with
:class:`ArgumentError` (code ``unknown-keyword``, a ``MahjongError`` and a
``TypeError``) and a did-you-mean, in both engines. Two mechanisms: most
functions and the value types' constructors are wrapped by
``_checks.keywords_checked`` (one more call, paid only where a call is
rare next to its work); the functions called per hand or per step end with
``**unknown: Never`` and check it in their body (an empty ``**`` costs far
less than a second call, and type checkers still refuse any keyword there).
The sweep below calls every public callable with a misspelt keyword.
"""

from __future__ import annotations

import enum
import inspect
from typing import Any, Never

import pytest
from test_arguments import VALID

from unomahjong import (
    ArgumentError,
    MahjongError,
    Meld,
    WinContext,
    _engine,
    parse_hand,
    parse_tile,
    score,
    score_hand,
    shanten,
)
from unomahjong._checks import keywords_checked
from unomahjong.game import GreedyBot
from unomahjong.render import hand_svg, score_html, score_svg, tiles_svg
from unomahjong.render.plots import audit_svg, plot_audit, plot_simulation, simulation_svg
from unomahjong.render.viewer import replay_html
from unomahjong.research.simulation import simulate

HAND = "[SSSg] 123r 456r 789r 5g +5g"


def _typo(function: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str | None:
    """A keyword one letter short of the function's last one (or a made-up
    one), or None for a function that takes any keyword."""
    parameters = inspect.signature(function).parameters.values()
    if any(p.kind is p.VAR_KEYWORD and p.annotation not in ("Never", Never) for p in parameters):
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
        # An operator's method (``table["X"]``, ``tile in tiles``) is never
        # called with keywords, and an enum's call is a lookup by value (its
        # signature, which differs between Python versions, is the
        # functional API that creates enums).
        if typo is None or name.endswith("__") or isinstance(function, enum.EnumMeta):
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


def test_every_public_callable_refuses_a_misspelt_keyword() -> None:
    checked, raw, open_ = _sweep()
    assert raw == set()
    # Only the enums (looked up by value), the operators' methods and the
    # two with_options (any option name, checked by them) take no misspelling.
    enums = ("Gate", "Role", "Shape", "JudgeStage")
    assert all(n.endswith(("Kind", "Phase", "__", "with_options")) or n in enums for n in open_)
    assert len(checked) >= 130


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
        # per hand and per step: ``**unknown: Never``
        (lambda: shanten(parse_hand(HAND[:-4]), rule="mcr"), "did you mean 'rules'?"),  # type: ignore[arg-type]
        (lambda: parse_hand(HAND, rule="mcr"), "did you mean 'rules'?"),  # type: ignore[arg-type]
        (lambda: WinContext(selfdrawn=True), "did you mean 'self_drawn'?"),  # type: ignore[call-arg]
        (lambda: Meld.pung(parse_tile("5g"), exposd=False), "did you mean 'exposed'?"),  # type: ignore[arg-type]
        (lambda: GreedyBot(seed=1), "it takes no keyword"),  # type: ignore[arg-type]
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
