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

from collections.abc import Mapping, Sequence
from typing import Any, Final, Never

import attrs

from .._checks import checked_init, keywords_checked, quote, unknown_keywords, wrong_type
from .._logfile import load_json
from ..errors import LogError, MahjongError
from ..game import Bot
from .calculator import judge_can_win
from .protocol import judge_start, judge_step
from .seats import JudgeAnswer, JudgeSeat, LibraryBotSeat
from .state import SEATS, JudgeHand, JudgeStage
from .tiles import botzone_tile

__all__ = [
    "MAX_JUDGE_LOG_LENGTH",
    "JudgeHandRecord",
    "judge_log",
    "play_judge_hand",
    "replay_judge_log",
]


MAX_JUDGE_LOG_LENGTH: Final = 2_097_152
"""The most characters of a judge log's text (2 MiB) :func:`replay_judge_log`
reads: a game's log is some tens of KB, and a text too deeply nested is
found in under a second."""


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
    if game.finished:
        return _finish_output(game)
    display: dict[str, Any] = {"canHu": [_UNKNOWN] * SEATS}
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
        display.update(_announcement(game))
    display["canHu"] = list(judge_can_win(game))
    display["tileCnt"] = walls
    return out


def _announcement(game: JudgeHand) -> dict[str, Any]:
    """The display's ``action``, ``player`` and ``tile`` (and ``tileCHI``)
    of a request announcing a seat's move: "3 p PLAY X", "3 p GANG", ..."""
    words = game.requests[0].split(" ")
    seat = int(words[1])
    tile = words[-1]
    if words[2] == "GANG":
        kong = game.state.seats[seat].melds[-1]
        tile = botzone_tile(kong.tile)
    shown: dict[str, Any] = {"action": words[2], "player": seat, "tile": tile}
    if words[2] == "CHI":
        shown["tileCHI"] = words[3]
    return shown


def _finish_output(game: JudgeHand) -> dict[str, Any]:
    """The judge's last output: the final scores, and a display naming the
    ending, the winner or offender and the fans."""
    assert game.scores is not None
    display: dict[str, Any] = {"canHu": [_UNKNOWN] * SEATS, "action": game.ending}
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
