# cython: language_level=3
"""The compiled notation parser for the built-in tile sets.

It accepts only text it can prove valid, and builds from it the values the
Python parser (:mod:`unomahjong.model.notation`, the reference) builds. On any
doubt (an error of any kind, a character outside ASCII, a tile set without a
built-in notation, a value it has no room for) it hands the same arguments
to the Python parser, which returns the value or raises the precise
:class:`~unomahjong.errors.NotationError`: error codes, positions, hints and
messages are the Python parser's own in both modes.

The character tables are derived at import from the Python parser's
dialects and the tile sets, so the two parsers read the same notation.
Every index into a C array is a table value bounded when the table was
built, or a count checked against the array's size before it is used.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.object cimport PyObject, PyObject_GenericSetAttr
from cpython.ref cimport Py_INCREF, Py_XINCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memset

from unomahjong._core.bits cimport lowest_bit
from unomahjong._core.objects cimport umj_alloc, umj_fill, umj_offset

import attrs

from unomahjong.model.notation import DIALECTS, SEPARATORS
from unomahjong.errors import NotationError
from unomahjong.model.hand import HAND_SIZE, MAX_SEAT_OFFSET, Hand, Meld, MeldKind
from unomahjong.model.tiles import TileSet

API = 1
"""The core's interface version (see :mod:`unomahjong._engine`)."""

cdef enum:
    ASCII = 128  # characters the tables describe: any other is deferred
    CODES = 64  # room for tile codes (both built-in sets have 64)
    RANKS = 16  # room for rank letters of a dialect
    SUFFIXES = 8  # room for suit letters of a dialect
    HELD = 13  # room for a hand's concealed tiles
    MELDS = 4  # room for a hand's melds (13 tiles, 3 a meld)
    SOURCES = 8  # seat offsets 1..7, and 0 for none
    KINDS = 3  # meld kinds, numbered in canonical order (PUNG, KONG, CHOW)
    SMALL = 64  # tiles parse_tiles reads without allocating
    COPIES = 8  # room for copies of a tile kind

# What a character is, as _Scanner reads it.
cdef enum:
    C_OTHER = 0  # not accepted here (an error or another notation): defer
    C_SPACE
    C_RANK  # value: the rank's index in the dialect
    C_SUFFIX  # value: the suit letter's index in the dialect
    C_FREE  # value: the tile's code (MCR's winds and dragons)
    C_OPEN
    C_CLOSE
    C_PLUS
    C_AT

# Meld kinds in the order Meld.sort_key puts melds of one tile in.
cdef enum:
    K_PUNG = 0
    K_KONG = 1
    K_CHOW = 2

cdef extern from "Python.h":
    # PyTuple_SET_ITEM for an item the caller holds a new reference to as a
    # pointer (the count tuples are filled from a table of small ints).
    void _tuple_set_ptr "PyTuple_SET_ITEM" (object tup, Py_ssize_t pos, PyObject* item)


cdef extern from "Python.h":
    void PyObject_GC_UnTrack(object o)


cdef extern from *:
    """
    /* n new references to an object at once (Py_INCREF n times). */
    static void umj_add_refs(PyObject* o, Py_ssize_t n) {
        for (; n > 0; n--) Py_INCREF(o);
    }
    """
    void _add_refs "umj_add_refs" (PyObject* o, Py_ssize_t n)

_KIND_OBJECTS = (MeldKind.PUNG, MeldKind.KONG, MeldKind.CHOW)
_new_meld = Meld._trusted
_object_new = object.__new__

cdef int _hand_size = HAND_SIZE if 0 < HAND_SIZE <= HELD else -1
cdef Py_UCS4 _max_seat = <Py_UCS4>(ord("0") + max(0, min(MAX_SEAT_OFFSET, SOURCES - 1, 9)))

cdef struct MeldSpec:
    int key  # canonical order, and the index of the interned Meld
    int code  # the meld's first tile
    int kind
    int concealed
    int source  # 0 when none is written


cdef inline int _meld_key(int concealed, int code, int kind, int source) noexcept:
    # Exposed before concealed, then by first tile, kind and seat: the order
    # of Hand's melds (Meld.sort_key). Bounded by 2 * CODES * KINDS * SOURCES.
    return ((concealed * CODES + code) * KINDS + kind) * SOURCES + source


cdef class _Dialect:
    """One notation's character tables, tiles and interned melds."""

    cdef readonly object tileset
    cdef int size
    cdef int copies
    cdef bint usable
    cdef unsigned char kind[ASCII]
    cdef unsigned char value[ASCII]
    cdef int pair_code[RANKS][SUFFIXES]  # rank and suit letters -> code, or -1
    cdef signed char suit[CODES]  # the suit of a code, -1 for an honour or none
    cdef list tiles  # code -> Tile (None where no tile)
    cdef tuple small  # the ints 0..copies, what a count can be
    cdef PyObject* count_objects[COPIES + 1]  # small's items, borrowed
    cdef list melds  # meld key -> interned Meld, built on first use

    def __init__(self, dialect):
        cdef int i, r, s, c
        ts = dialect.tileset
        ranks = dialect.suited_ranks + dialect.honour_ranks
        suffixes = dialect.suffixes
        self.tileset = ts
        self.size = ts.size
        self.copies = ts.copies
        self.usable = (
            0 < self.size <= CODES
            and 0 < self.copies <= COPIES
            and len(ranks) <= RANKS
            and len(suffixes) <= SUFFIXES
        )
        memset(self.kind, C_OTHER, sizeof(self.kind))
        memset(self.value, 0, sizeof(self.value))
        memset(self.suit, -1, sizeof(self.suit))
        for r in range(RANKS):
            for s in range(SUFFIXES):
                self.pair_code[r][s] = -1
        self.tiles = [None] * CODES
        self.small = tuple(range(COPIES + 1))
        for c in range(COPIES + 1):
            self.count_objects[c] = <PyObject*>self.small[c]
        self.melds = [None] * (2 * CODES * KINDS * SOURCES)
        if not self.usable:
            return
        for t in ts.tiles:
            self.tiles[t.code] = t
            if t.rank is not None:
                self.suit[t.code] = t.suit
        # _Scanner.tiles tests whitespace and stop characters first, then
        # ranks, suit letters and free honours: filled from the last test to
        # the first, so that an earlier test overrides a later one.
        for ch in dialect.free_honours:
            if ord(ch) < ASCII:
                self.kind[ord(ch)] = C_FREE
                self.value[ord(ch)] = ts[ch].code
        for i, ch in enumerate(suffixes):
            if ord(ch) < ASCII:
                self.kind[ord(ch)] = C_SUFFIX
                self.value[ord(ch)] = i
        for i, ch in enumerate(ranks):
            if ord(ch) < ASCII:
                self.kind[ord(ch)] = C_RANK
                self.value[ord(ch)] = i
            for s, letter in enumerate(suffixes):
                try:
                    self.pair_code[i][s] = ts[ch + letter].code
                except NotationError:
                    pass  # no such tile: the Python parser reports it
        for ch in "[(":
            self.kind[ord(ch)] = C_OPEN
        for ch in "])":
            self.kind[ord(ch)] = C_CLOSE
        self.kind[ord("+")] = C_PLUS
        self.kind[ord("@")] = C_AT
        for ch in SEPARATORS:  # space, tab, newline: no other whitespace
            self.kind[ord(ch)] = C_SPACE

    cdef object meld(self, MeldSpec m):
        cdef object out = self.melds[m.key]
        if out is None:
            # A Meld is immutable and the parser never sets ``claimed``: one
            # object serves every hand that declares this meld.
            out = _new_meld(
                _KIND_OBJECTS[m.kind],
                self.tiles[m.code],
                not m.concealed,
                m.source if m.source else None,
            )
            self.melds[m.key] = out
        return out


cdef dict _by_name = {name: _Dialect(d) for name, d in DIALECTS.items()}
cdef tuple _dialects = tuple(_by_name.values())


# The dialect found last, as one (rules argument, dialect or None) tuple:
# replaced by one assignment, so a thread never sees a mismatched pair.
cdef tuple _last_dialect = (None, None)


cdef _Dialect _dialect_for(object rules):
    """The dialect of ``rules`` if the core can read it, else None."""
    global _last_dialect
    cdef tuple last = _last_dialect
    if last[0] is rules:
        return <_Dialect>last[1]
    cdef _Dialect d
    cdef _Dialect found = None
    ts = rules
    if type(rules) is str:
        d = _by_name.get(rules)
        found = d if d is not None and d.usable else None
    else:
        if not isinstance(rules, TileSet):  # a rule set: its tile set (as the Python parser)
            ts = getattr(rules, "tileset", None)
        for d in _dialects:
            if d.tileset is ts:
                found = d if d.usable else None
                break
    _last_dialect = (rules, found)
    return found


cdef extern from "Python.h":
    ctypedef unsigned char Py_UCS1
    int PyUnicode_IS_ASCII(object text)
    const Py_UCS1* PyUnicode_1BYTE_DATA(object text)


cdef inline const Py_UCS1* _ascii(str text):
    """The characters of an ASCII string, or NULL for any other string (the
    tables describe ASCII only: anything else is the Python parser's)."""
    if not PyUnicode_IS_ASCII(text):
        return NULL
    return PyUnicode_1BYTE_DATA(text)


cdef inline Py_ssize_t _skip_space(_Dialect d, const Py_UCS1* text, Py_ssize_t i, Py_ssize_t n):
    cdef Py_UCS4 ch
    while i < n:
        ch = text[i]
        if ch >= ASCII or d.kind[ch] != C_SPACE:
            break
        i += 1
    return i


cdef Py_ssize_t _group(
    _Dialect d, const Py_UCS1* text, Py_ssize_t i, Py_ssize_t n, int* out, Py_ssize_t cap,
    Py_ssize_t* count
):
    """Read one group of tiles at ``text[i]`` as _Scanner.tiles does: ranks
    closed by a suit letter, and free honours, up to whitespace, a bracket,
    ``+``, ``@`` or the end. Appends the codes to ``out[count[0]:cap]``.
    Returns where the group ends, or -1 when it is not provably valid (or
    holds more tiles than ``cap``)."""
    cdef Py_ssize_t pending = -1  # where the ranks awaiting their suit letter begin
    cdef Py_ssize_t k = count[0]
    cdef Py_ssize_t j
    cdef Py_UCS4 ch
    cdef int cls, code
    while i < n:
        ch = text[i]
        if ch >= ASCII:
            return -1
        cls = d.kind[ch]
        if cls == C_RANK:
            if pending < 0:
                pending = i
        elif cls == C_SUFFIX:
            if pending < 0:
                return -1
            for j in range(pending, i):
                # text[j] was read as a rank above: ASCII, its value < RANKS.
                code = d.pair_code[d.value[text[j]]][d.value[ch]]
                if code < 0 or k >= cap:
                    return -1
                out[k] = code
                k += 1
            pending = -1
        elif cls == C_FREE:
            if pending >= 0 or k >= cap:
                return -1
            out[k] = d.value[ch]
            k += 1
        elif cls == C_OTHER:
            return -1
        else:
            break  # whitespace, a bracket, '+' or '@' ends the group
        i += 1
    if pending >= 0:
        return -1
    count[0] = k
    return i


cdef Py_ssize_t _bracket(_Dialect d, const Py_UCS1* text, Py_ssize_t i, Py_ssize_t n,
                         MeldSpec* out):
    """Read the bracketed meld at ``text[i]`` (``[`` or ``(``) as
    _parse_bracket and _meld_from_tiles do. Returns the index after its
    closing bracket, or -1."""
    cdef int concealed = text[i] == c"("
    cdef Py_UCS4 close = ")" if concealed else "]"
    cdef int body[4]
    cdef Py_ssize_t size = 0
    cdef int source = 0
    cdef int a, b, c, kind
    cdef Py_UCS4 ch
    i = _group(d, text, i + 1, n, body, 4, &size)
    if i < 0 or i >= n:
        return -1
    ch = text[i]
    if ch == "@":
        # One digit 1.._max_seat, then the bracket: "@12", "@01", "@0" and
        # "@8" are errors.
        if concealed or i + 2 >= n:
            return -1
        ch = text[i + 1]
        if ch < "1" or ch > _max_seat:
            return -1
        source = <int>ch - ord("0")
        i += 2
        ch = text[i]
    if ch != close:
        return -1
    if size < 3:
        return -1
    a = body[0]
    b = body[1]
    c = body[2]
    if a == b == c and (size == 3 or body[3] == a):
        kind = K_KONG if size == 4 else K_PUNG
        if concealed and kind != K_KONG:
            return -1
    elif concealed or size != 3:
        return -1
    else:
        # A chow: three suited tiles of one suit with consecutive codes.
        if a > b:
            a, b = b, a
        if b > c:
            b, c = c, b
        if a > b:
            a, b = b, a
        if not (
            d.suit[a] >= 0 and d.suit[b] >= 0 and d.suit[c] >= 0
            and d.suit[a] == d.suit[c] and b == a + 1 and c == a + 2
        ):
            return -1
        kind = K_CHOW
    out.code = a
    out.kind = kind
    out.concealed = concealed
    out.source = source
    out.key = _meld_key(concealed, a, kind, source)
    return i + 1


cdef tuple _count_tuple(_Dialect d, const int* counts, uint64_t touched):
    """``counts[:d.size]`` as a tuple, where only the codes in ``touched``
    may be non-zero; every count was checked to be within 0..d.copies."""
    cdef tuple out = PyTuple_New(d.size)
    cdef PyObject* zero = d.count_objects[0]
    cdef Py_ssize_t j, zeros = d.size
    cdef int v
    for j in range(d.size):
        _tuple_set_ptr(out, j, zero)
    while touched:
        j = lowest_bit(touched)
        touched &= touched - 1
        v = counts[j]
        if v:
            Py_XINCREF(d.count_objects[v])
            _tuple_set_ptr(out, j, d.count_objects[v])
            zeros -= 1
    _add_refs(zero, zeros)  # one reference per item holding 0
    # Ints only: never part of a cycle, so out of the collector's way at
    # once (as the collector itself would untrack it on its first pass).
    PyObject_GC_UnTrack(out)
    return out


_HAND_FIELDS = ("tileset", "concealed", "melds", "win", "counts", "all_counts")
cdef Py_ssize_t _hand_offsets[6]
cdef bint _hand_direct = True
for _i, _name in enumerate(_HAND_FIELDS):
    _descr = Hand.__dict__.get(_name)
    _hand_offsets[_i] = umj_offset(_descr) if _descr is not None else -1
    _hand_direct = _hand_direct and _hand_offsets[_i] >= 0
_hand_direct = _hand_direct and tuple(f.name for f in attrs.fields(Hand)) == _HAND_FIELDS


cdef object _trusted_hand(
    object tileset, tuple concealed, tuple melds, object win, tuple counts, tuple all_counts
):
    # Hand._trusted at C level, under its contract: the slots filled
    # directly (objects.pxd), or through their descriptors, as
    # object.__setattr__ does, if Hand's fields are not the ones expected.
    cdef object hand
    if not _hand_direct:
        hand = _object_new(Hand)
        PyObject_GenericSetAttr(hand, "tileset", tileset)
        PyObject_GenericSetAttr(hand, "concealed", concealed)
        PyObject_GenericSetAttr(hand, "melds", melds)
        PyObject_GenericSetAttr(hand, "win", win)
        PyObject_GenericSetAttr(hand, "counts", counts)
        PyObject_GenericSetAttr(hand, "all_counts", all_counts)
        return hand
    hand = umj_alloc(Hand)
    umj_fill(hand, _hand_offsets[0], tileset)
    umj_fill(hand, _hand_offsets[1], concealed)
    umj_fill(hand, _hand_offsets[2], melds)
    umj_fill(hand, _hand_offsets[3], win)
    umj_fill(hand, _hand_offsets[4], counts)
    umj_fill(hand, _hand_offsets[5], all_counts)
    return hand


cdef object _hand(_Dialect d, str obj):
    """The hand ``text`` denotes, or None when it is not provably valid."""
    cdef const Py_UCS1* text = _ascii(obj)
    cdef Py_ssize_t n = len(obj)
    cdef Py_ssize_t i = 0
    cdef Py_ssize_t held = 0, won = 0
    cdef int codes[HELD]  # the concealed tiles in text order
    cdef int win[1]
    cdef MeldSpec melds[MELDS]
    cdef MeldSpec m
    cdef int nmelds = 0
    cdef int held_counts[CODES]
    cdef int counts[CODES]
    cdef int total[CODES]
    cdef int cls, code, copy
    cdef Py_ssize_t j, k
    cdef Py_UCS4 ch
    cdef uint64_t touched = 0, concealed_mask, rest
    if _hand_size < 0 or text == NULL:
        return None
    while True:
        i = _skip_space(d, text, i, n)
        if i >= n:
            break
        if won:
            return None  # something after the winning tile
        ch = text[i]
        if ch >= ASCII:
            return None
        cls = d.kind[ch]
        if cls == C_OPEN:
            if nmelds >= MELDS:
                return None
            i = _bracket(d, text, i, n, &melds[nmelds])
            if i < 0:
                return None
            nmelds += 1
            if 3 * nmelds + held > _hand_size:
                return None
        elif cls == C_PLUS:
            i = _group(d, text, _skip_space(d, text, i + 1, n), n, win, 1, &won)
            if i < 0 or won != 1:
                return None
        elif cls == C_RANK or cls == C_SUFFIX or cls == C_FREE:
            i = _group(d, text, i, n, codes, _hand_size - 3 * nmelds, &held)
            if i < 0:
                return None
        else:
            return None  # a closing bracket, '@' or a character of no notation
    if held + 3 * nmelds != _hand_size:
        return None

    # ``touched``: every code held, as a mask (CODES is 64); only those can
    # be over the limit or non-zero below.
    memset(held_counts, 0, sizeof(held_counts))
    for j in range(held):
        code = codes[j]
        if not 0 <= code < d.size:
            return None
        held_counts[code] += 1
        touched |= (<uint64_t>1) << code
    concealed_mask = touched
    memcpy(counts, held_counts, sizeof(counts))
    if won:
        if not 0 <= win[0] < d.size:
            return None
        counts[win[0]] += 1
        touched |= (<uint64_t>1) << win[0]
    memcpy(total, counts, sizeof(total))
    for j in range(nmelds):
        code = melds[j].code
        if melds[j].kind == K_CHOW:
            if not (0 <= code and code + 2 < d.size):
                return None
            total[code] += 1
            total[code + 1] += 1
            total[code + 2] += 1
            touched |= (<uint64_t>7) << code
        else:
            if not 0 <= code < d.size:
                return None
            total[code] += 4 if melds[j].kind == K_KONG else 3
            touched |= (<uint64_t>1) << code
    rest = touched
    while rest:
        j = lowest_bit(rest)
        rest &= rest - 1
        if total[j] > d.copies:
            return None

    # Valid: build the values Hand(...) would store, in canonical order.
    cdef tuple concealed = PyTuple_New(held)
    cdef object tile
    k = 0
    rest = concealed_mask
    while rest:
        j = lowest_bit(rest)
        rest &= rest - 1
        tile = d.tiles[j]
        for copy in range(held_counts[j]):
            Py_INCREF(tile)
            PyTuple_SET_ITEM(concealed, k, tile)
            k += 1
    for j in range(1, nmelds):  # insertion sort of at most MELDS
        m = melds[j]
        k = j - 1
        while k >= 0 and melds[k].key > m.key:
            melds[k + 1] = melds[k]
            k -= 1
        melds[k + 1] = m
    cdef tuple meld_objects = PyTuple_New(nmelds)
    cdef object meld
    for j in range(nmelds):
        meld = d.meld(melds[j])
        Py_INCREF(meld)
        PyTuple_SET_ITEM(meld_objects, j, meld)
    cdef tuple count_tuple = _count_tuple(d, counts, touched)
    # Without melds both count fields hold the same values: one immutable tuple.
    cdef tuple total_tuple = _count_tuple(d, total, touched) if nmelds else count_tuple
    return _trusted_hand(
        d.tileset,
        concealed,
        meld_objects,
        d.tiles[win[0]] if won else None,
        count_tuple,
        total_tuple,
    )


cdef object _tiles(_Dialect d, str obj, Py_ssize_t cap):
    """The tiles of a list of loose tiles in text order, at most ``cap``, or
    None when ``text`` is not provably valid."""
    cdef const Py_UCS1* text = _ascii(obj)
    cdef Py_ssize_t n = len(obj)
    cdef Py_ssize_t i = 0, count = 0, j
    cdef int small[SMALL]
    cdef int* codes = small
    cdef Py_UCS4 ch
    cdef int cls, code
    cdef tuple out
    cdef object tile
    if text == NULL:
        return None
    if cap > n:
        cap = n  # every tile takes at least one character
    if cap > SMALL:
        codes = <int*>PyMem_Malloc(cap * sizeof(int))
        if codes == NULL:
            raise MemoryError()
    try:
        while True:
            i = _skip_space(d, text, i, n)
            if i >= n:
                break
            ch = text[i]
            if ch >= ASCII:
                return None
            cls = d.kind[ch]
            if cls != C_RANK and cls != C_SUFFIX and cls != C_FREE:
                return None
            i = _group(d, text, i, n, codes, cap, &count)
            if i < 0:
                return None
        out = PyTuple_New(count)
        for j in range(count):
            code = codes[j]
            if not 0 <= code < d.size:
                return None
            tile = d.tiles[code]
            Py_INCREF(tile)
            PyTuple_SET_ITEM(out, j, tile)
        return out
    finally:
        if codes != small:
            PyMem_Free(codes)


cdef object _meld(_Dialect d, str obj):
    """The meld ``text`` denotes, or None when it is not provably valid."""
    cdef const Py_UCS1* text = _ascii(obj)
    cdef Py_ssize_t n = len(obj)
    cdef Py_ssize_t i
    cdef MeldSpec m
    if text == NULL:
        return None
    i = _skip_space(d, text, 0, n)
    if i >= n or (text[i] != c"[" and text[i] != c"("):
        return None
    i = _bracket(d, text, i, n, &m)
    if i < 0 or _skip_space(d, text, i, n) != n:
        return None
    return d.meld(m)


cdef object parse_hand_fast(object text, object rules):
    cdef _Dialect d = _dialect_for(rules)
    if d is not None and type(text) is str:
        return _hand(d, <str>text)
    return None


def parse_hand(text, rules="uno"):
    """:func:`unomahjong.parse_hand`, compiled for the built-in notations:
    the hand, or None for anything else and every error, which the Python
    parser then reads (and reports)."""
    return parse_hand_fast(text, rules)


def parse_tiles(text, rules="uno"):
    """:func:`unomahjong.parse_tiles`, compiled likewise (None: the Python
    parser's to read)."""
    cdef _Dialect d = _dialect_for(rules)
    if d is not None and type(text) is str:
        tiles = _tiles(d, <str>text, len(<str>text))
        if tiles is not None:
            return tiles
    return None


def parse_tile(text, rules="uno"):
    """:func:`unomahjong.parse_tile`, compiled likewise."""
    cdef _Dialect d = _dialect_for(rules)
    if d is not None and type(text) is str:
        tiles = _tiles(d, <str>text, 1)
        if tiles is not None and len(tiles) == 1:
            return tiles[0]
    return None


def parse_meld(text, rules="uno"):
    """:func:`unomahjong.parse_meld`, compiled likewise."""
    cdef _Dialect d = _dialect_for(rules)
    if d is not None and type(text) is str:
        meld = _meld(d, <str>text)
        if meld is not None:
            return meld
    return None
