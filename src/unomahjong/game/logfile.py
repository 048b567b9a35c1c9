"""Log files: a round's log read from and written to a path or a text file
(the format and its checks: :mod:`unomahjong.game.log`)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import IO

from .._checks import describe, quote, wrong_type
from .log import (
    MAX_LINE_LENGTH,
    MAX_LINES,
    LogError,
    LogReader,
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
    lines: Iterable[str],
    *,
    key: object = None,
) -> None:
    """Write a round's log (format 2, one line each, ``\\n`` after each) to a
    path (UTF-8) or a file open in text mode. The lines are read and their
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
