"""Compare the compiled core with the Python engine on a million hands.

Usage::

    python benchmarks/diff_engines.py [--hands N] [--seed S] [--rules uno|mcr|botzone|both]
        [--workers W] [--chunk C] [--analysis-every K] [--discards-every M] [--json]
    python benchmarks/diff_engines.py --case SEED:INDEX --rules uno   # one reproducer

The same field-by-field comparison as tests/test_engines.py (the one
comparison lives in tests/engine_diff.py): every case is scored under the
Python engine and under the active engine, and totals, fans with their
counts, points and melds, the reading, the winning tile's role, the hand,
context and rules, ``as_dict()`` and ``str()`` (or the error) must agree.
Every ``K``-th case also compares waits, live waits, shanten per shape,
``is_winning``, the decompositions and the notation round trip of the 13-
and 14-tile hands, and every ``M``-th its discard options: those cost 5-50
times a score in the Python engine, so a million of them would not fit in
half an hour on two cores.

``--hands`` is the total (split evenly between the rule sets with
``--rules both``), drawn in chunks of ``C`` cases: chunk ``k`` of a rule set
is ``engine_diff.sample(S + k, C, rules)``, so results do not depend on the
number of workers and a case is reproduced by ``--case S+k:i``. Progress goes
to stderr; the summary (mismatches with the first reproducers, coverage) to
stdout. Exit status 1 on any mismatch or crash. Without a compiled core (or
with ``UNOMAHJONG_PURE=1``) both sides run Python, which checks the harness.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import engine_diff as ed  # the comparison, shared with the test suite

from unomahjong import _engine

DEFAULT_HANDS = 1_000_000
DEFAULT_SEED = 20_261_201
DEFAULT_CHUNK = 5_000
DEFAULT_ANALYSIS_EVERY = 10
DEFAULT_DISCARDS_EVERY = 100
KEEP = 5
"""Reproducers kept per chunk (and printed in all)."""

Chunk = tuple[int, str, int, int, frozenset[int]]
"""(number, rules, seed, cases, indices of cases not to compare: each
crashed a worker)."""

# Which case each worker is comparing: a worker that crashes (a segfault in
# the core) takes its traceback with it, so the parent reads these.
_slots: Any = None
_slot = -1


def _init(slots: Any, claimed: Any) -> None:
    global _slots, _slot
    _slots = slots
    with claimed.get_lock():
        _slot = claimed.value
        claimed.value += 1


def engine_label() -> str:
    """Which engines the comparison ran."""
    if _engine.COMPILED:
        return "compiled core against the Python engine"
    return "Python engine against itself (no compiled core active: checks the harness only)"


def run_chunk(chunk: Chunk, analysis_every: int, discards_every: int) -> dict[str, Any]:
    """Compare one chunk of cases; mismatches carry their reproducers."""
    number, rules, seed, count, skip = chunk
    coverage = ed.Coverage()
    mismatches: list[dict[str, Any]] = []
    bad = 0
    start = time.perf_counter()
    for i, case in enumerate(
        ed.sample(seed, count, rules, analysis_every=analysis_every, discards_every=discards_every)
    ):
        if i in skip:
            continue
        if _slots is not None:
            _slots[2 * _slot] = number
            _slots[2 * _slot + 1] = i
        reference, other = case.observe_both()
        fields = ed.differences(reference, other)
        if fields:
            bad += 1
            if len(mismatches) < KEEP:
                mismatches.append(
                    {
                        "case": f"{seed}:{i}",
                        "reproducer": case.reproducer(),
                        "fields": fields,
                        "first": _values(fields[0], reference, other),
                    }
                )
        coverage.add(case, reference)
    return {
        "rules": rules,
        "seed": seed,
        "cases": coverage.cases,
        "bad": bad,
        "mismatches": mismatches,
        "coverage": coverage,
        "seconds": time.perf_counter() - start,
    }


def _values(field: str, reference: ed.Observation, other: ed.Observation) -> list[str]:
    key = field.removesuffix(" (unexpected error)")
    return [_short(reference.get(key, "<missing>")), _short(other.get(key, "<missing>"))]


def _short(value: object, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _chunks(hands: int, rules: Sequence[str], seed: int, size: int) -> list[Chunk]:
    parts: list[tuple[str, int, int]] = []
    for r in rules:
        left = hands // len(rules)
        k = 0
        while left > 0:
            n = min(size, left)
            parts.append((r, seed + k, n))
            left -= n
            k += 1
    # Alternate the rule sets so that progress shows both early.
    parts.sort(key=lambda c: (c[1], c[0]))
    return [(i, r, s, n, frozenset()) for i, (r, s, n) in enumerate(parts)]


def run_all(
    chunks: list[Chunk], workers: int, analysis_every: int, discards_every: int
) -> tuple[list[dict[str, Any]], list[str]]:
    """Every chunk's result, and the cases that crashed a worker.

    A crash (a segfault in the core) breaks the whole pool: the cases then in
    flight are tried one by one in a pool of their own to find the culprit,
    which is skipped when the interrupted chunks run again."""
    results: list[dict[str, Any]] = []
    crashes: list[str] = []
    suspects: set[tuple[int, int]] = set()
    pending = {c[0]: c for c in chunks}
    total = sum(c[3] for c in chunks)
    start = time.perf_counter()
    while pending:
        ctx = multiprocessing.get_context()
        slots = ctx.Array("q", 2 * workers, lock=False)
        for k in range(2 * workers):
            slots[k] = -1
        claimed = ctx.Value("i", 0)
        with ProcessPoolExecutor(
            workers, mp_context=ctx, initializer=_init, initargs=(slots, claimed)
        ) as pool:
            futures = {
                pool.submit(run_chunk, c, analysis_every, discards_every): n
                for n, c in pending.items()
            }
            try:
                while futures:
                    done, _ = wait(futures, return_when=FIRST_COMPLETED)
                    for f in done:
                        results.append(f.result())
                        del pending[futures.pop(f)]
                        _progress(results, total, start)
            except BrokenProcessPool:
                in_flight = [
                    (int(slots[2 * k]), int(slots[2 * k + 1]))
                    for k in range(workers)
                    if slots[2 * k] >= 0
                ]
        if futures:
            for number, i in in_flight:
                pending[number] = _after_crash(pending[number], i, crashes, suspects)
    return results, crashes


def _after_crash(chunk: Chunk, i: int, crashes: list[str], suspects: set[tuple[int, int]]) -> Chunk:
    """The chunk to run again: without case ``i`` if that case alone crashes
    a worker, or if it was in flight at an earlier crash too (a crash that
    does not repeat alone must not make the run loop)."""
    number, rules, seed, count, skip = chunk
    with ProcessPoolExecutor(1) as pool:
        try:
            probe = (number, rules, seed, i + 1, frozenset(range(i)))
            pool.submit(run_chunk, probe, 1, 1).result()
            if (number, i) not in suspects:
                suspects.add((number, i))
                return chunk  # another case crashed; this one was interrupted
            note = "was in flight at two crashes, does not crash alone (skipped)"
        except BrokenProcessPool:
            note = "crashes a worker (skipped)"
    crashes.append(f"--case {seed}:{i} --rules {rules} {note}")
    print(f"\n  CRASH: {crashes[-1]}", file=sys.stderr)
    return (number, rules, seed, count, skip | {i})


def _progress(results: list[dict[str, Any]], total: int, start: float) -> None:
    done = sum(r["cases"] for r in results)
    bad = sum(r["bad"] for r in results)
    elapsed = time.perf_counter() - start
    rate = done / elapsed if elapsed else 0.0
    eta = (total - done) / rate / 60 if rate else 0.0
    print(
        f"  {done:>9,} / {total:,} cases, {bad} mismatches, {rate:,.0f} cases/s,"
        f" {elapsed / 60:.1f} min, about {eta:.1f} min left",
        file=sys.stderr,
        flush=True,
    )


def show_case(spec: str, rules: str) -> int:
    """Compare one case (``SEED:INDEX``) with every analysis; print each field that differs."""
    seed, index = (int(x) for x in spec.split(":"))
    *_, case = ed.sample(seed, index + 1, rules)
    print(case.reproducer())
    print(f"engines: {engine_label()}")
    reference, other = case.observe_both()
    fields = ed.differences(reference, other)
    for field in fields:
        python, active = _values(field, reference, other)
        print(f"  {field}\n    python: {python}\n    active: {active}")
    print(f"{len(fields)} fields differ" if fields else "all fields agree")
    return 1 if fields else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the comparison; returns the exit status."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=DEFAULT_HANDS, help="total cases")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--rules", choices=("uno", "mcr", "botzone", "both"), default="both")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--chunk", type=int, default=DEFAULT_CHUNK)
    ap.add_argument("--analysis-every", type=int, default=DEFAULT_ANALYSIS_EVERY)
    ap.add_argument("--discards-every", type=int, default=DEFAULT_DISCARDS_EVERY)
    ap.add_argument("--case", help="compare one case SEED:INDEX of --rules and show the fields")
    ap.add_argument("--json", action="store_true", help="the summary as JSON")
    args = ap.parse_args(argv)
    rules = ("uno", "mcr") if args.rules == "both" else (args.rules,)
    if args.case:
        return show_case(args.case, rules[0])

    chunks = _chunks(args.hands, rules, args.seed, args.chunk)
    print(
        f"diff_engines: {sum(c[3] for c in chunks):,} cases ({', '.join(rules)}), seed {args.seed},"
        f" {args.workers} workers; {engine_label()}",
        file=sys.stderr,
    )
    start = time.perf_counter()
    results, crashes = run_all(chunks, args.workers, args.analysis_every, args.discards_every)
    elapsed = time.perf_counter() - start
    summary = _summary(results, crashes, rules, args, elapsed)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        _print_summary(summary)
    return 1 if summary["mismatches"] or crashes else 0


def _summary(
    results: list[dict[str, Any]],
    crashes: list[str],
    rules: Sequence[str],
    args: argparse.Namespace,
    elapsed: float,
) -> dict[str, Any]:
    per_rules: dict[str, Any] = {}
    for r in rules:
        mine = [x for x in results if x["rules"] == r]
        coverage = ed.Coverage()
        for x in mine:
            coverage.merge(x["coverage"])
        per_rules[r] = {
            "cases": coverage.cases,
            "mismatches": sum(x["bad"] for x in mine),
            "scored": coverage.scored,
            "refused_alike": dict(coverage.errors.most_common()),
            "analysed": coverage.analysed,
            "discards_compared": coverage.discards,
            "shapes": dict(coverage.shapes.most_common()),
            "missing": coverage.missing(r),
            "fans_seen": sum(1 for n in coverage.fans.values() if n),
            "reproducers": [
                m for x in sorted(mine, key=lambda x: x["seed"]) for m in x["mismatches"]
            ][:KEEP],
        }
    return {
        "engines": engine_label(),
        "compiled": _engine.COMPILED,
        "seed": args.seed,
        "cases": sum(v["cases"] for v in per_rules.values()),
        "mismatches": sum(v["mismatches"] for v in per_rules.values()),
        "crashes": crashes,
        "analysis_every": args.analysis_every,
        "discards_every": args.discards_every,
        "workers": args.workers,
        "minutes": round(elapsed / 60, 2),
        "rules": per_rules,
    }


def _print_summary(s: dict[str, Any]) -> None:
    print(f"engines: {s['engines']}")
    print(
        f"{s['cases']:,} cases in {s['minutes']} min ({s['workers']} workers, seed {s['seed']}):"
        f" {s['mismatches']} mismatches, {len(s['crashes'])} crashes"
    )
    print(
        f"scores compared on every case; waits, shanten, decompositions and notation"
        f" on every {s['analysis_every']}th, discard options on every {s['discards_every']}th"
    )
    for r, v in s["rules"].items():
        print(f"\n{r}: {v['cases']:,} cases, {v['mismatches']} mismatches")
        print(
            f"  scored {v['scored']:,}; refused alike {sum(v['refused_alike'].values()):,}"
            f" ({', '.join(f'{k} {n}' for k, n in list(v['refused_alike'].items())[:6])}, ...)"
        )
        print(f"  analysis compared on {v['analysed']:,}, discards on {v['discards_compared']:,}")
        print(f"  shapes: {', '.join(f'{k} {n:,}' for k, n in v['shapes'].items())}")
        print(f"  fans seen: {v['fans_seen']}; never seen: {v['missing']['fans'] or 'none'}")
        print(f"  context facts never seen: {v['missing']['facts'] or 'none'}")
        for m in v["reproducers"]:
            print(f"  differs: {m['reproducer']}\n    fields: {', '.join(m['fields'])}")
            print(f"    {m['fields'][0]}: python {m['first'][0]}\n      active {m['first'][1]}")
            print(f"    rerun: python benchmarks/diff_engines.py --case {m['case']} --rules {r}")
    for c in s["crashes"]:
        print(f"CRASH: {c}")


if __name__ == "__main__":
    raise SystemExit(main())
