"""What a seat may do now (docs/rules.md#play): each question answered once.

* :func:`win_allowed`: the rule that a win needs UNO, a kong's replacement
  tile, 天和 or 地和; :func:`may_win`: the score of a win now, or None;
  :func:`win_context`: the exact context of that win.
* :func:`turn_options`: what the current seat may do in its turn;
  :func:`uno_discards`: which discards leave the hand ready (UNO).
* :func:`claim_options`: the answers to a discard or an added kong;
  :func:`claimers`: the seats that have one.
* :func:`legal_actions`, :func:`awaiting`, :func:`outcome`: the public queries.

Each answer is written on the public API (``score``, ``is_winning``,
``waits``); with the pre-filters of ``_fast`` on (the default)
the same answer comes sooner, and the round's memo keeps what it weighed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..context import WinContext
from ..errors import NotWinningError
from ..hand import Hand, MeldKind
from ..scoring import Score, score
from ..shanten import is_complete_counts, is_winning, layout_for, min_shanten, waits, waits_codes
from ..tiles import Tile, TileSet
from . import _fast
from ._fast import Tables, can_chow, may_complete, shanten_floor
from .actions import PASS, WIN, Action, refuse_state, whole_number
from .state import Outcome, Phase, RoundState, SeatState

_set_legal = RoundState.__dict__["_legal"].__set__
_set_floor = SeatState.__dict__["_floor"].__set__
_set_counts = SeatState.__dict__["_counts"].__set__


# ------------------------------------------------------------------ the seat's tiles


def counts_of(tiles: Iterable[Tile], ts: TileSet) -> bytearray:
    """``tiles`` counted by code."""
    counts = bytearray(ts.size)
    for t in tiles:
        counts[t.code] += 1
    return counts


def seat_counts(ts: TileSet, s: SeatState) -> bytearray:
    """The seat's concealed tiles counted by code (kept on the seat: do not modify)."""
    counts = s._counts
    if counts is None:
        counts = counts_of(s.concealed, ts)
        _set_counts(s, counts)
    return counts


def counts_shanten(state: RoundState, counts: Sequence[int], melds: int) -> int:
    """The shanten of concealed ``counts`` with ``melds`` melds, remembered
    for the round."""
    if not _fast.ENABLED:
        return min_shanten(layout_for(state.rules.shapes), counts, melds)
    memo = state._memo.shanten
    key = (bytes(counts), melds)
    sh = memo.get(key)
    if sh is None:
        sh = state._memo.store(
            memo, key, min_shanten(layout_for(state.rules.shapes), counts, melds)
        )
    return sh


def hand_of(state: RoundState, seat: int, win: Tile | None) -> Hand:
    """The seat's hand, with ``win`` as its winning tile (taken out of the
    concealed tiles in TURN, added in CLAIM/ROB)."""
    s = state.seats[seat]
    concealed = list(s.concealed)
    if win is not None and state.phase is Phase.TURN:
        concealed.remove(win)
    return Hand(state.rules.tileset, concealed, s.melds, win)


# ------------------------------------------------------------------ winning


def _first_turn(state: RoundState, s: SeatState) -> bool:
    """The seat's first turn, in the window: its first draw, nothing discarded."""
    return state.window and s.draws == 1 and s.discarded == 0


def _earthly_offer(state: RoundState, seats: Sequence[SeatState]) -> bool:
    """The offered tile is the dealer's first discard, in the window (with
    ``seats`` as they are with the tile on offer): a seat other than the
    dealer that wins on it wins 地和."""
    return state.window and state.current == state.dealer and seats[state.dealer].discarded == 1


def win_allowed(state: RoundState, seat: int, robbing: bool = False) -> bool:
    """Whether the rules let ``seat`` win now at all: with UNO declared, on a
    kong's replacement tile, or as 天和/地和 (docs/rules.md#the-uno-declaration)."""
    s = state.seats[seat]
    if s.uno:
        return True
    if state.phase is Phase.TURN:
        # _first_turn, inline: this is asked at every turn.
        return state.replacement or (state.window and s.draws == 1 and s.discarded == 0)
    return not robbing and seat != state.dealer and _earthly_offer(state, state.seats)


def _completes(state: RoundState, seat: int, tile: Tile, *, held: bool) -> bool:
    """``is_winning`` of the seat's hand with ``tile`` (``held``: among its
    concealed tiles), from counts: :func:`_fast.may_complete` first, and
    remembered for the round."""
    s = state.seats[seat]
    ts = state.rules.tileset
    rest = s.concealed
    if held:
        i = rest.index(tile)
        rest = rest[:i] + rest[i + 1 :]
    melds = len(s.melds)
    key = (rest, melds, tile)
    memo = state._memo.complete
    done = memo.get(key)
    if done is None:
        counts = list(seat_counts(ts, s))
        if held:
            counts[tile.code] -= 1
        done = may_complete(state._memo.tables, counts, melds, tile.code)
        if done:
            counts[tile.code] += 1
            done = is_complete_counts(layout_for(state.rules.shapes), counts, melds)
        state._memo.store(memo, key, done)
    return done


def may_win(state: RoundState, seat: int, robbing: bool = False) -> Score | None:
    """The score of a win by ``seat`` now (on the drawn tile in TURN, the
    offered one in CLAIM/ROB), or None when it may not win."""
    turn = state.phase is Phase.TURN
    tile = state.drawn if turn else state.offered
    if tile is None or not win_allowed(state, seat, robbing):
        return None
    if _fast.ENABLED:
        if not _completes(state, seat, tile, held=turn):
            return None
        hand = hand_of(state, seat, tile)
    else:
        hand = hand_of(state, seat, tile)
        if not is_winning(hand, rules=state.rules):
            return None
    ctx = win_context(state, seat, robbing=robbing)
    try:
        return score(hand, ctx, state.rules, enforce_minimum=True)
    except NotWinningError:  # fewer fans than the rules' minimum
        return None


def _visible(state: RoundState, tile: Tile) -> int:
    """Copies of ``tile`` on the table: in exposed melds and in discards."""
    visible = 0
    for other in state.seats:
        visible += sum(m.tiles.count(tile) for m in other.melds if m.exposed)
        visible += other.discards.count(tile)
    return visible


def win_context(state: RoundState, seat: int, *, robbing: bool = False) -> WinContext:
    """The exact context of a win by ``seat`` now."""
    s = state.seats[seat]
    self_drawn = state.phase is Phase.TURN
    tile = state.drawn if self_drawn else state.offered
    assert tile is not None
    visible = _visible(state, tile)
    if not self_drawn and not robbing:
        visible -= 1  # the discard being won on is the winning tile itself
    dealer = seat == state.dealer
    heavenly = self_drawn and dealer and _first_turn(state, s)
    if self_drawn:
        earthly = not dealer and _first_turn(state, s)
    else:
        earthly = not robbing and not dealer and _earthly_offer(state, state.seats)
    held_copy = hand_of(state, seat, tile).counts[tile.code] > 1
    first = heavenly or earthly
    return WinContext(
        self_drawn=self_drawn,
        last_copy=visible >= 3 and not held_copy and not heavenly and (self_drawn or not earthly),
        last_tile=state.last and not first,
        kong_replacement=self_drawn and state.replacement,
        robbing_kong=robbing,
        heavenly_hand=heavenly,
        earthly_hand=earthly and not heavenly,
        heavenly_uno=s.uno_first and not first,
    )


# ------------------------------------------------------------------ the turn


def _ready(state: RoundState, hand: Hand, held: Sequence[int]) -> bool:
    """Whether the 13-tile ``hand`` waits on a kind of which the player
    holds fewer than four copies (``held``: its tiles by code, melds too)."""
    copies = state.rules.tileset.copies
    return any(held[t.code] < copies for t in waits(hand, rules=state.rules))


def _surely_not_ready(state: RoundState, seat: int) -> bool:
    """The pre-filter of :func:`uno_discards`: True when no discard of the
    seat can leave its hand ready (a discard never lowers the shanten, so
    none is unless the shanten is 0 or less). Keeps what it finds on the seat."""
    s = state.seats[seat]
    if s._floor is not None and s._floor > 0:
        return True
    ts = state.rules.tileset
    floor = shanten_floor(state._memo.tables, s.concealed, seat_counts(ts, s), len(s.melds))
    if floor <= 0:
        floor = counts_shanten(state, seat_counts(ts, s), len(s.melds))
    _set_floor(s, floor)
    return floor > 0


def uno_discards(state: RoundState, seat: int, options: Iterable[Tile]) -> list[Tile]:
    """The discards among ``options`` after which the hand is ready
    (docs/rules.md#the-uno-declaration): a kind of which the player holds
    fewer than four copies completes it (copies seen elsewhere do not matter)."""
    fast = _fast.ENABLED
    s = state.seats[seat]
    floor = s._floor
    if fast and ((floor is not None and floor > 0) or _surely_not_ready(state, seat)):
        return []
    ts = state.rules.tileset
    held = list(seat_counts(ts, s))
    for m in s.melds:
        for c in m.codes:
            held[c] += 1
    out = []
    if not fast:
        for t in options:
            rest = list(s.concealed)
            rest.remove(t)
            held[t.code] -= 1
            if _ready(state, Hand(ts, rest, s.melds), held):
                out.append(t)
            held[t.code] += 1
        return out
    lay = layout_for(state.rules.shapes)
    counts = list(seat_counts(ts, s))
    melds = len(s.melds)
    copies = ts.copies
    for t in options:
        counts[t.code] -= 1
        held[t.code] -= 1
        if counts_shanten(state, counts, melds) == 0 and any(
            held[c] < copies for c in waits_codes(lay, counts, melds)
        ):
            out.append(t)
        counts[t.code] += 1
        held[t.code] += 1
    return out


def _kongs(s: SeatState, tab: Tables, kinds: dict[Tile, None]) -> list[Action]:
    """The seat's concealed kongs (of ``kinds``, its distinct concealed
    tiles), then its added kongs."""
    counts = s._counts
    if counts is None:
        counts = seat_counts(tab.tileset, s)
    out = []
    if len(s.concealed) - len(kinds) >= 3:  # room for four of a kind
        out = [tab.concealed_kong[t] for t in kinds if counts[t.code] == 4]
    for m in s.melds:
        if m.kind is MeldKind.PUNG and counts[m.tile.code]:
            out.append(tab.added_kong[m.tile])
    return out


def turn_options(state: RoundState, seat: int) -> tuple[Action, ...]:
    """What the current seat may do in its turn, in a fixed order: win,
    concealed kongs, added kongs, discards, UNO declarations. After a chow or
    pung it only discards; a locked (UNO) hand discards its drawn tile."""
    s = state.seats[seat]
    tab = state._memo.tables
    claimed = state.claimed
    uno = s.uno
    out: list[Action] = []
    if not claimed and win_allowed(state, seat) and may_win(state, seat) is not None:
        out.append(WIN)
    if uno and state.drawn is not None:
        out.append(tab.discard[state.drawn])
        return tuple(out)
    # The concealed tiles are sorted by code: so are the distinct ones.
    kinds = dict.fromkeys(s.concealed)
    if (
        not claimed
        and not uno
        and state.back >= state.front  # no kong on an empty wall
        and (s.melds or len(s.concealed) - len(kinds) >= 3)  # a pung, or room for four alike
    ):
        out.extend(_kongs(s, tab, kinds))
    discards = map(tab.discard.__getitem__, kinds)
    floor = s._floor
    if uno or (_fast.ENABLED and floor is not None and floor > 0):
        # No UNO declaration: the hand is locked, or (the seat's shanten
        # floor, as uno_discards would find) no discard leaves it ready.
        if not out:
            return tuple(discards)
        out.extend(discards)
        return tuple(out)
    out.extend(discards)
    ready = uno_discards(state, seat, kinds)
    if ready:
        out.extend(map(tab.uno.__getitem__, ready))
    return tuple(out)


# ------------------------------------------------------------------ claims


def _melds_open(state: RoundState) -> bool:
    """Whether the offered tile may be claimed into a meld (by a seat whose
    hand is not locked): a discard, not a kong's tile offered to robbers,
    and not the hand's last discard."""
    return state.phase is Phase.CLAIM and not state.last


def _chow_seat(state: RoundState, tile: Tile) -> int:
    """The seat that may chow the offered ``tile`` (the next in turn), or -1
    when it is an honour."""
    if tile.rank is None:
        return -1
    return (state.current + state.direction) % len(state.seats)


def _meld_claims(state: RoundState, seat: int) -> list[Action]:
    """The kong, pung and chows ``seat`` may make on the offered tile."""
    s = state.seats[seat]
    if s.uno or not _melds_open(state):
        return []
    tile = state.offered
    assert tile is not None
    tab = state._memo.tables
    counts = seat_counts(tab.tileset, s)
    n = counts[tile.code]
    out = []
    if n >= 3 and state.wall_left > 0:
        out.append(tab.kong[tile])
    if n >= 2:
        out.append(tab.pung[tile])
    if seat == _chow_seat(state, tile):
        chow = tab.chow
        out.extend(chow[start] for start, a, b in tab.chows[tile] if counts[a] and counts[b])
    return out


def claim_options(state: RoundState, seat: int) -> tuple[Action, ...]:
    """The answers ``seat`` may give to the offered tile: win, kong, pung,
    chows, then pass; nothing when it has no option but to pass."""
    out: list[Action] = []
    if may_win(state, seat, robbing=state.phase is Phase.ROB) is not None:
        out.append(WIN)
    out.extend(_meld_claims(state, seat))
    if out:
        out.append(PASS)
    return tuple(out)


def claim_screen(
    state: RoundState, seats: Sequence[SeatState], tile: Tile, melds_open: bool, robbing: bool
) -> tuple[list[int], list[int]]:
    """The pre-filter of :func:`claimers`, from the seats and the offer
    alone (no state of the offer is needed): the seats with a pung, kong or
    chow on ``tile`` (when ``melds_open``: see :func:`_melds_open`), and
    the other seats that the rules let win on it, whose :func:`may_win` is
    still to be asked. ``state`` gives the offering seat (its ``current``),
    the direction, the dealer and the window; ``seats`` are the seats as
    they are with the tile on offer."""
    tab = state._memo.tables
    offering = state.current
    code = tile.code
    chower = _chow_seat(state, tile)
    chows = tab.chows[tile]
    dealer = state.dealer
    # win_allowed for a seat answering an offer, its test of the offer hoisted.
    earthly = not robbing and state.window and _earthly_offer(state, seats)
    melders = []
    winners = []
    for i, s in enumerate(seats):
        if i == offering:
            continue
        if melds_open and not s.uno:
            counts = s._counts
            if counts is None:
                counts = seat_counts(tab.tileset, s)
            if counts[code] >= 2 or (i == chower and can_chow(counts, chows)):
                melders.append(i)
                continue
        if s.uno or (earthly and i != dealer):
            winners.append(i)
    return melders, winners


def claimers(
    state: RoundState, screened: tuple[list[int], list[int]] | None = None
) -> tuple[int, ...]:
    """The seats, in seat order, with an option on the offered tile (those
    whose :func:`claim_options` are not empty); ``screened``: what
    :func:`claim_screen` found for this offer, if it was asked already."""
    offering = state.current
    if not _fast.ENABLED:
        return tuple(
            i for i in range(len(state.seats)) if i != offering and claim_options(state, i)
        )
    tile = state.offered
    assert tile is not None
    robbing = state.phase is Phase.ROB
    if screened is None:
        screened = claim_screen(state, state.seats, tile, _melds_open(state), robbing)
    melders, maybe = screened
    if not maybe:
        return tuple(melders)
    return tuple(sorted([*melders, *(i for i in maybe if may_win(state, i, robbing) is not None)]))


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


def options(state: RoundState, seat: int) -> tuple[Action, ...]:
    """:func:`legal_actions` for a checked state and seat, not remembered."""
    phase = state.phase
    if phase is Phase.TURN:
        if seat != state.current:
            return ()
        step = _fast.compiled_step()
        return turn_options(state, seat) if step is None else step.turn_options(state, seat)
    if phase is Phase.ENDED or seat not in state.pending:
        return ()
    return claim_options(state, seat)


def legal_actions(state: RoundState, seat: int) -> tuple[Action, ...]:
    """Every action ``seat`` may take now, in a fixed order: win, kongs,
    discards (UNO declarations after plain ones), claims, pass."""
    if not isinstance(state, RoundState):
        raise refuse_state("legal_actions", state)
    if type(seat) is not int:
        seat = whole_number(seat, "seat")  # a NumPy integer; a float is refused
    last = state._legal
    if last is not None and last[0] == seat:
        return last[1]
    actions = options(state, seat)
    _set_legal(state, (seat, actions))
    return actions
