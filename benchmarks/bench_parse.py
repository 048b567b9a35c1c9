"""Benchmark ``parse_hand`` against one ``MahjongFanCalculator`` call of PyMahjongGB.

Usage::

    python benchmarks/bench_parse.py [--hands N] [--seed S] [--repeats R] [--json]

Parses the canonical text of ``--hands`` distinct seeded 14-tile winning hands
per rule set (UNO and MCR, all shapes and themes, ``unomahjong.research.generate``)
with the compiled core and with the Python engine, first checking that both
give equal hands (exit status 1 if not), and times one PyMahjongGB
``MahjongFanCalculator`` call per MCR hand on prepared arguments
(``unomahjong.research.interop``) in the same process, in interleaved rounds. Prints
microseconds per hand and the time ratio ours/peer (target: the
compiled ``parse_hand`` at most 0.5x one calculator call). The parser keeps
no memo beyond its interned melds, so every pass meets the hands as it met
them first.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence

import MahjongGB
from _timing import REPEATS

from unomahjong import _engine, format_hand, parse_hand
from unomahjong.research.generate import winning_hands
from unomahjong.research.interop import gb_fan_arguments

DEFAULT_HANDS = 5_000
DEFAULT_SEED = 20_261_201
TARGET_TIME_RATIO = 0.5


def _compiled_parser() -> tuple[Callable[[str, str], object], str] | None:
    """The compiled ``parse_hand`` and how it is reached, or None unbuilt."""
    if _engine.core("notation") is not None:
        return parse_hand, "parse_hand, compiled core active"
    try:
        from unomahjong._core import notation as core  # type: ignore[attr-defined]
    except ImportError:
        return None
    if getattr(core, "API", None) != _engine.API:
        return None
    # Built but not yet active (the other core modules are unfinished): the
    # module is called directly, as the public function would call it.
    return core.parse_hand, "_core.notation.parse_hand, called directly"


def _texts(seed: int, count: int, rules: str) -> list[str]:
    out: dict[str, None] = {}
    for hand, _ctx in winning_hands(seed, count, rules):
        out[format_hand(hand)] = None
    return list(out)


def _python_parse(text: str, rules: str) -> object:
    with _engine.python_engine():
        return parse_hand(text, rules)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=DEFAULT_HANDS)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--repeats", type=int, default=REPEATS)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    texts = {rules: _texts(args.seed, args.hands, rules) for rules in ("uno", "mcr")}
    mcr = list(winning_hands(args.seed, args.hands, "mcr"))
    # Positional arguments, as the calculator's users call it.
    calls = [tuple(gb_fan_arguments(h, c).values()) for h, c in mcr]
    calc = MahjongGB.MahjongFanCalculator
    compiled = _compiled_parser()

    if compiled is not None:
        parse = compiled[0]
        for rules, batch in texts.items():
            for text in batch:
                if parse(text, rules) != _python_parse(text, rules):
                    print(f"the engines disagree on {text!r} ({rules})")
                    return 1

    def passes(fn: Callable[[str, str], object], rules: str) -> Callable[[], None]:
        batch = texts[rules]

        def go() -> None:
            for text in batch:
                fn(text, rules)

        return go

    def python_pass(rules: str) -> Callable[[], None]:
        batch = texts[rules]

        def go() -> None:
            with _engine.python_engine():
                for text in batch:
                    parse_hand(text, rules)

        return go

    def peer() -> None:
        for kw in calls:
            calc(*kw)

    runs: dict[str, tuple[Callable[[], None], int]] = {"peer": (peer, len(calls))}
    for rules in ("uno", "mcr"):
        if compiled is not None:
            runs[f"{rules}_compiled"] = (passes(compiled[0], rules), len(texts[rules]))
        runs[f"{rules}_python"] = (python_pass(rules), len(texts[rules]))
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(args.repeats):  # interleaved: a load spike hits every side
        for name, (fn, n) in runs.items():
            t = time.perf_counter()
            fn()
            best[name] = min(best[name], (time.perf_counter() - t) / n)

    us = {name: round(t * 1e6, 3) for name, t in best.items()}
    ratios = {name: round(best[name] / best["peer"], 3) for name in best if name != "peer"}
    if args.json:
        print(
            json.dumps(
                {
                    "hands": {r: len(b) for r, b in texts.items()},
                    "seed": args.seed,
                    "repeats": args.repeats,
                    "compiled": None if compiled is None else compiled[1],
                    "us_per_hand": us,
                    "time_ratio_vs_peer": ratios,
                    "target_time_ratio": TARGET_TIME_RATIO,
                }
            )
        )
        return 0
    print(
        f"parse_hand on {len(texts['uno'])} UNO and {len(texts['mcr'])} MCR distinct"
        f" 14-tile hands (seed {args.seed}), best of {args.repeats} interleaved rounds"
    )
    print(f"  compiled: {'not built' if compiled is None else compiled[1]}")
    print(f"  {'MahjongFanCalculator (MCR)':<28} {us['peer']:9.2f} us/hand")
    for name in best:
        if name != "peer":
            print(f"  {name:<28} {us[name]:9.2f} us/hand   time ratio ours/peer {ratios[name]:.3f}")
    print(f"  target: compiled time ratio <= {TARGET_TIME_RATIO}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
