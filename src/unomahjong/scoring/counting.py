"""The counting machinery shared by every rule set.

One :class:`Reading` is a decomposition with one role of the winning tile.
:func:`best_count` finds its fans and applies the five principles:

* 不重复 (non-repetition): each counted fan's ``excludes`` removes fans, top
  of the table first; exclusion is not transitive (an excluded fan excludes
  nothing);
* 不拆移 / 套算一次 / 不得相同: melds used by a chow or pung *set* fan are joined
  into one group; pair-combination fans are then a set of edges between
  melds (or groups) that forms a forest — every combination brings in at
  least one meld not yet combined — chosen by exact search: most edges, then
  most distinct fans, then more of the fan higher in the table;
* 就高不就低: every alternative (which set fan, which reading, which role) is
  scored and the best kept by its tie-break key (``_entries_key``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import NamedTuple

from ..model.shapes import ShapeFamily
from ..model.tiles import Tile
from ..rules.fans import Detector, DetectorKind, FanDef, FanTable, MeldKey
from .facts import HandFacts as HandFacts  # the engine's inputs, named here too
from .facts import Reading as Reading

Entry = tuple[int, int, tuple[int, ...]]
"""Internal: a fan while counting, as (row position, count, meld indices).
The engine works on row positions and bit masks; scoring turns the entries
of the reading that wins into :class:`~unomahjong.scoring.FanEntry` values,
the one public form of a counted fan."""


def _entries_key(table: FanTable, entries: Sequence[Entry]) -> tuple[int, list[int], list[int]]:
    """The tie-break key of a reading's counted fans, larger is better: total,
    then fan points sorted descending (element by element), then counts row
    by row in table order (more of the first row that differs wins)."""
    total = 0
    points: list[int] = []
    rows: list[int] = []
    table_points = table.points
    for pos, n, _ in entries:
        p = table_points[pos]
        total += p * n
        if n == 1:
            points.append(p)
            rows.append(-pos)
        else:
            points.extend([p] * n)
            rows.extend([-pos] * n)
    points.sort(reverse=True)
    rows.sort(reverse=True)
    return (total, points, rows)


SetHit = tuple[int, tuple[int, ...]]
"""A set fan found: (row position, meld indices)."""
PairHit = tuple[int, int, tuple[int, ...]]
"""Two melds (indices) and the pair fans they form (row positions, table order)."""
MeldFans = tuple[tuple[SetHit, ...], tuple[PairHit, ...]]
"""Set fans and pair fans of one kind of number meld, by meld index."""


class _Found(NamedTuple):
    """What a reading's detectors found, before any counting principle."""

    simple: dict[int, tuple[int, tuple[int, ...]]]
    """Row position -> (count, evidence melds)."""
    chow_sets: tuple[SetHit, ...]
    pung_sets: tuple[SetHit, ...]
    chow_pairs: tuple[PairHit, ...]
    pung_pairs: tuple[PairHit, ...]
    per_meld: list[SetHit]


HandCache = dict[ShapeFamily, dict[int, tuple[int, tuple[int, ...]]]]
"""Per-hand results of the detectors that depend only on the hand, by shape family."""


def _meld_fans(
    table: FanTable,
    chows: bool,
    keys: tuple[MeldKey, ...],
    idx: tuple[int, ...],
    pair: Tile | None,
) -> MeldFans:
    """Set fans (row position, meld indices) and pair fans (two meld indices,
    row positions) of the number chows (or pungs) with these keys, at these
    meld indices, in table order and then meld order.

    Set and pair detectors are pure functions of the multiset of keys (and,
    for a few set fans, the pair) and do not change when suits are renamed
    (:data:`~unomahjong.rules.fans.SetFn`). So the results are memoised on
    the keys in rank order with suits renamed 0, 1, ... as they first occur,
    and mapped back to meld indices: one memo entry serves every hand holding
    the same melds in any order and any suits."""
    # Rank order, then suit, then position (the sort is stable on ties).
    order = sorted(range(len(keys)), key=lambda p: (keys[p][1], keys[p][0]))
    okeys = [keys[p] for p in order]
    sidx = [idx[p] for p in order]
    ckeys, names = _renamed_suits(okeys)
    memo = table.memo
    mkey = (chows, ckeys)
    hit: MeldFans | None = memo.new.get(mkey)
    if hit is None:
        hit = memo.get_or_compute(mkey, _sorted_meld_fans, table, chows, ckeys)
    found_sets = hit[0]
    if len(keys) >= 3:
        with_pair = table.chow_sets_with_pair if chows else table.pung_sets_with_pair
        if with_pair:
            # These read the pair's suit and rank too: memoised with the
            # pair's suit renamed like the keys' (a new name if no key has it).
            pkey = None
            if pair is not None:
                suit = pair.suit
                pkey = (names.get(suit, len(names)) if suit is not None else -1, pair.rank)
            wkey = ("with_pair", chows, ckeys, pkey)
            found: tuple[SetHit, ...] = memo.get_or_compute(
                wkey, _sets_with_pair, table, with_pair, okeys, pair
            )
            found_sets += found
    # Back to meld indices.
    sets = sorted((pos, tuple(sorted(sidx[p] for p in opt))) for pos, opt in found_sets)
    pairs = sorted((min(sidx[a], sidx[b]), max(sidx[a], sidx[b]), fans) for a, b, fans in hit[1])
    return (tuple(sets), tuple(pairs))


def _sets_with_pair(
    table: FanTable,
    with_pair: tuple[tuple[FanDef, Detector], ...],
    keys: list[MeldKey],
    pair: Tile | None,
) -> tuple[SetHit, ...]:
    """The set fans that read the pair, found in ``keys`` (positions)."""
    position = table.position
    return tuple(
        (position[row.id], tuple(opt)) for row, det in with_pair for opt in det.fn(keys, pair)
    )


def _renamed_suits(keys: Sequence[MeldKey]) -> tuple[tuple[MeldKey, ...], dict[int, int]]:
    """The keys with suits renamed 0, 1, ... in order of first occurrence
    (set and pair detectors answer the same for both), and the renaming."""
    names: dict[int, int] = {}
    for s, _ in keys:
        names.setdefault(s, len(names))
    return tuple((names[s], r) for s, r in keys), names


def _sorted_meld_fans(table: FanTable, chows: bool, keys: tuple[MeldKey, ...]) -> MeldFans:
    """:func:`_meld_fans` of keys at positions 0, 1, ..., without the set
    fans that read the pair.

    Built from memoised answers for each subset of three or four keys and
    each two keys (suits renamed): a set detector's answer for a subset
    depends only on that subset (:data:`~unomahjong.rules.fans.SetFn`), and
    subsets recur far more often than whole lists of keys."""
    pair_dets = table.groups[DetectorKind.CHOW_PAIR if chows else DetectorKind.PUNG_PAIR]
    position = table.position
    memo = table.memo
    n = len(keys)
    sets: list[SetHit] = []
    for size in (3, 4):
        if n < size:
            break
        set_dets = table.subset_fans[chows, size]
        whole = tuple(range(size))
        for combo in itertools.combinations(range(n), size):
            sub = _renamed_suits([keys[i] for i in combo])[0]
            skey = ("set", chows, sub)
            fans: tuple[int, ...] | None = memo.new.get(skey)
            if fans is None:
                fans = memo.get_or_compute(skey, _subset_fans, set_dets, whole, sub)
            sets.extend((pos, combo) for pos in fans)
    pairs: list[PairHit] = []
    for a, b in itertools.combinations(range(n), 2):
        ka, kb = _renamed_suits((keys[a], keys[b]))[0]
        pkey = ("pair", chows, ka, kb)
        fans = memo.new.get(pkey)
        if fans is None:
            fans = memo.get_or_compute(pkey, _pair_fans, position, pair_dets, ka, kb)
        if fans:
            pairs.append((a, b, fans))
    return (tuple(sets), tuple(pairs))  # _meld_fans sorts once mapped


def _subset_fans(
    set_dets: tuple[tuple[int, Detector], ...], whole: tuple[int, ...], sub: tuple[MeldKey, ...]
) -> tuple[int, ...]:
    """The rows of the set fans that ``sub``'s melds form all together."""
    return tuple(pos for pos, det in set_dets if whole in det.fn(sub, None))


def _pair_fans(
    position: dict[str, int],
    pair_dets: tuple[tuple[FanDef, Detector], ...],
    a: MeldKey,
    b: MeldKey,
) -> tuple[int, ...]:
    """The rows of the pair fans two melds form, in table order."""
    return tuple(position[row.id] for row, det in pair_dets if det.fn(a, b))


def _find(table: FanTable, r: Reading, cache: HandCache) -> _Found:
    family = r.family
    per_hand = cache.get(family)
    if per_hand is None:
        per_hand = {}
        facts = r.facts
        for gate, hand_fns in table.hand_fns:
            if gate is None or getattr(facts, gate):
                for pos, fn in hand_fns:
                    n = fn(r)
                    if n:
                        per_hand[pos] = (n, ())
        cache[family] = per_hand
    simple = dict(per_hand)
    for gate, reading_fns in table.reading_fns:
        if gate is None or getattr(r, gate):
            for pos, fn, evidence in reading_fns:
                n = fn(r)
                if n:
                    simple[pos] = (n, evidence(r) if evidence else ())
    chow_sets: tuple[SetHit, ...] = ()
    chow_pairs: tuple[PairHit, ...] = ()
    pung_sets: tuple[SetHit, ...] = ()
    pung_pairs: tuple[PairHit, ...] = ()
    if len(r.chows) >= 2:
        chow_sets, chow_pairs = _meld_fans(table, True, r.chow_keys, r.chows, r.pair)
    if len(r.number_pungs) >= 2:
        pung_sets, pung_pairs = _meld_fans(table, False, r.pung_keys, r.number_pungs, r.pair)
    per_meld: list[SetHit] = []
    if r.pungs:
        for pos, meld_fn in table.per_meld_fns:
            found = tuple(meld_fn(r))
            if found:
                per_meld.append((pos, found))
    return _Found(simple, chow_sets, pung_sets, chow_pairs, pung_pairs, per_meld)


def _alternatives(sets: Sequence[SetHit], size: int) -> list[list[SetHit]]:
    """Ways to choose set fans (就高不就低 picks the best): none, any one set,
    or every set that uses all the melds together (they join the same group)."""
    alts: list[list[SetHit]] = [[]]
    alts.extend([s] for s in sets)
    whole = [s for s in sets if len(s[1]) == size]
    if len(whole) > 1:
        alts.append(whole)
    return alts


def _is_forest(chosen: list[tuple[int, int, int]], groups: list[tuple[int, ...]]) -> bool:
    """True when every chosen edge joins two melds not yet connected."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for g in groups:
        for m in g[1:]:
            parent[find(m)] = find(g[0])
    for a, b, _ in chosen:
        ra, rb = find(a), find(b)
        if ra == rb:
            return False
        parent[ra] = rb
    return True


def _best_forest(
    table: FanTable,
    edges: list[tuple[int, int, int]],
    groups: list[tuple[int, ...]],
) -> list[tuple[int, int, int]]:
    """The best set of pair-combination edges (melds, row position) that forms
    a forest over the melds with each set fan's melds pre-joined (套算一次):
    most edges, then most distinct fans, then more of the fan higher in the
    table. Memoised: the same small patterns recur in every hand."""
    key = ("forest", tuple(edges), tuple(groups))
    hit: list[tuple[int, int, int]] = table.memo.get_or_compute(key, _search_forest, edges, groups)
    return hit


def _search_forest(
    edges: list[tuple[int, int, int]],
    groups: list[tuple[int, ...]],
) -> list[tuple[int, int, int]]:
    best: list[tuple[int, int, int]] = []
    best_key: tuple[object, ...] = (0,)
    n = len(edges)
    for mask in range(1, 1 << n):
        chosen = [edges[i] for i in range(n) if mask >> i & 1]
        if len(chosen) < len(best) or not _is_forest(chosen, groups):
            continue
        labels = [e[2] for e in chosen]
        rows = sorted((-x for x in labels), reverse=True)
        key = (len(chosen), len(set(labels)), rows)
        if key > best_key:
            best_key = key
            best = chosen
    return best


class Count(NamedTuple):
    """The best way to count one reading, as row positions: what scoring
    compares."""

    key: tuple[object, ...]
    """The tie-break key of the fans (``_entries_key``)."""
    total: int
    entries: tuple[Entry, ...]
    """One entry per fan, in table order."""


def best_count(table: FanTable, r: Reading, cache: HandCache) -> Count:
    """The best-scoring way to count one reading's fans (就高不就低 over the
    choices of set fans).

    Memoised on what the detectors found: counting reads nothing else (the
    set alternatives need the number of chows and pungs, which the key holds),
    and the same handful of fan patterns recurs across very different hands."""
    found = _find(table, r, cache)
    key = (
        # Detectors fill ``simple`` in table-group order, so equal contents
        # come in equal order: no sort needed.
        tuple(found.simple.items()),
        found.chow_sets,
        found.pung_sets,
        found.chow_pairs,
        found.pung_pairs,
        tuple(found.per_meld),
        len(r.chows),
        len(r.pungs),
    )
    memo = table.count_memo
    hit: Count | None = memo.new.get(key)
    if hit is None:
        hit = memo.get_or_compute(key, _best_count, table, r, found)
    return hit


def _best_count(table: FanTable, r: Reading, found: _Found) -> Count:
    """The best choice of set fans. The fallback (无番和) needs "no other fan
    at all": a choice that counts nothing but bonus fans takes it only when
    no choice counts anything else, so declining a set fan never buys the
    fallback. Some choice always stands, so a reading always has a count."""
    if not (found.chow_sets or found.pung_sets):
        entries, _ = _count(table, found, [], [])
        key = _entries_key(table, entries)
        return Count(key, key[0], tuple(entries))
    best: Count | None = None
    best_fallback: Count | None = None
    for chow_alt in _alternatives(found.chow_sets, len(r.chows)):
        for pung_alt in _alternatives(found.pung_sets, len(r.pungs)):
            entries, fallback = _count(table, found, chow_alt, pung_alt)
            key = _entries_key(table, entries)
            if fallback:
                if best_fallback is None or key > best_fallback.key:
                    best_fallback = Count(key, key[0], tuple(entries))
            elif best is None or key > best.key:
                best = Count(key, key[0], tuple(entries))
    chosen = best or best_fallback
    assert chosen is not None  # the choice of no set fan is always there
    return chosen


def _count(
    table: FanTable,
    found: _Found,
    chow_alt: list[SetHit],
    pung_alt: list[SetHit],
) -> tuple[list[Entry], bool]:
    """The fans counted with one choice of set fans, merged (one entry per
    fan, in table order), and whether the fallback was added because nothing
    but bonus fans was counted."""
    counted, excluded = _count_simple(table, found, chow_alt, pung_alt)
    # Pair-combination fans, on what the counted fans leave allowed.
    repeats = False
    for pairs, alt in ((found.chow_pairs, chow_alt), (found.pung_pairs, pung_alt)):
        if pairs and _count_pairs(table, pairs, alt, excluded, counted):
            repeats = True
    _count_per_meld(table, found.per_meld, excluded, counted)
    if repeats:
        # Only pair-combination fans repeat: merge counts and melds.
        counted = _merge_repeats(counted)
    fallback = _nothing_but_bonus(table, counted)
    if fallback:
        counted.append((table.position[table.fallback], 1, ()))
    counted.sort()  # by position: one entry per fan, so positions differ
    return counted, fallback


def _count_simple(
    table: FanTable,
    found: _Found,
    chow_alt: list[SetHit],
    pung_alt: list[SetHit],
) -> tuple[list[Entry], int]:
    """The simple fans and the chosen set fans that no earlier fan (in table
    order) excludes, with the mask of the fans they exclude."""
    present = found.simple
    if chow_alt or pung_alt:
        present = dict(present)
        for pos, melds in (*chow_alt, *pung_alt):
            present.setdefault(pos, (1, melds))
    exclude_masks = table.exclude_masks
    excluded = 0
    counted: list[Entry] = []
    for pos in sorted(present):
        if excluded >> pos & 1:
            continue
        n, melds = present[pos]
        counted.append((pos, n, melds))
        excluded |= exclude_masks[pos]
    return counted, excluded


def _count_pairs(
    table: FanTable,
    pairs: tuple[PairHit, ...],
    alt: list[SetHit],
    excluded: int,
    counted: list[Entry],
) -> bool:
    """Add the pair-combination fans of one kind (chows or pungs) to
    ``counted``: each pair of melds forms the first of its pair fans (table
    order) still allowed. True when a fan is counted more than once."""
    edges: list[tuple[int, int, int]] = []
    for a, b, fans in pairs:
        for pos in fans:
            if not excluded >> pos & 1:
                edges.append((a, b, pos))
                break
    if not edges:
        return False
    chosen = _best_forest(table, edges, [m for _, m in alt])
    for a, b, pos in chosen:
        counted.append((pos, 1, (a, b)))
    return len(chosen) > 1


def _count_per_meld(
    table: FanTable,
    per_meld: list[SetHit],
    excluded: int,
    counted: list[Entry],
) -> None:
    """Add the per-meld fans to ``counted``, less the melds a counted fan
    absorbs."""
    absorb_masks = table.absorb_masks
    for pos, idx in per_meld:
        if excluded >> pos & 1:
            continue
        absorbed: set[int] = set()
        for cpos, _, melds in counted:
            if absorb_masks[cpos] >> pos & 1:
                hits = [i for i in melds if i in idx and i not in absorbed]
                limit = table.rows[cpos].absorbs_limit
                if limit is not None:
                    hits = hits[:limit]
                absorbed.update(hits)
        left = tuple(i for i in idx if i not in absorbed) if absorbed else idx
        if left:
            counted.append((pos, len(left), left))


def _merge_repeats(counted: list[Entry]) -> list[Entry]:
    """One entry per fan: the counts and melds of repeated fans summed, in
    order of first appearance."""
    merged: dict[int, tuple[int, tuple[int, ...]]] = {}
    for pos, n, melds in counted:
        prev = merged.get(pos)
        merged[pos] = (n, melds) if prev is None else (prev[0] + n, prev[1] + melds)
    return [(pos, n, melds) for pos, (n, melds) in merged.items()]


def _nothing_but_bonus(table: FanTable, counted: list[Entry]) -> bool:
    """Whether nothing is counted but bonus fans (MCR's flowers; most tables
    have none)."""
    bonus = table.bonus_mask
    return not counted or bool(bonus and all(bonus >> pos & 1 for pos, _, _ in counted))


def raw_patterns(table: FanTable, r: Reading) -> set[str]:
    """Every fan whose pattern holds in a reading, before any exclusion or
    combination rule (for rules audits)."""
    found = _find(table, r, {})
    positions = set(found.simple)
    positions.update(pos for pos, _ in (*found.chow_sets, *found.pung_sets, *found.per_meld))
    for _, _, fans in (*found.chow_pairs, *found.pung_pairs):
        positions.update(fans)
    return {table.rows[pos].id for pos in positions}
