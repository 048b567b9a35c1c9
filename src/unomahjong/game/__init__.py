"""Game flow for UNO Mahjong and MCR (the standard game, and the Botzone
judge's): an immutable round state and pure functions, each rule of play
the rule set's ``GameFlow`` (docs/game.md#game-flows).

``start_hand`` deals a seeded (or explicit) wall; ``awaiting`` names the
seats whose answer is expected; ``legal_actions`` lists what a seat may do;
``apply`` returns the next state and the events it caused, or raises
:class:`IllegalActionError` and changes nothing; ``outcome`` reports wins,
an exhaustive draw and the payments. The rules of play: docs/rules.md#play
(UNO Mahjong) and docs/mcr.md (MCR).
A round's log (``Board.log_lines``, :func:`write_log`, :func:`read_log`)
carries a digest chain that :func:`replay` verifies
(docs/game.md#log-format-json-lines-version-2).
"""

from .._logfile import read_log
from .actions import Action, ActionKind, Event, IllegalActionError
from .board import Board
from .bots import Bot, GreedyBot, RandomBot
from .deal import start_hand
from .legality import awaiting, legal_actions, outcome
from .log import LogError, Replay, replay, seat_view, write_log
from .match import MatchResult, play_hand, play_match
from .state import HandState, Outcome, Phase, SeatState, Win
from .transitions import apply
from .view import Observation, observe

__all__ = [
    "Action",
    "ActionKind",
    "Board",
    "Bot",
    "Event",
    "GreedyBot",
    "HandState",
    "IllegalActionError",
    "LogError",
    "MatchResult",
    "Observation",
    "Outcome",
    "Phase",
    "RandomBot",
    "Replay",
    "SeatState",
    "Win",
    "apply",
    "awaiting",
    "legal_actions",
    "observe",
    "outcome",
    "play_hand",
    "play_match",
    "read_log",
    "replay",
    "seat_view",
    "start_hand",
    "write_log",
]
