"""Which engine runs: the compiled core or the pure-Python reference.

The compiled core (``unomahjong._core``, Cython) covers the built-in rule
sets and house rules made of their parts: the analysis core any set of a
built-in tile set's shapes, the scoring core a table whose rows keep the
built-in detectors (with any set of the tile set's shapes too), the game
core the commonest steps of a round (game/_fast.py's ``compiled_step``).
The Python modules are the reference and the fallback: each module decides
what its core covers. The core is
used when its extension modules import and the environment variable
``UNOMAHJONG_PURE`` is not ``1`` when the package is first imported.
Public functions ask :func:`core` for the compiled module that serves them
and fall back to their own Python code when it answers None.

The package's ``__init__`` calls :func:`load` once every Python module is
imported, so the compiled modules may import any of them at their own import.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any, Final

API: Final = 1
"""The interface version every compiled module must state as ``API``."""

PURE_VARIABLE: Final = "UNOMAHJONG_PURE"
"""The environment variable that, set to ``1``, forces the Python engine."""

COMPILED = False
"""True when the compiled core is active (set by :func:`load`)."""

_modules: dict[str, ModuleType] = {}
_forced_python = False

active: dict[str, ModuleType] = {}
"""The compiled modules in use, by name: empty while the Python engine is
forced. ``active.get(name)`` is :func:`core` without a function call, for
the hottest entry points."""


def load() -> bool:
    """Activate the compiled core if it is built and not switched off;
    return :data:`COMPILED`. Called once, by the package's ``__init__``."""
    global COMPILED
    if os.environ.get(PURE_VARIABLE, "") == "1":
        return COMPILED
    try:
        from ._core import analysis, game, notation, scoring  # type: ignore[attr-defined]
    except ImportError:
        return COMPILED
    modules = {"analysis": analysis, "game": game, "notation": notation, "scoring": scoring}
    # A module built from other sources than this package's (a stale build
    # left in the tree) is not used: each states the core's interface version.
    if any(getattr(m, "API", None) != API for m in modules.values()):
        return COMPILED
    _modules.update(modules)
    active.update(modules)
    COMPILED = True
    return COMPILED


def scoring_entry_points() -> tuple[Callable[..., Any], Callable[..., Any]]:
    """The compiled core's entry points for ``scoring.score`` and
    ``scoring.score_hand``, published in their place (in ``scoring`` and the
    package) once the core is active.

    The Python functions are the reference. A call to one costs a Python
    frame, and for score_hand's twelve keywords their binding, which is as
    much time as the core takes to score the hand. The entry points take the
    same parameters with the same defaults (tests/test_engine_select.py
    compares them), answer from the core what it covers while it is the
    active engine, and call the reference for everything else, which checks
    the arguments and raises the library's errors."""
    from . import scoring
    from .notation import MAX_HAND_LENGTH

    score, score_hand = _modules["scoring"].entry_points(
        scoring.score, scoring.score_hand, scoring.Score, active, MAX_HAND_LENGTH
    )
    scoring.score, scoring.score_hand = score, score_hand
    return score, score_hand


def core(name: str) -> ModuleType | None:
    """The compiled module ``name`` (``"notation"``, ``"analysis"``,
    ``"scoring"`` or ``"game"``), or None when the Python engine is to run."""
    if _forced_python:
        return None
    return _modules.get(name)


def compiled(name: str) -> ModuleType | None:
    """The compiled module ``name`` if it is loaded, whichever engine runs
    now (to clear its tables, say)."""
    return _modules.get(name)


@contextlib.contextmanager
def python_engine() -> Iterator[None]:
    """Run the Python engine inside the block, whatever is compiled: the
    differential tests and benchmarks compare the two engines in one process.
    Not for concurrent use (it flips a module flag)."""
    global _forced_python
    before = _forced_python
    _forced_python = True
    active.clear()
    try:
        yield
    finally:
        _forced_python = before
        if not before:
            active.update(_modules)
