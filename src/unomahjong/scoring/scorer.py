"""Scoring: a hand and a win context in, an explained :class:`Score` out.

Every decomposition and every role of the winning tile is evaluated
(就高不就低) and the best kept: highest total, then fan points sorted
descending compared element by element, then fan counts row by row in
table order; if still equal, the first reading in decomposition order.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Never

import attrs

from .. import _engine
from .._checks import checked_init, keywords_checked, quote, unknown_keywords
from .._memo import Memo
from .._memo import memo_limit as memo_limit
from .._memo import set_memo_limit as set_memo_limit
from .._text import display_width as display_width
from ..analysis.readings import Decomposition, WinRole, decompose_under
from ..errors import ContextError, HandError, NotWinningError
from ..model.context import WinContext, corrupt_context
from ..model.hand import Hand, Meld, PrettyPrinter, corrupt_hand, parse_hand
from ..model.notation import MAX_HAND_LENGTH, check_length, format_tiles
from ..model.shapes import Shape
from ..rules.fans import FanDef, FanTable
from ..rules.rule_sets import RuleSet, get_rules
from .counting import Count, Entry, HandCache, best_count
from .facts import HandFacts, Reading


@checked_init
@attrs.frozen(slots=True)
class FanEntry:
    """One counted fan: which fan, how many times, and what produced it."""

    fan: FanDef
    count: int
    melds: tuple[Meld, ...] = ()
    """The melds that produced it, where the fan is about melds."""

    @property
    def id(self) -> str:
        """Stable English id."""
        return self.fan.id

    @property
    def zh(self) -> str:
        """Chinese name."""
        return self.fan.zh

    @property
    def en(self) -> str:
        """English name."""
        return self.fan.en

    @property
    def points(self) -> int:
        """Points of one occurrence."""
        return self.fan.points

    @property
    def total(self) -> int:
        """Points times count."""
        return self.fan.points * self.count


@checked_init
@attrs.frozen(slots=True, repr=False)
class Score:
    """The result of scoring a winning hand."""

    total: int
    decomposition: Decomposition
    win_role: WinRole
    hand: Hand
    context: WinContext
    rules: str
    fans: tuple[FanEntry, ...]
    """The counted fans in table order, each with the melds that produced it."""

    def __iter__(self) -> Iterator[FanEntry]:
        return iter(self.fans)

    def __str__(self) -> str:
        rows = [(f.zh, f.en, f.points, f.count, f.total) for f in self.fans]
        zw = max((display_width(r[0]) for r in rows), default=0)
        ew = max((len(r[1]) for r in rows), default=0)
        lines = [str(self.hand)]
        for zh, en, pts, cnt, tot in rows:
            times = f"x{cnt}" if cnt > 1 else ""
            pad = " " * (zw - display_width(zh))
            lines.append(f"  {zh}{pad}  {en:<{ew}}  {pts:>3} {times:<3} {tot:>4}")
        lines.append(f"  {'total':<{zw + ew + 2}}  {'':>3} {'':<3} {self.total:>4}")
        lines.append(f"  reading: {' '.join(decomposition_groups(self.decomposition))}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        """Short and readable, not a call (a score is computed, not built):
        the total, the rule set, the fans by id (``x2`` for a fan counted
        twice) and the reading that scored them, as
        ``<Score 18 uno: PURE_STRAIGHT, ..., SINGLE_WAIT | [SSSg] 123r 456r 789r 55g>``.
        The hand and context are :attr:`hand` and :attr:`context`."""
        fans = ", ".join(f.id if f.count == 1 else f"{f.id} x{f.count}" for f in self.fans)
        reading = " ".join(decomposition_groups(self.decomposition))
        return f"<Score {self.total} {self.rules}: {fans or 'no fans'} | {reading}>"

    def _repr_pretty_(self, printer: PrettyPrinter, cycle: bool) -> None:
        # Pretty printers (IPython's, Hypothesis') would list every field.
        printer.text(repr(self))

    def _repr_html_(self) -> str:
        """The score as HTML, for Jupyter: :func:`unomahjong.render.score_html`."""
        # Pictures live in the render package, above scoring: imported
        # when first drawn.
        from ..render._score_svg import score_html

        return score_html(self)

    def as_dict(self, **unknown: Never) -> dict[str, object]:
        """The public JSON form: ``total``, ``fans`` and ``decomposition``
        (the chosen reading's groups in notation; see docs/cli.md)."""
        if unknown:
            raise unknown_keywords(Score.as_dict, unknown)
        return {
            "total": self.total,
            "fans": [
                {"id": f.id, "zh": f.zh, "en": f.en, "points": f.points, "count": f.count}
                for f in self.fans
            ],
            "decomposition": decomposition_groups(self.decomposition),
        }


def fan_entries(
    table: FanTable, entries: tuple[Entry, ...], melds: tuple[Meld, ...]
) -> tuple[FanEntry, ...]:
    """A score's counted fans as :class:`FanEntry` values: each entry's row,
    count and melds (indices into ``melds``). Entries without melds recur in
    every score and are interned on the table."""
    out: list[FanEntry] = []
    for pos, n, idx in entries:
        if idx:
            out.append(FanEntry(table.rows[pos], n, tuple(melds[i] for i in idx)))
            continue
        entry = table.entry_memo.get((pos, n))
        if entry is None:
            entry = table.entry_memo[pos, n] = FanEntry(table.rows[pos], n)
        out.append(entry)
    return tuple(out)


def decomposition_groups(d: Decomposition) -> list[str]:
    """A reading as notation groups: ``[SSSg]`` exposed, ``(RRRRy)`` concealed
    kong, ``123r`` concealed meld, ``55b`` pair, then knitted and single tiles."""
    out: list[str] = []
    for m in d.melds:
        out.append(str(m))
    if d.pair is not None:
        out.append(format_tiles((d.pair, d.pair)))
    out.extend(format_tiles((t, t)) for t in d.pairs)
    if d.knitted:
        out.append(format_tiles(d.knitted))
    out.extend(str(t) for t in d.singles)
    return out


def clear_caches(*rule_sets: str | RuleSet) -> None:
    """Forget the memo tables scoring fills as it goes: those of the given
    rule sets (default: the built-in ones) and the shared per-suit tables of
    decomposition and waits. Scores do not change; the next hands are slower.
    For benchmarks that time hands on first sight, and to free memory."""
    from ..analysis._distance import clear_caches as clear_shape_tables
    from ..analysis.readings import clear_caches as clear_arrangements
    from ..rules.rule_sets import RULE_SETS

    for rs in rule_sets or tuple(RULE_SETS.values()):
        get_rules(rs).fans.clear_memos()
    clear_arrangements()
    clear_shape_tables()
    compiled = _engine.loaded("scoring")
    if compiled is not None:
        compiled.clear_tables()


def memo_tables() -> list[dict[object, object]]:
    """Every table the memo limit bounds, both generations of each, as they
    are now: the per-suit tables of shapes and waits, the block
    arrangements and each built-in rule set's fan memos (not the interning
    tables, whose size the tiles and fans fix). For measuring and testing
    what the memos hold; a table replaced later is not in the list."""
    from ..analysis._distance import memos as shape_memos
    from ..analysis.readings import memos as arrangement_memos
    from ..rules.rule_sets import RULE_SETS

    memos: list[Memo[Any, Any]] = [*shape_memos(), *arrangement_memos()]
    for rs in RULE_SETS.values():
        memos += [rs.fans.memo, rs.fans.count_memo]
    return [table for m in memos for table in (m.new, m.old)]


def check_minimum(hand: Hand, result: Score, rules: RuleSet) -> None:
    """Raise :class:`NotWinningError` (``below-minimum``) when the hand's
    fans, less the table's bonus rows (MCR's flowers), are below the rule
    set's minimum (``score(..., enforce_minimum=True)``, in both engines)."""
    minimum = rules.options.min_fans
    bonus = rules.fans.bonus
    counted = result.total
    if bonus:
        counted -= sum(e.total for e in result.fans if e.id in bonus)
    if counted < minimum:
        flowers = f" ({result.total} with the bonus fans)" if counted != result.total else ""
        raise NotWinningError(
            "below-minimum",
            f"{hand} scores {counted}{flowers}, below the minimum of {minimum}",
        )


@_engine.entry("scoring", score_type=Score, check_minimum=check_minimum)
@keywords_checked
def score(
    hand: Hand,
    context: WinContext | None = None,
    rules: str | RuleSet = "uno",
    *,
    enforce_minimum: bool = False,
) -> Score:
    """Score a complete hand. Raises :class:`NotWinningError` if it does not
    win (or, with ``enforce_minimum``, scores below the rule set's minimum)."""
    # The Python engine: with the compiled core built, the function published
    # under this name is the core's entry point (_engine.entry), which calls
    # this one for whatever it does not take.
    rs = get_rules(rules)
    ctx = context if context is not None else WinContext()
    if not isinstance(hand, Hand):
        raise HandError("not-a-hand", f"score() takes a Hand, not {quote(hand)}", hint="parse_hand")
    corrupt = corrupt_hand("score", hand)
    if corrupt is not None:
        raise corrupt
    if not isinstance(ctx, WinContext):
        raise ContextError("not-a-context", f"score() takes a WinContext or None, not {quote(ctx)}")
    corrupt_ctx = corrupt_context("score", ctx)
    if corrupt_ctx is not None:
        raise corrupt_ctx
    if hand.tileset is not rs.tileset:
        raise HandError(
            "wrong-tileset", f"a {hand.tileset.name} hand cannot be scored by {rs.name} rules"
        )
    if hand.win is None:
        raise HandError(
            "missing-winning-tile",
            "scoring needs a complete hand",
            hint="write the winning tile after '+'",
        )
    result = _score(hand, ctx, rs)
    if enforce_minimum:
        check_minimum(hand, result, rs)
    return result


def _score(hand: Hand, ctx: WinContext, rs: RuleSet) -> Score:
    """The Python engine's score of a complete hand (arguments checked)."""
    rs.check_context(ctx)
    ctx.check(hand)
    candidates = [hand]
    if ctx.heavenly_hand:
        # 天和: any of the dealer's 14 tiles may be taken as the winning tile.
        tiles = list(hand.concealed_with_win)
        candidates = []
        for t in sorted(set(tiles)):
            rest = list(tiles)
            rest.remove(t)
            candidates.append(Hand(hand.tileset, rest, hand.melds, t))
    # The best role of each reading (就高不就低), in decomposition order.
    table = rs.fans
    readings: list[tuple[Count, Reading]] = []
    for h in candidates:
        facts = HandFacts(h, ctx, rs.shapes)
        cache: HandCache = {}
        for d in decompose_under(h, rs.shapes):
            top: tuple[Count, Reading] | None = None
            for role in d.win_roles:
                r = Reading(facts, d, role)
                c = best_count(table, r, cache)
                if top is None or c.key > top[0].key:
                    top = (c, r)
            if top is not None:
                readings.append(top)
    if not readings:
        raise NotWinningError("not-winning", f"{hand} is not a winning hand")
    ev, r = _select(table, readings, rs)
    fans = fan_entries(table, ev.entries, r.decomposition.melds)
    return Score(ev.total, r.decomposition, r.role, r.hand, ctx, rs.name, fans)


def _select(
    table: FanTable, readings: list[tuple[Count, Reading]], rs: RuleSet
) -> tuple[Count, Reading]:
    """The reading to report: the highest total; ties by the rule set's policy."""
    if len(readings) == 1:
        return readings[0]
    if rs.selection == "best":
        return max(readings, key=lambda x: x[0].key)
    # "calculator": a special shape other than seven pairs stands alone; seven
    # pairs, then the standard divisions in the calculators' order (melds by
    # lowest tile, pung before chow), replace the choice when higher, and on
    # equal totals when the new one holds a fan of ``rs.tie_preferred`` or
    # there are seven pairs (unless ``rs.tie_keeps_seven_pairs``: the judge's
    # calculator replaces a choice only by a higher one).
    special = [x for x in readings if x[1].shape not in (Shape.STANDARD, Shape.SEVEN_PAIRS)]
    if special:
        return max(special, key=lambda x: x[0].key)
    seven = [x for x in readings if x[1].shape is Shape.SEVEN_PAIRS]
    standard = sorted(
        (x for x in readings if x[1].shape is Shape.STANDARD),
        key=lambda x: tuple(m.sort_key() for m in x[1].melds[len(x[1].hand.melds) :]),
    )
    best = seven[0] if seven else None
    rows = table.rows
    for x in standard:
        if (
            best is None
            or x[0].total > best[0].total
            or (
                x[0].total == best[0].total
                and (
                    (seven and not rs.tie_keeps_seven_pairs)
                    or any(rows[e[0]].id in rs.tie_preferred for e in x[0].entries)
                )
            )
        ):
            best = x
    assert best is not None
    return best


@_engine.entry("scoring", score_type=Score, max_length=MAX_HAND_LENGTH)
@keywords_checked
def score_hand(
    text: str,
    *,
    rules: str | RuleSet = "uno",
    self_drawn: bool = False,
    last_copy: bool = False,
    last_tile: bool = False,
    kong_replacement: bool = False,
    robbing_kong: bool = False,
    heavenly_hand: bool = False,
    earthly_hand: bool = False,
    heavenly_uno: bool = False,
    seat_wind: str = "E",
    prevalent_wind: str = "E",
    flowers: int = 0,
) -> Score:
    """Parse and score a hand in one call.

    >>> s = score_hand("[SSSg] 123r 456r 789r 5g +5g")
    >>> s.total, [(f.zh, f.count) for f in s.fans]
    (18, [('清龙', 1), ('幺九刻', 1), ('单钓将', 1)])
    """
    # The keywords are WinContext's fields, with their defaults
    # (tests/test_context_fields.py). The Python engine: with the compiled
    # core built, the function published under this name is the core's entry
    # point (_engine.entry), which calls this one for what it leaves to Python.
    if type(text) is str and len(text) > MAX_HAND_LENGTH:
        check_length(text, MAX_HAND_LENGTH, "a hand")
    rs = get_rules(rules)
    hand = parse_hand(text, rs.tileset)
    ctx = WinContext(
        self_drawn=self_drawn,
        last_copy=last_copy,
        last_tile=last_tile,
        kong_replacement=kong_replacement,
        robbing_kong=robbing_kong,
        heavenly_hand=heavenly_hand,
        earthly_hand=earthly_hand,
        heavenly_uno=heavenly_uno,
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
        flowers=flowers,
    )
    return score(hand, ctx, rs)
