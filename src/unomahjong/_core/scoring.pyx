# cython: language_level=3
"""The compiled scoring core: rule sets of the built-in tile sets (UNO, MCR).

It runs the Python engine's algorithm (``decompose``, ``scoring/counting`` and
``scoring``) step for step on C arrays, in the same order and with the same
tie-breaks, so that both engines choose the same reading, role and fans;
docs/architecture.md ("The path of one hand") names the steps and the
function of each engine that takes it.

A rule set is covered when its tile set is built in, its shapes are any set
of that tile set's shapes, and every row of its fan table has a detector of
the vocabulary (``rules/detectors.py``): each row is compiled from its
detector's fields, its points, exclusions and absorbs, whatever its id.
Anything else returns None and the Python engine runs.

Input comes from validated :class:`~unomahjong.model.hand.Hand` values; every
code and count is still checked against the layout before an array is
indexed. Everything a call works on lives in its own stack frame. Between
calls the core keeps only what a later call may reuse unchanged: the
interned plans, contexts, roles and fan entries (bounded dictionaries), the
single-entry caches of the last rule set and builder, and the fixed-size
table of block arrangements (``clear_tables``).
"""

from cpython.long cimport PyLong_AsLongAndOverflow, PyLong_CheckExact
from cpython.unicode cimport PyUnicode_Check, PyUnicode_GET_LENGTH, PyUnicode_READ_CHAR
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

from unomahjong.model.context import WinContext
from unomahjong.analysis.readings import Decomposition, Role, concealed_meld, interned_role
from unomahjong.errors import NotWinningError
from unomahjong.rules.detectors import (
    ConcealedPattern, ConcealedPungs, Context, EachPung, EveryGroup, Flowers, FourCopies, Holds,
    HonourPungs, KnittedSet, Kongs, KongsExactly, LastCopy, MeldPair, MeldSet, ShapeIs, Wait,
)
from unomahjong.rules.fans import DetectorKind
from unomahjong.model.hand import CHOW, KONG, PUNG, Hand, Meld
from unomahjong.model.shapes import MCR_SHAPES, UNO_SHAPES, Shape
from unomahjong.model.tiles import MCR_TILES, UNO_TILES, Tile, TileSet

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
    MAXSETS = 48       # set fans found in one reading
    MAXPAIRFANS = 6    # pair rows of one kind (chows or pungs) a plan holds
    MAXPERMELD = 2     # per-meld rows a plan holds
    MAXKNIT = 24       # knitted sets: ordered triples of distinct suits (UNO: 4 * 3 * 2)

# The numbering shared with the Python modules (shapes, gates, context
# facts), generated from them: _core/numbering.py.
include "_numbering.pxi"

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

# The simple primitives of the detector vocabulary (rules/detectors.py), by
# the class a row was compiled from (_scoring_plans.pxi, ``compile_row``).
cdef enum:
    S_HOLDS = 1
    S_SHAPE
    S_EVERY_GROUP
    S_HONOUR_PUNGS
    S_KONGS
    S_KONGS_EXACTLY
    S_CONCEALED_PUNGS
    S_WAIT
    S_KNITTED_SET
    S_CONCEALED_PATTERN
    S_CONTEXT
    S_LAST_COPY
    S_FOUR_COPIES
    S_FLOWERS

# HonourPungs: its mode and the winner's wind it may test.
cdef enum:
    HP_AT_LEAST = 0
    HP_EXACT = 1
    HP_LITTLE = 2

cdef enum:
    WIND_NONE = 0
    WIND_SEAT = 1
    WIND_PREVALENT = 2

# Holds: its honours rule.
cdef enum:
    HO_ANY = 0
    HO_NONE = 1
    HO_SOME = 2
    HO_ONLY = 3

# Kongs: which kongs count.
cdef enum:
    KG_ANY = 0
    KG_EXPOSED = 1
    KG_CONCEALED = 2

cdef enum:
    F_FUNCTION = 0
    F_WIND = 1
    F_DRAGON = 2

# MeldSet and MeldPair: the suits rule, the ranks rule and the pair rule.
cdef enum:
    SU_ONE = 0
    SU_DISTINCT = 1
    SU_ANY = 2
    SU_TWO = 3

cdef enum:
    RK_SAME = 0
    RK_STEPS1 = 1
    RK_STEPS12 = 2
    RK_147 = 3
    RK_DOUBLE_PAIRS = 4
    RK_TERMINALS = 5

cdef enum:
    PR_NONE = 0
    PR_FIVE_SAME_SUIT = 1
    PR_FIVE_OTHER_SUIT = 2


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
    # Small fields, the ones every row has first: a plan's rows are read in
    # every reading, and a row that fits in a cache line keeps them there.
    signed char kind          # DK_
    signed char code          # simple rows: S_; set and pair rows: the suits rule
    signed char per_hand      # depends on the hand and the shape family only
    signed char gate
    # The primitive's fields, compiled (_scoring_plans.pxi, ``compile_row``);
    # each primitive reads its own.
    signed char size          # MeldSet: 3 or 4
    signed char ranks_rule    # MeldSet: RK_
    signed char pair_rule     # MeldSet: PR_
    signed char gap           # MeldPair
    signed char n             # a count: pungs, kongs, exposed kongs, exposed melds (-1: any)
    signed char m             # KongsExactly: concealed kongs
    signed char mode          # HonourPungs: HP_; Kongs: KG_; Wait: W_; ShapeIs: SH_
    signed char honours       # Holds: HO_; EveryGroup, EachPung: an honour passes
    signed char suits         # Holds: exact counts (-1: no rule)
    signed char colours
    signed char honour_kinds
    signed char consecutive
    signed char has_tiles     # Holds: every tile held one of ``tiles``
    signed char meld          # EveryGroup: K_CHOW, K_PUNG, or -1
    signed char number_pair   # EveryGroup
    signed char wind          # HonourPungs: WIND_
    signed char family        # HonourPungs: F_ (-1: any, -2: none held)
    signed char colour        # HonourPungs: suit (-1: any, -2: none held)
    short shapes              # Holds, EveryGroup: bit SH_ set for each shape it may hold in
    short ranks               # rank bits: every rank in these (0: no rule)
    short any_rank            # Holds: rank bits, some rank in these (0: no rule)
    short families            # Holds: family bits (-1: no rule)
    short set_flags           # Context: flag bits wanted True, and False
    short clear_flags
    int symbol                # HonourPungs: the symbol's character (-1: any)
    signed char pattern[9]    # ConcealedPattern: counts of ranks 1-9 before the win
    uint64_t tiles


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
    int keep_seven                # rules.tie_keeps_seven_pairs
    int shapes                    # the rule set's shapes (ShapeSpec.mask)
    int foreign_default[NFACTS]   # context facts the rule set does not know:
    int has_foreign[NFACTS]       # their defaults (by the core's numbering)


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
    int flag_bits             # bit i: flag i set (Context rows test them at once)
    int seat_wind
    int prevalent_wind
    int flowers
    int flagged
    int overflow              # a buffer of the core ran full: the Python engine scores
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
    int knit                  # the knitted set's pattern (lay.knit_codes), -1: none
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
    int f[MAXPAIRFANS]


cdef struct Found:
    int nsimple
    int spos[MAXROWS]
    int scount[MAXROWS]
    int sev_n[MAXROWS]
    int sev[MAXROWS][4]
    int nchow_sets
    SetHit chow_sets[MAXSETS]
    int npung_sets
    SetHit pung_sets[MAXSETS]
    int nchow_pairs
    PairHit chow_pairs[6]
    int npung_pairs
    PairHit pung_pairs[6]
    int nper_meld
    int pm_pos[MAXPERMELD]
    int pm_n[MAXPERMELD]
    int pm[MAXPERMELD][4]


cdef struct Entry:
    int pos
    int n
    int nm
    int m[MAXEV]


cdef struct Count:
    int fallback              # nothing but bonus fans counted: the fallback added
    int overflow              # an entry or key item did not fit
    int total
    int ne
    Entry e[MAXENT]
    int nkey
    int kpoints[MAXKEY]
    int krows[MAXKEY]


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


# The rest of the module, in five files of one subject each (textual
# includes: one extension module, one C namespace, so calls between the
# parts stay direct C calls).
include "_scoring_plans.pxi"
include "_scoring_readings.pxi"
include "_scoring_fans.pxi"
include "_scoring_hand.pxi"
include "_scoring_entry.pxi"
