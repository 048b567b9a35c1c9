"""What the command line writes, and the failures it reports.

Every byte the command line writes goes through :func:`write`: UTF-8
whatever the locale or ``PYTHONIOENCODING`` says (JSON is UTF-8, and fan
names are Chinese), to stdout only by :func:`out` and to stderr only by
:func:`err`.
"""

from __future__ import annotations

import codecs
import json
import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any, TextIO

EXIT_OK = 0
EXIT_OUTPUT = 1
"""The output could not be written: stdout closed, full, or failing."""
EXIT_INVALID = 2
EXIT_INTERRUPTED = 130
"""Ctrl-C (128 + SIGINT), after one line on stderr."""


class UsageError(Exception):
    """A command that cannot run on what it was given (``waits`` on 14
    tiles, a file it cannot write); ``code`` names the problem, as a
    :class:`~unomahjong.errors.MahjongError`'s code does."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class OutputError(Exception):
    """Standard output cannot take the command's output."""


class Interrupted(Exception):
    """Ctrl-C, after the command printed what it had finished; the message
    says how far it got."""


_held: list[Any] = []
"""The SIGINT handlers that :func:`ignore_interrupts` replaced, to restore."""


def ignore_interrupts() -> None:
    """After a first Ctrl-C the command is ending: a second one (a terminal
    sends one to the whole process group each time) is ignored from here on,
    so that what was finished is printed and the status is 130, not a
    traceback. Only the main thread may set a signal handler."""
    if threading.current_thread() is threading.main_thread():
        _held.append(signal.signal(signal.SIGINT, signal.SIG_IGN))


def listen_to_interrupts() -> None:
    """Undo :func:`ignore_interrupts`, for a caller of ``main`` that goes on
    (a test, a notebook): the program itself exits still ignoring them."""
    if _held:
        signal.signal(signal.SIGINT, _held[0])  # the first: what was there before
        _held.clear()


def _is_utf8(stream: TextIO) -> bool:
    try:
        return codecs.lookup(stream.encoding or "").name == "utf-8"
    except (AttributeError, LookupError, TypeError):
        return False


def write(stream: TextIO, text: str) -> None:
    """``text`` on ``stream`` in UTF-8, whatever the stream's encoding."""
    buffer = getattr(stream, "buffer", None)
    if buffer is None or _is_utf8(stream):
        stream.write(text)
    else:
        stream.flush()  # what the text layer holds goes first
        buffer.write(text.encode("utf-8"))


def _reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    if isinstance(e, UnicodeError):
        return "it cannot be encoded for this stream"
    return str(e) or type(e).__name__


def out(text: str, end: str = "\n") -> None:
    """Part of the command's output, on stdout."""
    stream = sys.stdout
    if stream is None:
        raise OutputError("standard output is closed")
    try:
        write(stream, text + end)
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as e:  # ValueError: a closed stream, UnicodeError
        raise OutputError(_reason(e)) from None


def flush_stdout() -> None:
    """Flush stdout, reporting a failure as :class:`OutputError`."""
    stream = sys.stdout
    if stream is None:
        return
    try:
        stream.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as e:
        raise OutputError(_reason(e)) from None


def err(text: str, end: str = "\n") -> None:
    """A message on stderr; never on stdout, and nowhere when stderr is
    closed or cannot be written."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        write(stream, text + end)
        stream.flush()
    except (OSError, ValueError):
        pass


def failure(prefix: str, code: str, message: str, position: int | None, *, as_json: bool) -> None:
    """Report a failure on stderr: one line ``PREFIX: MESSAGE``, or under
    ``--json`` one JSON object ``{"error", "message", "position"}``."""
    if as_json:
        shown = {"error": code, "message": message, "position": position}
        err(json.dumps(shown, ensure_ascii=False))
    else:
        err(f"{prefix}: {message}")


def silence_stdout() -> None:
    """Point stdout's file descriptor at /dev/null, so that the interpreter's
    last flush of what stdout still buffers neither fails nor prints
    "Exception ignored" once the command has reported the failure."""
    stream = sys.stdout
    if stream is None:
        return
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):
        return  # not a file (an in-process capture): nothing is flushed at exit
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def is_tty(stream: TextIO | None) -> bool:
    """True when ``stream`` is a terminal (a closed or odd stream is not)."""
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


def emit(as_json: bool, data: dict[str, Any], lines: Sequence[str]) -> None:
    """The command's output: ``data`` as one JSON object, or ``lines``."""
    if as_json:
        out(json.dumps(data, ensure_ascii=False))
    else:
        out("\n".join(lines))


def shown(text: str) -> str:
    """An argument quoted in a message: at most about 40 characters."""
    return repr(text) if len(text) <= 40 else repr(text[:37]) + f"... ({len(text)} characters)"
