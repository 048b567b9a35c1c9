# cython: language_level=3
"""The compiled scoring core for the built-in rule sets (UNO and MCR).

It runs the Python engine's algorithm (``decompose``, ``fans/engine`` and
``scoring``) step for step on C arrays, in the same order and with the same
tie-breaks, so that both engines choose the same reading, role and fans:

1. the readings of the hand: standard arrangements block by block (each
   block's arrangements sorted as ``decompose._suit_arrangements`` sorts
   them, combined in ``itertools.product`` order), then seven pairs, the
   orphans, honours-and-knitted and the knitted straight;
2. the roles of the winning tile in each reading;
3. per reading and role, the fans each detector finds: simple fans, chow
   and pung sets (each subset of three or four melds), pair fans (each two
   melds) and the per-meld fan;
4. counting: each choice of set fans (none, one, or every set over all the
   melds), exclusions top of the table first, the pair-combination forest,
   absorption, merging and the fallback fan; the best choice by the
   engine's key (total, points sorted, rows);
5. the best role of each reading, then the rule set's selection policy.

A rule set is covered when its tile set is built in, its shapes are any set
of that tile set's shapes, and every row of its fan table keeps the built-in
detector of its id; its table may lack rows (options) or change points and
exclusions, which are read from the table. Anything else returns None and the
Python engine runs.

Input comes from validated :class:`~unomahjong.hand.Hand` values; every
code and count is still checked against the layout before an array is
indexed. Everything a call works on lives in its own stack frame. Between
calls the core keeps only what a later call may reuse unchanged: the
interned plans, contexts, roles and fan entries (bounded dictionaries), the
single-entry caches of the last rule set and builder, and the fixed-size
table of block arrangements (``clear_tables``).
"""

from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

from unomahjong._core.analysis cimport waits_only_on_shapes
from unomahjong._core.bits cimport lowest_bit, popcount64
from unomahjong._core.objects cimport umj_alloc, umj_fill, umj_offset, umj_slot
from unomahjong._core.notation cimport parse_hand_fast

import attrs

from unomahjong.context import WinContext
from unomahjong.decompose import Decomposition, Role, _concealed_meld, _role
from unomahjong.errors import NotWinningError
from unomahjong.fans.mcr import MCR_FANS
from unomahjong.fans.model import DetectorKind
from unomahjong.fans.uno import UNO_FANS
from unomahjong.hand import CHOW, KONG, PUNG, Hand, Meld
from unomahjong.shapes import MCR_SHAPES, UNO_SHAPES, Shape
from unomahjong.tiles import MCR_TILES, UNO_TILES, Tile

API = 1


cdef enum:
    SIZE = 64          # per-code slots of both built-in tile sets
    MAXROWS = 128      # fan rows a plan can hold (two 64-bit mask words)
    MAXARR = 48        # arrangements of one block
    MAXBLOCKS = 5
    MAXDEC = 256       # readings of one candidate hand
    SMALL = 16         # readings held on the stack (more: on the heap)
    MAXENT = 32        # counted fans of one reading
    MAXKEY = 64        # entries of a key (a fan counted n times is n entries)
    MAXEV = 8          # meld indices of one entry (merged pair fans: at most 3 edges)
    MAXKNIT = 24       # knitted sets: ordered triples of distinct suits (UNO: 4 * 3 * 2)

# Shapes, in the order of the Shape enum.
cdef enum:
    SH_STANDARD = 0
    SH_SEVEN_PAIRS = 1
    SH_ORPHANS = 2
    SH_KNITTED = 3      # honours and knitted
    SH_STRAIGHT = 4     # knitted straight

# Meld kinds of a reading.
cdef enum:
    K_CHOW = 0
    K_PUNG = 1
    K_KONG = 2

# Roles of the winning tile.
cdef enum:
    R_MELD = 0
    R_PAIR = 1
    R_KNITTED = 2
    R_SINGLE = 3

# Waits (Reading.wait).
cdef enum:
    W_NONE = -1
    W_EDGE = 0
    W_CLOSED = 1
    W_SINGLE = 2

# Detector kinds of a plan row.
cdef enum:
    DK_NONE = 0        # the fallback row: no detector
    DK_SIMPLE = 1
    DK_CHOW_SET = 2
    DK_PUNG_SET = 3
    DK_CHOW_PAIR = 4
    DK_PUNG_PAIR = 5
    DK_PER_MELD = 6
    DK_HAND = 7        # not a row kind: the simple rows marked per_hand

# Simple detectors.
cdef enum:
    S_HP_EXACT = 1      # a: honour test, b: test argument, c: n
    S_HP_ATLEAST
    S_HP_LITTLE
    S_KONGS
    S_CONCEALED_KONGS
    S_EXPOSED_KONGS
    S_MIXED_KONGS
    S_SEVEN_SHIFTED
    S_FLAG              # a: flag
    S_NINE_GATES
    S_ALL_HONOURS
    S_SHAPE             # a: shape
    S_RANKS_IN          # a: rank bits
    S_CONCEALED_PUNGS   # a: n
    S_TERMINALS_HONOURS
    S_ALL_EVEN_PUNGS
    S_FULL_FLUSH
    S_ALL_FIVES
    S_HALF_FLUSH
    S_KNITTED_STRAIGHT
    S_LAST_TILE_DRAW
    S_LAST_TILE_CLAIM
    S_ALL_PUNGS
    S_MELDED_HAND
    S_OUTSIDE
    S_FULLY_CONCEALED
    S_CONCEALED_HAND
    S_LAST_COPY
    S_ALL_COLOURS
    S_ALL_CHOWS
    S_TILE_HOG
    S_NO_HONOURS
    S_WAIT              # a: wait
    S_ONLY              # a: 0 all green, 1 reversible
    S_ALL_TYPES
    S_ONE_VOIDED
    S_GREATER_KNITTED
    S_LESSER_KNITTED
    S_FLOWERS

# Gates of simple rows (``Detector.requires``): when the gate is shut the
# detector counts 0 (a contract the fan model's tests check), so it is not
# asked at all.
cdef enum:
    G_NONE = 0
    G_HONOUR_PUNGS
    G_CONCEALED_PUNGS
    G_SEVEN_PAIRS
    G_SPECIAL
    G_KNITTED
    G_HONOURLESS
    G_FLAGGED
    G_KONGS
    G_HONOURS
    G_FOURS
    G_WAIT

_GATES = {
    None: G_NONE, "honour_pungs": G_HONOUR_PUNGS, "concealed_pungs": G_CONCEALED_PUNGS,
    "seven_pairs": G_SEVEN_PAIRS, "special": G_SPECIAL, "knitted": G_KNITTED,
    "honourless": G_HONOURLESS, "flagged": G_FLAGGED, "kongs": G_KONGS, "honours": G_HONOURS,
    "fours": G_FOURS, "wait": G_WAIT,
}

# Honour tests of the honour-pung fans.
cdef enum:
    T_SYMBOL = 0        # b: the symbol's character
    T_FAMILY = 1        # b: family
    T_SEAT_WIND = 2
    T_PREVALENT_WIND = 3

cdef enum:
    F_FUNCTION = 0
    F_WIND = 1
    F_DRAGON = 2

# Flags of the win context.
cdef enum:
    FL_SELF_DRAWN = 0
    FL_LAST_COPY
    FL_LAST_TILE
    FL_KONG_REPLACEMENT
    FL_ROBBING_KONG
    FL_HEAVENLY_HAND
    FL_EARTHLY_HAND
    FL_HEAVENLY_UNO
    NFLAGS

# Set detectors: suits rule and ranks rule.
cdef enum:
    SU_ONE = 0
    SU_DISTINCT = 1
    SU_ANY = 2

cdef enum:
    RK_SAME = 0
    RK_STEPS1 = 1
    RK_STEPS12 = 2
    RK_147 = 3
    RK_TWO_DOUBLE = 4
    RK_PURE_TERMINAL = 5     # reads the pair
    RK_THREE_TERMINAL = 6    # reads the pair

# Pair detectors.
cdef enum:
    P_SAME = 0
    P_MIXED = 1
    P_SHORT = 2
    P_TERMINAL = 3
    P_SAME_RANK = 4


cdef struct Layout:
    int valid[SIZE]
    int rank[SIZE]        # 1-9, 0 for an honour
    int suit[SIZE]        # colour of the tile, -1 for MCR's free honours
    int symbol[SIZE]      # an honour's symbol character, 0 for number tiles
    int family[SIZE]      # an honour's family, -1 for number tiles
    int nblocks
    int bstart[MAXBLOCKS]
    int bend[MAXBLOCKS]
    int orphans_pair
    uint64_t orphan_mask
    uint64_t honour_mask
    int nknit
    uint64_t knit_mask[MAXKNIT]
    int knit_codes[MAXKNIT][9]
    int rank_shift[4]
    int nsuits
    int rules                 # the analysis core's rule-set number: 0 UNO, 1 MCR


cdef struct Row:
    int kind
    int code
    int a
    int b
    int c
    int size
    int per_hand          # depends on the hand and the shape family only
    int gate


cdef struct Plan:
    int nrows
    Row row[MAXROWS]
    int nof[8]                    # rows of each detector kind, in table order
    int of[8][MAXROWS]            # (simple rows that read only the hand: DK_HAND)
    int points[MAXROWS]
    uint64_t excl[MAXROWS][2]
    uint64_t absorb[MAXROWS][2]
    int absorb_limit[MAXROWS]     # -1: no limit
    uint64_t bonus[2]
    uint64_t tie_preferred[2]
    int fallback
    int calculator                # selection "calculator" (else "best")
    int shapes                    # the rule set's shapes (ShapeSpec.mask)
    uint64_t only_mask[2]         # S_ONLY's allowed kinds: all green, reversible
    int foreign_default[11]       # context facts the rule set does not know:
    int has_foreign[11]           # their defaults (flags, then winds, flowers)


cdef struct Facts:
    int counts[SIZE]          # every tile held, kongs as four
    int hcounts[SIZE]         # concealed tiles and the winning tile
    uint64_t held
    int nsuited
    int nhonours
    int ranks                 # bit r: rank r held
    int suits                 # bit s: suit s held in a number tile
    int colours               # bit s: colour s held in any tile
    int families              # bit f: honour family held
    int nfours
    int fours[16]
    uint64_t kong_codes
    int exposed_melds
    int exposed_kongs
    int concealed_kongs
    int kongs
    int ndeclared
    int dkind[4]
    int dcode[4]
    int dexposed[4]
    int win
    int shapes                # the rule set's shapes (Plan.shapes)
    int unique_wait           # -1: not computed yet
    int family_done[3]        # per-hand fans found for a shape family:
    int family_n[3]           # how many, their rows and counts
    int flag[NFLAGS]
    int seat_wind
    int prevalent_wind
    int flowers
    int flagged
    # (last: read_hand clears the fields above, and these only as they fill)
    unsigned char family_pos[3][MAXROWS]
    signed char family_count[3][MAXROWS]


cdef struct Dec:
    int shape
    int nm
    int kind[4]
    int code[4]
    int exposed[4]
    int pair
    int knit                  # the knitted set of a knitted straight, else -1
    int nknitted              # len(Decomposition.knitted)
    int nroles
    int rkind[6]
    int ridx[6]


cdef struct Arr:
    int n
    int m[5]                  # offset * 2 + (0 pung, 1 chow), ascending
    int pair                  # offset, or -1


cdef struct Reading:
    int shape
    int special
    int nm
    int kind[4]
    int code[4]
    int exposed[4]
    int pair
    int nknitted
    int role
    int role_idx
    int nchows
    int chows[4]
    int npungs
    int pungs[4]
    int nnum
    int nums[4]
    int nhp
    int hp[4]
    int concealed_pungs
    int wait                  # -2: not computed yet


cdef struct SetHit:
    int pos
    int n
    int m[4]


cdef struct PairHit:
    int a
    int b
    int nf
    int f[6]


cdef struct Found:
    int nsimple
    int spos[MAXROWS]
    int scount[MAXROWS]
    int sev_n[MAXROWS]
    int sev[MAXROWS][4]
    int nchow_sets
    SetHit chow_sets[24]
    int npung_sets
    SetHit pung_sets[24]
    int nchow_pairs
    PairHit chow_pairs[6]
    int npung_pairs
    PairHit pung_pairs[6]
    int nper_meld
    int pm_pos[2]
    int pm_n[2]
    int pm[2][4]


cdef struct Entry:
    int pos
    int n
    int nm
    int m[MAXEV]


cdef struct Count:
    int void
    int total
    int ne
    Entry e[MAXENT]
    int nkey
    int kpoints[MAXKEY]
    int krows[MAXKEY]


cdef int _EVEN_BITS = (1 << 2) | (1 << 4) | (1 << 6) | (1 << 8)
cdef int _FIVE_BITS = 1 << 5


cdef inline int bit_test(const uint64_t* mask, int pos) noexcept nogil:
    return <int>((mask[pos >> 6] >> (pos & 63)) & 1)


cdef inline void bit_or(uint64_t* mask, const uint64_t* other) noexcept nogil:
    mask[0] |= other[0]
    mask[1] |= other[1]


cdef void sort_ints(int* a, int n, bint descending=False) noexcept nogil:
    """Insertion sort of a few ints, in place."""
    cdef int i, j, x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and ((a[j] < x) if descending else (a[j] > x)):
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


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

_FOREIGN_FIELDS = (
    "self_drawn", "last_copy", "last_tile", "kong_replacement", "robbing_kong",
    "heavenly_hand", "earthly_hand", "heavenly_uno", "seat_wind", "prevalent_wind", "flowers",
)


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
        for i, name in enumerate(_FOREIGN_FIELDS):
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
            if (mask & ~lay.orphan_mask) == 0 and f.shapes & (1 << SH_ORPHANS):
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
                        concealed_special(&out[n], SH_ORPHANS, dbl, 0, R_PAIR if f.win == dbl else R_SINGLE)
                        n += 1
                elif kinds == 14:
                    if n >= cap:
                        return -1
                    concealed_special(&out[n], SH_ORPHANS, -1, 0, R_SINGLE)
                    n += 1
            if kinds == 14 and f.shapes & (1 << SH_KNITTED):
                for k in range(lay.nknit):
                    if (mask & ~lay.honour_mask & ~lay.knit_mask[k]) == 0:
                        if n >= cap:
                            return -1
                        concealed_special(&out[n], SH_KNITTED, -1, popcount64(mask & ~lay.honour_mask), R_KNITTED if lay.rank[f.win] else R_SINGLE)
                        n += 1
                        break
    if (f.ndeclared <= 1 and kinds >= 9 and f.shapes & (1 << SH_STRAIGHT)
            and ranks_held(lay, mask) == 0x1FF):
        for k in range(lay.nknit):
            if (mask & lay.knit_mask[k]) != lay.knit_mask[k]:
                continue
            for c in range(SIZE):
                rest[c] = f.hcounts[c]
            for i in range(9):
                rest[lay.knit_codes[k][i]] -= 1
            n = standard(lay, rest, f, 1 - f.ndeclared, SH_STRAIGHT, k, out, n, cap)
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
    rd.special = d.shape == SH_ORPHANS or d.shape == SH_KNITTED
    rd.nm = d.nm
    rd.pair = d.pair
    rd.nknitted = d.nknitted
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


cdef inline int honour_passes(const Layout* lay, const Facts* f, int code, int test, int arg) noexcept nogil:
    if lay.rank[code]:
        return 0
    if test == T_SYMBOL:
        return lay.symbol[code] == arg
    if test == T_FAMILY:
        return lay.family[code] == arg
    if test == T_SEAT_WIND:
        return lay.family[code] == F_WIND and lay.symbol[code] == f.seat_wind
    return lay.family[code] == F_WIND and lay.symbol[code] == f.prevalent_wind


cdef inline int is_terminal_or_honour(const Layout* lay, int code) noexcept nogil:
    cdef int r = lay.rank[code]
    return r == 0 or r == 1 or r == 9


cdef inline int ranks_in(const Facts* f, const Reading* rd, int ok) noexcept nogil:
    return not rd.special and f.nhonours == 0 and (f.ranks & ~ok) == 0


cdef int simple(const Layout* lay, const Plan* p, const Row* row, Facts* f,
                Reading* rd, int* ev, int* nev) noexcept nogil:
    """One simple detector's count in a reading (0 when absent); fills the
    evidence melds of the fans that have them."""
    cdef int code = row.code
    cdef int i, k, m, n, shown, c, lo, hi
    nev[0] = 0
    if code == S_HP_EXACT or code == S_HP_ATLEAST or code == S_HP_LITTLE:
        k = 0
        for i in range(rd.nhp):
            m = rd.hp[i]
            if honour_passes(lay, f, rd.code[m], row.a, row.b):
                ev[k] = m
                k += 1
        nev[0] = k
        if code == S_HP_EXACT:
            return k == row.c
        if code == S_HP_ATLEAST:
            return k >= row.c
        return k == row.c and rd.pair >= 0 and honour_passes(lay, f, rd.pair, row.a, row.b)
    elif code == S_KONGS:
        return f.kongs >= row.a
    elif code == S_CONCEALED_KONGS:
        return f.concealed_kongs >= row.a
    elif code == S_EXPOSED_KONGS:
        return f.exposed_kongs >= row.a
    elif code == S_MIXED_KONGS:
        return f.exposed_kongs == 1 and f.concealed_kongs == 1
    elif code == S_SEVEN_SHIFTED:
        if rd.shape != SH_SEVEN_PAIRS or f.nhonours or popcount64(<uint64_t>f.suits) != 1:
            return 0
        if f.nsuited != 7:
            return 0
        lo = 1
        while not (f.ranks >> lo) & 1:
            lo += 1
        hi = 9
        while not (f.ranks >> hi) & 1:
            hi -= 1
        return hi - lo == 6
    elif code == S_FLAG:
        return f.flag[row.a]
    elif code == S_NINE_GATES:
        return nine_gates(lay, f, rd, ev, nev)
    elif code == S_ALL_HONOURS:
        return not rd.special and f.nsuited == 0
    elif code == S_SHAPE:
        return rd.shape == row.a
    elif code == S_RANKS_IN:
        return ranks_in(f, rd, row.a)
    elif code == S_CONCEALED_PUNGS:
        return rd.concealed_pungs >= row.a
    elif code == S_TERMINALS_HONOURS:
        return (not rd.special and f.nhonours > 0 and f.nsuited > 0
                and (f.ranks & ~((1 << 1) | (1 << 9))) == 0)
    elif code == S_ALL_EVEN_PUNGS:
        return rd.shape == SH_STANDARD and ranks_in(f, rd, _EVEN_BITS)
    elif code == S_FULL_FLUSH:
        return not rd.special and f.nhonours == 0 and popcount64(<uint64_t>f.suits) == 1
    elif code == S_ALL_FIVES:
        return all_fives(lay, f, rd)
    elif code == S_HALF_FLUSH:
        return (not rd.special and f.nhonours > 0 and popcount64(<uint64_t>f.suits) == 1
                and popcount64(<uint64_t>f.colours) == 1)
    elif code == S_KNITTED_STRAIGHT:
        return rd.nknitted == 9
    elif code == S_LAST_TILE_DRAW:
        return f.flag[FL_LAST_TILE] and f.flag[FL_SELF_DRAWN]
    elif code == S_LAST_TILE_CLAIM:
        return f.flag[FL_LAST_TILE] and not f.flag[FL_SELF_DRAWN]
    elif code == S_ALL_PUNGS:
        return rd.shape == SH_STANDARD and rd.npungs == 4
    elif code == S_MELDED_HAND:
        return f.exposed_melds == 4 and not f.flag[FL_SELF_DRAWN]
    elif code == S_OUTSIDE:
        return outside_hand(lay, rd)
    elif code == S_FULLY_CONCEALED:
        return f.exposed_melds == 0 and f.flag[FL_SELF_DRAWN]
    elif code == S_CONCEALED_HAND:
        return f.exposed_melds == 0 and not f.flag[FL_SELF_DRAWN]
    elif code == S_LAST_COPY:
        if f.flag[FL_LAST_COPY]:
            return 1
        if not f.exposed_melds:
            return 0
        shown = 0
        for i in range(f.ndeclared):
            if f.dexposed[i]:
                c = f.dcode[i]
                if f.dkind[i] == K_CHOW:
                    shown += c <= f.win <= c + 2
                elif c == f.win:
                    shown += 4 if f.dkind[i] == K_KONG else 3
        return shown == 3
    elif code == S_ALL_COLOURS:
        return popcount64(<uint64_t>f.colours) == 4
    elif code == S_ALL_CHOWS:
        if rd.pair < 0 or not lay.rank[rd.pair]:
            return 0
        if rd.shape == SH_STANDARD:
            return rd.nchows == 4
        if rd.shape == SH_STRAIGHT:
            return rd.nchows == 1
        return 0
    elif code == S_TILE_HOG:
        if not f.nfours or rd.special:
            return 0
        if not f.kongs:
            return f.nfours
        n = 0
        for i in range(f.nfours):
            if not (f.kong_codes >> f.fours[i]) & 1:
                n += 1
        return n
    elif code == S_NO_HONOURS:
        return f.nhonours == 0
    elif code == S_WAIT:
        return reading_wait(lay, f, rd) == row.a
    elif code == S_ONLY:
        return not rd.special and (f.held & ~p.only_mask[row.a]) == 0
    elif code == S_ALL_TYPES:
        return popcount64(<uint64_t>f.suits) == 3 and f.families == ((1 << F_WIND) | (1 << F_DRAGON))
    elif code == S_ONE_VOIDED:
        return popcount64(<uint64_t>f.suits) == 2
    elif code == S_GREATER_KNITTED:
        return rd.shape == SH_KNITTED and f.nhonours == 7
    elif code == S_LESSER_KNITTED:
        return rd.shape == SH_KNITTED
    elif code == S_FLOWERS:
        return f.flowers
    return 0


cdef int nine_gates(const Layout* lay, const Facts* f, const Reading* rd, int* ev, int* nev) noexcept nogil:
    cdef int i, suit, base, k = 0
    for i in range(rd.npungs):  # the evidence: pungs of 1s, 9s and honours
        if is_terminal_or_honour(lay, rd.code[rd.pungs[i]]):
            ev[k] = rd.pungs[i]
            k += 1
    nev[0] = k
    if f.ndeclared or rd.shape != SH_STANDARD or not lay.rank[f.win]:
        return 0
    if f.nhonours or popcount64(<uint64_t>f.suits) != 1:
        return 0
    suit = lay.suit[f.win]
    base = 16 * suit
    for i in range(9):
        # 1112345678999 before the win
        if f.hcounts[base + 1 + i] - (1 if base + 1 + i == f.win else 0) != (3 if i == 0 or i == 8 else 1):
            return 0
    return 1


cdef int all_fives(const Layout* lay, const Facts* f, const Reading* rd) noexcept nogil:
    cdef int i, rank
    if rd.shape == SH_SEVEN_PAIRS:
        return ranks_in(f, rd, _FIVE_BITS)
    if rd.shape != SH_STANDARD or rd.pair < 0 or lay.rank[rd.pair] != 5:
        return 0
    for i in range(rd.nm):
        rank = lay.rank[rd.code[i]]
        if rank == 0:
            return 0
        if rd.kind[i] == K_CHOW:
            if not (3 <= rank <= 5):
                return 0
        elif rank != 5:
            return 0
    return 1


cdef int outside_hand(const Layout* lay, const Reading* rd) noexcept nogil:
    cdef int i, rank
    if rd.shape != SH_STANDARD or rd.pair < 0 or not is_terminal_or_honour(lay, rd.pair):
        return 0
    for i in range(rd.nm):
        rank = lay.rank[rd.code[i]]
        if rd.kind[i] == K_CHOW:
            if rank != 1 and rank != 7:
                return 0
        elif rank != 0 and rank != 1 and rank != 9:
            return 0
    return 1


# ---------------------------------------------------------------- sets and pairs

cdef struct Subset:
    int n
    int m[4]                  # the melds, as indices into the reading
    int rank[4]               # their ranks ascending, suits alongside
    int suit[4]
    int same_suit
    int distinct              # no two in one suit


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
    for i in range(n):
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
    """Whether the melds of ``s`` form the set of ``row`` (``row.code``: the
    suits rule, ``row.a``: the ranks rule)."""
    cdef int i, d, n = s.n
    cdef const int* rank = s.rank
    cdef const int* suit = s.suit
    if row.code == SU_ONE and not s.same_suit:
        return 0
    if row.code == SU_DISTINCT and not s.distinct:
        return 0
    if row.a == RK_SAME:
        return rank[0] == rank[n - 1]
    if row.a == RK_STEPS1 or row.a == RK_STEPS12:
        d = rank[1] - rank[0]
        if d != 1 and not (d == 2 and row.a == RK_STEPS12):
            return 0
        for i in range(2, n):
            if rank[i] - rank[i - 1] != d:
                return 0
        return 1
    if row.a == RK_147:
        return n == 3 and rank[0] == 1 and rank[1] == 4 and rank[2] == 7
    if row.a == RK_TWO_DOUBLE:
        # Two pairs of identical chows (Counter values [2, 2]): sorted by
        # rank then suit, equal keys sit side by side.
        return (n == 4 and rank[0] == rank[1] and suit[0] == suit[1]
                and rank[2] == rank[3] and suit[2] == suit[3]
                and (rank[1] != rank[2] or suit[1] != suit[2]))
    if row.a == RK_PURE_TERMINAL:
        if rd.pair < 0 or lay.rank[rd.pair] != 5:
            return 0
        return (s.same_suit and suit[0] == lay.suit[rd.pair] and rank[0] == 1 and rank[1] == 1
                and rank[2] == 7 and rank[3] == 7)
    if row.a == RK_THREE_TERMINAL:
        if rd.pair < 0 or lay.rank[rd.pair] != 5:
            return 0
        # two suits, each 123 + 789, neither the pair's suit
        if n != 4:
            return 0
        for i in range(n):
            if suit[i] == lay.suit[rd.pair]:
                return 0
        # sorted by rank then suit: 1a 1b 7a 7b with a != b
        return (rank[0] == 1 and rank[1] == 1 and rank[2] == 7 and rank[3] == 7
                and suit[0] != suit[1] and suit[0] == suit[2] and suit[1] == suit[3])
    return 0


cdef inline int pair_holds(const Layout* lay, int code, int ca, int cb) noexcept nogil:
    cdef int sa = lay.suit[ca], sb = lay.suit[cb], ra = lay.rank[ca], rb = lay.rank[cb]
    if code == P_SAME:
        return sa == sb and ra == rb
    if code == P_MIXED:
        return sa != sb and ra == rb
    if code == P_SHORT:
        return sa == sb and (ra - rb == 3 or rb - ra == 3)
    if code == P_TERMINAL:
        return sa == sb and ((ra == 1 and rb == 7) or (ra == 7 and rb == 1))
    return ra == rb


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
                   int n, int kind, SetHit* out, int cap) noexcept nogil:
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
            if set_holds(lay, rd, row, sb) and nout < cap:
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
                if out[nout].nf < 6 and pair_holds(
                        lay, p.row[pos].code, rd.code[melds[a]], rd.code[melds[b]]):
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
        fd.nchow_sets = meld_sets(lay, p, rd, rd.chows, rd.nchows, DK_CHOW_SET, fd.chow_sets, 24)
        fd.nchow_pairs = meld_pairs(lay, p, rd, rd.chows, rd.nchows, DK_CHOW_PAIR, fd.chow_pairs)
    if rd.nnum >= 2:
        fd.npung_sets = meld_sets(lay, p, rd, rd.nums, rd.nnum, DK_PUNG_SET, fd.pung_sets, 24)
        fd.npung_pairs = meld_pairs(lay, p, rd, rd.nums, rd.nnum, DK_PUNG_PAIR, fd.pung_pairs)
    fd.nper_meld = 0
    if rd.npungs:
        for j in range(p.nof[DK_PER_MELD]):
            pos = p.of[DK_PER_MELD][j]
            k = 0
            for i in range(rd.npungs):
                if is_terminal_or_honour(lay, rd.code[rd.pungs[i]]):
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
        return
    e = &out.e[out.ne]
    e.pos = pos
    e.n = n
    e.nm = nm if nm <= MAXEV else MAXEV
    for i in range(e.nm):
        e.m[i] = m[i]
    out.ne += 1


cdef int count(const Plan* p, const Found* fd, const SetHit* const* chow_alt, int nca,
               const SetHit* const* pung_alt, int npa, Count* out) noexcept nogil:
    """``engine._count``: the fans counted with one choice of set fans, into
    ``out``; 0 when this choice is void."""
    cdef uint64_t excluded[2]
    cdef int present_pos[MAXROWS + 16]
    cdef int present_src[MAXROWS + 16]
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
    out.void = 0
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
                    if e.nm < MAXEV:
                        e.m[e.nm] = out.e[i].m[j]
                        e.nm += 1
        for i in range(nmerged):
            out.e[i] = merged[i]
        out.ne = nmerged
    # nothing counted but bonus fans: the fallback, or void
    k = 1
    for i in range(out.ne):
        if not bit_test(p.bonus, out.e[i].pos):
            k = 0
    if out.ne == 0 or k:
        if fd.nchow_sets or fd.npung_sets:
            out.void = 1
            return 0
        add_entry(out, p.fallback, 1, left, 0)
    # by position: one entry per fan
    for i in range(1, out.ne):
        merged[0] = out.e[i]
        j = i - 1
        while j >= 0 and out.e[j].pos > merged[0].pos:
            out.e[j + 1] = out.e[j]
            j -= 1
        out.e[j + 1] = merged[0]
    make_key(p, out)
    return 1


cdef void copy_count(Count* dst, const Count* src) noexcept nogil:
    """``*dst = *src`` for the parts in use (a Count has room for far more
    entries and key items than a reading counts)."""
    dst.void = src.void
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
            if c.nkey < MAXKEY:
                c.kpoints[c.nkey] = p.points[c.e[i].pos]
                c.krows[c.nkey] = c.e[i].pos
                c.nkey += 1
    sort_ints(c.kpoints, c.nkey, True)
    # entries are by position, so krows is already ascending


cdef int key_cmp(const Count* a, const Count* b) noexcept nogil:
    """Compare two keys (-1, 0, 1); a void count is below every other."""
    cdef int i, n
    if a.void or b.void:
        return (0 if b.void else -1) if a.void else 1
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
    """``engine.best_count``: the best way to count one reading."""
    cdef Found fd
    cdef Count cur
    cdef const SetHit* cbuf[32]
    cdef const SetHit* pbuf[32]
    cdef int cstart[32]
    cdef int clen[32]
    cdef int pstart[32]
    cdef int plen[32]
    cdef int nca, npa, i, j
    find(lay, p, f, rd, &fd)
    best.void = 1
    if not (fd.nchow_sets or fd.npung_sets):
        count(p, &fd, cbuf, 0, pbuf, 0, best)
        return
    nca = alternatives(fd.chow_sets, fd.nchow_sets, rd.nchows, cbuf, cstart, clen)
    npa = alternatives(fd.pung_sets, fd.npung_sets, rd.npungs, pbuf, pstart, plen)
    for i in range(nca):
        for j in range(npa):
            if not count(p, &fd, &cbuf[cstart[i]], clen[i], &pbuf[pstart[j]], plen[j], &cur):
                continue
            if best.void or key_cmp(&cur, best) > 0:
                copy_count(best, &cur)


# ---------------------------------------------------------------- the hand

cdef object _ZERO = 0


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
    cdef PyObject* v
    if type(obj) is s.cls and s.off[i] >= 0:
        v = umj_slot(obj, s.off[i])
        if v != NULL:
            return <object>v
    return getattr(obj, s.names[i])


cdef inline bint slot_is(_Slots s, obj, int i, value):
    """``slot(s, obj, i) is value``, without a new reference for the slot."""
    cdef PyObject* v
    if type(obj) is s.cls and s.off[i] >= 0:
        v = umj_slot(obj, s.off[i])
        if v != NULL:
            return v == <PyObject*>value
    return getattr(obj, s.names[i]) is value


cdef _Slots _HAND = _Slots(Hand, ("counts", "melds", "win", "tileset"))
cdef _Slots _MELD = _Slots(Meld, ("kind", "tile", "exposed"))
cdef _Slots _TILE = _Slots(Tile, ("code",))
cdef _Slots _CONTEXT = _Slots(WinContext, _FOREIGN_FIELDS)


cdef int read_hand(const Layout* lay, hand, ctx, Facts* f) except -1:
    """The hand and context as C data, every code and count checked."""
    cdef int c, i, n, kind, k2
    cdef uint64_t held = 0, rest
    memset(f, 0, <size_t>(<char*>f.family_pos - <char*>f))
    cdef tuple counts = slot(_HAND, hand, 0)
    cdef tuple melds = slot(_HAND, hand, 1)
    cdef PyObject* item
    cdef PyObject* zero = <PyObject*>_ZERO
    if PyTuple_GET_SIZE(counts) != SIZE:
        raise ValueError("hand counts of the wrong length")
    for c in range(SIZE):
        item = PyTuple_GET_ITEM(counts, c)
        if item == zero:  # most kinds are absent: skip the conversion
            continue
        n = <object>item
        if n < 0 or n > 4 or (n and not lay.valid[c]):
            raise ValueError("bad hand counts")
        f.hcounts[c] = n
        f.counts[c] = n
        held |= (<uint64_t>1) << c
    if len(melds) > 4:
        raise ValueError("too many melds")
    f.ndeclared = len(melds)
    for i in range(f.ndeclared):
        m = melds[i]
        k = slot(_MELD, m, 0)
        kind = K_CHOW if k is CHOW else K_PUNG if k is PUNG else K_KONG
        c = slot(_TILE, slot(_MELD, m, 1), 0)
        if c < 0 or c >= SIZE or not lay.valid[c] or (kind == K_CHOW and (not lay.rank[c] or lay.rank[c] > 7)):
            raise ValueError("bad meld")
        f.dkind[i] = kind
        f.dcode[i] = c
        f.dexposed[i] = 1 if slot(_MELD, m, 2) else 0
        if kind == K_CHOW:
            for k2 in range(3):
                f.counts[c + k2] += 1
                held |= (<uint64_t>1) << (c + k2)
        else:
            f.counts[c] += 4 if kind == K_KONG else 3
            held |= (<uint64_t>1) << c
        if f.dexposed[i]:
            f.exposed_melds += 1
            if kind == K_KONG:
                f.exposed_kongs += 1
        elif kind == K_KONG:
            f.concealed_kongs += 1
        if kind == K_KONG:
            f.kong_codes |= (<uint64_t>1) << c
    f.kongs = f.exposed_kongs + f.concealed_kongs
    c = slot(_TILE, slot(_HAND, hand, 2), 0)
    if c < 0 or c >= SIZE or not f.hcounts[c]:
        raise ValueError("bad winning tile")
    f.win = c
    f.held = held
    rest = held
    while rest:  # in code order: the fours are listed in that order
        c = lowest_bit(rest)
        rest &= rest - 1
        n = f.counts[c]
        if n > 4:
            raise ValueError("too many copies")
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
    for i in range(NFLAGS):
        f.flag[i] = 1 if slot_is(_CONTEXT, ctx, i, True) else 0 if slot_is(_CONTEXT, ctx, i, False) else 1 if slot(_CONTEXT, ctx, i) else 0
    f.seat_wind = ord(slot(_CONTEXT, ctx, 8))
    f.prevalent_wind = ord(slot(_CONTEXT, ctx, 9))
    f.flowers = slot(_CONTEXT, ctx, 10)
    f.flagged = (f.flag[FL_LAST_TILE] or f.flag[FL_KONG_REPLACEMENT] or f.flag[FL_ROBBING_KONG]
                 or f.flag[FL_HEAVENLY_HAND] or f.flag[FL_EARTHLY_HAND] or f.flag[FL_HEAVENLY_UNO])
    f.unique_wait = -1
    return 0


cdef int context_consistent(const Plan* p, const Facts* f) noexcept nogil:
    """True when neither ``RuleSet.check_context`` nor ``WinContext.check``
    would object (they run, and raise, only when this says no)."""
    cdef int i, v, first_turn, held, concealed
    for i in range(11):
        if not p.has_foreign[i]:
            continue
        if i < NFLAGS:
            v = f.flag[i]
        elif i == 8:
            v = f.seat_wind
        elif i == 9:
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
            better = ch[i].total == ch[best].total and (any_seven or ch[i].tie)
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
        m = plan.meld_cache[slot] = _concealed_meld(plan.tileset, 0 if kind == K_PUNG else 1, code)
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
    elif d.shape == SH_ORPHANS:
        singles = tuple([tiles[c] for c in range(SIZE) if f.hcounts[c] and c != d.pair])
    elif d.shape == SH_KNITTED:
        knitted = tuple([tiles[c] for c in range(SIZE) if f.hcounts[c] and lay.rank[c]])
        singles = tuple([tiles[c] for c in range(SIZE) if f.hcounts[c] and not lay.rank[c]])
    elif d.shape == SH_STRAIGHT:
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
        r = plan.role_cache[slot] = _role(plan.role_members[kind], idx if idx >= 0 else None)
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
        from unomahjong.scoring import FanEntry

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


# ---------------------------------------------------------------- entry point

from unomahjong.rules import RULE_SETS, RuleSet

cdef dict _RULE_SETS = dict(RULE_SETS)
cdef object _DEFAULT_CONTEXT = WinContext()


# The plan of the rule set named last, as one (name, plan) tuple.
cdef tuple _last_named = (None, None)


cdef object covered_plan(rules):
    """The plan of a rule set or of its name, or None when the core does not
    cover it or ``rules`` is neither (the Python engine then runs)."""
    global _last_named
    cdef tuple last = _last_named
    if last[0] is rules:
        return last[1]
    if type(rules) is str:
        name = rules
        rules = _RULE_SETS.get(name)
        if rules is None:
            return None
        plan = plan_for(rules)
        plan = None if plan is _NOT_COVERED else plan
        _last_named = (name, plan)
        return plan
    elif not isinstance(rules, RuleSet):
        return None
    plan = plan_for(rules)
    return None if plan is _NOT_COVERED else plan


def score_public(hand, context, rules, score_type):
    """``scoring.score`` for plain arguments: a rule set or its name, a
    :class:`Hand` with its winning tile, a :class:`WinContext` or None. Any
    other argument gives None, and the Python function checks it and raises
    the library's error."""
    return public_score(hand, context, rules, score_type)


cdef object public_score(hand, context, rules, score_type):
    plan = covered_plan(rules)
    if plan is None or type(hand) is not Hand:
        return None
    if context is None:
        context = _DEFAULT_CONTEXT
    elif type(context) is not WinContext:
        return None
    if not slot_is(_HAND, hand, 3, (<CompiledPlan>plan).tileset) or slot_is(_HAND, hand, 2, None):
        return None
    return score_plan(<CompiledPlan>plan, hand, context, score_type)


def score_text(text, rules, self_drawn, last_copy, last_tile, kong_replacement, robbing_kong,
               heavenly_hand, earthly_hand, heavenly_uno, seat_wind, prevalent_wind, flowers,
               score_type):
    """``scoring.score_hand`` for plain arguments: the text of a complete
    hand, a rule set or its name and the context's values of their plain
    types. Anything else gives None, and the Python function runs (and
    raises the library's error where there is one)."""
    return text_score(text, rules, self_drawn, last_copy, last_tile, kong_replacement,
                      robbing_kong, heavenly_hand, earthly_hand, heavenly_uno, seat_wind,
                      prevalent_wind, flowers, score_type)


cdef object text_score(text, rules, self_drawn, last_copy, last_tile, kong_replacement,
                       robbing_kong, heavenly_hand, earthly_hand, heavenly_uno, seat_wind,
                       prevalent_wind, flowers, score_type):
    if type(text) is not str:
        return None
    plan = covered_plan(rules)
    if plan is None:
        return None
    ctx = context_of(self_drawn, last_copy, last_tile, kong_replacement, robbing_kong,
                     heavenly_hand, earthly_hand, heavenly_uno, seat_wind, prevalent_wind,
                     flowers)
    if ctx is None:
        return None
    hand = parse_hand_fast(text, (<CompiledPlan>plan).tileset)
    if type(hand) is not Hand or slot_is(_HAND, hand, 2, None):
        return None
    return score_plan(<CompiledPlan>plan, hand, ctx, score_type)


# ------------------------------------------------------------ entry points
#
# ``scoring.score`` and ``scoring.score_hand`` are Python functions: the
# reference. A call to one costs a Python frame and, for score_hand's twelve
# keywords, their binding, which is as much as scoring the hand. The package
# therefore publishes these two entry points in their place when the core is
# active (``_engine.entry_points``): the same parameters and defaults (a test
# compares them), the core's answer where it covers the call, and otherwise
# the reference itself, which checks and raises. Each checks that the core is
# still the active engine (``_engine.python_engine()`` switches it off).

cdef object _reference_score = None
cdef object _reference_score_hand = None
cdef object _score_type = None
cdef dict _active = {}
cdef object _this_module = None
cdef Py_ssize_t _max_hand_length = 0


def entry_points(reference_score, reference_score_hand, score_type, dict active,
                 Py_ssize_t max_hand_length):
    """The compiled ``(score, score_hand)``, falling back to the given
    reference functions; ``active`` is ``_engine.active``."""
    global _reference_score, _reference_score_hand, _score_type, _active, _this_module
    global _max_hand_length
    import functools
    import sys

    _reference_score = reference_score
    _reference_score_hand = reference_score_hand
    _score_type = score_type
    _active = active
    _this_module = sys.modules[__name__]
    _max_hand_length = max_hand_length
    return (functools.update_wrapper(score, reference_score),
            functools.update_wrapper(score_hand, reference_score_hand))


def score(hand, context=None, rules="uno", *, enforce_minimum=False):
    if enforce_minimum is False and _active.get("scoring") is _this_module:
        result = public_score(hand, context, rules, _score_type)
        if result is not None:
            return result
    return _reference_score(hand, context, rules, enforce_minimum=enforce_minimum)


def score_hand(text, *, rules="uno", self_drawn=False, last_copy=False, last_tile=False,
                     kong_replacement=False, robbing_kong=False, heavenly_hand=False,
                     earthly_hand=False, heavenly_uno=False, seat_wind="E", prevalent_wind="E",
                     flowers=0):
    if (type(text) is str and len(<str>text) <= _max_hand_length
            and _active.get("scoring") is _this_module):
        result = text_score(text, rules, self_drawn, last_copy, last_tile, kong_replacement,
                            robbing_kong, heavenly_hand, earthly_hand, heavenly_uno, seat_wind,
                            prevalent_wind, flowers, _score_type)
        if result is not None:
            return result
    return _reference_score_hand(
        text, rules=rules, self_drawn=self_drawn, last_copy=last_copy, last_tile=last_tile,
        kong_replacement=kong_replacement, robbing_kong=robbing_kong,
        heavenly_hand=heavenly_hand, earthly_hand=earthly_hand, heavenly_uno=heavenly_uno,
        seat_wind=seat_wind, prevalent_wind=prevalent_wind, flowers=flowers)


def score_checked(hand, context, rules, score_type):
    """Score a validated complete hand under a rule set: a ``score_type``
    (:class:`~unomahjong.scoring.Score`) value, or None when the core does
    not cover the rule set (the Python engine then runs).

    The caller has checked the argument types, the tile set and the winning
    tile. The context's consistency is checked here; when it fails, the
    Python checks run and raise, so errors are the same in both engines."""
    plan_obj = plan_for(rules)
    if plan_obj is _NOT_COVERED:
        return None
    return score_plan(<CompiledPlan>plan_obj, hand, context, score_type)


cdef object score_plan(CompiledPlan plan, hand, context, score_type):
    """The score of a complete hand of the plan's tile set."""
    cdef const Layout* lay = plan.lay
    cdef const Plan* p = &plan.plan
    cdef Facts base
    cdef Facts* cand = &base
    cdef Facts* heavenly = NULL
    cdef int ncand = 1
    cdef int c, j, r, k, nread = 0, bestrole, chosen
    cdef int ndecs[14]
    cdef Dec dec_buf[SMALL]
    cdef Count count_buf[SMALL]
    cdef Choice choice_buf[SMALL]
    cdef Dec* decs = dec_buf
    cdef Count* counts = count_buf
    cdef Choice* choices = choice_buf
    cdef Count cur
    cdef Reading rd
    cdef const Dec* d
    read_hand(lay, hand, context, &base)
    base.shapes = p.shapes
    if not context_consistent(p, &base):
        plan.rules.check_context(context)
        context.check(hand)
    try:
        if base.flag[FL_HEAVENLY_HAND]:
            # 天和: any of the dealer's 14 tiles may be taken as the winning tile.
            heavenly = <Facts*>malloc(14 * sizeof(Facts))
            if heavenly == NULL:
                raise MemoryError()
            ncand = 0
            for c in range(SIZE):
                if base.hcounts[c]:
                    memcpy(&heavenly[ncand], &base, sizeof(Facts))
                    heavenly[ncand].win = c
                    ncand += 1
            cand = heavenly
            decs = <Dec*>malloc(MAXDEC * ncand * sizeof(Dec))
            if decs == NULL:
                raise MemoryError()
        for k in range(ncand):
            ndecs[k] = decompose(lay, &cand[k], &decs[MAXDEC * k], MAXDEC if ncand > 1 else SMALL)
            if ndecs[k] < 0:
                if ncand > 1:
                    return None  # more readings than the core holds: the Python engine runs
                # many readings: room for them all, and decompose again
                decs = <Dec*>malloc(MAXDEC * sizeof(Dec))
                if decs == NULL:
                    raise MemoryError()
                ndecs[k] = decompose(lay, &cand[k], decs, MAXDEC)
                if ndecs[k] < 0:
                    return None
            nread += ndecs[k]
        if nread == 0:
            raise NotWinningError("not-winning", f"{hand} is not a winning hand")
        if nread > SMALL:
            counts = <Count*>malloc(nread * sizeof(Count))
            choices = <Choice*>malloc(nread * sizeof(Choice))
            if counts == NULL or choices == NULL:
                raise MemoryError()
        # the best role of each reading (就高不就低), in decomposition order
        nread = 0
        for k in range(ncand):
            for j in range(ndecs[k]):
                d = &decs[MAXDEC * k + j]
                bestrole = -1
                for r in range(d.nroles):
                    make_reading(lay, &cand[k], d, r, &rd)
                    best_count(lay, p, &cand[k], &rd, &cur)
                    if bestrole < 0 or key_cmp(&cur, &counts[nread]) > 0:
                        copy_count(&counts[nread], &cur)
                        bestrole = r
                if bestrole < 0:
                    continue
                fill_choice(p, &cand[k], d, &counts[nread], MAXDEC * k + j, k, bestrole,
                            &choices[nread])
                nread += 1
        chosen = select(p, choices, counts, nread) if nread else -1
        if chosen < 0:
            raise NotWinningError("not-winning", f"{hand} is not a winning hand")
        k = choices[chosen].cand
        win_hand = hand
        if ncand > 1:
            t = plan.tiles[cand[k].win]
            rest = list(hand.concealed_with_win)
            rest.remove(t)
            win_hand = Hand(plan.tileset, rest, hand.melds, t)
        decomposition = decomposition_object(plan, win_hand, &decs[choices[chosen].dec], &cand[k])
        fans = fans_object(plan, &counts[chosen], slot(_DECOMP, decomposition, 0),
                           &decs[choices[chosen].dec], cand[k].ndeclared)
        if fans is None:
            from unomahjong.scoring import fan_entries

            fans = fan_entries(plan.table, entries_object(&counts[chosen]),
                               slot(_DECOMP, decomposition, 0))
        result = build7(
            score_builder(score_type),
            counts[chosen].total,
            decomposition,
            role_object(plan, decs[choices[chosen].dec].rkind[choices[chosen].role],
                        decs[choices[chosen].dec].ridx[choices[chosen].role]),
            win_hand,
            context,
            plan.name,
            fans,
        )
        return result
    finally:
        if decs != dec_buf:
            free(decs)
        if counts != count_buf:
            free(counts)
        if choices != choice_buf:
            free(choices)
        free(heavenly)


cdef void fill_choice(const Plan* p, const Facts* f, const Dec* d, const Count* c, int dec,
                      int cand, int role, Choice* ch) noexcept nogil:
    cdef int i
    ch.cand = cand
    ch.dec = dec
    ch.role = role
    ch.total = c.total
    ch.shape = d.shape
    ch.tie = 0
    for i in range(c.ne):
        if bit_test(p.tie_preferred, c.e[i].pos):
            ch.tie = 1
    ch.nmkey = 0
    for i in range(f.ndeclared, d.nm):
        ch.mkey[ch.nmkey] = d.code[i] * 2 + (1 if d.kind[i] == K_CHOW else 0)
        ch.nmkey += 1



# Win contexts interned by their values: a context is immutable, and most
# scores use one of a few. Keyed by the values packed into one int, for
# values of their plain types only (others are left to WinContext itself,
# which normalises or refuses them).
cdef dict _contexts = {}
cdef int _MAX_CONTEXTS = 4096


cdef object context_of(self_drawn, last_copy, last_tile, kong_replacement, robbing_kong,
                       heavenly_hand, earthly_hand, heavenly_uno, seat_wind, prevalent_wind,
                       flowers):
    cdef long key = 0
    cdef int i
    flags = (self_drawn, last_copy, last_tile, kong_replacement, robbing_kong,
             heavenly_hand, earthly_hand, heavenly_uno)
    for i in range(8):
        v = flags[i]
        if v is True:
            key |= 1 << i
        elif v is not False:
            return None
    if type(seat_wind) is not str or type(prevalent_wind) is not str or type(flowers) is not int:
        return None
    w1 = _WINDS.get(seat_wind)
    w2 = _WINDS.get(prevalent_wind)
    if w1 is None or w2 is None or not 0 <= flowers <= 8:
        return None
    key |= (<long>w1 << 8) | (<long>w2 << 10) | (<long>flowers << 12)
    ctx = _contexts.get(key)
    if ctx is None:
        ctx = WinContext(
            self_drawn=self_drawn, last_copy=last_copy, last_tile=last_tile,
            kong_replacement=kong_replacement, robbing_kong=robbing_kong,
            heavenly_hand=heavenly_hand, earthly_hand=earthly_hand, heavenly_uno=heavenly_uno,
            seat_wind=seat_wind, prevalent_wind=prevalent_wind, flowers=flowers,
        )
        if len(_contexts) >= _MAX_CONTEXTS:
            _contexts.clear()
        _contexts[key] = ctx
    return ctx
