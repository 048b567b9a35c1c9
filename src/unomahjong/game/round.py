"""One hand (盘) of UNO Mahjong as an immutable state machine (RULINGS.md section 5).

The state is a frozen value; :func:`apply` builds the next one. Randomness is
used only by :func:`start_round`, from a private ``random.Random(seed)``.
Draws and replacement draws happen inside :func:`apply` (they are not
choices), so every action a caller sends is a decision of one seat.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence

import attrs

from ..context import WinContext
from ..errors import MahjongError, NotWinningError
from ..hand import Hand, Meld, MeldKind
from ..rules import RuleSet, get_rules
from ..scoring import Score, score
from ..shanten import is_complete_counts, layout_for, min_shanten, waits_codes
from ..tiles import Tile

MIN_PLAYERS = 2
MAX_PLAYERS = 8
DEAL = 13


class IllegalActionError(MahjongError):
    """An action the seat may not take now; the state is unchanged."""


class Phase(enum.Enum):
    """What the round is waiting for."""

    TURN = "turn"
    """The current seat, holding 14 tiles (kongs as 3), wins, kongs or discards."""
    CLAIM = "claim"
    """Seats answer a discard: win, kong, pung, chow or pass."""
    ROB = "rob"
    """Seats may rob a kong (win on the tile added to an exposed pung) or pass."""
    ENDED = "ended"


class ActionKind(enum.Enum):
    """The decisions a seat can send."""

    WIN = "win"
    CONCEALED_KONG = "concealed_kong"
    ADDED_KONG = "added_kong"
    DISCARD = "discard"
    PASS = "pass"
    KONG = "kong"
    PUNG = "pung"
    CHOW = "chow"


_CLAIM_RANK = {ActionKind.WIN: 3, ActionKind.KONG: 2, ActionKind.PUNG: 2, ActionKind.CHOW: 1}


@attrs.frozen(slots=True)
class Action:
    """One decision. ``tile``: the discard, the kong's tile, or the lowest tile
    of a chow; ``uno``: a discard that declares UNO."""

    kind: ActionKind
    tile: Tile | None = None
    uno: bool = False

    def __str__(self) -> str:
        tile = f" {self.tile}" if self.tile is not None else ""
        return f"{self.kind.value}{tile}{' UNO' if self.uno else ''}"


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

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def wall_left(self) -> int:
        """Tiles still in the wall."""
        return self.back - self.front + 1


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
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalActionError("players", f"{players} players; 2 to 8 may play")
    if not 0 <= dealer < players:
        raise IllegalActionError("dealer", f"no seat {dealer} among {players}")
    ts = rs.tileset
    full = [t for t in ts.tiles for _ in range(ts.copies)]
    if wall is None:
        random.Random(seed).shuffle(full)
        tiles = tuple(full)
    else:
        tiles = tuple(wall)
        if sorted(t.code for t in tiles) != sorted(t.code for t in full):
            raise IllegalActionError("wall", "an explicit wall must hold every tile exactly once")
    hands: list[list[Tile]] = [[] for _ in range(players)]
    i = 0
    for _ in range(DEAL):
        for k in range(players):
            hands[(dealer + k) % players].append(tiles[i])
            i += 1
    seats = tuple(SeatState(_sorted(h)) for h in hands)
    state = RoundState(rs, dealer, tiles, i, len(tiles) - 1, seats, Phase.TURN, dealer)
    return _draw(state, dealer, replacement=False)


def _sorted(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=lambda t: t.code))


def _remove(tiles: Sequence[Tile], *gone: Tile) -> tuple[Tile, ...]:
    out = list(tiles)
    for t in gone:
        out.remove(t)
    return tuple(out)


def _draw(
    state: RoundState, seat: int, *, replacement: bool
) -> tuple[RoundState, tuple[Event, ...]]:
    """The seat draws from the front (or the back after a kong) and takes its turn."""
    if replacement:
        tile, front, back = state.wall[state.back], state.front, state.back - 1
    else:
        tile, front, back = state.wall[state.front], state.front + 1, state.back
    s = state.seats[seat]
    s = attrs.evolve(s, concealed=_sorted((*s.concealed, tile)), draws=s.draws + 1)
    new = attrs.evolve(
        state,
        seats=_replace(state.seats, seat, s),
        front=front,
        back=back,
        phase=Phase.TURN,
        current=seat,
        drawn=tile,
        replacement=replacement,
        last=back < front,
        claimed=False,
        offered=None,
        pending=(),
        answers=(),
    )
    return new, (Event("replacement" if replacement else "draw", seat, tile),)


def _replace(seats: tuple[SeatState, ...], i: int, s: SeatState) -> tuple[SeatState, ...]:
    return (*seats[:i], s, *seats[i + 1 :])


# ------------------------------------------------------------------ queries


def awaiting(state: RoundState) -> tuple[int, ...]:
    """Seats whose answer the round is waiting for, in seat order."""
    if state.phase is Phase.TURN:
        return (state.current,)
    if state.phase is Phase.ENDED:
        return ()
    return tuple(sorted(state.pending))


def outcome(state: RoundState) -> Outcome | None:
    """The result once the round has ended, else None."""
    return state.result


def _hand(state: RoundState, seat: int, win: Tile | None) -> Hand:
    """The seat's hand, with ``win`` as its winning tile (taken out of the
    concealed tiles in TURN, added in CLAIM/ROB)."""
    s = state.seats[seat]
    concealed = s.concealed
    if win is not None and state.phase is Phase.TURN:
        concealed = _remove(concealed, win)
    return Hand(state.rules.tileset, concealed, s.melds, win)


def _uno_discards(state: RoundState, seat: int, options: Sequence[Tile]) -> list[Tile]:
    """Discards after which the hand is ready in the RULINGS sense: a kind of
    which the player holds fewer than four copies completes it (copies seen
    elsewhere do not matter). Skipped at once when no discard can be ready."""
    s = state.seats[seat]
    ts = state.rules.tileset
    lay = layout_for(ts)
    counts = [0] * ts.size
    for t in s.concealed:
        counts[t.code] += 1
    melds = len(s.melds)
    if min_shanten(lay, counts, melds) > 0:
        return []
    held = list(counts)
    for m in s.melds:
        for c in m.codes:
            held[c] += 1
    out = []
    for t in options:
        counts[t.code] -= 1
        held[t.code] -= 1
        if min_shanten(lay, counts, melds) == 0 and any(
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


def _can_win(state: RoundState, seat: int, *, robbing: bool = False) -> Score | None:
    """The score of a win by ``seat`` now, or None when it may not win."""
    tile = state.drawn if state.phase is Phase.TURN else state.offered
    if tile is None:
        return None
    s = state.seats[seat]
    # Cheap tests first: a win needs UNO, a replacement tile or the first turn.
    if not (s.uno or (state.phase is Phase.TURN and state.replacement) or state.window):
        return None
    ts = state.rules.tileset
    counts = [0] * ts.size
    for t in s.concealed:
        counts[t.code] += 1
    if state.phase is not Phase.TURN:
        counts[tile.code] += 1
    if not is_complete_counts(layout_for(ts), counts, len(s.melds)):
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


_last_legal: list[tuple[RoundState, int, tuple[Action, ...]]] = []
"""The last answer of :func:`legal_actions`: a caller asks, then applies."""


def legal_actions(state: RoundState, seat: int) -> tuple[Action, ...]:
    """Every action ``seat`` may take now, in a fixed order: win, kongs,
    discards (UNO declarations after plain ones), claims, pass."""
    if _last_legal:
        last_state, last_seat, last_actions = _last_legal[0]
        if last_state is state and last_seat == seat:
            return last_actions
    actions = _legal_actions(state, seat)
    _last_legal[:] = [(state, seat, actions)]
    return actions


def _legal_actions(state: RoundState, seat: int) -> tuple[Action, ...]:
    if seat not in awaiting(state):
        return ()
    s = state.seats[seat]
    out: list[Action] = []
    if state.phase is Phase.TURN:
        if not state.claimed and _can_win(state, seat) is not None:
            out.append(Action(ActionKind.WIN))
        if not state.claimed and not s.uno and state.wall_left > 0:
            counts: dict[Tile, int] = {}
            for t in s.concealed:
                counts[t] = counts.get(t, 0) + 1
            for t in sorted(counts, key=lambda t: t.code):
                if counts[t] == 4:
                    out.append(Action(ActionKind.CONCEALED_KONG, t))
            for m in s.melds:
                if m.kind is MeldKind.PUNG and m.tile in counts:
                    out.append(Action(ActionKind.ADDED_KONG, m.tile))
        options = (
            [state.drawn]
            if s.uno and state.drawn is not None
            else sorted(set(s.concealed), key=lambda t: t.code)
        )
        for t in options:
            assert t is not None
            out.append(Action(ActionKind.DISCARD, t))
        if not s.uno:
            tiles = [t for t in options if t is not None]
            for t in _uno_discards(state, seat, tiles):
                out.append(Action(ActionKind.DISCARD, t, uno=True))
        return tuple(out)
    return _claim_options(state, seat)


def _claim_options(state: RoundState, seat: int) -> tuple[Action, ...]:
    tile = state.offered
    assert tile is not None
    s = state.seats[seat]
    out: list[Action] = []
    if _can_win(state, seat, robbing=state.phase is Phase.ROB) is not None:
        out.append(Action(ActionKind.WIN))
    if state.phase is Phase.CLAIM and not state.last and not s.uno:
        n = s.concealed.count(tile)
        if n >= 3 and state.wall_left > 0:
            out.append(Action(ActionKind.KONG, tile))
        if n >= 2:
            out.append(Action(ActionKind.PUNG, tile))
        if seat == _next(state, state.current) and tile.rank is not None:
            ts = state.rules.tileset
            for start in range(max(1, tile.rank - 2), min(7, tile.rank) + 1):
                need = [ts.number(tile.suit or 0, r) for r in range(start, start + 3)]
                need.remove(tile)
                if all(t in s.concealed for t in need):
                    out.append(Action(ActionKind.CHOW, ts.number(tile.suit or 0, start)))
    if out:
        out.append(Action(ActionKind.PASS))
    return tuple(out)


# ------------------------------------------------------------------ apply


def apply(state: RoundState, seat: int, action: Action) -> tuple[RoundState, tuple[Event, ...]]:
    """The state after ``seat`` takes ``action``, and the events it caused.

    Raises :class:`IllegalActionError` (a ``ValueError``) for anything not in
    :func:`legal_actions`; the given state is never modified (it is frozen).
    """
    if state.phase is Phase.ENDED:
        raise IllegalActionError("ended", "the round is over")
    if action not in legal_actions(state, seat):
        who = "it is not this seat's turn" if seat not in awaiting(state) else "not allowed now"
        raise IllegalActionError("illegal-action", f"seat {seat} may not {action}: {who}")
    if state.phase is Phase.TURN:
        return _turn(state, seat, action)
    answers = (*state.answers, (seat, action))
    pending = tuple(p for p in state.pending if p != seat)
    state = attrs.evolve(state, answers=answers, pending=pending)
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
        s = attrs.evolve(
            s,
            concealed=_remove(s.concealed, tile, tile, tile, tile),
            melds=(*s.melds, Meld(MeldKind.KONG, tile, exposed=False)),
        )
        state = attrs.evolve(state, seats=_replace(state.seats, seat, s), window=False)
        new, events = _draw(state, seat, replacement=True)
        return new, (Event("concealed_kong", seat, tile), *events)
    if kind is ActionKind.ADDED_KONG:
        tile = action.tile
        assert tile is not None
        state = attrs.evolve(state, phase=Phase.ROB, offered=tile, window=False, answers=())
        robbers = tuple(i for i in range(state.players) if i != seat and _claim_options(state, i))
        state = attrs.evolve(state, pending=robbers)
        if robbers:
            return state, (Event("added_kong", seat, tile),)
        new, events = _complete_added_kong(state)
        return new, (Event("added_kong", seat, tile), *events)
    # A discard.
    tile = action.tile
    assert tile is not None
    first = s.discarded == 0
    s = attrs.evolve(
        s,
        concealed=_remove(s.concealed, tile),
        discards=(*s.discards, tile),
        discarded=s.discarded + 1,
        uno=s.uno or action.uno,
        uno_first=s.uno_first or (action.uno and first and state.window),
    )
    said: tuple[Event, ...] = (Event("discard", seat, tile),)
    if action.uno:
        said += (Event("uno", seat, tile),)
    state = attrs.evolve(
        state,
        seats=_replace(state.seats, seat, s),
        phase=Phase.CLAIM,
        offered=tile,
        drawn=None,
        replacement=False,
        claimed=False,
        last=state.wall_left == 0,
        answers=(),
    )
    claimers = tuple(i for i in range(state.players) if i != seat and _claim_options(state, i))
    state = attrs.evolve(state, pending=claimers)
    if claimers:
        return state, said
    new, more = _resolve(state)
    return new, said + more


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
    s = attrs.evolve(s, concealed=_remove(s.concealed, tile), melds=melds)
    state = attrs.evolve(state, seats=_replace(state.seats, seat, s), offered=None)
    return _draw(state, seat, replacement=True)


def _in_turn_order(state: RoundState, seats: Iterable[int]) -> list[int]:
    """Seats ordered by turn from the offering seat, in the current direction."""
    return sorted(seats, key=lambda i: ((i - state.current) * state.direction) % state.players)


def _resolve(state: RoundState) -> tuple[RoundState, tuple[Event, ...]]:
    """All answers are in: carry out the highest claim (wins all together)."""
    robbing = state.phase is Phase.ROB
    answers = dict(state.answers)
    winners = _in_turn_order(state, [i for i, a in answers.items() if a.kind is ActionKind.WIN])
    tile = state.offered
    assert tile is not None
    if winners:
        wins = []
        for w in winners:
            result = _can_win(state, w, robbing=robbing)
            assert result is not None
            wins.append(Win(w, result, state.current))
        return _end(state, tuple(wins), tuple(Event("win", w, tile) for w in winners))
    if robbing:
        return _complete_added_kong(attrs.evolve(state, answers=(), pending=()))
    best = max(
        ((i, a) for i, a in answers.items() if a.kind is not ActionKind.PASS),
        key=lambda x: _CLAIM_RANK[x[1].kind],
        default=None,
    )
    discarder = state.current
    if best is not None:
        return _claim(state, best[0], best[1])
    # Nobody claims: Reverse and Skip act, then the next seat draws.
    events: tuple[Event, ...] = ()
    step = 1
    if tile.honour is not None and tile.honour.symbol == "R":
        state = attrs.evolve(state, direction=-state.direction)
        events += (Event("reverse", discarder, tile),)
    elif tile.honour is not None and tile.honour.symbol == "S":
        step = 2
        events += (Event("skip", discarder, tile),)
    if state.last or state.wall_left == 0:
        return _end(state, (), (*events, Event("exhaustive_draw", discarder)))
    new, more = _draw(state, _next(state, discarder, step), replacement=False)
    return new, events + more


def _claim(state: RoundState, seat: int, action: Action) -> tuple[RoundState, tuple[Event, ...]]:
    tile = state.offered
    assert tile is not None
    discarder = state.current
    source = (seat - discarder) % state.players
    d = state.seats[discarder]
    d = attrs.evolve(d, discards=d.discards[:-1])
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
    s = attrs.evolve(s, concealed=concealed, melds=(*s.melds, meld))
    seats = _replace(_replace(state.seats, discarder, d), seat, s)
    state = attrs.evolve(
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
        attrs.evolve(state, phase=Phase.ENDED, pending=(), answers=(), result=result),
        events,
    )
