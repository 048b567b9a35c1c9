# Part of scoring.pyx (included there, in this order): the entry points and
# the scoring of one hand.

# ---------------------------------------------------------------- entry point

from unomahjong.rules.rule_sets import RULE_SETS, RuleSet

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
        plan = plan if type(plan) is CompiledPlan else None
        _last_named = (name, plan)
        return plan
    elif not isinstance(rules, RuleSet):
        return None
    plan = plan_for(rules)
    return plan if type(plan) is CompiledPlan else None


cdef object public_score(hand, context, rules, score_type, bint enforce_minimum):
    """``scoring.score`` for plain arguments: a rule set or its name, a
    :class:`Hand` with its winning tile, a :class:`WinContext` or None. Any
    other argument gives None, and the Python function checks it and raises
    the library's error."""
    plan = covered_plan(rules)
    if plan is None or type(hand) is not Hand:
        return None
    if context is None:
        context = _DEFAULT_CONTEXT
    elif type(context) is not WinContext:
        return None
    if not slot_is(_HAND, hand, 3, (<CompiledPlan>plan).tileset) or slot_is(_HAND, hand, 2, None):
        return None
    result = score_plan(<CompiledPlan>plan, hand, context, score_type)
    if enforce_minimum and result is not None:
        rs = (<CompiledPlan>plan).rules
        if rs.options.min_fans:
            _check_minimum(hand, result, rs)
    return result


cdef object text_score(text, rules, self_drawn, last_copy, last_tile, kong_replacement,
                       robbing_kong, heavenly_hand, earthly_hand, heavenly_uno, seat_wind,
                       prevalent_wind, flowers, score_type):
    """``scoring.score_hand`` for plain arguments: the text of a complete
    hand, a rule set or its name and the context's values of their plain
    types. Anything else gives None, and the Python function runs (and
    raises the library's error where there is one)."""
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
# Python engine. A call to one costs a Python frame and, for score_hand's
# twelve keywords, their binding, which is as much as scoring the hand. So
# the engine seam (``_engine.entry``, where the functions are defined)
# publishes these two entry points under their names when the core is
# built: the same parameters and defaults (a test compares them), the
# core's answer where it covers the call, and otherwise the Python function
# itself (its ``__wrapped__``), which checks and raises. Each reads the
# seam's ``SERVING`` to see whether the core still serves
# (``_engine.python_engine()`` switches it off). score_hand's keywords are
# the facts the core reads (``_CORE_FACTS``); while WinContext has others (a
# fact added in Python only) the Python score_hand is published itself,
# since this one lacks their keywords.

cdef object _reference_score = None
cdef object _reference_score_hand = None
cdef object _check_minimum = None
cdef object _score_type = None
cdef dict _serving = {}
cdef object _this_module = None
cdef Py_ssize_t _max_hand_length = 0


def entry_point(function, dict serving, score_type, max_length=0, check_minimum=None):
    """The entry point published for ``function`` (``scoring.score`` or
    ``scoring.score_hand``); ``serving`` is ``_engine.SERVING``."""
    global _reference_score, _reference_score_hand, _score_type, _serving, _this_module
    global _max_hand_length, _check_minimum
    import functools
    import sys

    _score_type = score_type
    _serving = serving
    _this_module = sys.modules[__name__]
    name = function.__name__
    if name == "score":
        _reference_score = function
        _check_minimum = check_minimum
        return functools.update_wrapper(score, function)
    if name == "score_hand":
        _reference_score_hand = function
        _max_hand_length = max_length
        if _NOTHER:
            return function
        return functools.update_wrapper(score_hand, function)
    raise ValueError(f"the scoring core has no entry point for {name!r}")


# Each entry point takes any other keyword and hands the call to the
# reference function, which refuses it with the library's typed error (its
# own signature, which type checkers read, takes none).
def score(hand, context=None, rules="uno", *, enforce_minimum=False, **unknown):
    if unknown:
        return _reference_score(hand, context, rules, enforce_minimum=enforce_minimum, **unknown)
    if _serving.get("scoring") is _this_module:
        result = public_score(hand, context, rules, _score_type, enforce_minimum)
        if result is not None:
            return result
    return _reference_score(hand, context, rules, enforce_minimum=enforce_minimum)


def score_hand(text, *, rules="uno", self_drawn=False, last_copy=False, last_tile=False,
                     kong_replacement=False, robbing_kong=False, heavenly_hand=False,
                     earthly_hand=False, heavenly_uno=False, seat_wind="E", prevalent_wind="E",
                     flowers=0, **unknown):
    if unknown:
        return _reference_score_hand(text, rules=rules, **unknown)
    if (type(text) is str and len(<str>text) <= _max_hand_length
            and _serving.get("scoring") is _this_module):
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
    if read_hand(lay, hand, context, &base):
        return None  # a fact the core does not read: the Python engine scores
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
        for k in range(ncand):
            if cand[k].overflow:
                return None  # a buffer ran full: the Python engine scores
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
            from unomahjong.scoring.scorer import fan_entries

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
    for i in range(NFLAGS):
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
    key |= (<long>w1 << NFLAGS) | (<long>w2 << (NFLAGS + 2)) | (<long>flowers << (NFLAGS + 4))
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
