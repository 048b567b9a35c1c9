"""Values the constructors did not build: forged pickle bytes, fields
changed with ``object.__setattr__``, instances made by ``__new__``.

The compiled core reads such a value only after checking every slot, type,
code and count it uses: it never crashes, and hands the call to the Python
engine, which refuses the value with the same typed error in both engines.
Unpickling validates a hand, meld or context as its constructor does,
whatever format the bytes are in.
"""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from unomahjong import WinContext, _engine, parse_hand, score
from unomahjong.errors import ContextError, HandError, MahjongError
from unomahjong.game import (
    ActionKind,
    GreedyBot,
    Phase,
    apply,
    awaiting,
    legal_actions,
    observe,
    start_hand,
)
from unomahjong.game.state import HandState, replace_hand, replace_seat
from unomahjong.model.hand import Hand, Meld
from unomahjong.model.tiles import UNO_TILES, Tile

HAND = parse_hand("[SSSg] 123r 456r 789r 5g +5g")


class Forged:
    """Pickles as ``cls`` restored from ``state`` in attrs' own format
    (``object.__new__`` then ``__setstate__``), as bytes from a cache or a
    queue may be."""

    def __init__(self, cls: type, state: dict[str, Any]) -> None:
        self.cls, self.state = cls, state

    def __reduce__(self) -> tuple[Any, ...]:
        return (object.__new__, (self.cls,), self.state)


def _fields(value: Any) -> dict[str, Any]:
    return {name: getattr(value, name) for name in attrs.fields_dict(type(value))}


def _both_engines(call: Any) -> list[tuple[str, str]]:
    """What ``call()`` raises with the compiled core (if built) and with the
    Python engine: the error's class and code."""
    out = []
    for pure in (False, True):
        try:
            if pure:
                with _engine.python_engine():
                    call()
            else:
                call()
        except MahjongError as e:
            out.append((type(e).__name__, e.code))
        else:
            out.append(("no error", ""))
    return out


# ------------------------------------------------------------------ pickling


@pytest.mark.parametrize("protocol", range(2, pickle.HIGHEST_PROTOCOL + 1))
def test_values_round_trip_through_the_constructors(protocol: int) -> None:
    ctx = WinContext(self_drawn=True, seat_wind="S", flowers=2)
    for value in (HAND, HAND.melds[0], ctx, UNO_TILES.tiles[3]):
        back = pickle.loads(pickle.dumps(value, protocol))
        assert back == value and type(back) is type(value)
        assert copy.copy(value) == value and copy.deepcopy(value) == value
    assert pickle.loads(pickle.dumps(HAND, protocol)).counts == HAND.counts


def test_forged_bytes_are_validated_as_the_constructor_validates() -> None:
    many = dict(_fields(HAND), concealed=HAND.concealed * 2)
    with pytest.raises(HandError) as e:
        pickle.loads(pickle.dumps(Forged(Hand, many)))
    assert e.value.code == "tile-count"
    # the derived counts are computed again, never taken from the bytes
    lying = dict(_fields(HAND), counts=(4,) * UNO_TILES.size)
    assert pickle.loads(pickle.dumps(Forged(Hand, lying))).counts == HAND.counts
    with pytest.raises(HandError):
        pickle.loads(pickle.dumps(Forged(Meld, dict(_fields(HAND.melds[0]), kind="pung"))))
    with pytest.raises(ContextError):
        pickle.loads(pickle.dumps(Forged(WinContext, dict(_fields(WinContext()), flowers=99))))


# ------------------------------------------------------------------ corrupt hands


def _corrupt(**changes: Any) -> Hand:
    h = copy.copy(HAND)
    for name, value in changes.items():
        object.__setattr__(h, name, value)
    return h


def _many_kinds() -> Hand:
    # 15 kinds held, as the counts say: the core's heavenly-hand candidates
    # were a fixed array of 14.
    counts = [0] * UNO_TILES.size
    for t in UNO_TILES.tiles[:15]:
        counts[t.code] = 1
    return _corrupt(counts=tuple(counts), melds=())


def _forged(tile: Tile, **changes: Any) -> Tile:
    """A copy of ``tile`` made by ``object.__new__``, not the interned tile."""
    forged = object.__new__(Tile)
    for name in attrs.fields_dict(Tile):
        object.__setattr__(forged, name, changes.get(name, getattr(tile, name)))
    return forged


def _forged_meld() -> Hand:
    meld = copy.copy(HAND.melds[0])
    object.__setattr__(meld, "tile", _forged(meld.tile))
    return _corrupt(melds=(meld,))


CORRUPT: dict[str, Callable[[], Hand]] = {
    "a forged concealed tile": lambda: _corrupt(
        concealed=(_forged(HAND.concealed[0]), *HAND.concealed[1:])
    ),
    "a forged concealed tile with a code out of range": lambda: _corrupt(
        concealed=(_forged(HAND.concealed[0], code=999), *HAND.concealed[1:])
    ),
    "a forged concealed tile with a text code": lambda: _corrupt(
        concealed=(_forged(HAND.concealed[0], code="x"), *HAND.concealed[1:])
    ),
    "a forged winning tile": lambda: _corrupt(win=_forged(HAND.concealed[-1])),
    "a forged winning tile of another code": lambda: _corrupt(
        win=_forged(HAND.concealed[-1], code=HAND.concealed[0].code)
    ),
    "a forged meld tile": _forged_meld,
    "concealed tiles that disagree with the counts": lambda: _corrupt(
        concealed=(HAND.concealed[1], *HAND.concealed[1:])
    ),
    "more than 14 kinds": _many_kinds,
    "counts that are not ints": lambda: _corrupt(counts=tuple(float(n) for n in HAND.counts)),
    "counts of the wrong length": lambda: _corrupt(counts=HAND.counts[:-1]),
    "too many melds": lambda: _corrupt(melds=HAND.melds * 5),
    "a meld that is not a Meld": lambda: _corrupt(melds=("SSSg",)),
    "a winning tile that is not a Tile": lambda: _corrupt(win="5g"),
    "a Tile with no code": lambda: _corrupt(win=Tile.__new__(Tile)),
    "no fields at all": lambda: Hand.__new__(Hand),
}


@pytest.mark.parametrize("case", sorted(CORRUPT))
@pytest.mark.parametrize("heavenly", [False, True])
def test_a_corrupt_hand_is_refused_alike_by_both_engines(case: str, heavenly: bool) -> None:
    hand = CORRUPT[case]()
    ctx = WinContext(heavenly_hand=heavenly, self_drawn=heavenly)
    got = _both_engines(lambda: score(hand, ctx, "uno"))
    assert got == [("HandError", "corrupt-hand")] * 2


def test_a_corrupt_context_is_refused_alike_by_both_engines() -> None:
    mcr = parse_hand("123m 456m 789m 123p 5s +5s", "mcr")
    for changes in ({"self_drawn": "yes"}, {"flowers": -1}, {"seat_wind": None}, {"flowers": 2.0}):
        ctx = copy.copy(WinContext())
        for name, value in changes.items():
            object.__setattr__(ctx, name, value)
        for hand, rules in ((HAND, "uno"), (mcr, "mcr")):
            got = _both_engines(lambda: score(hand, ctx, rules))  # noqa: B023
            assert got == [("ContextError", "corrupt-context")] * 2, (changes, rules)
    empty = WinContext.__new__(WinContext)
    got = _both_engines(lambda: score(HAND, empty, "uno"))
    assert got == [("ContextError", "corrupt-context")] * 2


# ------------------------------------------------------------------ game states


def _odd_states() -> list[HandState]:
    state, _ = start_hand("uno", seed=4)
    seat = state.current
    s = state.seats[seat]
    no_code = Tile.__new__(Tile)

    def with_seat(**changes: Any) -> HandState:
        seats = list(state.seats)
        seats[seat] = replace_seat(s, **changes)
        return replace_hand(state, seats=tuple(seats))

    unset_seat = copy.copy(s)
    object.__setattr__(unset_seat, "concealed", None)
    return [
        replace_hand(state, drawn=no_code),
        with_seat(concealed=(*s.concealed[:-1], no_code)),
        with_seat(concealed=(*s.concealed[:-1], "5r")),
        with_seat(melds=("[123r]",)),
        with_seat(uno=None),
        replace_hand(state, rules=None),
        replace_hand(state, seats=(*state.seats[:-1], "seat")),
        replace_hand(
            state, seats=tuple(unset_seat if i == seat else x for i, x in enumerate(state.seats))
        ),
        replace_hand(state, wall=()),
        HandState.__new__(HandState),
    ]


def _played(state: HandState) -> tuple[str, Any]:
    """What legal_actions then apply (of the last action) give for the
    current seat: the actions' text, or the typed error's code."""
    try:
        seat = state.current
        actions = legal_actions(state, seat)
        if actions:
            apply(state, seat, actions[-1])
        return "value", [str(a) for a in actions]
    except MahjongError as e:
        return "error", e.code
    except AttributeError as e:  # state.current itself is unset: no seat to ask
        if "current" not in str(e):
            raise
        return "no seat", None


@pytest.mark.parametrize("case", range(len(_odd_states())))
def test_a_state_the_engine_never_makes_gets_a_typed_error_alike_in_both_engines(
    case: int,
) -> None:
    compiled = _played(_odd_states()[case])
    with _engine.python_engine():
        pure = _played(_odd_states()[case])
    assert compiled == pure


def _claim_state() -> HandState:
    """A state of the CLAIM phase: a discard offered to the other seats."""
    state, _ = start_hand("mcr", seed=2)
    bot = GreedyBot()
    while state.phase is not Phase.CLAIM:
        assert state.phase is not Phase.ENDED, "the seed's hand has a claim window"
        seat = awaiting(state)[0]
        state, _ = apply(state, seat, bot.choose(state, seat))
    return state


def test_a_claim_state_with_no_offered_tile_is_corrupt_in_both_engines() -> None:
    state = replace_hand(_claim_state(), offered=None)
    seat = awaiting(state)[0]
    assert (
        _both_engines(lambda: legal_actions(state, seat))
        == [("IllegalActionError", "corrupt-state")] * 2
    )


def test_a_state_changed_in_place_after_legal_actions_is_refused_by_apply() -> None:
    def changed_then_applied() -> None:
        state = _claim_state()
        seat = awaiting(state)[0]
        claims = [a for a in legal_actions(state, seat) if a.kind is not ActionKind.PASS]
        object.__setattr__(state, "offered", None)  # the answer above is now stale
        apply(state, seat, (claims or list(legal_actions(state, seat)))[0])

    assert _both_engines(changed_then_applied) == [("IllegalActionError", "corrupt-state")] * 2


def test_legality_does_not_rest_on_assert() -> None:
    """Under ``python -O`` (no asserts) a state changed in place is refused
    just the same."""
    program = textwrap.dedent(
        """
        from unomahjong.game import apply, awaiting, legal_actions
        from unomahjong.errors import MahjongError
        import tests.test_corrupt_values as t
        state = t._claim_state()
        seat = awaiting(state)[0]
        action = legal_actions(state, seat)[0]
        object.__setattr__(state, "offered", None)
        try:
            apply(state, seat, action)
        except MahjongError as e:
            print(e.code)
        """
    )
    root = Path(__file__).parent.parent
    out = subprocess.run(
        [sys.executable, "-O", "-c", program], capture_output=True, text=True, cwd=root, check=True
    )
    assert out.stdout.split() == ["corrupt-state"], out.stderr


@pytest.mark.parametrize(
    "changes",
    [{"current": "0"}, {"current": 9}, {"pending": ("a", "b")}, {"seats": ("seat",) * 4}],
    ids=["current-text", "current-out-of-range", "pending-text", "seats-text"],
)
def test_awaiting_and_observe_refuse_corrupt_fields(changes: dict[str, Any]) -> None:
    state = _claim_state() if "pending" in changes else start_hand("mcr", seed=2)[0]
    corrupt = replace_hand(state, **changes)
    if "seats" not in changes:
        assert (
            _both_engines(lambda: awaiting(corrupt))
            == [("IllegalActionError", "corrupt-state")] * 2
        )
    assert (
        _both_engines(lambda: observe(corrupt, 0)) == [("IllegalActionError", "corrupt-state")] * 2
    )


def test_observe_still_names_a_bad_seat() -> None:
    state, _ = start_hand("mcr", seed=2)
    assert _both_engines(lambda: observe(state, 7)) == [("IllegalActionError", "bad-seat")] * 2


def test_a_tile_set_owns_only_its_interned_tiles() -> None:
    five = UNO_TILES["5g"]
    assert UNO_TILES.owns(five)
    assert not UNO_TILES.owns(_forged(five))
    assert not UNO_TILES.owns(parse_hand("123m 456m 789m 123p 5s +5s", "mcr").win)
    assert not UNO_TILES.owns("5g")
