"""One hand (盘) as an immutable state machine (docs/rules.md#play,
docs/game.md#game-flows): UNO Mahjong, the standard MCR game and MCR as
the Botzone judge plays it, each rule that differs read from the rule
set's ``GameFlow``.

The flow of a hand, each phase a function (the deal in deal.py, the rest
below):

1. **Deal** (:func:`~unomahjong.game.deal.start_hand`): shuffle the wall
   (or take an explicit one) and deal 13 tiles to each seat; the dealer
   draws (2).
2. **Draw** (:func:`draw_tile`): the seat takes the front tile, or the back
   one after a kong (a replacement tile); with seat walls, the end tile of
   its own wall. Its TURN begins (3).
3. **Turn** (:func:`_turn`): the current seat wins (8), declares a
   concealed kong (a replacement draw, 2), adds a tile to an exposed pung
   (the robbing window, 6) or discards (4).
4. **Discard** (:func:`discard`): the tile goes to the table, with an UNO
   declaration if the seat makes one. Seats with an option on it answer
   (CLAIM, 5); if none has one, play passes on (7).
5. **Claim** (:func:`_answer`, :func:`_resolve`, :func:`_claim`): when every
   awaited seat has answered, wins are taken together, or only the first in
   turn (8); else the first
   answer of the highest rank (kong and pung above chow) takes the tile:
   after a kong the claimer draws a replacement (2), after a pung or chow it
   only discards (3). Passes by all: play passes on (7).
6. **Rob** (:func:`_answer`, :func:`_resolve`): seats that may win on the
   added tile answer; wins are taken together (8); else the kong is made
   and its owner draws a replacement (2).
7. **Pass on** (:func:`_pass_on`): the discard's Reverse or Skip acts
   (:func:`next_seat`), and the next seat draws (2); when it has no tile
   to draw the hand is an exhaustive draw (8).
8. **End** (:func:`_end`): the outcome and the payments (base + fans from
   the discarder, or from everyone on a self-drawn win).

Randomness is used only in (1). Draws happen inside :func:`apply` (they are
not choices), so every action a caller sends is a decision of one seat.
What a seat may do is the judge's (judge.py); this module only moves the
tiles.
"""

from __future__ import annotations

import operator
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from typing import Literal, Never

from .. import _engine
from .._checks import quote, unknown_keywords, wrong_type
from ..errors import MahjongError
from ..model.flowers import Flower
from ..model.hand import Meld, MeldKind
from ..model.tiles import Tile, TileSet
from ..rules.rule_sets import GameFlow, RuleOptions, RuleSet
from .actions import (
    CLAIM_RANK,
    STATE_FAULTS,
    WIN,
    Action,
    ActionKind,
    Event,
    IllegalActionError,
    corrupt_state,
    present,
    refuse_state,
    whole_number,
)
from .legality import (
    awaiting,
    claim_screen,
    claimers,
    compiled_step,
    counts_shanten,
    may_win,
    take_answer,
    turn_options,
    uno_discards,
)
from .state import (
    HandState,
    Outcome,
    Phase,
    SeatState,
    Win,
    advance,
    flow_of,
    replace_at,
    replace_hand,
    replace_seat,
)
from .tables import tables

Step = tuple[HandState, tuple[Event, ...]]
"""A state and the events that led to it."""

_code = operator.attrgetter("code")


def next_seat(
    tile: Tile, seat: int, direction: int, players: int
) -> tuple[int, int, Literal["reverse", "skip"] | None]:
    """Who plays after ``seat`` discards ``tile`` unclaimed: (the next seat,
    the direction of play, the card's effect). A Reverse turns the direction
    back; a Skip passes over the next seat; any other tile leaves both."""
    honour = tile.honour
    symbol = None if honour is None else honour.symbol
    if symbol == "R":
        return (seat - direction) % players, -direction, "reverse"
    if symbol == "S":
        return (seat + 2 * direction) % players, direction, "skip"
    return (seat + direction) % players, direction, None


def _remove(tiles: Sequence[Tile], *gone: Tile) -> tuple[Tile, ...]:
    out = list(tiles)
    for t in gone:
        out.remove(t)
    return tuple(out)


# ------------------------------------------------------------------ 2. draw


def draw_tile(
    state: HandState,
    seats: tuple[SeatState, ...],
    direction: int,
    seat: int,
    replacement: bool,
) -> Step:
    """The seat draws from the front (or the back after a kong) and takes its
    turn; ``seats`` and ``direction`` replace those of ``state``. With seat
    walls it draws from the end of its own wall, and when that is empty
    (after a kong claimed on the last tiles) the hand is drawn. A flower
    drawn is set aside and replaced from the back, until a tile comes (the
    draw) or the wall runs out (the hand is drawn). A kong's replacement
    stays one through the flowers it brings."""
    wall = state.wall
    front = state.front
    back = state.back
    walls = state.walls
    if walls:
        left = walls[seat]
        if not left:
            state = replace_hand(state, seats=seats, direction=direction)
            return _end(state, (), (Event("exhaustive_draw", seat),))
        tile = wall[len(wall) // len(walls) * seat + left - 1]
        walls = (*walls[:seat], left - 1, *walls[seat + 1 :])
        last = not walls[(seat + 1) % len(walls)]
    elif replacement:
        tile = wall[back]
        back -= 1
        last = back < front
    else:
        tile = wall[front]
        front += 1
        last = back < front
    set_aside: tuple[Event, ...] = ()
    if isinstance(tile, Flower):
        flowers = (*seats[seat].flowers, tile)
        found, back, flowers, more = replace_flowers(wall, front, back, flowers, seat)
        set_aside = (Event("flower", seat), *more)
        seats = replace_at(seats, seat, replace_seat(seats[seat], flowers=flowers))
        if found is None:  # the wall ran out
            state = replace_hand(state, seats=seats, direction=direction, front=front, back=back)
            return _end(state, (), (*set_aside, Event("exhaustive_draw", seat)))
        tile = found
        last = back < front
    new = advance(
        state,
        front=front,
        back=back,
        seats=(*seats[:seat], _drawn(seats[seat], tile), *seats[seat + 1 :]),
        phase=Phase.TURN,
        current=seat,
        direction=direction,
        drawn=tile,
        replacement=replacement,
        last=last,
        claimed=False,
        offered=None,
        pending=(),
        answers=(),
        walls=walls,
    )
    kind = "replacement" if replacement or set_aside else "draw"
    return new, (*set_aside, tables(state.rules.tileset).events[kind][seat][tile])


def replace_flowers(
    wall: Sequence[Tile | Flower],
    front: int,
    back: int,
    flowers: tuple[Flower, ...],
    seat: int,
) -> tuple[Tile | None, int, tuple[Flower, ...], tuple[Event, ...]]:
    """Tiles taken from the back of the wall for a flower set aside, until
    one is not a flower: that tile (None when the wall runs out first), the
    back after it, the seat's ``flowers`` with the ones met added, and an
    event for each of those."""
    events: tuple[Event, ...] = ()
    while back >= front:
        t = wall[back]
        back -= 1
        if not isinstance(t, Flower):
            return t, back, flowers, events
        flowers = (*flowers, t)
        events = (*events, Event("flower", seat))
    return None, back, flowers, events


def _drawn(s: SeatState, tile: Tile) -> SeatState:
    """The seat after it draws ``tile`` (its tiles kept sorted by code)."""
    concealed = s.concealed
    i = bisect_right(concealed, tile.code, key=_code)
    return SeatState(
        (*concealed[:i], tile, *concealed[i:]),
        s.melds,
        s.discards,
        s.uno,
        s.uno_first,
        s.draws + 1,
        s.discarded,
        s.flowers,
    )


# ------------------------------------------------------------------ apply


def apply(state: HandState, seat: int, action: Action, **unknown: Never) -> Step:
    """The state after ``seat`` takes ``action``, and the events it caused.

    Raises :class:`IllegalActionError` (a ``ValueError``) for anything not in
    :func:`legal_actions`; the given state is never modified (it is frozen).
    """
    if unknown:
        raise unknown_keywords(apply, unknown)
    if not isinstance(state, HandState):
        raise refuse_state("apply", state)
    if state.phase is Phase.ENDED:
        raise IllegalActionError("ended", "the round is over")
    if type(seat) is not int:
        seat = whole_number(seat, "seat")  # a NumPy integer; a float is refused
    try:
        return _apply(state, seat, action)
    except MahjongError:
        raise
    except STATE_FAULTS as fault:
        raise corrupt_state("apply", fault) from fault


def _apply(state: HandState, seat: int, action: Action) -> Step:
    actions = take_answer(state, seat)
    for a in actions:
        if a is action:
            break
    else:
        if action not in actions:
            raise _refused(state, seat, action)
    if state.phase is Phase.TURN:
        if action.kind is ActionKind.DISCARD:
            step = compiled_step()
            if step is not None:
                return step.discard(state, seat, action)  # type: ignore[no-any-return]
            return discard(state, seat, action)
        return _turn(state, seat, action)
    return _answer(state, seat, action)


def _refused(state: HandState, seat: int, action: object) -> IllegalActionError:
    """The error for an action that is not among the seat's legal ones."""
    if not isinstance(action, Action):
        return wrong_type(
            IllegalActionError, "not-an-action", "apply", "action", action, "an Action"
        )
    who = "it is not this seat's turn" if seat not in awaiting(state) else "not allowed now"
    return IllegalActionError("illegal-action", f"seat {quote(seat)} may not {action}: {who}")


# ------------------------------------------------------------------ 3. turn


def _turn(state: HandState, seat: int, action: Action) -> Step:
    """A win, a concealed kong or an added kong by the current seat."""
    s = state.seats[seat]
    kind = action.kind
    if kind is ActionKind.WIN:
        result = present(may_win(state, seat), "win for the seat")
        return _end(state, (Win(seat, result, None),), (Event("win", seat, state.drawn),))
    tile = present(action.tile, "tile in the action")
    if kind is ActionKind.CONCEALED_KONG:
        s = replace_seat(
            s,
            concealed=_remove(s.concealed, tile, tile, tile, tile),
            melds=(*s.melds, Meld(MeldKind.KONG, tile, exposed=False)),
        )
        new, events = draw_tile(
            replace_hand(state, window=False),
            replace_at(state.seats, seat, s),
            state.direction,
            seat,
            True,
        )
        return new, (Event("concealed_kong", seat, tile), *events)
    if kind is ActionKind.ADDED_KONG:
        # 6. rob: the tile stays in the adder's hand while it may be robbed.
        state = replace_hand(state, phase=Phase.ROB, offered=tile, window=False, answers=())
        robbers = claimers(state)
        state = replace_hand(state, pending=robbers)
        if robbers:
            return state, (Event("added_kong", seat, tile),)
        new, events = _complete_added_kong(state)
        return new, (Event("added_kong", seat, tile), *events)
    raise AssertionError(f"not a turn action: {action}")  # discards go to discard


# ------------------------------------------------------------------ 4. discard


def discard(state: HandState, seat: int, action: Action) -> Step:
    """The current seat discards (``action.uno``: and declares UNO); when
    nobody may claim the tile, play passes on at once. ``action`` is one of
    the seat's legal discards (:func:`apply` has checked it)."""
    tile = present(action.tile, "tile in the action")
    uno = action.uno
    s = state.seats[seat]
    events = tables(state.rules.tileset).events
    concealed = s.concealed
    i = bisect_left(concealed, tile.code, key=_code)
    if i >= len(concealed) or concealed[i] is not tile:
        i = concealed.index(tile)
    new_s = SeatState(
        concealed[:i] + concealed[i + 1 :],
        s.melds,
        (*s.discards, tile),
        s.uno or uno,
        s.uno_first or (uno and s.discarded == 0 and state.window),
        s.draws,
        s.discarded + 1,
        s.flowers,
    )
    said: tuple[Event, ...] = (
        (events["discard"][seat][tile], events["uno"][seat][tile])
        if uno
        else (events["discard"][seat][tile],)
    )
    seats = (*state.seats[:seat], new_s, *state.seats[seat + 1 :])
    last = wall_empty(state, (seat + state.direction) % len(seats))
    screened = None
    if not last:
        screened = claim_screen(state, seats, tile, True, False)
        if not screened[0] and not screened[1]:
            # Nobody may claim: play passes on (7) without a CLAIM state.
            new, more = _pass_on(state, seats, seat, tile)
            return new, said + more
    claim = advance(
        state,
        front=state.front,
        back=state.back,
        seats=seats,
        phase=Phase.CLAIM,
        current=seat,
        direction=state.direction,
        drawn=None,
        replacement=False,
        last=last,
        claimed=False,
        offered=tile,
        pending=(),
        answers=(),
    )
    pending = claimers(claim, screened)
    if pending:
        return replace_hand(claim, pending=pending), said
    new, more = _pass_on(claim, claim.seats, seat, tile)
    return new, said + more


# ------------------------------------------------------------------ 5./6. claim and rob


def _answer(state: HandState, seat: int, action: Action) -> Step:
    """A seat's answer in CLAIM or ROB; the last one awaited resolves them."""
    pending = tuple([p for p in state.pending if p != seat])
    state = replace_hand(state, pending=pending, answers=(*state.answers, (seat, action)))
    if pending:
        return state, ()
    return _resolve(state)


def _in_turn_order(state: HandState, seats: Iterable[int]) -> list[int]:
    """Seats ordered by turn from the offering seat, in the current direction."""
    return sorted(seats, key=lambda i: ((i - state.current) * state.direction) % state.players)


def _resolve(state: HandState) -> Step:
    """All answers are in: carry out the highest claim (wins all together)."""
    robbing = state.phase is Phase.ROB
    answers = state.answers  # one answer per seat
    winners = [i for i, a in answers if a.kind is ActionKind.WIN]
    tile = present(state.offered, "offered tile")
    if winners:
        winners = _in_turn_order(state, winners)
        if not flow_of(state).several_winners:
            winners = winners[:1]  # 截和: the first in turn after the discarder
        wins = []
        for w in winners:
            result = present(may_win(state, w, robbing=robbing), "win for the seat")
            wins.append(Win(w, result, state.current))
        return _end(state, tuple(wins), tuple(Event("win", w, tile) for w in winners))
    if robbing:
        return _complete_added_kong(replace_hand(state, answers=(), pending=()))
    # The first answer of the highest rank (passes rank 0).
    best: tuple[int, Action] | None = None
    rank = 0
    for answer in answers:
        r = CLAIM_RANK.get(answer[1].kind, 0)
        if r > rank:
            best, rank = answer, r
    if best is not None:
        return _claim(state, best[0], best[1])
    return _pass_on(state, state.seats, state.current, tile)


def _complete_added_kong(state: HandState) -> Step:
    """Nobody robs the added kong: the pung becomes a kong; a replacement draw."""
    seat, tile = state.current, present(state.offered, "offered tile")
    s = state.seats[seat]
    melds = tuple(
        Meld(MeldKind.KONG, m.tile, exposed=True, source=m.source)
        if m.kind is MeldKind.PUNG and m.tile == tile
        else m
        for m in s.melds
    )
    s = replace_seat(s, concealed=_remove(s.concealed, tile), melds=melds)
    state = replace_hand(state, offered=None)
    return draw_tile(state, replace_at(state.seats, seat, s), state.direction, seat, True)


def _claim(state: HandState, seat: int, action: Action) -> Step:
    """``seat`` takes the discard into a kong, pung or chow."""
    tile = present(state.offered, "offered tile")
    discarder = state.current
    source = (seat - discarder) % state.players
    d = state.seats[discarder]
    # The discard leaves the table; the discarder's tiles stay.
    d = replace_seat(d, discards=d.discards[:-1])
    s = state.seats[seat]
    kind = action.kind
    if kind is ActionKind.CHOW:
        start = present(action.tile, "chow's first tile")
        present(start.rank, "number tile to chow")
        ts = state.rules.tileset
        chow = [ts.by_code(start.code + i) for i in range(3)]
        chow.remove(tile)
        meld = Meld(MeldKind.CHOW, start, exposed=True, source=source, claimed=tile)
        concealed = _remove(s.concealed, *chow)
    else:
        kong = kind is ActionKind.KONG
        meld = Meld(
            MeldKind.KONG if kong else MeldKind.PUNG,
            tile,
            exposed=True,
            source=source,
            claimed=tile,
        )
        concealed = _remove(s.concealed, *([tile] * (3 if kong else 2)))
    s = replace_seat(s, concealed=concealed, melds=(*s.melds, meld))
    state = replace_hand(
        state,
        seats=replace_at(replace_at(state.seats, discarder, d), seat, s),
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
        new, more = draw_tile(state, state.seats, state.direction, seat, True)
        return new, (event, *more)
    return state, (event,)


# ------------------------------------------------------------------ 7. pass on


def _pass_on(state: HandState, seats: tuple[SeatState, ...], discarder: int, tile: Tile) -> Step:
    """Nobody claims the discard of ``tile``: Reverse and Skip act (where the
    flow has card effects), then the next seat draws, or the wall it draws
    from is empty and the hand is drawn. ``state`` is the CLAIM state, or
    (when the discard had no claimer to wait for) the TURN state it was
    discarded from, with ``seats`` after the discard."""
    events: tuple[Event, ...] = ()
    if flow_of(state).card_effects:
        seat, direction, effect = next_seat(tile, discarder, state.direction, len(seats))
        if effect is not None:
            events = (tables(state.rules.tileset).events[effect][discarder][tile],)
    else:
        seat, direction = (discarder + state.direction) % len(seats), state.direction
    if wall_empty(state, seat):  # only a CLAIM state gets here
        if direction != state.direction:
            state = replace_hand(state, direction=direction)
        return _end(state, (), (*events, Event("exhaustive_draw", discarder)))
    new, more = draw_tile(state, seats, direction, seat, False)
    return new, events + more


def wall_empty(state: HandState, seat: int) -> bool:
    """Whether ``seat`` has no tile to draw: the wall is empty, or with seat
    walls its own is."""
    walls = state.walls
    return not walls[seat] if walls else state.back < state.front


# ------------------------------------------------------------------ 8. end


def _payments(state: HandState, wins: tuple[Win, ...]) -> tuple[int, ...]:
    """Each seat's gain: every other seat pays each winner the base, and the
    discarder (everyone, for a self-drawn win) pays the fans too."""
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
    return tuple(pay)


def _end(state: HandState, wins: tuple[Win, ...], events: tuple[Event, ...]) -> Step:
    """The round ends with these wins (none: an exhaustive draw)."""
    result = Outcome(wins, _payments(state, wins))
    return replace_hand(state, phase=Phase.ENDED, pending=(), answers=(), result=result), events


# ------------------------------------------------------------------ the compiled step


def compiled_step_interface() -> dict[str, object]:
    """What the compiled game step (``unomahjong._core.game``) reads and
    calls, by the name of its ``bind`` parameter: the value classes (it
    reads their public fields and fills fresh states; it checks that each
    has exactly the fields it was written for), the constants it compares
    with, the tile set's tables, and the reference functions it hands what
    it does not answer itself (docs/architecture.md#the-game-package)."""
    return {
        "round_state": HandState,
        "seat_state": SeatState,
        "rule_set": RuleSet,
        "rule_options": RuleOptions,
        "game_flow": GameFlow,
        "tile": Tile,
        "tileset": TileSet,
        "action": Action,
        "meld": Meld,
        "phase_turn": Phase.TURN,
        "phase_claim": Phase.CLAIM,
        "kind_discard": ActionKind.DISCARD,
        "pung": MeldKind.PUNG,
        "win": WIN,
        "tables": tables,
        "turn_options": turn_options,
        "discard": discard,
        "may_win": may_win,
        "uno_discards": uno_discards,
        "claimers": claimers,
        "counts_shanten": counts_shanten,
        "pass_on": _pass_on,
    }


def _bind_compiled_step() -> None:
    """Hand the compiled game step, if it is built, its interface; it checks
    it, and serves only if it passes, else hands every call to the
    reference (tests/test_game_core.py requires that it serves)."""
    step = _engine.loaded("game")
    if step is not None:
        step.bind(**compiled_step_interface())


_bind_compiled_step()
