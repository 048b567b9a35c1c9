"""Large differential run of MCR scoring against PyMahjongGB, fan for fan.

Usage::

    python benchmarks/diff_mcr.py [--hands N] [--seeds S1,S2,...] [--pure]

For every seed, draws N winning MCR hands of all shapes and themes with random
consistent contexts (``unomahjong.research.generate``) and compares the fan multiset
(PyMahjongGB's 独听 names mapped to ours) and the total. Prints which engine
scored (the compiled core when it is active; ``--pure``, like
``UNOMAHJONG_PURE=1``, makes it the Python engine), the mismatch count per
seed (and the first few mismatches); exit status 1 if any.
"""

from __future__ import annotations

import argparse
import contextlib
from collections import Counter
from collections.abc import Sequence

import MahjongGB

from unomahjong import _engine, score
from unomahjong.research.generate import winning_hands
from unomahjong.research.interop import FAN_NAMES, gb_fan_arguments


def main(argv: Sequence[str] | None = None) -> int:
    """Run the comparison; returns the exit status."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--seeds", default="11,12,13,14,15")
    ap.add_argument("--pure", action="store_true", help="score with the Python engine")
    args = ap.parse_args(argv)
    if args.pure or not _engine.COMPILED:
        why = "--pure" if args.pure else "no compiled core active"
        print(f"engine: Python ({why})")
    else:
        print("engine: compiled core")
    with _engine.python_engine() if args.pure else contextlib.nullcontext():
        return _compare(args.hands, [int(s) for s in args.seeds.split(",")])


def _compare(hands: int, seeds: list[int]) -> int:
    failed = 0
    for seed in seeds:
        bad = 0
        for hand, ctx in winning_hands(seed, hands, "mcr"):
            theirs: Counter[str] = Counter()
            total = 0
            for points, count, name, _en in MahjongGB.MahjongFanCalculator(
                **gb_fan_arguments(hand, ctx), verbose=True
            ):
                theirs[FAN_NAMES.get(name, name)] += count
                total += points * count
            s = score(hand, ctx, "mcr")
            ours = Counter({f.zh: f.count for f in s.fans})
            if ours != theirs or s.total != total:
                bad += 1
                if bad <= 3:
                    print(f"  {hand} {ctx}: ours {dict(ours)} {s.total}")
                    print(f"    theirs {dict(theirs)} {total}")
        print(f"seed {seed}: {bad} mismatches in {hands} hands")
        failed += bad
    print(f"{failed} mismatches in {hands * len(seeds)} hands")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
