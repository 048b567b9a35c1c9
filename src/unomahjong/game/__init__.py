"""Game flow for UNO Mahjong: an immutable round state and pure functions.

``start_round`` deals a seeded (or explicit) wall; ``awaiting`` names the
seats whose answer is expected; ``legal_actions`` lists what a seat may do;
``apply`` returns the next state and the events it caused, or raises
:class:`IllegalActionError` and changes nothing; ``outcome`` reports wins,
an exhaustive draw and the payments. See RULINGS.md section 5.
"""

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

__all__ = [
    "Action",
    "ActionKind",
    "Event",
    "IllegalActionError",
    "Outcome",
    "Phase",
    "RoundState",
    "SeatState",
    "Win",
    "apply",
    "awaiting",
    "legal_actions",
    "outcome",
    "start_round",
]
