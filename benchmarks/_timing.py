"""Timing helpers shared by the benchmark scripts."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

REPEATS = 3


def best_of(fn: Callable[[], object], repeats: int = REPEATS) -> float:
    """Best wall time of ``repeats`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def first_sight(warm: Callable[[], object], run: Callable[[], object]) -> float:
    """Wall time of one ``run`` after ``warm``, in seconds.

    The honest figure for a memoising scorer: ``warm`` plays a long-running
    bot's history on *other* hands (another seed), so the memo tables hold
    what generalises across hands, and ``run`` then meets every timed hand
    for the first time. Repeating ``run`` would time hands whose sub-results
    the memo already holds, which flatters the scorer."""
    warm()
    t = time.perf_counter()
    run()
    return time.perf_counter() - t


def versus_peer(
    clear: Callable[[], object],
    warm: Callable[[], object],
    run: Callable[[], object],
    peer: Callable[[], object],
    repeats: int = REPEATS,
) -> tuple[float, float]:
    """Best of ``repeats`` interleaved rounds: ours on first sight (memos
    cleared by ``clear``, then :func:`first_sight`) and one pass of the peer.
    Interleaving spreads a load spike on a shared machine over both sides;
    every round of ours still meets each timed hand for the first time."""
    best = interleaved(clear, warm, {"ours": run}, {"peer": peer}, repeats)
    return best["ours"], best["peer"]


def interleaved(
    clear: Callable[[], object],
    warm: Callable[[], object],
    ours: dict[str, Callable[[], object]],
    peers: dict[str, Callable[[], object]],
    repeats: int = REPEATS,
) -> dict[str, float]:
    """:func:`versus_peer` for several passes of ours (each on first sight:
    memos cleared and warmed before it) and several peers: the best time of
    each name over ``repeats`` rounds, each round running every pass once."""
    best = dict.fromkeys([*ours, *peers], float("inf"))
    for _ in range(repeats):
        for name, run in ours.items():
            clear()
            best[name] = min(best[name], first_sight(warm, run))
        for name, peer in peers.items():
            t = time.perf_counter()
            peer()
            best[name] = min(best[name], time.perf_counter() - t)
    return best


def engine() -> str:
    """Which engine this process scores with: ``"compiled"`` (the core is
    active) or ``"python"`` (not built, or ``UNOMAHJONG_PURE=1``)."""
    from unomahjong import _engine

    return "compiled" if _engine.COMPILED else "python"


def report(
    title: str,
    ours: tuple[str, float],
    theirs: tuple[str, float],
    target: float,
    as_json: bool,
    extra: dict[str, object],
) -> None:
    """Print per-hand times (seconds in, microseconds out) and the throughput ratio."""
    ratio = theirs[1] / ours[1]
    if as_json:
        print(
            json.dumps(
                {
                    **extra,
                    "engine": engine(),
                    f"{ours[0]}_us_per_hand": round(ours[1] * 1e6, 2),
                    f"{theirs[0]}_us_per_hand": round(theirs[1] * 1e6, 2),
                    "ratio": round(ratio, 3),
                    "target": target,
                }
            )
        )
        return
    print(f"{title} [{engine()} engine]")
    print(f"  {ours[0]:<28} {ours[1] * 1e6:9.1f} us/hand")
    print(f"  {theirs[0]:<28} {theirs[1] * 1e6:9.1f} us/hand")
    print(f"  throughput ratio ours/theirs {ratio:.3f} (target >= {target})")
