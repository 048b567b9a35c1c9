"""Count the machine instructions scoring takes per hand, on first sight.

Usage::

    python benchmarks/instructions.py [--rules uno|mcr] [--hands N] [--seed S] [--src DIR]

Wall-clock timings on a shared machine vary by tens of percent from run to
run; instruction counts do not. This runs the interpreter twice under
valgrind's cachegrind (``--cache-sim=no``): both runs score ``--hands``
history hands (another seed, to warm the memo tables), and the second then
scores ``--hands`` new hands once. The difference, divided by the hand count,
is the instructions per hand on first sight (see benchmarks/README.md).
``--src`` points at another checkout's ``src`` to compare two versions.
Needs ``valgrind`` on the PATH; each run takes a minute or two.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

WORKLOAD = """
import sys
from unomahjong import score
from unomahjong.research.generate import winning_hands
rules, n, seed, measure = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
history = list(winning_hands(seed + 1, n, rules))
hands = list(winning_hands(seed, n, rules))
for h, c in history:
    score(h, c, rules).fans
if measure:
    for h, c in hands:
        score(h, c, rules).fans
"""

REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def instructions(src: Path, rules: str, hands: int, seed: int, measure: bool) -> int:
    """Instructions executed by one run of the workload."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    proc = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            "-c",
            WORKLOAD,
            rules,
            str(hands),
            str(seed),
            "1" if measure else "0",
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    m = REFS.search(proc.stderr)
    if m is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{proc.stderr}")
    return int(m[1].replace(",", ""))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the count; returns the exit status."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--rules", choices=("uno", "mcr"), default="uno")
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=20_261_129)
    ap.add_argument("--src", type=Path, default=Path(__file__).resolve().parent.parent / "src")
    args = ap.parse_args(argv)
    base = instructions(args.src, args.rules, args.hands, args.seed, False)
    full = instructions(args.src, args.rules, args.hands, args.seed, True)
    per_hand = (full - base) / args.hands
    print(f"{args.rules}: {per_hand:,.0f} instructions per hand on first sight ({args.src})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
