# cython: language_level=3
# C-level entry points of the analysis core, for the other core modules.

cdef int waits_only_on(const int* counts, int melds, int rules, int code) noexcept nogil
# 1 when every kind completing the 13-tile concealed ``counts`` (64 per-code
# counts, ``melds`` declared melds, rules 0 UNO / 1 MCR) is ``code``, no wait
# at all included; 0 when another kind completes it; -100 for bad input.
# The same answer as shanten.won_on_single_wait on the hand less its winning
# tile.
