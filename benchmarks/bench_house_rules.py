"""Benchmark house rules against the built-in UNO table, per hand, in one run.

Usage::

    python benchmarks/bench_house_rules.py [--hands N] [--seed S] [--repeats R] [--json]

Scores one seeded set of UNO winning hands (``unomahjong.research.generate``, every
shape and theme, their random win contexts) with ``score(hand, context,
rules)`` under three rule sets, in interleaved rounds, each on first sight
(memos cleared, then warmed on other hands):

* ``built-in``: UNO itself;
* ``renamed``: a house table built from the built-in rows, every row under
  a new id with one point more, and three rows switched off;
* ``lucky sevens``: docs/testing.md's house, written with the detector
  vocabulary: no seven pairs, and 3 points for any 7 held.

Hands a house does not count as winning (a hand only seven pairs reads) are
left out of every side, so each side scores the same hands. The target:
each house at most 1.3x the built-in table's time per hand.
Prints microseconds per hand, the ratios and each rule set's engine
(``RuleSet.engine``; ``UNOMAHJONG_PURE=1`` forces Python).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence

import attrs
from _timing import REPEATS, engine, interleaved

from unomahjong import UNO, Hand, Shape, WinContext, is_winning, score
from unomahjong.research.generate import winning_hands
from unomahjong.rules.detectors import ALL_SHAPES, Holds
from unomahjong.rules.fans import FanDef
from unomahjong.rules.rule_sets import RuleSet
from unomahjong.scoring.scorer import clear_caches

DEFAULT_HANDS = 10_000
DEFAULT_SEED = 20_261_201
TARGET_RATIO = 1.3
"""The most a house table's time per hand may be, over the built-in table's."""
SWITCHED_OFF = ("ALL_COLORS", "NO_FUNCTIONS", "TILE_HOG")


def renamed_house() -> RuleSet:
    """Every built-in row under a new id, one point more; three rows off."""
    table = UNO.table
    new = {r.id: "HOUSE_" + r.id for r in table.rows}
    rows = [
        attrs.evolve(
            r,
            id=new[r.id],
            points=r.points + 1,
            excludes=tuple(new[x] for x in r.excludes),
            absorbs=tuple(new[x] for x in r.absorbs),
        )
        for r in table.rows
    ]
    house = attrs.evolve(
        UNO,
        name="renamed house",
        table=attrs.evolve(table, name="renamed", rows=tuple(rows), fallback=new[table.fallback]),
    )
    return house.with_fans(off={new[x] for x in SWITCHED_OFF}, name="renamed house")


def lucky_sevens() -> RuleSet:
    """docs/testing.md's house: no seven pairs, 3 points for any 7 held."""
    sevens = FanDef(
        id="LUCKY_SEVENS",
        zh="幸运七",
        en="Lucky Sevens",
        points=3,
        number=99,
        excludes=(),
        definition="any 7 in the hand",
        detector=Holds(any_rank={7}, shapes=ALL_SHAPES),
    )
    return UNO.without_shapes(Shape.SEVEN_PAIRS).with_fans(sevens, name="our house")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=DEFAULT_HANDS)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--repeats", type=int, default=REPEATS)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    houses = {"built-in": UNO, "renamed": renamed_house(), "lucky sevens": lucky_sevens()}

    def sample(seed: int) -> list[tuple[Hand, WinContext]]:
        return [
            (h, c)
            for h, c in winning_hands(seed, args.hands)
            if all(is_winning(h, rules=rs) for rs in houses.values())
        ]

    ours = sample(args.seed)
    history = sample(args.seed + 1)

    def run(rules: RuleSet, hands: list[tuple[Hand, WinContext]]) -> Callable[[], None]:
        def go() -> None:
            for hand, ctx in hands:
                _ = score(hand, ctx, rules).fans

        return go

    def warm() -> None:
        for rules in houses.values():
            run(rules, history)()

    def clear() -> None:
        clear_caches(*houses.values())

    best = interleaved(
        clear,
        warm,
        {name: run(rules, ours) for name, rules in houses.items()},
        {},
        args.repeats,
    )
    per_hand = {name: best[name] / len(ours) * 1e6 for name in houses}
    base = per_hand["built-in"]
    ratios = {name: per_hand[name] / base for name in houses if name != "built-in"}
    report = {
        "engine": engine(),
        "hands": len(ours),
        "us_per_hand": {k: round(v, 3) for k, v in per_hand.items()},
        "ratio_to_built_in": {k: round(v, 3) for k, v in ratios.items()},
        "rule_set_engines": {name: rules.engine for name, rules in houses.items()},
        "target": TARGET_RATIO,
        "met": all(r <= TARGET_RATIO for r in ratios.values()),
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"engine: {report['engine']}; {len(ours)} hands, best of {args.repeats} rounds")
        for name in houses:
            extra = "" if name == "built-in" else f"  {ratios[name]:.3f}x the built-in"
            print(f"  {name:13} {per_hand[name]:8.2f} us/hand  ({houses[name].engine}){extra}")
        print(f"target: each house <= {TARGET_RATIO}x: {'met' if report['met'] else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
