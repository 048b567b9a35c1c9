# Part of scoring.pyx (included there, in this order): readings: block
# arrangements, the decomposition, the unique wait and the simple detectors.

# ---------------------------------------------------------------- arrangements

cdef int arr_cmp(const Arr* a, const Arr* b) noexcept nogil:
    """The order of ``decompose._suit_arrangements``: melds as (offset,
    kind) tuples, then the pair (None first)."""
    cdef int i, n = a.n if a.n < b.n else b.n
    for i in range(n):
        if a.m[i] != b.m[i]:
            return -1 if a.m[i] < b.m[i] else 1
    if a.n != b.n:
        return -1 if a.n < b.n else 1
    if a.pair != b.pair:
        return -1 if a.pair < b.pair else 1
    return 0


cdef int arrange(int* c, int length, Arr* cur, Arr* out, int* nout) noexcept nogil:
    """Every split of ``c[0:length]`` into pungs, chows and at most one pair
    (appended to ``out``, unsorted, maybe repeated); -1 on overflow."""
    cdef int i = 0
    while i < length and c[i] == 0:
        i += 1
    if i == length:
        if nout[0] >= MAXARR:
            return -1
        out[nout[0]] = cur[0]
        sort_ints(out[nout[0]].m, out[nout[0]].n)
        nout[0] += 1
        return 0
    if cur.n < 5 and c[i] >= 3:
        c[i] -= 3
        cur.m[cur.n] = 2 * i
        cur.n += 1
        if arrange(c, length, cur, out, nout) < 0:
            return -1
        cur.n -= 1
        c[i] += 3
    if cur.pair < 0 and c[i] >= 2:
        c[i] -= 2
        cur.pair = i
        if arrange(c, length, cur, out, nout) < 0:
            return -1
        cur.pair = -1
        c[i] += 2
    if cur.n < 5 and i <= 6 and i + 2 < length and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        cur.m[cur.n] = 2 * i + 1
        cur.n += 1
        if arrange(c, length, cur, out, nout) < 0:
            return -1
        cur.n -= 1
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    return 0


# The arrangements of the blocks seen lately, by their counts: a hand's
# suits repeat across hands far more than hands do. A direct-mapped table of
# fixed size (a new pattern takes its slot from the old one), cleared by
# scoring.clear_caches(); only patterns with few arrangements are kept. The
# core runs with the GIL held, so no two calls use the table at once.
cdef enum:
    MEMO_SLOTS = 4096          # a power of two
    MEMO_ARRS = 8              # arrangements a slot holds

cdef struct ArrMemo:
    uint64_t key               # 0: empty
    int n
    Arr arr[MEMO_ARRS]

cdef ArrMemo* _arr_memo = <ArrMemo*>calloc(MEMO_SLOTS, sizeof(ArrMemo))
if _arr_memo == NULL:
    raise MemoryError()


def clear_tables():
    """Forget the remembered block arrangements (``scoring.clear_caches``)."""
    memset(_arr_memo, 0, MEMO_SLOTS * sizeof(ArrMemo))


cdef int block_arrangements(const int* counts, int start, int end, Arr* out) noexcept nogil:
    """Sorted unique arrangements of one block; -1 on overflow."""
    cdef int c[16]
    cdef int length = end - start
    cdef int i, j, n = 0
    cdef Arr cur
    cdef Arr tmp
    cdef uint64_t key = <uint64_t>length
    cdef ArrMemo* slot_
    for i in range(length):
        c[i] = counts[start + i]
        key = (key << 3) | <uint64_t>c[i]
    slot_ = &_arr_memo[((key + 1) * <uint64_t>0x9E3779B97F4A7C15U) >> 52 & (MEMO_SLOTS - 1)]
    if slot_.key == key + 1:
        memcpy(out, slot_.arr, slot_.n * sizeof(Arr))
        return slot_.n
    cur.n = 0
    cur.pair = -1
    if arrange(c, length, &cur, out, &n) < 0:
        return -1
    for i in range(1, n):  # insertion sort, dropping repeats afterwards
        tmp = out[i]
        j = i - 1
        while j >= 0 and arr_cmp(&out[j], &tmp) > 0:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = tmp
    j = 0
    for i in range(n):
        if j == 0 or arr_cmp(&out[j - 1], &out[i]) != 0:
            out[j] = out[i]
            j += 1
    if j <= MEMO_ARRS:
        slot_.key = key + 1
        slot_.n = j
        memcpy(slot_.arr, out, j * sizeof(Arr))
    return j


cdef int add_roles(Dec* d, int first, int win) noexcept nogil:
    """The winning tile's roles in a reading's concealed melds and pair
    (``decompose._roles``): equal melds are one role."""
    cdef int i, j, dup, holds, c
    d.nroles = 0
    for i in range(first, d.nm):
        c = d.code[i]
        if d.kind[i] == K_CHOW:
            holds = c <= win <= c + 2
        else:
            holds = c == win
        if not holds:
            continue
        dup = 0
        for j in range(first, i):
            if d.kind[j] == d.kind[i] and d.code[j] == c:
                dup = 1
        if not dup:
            d.rkind[d.nroles] = R_MELD
            d.ridx[d.nroles] = i
            d.nroles += 1
    if d.pair == win:
        d.rkind[d.nroles] = R_PAIR
        d.ridx[d.nroles] = -1
        d.nroles += 1
    return d.nroles


cdef int standard(const Layout* lay, const int* counts, const Facts* f, int needed,
                  int shape, int knit, Dec* out, int nout, int cap) noexcept nogil:
    """Append the standard arrangements of ``counts`` (``decompose._standard``)
    as readings of ``shape``; returns the new count, -1 on overflow."""
    cdef Arr arrs[MAXBLOCKS][MAXARR]
    cdef int narr[MAXBLOCKS]
    cdef int base[MAXBLOCKS]
    cdef int nb = 0
    cdef int b, i, k, n, pair, nm, ok, off, kcode
    cdef int idx[MAXBLOCKS]
    cdef Dec* d
    for b in range(lay.nblocks):
        n = 0
        for i in range(lay.bstart[b], lay.bend[b]):
            n += counts[i]
        if n == 0:
            continue
        if n % 3 == 1:
            return nout
        narr[nb] = block_arrangements(counts, lay.bstart[b], lay.bend[b], arrs[nb])
        if narr[nb] < 0:
            return -1
        if narr[nb] == 0:
            return nout
        base[nb] = lay.bstart[b]
        nb += 1
    for b in range(nb):
        idx[b] = 0
    while True:
        pair = -1
        nm = 0
        ok = 1
        for b in range(nb):
            if arrs[b][idx[b]].pair >= 0:
                if pair >= 0:
                    ok = 0
                    break
                pair = base[b] + arrs[b][idx[b]].pair
            nm += arrs[b][idx[b]].n
        if ok and pair >= 0 and nm == needed:
            if nout >= cap:
                return -1
            d = &out[nout]
            d.shape = shape
            d.knit = knit
            d.nknitted = 9 if knit >= 0 else 0
            d.nm = f.ndeclared
            for i in range(f.ndeclared):
                d.kind[i] = f.dkind[i]
                d.code[i] = f.dcode[i]
                d.exposed[i] = f.dexposed[i]
            for b in range(nb):
                for k in range(arrs[b][idx[b]].n):
                    off = arrs[b][idx[b]].m[k]
                    d.kind[d.nm] = K_CHOW if off & 1 else K_PUNG
                    d.code[d.nm] = base[b] + (off >> 1)
                    d.exposed[d.nm] = 0
                    d.nm += 1
            d.pair = pair
            add_roles(d, f.ndeclared, f.win)
            if knit >= 0:
                for i in range(9):
                    if lay.knit_codes[knit][i] == f.win:
                        d.rkind[d.nroles] = R_KNITTED
                        d.ridx[d.nroles] = -1
                        d.nroles += 1
                        break
            nout += 1
        # the next combination, last block fastest (itertools.product)
        b = nb - 1
        while b >= 0:
            idx[b] += 1
            if idx[b] < narr[b]:
                break
            idx[b] = 0
            b -= 1
        if b < 0:
            break
    return nout


cdef inline int ranks_held(const Layout* lay, uint64_t mask) noexcept nogil:
    cdef int r = 0
    cdef int s
    for s in range(lay.nsuits):
        r |= <int>((mask >> lay.rank_shift[s]) & 0x1FF)
    return r & 0x1FF


cdef inline void concealed_special(Dec* d, int shape, int pair, int nknitted, int role) noexcept nogil:
    """A reading of a concealed special shape: no melds, one role."""
    d.shape = shape
    d.nm = 0
    d.pair = pair
    d.knit = -1
    d.nknitted = nknitted
    d.nroles = 1
    d.rkind[0] = role
    d.ridx[0] = -1


cdef int decompose(const Layout* lay, const Facts* f, Dec* out, int cap) noexcept nogil:
    """Every reading of the hand under the shapes ``f.shapes``, in
    ``decompose.decompose``'s order; -1 on overflow."""
    cdef int n = 0
    cdef int kinds = 0
    cdef int c, i, k, ndbl, dbl, ok
    cdef uint64_t mask = 0
    cdef int rest[SIZE]
    n = standard(lay, f.hcounts, f, 4 - f.ndeclared, SH_STANDARD, -1, out, 0, cap)
    if n < 0:
        return -1
    for c in range(SIZE):
        if f.hcounts[c]:
            kinds += 1
            mask |= (<uint64_t>1) << c
    if f.ndeclared == 0 and (kinds <= 7 or kinds >= 13):
        if kinds <= 7:
            ok = 1
            for c in range(SIZE):
                if f.hcounts[c] == 1 or f.hcounts[c] == 3:
                    ok = 0
            if ok and f.shapes & (1 << SH_SEVEN_PAIRS):
                if n >= cap:
                    return -1
                concealed_special(&out[n], SH_SEVEN_PAIRS, -1, 0, R_PAIR)
                n += 1
        else:
            if (mask & ~lay.orphan_mask) == 0 and f.shapes & (1 << SH_THIRTEEN_ORPHANS):
                if lay.orphans_pair:
                    ndbl = 0
                    dbl = -1
                    for c in range(SIZE):
                        if f.hcounts[c] == 2:
                            ndbl += 1
                            dbl = c
                    if kinds == 13 and ndbl == 1:
                        if n >= cap:
                            return -1
                        concealed_special(&out[n], SH_THIRTEEN_ORPHANS, dbl, 0, R_PAIR if f.win == dbl else R_SINGLE)
                        n += 1
                elif kinds == 14:
                    if n >= cap:
                        return -1
                    concealed_special(&out[n], SH_THIRTEEN_ORPHANS, -1, 0, R_SINGLE)
                    n += 1
            if kinds == 14 and f.shapes & (1 << SH_HONOURS_AND_KNITTED):
                for k in range(lay.nknit):
                    if (mask & ~lay.honour_mask & ~lay.knit_mask[k]) == 0:
                        if n >= cap:
                            return -1
                        concealed_special(&out[n], SH_HONOURS_AND_KNITTED, -1, popcount64(mask & ~lay.honour_mask), R_KNITTED if lay.rank[f.win] else R_SINGLE)
                        n += 1
                        break
    if (f.ndeclared <= 1 and kinds >= 9 and f.shapes & (1 << SH_KNITTED_STRAIGHT)
            and ranks_held(lay, mask) == 0x1FF):
        for k in range(lay.nknit):
            if (mask & lay.knit_mask[k]) != lay.knit_mask[k]:
                continue
            for c in range(SIZE):
                rest[c] = f.hcounts[c]
            for i in range(9):
                rest[lay.knit_codes[k][i]] -= 1
            n = standard(lay, rest, f, 1 - f.ndeclared, SH_KNITTED_STRAIGHT, k, out, n, cap)
            if n < 0:
                return -1
    return n


# ---------------------------------------------------------------- waits

cdef int unique_wait(const Layout* lay, Facts* f) noexcept nogil:
    """``shanten.won_on_single_wait``: the 13 tiles before the win wait on
    the winning tile's kind alone (by shape), as the analysis core finds."""
    cdef int counts[SIZE]
    if f.unique_wait >= 0:
        return f.unique_wait
    memcpy(counts, f.hcounts, sizeof(counts))
    counts[f.win] -= 1
    # read_hand checked the counts, so the analysis core does not refuse them
    f.unique_wait = 1 if waits_only_on_shapes(counts, f.ndeclared, lay.rules, f.shapes,
                                              f.win) == 1 else 0
    return f.unique_wait


# ---------------------------------------------------------------- readings

cdef void make_reading(const Layout* lay, Facts* f, const Dec* d, int r, Reading* rd) noexcept nogil:
    cdef int i, kind, code, claimed
    rd.shape = d.shape
    rd.special = d.shape == SH_THIRTEEN_ORPHANS or d.shape == SH_HONOURS_AND_KNITTED
    rd.nm = d.nm
    rd.pair = d.pair
    rd.nknitted = d.nknitted
    rd.knit = d.knit if d.nknitted == 9 else -1
    rd.role = d.rkind[r]
    rd.role_idx = d.ridx[r]
    rd.nchows = rd.npungs = rd.nnum = rd.nhp = 0
    rd.concealed_pungs = 0
    rd.wait = -2
    claimed = rd.role_idx if rd.role == R_MELD and not f.flag[FL_SELF_DRAWN] else -1
    for i in range(d.nm):
        kind = d.kind[i]
        code = d.code[i]
        rd.kind[i] = kind
        rd.code[i] = code
        rd.exposed[i] = d.exposed[i]
        if kind == K_CHOW:
            rd.chows[rd.nchows] = i
            rd.nchows += 1
        else:
            rd.pungs[rd.npungs] = i
            rd.npungs += 1
            if not d.exposed[i] and (kind == K_KONG or i != claimed):
                rd.concealed_pungs += 1
            if lay.rank[code]:
                rd.nums[rd.nnum] = i
                rd.nnum += 1
            else:
                rd.hp[rd.nhp] = i
                rd.nhp += 1


cdef inline int on_knitted_tile(const Layout* lay, int knit, int win) noexcept nogil:
    """Whether ``win`` is a kind of the knitted set ``knit``."""
    cdef int i
    for i in range(9):
        if lay.knit_codes[knit][i] == win:
            return 1
    return 0


cdef int reading_wait(const Layout* lay, Facts* f, Reading* rd) noexcept nogil:
    cdef int kind = W_NONE, start, rank
    if rd.wait != -2:
        return rd.wait
    if not rd.special:
        if rd.role == R_PAIR:
            kind = W_SINGLE
        elif rd.role == R_MELD and rd.role_idx >= 0 and rd.kind[rd.role_idx] == K_CHOW:
            start = lay.rank[rd.code[rd.role_idx]]
            rank = lay.rank[f.win]
            if rank == start + 1:
                kind = W_CLOSED
            elif (start == 1 and rank == 3) or (start == 7 and rank == 7):
                kind = W_EDGE
    if kind != W_NONE and not unique_wait(lay, f):
        kind = W_NONE
    rd.wait = kind
    return kind


cdef inline int honour_passes(const Layout* lay, const Facts* f, int code,
                              const Row* row) noexcept nogil:
    """HonourPungs: the honour of ``code`` passes every test of the row."""
    if lay.rank[code]:
        return 0
    if row.symbol != -1 and lay.symbol[code] != row.symbol:
        return 0
    if row.family != -1 and lay.family[code] != row.family:
        return 0
    if row.colour != -1 and lay.suit[code] != row.colour:
        return 0
    if row.wind == WIND_SEAT:
        return lay.family[code] == F_WIND and lay.symbol[code] == f.seat_wind
    if row.wind == WIND_PREVALENT:
        return lay.family[code] == F_WIND and lay.symbol[code] == f.prevalent_wind
    return 1


cdef int honour_pungs(const Layout* lay, const Facts* f, const Reading* rd, const Row* row,
                      int* ev, int* nev) noexcept nogil:
    cdef int i, m, k = 0
    for i in range(rd.nhp):
        m = rd.hp[i]
        if honour_passes(lay, f, rd.code[m], row):
            ev[k] = m
            k += 1
    nev[0] = k
    if row.mode == HP_AT_LEAST:
        return k >= row.n
    if k != row.n:
        return 0
    if row.mode == HP_EXACT:
        return 1
    return rd.pair >= 0 and honour_passes(lay, f, rd.pair, row)


cdef int holds(const Facts* f, const Reading* rd, const Row* row) noexcept nogil:
    """Holds: the tiles held meet every rule of the row."""
    cdef int lo, hi
    if not (row.shapes >> rd.shape) & 1:
        return 0
    if row.honours == HO_NONE and f.nhonours:
        return 0
    if row.honours == HO_SOME and not f.nhonours:
        return 0
    if row.honours == HO_ONLY and f.nsuited:
        return 0
    if row.ranks and (not f.nsuited or f.ranks & ~row.ranks):
        return 0
    if row.any_rank and not f.ranks & row.any_rank:
        return 0
    if row.suits >= 0 and popcount64(<uint64_t>f.suits) != row.suits:
        return 0
    if row.colours >= 0 and popcount64(<uint64_t>f.colours) != row.colours:
        return 0
    if row.families >= 0 and f.families != row.families:
        return 0
    if row.honour_kinds >= 0 and f.nhonours != row.honour_kinds:
        return 0
    if row.consecutive >= 0:
        if popcount64(<uint64_t>f.ranks) != row.consecutive:
            return 0
        lo = 1
        while not (f.ranks >> lo) & 1:
            lo += 1
        hi = 9
        while not (f.ranks >> hi) & 1:
            hi -= 1
        if hi - lo != row.consecutive - 1:
            return 0
    return not row.has_tiles or (f.held & ~row.tiles) == 0


cdef inline int group_has(const Layout* lay, const Row* row, int code, int width) noexcept nogil:
    """EveryGroup: a group from ``code`` over ``width`` ranks holds a rank of
    the row's (an honour passes when the row says so)."""
    cdef int rank = lay.rank[code]
    if rank == 0:
        return row.honours
    return (row.ranks >> rank) & ((1 << width) - 1) != 0


cdef inline int pair_passes(const Layout* lay, const Row* row, int code) noexcept nogil:
    if row.number_pair and not lay.rank[code]:
        return 0
    return not row.ranks or group_has(lay, row, code, 1)


cdef int every_group(const Layout* lay, const Facts* f, const Reading* rd,
                     const Row* row) noexcept nogil:
    """EveryGroup: every meld and the pair meet the row's rules."""
    cdef int i, chow
    cdef uint64_t rest
    if not (row.shapes >> rd.shape) & 1:
        return 0
    if row.meld == K_CHOW and rd.npungs or row.meld == K_PUNG and rd.nchows:
        return 0
    if rd.shape == SH_SEVEN_PAIRS:
        rest = f.held
        while rest:
            if not pair_passes(lay, row, lowest_bit(rest)):
                return 0
            rest &= rest - 1
        return 1
    if rd.pair >= 0 and not pair_passes(lay, row, rd.pair):
        return 0
    if row.ranks:
        for i in range(rd.nm):
            chow = rd.kind[i] == K_CHOW
            if not group_has(lay, row, rd.code[i], 3 if chow else 1):
                return 0
    return 1


cdef int concealed_pattern(const Layout* lay, const Facts* f, const Reading* rd,
                           const Row* row, int* ev, int* nev) noexcept nogil:
    """ConcealedPattern: the fan uses every pung (its evidence)."""
    cdef int i, code
    if f.ndeclared or rd.shape != SH_STANDARD or not lay.rank[f.win]:
        return 0
    if f.nhonours or popcount64(<uint64_t>f.suits) != 1:
        return 0
    for i in range(9):
        # the 13 tiles before the win: the winning tile's suit, rank i + 1
        code = f.win - lay.rank[f.win] + 1 + i
        if f.hcounts[code] - (1 if code == f.win else 0) != row.pattern[i]:
            return 0
    for i in range(rd.npungs):
        ev[i] = rd.pungs[i]
    nev[0] = rd.npungs
    return 1


cdef int last_copy(const Facts* f) noexcept nogil:
    cdef int i, c, shown = 0
    if f.flag[FL_LAST_COPY]:
        return 1
    if not f.exposed_melds:
        return 0
    for i in range(f.ndeclared):
        if f.dexposed[i]:
            c = f.dcode[i]
            if f.dkind[i] == K_CHOW:
                shown += c <= f.win <= c + 2
            elif c == f.win:
                shown += 4 if f.dkind[i] == K_KONG else 3
    return shown == 3


cdef int four_copies(const Facts* f, const Reading* rd) noexcept nogil:
    cdef int i, n = 0
    if not f.nfours or rd.special:
        return 0
    if not f.kongs:
        return f.nfours
    for i in range(f.nfours):
        if not (f.kong_codes >> f.fours[i]) & 1:
            n += 1
    return n


cdef inline int context_holds(const Facts* f, const Row* row) noexcept nogil:
    if (f.flag_bits & row.set_flags) != row.set_flags or f.flag_bits & row.clear_flags:
        return 0
    return row.n < 0 or f.exposed_melds == row.n


cdef int simple(const Layout* lay, const Plan* p, const Row* row, Facts* f,
                Reading* rd, int* ev, int* nev) noexcept nogil:
    """One simple row's count in a reading (0 when absent); fills the
    evidence melds of the primitives that have them."""
    cdef int code = row.code
    nev[0] = 0
    if code == S_HOLDS:
        return holds(f, rd, row)
    elif code == S_SHAPE:
        return rd.shape == row.mode
    elif code == S_EVERY_GROUP:
        return every_group(lay, f, rd, row)
    elif code == S_HONOUR_PUNGS:
        return honour_pungs(lay, f, rd, row, ev, nev)
    elif code == S_KONGS:
        if row.mode == KG_EXPOSED:
            return f.exposed_kongs >= row.n
        if row.mode == KG_CONCEALED:
            return f.concealed_kongs >= row.n
        return f.kongs >= row.n
    elif code == S_KONGS_EXACTLY:
        return f.exposed_kongs == row.n and f.concealed_kongs == row.m
    elif code == S_CONCEALED_PUNGS:
        return rd.concealed_pungs >= row.n
    elif code == S_WAIT:
        if row.n and rd.knit >= 0 and on_knitted_tile(lay, rd.knit, f.win):
            return 0  # Wait(on_knitted_tiles=False)
        return reading_wait(lay, f, rd) == row.mode
    elif code == S_KNITTED_SET:
        return rd.nknitted == 9
    elif code == S_CONCEALED_PATTERN:
        return concealed_pattern(lay, f, rd, row, ev, nev)
    elif code == S_CONTEXT:
        return context_holds(f, row)
    elif code == S_LAST_COPY:
        return last_copy(f)
    elif code == S_FOUR_COPIES:
        return four_copies(f, rd)
    elif code == S_FLOWERS:
        return f.flowers
    return 0
