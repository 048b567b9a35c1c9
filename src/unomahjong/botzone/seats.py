"""The seats of a judge game: what a seat answers to a request
(:class:`JudgeSeat`, its answer a :class:`JudgeAnswer`) and the library's
own bots as seats (:class:`LibraryBotSeat`); a Botzone bot program is the
seat of :mod:`unomahjong.botzone.programs`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Never, Protocol, runtime_checkable

import attrs

from .._checks import checked_init, unknown_keywords, wrong_type
from ..errors import MahjongError
from ..game import Bot, Phase
from .protocol import claim_turn, response_lines
from .state import SEATS, JudgeHand
from .tiles import botzone_tile


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
    last :data:`~unomahjong.botzone.programs.STDERR_TAIL` bytes) and the
    judge's reason (``detail``)."""

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


class CheckedSeat:
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
class LibraryBotSeat(CheckedSeat):
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
