"""The progress bar of the long commands (``simulate``, ``cards simulate``,
``audit``): on stderr, and only when stderr is a terminal, so that a file, a
pipe or a program reading the output never sees it.

The count is announced first, on a line of its own, then one line is
redrawn in place (``\\r``) as the work finishes::

    simulate: 48,000 hands (2,000 walls x 24 seatings)
    [#######.......................] 12,000/48,000 hands  25% 0:45 left

and ended with a newline. Redraws are at most :data:`Progress.INTERVAL`
apart, whatever the rate the library reports at.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

from . import _io

__all__ = ["Progress", "clock"]


def clock(seconds: float) -> str:
    """A duration as ``m:ss``, or ``h:mm:ss`` from an hour on."""
    s = max(0, round(seconds))
    hours, rest = divmod(s, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _columns() -> int:
    """The terminal's width, from stderr (stdout may be a file); 80 when
    it cannot be read or is not set (0: a pseudo-terminal not sized)."""
    try:
        columns = os.get_terminal_size(sys.stderr.fileno()).columns
    except (AttributeError, OSError, ValueError):
        columns = 0
    return columns or 80


class Progress:
    """A progress bar for ``total`` units of work, announced as
    ``COMMAND: TOTAL UNIT (DETAIL)``. Call it with ``(done, total)``, the
    library's ``progress`` callback, as work finishes, and :meth:`close` it
    at the end (also when the work fails or is interrupted).

    Nothing is written when stderr is not a terminal; :attr:`callback` is
    then None, so that the library runs exactly as without a bar."""

    WIDTH = 30
    """The bar's width, at most (a narrow terminal gets a shorter one)."""
    INTERVAL = 0.1
    """Seconds between redraws, at least (the last one is always drawn)."""

    def __init__(
        self,
        command: str,
        total: int,
        unit: str = "hands",
        detail: str = "",
        *,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        self.unit = unit
        self.shown = _io.is_tty(sys.stderr)
        self._now = now
        self._started = now()
        self._drawn = -self.INTERVAL
        self._length = 0
        self._done = 0
        self._closed = False
        if not self.shown:
            return
        # The widest the text after the bar gets, so that the line never
        # grows past the terminal and wraps (a wrapped line is not redrawn
        # in place).
        widest = len(self._tail(total, f"{clock(99 * 3600)} left"))
        self.width = max(10, min(self.WIDTH, _columns() - 3 - widest))
        _io.err(f"{command}: {total:,} {unit}" + (f" ({detail})" if detail else ""))
        self._draw(0, "")

    def _tail(self, done: int, when: str) -> str:
        share = done / self.total if self.total else 1.0
        return f" {done:,}/{self.total:,} {self.unit} {int(100 * share):>3}% {when}".rstrip()

    def _draw(self, done: int, when: str) -> None:
        share = min(1.0, done / self.total) if self.total else 1.0
        filled = int(share * self.width)
        line = "[" + "#" * filled + "." * (self.width - filled) + "]" + self._tail(done, when)
        # Spaces over what a longer line before left on the screen.
        _io.err("\r" + line + " " * max(0, self._length - len(line)), end="")
        self._length = len(line)

    def __call__(self, done: int, total: int) -> None:
        if not self.shown or self._closed:
            return
        self.total, self._done = total, done
        now = self._now()
        if done < total and now - self._drawn < self.INTERVAL:
            return
        self._drawn = now
        elapsed = now - self._started
        if done >= total:
            when = f"in {clock(elapsed)}"
        elif done > 0:
            when = f"{clock(elapsed * (total - done) / done)} left"
        else:
            when = ""
        self._draw(done, when)

    @property
    def callback(self) -> Callable[[int, int], None] | None:
        """The bar as a ``progress`` callback, or None when nothing is shown."""
        return self if self.shown else None

    def close(self) -> None:
        """End the bar's line (once): what follows on stderr starts a line
        of its own."""
        if self.shown and not self._closed:
            self._closed = True
            _io.err("")
