"""Judge games played by seats, and the judge's match log
(docs/mcr.md#seats-and-logs).

A seat answers each judge request (:class:`JudgeSeat`): the library's own
bots (:class:`LibraryBotSeat`) or a Botzone bot program run as Botzone
runs it (:class:`BotProgram`: a new process each turn, given the seat's
whole history). :func:`play_judge_hand` plays one game;
:func:`judge_log` writes it as the judge's input (``initdata`` and the
judge's outputs alternating with the bots' responses), and
:func:`replay_judge_log` reads such a log back, plays it again and checks
every judge output it holds against the library's.
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
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Never, Protocol, runtime_checkable

import attrs

from .._checks import checked_init, keywords_checked, quote, unknown_keywords, wrong_type
from .._logfile import load_json
from ..errors import LogError, MahjongError
from ..game import Bot, Phase
from .protocol import (
    JudgeHand,
    JudgeStage,
    claim_turn,
    judge_can_win,
    judge_start,
    judge_step,
    response_lines,
)
from .tiles import botzone_tile

__all__ = [
    "MAX_JSON_DEPTH",
    "MAX_JSON_NUMBER",
    "MAX_MEMORY",
    "MAX_OUTPUT",
    "MAX_TIMEOUT",
    "STDERR_TAIL",
    "BotProgram",
    "JudgeAnswer",
    "JudgeHandRecord",
    "JudgeSeat",
    "LibraryBotSeat",
    "judge_log",
    "play_judge_hand",
    "replay_judge_log",
]

SEATS: Final = 4
MAX_JUDGE_LOG_LENGTH: Final = 2_097_152
"""The most characters of a judge log's text (2 MiB) :func:`replay_judge_log`
reads: a game's log is some tens of KB, and a text too deeply nested is
found in under a second."""

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


def _text(name: str, value: object) -> None:
    if not isinstance(value, str):
        raise wrong_type(MahjongError, "bad-answer", "JudgeAnswer", name, value, "text")


@checked_init
@attrs.frozen(slots=True)
class JudgeAnswer:
    """A seat's answer to a request: its response line, and Botzone's
    verdict on the bot (``OK``; ``TLE`` for a time-out, ``RE`` for a crash
    or an answer it cannot read, ``OLE`` for too much output), as a judge
    log holds them. A bot program's failure also carries its exit status
    (``exit_status``: negative for the signal that ended it, None when it
    did not end by itself), the end of its standard error (``stderr``, the
    last :data:`STDERR_TAIL` bytes) and the judge's reason (``detail``)."""

    response: str
    verdict: str = "OK"
    exit_status: int | None = None
    stderr: str = ""
    detail: str = ""

    def __attrs_post_init__(self) -> None:
        for name in ("response", "verdict", "stderr", "detail"):
            _text(name, getattr(self, name))
        status = self.exit_status
        if status is not None and type(status) is not int:
            raise wrong_type(
                MahjongError, "bad-answer", "JudgeAnswer", "exit_status", status, "an int or None"
            )

    def as_json(self, **unknown: Never) -> dict[str, Any]:
        """The answer as the judge's log holds it: ``verdict`` and
        ``response``, and ``exit_status``, ``stderr`` and ``detail`` when
        they are set."""
        if unknown:
            raise unknown_keywords(JudgeAnswer.as_json, unknown)
        out: dict[str, Any] = {"verdict": self.verdict, "response": self.response}
        if self.exit_status is not None:
            out["exit_status"] = self.exit_status
        if self.stderr:
            out["stderr"] = self.stderr
        if self.detail:
            out["detail"] = self.detail
        return out


@runtime_checkable
class JudgeSeat(Protocol):
    """Anything that answers a judge request for one seat."""

    def respond(
        self, game: JudgeHand, seat: int, requests: Sequence[str], responses: Sequence[str]
    ) -> JudgeAnswer:
        """The answer of ``seat`` to ``requests[-1]`` (``game.requests[seat]``),
        given its earlier requests and its own earlier ``responses``."""
        ...


class _Seat:
    """The checks every seat of the library makes of its arguments."""

    __slots__ = ()

    def respond(
        self,
        game: JudgeHand,
        seat: int,
        requests: Sequence[str],
        responses: Sequence[str],
        **unknown: Never,
    ) -> JudgeAnswer:
        """The seat's answer to ``requests[-1]``, given its earlier
        requests and its own earlier ``responses``."""
        name = f"{type(self).__name__}.respond"
        if unknown:
            raise unknown_keywords(type(self).respond, unknown)
        _check_turn(name, game, seat, requests, responses)
        return self._answer(game, seat, requests, responses)

    def _answer(
        self, game: JudgeHand, seat: int, requests: Sequence[str], responses: Sequence[str]
    ) -> JudgeAnswer:
        raise NotImplementedError


@checked_init
@attrs.frozen(slots=True)
class LibraryBotSeat(_Seat):
    """One of the library's bots (:class:`~unomahjong.game.RandomBot`,
    :class:`~unomahjong.game.GreedyBot`, any
    :class:`~unomahjong.game.Bot`) in a judge game: it chooses among the
    engine's legal actions, and after a chow or pung among the discards."""

    bot: Bot

    def __attrs_post_init__(self) -> None:
        if not callable(getattr(self.bot, "choose", None)):
            raise wrong_type(MahjongError, "bad-seat", "LibraryBotSeat", "bot", self.bot, "a Bot")

    def _answer(
        self, game: JudgeHand, seat: int, requests: Sequence[str], responses: Sequence[str]
    ) -> JudgeAnswer:
        """The bot's answer to this judge turn."""
        lines = response_lines(game, seat)
        if len(lines) == 1:
            return JudgeAnswer(lines[0][1][0])
        state = game.state
        action = self.bot.choose(state, seat)
        for a, texts in lines:
            if a == action:
                return JudgeAnswer(texts[_discard_choice(self.bot, game, seat, a, texts)])
        raise MahjongError("bad-bot", f"the bot chose {action}, which is not a legal action")


def _discard_choice(bot: Bot, game: JudgeHand, seat: int, action: Any, texts: list[str]) -> int:
    """Which of a chow's or pung's discards the bot makes: its choice in
    the turn the claim leads to (the first, when the claim would not be
    carried out)."""
    if len(texts) == 1:
        return 0
    after = claim_turn(game.state, seat, action)
    if after is None or after.phase is not Phase.TURN:
        return 0
    choice = bot.choose(after, seat)
    name = choice.tile
    for i, text in enumerate(texts):
        if name is not None and text.endswith(" " + botzone_tile(name)):
            return i
    return 0


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
class BotProgram(_Seat):
    """A Botzone bot program as a seat, run as Botzone runs it: a new
    process each turn, given the seat's whole history on standard input,
    its first output line read as its response (``json``: the history as
    Botzone's JSON, ``{"requests": [...], "responses": [...]}``, and the
    response read from the ``response`` field of the first line, a JSON
    object).

    Each turn's process runs in a process group of its own, which is
    killed whole when the turn ends: when the program has exited and its
    answer line is read, or at ``timeout`` seconds (at most
    :data:`MAX_TIMEOUT`). Where the system allows, the process's address
    space is limited to ``max_memory`` bytes (None: no limit) and its CPU
    time to the timeout. Its output is read as it comes, at most
    ``max_output`` bytes a turn.

    A program still running at ``timeout`` gets the verdict ``TLE``; one
    that writes more than ``max_output`` bytes ``OLE``; one that cannot be
    started, exits with a failure or by a signal, or gives no answer the
    judge can read (not UTF-8; in JSON, not an object with a ``response``
    text, nested deeper than :data:`MAX_JSON_DEPTH` or with a number longer
    than :data:`MAX_JSON_NUMBER` characters) ``RE``. The judge then
    penalises the seat. This bounds a program; it does not isolate one
    (docs/mcr.md#seats-and-logs)."""

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


def _check_turn(func: str, game: object, seat: object, requests: object, responses: object) -> None:
    """The arguments of a seat's ``respond``, checked."""
    if not isinstance(game, JudgeHand):
        raise wrong_type(MahjongError, "bad-turn", func, "game", game, "a JudgeHand")
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise wrong_type(MahjongError, "bad-turn", func, "seat", seat, "a seat, 0-3")
    for name, value in (("requests", requests), ("responses", responses)):
        if (
            isinstance(value, str | bytes)
            or not isinstance(value, Sequence)
            or not all(isinstance(x, str) for x in value)
        ):
            raise wrong_type(MahjongError, "bad-turn", func, name, value, "a list of lines")
    if not requests:
        raise MahjongError("bad-turn", f"{func}(): no request to answer", argument="requests")
    if len(responses) != len(requests) - 1:  # type: ignore[arg-type]
        raise MahjongError(
            "bad-turn",
            f"{func}(): the seat answers its last request: one response fewer than requests",
            argument="responses",
        )


_JSON_STRING: Final = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\Z)', re.DOTALL)
"""A JSON string, or an unterminated one to the end (so that no quote is
tried twice: linear in the text)."""
_JSON_INNER: Final = re.compile(r"\[[^\[\]{}]*\]|\{[^\[\]{}]*\}")
"""An array or object holding none."""
_JSON_LONG_NUMBER: Final = re.compile(f"[-+.0-9eE]{{{MAX_JSON_NUMBER + 1},}}")


def _json_bounds(line: str) -> str | None:
    """Why a JSON answer is not read (too deep, a number too long), before
    it is parsed; None if it may be. The strings are set aside first, then
    the innermost arrays and objects taken away :data:`MAX_JSON_DEPTH`
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


# ------------------------------------------------------------------ a game


@checked_init
@attrs.frozen(slots=True)
class JudgeHandRecord:
    """A judge game played through: the game after each judge turn (the
    first turn's first) and the answers each turn got."""

    games: tuple[JudgeHand, ...]
    answers: tuple[tuple[JudgeAnswer, ...], ...]

    @property
    def final(self) -> JudgeHand:
        """The last game: finished, unless it was replayed from a log that
        stops before the final scores."""
        return self.games[-1]

    @property
    def finished(self) -> bool:
        """True once the judge has given the scores."""
        return self.final.finished

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score (``unfinished``: the judge has not given them)."""
        scores = self.final.scores
        if scores is None:
            raise MahjongError(
                "unfinished",
                f"the game stops after {len(self.answers)} judge turns, before the final scores",
                hint="its next judge output is the record's output",
            )
        return scores

    @property
    def output(self) -> dict[str, Any]:
        """The judge's output after the last answers, as the judge writes it:
        the next requests (``command`` ``request``), or the final scores
        (``finish``); see :func:`judge_log` for the display fields written."""
        return _output(self.final, first=len(self.games) == 1)


def _seat(value: object, i: int) -> JudgeSeat:
    if isinstance(value, JudgeSeat):
        return value
    if callable(getattr(value, "choose", None)):
        return LibraryBotSeat(value)  # type: ignore[arg-type]
    raise wrong_type(
        MahjongError,
        "bad-seat",
        "play_judge_hand",
        "seats",
        value,
        f"a seat (a JudgeSeat or a library Bot) for seat {i}",
    )


@keywords_checked
def play_judge_hand(
    seats: Sequence[JudgeSeat | Bot],
    srand: int | None = None,
    *,
    quan: int | None = None,
    max_turns: int = 1000,
) -> JudgeHandRecord:
    """Play the judge game dealt from ``srand`` (and ``quan``, see
    :func:`~unomahjong.botzone.judge_start`) with four seats: each a
    :class:`JudgeSeat` or a library :class:`~unomahjong.game.Bot`."""
    if isinstance(seats, str | bytes) or not isinstance(seats, Sequence) or len(seats) != SEATS:
        raise wrong_type(MahjongError, "bad-seats", "play_judge_hand", "seats", seats, "4 seats")
    players = [_seat(s, i) for i, s in enumerate(seats)]
    if type(max_turns) is not int or max_turns < 1:
        raise wrong_type(
            MahjongError, "bad-turns", "play_judge_hand", "max_turns", max_turns, "a count"
        )
    game = judge_start(srand, quan=quan)
    games = [game]
    answers: list[tuple[JudgeAnswer, ...]] = []
    while not game.finished:
        if len(answers) >= max_turns:
            raise MahjongError("too-long", f"no end after {max_turns} judge turns")
        turn = []
        for i, player in enumerate(players):
            requests = [g.requests[i] for g in games]
            mine = [a[i].response for a in answers]
            answer = player.respond(game, i, requests, mine)
            if not isinstance(answer, JudgeAnswer):
                raise wrong_type(
                    MahjongError, "bad-answer", "respond", "answer", answer, "a JudgeAnswer"
                )
            turn.append(answer)
        answers.append(tuple(turn))
        game = judge_step(game, [a.as_json() for a in turn])
        games.append(game)
    return JudgeHandRecord(tuple(games), tuple(answers))


# ------------------------------------------------------------------ the judge's log


_UNKNOWN: Final = -4
"""The judge's ``canHu`` of a seat it did not evaluate."""


def _output(game: JudgeHand, *, first: bool = False) -> dict[str, Any]:
    """A judge output as the library gives it: ``command``, ``content`` and
    ``display``, with ``initdata`` on the ``first``. The display holds every
    field the judge's does but one: the first output's ``strlen`` (how long
    the ``walltiles`` the judge was given were)."""
    display: dict[str, Any] = {"canHu": [_UNKNOWN] * SEATS}
    if game.finished:
        assert game.scores is not None
        display["action"] = game.ending
        result = game.state.result
        scores = list(game.scores)
        if game.offender is not None:
            display["player"] = game.offender
        elif result is not None and result.wins:
            display["player"] = result.wins[0].seat
        if game.fans is not None:
            display["fanCnt"] = game.fans
        if game.fan_list:
            display["fan"] = [{"name": n, "cnt": c, "value": v} for n, c, v in game.fan_list]
        if game.ending == "HUANG":
            display["tileCnt"] = list(game.state.walls)
        else:
            display["score"] = scores
        return {
            "command": "finish",
            "content": {str(i): s for i, s in enumerate(scores)},
            "display": display,
        }
    out: dict[str, Any] = {
        "command": "request",
        "content": {str(i): r for i, r in enumerate(game.requests)},
        "display": display,
    }
    stage = game.stage
    if stage is JudgeStage.INIT:
        display["action"] = "INIT"
        display["quan"] = game.quan
        if game.srand is not None:
            display["srand"] = game.srand
        if first:
            initdata: dict[str, Any] = {"quan": game.quan, "walltiles": game.wall_text}
            if game.srand is not None:
                initdata["srand"] = game.srand
            out["initdata"] = initdata
        return out
    walls = list(game.state.walls)
    for e in game.queued:  # draws the engine made that the judge has not announced
        if e.kind in ("draw", "replacement") and e.seat is not None:
            walls[e.seat] += 1
    if stage is JudgeStage.DEAL:
        display["action"] = "DEAL"
        display["hand"] = [r.split(" ")[5:] for r in game.requests]
    elif stage is JudgeStage.DRAW:
        seat = next(i for i, r in enumerate(game.requests) if r.startswith("2 "))
        display.update(action="DRAW", player=seat, tile=game.requests[seat][2:])
    else:
        words = game.requests[0].split(" ")  # "3 p PLAY X", "3 p GANG", ...
        seat = int(words[1])
        tile = words[-1]
        if words[2] == "GANG":
            kong = game.state.seats[seat].melds[-1]
            tile = botzone_tile(kong.tile)
        display.update(action=words[2], player=seat, tile=tile)
        if words[2] == "CHI":
            display["tileCHI"] = words[3]
    display["canHu"] = list(judge_can_win(game))
    display["tileCnt"] = walls
    return out


def judge_log(match: JudgeHandRecord, **unknown: Never) -> dict[str, Any]:
    """The game as the judge's input: ``initdata`` (``srand`` if the wall
    was dealt from one, ``quan``, ``walltiles``) and ``log``, the judge's
    outputs (``command``, ``content``, ``display``; the first with the
    ``initdata``) alternating with the answers, the last output the final
    scores."""
    if unknown:
        raise unknown_keywords(judge_log, unknown)
    if not isinstance(match, JudgeHandRecord):
        raise wrong_type(
            MahjongError, "bad-match", "judge_log", "match", match, "a JudgeHandRecord"
        )
    first = match.games[0]
    initdata: dict[str, Any] = {"quan": first.quan, "walltiles": first.wall_text}
    if first.srand is not None:
        initdata["srand"] = first.srand
    log: list[Any] = []
    for n, (game, answers) in enumerate(zip(match.games, match.answers, strict=False)):
        log.append(_output(game, first=n == 0))
        log.append({str(i): a.as_json() for i, a in enumerate(answers)})
    log.append(_output(match.final, first=not match.answers))
    return {"log": log, "initdata": initdata}


def replay_judge_log(log: Mapping[str, Any] | str, **unknown: Never) -> JudgeHandRecord:
    """Play a judge log (:func:`judge_log`'s form, Botzone's, or the text of
    one) again: its wall (``walltiles``, or ``srand``; neither is
    ``unseeded``) and prevalent wind, and its bots' answers. Every judge
    output the log holds, bare or wrapped in Botzone's ``output``, must be
    the library's: command, content, display (less the first's ``strlen``)
    and initdata (:class:`~unomahjong.errors.LogError` ``judge-differs``
    names the first entry and field that is not); a log may hold the
    answers alone. A log that stops before the final scores gives the
    game so far (its ``output`` the judge's next)."""
    if unknown:
        raise unknown_keywords(replay_judge_log, unknown)
    if isinstance(log, str):
        log = load_json(log, "the judge log", most=MAX_JUDGE_LOG_LENGTH)  # type: ignore[assignment]
    if not isinstance(log, Mapping) or not isinstance(log.get("log"), list):
        raise LogError("bad-log", "a judge log is an object with a 'log' list")
    init = log.get("initdata") or {}
    if not isinstance(init, Mapping):
        raise LogError("bad-log", "initdata is an object")
    entries = log["log"]
    if init.get("srand") is None and not init.get("walltiles"):
        raise LogError(
            "unseeded",
            "initdata holds neither srand nor walltiles: the judge would deal"
            " from its clock, so the log's wall is unknown",
            hint="give initdata the srand or the walltiles the judge dealt"
            " (its first output's initdata holds both)",
        )
    try:
        walltiles = init.get("walltiles")
        if walltiles:
            game = judge_start(init.get("srand"), wall=str(walltiles), quan=init.get("quan"))
        else:
            game = judge_start(init.get("srand"), quan=init.get("quan"))
    except MahjongError as e:
        raise LogError("bad-log", f"initdata: {e.detail}") from None
    games = [game]
    turns: list[tuple[JudgeAnswer, ...]] = []
    for n, entry in enumerate(entries):
        if n % 2 == 0:
            _check_output(n, entry, game, first=n == 0)
            continue
        if game.finished:
            raise LogError("bad-log", f"entry {n}: an answer after the final scores")
        answers = tuple(_answer_of(n, entry, i) for i in range(SEATS))
        turns.append(answers)
        game = judge_step(game, [a.as_json() for a in answers])
        games.append(game)
    return JudgeHandRecord(tuple(games), tuple(turns))


def _answer_of(n: int, entry: object, seat: int) -> JudgeAnswer:
    value = entry.get(str(seat)) if isinstance(entry, Mapping) else None
    if not isinstance(value, Mapping):
        raise LogError("bad-log", f"entry {n}: no answer of seat {seat}")
    response = value.get("response", "")
    verdict = value.get("verdict", "")  # none: the judge penalises the seat
    stderr = value.get("stderr", "")
    detail = value.get("detail", "")
    if not all(isinstance(x, str) for x in (response, verdict, stderr, detail)):
        raise LogError("bad-log", f"entry {n}: seat {seat}'s answer is not text")
    status = value.get("exit_status")
    if status is not None and type(status) is not int:
        raise LogError("bad-log", f"entry {n}: seat {seat}'s exit status is not a whole number")
    return JudgeAnswer(response, verdict, status, stderr, detail)


_UNCHECKED: Final = frozenset({"strlen"})
"""Display fields of a request the library does not compute (see _output)."""


def _judge_output(n: int, entry: object) -> Mapping[str, Any] | None:
    """The judge output a log's entry holds: the entry itself (as
    :func:`judge_log` writes it), or its ``output`` (as Botzone keeps the
    judge's turns: ``{"output": {...}, "time": ..., ...}``); None for an
    entry that holds none (a log of the answers alone)."""
    if not isinstance(entry, Mapping):
        raise LogError("bad-log", f"entry {n}: a judge output is an object, not {quote(entry)}")
    if "output" in entry and not {"command", "content", "display"} & entry.keys():
        output = entry["output"]
        if not isinstance(output, Mapping):
            raise LogError("bad-log", f"entry {n}: its output is an object, not {quote(output)}")
        return output
    if not {"command", "content", "display", "initdata"} & entry.keys():
        return None
    return entry


def _check_output(n: int, entry: object, game: JudgeHand, *, first: bool) -> None:
    """A judge output in the log, if it holds one, must be the library's:
    its command, its content, every field of its display the library
    computes, and the first output's initdata."""
    theirs = _judge_output(n, entry)
    if theirs is None:
        return
    ours = _output(game, first=first)
    for key in sorted(ours.keys() | theirs.keys()):
        mine, given = ours.get(key), theirs.get(key)
        if key in ("display", "initdata") and key not in theirs:
            continue  # a log may leave the display out
        if key in ("display", "initdata") and isinstance(mine, dict) and isinstance(given, Mapping):
            skip = _UNCHECKED if key == "display" and not game.finished else frozenset()
            if game.srand is None:
                skip |= {"srand"}  # the judge's clock
            fields = (mine.keys() | given.keys()) - skip
            diff = next((f for f in sorted(fields) if mine.get(f) != given.get(f)), None)
            if diff is None:
                continue
            where, mine, given = f"{key}.{diff}", mine.get(diff), given.get(diff)
        elif mine == given:
            continue
        else:
            where = key
        raise LogError(
            "judge-differs",
            f"entry {n}: the log's judge output has {where} {quote(given)},"
            f" the library's {quote(mine)}",
        )
