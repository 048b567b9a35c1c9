"""A local dask cluster of worker processes, for the tests that score or
play in other processes (skipped without dask[distributed], the test
dependency group)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from typing import Any

import pytest


@contextlib.contextmanager
def local_client(workers: int) -> Iterator[Any]:
    """A ``distributed.Client`` of ``workers`` single-threaded processes."""
    distributed = pytest.importorskip(
        "distributed", reason="dask[distributed] is not installed (the test dependency group)"
    )
    with (
        distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client
