"""Benchmark the UNO card game: hands per second against rlcard's UNO environment.

Usage::

    python benchmarks/bench_cards.py [--seconds T] [--repeats R] [--seed S] [--json]

Plays hands of UNO cards with 2 and with 4 players in one process, each
pass for about ``T`` seconds, interleaved and repeated ``R`` times (the
best repeat counts):

* rlcard's UNO environment (``rlcard.make("uno")``, ``game_num_players``
  2 or 4, its ``RandomAgent``);
* ours with ``RandomCardBot`` on every seat (a random play whenever one
  can be played, a draw only when none can: docs/cards.md#bots), with
  ``UniformCardBot`` (uniform over every legal action), with rlcard's
  random policy imitated exactly on our rules (:class:`RlcardLike`) and
  with ``GreedyCardBot``.

Prints hands per second, actions per hand and actions per second of each.

rlcard lists ``draw`` only when no card can be played, a Wild Draw Four
only when nothing else can, and has no UNO call, challenge or catch. Our
rules (docs/cards.md) allow a draw with a playable card and list every
play with and without an UNO call. So a uniform choice over our legal
actions makes hands hundreds of times longer; ``RandomCardBot`` plays as
rlcard's random agent effectively does (the hands-per-second ratio's
target: >= 5x rlcard), and :class:`RlcardLike` follows rlcard's rules of
choice to the letter (each colour of a black card a play of its own, the
drawn card kept).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import rlcard
from rlcard.agents import RandomAgent

from unomahjong.cards import (
    CARDS,
    CardAction,
    CardActionKind,
    CardState,
    GreedyCardBot,
    RandomCardBot,
    UniformCardBot,
    play_cards,
)

TARGET_RATIO = 5.0


def _rlcard(seconds: float, seed: int, players: int) -> tuple[int, int, float]:
    env = rlcard.make("uno", config={"seed": seed})
    # rlcard's Env passes game settings on to a few games only, not to UNO,
    # whose game takes its number of players from configure().
    env.game.configure({"game_num_players": players})
    env.num_players = players
    np.random.seed(seed)
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        trajectories, _ = env.run(is_training=False)
        hands += 1
        actions += sum((len(t) - 1) // 2 for t in trajectories)
    return hands, actions, time.perf_counter() - start


class RlcardLike:
    """rlcard's random agent, choosing on our rules as it chooses on its
    own: uniform over the plays (each play once, calling UNO exactly when
    it leaves one card: rlcard has no call, so no false call and no missed
    one), a draw only when nothing can be played, the drawn card kept, a
    Wild Draw Four accepted, a catch let go."""

    _AFTER_PLAYS = (
        CardActionKind.DRAW,
        CardActionKind.KEEP,
        CardActionKind.ACCEPT,
        CardActionKind.PASS,
        CardActionKind.COLOUR,
    )

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: CardState, seat: int, actions: Sequence[CardAction]) -> CardAction:
        held = len(state.hands[seat])
        plays = [
            a
            for a in actions
            if a.kind is CardActionKind.PLAY and a.uno == (held - 1 - len(a.more) == 1)
        ]
        if plays:
            return self.rng.choice(plays)
        for kind in self._AFTER_PLAYS:
            found = [a for a in actions if a.kind is kind]
            if found:
                return self.rng.choice(found)
        return self.rng.choice(list(actions))


def _ours(seconds: float, seed: int, policy: str, players: int) -> tuple[int, int, float]:
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = seed + hands
        seeded = {"rlcard-like": RlcardLike, "random": RandomCardBot, "uniform": UniformCardBot}
        bots: list[Any] = [
            GreedyCardBot() if policy == "greedy" else seeded[policy](s * players + i)
            for i in range(players)
        ]
        _, moves = play_cards(CARDS, bots, seed=s)
        hands += 1
        actions += len(moves)
    return hands, actions, time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=20_261_202)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    best: dict[str, tuple[float, float, float]] = {}
    for r in range(args.repeats):
        seed = args.seed + r * 100_000
        for players in (2, 4):
            passes = (
                (f"rlcard random {players}p", _rlcard(args.seconds, seed, players)),
                (f"ours random {players}p", _ours(args.seconds, seed, "random", players)),
                (f"ours uniform {players}p", _ours(args.seconds, seed, "uniform", players)),
                (f"ours rlcard-like {players}p", _ours(args.seconds, seed, "rlcard-like", players)),
                (f"ours greedy {players}p", _ours(args.seconds, seed, "greedy", players)),
            )
            for name, (hands, actions, elapsed) in passes:
                row = (hands / elapsed, actions / max(hands, 1), actions / elapsed)
                if name not in best or row[0] > best[name][0]:
                    best[name] = row
    ratios = {p: best[f"ours random {p}p"][0] / best[f"rlcard random {p}p"][0] for p in (2, 4)}
    alike = {p: best[f"ours rlcard-like {p}p"][0] / best[f"rlcard random {p}p"][0] for p in (2, 4)}
    result: dict[str, Any] = {
        name: {"hands_per_s": h, "actions_per_hand": a, "actions_per_s": s}
        for name, (h, a, s) in best.items()
    }
    result["random_ratio"] = {f"{count}p": ratio for count, ratio in ratios.items()}
    result["rlcard_like_ratio"] = {f"{count}p": ratio for count, ratio in alike.items()}
    if args.json:
        print(json.dumps(result))
        return 0
    for name, (h, a, s) in best.items():
        print(f"{name:20} {h:9.1f} hands/s  {a:9.1f} actions/hand  {s:9.0f} actions/s")
    for count, ratio in ratios.items():
        print(
            f"ours/rlcard, random {count}-player hands per second: {ratio:.3f}x"
            f" (target >= {TARGET_RATIO}x); rlcard's policy on our rules:"
            f" {alike[count]:.3f}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
