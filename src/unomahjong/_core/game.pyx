# cython: language_level=3
"""The game engine's commonest steps, compiled: a seat's turn options, and a
discard with the claim screen, Reverse/Skip and the next draw when nobody
may claim it, in every game flow (the rule set's ``flow``: the UNO
declaration, the card effects, one wall or seat walls; a flower drawn is
the reference's).

game/legality.py and game/transitions.py are the reference, and this module answers
exactly as they do: the same actions in the same order, the same states
and the same events (tests/test_game_core.py and tests/test_game_core_flows.py
play seeded hands both ways and require byte-identical records).

It imports nothing of the game package: game/transitions.py hands it what
it reads and calls (:func:`bind`). It never guesses: it names every field
of each class it was written for (below), and hands every call to the
reference when a class has another field or lacks one (bind), when a
round's rules or flow are not those classes or not a combination of
options it was written for (``flow_problem``, once per rule set), and when
a state's fields are not of the engine's types or its seats' tiles are not
the tile set's interned tiles, sorted.
"""

from cpython.object cimport PyObject
from libc.stdint cimport uint64_t
from libc.string cimport memset

from unomahjong._core.bits cimport popcount64
from unomahjong._core.objects cimport umj_slot, umj_fill, umj_offset, umj_alloc

import attrs

API = 1
"""The interface version of the core (``_engine.API``)."""

cdef enum:
    MAX_CODES = 64      # tile codes a held-kinds mask holds (UNO tiles: 64)
    MAX_SEATS = 8

# The fields of the rule set's GameFlow the step follows, as bits.
cdef enum:
    F_UNO = 1           # uno_declaration
    F_EFFECTS = 2       # card_effects
    F_SEAT_WALLS = 4    # seat_walls


# The fields read and written, each found by name in its class (bind).
cdef enum:
    R_RULES, R_DEALER, R_WALL, R_FRONT, R_BACK, R_SEATS, R_PHASE, R_CURRENT,
    R_DIRECTION, R_DRAWN, R_REPLACEMENT, R_LAST, R_CLAIMED, R_OFFERED,
    R_PENDING, R_ANSWERS, R_WINDOW, R_RESULT, R_WALLS, R_PREVALENT_WIND, R_FIELDS

cdef enum:
    S_CONCEALED, S_MELDS, S_DISCARDS, S_UNO, S_UNO_FIRST, S_DRAWS,
    S_DISCARDED, S_FLOWERS, S_FIELDS

# Every field of each class the step was written for (bind compares them with
# attrs.fields): it reads or builds the states, and a field it does not know
# may change what a state, an action, a meld, a tile or the rules mean.
ROUND_FIELDS = ("rules", "dealer", "wall", "front", "back", "seats", "phase", "current",
                "direction", "drawn", "replacement", "last", "claimed", "offered",
                "pending", "answers", "window", "result", "walls", "prevalent_wind")
SEAT_FIELDS = ("concealed", "melds", "discards", "uno", "uno_first", "draws", "discarded",
               "flowers")
RULES_FIELDS = ("name", "shapes", "table", "options", "context_flags", "selection",
                "tie_preferred", "tie_keeps_seven_pairs", "flow", "fans", "_foreign")
OPTIONS_FIELDS = ("min_fans", "base_points", "disabled_fans")
FLOW_SWITCHES = ("uno_declaration", "card_effects", "seat_walls", "winds", "several_winners",
                 "flowers", "seat_changes")    # GameFlow's bools; its counts:
FLOW_COUNTS = ("false_win_penalty",)
TILE_FIELDS = ("tileset", "code", "rank", "suit", "honour", "notation")
TILESET_FIELDS = ("name", "constant", "suits", "free_honours", "copies", "suffixed_honours",
                  "tiles", "size", "_by_code", "_by_notation")
ACTION_FIELDS = ("kind", "tile", "uno")
MELD_FIELDS = ("kind", "tile", "exposed", "source", "claimed")

cdef Py_ssize_t R_OFF[R_FIELDS]
cdef Py_ssize_t S_OFF[S_FIELDS]
cdef Py_ssize_t T_CODE, A_KIND, A_TILE, A_UNO, M_KIND, M_TILE

cdef bint _serves = False
cdef str _declined = "the step is not bound to the game package"
cdef object HandState, SeatState, Tile, TileSet, Action, Meld, RuleSet, RuleOptions, GameFlow
cdef object PHASE_TURN, PHASE_CLAIM, KIND_DISCARD, PUNG, WIN
cdef object ref_turn_options = None, ref_discard = None
cdef object ref_may_win, ref_uno_discards, ref_claimers, ref_shanten, ref_pass_on, tables_of
cdef tuple EMPTY = ()


cdef Py_ssize_t _offset(cls, str name) except -2:
    """The slot offset of field ``name`` of the attrs class ``cls``, or -1
    when it is not one of its plain object slots."""
    d = cls.__dict__.get(name) if isinstance(cls, type) else None
    return umj_offset(d) if d is not None else -1


cdef str _names(cls, tuple names):
    """None when the attrs fields of ``cls`` are exactly ``names`` (in any
    order), else the problem as text."""
    try:
        have = {a.name for a in attrs.fields(cls)}
    except (TypeError, attrs.exceptions.NotAnAttrsClassError):
        return f"{cls!r} is not an attrs class"
    if have != set(names):
        return (f"{cls.__name__} has fields the step does not know {sorted(have - set(names))}"
                f" and lacks {sorted(set(names) - have)}")
    return None


cdef str _fields(cls, tuple names, Py_ssize_t* out):
    """Fill ``out`` with the slot offset of each field of ``cls`` (its attrs
    fields exactly ``names``); a problem as text, or None."""
    problem = _names(cls, names)
    for i, name in enumerate(names if problem is None else ()):
        out[i] = _offset(cls, name)
        if out[i] < 0:
            return f"{cls.__name__}.{name} is not a slot"
    return problem


def bind(*, round_state, seat_state, rule_set, rule_options, game_flow, tile, tileset, action,
         meld, phase_turn, phase_claim, kind_discard, pung, win, tables, turn_options, discard,
         may_win, uno_discards, claimers, counts_shanten, pass_on):
    """Take the game package's interface (game/transitions.py calls this once, when
    it is imported) and check it: the value classes (attrs classes, with
    exactly the fields named above; the states' with slots), the constants
    it compares with, ``tables(tileset)`` (the tile set's ``Tables``) and
    the reference functions. Returns None when the step serves, else the
    problem as text: the step then declines, handing every call to the
    reference (unless the reference functions are not callable either)."""
    global _serves, _declined, HandState, SeatState, Tile, TileSet, Action, Meld
    global RuleSet, RuleOptions, GameFlow, PHASE_TURN, PHASE_CLAIM, KIND_DISCARD, PUNG, WIN
    global ref_turn_options, ref_discard, ref_may_win, ref_uno_discards, ref_claimers
    global ref_shanten, ref_pass_on, tables_of, T_CODE, A_KIND, A_TILE, A_UNO, M_KIND, M_TILE
    global _last_ts, _last_tables, _last_rules, _last_rules_tables
    _serves = False
    _last_ts = _last_tables = _last_rules = _last_rules_tables = None
    ref_turn_options = ref_discard = None
    functions = (tables, turn_options, discard, may_win, uno_discards, claimers, counts_shanten,
                 pass_on)
    if not all(map(callable, functions)):
        _declined = "a function of the interface is not callable"
        return _declined
    ref_turn_options, ref_discard = turn_options, discard
    _declined = _fields(round_state, ROUND_FIELDS, R_OFF) or _fields(seat_state, SEAT_FIELDS, S_OFF)
    for cls, names in ((rule_set, RULES_FIELDS), (rule_options, OPTIONS_FIELDS),
                       (game_flow, FLOW_SWITCHES + FLOW_COUNTS), (tile, TILE_FIELDS),
                       (tileset, TILESET_FIELDS), (action, ACTION_FIELDS), (meld, MELD_FIELDS)):
        _declined = _declined or _names(cls, names)
    T_CODE, A_KIND, A_TILE, A_UNO = (_offset(tile, "code"), _offset(action, "kind"),
                                     _offset(action, "tile"), _offset(action, "uno"))
    M_KIND, M_TILE = _offset(meld, "kind"), _offset(meld, "tile")
    if _declined is None and min(T_CODE, A_KIND, A_TILE, A_UNO, M_KIND, M_TILE) < 0:
        _declined = "Tile.code, Action.kind/tile/uno or Meld.kind/tile is not a slot"
    if _declined is None and type(win) is not action:
        _declined = "the WIN action is not an Action"
    if _declined is not None:
        return _declined
    HandState, SeatState, Tile, TileSet, Action, Meld = (
        round_state, seat_state, tile, tileset, action, meld)
    RuleSet, RuleOptions, GameFlow = rule_set, rule_options, game_flow
    PHASE_TURN, PHASE_CLAIM, KIND_DISCARD, PUNG, WIN = (
        phase_turn, phase_claim, kind_discard, pung, win)
    tables_of, ref_may_win, ref_uno_discards = tables, may_win, uno_discards
    ref_claimers, ref_shanten, ref_pass_on = claimers, counts_shanten, pass_on
    _serves = True
    return None


def bound():
    """Whether :func:`bind` has taken an interface that passed its checks
    (the step serves)."""
    return _serves


# ---------------------------------------------------------------- slots

cdef inline object get(obj, Py_ssize_t off):
    """The slot at ``off`` of ``obj`` (an unset slot reads as None, which
    every check below refuses)."""
    cdef PyObject* v = umj_slot(obj, off)
    return <object>v if v != NULL else None


cdef inline object r_get(state, int field):
    return get(state, R_OFF[field])


cdef inline object s_get(seat, int field):
    return get(seat, S_OFF[field])


cdef inline bint is_int(x):
    return type(x) is int


cdef inline bint is_bool(x):
    return x is True or x is False


cdef inline int pymod(long a, long n):
    """``a % n`` as Python computes it (never negative for ``n > 0``)."""
    cdef long r = a % n
    return r + n if r < 0 else r


include "_game_tables.pxi"


# ---------------------------------------------------------------- checks

cdef _Tables checked(state, int* flags):
    """The C tables of ``state``'s round (and its flow's bits in ``flags``)
    when every field read here has the type the engine gives it, else None
    (the reference then answers)."""
    if type(state) is not HandState:
        return None
    seats = r_get(state, R_SEATS)
    if type(seats) is not tuple or not 2 <= len(seats) <= MAX_SEATS:
        return None
    for x in (r_get(state, R_DEALER), r_get(state, R_FRONT), r_get(state, R_BACK),
              r_get(state, R_CURRENT), r_get(state, R_DIRECTION)):
        if not is_int(x):
            return None
    for x in (r_get(state, R_REPLACEMENT), r_get(state, R_LAST), r_get(state, R_CLAIMED),
              r_get(state, R_WINDOW)):
        if not is_bool(x):
            return None
    d = r_get(state, R_DIRECTION)
    if d != 1 and d != -1:
        return None
    n = len(seats)
    if not (0 <= r_get(state, R_DEALER) < n and 0 <= r_get(state, R_CURRENT) < n):
        return None
    if type(r_get(state, R_WALL)) is not tuple:
        return None
    ct = rules_tables(r_get(state, R_RULES), flags)
    if ct is None:
        return None
    walls = r_get(state, R_WALLS)
    if type(walls) is not tuple:
        return None
    if flags[0] & F_SEAT_WALLS:
        if len(walls) != n:
            return None
        for x in walls:
            if not is_int(x) or x < 0:
                return None
    elif walls:    # the reference reads seat walls from the state
        return None
    drawn = r_get(state, R_DRAWN)
    if drawn is not None and not tile_ok(ct, drawn):
        return None
    for s in seats:
        if not seat_ok(ct, s):
            return None
    return ct


cdef inline int code_of(t):
    return <object>umj_slot(t, T_CODE)


cdef bint tile_ok(_Tables ct, t):
    """``t`` is one of the tile set's interned tiles."""
    if type(t) is not Tile:
        return False
    c = get(t, T_CODE)    # None when unset (a Tile made by Tile.__new__)
    return is_int(c) and 0 <= c < ct.size and ct.tile[c] is t


cdef bint seat_ok(_Tables ct, s):
    """The seat's fields have the engine's types; its concealed tiles are
    interned and sorted by code, at most four of a kind."""
    cdef int prev = -1, c, run = 0
    if type(s) is not SeatState:
        return False
    concealed = s_get(s, S_CONCEALED)
    if type(concealed) is not tuple or type(s_get(s, S_MELDS)) is not tuple:
        return False
    if type(s_get(s, S_DISCARDS)) is not tuple:
        return False
    if not (is_bool(s_get(s, S_UNO)) and is_bool(s_get(s, S_UNO_FIRST))):
        return False
    if not (is_int(s_get(s, S_DRAWS)) and is_int(s_get(s, S_DISCARDED))):
        return False
    for t in concealed:
        if not tile_ok(ct, t):
            return False
        c = code_of(t)
        if c < prev:
            return False
        run = run + 1 if c == prev else 1
        if run > 4:
            return False
        prev = c
    return True


cdef void count_tiles(_Tables ct, tuple concealed, unsigned char* counts):
    """The concealed tiles (checked by ``seat_ok``: at most four of a kind)
    counted by code into ``counts`` (``MAX_CODES`` bytes)."""
    memset(counts, 0, MAX_CODES)
    for t in concealed:
        counts[code_of(t)] += 1


cdef inline int copies(tuple concealed, tile):
    """The copies of the interned ``tile`` among the concealed tiles."""
    cdef int n = 0
    for t in concealed:
        if t is tile:
            n += 1
    return n


# ---------------------------------------------------------------- new values

cdef object new_seat(concealed, melds, discards, uno, uno_first, draws, discarded, flowers):
    """``SeatState(...)`` (every slot set directly)."""
    o = umj_alloc(SeatState)
    umj_fill(o, S_OFF[S_CONCEALED], concealed)
    umj_fill(o, S_OFF[S_MELDS], melds)
    umj_fill(o, S_OFF[S_DISCARDS], discards)
    umj_fill(o, S_OFF[S_UNO], uno)
    umj_fill(o, S_OFF[S_UNO_FIRST], uno_first)
    umj_fill(o, S_OFF[S_DRAWS], draws)
    umj_fill(o, S_OFF[S_DISCARDED], discarded)
    umj_fill(o, S_OFF[S_FLOWERS], flowers)
    return o


cdef object advance(prev, front, back, seats, phase, current, direction, drawn,
                    replacement, last, offered, pending, walls):
    """``state.advance`` with no claim made (not claimed, no answers): the
    round's rules, dealer, wall, window and result copied."""
    o = umj_alloc(HandState)
    cdef int f
    for f in (R_RULES, R_DEALER, R_WALL, R_WINDOW, R_RESULT, R_PREVALENT_WIND):
        umj_fill(o, R_OFF[f], r_get(prev, f))
    umj_fill(o, R_OFF[R_WALLS], walls)
    umj_fill(o, R_OFF[R_FRONT], front)
    umj_fill(o, R_OFF[R_BACK], back)
    umj_fill(o, R_OFF[R_SEATS], seats)
    umj_fill(o, R_OFF[R_PHASE], phase)
    umj_fill(o, R_OFF[R_CURRENT], current)
    umj_fill(o, R_OFF[R_DIRECTION], direction)
    umj_fill(o, R_OFF[R_DRAWN], drawn)
    umj_fill(o, R_OFF[R_REPLACEMENT], replacement)
    umj_fill(o, R_OFF[R_LAST], last)
    umj_fill(o, R_OFF[R_CLAIMED], False)
    umj_fill(o, R_OFF[R_OFFERED], offered)
    umj_fill(o, R_OFF[R_PENDING], pending)
    umj_fill(o, R_OFF[R_ANSWERS], EMPTY)
    return o


cdef inline tuple replace_at(tuple seats, Py_ssize_t i, s):
    return seats[:i] + (s,) + seats[i + 1:]


include "_game_floor.pxi"


# ---------------------------------------------------------------- the turn

def turn_options(state, seat):
    """``legality.turn_options(state, seat)``."""
    cdef int flags = 0
    if _serves:
        ct = checked(state, &flags)
        if (ct is not None and is_int(seat) and 0 <= seat < len(r_get(state, R_SEATS))
                and (flags & F_UNO or hands_ok(state, seat))):
            return _turn_options(ct, flags, state, seat)
    elif ref_turn_options is None:
        raise RuntimeError(f"the compiled game step has no reference to hand to: {_declined}")
    return ref_turn_options(state, seat)


cdef tuple _turn_options(_Tables ct, int flags, state, Py_ssize_t seat):
    cdef tuple seats = r_get(state, R_SEATS)
    s = seats[seat]
    cdef bint claimed = r_get(state, R_CLAIMED) is True
    cdef bint uno = s_get(s, S_UNO) is True
    cdef tuple concealed = s_get(s, S_CONCEALED)
    cdef tuple melds = s_get(s, S_MELDS)
    cdef unsigned char counts[MAX_CODES]
    cdef int kinds[MAX_CODES]
    cdef int nkinds = 0, prev = -1, c, k
    memset(counts, 0, MAX_CODES)
    for t in concealed:    # sorted by code (seat_ok)
        c = code_of(t)
        if c != prev:
            kinds[nkinds] = c
            nkinds += 1
            counts[c] = 1
            prev = c
        else:
            counts[c] += 1
    cdef list out = []
    drawn = r_get(state, R_DRAWN)
    if not claimed:
        # judge.win_allowed, then may_win where a win is possible: under the
        # UNO declaration, a declared hand, a replacement tile or the first
        # turn; in any other flow a drawn tile that may complete the hand
        # (its shanten floor is below 0).
        if flags & F_UNO:
            maybe = (uno or r_get(state, R_REPLACEMENT) is True
                     or (r_get(state, R_WINDOW) is True and s_get(s, S_DRAWS) == 1
                         and s_get(s, S_DISCARDED) == 0))
        else:
            maybe = (drawn is not None
                     and shanten_floor(ct, kinds, nkinds, counts, len(melds)) < 0)
        if maybe and ref_may_win(state, seat) is not None:
            out.append(WIN)
    if uno and drawn is not None:
        out.append(ct.discard[code_of(drawn)])
        return tuple(out)
    cdef bint room = len(concealed) - nkinds >= 3    # for four of a kind
    if not claimed and not uno and kong_room(flags, state, seat) and (melds or room):
        if room:
            for k in range(nkinds):
                if counts[kinds[k]] == 4:
                    out.append(ct.concealed_kong[kinds[k]])
        for m in melds:
            if type(m) is not Meld or not tile_ok(ct, get(m, M_TILE)):
                return ref_turn_options(state, seat)
            if get(m, M_KIND) is PUNG and counts[code_of(get(m, M_TILE))]:
                out.append(ct.added_kong[code_of(get(m, M_TILE))])
    for k in range(nkinds):
        out.append(ct.discard[kinds[k]])
    if uno or not flags & F_UNO:
        return tuple(out)
    # judge.ready_floor: the floor, then the remembered shanten, settle most
    # turns here; the reference weighs a hand that may be ready.
    if shanten_floor(ct, kinds, nkinds, counts, len(melds)) > 0:
        return tuple(out)
    if ref_shanten(state, (<char*>counts)[:ct.size], len(melds)) > 0:
        return tuple(out)
    ready = ref_uno_discards(state, seat, [ct.tile[kinds[k]] for k in range(nkinds)])
    for t in ready:
        out.append(ct.uno[code_of(t)])
    return tuple(out)


cdef bint hands_ok(state, Py_ssize_t seat):
    """Every seat holds a hand (its concealed tiles and three for each meld
    make 13, and 14 for ``seat`` in its turn), the drawn tile among the
    seat's: without the UNO declaration the reference weighs a win of every
    seat, and refuses a state that fails this."""
    cdef tuple seats = r_get(state, R_SEATS)
    cdef Py_ssize_t i
    for i in range(len(seats)):
        s = seats[i]    # checked: its concealed tiles and melds are tuples
        if (len(<tuple>s_get(s, S_CONCEALED)) + 3 * len(<tuple>s_get(s, S_MELDS))
                != (14 if i == seat else 13)):
            return False
    drawn = r_get(state, R_DRAWN)
    return drawn is None or copies(s_get(seats[seat], S_CONCEALED), drawn) > 0


cdef bint kong_room(int flags, state, Py_ssize_t seat):
    """``judge.kong_room``: the wall lets the seat declare a kong (with seat
    walls, its own and the next seat's are not empty)."""
    cdef tuple walls
    if flags & F_SEAT_WALLS:
        walls = r_get(state, R_WALLS)
        return walls[seat] != 0 and walls[(seat + 1) % len(walls)] != 0
    return r_get(state, R_BACK) >= r_get(state, R_FRONT)


# ---------------------------------------------------------------- the discard

def discard(state, seat, action):
    """``transitions.discard(state, seat, action)`` (a legal discard of the
    seat in its turn, as ``transitions.apply`` has checked)."""
    cdef int flags = 0
    if _serves:
        ct = checked(state, &flags)
        if (ct is not None and is_int(seat) and 0 <= seat < len(r_get(state, R_SEATS))
                and type(action) is Action and get(action, A_KIND) is KIND_DISCARD
                and is_bool(get(action, A_UNO)) and get(action, A_TILE) is not None
                and tile_ok(ct, get(action, A_TILE)) and wall_left(flags, state, seat)
                and (flags & F_UNO or hands_ok(state, seat))):
            return _discard(ct, flags, state, seat, action)
    elif ref_discard is None:
        raise RuntimeError(f"the compiled game step has no reference to hand to: {_declined}")
    return ref_discard(state, seat, action)


cdef bint wall_left(int flags, state, Py_ssize_t seat):
    """A discard of ``seat`` is not the hand's last (that is the
    reference's): the wall, or with seat walls the next seat's, is not
    empty (the reference weighs Reverse and Skip on seat walls)."""
    cdef tuple walls
    if flags & F_SEAT_WALLS:
        walls = r_get(state, R_WALLS)
        return not flags & F_EFFECTS and walls[pymod(seat + <int>r_get(state, R_DIRECTION),
                                                     len(walls))] != 0
    return r_get(state, R_FRONT) <= r_get(state, R_BACK)


cdef bint next_tile_ok(_Tables ct, int flags, state, Py_ssize_t seat):
    """The tile ``seat`` draws next (the wall not empty) is one of the tile
    set's (a flower is the reference's to draw)."""
    cdef tuple wall = r_get(state, R_WALL)
    cdef tuple walls
    # Python ints until they are known to index the wall (a state may hold
    # any int).
    if flags & F_SEAT_WALLS:
        walls = r_get(state, R_WALLS)
        left = walls[seat]
        if not 0 < left <= len(wall):
            return False
        at = len(wall) // len(walls) * seat + left - 1
    else:
        at = r_get(state, R_FRONT)
    return 0 <= at < len(wall) and tile_ok(ct, wall[at])


cdef tuple _discard(_Tables ct, int flags, state, Py_ssize_t seat, action):
    tile = get(action, A_TILE)
    cdef bint uno = get(action, A_UNO) is True
    cdef int code = code_of(tile)
    cdef tuple seats = r_get(state, R_SEATS)
    s = seats[seat]
    cdef tuple concealed = s_get(s, S_CONCEALED)
    cdef Py_ssize_t i, n = len(concealed)
    for i in range(n):
        if concealed[i] is tile:
            break
    else:
        return ref_discard(state, seat, action)    # not held: the reference refuses it
    discarded = s_get(s, S_DISCARDED)
    new_s = new_seat(
        concealed[:i] + concealed[i + 1:],
        s_get(s, S_MELDS),
        s_get(s, S_DISCARDS) + (tile,),
        s_get(s, S_UNO) is True or uno,
        s_get(s, S_UNO_FIRST) is True or (uno and discarded == 0 and r_get(state, R_WINDOW) is True),
        s_get(s, S_DRAWS),
        discarded + 1,
        s_get(s, S_FLOWERS),
    )
    said = ((ct.ev_discard[seat][code], ct.ev_uno[seat][code]) if uno
            else (ct.ev_discard[seat][code],))
    seats = replace_at(seats, seat, new_s)
    screened = claim_screen(ct, flags, state, seats, code)
    cdef bint offered = screened[0] or screened[1]
    if offered:
        pending = ref_claimers(claim_state(state, seats, seat, tile, EMPTY), screened)
        if pending:
            return claim_state(state, seats, seat, tile, pending), said
    # The reference passes play on from the CLAIM state whenever its own
    # screen finds a seat, which without the UNO declaration it always does
    # (any seat may win): a draw that ends the hand keeps that state's fields.
    return pass_on(ct, flags, state, seats, seat, tile, code, said,
                   offered or not flags & F_UNO)


cdef object claim_state(state, tuple seats, Py_ssize_t seat, tile, tuple pending):
    """The CLAIM state of a discard of ``tile`` by ``seat`` (the wall not
    empty), awaiting the seats ``pending``."""
    return advance(state, r_get(state, R_FRONT), r_get(state, R_BACK), seats, PHASE_CLAIM, seat,
                   r_get(state, R_DIRECTION), None, False, False, tile, pending,
                   r_get(state, R_WALLS))


cdef tuple claim_screen(_Tables ct, int flags, state, tuple seats, int code):
    """``judge.claim_screen(state, seats, tile, True, False)`` for a discard
    of the tile ``code``: (seats with a meld on it, other seats the rules
    let win on it). Without the UNO declaration a seat may win on any tile:
    it is screened out here when its hand with the tile is surely not
    complete (its shanten floor is 0 or more), which leaves the reference's
    answer unchanged."""
    cdef int n = len(seats)
    cdef int offering = r_get(state, R_CURRENT)
    cdef int dealer = r_get(state, R_DEALER)
    cdef int chower = pymod(offering + <int>r_get(state, R_DIRECTION), n) if ct.rank[code] >= 0 else -1
    cdef bint free = not flags & F_UNO
    cdef bint earthly = (not free and r_get(state, R_WINDOW) is True and offering == dealer
                         and s_get(seats[dealer], S_DISCARDED) == 1)
    cdef list melders = [], winners = []
    cdef unsigned char counts[MAX_CODES]
    cdef int i, k, held
    cdef bint uno, chows
    tile = ct.tile[code]
    for i in range(n):
        if i == offering:
            continue
        s = seats[i]
        uno = s_get(s, S_UNO) is True
        if free or i == chower:
            count_tiles(ct, s_get(s, S_CONCEALED), counts)
        if not uno:
            chows = False
            if free or i == chower:
                held = counts[code]
            else:
                held = copies(s_get(s, S_CONCEALED), tile)
            if i == chower:
                for k in range(ct.nchows[code]):
                    if counts[ct.chow_a[code][k]] and counts[ct.chow_b[code][k]]:
                        chows = True
                        break
            if held >= 2 or chows:
                melders.append(i)
                continue
        if free:
            if may_complete(ct, counts, code, len(<tuple>s_get(s, S_MELDS))):
                winners.append(i)
        elif uno or (earthly and i != dealer):
            winners.append(i)
    return melders, winners


cdef bint may_complete(_Tables ct, unsigned char* counts, int code, int melds):
    """Whether the concealed tiles ``counts`` (changed and restored) with
    the tile ``code`` may make a complete hand: their shanten floor is
    below 0."""
    cdef int kinds[MAX_CODES]
    cdef int nkinds = 0, c, floor
    counts[code] += 1
    for c in range(ct.size):
        if counts[c]:
            kinds[nkinds] = c
            nkinds += 1
    floor = shanten_floor(ct, kinds, nkinds, counts, melds)
    counts[code] -= 1
    return floor < 0


cdef tuple pass_on(_Tables ct, int flags, state, tuple seats, int discarder, tile, int code,
                   tuple said, bint offered):
    """``flow._pass_on`` after an unclaimed discard (the wall not empty) from
    the TURN ``state`` of the discard: Reverse or Skip acts (where the flow
    has card effects), and the next seat draws. The reference draws a
    flower, from the CLAIM state of the offer if it was ``offered``: the
    whole pass on, the card's effect and its event included."""
    cdef int n = len(seats)
    cdef int direction = r_get(state, R_DIRECTION)
    cdef int nxt
    cdef tuple effect = EMPTY
    if flags & F_EFFECTS and ct.effect[code] == 1:
        nxt, direction = pymod(discarder - direction, n), -direction
        effect = (ct.ev_reverse[discarder][code],)
    elif flags & F_EFFECTS and ct.effect[code] == 2:
        nxt = pymod(discarder + 2 * direction, n)
        effect = (ct.ev_skip[discarder][code],)
    else:
        nxt = pymod(discarder + direction, n)
    if not next_tile_ok(ct, flags, state, nxt):
        if offered:
            state = claim_state(state, seats, discarder, tile, EMPTY)
        new, more = ref_pass_on(state, seats, discarder, tile)
        return new, said + more
    return draw(ct, flags, state, seats, direction, nxt, said + effect)


cdef tuple draw(_Tables ct, int flags, state, tuple seats, int direction, int seat, tuple said):
    """``flow.draw_tile`` of a tile of the tile set (next_tile_ok), not a
    replacement: from the front of the wall, or the end of the seat's own."""
    cdef tuple wall = r_get(state, R_WALL)
    front = r_get(state, R_FRONT)
    back = r_get(state, R_BACK)
    walls = r_get(state, R_WALLS)
    cdef bint last
    if flags & F_SEAT_WALLS:
        left = (<tuple>walls)[seat]
        tile = wall[len(wall) // len(seats) * seat + left - 1]
        walls = walls[:seat] + (left - 1,) + walls[seat + 1:]
        last = (<tuple>walls)[(seat + 1) % len(seats)] == 0
    else:
        tile = wall[front]
        front += 1
        last = back < front
    cdef int code = code_of(tile)
    s = seats[seat]
    cdef tuple concealed = s_get(s, S_CONCEALED)
    cdef Py_ssize_t i = 0, n = len(concealed)
    while i < n and code_of(concealed[i]) <= code:
        i += 1
    new_s = new_seat(
        concealed[:i] + (tile,) + concealed[i:],
        s_get(s, S_MELDS),
        s_get(s, S_DISCARDS),
        s_get(s, S_UNO),
        s_get(s, S_UNO_FIRST),
        s_get(s, S_DRAWS) + 1,
        s_get(s, S_DISCARDED),
        s_get(s, S_FLOWERS),
    )
    new = advance(state, front, back, replace_at(seats, seat, new_s), PHASE_TURN, seat,
                  direction, tile, False, last, None, EMPTY, walls)
    return new, said + (ct.ev_draw[seat][code],)
