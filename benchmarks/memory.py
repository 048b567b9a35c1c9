"""Resident memory above import while scoring many hands.

Usage::

    python benchmarks/memory.py [--hands N] [--rules uno|mcr|both] [--every K]
                                [--analysis] [--memo-limit N] [--seed S] [--json]

Scores ``--hands`` seeded winning hands (default 1,000,000; drawn one at a
time, so the sample itself takes no memory) and prints the resident set
size above what it was after ``import unomahjong`` every ``--every`` hands
and at the end (and the whole process's), with the peak (``VmHWM``) and, in the Python engine, the
entries held by the memo tables. ``--rules both`` alternates UNO and MCR
hands; ``--analysis`` also computes the shanten and waits of each hand less
its winning tile. ``--memo-limit`` calls ``scoring.set_memo_limit`` first.
Runs in the engine that is active: prefix ``UNOMAHJONG_PURE=1`` for the
Python engine. Linux only (reads ``/proc/self``).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Iterator, Sequence

import unomahjong
from unomahjong import Hand, WinContext, shanten, waits
from unomahjong.research.generate import winning_hands
from unomahjong.rules.rule_sets import RULE_SETS
from unomahjong.scoring import scorer as scoring

_PAGE = os.sysconf("SC_PAGE_SIZE")


def resident() -> int:
    """Bytes resident now (``/proc/self/statm``)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * _PAGE


def peak() -> int:
    """Most bytes resident so far (``VmHWM``)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the measurement; returns the exit status."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--rules", choices=("uno", "mcr", "both"), default="uno")
    ap.add_argument("--every", type=int, default=100_000, help="report every K hands")
    ap.add_argument("--analysis", action="store_true", help="also shanten and waits")
    ap.add_argument("--memo-limit", type=int, default=None)
    ap.add_argument("--seed", type=int, default=20_261_201)
    ap.add_argument("--json", action="store_true", help="one JSON object at the end")
    args = ap.parse_args(argv)

    base = resident()  # after the import, as the module's own imports ran
    base_peak = peak()
    if args.memo_limit is not None:
        scoring.set_memo_limit(args.memo_limit)
    engine = "compiled" if unomahjong.COMPILED else "python"

    def sample() -> Iterator[tuple[Hand, WinContext, str]]:
        if args.rules != "both":
            for h, c in winning_hands(args.seed, args.hands, args.rules):
                yield h, c, args.rules
            return
        uno = winning_hands(args.seed, (args.hands + 1) // 2, "uno")
        mcr = winning_hands(args.seed + 1, args.hands // 2, "mcr")
        for (h, c), (m, d) in zip(uno, mcr, strict=False):
            yield h, c, "uno"
            yield m, d, "mcr"
        for h, c in uno:  # an odd count: the last UNO hand
            yield h, c, "uno"

    rows: list[dict[str, object]] = []
    start = time.perf_counter()

    def report(n: int) -> None:
        row: dict[str, object] = {
            "hands": n,
            "seconds": round(time.perf_counter() - start, 1),
            "mb_above_import": round((resident() - base) / 1e6, 1),
            "mb_resident": round(resident() / 1e6, 1),
            "peak_mb_above_import": round((peak() - base_peak) / 1e6, 1),
            "memo_entries": memo_entries(),
        }
        rows.append(row)
        if not args.json:
            print(
                f"{n:>10,} hands {row['seconds']:>8}s  resident +{row['mb_above_import']} MB"
                f" ({row['mb_resident']} MB in all)"
                f"  peak +{row['peak_mb_above_import']} MB  memo entries {row['memo_entries']:,}",
                flush=True,
            )

    if not args.json:
        print(f"engine {engine}, rules {args.rules}, memo limit {scoring.memo_limit():,}")
    n = 0
    for h, c, rules in sample():
        fans = scoring.score(h, c, rules).fans
        assert fans
        if args.analysis:
            h13 = h.without_win()
            shanten(h13)
            waits(h13)
        n += 1
        if n % args.every == 0:
            report(n)
    if not rows or rows[-1]["hands"] != n:
        report(n)
    if args.json:
        out = {
            "engine": engine,
            "rules": args.rules,
            "analysis": args.analysis,
            "memo_limit": scoring.memo_limit(),
            "rows": rows,
        }
        print(json.dumps(out))
    return 0


def memo_entries() -> int:
    """Entries held by the Python engine's memo tables now, the fan tables'
    interned entries included."""
    interned = sum(len(rs.fans.entry_memo) for rs in RULE_SETS.values())
    return sum(map(len, scoring.memo_tables())) + interned


if __name__ == "__main__":
    raise SystemExit(main())
