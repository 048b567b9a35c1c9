"""Benchmark game flow: hands per second with random and greedy bots against rlcard.

Usage::

    python benchmarks/bench_game.py [--rules uno|mcr|botzone] [--games N] [--peer-games M]
                                    [--repeats R] [--seed S] [--json]

Plays a fixed set of seeded 4-player hands (UNO Mahjong, or with
``--rules mcr`` the standard MCR game, ``--rules botzone`` MCR as the
Botzone judge plays it) with random bots and
with greedy bots (every win scored with the fan evaluator), and in the same
process times rlcard's mahjong environment (``rlcard.make("mahjong")`` with
its ``RandomAgent``; rlcard scores nothing). The three passes are interleaved
and repeated ``R`` times; repeat ``r`` plays new hands on both sides (ours
from seeds ``S + r * N``, rlcard's environment and numpy's global generator,
which its agents draw from, seeded with ``S + r``), so no cache can carry a
hand over from one repeat to the next. Each figure is the best repeat, so that
a moment of load on a shared machine does not penalise one side only. Prints
games per second, the ratio ours/rlcard for random play (target:
>= 20) and which engine ran (``UNOMAHJONG_PURE=1`` forces Python).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence

import numpy as np
import rlcard
from _timing import engine
from rlcard.agents import RandomAgent

from unomahjong.game import Bot, GreedyBot, RandomBot, play_hand

DEFAULT_GAMES = 200
DEFAULT_PEER_GAMES = 100
DEFAULT_REPEATS = 5
DEFAULT_SEED = 20_261_129
TARGET_RATIO = 20.0


def ours(games: int, seed: int, greedy: bool, rules: str = "uno") -> float:
    """Games per second of our engine."""
    start = time.perf_counter()
    for g in range(games):
        bots: list[Bot] = (
            [GreedyBot() for _ in range(4)]
            if greedy
            else [RandomBot(seed + g * 4 + i) for i in range(4)]
        )
        play_hand(rules, bots, dealer=g % 4 if rules == "uno" else 0, seed=seed + g)
    return games / (time.perf_counter() - start)


def theirs(games: int, seed: int) -> float:
    """Games per second of rlcard's mahjong with random agents."""
    np.random.seed(seed % 2**32)  # RandomAgent draws from numpy's global generator
    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    start = time.perf_counter()
    for _ in range(games):
        env.run(is_training=False)
    return games / (time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=DEFAULT_GAMES)
    ap.add_argument("--peer-games", type=int, default=DEFAULT_PEER_GAMES)
    ap.add_argument("--repeats", type=int, default=DEFAULT_REPEATS)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--rules", choices=("uno", "mcr", "botzone"), default="uno")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    runs: dict[str, list[float]] = {"random": [], "greedy": [], "rlcard": []}
    for r in range(max(args.repeats, 1)):
        seed = args.seed + r * args.games
        runs["random"].append(ours(args.games, seed, greedy=False, rules=args.rules))
        runs["rlcard"].append(theirs(args.peer_games, args.seed + r))
        runs["greedy"].append(ours(args.games, seed, greedy=True, rules=args.rules))
    random_gps = max(runs["random"])
    greedy_gps = max(runs["greedy"])
    peer_gps = max(runs["rlcard"])
    result = {
        "rules": args.rules,
        "games": args.games,
        "peer_games": args.peer_games,
        "repeats": args.repeats,
        "seed": args.seed,
        "engine": engine(),
        "random_games_per_second": round(random_gps, 1),
        "greedy_games_per_second": round(greedy_gps, 1),
        "rlcard_random_games_per_second": round(peer_gps, 1),
        "ratio_random": round(random_gps / peer_gps, 2),
        "runs": {k: [round(x, 1) for x in v] for k, v in runs.items()},
        "target": TARGET_RATIO,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{args.games} four-player {args.rules} hands per bot type, {args.peer_games}"
            " rlcard hands "
            f"(seed {args.seed}); best of {args.repeats} interleaved repeats, new hands in each"
            f" [{engine()} engine]"
        )
        print(f"  unomahjong, random bots   {random_gps:8.1f} games/s")
        print(f"  unomahjong, greedy bots   {greedy_gps:8.1f} games/s")
        print(f"  rlcard mahjong, random    {peer_gps:8.1f} games/s")
        print(
            f"  ratio (random play)       {random_gps / peer_gps:8.2f} (target >= {TARGET_RATIO})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
