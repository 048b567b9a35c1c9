# cython: language_level=3
# C-level entry points of the notation core, for the other core modules.

cdef object parse_hand_fast(object text, object rules)
# notation.parse_hand(text, rules): the Hand, or the Python parser's value or
# NotationError for anything the compiled parser does not accept.
