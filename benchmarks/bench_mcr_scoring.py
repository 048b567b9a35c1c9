"""Benchmark MCR scoring against PyMahjongGB's ``MahjongFanCalculator``.

Usage::

    python benchmarks/bench_mcr_scoring.py [--hands N] [--seed S] [--repeats R] [--json]

Scores a fixed seeded set of MCR winning hands of all shapes and themes
(``unomahjong.research.generate``) with their random win contexts, first checking that
both calculators give the same total on every hand (exit status 1 if not),
then times, in interleaved rounds in this process, on the same hands:

* ``score_hand(text, rules="mcr", ...)``: parsing and scoring the canonical
  text with the rule set and the context as keywords, prepared as one dict
  per hand as the peer's keywords are (target: >= 1.0x the peer);
* ``score(hand, context, "mcr")`` on parsed hands (target >= 1.5x);
* the peer, ``MahjongFanCalculator`` on prepared argument tuples.

Ours on first sight (benchmarks/README.md); prints the throughput ratios
ours/theirs and which engine ran (``UNOMAHJONG_PURE=1`` forces Python).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence

import attrs
import MahjongGB
from _timing import REPEATS, engine, interleaved

from unomahjong import Hand, WinContext, format_hand, score, score_hand
from unomahjong.research.generate import winning_hands
from unomahjong.research.interop import gb_fan_arguments
from unomahjong.scoring.scorer import clear_caches

DEFAULT_HANDS = 20_000
DEFAULT_SEED = 20_261_129
TARGETS = {"score_hand": 1.0, "score": 1.5}
"""The throughput ratios against the peer, per way of calling."""


def as_text(hands: list[tuple[Hand, WinContext]]) -> list[tuple[str, dict[str, object]]]:
    """Each hand's canonical text and ``score_hand``'s keywords: the rule set
    and the context."""
    return [(format_hand(h), {"rules": "mcr", **attrs.asdict(c)}) for h, c in hands]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=DEFAULT_HANDS)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--repeats", type=int, default=REPEATS)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    hands: list[tuple[Hand, WinContext]] = list(winning_hands(args.seed, args.hands, "mcr"))
    # Positional arguments, as the calculator's users call it (keywords cost
    # it about 15%).
    calls = [tuple(gb_fan_arguments(h, c).values()) for h, c in hands]
    calc = MahjongGB.MahjongFanCalculator

    for (hand, ctx), kw in zip(hands, calls, strict=True):
        theirs = sum(points for points, _name in calc(*kw))
        if score(hand, ctx, "mcr").total != theirs:
            print(f"totals differ on {hand} {ctx}")
            return 1

    history = list(winning_hands(args.seed + 1, args.hands, "mcr"))
    texts, history_texts = as_text(hands), as_text(history)

    def run(batch: list[tuple[Hand, WinContext]]) -> Callable[[], None]:
        def go() -> None:
            for hand, ctx in batch:
                _ = score(hand, ctx, "mcr").fans  # the peer returns its fan list too

        return go

    def run_text(batch: list[tuple[str, dict[str, object]]]) -> Callable[[], None]:
        def go() -> None:
            for text, kw in batch:
                _ = score_hand(text, **kw).fans  # type: ignore[arg-type]

        return go

    def run_theirs() -> None:
        for kw in calls:
            calc(*kw)

    def warm() -> None:
        run(history)()
        run_text(history_texts)()

    # The totals check above already scored every timed hand: each round
    # clears the memo tables before each pass so that it meets each hand for
    # the first time, after a warm-up on other hands (_timing.interleaved).
    best = interleaved(
        clear_caches,
        warm,
        {"score_hand": run_text(texts), "score": run(hands)},
        {"pymahjonggb": run_theirs},
        args.repeats,
    )
    us = {k: v / len(hands) * 1e6 for k, v in best.items()}
    ratios = {k: us["pymahjonggb"] / us[k] for k in TARGETS}
    if args.json:
        print(
            json.dumps(
                {
                    "hands": len(hands),
                    "seed": args.seed,
                    "repeats": args.repeats,
                    "engine": engine(),
                    "us_per_hand": {k: round(v, 2) for k, v in us.items()},
                    "ratio": {k: round(v, 3) for k, v in ratios.items()},
                    "target": TARGETS,
                }
            )
        )
        return 0
    print(
        f"{len(hands)} MCR winning hands (seed {args.seed}); totals agree on every hand"
        f" [{engine()} engine]"
    )
    print(f"  {'PyMahjongGB MahjongFanCalculator':<34} {us['pymahjonggb']:8.2f} us/hand")
    for name, label in (("score_hand", 'score_hand(text, rules="mcr")'), ("score", "score(hand)")):
        print(
            f"  {label:<34} {us[name]:8.2f} us/hand  ratio {ratios[name]:.3f}"
            f" (target >= {TARGETS[name]})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
