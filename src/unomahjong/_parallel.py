"""Work split into contiguous chunks of indices and run on an executor.

Shared by :func:`unomahjong.research.simulation.simulate`,
:func:`unomahjong.research.audit.audit` and the card game's
:func:`~unomahjong.cards.simulate_cards`; it knows nothing of either
game. Each job covers a contiguous range of game or hand indices and is
seeded by those indices alone, so the results do not depend on how the
range is cut or where each piece runs. The callers
merge the pieces in index order, which keeps even the order of their
dictionaries independent of the split.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import itertools
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

import attrs

from ._checks import quote, whole, wrong_type
from .errors import MahjongError, RulesError

_R = TypeVar("_R")

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called in the calling process as work finishes."""

POOL_CHUNKS_PER_WORKER = 4
"""Chunks per process of the pool the library starts itself, at least: the
progress callback hears of each chunk, and a worker that finishes early
takes the next chunk instead of waiting for the slowest."""

POOL_CHUNK_ITEMS = 2000
"""Items per chunk of that pool, at most (a few seconds of work): a long
run's first chunk starts soon (an audit draws each chunk's sample here),
and progress is heard of often."""


@attrs.frozen(slots=True)
class Plan:
    """How a run of ``total`` items is cut and where its chunks run."""

    total: int
    ranges: tuple[tuple[int, int], ...]
    """Contiguous ``(start, stop)`` index ranges, in order, none empty."""
    executor: cf.Executor | None
    """Where the chunks run; None: here, one after the other."""
    processes: int
    """The size of the process pool started for this run; 0: none (the
    chunks run on ``executor``, or here)."""
    progress: Progress | None

    @property
    def inline(self) -> bool:
        """The chunks run here, in this thread (the caller runs them)."""
        return self.executor is None and not self.processes


def plan(
    func: str,
    total: int,
    *,
    workers: object,
    executor: object,
    chunks: object,
    progress: object,
    error: type[MahjongError] = RulesError,
) -> Plan:
    """Check the parallelism arguments of ``func`` and cut ``total`` items.

    ``workers=0`` means every core; more than one without ``executor`` means
    a process pool of that many processes, given ``4 * workers`` chunks or
    more, of :data:`POOL_CHUNK_ITEMS` items at most. With ``executor``, ``workers`` is
    the number of chunks. ``chunks`` (None: as just said) overrides the
    number of chunks; it is capped at ``total``. A bad argument is
    ``error`` (the caller's domain: :class:`RulesError` for the mahjong
    functions).
    """
    n = _count(workers, "workers", 0, error)
    if n == 0:
        n = os.cpu_count() or 1
    if executor is not None and not isinstance(executor, cf.Executor):
        raise wrong_type(
            error,
            "bad-executor",
            func,
            "executor",
            executor,
            "a concurrent.futures.Executor or None",
        )
    if progress is not None and not callable(progress):
        raise wrong_type(error, "bad-progress", func, "progress", progress, "a callable or None")
    if chunks is None:
        if executor is not None:
            pieces = n
        elif n > 1:
            pieces = max(n * POOL_CHUNKS_PER_WORKER, -(-total // POOL_CHUNK_ITEMS))
        else:
            pieces = 1
    else:
        pieces = _count(chunks, "chunks", 1, error)
    ranges = split(total, pieces)
    processes = min(n, len(ranges)) if executor is None and n > 1 else 0
    return Plan(total, ranges, executor, processes, progress)


def _count(value: object, name: str, minimum: int, error: type[MahjongError]) -> int:
    n = whole(value)
    if n is None or n < minimum:
        raise error("bad-option", f"{name} must be a whole number >= {minimum}, not {quote(value)}")
    return n


def split(total: int, pieces: int) -> tuple[tuple[int, int], ...]:
    """``range(total)`` cut into at most ``pieces`` contiguous ranges whose
    sizes differ by one at most (larger first)."""
    pieces = max(1, min(pieces, total))
    size, extra = divmod(total, pieces)
    out = []
    start = 0
    for i in range(pieces):
        stop = start + size + (1 if i < extra else 0)
        if stop > start:
            out.append((start, stop))
        start = stop
    return tuple(out)


GRACE_SECONDS = 1.0
"""After Ctrl-C, how long the chunks still running are given to hand back
the items they finished (each stops after its current item); a worker of
the library's own pool still busy after it is ended."""

_stopped_runs: set[int] = set()
"""Runs of this process asked to stop: the chunks on its threads read it.
A number stays (a chunk may outlast the grace) and is never used again."""
_pool_stop: Any = None
"""In a worker of a pool the library started, the pool's stop event."""
_run_numbers = itertools.count()


def stop_requested(run: int) -> bool:
    """The run that a chunk belongs to was asked to stop (Ctrl-C in the
    process that started it): the chunk returns what it has finished."""
    return run in _stopped_runs or (_pool_stop is not None and _pool_stop.is_set())


def indices(run: int, start: int, stop: int) -> Iterator[int]:
    """The item indices of a chunk, ``start`` to ``stop - 1``, until its run
    is asked to stop. A chunk adds each item to its result only once the
    item is finished, and catches ``KeyboardInterrupt`` (which reaches the
    workers of a process pool the caller made, as it does the caller) to
    return what it has: the statistics of an interrupted run are those of
    every item finished."""
    for i in range(start, stop):
        if stop_requested(run):
            return
        yield i


def _start_worker(stop: Any) -> None:
    """A worker of the library's pool: Ctrl-C at the terminal is the
    parent's to handle (it stops the run through ``stop``), so the worker
    ignores SIGINT instead of dying with a traceback mid-item."""
    global _pool_stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _pool_stop = stop


def new_run() -> int:
    """A number for a run, which its chunks take as their first argument."""
    return next(_run_numbers)


def run(
    the_plan: Plan,
    number: int,
    fn: Callable[..., _R],
    jobs: Iterable[tuple[Any, ...]],
    results: dict[int, _R],
) -> None:
    """Run ``fn(*job)`` for the chunks of ``the_plan`` on its executor and
    store each result in ``results`` under the chunk's number as it arrives,
    telling ``progress``; the caller merges them in order. ``number`` is
    the run's (:func:`new_run`); its chunks stop when asked (:func:`indices`).

    ``jobs`` gives the arguments of each chunk in order and is read lazily:
    chunk ``i + 1``'s arguments are made while the executor works on the
    chunks before it. Interrupted (Ctrl-C), the chunks not started are
    cancelled, those running are asked to stop and given
    :data:`GRACE_SECONDS` to return what they finished (kept in
    ``results``), the library's own worker processes are ended, and the
    ``KeyboardInterrupt`` is raised again.
    """
    if not the_plan.processes:
        assert the_plan.executor is not None, "an inline plan is run by its caller"
        _drive(the_plan, number, the_plan.executor, fn, jobs, results, None)
        return
    context = multiprocessing.get_context()
    stop = context.Event()
    before = set(multiprocessing.active_children())
    pool = cf.ProcessPoolExecutor(
        max_workers=the_plan.processes,
        mp_context=context,
        initializer=_start_worker,
        initargs=(stop,),
    )
    try:
        _drive(the_plan, number, pool, fn, jobs, results, stop)
    except BaseException:
        # Interrupted or failed: no worker of this run is left behind.
        with _interrupts_held():
            for child in set(multiprocessing.active_children()) - before:
                child.terminate()
                child.join(GRACE_SECONDS)
            pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _drive(
    the_plan: Plan,
    number: int,
    executor: cf.Executor,
    fn: Callable[..., _R],
    jobs: Iterable[tuple[Any, ...]],
    results: dict[int, _R],
    stop_event: Any,
) -> None:
    pending: dict[cf.Future[_R], int] = {}
    done = 0

    def collect(finished: Iterable[cf.Future[_R]], tell: bool = True) -> None:
        nonlocal done
        for future in finished:
            i = pending.pop(future)
            results[i] = future.result()  # a chunk's error is raised here, typed as it was
            start, stop = the_plan.ranges[i]
            done += stop - start
            if tell and the_plan.progress is not None:
                the_plan.progress(done, the_plan.total)

    try:
        for i, job in enumerate(jobs):
            pending[executor.submit(fn, number, *job)] = i
            collect([f for f in pending if f.done()])
        while pending:
            collect(_first_done(pending))
    except KeyboardInterrupt:
        with _interrupts_held():
            _stopped_runs.add(number)
            if stop_event is not None:
                stop_event.set()
            running = [f for f in pending if not f.cancel()]
            finished, _ = cf.wait(running, timeout=GRACE_SECONDS)
            for future in finished:
                if future.exception() is None:
                    collect([future], tell=False)
        raise
    except BaseException:
        for future in pending:
            future.cancel()
        raise


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """A second Ctrl-C during the bounded clean-up after the first is
    ignored (in the main thread, where Python delivers it), so that the
    clean-up ends and no worker is left behind."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _first_done(pending: Iterable[cf.Future[_R]]) -> Iterator[cf.Future[_R]]:
    finished, _ = cf.wait(list(pending), return_when=cf.FIRST_COMPLETED)
    return iter(finished)
