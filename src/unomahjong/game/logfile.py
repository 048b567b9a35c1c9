"""Log files: a round's log read from and written to a path or a text file
(the format and its checks: :mod:`unomahjong.game.log`), and the lines of
a log given in any of the forms :func:`~unomahjong.game.replay` takes."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import IO

from .._checks import describe, quote, wrong_type
from .log import (
    MAX_LINE_LENGTH,
    MAX_LINES,
    LogError,
    LogReader,
    LogSource,
    bad_line,
    chain_lines,
    line_error,
    server_key,
)


def read_log(path_or_file: str | os.PathLike[str] | IO[str]) -> list[str]:
    """The lines of a log file (a path, or a file open in text mode), without
    their line ends, for :func:`replay`. Reads one line at a time and
    refuses (``too-long``) a line longer than ``MAX_LINE_LENGTH`` or
    more than ``MAX_LINES`` lines, without reading the rest."""
    if isinstance(path_or_file, (str, os.PathLike)):
        try:
            with open(path_or_file, encoding="utf-8") as f:
                return _read(f, path_or_file)
        except OSError as e:
            raise LogError(
                "cannot-read", f"cannot read {quote(os.fspath(path_or_file))}: {e.strerror or e}"
            ) from None
        except LogError:
            raise
        except ValueError as e:  # from open(): a NUL character, which no path has
            raise LogError(
                "cannot-read", f"cannot read {quote(os.fspath(path_or_file))}: {e}"
            ) from None
    if not callable(getattr(path_or_file, "readline", None)):
        raise wrong_type(
            LogError,
            "not-a-file",
            "read_log",
            "path_or_file",
            path_or_file,
            "a path or a text file",
        )
    return _read(path_or_file, None)


def _read(f: IO[str], path: object) -> list[str]:
    out: list[str] = []
    n = 0
    while True:
        n += 1
        try:
            line = f.readline(MAX_LINE_LENGTH + 2)
        except UnicodeDecodeError:
            raise bad_line(n, "not UTF-8 text") from None
        if not isinstance(line, str):
            raise bad_line(
                n, f"a log line is text, not {describe(line)} (open the file in text mode)"
            )
        if not line:
            return out
        if n > MAX_LINES:
            raise line_error(n, "too-long", f"a log has at most {MAX_LINES:,} lines")
        text = line[:-1] if line.endswith("\n") else line
        if len(text) > MAX_LINE_LENGTH:
            raise line_error(
                n, "too-long", f"more than {MAX_LINE_LENGTH:,} characters, the most of a log line"
            )
        out.append(text)


def write_log(
    path_or_file: str | os.PathLike[str] | IO[str],
    lines: LogSource,
    *,
    key: object = None,
) -> None:
    """Write a round's log (format 2, one line each, ``\\n`` after each) to a
    path (UTF-8) or a file open in text mode. ``lines`` is the log in any
    form :func:`~unomahjong.game.replay` takes. The lines are read and their
    digests checked first (a log that does not verify is refused, and
    nothing is written); with ``key`` they are written signed with it
    (HMAC-SHA-256), so that only the key's holder can write a log that
    ``replay(..., key=key)`` takes. Sign only logs your own server made:
    the check here is of the digests, not of who wrote them."""
    k = server_key(key, "write_log")
    if not isinstance(path_or_file, (str, os.PathLike)) and not callable(
        getattr(path_or_file, "write", None)
    ):
        raise wrong_type(
            LogError,
            "not-a-file",
            "write_log",
            "path_or_file",
            path_or_file,
            "a path or a text file",
        )
    reader = LogReader(lines, "write_log", k, require_key=False)
    records = [rec for _, rec in reader]
    if not reader.verified:
        raise LogError(
            "unverified",
            "write_log takes a format-2 log whose digests it can check"
            f" (this one: format {reader.format}"
            + (", keyed: pass its key" if reader.keyed_chain else "")
            + ")",
        )
    text = "".join(line + "\n" for line in chain_lines(records, k))
    if isinstance(path_or_file, (str, os.PathLike)):
        try:
            with open(path_or_file, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        except OSError as e:
            raise LogError(
                "cannot-write",
                f"cannot write {quote(os.fspath(path_or_file))}: {e.strerror or e}",
            ) from None
    else:
        path_or_file.write(text)


# ------------------------------------------------------------------ any log

_EXPECTED = "a log (a path, an open text file, its text, or its lines or records)"
_LOG_TEXT = re.compile(r"[ \t\r]*(?:\{|\Z)")
"""The start of a ``str`` that is a log's text, not a path: ``{`` after
spaces, or nothing but spaces (an empty log)."""


def is_log_text(text: str) -> bool:
    """Whether a ``str`` given as a log is its text (it has a line break, or
    its first character other than spaces is ``{``, or it is blank) rather
    than a path. A record starts with ``{``; a path rarely does and never
    holds a line break."""
    return "\n" in text or _LOG_TEXT.match(text) is not None


def log_lines_of(log: object, func: str) -> Iterable[object]:
    """The lines of ``log`` as :class:`~unomahjong.game.log.LogReader` reads
    them: a path (``str`` or ``os.PathLike``) or an open text file is read
    by :func:`read_log`; a ``str`` that :func:`is_log_text` is split into
    lines; an iterable gives lines (``str``) or parsed records (``dict``),
    each record written back as a line, so that it is checked as a line
    is, its digest included. Items are checked as the reader takes them."""
    if isinstance(log, str):
        return _text_lines(log) if is_log_text(log) else read_log(log)
    if isinstance(log, os.PathLike):
        return read_log(log)
    if isinstance(log, (bytes, bytearray, memoryview)):
        hint = "decode it first: data.decode('utf-8')"
    elif isinstance(log, Mapping):
        hint = (
            "pass its 'log' list"
            if "log" in log and "type" not in log
            else "a record is one line of a log: pass the list of them all"
        )
    elif callable(getattr(log, "readline", None)):
        return read_log(log)  # type: ignore[arg-type]
    elif isinstance(log, Iterable):
        return _records_as_lines(log)
    else:
        hint = "a path, text.splitlines(), read_log(path) or an open text file"
    raise wrong_type(LogError, "not-lines", func, "lines", log, _EXPECTED, hint=hint)


def _text_lines(text: str) -> Iterator[str]:
    """The lines of a log's text, one at a time, without their line ends
    (``\n`` or ``\r\n``); a line too long is refused before it is copied."""
    start, end, size, n = 0, 0, len(text), 0
    while start < size:
        n += 1
        end = text.find("\n", start)
        if end < 0:
            end = size
        length = end - start - (text[end - 1] == "\r" if end > start else 0)
        if length > MAX_LINE_LENGTH:
            raise line_error(
                n,
                "too-long",
                f"{length:,} characters; a log line has at most {MAX_LINE_LENGTH:,}",
            )
        yield text[start : start + length]
        start = end + 1


def _records_as_lines(items: Iterable[object]) -> Iterator[object]:
    """Lines as they are, and each parsed record (a ``dict``) as the line
    that holds it: the reader then applies the same limits and checks (its
    JSON, its fields, its digest) to both."""
    for n, item in enumerate(items, 1):
        if isinstance(item, dict):
            try:
                yield json.dumps(item, ensure_ascii=False, allow_nan=False)
            except (TypeError, ValueError, RecursionError) as e:
                raise bad_line(n, f"a record that JSON cannot hold ({str(e)[:60]})") from None
        else:
            yield item
