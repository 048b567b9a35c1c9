"""The deal: step 1 of a hand (game/transitions.py), the wall shuffled or given
and 13 tiles dealt to each seat, on one wall or on seat walls.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence

from .._checks import items, keywords_checked, quote
from ..errors import RulesError
from ..model.context import WINDS
from ..model.flowers import FLOWERS, Flower
from ..model.tiles import MCR_TILES, Tile, TileSet
from ..rules.rule_sets import RuleSet, get_rules
from .actions import DEAL, Event, IllegalActionError, player_count, seed_number, whole_number
from .judge_wall import judge_wall
from .state import HandState, Phase, SeatState
from .transitions import Step, draw_tile, replace_flowers

_code = operator.attrgetter("code")
_number = operator.attrgetter("number")


@keywords_checked
def start_hand(
    rules: str | RuleSet = "uno",
    *,
    players: int = 4,
    dealer: int = 0,
    seed: int | None = None,
    wall: Sequence[Tile | Flower] | None = None,
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
            hint="start_hand('uno'), start_hand('botzone') or a RuleSet with a GameFlow",
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
    flowers = FLOWERS if flow.flowers else ()
    full: list[Tile | Flower] = [t for t in ts.tiles for _ in range(ts.copies)]
    full += flowers
    if wall is None:
        random.Random(seed).shuffle(full)
        tiles = tuple(full)
    else:
        tiles = _wall(wall, ts, flowers)
    hands: list[list[Tile | Flower]] = [[] for _ in range(players)]
    i = 0
    for _ in range(DEAL):
        for k in range(players):
            hands[(dealer + k) % players].append(tiles[i])
            i += 1
    back = len(tiles) - 1
    events: list[Event] = []
    seats = []
    for hand in hands:
        held = [t for t in hand if isinstance(t, Tile)]
        seats.append(SeatState(tuple(sorted(held, key=_code)), flowers=_flowers_of(hand)))
    if flowers:
        back = _replace_dealt_flowers(tiles, i, back, dealer, seats, events)
    state = HandState(
        rs,
        dealer,
        tiles,
        i,
        back,
        tuple(seats),
        Phase.TURN,
        dealer,
        prevalent_wind=wind or "E",
    )
    new, drawn = draw_tile(state, state.seats, state.direction, dealer, False)
    return new, (*events, *drawn)


def _flowers_of(tiles: Sequence[Tile | Flower]) -> tuple[Flower, ...]:
    return tuple(t for t in tiles if isinstance(t, Flower))


def _replace_dealt_flowers(
    wall: Sequence[Tile | Flower],
    front: int,
    back: int,
    dealer: int,
    seats: list[SeatState],
    events: list[Event],
) -> int:
    """In turn from the dealer, each seat sets its dealt flowers aside and
    draws as many tiles from the back of the wall, a flower among them set
    aside and replaced at once; the back of the wall after them."""
    players = len(seats)
    for k in range(players):
        seat = (dealer + k) % players
        s = seats[seat]
        events += [Event("flower", seat)] * len(s.flowers)
        concealed = list(s.concealed)
        flowers = s.flowers
        for _ in s.flowers:
            tile, back, flowers, more = replace_flowers(wall, front, back, flowers, seat)
            assert tile is not None, "the deal's replacements never empty a full wall"
            concealed.append(tile)
            events += [*more, Event("replacement", seat, tile)]
        seats[seat] = SeatState(tuple(sorted(concealed, key=_code)), flowers=flowers)
    return back


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
    wall: Sequence[Tile | Flower] | None,
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
        dealt, quan = judge_wall(srand)
        tiles: tuple[Tile | Flower, ...] = dealt
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
    held = [t for t in tiles if isinstance(t, Tile)]  # seat walls hold no flowers
    part = ts.total // players
    hands = [held[part * s + part - DEAL : part * s + part] for s in range(players)]
    seats = tuple(SeatState(tuple(sorted(h, key=_code))) for h in hands)
    state = HandState(
        rs,
        dealer,
        tiles,
        0,
        len(tiles) - 1,
        seats,
        Phase.TURN,
        dealer,
        walls=(part - DEAL,) * players,
        prevalent_wind=wind or "E",
    )
    return draw_tile(state, state.seats, state.direction, dealer, False)


def _wall(wall: object, ts: TileSet, flowers: tuple[Flower, ...] = ()) -> tuple[Tile | Flower, ...]:
    """An explicit wall: exactly the tile set's tiles, each kind ``copies``
    times, and ``flowers``, in any order (tiles of another set are refused
    even where their codes match)."""
    total = ts.total + len(flowers)
    expected = f"a sequence of the {ts.name} tile set's {total} tiles"
    if flowers:
        expected += " (its flowers included)"
    given = items(wall, object, IllegalActionError, "wall", "start_hand", "wall", expected)
    tiles = tuple(t for t in given if isinstance(t, Tile | Flower))
    if len(tiles) != len(given):
        odd = next(t for t in given if not isinstance(t, Tile | Flower))
        raise IllegalActionError(
            "wall", f"{quote(odd)} in the wall is not a tile; {expected}", argument="wall"
        )
    held = [t for t in tiles if isinstance(t, Flower)]
    if sorted(held, key=_number) != list(flowers):
        raise IllegalActionError(
            "wall",
            f"an explicit wall holds {len(flowers)} flowers (H1-H8 once each) under the"
            f" {ts.name} rules' flow, not {' '.join(map(str, held)) or 'none'}",
            argument="wall",
        )
    for t in tiles:
        if isinstance(t, Flower):
            continue
        if t.tileset is not ts:
            raise IllegalActionError(
                "wall",
                f"{quote(t)} in the wall is not a tile of the {ts.name} set",
                argument="wall",
            )
    counts = [0] * ts.size
    for t in tiles:
        if isinstance(t, Tile):
            counts[t.code] += 1
    wrong = [t for t in ts.tiles if counts[t.code] != ts.copies]
    if wrong or len(tiles) != total:
        raise IllegalActionError(
            "wall",
            f"an explicit wall holds every tile of the {ts.name} set exactly"
            f" {ts.copies} times ({ts.total} tiles)"
            + wall_fault(
                len(tiles) - len(held), ts.total, [(str(t), counts[t.code]) for t in wrong]
            ),
            argument="wall",
        )
    return tiles


def wall_fault(size: int, total: int, wrong: Sequence[tuple[str, int]]) -> str:
    """What is wrong with a wall of ``size`` tiles (``total`` wanted) whose
    kinds ``wrong`` (each named, with its count) are not held the set's
    number of times: its size if that is wrong, and the first three kinds."""
    parts = [f"{size} tiles"] if size != total else []
    parts += [f"{n} of {name}" for name, n in wrong[:3]]
    return "; this one has " + ", ".join(parts) + (", ..." if len(wrong) > 3 else "")
