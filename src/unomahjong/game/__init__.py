"""Game flow for UNO Mahjong: an immutable round state and pure functions.

``start_round`` deals a seeded (or explicit) wall; ``awaiting`` names the
seats whose answer is expected; ``legal_actions`` lists what a seat may do;
``apply`` returns the next state and the events it caused, or raises
:class:`IllegalActionError` and changes nothing; ``outcome`` reports wins,
an exhaustive draw and the payments. The rules of play: docs/rules.md#play.
"""

from .board import Board
from .bots import Bot, GreedyBot, RandomBot
from .log import LogError, replay, seat_view
from .match import MatchResult, play_hand, play_match
from .round import (
    Action,
    ActionKind,
    Event,
    IllegalActionError,
    Outcome,
    Phase,
    RoundState,
    SeatState,
    Win,
    apply,
    awaiting,
    legal_actions,
    outcome,
    start_round,
)
from .view import Observation, observe

__all__ = [
    "Action",
    "ActionKind",
    "Board",
    "Bot",
    "Event",
    "GreedyBot",
    "IllegalActionError",
    "LogError",
    "MatchResult",
    "Observation",
    "Outcome",
    "Phase",
    "RandomBot",
    "RoundState",
    "SeatState",
    "Win",
    "apply",
    "awaiting",
    "legal_actions",
    "observe",
    "outcome",
    "play_hand",
    "play_match",
    "replay",
    "seat_view",
    "start_round",
]
