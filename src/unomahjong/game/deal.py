"""The deal: step 1 of a hand (game/flow.py), the wall shuffled or given
and 13 tiles dealt to each seat, on one wall or on seat walls.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence

from .._checks import items, keywords_checked, quote
from ..botzone import judge_wall
from ..context import WINDS
from ..errors import RulesError
from ..rules import RuleSet, get_rules
from ..tiles import MCR_TILES, Tile, TileSet
from .actions import DEAL, IllegalActionError, player_count, seed_number, whole_number
from .flow import Step, draw_tile
from .state import Phase, RoundState, SeatState

_code = operator.attrgetter("code")


@keywords_checked
def start_round(
    rules: str | RuleSet = "uno",
    *,
    players: int = 4,
    dealer: int = 0,
    seed: int | None = None,
    wall: Sequence[Tile] | None = None,
    prevalent_wind: str | None = None,
) -> Step:
    """Shuffle (or take) the wall, deal 13 tiles to each seat, and let the
    dealer draw.

    With one wall (UNO Mahjong) the tiles are dealt one at a time from the
    dealer, from the wall's front, and ``seed`` seeds a private
    ``random.Random``. With seat walls (the ``botzone`` rules) four seats
    each take 13 tiles from the end of their own quarter of the wall, and
    ``seed`` is the judge's ``srand`` (modulo 2**32, as a signed 32-bit
    word): the wall and the prevalent wind are those the judge deals from it
    (:func:`unomahjong.botzone.judge_wall`).
    ``prevalent_wind`` (E, S, W or N; flows that count winds only) is
    drawn from the seed when not given, or East for an explicit wall."""
    rs = get_rules(rules)
    flow = rs.flow
    if flow is None:
        raise RulesError(
            "no-game-flow",
            f"the {rs.name!r} rules score hands but have no game flow",
            hint="start_round('uno'), start_round('botzone') or a RuleSet with a GameFlow",
        )
    players = player_count(players)
    if flow.winds and players != len(WINDS):
        raise IllegalActionError(
            "players", f"the {rs.name} rules seat four players, one a wind, not {players}"
        )
    dealer = whole_number(dealer, "dealer")
    if not 0 <= dealer < players:
        raise IllegalActionError("dealer", f"no seat {quote(dealer)} among {players}")
    wind = _prevalent(prevalent_wind, flow.winds)
    ts = rs.tileset
    if flow.seat_walls:
        return _deal_seat_walls(rs, players, dealer, seed, wall, wind)
    seed = None if seed is None else seed_number(seed)
    full = [t for t in ts.tiles for _ in range(ts.copies)]
    if wall is None:
        random.Random(seed).shuffle(full)
        tiles = tuple(full)
    else:
        tiles = _wall(wall, ts)
    hands: list[list[Tile]] = [[] for _ in range(players)]
    i = 0
    for _ in range(DEAL):
        for k in range(players):
            hands[(dealer + k) % players].append(tiles[i])
            i += 1
    seats = tuple(SeatState(tuple(sorted(h, key=_code))) for h in hands)
    state = RoundState(
        rs, dealer, tiles, i, len(tiles) - 1, seats, Phase.TURN, dealer, prevalent_wind=wind or "E"
    )
    return draw_tile(state, state.seats, state.direction, dealer, False)


def _prevalent(value: object, winds: bool) -> str | None:
    """The prevalent wind asked for (None: not given), checked."""
    if value is None:
        return None
    if not winds:
        raise IllegalActionError(
            "prevalent-wind",
            "these rules count no winds: prevalent_wind is not taken",
            argument="prevalent_wind",
        )
    if value not in WINDS:
        raise IllegalActionError(
            "prevalent-wind",
            f"the prevalent wind is E, S, W or N, not {quote(value)}",
            argument="prevalent_wind",
        )
    return str(value)


def _deal_seat_walls(
    rs: RuleSet,
    players: int,
    dealer: int,
    seed: int | None,
    wall: Sequence[Tile] | None,
    wind: str | None,
) -> Step:
    """The deal on seat walls: the wall cut in ``players`` equal parts, each
    seat taking 13 tiles from the end of its own."""
    ts = rs.tileset
    if ts.total % players:
        raise IllegalActionError(
            "players",
            f"seat walls need the {ts.total} tiles cut in equal parts, not {players}",
            argument="players",
        )
    if wall is None:
        # The judge's srand is a signed 32-bit word: a larger seed is taken
        # modulo 2**32, so that every seed deals some judge game.
        srand = (0 if seed is None else seed_number(seed)) % (1 << 32)
        if srand >= 1 << 31:
            srand -= 1 << 32
        tiles, quan = judge_wall(srand)
        if ts is not MCR_TILES:  # the judge's wall is an MCR wall
            raise IllegalActionError(
                "seed",
                f"a seeded seat wall is the Botzone judge's MCR wall; the {ts.name}"
                " set needs an explicit wall",
                argument="seed",
            )
        if wind is None:
            wind = WINDS[quan]
    else:
        tiles = _wall(wall, ts)
    part = ts.total // players
    hands = [tiles[part * s + part - DEAL : part * s + part] for s in range(players)]
    seats = tuple(SeatState(tuple(sorted(h, key=_code))) for h in hands)
    state = RoundState(
        rs,
        dealer,
        tiles,
        0,
        ts.total - DEAL * players - 1,
        seats,
        Phase.TURN,
        dealer,
        walls=(part - DEAL,) * players,
        prevalent_wind=wind or "E",
    )
    return draw_tile(state, state.seats, state.direction, dealer, False)


def _wall(wall: object, ts: TileSet) -> tuple[Tile, ...]:
    """An explicit wall: exactly the tile set's tiles, each kind ``copies``
    times, in any order (tiles of another set are refused even where their
    codes match)."""
    expected = f"a sequence of the {ts.name} tile set's {ts.total} tiles"
    tiles = items(wall, Tile, IllegalActionError, "wall", "start_round", "wall", expected)
    for t in tiles:
        if t.tileset is not ts:
            raise IllegalActionError(
                "wall",
                f"{quote(t)} in the wall is not a tile of the {ts.name} set",
                argument="wall",
            )
    counts = [0] * ts.size
    for t in tiles:
        counts[t.code] += 1
    wrong = [t for t in ts.tiles if counts[t.code] != ts.copies]
    if wrong or len(tiles) != ts.total:
        detail = f"; it has {counts[wrong[0].code]} of {wrong[0]}" if wrong else ""
        raise IllegalActionError(
            "wall",
            f"an explicit wall holds every tile of the {ts.name} set exactly"
            f" {ts.copies} times ({ts.total} tiles), not {len(tiles)} tiles{detail}",
            argument="wall",
        )
    return tiles
