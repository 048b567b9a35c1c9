"""The game's value types and the checks of their inputs (docs/rules.md#play).

Every type here is frozen: :func:`~unomahjong.game.apply` builds the next
:class:`RoundState` and never changes one. The engine builds a state or two
per action, so this module also has keyword-only constructors that set the
slots directly (:func:`advance`, :func:`replace_round`, :func:`make_seat`).
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from .. import _memo
from .._checks import Lookup, unknown_member
from ..hand import Meld
from ..rules import RuleSet
from ..scoring import Score
from ..tiles import Tile, TileSet
from ._fast import Tables, tables
from .actions import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    ActionKind,
    Event,
    IllegalActionError,
)

_K = TypeVar("_K")
_V = TypeVar("_V")

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Action",
    "ActionKind",
    "Event",
    "IllegalActionError",
    "Outcome",
    "Phase",
    "RoundState",
    "SeatState",
    "Win",
]
"""The public names (the game package exports them); the rest of the module
is the engine's own: the constructors and the round's memo."""


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
    _floor: int | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """Private: a lower bound of the concealed tiles' shanten (None: unknown)."""
    _counts: bytearray | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """Private: the concealed tiles counted by code (None: not yet counted).
    Never modified once set. A bytearray: compact, and not tracked by the
    garbage collector, which a game creates enough objects to keep busy."""


@attrs.frozen(slots=True)
class Win:
    """A winner, how the hand scored and who pays base + fans (None: everyone)."""

    seat: int
    score: Score
    from_seat: int | None


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


class RoundMemo:
    """What a round remembers about hands it has weighed; shared by all the
    states of one round (made with its first state), never by two rounds, so
    that rounds played in different threads share nothing that changes."""

    __slots__ = ("complete", "shanten", "tables")

    @staticmethod
    def store(table: dict[_K, _V], key: _K, value: _V) -> _V:
        """Remember ``value`` under ``key`` in one of the memo's tables, which
        starts afresh when it holds the library's memo limit of entries
        (``scoring.memo_limit()``): a search that plays many branches of one
        round keeps a bounded memo."""
        if len(table) >= _memo.limit:
            table.clear()
        table[key] = value
        return value

    def __init__(self, tileset: object) -> None:
        self.shanten: dict[tuple[bytes, int], int] = {}
        """Shanten by (concealed counts as bytes, melds): the engine and the
        greedy bot ask about the same hands (a seat's hand after its discard
        and in the next claim window, the hand both the UNO test and the bot
        weigh)."""
        self.complete: dict[tuple[tuple[Tile, ...], int, Tile], bool] = {}
        """Whether concealed tiles plus a tile complete a hand with so many
        melds: a locked (UNO) hand is asked the same question turn after turn."""
        # A state built by hand is not validated (its rules may be anything):
        # its memo then has no tables, and the engine will not play it.
        self.tables: Tables = tables(tileset) if isinstance(tileset, TileSet) else None  # type: ignore[assignment]
        """The tables of the round's tile set."""


@attrs.frozen(slots=True)
class RoundState:
    """The whole round; frozen, so any state may be kept, compared or replayed."""

    rules: RuleSet
    dealer: int
    wall: tuple[Tile, ...]
    front: int
    """Index of the next draw; replacement tiles come from ``back`` downwards."""
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
    _memo: RoundMemo = attrs.field(
        default=attrs.Factory(
            lambda self: RoundMemo(getattr(self.rules, "tileset", None)), takes_self=True
        ),
        init=False,
        eq=False,
        repr=False,
    )
    """Private: the round's memo (a state built directly gets a fresh one)."""
    _legal: tuple[int, tuple[Action, ...]] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )
    """Private: the last answer of ``legal_actions`` for this state (seat,
    actions): a caller asks, then applies. One tuple, set by one assignment,
    on the state itself, so no thread reads the actions of another state."""

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def wall_left(self) -> int:
        """Tiles still in the wall."""
        return self.back - self.front + 1


# ------------------------------------------------------------------ construction
#
# attrs' __init__ for a frozen class sets every field through
# ``object.__setattr__``; these constructors set the slots through their
# descriptors, bound once, about twice as fast. Every field is a keyword.
# A state is derived from the one before it: :func:`advance` takes the
# fields a move sets and copies the rest (CPython calls a function of 16
# arguments or more by a path several times slower, so no constructor here
# takes them all); :func:`replace_round` changes a few.

_SLOTS = {f.name: RoundState.__dict__[f.name].__set__ for f in attrs.fields(RoundState)}
"""The slot setter of every field of :class:`RoundState`, by attribute name."""
_SETTERS = {name.lstrip("_"): setter for name, setter in _SLOTS.items()}
"""The same setters by keyword (``memo``, ``legal`` for the private fields)."""
_fields_of = operator.attrgetter(*_SLOTS)
"""Every field of a state, in declaration order."""


def _make_advance() -> Callable[..., RoundState]:
    (
        s_rules,
        s_dealer,
        s_wall,
        s_front,
        s_back,
        s_seats,
        s_phase,
        s_current,
        s_direction,
        s_drawn,
        s_replacement,
        s_last,
        s_claimed,
        s_offered,
        s_pending,
        s_answers,
        s_window,
        s_result,
        s_memo,
        s_legal,
    ) = _SLOTS.values()
    new = object.__new__

    def advance(
        prev: RoundState,
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
    ) -> RoundState:
        o: RoundState = new(RoundState)
        s_rules(o, prev.rules)
        s_dealer(o, prev.dealer)
        s_wall(o, prev.wall)
        s_front(o, front)
        s_back(o, back)
        s_seats(o, seats)
        s_phase(o, phase)
        s_current(o, current)
        s_direction(o, direction)
        s_drawn(o, drawn)
        s_replacement(o, replacement)
        s_last(o, last)
        s_claimed(o, claimed)
        s_offered(o, offered)
        s_pending(o, pending)
        s_answers(o, answers)
        s_window(o, prev.window)
        s_result(o, prev.result)
        s_memo(o, prev._memo)
        s_legal(o, None)
        return o

    return advance


advance: Callable[..., RoundState] = _make_advance()
"""The next state of the round of ``prev``: its rules, dealer, wall,
first-turn window, result and memo, with every other field by keyword
(the new state's ``legal_actions`` answer is unknown)."""


def replace_round(state: RoundState, **changes: Any) -> RoundState:
    """``attrs.evolve(state, **changes)`` keeping the round's memo (not the
    ``legal_actions`` answer), through the slots."""
    o: RoundState = object.__new__(RoundState)
    for setter, value in zip(_SLOTS.values(), _fields_of(state), strict=True):
        setter(o, value)
    _SETTERS["legal"](o, None)
    for name, value in changes.items():
        _SETTERS[name](o, value)
    return o


def _make_seat() -> Callable[..., SeatState]:
    (
        s_concealed,
        s_melds,
        s_discards,
        s_uno,
        s_uno_first,
        s_draws,
        s_discarded,
        s_floor,
        s_counts,
    ) = (SeatState.__dict__[f.name].__set__ for f in attrs.fields(SeatState))
    new = object.__new__

    def make_seat(
        *,
        concealed: tuple[Tile, ...],
        melds: tuple[Meld, ...],
        discards: tuple[Tile, ...],
        uno: bool,
        uno_first: bool,
        draws: int,
        discarded: int,
        floor: int | None = None,
        counts: bytearray | None = None,
    ) -> SeatState:
        o: SeatState = new(SeatState)
        s_concealed(o, concealed)
        s_melds(o, melds)
        s_discards(o, discards)
        s_uno(o, uno)
        s_uno_first(o, uno_first)
        s_draws(o, draws)
        s_discarded(o, discarded)
        s_floor(o, floor)
        s_counts(o, counts)
        return o

    return make_seat


make_seat: Callable[..., SeatState] = _make_seat()
"""``SeatState(...)`` with every field by keyword, and the caches ``floor``
(a lower bound of the shanten) and ``counts`` (the concealed tiles by code)."""


def replace_seat(s: SeatState, **changes: Any) -> SeatState:
    """``attrs.evolve(s, **changes)`` with its caches dropped (a seat whose
    tiles change must not keep them), through :func:`make_seat`."""
    fields = {
        "concealed": s.concealed,
        "melds": s.melds,
        "discards": s.discards,
        "uno": s.uno,
        "uno_first": s.uno_first,
        "draws": s.draws,
        "discarded": s.discarded,
    }
    fields.update(changes)
    return make_seat(**fields)


def replace_at(seats: tuple[SeatState, ...], i: int, s: SeatState) -> tuple[SeatState, ...]:
    """``seats`` with seat ``i`` replaced by ``s``."""
    return (*seats[:i], s, *seats[i + 1 :])
