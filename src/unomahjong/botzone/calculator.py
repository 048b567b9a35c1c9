"""The judge's fan calculator as its display uses it: the fans it counts
for a win by a seat on a tile at a judge turn, whether or not the rules
allow the win (``canHu``, a false win's fans), from the hands and walls as
they were when the tile was announced.
"""

from __future__ import annotations

from typing import Final

from ..errors import MahjongError
from ..game import HandState
from ..model.context import WINDS, WinContext
from ..model.hand import Hand, MeldKind
from ..model.tiles import Tile
from ..scoring.scorer import Score
from ..scoring.scorer import score as _score
from .state import SEATS, JudgeHand, JudgeStage
from .tiles import from_botzone_tile

_JUDGE_NAMES: Final = {"CLOSED_WAIT": "嵌张"}
"""Fans the judge's calculator names otherwise than the table."""
_JUDGE_LAST: Final = frozenset({"CONCEALED_KONG_AND_MELDED_KONG"})
"""Fans the judge's calculator lists after all others (its optional 明暗杠)."""


def judge_fans(score: Score) -> tuple[tuple[str, int, int], ...]:
    """A score's fans as the judge's display lists them: in its calculator's
    order, each as its name, count and value."""
    fans = sorted(score.fans, key=lambda f: f.id in _JUDGE_LAST)  # stable: table order
    return tuple((_JUDGE_NAMES.get(f.id, f.zh), f.count, f.points) for f in fans)


def announced_tile(game: JudgeHand) -> Tile:
    """The tile this turn's requests announce (``3 p PLAY X``: ``X``)."""
    return from_botzone_tile(game.requests[0].split(" ")[-1])


def judge_count(
    game: JudgeHand, seat: int, tile: Tile, robbing: bool
) -> tuple[int, tuple[tuple[str, int, int], ...]]:
    """The fans the judge's calculator counts for a win by ``seat`` on
    ``tile`` at this judge turn, whether or not the rules allow it (-3 and
    none: no win): the seat's hand and the walls as they were when the tile
    was announced (the engine may be ahead: ``queued``), the flags as the
    judge sets them."""
    state = game.state
    s = state.seats[seat]
    concealed = list(s.concealed)
    walls = list(state.walls)
    for e in game.queued:
        if e.kind in ("draw", "replacement") and e.seat is not None:
            walls[e.seat] += 1
            if e.seat == seat and e.tile in concealed:
                concealed.remove(e.tile)
    self_drawn = game.stage is JudgeStage.DRAW
    if self_drawn:
        concealed.remove(tile)
    announcer = int(game.requests[0].split(" ")[1]) if not self_drawn else seat
    visible = _visible(state, tile) - (0 if self_drawn or robbing else 1)
    ctx = WinContext(
        self_drawn=self_drawn,
        last_copy=not robbing and visible == 3 and tile not in concealed,
        last_tile=walls[(announcer + 1) % SEATS] == 0,
        kong_replacement=self_drawn
        and state.replacement
        and any(m.kind is MeldKind.KONG for m in s.melds),
        robbing_kong=robbing
        and tile not in concealed
        and not any(tile in m.tiles for m in s.melds),
        seat_wind=WINDS[seat],
        prevalent_wind=state.prevalent_wind,
    )
    try:
        score = _score(Hand(state.rules.tileset, concealed, s.melds, tile), ctx, state.rules)
    except MahjongError:
        return -3, ()
    return score.total, judge_fans(score)


_NOT_ASKED: Final = -4
"""The judge's ``canHu`` of a seat it does not evaluate."""


def judge_can_win(game: JudgeHand) -> tuple[int, ...]:
    """The judge's ``canHu`` of this judge turn (for its viewer): for each
    seat the fans of a win on the tile just drawn (the drawer) or shown
    (every seat, after a discard; the others, after an added kong), as the
    judge's calculator counts them: -3 for no win, -4 for a seat not asked."""
    out = [_NOT_ASKED] * SEATS
    stage = game.stage
    if stage is JudgeStage.DRAW:
        seat = game.state.current
        tile = game.state.drawn
        assert tile is not None
        out[seat] = judge_count(game, seat, tile, robbing=False)[0]
    elif stage is JudgeStage.DISCARD:
        tile = announced_tile(game)
        for seat in range(SEATS):
            out[seat] = judge_count(game, seat, tile, robbing=False)[0]
    elif stage is JudgeStage.KONG and game.requests[0].split(" ")[2] == "BUGANG":
        tile = announced_tile(game)
        konger = int(game.requests[0].split(" ")[1])
        for seat in range(SEATS):
            if seat != konger:
                out[seat] = judge_count(game, seat, tile, robbing=True)[0]
    return tuple(out)


def _visible(state: HandState, tile: Tile) -> int:
    """Copies of ``tile`` shown: in exposed melds and in discards."""
    shown = sum(m.tiles.count(tile) for t in state.seats for m in t.melds if m.exposed)
    return shown + sum(t.discards.count(tile) for t in state.seats)
