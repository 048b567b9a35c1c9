"""Simulate games on a Dask cluster of two worker processes, and check the
report against the same games played in this one process.

Run it as a script (``python dask_simulate.py``): Dask starts its workers
as new interpreters, which import this file again, so the work is under
``if __name__ == "__main__":``. Needs ``pip install 'dask[distributed]'``.
"""

import logging

from dask.distributed import Client, LocalCluster

from unomahjong.research.simulation import simulate

GAMES = 400

if __name__ == "__main__":
    with (
        LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            dashboard_address=None,
            # Dask logs a closed connection as an error, with a traceback,
            # when a worker's heartbeat meets the cluster shutting down.
            silence_logs=logging.CRITICAL,
        ) as cluster,
        Client(cluster) as client,
    ):
        report = simulate(games=GAMES, seed=3, workers=8, executor=client.get_executor())
    alone = simulate(games=GAMES, seed=3)
    assert report == alone, "a split run gives the report of an unsplit one"
    print(f"{report.games} games on the cluster, the same report as in one process")
