"""MCR as the Botzone / IJCAI Chinese Standard Mahjong judge plays it, turn
by turn (docs/mcr.md#botzone): the judge's tile names (``tiles``), its
hand state (``state``) and fan calculator (``calculator``), its protocol
with its requests, responses and penalties (``protocol``), the seats that
answer it (``seats``: library bots; ``programs``: bot programs run as the
judge runs them), and judge hands played by seats, with the judge's logs
written and replayed (``play``).

The rules themselves are the ``botzone`` rule set, played by
:mod:`unomahjong.game`; the judge's seeded wall is
:func:`judge_wall`, exported here.
"""

from ..game.judge_wall import judge_wall
from .play import (
    MAX_JUDGE_LOG_LENGTH,
    JudgeHandRecord,
    judge_log,
    play_judge_hand,
    replay_judge_log,
)
from .programs import (
    MAX_JSON_DEPTH,
    MAX_JSON_NUMBER,
    MAX_MEMORY,
    MAX_OUTPUT,
    MAX_TIMEOUT,
    STDERR_TAIL,
    BotProgram,
)
from .protocol import PENALTY, judge_responses, judge_start, judge_step
from .seats import JudgeAnswer, JudgeSeat, LibraryBotSeat
from .state import JudgeHand, JudgeResponse, JudgeStage
from .tiles import botzone_tile, from_botzone_tile

__all__ = [
    "MAX_JSON_DEPTH",
    "MAX_JSON_NUMBER",
    "MAX_JUDGE_LOG_LENGTH",
    "MAX_MEMORY",
    "MAX_OUTPUT",
    "MAX_TIMEOUT",
    "PENALTY",
    "STDERR_TAIL",
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
