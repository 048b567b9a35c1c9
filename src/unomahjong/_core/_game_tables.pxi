# The C tables of a tile set for the compiled game step (included by
# game.pyx, whose names it uses): game/tables.py's ``Tables`` by code, and
# the rule set's flow as bits, once the step knows it was written for it.

# ---------------------------------------------------------------- tables

cdef class _Tables:
    """The tables of game/tables.py's ``Tables`` for one tile set, by code."""

    cdef object tab
    cdef int size
    cdef tuple tile, discard, uno, concealed_kong, added_kong
    cdef tuple ev_draw, ev_discard, ev_uno, ev_reverse, ev_skip
    cdef signed char rank[MAX_CODES]
    cdef signed char effect[MAX_CODES]     # 0 none, 1 Reverse, 2 Skip
    cdef int nchows[MAX_CODES]
    cdef int chow_a[MAX_CODES][3]
    cdef int chow_b[MAX_CODES][3]
    cdef uint64_t orphans, honours
    cdef uint64_t knitted[64]
    cdef int nknitted

    def __init__(self, tab):
        ts = tab.tileset
        self.tab = tab
        self.size = ts.size
        tiles = [None] * ts.size
        for t in ts.tiles:
            tiles[t.code] = t
        self.tile = tuple(tiles)

        def by_code(table):
            return tuple(None if t is None else table[t] for t in tiles)

        self.discard, self.uno = by_code(tab.discard), by_code(tab.uno)
        self.concealed_kong, self.added_kong = by_code(tab.concealed_kong), by_code(tab.added_kong)
        ev = tab.events
        self.ev_draw = tuple(by_code(e) for e in ev["draw"])
        self.ev_discard = tuple(by_code(e) for e in ev["discard"])
        self.ev_uno = tuple(by_code(e) for e in ev["uno"])
        self.ev_reverse = tuple(by_code(e) for e in ev["reverse"])
        self.ev_skip = tuple(by_code(e) for e in ev["skip"])
        for c in range(ts.size):
            t = tiles[c]
            self.rank[c] = -1 if t is None or t.rank is None else t.rank
            symbol = None if t is None or t.honour is None else t.honour.symbol
            self.effect[c] = 1 if symbol == "R" else 2 if symbol == "S" else 0
            self.nchows[c] = 0
            if t is not None:
                for k, (_, a, b) in enumerate(tab.chows[t]):
                    self.chow_a[c][k], self.chow_b[c][k] = a, b
                    self.nchows[c] = k + 1
        self.orphans, self.honours = tab.orphan_mask, tab.honour_mask
        self.nknitted = len(tab.knitted_masks)
        for k, m in enumerate(tab.knitted_masks):
            self.knitted[k] = m


cdef object _last_ts = None
cdef _Tables _last_tables = None


cdef object _last_rules = None
cdef _Tables _last_rules_tables = None
cdef int _last_rules_flags = 0


cdef _Tables rules_tables(rules, int* flags):
    """The C tables of the tile set of the rule set ``rules``, and in
    ``flags`` its flow's ``F_`` bits; None when the step was not written
    for the rules (``flow_problem``: the reference then answers). A rule set
    is immutable: the last one asked is remembered with its tables, so that
    this is decided once per rule set, not per call."""
    global _last_rules, _last_rules_tables, _last_rules_flags
    if rules is _last_rules:
        flags[0] = _last_rules_flags
        return _last_rules_tables
    cdef int bits = 0
    if flow_problem(rules) is not None:
        ct = None
    else:
        flow = rules.flow
        ct = tables_for(rules.tileset)
        bits = ((F_UNO if flow.uno_declaration else 0)
                | (F_EFFECTS if flow.card_effects else 0)
                | (F_SEAT_WALLS if flow.seat_walls else 0))
    # The rules last: a thread that finds them finds their tables and bits.
    _last_rules_tables, _last_rules_flags = ct, bits
    _last_rules = rules
    flags[0] = bits
    return ct


cdef str flow_problem(rules):
    """None when the step plays rounds under ``rules``, else why not. It was
    written for the classes bound (not a subclass, which may add a meaning),
    and for every combination of the flow's options that GameFlow accepts:
    each switch a bool, the penalty a whole number, no flowers on seat walls
    and no seat changes without winds. Of the options it reads three
    (``uno_declaration``, ``card_effects``, ``seat_walls``); the others
    matter only where the reference answers (a win and its context, the
    claims, a flower drawn, a match)."""
    if type(rules) is not RuleSet or type(rules.options) is not RuleOptions:
        return f"the rules are {type(rules).__name__}, not the RuleSet the step was written for"
    flow = rules.flow
    if type(flow) is not GameFlow:
        return f"the rules' flow is {type(flow).__name__}, not the GameFlow it was written for"
    switches = {name: getattr(flow, name) for name in FLOW_SWITCHES}
    if not all(map(is_bool, switches.values())) or not all(
            is_int(getattr(flow, name)) and getattr(flow, name) >= 0 for name in FLOW_COUNTS):
        return "a flow option is not of its type (a bool, or a whole number)"
    if (switches["flowers"] and switches["seat_walls"]
            or switches["seat_changes"] and not switches["winds"]):
        return "flowers on seat walls, or seat changes without winds: not a flow it plays"
    return None


def serves(rules):
    """None when the step answers rounds under the rule set ``rules``; else
    why it hands them to the reference."""
    if not _serves:
        return _declined
    return flow_problem(rules) or (None if tables_for(rules.tileset) is not None
                                   else f"the {rules.tileset.name} tiles do not fit its tables")


cdef _Tables tables_for(ts):
    """The C tables of the tile set ``ts``, or None when it is not a tile
    set or does not fit them."""
    global _last_ts, _last_tables
    if ts is _last_ts:
        return _last_tables
    if type(ts) is not TileSet or ts.size > MAX_CODES:
        return None
    tab = tables_of(ts)
    if len(tab.knitted_masks) > 64 or max(map(len, tab.chows.values()), default=0) > 3:
        return None
    if len(tab.events["draw"]) < MAX_SEATS:
        return None
    _last_tables = _Tables(tab)
    _last_ts = ts
    return _last_tables
