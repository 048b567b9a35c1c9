"""Benchmark the Botzone protocol: judge turns per second against the judge itself.

Usage::

    python benchmarks/bench_botzone.py [--games N] [--seed S] [--judge PATH] [--json]

Plays ``N`` games under the Botzone judge's protocol
(:mod:`unomahjong.botzone.protocol`) with random responses (a win whenever one
is offered), recording each game's responses; then times, side by side, the
library replaying those games turn by turn (``judge_step``) and, given
``--judge PATH`` (a local build of the judge program: see
tests/data/botzone/README.md), the judge driven the way Botzone drives it,
one process per turn with the whole log so far. Both sides see the same
walls and the same responses, and both reach the same scores (checked).
Prints games and turns per second and the ratio. For hands per second of
the engine itself against rlcard's mahjong, run
``python benchmarks/bench_game.py --rules botzone``.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import time
from collections.abc import Sequence

from _timing import engine

from unomahjong.botzone import JudgeHand, judge_responses, judge_start, judge_step

DEFAULT_GAMES = 40
DEFAULT_SEED = 20_261_202

Game = tuple[int, list[list[str]], tuple[int, ...]]
"""A recorded game: its srand, each turn's four responses, the scores."""


def record(games: int, seed: int) -> list[Game]:
    """Games played with random responses (a win taken when offered)."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        srand = seed + g
        game = judge_start(srand)
        turns = []
        while not game.finished:
            responses = [_choose(game, s, rng) for s in range(4)]
            turns.append(responses)
            game = judge_step(game, responses)
        assert game.scores is not None
        out.append((srand, turns, game.scores))
    return out


def _choose(game: JudgeHand, seat: int, rng: random.Random) -> str:
    texts = [r.text for r in judge_responses(game, seat)]
    return "HU" if "HU" in texts else rng.choice(texts)


def ours(games: list[Game]) -> float:
    """Seconds to replay ``games`` turn by turn."""
    start = time.perf_counter()
    for srand, turns, scores in games:
        game = judge_start(srand)
        for responses in turns:
            game = judge_step(game, responses)
        assert game.scores == scores
    return time.perf_counter() - start


def theirs(games: list[Game], judge: str) -> float:
    """Seconds for the judge, one process per turn, to play ``games``."""
    start = time.perf_counter()
    for srand, turns, scores in games:
        log: list[object] = []
        initdata: object = {"srand": srand}
        for responses in [*turns, None]:
            out = json.loads(
                subprocess.run(
                    [judge],
                    input=json.dumps({"log": log, "initdata": initdata}),
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
            )
            if not log:
                initdata = out["initdata"]
            if responses is None:
                break
            log += [
                out,
                {str(i): {"verdict": "OK", "response": r} for i, r in enumerate(responses)},
            ]
        assert out["command"] == "finish"
        assert tuple(out["content"][str(i)] for i in range(4)) == scores
    return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=DEFAULT_GAMES)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--judge", default=None, help="a local build of the judge program")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    games = record(args.games, args.seed)
    turns = sum(len(t) + 1 for _, t, _ in games)
    ours_s = ours(games)
    result: dict[str, object] = {
        "games": args.games,
        "turns": turns,
        "seed": args.seed,
        "engine": engine(),
        "ours_games_per_second": round(args.games / ours_s, 1),
        "ours_turns_per_second": round(turns / ours_s, 1),
    }
    if args.judge:
        theirs_s = theirs(games, args.judge)
        result["judge_games_per_second"] = round(args.games / theirs_s, 2)
        result["judge_turns_per_second"] = round(turns / theirs_s, 1)
        result["ratio"] = round(theirs_s / ours_s, 1)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{args.games} judge games, {turns} turns (seed {args.seed}) [{engine()} engine]")
    print(
        f"  unomahjong.botzone.protocol   {args.games / ours_s:9.1f} games/s"
        f" {turns / ours_s:9.0f} turns/s"
    )
    if args.judge:
        print(
            f"  the judge, a process/turn {args.games / theirs_s:9.2f} games/s"
            f" {turns / theirs_s:9.0f} turns/s"
        )
        print(f"  ratio                     {theirs_s / ours_s:9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
