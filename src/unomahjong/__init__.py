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

from ._version import __version__
from .decompose import Decomposition, Role, WinRole, decompose
from .errors import HandError, MahjongError, NotationError, RulesError
from .hand import Hand, Meld, MeldKind
from .notation import (
    format_hand,
    format_meld,
    format_tiles,
    parse_hand,
    parse_meld,
    parse_tile,
    parse_tiles,
)
from .shanten import (
    DiscardOption,
    discard_options,
    is_winning,
    live_waits,
    shanten,
    shanten_by_shape,
    waits,
)
from .shapes import Shape
from .tiles import MCR_TILES, UNO_TILES, Tile, TileSet

__all__ = [
    "MCR_TILES",
    "UNO_TILES",
    "Decomposition",
    "DiscardOption",
    "Hand",
    "HandError",
    "MahjongError",
    "Meld",
    "MeldKind",
    "NotationError",
    "Role",
    "RulesError",
    "Shape",
    "Tile",
    "TileSet",
    "WinRole",
    "__version__",
    "decompose",
    "discard_options",
    "format_hand",
    "format_meld",
    "format_tiles",
    "is_winning",
    "live_waits",
    "parse_hand",
    "parse_meld",
    "parse_tile",
    "parse_tiles",
    "shanten",
    "shanten_by_shape",
    "waits",
]
