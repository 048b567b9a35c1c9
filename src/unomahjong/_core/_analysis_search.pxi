# Part of analysis.pyx (included there, in this order): shanten per shape,
# completeness and waits, and the discard options.

# ------------------------------------------------------------ shanten per shape


cdef inline int _standard(const Facts* f) noexcept nogil:
    cdef int k = 4 - f.melds
    return 3 * k + 1 - _overlap(f.whole, f.n, k)


cdef inline int _seven_pairs(const Facts* f) noexcept nogil:
    if f.melds:
        return UNREACH
    return 6 - _min(f.pairs, 7)


cdef inline int _orphans(const RuleSet* rs, uint64_t held, uint64_t paired) noexcept nogil:
    cdef int kinds = _popcount(held & rs.orphan_mask)
    if rs.orphans_pair:
        return 13 - kinds - (1 if paired & rs.orphan_mask else 0)
    return 13 - _min(kinds, 14)


cdef inline int _top_knitted(const RuleSet* rs, uint64_t held) noexcept nogil:
    cdef int k, v, top = 0
    for k in range(rs.nknitted):
        v = _popcount(held & rs.knitted[k])
        if v > top:
            top = v
    return top


cdef inline int _honours_knitted(const RuleSet* rs, uint64_t held) noexcept nogil:
    return 13 - _min(_top_knitted(rs, held) + _popcount(held & rs.honour_mask), 14)


cdef int _knitted_straight(const RuleSet* rs, const int* c, Facts* f, int bound) noexcept nogil:
    """组合龙 shape: a knitted set, one meld and a pair. Sets whose floor
    (the whole hand's overlap bounds what their rest can reuse) cannot beat
    ``bound`` or the best so far are skipped."""
    cdef int needed = 1 - f.melds
    if needed < 0:
        return UNREACH
    cdef int whole = _overlap(f.whole, f.n, needed)
    cdef int best = UNREACH, k, s, j, present, floor, v
    cdef tab_t rest[NT]
    cdef bint touched[4]
    for k in range(rs.nknitted):
        present = _popcount(f.held & rs.knitted[k])
        floor = 9 + 3 * needed + 1 - present - whole
        if floor >= best or floor >= bound:
            continue
        for s in range(4):
            touched[s] = False
        memcpy(rest, f.honours, NT)
        for j in range(3):
            s = rs.knitted_suit[k][j]
            touched[s] = True
            _combine(rest, _variant(c, f, s, j), rest)
        for s in range(rs.nsuits):
            if not touched[s]:
                _combine(rest, f.suit[s], rest)
        v = 9 + 3 * needed + 1 - present - _overlap(rest, f.n - present, needed)
        if v < best:
            best = v
    return best


cdef int _min_shanten(const RuleSet* rs, const int* c, Facts* f, int shapes) noexcept nogil:
    """The lowest shanten over the shapes of the mask ``shapes``
    (shanten.min_shanten)."""
    cdef int best = _standard(f), s, top
    if best < 0 or f.melds > 1 or shapes == B_STANDARD:
        return best
    top = _top_knitted(rs, f.held)
    if f.melds == 0:
        if shapes & B_SEVEN_PAIRS:
            s = _seven_pairs(f)
            if s < best:
                best = s
        if shapes & B_ORPHANS:
            s = _orphans(rs, f.held, f.paired)
            if s < best:
                best = s
        if shapes & B_HONOURS_KNITTED:
            s = 13 - _min(top + _popcount(f.held & rs.honour_mask), 14)
            if s < best:
                best = s
    if best > -1 and shapes & B_KNITTED_STRAIGHT:
        # A knitted straight lies below ``best`` only if its floor does.
        if 10 + 3 * (1 - f.melds) - top - _overlap(f.whole, f.n, 1 - f.melds) < best:
            s = _knitted_straight(rs, c, f, best)
            if s < best:
                best = s
    return best


# ------------------------------------------------------------ completeness and waits


cdef bint _melds_only(const int* c) noexcept nogil:
    """True when nine rank counts split into chows and pungs: at each rank
    the tiles left after the chows begun below start ``left % 3`` chows and
    make pungs of the rest (three equal chows hold what three pungs hold)."""
    cdef int p1 = 0, p2 = 0, i, left, s
    for i in range(9):
        left = c[i] - p1 - p2
        if left < 0:
            return False
        s = left % 3
        if s and i >= 7:
            return False
        p2 = p1
        p1 = s
    return True


cdef int _suit_status(const int* c) noexcept nogil:
    cdef int n = 0, w = 0, i, p
    cdef int ranks[9]
    for i in range(9):
        n += c[i]
        w += i * c[i]
    if n % 3 == 1:
        return ST_X
    if n % 3 == 0:
        return ST_M if _melds_only(c) else ST_X
    # Melds' ranks sum to 0 mod 3, so the pair's rank p has 2p = w mod 3.
    memcpy(ranks, c, 9 * sizeof(int))
    for p in range((2 * w) % 3, 9, 3):
        if ranks[p] >= 2:
            ranks[p] -= 2
            if _melds_only(ranks):
                return ST_P
            ranks[p] += 2
    return ST_X


cdef inline int _honour_status(int n) noexcept nogil:
    n %= 3
    return ST_M if n == 0 else (ST_P if n == 2 else ST_X)


cdef uint64_t _standard_waits(const RuleSet* rs, const int* c) noexcept nogil:
    """Kinds that make the counts exactly melds and one pair. Blocks are the
    suits and each honour kind; one added tile mends at most one block."""
    cdef int status[4 + 8]
    cdef int nblocks = rs.nsuits + rs.nhonours
    cdef int broken = 0, pairs = 0, u, want, r, code, n
    cdef int ranks[9]
    cdef unsigned int held, near
    cdef uint64_t out = 0
    for u in range(nblocks):
        if u < rs.nsuits:
            status[u] = _suit_status(c + 16 * u + 1)
        else:
            status[u] = _honour_status(c[rs.honour[u - rs.nsuits]])
        if status[u] == ST_X:
            broken += 1
        elif status[u] == ST_P:
            pairs += 1
    if broken > 1:
        return 0
    for u in range(nblocks):
        if broken - (status[u] == ST_X):
            continue
        n = pairs - (status[u] == ST_P)
        if n > 1:
            continue
        want = ST_M if n else ST_P
        if u >= rs.nsuits:
            code = rs.honour[u - rs.nsuits]
            # A lone new honour is neither a pung nor a pair.
            if c[code] and _honour_status(c[code] + 1) == want:
                out |= (<uint64_t>1) << code
            continue
        memcpy(ranks, c + 16 * u + 1, 9 * sizeof(int))
        held = 0
        for r in range(9):
            if ranks[r]:
                held |= 1u << r
        # A new tile joins a group only beside a held rank (two ranks away at most).
        near = (held | held << 1 | held << 2 | held >> 1 | held >> 2) & 0x1FF
        for r in range(9):
            if near >> r & 1:
                ranks[r] += 1
                if _suit_status(ranks) == want:
                    out |= (<uint64_t>1) << (16 * u + 1 + r)
                ranks[r] -= 1
    return out


cdef bint _standard_complete(const RuleSet* rs, const int* c) noexcept nogil:
    cdef int u, st, pairs = 0
    for u in range(rs.nsuits):
        st = _suit_status(c + 16 * u + 1)
        if st == ST_X:
            return False
        pairs += st
    for u in range(rs.nhonours):
        st = _honour_status(c[rs.honour[u]])
        if st == ST_X:
            return False
        pairs += st
    return pairs == 1


cdef void _less_knitted(const int* c, uint64_t km, int* out) noexcept nogil:
    """The counts less one copy of each held kind of a knitted set."""
    cdef int code
    memcpy(out, c, SIZE * sizeof(int))
    for code in range(SIZE):
        if km >> code & 1 and out[code]:
            out[code] -= 1


cdef uint64_t _special_waits(const RuleSet* rs, const int* c, int melds, int shapes) noexcept nogil:
    """Waits of the shapes of the mask ``shapes`` other than melds and a pair
    (13 tiles, at most one declared meld: only the knitted straight allows
    one)."""
    cdef uint64_t out = 0, held = 0, paired = 0, km, missing
    cdef int pairs = 0, k, code, n, honours, orphans, present
    cdef int rest[SIZE]
    for k in range(rs.nkinds):
        code = rs.kinds[k]
        n = c[code]
        if n:
            held |= (<uint64_t>1) << code
            if n > 1:
                paired |= (<uint64_t>1) << code
                pairs += n >> 1
    if melds == 0:
        if shapes & B_SEVEN_PAIRS and pairs == 6:  # six pairs and a single: the single's kind
            for k in range(rs.nkinds):
                code = rs.kinds[k]
                if c[code] & 1:
                    out |= (<uint64_t>1) << code
        if shapes & B_ORPHANS and _orphans(rs, held, paired) == 0:
            if rs.orphans_pair and not paired & rs.orphan_mask:
                out |= rs.orphan_mask  # 13 kinds: any of them as the pair
            else:
                out |= rs.orphan_mask & ~held
        honours = _popcount(held & rs.honour_mask)
        if shapes & B_HONOURS_KNITTED and not paired and _popcount(held) == 13:
            for k in range(rs.nknitted):
                km = rs.knitted[k]
                if held & ~rs.honour_mask & ~km:
                    continue
                if _popcount(held & km) + honours == 13:
                    out |= (km | rs.honour_mask) & ~held
    if not shapes & B_KNITTED_STRAIGHT:
        return out
    for k in range(rs.nknitted):
        km = rs.knitted[k]
        present = _popcount(held & km)
        if present < 8:
            continue
        _less_knitted(c, km, rest)
        if present == 9:
            out |= _standard_waits(rs, rest)
        elif _standard_complete(rs, rest):
            out |= km & ~held
    return out


cdef uint64_t _waits(const RuleSet* rs, const int* c, int melds, int shapes) noexcept nogil:
    cdef uint64_t out = _standard_waits(rs, c)
    if melds <= 1 and shapes != B_STANDARD:
        out |= _special_waits(rs, c, melds, shapes)
    return out


cdef int waits_only_on(const int* counts, int melds, int rules, int code) noexcept nogil:
    """1 when every wait of the 13-tile concealed ``counts`` (SIZE entries,
    ``melds`` declared) is ``code``, else 0; ``REFUSED`` for bad input. The
    unique-wait test of scoring (shanten.won_on_single_wait, on the hand
    less its winning tile), by every shape."""
    return waits_only_on_shapes(counts, melds, rules, SH_ALL, code)


cdef int waits_only_on_shapes(
    const int* counts, int melds, int rules, int shapes, int code
) noexcept nogil:
    """:func:`waits_only_on` by the shapes of the mask ``shapes``."""
    if rules < 0 or rules > 1 or melds < 0 or melds > 4 or code < 0 or code >= SIZE:
        return REFUSED
    if not _shapes_ok(shapes):
        return REFUSED
    cdef const RuleSet* rs = &RULES[rules]
    cdef int i, n = 0
    for i in range(SIZE):
        if counts[i] < 0 or counts[i] > MAX_TILES:
            return REFUSED
        if counts[i] and not rs.valid >> i & 1:
            return REFUSED
        n += counts[i]
    if n + 3 * melds != 13:
        return REFUSED
    return 0 if _waits(rs, counts, melds, shapes) & ~((<uint64_t>1) << code) else 1


# ------------------------------------------------------------ discard options


cdef inline bint _shapes_ok(int shapes) noexcept nogil:
    """A shapes mask the core takes: shapes it knows, the standard one among them."""
    return shapes & B_STANDARD and not shapes & ~SH_ALL


cdef int _shanten_of(const RuleSet* rs, const int* c, int n, int melds, int shapes) noexcept nogil:
    cdef Facts f
    _facts(rs, c, n, melds, &f)
    return _min_shanten(rs, c, &f, shapes)


cdef bint _isolated(const RuleSet* rs, const int* c, int code) noexcept nogil:
    """True when an added ``code`` would share no group with a held tile: an
    honour not held, or a rank with no held rank of its suit within two."""
    cdef int base, r, j
    if rs.honour_mask >> code & 1:
        return c[code] == 0
    base = code & ~15
    r = code - base - 1
    for j in range(r - 2, r + 3):
        if 0 <= j <= 8 and c[base + 1 + j]:
            return False
    return True


cdef uint64_t _useful(const RuleSet* rs, int* c, Facts* f, int s, int shapes) noexcept nogil:
    """The kinds whose addition lowers the shanten ``s`` of the counts ``c``
    that ``f`` describes (discard analysis). One added tile changes one
    block, so each trial recomputes that block's table only, against the
    others' combined table; a tile that joins no held one cannot lower the
    standard shape (it could only sit alone in a group, and a hand one tile
    from complete has no group to spare), so only the other shapes are
    tried for it."""
    cdef tab_t others[5][NT]   # every block but suit u (u < nsuits) or the honours
    cdef tab_t block[NT]
    cdef tab_t whole[NT]
    cdef Facts g
    cdef int u, v, k, code, n1 = f.n + 1, kk = 4 - f.melds, needed = 1 - f.melds
    cdef int ks_whole_base, top, pairs, ks_whole
    cdef uint64_t out = 0, held, paired, bit, honour
    cdef bint alone
    for u in range(rs.nsuits + 1):
        if u < rs.nsuits:
            memcpy(others[u], f.honours, NT)
        else:
            memcpy(others[u], IDENTITY, NT)
        for v in range(rs.nsuits):
            if v != u:
                _combine(others[u], f.suit[v], others[u])
    ks_whole_base = _overlap(f.whole, f.n, needed) if needed >= 0 else 0
    for k in range(rs.nkinds):
        code = rs.kinds[k]
        bit = (<uint64_t>1) << code
        alone = _isolated(rs, c, code)
        c[code] += 1
        honour = rs.honour_mask & bit
        if not alone:
            if honour:
                _honour_facts(rs, c, &g)
                memcpy(block, g.honours, NT)
                _combine(others[rs.nsuits], block, whole)
            else:
                u = code >> 4
                _suit_table(c + 16 * u + 1, block)
                _combine(others[u], block, whole)
            if 3 * kk + 1 - _overlap(whole, n1, kk) < s:
                out |= bit
                c[code] -= 1
                continue
        if f.melds > 1 or shapes == B_STANDARD:
            c[code] -= 1
            continue
        held = f.held | bit
        paired = f.paired | (bit if c[code] > 1 else 0)
        pairs = f.pairs + (1 if c[code] > 1 and not c[code] & 1 else 0)
        top = _top_knitted(rs, held)
        if f.melds == 0 and (
            (shapes & B_SEVEN_PAIRS and 6 - _min(pairs, 7) < s)
            or (shapes & B_ORPHANS and _orphans(rs, held, paired) < s)
            or (
                shapes & B_HONOURS_KNITTED
                and 13 - _min(top + _popcount(held & rs.honour_mask), 14) < s
            )
        ):
            out |= bit
            c[code] -= 1
            continue
        # The knitted straight, behind the same floor as in _min_shanten: an
        # added tile raises the whole hand's overlap by one at most.
        if not shapes & B_KNITTED_STRAIGHT:
            c[code] -= 1
            continue
        ks_whole = _overlap(whole, n1, needed) if not alone else ks_whole_base + 1
        if 10 + 3 * needed - top - ks_whole < s:
            memcpy(&g, f, sizeof(Facts))
            g.n = n1
            g.held = held
            g.paired = paired
            g.pairs = pairs
            if honour:
                _honour_facts(rs, c, &g)
            else:
                u = code >> 4
                _suit_table(c + 16 * u + 1, g.suit[u])
                for v in range(3):
                    g.have_variant[u][v] = False
            _whole(rs, &g)
            if _knitted_straight(rs, c, &g, s) < s:
                out |= bit
        c[code] -= 1
    return out
