"""Simulate games on a pool of worker processes, and audit the fan table
on the pool that ``audit`` starts itself.

Run it as a script (``python process_pool.py``): on platforms that start a
worker as a new interpreter (Windows and macOS always; Linux from Python
3.14), the worker imports this file again, so the work is under
``if __name__ == "__main__":``.
"""

from concurrent.futures import ProcessPoolExecutor

from unomahjong.research.audit import audit
from unomahjong.research.simulation import simulate

if __name__ == "__main__":
    alone = simulate(games=200, seed=3)
    with ProcessPoolExecutor(2) as pool:
        split = simulate(games=200, seed=3, workers=4, executor=pool)
    assert split == alone, "a split run gives the report of an unsplit one"
    report = audit(hands=400, seed=1, workers=2)  # a pool of 2 processes, started and shut down
    print(f"{split.games} games on the pool; audit of {report.hands} hands:")
    print(f"{len(report.implied)} implied pairs, {len(report.silent)} silent exclusions")
