"""The engine seam: which engine serves each subsystem, decided here alone.

Four subsystems have a compiled core (``unomahjong._core``, Cython):
``notation`` (parsing), ``analysis`` (shanten, waits, discard options),
``scoring`` and ``game`` (the commonest steps of a hand): the compiled
engine. The Python modules are the Python engine: they state the rules
plainly, and every call the compiled engine does not take is theirs. The
compiled engine serves when its extension modules are built and the
environment variable ``UNOMAHJONG_PURE`` is not ``1`` when they are first
asked for; :func:`python_engine` switches it off
for a block (the differential tests and benchmarks).

A Python module asks the seam in one of two ways, each written once:

* :func:`core` (``core("analysis")``): the compiled module that serves the
  subsystem now, or None; the function then runs its own Python code;
* :func:`entry`, a decorator for a public function whose every call the
  core may take whole (``score``, ``score_hand``): it gives the function
  that the module publishes, chosen once, where the function is defined:
  the core's entry point, which answers what it covers while the core
  serves and calls the decorated Python function (its ``__wrapped__``) for
  everything else, or, with no core, the Python function itself. Nothing is
  replaced afterwards.

The compiled modules import only modules below the ones that ask for them
(a compiled module is loaded when first asked for), and read the seam's
state through :data:`SERVING`, the documented interface between the two.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import warnings
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any, Final, TypeVar

API: Final = 1
"""The interface version every compiled module must state as ``API``."""

PURE_VARIABLE: Final = "UNOMAHJONG_PURE"
"""The environment variable that, set to ``1``, forces the Python engine."""

SUBSYSTEMS: Final = ("notation", "analysis", "scoring", "game")
"""The subsystems with a compiled core, one extension module each."""

COMPILED = False
"""True when every subsystem's compiled module loads (set by :func:`load`)."""

SERVING: dict[str, ModuleType] = {}
"""The compiled modules serving now, by subsystem: empty while the Python
engine is forced (:func:`python_engine`). The compiled entry points read it
(a dict lookup) to see whether they still serve."""

_loaded: dict[str, ModuleType | None] = {}
"""Every subsystem asked for so far: its compiled module, or None when it
is not built, is switched off, or states another interface version."""
_absent: dict[str, str] = {}
"""Why a subsystem asked for has no compiled module: ``"pure"`` (switched
off by the variable), ``"missing"`` (not built) or ``"stale"`` (built from
other sources: it states another interface version)."""
_forced_python = False
_warned = False


class PurePythonWarning(UserWarning):
    """The compiled core is not built (or was built from other sources), so
    the Python engine runs: the same results, several times slower. Issued
    once per process, when the package is first imported, unless
    ``UNOMAHJONG_PURE=1`` chose the Python engine."""


_F = TypeVar("_F", bound=Callable[..., Any])


def _load(name: str) -> ModuleType | None:
    """The compiled module of ``name``, imported on first use."""
    if name in _loaded:
        return _loaded[name]
    module: ModuleType | None = None
    if os.environ.get(PURE_VARIABLE, "") == "1":
        _absent[name] = "pure"
    else:
        try:
            module = importlib.import_module(f"{__package__}._core.{name}")
        except ImportError:
            _absent[name] = "missing"
        # A module built from other sources than this package's (a stale
        # build left in the tree) is not used.
        if module is not None and getattr(module, "API", None) != API:
            _absent[name] = "stale"
            module = None
    _loaded[name] = module
    if module is not None and not _forced_python:
        SERVING[name] = module
    return module


def load() -> bool:
    """Load every subsystem's compiled module; True when all of them load
    (``unomahjong.COMPILED``). Called once, by the package's ``__init__``,
    after its modules are imported."""
    global COMPILED, _warned
    COMPILED = all([_load(name) is not None for name in SUBSYSTEMS])
    if not COMPILED and not _warned and "pure" not in _absent.values():
        # A build without a C compiler succeeds in pure-Python mode, and pip
        # shows the build's one warning line only with -v: say it here.
        _warned = True
        warnings.warn(
            PurePythonWarning(
                f"unomahjong runs on its Python engine: {_why_python()}; the results"
                " are the same, several times slower. Install a C compiler and"
                " reinstall (pip install --no-cache-dir --force-reinstall unomahjong),"
                f" or set {PURE_VARIABLE}=1 to choose the Python engine without this"
                " warning"
            ),
            # The caller of the package's __init__, past the import machinery:
            # the line that imported unomahjong.
            stacklevel=3,
        )
    return COMPILED


def _why_python() -> str:
    """Why the compiled core does not run, in words (after :func:`load`)."""
    reasons = [_absent.get(name) for name in SUBSYSTEMS]
    if "pure" in reasons:
        return f"{PURE_VARIABLE}=1"
    stale = [name for name, why in zip(SUBSYSTEMS, reasons, strict=True) if why == "stale"]
    if stale:
        return f"the compiled core was built from other sources ({', '.join(stale)})"
    missing = [name for name, why in zip(SUBSYSTEMS, reasons, strict=True) if why == "missing"]
    if len(missing) < len(SUBSYSTEMS):
        return f"the compiled core is built only in part ({', '.join(missing)} missing)"
    return "the compiled core is not built"


def describe() -> str:
    """The engine that runs the built-in rule sets, as ``--version`` names it:
    ``compiled core``, or ``pure Python`` and why."""
    return "compiled core" if COMPILED else f"pure Python: {_why_python()}"


def core(name: str) -> ModuleType | None:
    """The compiled module that serves ``name`` (one of :data:`SUBSYSTEMS`)
    now, or None when the Python engine is to run."""
    if _forced_python:
        return None
    module = SERVING.get(name)
    if module is None and name not in _loaded:
        module = _load(name)
    return module


def loaded(name: str) -> ModuleType | None:
    """The compiled module of ``name`` if it is loaded, whichever engine
    serves now (to clear its tables, say)."""
    return _loaded.get(name)


def entry(subsystem: str, **facts: Any) -> Callable[[_F], _F]:
    """Decorate a public Python function that the core of ``subsystem`` may
    take whole: the result is the core's entry point for it (``facts`` are
    what the entry point needs to know, such as the result type), or the
    function itself when the core is not built or is switched off."""

    def choose(function: _F) -> _F:
        module = _load(subsystem)
        if module is None:
            return function
        chosen: _F = module.entry_point(function, SERVING, **facts)
        return chosen

    return choose


@contextlib.contextmanager
def python_engine() -> Iterator[None]:
    """Run the Python engine inside the block, whatever is compiled: the
    differential tests and benchmarks compare the two engines in one process.
    Not for concurrent use (it flips a module flag)."""
    global _forced_python
    before = _forced_python
    _forced_python = True
    SERVING.clear()
    try:
        yield
    finally:
        _forced_python = before
        if not before:
            SERVING.update({k: m for k, m in _loaded.items() if m is not None})
