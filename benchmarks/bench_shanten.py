"""Benchmark ``unomahjong.shanten`` against PyMahjongGB on random MCR hands.

Usage::

    python benchmarks/bench_shanten.py [--hands N] [--seed S] [--melded-share F]
        [--analysis-hands M] [--repeats R] [--json]

Builds a seeded set of random 13-tile MCR hands drawn from the 136-tile wall
(a share of them with one or two exposed melds), checks that unomahjong and
PyMahjongGB agree on the overall shanten of every hand in every engine
(exit status 1 if not), then times, in this process and in each engine (the
compiled core when it is active, and the Python engine under
``_engine.python_engine()``): ``shanten`` against ``MahjongShanten`` on
first sight, and ``waits`` and ``discard_options`` per hand. See
benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext

import MahjongGB
from _timing import interleaved

from unomahjong import MCR_TILES, Hand, Meld, _engine, discard_options, shanten, waits
from unomahjong.analysis._distance import clear_caches
from unomahjong.research.interop import GbPack, gb_hand

DEFAULT_HANDS = 10_000
DEFAULT_SEED = 20_240_601
DEFAULT_MELDED_SHARE = 0.3
DEFAULT_ANALYSIS_HANDS = 300
REPEATS = 3
TARGET_RATIO = 2.0
"""The compiled ``shanten`` at least twice ``MahjongShanten``'s
throughput on first sight."""

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


def with_draw(hands: Sequence[Hand], seed: int) -> list[Hand]:
    """Each hand with one more tile from what the wall has left (14 tiles,
    for discard analysis)."""
    rng = random.Random(seed)
    out = []
    for h in hands:
        held = h.all_counts
        wall = [t for t in MCR_TILES.tiles for _ in range(MCR_TILES.copies - held[t.code])]
        out.append(h.with_win(rng.choice(wall)))
    return out


def gb_shanten(gb: GbHand) -> int:
    return int(MahjongGB.MahjongShanten(pack=gb[0], hand=gb[1]))


def modes() -> dict[str, Callable[[], AbstractContextManager[None]]]:
    """The engines this process can time: the compiled core when it is
    active, and the Python engine."""
    out: dict[str, Callable[[], AbstractContextManager[None]]] = {}
    if _engine.core("analysis") is not None:
        out["compiled"] = nullcontext
    out["python"] = _engine.python_engine
    return out


def _warm_up(history: Sequence[Hand]) -> Callable[[], None]:
    def warm() -> None:
        for h in history:
            shanten(h)

    return warm


def bench_mode(
    hands: Sequence[Hand],
    history: Sequence[Hand],
    gbs: Sequence[GbHand],
    ready: Sequence[Hand],
    drawn: Sequence[Hand],
    repeats: int,
) -> dict[str, float]:
    """Seconds per pass in the current engine: ``shanten`` on first sight
    (memos cleared, then warmed on ``history``, other hands; the compiled core
    keeps no memo) and PyMahjongGB in interleaved rounds; ``shanten`` cold
    (memos cleared only) and warm (the same hands again); ``waits`` over
    ``ready`` and ``discard_options`` over ``drawn``, each on first sight."""
    gb_call = MahjongGB.MahjongShanten

    def ours() -> None:
        for h in hands:
            shanten(h)

    def theirs() -> None:
        for pack, tiles in gbs:
            gb_call(pack=pack, hand=tiles)

    def all_waits() -> None:
        for h in ready:
            waits(h)

    def all_discards() -> None:
        for h in drawn:
            discard_options(h)

    best = interleaved(
        clear_caches,
        _warm_up(history),
        {"ours_first_sight": ours, "waits": all_waits, "discard_options": all_discards},
        {"pymahjonggb": theirs},
        repeats,
    )
    best["ours_cold"] = interleaved(clear_caches, _nothing, {"cold": ours}, {}, repeats)["cold"]
    ours()  # fill the memo tables
    t = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        ours()
        t = min(t, time.perf_counter() - t0)
    best["ours_warm"] = t
    return best


def _nothing() -> None:
    pass


def _per_hand(seconds: dict[str, float], n: int, analysed: int) -> Iterator[tuple[str, float]]:
    for key, value in seconds.items():
        count = analysed if key in ("waits", "discard_options") else n
        yield key, value / count * 1e6


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
    parser.add_argument(
        "--analysis-hands",
        type=int,
        default=DEFAULT_ANALYSIS_HANDS,
        help="hands timed for waits and discard_options",
    )
    parser.add_argument("--repeats", type=int, default=REPEATS, help="interleaved rounds")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.analysis_hands < 1 or args.repeats < 1:
        parser.error("--hands, --analysis-hands and --repeats must be at least 1")

    hands = build_hands(args.hands, args.seed, args.melded_share)
    gbs = [to_gb(h) for h in hands]
    theirs = [gb_shanten(g) for g in gbs]
    engines = modes()
    ours: list[int] = []
    for name, mode in engines.items():
        clear_caches()
        with mode():
            ours = [shanten(h) for h in hands]
        bad = [(h, a, b) for h, a, b in zip(hands, ours, theirs, strict=True) if a != b]
        if bad:
            print(f"{name}: shanten differs on {len(bad)} of {len(hands)} hands:", file=sys.stderr)
            for h, a, b in bad[:20]:
                print(f"  {h}: unomahjong {a}, PyMahjongGB {b}", file=sys.stderr)
            return 1

    history = build_hands(args.hands, args.seed + 1, args.melded_share)
    analysed = build_hands(args.analysis_hands, args.seed + 2, args.melded_share)
    drawn = with_draw(analysed, args.seed + 3)
    n = len(hands)
    results: dict[str, dict[str, object]] = {}
    for name, mode in engines.items():
        with mode():
            seconds = bench_mode(hands, history, gbs, analysed, drawn, args.repeats)
        peer = seconds["pymahjonggb"]
        results[name] = {
            "us_per_hand": {k: round(v, 3) for k, v in _per_hand(seconds, n, len(analysed))},
            "ratio_first_sight": round(peer / seconds["ours_first_sight"], 3),
            "ratio_cold": round(peer / seconds["ours_cold"], 3),
            "ratio_warm": round(peer / seconds["ours_warm"], 3),
        }
    active = "compiled" if "compiled" in results else "python"
    melded = sum(1 for h in hands if h.melds)
    distribution = {str(k): v for k, v in sorted(Counter(ours).items())}
    if args.json:
        print(
            json.dumps(
                {
                    "hands": n,
                    "seed": args.seed,
                    "melded_hands": melded,
                    "analysis_hands": len(analysed),
                    "shanten_distribution": distribution,
                    "repeats": args.repeats,
                    # The active engine's figures at the top level, both under "modes".
                    "engine": active,
                    **results[active],
                    "target_ratio": TARGET_RATIO,
                    "modes": results,
                },
                indent=2,
            )
        )
        return 0
    dist = ", ".join(f"{k}: {v}" for k, v in distribution.items())
    print(f"{n} random MCR hands (seed {args.seed}, {melded} with exposed melds)")
    print(
        f"shanten agrees with PyMahjongGB on every hand in {' and '.join(results)};"
        f" distribution {{{dist}}}"
    )
    print(f"best of {args.repeats} interleaved rounds, microseconds per hand:")
    for name, r in results.items():
        us = r["us_per_hand"]
        assert isinstance(us, dict)
        print(f"  {name} engine")
        for label, key in (
            ("shanten, first sight", "ours_first_sight"),
            ("shanten, cold", "ours_cold"),
            ("shanten, warm", "ours_warm"),
            ("PyMahjongGB MahjongShanten", "pymahjonggb"),
            (f"waits ({len(analysed)} hands)", "waits"),
            (f"discard_options ({len(analysed)} hands)", "discard_options"),
        ):
            print(f"    {label:<32} {us[key]:9.2f}")
        target = f" (target >= {TARGET_RATIO})" if name == "compiled" else ""
        print(
            f"    throughput ours/theirs: first sight {r['ratio_first_sight']:.2f}{target},"
            f" cold {r['ratio_cold']:.2f}, warm {r['ratio_warm']:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
