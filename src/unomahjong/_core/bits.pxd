# cython: language_level=3
# 64-bit masks of tile codes (both built-in tile sets have 64 code slots),
# shared by the core modules. Plain C loops: no compiler builtins, so that
# every compiler the wheels are built with gives the same code.

from libc.stdint cimport uint64_t


cdef inline int popcount64(uint64_t x) noexcept nogil:
    """The number of set bits."""
    cdef int n = 0
    while x:
        x &= x - 1
        n += 1
    return n


cdef extern from *:
    """
    /* Position of a 64-bit mask's lowest set bit by a de Bruijn sequence:
       the isolated bit times the sequence puts a unique 6-bit pattern on
       top, which a table maps to the position. */
    static const unsigned char umj_debruijn_index[64] = {
        0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
        62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
        63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
        46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6
    };
    static inline int umj_lowest_bit(uint64_t x) {
        return umj_debruijn_index[((x & (0 - x)) * UINT64_C(0x03f79d71b4cb0a89)) >> 58];
    }
    """
    int umj_lowest_bit(uint64_t x) nogil


cdef inline int lowest_bit(uint64_t x) noexcept nogil:
    """The position of the lowest set bit of a non-zero mask."""
    return umj_lowest_bit(x)
