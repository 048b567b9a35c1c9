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

# A plan's rows are compiled from the fields of the detectors: the core
# knows the classes of the detector vocabulary (rules/detectors.py), never a
# fan by its id. A row whose detector is of another class (a Python
# function) leaves the whole table to the Python engine.

# The most points a row may be worth in a compiled plan: a total adds at most
# MAXENT entries of at most 8 each (flowers), which then fits a C int.
MAX_POINTS = 1_000_000

_DETECTOR_KINDS = {
    DetectorKind.SIMPLE: DK_SIMPLE, DetectorKind.CHOW_SET: DK_CHOW_SET,
    DetectorKind.PUNG_SET: DK_PUNG_SET, DetectorKind.CHOW_PAIR: DK_CHOW_PAIR,
    DetectorKind.PUNG_PAIR: DK_PUNG_PAIR, DetectorKind.PER_MELD: DK_PER_MELD,
}
_SUITS_RULES = {"one": SU_ONE, "distinct": SU_DISTINCT, "any": SU_ANY, "two": SU_TWO}
_RANKS_RULES = {
    "same": RK_SAME, "shifted_1": RK_STEPS1, "shifted_1_or_2": RK_STEPS12,
    "straight": RK_147, "double_pairs": RK_DOUBLE_PAIRS, "terminals": RK_TERMINALS,
}
_PAIR_RULES = {None: PR_NONE, "five_same_suit": PR_FIVE_SAME_SUIT,
               "five_other_suit": PR_FIVE_OTHER_SUIT}
_HP_MODES = {"at_least": HP_AT_LEAST, "exact": HP_EXACT, "little": HP_LITTLE}
_WIND_TESTS = {None: WIND_NONE, "seat": WIND_SEAT, "prevalent": WIND_PREVALENT}
_HOLDS_HONOURS = {None: HO_ANY, "none": HO_NONE, "some": HO_SOME, "only": HO_ONLY}
_KONGS_WHICH = {"any": KG_ANY, "exposed": KG_EXPOSED, "concealed": KG_CONCEALED}
_WAIT_KINDS = {"edge": W_EDGE, "closed": W_CLOSED, "single": W_SINGLE}
_MELD_KINDS = {None: -1, "chow": K_CHOW, "pung": K_PUNG}
_SHAPE_NUMBERS = {shape: i for i, shape in enumerate(Shape)}


cdef int _bits(values) except -1:
    cdef int out = 0
    if values is not None:
        for v in values:
            out |= 1 << v
    return out


cdef int _shape_bits(shapes) except -1:
    cdef int out = 0
    for s in shapes:
        out |= 1 << _SHAPE_NUMBERS[s]
    return out


cdef int _flag_bits(flags, wanted) except -1:
    """Bits (by the core's FL_ numbers) of the flags wanted ``wanted``; -1
    when one is not a flag the core reads."""
    cdef int out = 0
    for name, value in flags:
        if name not in _CORE_FACTS or _CORE_FACTS.index(name) >= NFLAGS:
            return -1
        if value is wanted:
            out |= 1 << _CORE_FACTS.index(name)
    return out


cdef int compile_simple(Row* row, det, tileset) except -1:
    """A simple row from a vocabulary value's fields: 1, or 0 when its class
    is not one the core knows."""
    cls = type(det)
    if cls is Holds:
        row.code = S_HOLDS
        row.shapes = _shape_bits(det.shapes)
        row.honours = _HOLDS_HONOURS[det.honours]
        row.ranks = _bits(det.ranks)
        row.any_rank = _bits(det.any_rank)
        row.suits = -1 if det.suits is None else det.suits
        row.colours = -1 if det.colours is None else det.colours
        row.families = -1
        if det.families is not None:
            # a family no tile of the set has can never be held (bit 6)
            row.families = _bits(_FAMILIES.get(x, 6) for x in det.families)
        row.honour_kinds = -1 if det.honour_kinds is None else det.honour_kinds
        row.consecutive = -1 if det.consecutive is None else det.consecutive
        if det.tiles is not None:
            row.has_tiles = 1
            for t in tileset.tiles:
                if t.notation in det.tiles:
                    row.tiles |= (<uint64_t>1) << t.code
    elif cls is ShapeIs:
        row.code = S_SHAPE
        row.mode = _SHAPE_NUMBERS[det.shape]
    elif cls is EveryGroup:
        row.code = S_EVERY_GROUP
        row.meld = _MELD_KINDS[det.meld]
        row.ranks = _bits(det.ranks)
        row.honours = 1 if det.honours else 0
        row.number_pair = 1 if det.number_pair else 0
        row.shapes = _shape_bits(det.shapes)
    elif cls is HonourPungs:
        row.code = S_HONOUR_PUNGS
        row.n = det.n
        row.mode = _HP_MODES[det.mode]
        # -1: any symbol; -2: a symbol no tile has (more than one character)
        row.symbol = -1 if det.symbol is None else ord(det.symbol) if len(det.symbol) == 1 else -2
        row.family = -1 if det.family is None else _FAMILIES.get(det.family, -2)
        letters = {s.letter: i for i, s in enumerate(tileset.suits)}
        row.colour = -1 if det.colour is None else letters.get(det.colour, -2)
        row.wind = _WIND_TESTS[det.wind]
    elif cls is Kongs:
        row.code = S_KONGS
        row.n = det.n
        row.mode = _KONGS_WHICH[det.which]
    elif cls is KongsExactly:
        row.code = S_KONGS_EXACTLY
        row.n = det.exposed
        row.m = det.concealed
    elif cls is ConcealedPungs:
        row.code = S_CONCEALED_PUNGS
        row.n = det.n
    elif cls is Wait:
        row.code = S_WAIT
        row.mode = _WAIT_KINDS[det.wait]
        row.n = 0 if det.on_knitted_tiles else 1
    elif cls is KnittedSet:
        row.code = S_KNITTED_SET
    elif cls is ConcealedPattern:
        row.code = S_CONCEALED_PATTERN
        for i in range(9):
            row.pattern[i] = det.counts[i]
    elif cls is Context:
        row.code = S_CONTEXT
        row.set_flags = _flag_bits(det.flags, True)
        row.clear_flags = _flag_bits(det.flags, False)
        if row.set_flags < 0 or row.clear_flags < 0:
            return 0
        row.n = -1 if det.exposed_melds is None else det.exposed_melds
    elif cls is LastCopy:
        row.code = S_LAST_COPY
    elif cls is FourCopies:
        row.code = S_FOUR_COPIES
    elif cls is Flowers:
        row.code = S_FLOWERS
    else:
        return 0
    row.per_hand = 1 if det.per_hand else 0
    gate = det.gate
    row.gate = _GATES[None if gate is None else gate.value]
    return 1


cdef int compile_row(Row* row, det, tileset) except -1:
    """A row from a detector: 1, or 0 when the core does not know it."""
    memset(row, 0, sizeof(Row))
    cls = type(det)
    if cls is MeldSet:
        row.kind = _DETECTOR_KINDS[det.detector_kind]
        row.code = _SUITS_RULES[det.suits]
        row.ranks_rule = _RANKS_RULES[det.ranks]
        row.pair_rule = _PAIR_RULES[det.pair]
        row.size = det.size
        return 1
    if cls is MeldPair:
        row.kind = _DETECTOR_KINDS[det.detector_kind]
        row.code = _SUITS_RULES[det.suits]
        row.gap = det.gap
        return 1
    if cls is EachPung:
        row.kind = DK_PER_MELD
        row.ranks = _bits(det.ranks)
        row.honours = 1 if det.honours else 0
        return 1
    row.kind = DK_SIMPLE
    return compile_simple(row, det, tileset)


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

    def __init__(self, rules, lay_is_uno):
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

    cdef str compile(self):
        """Fill the plan from the rule set's table: None, or why the core
        cannot run it (the plan is then not used)."""
        cdef Plan* p = &self.plan
        cdef Row* row
        rules = self.rules
        table = rules.fans
        p.nrows = len(table.rows)
        pos = table.position
        for i, r in enumerate(table.rows):
            row = &p.row[i]
            if r.id == table.fallback:
                memset(row, 0, sizeof(Row))
                row.kind = DK_NONE
            elif not compile_row(row, r.detector, self.tileset):
                if type(r.detector) is Context:
                    return f"{r.id}'s detector reads a context flag the core does not read"
                return f"{r.id}'s detector is not a value of the detector vocabulary"
            if type(r.points) is not int or not 0 <= r.points <= MAX_POINTS:
                return f"{r.id}'s points are not a whole number 0-{MAX_POINTS:,}"
            if row.kind == DK_NONE:
                pass
            elif row.per_hand:
                p.of[DK_HAND][p.nof[DK_HAND]] = i
                p.nof[DK_HAND] += 1
            else:
                p.of[row.kind][p.nof[row.kind]] = i
                p.nof[row.kind] += 1
            p.points[i] = r.points
            for x in r.excludes:
                set_bit(p.excl[i], pos[x])
            for x in r.absorbs:
                set_bit(p.absorb[i], pos[x])
            # (a table's rows hold at most 4 melds: a larger limit is none)
            p.absorb_limit[i] = -1 if r.absorbs_limit is None else min(r.absorbs_limit, 8)
        if p.nof[DK_PER_MELD] > MAXPERMELD:
            return f"more than {MAXPERMELD} per-meld fans"
        if p.nof[DK_CHOW_PAIR] > MAXPAIRFANS or p.nof[DK_PUNG_PAIR] > MAXPAIRFANS:
            return f"more than {MAXPAIRFANS} pair fans of chows or of pungs"
        for x in table.bonus:
            set_bit(p.bonus, pos[x])
        for x in rules.tie_preferred:
            if x in pos:
                set_bit(p.tie_preferred, pos[x])
        p.fallback = pos[table.fallback]
        p.calculator = 1 if rules.selection == "calculator" else 0
        p.keep_seven = 1 if rules.tie_keeps_seven_pairs else 0
        p.shapes = rules.shapes.mask
        default = WinContext()
        for i, name in enumerate(_CORE_FACTS):
            if name not in rules.context_flags:
                p.has_foreign[i] = 1
                p.foreign_default[i] = _context_value(name, getattr(default, name))
        return None


_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}


cdef int _context_value(name, value) except? -1:
    if name in ("seat_wind", "prevalent_wind"):
        return ord(value)
    return int(value)


# Compiled plans, by rule set identity; a plan keeps its rule set alive, so
# the id cannot be reused while the entry exists. Bounded: rule sets made by
# ``with_options`` in a loop would otherwise pile up.
cdef dict _plans = {}
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


_BUILTIN = {id(UNO_TILES): UNO_SHAPES, id(MCR_TILES): MCR_SHAPES}


cdef object _compile(rules):
    """The rule set's plan, or why the core cannot run it (a str)."""
    shapes = _BUILTIN.get(id(rules.tileset))
    if shapes is None:
        return "its tile set is not a built-in one"
    # any set of the tile set's shapes (a house rule may switch some off)
    spec = rules.shapes
    if (spec.tileset is not shapes.tileset or spec.orphans_pair != shapes.orphans_pair
            or spec.mask & ~shapes.mask):
        return "its shapes are not a set of the tile set's own"
    if rules.selection not in ("best", "calculator"):
        return f"its selection {rules.selection!r} is not one the core knows"
    table = rules.fans
    if len(table.rows) > MAXROWS:
        return f"its table has more than {MAXROWS} rows"
    if table.fallback not in table.by_id:
        return "its table has no fallback row"
    plan = CompiledPlan(rules, rules.tileset is UNO_TILES)
    reason = (<CompiledPlan>plan).compile()
    return plan if reason is None else reason


def coverage(rules):
    """None when the core scores the rule set, else why it does not (the
    Python engine then does): ``RuleSet.engine``."""
    plan = plan_for(rules)
    return None if type(plan) is CompiledPlan else plan
