"""One hand (盘) of UNO Mahjong as an immutable state machine (docs/rules.md#play).

The state is a frozen value; :func:`apply` builds the next one. Randomness is
used only by :func:`start_round`, from a private ``random.Random(seed)``.
Draws and replacement draws happen inside :func:`apply` (they are not
choices), so every action a caller sends is a decision of one seat.
"""

from __future__ import annotations

import enum
import operator
import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from .._checks import Lookup, describe, items, quote, unknown_member, whole, wrong_type
from ..context import WinContext
from ..errors import MahjongError, NotWinningError, RulesError
from ..hand import Hand, Meld, MeldKind
from ..rules import RuleSet, get_rules
from ..scoring import Score, score
from ..shanten import is_complete_counts, layout_for, min_shanten, waits_codes
from ..tiles import UNO_TILES, Tile, TileSet

MIN_PLAYERS = 2
MAX_PLAYERS = 8
DEAL = 13


class IllegalActionError(MahjongError):
    """An action the seat may not take now; the state is unchanged."""


def whole_number(value: object, what: str) -> int:
    """``value`` as an int (any integer type, e.g. a NumPy integer, so that
    it also goes into a JSON log as a number); :class:`IllegalActionError`
    with code ``what`` for anything else."""
    n = whole(value)
    if n is None:
        raise IllegalActionError(
            what,
            f"{what} must be a whole number, not {describe(value)}",
            argument=what.replace("-", "_"),
        )
    return n


def refuse_state(func: str, value: object) -> IllegalActionError:
    """The error for a ``state`` of ``func`` that is not a :class:`RoundState`."""
    return wrong_type(
        IllegalActionError,
        "not-a-state",
        func,
        "state",
        value,
        "a RoundState",
        hint="start_round(), apply() and replay() make them",
    )


def player_count(value: object) -> int:
    """A number of players, 2 to 8 (any integer type), or
    :class:`IllegalActionError` (``players``)."""
    players = whole_number(value, "players")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalActionError("players", f"{quote(players)} players; 2 to 8 may play")
    return players


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


class ActionKind(enum.Enum, metaclass=Lookup):
    """The decisions a seat can send."""

    WIN = "win"
    CONCEALED_KONG = "concealed_kong"
    ADDED_KONG = "added_kong"
    DISCARD = "discard"
    PASS = "pass"
    KONG = "kong"
    PUNG = "pung"
    CHOW = "chow"

    @classmethod
    def _missing_(cls, value: object) -> ActionKind:
        raise unknown_member(cls, value, IllegalActionError, "unknown-action-kind")


_CLAIM_RANK = {ActionKind.WIN: 3, ActionKind.KONG: 2, ActionKind.PUNG: 2, ActionKind.CHOW: 1}
"""How claims on a discard rank (a pass ranks 0)."""


@attrs.frozen(slots=True)
class Action:
    """One decision. ``tile``: the discard, the kong's tile, or the lowest tile
    of a chow; ``uno``: a discard that declares UNO."""

    kind: ActionKind
    tile: Tile | None = None
    uno: bool = False

    def __str__(self) -> str:
        tile = f" {self.tile}" if self.tile is not None else ""
        # An Action built with a bad kind must still print, for the error
        # that refuses it.
        kind = self.kind.value if isinstance(self.kind, ActionKind) else repr(self.kind)
        return f"{kind}{tile}{' UNO' if self.uno else ''}"


@attrs.frozen(slots=True)
class Event:
    """Something that happened, in order: ``draw``, ``replacement``, ``discard``,
    ``uno``, ``chow``/``pung``/``kong``/``concealed_kong``/``added_kong``,
    ``reverse``, ``skip``, ``win``, ``exhaustive_draw``."""

    kind: str
    seat: int
    tile: Tile | None = None


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


class _Memo:
    """What a round remembers about hands it has weighed; shared by all the
    states of one round (made with its first state), never by two rounds."""

    __slots__ = ("complete", "shanten")

    def __init__(self) -> None:
        self.shanten: dict[tuple[bytes, int], int] = {}
        """Shanten by (concealed counts as bytes, melds): the engine and the
        greedy bot ask about the same hands (a seat's hand after its discard
        and in the next claim window, the hand both the UNO test and the bot
        weigh)."""
        self.complete: dict[tuple[tuple[Tile, ...], int, Tile], bool] = {}
        """Whether concealed tiles plus a tile complete a hand with so many
        melds: a locked (UNO) hand is asked the same question turn after turn."""


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
    _memo: _Memo = attrs.field(factory=_Memo, init=False, eq=False, repr=False)
    """Private: the round's memo (a state built directly gets a fresh one)."""

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
# The engine builds a state or two per action. attrs' __init__ for a frozen
# class sets every field through ``object.__setattr__``; these private
# constructors set the slots through their descriptors, bound once, about
# twice as fast. They take every field in declaration order (private ones
# too), with no defaults; adding or removing a field fails at import.


def _make_round() -> Callable[..., RoundState]:
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
    ) = (RoundState.__dict__[f.name].__set__ for f in attrs.fields(RoundState))
    new = object.__new__

    def make(
        rules: RuleSet,
        dealer: int,
        wall: tuple[Tile, ...],
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
        window: bool,
        result: Outcome | None,
        _memo: _Memo,
    ) -> RoundState:
        o: RoundState = new(RoundState)
        s_rules(o, rules)
        s_dealer(o, dealer)
        s_wall(o, wall)
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
        s_window(o, window)
        s_result(o, result)
        s_memo(o, _memo)
        return o

    return make


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

    def make(
        concealed: tuple[Tile, ...],
        melds: tuple[Meld, ...],
        discards: tuple[Tile, ...],
        uno: bool,
        uno_first: bool,
        draws: int,
        discarded: int,
        floor: int | None,
        counts: bytearray | None,
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

    return make


_round = _make_round()
"""``RoundState(...)`` with every field."""
_seat = _make_seat()
"""``SeatState(...)`` with every field, then ``_floor`` and ``_counts``."""
_ROUND_FIELDS = tuple(f.name for f in attrs.fields(RoundState))
_round_fields = operator.attrgetter(*_ROUND_FIELDS)


def _replaced(state: RoundState, **changes: Any) -> RoundState:
    """``attrs.evolve(state, **changes)``, through :func:`_round`."""
    fields = dict(zip(_ROUND_FIELDS, _round_fields(state), strict=True))
    fields.update(changes)
    return _round(**fields)


# ------------------------------------------------------------------ start


def start_round(
    rules: str | RuleSet = "uno",
    *,
    players: int = 4,
    dealer: int = 0,
    seed: int | None = None,
    wall: Sequence[Tile] | None = None,
) -> tuple[RoundState, tuple[Event, ...]]:
    """Shuffle (or take) the wall, deal 13 tiles one at a time from the dealer,
    and let the dealer draw."""
    rs = get_rules(rules)
    if rs.tileset is not UNO_TILES:
        # docs/rules.md#play is UNO Mahjong's flow (Reverse, Skip, the UNO
        # declaration); an MCR game has other rules (flowers, winds, 8 fans).
        raise RulesError(
            "no-game-flow",
            f"the game engine plays UNO Mahjong; {rs.name!r} rules have no game flow",
            hint="start_round('uno') or a RuleSet on UNO_TILES",
        )
    players = player_count(players)
    dealer = whole_number(dealer, "dealer")
    seed = None if seed is None else whole_number(seed, "seed")
    if not 0 <= dealer < players:
        raise IllegalActionError("dealer", f"no seat {quote(dealer)} among {players}")
    ts = rs.tileset
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
    seats = tuple(SeatState(_sorted(h)) for h in hands)
    state = RoundState(rs, dealer, tiles, i, len(tiles) - 1, seats, Phase.TURN, dealer)
    return _draw(state, dealer, replacement=False)


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


def _sorted(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=_code))


_code = operator.attrgetter("code")


def _remove(tiles: Sequence[Tile], *gone: Tile) -> tuple[Tile, ...]:
    out = list(tiles)
    for t in gone:
        out.remove(t)
    return tuple(out)


def _remove_one(tiles: tuple[Tile, ...], tile: Tile) -> tuple[Tile, ...]:
    """``tiles`` (sorted by code) without one ``tile``."""
    i = bisect_left(tiles, tile.code, key=_code)
    if i >= len(tiles) or tiles[i] is not tile:
        i = tiles.index(tile)
    return tiles[:i] + tiles[i + 1 :]


def _counts(ts: TileSet, tiles: Iterable[Tile]) -> bytearray:
    counts = bytearray(ts.size)
    for t in tiles:
        counts[t.code] += 1
    return counts


def _seat_counts(ts: TileSet, s: SeatState) -> bytearray:
    """The seat's concealed tiles counted by code (cached: do not modify)."""
    counts = s._counts
    if counts is None:
        counts = _counts(ts, s.concealed)
        object.__setattr__(s, "_counts", counts)
    return counts


def _draw(
    state: RoundState, seat: int, *, replacement: bool
) -> tuple[RoundState, tuple[Event, ...]]:
    """The seat draws from the front (or the back after a kong) and takes its turn."""
    return _draw_with(state, state.seats, state.direction, seat, replacement)


def _draw_with(
    state: RoundState,
    seats: tuple[SeatState, ...],
    direction: int,
    seat: int,
    replacement: bool,
) -> tuple[RoundState, tuple[Event, ...]]:
    """:func:`_draw` from ``state`` with these seats and direction."""
    wall = state.wall
    front = state.front
    back = state.back
    if replacement:
        tile = wall[back]
        back -= 1
    else:
        tile = wall[front]
        front += 1
    new_s = _drawn(seats[seat], tile)
    new = _round(
        state.rules,
        state.dealer,
        wall,
        front,
        back,
        (*seats[:seat], new_s, *seats[seat + 1 :]),
        Phase.TURN,
        seat,
        direction,
        tile,
        replacement,
        back < front,
        False,
        None,
        (),
        (),
        state.window,
        state.result,
        state._memo,
    )
    events = _tables_of(state.rules).events["replacement" if replacement else "draw"]
    return new, (events[seat][tile],)


def _drawn(s: SeatState, tile: Tile) -> SeatState:
    """The seat after it draws ``tile``, with its caches."""
    code = tile.code
    concealed = s.concealed
    i = bisect_right(concealed, code, key=_code)
    counts = s._counts
    if counts is not None:
        counts = counts.copy()
        counts[code] += 1
    floor = s._floor
    return _seat(
        (*concealed[:i], tile, *concealed[i:]),
        s.melds,
        s.discards,
        s.uno,
        s.uno_first,
        s.draws + 1,
        s.discarded,
        # One more tile lowers the shanten by at most one.
        None if floor is None else floor - 1,
        counts,
    )


def _replace(seats: tuple[SeatState, ...], i: int, s: SeatState) -> tuple[SeatState, ...]:
    return (*seats[:i], s, *seats[i + 1 :])


# ------------------------------------------------------------------ queries


def awaiting(state: RoundState) -> tuple[int, ...]:
    """Seats whose answer the round is waiting for, in seat order."""
    if not isinstance(state, RoundState):
        raise refuse_state("awaiting", state)
    if state.phase is Phase.TURN:
        return (state.current,)
    if state.phase is Phase.ENDED:
        return ()
    return tuple(sorted(state.pending))


def outcome(state: RoundState) -> Outcome | None:
    """The result once the round has ended, else None."""
    if not isinstance(state, RoundState):
        raise refuse_state("outcome", state)
    return state.result


def _hand(state: RoundState, seat: int, win: Tile | None) -> Hand:
    """The seat's hand, with ``win`` as its winning tile (taken out of the
    concealed tiles in TURN, added in CLAIM/ROB)."""
    s = state.seats[seat]
    concealed = s.concealed
    if win is not None and state.phase is Phase.TURN:
        concealed = _remove(concealed, win)
    return Hand(state.rules.tileset, concealed, s.melds, win)


def _shanten(state: RoundState, seat: int) -> int:
    """The exact shanten of the seat's concealed tiles and melds (remembered
    on the seat's state)."""
    s = state.seats[seat]
    ts = state.rules.tileset
    sh = _min_shanten(state, _seat_counts(ts, s), len(s.melds))
    object.__setattr__(s, "_floor", sh)
    return sh


def _min_shanten(state: RoundState, counts: Sequence[int], melds: int) -> int:
    """:func:`min_shanten` of concealed ``counts`` with ``melds`` melds,
    remembered for the round."""
    memo = state._memo.shanten
    key = (bytes(counts), melds)
    sh = memo.get(key)
    if sh is None:
        sh = memo[key] = min_shanten(layout_for(state.rules.tileset), counts, melds)
    return sh


def _shanten_floor(tab: _Tables, concealed: tuple[Tile, ...], counts: bytearray, melds: int) -> int:
    """A cheap lower bound of the shanten of a hand of 14 tiles (kongs as
    three; ``concealed`` sorted by code, ``counts`` the same tiles by code).

    Standard shape: the shanten is ``3n + 1 - r`` where ``r`` is the most
    concealed tiles that ``n`` more melds and a pair can reuse. Split the
    tiles into blocks: copies of one kind, and suited tiles of one suit each
    within two ranks of the next. A meld or pair reuses tiles of one block
    only, at most three: so ``r`` is at most the sum of the ``n + 1`` largest
    gains, where a block of ``k`` tiles offers ``k // 3`` gains of three and
    one of ``k % 3``. (This is at least the older bound from isolated tiles,
    ``ceil(isolated / 2) - 1``.) Other shapes: seven pairs ``6 - pairs``,
    thirteen orphans at least ``12 - kinds of terminals and honours``, honours
    and knitted ``13 - honours - knitted``, knitted straight at least
    ``8 - knitted`` (tiles held of the best knitted set).

    For the other shapes the counts are read as bytes, one per code, and the
    sets of codes as integers with bit ``8 * code`` (see :class:`_Tables`), so
    that the work is a few C-level operations.
    """
    threes = twos = ones = size = 0
    prev = -9
    ranked = False
    for t in concealed:
        code = t.code
        if code == prev or (ranked and code <= prev + 2 and t.rank is not None):
            size += 1
        else:
            threes += size // 3
            rest = size % 3
            if rest == 1:
                ones += 1
            elif rest == 2:
                twos += 1
            size = 1
            ranked = t.rank is not None
        prev = code
    threes += size // 3
    rest = size % 3
    if rest == 1:
        ones += 1
    elif rest == 2:
        twos += 1
    needed = 4 - melds
    left = needed + 1
    reuse = 3 * min(threes, left)
    left -= min(threes, left)
    reuse += 2 * min(twos, left) + min(ones, max(left - twos, 0))
    best = 3 * needed + 1 - min(reuse, 3 * needed + 2)
    if best < 0 or melds > 1:
        return best
    raw = counts
    held = int.from_bytes(raw.translate(_HELD), "little")
    honours = 0
    if melds == 0:
        best = min(
            best,
            6 - min(sum(raw.translate(_HALF)), 7),
            12 - (held & tab.orphan8).bit_count(),
        )
        honours = (held & tab.honour8).bit_count()
    # The knitted terms can only lower ``best``; an upper bound of the tiles
    # held of a knitted set usually shows that they do not.
    lanes = tab.knit_lanes
    if lanes:
        spread = held * tab.knit_mult
        most = 0
        for high, low in lanes:
            if spread & high:
                most += 3 if spread & (spread >> 1) & low else 2
            elif spread & low:
                most += 1
        if 8 - most >= best and (melds or 13 - min(honours + most, 14) >= best):
            return best
    knitted = max(map(int.bit_count, map(held.__and__, tab.knitted8)), default=0)
    best = min(best, 8 - knitted)
    if melds == 0:
        best = min(best, 13 - min(honours + knitted, 14))
    return best


_HELD = bytes([0] + [1] * 255)
"""Byte translation: 1 for a held kind (count > 0)."""
_SINGLE = bytes([0, 1] + [0] * 254)
"""Byte translation: 1 for a single tile (count 1)."""
_HALF = bytes(n >> 1 for n in range(256))
"""Byte translation: pairs in a count."""


def _spread(mask: int) -> int:
    """A set of codes (bit ``code``) as bit ``8 * code``."""
    out = 0
    code = 0
    while mask:
        if mask & 1:
            out |= 1 << (8 * code)
        mask >>= 1
        code += 1
    return out


def _uno_discards(state: RoundState, seat: int, options: Iterable[Tile]) -> list[Tile]:
    """Discards after which the hand is ready (docs/rules.md#the-uno-declaration):
    a kind of which the player holds fewer than four copies completes it
    (copies seen elsewhere do not matter). Skipped at once when no discard can
    be ready."""
    s = state.seats[seat]
    # A discard never lowers the shanten: no ready discard unless it is <= 0.
    if s._floor is not None and s._floor > 0:
        return []
    ts = state.rules.tileset
    floor = _shanten_floor(_tables_of(state.rules), s.concealed, _seat_counts(ts, s), len(s.melds))
    if floor > 0:
        object.__setattr__(s, "_floor", floor)
        return []
    if _shanten(state, seat) > 0:
        return []
    lay = layout_for(ts)
    counts = list(_seat_counts(ts, s))
    melds = len(s.melds)
    held = list(counts)
    for m in s.melds:
        for c in m.codes:
            held[c] += 1
    out = []
    for t in options:
        counts[t.code] -= 1
        held[t.code] -= 1
        if _min_shanten(state, counts, melds) == 0 and any(
            held[c] < ts.copies for c in waits_codes(lay, counts, melds)
        ):
            out.append(t)
        counts[t.code] += 1
        held[t.code] += 1
    return out


def _win_context(state: RoundState, seat: int, *, robbing: bool = False) -> WinContext:
    """The exact context of a win by ``seat`` now."""
    s = state.seats[seat]
    self_drawn = state.phase is Phase.TURN
    tile = state.drawn if self_drawn else state.offered
    assert tile is not None
    visible = 0
    for other in state.seats:
        visible += sum(m.tiles.count(tile) for m in other.melds if m.exposed)
        visible += other.discards.count(tile)
    if not self_drawn and not robbing:
        visible -= 1  # the discard being won on is the winning tile itself
    dealer = seat == state.dealer
    heavenly = self_drawn and dealer and state.window and s.draws == 1 and s.discarded == 0
    earthly = (
        state.window
        and not dealer
        and not robbing
        and (
            (self_drawn and s.draws == 1 and s.discarded == 0)
            or (
                not self_drawn
                and state.current == state.dealer
                and state.seats[state.dealer].discarded == 1
            )
        )
    )
    held_copy = _hand(state, seat, tile).counts[tile.code] > 1
    return WinContext(
        self_drawn=self_drawn,
        last_copy=visible >= 3
        and not held_copy
        and not heavenly
        and not (earthly and not self_drawn),
        last_tile=state.last and not (heavenly or earthly),
        kong_replacement=self_drawn and state.replacement,
        robbing_kong=robbing,
        heavenly_hand=heavenly,
        earthly_hand=earthly and not heavenly,
        heavenly_uno=s.uno_first and not (heavenly or earthly),
    )


def _complete(state: RoundState, seat: int, tile: Tile, *, held: bool) -> bool:
    """Whether the seat's concealed tiles (``held``: they include ``tile``;
    else plus ``tile``) complete its hand."""
    s = state.seats[seat]
    ts = state.rules.tileset
    rest = _remove_one(s.concealed, tile) if held else s.concealed
    melds = len(s.melds)
    key = (rest, melds, tile)
    memo = state._memo.complete
    done = memo.get(key)
    if done is None:
        counts = list(_seat_counts(ts, s))
        if held:
            counts[tile.code] -= 1
        done = _may_complete(_tables(ts), counts, melds, tile.code)
        if done:
            counts[tile.code] += 1
            done = is_complete_counts(layout_for(ts), counts, melds)
        memo[key] = done
    return done


def _may_complete(tab: _Tables, counts: list[int], melds: int, code: int) -> bool:
    """False when the tiles ``counts`` plus one tile ``code`` surely do not
    complete a hand with ``melds`` melds.

    In a complete standard hand or seven pairs, the added tile shares its meld
    or pair with a tile of the same kind or a suited tile within two ranks.
    Without one, only thirteen orphans (thirteen kinds of terminals and
    honours at least), honours and knitted (fourteen kinds of honours and a
    knitted set) or the knitted straight (the nine tiles of a knitted set)
    remain.
    """
    if counts[code]:
        return True
    for d in tab.neighbours[code]:
        if counts[d]:
            return True
    if melds > 1:
        return False
    held = 1 << code
    for c, n in enumerate(counts):
        if n:
            held |= 1 << c
    knitted = max(map(int.bit_count, map(held.__and__, tab.knitted_masks)))
    return knitted >= 9 or (
        melds == 0
        and (
            (held & tab.orphan_mask).bit_count() >= 13
            or (held & tab.honour_mask).bit_count() + knitted >= 14
        )
    )


def _can_win(state: RoundState, seat: int, *, robbing: bool = False) -> Score | None:
    """The score of a win by ``seat`` now, or None when it may not win."""
    turn = state.phase is Phase.TURN
    tile = state.drawn if turn else state.offered
    if tile is None:
        return None
    s = state.seats[seat]
    # Cheap tests first: a win needs UNO, a replacement tile, 天和 or 地和.
    if not s.uno:
        if turn:
            if not (state.replacement or (state.window and s.draws == 1 and s.discarded == 0)):
                return None
        elif not (
            state.window
            and not robbing
            and seat != state.dealer
            and state.current == state.dealer
            and state.seats[state.dealer].discarded == 1
        ):
            return None
    if not _complete(state, seat, tile, held=turn):
        return None
    ctx = _win_context(state, seat, robbing=robbing)
    if not (s.uno or ctx.kong_replacement or ctx.heavenly_hand or ctx.earthly_hand):
        return None
    try:
        return score(_hand(state, seat, tile), ctx, state.rules, enforce_minimum=True)
    except NotWinningError:
        return None


def _next(state: RoundState, seat: int, steps: int = 1) -> int:
    return (seat + steps * state.direction) % state.players


class _Tables:
    """Per tile set: every action (actions are values, built once), and the
    neighbours and chows of each tile."""

    __slots__ = (
        "added_kong",
        "chow",
        "chows",
        "concealed_kong",
        "discard",
        "events",
        "honour8",
        "honour_mask",
        "knit_lanes",
        "knit_mult",
        "knitted8",
        "knitted_masks",
        "kong",
        "neighbours",
        "orphan8",
        "orphan_mask",
        "pung",
        "suited8",
        "tileset",
        "uno",
    )

    def __init__(self, ts: TileSet) -> None:
        self.tileset = ts

        def table(kind: ActionKind, uno: bool = False) -> dict[Tile, Action]:
            return {t: Action(kind, t, uno) for t in ts.tiles}

        self.discard = table(ActionKind.DISCARD)
        self.uno = table(ActionKind.DISCARD, True)
        self.concealed_kong = table(ActionKind.CONCEALED_KONG)
        self.added_kong = table(ActionKind.ADDED_KONG)
        self.kong = table(ActionKind.KONG)
        self.pung = table(ActionKind.PUNG)
        self.chow = table(ActionKind.CHOW)
        self.events = {
            kind: tuple({t: Event(kind, seat, t) for t in ts.tiles} for seat in range(MAX_PLAYERS))
            for kind in ("draw", "replacement", "discard", "uno", "reverse", "skip")
        }
        """The frequent events, built once: ``events[kind][seat][tile]``."""
        self.neighbours: list[tuple[int, ...]] = [() for _ in range(ts.size)]
        """Codes of the suited tiles within two ranks of a suited tile."""
        self.chows: dict[Tile, tuple[tuple[Tile, int, int], ...]] = {}
        """(lowest tile, the other two tiles' codes) of each chow holding a tile."""
        for t in ts.tiles:
            if t.rank is None:
                self.chows[t] = ()
                continue
            suit = t.suit or 0
            self.neighbours[t.code] = tuple(
                ts.number(suit, r).code
                for r in range(t.rank - 2, t.rank + 3)
                if 1 <= r <= 9 and r != t.rank
            )
            chows = []
            for start in range(max(1, t.rank - 2), min(7, t.rank) + 1):
                need = [ts.number(suit, r) for r in range(start, start + 3)]
                need.remove(t)
                chows.append((ts.number(suit, start), need[0].code, need[1].code))
            self.chows[t] = tuple(chows)
        lay = layout_for(ts)
        self.knitted_masks = lay.knitted_masks
        self.orphan_mask = lay.orphan_mask
        self.honour_mask = lay.honour_mask
        # The same sets with bit 8 * code, for _shanten_floor. A shift by 8 or
        # 16 bits moves a suited tile one or two ranks; the codes between the
        # suits (BLOCK layout) hold no suited tile, so masking with suited8
        # keeps each suit apart. Checked here against the neighbour table.
        self.knitted8 = tuple(map(_spread, lay.knitted_masks))
        self.orphan8 = _spread(lay.orphan_mask)
        self.honour8 = _spread(lay.honour_mask)
        self.suited8 = suited8 = sum(1 << (8 * t.code) for t in ts.tiles if t.rank is not None)
        for t in ts.tiles:
            bit = 1 << (8 * t.code)
            near = ((bit << 8) | (bit >> 8) | (bit << 16) | (bit >> 16)) & suited8
            if t.rank is not None and near != sum(1 << (8 * d) for d in self.neighbours[t.code]):
                raise AssertionError(f"tile codes of {ts.name} do not keep suits apart")
        self.knit_mult, self.knit_lanes = _knit_lanes(ts, lay.knitted_codes)


def _knit_lanes(
    ts: TileSet, knitted_codes: tuple[tuple[int, ...], ...]
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """How :func:`_shanten_floor` bounds the tiles held of a knitted set.

    Each knitted set is three runs ``c, c + 3, c + 6`` (ranks 1-4-7, 2-5-8 and
    3-6-9, each from another suit). Multiplying the held kinds (bit
    ``8 * code``) by ``knit_mult`` sums each run into the byte of its last
    code (0 to 3, no carries). For each of the three rank patterns,
    ``knit_lanes`` holds the masks of bit 1 and of bit 0 of those bytes, from
    which the most tiles held of one run is read; the sum over the patterns
    is at least the tiles held of any knitted set. No lanes (the exact count
    is taken) if the tile set's knitted sets are not of that form.
    """
    mult = 1 | 1 << 24 | 1 << 48
    lanes = [0, 0, 0]
    for codes in knitted_codes:
        starts = [c for c in codes if c + 3 in codes and c + 6 in codes and c - 3 not in codes]
        slots = set()
        for c in starts:
            rank = ts.by_code(c).rank
            if rank is None or rank > 3:
                return mult, ()
            slots.add(rank - 1)
            lanes[rank - 1] |= 1 << (8 * (c + 6))
        if len(codes) != 9 or len(starts) != 3 or slots != {0, 1, 2}:
            return mult, ()
    return mult, tuple((low << 1, low) for low in lanes if low)


_WIN = Action(ActionKind.WIN)
_PASS = Action(ActionKind.PASS)
_TABLES: dict[int, _Tables] = {}


def _tables(ts: TileSet) -> _Tables:
    tab = _TABLES.get(id(ts))
    if tab is None or tab.tileset is not ts:
        tab = _TABLES[id(ts)] = _Tables(ts)
    return tab


_last_tables: tuple[Any, Any] = (None, None)
"""The last rule set :func:`_tables_of` was asked about, and its tables: one
tuple, replaced by one assignment, so a thread never pairs a rule set with
the tables of another (docs/threads.md)."""


def _tables_of(rules: RuleSet) -> _Tables:
    """``_tables(rules.tileset)``, remembering the last rule set."""
    global _last_tables
    last = _last_tables
    if last[0] is rules:
        tab: _Tables = last[1]
        return tab
    tab = _tables(rules.tileset)
    _last_tables = (rules, tab)
    return tab


_last_legal: tuple[Any, int, tuple[Action, ...]] = (None, -1, ())
"""The last answer of :func:`legal_actions` (state, seat, actions): a caller
asks, then applies. One tuple, replaced by one assignment, so a thread never
reads the actions of another state."""


def legal_actions(state: RoundState, seat: int) -> tuple[Action, ...]:
    """Every action ``seat`` may take now, in a fixed order: win, kongs,
    discards (UNO declarations after plain ones), claims, pass."""
    global _last_legal
    if not isinstance(state, RoundState):
        raise refuse_state("legal_actions", state)
    if type(seat) is not int:
        seat = whole_number(seat, "seat")  # a NumPy integer; a float is refused
    last = _last_legal
    if last[0] is state and last[1] == seat:
        return last[2]
    actions = _legal_actions(state, seat)
    _last_legal = (state, seat, actions)
    return actions


def _legal_actions(state: RoundState, seat: int) -> tuple[Action, ...]:
    phase = state.phase
    if phase is Phase.TURN:
        if seat != state.current:
            return ()
    elif phase is Phase.ENDED or seat not in state.pending:
        return ()
    else:
        return _claim_options(state, seat)
    s = state.seats[seat]
    tab = _tables_of(state.rules)
    claimed = state.claimed
    uno = s.uno
    out: list[Action] = []
    # _can_win's first test inline: a win needs UNO, a replacement tile or 天和/地和.
    if (
        not claimed
        and (uno or state.replacement or (state.window and s.draws == 1 and s.discarded == 0))
        and _can_win(state, seat) is not None
    ):
        out.append(_WIN)
    if uno and state.drawn is not None:
        out.append(tab.discard[state.drawn])
        return tuple(out)
    concealed = s.concealed
    # The concealed tiles are sorted by code: so are the distinct ones.
    options = dict.fromkeys(concealed)
    if not claimed and not uno and state.back >= state.front:
        counts = s._counts
        if counts is None:
            counts = _seat_counts(tab.tileset, s)
        if len(concealed) - len(options) >= 3:  # room for four of a kind
            for t in options:
                if counts[t.code] == 4:
                    out.append(tab.concealed_kong[t])
        for m in s.melds:
            if m.kind is MeldKind.PUNG and counts[m.tile.code]:
                out.append(tab.added_kong[m.tile])
    discards = map(tab.discard.__getitem__, options)
    if uno:
        out.extend(discards)
        return tuple(out)
    # A discard never lowers the shanten: no UNO discard while the floor is above 0.
    floor = s._floor
    if floor is not None and floor > 0:
        if not out:
            return tuple(discards)
        out.extend(discards)
        return tuple(out)
    ready = _uno_discards(state, seat, options)
    out.extend(discards)
    if ready:
        out.extend(map(tab.uno.__getitem__, ready))
    return tuple(out)


def _claimable(state: RoundState, seat: int) -> bool:
    """``bool(_claim_options(state, seat))``, cheaply."""
    s = state.seats[seat]
    if state.phase is Phase.CLAIM and not state.last and not s.uno:
        tile = state.offered
        assert tile is not None
        if _seat_counts(state.rules.tileset, s)[tile.code] >= 2:
            return True
        if tile.rank is not None and seat == _next(state, state.current) and _chows(state, s, tile):
            return True
    return _can_win(state, seat, robbing=state.phase is Phase.ROB) is not None


def _chows(state: RoundState, s: SeatState, tile: Tile) -> list[Tile]:
    """The lowest tiles of the chows ``s`` can make with ``tile``."""
    ts = state.rules.tileset
    counts = _seat_counts(ts, s)
    return [start for start, a, b in _tables(ts).chows[tile] if counts[a] and counts[b]]


def _claim_options(state: RoundState, seat: int) -> tuple[Action, ...]:
    tile = state.offered
    assert tile is not None
    s = state.seats[seat]
    out: list[Action] = []
    if _can_win(state, seat, robbing=state.phase is Phase.ROB) is not None:
        out.append(_WIN)
    if state.phase is Phase.CLAIM and not state.last and not s.uno:
        acts = _tables_of(state.rules)
        n = _seat_counts(acts.tileset, s)[tile.code]
        if n >= 3 and state.wall_left > 0:
            out.append(acts.kong[tile])
        if n >= 2:
            out.append(acts.pung[tile])
        if seat == _next(state, state.current) and tile.rank is not None:
            chow = acts.chow
            out.extend([chow[t] for t in _chows(state, s, tile)])
    if out:
        out.append(_PASS)
    return tuple(out)


# ------------------------------------------------------------------ apply


def apply(state: RoundState, seat: int, action: Action) -> tuple[RoundState, tuple[Event, ...]]:
    """The state after ``seat`` takes ``action``, and the events it caused.

    Raises :class:`IllegalActionError` (a ``ValueError``) for anything not in
    :func:`legal_actions`; the given state is never modified (it is frozen).
    """
    if not isinstance(state, RoundState):
        raise refuse_state("apply", state)
    if state.phase is Phase.ENDED:
        raise IllegalActionError("ended", "the round is over")
    if type(seat) is not int:
        seat = whole_number(seat, "seat")  # a NumPy integer; a float is refused
    last = _last_legal
    actions = last[2] if last[0] is state and last[1] == seat else legal_actions(state, seat)
    for a in actions:
        if a is action:
            break
    else:
        if action not in actions:
            if not isinstance(action, Action):
                raise wrong_type(
                    IllegalActionError, "not-an-action", "apply", "action", action, "an Action"
                )
            who = "it is not this seat's turn" if seat not in awaiting(state) else "not allowed now"
            raise IllegalActionError(
                "illegal-action", f"seat {quote(seat)} may not {action}: {who}"
            )
    if state.phase is Phase.TURN:
        if action.kind is ActionKind.DISCARD:
            return _discard(state, seat, action)
        return _turn(state, seat, action)
    answers = (*state.answers, (seat, action))
    pending = tuple(p for p in state.pending if p != seat)
    state = _round(
        state.rules,
        state.dealer,
        state.wall,
        state.front,
        state.back,
        state.seats,
        state.phase,
        state.current,
        state.direction,
        state.drawn,
        state.replacement,
        state.last,
        state.claimed,
        state.offered,
        pending,
        answers,
        state.window,
        state.result,
        state._memo,
    )
    if pending:
        return state, ()
    return _resolve(state)


def _turn(state: RoundState, seat: int, action: Action) -> tuple[RoundState, tuple[Event, ...]]:
    s = state.seats[seat]
    kind = action.kind
    if kind is ActionKind.WIN:
        result = _can_win(state, seat)
        assert result is not None
        return _end(state, (Win(seat, result, None),), (Event("win", seat, state.drawn),))
    if kind is ActionKind.CONCEALED_KONG:
        tile = action.tile
        assert tile is not None
        s = _seat(
            _remove(s.concealed, tile, tile, tile, tile),
            (*s.melds, Meld(MeldKind.KONG, tile, exposed=False)),
            s.discards,
            s.uno,
            s.uno_first,
            s.draws,
            s.discarded,
            None,
            None,
        )
        state = _replaced(state, seats=_replace(state.seats, seat, s), window=False)
        new, events = _draw(state, seat, replacement=True)
        return new, (Event("concealed_kong", seat, tile), *events)
    if kind is ActionKind.ADDED_KONG:
        tile = action.tile
        assert tile is not None
        state = _replaced(state, phase=Phase.ROB, offered=tile, window=False, answers=())
        robbers = tuple(i for i in range(state.players) if i != seat and _claimable(state, i))
        state = _replaced(state, pending=robbers)
        if robbers:
            return state, (Event("added_kong", seat, tile),)
        new, events = _complete_added_kong(state)
        return new, (Event("added_kong", seat, tile), *events)
    raise AssertionError(f"not a turn action: {action}")  # discards go to _discard


def _discard(state: RoundState, seat: int, action: Action) -> tuple[RoundState, tuple[Event, ...]]:
    """The current seat discards (``action.uno``: and declares UNO); when
    nobody may claim the tile, the next seat draws at once."""
    tile = action.tile
    assert tile is not None
    uno = action.uno
    s = state.seats[seat]
    tab = _tables_of(state.rules)
    events = tab.events
    code = tile.code
    concealed = s.concealed
    i = bisect_left(concealed, code, key=_code)
    if i >= len(concealed) or concealed[i] is not tile:
        i = concealed.index(tile)
    counts = s._counts
    if counts is not None:
        counts = counts.copy()
        counts[code] -= 1
    new_s = _seat(
        concealed[:i] + concealed[i + 1 :],
        s.melds,
        (*s.discards, tile),
        s.uno or uno,
        s.uno_first or (uno and s.discarded == 0 and state.window),
        s.draws,
        s.discarded + 1,
        s._floor,  # one tile fewer never lowers the shanten
        counts,
    )
    said: tuple[Event, ...] = (
        (events["discard"][seat][tile], events["uno"][seat][tile])
        if uno
        else (events["discard"][seat][tile],)
    )
    table = list(state.seats)
    table[seat] = new_s
    last = state.back < state.front
    claimers = _claimers(state, seat, tile, table, last, tab)
    if claimers:
        return _claim_state(state, tuple(table), tile, last, claimers), said
    if last:
        new, more = _pass(_claim_state(state, tuple(table), tile, last, ()))
        return new, said + more
    # Nobody claims and the wall is not empty: as _pass, without the CLAIM
    # state, and the next seat draws as in _draw_with.
    direction = state.direction
    honour = tile.honour
    if honour is None:
        nxt = (seat + direction) % len(table)
    elif honour.symbol == "R":
        direction = -direction
        nxt = (seat + direction) % len(table)
        said += (events["reverse"][seat][tile],)
    elif honour.symbol == "S":
        nxt = (seat + 2 * direction) % len(table)
        said += (events["skip"][seat][tile],)
    else:
        nxt = (seat + direction) % len(table)
    front = state.front
    drawn = state.wall[front]
    table[nxt] = _drawn(table[nxt], drawn)
    new = _round(
        state.rules,
        state.dealer,
        state.wall,
        front + 1,
        state.back,
        tuple(table),
        Phase.TURN,
        nxt,
        direction,
        drawn,
        False,
        state.back <= front,
        False,
        None,
        (),
        (),
        state.window,
        state.result,
        state._memo,
    )
    return new, (*said, events["draw"][nxt][drawn])


def _claim_state(
    state: RoundState,
    seats: tuple[SeatState, ...],
    tile: Tile,
    last: bool,
    pending: tuple[int, ...],
) -> RoundState:
    """The CLAIM state after the current seat of ``state`` discards ``tile``."""
    return _round(
        state.rules,
        state.dealer,
        state.wall,
        state.front,
        state.back,
        seats,
        Phase.CLAIM,
        state.current,
        state.direction,
        None,
        False,
        last,
        False,
        tile,
        pending,
        (),
        state.window,
        state.result,
        state._memo,
    )


def _claimers(
    state: RoundState,
    seat: int,
    tile: Tile,
    seats: Sequence[SeatState],
    last: bool,
    tab: _Tables,
) -> tuple[int, ...]:
    """The seats with an option on the discard of ``tile`` by the current seat
    of ``state`` (``seats`` after it): those whose :func:`_claim_options` in
    the CLAIM state are not empty."""
    dealer = state.dealer
    # Without UNO, only 地和 wins on a discard: the dealer's first, in the window.
    earthly = state.window and seat == dealer and seats[dealer].discarded == 1
    after = (seat + state.direction) % len(seats)
    chows = tab.chows[tile]
    code = tile.code
    out = []
    maybe = []
    for i, o in enumerate(seats):
        if i == seat:
            continue
        if o.uno:
            maybe.append(i)
            continue
        if not last:
            counts = o._counts
            if counts is None:
                counts = _seat_counts(tab.tileset, o)
            if counts[code] >= 2:
                out.append(i)
                continue
            if i == after and chows and _can_chow(counts, chows):
                out.append(i)
                continue
        if earthly and i != dealer:
            maybe.append(i)
    if maybe:
        claim = _claim_state(state, tuple(seats), tile, last, ())
        out.extend(i for i in maybe if _can_win(claim, i) is not None)
        out.sort()
    return tuple(out)


def _can_chow(counts: bytearray, chows: tuple[tuple[Tile, int, int], ...]) -> bool:
    """Whether ``counts`` hold the two other tiles of one of the ``chows``."""
    return any(counts[a] and counts[b] for _, a, b in chows)


def _complete_added_kong(state: RoundState) -> tuple[RoundState, tuple[Event, ...]]:
    seat, tile = state.current, state.offered
    assert tile is not None
    s = state.seats[seat]
    melds = tuple(
        Meld(MeldKind.KONG, m.tile, exposed=True, source=m.source)
        if m.kind is MeldKind.PUNG and m.tile == tile
        else m
        for m in s.melds
    )
    s = _seat(
        _remove(s.concealed, tile),
        melds,
        s.discards,
        s.uno,
        s.uno_first,
        s.draws,
        s.discarded,
        None,
        None,
    )
    state = _replaced(state, seats=_replace(state.seats, seat, s), offered=None)
    return _draw(state, seat, replacement=True)


def _in_turn_order(state: RoundState, seats: Iterable[int]) -> list[int]:
    """Seats ordered by turn from the offering seat, in the current direction."""
    return sorted(seats, key=lambda i: ((i - state.current) * state.direction) % state.players)


def _resolve(state: RoundState) -> tuple[RoundState, tuple[Event, ...]]:
    """All answers are in: carry out the highest claim (wins all together)."""
    robbing = state.phase is Phase.ROB
    answers = state.answers  # one answer per seat
    winners = [i for i, a in answers if a.kind is ActionKind.WIN]
    tile = state.offered
    assert tile is not None
    if winners:
        winners = _in_turn_order(state, winners)
        wins = []
        for w in winners:
            result = _can_win(state, w, robbing=robbing)
            assert result is not None
            wins.append(Win(w, result, state.current))
        return _end(state, tuple(wins), tuple(Event("win", w, tile) for w in winners))
    if robbing:
        return _complete_added_kong(_replaced(state, answers=(), pending=()))
    # The first answer of the highest rank (passes rank 0).
    best: tuple[int, Action] | None = None
    rank = 0
    for answer in answers:
        r = _CLAIM_RANK.get(answer[1].kind, 0)
        if r > rank:
            best, rank = answer, r
    if best is not None:
        return _claim(state, best[0], best[1])
    return _pass(state)


def _pass(state: RoundState) -> tuple[RoundState, tuple[Event, ...]]:
    """Nobody claims the discard: Reverse and Skip act, then the next seat draws."""
    tile = state.offered
    assert tile is not None
    discarder = state.current
    events: tuple[Event, ...] = ()
    direction = state.direction
    step = 1
    honour = tile.honour
    if honour is not None and honour.symbol == "R":
        direction = -direction
        events += (Event("reverse", discarder, tile),)
    elif honour is not None and honour.symbol == "S":
        step = 2
        events += (Event("skip", discarder, tile),)
    if state.last or state.wall_left == 0:
        if direction != state.direction:
            state = _replaced(state, direction=direction)
        return _end(state, (), (*events, Event("exhaustive_draw", discarder)))
    seat = (discarder + step * direction) % state.players
    new, more = _draw_with(state, state.seats, direction, seat, False)
    return new, events + more


def _claim(state: RoundState, seat: int, action: Action) -> tuple[RoundState, tuple[Event, ...]]:
    tile = state.offered
    assert tile is not None
    discarder = state.current
    source = (seat - discarder) % state.players
    d = state.seats[discarder]
    d = _seat(
        d.concealed,
        d.melds,
        d.discards[:-1],
        d.uno,
        d.uno_first,
        d.draws,
        d.discarded,
        d._floor,
        d._counts,
    )
    s = state.seats[seat]
    kind = action.kind
    if kind is ActionKind.CHOW:
        start = action.tile
        assert start is not None and start.rank is not None
        ts = state.rules.tileset
        chow = [ts.by_code(start.code + i) for i in range(3)]
        chow.remove(tile)
        meld = Meld(MeldKind.CHOW, start, exposed=True, source=source, claimed=tile)
        concealed = _remove(s.concealed, *chow)
    else:
        n = 3 if kind is ActionKind.KONG else 2
        meld = Meld(
            MeldKind.KONG if kind is ActionKind.KONG else MeldKind.PUNG,
            tile,
            exposed=True,
            source=source,
            claimed=tile,
        )
        concealed = _remove(s.concealed, *([tile] * n))
    s = _seat(
        concealed,
        (*s.melds, meld),
        s.discards,
        s.uno,
        s.uno_first,
        s.draws,
        s.discarded,
        None,
        None,
    )
    seats = _replace(_replace(state.seats, discarder, d), seat, s)
    state = _replaced(
        state,
        seats=seats,
        window=False,
        offered=None,
        pending=(),
        answers=(),
        current=seat,
        phase=Phase.TURN,
        drawn=None,
        claimed=True,
        last=False,
    )
    event = Event(kind.value, seat, tile)
    if kind is ActionKind.KONG:
        new, more = _draw(state, seat, replacement=True)
        return new, (event, *more)
    return state, (event,)


def _end(
    state: RoundState, wins: tuple[Win, ...], events: tuple[Event, ...]
) -> tuple[RoundState, tuple[Event, ...]]:
    base = state.rules.options.base_points
    pay = [0] * state.players
    winners = {w.seat for w in wins}
    for w in wins:
        fans = w.score.total
        for i in range(state.players):
            if i in winners:
                continue
            due = base + fans if w.from_seat is None or w.from_seat == i else base
            pay[i] -= due
            pay[w.seat] += due
    result = Outcome(wins, tuple(pay))
    return (
        _replaced(state, phase=Phase.ENDED, pending=(), answers=(), result=result),
        events,
    )
