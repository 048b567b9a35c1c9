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

import json
import subprocess
from collections.abc import Mapping, Sequence
from typing import Any, Final, Never, Protocol, runtime_checkable

import attrs

from .._checks import checked_init, keywords_checked, quote, unknown_keywords, wrong_type
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


@checked_init
@attrs.frozen(slots=True)
class JudgeAnswer:
    """A seat's answer to a request: its response line, and Botzone's
    verdict on the bot (``OK``; ``TLE`` for a time-out, ``RE`` for a crash),
    as a judge log holds them."""

    response: str
    verdict: str = "OK"

    def __attrs_post_init__(self) -> None:
        for name in ("response", "verdict"):
            value = getattr(self, name)
            if not isinstance(value, str):
                raise wrong_type(MahjongError, "bad-answer", "JudgeAnswer", name, value, "text")

    def as_json(self, **unknown: Never) -> dict[str, str]:
        """The answer as the judge's log holds it."""
        if unknown:
            raise unknown_keywords(JudgeAnswer.as_json, unknown)
        return {"verdict": self.verdict, "response": self.response}


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
    """A program's command line: a non-empty sequence of texts."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence) or not value:
        raise wrong_type(
            MahjongError, "bad-program", "BotProgram", "command", value, "a list of texts"
        )
    if not all(isinstance(part, str) for part in value):
        raise wrong_type(
            MahjongError, "bad-program", "BotProgram", "command", value, "a list of texts"
        )
    return tuple(value)


@checked_init
@attrs.frozen(slots=True)
class BotProgram(_Seat):
    """A Botzone bot program as a seat, run as Botzone runs it: a new
    process each turn, given the seat's whole history on standard input,
    its first output line read as its response (``json``: the history as
    Botzone's JSON, ``{"requests": [...], "responses": [...]}``, and the
    response read from the ``response`` field of a JSON output).

    A program that runs past ``timeout`` seconds is stopped and given the
    verdict ``TLE``; one that cannot be started, exits with a failure or
    writes no answer gets ``RE``. The judge then penalises the seat."""

    command: tuple[str, ...] = attrs.field(converter=_command)
    timeout: float = 1.0
    json: bool = False

    def __attrs_post_init__(self) -> None:
        t = self.timeout
        if isinstance(t, bool) or not isinstance(t, int | float) or not 0 < t < float("inf"):
            raise wrong_type(
                MahjongError, "bad-program", "BotProgram", "timeout", t, "seconds, above 0"
            )
        if not isinstance(self.json, bool):
            raise wrong_type(MahjongError, "bad-program", "BotProgram", "json", self.json, "a bool")

    def _answer(
        self, game: JudgeHand, seat: int, requests: Sequence[str], responses: Sequence[str]
    ) -> JudgeAnswer:
        """Run the program once on the seat's history."""
        if self.json:
            text = json.dumps({"requests": list(requests), "responses": list(responses)})
        else:
            history = [x for pair in zip(requests, responses, strict=False) for x in pair]
            text = "\n".join([str(len(requests)), *history, requests[-1]]) + "\n"
        try:
            done = subprocess.run(
                list(self.command),
                input=text,
                capture_output=True,
                text=True,
                timeout=self.timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return JudgeAnswer("", "TLE")
        except OSError:
            return JudgeAnswer("", "RE")
        if done.returncode != 0:
            return JudgeAnswer("", "RE")
        return _read_output(done.stdout, self.json)


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


def _read_output(out: str, as_json: bool) -> JudgeAnswer:
    """The response a program wrote (``RE`` when it wrote none)."""
    if as_json:
        try:
            value = json.loads(out.strip().splitlines()[0])
        except (ValueError, IndexError):
            return JudgeAnswer("", "RE")
        response = value.get("response") if isinstance(value, dict) else None
        return JudgeAnswer(response) if isinstance(response, str) else JudgeAnswer("", "RE")
    lines = out.splitlines()
    if not lines:
        return JudgeAnswer("", "RE")
    return JudgeAnswer(lines[0].rstrip("\r"))


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
        try:
            log = json.loads(log)
        except ValueError as e:
            raise LogError("bad-json", f"the judge log is not JSON: {e}") from None
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
    if not isinstance(response, str) or not isinstance(verdict, str):
        raise LogError("bad-log", f"entry {n}: seat {seat}'s answer is not text")
    return JudgeAnswer(response, verdict)


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
