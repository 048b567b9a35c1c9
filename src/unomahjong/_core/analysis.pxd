# cython: language_level=3
# C-level entry points of the analysis core, for the other core modules.

cdef int waits_only_on(const int* counts, int melds, int rules, int code) noexcept nogil
# 1 when every kind completing the 13-tile concealed ``counts`` (64 per-code
# counts, ``melds`` declared melds, rules 0 UNO / 1 MCR) is ``code``, no wait
# at all included; 0 when another kind completes it; -100 for bad input.
# The same answer as shanten.won_on_single_wait on the hand less its winning
# tile.

cdef int waits_only_on_shapes(const int* counts, int melds, int rules, int shapes, int code) noexcept nogil
# waits_only_on by the shapes of the mask ``shapes`` (ShapeSpec.mask: bit i
# for the i-th Shape, the standard shape's bit 1 always set); -100 for a mask
# the core does not take.
