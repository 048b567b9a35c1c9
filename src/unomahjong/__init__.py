"""unomahjong: typed scoring, shanten and game flow for UNO Mahjong and Guobiao (MCR).

The public surface is what ``__all__`` lists; everything else is private by
name or by module. Quick start::

    >>> import unomahjong
    >>> hand = unomahjong.parse_hand("[SSSg] 123r 456r 789r 5g +5g")
    >>> str(hand)
    '[SSSg] 123456789r 5g +5g'
    >>> unomahjong.shanten(hand)
    -1
    >>> sorted(str(t) for t in unomahjong.waits(hand.without_win()))
    ['5g']
"""

from . import _engine
from ._engine import PurePythonWarning
from ._version import __version__
from .analysis.discards import DiscardOption, discard_options, live_waits
from .analysis.readings import Decomposition, Role, WinRole, decompose
from .analysis.shanten import is_winning, shanten, shanten_by_shape, waits
from .errors import (
    ArgumentError,
    CardError,
    ContextError,
    HandError,
    LogError,
    MahjongError,
    NotationError,
    NotWinningError,
    RulesError,
)
from .model.context import WinContext
from .model.hand import Hand, Meld, MeldKind, format_hand, parse_hand
from .model.notation import format_meld, format_tiles, parse_meld, parse_tile, parse_tiles
from .model.shapes import Shape
from .model.tiles import MCR_TILES, UNO_TILES, Tile, TileSet
from .rules.fans import Detector, DetectorKind, FanDef, FanTable, Gate
from .rules.rule_sets import BOTZONE, MCR, UNO, GameFlow, RuleOptions, RuleSet, get_rules
from .scoring.scorer import FanEntry, Score, score, score_hand

# Last: every compiled module loaded (each is loaded when first asked for).
COMPILED: bool = _engine.load()
"""True when the compiled core runs the built-in rule sets; False in
pure-Python mode (no compiled build, or ``UNOMAHJONG_PURE=1`` at import)."""

__all__ = [
    "BOTZONE",
    "COMPILED",
    "MCR",
    "MCR_TILES",
    "UNO",
    "UNO_TILES",
    "ArgumentError",
    "CardError",
    "ContextError",
    "Decomposition",
    "Detector",
    "DetectorKind",
    "DiscardOption",
    "FanDef",
    "FanEntry",
    "FanTable",
    "GameFlow",
    "Gate",
    "Hand",
    "HandError",
    "LogError",
    "MahjongError",
    "Meld",
    "MeldKind",
    "NotWinningError",
    "NotationError",
    "PurePythonWarning",
    "Role",
    "RuleOptions",
    "RuleSet",
    "RulesError",
    "Score",
    "Shape",
    "Tile",
    "TileSet",
    "WinContext",
    "WinRole",
    "__version__",
    "decompose",
    "discard_options",
    "format_hand",
    "format_meld",
    "format_tiles",
    "get_rules",
    "is_winning",
    "live_waits",
    "parse_hand",
    "parse_meld",
    "parse_tile",
    "parse_tiles",
    "score",
    "score_hand",
    "shanten",
    "shanten_by_shape",
    "waits",
]
