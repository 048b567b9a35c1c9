"""What the detectors read: :class:`HandFacts` (the hand's tiles, once per
hand and context) and :class:`Reading` (one decomposition with one role of
the winning tile)."""

from __future__ import annotations

from ..analysis.readings import Decomposition, Role, WinRole
from ..analysis.shanten import won_on_single_wait
from ..model.context import SPECIAL_WIN_FLAGS, WinContext
from ..model.hand import Hand, Meld, MeldKind
from ..model.shapes import FAMILY_OF, Shape, ShapeFamily, ShapeSpec
from ..model.tiles import HonourSpec, Tile
from ..rules.fans import MeldKey


class HandFacts:
    """Facts about the hand's tiles, computed once per hand and context.

    Every fact but the wait test is computed eagerly in one pass over the
    held kinds: the per-hand detectors read most of them, and plain slots
    are much cheaper to read than cached properties."""

    __slots__ = (
        "_unique_wait",
        "all_counts",
        "colours",
        "concealed_kongs",
        "context",
        "exposed_kongs",
        "exposed_melds",
        "flagged",
        "fours",
        "hand",
        "honourless",
        "honours",
        "kongs",
        "ranks",
        "shapes",
        "suited",
        "suits",
        "tiles",
    )
    hand: Hand
    context: WinContext
    all_counts: tuple[int, ...]
    tiles: list[Tile]
    suited: list[Tile]
    honours: list[Tile]
    honourless: bool
    ranks: frozenset[int]
    suits: frozenset[int]
    colours: frozenset[int]
    fours: tuple[int, ...]
    exposed_melds: int
    exposed_kongs: int
    concealed_kongs: int
    kongs: int
    flagged: bool
    shapes: ShapeSpec | None
    _unique_wait: bool | None

    def __init__(self, hand: Hand, context: WinContext, shapes: ShapeSpec | None = None) -> None:
        self.hand = hand
        self.context = context
        self.shapes = shapes
        """The rule set's shapes, which the waits are judged by (None: every
        shape of the tile set)."""
        counts = hand.all_counts
        self.all_counts = counts
        """Per-code counts of every tile, melds (kongs as four) included
        (``Hand.all_counts``; ``Hand.counts`` counts only the concealed tiles and
        the winning tile)."""
        tiles: list[Tile] = []
        suited: list[Tile] = []
        honours: list[Tile] = []
        ranks: set[int] = set()
        suits: set[int] = set()
        colours: set[int] = set()
        fours: list[int] = []
        for t in hand.tileset.held(counts):  # one pass, in canonical order
            n = counts[t.code]
            tiles.append(t)
            if t.rank is None:
                honours.append(t)
            else:
                suited.append(t)
                ranks.add(t.rank)
                if t.suit is not None:
                    suits.add(t.suit)
            if t.suit is not None:
                colours.add(t.suit)
            if n == 4:
                fours.append(t.code)
        self.tiles = tiles
        """The distinct tile kinds held, in canonical order."""
        self.suited = suited
        """Distinct number-tile kinds held."""
        self.honours = honours
        """Distinct honour kinds held."""
        self.honourless = not honours
        """True when no honour is held (every range and flush fan needs it)."""
        self.ranks = frozenset(ranks)
        """Ranks of the number tiles held."""
        self.suits = frozenset(suits)
        """Suits (colours) of the number tiles held."""
        self.colours = frozenset(colours)
        """Every colour held, honours carrying a colour included (UNO)."""
        self.fours = tuple(fours)
        """Codes of the kinds whose four copies are all held."""
        exposed = exposed_kongs = concealed_kongs = 0
        for m in hand.melds:
            if m.exposed:
                exposed += 1
                exposed_kongs += m.kind is MeldKind.KONG
            else:
                concealed_kongs += m.kind is MeldKind.KONG
        self.exposed_melds = exposed
        """Declared melds that are exposed (concealed kongs do not count)."""
        self.exposed_kongs = exposed_kongs
        """Exposed kongs."""
        self.concealed_kongs = concealed_kongs
        """Concealed kongs (a hand's only concealed declared melds)."""
        self.kongs = exposed_kongs + concealed_kongs
        """Kongs declared, exposed or concealed."""
        self.flagged = any(getattr(context, f) for f in SPECIAL_WIN_FLAGS)
        """True when the context sets a flag of a special win (the wall's last
        tile, a replacement tile, robbing a kong, a first-turn win)."""
        self._unique_wait: bool | None = None

    @property
    def unique_wait(self) -> bool:
        """True when the 13 tiles before the win wait on exactly one kind (by
        shape, the rule set's shapes). Computed on first use: only a
        wait-shaped reading asks."""
        w = self._unique_wait
        if w is None:
            w = self._unique_wait = won_on_single_wait(self.hand, self.shapes)
        return w


class Reading:
    """One decomposition with one role of the winning tile, plus hand facts."""

    __slots__ = (
        "_wait",
        "chow_keys",
        "chows",
        "concealed_pungs",
        "context",
        "decomposition",
        "facts",
        "family",
        "hand",
        "honour_pungs",
        "knitted",
        "knitted_tiles",
        "melds",
        "number_pungs",
        "pair",
        "pung_keys",
        "pungs",
        "role",
        "seven_pairs",
        "shape",
        "special",
        "win",
    )
    facts: HandFacts
    hand: Hand
    context: WinContext
    decomposition: Decomposition
    role: WinRole
    shape: Shape
    special: bool
    seven_pairs: bool
    knitted: bool
    knitted_tiles: tuple[Tile, ...]
    family: ShapeFamily
    melds: tuple[Meld, ...]
    pair: Tile | None
    win: Tile
    chows: tuple[int, ...]
    pungs: tuple[int, ...]
    number_pungs: tuple[int, ...]
    chow_keys: tuple[MeldKey, ...]
    pung_keys: tuple[MeldKey, ...]
    honour_pungs: tuple[tuple[int, HonourSpec], ...]
    concealed_pungs: int
    _wait: str | bool | None

    def __init__(self, facts: HandFacts, decomposition: Decomposition, role: WinRole) -> None:
        self.facts = facts
        self.hand = facts.hand
        self.context = facts.context
        self.decomposition = decomposition
        self.role = role
        shape = self.shape = decomposition.shape
        family = self.family = FAMILY_OF[shape]
        """The shape family, which per-hand results are cached by."""
        special = family is ShapeFamily.SPECIAL
        self.special = special
        """True for the special shapes that tile- and meld-based fans skip."""
        self.seven_pairs = family is ShapeFamily.PAIRS
        """True for seven pairs (a gate of the fans of that shape)."""
        self.knitted_tiles = decomposition.knitted
        """The knitted-set tiles of the reading (组合龙, 全不靠)."""
        self.knitted = bool(decomposition.knitted)
        """True when the reading holds a knitted set (a gate of 组合龙)."""
        melds = self.melds = decomposition.melds
        self.pair = decomposition.pair
        win = self.hand.win
        assert win is not None
        self.win = win
        chows: list[int] = []
        pungs: list[int] = []
        number_pungs: list[int] = []
        chow_keys: list[MeldKey] = []
        pung_keys: list[MeldKey] = []
        honour_pungs: list[tuple[int, HonourSpec]] = []
        concealed_pungs = 0
        role = self.role
        # A concealed pung completed by a discard counts as exposed (暗刻).
        claimed = (
            -1
            if role.role is not Role.MELD or role.index is None or self.context.self_drawn
            else role.index
        )
        for i, m in enumerate(melds):
            t = m.tile
            kind = m.kind
            if kind is MeldKind.CHOW:
                chows.append(i)
                assert t.suit is not None and t.rank is not None
                chow_keys.append((t.suit, t.rank))
            else:
                pungs.append(i)
                if not m.exposed and (kind is MeldKind.KONG or i != claimed):
                    concealed_pungs += 1
                if t.rank is not None:
                    assert t.suit is not None
                    number_pungs.append(i)
                    pung_keys.append((t.suit, t.rank))
                else:
                    assert t.honour is not None
                    honour_pungs.append((i, t.honour))
        self.chows = tuple(chows)
        """Indices of the chows in ``melds``."""
        self.pungs = tuple(pungs)
        """Indices of the pungs and kongs in ``melds``."""
        self.number_pungs = tuple(number_pungs)
        """Indices of the pungs and kongs of number tiles."""
        self.chow_keys = tuple(chow_keys)
        """(suit, lowest rank) of each chow, in ``chows`` order."""
        self.pung_keys = tuple(pung_keys)
        """(suit, rank) of each number pung or kong, in ``number_pungs`` order."""
        self.honour_pungs = tuple(honour_pungs)
        """(index, honour) of each pung or kong of honours."""
        self.concealed_pungs = concealed_pungs
        """暗刻 in this reading: concealed pungs and kongs, less a pung the
        winning tile completed by a discard."""
        self._wait: str | bool | None = False

    @property
    def wait(self) -> str | None:
        """The wait the winning tile completed, when it was the hand's only
        wait: ``"edge"``, ``"closed"`` or ``"single"``; else None. Computed
        once per reading: three detectors ask."""
        w = self._wait
        if w is False:
            w = self._wait = self._wait_kind()
        assert w is not True
        return w

    def _wait_kind(self) -> str | None:
        if self.special:
            return None
        role = self.role
        kind = None
        if role.role is Role.PAIR:
            kind = "single"
        elif role.role is Role.MELD and role.index is not None:
            m = self.melds[role.index]
            if m.kind is MeldKind.CHOW:
                start = m.tile.rank
                rank = self.win.rank
                assert start is not None and rank is not None
                if rank == start + 1:
                    kind = "closed"
                elif (start == 1 and rank == 3) or (start == 7 and rank == 7):
                    kind = "edge"
        if kind is None or not self.facts.unique_wait:
            return None
        return kind
