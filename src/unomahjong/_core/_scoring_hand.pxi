# Part of scoring.pyx (included there, in this order): the hand and context
# as C data, the selection policy and the Python values of a result.

# ---------------------------------------------------------------- the hand

cdef object _ZERO = 0
cdef object _TRUE = True
cdef object _FALSE = False
cdef tuple _COUNTS = (0, 1, 2, 3, 4)
# CPython's cached small ints: a count is read by comparing pointers with
# these; any other object takes the checked conversion (int_in).
cdef PyObject* _COUNT_OBJECTS[5]
for _i in range(5):
    _COUNT_OBJECTS[_i] = <PyObject*>_COUNTS[_i]


cdef inline long int_in(object x, long low, long high) noexcept:
    """``x`` as a C long when it is an exact int in ``low..high``, else
    ``low - 1`` (no Python comparison, no exception)."""
    cdef int overflow = 0
    cdef long v
    if not PyLong_CheckExact(x):
        return low - 1
    v = PyLong_AsLongAndOverflow(x, &overflow)
    return v if overflow == 0 and low <= v <= high else low - 1


cdef inline bint is_wind(object w) noexcept:
    """``w`` is one of the letters E, S, W, N (read from the string itself:
    a ``str`` subclass's ``__len__`` is not asked)."""
    if not PyUnicode_Check(w) or PyUnicode_GET_LENGTH(w) != 1:
        return False
    cdef Py_UCS4 c = PyUnicode_READ_CHAR(w, 0)
    return c == 69 or c == 83 or c == 87 or c == 78


cdef class _Slots:
    """Reads the named slots of instances of exactly one class from their
    storage (what the slots' member descriptors do, without an attribute
    lookup per read); other objects are read by attribute."""

    cdef object cls
    cdef tuple names
    cdef Py_ssize_t off[16]

    def __init__(self, cls, names):
        self.cls = cls
        self.names = tuple(names)
        if len(self.names) > 16:  # the size of ``off``
            raise ImportError(f"{cls.__name__} has more fields than the core reads (16)")
        for i, name in enumerate(self.names):
            d = cls.__dict__.get(name)
            self.off[i] = umj_offset(d) if d is not None else -1


cdef inline object slot(_Slots s, obj, int i):
    """The field ``i`` of ``obj``: from its slot for an instance of exactly
    ``s.cls`` (None when the slot is unset, which the callers refuse), else
    by attribute."""
    cdef PyObject* v
    if type(obj) is s.cls and s.off[i] >= 0:
        v = umj_slot(obj, s.off[i])
        return <object>v if v != NULL else None
    return getattr(obj, s.names[i])


cdef inline bint slot_is(_Slots s, obj, int i, value):
    """``slot(s, obj, i) is value``, without a new reference for the slot."""
    cdef PyObject* v
    if type(obj) is s.cls and s.off[i] >= 0:
        v = umj_slot(obj, s.off[i])
        return v != NULL and v == <PyObject*>value
    return getattr(obj, s.names[i]) is value


cdef _Slots _HAND = _Slots(Hand, ("counts", "melds", "win", "tileset", "concealed"))
cdef _Slots _MELD = _Slots(Meld, ("kind", "tile", "exposed"))
cdef _Slots _TILE = _Slots(Tile, ("code",))
cdef _Slots _TILESET = _Slots(TileSet, ("_by_code",))


cdef tuple _other_facts():
    """WinContext's fields the core does not read (``_CORE_FACTS``), in field
    order: facts added in Python only. The core's facts must all be fields."""
    names = tuple(a.name for a in attrs.fields(WinContext))
    missing = [n for n in _CORE_FACTS if n not in names]
    if missing:
        raise ImportError(f"the core reads WinContext facts it no longer has: {missing}")
    return tuple(n for n in names if n not in _CORE_FACTS)


# The core's facts in their numbered slots, then the others (read only to
# see whether they keep their defaults).
cdef tuple _OTHER_FACTS = _other_facts()
cdef tuple _OTHER_DEFAULTS = tuple(getattr(WinContext(), n) for n in _OTHER_FACTS)
cdef Py_ssize_t _NOTHER = len(_OTHER_FACTS)
cdef _Slots _CONTEXT = _Slots(WinContext, _CORE_FACTS + _OTHER_FACTS)
OTHER_FACTS = _OTHER_FACTS  # for the tests: what only the Python engine reads


cdef bint others_at_default(ctx) except -1:
    """True when the context keeps every fact the core does not read at its
    default. Such a default means "nothing special" and contradicts nothing
    (docs/architecture.md, a context flag), so the core's checks and fans
    are then complete; any other value is the Python engine's to score."""
    cdef Py_ssize_t i
    for i in range(_NOTHER):
        v = slot(_CONTEXT, ctx, NFACTS + i)
        d = _OTHER_DEFAULTS[i]
        if v is not d and v != d:
            return 0
    return 1


cdef int code_in(obj, int* out) noexcept:
    """The code of ``obj`` if it is a Tile with a code within the arrays."""
    if type(obj) is not Tile:
        return 0
    cdef long c = int_in(slot(_TILE, obj, 0), 0, SIZE - 1)
    if c < 0:
        return 0
    out[0] = <int>c
    return 1


cdef inline int interned_code(obj, tuple interned, int* out) noexcept:
    """The code of ``obj`` if it is the tile set's own tile of that code
    (``interned``: its tiles by code, as ``TileSet.owns`` reads them)."""
    if not code_in(obj, out) or out[0] >= PyTuple_GET_SIZE(interned):
        return 0
    return PyTuple_GET_ITEM(interned, out[0]) == <PyObject*>obj


cdef int tiles_agree(hand, tuple interned, const Facts* f, uint64_t kinds) noexcept:
    """Whether the hand's concealed tiles and winning tile are its tile set's
    own (``interned``, by code) and add up to its counts, whose kinds are
    ``kinds``. The counts are what the core reads; the Python engine checks
    the tiles too, and both refuse the same hands. A tile is looked for
    among the hand's own kinds by identity, so no code is converted."""
    cdef int c, i, n
    cdef unsigned char seen[SIZE]
    cdef uint64_t rest
    cdef PyObject* p
    concealed = slot(_HAND, hand, 4)
    if type(concealed) is not tuple or PyTuple_GET_SIZE(interned) < SIZE:
        return 0
    n = <int>PyTuple_GET_SIZE(concealed)
    win = slot(_HAND, hand, 2)
    memset(seen, 0, sizeof(seen))
    for i in range(n + 1):
        p = PyTuple_GET_ITEM(concealed, i) if i < n else <PyObject*>win
        rest = kinds
        while rest:
            c = lowest_bit(rest)
            if PyTuple_GET_ITEM(interned, c) == p:
                break
            rest &= rest - 1
        if not rest:
            return 0
        seen[c] += 1
    rest = kinds
    while rest:
        c = lowest_bit(rest)
        rest &= rest - 1
        if seen[c] != f.hcounts[c]:
            return 0
    return 1


cdef int read_hand(const Layout* lay, hand, ctx, Facts* f) except -1:
    """The hand and context as C data, every slot, type, code and count
    checked before use: 0; 1 when the context sets a fact the core does not
    read; 2 when the hand is not one its constructor would have built (the
    caller then leaves the call to the Python engine, which refuses the
    hand, or scores it)."""
    cdef int c, i, n, kind, k2, tiles = 0
    if _NOTHER and not others_at_default(ctx):
        return 1
    cdef uint64_t held_kinds = 0, rest
    memset(f, 0, <size_t>(<char*>f.family_pos - <char*>f))
    counts_obj = slot(_HAND, hand, 0)
    melds_obj = slot(_HAND, hand, 1)
    if type(counts_obj) is not tuple or type(melds_obj) is not tuple:
        return 2
    cdef tuple counts = counts_obj
    cdef tuple melds = melds_obj
    cdef PyObject* item
    cdef PyObject* zero = <PyObject*>_ZERO
    if PyTuple_GET_SIZE(counts) != SIZE:
        return 2
    for c in range(SIZE):
        item = PyTuple_GET_ITEM(counts, c)
        if item == zero:  # most kinds are absent: skip the conversion
            continue
        if item == _COUNT_OBJECTS[1]:
            n = 1
        elif item == _COUNT_OBJECTS[2]:
            n = 2
        elif item == _COUNT_OBJECTS[3]:
            n = 3
        elif item == _COUNT_OBJECTS[4]:
            n = 4
        else:
            n = int_in(<object>item, 0, 4)
            if n < 0:
                return 2
        if n and not lay.valid[c]:
            return 2
        f.hcounts[c] = n
        f.counts[c] = n
        tiles += n
        held_kinds |= (<uint64_t>1) << c
    if len(melds) > 4 or tiles + 3 * len(melds) != 14:
        return 2
    cdef uint64_t hand_kinds = held_kinds
    interned_obj = slot(_TILESET, slot(_HAND, hand, 3), 0)
    if type(interned_obj) is not tuple:
        return 2
    cdef tuple interned = interned_obj
    f.ndeclared = len(melds)
    for i in range(f.ndeclared):
        m = melds[i]
        if type(m) is not Meld or not interned_code(slot(_MELD, m, 1), interned, &c):
            return 2
        k = slot(_MELD, m, 0)
        kind = K_CHOW if k is CHOW else K_PUNG if k is PUNG else K_KONG if k is KONG else -1
        exposed = slot(_MELD, m, 2)
        if kind < 0 or (exposed is not True and exposed is not False):
            return 2
        if not lay.valid[c] or (kind == K_CHOW and (not lay.rank[c] or lay.rank[c] > 7)):
            return 2
        f.dkind[i] = kind
        f.dcode[i] = c
        f.dexposed[i] = 1 if exposed is True else 0
        if kind == K_CHOW:
            for k2 in range(3):
                f.counts[c + k2] += 1
                held_kinds |= (<uint64_t>1) << (c + k2)
        else:
            f.counts[c] += 4 if kind == K_KONG else 3
            held_kinds |= (<uint64_t>1) << c
        if f.dexposed[i]:
            f.exposed_melds += 1
            if kind == K_KONG:
                f.exposed_kongs += 1
        elif kind == K_KONG:
            f.concealed_kongs += 1
        if kind == K_KONG:
            f.kong_codes |= (<uint64_t>1) << c
    f.kongs = f.exposed_kongs + f.concealed_kongs
    if not code_in(slot(_HAND, hand, 2), &c) or not f.hcounts[c]:
        return 2
    if not tiles_agree(hand, interned, f, hand_kinds):
        return 2
    f.win = c
    f.held = held_kinds
    rest = held_kinds
    while rest:  # in code order: the fours are listed in that order
        c = lowest_bit(rest)
        rest &= rest - 1
        n = f.counts[c]
        if n > 4:
            return 2
        if lay.rank[c]:
            f.nsuited += 1
            f.ranks |= 1 << lay.rank[c]
            f.suits |= 1 << lay.suit[c]
        else:
            f.nhonours += 1
            f.families |= 1 << lay.family[c]
        if lay.suit[c] >= 0:
            f.colours |= 1 << lay.suit[c]
        if n == 4:
            f.fours[f.nfours] = c
            f.nfours += 1
    if type(ctx) is not WinContext:
        return 2
    cdef PyObject* flag_value
    for i in range(NFLAGS):
        # ctx is exactly a WinContext (checked above): its slots, read directly
        flag_value = umj_slot(ctx, _CONTEXT.off[i]) if _CONTEXT.off[i] >= 0 else NULL
        if flag_value == <PyObject*>_TRUE:
            f.flag[i] = 1
        elif flag_value == <PyObject*>_FALSE:
            f.flag[i] = 0
        else:
            return 2
    f.flag_bits = bit_set(f.flag, NFLAGS)
    # a special win (the FLAGGED gate), as HandFacts.flagged
    f.flagged = (f.flag_bits & FL_SPECIAL) != 0
    seat_wind = slot(_CONTEXT, ctx, CX_SEAT_WIND)
    prevalent_wind = slot(_CONTEXT, ctx, CX_PREVALENT_WIND)
    flowers = slot(_CONTEXT, ctx, CX_FLOWERS)
    cdef long nflowers = int_in(flowers, 0, 8)
    if not is_wind(seat_wind) or not is_wind(prevalent_wind) or nflowers < 0:
        return 2
    f.seat_wind = PyUnicode_READ_CHAR(seat_wind, 0)
    f.prevalent_wind = PyUnicode_READ_CHAR(prevalent_wind, 0)
    f.flowers = nflowers
    f.unique_wait = -1
    return 0


cdef int bit_set(const int* flags, int n) noexcept nogil:
    """Bit i set for each true ``flags[i]``."""
    cdef int i, bits = 0
    for i in range(n):
        if flags[i]:
            bits |= 1 << i
    return bits


cdef int context_consistent(const Plan* p, const Facts* f) noexcept nogil:
    """True when neither ``RuleSet.check_context`` nor ``WinContext.check``
    would object (they run, and raise, only when this says no)."""
    cdef int i, v, first_turn, held, concealed
    for i in range(NFACTS):
        if not p.has_foreign[i]:
            continue
        if i < NFLAGS:
            v = f.flag[i]
        elif i == CX_SEAT_WIND:
            v = f.seat_wind
        elif i == CX_PREVALENT_WIND:
            v = f.prevalent_wind
        else:
            v = f.flowers
        if v != p.foreign_default[i]:
            return 0
    if f.flag[FL_ROBBING_KONG] and f.flag[FL_SELF_DRAWN]:
        return 0
    if f.flag[FL_KONG_REPLACEMENT] and (not f.flag[FL_SELF_DRAWN] or not f.kongs):
        return 0
    if f.flag[FL_ROBBING_KONG] and f.counts[f.win] - 1:
        return 0
    if f.flag[FL_LAST_COPY] and f.hcounts[f.win] - 1:
        return 0
    if f.flag[FL_HEAVENLY_HAND] and (not f.flag[FL_SELF_DRAWN] or f.flag[FL_EARTHLY_HAND]):
        return 0
    first_turn = f.flag[FL_HEAVENLY_HAND] or f.flag[FL_EARTHLY_HAND] or f.flag[FL_HEAVENLY_UNO]
    if first_turn and f.ndeclared:
        return 0
    if f.flag[FL_HEAVENLY_UNO] and (f.flag[FL_HEAVENLY_HAND] or f.flag[FL_EARTHLY_HAND]):
        return 0
    if f.flag[FL_LAST_TILE] and (f.flag[FL_HEAVENLY_HAND] or f.flag[FL_EARTHLY_HAND]):
        return 0
    if f.flag[FL_LAST_COPY] and (f.flag[FL_HEAVENLY_HAND]
                                 or (f.flag[FL_EARTHLY_HAND] and not f.flag[FL_SELF_DRAWN])):
        return 0
    if f.flag[FL_ROBBING_KONG] and (f.flag[FL_EARTHLY_HAND] or f.flag[FL_LAST_TILE]):
        return 0
    return 1


cdef struct Choice:
    int cand          # candidate winning tile (heavenly hand), else the hand's
    int dec           # reading in that candidate's list
    int role
    int total
    int shape
    int tie           # holds a tie-preferred fan
    int mkey[4]       # concealed melds as code * 2 + (chow), for the calculator order
    int nmkey


cdef int select(const Plan* p, Choice* ch, Count* counts, int n) noexcept nogil:
    """``scoring._select``: the reported reading."""
    cdef int i, j, best = -1, k, seven_first = -1, any_seven = 0, better, less, prev
    if n == 1:
        return 0
    if not p.calculator:
        for i in range(n):
            if best < 0 or key_cmp(&counts[i], &counts[best]) > 0:
                best = i
        return best
    for i in range(n):  # a special shape other than seven pairs stands alone
        if ch[i].shape != SH_STANDARD and ch[i].shape != SH_SEVEN_PAIRS:
            if best < 0 or key_cmp(&counts[i], &counts[best]) > 0:
                best = i
    if best >= 0:
        return best
    for i in range(n):
        if ch[i].shape == SH_SEVEN_PAIRS:
            any_seven = 1
            if seven_first < 0:
                seven_first = i
    # Standard readings in the calculators' order (stable by concealed
    # melds): repeatedly take the least one after the previous one taken.
    best = seven_first
    prev = -1
    for k in range(n):
        j = -1
        for i in range(n):
            if ch[i].shape != SH_STANDARD:
                continue
            if prev >= 0 and not after(ch, prev, i):
                continue
            if j < 0 or mkey_less(&ch[i], &ch[j]):
                j = i
        if j < 0:
            break
        prev = j
        i = j
        if best < 0 or ch[i].total > ch[best].total:
            better = 1
        else:
            better = ch[i].total == ch[best].total and (
                (any_seven and not p.keep_seven) or ch[i].tie)
        if better:
            best = i
    return best


cdef inline int after(const Choice* ch, int prev, int i) noexcept nogil:
    """True when reading ``i`` comes after ``prev`` in the stable order."""
    if mkey_less(&ch[prev], &ch[i]):
        return 1
    if mkey_less(&ch[i], &ch[prev]):
        return 0
    return i > prev


cdef inline int mkey_less(const Choice* a, const Choice* b) noexcept nogil:
    cdef int i, n = a.nmkey if a.nmkey < b.nmkey else b.nmkey
    for i in range(n):
        if a.mkey[i] != b.mkey[i]:
            return a.mkey[i] < b.mkey[i]
    return a.nmkey < b.nmkey


# ---------------------------------------------------------------- Python values

cdef object meld_object(CompiledPlan plan, int kind, int code):
    """The interned concealed Meld the Python engine's readings use."""
    cdef int slot = (0 if kind == K_PUNG else 1) * SIZE + code
    m = plan.meld_cache[slot]
    if m is None:
        m = plan.meld_cache[slot] = concealed_meld(plan.tileset, 0 if kind == K_PUNG else 1, code)
    return m


cdef object decomposition_object(CompiledPlan plan, hand, const Dec* d, const Facts* f):
    """The Python engine's :class:`Decomposition` of a reading."""
    cdef const Layout* lay = plan.lay
    cdef int i, c, k
    cdef list tiles = plan.tiles
    cdef tuple declared = slot(_HAND, hand, 1)
    cdef tuple melds = declared
    if d.nm > f.ndeclared:
        melds = PyTuple_New(d.nm)
        for i in range(d.nm):
            m = declared[i] if i < f.ndeclared else meld_object(plan, d.kind[i], d.code[i])
            Py_INCREF(m)
            PyTuple_SET_ITEM(melds, i, m)
    pair = tiles[d.pair] if d.pair >= 0 else None
    pairs = ()
    knitted = ()
    singles = ()
    if d.shape == SH_SEVEN_PAIRS:
        out = []
        for c in range(SIZE):
            for k in range(f.hcounts[c] // 2):
                out.append(tiles[c])
        pairs = tuple(out)
    elif d.shape == SH_THIRTEEN_ORPHANS:
        singles = tuple([tiles[c] for c in range(SIZE) if f.hcounts[c] and c != d.pair])
    elif d.shape == SH_HONOURS_AND_KNITTED:
        knitted = tuple([tiles[c] for c in range(SIZE) if f.hcounts[c] and lay.rank[c]])
        singles = tuple([tiles[c] for c in range(SIZE) if f.hcounts[c] and not lay.rank[c]])
    elif d.shape == SH_KNITTED_STRAIGHT:
        knitted = tuple([tiles[lay.knit_codes[d.knit][i]] for i in range(9)])
    roles = roles_object(plan, d)
    return build7(_DECOMPOSITION, plan.shape_members[d.shape], melds, pair, pairs, knitted,
                  singles, roles)


cdef object roles_object(CompiledPlan plan, const Dec* d):
    """The reading's roles of the winning tile as a tuple, interned per plan
    (a few dozen combinations recur in every game)."""
    cdef long long key = d.nroles
    cdef int i
    cdef bint cached = d.nroles <= 9
    if cached:
        for i in range(d.nroles):
            key = key * 64 + d.rkind[i] * 9 + d.ridx[i] + 1
        roles = plan.roles_cache.get(key)
        if roles is not None:
            return roles
    cdef tuple out = PyTuple_New(d.nroles)
    for i in range(d.nroles):
        r = role_object(plan, d.rkind[i], d.ridx[i])
        Py_INCREF(r)
        PyTuple_SET_ITEM(out, i, r)
    if cached and len(plan.roles_cache) < 4096:
        plan.roles_cache[key] = out
    return out


cdef object role_object(CompiledPlan plan, int kind, int idx):
    cdef int slot = kind * 8 + idx + 1
    r = plan.role_cache[slot]
    if r is None:
        r = plan.role_cache[slot] = interned_role(plan.role_members[kind], idx if idx >= 0 else None)
    return r


cdef class _Builder:
    """Builds instances of a frozen attrs class with slots from their field
    values in order, storing each in its slot (``attrs``' own ``__init__``
    does the same through ``object.__setattr__``, a Python call a field).
    Used only where every value is already of the right type; if the class's
    fields or slots are not the ones expected, the class is called instead."""

    cdef object cls
    cdef tuple names
    cdef bint direct
    cdef Py_ssize_t off[16]

    def __init__(self, cls, names):
        self.cls = cls
        self.names = tuple(names)
        if len(self.names) > 16:  # the size of ``off``
            raise ImportError(f"{cls.__name__} has more fields than the core reads (16)")
        fields = tuple(a.name for a in attrs.fields(cls))
        self.direct = fields == self.names and len(self.names) <= 16
        for i, name in enumerate(self.names):
            d = cls.__dict__.get(name)
            self.off[i] = umj_offset(d) if d is not None else -1
            if self.off[i] < 0:
                self.direct = False


cdef object build(_Builder b, PyObject** values, Py_ssize_t n):
    """An instance of ``b``'s class from its ``n`` field values (borrowed)."""
    cdef Py_ssize_t i
    if not b.direct or n != len(b.names):
        return b.cls(*[<object>values[i] for i in range(n)])
    obj = umj_alloc(b.cls)
    for i in range(n):
        umj_fill(obj, b.off[i], <object>values[i])
    return obj


cdef inline object build3(_Builder b, x0, x1, x2):
    cdef PyObject* v[3]
    v[0] = <PyObject*>x0
    v[1] = <PyObject*>x1
    v[2] = <PyObject*>x2
    return build(b, v, 3)


cdef inline object build7(_Builder b, x0, x1, x2, x3, x4, x5, x6):
    cdef PyObject* v[7]
    v[0] = <PyObject*>x0
    v[1] = <PyObject*>x1
    v[2] = <PyObject*>x2
    v[3] = <PyObject*>x3
    v[4] = <PyObject*>x4
    v[5] = <PyObject*>x5
    v[6] = <PyObject*>x6
    return build(b, v, 7)


cdef _Slots _DECOMP = _Slots(Decomposition, ("melds",))
cdef object _FAN_ENTRY_BUILDER = None


cdef object fans_object(CompiledPlan plan, const Count* c, tuple melds, const Dec* d,
                        int ndeclared):
    """The score's ``FanEntry`` values (``scoring.fan_entries``), or None when
    they cannot be built here (then ``Score.fans`` builds them)."""
    global _FAN_ENTRY_BUILDER
    cdef _Builder b
    cdef int i, j, slot_
    cdef const Entry* e
    if _FAN_ENTRY_BUILDER is None:
        from unomahjong.scoring.scorer import FanEntry

        _FAN_ENTRY_BUILDER = _Builder(FanEntry, ("fan", "count", "melds"))
    b = <_Builder>_FAN_ENTRY_BUILDER
    if not b.direct:
        return None
    cdef tuple out = PyTuple_New(c.ne)
    cdef tuple used
    cdef long long key
    for i in range(c.ne):
        e = &c.e[i]
        if e.nm:
            # Of concealed melds only (interned per plan, meld_object): the
            # entry recurs across scores and is interned too, by its row,
            # count and the melds' kinds and codes.
            key = -1
            if e.nm <= 4 and e.n < 16:
                key = (e.pos << 4) | e.n
                for j in range(e.nm):
                    if e.m[j] < ndeclared:
                        key = -1
                        break
                    key = (key << 8) | (d.kind[e.m[j]] == K_CHOW) << 7 | d.code[e.m[j]]
                if key >= 0:
                    key = (key << 3) | e.nm
                    entry = plan.fan_cache.get(key)
                    if entry is not None:
                        Py_INCREF(entry)
                        PyTuple_SET_ITEM(out, i, entry)
                        continue
            used = PyTuple_New(e.nm)
            for j in range(e.nm):
                m = melds[e.m[j]]
                Py_INCREF(m)
                PyTuple_SET_ITEM(used, j, m)
            entry = build3(b, plan.rows_of[e.pos], e.n, used)
            if key >= 0 and len(plan.fan_cache) < 16384:
                plan.fan_cache[key] = entry
            Py_INCREF(entry)
            PyTuple_SET_ITEM(out, i, entry)
            continue
        # fans without melds recur in every score: interned per plan
        slot_ = e.pos * 16 + (e.n if e.n < 16 else 15)
        entry = plan.entry_cache[slot_] if e.n < 15 else None
        if entry is None:
            entry = build3(b, plan.rows_of[e.pos], e.n, ())
            if e.n < 15:
                plan.entry_cache[slot_] = entry
        Py_INCREF(entry)
        PyTuple_SET_ITEM(out, i, entry)
    return out


cdef _Builder _DECOMPOSITION = _Builder(
    Decomposition, ("shape", "melds", "pair", "pairs", "knitted", "singles", "win_roles")
)
# The builder of the last score type asked for, as one (type, builder) tuple.
cdef tuple _last_builder = (None, None)


cdef _Builder score_builder(score_type):
    global _last_builder
    cdef tuple last = _last_builder
    if last[0] is score_type:
        return <_Builder>last[1]
    b = _Builder(
        score_type, ("total", "decomposition", "win_role", "hand", "context", "rules", "fans")
    )
    _last_builder = (score_type, b)
    return b


cdef tuple _SMALL = tuple(range(MAXROWS))  # row positions and meld indices


cdef tuple int_tuple(const int* values, int n):
    """``tuple(values[:n])`` for small non-negative ints."""
    cdef tuple t = PyTuple_New(n)
    cdef int i
    for i in range(n):
        v = _SMALL[values[i]]
        Py_INCREF(v)
        PyTuple_SET_ITEM(t, i, v)
    return t


cdef object entries_object(const Count* c):
    cdef int i
    cdef tuple out = PyTuple_New(c.ne)
    for i in range(c.ne):
        e = (_SMALL[c.e[i].pos], c.e[i].n, int_tuple(c.e[i].m, c.e[i].nm))
        Py_INCREF(e)
        PyTuple_SET_ITEM(out, i, e)
    return out
