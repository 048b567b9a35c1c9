"""The values of a judge hand: :class:`JudgeHand` (the game between judge
turns, with the requests each seat is given), its :class:`JudgeStage` and
the :class:`JudgeResponse` a seat may give; :mod:`.protocol` plays the turns.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from .._checks import (
    Lookup,
    checked_init,
    unknown_member,
)
from ..errors import MahjongError
from ..game import Event, HandState
from ..model.context import WINDS
from ..model.tiles import Tile
from .tiles import botzone_tile

SEATS: Final = 4


@checked_init
@attrs.frozen(slots=True)
class JudgeResponse:
    """A response a seat may give now: its ``text`` (``"PLAY W1"``), and
    for ``HU`` the fan count the judge would score (flowers included)."""

    text: str
    fans: int | None = None


class JudgeStage(enum.Enum, metaclass=Lookup):
    """Where a judge hand stands between judge turns: what the judge's last
    requests asked for."""

    INIT = "init"
    """Not dealt yet: the first turn sends the deal."""
    DEAL = "deal"
    """The deal was announced."""
    DRAW = "draw"
    """A seat drew a tile and must play."""
    DISCARD = "discard"
    """A discard (or a chow or pung and its discard) was announced: the
    others may claim it."""
    KONG = "kong"
    """A kong was announced."""
    FINISH = "finish"
    """The judge gave the scores."""

    @classmethod
    def _missing_(cls, value: object) -> JudgeStage:
        raise unknown_member(cls, value, MahjongError, "unknown-stage")


@checked_init
@attrs.frozen(slots=True)
class JudgeHand:
    """A hand between judge turns: the engine's hand, the judge's stage
    and the requests each seat was sent this turn, or, once finished, the
    scores and how the game ended."""

    state: HandState
    """The engine's round (it may be ahead of the judge: see ``queued``)."""
    stage: JudgeStage = attrs.field(converter=JudgeStage)
    """Where the hand stands: what this turn's requests asked for (its
    value's name, ``"deal"``, is taken too)."""
    requests: tuple[str, ...]
    """The request each seat was sent this turn (empty once finished)."""
    srand: int | None
    """The judge's seed, when the wall was dealt from one."""
    queued: tuple[Event, ...] = ()
    """Events the engine has made that later judge turns announce."""
    scores: tuple[int, ...] | None = None
    """Each seat's score once finished."""
    ending: str = ""
    """How the game ended: ``HU``, ``HUANG``, ``WA`` (an illegal response),
    ``WH`` (a false win) or a bot's verdict (``TLE``, ``RE``, ...)."""
    offender: int | None = None
    """The penalised seat, for a penalty."""
    fans: int | None = None
    """The winner's fan count, for ``HU``; for ``WH`` the false win's, as
    the judge's calculator counts it (-3: no win at all)."""
    fan_list: tuple[tuple[str, int, int], ...] = ()
    """The fans of the win (``HU``) or the false win (``WH``) as the judge's
    display lists them: each fan's Chinese name, count and value."""

    @property
    def finished(self) -> bool:
        """True once the judge has given the scores."""
        return self.scores is not None

    @property
    def wall_text(self) -> str:
        """The wall as the judge's ``initdata.walltiles``."""
        return " ".join(botzone_tile(t) for t in wall_tiles(self.state))

    @property
    def quan(self) -> int:
        """The prevalent wind as the judge's ``initdata.quan`` (0 East)."""
        return WINDS.index(self.state.prevalent_wind)


def wall_tiles(state: HandState) -> list[Tile]:
    """The wall's tiles (the judge's wall holds no flowers)."""
    return [t for t in state.wall if isinstance(t, Tile)]
