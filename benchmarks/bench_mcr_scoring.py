"""Benchmark MCR scoring against PyMahjongGB's ``MahjongFanCalculator``.

Usage::

    python benchmarks/bench_mcr_scoring.py [--hands N] [--seed S] [--repeats R] [--json]

Scores a fixed seeded set of MCR winning hands of all shapes and themes
(``unomahjong.generate``) with their random win contexts, first checking that
both calculators give the same total on every hand (exit status 1 if not),
then times both in this process and prints the throughput ratio ours/theirs
(target >= 0.25). See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

import MahjongGB
from _timing import REPEATS, report, versus_peer

from unomahjong import Hand, WinContext, score
from unomahjong.generate import winning_hands
from unomahjong.interop import gb_fan_arguments
from unomahjong.scoring import clear_caches

DEFAULT_HANDS = 20_000
DEFAULT_SEED = 20_261_129
TARGET_RATIO = 0.25


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=DEFAULT_HANDS)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--repeats", type=int, default=REPEATS)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    hands: list[tuple[Hand, WinContext]] = list(winning_hands(args.seed, args.hands, "mcr"))
    calls = [gb_fan_arguments(h, c) for h, c in hands]
    calc = MahjongGB.MahjongFanCalculator

    for (hand, ctx), kw in zip(hands, calls, strict=True):
        theirs = sum(points for points, _name in calc(**kw))
        if score(hand, ctx, "mcr").total != theirs:
            print(f"totals differ on {hand} {ctx}")
            return 1

    history = list(winning_hands(args.seed + 1, args.hands, "mcr"))

    def run(batch: list[tuple[Hand, WinContext]]) -> Callable[[], None]:
        def go() -> None:
            for hand, ctx in batch:
                _ = score(hand, ctx, "mcr").fans  # the peer returns its fan list too

        return go

    def run_theirs() -> None:
        for kw in calls:
            calc(**kw)

    # The totals check above already scored every timed hand: each round
    # clears the memo tables so that the timed pass meets each hand for the
    # first time, after a warm-up on other hands (_timing.versus_peer).
    t_ours, t_theirs = versus_peer(
        clear_caches, run(history), run(hands), run_theirs, args.repeats
    )
    t_ours /= len(hands)
    t_theirs /= len(hands)
    report(
        f"{len(hands)} MCR winning hands (seed {args.seed}); totals agree on every hand",
        ("unomahjong", t_ours),
        ("pymahjonggb", t_theirs),
        TARGET_RATIO,
        args.json,
        {"hands": len(hands), "seed": args.seed, "repeats": args.repeats},
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
