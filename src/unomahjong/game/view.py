"""What one seat may see: :func:`observe` hides other hands and the wall."""

from __future__ import annotations

from typing import Never

import attrs

from .._checks import checked_init, quote, unknown_keywords
from ..errors import MahjongError
from ..model.hand import Meld
from ..model.tiles import Tile
from .actions import STATE_FAULTS, IllegalActionError, corrupt_state, refuse_state, whole_number
from .legality import awaiting
from .state import HandState, Outcome, Phase


@attrs.frozen(slots=True)
class OtherSeat:
    """Another player as the table shows them."""

    concealed_count: int
    melds: tuple[Meld, ...]
    """Exposed melds; a concealed kong shows as a kong whose tile is hidden
    (``None`` in ``hidden_kongs``) until the round ends."""
    hidden_kongs: int
    discards: tuple[Tile, ...]
    uno: bool


@checked_init
@attrs.frozen(slots=True)
class Observation:
    """The round from one seat's chair."""

    seat: int
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    discards: tuple[Tile, ...]
    uno: bool
    drawn: Tile | None
    others: tuple[OtherSeat | None, ...]
    """Indexed by seat; None at this seat's own index."""
    phase: Phase
    current: int
    direction: int
    dealer: int
    wall_left: int
    offered: Tile | None
    awaiting: tuple[int, ...]
    window: bool
    result: Outcome | None


def observe(state: HandState, seat: int, **unknown: Never) -> Observation:
    """The observation of ``seat``: its own hand, the table, nothing hidden of
    others (their concealed tiles, concealed kongs' tiles while playing, the
    wall, their unanswered claims). Raises :class:`IllegalActionError`
    (``bad-seat``) for a seat the round does not have."""
    if unknown:
        raise unknown_keywords(observe, unknown)
    if not isinstance(state, HandState):
        raise refuse_state("observe", state)
    seat = whole_number(seat, "seat")
    try:
        return _observe(state, seat)
    except MahjongError:
        raise
    except STATE_FAULTS as fault:
        raise corrupt_state("observe", fault) from fault


def _observe(state: HandState, seat: int) -> Observation:
    if not 0 <= seat < len(state.seats):
        raise IllegalActionError(
            "bad-seat", f"seat {quote(seat)} is not a seat of this {len(state.seats)}-player round"
        )
    me = state.seats[seat]
    ended = state.phase is Phase.ENDED
    others: list[OtherSeat | None] = []
    for i, s in enumerate(state.seats):
        if i == seat:
            others.append(None)
            continue
        shown = tuple(m for m in s.melds if m.exposed or ended)
        others.append(
            OtherSeat(
                concealed_count=len(s.concealed),
                melds=shown,
                hidden_kongs=len(s.melds) - len(shown),
                discards=s.discards,
                uno=s.uno,
            )
        )
    return Observation(
        seat=seat,
        concealed=me.concealed,
        melds=me.melds,
        discards=me.discards,
        uno=me.uno,
        drawn=state.drawn if state.phase is Phase.TURN and state.current == seat else None,
        others=tuple(others),
        phase=state.phase,
        current=state.current,
        direction=state.direction,
        dealer=state.dealer,
        wall_left=state.wall_left,
        offered=state.offered,
        awaiting=awaiting(state),
        window=state.window,
        result=state.result,
    )
