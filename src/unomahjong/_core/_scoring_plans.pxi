# Part of scoring.pyx (included there, in this order): the layouts of the
# built-in tile sets and the plans of rule sets.

# ---------------------------------------------------------------- layouts

cdef Layout UNO_LAYOUT
cdef Layout MCR_LAYOUT

_FAMILIES = {"function": F_FUNCTION, "wind": F_WIND, "dragon": F_DRAGON}


cdef void build_layout(Layout* lay, spec) except *:
    """The per-code facts of a built-in tile set, read once from its
    Python description."""
    ts = spec.tileset
    memset(lay, 0, sizeof(Layout))
    cdef int c
    for c in range(SIZE):
        lay.suit[c] = -1
        lay.family[c] = -1
    if ts.size > SIZE or len(spec.knitted_codes) > MAXKNIT or len(spec.meld_blocks) > MAXBLOCKS:
        raise ValueError("tile set too large for the compiled core")
    for t in ts.tiles:
        c = t.code
        lay.valid[c] = 1
        lay.rank[c] = t.rank if t.rank is not None else 0
        lay.suit[c] = t.suit if t.suit is not None else -1
        if t.honour is not None:
            lay.symbol[c] = ord(t.honour.symbol)
            lay.family[c] = _FAMILIES[t.honour.family]
            lay.honour_mask |= (<uint64_t>1) << c
    lay.nblocks = len(spec.meld_blocks)
    for i, (a, e) in enumerate(spec.meld_blocks):
        if not 0 <= a < e <= SIZE or e - a > 16:
            raise ValueError("a meld block the compiled core has no room for")
        lay.bstart[i] = a
        lay.bend[i] = e
    lay.orphans_pair = 1 if spec.orphans_pair else 0
    for c in spec.orphan_codes:
        lay.orphan_mask |= (<uint64_t>1) << c
    lay.nknit = len(spec.knitted_codes)
    for i, codes in enumerate(spec.knitted_codes):
        for j, c in enumerate(codes):
            lay.knit_codes[i][j] = c
            lay.knit_mask[i] |= (<uint64_t>1) << c
    lay.nsuits = len(ts.suits)
    lay.rules = 0 if ts is UNO_TILES else 1
    for i, c in enumerate(spec.rank_shifts):
        lay.rank_shift[i] = c


build_layout(&UNO_LAYOUT, UNO_SHAPES)
build_layout(&MCR_LAYOUT, MCR_SHAPES)


# ---------------------------------------------------------------- plans

# Each built-in fan id's detector as (kind, code, a, b, c, size), per tile
# set: the C counterpart of the detector bound to that id in fans/uno.py and
# fans/mcr.py. A table row is compiled only if its detector is that very
# object.
_EVENS = (1 << 2) | (1 << 4) | (1 << 6) | (1 << 8)


def _bits(*ranks):
    cdef int out = 0
    for r in ranks:
        out |= 1 << r
    return out


_SHARED = {
    "FOUR_KONGS": (DK_SIMPLE, S_KONGS, 4, 0, 0, 0),
    "THREE_KONGS": (DK_SIMPLE, S_KONGS, 3, 0, 0, 0),
    "SEVEN_SHIFTED_PAIRS": (DK_SIMPLE, S_SEVEN_SHIFTED, 0, 0, 0, 0),
    "QUADRUPLE_CHOW": (DK_CHOW_SET, SU_ONE, RK_SAME, 0, 0, 4),
    "NINE_GATES": (DK_SIMPLE, S_NINE_GATES, 0, 0, 0, 0),
    "PURE_TERMINAL_CHOWS": (DK_CHOW_SET, SU_ONE, RK_PURE_TERMINAL, 0, 0, 4),
    "THIRTEEN_ORPHANS": (DK_SIMPLE, S_SHAPE, SH_ORPHANS, 0, 0, 0),
    "ALL_TERMINALS": (DK_SIMPLE, S_RANKS_IN, _bits(1, 9), 0, 0, 0),
    "FOUR_CONCEALED_PUNGS": (DK_SIMPLE, S_CONCEALED_PUNGS, 4, 0, 0, 0),
    "FOUR_PURE_SHIFTED_PUNGS": (DK_PUNG_SET, SU_ONE, RK_STEPS1, 0, 0, 4),
    "FOUR_PURE_SHIFTED_CHOWS": (DK_CHOW_SET, SU_ONE, RK_STEPS12, 0, 0, 4),
    "SEVEN_PAIRS": (DK_SIMPLE, S_SHAPE, SH_SEVEN_PAIRS, 0, 0, 0),
    "ALL_EVEN_PUNGS": (DK_SIMPLE, S_ALL_EVEN_PUNGS, 0, 0, 0, 0),
    "FULL_FLUSH": (DK_SIMPLE, S_FULL_FLUSH, 0, 0, 0, 0),
    "PURE_TRIPLE_CHOW": (DK_CHOW_SET, SU_ONE, RK_SAME, 0, 0, 3),
    "PURE_SHIFTED_PUNGS": (DK_PUNG_SET, SU_ONE, RK_STEPS1, 0, 0, 3),
    "UPPER_TILES": (DK_SIMPLE, S_RANKS_IN, _bits(7, 8, 9), 0, 0, 0),
    "MIDDLE_TILES": (DK_SIMPLE, S_RANKS_IN, _bits(4, 5, 6), 0, 0, 0),
    "LOWER_TILES": (DK_SIMPLE, S_RANKS_IN, _bits(1, 2, 3), 0, 0, 0),
    "PURE_STRAIGHT": (DK_CHOW_SET, SU_ONE, RK_147, 0, 0, 3),
    "PURE_SHIFTED_CHOWS": (DK_CHOW_SET, SU_ONE, RK_STEPS12, 0, 0, 3),
    "ALL_FIVES": (DK_SIMPLE, S_ALL_FIVES, 0, 0, 0, 0),
    "THREE_CONCEALED_PUNGS": (DK_SIMPLE, S_CONCEALED_PUNGS, 3, 0, 0, 0),
    "HALF_FLUSH": (DK_SIMPLE, S_HALF_FLUSH, 0, 0, 0, 0),
    "KNITTED_STRAIGHT": (DK_SIMPLE, S_KNITTED_STRAIGHT, 0, 0, 0, 0),
    "UPPER_FOUR": (DK_SIMPLE, S_RANKS_IN, _bits(6, 7, 8, 9), 0, 0, 0),
    "LOWER_FOUR": (DK_SIMPLE, S_RANKS_IN, _bits(1, 2, 3, 4), 0, 0, 0),
    "MIXED_STRAIGHT": (DK_CHOW_SET, SU_DISTINCT, RK_147, 0, 0, 3),
    "LAST_TILE_DRAW": (DK_SIMPLE, S_LAST_TILE_DRAW, 0, 0, 0, 0),
    "LAST_TILE_CLAIM": (DK_SIMPLE, S_LAST_TILE_CLAIM, 0, 0, 0, 0),
    "OUT_WITH_REPLACEMENT_TILE": (DK_SIMPLE, S_FLAG, FL_KONG_REPLACEMENT, 0, 0, 0),
    "ROBBING_THE_KONG": (DK_SIMPLE, S_FLAG, FL_ROBBING_KONG, 0, 0, 0),
    "ALL_PUNGS": (DK_SIMPLE, S_ALL_PUNGS, 0, 0, 0, 0),
    "MELDED_HAND": (DK_SIMPLE, S_MELDED_HAND, 0, 0, 0, 0),
    "TWO_CONCEALED_KONGS": (DK_SIMPLE, S_CONCEALED_KONGS, 2, 0, 0, 0),
    "OUTSIDE_HAND": (DK_SIMPLE, S_OUTSIDE, 0, 0, 0, 0),
    "FULLY_CONCEALED_HAND": (DK_SIMPLE, S_FULLY_CONCEALED, 0, 0, 0, 0),
    "TWO_MELDED_KONGS": (DK_SIMPLE, S_EXPOSED_KONGS, 2, 0, 0, 0),
    "LAST_TILE": (DK_SIMPLE, S_LAST_COPY, 0, 0, 0, 0),
    "CONCEALED_HAND": (DK_SIMPLE, S_CONCEALED_HAND, 0, 0, 0, 0),
    "ALL_CHOWS": (DK_SIMPLE, S_ALL_CHOWS, 0, 0, 0, 0),
    "TILE_HOG": (DK_SIMPLE, S_TILE_HOG, 0, 0, 0, 0),
    "TWO_CONCEALED_PUNGS": (DK_SIMPLE, S_CONCEALED_PUNGS, 2, 0, 0, 0),
    "CONCEALED_KONG": (DK_SIMPLE, S_CONCEALED_KONGS, 1, 0, 0, 0),
    "ALL_SIMPLES": (DK_SIMPLE, S_RANKS_IN, _bits(2, 3, 4, 5, 6, 7, 8), 0, 0, 0),
    "PURE_DOUBLE_CHOW": (DK_CHOW_PAIR, P_SAME, 0, 0, 0, 0),
    "MIXED_DOUBLE_CHOW": (DK_CHOW_PAIR, P_MIXED, 0, 0, 0, 0),
    "DOUBLE_PUNG": (DK_PUNG_PAIR, P_SAME_RANK, 0, 0, 0, 0),
    "SHORT_STRAIGHT": (DK_CHOW_PAIR, P_SHORT, 0, 0, 0, 0),
    "TWO_TERMINAL_CHOWS": (DK_CHOW_PAIR, P_TERMINAL, 0, 0, 0, 0),
    "MELDED_KONG": (DK_SIMPLE, S_EXPOSED_KONGS, 1, 0, 0, 0),
    "EDGE_WAIT": (DK_SIMPLE, S_WAIT, W_EDGE, 0, 0, 0),
    "CLOSED_WAIT": (DK_SIMPLE, S_WAIT, W_CLOSED, 0, 0, 0),
    "SINGLE_WAIT": (DK_SIMPLE, S_WAIT, W_SINGLE, 0, 0, 0),
    "SELF_DRAWN": (DK_SIMPLE, S_FLAG, FL_SELF_DRAWN, 0, 0, 0),
}

_UNO_ONLY = {
    "BIG_FOUR_SKIPS": (DK_SIMPLE, S_HP_EXACT, T_SYMBOL, ord("S"), 4, 0),
    "BIG_FOUR_REVERSES": (DK_SIMPLE, S_HP_EXACT, T_SYMBOL, ord("R"), 4, 0),
    "HEAVENLY_HAND": (DK_SIMPLE, S_FLAG, FL_HEAVENLY_HAND, 0, 0, 0),
    "LITTLE_FOUR_SKIPS": (DK_SIMPLE, S_HP_LITTLE, T_SYMBOL, ord("S"), 3, 0),
    "LITTLE_FOUR_REVERSES": (DK_SIMPLE, S_HP_LITTLE, T_SYMBOL, ord("R"), 3, 0),
    "ALL_FUNCTIONS": (DK_SIMPLE, S_ALL_HONOURS, 0, 0, 0, 0),
    "EARTHLY_HAND": (DK_SIMPLE, S_FLAG, FL_EARTHLY_HAND, 0, 0, 0),
    "TWO_DOUBLE_CHOWS": (DK_CHOW_SET, SU_ANY, RK_TWO_DOUBLE, 0, 0, 4),
    "ALL_TERMINALS_AND_FUNCTIONS": (DK_SIMPLE, S_TERMINALS_HONOURS, 0, 0, 0, 0),
    "QUADRUPLE_PUNG": (DK_PUNG_SET, SU_ANY, RK_SAME, 0, 0, 4),
    "THREE_COLOR_TERMINAL_CHOWS": (DK_CHOW_SET, SU_ANY, RK_THREE_TERMINAL, 0, 0, 4),
    "MIXED_QUADRUPLE_CHOW": (DK_CHOW_SET, SU_DISTINCT, RK_SAME, 0, 0, 4),
    "HEAVENLY_UNO": (DK_SIMPLE, S_FLAG, FL_HEAVENLY_UNO, 0, 0, 0),
    "KNITTED_AND_FUNCTIONS": (DK_SIMPLE, S_SHAPE, SH_KNITTED, 0, 0, 0),
    "MIXED_SHIFTED_PUNGS": (DK_PUNG_SET, SU_DISTINCT, RK_STEPS1, 0, 0, 4),
    "THREE_SKIP_PUNGS": (DK_SIMPLE, S_HP_ATLEAST, T_SYMBOL, ord("S"), 3, 0),
    "THREE_REVERSE_PUNGS": (DK_SIMPLE, S_HP_ATLEAST, T_SYMBOL, ord("R"), 3, 0),
    "MIXED_SHIFTED_CHOWS": (DK_CHOW_SET, SU_DISTINCT, RK_STEPS12, 0, 0, 4),
    "ALL_COLORS": (DK_SIMPLE, S_ALL_COLOURS, 0, 0, 0, 0),
    "PUNG_OF_TERMINALS_OR_FUNCTIONS": (DK_PER_MELD, 0, 0, 0, 0, 0),
    "NO_FUNCTIONS": (DK_SIMPLE, S_NO_HONOURS, 0, 0, 0, 0),
}

_MCR_ONLY = {
    "BIG_FOUR_WINDS": (DK_SIMPLE, S_HP_ATLEAST, T_FAMILY, F_WIND, 4, 0),
    "BIG_THREE_DRAGONS": (DK_SIMPLE, S_HP_ATLEAST, T_FAMILY, F_DRAGON, 3, 0),
    "ALL_GREEN": (DK_SIMPLE, S_ONLY, 0, 0, 0, 0),
    "LITTLE_FOUR_WINDS": (DK_SIMPLE, S_HP_LITTLE, T_FAMILY, F_WIND, 3, 0),
    "LITTLE_THREE_DRAGONS": (DK_SIMPLE, S_HP_LITTLE, T_FAMILY, F_DRAGON, 2, 0),
    "ALL_HONORS": (DK_SIMPLE, S_ALL_HONOURS, 0, 0, 0, 0),
    "ALL_TERMINALS_AND_HONORS": (DK_SIMPLE, S_TERMINALS_HONOURS, 0, 0, 0, 0),
    "GREATER_HONORS_AND_KNITTED_TILES": (DK_SIMPLE, S_GREATER_KNITTED, 0, 0, 0, 0),
    "THREE_SUITED_TERMINAL_CHOWS": (DK_CHOW_SET, SU_ANY, RK_THREE_TERMINAL, 0, 0, 4),
    "TRIPLE_PUNG": (DK_PUNG_SET, SU_DISTINCT, RK_SAME, 0, 0, 3),
    "LESSER_HONORS_AND_KNITTED_TILES": (DK_SIMPLE, S_LESSER_KNITTED, 0, 0, 0, 0),
    "BIG_THREE_WINDS": (DK_SIMPLE, S_HP_ATLEAST, T_FAMILY, F_WIND, 3, 0),
    "REVERSIBLE_TILES": (DK_SIMPLE, S_ONLY, 1, 0, 0, 0),
    "MIXED_TRIPLE_CHOW": (DK_CHOW_SET, SU_DISTINCT, RK_SAME, 0, 0, 3),
    "MIXED_SHIFTED_PUNGS": (DK_PUNG_SET, SU_DISTINCT, RK_STEPS1, 0, 0, 3),
    "MIXED_SHIFTED_CHOWS": (DK_CHOW_SET, SU_DISTINCT, RK_STEPS1, 0, 0, 3),
    "ALL_TYPES": (DK_SIMPLE, S_ALL_TYPES, 0, 0, 0, 0),
    "TWO_DRAGON_PUNGS": (DK_SIMPLE, S_HP_EXACT, T_FAMILY, F_DRAGON, 2, 0),
    "DRAGON_PUNG": (DK_SIMPLE, S_HP_EXACT, T_FAMILY, F_DRAGON, 1, 0),
    "PREVALENT_WIND": (DK_SIMPLE, S_HP_ATLEAST, T_PREVALENT_WIND, 0, 1, 0),
    "SEAT_WIND": (DK_SIMPLE, S_HP_ATLEAST, T_SEAT_WIND, 0, 1, 0),
    "PUNG_OF_TERMINALS_OR_HONORS": (DK_PER_MELD, 0, 0, 0, 0, 0),
    "ONE_VOIDED_SUIT": (DK_SIMPLE, S_ONE_VOIDED, 0, 0, 0, 0),
    "NO_HONORS": (DK_SIMPLE, S_NO_HONOURS, 0, 0, 0, 0),
    "FLOWER_TILES": (DK_SIMPLE, S_FLOWERS, 0, 0, 0, 0),
    "CONCEALED_KONG_AND_MELDED_KONG": (DK_SIMPLE, S_MIXED_KONGS, 0, 0, 0, 0),
}

_BUILTIN = {
    id(UNO_TILES): (UNO_FANS, UNO_SHAPES, {**_SHARED, **_UNO_ONLY}),
    id(MCR_TILES): (MCR_FANS, MCR_SHAPES, {**_SHARED, **_MCR_ONLY}),
}

_MCR_GREEN = ("2s", "3s", "4s", "6s", "8s", "F")
_MCR_REVERSIBLE = (
    "1p", "2p", "3p", "4p", "5p", "8p", "9p", "2s", "4s", "5s", "6s", "8s", "9s", "P"
)

# The names of the facts the core reads, by their number (FL_ and CX_ in
# scoring.pyx). A new WinContext field needs nothing here to be correct: the
# core leaves every context that sets it to the Python engine. Adding it here
# (with its number, its consistency rules in ``context_consistent`` and the
# entry points' keyword) is what makes such contexts fast.
_CORE_FACTS = (
    "self_drawn", "last_copy", "last_tile", "kong_replacement", "robbing_kong",
    "heavenly_hand", "earthly_hand", "heavenly_uno", "seat_wind", "prevalent_wind", "flowers",
)
if len(_CORE_FACTS) != NFACTS:
    raise ImportError("_CORE_FACTS does not name each of the core's NFACTS facts")


cdef void set_bit(uint64_t* mask, int pos) noexcept:
    mask[pos >> 6] |= (<uint64_t>1) << (pos & 63)


cdef class CompiledPlan:
    """A rule set compiled for the core: its table's rows as C data."""

    cdef Plan plan
    cdef Layout* lay
    cdef object rules
    cdef object name
    cdef object tileset
    cdef object table
    cdef tuple shape_members
    cdef object role_members
    cdef list meld_cache
    cdef list role_cache
    cdef dict roles_cache
    cdef dict fan_cache
    cdef list tiles
    cdef list entry_cache
    cdef tuple rows_of

    def __init__(self, rules, rows, lay_is_uno):
        self.rules = rules
        self.name = rules.name
        self.tileset = rules.tileset
        self.table = rules.fans
        self.lay = &UNO_LAYOUT if lay_is_uno else &MCR_LAYOUT
        memset(&self.plan, 0, sizeof(Plan))
        self.shape_members = tuple(Shape)
        self.role_members = (Role.MELD, Role.PAIR, Role.KNITTED, Role.SINGLE)
        self.meld_cache = [None] * (2 * SIZE)
        self.role_cache = [None] * (4 * 8)
        self.roles_cache = {}
        self.fan_cache = {}
        self.entry_cache = [None] * (MAXROWS * 16)
        self.rows_of = tuple(rules.fans.rows)
        self.tiles = [None] * SIZE
        for t in self.tileset.tiles:
            self.tiles[t.code] = t
        cdef Plan* p = &self.plan
        table = rules.fans
        p.nrows = len(table.rows)
        pos = table.position
        for i, r in enumerate(table.rows):
            kind, code, a, b, c, size = rows[i]
            p.row[i].kind = kind
            p.row[i].code = code
            p.row[i].a = a
            p.row[i].b = b
            p.row[i].c = c
            p.row[i].size = size
            det = table.detectors.get(r.id)
            p.row[i].per_hand = 1 if det is not None and det.per_hand else 0
            p.row[i].gate = _GATES.get(det.requires if det is not None else None, G_NONE)
            if p.row[i].per_hand:
                p.of[DK_HAND][p.nof[DK_HAND]] = i
                p.nof[DK_HAND] += 1
            else:
                p.of[kind][p.nof[kind]] = i
                p.nof[kind] += 1
            p.points[i] = r.points
            for x in r.excludes:
                set_bit(p.excl[i], pos[x])
            for x in r.absorbs:
                set_bit(p.absorb[i], pos[x])
            p.absorb_limit[i] = -1 if r.absorbs_limit is None else r.absorbs_limit
        for x in table.bonus:
            set_bit(p.bonus, pos[x])
        for x in rules.tie_preferred:
            if x in pos:
                set_bit(p.tie_preferred, pos[x])
        p.fallback = pos[table.fallback]
        p.calculator = 1 if rules.selection == "calculator" else 0
        p.shapes = rules.shapes.mask
        if not lay_is_uno:
            for i, names in enumerate((_MCR_GREEN, _MCR_REVERSIBLE)):
                for n in names:
                    c = MCR_TILES[n].code
                    p.only_mask[i] |= (<uint64_t>1) << c
        default = WinContext()
        for i, name in enumerate(_CORE_FACTS):
            if name not in rules.context_flags:
                p.has_foreign[i] = 1
                p.foreign_default[i] = _context_value(name, getattr(default, name))


_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}


cdef int _context_value(name, value) except? -1:
    if name in ("seat_wind", "prevalent_wind"):
        return ord(value)
    return int(value)


# Compiled plans, by rule set identity; a plan keeps its rule set alive, so
# the id cannot be reused while the entry exists. Bounded: rule sets made by
# ``with_options`` in a loop would otherwise pile up.
cdef dict _plans = {}
_NOT_COVERED = object()
_MAX_PLANS = 64


# The plan used last, as one (rule set, plan) tuple: replaced by one
# assignment, so a thread never sees a rule set paired with another's plan.
cdef tuple _last_plan = (None, None)


cdef object plan_for(rules):
    global _last_plan
    cdef tuple last = _last_plan
    if last[0] is rules:
        return last[1]
    key = <size_t><void*>rules
    entry = _plans.get(key)
    if entry is not None and (<tuple>entry)[0] is rules:
        plan = (<tuple>entry)[1]
    else:
        plan = _compile(rules)
        if len(_plans) >= _MAX_PLANS:
            _plans.clear()
        _plans[key] = (rules, plan)
    _last_plan = (rules, plan)
    return plan


cdef object _compile(rules):
    """The rule set's plan, or _NOT_COVERED when the core cannot run it."""
    builtin = _BUILTIN.get(id(rules.tileset))
    if builtin is None:
        return _NOT_COVERED
    fans, shapes, catalogue = builtin
    # any set of the tile set's shapes (a house rule may switch some off)
    spec = rules.shapes
    if (spec.tileset is not shapes.tileset or spec.orphans_pair != shapes.orphans_pair
            or spec.mask & ~shapes.mask or rules.selection not in ("best", "calculator")):
        return _NOT_COVERED
    table = rules.fans
    if len(table.rows) > MAXROWS or table.fallback not in table.by_id:
        return _NOT_COVERED
    rows = []
    per_meld = 0
    for r in table.rows:
        if r.id == table.fallback:
            rows.append((DK_NONE, 0, 0, 0, 0, 0))
            continue
        det = table.detectors.get(r.id)
        if det is None or det is not fans.detectors.get(r.id) or r.id not in catalogue or (
            det.requires not in _GATES):
            return _NOT_COVERED
        row = catalogue[r.id]
        if row[0] == DK_PER_MELD:
            per_meld += 1
        rows.append(row)
    if per_meld > 2:
        return _NOT_COVERED
    return CompiledPlan(rules, rows, rules.tileset is UNO_TILES)
