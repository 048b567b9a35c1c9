"""A game's log as lines, and the digest chain that makes it tamper-evident:
shared by both games' logs (game/log.py for mahjong, cards/log.py for the
card game), which read the records, replay them and write logs.

Lines are read from a path, a text file, its text, or its lines or parsed
records, each line's size and JSON checked. A record's digest is SHA-256
(or HMAC-SHA-256 under a server key) of the previous record's digest (32
zero bytes before the first) and the record's canonical JSON without its
digest: keys sorted, no whitespace, non-ASCII escaped.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import IO, Any, Final, TypeAlias

from ._checks import describe, keywords_checked, quote, wrong_type
from .errors import LogError

MAX_LINE_LENGTH: Final = 4096
"""The most characters of one log line. The longest line a round writes is
its header, about 1,250 characters with a 100-digit seed (an action line has
a few hundred); the limit is three times that, and a longer line is refused
(``too-long``) before it is parsed."""
MAX_LINES: Final = 10_000
"""The most lines of one log, blank ones included. A round has fewer than
2,000 (each of at most 208 discards answered by at most 7 seats, with
8 players); more is refused (``too-long``)."""
LogSource: TypeAlias = str | os.PathLike[str] | IO[str] | Iterable[str | dict[str, Any]]
"""A log as :func:`replay`, :func:`seat_view` and :func:`write_log` take it:
a path, an open text file, its whole text, or its lines or parsed records
(docs/game.md#logs-in-any-form)."""


def line_error(n: int, code: str, what: str) -> LogError:
    return LogError(code, f"line {n}: {what}")


def bad_line(n: int, what: str) -> LogError:
    return line_error(n, "bad-line", what)


class _DuplicateKey(Exception):
    pass


class _NotJson(Exception):
    pass


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):  # a key given twice: JSON would keep the last
        seen: set[str] = set()
        for k, _ in pairs:
            if k in seen:
                raise _DuplicateKey(k)
            seen.add(k)
    return out


def _constant(name: str) -> object:
    raise _NotJson(name)


MAX_NESTING: Final = 16
"""The deepest nesting of arrays and objects a log line (or a judge log)
may have (a record nests three deep, a judge log four). Checked before
decoding: the JSON decoder's own limit is the interpreter's recursion
limit, which it meets on some versions and not on others, so the check
would otherwise depend on the Python version."""
MAX_NUMBER_LENGTH: Final = 4300
"""The most characters of one number in JSON read from outside: as many as
the digits Python converts to an int by default, far more than a logged
seed's 1,000. A longer number is refused before it is converted (Python
would refuse it with a bare ValueError, after time quadratic in its
length)."""


class _NumberTooLong(Exception):
    pass


def _int(literal: str) -> int:
    if len(literal) > MAX_NUMBER_LENGTH:
        raise _NumberTooLong(literal)
    return int(literal)


def _float(literal: str) -> float:
    value = float(literal) if len(literal) <= MAX_NUMBER_LENGTH else math.inf
    if not math.isfinite(value):  # 1e999: Infinity by another name
        raise _NumberTooLong(literal)
    return value


_DECODER = json.JSONDecoder(
    object_pairs_hook=_object, parse_constant=_constant, parse_int=_int, parse_float=_float
)

# A string to its closing quote, or to the end of the text when it has none:
# possessive, so that no text makes the scan backtrack or start again.
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]++")
_PAIR = re.compile(r"[\[{][\]}]")
_TOKEN = re.compile(_STRING.pattern + r"|[\[\]{}]", re.DOTALL)
_NUMBER = re.compile(_STRING.pattern + r"|-?[0-9][-+.eE0-9]*", re.DOTALL)


def _too_deep(text: str, most: int) -> bool:
    """Whether arrays and objects in ``text`` nest more than ``most`` deep,
    outside its strings. Each pass of a regular expression removes the
    innermost brackets (an open one next to a closing one): brackets left
    after ``most`` passes nest deeper. Left unbalanced with opening ones
    alone (``"[" * 100000``), the text is too deep if more than ``most``
    remain; a closing one left over ends the decoder's work first."""
    if text.count("[") + text.count("{") <= most:
        return False
    brackets = _NOT_BRACKETS.sub("", _STRING.sub("", text))
    for _ in range(most):
        fewer = _PAIR.sub("", brackets)
        if len(fewer) == len(brackets):
            break
        brackets = fewer
    else:
        if _PAIR.search(brackets):
            return True
    return len(brackets) > most and not any(c in brackets for c in "]}")


def _deep_at(text: str, most: int) -> int:
    """Where ``text`` first nests more than ``most`` deep (only called when
    :func:`_too_deep` says it does)."""
    depth = 0
    for m in _TOKEN.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > most:
                return m.start()
        elif c in "]}":
            depth = max(0, depth - 1)
    return 0


def _number_at(text: str, literal: str) -> int:
    for m in _NUMBER.finditer(text):
        if m.group() == literal:
            return m.start()
    return 0


def where(text: str, at: int) -> str:
    """Position ``at`` of ``text`` as a message names it: its column (from
    1) in one line, its line and column in text of several."""
    line = text.count("\n", 0, at)
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return f"line {line + 1}, column {column}" if "\n" in text else f"column {column}"


def load_json(
    text: str, what: str, *, most: int, code: str = "bad-json", nesting: int = MAX_NESTING
) -> object:
    """The JSON value of ``text``, read from outside (``what`` names it in a
    message: ``"line 3"``, ``"the judge log"``), with its size, its nesting
    and its numbers bounded before any of it is decoded or converted:
    more than ``most`` characters is ``too-long``; nesting deeper than
    ``nesting``, a number of more than ``MAX_NUMBER_LENGTH`` characters or
    too large for a float, duplicate keys, NaN and Infinity are ``code``
    (a :class:`~unomahjong.errors.LogError`), naming the position."""
    if len(text) > most:
        raise LogError("too-long", f"{what}: {len(text):,} characters; at most {most:,}")
    if _too_deep(text, nesting):
        at = where(text, _deep_at(text, nesting))
        raise LogError(code, f"{what}: nested more than {nesting} deep ({at})")
    try:
        return _DECODER.decode(text)
    except json.JSONDecodeError as e:
        raise LogError(code, f"{what}: {e.msg} ({where(text, e.pos)})") from None
    except _DuplicateKey as e:
        raise LogError(
            code, f"{what}: key {quote(e.args[0])} appears twice in one object"
        ) from None
    except _NotJson as e:
        raise LogError(code, f"{what}: {e.args[0]} is not a JSON value") from None
    except ValueError as e:  # an int past a lower limit set by sys.set_int_max_str_digits
        raise LogError(code, f"{what}: a number Python cannot convert ({str(e)[:60]})") from None
    except _NumberTooLong as e:
        literal = e.args[0]
        why = (
            f"a number of {len(literal):,} characters (at most {MAX_NUMBER_LENGTH:,})"
            if len(literal) > MAX_NUMBER_LENGTH
            else "a number too large for a float"
        )
        raise LogError(code, f"{what}: {why} ({where(text, _number_at(text, literal))})") from None


def loads_line(n: int, line: str) -> object:
    """One line's JSON, by :func:`load_json`: duplicate keys, NaN and
    Infinity, nesting too deep and numbers too long are refused with the
    line's number."""
    return load_json(line, f"line {n}", most=MAX_LINE_LENGTH, code="bad-json")


@keywords_checked
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


# ------------------------------------------------------------- digest chain

CHAIN_PLAIN: Final = "sha256"
CHAIN_KEYED: Final = "hmac-sha256"
GENESIS: Final = bytes(32)
"""The digest before the first record."""
_HEX = re.compile(r"[0-9a-f]{64}")


def canonical(record: dict[str, Any]) -> bytes:
    """A record's canonical JSON without its digest: what the digest covers."""
    body = {k: v for k, v in record.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return text.encode("ascii")


def chain_digest(previous: bytes, record: dict[str, Any], key: bytes | None) -> bytes:
    """The digest of ``record`` after the record whose digest is ``previous``."""
    message = previous + canonical(record)
    if key is None:
        return hashlib.sha256(message).digest()
    return hmac.new(key, message, hashlib.sha256).digest()


def chained(records: Iterable[dict[str, Any]], key: bytes | None) -> list[str]:
    """Log lines of ``records`` (the header first, its ``format`` already
    set): the header's ``chain`` set, each record's ``digest`` computed."""
    out: list[str] = []
    previous = GENESIS
    for i, record in enumerate(records):
        rec = {k: v for k, v in record.items() if k != "digest"}
        if i == 0:
            rec["chain"] = CHAIN_PLAIN if key is None else CHAIN_KEYED
        d = chain_digest(previous, rec, key)
        rec["digest"] = d.hex()
        previous = d
        out.append(json.dumps(rec, ensure_ascii=False))
    return out


def digest_field(n: int, rec: dict[str, Any]) -> str:
    """The digest record ``rec`` (line ``n``) carries: 64 hex digits."""
    digest = rec.get("digest")
    if not isinstance(digest, str) or not _HEX.fullmatch(digest):
        raise line_error(n, "digest", "a format-2 record carries a digest of 64 hex digits")
    return digest


def checked_digest(n: int, previous: bytes, rec: dict[str, Any], key: bytes | None) -> bytes:
    """The digest of record ``rec`` (line ``n``) after ``previous``, checked
    against the one it carries (``digest`` error if it differs)."""
    digest = digest_field(n, rec)
    d = chain_digest(previous, rec, key)
    if not hmac.compare_digest(d.hex(), digest):
        raise line_error(
            n,
            "digest",
            "the digest does not match: this line or one before it was edited,"
            " removed or reordered"
            + (" (or the key is not the one it was written with)" if key else ""),
        )
    return d


def server_key(key: object, func: str) -> bytes | None:
    """A server key as bytes (text is encoded as UTF-8), or None."""
    if key is None:
        return None
    if isinstance(key, str):
        key = key.encode("utf-8")
    if not isinstance(key, (bytes, bytearray)):
        raise wrong_type(
            LogError,
            "not-a-key",
            func,
            "key",
            key,
            "bytes, text or None",
            hint="a secret of 32 random bytes: secrets.token_bytes(32)",
        )
    if not key:
        raise LogError("not-a-key", f"{func}() takes a key of 1 byte or more", argument="key")
    return bytes(key)
