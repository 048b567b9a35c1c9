"""What a seat may do now (docs/rules.md#play): each question answered once.

* :func:`win_allowed`: the rule that a win needs UNO, a kong's replacement
  tile, 天和 or 地和; :func:`may_win`: the score of a win now, or None;
  :func:`win_context`: the exact context of that win.
* :func:`turn_options`: what the current seat may do in its turn;
  :func:`uno_discards`: which discards leave the hand ready (UNO).
* :func:`claim_options`: the answers to a discard or an added kong;
  :func:`claimers`: the seats that have one.
* :func:`legal_actions`, :func:`awaiting`, :func:`outcome`: the public queries.

Each answer is written on the library's ``score`` and the shanten,
completion and wait tests of :mod:`unomahjong.analysis.shanten`; the
pre-filters (:mod:`~unomahjong.game.prefilters`) bring the same answer
sooner, and the judge's memos (:class:`RulesMemos`) keep what it weighed.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from typing import Any, Never

from .. import _engine
from .._checks import quote, unknown_keywords
from .._memo import Memo
from ..analysis.shanten import layout_for, shanten_of_counts, waits_codes
from ..errors import MahjongError, NotWinningError
from ..model.context import WINDS, WinContext
from ..model.hand import Hand, MeldKind
from ..model.tiles import Tile, TileSet
from ..rules.rule_sets import RuleSet
from ..scoring.scorer import Score, score
from .actions import (
    PASS,
    STATE_FAULTS,
    WIN,
    Action,
    StateFault,
    corrupt_state,
    present,
    refuse_state,
    whole_number,
)
from .prefilters import can_chow, shanten_floor
from .state import HandState, Outcome, Phase, SeatState, flow_of
from .tables import Tables, tables

# ------------------------------------------------------------------ memos


class RulesMemos:
    """What the judge has weighed for hands under one rule set: values that
    depend on their keys alone (and the rule set's shapes), so every round
    of those rules shares them, in any thread (``unomahjong._memo``)."""

    __slots__ = ("rules", "shanten", "waits")

    def __init__(self, rules: RuleSet) -> None:
        self.rules: RuleSet = rules
        """The rule set these memos are of (kept, so its ``id`` is not reused)."""
        self.shanten: Memo[tuple[bytes, int], int] = Memo()
        """Shanten by (concealed counts, melds): the engine and the greedy
        bot ask about the same hands (a seat's hand after its discard and in
        the next claim window, the hand both the UNO test and the bot weigh)."""
        self.waits: Memo[tuple[tuple[Tile, ...], int], frozenset[int]] = Memo()
        """The codes of the tiles that complete concealed tiles (13, kongs as
        three) with so many melds: a hand waits on the same tiles while it
        is unchanged, and every discard of the other seats asks of them."""


_RULES_MEMOS: dict[int, RulesMemos] = {}
"""The memos of each rule set by its ``id`` (each entry holds its rule set)."""
_MAX_RULES_MEMOS = 64
"""Rule sets whose memos are kept before the table starts again (rule sets
made in a loop would otherwise pile up)."""

_COUNTS: Memo[tuple[Tile, ...], bytes] = Memo()
"""Concealed tiles counted by code: each seat's tiles are counted by
several questions of one step, and by the next steps until they change."""


def rules_memos(rules: RuleSet) -> RulesMemos:
    """The memos of the rule set ``rules``."""
    memos = _RULES_MEMOS.get(id(rules))
    if memos is None or memos.rules is not rules:
        if len(_RULES_MEMOS) >= _MAX_RULES_MEMOS:
            _RULES_MEMOS.clear()
        memos = _RULES_MEMOS[id(rules)] = RulesMemos(rules)
    return memos


def memos() -> tuple[Memo[Any, Any], ...]:
    """Every memo of the judge now (for measuring and testing what they hold)."""
    out: list[Memo[Any, Any]] = [_COUNTS]
    for m in list(_RULES_MEMOS.values()):
        out += [m.shanten, m.waits]
    return tuple(out)


# ------------------------------------------------------------------ the seat's tiles


def counts_of(tiles: Iterable[Tile], ts: TileSet) -> bytearray:
    """``tiles`` counted by code."""
    counts = bytearray(ts.size)
    for t in tiles:
        counts[t.code] += 1
    return counts


def seat_counts(ts: TileSet, s: SeatState) -> bytes:
    """The seat's concealed tiles counted by code."""
    concealed = s.concealed
    counts = _COUNTS.new.get(concealed)
    if counts is None:
        counts = _COUNTS.get_or_compute(concealed, _counted, concealed, ts)
    return counts


def _counted(tiles: tuple[Tile, ...], ts: TileSet) -> bytes:
    return bytes(counts_of(tiles, ts))


def counts_shanten(state: HandState, counts: Sequence[int], melds: int) -> int:
    """The shanten of concealed ``counts`` with ``melds`` melds, remembered."""
    memos = rules_memos(state.rules)
    key = (bytes(counts), melds)
    sh = memos.shanten.new.get(key)
    if sh is None:
        sh = memos.shanten.get_or_compute(key, shanten_of_counts, state.rules.shapes, counts, melds)
    return sh


def hand_of(state: HandState, seat: int, win: Tile | None) -> Hand:
    """The seat's hand, with ``win`` as its winning tile (taken out of the
    concealed tiles in TURN, added in CLAIM/ROB)."""
    s = state.seats[seat]
    concealed = list(s.concealed)
    if win is not None and state.phase is Phase.TURN:
        concealed.remove(win)
    return Hand(state.rules.tileset, concealed, s.melds, win)


# ------------------------------------------------------------------ winning


def _first_turn(state: HandState, s: SeatState) -> bool:
    """The seat's first turn, in the window: its first draw, nothing discarded."""
    return state.window and s.draws == 1 and s.discarded == 0


def _earthly_offer(state: HandState, seats: Sequence[SeatState]) -> bool:
    """The offered tile is the dealer's first discard, in the window (with
    ``seats`` as they are with the tile on offer): a seat other than the
    dealer that wins on it wins 地和."""
    return state.window and state.current == state.dealer and seats[state.dealer].discarded == 1


def win_allowed(state: HandState, seat: int, robbing: bool = False) -> bool:
    """Whether the rules let ``seat`` win now at all: always, unless the flow
    asks for the UNO declaration; then with UNO declared, on a kong's
    replacement tile, or as 天和/地和 (docs/rules.md#the-uno-declaration)."""
    s = state.seats[seat]
    if s.uno or not flow_of(state).uno_declaration:
        return True
    if state.phase is Phase.TURN:
        # _first_turn, inline: this is asked at every turn.
        return state.replacement or (state.window and s.draws == 1 and s.discarded == 0)
    return not robbing and seat != state.dealer and _earthly_offer(state, state.seats)


def _completes(state: HandState, seat: int, tile: Tile, *, held: bool) -> bool:
    """``is_winning`` of the seat's hand with ``tile`` (``held``: among its
    concealed tiles): whether ``tile`` is among the waits of the other
    tiles, which are remembered for as long as the hand is unchanged."""
    s = state.seats[seat]
    rest = s.concealed
    if held:
        i = rest.index(tile)
        rest = rest[:i] + rest[i + 1 :]
    melds = len(s.melds)
    key = (rest, melds)
    memo = rules_memos(state.rules).waits
    waits = memo.get(key)
    if waits is None:
        waits = _waits(state, s, tile if held else None, melds)
        memo.put(key, waits)
    return tile.code in waits


def _waits(state: HandState, s: SeatState, drawn: Tile | None, melds: int) -> frozenset[int]:
    """The codes of the tiles completing the seat's concealed tiles, less
    ``drawn``: none unless the hand is ready (its shanten is 0)."""
    ts = state.rules.tileset
    counts = list(seat_counts(ts, s))
    if drawn is not None:
        counts[drawn.code] -= 1
    if sum(counts) + 3 * melds != 13:
        # Only a state the engine never makes: a fault, as reading any other
        # field of one is (legal_actions and apply report it as such).
        raise ValueError(f"{sum(counts)} tiles with {melds} melds are not a hand")
    if counts_shanten(state, counts, melds) != 0:
        return frozenset()
    return frozenset(waits_codes(layout_for(state.rules.shapes), counts, melds))


def may_win(state: HandState, seat: int, robbing: bool = False) -> Score | None:
    """The score of a win by ``seat`` now (on the drawn tile in TURN, the
    offered one in CLAIM/ROB), or None when it may not win."""
    turn = state.phase is Phase.TURN
    tile = state.drawn if turn else state.offered
    if tile is None or not win_allowed(state, seat, robbing):
        return None
    if not _completes(state, seat, tile, held=turn):
        return None
    hand = hand_of(state, seat, tile)
    ctx = win_context(state, seat, robbing=robbing)
    try:
        return score(hand, ctx, state.rules, enforce_minimum=True)
    except NotWinningError:  # fewer fans than the rules' minimum
        return None


def _visible(state: HandState, tile: Tile) -> int:
    """Copies of ``tile`` on the table: in exposed melds and in discards."""
    visible = 0
    for other in state.seats:
        visible += sum(m.tiles.count(tile) for m in other.melds if m.exposed)
        visible += other.discards.count(tile)
    return visible


def win_context(state: HandState, seat: int, *, robbing: bool = False) -> WinContext:
    """The exact context of a win by ``seat`` now: the first-turn wins
    (天和, 地和, 天之UNO) where the rule set knows them, the winds and the
    flowers where the flow counts winds."""
    s = state.seats[seat]
    self_drawn = state.phase is Phase.TURN
    tile = present(state.drawn if self_drawn else state.offered, "tile to win on")
    visible = _visible(state, tile)
    if not self_drawn and not robbing:
        visible -= 1  # the discard being won on is the winning tile itself
    heavenly = earthly = False
    if "heavenly_hand" in state.rules.context_flags:
        dealer = seat == state.dealer
        heavenly = self_drawn and dealer and _first_turn(state, s)
        if self_drawn:
            earthly = not dealer and _first_turn(state, s)
        else:
            earthly = not robbing and not dealer and _earthly_offer(state, state.seats)
    held_copy = hand_of(state, seat, tile).counts[tile.code] > 1
    first = heavenly or earthly
    winds = flow_of(state).winds
    return WinContext(
        self_drawn=self_drawn,
        last_copy=visible >= 3 and not held_copy and not heavenly and (self_drawn or not earthly),
        last_tile=state.last and not first,
        kong_replacement=self_drawn and state.replacement,
        robbing_kong=robbing,
        heavenly_hand=heavenly,
        earthly_hand=earthly and not heavenly,
        heavenly_uno=s.uno_first and not first,
        seat_wind=WINDS[(seat - state.dealer) % len(WINDS)] if winds else "E",
        prevalent_wind=state.prevalent_wind,
        flowers=len(s.flowers),
    )


# ------------------------------------------------------------------ the turn


def ready_floor(state: HandState, seat: int) -> int:
    """A lower bound of the shanten of the seat's concealed tiles (14, kongs
    as three), exact when it is 0 or less: :func:`prefilters.shanten_floor`,
    then, when that does not settle it, the shanten itself. A discard never
    lowers the shanten, so while this is above 0 no discard leaves the hand
    ready."""
    s = state.seats[seat]
    counts = seat_counts(state.rules.tileset, s)
    melds = len(s.melds)
    floor = shanten_floor(tables(state.rules.tileset), s.concealed, counts, melds)
    if floor <= 0:
        floor = counts_shanten(state, counts, melds)
    return floor


def uno_discards(state: HandState, seat: int, options: Iterable[Tile]) -> list[Tile]:
    """The discards among ``options`` after which the hand is ready
    (docs/rules.md#the-uno-declaration): a kind of which the player holds
    fewer than four copies completes it (copies seen elsewhere do not matter)."""
    if ready_floor(state, seat) > 0:
        return []
    s = state.seats[seat]
    ts = state.rules.tileset
    counts = list(seat_counts(ts, s))
    held = counts.copy()
    for m in s.melds:
        for c in m.codes:
            held[c] += 1
    lay = layout_for(state.rules.shapes)
    melds = len(s.melds)
    copies = ts.copies
    out = []
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
    counts = seat_counts(tab.tileset, s)
    out = []
    if len(s.concealed) - len(kinds) >= 3:  # room for four of a kind
        out = [tab.concealed_kong[t] for t in kinds if counts[t.code] == 4]
    for m in s.melds:
        if m.kind is MeldKind.PUNG and counts[m.tile.code]:
            out.append(tab.added_kong[m.tile])
    return out


def turn_options(state: HandState, seat: int) -> tuple[Action, ...]:
    """What the current seat may do in its turn, in a fixed order: win,
    concealed kongs, added kongs, discards, UNO declarations. After a chow or
    pung it only discards; a locked (UNO) hand discards its drawn tile."""
    s = state.seats[seat]
    tab = tables(state.rules.tileset)
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
        and kong_room(state, seat)
        and (s.melds or len(s.concealed) - len(kinds) >= 3)  # a pung, or room for four alike
    ):
        out.extend(_kongs(s, tab, kinds))
    out.extend(map(tab.discard.__getitem__, kinds))
    if uno or not flow_of(state).uno_declaration:  # a locked hand declares no UNO
        return tuple(out)
    ready = uno_discards(state, seat, kinds)
    if ready:
        out.extend(map(tab.uno.__getitem__, ready))
    return tuple(out)


def kong_room(state: HandState, seat: int) -> bool:
    """Whether the wall lets ``seat`` declare a kong in its turn: it is not
    empty; with seat walls, neither the seat's own wall (its replacement
    tile) nor the next seat's (play goes on from it) is."""
    walls = state.walls
    if walls:
        return bool(walls[seat] and walls[(seat + 1) % len(walls)])
    return state.back >= state.front


# ------------------------------------------------------------------ claims


def _melds_open(state: HandState) -> bool:
    """Whether the offered tile may be claimed into a meld (by a seat whose
    hand is not locked): a discard, not a kong's tile offered to robbers,
    and not the hand's last discard."""
    return state.phase is Phase.CLAIM and not state.last


def _chow_seat(state: HandState, tile: Tile) -> int:
    """The seat that may chow the offered ``tile`` (the next in turn), or -1
    when it is an honour."""
    if tile.rank is None:
        return -1
    return (state.current + state.direction) % len(state.seats)


def _meld_claims(state: HandState, seat: int) -> list[Action]:
    """The kong, pung and chows ``seat`` may make on the offered tile."""
    s = state.seats[seat]
    if s.uno or not _melds_open(state):
        return []
    tile = present(state.offered, "offered tile")
    tab = tables(state.rules.tileset)
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


def claim_options(state: HandState, seat: int) -> tuple[Action, ...]:
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
    state: HandState, seats: Sequence[SeatState], tile: Tile, melds_open: bool, robbing: bool
) -> tuple[list[int], list[int]]:
    """The pre-filter of :func:`claimers`, from the seats and the offer
    alone (no state of the offer is needed): the seats with a pung, kong or
    chow on ``tile`` (when ``melds_open``: see :func:`_melds_open`), and
    the other seats that the rules let win on it, whose :func:`may_win` is
    still to be asked. ``state`` gives the offering seat (its ``current``),
    the direction, the dealer and the window; ``seats`` are the seats as
    they are with the tile on offer."""
    tab = tables(state.rules.tileset)
    offering = state.current
    code = tile.code
    chower = _chow_seat(state, tile)
    chows = tab.chows[tile]
    dealer = state.dealer
    # win_allowed for a seat answering an offer, its test of the offer hoisted.
    free = not flow_of(state).uno_declaration
    earthly = not robbing and state.window and _earthly_offer(state, seats)
    melders = []
    winners = []
    for i, s in enumerate(seats):
        if i == offering:
            continue
        if melds_open and not s.uno:
            counts = seat_counts(tab.tileset, s)
            if counts[code] >= 2 or (i == chower and can_chow(counts, chows)):
                melders.append(i)
                continue
        if free or s.uno or (earthly and i != dealer):
            winners.append(i)
    return melders, winners


def claimers(
    state: HandState, screened: tuple[list[int], list[int]] | None = None
) -> tuple[int, ...]:
    """The seats, in seat order, with an option on the offered tile (those
    whose :func:`claim_options` are not empty); ``screened``: what
    :func:`claim_screen` found for this offer, if it was asked already."""
    tile = present(state.offered, "offered tile")
    robbing = state.phase is Phase.ROB
    if screened is None:
        screened = claim_screen(state, state.seats, tile, _melds_open(state), robbing)
    melders, maybe = screened
    if not maybe:
        return tuple(melders)
    return tuple(sorted([*melders, *(i for i in maybe if may_win(state, i, robbing) is not None)]))


# ------------------------------------------------------------------ queries


def awaiting(state: HandState, **unknown: Never) -> tuple[int, ...]:
    """Seats whose answer the round is waiting for, in seat order."""
    if unknown:
        raise unknown_keywords(awaiting, unknown)
    if not isinstance(state, HandState):
        raise refuse_state("awaiting", state)
    try:
        if state.phase is Phase.TURN:
            current = state.current
            if type(current) is not int or not 0 <= current < len(state.seats):
                raise StateFault(f"a current seat {quote(current)}")
            return (current,)
        if state.phase is Phase.ENDED:
            return ()
        pending = tuple(sorted(state.pending))
        if any(type(s) is not int for s in pending):
            raise StateFault("pending seats that are not seat numbers")
        return pending
    except MahjongError:
        raise
    except STATE_FAULTS as fault:
        raise corrupt_state("awaiting", fault) from fault


def outcome(state: HandState, **unknown: Never) -> Outcome | None:
    """The result once the round has ended, else None."""
    if unknown:
        raise unknown_keywords(outcome, unknown)
    if not isinstance(state, HandState):
        raise refuse_state("outcome", state)
    return state.result


def options(state: HandState, seat: int) -> tuple[Action, ...]:
    """:func:`legal_actions` for a checked state and seat, not remembered:
    the compiled game step answers a turn while it serves."""
    phase = state.phase
    if phase is Phase.TURN:
        if seat != state.current:
            return ()
        step = compiled_step()
        return turn_options(state, seat) if step is None else step.turn_options(state, seat)
    if phase is Phase.ENDED or seat not in state.pending:
        return ()
    return claim_options(state, seat)


def compiled_step() -> Any:
    """The compiled game step when it is active, else None. It plays every
    game flow, and hands back to the reference what it does not answer
    (rules or a state of a kind it was not written for, a flower to draw)."""
    return _engine.core("game")


class _Answered(threading.local):
    """The last answer of :func:`legal_actions` in this thread: a caller
    asks, then applies, and :func:`take_answer` spares ``apply`` the
    question. Kept per thread and matched by the state's identity, so no
    thread is given the answer for another state."""

    last: tuple[HandState, int, tuple[Action, ...]] | None = None


_answered = _Answered()


def legal_actions(state: HandState, seat: int, **unknown: Never) -> tuple[Action, ...]:
    """Every action ``seat`` may take now, in a fixed order: win, kongs,
    discards (UNO declarations after plain ones), claims, pass."""
    if unknown:
        raise unknown_keywords(legal_actions, unknown)
    if not isinstance(state, HandState):
        raise refuse_state("legal_actions", state)
    if type(seat) is not int:
        seat = whole_number(seat, "seat")  # a NumPy integer; a float is refused
    last = _answered.last
    if last is not None and last[0] is state and last[1] == seat:
        return last[2]
    try:
        actions = options(state, seat)
    except MahjongError:
        raise
    except STATE_FAULTS as fault:
        raise corrupt_state("legal_actions", fault) from fault
    _answered.last = (state, seat, actions)
    return actions


def take_answer(state: HandState, seat: int) -> tuple[Action, ...]:
    """:func:`legal_actions` for a checked state and seat, the remembered
    answer if it is this one; the answer is forgotten either way (a state
    kept by a caller is not held by the judge too)."""
    last = _answered.last
    _answered.last = None
    if last is not None and last[0] is state and last[1] == seat:
        return last[2]
    return options(state, seat)
