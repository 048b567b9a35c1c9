"""Benchmark UNO scoring throughput against the pure-Python riichi calculator ``mahjong``.

Usage::

    python benchmarks/bench_scoring.py [--hands N] [--peer-hands M] [--seed S]
        [--repeats R] [--json]

Scores a fixed seeded set of generated UNO winning hands of all shapes and
themes (``unomahjong.generate``) with their random win contexts, and in the
same process times ``mahjong.hand_calculating.hand.HandCalculator.
estimate_hand_value`` on seeded random riichi winning hands (four melds and a
pair, a share of them with open melds). Prints microseconds per hand and the
throughput ratio ours/theirs (target >= 3). See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from typing import Any

from _timing import REPEATS, report, versus_peer
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.meld import Meld as RiichiMeld

from unomahjong import Hand, WinContext, score
from unomahjong.generate import winning_hands
from unomahjong.scoring import clear_caches

DEFAULT_HANDS = 10_000
DEFAULT_PEER_HANDS = 2_000
DEFAULT_SEED = 20_261_129
TARGET_RATIO = 3.0


def riichi_hands(seed: int, count: int) -> list[tuple[list[int], int, list[Any], HandConfig]]:
    """Random riichi winning hands in the ``mahjong`` package's 136-tile format."""
    rng = random.Random(seed)
    out: list[tuple[list[int], int, list[Any], HandConfig]] = []
    while len(out) < count:
        used = [0] * 34
        groups: list[tuple[str, list[int]]] = []
        ok = True
        for _ in range(4):
            if rng.random() < 0.6:
                suit = rng.randrange(3)
                start = rng.randrange(7)
                kinds = [suit * 9 + start + i for i in range(3)]
                kind = "chi"
            else:
                k = rng.randrange(34)
                kinds = [k, k, k]
                kind = "pon"
            for k in kinds:
                used[k] += 1
            groups.append((kind, kinds))
        pair = rng.randrange(34)
        used[pair] += 2
        if any(n > 4 for n in used):
            continue
        copies = [0] * 34
        tile = _tile_taker(copies)
        tiles: list[int] = []
        melds: list[Any] = []
        opened = rng.choice((0, 0, 1, 2))
        for i, (kind, kinds) in enumerate(groups):
            ts = [tile(k) for k in kinds]
            tiles.extend(ts)
            if i < opened:
                melds.append(RiichiMeld(meld_type=kind, tiles=ts, opened=True))
        tiles.extend([tile(pair), tile(pair)])
        concealed = [t for t in tiles if not any(t in m.tiles for m in melds)]
        win = rng.choice(concealed)
        config = HandConfig(is_tsumo=rng.random() < 0.4, is_riichi=not melds and ok)
        out.append((tiles, win, melds, config))
    return out


def _tile_taker(copies: list[int]) -> Callable[[int], int]:
    """Hands out successive copies (136-format ids) of each of the 34 kinds."""

    def tile(k: int) -> int:
        t = k * 4 + copies[k]
        copies[k] += 1
        return t

    return tile


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=DEFAULT_HANDS)
    ap.add_argument("--peer-hands", type=int, default=DEFAULT_PEER_HANDS)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--repeats", type=int, default=REPEATS)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    ours: list[tuple[Hand, WinContext]] = list(winning_hands(args.seed, args.hands))
    history = list(winning_hands(args.seed + 1, args.hands))
    theirs = riichi_hands(args.seed, args.peer_hands)
    calc = HandCalculator()

    def run(hands: list[tuple[Hand, WinContext]]) -> Callable[[], None]:
        def go() -> None:
            for hand, ctx in hands:
                _ = score(hand, ctx).fans  # the peer returns its yaku too

        return go

    def run_theirs() -> None:
        for tiles, win, melds, config in theirs:
            calc.estimate_hand_value(tiles, win, melds=melds, config=config)

    # Ours: memos cleared, warmed on other hands, then every timed hand seen
    # once (_timing.first_sight); the peer keeps no memo. Best of the
    # interleaved rounds on both sides (_timing.versus_peer).
    t_ours, t_theirs = versus_peer(
        clear_caches, run(history), run(ours), run_theirs, args.repeats
    )
    t_ours /= len(ours)
    t_theirs /= len(theirs)
    report(
        f"{len(ours)} UNO winning hands (seed {args.seed}), {len(theirs)} riichi hands",
        ("unomahjong", t_ours),
        ("mahjong", t_theirs),
        TARGET_RATIO,
        args.json,
        {"hands": len(ours), "peer_hands": len(theirs), "seed": args.seed, "repeats": args.repeats},
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
