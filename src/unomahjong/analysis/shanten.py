"""Shanten per shape, and waits.

Shanten and waits are judged by *shape*, as the MCR calculators judge them:
a tile whose four copies are all in the player's own hand still counts as a
wait (docs/rules.md#further-counting-rules). :mod:`unomahjong.analysis.discards`
adds what the tiles seen elsewhere leave (live waits, discard options).

Every public function reads the hand by the shapes of its ``rules`` argument
(a rule set or its name): a house rule that switches a shape off
(``RuleSet.without_shapes``) is never complete, ready or nearer in that
shape. Without ``rules``, every shape of the hand's tile set counts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Never

import attrs

from .. import _engine
from .._checks import listed, unknown_keywords
from ..errors import HandError
from ..model.hand import Hand, parse_hand, refuse_hand
from ..model.shapes import Shape, ShapeSpec, ranks_held, shapes_for
from ..model.tiles import MCR_TILES, UNO_TILES, Tile, TileSet
from ..rules.rule_sets import shapes_of
from ._distance import ZERO_ID, BlockKind, BlockStatus, block_kind, convolve_ids, vector

if TYPE_CHECKING:
    from ..rules.rule_sets import RuleSet

_EMPTY_SUIT = (0,) * 9
UNREACHABLE = 99
"""Internal shanten of a shape the hand cannot reach (e.g. seven pairs with melds)."""


@attrs.frozen(slots=True)
class _Layout:
    spec: ShapeSpec
    blocks: tuple[tuple[int, BlockKind], ...]
    honour_codes: tuple[int, ...]
    knitted_masks: tuple[int, ...]
    knitted_codes: tuple[tuple[int, ...], ...]
    honour_mask: int
    orphan_mask: int
    kind_codes: tuple[int, ...]
    # The special shapes the rule set allows (the standard one always is).
    seven_pairs: bool
    orphans: bool
    honours_knitted: bool
    knitted_straight: bool
    special: bool
    """Any of the four above."""


def _layout(spec: ShapeSpec) -> _Layout:
    ts = spec.tileset
    blocks: list[tuple[int, BlockKind]] = []
    for a, end in spec.meld_blocks:  # the decomposition's blocks
        kinds = [t for t in ts.tiles if a <= t.code < end]
        suited = any(t.rank is not None for t in kinds)
        honour_offsets = tuple(t.code - a for t in kinds if t.rank is None)
        blocks.append((a, block_kind(end - a, suited, honour_offsets)))
    return _Layout(
        spec=spec,
        blocks=tuple(blocks),
        honour_codes=spec.honour_codes,
        knitted_masks=spec.knitted_masks,
        knitted_codes=spec.knitted_codes,
        honour_mask=sum(1 << c for c in spec.honour_codes),
        orphan_mask=sum(1 << c for c in spec.orphan_codes),
        kind_codes=tuple(t.code for t in ts.tiles),
        seven_pairs=Shape.SEVEN_PAIRS in spec.shapes,
        orphans=Shape.THIRTEEN_ORPHANS in spec.shapes,
        honours_knitted=Shape.HONOURS_AND_KNITTED in spec.shapes,
        knitted_straight=Shape.KNITTED_STRAIGHT in spec.shapes,
        special=len(spec.shapes) > 1,
    )


_LAYOUTS: dict[int, _Layout] = {}
"""Layouts by ``id`` of their tile set (every shape) or shape specification;
each layout holds its specification, so the id is not reused meanwhile."""
_MAX_LAYOUTS = 64
"""Layouts kept before the table starts again: rule sets made in a loop
would otherwise pile up."""


def layout_for(shapes: TileSet | ShapeSpec) -> _Layout:
    """The cached layout the hot functions read: of a tile set with every
    shape, or of a rule set's shapes (``rules.shapes``)."""
    lay = _LAYOUTS.get(id(shapes))
    if lay is None:
        spec = shapes if isinstance(shapes, ShapeSpec) else shapes_for(shapes)
        lay = _layout(spec)
        if len(_LAYOUTS) >= _MAX_LAYOUTS:
            _LAYOUTS.clear()
        # The key stays valid as long as the entry: the layout holds the
        # ShapeSpec; a tile set is a module constant.
        _LAYOUTS[id(shapes)] = lay
    return lay


def _scan(lay: _Layout, counts: Sequence[int]) -> tuple[int, int, int, int]:
    """(overlap vector id, held bits, paired bits, pairs) of the concealed counts."""
    vid = ZERO_ID
    held = 0
    paired = 0
    pairs = 0
    for a, kind in lay.blocks:
        key = tuple(counts[a : a + kind.length])
        info = kind.info(key)
        if info[0]:
            vid = convolve_ids(vid, info[0]) if vid else info[0]
            held |= info[1] << a
            paired |= info[2] << a
            pairs += info[3]
    return vid, held, paired, pairs


def standard_overlap(lay: _Layout, counts: Sequence[int], needed: int) -> int:
    """Most concealed tiles that ``needed`` melds and a pair can reuse."""
    return vector(_scan(lay, counts)[0])[2 * needed + 1]


def standard_shanten(lay: _Layout, counts: Sequence[int], needed: int) -> int:
    """Shanten of four melds and a pair, ``needed`` of the melds still concealed."""
    return 3 * needed + 1 - standard_overlap(lay, counts, needed)


def seven_pairs_shanten(lay: _Layout, counts: Sequence[int], melds: int) -> int:
    """七对 shanten: four identical tiles count as two pairs."""
    if melds:
        return UNREACHABLE
    pairs = _scan(lay, counts)[3]
    return 6 - min(pairs, 7)


def _orphans(lay: _Layout, held: int, paired: int) -> int:
    kinds = (held & lay.orphan_mask).bit_count()
    if lay.spec.orphans_pair:
        return 13 - kinds - (1 if paired & lay.orphan_mask else 0)
    return 13 - min(kinds, 14)


def orphans_shanten(lay: _Layout, counts: Sequence[int], melds: int) -> int:
    """十三幺 (MCR: 13 kinds + a pair) or 国士无双 (UNO: 14 different kinds) shanten."""
    if melds:
        return UNREACHABLE
    _, held, paired, _ = _scan(lay, counts)
    return _orphans(lay, held, paired)


def _honours_knitted(lay: _Layout, held: int) -> int:
    honours = (held & lay.honour_mask).bit_count()
    knitted = max(map(int.bit_count, map(held.__and__, lay.knitted_masks)))
    return 13 - min(knitted + honours, 14)


def honours_knitted_shanten(lay: _Layout, counts: Sequence[int], melds: int) -> int:
    """全不靠 shanten: 14 different tiles from a knitted set and the honours."""
    if melds:
        return UNREACHABLE
    return _honours_knitted(lay, _scan(lay, counts)[1])


def knitted_straight_shanten(
    lay: _Layout,
    counts: Sequence[int],
    melds: int,
    bound: int = UNREACHABLE,
    whole: int | None = None,
) -> int:
    """组合龙 shape shanten: a knitted set, one meld and a pair.

    Sets that cannot beat ``bound`` are skipped (they cannot lower the
    minimum). ``whole`` is the whole hand's overlap with one meld and a pair,
    an upper bound of what the tiles outside a knitted set can reuse.
    """
    needed = 1 - melds
    if needed < 0:
        return UNREACHABLE
    vid, held, _, _ = _scan(lay, counts)
    if whole is None:
        whole = vector(vid)[2 * needed + 1]
    best = UNREACHABLE
    work = list(counts)
    for km, codes in zip(lay.knitted_masks, lay.knitted_codes, strict=True):
        present = (held & km).bit_count()
        floor = 9 + 3 * needed + 1 - present - whole
        if floor >= best or floor >= bound:
            continue
        for c in codes:
            if work[c]:
                work[c] -= 1
        s = 9 + 3 * needed + 1 - present - standard_overlap(lay, work, needed)
        for c in codes:
            if counts[c]:
                work[c] += 1
        if s < best:
            best = s
    return best


def min_shanten(lay: _Layout, counts: Sequence[int], melds: int) -> int:
    """The lowest shanten over every shape, on raw counts (the hot path)."""
    vid, held, paired, pairs = _scan(lay, counts)
    needed = 4 - melds
    vec = vector(vid)
    best = 3 * needed + 1 - vec[2 * needed + 1]
    if best < 0 or melds > 1:
        return best
    if not lay.special:
        return best
    top = max(map(int.bit_count, map(held.__and__, lay.knitted_masks)))
    if melds == 0:
        if lay.seven_pairs:
            s = 6 - (pairs if pairs < 7 else 7)
            if s < best:
                best = s
        if lay.orphans:
            s = _orphans(lay, held, paired)
            if s < best:
                best = s
        if lay.honours_knitted:
            s = 13 - min(top + (held & lay.honour_mask).bit_count(), 14)
            if s < best:
                best = s
    if best > -1 and lay.knitted_straight:
        whole = vec[2 * (1 - melds) + 1]
        if 10 + 3 * (1 - melds) - top - whole < best:
            s = knitted_straight_shanten(lay, counts, melds, best, whole)
            if s < best:
                best = s
    return best


def is_complete_counts(lay: _Layout, counts: Sequence[int], melds: int) -> bool:
    """True when the concealed counts complete the hand (the fast test used
    for waits): each block must be exactly melds, one block melds and a pair;
    or a special shape, read off the same per-block facts."""
    pair_blocks = 0
    standard = True
    held = 0
    paired = 0
    pairs = 0
    for a, kind in lay.blocks:
        key = tuple(counts[a : a + kind.length])
        info = kind.info(key)
        if not info[0]:
            continue
        held |= info[1] << a
        paired |= info[2] << a
        pairs += info[3]
        if standard:
            n = sum(key)
            rest = n % 3
            k = n // 3
            if rest == 1:
                standard = False
            elif rest == 2:
                pair_blocks += 1
                standard = pair_blocks == 1 and vector(info[0])[2 * k + 1] == n
            else:
                standard = vector(info[0])[2 * k] == n
    if standard and pair_blocks == 1:
        return True
    if melds > 1:
        return False
    if melds == 0 and (
        (lay.seven_pairs and pairs == 7)
        or (lay.orphans and _orphans(lay, held, paired) == -1)
        or (lay.honours_knitted and _honours_knitted(lay, held) == -1)
    ):
        return True
    if not lay.knitted_straight or not any(held & km == km for km in lay.knitted_masks):
        return False
    return knitted_straight_shanten(lay, counts, melds) == -1


def shape_shanten_counts(lay: _Layout, counts: Sequence[int], melds: int) -> dict[Shape, int]:
    """Exact shanten of every shape of the layout the hand can still reach."""
    out = {Shape.STANDARD: standard_shanten(lay, counts, 4 - melds)}
    if melds == 0:
        if lay.seven_pairs:
            out[Shape.SEVEN_PAIRS] = seven_pairs_shanten(lay, counts, 0)
        if lay.orphans:
            out[Shape.THIRTEEN_ORPHANS] = orphans_shanten(lay, counts, 0)
        if lay.honours_knitted:
            out[Shape.HONOURS_AND_KNITTED] = honours_knitted_shanten(lay, counts, 0)
    if melds <= 1 and lay.knitted_straight:
        out[Shape.KNITTED_STRAIGHT] = knitted_straight_shanten(lay, counts, melds)
    return out


# ------------------------------------------------------------ compiled core

# The public functions below hand a built-in tile set's hands to the compiled
# core (unomahjong._core.analysis) when it is active, with the same answers
# (the Python code above is the reference): any set of shapes of a built-in
# tile set, with that tile set's own thirteen orphans.

_CORE_RULES: dict[TileSet, tuple[int, bool]] = {UNO_TILES: (0, False), MCR_TILES: (1, True)}
"""The core's number of each tile set it covers, and its ``orphans_pair``."""

_CORE_BAD = -100
"""What the core's int-valued functions return for counts it refuses."""


def core_for(spec: ShapeSpec) -> tuple[ModuleType, int] | None:
    """The compiled analysis module and its number of the tile set, or None."""
    core = _engine.core("analysis")
    if core is None:
        return None
    covered = _CORE_RULES.get(spec.tileset)
    if covered is None or covered[1] != spec.orphans_pair:
        return None
    return core, covered[0]


def shanten_of_counts(spec: ShapeSpec, counts: Sequence[int], melds: int) -> int:
    """:func:`min_shanten` of concealed ``counts`` (by code) with ``melds``
    melds over the shapes of ``spec``, by the compiled core while it serves."""
    compiled = core_for(spec)
    if compiled is not None:
        core, number = compiled
        s: int = core.shanten(counts, melds, number, spec.mask)
        if s == _CORE_BAD:  # never for a validated hand's counts
            raise HandError("bad-counts", f"the core refused the counts {listed(counts)}")
        return s
    return min_shanten(layout_for(spec), counts, melds)


def refused(hand: Hand) -> HandError:
    """The core's refusal as the library's error (never for a validated hand)."""
    return HandError("bad-counts", f"the compiled core refused the counts of {hand.counts!r}")


# ---------------------------------------------------------------- public API


def hand_to_read(func: str, hand: object, rules: str | RuleSet | None) -> tuple[Hand, ShapeSpec]:
    """The hand ``func`` reads and the shapes it reads it by: those of
    ``rules``, or every shape of the hand's tile set. Text is read as
    :func:`~unomahjong.score_hand` reads it, in the notation of ``rules``
    (UNO's by default); anything else but a :class:`Hand` is refused."""
    if not isinstance(hand, Hand):  # a Hand, the common case, is tested once
        if not isinstance(hand, str):
            raise refuse_hand(func, hand)
        hand = parse_hand(hand, "uno" if rules is None else rules)
    return hand, shapes_for(hand.tileset) if rules is None else shapes_of(hand, rules, func)


# Every function takes a hand or its text, and ``rules``: a rule set or its
# name, whose shapes it reads the hand by (a rule set may switch shapes off:
# RuleSet.without_shapes); None reads it by every shape of its tile set.


def shanten(hand: Hand | str, *, rules: str | RuleSet | None = None, **unknown: Never) -> int:
    """Overall shanten: -1 complete (14 tiles), 0 ready (13 tiles), and so
    on, over the shapes of ``rules`` (default: every shape)."""
    if unknown:
        raise unknown_keywords(shanten, unknown)
    hand, spec = hand_to_read("shanten", hand, rules)
    return shanten_of_counts(spec, hand.counts, len(hand.melds))


_SHAPE_ORDER = (
    Shape.STANDARD,
    Shape.SEVEN_PAIRS,
    Shape.THIRTEEN_ORPHANS,
    Shape.HONOURS_AND_KNITTED,
    Shape.KNITTED_STRAIGHT,
)
"""The order of the core's per-shape answer."""


def shanten_by_shape(
    hand: Hand | str, *, rules: str | RuleSet | None = None, **unknown: Never
) -> dict[Shape, int]:
    """Shanten of each shape of ``rules`` (default: every shape) the hand can
    still reach (shapes that need a concealed hand are left out once a meld
    is declared)."""
    if unknown:
        raise unknown_keywords(shanten_by_shape, unknown)
    hand, spec = hand_to_read("shanten_by_shape", hand, rules)
    compiled = core_for(spec)
    if compiled is not None:
        core, number = compiled
        melds = len(hand.melds)
        values: tuple[int, ...] | None = core.shanten_by_shape(hand.counts, melds, number)
        if values is None:
            raise refused(hand)
        # The shapes shape_shanten_counts reports, in its order.
        out = {Shape.STANDARD: values[0]}
        if melds == 0:
            for shape, value in zip(_SHAPE_ORDER[1:4], values[1:4], strict=True):
                if shape in spec.shapes:
                    out[shape] = value
        if melds <= 1 and Shape.KNITTED_STRAIGHT in spec.shapes:
            out[Shape.KNITTED_STRAIGHT] = values[4]
        return out
    return shape_shanten_counts(layout_for(spec), hand.counts, len(hand.melds))


def is_winning(hand: Hand | str, *, rules: str | RuleSet | None = None, **unknown: Never) -> bool:
    """True when the 14-tile hand is complete under some shape of ``rules``
    (default: every shape)."""
    if unknown:
        raise unknown_keywords(is_winning, unknown)
    hand, spec = hand_to_read("is_winning", hand, rules)
    if hand.win is None:
        return False
    compiled = core_for(spec)
    if compiled is not None:
        core, number = compiled
        won: bool | None = core.is_winning(hand.counts, len(hand.melds), number, spec.mask)
        if won is None:
            raise refused(hand)
        return won
    return is_complete_counts(layout_for(spec), hand.counts, len(hand.melds))


def require_13(hand: Hand, what: str) -> None:
    if hand.win is not None:
        raise HandError(
            "has-winning-tile",
            f"{what} needs a 13-tile hand; this one has a tile after '+'",
            hint="drop the '+tile' part, or use discard analysis for 14 tiles",
        )


def _block_status(
    lay: _Layout, counts: Sequence[int]
) -> list[tuple[int, BlockKind, tuple[int, ...], BlockStatus]]:
    """Each block's counts and what they are as groups (:meth:`BlockKind.status`)."""
    status: list[tuple[int, BlockKind, tuple[int, ...], BlockStatus]] = []
    for a, kind in lay.blocks:
        key = tuple(counts[a : a + kind.length])
        status.append((a, kind, key, kind.status(key)))
    return status


def _standard_waits(lay: _Layout, counts: Sequence[int]) -> Iterator[int]:
    """Waits of melds and a pair, from memoised per-block completing tiles.
    A generator, so that the unique-wait test can stop at a second wait."""
    status = _block_status(lay, counts)
    # Tallies over all blocks; each block then looks at the others' tallies.
    broken = paired = 0
    for s in status:
        if s[3] is BlockStatus.NEITHER:
            broken += 1
        elif s[3] is BlockStatus.MELDS_AND_PAIR:
            paired += 1
    if broken > 1:
        return  # one tile cannot mend two blocks
    for a, kind, key, st in status:
        if broken - (st is BlockStatus.NEITHER):
            continue
        pairs = paired - (st is BlockStatus.MELDS_AND_PAIR)
        if pairs <= 1:
            want = BlockStatus.MELDS if pairs else BlockStatus.MELDS_AND_PAIR
            for off in kind.completing(key, want):
                yield a + off


def waits_codes(lay: _Layout, counts: list[int], melds: int) -> list[int]:
    """Every kind completing a 13-tile hand, by shape (no trial and error:
    each shape's waits are read off directly)."""
    out = set(_standard_waits(lay, counts))
    if melds <= 1 and lay.special:
        out |= _special_waits(lay, counts, melds)
    return sorted(out)


def _special_waits(lay: _Layout, counts: Sequence[int], melds: int) -> set[int]:
    """Waits of the shapes other than four melds and a pair (at most one
    declared meld: only the knitted straight allows one)."""
    out: set[int] = set()
    kinds = len(counts) - counts.count(0)
    if kinds <= 7:  # counts are at most 4: a Hand holds no more copies
        # Too few kinds for the orphans (12) or a knitted set (8 of its
        # kinds): only seven pairs can wait, on six pairs and a single.
        if (
            lay.seven_pairs
            and melds == 0
            and counts.count(2) + counts.count(3) + 2 * counts.count(4) == 6
        ):
            out.update(c for c in lay.kind_codes if counts[c] % 2)
        return out
    held = paired = pairs = 0
    for c in lay.kind_codes:  # bits, not overlap vectors: no memo misses here
        n = counts[c]
        if n:
            held |= 1 << c
            if n > 1:
                paired |= 1 << c
                pairs += n >> 1
    if melds == 0:
        if lay.seven_pairs and pairs == 6:
            out.update(c for c in lay.kind_codes if counts[c] % 2)
        if lay.orphans and _orphans(lay, held, paired) == 0:
            _orphans_waits(lay, held, paired, out)
        if lay.honours_knitted and held.bit_count() >= 13:
            _honours_knitted_waits(lay, held, paired, out)
    if (
        lay.knitted_straight
        and (held & ~lay.honour_mask).bit_count() >= 8
        and ranks_held(lay.spec, held).bit_count() >= 8
    ):  # else no knitted set can have 8 of its 9 kinds (8 ranks)
        _knitted_straight_waits(lay, counts, held, out)
    return out


def _orphans_waits(lay: _Layout, held: int, paired: int, out: set[int]) -> None:
    """Add the waits of a thirteen-orphans hand that is ready (``held`` and
    ``paired`` are bit sets of kinds)."""
    if lay.spec.orphans_pair and not paired & lay.orphan_mask:
        out.update(lay.spec.orphan_codes)
    else:
        orphans = held & lay.orphan_mask
        out.update(c for c in lay.spec.orphan_codes if not orphans >> c & 1)


def _honours_knitted_waits(lay: _Layout, held: int, paired: int, out: set[int]) -> None:
    """Add the waits of honours and knitted tiles: 13 distinct kinds held, all
    suited ones in one knitted set, no pair."""
    honours = (held & lay.honour_mask).bit_count()
    # Honours plus one knitted set's kinds never exceed the kinds held.
    if honours + max(map(int.bit_count, map(held.__and__, lay.knitted_masks))) < 13:
        return
    for km, codes in zip(lay.knitted_masks, lay.knitted_codes, strict=True):
        suited = held & ~lay.honour_mask
        if suited & ~km or paired:
            continue
        if (held & km).bit_count() + honours == 13:
            out.update(c for c in (*codes, *lay.honour_codes) if not held >> c & 1)


def _knitted_straight_waits(lay: _Layout, counts: Sequence[int], held: int, out: set[int]) -> None:
    """Add the waits of a knitted straight with a meld and a pair: the rest
    after a whole knitted set, or a missing kind of a set held but for one."""
    for km, codes in zip(lay.knitted_masks, lay.knitted_codes, strict=True):
        present = (held & km).bit_count()
        if present < 8:
            continue
        rest = list(counts)
        for c in codes:
            if rest[c]:
                rest[c] -= 1
        if present == 9:
            out.update(_standard_waits(lay, rest))
        else:
            status = [st for *_, st in _block_status(lay, rest)]
            if BlockStatus.NEITHER not in status and status.count(BlockStatus.MELDS_AND_PAIR) == 1:
                out.update(c for c in codes if not counts[c])


def won_on_single_wait(hand: Hand, spec: ShapeSpec | None = None) -> bool:
    """True when a complete hand, less its winning tile, waited on exactly one
    kind, by the shapes of ``spec`` (default: every shape of its tile set).
    Same answer as ``len(waits(hand.without_win())) == 1`` without building
    (and validating) the 13-tile hand: scoring asks this per hand."""
    win = hand.win
    if win is None:
        raise HandError("missing-winning-tile", "the wait test needs the winning tile")
    held = list(hand.counts)
    held[win.code] -= 1
    counts = tuple(held)  # block slices of a tuple are the memo keys as they are
    lay = layout_for(hand.tileset if spec is None else spec)
    melds = len(hand.melds)
    code = win.code
    for c in _standard_waits(lay, counts):
        if c != code:
            return False
    if melds > 1 or not lay.special:
        return True
    return _special_waits(lay, counts, melds) <= {code}


def waits(
    hand: Hand | str, *, rules: str | RuleSet | None = None, **unknown: Never
) -> frozenset[Tile]:
    """Every tile kind that completes this 13-tile hand, judged by shape: the
    shapes of ``rules`` (default: every shape)."""
    if unknown:
        raise unknown_keywords(waits, unknown)
    hand, spec = hand_to_read("waits", hand, rules)
    require_13(hand, "waits")
    ts = hand.tileset
    compiled = core_for(spec)
    if compiled is not None:
        core, number = compiled
        codes: tuple[int, ...] | None = core.waits(hand.counts, len(hand.melds), number, spec.mask)
        if codes is None:
            raise refused(hand)
        return frozenset(map(ts.by_code, codes))
    lay = layout_for(spec)
    return frozenset(ts.by_code(c) for c in waits_codes(lay, list(hand.counts), len(hand.melds)))
