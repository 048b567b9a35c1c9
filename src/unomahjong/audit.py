"""Rules audit: look for double counts and exclusions that never fire.

For users who verify a fan table: draw many winning hands (all shapes, with
themes so every fan occurs), take the reading each scores with, and record
which fans' *raw patterns* hold there before exclusions. Then report

* **implied pairs** — A held, and B held in every sampled hand where A held,
  yet A does not exclude B: a candidate double count under 不重复原则 (or a
  deliberate combination, as 清龙 with 无功能 is not);
* **silent exclusions** — A excludes B, but B never held together with A: a
  rule that never fires in the sample (often because B can never hold with A,
  which is harmless, or because a detector is too narrow).
"""

from __future__ import annotations

import concurrent.futures as cf
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import ClassVar

import attrs

from . import _parallel
from .context import WinContext
from .decompose import decompose
from .fans.engine import HandCache, best_count, raw_patterns
from .fans.model import FanTable
from .fans.reading import HandFacts, Reading
from .generate import random_winning_hand
from .hand import Hand
from .rules import RuleSet, count_option, get_rules, seed_option

__all__ = ["AuditReport", "audit"]


@attrs.frozen(slots=True)
class AuditReport:
    """What an audit found; ``str()`` prints it as tables."""

    __hash__: ClassVar[None] = None  # type: ignore[assignment]
    """Unhashable, as its dictionaries are (attrs would make a hash that
    raises on them)."""

    rules: str
    hands: int
    seen: dict[str, int]
    """Fan id -> number of sampled hands whose chosen reading holds its pattern."""
    implied: tuple[tuple[str, str, int], ...]
    """(A, B, hands with A) where B held whenever A held and A does not exclude B."""
    silent: tuple[tuple[str, str, int], ...]
    """(A, B, hands with A) where A excludes B and B never held with A."""
    never: tuple[str, ...]
    """Fans whose pattern never held in the sample."""
    together: Mapping[tuple[str, str], int] = attrs.field(factory=dict)
    """(A, B) -> sampled hands whose chosen reading holds both A's and B's
    patterns (A != B; both orders are stored): the co-occurrence counts
    that :func:`unomahjong.plots.audit_svg` draws."""

    def __str__(self) -> str:
        t = get_rules(self.rules).fans
        lines = [f"audit of {self.rules}: {self.hands} hands"]
        if self.never:
            lines.append("fans never seen: " + ", ".join(t[f].zh for f in self.never))
        lines.append("")
        lines.append("(a) implied but not excluded (A held => B held):")
        for a, b, n in self.implied:
            lines.append(f"  {t[a].zh:<8} -> {t[b].zh:<8} ({n} hands)")
        lines.append("")
        lines.append("(b) exclusions that never fired (A excludes B, never together):")
        for a, b, n in self.silent:
            lines.append(f"  {t[a].zh:<8} -x {t[b].zh:<8} ({n} hands)")
        return "\n".join(lines)


def _score_sample(
    rules: _parallel.PortableRules, sample: Iterable[tuple[Hand, WinContext]]
) -> tuple[Counter[str], Counter[tuple[str, str]]]:
    """The raw patterns of each sampled hand's chosen reading: fan id ->
    hands, and (A, B) -> hands holding both (A != B). One chunk, run
    wherever the executor runs it."""
    table = _parallel.unpack_rules(rules).fans
    seen: Counter[str] = Counter()
    together: Counter[tuple[str, str]] = Counter()
    for hand, ctx in sample:
        _count(table, hand, ctx, seen, together)
    return seen, together


def _count(
    table: FanTable,
    hand: Hand,
    ctx: WinContext,
    seen: Counter[str],
    together: Counter[tuple[str, str]],
) -> None:
    facts = HandFacts(hand, ctx)
    cache: HandCache = {}
    best = None
    for d in decompose(hand):
        for role in d.win_roles:
            r = Reading(facts, d, role)
            ev = best_count(table, r, cache)
            if best is None or ev.key > best[0].key:
                best = (ev, r)
    if best is None:
        return
    raw = raw_patterns(table, best[1])
    seen.update(raw)
    for a in raw:
        for b in raw:
            if a != b:
                together[(a, b)] += 1


def audit(
    rules: str | RuleSet = "uno",
    *,
    hands: int = 2000,
    seed: int = 0,
    workers: int = 1,
    executor: cf.Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunks: int | None = None,
) -> AuditReport:
    """Sample ``hands`` winning hands and report implied pairs and silent exclusions.

    The sample is one seeded stream of hands, drawn here in order (so it is
    the same sample however the work is split); the scoring of the hands,
    the costly part, runs in contiguous chunks as :func:`unomahjong.simulation.simulate`'s
    games do: here with ``workers=1``; in a process pool of ``workers``
    processes (``0``: every core) with ``4 * workers`` chunks; or in
    ``workers`` chunks on ``executor``; ``chunks`` sets their number. Each
    chunk's hands are drawn while the chunks before it are scored. The
    report is the same whatever the split. ``progress(done, total)`` is
    called in this process after each hand (here) or each finished chunk.
    Bad arguments raise :class:`~unomahjong.RulesError`.
    """
    rs = get_rules(rules)
    hands = count_option(hands, "hands", minimum=1)
    table = rs.fans
    rng = random.Random(seed_option(seed, "audit"))
    the_plan = _parallel.plan(
        "audit", hands, workers=workers, executor=executor, chunks=chunks, progress=progress
    )
    seen: Counter[str] = Counter()
    together: Counter[tuple[str, str]] = Counter()
    if the_plan.inline:
        for i in range(hands):
            hand, ctx = random_winning_hand(rng, rs)
            _count(table, hand, ctx, seen, together)
            if the_plan.progress is not None:
                the_plan.progress(i + 1, hands)
    else:
        portable = _parallel.portable_rules(rs, the_plan, "audit")
        jobs = (
            (portable, [random_winning_hand(rng, rs) for _ in range(stop - start)])
            for start, stop in the_plan.ranges
        )
        results: dict[int, tuple[Counter[str], Counter[tuple[str, str]]]] = {}
        _parallel.run(the_plan, _score_sample, jobs, results)
        for i in sorted(results):  # in sample order, as the hands were drawn
            seen.update(results[i][0])
            together.update(results[i][1])
    return _report(rs, hands, table, seen, together)


def _report(
    rs: RuleSet,
    hands: int,
    table: FanTable,
    seen: Counter[str],
    together: Counter[tuple[str, str]],
) -> AuditReport:
    implied = []
    silent = []
    for row in table.rows:
        a = row.id
        n = seen[a]
        if not n:
            continue
        for other in table.rows:
            b = other.id
            if b == a:
                continue
            if together[(a, b)] == n and b not in row.excludes and b not in row.absorbs:
                implied.append((a, b, n))
        for b in row.excludes:
            if together[(a, b)] == 0:
                silent.append((a, b, n))
    never = tuple(r.id for r in table.rows if not seen[r.id] and r.id != table.fallback)
    return AuditReport(
        rs.name, hands, dict(seen), tuple(implied), tuple(silent), never, dict(together)
    )
