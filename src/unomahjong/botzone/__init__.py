"""MCR as the Botzone / IJCAI Chinese Standard Mahjong judge plays it, turn
by turn (docs/mcr.md#botzone): the judge's tile names (``tiles``), its
protocol with its requests, responses and penalties (``protocol``), and
judge games played by seats, library bots or bot programs, with the judge's
match logs written and replayed (``play``).

The rules themselves are the ``botzone`` rule set, played by
:mod:`unomahjong.game`; the judge's seeded wall is
:func:`judge_wall`, exported here.
"""

from ..game.judge_wall import judge_wall
from .play import (
    BotProgram,
    JudgeAnswer,
    JudgeHandRecord,
    JudgeSeat,
    LibraryBotSeat,
    judge_log,
    play_judge_hand,
    replay_judge_log,
)
from .protocol import (
    PENALTY,
    JudgeHand,
    JudgeResponse,
    JudgeStage,
    judge_responses,
    judge_start,
    judge_step,
)
from .tiles import botzone_tile, from_botzone_tile

__all__ = [
    "PENALTY",
    "BotProgram",
    "JudgeAnswer",
    "JudgeHand",
    "JudgeHandRecord",
    "JudgeResponse",
    "JudgeSeat",
    "JudgeStage",
    "LibraryBotSeat",
    "botzone_tile",
    "from_botzone_tile",
    "judge_log",
    "judge_responses",
    "judge_start",
    "judge_step",
    "judge_wall",
    "play_judge_hand",
    "replay_judge_log",
]
