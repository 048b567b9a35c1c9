"""The counting machinery shared by every rule set.

One :class:`Reading` is a decomposition with one role of the winning tile.
:func:`evaluate` finds its fans and applies the five principles:

* 不重复 (non-repetition): each counted fan's ``excludes`` removes fans, top
  of the table first; exclusion is not transitive (an excluded fan excludes
  nothing);
* 不拆移 / 套算一次 / 不得相同: melds used by a chow or pung *set* fan are joined
  into one group; pair-combination fans are then a set of edges between
  melds (or groups) that forms a forest — every combination brings in at
  least one meld not yet combined — chosen by exact search: most edges, then
  most distinct fans, then more of the fan higher in the table;
* 就高不就低: every alternative (which set fan, which reading, which role) is
  scored and the best kept by :func:`score_key`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import attrs

from ..context import WinContext
from ..decompose import Decomposition, Role, WinRole
from ..hand import Hand, Meld
from ..shapes import Shape
from .model import DetectorKind, FanDef, FanTable

SPECIAL_SHAPES = frozenset({Shape.THIRTEEN_ORPHANS, Shape.HONOURS_AND_KNITTED})


class HandFacts:
    """Facts about the hand's tiles, computed once per hand and context.

    Every fact but the wait test is computed eagerly in one pass over the
    held kinds: the per-hand detectors read most of them, and plain slots
    are much cheaper to read than cached properties."""

    __slots__ = (
        "_unique_wait",
        "colours",
        "context",
        "counts",
        "exposed_melds",
        "hand",
        "honours",
        "ranks",
        "suited",
        "suits",
        "tiles",
    )

    def __init__(self, hand: Hand, context: WinContext) -> None:
        self.hand = hand
        self.context = context
        counts = hand.total_counts()
        self.counts = counts
        """Per-code counts of every tile, melds (kongs as four) included."""
        tiles = [t for t in hand.tileset.tiles if counts[t.code]]
        self.tiles = tiles
        """The distinct tile kinds held, in canonical order."""
        suited = [t for t in tiles if t.rank is not None]
        self.suited = suited
        """Distinct number-tile kinds held."""
        self.honours = [t for t in tiles if t.rank is None]
        """Distinct honour kinds held."""
        self.ranks = frozenset(t.rank for t in suited if t.rank is not None)
        """Ranks of the number tiles held."""
        self.suits = frozenset(t.suit for t in suited if t.suit is not None)
        """Suits (colours) of the number tiles held."""
        self.colours = frozenset(t.suit for t in tiles if t.suit is not None)
        """Every colour held, honours carrying a colour included (UNO)."""
        self.exposed_melds = sum(1 for m in hand.melds if m.exposed)
        """Declared melds that are exposed (concealed kongs do not count)."""
        self._unique_wait: bool | None = None

    @property
    def unique_wait(self) -> bool:
        """True when the 13 tiles before the win wait on exactly one kind (by
        shape). Computed on first use: only a wait-shaped reading asks."""
        w = self._unique_wait
        if w is None:
            from ..shanten import won_on_single_wait

            w = self._unique_wait = won_on_single_wait(self.hand)
        return w


class Reading:
    """One decomposition with one role of the winning tile, plus hand facts."""

    __slots__ = (
        "chows",
        "concealed_pungs",
        "context",
        "decomposition",
        "facts",
        "hand",
        "melds",
        "pair",
        "pungs",
        "role",
        "shape",
        "win",
    )

    def __init__(self, facts: HandFacts, decomposition: Decomposition, role: WinRole) -> None:
        self.facts = facts
        self.hand = facts.hand
        self.context = facts.context
        self.decomposition = decomposition
        self.role = role
        self.shape = decomposition.shape
        self.melds = decomposition.melds
        self.pair = decomposition.pair
        win = self.hand.win
        assert win is not None
        self.win = win
        self.chows = tuple(i for i, m in enumerate(self.melds) if m.is_chow)
        self.pungs = tuple(i for i, m in enumerate(self.melds) if not m.is_chow)
        self.concealed_pungs = sum(1 for i in self.pungs if self.is_concealed_pung(i))

    def is_concealed_pung(self, i: int) -> bool:
        """暗刻: formed from concealed tiles; a pung completed by a discard is exposed."""
        m = self.melds[i]
        if m.exposed:
            return False
        if m.is_kong:
            return True
        return not (
            self.role.role is Role.MELD and self.role.index == i and not self.context.self_drawn
        )

    @property
    def family(self) -> str:
        """Shape family for per-hand caching: special, pairs or melds."""
        if self.shape in SPECIAL_SHAPES:
            return "special"
        if self.shape is Shape.SEVEN_PAIRS:
            return "pairs"
        return "melds"


@attrs.frozen(slots=True)
class CountedFan:
    """A fan as counted in a reading."""

    fan: FanDef
    count: int
    melds: tuple[int, ...] = ()
    """Indices into the reading's melds that produced it (may be empty)."""


@attrs.frozen(slots=True)
class Evaluation:
    """The counted fans of one reading and their total."""

    fans: tuple[CountedFan, ...]
    total: int
    key: tuple[object, ...]


def score_key(table: FanTable, fans: Sequence[CountedFan]) -> tuple[object, ...]:
    """Tie-break key, larger is better: total, then fan points sorted descending
    (element by element), then counts row by row in table order (more of the
    first row that differs wins)."""
    total = 0
    points: list[int] = []
    rows: list[int] = []
    position = table.position
    for f in fans:
        total += f.fan.points * f.count
        points.extend([f.fan.points] * f.count)
        rows.extend([-position[f.fan.id]] * f.count)
    points.sort(reverse=True)
    rows.sort(reverse=True)
    return (total, points, rows)


@attrs.frozen(slots=True)
class _Found:
    simple: dict[str, tuple[int, tuple[int, ...]]]
    chow_sets: list[tuple[str, tuple[int, ...]]]
    pung_sets: list[tuple[str, tuple[int, ...]]]
    per_meld: dict[str, tuple[int, ...]]


HandCache = dict[str, dict[str, tuple[int, tuple[int, ...]]]]
"""Per-hand results of the detectors that depend only on the hand, by shape family."""


def _find(table: FanTable, r: Reading, cache: HandCache) -> _Found:
    family = r.family
    per_hand = cache.get(family)
    if per_hand is None:
        per_hand = {}
        for row, det in table.hand_simple:
            n = det.fn(r)
            if n:
                per_hand[row.id] = (n, ())
        cache[family] = per_hand
    simple = dict(per_hand)
    chow_sets: list[tuple[str, tuple[int, ...]]] = []
    pung_sets: list[tuple[str, tuple[int, ...]]] = []
    per_meld: dict[str, tuple[int, ...]] = {}
    for row, det in table.reading_simple:
        n = det.fn(r)
        if n:
            simple[row.id] = (n, det.evidence(r) if det.evidence else ())
    if len(r.chows) >= 3:
        for row, det in table.chow_set_fans:
            chow_sets.extend((row.id, opt) for opt in det.fn(r))
    if len(r.pungs) >= 3:
        for row, det in table.pung_set_fans:
            pung_sets.extend((row.id, opt) for opt in det.fn(r))
    if r.pungs:
        for row, det in table.per_meld_fans:
            idx = tuple(det.fn(r))
            if idx:
                per_meld[row.id] = idx
    return _Found(simple, chow_sets, pung_sets, per_meld)


def _alternatives(
    sets: list[tuple[str, tuple[int, ...]]], size: int
) -> list[list[tuple[str, tuple[int, ...]]]]:
    """Ways to choose set fans (就高不就低 picks the best): none, any one set,
    or every set that uses all the melds together (they join the same group)."""
    alts: list[list[tuple[str, tuple[int, ...]]]] = [[]]
    alts.extend([s] for s in sets)
    whole = [s for s in sets if len(s[1]) == size]
    if len(whole) > 1:
        alts.append(whole)
    return alts


def _pair_edges(
    r: Reading, table: FanTable, kind: DetectorKind, members: tuple[int, ...], allowed: set[str]
) -> list[tuple[int, int, str]]:
    edges = []
    dets = [(row.id, det) for row, det in table.groups[kind] if row.id in allowed]
    for a, b in itertools.combinations(members, 2):
        for fid, det in dets:
            if det.fn(r, a, b):
                edges.append((a, b, fid))
                break
    return edges


def _is_forest(chosen: list[tuple[int, int, str]], groups: list[tuple[int, ...]]) -> bool:
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


_forest_memo: dict[tuple[object, ...], list[tuple[int, int, str]]] = {}


def _best_forest(
    table: FanTable,
    edges: list[tuple[int, int, str]],
    groups: list[tuple[int, ...]],
) -> list[tuple[int, int, str]]:
    """The best set of pair-combination edges that forms a forest over the
    melds with each set fan's melds pre-joined (套算一次): most edges, then
    most distinct fans, then more of the fan higher in the table. Memoised:
    the same small patterns recur in every hand."""
    key = (table.name, tuple(edges), tuple(groups))
    hit = _forest_memo.get(key)
    if hit is None:
        hit = _forest_memo[key] = _search_forest(table, edges, groups)
    return hit


def _search_forest(
    table: FanTable,
    edges: list[tuple[int, int, str]],
    groups: list[tuple[int, ...]],
) -> list[tuple[int, int, str]]:
    best: list[tuple[int, int, str]] = []
    best_key: tuple[object, ...] = (0,)
    n = len(edges)
    for mask in range(1, 1 << n):
        chosen = [edges[i] for i in range(n) if mask >> i & 1]
        if len(chosen) < len(best) or not _is_forest(chosen, groups):
            continue
        labels = [e[2] for e in chosen]
        rows = sorted((-table.position[x] for x in labels), reverse=True)
        key = (len(chosen), len(set(labels)), rows)
        if key > best_key:
            best_key = key
            best = chosen
    return best


def evaluate(table: FanTable, r: Reading, cache: HandCache) -> Evaluation:
    """The best-scoring way to count one reading's fans."""
    found = _find(table, r, cache)
    chow_alts = _alternatives(found.chow_sets, len(r.chows))
    pung_alts = _alternatives(found.pung_sets, len(r.pungs))
    best: Evaluation | None = None
    for chow_alt, pung_alt in itertools.product(chow_alts, pung_alts):
        ev = _count(table, r, found, chow_alt, pung_alt)
        if best is None or ev.key > best.key:
            best = ev
    assert best is not None
    return best


def _count(
    table: FanTable,
    r: Reading,
    found: _Found,
    chow_alt: list[tuple[str, tuple[int, ...]]],
    pung_alt: list[tuple[str, tuple[int, ...]]],
) -> Evaluation:
    present: dict[str, tuple[int, tuple[int, ...]]] = dict(found.simple)
    for fid, melds in (*chow_alt, *pung_alt):
        if fid not in present:
            present[fid] = (1, melds)
    excluded: set[str] = set()
    counted: list[CountedFan] = []
    by_id = table.by_id
    for fid in sorted(present, key=table.position.__getitem__):
        if fid in excluded:
            continue
        row = by_id[fid]
        hit = present[fid]
        counted.append(CountedFan(row, hit[0], hit[1]))
        excluded.update(row.excludes)
    # Pair-combination fans, on what the counted fans leave allowed.
    for kind, members, alt in (
        (DetectorKind.CHOW_PAIR, r.chows, chow_alt),
        (DetectorKind.PUNG_PAIR, r.pungs, pung_alt),
    ):
        if len(members) < 2:
            continue
        allowed = {row.id for row, _ in table.groups[kind] if row.id not in excluded}
        if not allowed:
            continue
        edges = _pair_edges(r, table, kind, members, allowed)
        for a, b, fid in _best_forest(table, edges, [m for _, m in alt]):
            counted.append(CountedFan(table[fid], 1, (a, b)))
    # Per-meld fans, less the melds a counted fan absorbs.
    for fid, idx in found.per_meld.items():
        if fid in excluded:
            continue
        absorbed: set[int] = set()
        for c in counted:
            if fid in c.fan.absorbs:
                hits = [i for i in c.melds if i in idx and i not in absorbed]
                if c.fan.absorbs_limit is not None:
                    hits = hits[: c.fan.absorbs_limit]
                absorbed.update(hits)
        left = tuple(i for i in idx if i not in absorbed)
        if left:
            counted.append(CountedFan(table[fid], len(left), left))
    merged = _merge(table, counted)
    if all(c.fan.id in table.bonus for c in merged):
        if found.chow_sets or found.pung_sets:
            # Dropping every set fan left nothing, but a set fan holds here:
            # 无番和 needs "no other fan at all", so this alternative is void.
            return Evaluation((), -1, (-1,))
        merged = _merge(table, [*merged, CountedFan(table[table.fallback], 1)])
    total = sum(c.fan.points * c.count for c in merged)
    return Evaluation(tuple(merged), total, score_key(table, merged))


def _merge(table: FanTable, counted: list[CountedFan]) -> list[CountedFan]:
    """One entry per fan, in table order, counts and melds added up."""
    by_id: dict[str, CountedFan] = {}
    for c in counted:
        prev = by_id.get(c.fan.id)
        if prev is None:
            by_id[c.fan.id] = c
        else:
            by_id[c.fan.id] = CountedFan(c.fan, prev.count + c.count, prev.melds + c.melds)
    return sorted(by_id.values(), key=lambda c: table.position[c.fan.id])


def meld_tiles(melds: Sequence[Meld], idx: Sequence[int]) -> tuple[Meld, ...]:
    """The melds at the given indices."""
    return tuple(melds[i] for i in idx)


def raw_patterns(table: FanTable, r: Reading) -> set[str]:
    """Every fan whose pattern holds in a reading, before any exclusion or
    combination rule (for rules audits)."""
    found = _find(table, r, {})
    out = set(found.simple) | {fid for fid, _ in found.chow_sets}
    out |= {fid for fid, _ in found.pung_sets} | set(found.per_meld)
    for kind, members in (
        (DetectorKind.CHOW_PAIR, r.chows),
        (DetectorKind.PUNG_PAIR, r.pungs),
    ):
        for row, det in table.groups[kind]:
            if any(det.fn(r, a, b) for a, b in itertools.combinations(members, 2)):
                out.add(row.id)
    return out
