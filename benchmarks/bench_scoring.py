"""Benchmark UNO scoring against PyMahjongGB's MCR calculator and the riichi ``mahjong``.

Usage::

    python benchmarks/bench_scoring.py [--hands N] [--peer-hands M] [--seed S]
        [--repeats R] [--json]

Scores a fixed seeded set of generated UNO winning hands of all shapes and
themes (``unomahjong.research.generate``) with their random win contexts, in two
ways: ``score_hand(text, ...)`` on each hand's canonical text with its
context as keywords, and ``score(hand, context)`` on the parsed hands. In
the same process, in interleaved rounds, it times two peers: PyMahjongGB's
``MahjongFanCalculator`` (C++) on as many seeded MCR winning hands, on
prepared argument tuples (target: UNO ``score_hand`` >= 1.0x per
hand), and ``mahjong.hand_calculating.hand.HandCalculator.
estimate_hand_value`` (pure Python) on ``--peer-hands`` seeded riichi winning
hands (four melds and a pair, a share of them open). Ours on first sight
(benchmarks/README.md). Prints microseconds per hand, the throughput ratios
ours/theirs and which engine ran (``UNOMAHJONG_PURE=1`` forces Python).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import MahjongGB
from _timing import REPEATS, engine, interleaved
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.meld import Meld as RiichiMeld

from unomahjong import Hand, WinContext, format_hand, score, score_hand
from unomahjong.research.generate import winning_hands
from unomahjong.research.interop import gb_fan_arguments
from unomahjong.scoring.scorer import clear_caches

DEFAULT_HANDS = 10_000
DEFAULT_PEER_HANDS = 2_000
DEFAULT_SEED = 20_261_129
TARGET_RATIO = 1.0
"""UNO ``score_hand`` per hand against one MahjongFanCalculator call."""


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
    texts = [(format_hand(h), attrs.asdict(c)) for h, c in ours]
    history_texts = [(format_hand(h), attrs.asdict(c)) for h, c in history]
    # Positional arguments, as the calculator's users call it.
    gb_calls = [
        tuple(gb_fan_arguments(h, c).values())
        for h, c in winning_hands(args.seed, args.hands, "mcr")
    ]
    theirs = riichi_hands(args.seed, args.peer_hands)
    calc = HandCalculator()
    gb = MahjongGB.MahjongFanCalculator

    def run(hands: list[tuple[Hand, WinContext]]) -> Callable[[], None]:
        def go() -> None:
            for hand, ctx in hands:
                _ = score(hand, ctx).fans  # the peers return their fans too

        return go

    def run_text(batch: list[tuple[str, dict[str, Any]]]) -> Callable[[], None]:
        def go() -> None:
            for text, kw in batch:
                _ = score_hand(text, **kw).fans

        return go

    def warm() -> None:
        run(history)()
        run_text(history_texts)()

    def run_gb() -> None:
        for kw in gb_calls:
            gb(*kw)

    def run_theirs() -> None:
        for tiles, win, melds, config in theirs:
            calc.estimate_hand_value(tiles, win, melds=melds, config=config)

    # Ours: memos cleared, warmed on other hands, then every timed hand seen
    # once (_timing.first_sight); the peers keep no memo. Best of the
    # interleaved rounds on every side (_timing.interleaved).
    best = interleaved(
        clear_caches,
        warm,
        {"score_hand": run_text(texts), "score": run(ours)},
        {"pymahjonggb": run_gb, "mahjong": run_theirs},
        args.repeats,
    )
    n = {"score_hand": len(ours), "score": len(ours), "pymahjonggb": len(gb_calls)}
    us = {k: v / n.get(k, len(theirs)) * 1e6 for k, v in best.items()}
    ratio = {
        f"{ours_}_vs_{peer}": us[peer] / us[ours_]
        for ours_ in ("score_hand", "score")
        for peer in ("pymahjonggb", "mahjong")
    }
    if args.json:
        print(
            json.dumps(
                {
                    "hands": len(ours),
                    "peer_hands": len(theirs),
                    "seed": args.seed,
                    "repeats": args.repeats,
                    "engine": engine(),
                    "us_per_hand": {k: round(v, 2) for k, v in us.items()},
                    "ratio": {k: round(v, 3) for k, v in ratio.items()},
                    "target": {"score_hand_vs_pymahjonggb": TARGET_RATIO},
                }
            )
        )
        return 0
    print(
        f"{len(ours)} UNO winning hands (seed {args.seed}), as many MCR hands for PyMahjongGB,"
        f" {len(theirs)} riichi hands for mahjong [{engine()} engine]"
    )
    print(f"  {'PyMahjongGB MahjongFanCalculator':<30} {us['pymahjonggb']:8.2f} us/hand (MCR)")
    print(f"  {'mahjong estimate_hand_value':<30} {us['mahjong']:8.2f} us/hand (riichi)")
    for name, label in (("score_hand", "score_hand(text)"), ("score", "score(hand)")):
        print(
            f"  {label:<30} {us[name]:8.2f} us/hand (UNO)  ratio vs PyMahjongGB"
            f" {ratio[name + '_vs_pymahjonggb']:.3f}, vs mahjong {ratio[name + '_vs_mahjong']:.2f}"
        )
    print(f"  target: score_hand vs PyMahjongGB >= {TARGET_RATIO}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
