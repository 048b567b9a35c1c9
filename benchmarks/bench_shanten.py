"""Benchmark ``unomahjong.shanten`` against PyMahjongGB on random MCR hands.

Usage::

    python benchmarks/bench_shanten.py [--hands N] [--seed S] [--melded-share F] [--json]

Builds a seeded set of random 13-tile MCR hands drawn from the 136-tile wall
(a share of them with one or two exposed melds), checks that unomahjong and
PyMahjongGB agree on the overall shanten of every hand (exit status 1 if not),
then times both in this process. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence

import MahjongGB

from unomahjong import MCR_TILES, Hand, Meld, shanten
from unomahjong._distance import clear_caches
from unomahjong.interop import GbPack, gb_hand

DEFAULT_HANDS = 10_000
DEFAULT_SEED = 20_240_601
DEFAULT_MELDED_SHARE = 0.3
REPEATS = 3
TARGET_RATIO = 0.5

GbHand = tuple[tuple[GbPack, ...], tuple[str, ...]]


def to_gb(hand: Hand) -> GbHand:
    """A 13-tile hand in PyMahjongGB's ``(pack, hand)`` form."""
    return gb_hand(hand)


def _random_meld(rng: random.Random, left: list[int]) -> Meld:
    """An exposed chow, pung or kong that the remaining wall can supply."""
    ts = MCR_TILES
    while True:
        roll = rng.random()
        if roll < 0.5:
            starts = [
                t
                for t in ts.suited
                if t.rank is not None
                and t.rank <= 7
                and left[t.code]
                and left[t.code + 1]
                and left[t.code + 2]
            ]
            if starts:
                return Meld.chow(rng.choice(starts))
        elif roll < 0.9:
            pungs = [t for t in ts.tiles if left[t.code] >= 3]
            if pungs:
                return Meld.pung(rng.choice(pungs))
        else:
            kongs = [t for t in ts.tiles if left[t.code] == 4]
            if kongs:
                return Meld.kong(rng.choice(kongs))


def random_hand(rng: random.Random, melded_share: float) -> Hand:
    """A random 13-tile MCR hand: tiles from one shuffled 136-tile wall."""
    ts = MCR_TILES
    left = [0] * ts.size
    for t in ts.tiles:
        left[t.code] = ts.copies
    melds: list[Meld] = []
    if rng.random() < melded_share:
        for _ in range(rng.choice((1, 2))):
            meld = _random_meld(rng, left)
            for c in meld.codes:
                left[c] -= 1
            melds.append(meld)
    wall = [t for t in ts.tiles for _ in range(left[t.code])]
    concealed = rng.sample(wall, 13 - 3 * len(melds))
    return Hand(ts, concealed, melds)


def build_hands(n: int, seed: int, melded_share: float) -> list[Hand]:
    """The benchmark's hands: the same list for the same arguments."""
    rng = random.Random(seed)
    return [random_hand(rng, melded_share) for _ in range(n)]


def gb_shanten(gb: GbHand) -> int:
    return int(MahjongGB.MahjongShanten(pack=gb[0], hand=gb[1]))


def _best_time(run: Callable[[], None], repeats: int, before: Callable[[], None]) -> float:
    best = float("inf")
    for _ in range(repeats):
        before()
        t0 = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - t0)
    return best


def _nothing() -> None:
    pass


def bench(
    hands: Sequence[Hand], history: Sequence[Hand], gbs: Sequence[GbHand], repeats: int
) -> dict[str, float]:
    """Seconds per pass: ours cold (caches cleared first), ours on first sight
    (caches filled by ``history``, other hands), ours warm (the same hands
    again), PyMahjongGB."""
    gb_call = MahjongGB.MahjongShanten

    def ours() -> None:
        for h in hands:
            shanten(h)

    def warm_up() -> None:
        clear_caches()
        for h in history:
            shanten(h)

    def theirs() -> None:
        for pack, tiles in gbs:
            gb_call(pack=pack, hand=tiles)

    cold = _best_time(ours, repeats, clear_caches)
    first = _best_time(ours, repeats, warm_up)
    ours()  # fill the memo tables
    warm = _best_time(ours, repeats, _nothing)
    gb = _best_time(theirs, repeats, _nothing)
    return {"ours_cold": cold, "ours_first_sight": first, "ours_warm": warm, "pymahjonggb": gb}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Benchmark unomahjong.shanten against PyMahjongGB on random MCR hands."
    )
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS, help="number of hands")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="random seed")
    parser.add_argument(
        "--melded-share",
        type=float,
        default=DEFAULT_MELDED_SHARE,
        help="share of hands with 1-2 exposed melds",
    )
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")

    hands = build_hands(args.hands, args.seed, args.melded_share)
    gbs = [to_gb(h) for h in hands]

    clear_caches()
    ours = [shanten(h) for h in hands]
    theirs = [gb_shanten(g) for g in gbs]
    mismatches = [(h, a, b) for h, a, b in zip(hands, ours, theirs, strict=True) if a != b]
    if mismatches:
        print(f"shanten differs on {len(mismatches)} of {len(hands)} hands:", file=sys.stderr)
        for h, a, b in mismatches[:20]:
            print(f"  {h}: unomahjong {a}, PyMahjongGB {b}", file=sys.stderr)
        return 1

    history = build_hands(args.hands, args.seed + 1, args.melded_share)
    seconds = bench(hands, history, gbs, REPEATS)
    n = len(hands)
    melded = sum(1 for h in hands if h.melds)
    distribution = {str(k): v for k, v in sorted(Counter(ours).items())}
    us = {k: v / n * 1e6 for k, v in seconds.items()}
    ratio_warm = seconds["pymahjonggb"] / seconds["ours_warm"]
    ratio_cold = seconds["pymahjonggb"] / seconds["ours_cold"]
    ratio_first = seconds["pymahjonggb"] / seconds["ours_first_sight"]
    if args.json:
        result = {
            "hands": n,
            "seed": args.seed,
            "melded_hands": melded,
            "shanten_distribution": distribution,
            "repeats": REPEATS,
            "us_per_hand": us,
            "ratio_warm": ratio_warm,
            "ratio_cold": ratio_cold,
            "ratio_first_sight": ratio_first,
            "target_ratio": TARGET_RATIO,
        }
        print(json.dumps(result, indent=2))
        return 0
    dist = ", ".join(f"{k}: {v}" for k, v in distribution.items())
    print(f"{n} random MCR hands (seed {args.seed}, {melded} with exposed melds)")
    print(f"shanten agrees with PyMahjongGB on every hand; distribution {{{dist}}}")
    print(f"best of {REPEATS} passes, microseconds per hand:")
    print(f"  unomahjong cold (caches cleared) {us['ours_cold']:9.2f}")
    print(f"  unomahjong first sight           {us['ours_first_sight']:9.2f}")
    print(f"  unomahjong warm                  {us['ours_warm']:9.2f}")
    print(f"  PyMahjongGB MahjongShanten       {us['pymahjonggb']:9.2f}")
    print(
        f"throughput ours/theirs (their time / ours): first sight {ratio_first:.2f}, "
        f"warm {ratio_warm:.2f}, cold {ratio_cold:.2f} (target >= {TARGET_RATIO})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
