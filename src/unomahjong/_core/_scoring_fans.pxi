# Part of scoring.pyx (included there, in this order): fans: set and pair
# detectors, what a reading's detectors find, and the counting.

# ---------------------------------------------------------------- sets and pairs

cdef struct Subset:
    int n
    int m[4]                  # the melds, as indices into the reading
    int rank[4]               # their ranks ascending, suits alongside
    int suit[4]
    int same_suit
    int distinct              # no two in one suit
    int nsuits                # suits among them


cdef void make_subset(const Layout* lay, const Reading* rd, const int* melds, int n,
                      Subset* s) noexcept nogil:
    """What every set row asks of these melds (chows or number pungs), worked
    out once for all the rows."""
    cdef int i, j, x, d
    s.n = n
    for i in range(n):
        s.m[i] = melds[i]
        s.suit[i] = lay.suit[rd.code[melds[i]]]
        s.rank[i] = lay.rank[rd.code[melds[i]]]
    s.same_suit = 1
    s.distinct = 1
    s.nsuits = 0
    for i in range(n):
        d = 1                 # the first meld of its suit
        for j in range(i):
            if s.suit[i] == s.suit[j]:
                d = 0
        s.nsuits += d
        for j in range(i + 1, n):
            if s.suit[i] != s.suit[j]:
                s.same_suit = 0
            else:
                s.distinct = 0
    for i in range(1, n):  # ranks ascending, suits alongside
        x = s.rank[i]
        d = s.suit[i]
        j = i - 1
        while j >= 0 and (s.rank[j] > x or (s.rank[j] == x and s.suit[j] > d)):
            s.rank[j + 1] = s.rank[j]
            s.suit[j + 1] = s.suit[j]
            j -= 1
        s.rank[j + 1] = x
        s.suit[j + 1] = d


cdef int set_holds(const Layout* lay, const Reading* rd, const Row* row,
                   const Subset* s) noexcept nogil:
    """MeldSet: whether the melds of ``s`` form the row's set (``row.code``:
    the suits rule, ``row.ranks_rule``, ``row.pair_rule``)."""
    cdef int i, d, n = s.n, pair_suit
    cdef const int* rank = s.rank
    cdef const int* suit = s.suit
    if row.code == SU_ONE and not s.same_suit:
        return 0
    if row.code == SU_DISTINCT and not s.distinct:
        return 0
    if row.code == SU_TWO and s.nsuits != 2:
        return 0
    if row.ranks_rule == RK_SAME:
        if rank[0] != rank[n - 1]:
            return 0
    elif row.ranks_rule == RK_STEPS1 or row.ranks_rule == RK_STEPS12:
        d = rank[1] - rank[0]
        if d != 1 and not (d == 2 and row.ranks_rule == RK_STEPS12):
            return 0
        for i in range(2, n):
            if rank[i] - rank[i - 1] != d:
                return 0
    elif row.ranks_rule == RK_147:
        if not (n == 3 and rank[0] == 1 and rank[1] == 4 and rank[2] == 7):
            return 0
    elif row.ranks_rule == RK_DOUBLE_PAIRS:
        # Two pairs of identical melds: sorted by rank then suit, equal
        # melds sit side by side.
        if not (n == 4 and rank[0] == rank[1] and suit[0] == suit[1]
                and rank[2] == rank[3] and suit[2] == suit[3]
                and (rank[1] != rank[2] or suit[1] != suit[2])):
            return 0
    elif row.ranks_rule == RK_TERMINALS:
        # 1 1 7 7, sorted by rank then suit: each suit as many 1s as 7s
        if not (n == 4 and rank[0] == 1 and rank[1] == 1 and rank[2] == 7 and rank[3] == 7
                and suit[0] == suit[2] and suit[1] == suit[3]):
            return 0
    if row.pair_rule == PR_NONE:
        return 1
    if rd.pair < 0 or lay.rank[rd.pair] != 5:
        return 0
    pair_suit = lay.suit[rd.pair]
    for i in range(n):
        if (suit[i] == pair_suit) != (row.pair_rule == PR_FIVE_SAME_SUIT):
            return 0
    return 1


cdef inline int pair_holds(const Layout* lay, const Row* row, int ca, int cb) noexcept nogil:
    """MeldPair: whether two melds form the row's pair fan."""
    cdef int sa = lay.suit[ca], sb = lay.suit[cb], ra = lay.rank[ca], rb = lay.rank[cb]
    if row.code == SU_ONE and sa != sb:
        return 0
    if row.code == SU_DISTINCT and sa == sb:
        return 0
    return ra - rb == row.gap or rb - ra == row.gap


cdef int sethit_cmp(const SetHit* a, const SetHit* b) noexcept nogil:
    cdef int i, n = a.n if a.n < b.n else b.n
    if a.pos != b.pos:
        return -1 if a.pos < b.pos else 1
    for i in range(n):
        if a.m[i] != b.m[i]:
            return -1 if a.m[i] < b.m[i] else 1
    if a.n != b.n:
        return -1 if a.n < b.n else 1
    return 0


cdef void sort_sets(SetHit* s, int n) noexcept nogil:
    cdef int i, j
    cdef SetHit tmp
    for i in range(1, n):
        tmp = s[i]
        j = i - 1
        while j >= 0 and sethit_cmp(&s[j], &tmp) > 0:
            s[j + 1] = s[j]
            j -= 1
        s[j + 1] = tmp


cdef int meld_sets(const Layout* lay, const Plan* p, const Reading* rd, const int* melds,
                   int n, int kind, SetHit* out, int cap, int* overflow) noexcept nogil:
    """Every (row, melds) set fan of this detector kind over the melds."""
    cdef int nout = 0, pos, i, a, b, c, nsub = 0
    cdef int sub[4]
    cdef Subset subsets[5]    # the 3-subsets in (a, b, c) order, then all four
    cdef const Subset* sb
    cdef const Row* row
    cdef int j, k
    if n < 3:
        return 0
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                sub[0] = melds[a]
                sub[1] = melds[b]
                sub[2] = melds[c]
                make_subset(lay, rd, sub, 3, &subsets[nsub])
                nsub += 1
    if n == 4:
        make_subset(lay, rd, melds, 4, &subsets[nsub])
    for j in range(p.nof[kind]):
        pos = p.of[kind][j]
        row = &p.row[pos]
        if row.size > n:
            continue
        for k in range(nsub if row.size == 3 else 1):
            sb = &subsets[k if row.size == 3 else nsub]
            if set_holds(lay, rd, row, sb):
                if nout == cap:
                    overflow[0] = 1
                    break
                out[nout].pos = pos
                out[nout].n = sb.n
                for i in range(sb.n):
                    out[nout].m[i] = sb.m[i]
                nout += 1
    sort_sets(out, nout)
    return nout


cdef int meld_pairs(const Layout* lay, const Plan* p, const Reading* rd, const int* melds,
                    int n, int kind, PairHit* out) noexcept nogil:
    cdef int a, b, j, pos, nout = 0
    for a in range(n):
        for b in range(a + 1, n):
            out[nout].a = melds[a]
            out[nout].b = melds[b]
            out[nout].nf = 0
            for j in range(p.nof[kind]):
                pos = p.of[kind][j]
                if pair_holds(lay, &p.row[pos], rd.code[melds[a]], rd.code[melds[b]]):
                    out[nout].f[out[nout].nf] = pos
                    out[nout].nf += 1
            if out[nout].nf:
                nout += 1
    return nout


cdef inline unsigned int gates_open(const Facts* f, const Reading* rd) noexcept nogil:
    """Bit g set for each gate g that is open for this reading, G_WAIT
    aside (it costs a wait test: gate_open asks it only when a row needs it)."""
    cdef unsigned int g = 1 << G_NONE
    if rd.nhp > 0:
        g |= 1 << G_HONOUR_PUNGS
    if rd.concealed_pungs > 0:
        g |= 1 << G_CONCEALED_PUNGS
    if rd.shape == SH_SEVEN_PAIRS:
        g |= 1 << G_SEVEN_PAIRS
    if rd.special:
        g |= 1 << G_SPECIAL
    if rd.nknitted > 0:
        g |= 1 << G_KNITTED
    if f.nhonours == 0:
        g |= 1 << G_HONOURLESS
    else:
        g |= 1 << G_HONOURS
    if f.flagged:
        g |= 1 << G_FLAGGED
    if f.kongs > 0:
        g |= 1 << G_KONGS
    if f.nfours > 0:
        g |= 1 << G_FOURS
    return g


cdef inline int gate_open(const Layout* lay, Facts* f, Reading* rd, unsigned int open_,
                          int gate) noexcept nogil:
    if (open_ >> gate) & 1:
        return 1
    return gate == G_WAIT and reading_wait(lay, f, rd) != W_NONE


cdef void find(const Layout* lay, const Plan* p, Facts* f, Reading* rd, Found* fd) noexcept nogil:
    """What a reading's detectors find (``engine._find``)."""
    cdef int pos, n, k, i
    cdef int ev[4]
    cdef int nev
    cdef int family = 0 if rd.special else 1 if rd.shape == SH_SEVEN_PAIRS else 2
    cdef int j
    cdef unsigned int open_ = gates_open(f, rd)
    fd.nsimple = 0
    if not f.family_done[family]:
        f.family_n[family] = 0
        for j in range(p.nof[DK_HAND]):
            pos = p.of[DK_HAND][j]
            if not gate_open(lay, f, rd, open_, p.row[pos].gate):
                continue
            n = simple(lay, p, &p.row[pos], f, rd, ev, &nev)
            if n:
                f.family_pos[family][f.family_n[family]] = pos
                f.family_count[family][f.family_n[family]] = n
                f.family_n[family] += 1
        f.family_done[family] = 1
    for j in range(f.family_n[family]):
        fd.spos[fd.nsimple] = f.family_pos[family][j]
        fd.scount[fd.nsimple] = f.family_count[family][j]
        fd.sev_n[fd.nsimple] = 0
        fd.nsimple += 1
    for j in range(p.nof[DK_SIMPLE]):
        pos = p.of[DK_SIMPLE][j]
        if not gate_open(lay, f, rd, open_, p.row[pos].gate):
            continue
        n = simple(lay, p, &p.row[pos], f, rd, ev, &nev)
        if n:
            k = fd.nsimple
            fd.spos[k] = pos
            fd.scount[k] = n
            fd.sev_n[k] = nev
            for i in range(nev):
                fd.sev[k][i] = ev[i]
            fd.nsimple += 1
    fd.nchow_sets = fd.npung_sets = fd.nchow_pairs = fd.npung_pairs = 0
    if rd.nchows >= 2:
        fd.nchow_sets = meld_sets(lay, p, rd, rd.chows, rd.nchows, DK_CHOW_SET, fd.chow_sets,
                                  MAXSETS, &f.overflow)
        fd.nchow_pairs = meld_pairs(lay, p, rd, rd.chows, rd.nchows, DK_CHOW_PAIR, fd.chow_pairs)
    if rd.nnum >= 2:
        fd.npung_sets = meld_sets(lay, p, rd, rd.nums, rd.nnum, DK_PUNG_SET, fd.pung_sets,
                                  MAXSETS, &f.overflow)
        fd.npung_pairs = meld_pairs(lay, p, rd, rd.nums, rd.nnum, DK_PUNG_PAIR, fd.pung_pairs)
    fd.nper_meld = 0
    if rd.npungs:
        for j in range(p.nof[DK_PER_MELD]):
            pos = p.of[DK_PER_MELD][j]
            k = 0
            for i in range(rd.npungs):
                if group_has(lay, &p.row[pos], rd.code[rd.pungs[i]], 1):
                    fd.pm[fd.nper_meld][k] = rd.pungs[i]
                    k += 1
            if k:
                fd.pm_pos[fd.nper_meld] = pos
                fd.pm_n[fd.nper_meld] = k
                fd.nper_meld += 1


# ---------------------------------------------------------------- counting

cdef int uf_find(int* parent, int x) noexcept nogil:
    while parent[x] != x:
        x = parent[x]
    return x


cdef int best_forest(const PairHit* pairs, const int* edge_pair, const int* edge_pos, int n,
                     const SetHit* const* groups, int ngroups) noexcept nogil:
    """``engine._search_forest``: the mask of edges kept (most edges, then
    most distinct fans, then fans higher in the table; first found on ties)."""
    cdef int best = 0, best_len = 0, best_distinct = 0
    cdef int best_rows[6]
    cdef int rows[6]
    cdef int parent[8]
    cdef int mask, i, j, k, len_, distinct, ok, ra, rb, better, g
    for mask in range(1, 1 << n):
        len_ = popcount64(<uint64_t>mask)
        if len_ < best_len:
            continue
        for i in range(8):
            parent[i] = i
        for g in range(ngroups):
            for j in range(1, groups[g].n):
                parent[uf_find(parent, groups[g].m[j])] = uf_find(parent, groups[g].m[0])
        ok = 1
        k = 0
        for i in range(n):
            if not (mask >> i) & 1:
                continue
            ra = uf_find(parent, pairs[edge_pair[i]].a)
            rb = uf_find(parent, pairs[edge_pair[i]].b)
            if ra == rb:
                ok = 0
                break
            parent[ra] = rb
            rows[k] = edge_pos[i]
            k += 1
        if not ok:
            continue
        sort_ints(rows, k)  # rows ascending is the key's rows (-pos descending)
        distinct = 1 if k else 0
        for i in range(1, k):
            if rows[i] != rows[i - 1]:
                distinct += 1
        if best == 0:
            better = 1
        elif len_ != best_len:
            better = len_ > best_len
        elif distinct != best_distinct:
            better = distinct > best_distinct
        else:
            better = 0
            for i in range(k):
                if rows[i] != best_rows[i]:
                    better = rows[i] < best_rows[i]
                    break
        if better:
            best = mask
            best_len = len_
            best_distinct = distinct
            for i in range(k):
                best_rows[i] = rows[i]
    return best


cdef void add_entry(Count* out, int pos, int n, const int* m, int nm) noexcept nogil:
    cdef Entry* e
    cdef int i
    if out.ne >= MAXENT:
        out.overflow = 1
        return
    e = &out.e[out.ne]
    e.pos = pos
    e.n = n
    if nm > MAXEV:
        out.overflow = 1
        nm = MAXEV
    e.nm = nm
    for i in range(e.nm):
        e.m[i] = m[i]
    out.ne += 1


cdef void count(const Plan* p, const Found* fd, const SetHit* const* chow_alt, int nca,
                const SetHit* const* pung_alt, int npa, Count* out) noexcept nogil:
    """``engine._count``: the fans counted with one choice of set fans, into
    ``out`` (``fallback`` set when it took the fallback fan)."""
    cdef uint64_t excluded[2]
    cdef int present_pos[MAXROWS + 2 * MAXSETS]
    cdef int present_src[MAXROWS + 2 * MAXSETS]
    cdef int npresent
    cdef int i, j, k, pos, repeats = 0, chosen, nedges, nidx, nleft, limit, nhits, hit
    cdef int edge_pair[6]
    cdef int edge_pos[6]
    cdef int absorbed[4]
    cdef int nabs, inidx, already
    cdef int left[4]
    cdef const PairHit* pairs
    cdef int npairs
    cdef const SetHit* const* alt
    cdef int nalt
    cdef Entry merged[MAXENT]
    cdef int nmerged
    cdef Entry* e
    cdef const SetHit* s
    cdef int hits[MAXEV]
    excluded[0] = excluded[1] = 0
    out.ne = 0
    out.fallback = 0
    out.overflow = 0
    # present: the simple fans (by position), then the chosen sets; a
    # position keeps what came first (dict.setdefault)
    npresent = 0
    for i in range(fd.nsimple):
        present_pos[npresent] = fd.spos[i]
        present_src[npresent] = i
        npresent += 1
    for i in range(nca + npa):
        s = chow_alt[i] if i < nca else pung_alt[i - nca]
        present_pos[npresent] = s.pos
        present_src[npresent] = 1000 + i
        npresent += 1
    for i in range(1, npresent):  # stable: equal positions keep their order
        pos = present_pos[i]
        k = present_src[i]
        j = i - 1
        while j >= 0 and present_pos[j] > pos:
            present_pos[j + 1] = present_pos[j]
            present_src[j + 1] = present_src[j]
            j -= 1
        present_pos[j + 1] = pos
        present_src[j + 1] = k
    for i in range(npresent):
        pos = present_pos[i]
        if (i and present_pos[i - 1] == pos) or bit_test(excluded, pos):
            continue
        k = present_src[i]
        if k >= 1000:
            s = chow_alt[k - 1000] if k - 1000 < nca else pung_alt[k - 1000 - nca]
            add_entry(out, pos, 1, s.m, s.n)
        else:
            add_entry(out, pos, fd.scount[k], fd.sev[k], fd.sev_n[k])
        bit_or(excluded, p.excl[pos])
    # pair-combination fans: each pair of melds forms its first fan allowed
    for k in range(2):
        if k == 0:
            pairs = fd.chow_pairs
            npairs = fd.nchow_pairs
            alt = chow_alt
            nalt = nca
        else:
            pairs = fd.pung_pairs
            npairs = fd.npung_pairs
            alt = pung_alt
            nalt = npa
        if not npairs:
            continue
        nedges = 0
        for i in range(npairs):
            for j in range(pairs[i].nf):
                if not bit_test(excluded, pairs[i].f[j]):
                    edge_pair[nedges] = i
                    edge_pos[nedges] = pairs[i].f[j]
                    nedges += 1
                    break
        if nedges:
            chosen = best_forest(pairs, edge_pair, edge_pos, nedges, alt, nalt)
            if popcount64(<uint64_t>chosen) > 1:
                repeats = 1
            for i in range(nedges):
                if (chosen >> i) & 1:
                    left[0] = pairs[edge_pair[i]].a
                    left[1] = pairs[edge_pair[i]].b
                    add_entry(out, edge_pos[i], 1, left, 2)
    # per-meld fans, less the melds a counted fan absorbs
    for k in range(fd.nper_meld):
        pos = fd.pm_pos[k]
        if bit_test(excluded, pos):
            continue
        nabs = 0
        nidx = fd.pm_n[k]
        for i in range(out.ne):
            e = &out.e[i]
            if not bit_test(p.absorb[e.pos], pos):
                continue
            limit = p.absorb_limit[e.pos]
            # this entry's melds in the fan's list and not absorbed yet (as
            # they stood before this entry), then at most ``limit`` of them
            nhits = 0
            for j in range(e.nm):
                inidx = 0
                for hit in range(nidx):
                    if fd.pm[k][hit] == e.m[j]:
                        inidx = 1
                already = 0
                for hit in range(nabs):
                    if absorbed[hit] == e.m[j]:
                        already = 1
                if inidx and not already:
                    hits[nhits] = e.m[j]
                    nhits += 1
            if limit >= 0 and nhits > limit:
                nhits = limit
            for j in range(nhits):
                already = 0
                for hit in range(nabs):
                    if absorbed[hit] == hits[j]:
                        already = 1
                if not already and nabs < 4:
                    absorbed[nabs] = hits[j]
                    nabs += 1
        nleft = 0
        for i in range(nidx):
            already = 0
            for hit in range(nabs):
                if absorbed[hit] == fd.pm[k][i]:
                    already = 1
            if not already:
                left[nleft] = fd.pm[k][i]
                nleft += 1
        if nleft:
            add_entry(out, pos, nleft, left, nleft)
    if repeats:
        # Only pair-combination fans repeat: merge counts and melds.
        nmerged = 0
        for i in range(out.ne):
            e = NULL
            for j in range(nmerged):
                if merged[j].pos == out.e[i].pos:
                    e = &merged[j]
                    break
            if e == NULL:
                merged[nmerged] = out.e[i]
                nmerged += 1
            else:
                e.n += out.e[i].n
                for j in range(out.e[i].nm):
                    if e.nm == MAXEV:
                        out.overflow = 1
                        break
                    e.m[e.nm] = out.e[i].m[j]
                    e.nm += 1
        for i in range(nmerged):
            out.e[i] = merged[i]
        out.ne = nmerged
    # nothing counted but bonus fans: the fallback (best_count keeps it
    # only when no choice of set fans counts anything else)
    k = 1
    for i in range(out.ne):
        if not bit_test(p.bonus, out.e[i].pos):
            k = 0
    if out.ne == 0 or k:
        add_entry(out, p.fallback, 1, left, 0)
        out.fallback = 1
    # by position: one entry per fan
    for i in range(1, out.ne):
        merged[0] = out.e[i]
        j = i - 1
        while j >= 0 and out.e[j].pos > merged[0].pos:
            out.e[j + 1] = out.e[j]
            j -= 1
        out.e[j + 1] = merged[0]
    make_key(p, out)


cdef void copy_count(Count* dst, const Count* src) noexcept nogil:
    """``*dst = *src`` for the parts in use (a Count has room for far more
    entries and key items than a reading counts)."""
    dst.fallback = src.fallback
    dst.overflow = src.overflow
    dst.total = src.total
    dst.ne = src.ne
    memcpy(dst.e, src.e, src.ne * sizeof(Entry))
    dst.nkey = src.nkey
    memcpy(dst.kpoints, src.kpoints, src.nkey * sizeof(int))
    memcpy(dst.krows, src.krows, src.nkey * sizeof(int))


cdef void make_key(const Plan* p, Count* c) noexcept nogil:
    """``engine._entries_key``: total, points descending, rows ascending."""
    cdef int i, j, k, x
    c.total = 0
    c.nkey = 0
    for i in range(c.ne):
        c.total += p.points[c.e[i].pos] * c.e[i].n
        for k in range(c.e[i].n):
            if c.nkey == MAXKEY:
                c.overflow = 1
                break
            c.kpoints[c.nkey] = p.points[c.e[i].pos]
            c.krows[c.nkey] = c.e[i].pos
            c.nkey += 1
    sort_ints(c.kpoints, c.nkey, True)
    # entries are by position, so krows is already ascending


cdef int key_cmp(const Count* a, const Count* b) noexcept nogil:
    """Compare two keys (-1, 0, 1)."""
    cdef int i, n
    if a.total != b.total:
        return -1 if a.total < b.total else 1
    n = a.nkey if a.nkey < b.nkey else b.nkey
    for i in range(n):
        if a.kpoints[i] != b.kpoints[i]:
            return -1 if a.kpoints[i] < b.kpoints[i] else 1
    if a.nkey != b.nkey:
        return -1 if a.nkey < b.nkey else 1
    for i in range(n):  # rows as -pos descending: a lower position is larger
        if a.krows[i] != b.krows[i]:
            return -1 if a.krows[i] > b.krows[i] else 1
    return 0


cdef int alternatives(const SetHit* sets, int n, int size, const SetHit** buf, int* start,
                      int* length) noexcept nogil:
    """``engine._alternatives``: none, each set alone, then every set over
    all ``size`` melds together when there are several; returns how many."""
    cdef int k = 0, nalt = 0, i, whole = 0
    start[nalt] = 0
    length[nalt] = 0
    nalt += 1
    for i in range(n):
        buf[k] = &sets[i]
        start[nalt] = k
        length[nalt] = 1
        k += 1
        nalt += 1
    for i in range(n):
        if sets[i].n == size:
            whole += 1
    if whole > 1:
        start[nalt] = k
        length[nalt] = whole
        for i in range(n):
            if sets[i].n == size:
                buf[k] = &sets[i]
                k += 1
        nalt += 1
    return nalt


cdef void best_count(const Layout* lay, const Plan* p, Facts* f, Reading* rd, Count* best) noexcept nogil:
    """``engine.best_count``: the best way to count one reading; a choice of
    set fans that took the fallback only when no choice counts anything else."""
    cdef Found fd
    cdef Count cur
    cdef Count best_fallback
    cdef const SetHit* cbuf[2 * MAXSETS]
    cdef const SetHit* pbuf[2 * MAXSETS]
    cdef int cstart[MAXSETS + 2]
    cdef int clen[MAXSETS + 2]
    cdef int pstart[MAXSETS + 2]
    cdef int plen[MAXSETS + 2]
    cdef int nca, npa, i, j, have = 0, have_fallback = 0
    find(lay, p, f, rd, &fd)
    if not (fd.nchow_sets or fd.npung_sets):
        count(p, &fd, cbuf, 0, pbuf, 0, best)
        if best.overflow:
            f.overflow = 1
        return
    nca = alternatives(fd.chow_sets, fd.nchow_sets, rd.nchows, cbuf, cstart, clen)
    npa = alternatives(fd.pung_sets, fd.npung_sets, rd.npungs, pbuf, pstart, plen)
    for i in range(nca):
        for j in range(npa):
            count(p, &fd, &cbuf[cstart[i]], clen[i], &pbuf[pstart[j]], plen[j], &cur)
            if cur.overflow:
                f.overflow = 1
            if cur.fallback:
                if not have_fallback or key_cmp(&cur, &best_fallback) > 0:
                    copy_count(&best_fallback, &cur)
                    have_fallback = 1
            elif not have or key_cmp(&cur, best) > 0:
                copy_count(best, &cur)
                have = 1
    if not have:  # the choice of no set fan is always there
        copy_count(best, &best_fallback)
