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
from collections.abc import Callable, Mapping
from typing import ClassVar

import attrs

from .. import _parallel
from .._checks import checked_init, keywords_checked
from .._text import display_width, pad
from ..analysis.readings import decompose
from ..model.context import WinContext
from ..model.hand import Hand
from ..rules.fans import FanTable
from ..rules.rule_sets import RuleSet, count_option, get_rules, seed_option
from ..scoring.counting import HandCache, best_count, raw_patterns
from ..scoring.facts import HandFacts, Reading
from . import _portable
from .generate import random_winning_hand

__all__ = ["AuditInterrupted", "AuditReport", "audit"]


@checked_init
@attrs.frozen(slots=True)
class AuditReport:
    """What an audit found; ``str()`` prints it as tables."""

    __hash__: ClassVar[None] = None  # type: ignore[assignment]
    """Unhashable, as its dictionaries are (attrs would make a hash that
    raises on them)."""

    rules: str
    hands: int
    seen: dict[str, int]
    """Fan id -> number of sampled hands whose chosen reading holds its pattern,
    in table order."""
    implied: tuple[tuple[str, str, int], ...]
    """(A, B, hands with A) where B held whenever A held and A does not exclude B."""
    silent: tuple[tuple[str, str, int], ...]
    """(A, B, hands with A) where A excludes B and B never held with A."""
    never: tuple[str, ...]
    """Fans whose pattern never held in the sample."""
    together: Mapping[tuple[str, str], int] = attrs.field(factory=dict)
    """(A, B) -> sampled hands whose chosen reading holds both A's and B's
    patterns (A != B; both orders are stored): the co-occurrence counts
    that :func:`unomahjong.render.plots.audit_svg` draws."""

    fan_names: Mapping[str, tuple[str, str]] = attrs.field(factory=dict)
    """Fan id -> its Chinese and English names, for every row of the table
    audited, in table order (what the text and pictures label the fans
    with, whether or not the rule set has a name :func:`~unomahjong.get_rules` knows)."""

    def _zh(self, fan: str) -> str:
        """The Chinese name of ``fan`` (its id, for a fan the report does not name)."""
        return self.fan_names.get(fan, (fan, fan))[0]

    def __str__(self) -> str:
        """The report as tables, the names aligned by display width."""
        lines = [f"audit of {self.rules}: {self.hands} hands"]
        if self.never:
            lines.append("fans never seen: " + ", ".join(self._zh(f) for f in self.never))
        for title, arrow, pairs in (
            ("(a) implied but not excluded (A held => B held):", "->", self.implied),
            ("(b) exclusions that never fired (A excludes B, never together):", "-x", self.silent),
        ):
            lines += ["", title]
            a_width = max((display_width(self._zh(a)) for a, _, _ in pairs), default=0)
            b_width = max((display_width(self._zh(b)) for _, b, _ in pairs), default=0)
            n_width = max((len(str(n)) for _, _, n in pairs), default=0)
            for a, b, n in pairs:
                lines.append(
                    f"  {pad(self._zh(a), a_width)} {arrow} {pad(self._zh(b), b_width)}"
                    f"  {n:>{n_width}} {'hand' if n == 1 else 'hands'}"
                )
        return "\n".join(lines)


Tally = Counter[tuple[str, ...]]
"""An audit's counts in one counter, so that a hand is added in one step:
``()`` -> hands, ``(A,)`` -> hands holding fan A's pattern, ``(A, B)`` ->
hands holding both (A != B, both orders)."""


def _score_sample(
    run: int, rules: _portable.PortableRules, sample: list[tuple[Hand, WinContext]]
) -> Tally:
    """The counts of the sampled hands: one chunk of run ``run``, run
    wherever the executor runs it; stopped, those of the hands it finished."""
    table = _portable.unpack_rules(rules).fans
    tally: Tally = Counter()
    try:
        for i in _parallel.indices(run, 0, len(sample)):
            tally.update(_keys(table, *sample[i]))
    except KeyboardInterrupt:
        pass  # Ctrl-C in a worker of the caller's pool: the hands finished
    return tally


def _keys(table: FanTable, hand: Hand, ctx: WinContext) -> list[tuple[str, ...]]:
    """What one hand adds to a :data:`Tally`, from the raw patterns of the
    reading it scores with. ``Counter.update`` counts a list in one call
    into C, which Ctrl-C cannot cut in two: a hand is counted whole or not
    at all."""
    facts = HandFacts(hand, ctx)
    cache: HandCache = {}
    best = None
    for d in decompose(hand):
        for role in d.win_roles:
            r = Reading(facts, d, role)
            ev = best_count(table, r, cache)
            if best is None or ev.key > best[0].key:
                best = (ev, r)
    raw = () if best is None else sorted(raw_patterns(table, best[1]))
    return [(), *((a,) for a in raw), *((a, b) for a in raw for b in raw if a != b)]


class AuditInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`audit`: a ``KeyboardInterrupt`` that carries the
    :class:`AuditReport` of every hand scored before it (its ``hands``)."""

    report: AuditReport

    def __init__(self, report: AuditReport, requested: int) -> None:
        super().__init__(f"interrupted after {report.hands} of {requested} hands")
        self.report = report


@keywords_checked
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
    the costly part, runs in contiguous chunks as :func:`unomahjong.research.simulation.simulate`'s
    games do: here with ``workers=1``; in a process pool of ``workers``
    processes (``0``: every core) with ``4 * workers`` chunks or more (of
    2,000 hands at most); or in ``workers`` chunks on ``executor``;
    ``chunks`` sets their number. Each chunk's hands are drawn while the
    chunks before it are scored. The report is the same whatever the
    split. ``progress(done, total)`` is called in this process after each
    hand (here) or each finished chunk. On Ctrl-C this raises
    :class:`AuditInterrupted` with the report of the hands scored. Bad
    arguments raise :class:`~unomahjong.RulesError`.
    """
    rs = get_rules(rules)
    hands = count_option(hands, "hands", minimum=1)
    table = rs.fans
    rng = random.Random(seed_option(seed, "audit"))
    the_plan = _parallel.plan(
        "audit", hands, workers=workers, executor=executor, chunks=chunks, progress=progress
    )
    tally: Tally = Counter()
    results: dict[int, Tally] = {}
    try:
        if the_plan.inline:
            for i in range(hands):
                tally.update(_keys(table, *random_winning_hand(rng, rs)))
                if the_plan.progress is not None:
                    the_plan.progress(i + 1, hands)
        else:
            portable = _portable.portable_rules(rs, the_plan, "audit")
            jobs = (
                (portable, [random_winning_hand(rng, rs) for _ in range(stop - start)])
                for start, stop in the_plan.ranges
            )
            _parallel.run(the_plan, _parallel.new_run(), _score_sample, jobs, results)
    except KeyboardInterrupt:
        raise AuditInterrupted(_report(rs, table, tally, results), hands) from None
    return _report(rs, table, tally, results)


def _report(rs: RuleSet, table: FanTable, tally: Tally, results: dict[int, Tally]) -> AuditReport:
    for i in sorted(results):  # in sample order, as the hands were drawn
        tally.update(results[i])
    hands = tally[()]
    seen = {r.id: tally[(r.id,)] for r in table.rows if (r.id,) in tally}  # in table order
    together = {(k[0], k[1]): n for k, n in tally.items() if len(k) == 2}
    implied = []
    silent = []
    for row in table.rows:
        a = row.id
        n = seen.get(a, 0)
        if not n:
            continue
        for other in table.rows:
            b = other.id
            if b == a:
                continue
            if together.get((a, b), 0) == n and b not in row.excludes and b not in row.absorbs:
                implied.append((a, b, n))
        for b in row.excludes:
            if (a, b) not in together:
                silent.append((a, b, n))
    never = tuple(r.id for r in table.rows if r.id not in seen and r.id != table.fallback)
    names = {r.id: (r.zh, r.en) for r in table.rows}
    return AuditReport(rs.name, hands, seen, tuple(implied), tuple(silent), never, together, names)
