"""Wall-clock speed-up of simulate and audit from 1 to N worker processes.

Usage::

    python benchmarks/scale_out.py [--games N] [--hands N] [--workers 1 2]
                                   [--repeat R] [--seed S] [--json]

Runs ``simulate(games=N, seed=S, workers=W)`` (greedy bots) and
``audit(hands=N, seed=S, workers=W)`` for each W of ``--workers``, each
``--repeat`` times, and prints the best wall-clock time of each with the
CPU time it took (all processes), the throughput and the speed-up over the
first W. On a machine shared with other work the wall-clock speed-up can
stay near 1 (Linux's autogroup scheduling shares the CPUs between sessions,
not processes); the CPU times still show what the split costs. The reports of every W must
be equal (the split never changes the numbers); the script exits 1 if they
are not. ``--games 0`` or ``--hands 0`` skips that half. Pool start-up is
part of the time, as it is for a caller.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial

from unomahjong.research.audit import audit
from unomahjong.research.simulation import simulate


def best_of(repeat: int, run: Callable[[], object]) -> tuple[float, float, object]:
    """The least wall-clock seconds of ``repeat`` runs, the CPU seconds of
    that run (this process and the pool's, once it is shut down), and the
    last result."""
    best = (float("inf"), 0.0)
    result: object = None
    for _ in range(repeat):
        before = os.times()
        start = time.perf_counter()
        result = run()
        wall = time.perf_counter() - start
        after = os.times()
        cpu = sum(after[:4]) - sum(before[:4])  # user and system, self and children
        best = min(best, (wall, cpu))
    return best[0], best[1], result


def _simulate(games: int, seed: int, workers: int) -> object:
    return simulate(games=games, seed=seed, workers=workers)


def _audit(hands: int, seed: int, workers: int) -> object:
    return audit(hands=hands, seed=seed, workers=workers)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    halves: list[tuple[str, int, str, Callable[[int], object]]] = [
        ("simulate", args.games, "games", partial(_simulate, args.games, args.seed)),
        ("audit", args.hands, "hands", partial(_audit, args.hands, args.seed)),
    ]
    for what, n, unit, call in halves:
        if n <= 0:
            continue
        first: tuple[float, object] | None = None
        for w in args.workers:
            seconds, cpu, report = best_of(args.repeat, partial(call, w))
            if first is None:
                first = (seconds, report)
            elif report != first[1]:
                print(f"{what}: the report of {w} workers differs from that of {args.workers[0]}")
                return 1
            rows.append(
                {
                    "what": what,
                    unit: n,
                    "workers": w,
                    "seconds": round(seconds, 3),
                    "cpu_seconds": round(cpu, 3),
                    f"{unit}_per_second": round(n / seconds, 1),
                    "speed_up": round(first[0] / seconds, 2),
                }
            )
    if args.json:
        print(json.dumps({"cpus": os.cpu_count(), "rows": rows}))
    else:
        print(f"{os.cpu_count()} CPUs; best of {args.repeat}")
        for r in rows:
            unit = "games" if "games" in r else "hands"
            print(
                f"{r['what']:<9} {r[unit]:>6} {unit}  workers {r['workers']}:"
                f" {r['seconds']:7.2f} s (CPU {r['cpu_seconds']:6.2f} s)"
                f"  {r[unit + '_per_second']:8.1f} {unit}/s"
                f"  speed-up {r['speed_up']:.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
