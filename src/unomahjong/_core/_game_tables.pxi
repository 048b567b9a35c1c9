# The C tables of a tile set for the compiled game step (included by
# game.pyx, whose names it uses): game/tables.py's ``Tables`` by code, and
# the rule set's flow as bits.

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
    ``flags`` its flow's ``F_`` bits; None when it has no game flow (a rule
    set is immutable: the last one asked is remembered with its tables)."""
    global _last_rules, _last_rules_tables, _last_rules_flags
    if rules is _last_rules:
        flags[0] = _last_rules_flags
        return _last_rules_tables
    flow = getattr(rules, "flow", None)
    cdef int bits = 0
    if flow is None:
        ct = None
    else:
        ct = tables_for(getattr(rules, "tileset", None))
        bits = ((F_UNO if getattr(flow, "uno_declaration", None) is True else 0)
                | (F_EFFECTS if getattr(flow, "card_effects", None) is True else 0)
                | (F_SEAT_WALLS if getattr(flow, "seat_walls", None) is True else 0))
    # The rules last: a thread that finds them finds their tables and bits.
    _last_rules_tables, _last_rules_flags = ct, bits
    _last_rules = rules
    flags[0] = bits
    return ct


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
