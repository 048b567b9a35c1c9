"""The game's value types and the checks of their inputs (docs/rules.md#play).

Every type here is frozen: :func:`~unomahjong.game.apply` builds the next
:class:`HandState` with its attrs constructor and never changes one; the
helpers at the end (:func:`advance`, :func:`replace_hand`,
:func:`replace_seat`) only say which fields a move sets.
"""

from __future__ import annotations

import enum
import operator
from typing import Any

import attrs

from .._checks import Lookup, checked_init, unknown_member
from ..model.flowers import Flower
from ..model.hand import Meld
from ..model.tiles import Tile
from ..rules.rule_sets import GameFlow, RuleSet
from ..scoring.scorer import Score
from .actions import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    ActionKind,
    Event,
    IllegalActionError,
)

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Action",
    "ActionKind",
    "Event",
    "HandState",
    "IllegalActionError",
    "Outcome",
    "Phase",
    "SeatState",
    "Win",
]
"""The public names (the game package exports them); the rest of the module
is the engine's own: the helpers that build the next state."""


class Phase(enum.Enum, metaclass=Lookup):
    """What the round is waiting for."""

    TURN = "turn"
    """The current seat, holding 14 tiles (kongs as 3), wins, kongs or discards."""
    CLAIM = "claim"
    """Seats answer a discard: win, kong, pung, chow or pass."""
    ROB = "rob"
    """Seats may rob a kong (win on the tile added to an exposed pung) or pass."""
    ENDED = "ended"

    @classmethod
    def _missing_(cls, value: object) -> Phase:
        raise unknown_member(cls, value, IllegalActionError, "unknown-phase")


@checked_init
@attrs.frozen(slots=True)
class SeatState:
    """One player's hand and history in this round."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    discards: tuple[Tile, ...] = ()
    """Discards still on the table (claimed ones move into the claimer's meld)."""
    uno: bool = False
    """Declared UNO: the hand is locked."""
    uno_first: bool = False
    """Declared UNO with the first discard, in the first-turn window (天之UNO)."""
    draws: int = 0
    discarded: int = 0
    flowers: tuple[Flower, ...] = ()
    """Flowers set aside (MCR): public, each worth a point in a win."""


@checked_init
@attrs.frozen(slots=True)
class Win:
    """A winner, how the hand scored and who pays base + fans (None: everyone)."""

    seat: int
    score: Score
    from_seat: int | None


@checked_init
@attrs.frozen(slots=True)
class Outcome:
    """The end of a round: winners in turn order from the discarder, or an
    exhaustive draw; ``payments[i]`` is seat i's gain (negative: it paid)."""

    wins: tuple[Win, ...]
    payments: tuple[int, ...]

    @property
    def exhaustive(self) -> bool:
        """True for a drawn hand (荒牌): no winner, no payment."""
        return not self.wins


@checked_init
@attrs.frozen(slots=True)
class HandState:
    """The whole round; frozen, so any state may be kept, compared or replayed."""

    rules: RuleSet
    dealer: int
    wall: tuple[Tile | Flower, ...]
    """The whole wall, flowers included (MCR's standard game)."""
    front: int
    """Index of the next draw; replacement tiles come from ``back`` downwards
    (one wall; under seat walls both stay at the wall's ends, and ``walls``
    says what is left)."""
    back: int
    seats: tuple[SeatState, ...]
    phase: Phase
    current: int
    """The seat in TURN, or the seat whose tile is offered in CLAIM/ROB."""
    direction: int = 1
    drawn: Tile | None = None
    """The tile the current seat just drew (None after a claim)."""
    replacement: bool = False
    """The drawn tile came from the back after a kong."""
    last: bool = False
    """TURN: the drawn tile emptied the wall. CLAIM: this is the hand's last discard."""
    claimed: bool = False
    """TURN after a chow or pung: discard only."""
    offered: Tile | None = None
    """The discard (CLAIM) or the tile added to a pung (ROB)."""
    pending: tuple[int, ...] = ()
    """Seats whose answer is still awaited."""
    answers: tuple[tuple[int, Action], ...] = ()
    window: bool = True
    """The first-turn window: open until the first claim or declared kong."""
    result: Outcome | None = None
    walls: tuple[int, ...] = ()
    """With seat walls (``GameFlow.seat_walls``): the tiles left in each
    seat's wall, seat *s* holding ``wall[n*s : n*s + walls[s]]`` (``n``
    tiles a seat) and drawing its last one next; empty otherwise."""
    prevalent_wind: str = "E"
    """The prevalent wind (E, S, W or N) where the flow counts winds."""

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def wall_left(self) -> int:
        """Tiles still in the wall (in all the seat walls together)."""
        return sum(self.walls) if self.walls else self.back - self.front + 1


# ------------------------------------------------------------------ the next state


def flow_of(state: HandState) -> GameFlow:
    """The game flow of the round's rules (``start_hand`` refuses rules
    without one)."""
    flow = state.rules.flow
    assert flow is not None, "a round is played under rules with a game flow"
    return flow


def advance(
    prev: HandState,
    *,
    front: int,
    back: int,
    seats: tuple[SeatState, ...],
    phase: Phase,
    current: int,
    direction: int,
    drawn: Tile | None,
    replacement: bool,
    last: bool,
    claimed: bool,
    offered: Tile | None,
    pending: tuple[int, ...],
    answers: tuple[tuple[int, Action], ...],
    walls: tuple[int, ...] | None = None,
) -> HandState:
    """The next state of the round of ``prev``: its rules, dealer, wall,
    first-turn window, result, seat walls (unless ``walls`` gives them)
    and prevalent wind, with every other field by keyword."""
    return HandState(
        prev.rules,
        prev.dealer,
        prev.wall,
        front,
        back,
        seats,
        phase,
        current,
        direction,
        drawn,
        replacement,
        last,
        claimed,
        offered,
        pending,
        answers,
        prev.window,
        prev.result,
        prev.walls if walls is None else walls,
        prev.prevalent_wind,
    )


_ROUND_INDEX = {name: i for i, name in enumerate(attrs.fields_dict(HandState))}
_round_values = operator.attrgetter(*_ROUND_INDEX)
_SEAT_INDEX = {name: i for i, name in enumerate(attrs.fields_dict(SeatState))}
_seat_values = operator.attrgetter(*_SEAT_INDEX)


def _replaced(values: tuple[Any, ...], index: dict[str, int], changes: dict[str, Any]) -> list[Any]:
    """``values`` (a state's fields in order) with the ``changes`` by name."""
    out = list(values)
    for name, value in changes.items():
        i = index.get(name)
        if i is None:
            raise TypeError(f"no field {name!r} to replace")
        out[i] = value
    return out


def replace_hand(state: HandState, **changes: Any) -> HandState:
    """``state`` with the fields ``changes`` names set anew (as
    ``attrs.evolve``, which looks the class's fields up on every call)."""
    return HandState(*_replaced(_round_values(state), _ROUND_INDEX, changes))


def replace_seat(s: SeatState, **changes: Any) -> SeatState:
    """``s`` with the fields ``changes`` names set anew (as ``attrs.evolve``)."""
    return SeatState(*_replaced(_seat_values(s), _SEAT_INDEX, changes))


def replace_at(seats: tuple[SeatState, ...], i: int, s: SeatState) -> tuple[SeatState, ...]:
    """``seats`` with seat ``i`` replaced by ``s``."""
    return (*seats[:i], s, *seats[i + 1 :])
