"""Botzone bot programs as seats (:class:`BotProgram`): run as Botzone
runs them, a new process each turn given the seat's whole history, and
treated as untrusted. Each turn's output is read to a bound and decoded
strictly, the process group is killed at the turn's end, and memory and
CPU are limited where the system allows (docs/mcr.md#seats-and-logs says
what is and is not isolated).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from .._checks import checked_init, quote, wrong_type
from ..errors import MahjongError
from .seats import CheckedSeat, JudgeAnswer
from .state import JudgeHand

MAX_OUTPUT: Final = 1 << 20
"""Bytes a :class:`BotProgram` may write to its standard output in one
turn (1 MiB), by default; one more is the verdict ``OLE``."""
MAX_TIMEOUT: Final = 60.0
"""The most seconds a :class:`BotProgram`'s turn may be given."""
MAX_MEMORY: Final = 1 << 30
"""The address space a :class:`BotProgram` may take (1 GiB), by default,
where the system can limit it."""
STDERR_TAIL: Final = 2048
"""Bytes of a failed program's standard error kept in its answer: the last."""
MAX_JSON_DEPTH: Final = 64
"""The deepest nesting of arrays and objects read in a JSON answer."""
MAX_JSON_NUMBER: Final = 100
"""The longest number, in characters, read in a JSON answer."""


def _command(value: object) -> tuple[str, ...]:
    """A program's command line: a non-empty sequence of texts the system
    can pass to a program (no NUL character, no text a file name cannot
    hold), the program's name not empty."""
    if (
        isinstance(value, str | bytes)
        or not isinstance(value, Sequence)
        or not value
        or not all(isinstance(part, str) for part in value)
    ):
        raise wrong_type(
            MahjongError, "bad-program", "BotProgram", "command", value, "a list of texts"
        )
    words = tuple(str.__str__(part) for part in value)
    for i, word in enumerate(words):
        if "\0" in word:
            raise MahjongError(
                "bad-program",
                f"BotProgram(): word {i} of the command, {quote(word)}, holds a NUL character,"
                " which no command line can pass",
                argument="command",
            )
        try:
            os.fsencode(word)
        except UnicodeError:
            raise MahjongError(
                "bad-program",
                f"BotProgram(): word {i} of the command, {quote(word)}, is not text the system"
                " can pass to a program",
                argument="command",
            ) from None
    if not words[0]:
        raise MahjongError(
            "bad-program", "BotProgram(): the command's program name is empty", argument="command"
        )
    return words


@checked_init
@attrs.frozen(slots=True)
class BotProgram(CheckedSeat):
    """A Botzone bot program as a seat, run as Botzone runs it: a new
    process each turn, given the seat's whole history on standard input,
    its first output line read as its response (``json``: the history as
    Botzone's JSON, ``{"requests": [...], "responses": [...]}``, and the
    response read from the ``response`` field of the first line, a JSON
    object).

    Each turn's process runs in a process group of its own, which is
    killed whole when the turn ends: when the program has exited and its
    answer line is read, or at ``timeout`` seconds (at most
    :data:`~unomahjong.botzone.programs.MAX_TIMEOUT`). Where the system
    allows, the process's address space is limited to ``max_memory`` bytes
    (None: no limit) and its CPU time to the timeout. Its output is read as it comes, at most
    ``max_output`` bytes a turn.

    A program still running at ``timeout`` gets the verdict ``TLE``; one
    that writes more than ``max_output`` bytes ``OLE``; one that cannot be
    started, exits with a failure or by a signal, or gives no answer the
    judge can read (not UTF-8; in JSON, not an object with a ``response``
    text, nested deeper than
    :data:`~unomahjong.botzone.programs.MAX_JSON_DEPTH` or with a number
    longer than :data:`~unomahjong.botzone.programs.MAX_JSON_NUMBER`
    characters) ``RE``. The judge then penalises the seat. This bounds a
    program; it does not isolate one (docs/mcr.md#seats-and-logs)."""

    command: tuple[str, ...] = attrs.field(converter=_command)
    timeout: float = 1.0
    json: bool = False
    max_memory: int | None = MAX_MEMORY
    max_output: int = MAX_OUTPUT

    def __attrs_post_init__(self) -> None:
        t = self.timeout
        if isinstance(t, bool) or not isinstance(t, int | float) or not 0 < t <= MAX_TIMEOUT:
            raise wrong_type(
                MahjongError,
                "bad-program",
                "BotProgram",
                "timeout",
                t,
                f"seconds, above 0 and at most {MAX_TIMEOUT:g},",
            )
        if not isinstance(self.json, bool):
            raise wrong_type(MahjongError, "bad-program", "BotProgram", "json", self.json, "a bool")
        m = self.max_memory
        if m is not None and (type(m) is not int or m < 1 << 20):
            raise wrong_type(
                MahjongError,
                "bad-program",
                "BotProgram",
                "max_memory",
                m,
                "bytes, at least 1 MiB (1048576), or None",
            )
        n = self.max_output
        if type(n) is not int or n < 1:
            raise wrong_type(
                MahjongError, "bad-program", "BotProgram", "max_output", n, "bytes, at least 1"
            )

    def _answer(
        self, game: JudgeHand, seat: int, requests: Sequence[str], responses: Sequence[str]
    ) -> JudgeAnswer:
        """Run the program once on the seat's history."""
        if self.json:
            data = json.dumps({"requests": list(requests), "responses": list(responses)})
        else:
            history = [x for pair in zip(requests, responses, strict=False) for x in pair]
            data = "\n".join([str(len(requests)), *history, requests[-1]]) + "\n"
        try:
            stdin = data.encode("utf-8")
        except UnicodeError:
            raise MahjongError(
                "bad-turn",
                "BotProgram.respond(): the requests or responses hold text that is not UTF-8"
                " (a lone surrogate)",
            ) from None
        run = _run(self, stdin)
        if run.failure is not None:
            return JudgeAnswer("", "RE", detail=run.failure)
        status = run.status
        err = bytes(run.stderr[-STDERR_TAIL:]).decode("utf-8", "replace")
        if run.end == "over":
            return JudgeAnswer(
                "", "OLE", status, err, f"more than {self.max_output} bytes of output in a turn"
            )
        if run.end == "timeout" or (_SIGXCPU and status == -_SIGXCPU):
            return JudgeAnswer(
                "", "TLE", status, err, f"no answer and exit within {self.timeout:g} seconds"
            )
        if status != 0:
            return JudgeAnswer("", "RE", status, err, _exit_reason(status))
        answer = _read_output(run.stdout, self.json)
        if answer.verdict != "OK":
            return attrs.evolve(answer, exit_status=status, stderr=err)
        return answer


_SIGXCPU: Final = getattr(signal, "SIGXCPU", 0)
_POSIX: Final = os.name == "posix"
_POLL: Final = 0.02
"""Seconds between looks at whether a program has exited while its output
pipes are held open (by a process it started)."""
_CHUNK: Final = 1 << 16


def _exit_reason(status: int | None) -> str:
    if status is None:
        return "no exit"
    if status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = f"signal {-status}"
        return f"ended by {name}"
    return f"exit status {status}"


@attrs.frozen(slots=True)
class _Run:
    """A program's turn: how it ended (``exited``; ``timeout``, ``over``: it
    wrote more than its limit), its exit status (None while it ran), what it
    wrote, and why it could not be run."""

    end: str
    status: int | None = None
    stdout: bytes = b""
    stderr: bytes = b""
    failure: str | None = None


def _limiter(timeout: float, max_memory: int | None) -> Callable[[], None] | None:
    """What the program's process does before the program starts: lower
    its limits on CPU time, address space and core files, where the
    system has them (the hard limits too, so that the program cannot raise
    them again)."""
    if sys.platform == "win32":
        return None
    import resource

    cpu = int(timeout) + 1
    wanted = [(resource.RLIMIT_CORE, 0, 0), (resource.RLIMIT_CPU, cpu, cpu + 1)]
    if max_memory is not None:
        wanted.append((resource.RLIMIT_AS, max_memory, max_memory))
    settings = []
    for which, soft, hard in wanted:
        try:
            _, now = resource.getrlimit(which)
        except (OSError, ValueError):
            continue
        if now != resource.RLIM_INFINITY:
            soft, hard = min(soft, now), min(hard, now)
        settings.append((which, soft, hard))

    def limit() -> None:
        for which, soft, hard in settings:
            # A limit the system will not take: the program runs without it.
            with contextlib.suppress(OSError, ValueError):
                resource.setrlimit(which, (soft, hard))

    return limit


def _run(program: BotProgram, stdin: bytes) -> _Run:
    """Run the program once on ``stdin``: its turn, its process group
    killed at the end of it."""
    timeout = float(program.timeout)
    try:
        proc = subprocess.Popen(
            list(program.command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=_POSIX,
            preexec_fn=_limiter(timeout, program.max_memory),
        )
    except (OSError, subprocess.SubprocessError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else type(e).__name__
        return _Run("failed", failure=f"cannot start the program: {reason}")
    out = bytearray()
    err = bytearray()
    try:
        exchange = _exchange if _POSIX else _exchange_threads
        deadline = time.monotonic() + timeout
        end = exchange(proc, stdin, deadline, program.max_output, out, err, program.json)
    finally:
        _kill(proc)
    status = proc.returncode if end == "exited" else None
    return _Run(end, status, bytes(out), bytes(err))


def _exited(proc: subprocess.Popen[bytes]) -> bool:
    """Whether the program's own process has exited, leaving it unreaped
    where the system allows (so that its process group stays its own to
    kill)."""
    if proc.returncode is not None:
        return True
    if _POSIX and hasattr(os, "waitid"):
        try:
            flags = os.WEXITED | os.WNOHANG | os.WNOWAIT
            return os.waitid(os.P_PID, proc.pid, flags) is not None
        except ChildProcessError:
            pass  # reaped elsewhere: poll says so
    return proc.poll() is not None


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """End the program and every process of its group, and reap it."""
    if _POSIX:
        with contextlib.suppress(OSError):  # the group is gone
            os.killpg(proc.pid, signal.SIGKILL)
    else:
        proc.kill()
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        if pipe is not None:
            with contextlib.suppress(OSError):  # its last write failed: nothing is lost
                pipe.close()
    proc.wait()


def _exchange(
    proc: subprocess.Popen[bytes],
    stdin: bytes,
    deadline: float,
    max_output: int,
    out: bytearray,
    err: bytearray,
    as_json: bool,
) -> str:
    """Write ``stdin`` to the program and read what it writes into ``out``
    and ``err`` (the last :data:`STDERR_TAIL` bytes), until its turn ends:
    ``exited`` (it has exited, and its answer line is read or its output
    pipes are closed), ``timeout`` or ``over`` (more than ``max_output``
    bytes)."""
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    import selectors

    with selectors.DefaultSelector() as sel:
        written = 0
        if stdin:
            os.set_blocking(proc.stdin.fileno(), False)
            sel.register(proc.stdin, selectors.EVENT_WRITE)
        else:
            proc.stdin.close()
        sel.register(proc.stdout, selectors.EVENT_READ, out)
        sel.register(proc.stderr, selectors.EVENT_READ, err)
        while True:
            exited = _exited(proc)
            if exited and _answered(out, as_json):
                # What it wrote before it exited counts: read what is in the pipes now.
                if _drain(sel, out, err, max_output):
                    return _over(proc, out, max_output, as_json)
                return "exited"
            if not any(k.data is not None for k in sel.get_map().values()):
                # Its output is all in: the turn ends when the program does.
                try:
                    proc.wait(max(0.0, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    return "timeout"
                return "exited"
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return "timeout"
            for key, _ in sel.select(min(remaining, _POLL)):
                if key.data is None:  # its standard input
                    try:
                        written += os.write(key.fd, stdin[written : written + _CHUNK])
                    except BlockingIOError:
                        continue
                    except OSError:  # it closed its input: it reads no more
                        written = len(stdin)
                    if written >= len(stdin):
                        sel.unregister(key.fileobj)
                        proc.stdin.close()
                    continue
                chunk = os.read(key.fd, _CHUNK)
                if not chunk:
                    sel.unregister(key.fileobj)
                    continue
                if _take(key.data, chunk, out, err, max_output):
                    return _over(proc, out, max_output, as_json)


def _drain(sel: Any, out: bytearray, err: bytearray, max_output: int) -> bool:
    """Read what the output pipes hold now, without waiting (a child of the
    program may hold them open, and write on: the reads are bounded);
    whether ``out`` is then past its limit."""
    for _ in range(max_output // _CHUNK + 8):
        ready = [k for k, _ in sel.select(0) if k.data is not None]
        if not ready:
            return False
        for key in ready:
            chunk = os.read(key.fd, _CHUNK)
            if not chunk:
                sel.unregister(key.fileobj)
            elif _take(key.data, chunk, out, err, max_output):
                return True
    return False


def _take(into: bytearray, chunk: bytes, out: bytearray, err: bytearray, max_output: int) -> bool:
    """Add what the program wrote to ``into`` (its output ``out``, or
    ``err``, kept to its end); whether ``out`` is past its limit."""
    into.extend(chunk)
    if into is err:
        if len(err) > 2 * STDERR_TAIL:
            del err[:-STDERR_TAIL]
        return False
    return len(out) > max_output


def _exchange_threads(
    proc: subprocess.Popen[bytes],
    stdin: bytes,
    deadline: float,
    max_output: int,
    out: bytearray,
    err: bytearray,
    as_json: bool,
) -> str:
    """:func:`_exchange` where pipes cannot be waited on together (Windows):
    a thread writes the program's input and one reads each of its outputs."""
    import queue
    import threading

    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    pipe_in, pipe_out, pipe_err = proc.stdin, proc.stdout, proc.stderr
    chunks: queue.Queue[tuple[bytearray, bytes]] = queue.Queue()

    def feed() -> None:
        try:
            pipe_in.write(stdin)
            pipe_in.close()
        except (OSError, ValueError):
            pass  # it closed its input, or the turn is over

    def drain(pipe: Any, into: bytearray) -> None:
        chunk = b"-"
        while chunk:
            try:
                chunk = pipe.read1(_CHUNK)
            except (OSError, ValueError):  # the turn is over: the pipe is closed
                chunk = b""
            chunks.put((into, chunk))

    for target, args in ((feed, ()), (drain, (pipe_out, out)), (drain, (pipe_err, err))):
        threading.Thread(target=target, args=args, daemon=True).start()
    reading = 2
    while True:
        exited = proc.poll() is not None
        if exited and _answered(out, as_json):
            return "exited"
        remaining = deadline - time.monotonic()
        if reading == 0:
            try:
                proc.wait(max(0.0, remaining))
            except subprocess.TimeoutExpired:
                return "timeout"
            return "exited"
        if remaining <= 0:
            return "timeout"
        try:
            into, chunk = chunks.get(timeout=min(remaining, _POLL))
        except queue.Empty:
            continue
        if not chunk:
            reading -= 1
        elif _take(into, chunk, out, err, max_output):
            return _over(proc, out, max_output, as_json)


def _over(proc: subprocess.Popen[bytes], out: bytearray, max_output: int, as_json: bool) -> str:
    """A program past its output limit: judged on its answer if it has
    exited and its answer lies within the limit, else ``over``."""
    del out[max_output:]
    return "exited" if _exited(proc) and _answered(out, as_json) else "over"


_JSON_LINE: Final = re.compile(rb"[ \t\n\r\f\v]*+([^\n]*+)\n")
"""The first line that is not blank, whole (possessive: linear however
long the blanks)."""


def _answered(out: bytearray, as_json: bool) -> bool:
    """Whether the output holds the answer's whole line."""
    return _JSON_LINE.match(out) is not None if as_json else b"\n" in out


_JSON_STRING: Final = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\Z)', re.DOTALL)
"""A JSON string, or an unterminated one to the end (so that no quote is
tried twice: linear in the text)."""
_JSON_INNER: Final = re.compile(r"\[[^\[\]{}]*\]|\{[^\[\]{}]*\}")
"""An array or object holding none."""
_JSON_LONG_NUMBER: Final = re.compile(f"[-+.0-9eE]{{{MAX_JSON_NUMBER + 1},}}")


def _json_bounds(line: str) -> str | None:
    """Why a JSON answer is not read (too deep, a number too long), before
    it is parsed; None if it may be. The strings are set aside first, then
    the innermost arrays and objects taken away :data:`~unomahjong.botzone.programs.MAX_JSON_DEPTH`
    times: a bracket left means deeper nesting (or none that is valid)."""
    rest = _JSON_STRING.sub('""', line)
    if _JSON_LONG_NUMBER.search(rest):
        return f"the JSON answer has a number longer than {MAX_JSON_NUMBER} characters"
    for _ in range(MAX_JSON_DEPTH):
        rest, n = _JSON_INNER.subn("", rest)
        if not n:
            break
    if any(c in rest for c in "[]{}"):
        return f"the JSON answer is nested deeper than {MAX_JSON_DEPTH} or unbalanced"
    return None


def _read_output(out: bytes, as_json: bool) -> JudgeAnswer:
    """The response a program wrote: its first line (in JSON, the first
    line not blank, an object's ``response`` text); ``RE`` and why when it
    wrote none the judge can read."""
    if as_json:
        match = _JSON_LINE.match(out)
        raw = match.group(1) if match else out.strip()
    else:
        end = out.find(b"\n")
        raw = out if end < 0 else out[:end]
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return JudgeAnswer("", "RE", detail=f"the answer is not UTF-8 (byte {e.start} of its line)")
    if not as_json:
        if not out:
            return JudgeAnswer("", "RE", detail="no answer")
        return JudgeAnswer(line.removesuffix("\r"))
    if not line.strip():
        return JudgeAnswer("", "RE", detail="no answer")
    why = _json_bounds(line)
    if why is not None:
        return JudgeAnswer("", "RE", detail=why)
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        return JudgeAnswer("", "RE", detail="the answer is not JSON")
    response = value.get("response") if isinstance(value, dict) else None
    if not isinstance(response, str):
        return JudgeAnswer(
            "", "RE", detail="the JSON answer is not an object with a 'response' text"
        )
    try:
        response.encode("utf-8")
    except UnicodeError:
        return JudgeAnswer("", "RE", detail="the JSON answer's response is not UTF-8 text")
    return JudgeAnswer(response)
