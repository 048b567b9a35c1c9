"""The vocabulary's primitives of melds: honour pungs, kongs, concealed
pungs, sets of three or four melds, pairs of melds and the per-meld fan."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

import attrs

from .fans import Detector, DetectorKind, Gate, MeldKey
from .primitive import (
    Primitive,
    SimplePrimitive,
    check_count,
    check_one_of,
    refuse,
    set_repr,
    to_ranks,
)

if TYPE_CHECKING:
    from ..model.tiles import HonourSpec, Tile
    from ..scoring.facts import Reading


@attrs.frozen(slots=True, repr=False)
class HonourPungs(SimplePrimitive):
    """Pungs or kongs of the honours that pass every test given: a
    ``symbol`` (``"S"``, ``"E"``), a ``family`` (``"wind"``, ``"dragon"``,
    ``"function"``), a ``colour`` (``"g"``: UNO's function tiles) or the
    winner's ``wind`` (``"seat"`` or ``"prevalent"``).

    ``mode``: ``"at_least"`` ``n`` such pungs, ``"exact"``ly ``n``, or
    ``"little"``: exactly ``n`` and a pair of another such honour (小四喜).
    The pungs found are the fan's melds (``absorbs``)."""

    n: int = attrs.field(validator=check_count("HonourPungs", 1, 4))
    mode: Literal["at_least", "exact", "little"] = attrs.field(
        default="at_least", validator=check_one_of("HonourPungs", "at_least", "exact", "little")
    )
    symbol: str | None = None
    family: str | None = None
    colour: str | None = None
    wind: Literal["seat", "prevalent"] | None = attrs.field(
        default=None, validator=check_one_of("HonourPungs", None, "seat", "prevalent")
    )

    def __attrs_post_init__(self) -> None:
        for name in ("symbol", "family", "colour"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, str) or not value):
                raise refuse("HonourPungs", f"{name} must be a non-empty text, not {value!r}")

    @property
    def gate(self) -> Gate | None:
        return Gate.HONOUR_PUNGS

    def passes(self, r: Reading, tile: Tile) -> bool:
        """Whether ``tile`` is an honour that passes every test given."""
        h: HonourSpec | None = tile.honour
        if h is None:
            return False
        if self.symbol is not None and h.symbol != self.symbol:
            return False
        if self.family is not None and h.family != self.family:
            return False
        if self.colour is not None and (
            tile.suit is None or tile.tileset.suits[tile.suit].letter != self.colour
        ):
            return False
        if self.wind is not None:
            return h.family == "wind" and h.symbol == getattr(r.context, self.wind + "_wind")
        return True

    def evidence(self, r: Reading) -> tuple[int, ...]:
        melds = r.melds
        return tuple(i for i, _ in r.honour_pungs if self.passes(r, melds[i].tile))

    def count(self, r: Reading) -> int:
        k = len(self.evidence(r))
        if self.mode == "at_least":
            return int(k >= self.n)
        if k != self.n:
            return 0
        if self.mode == "exact":
            return 1
        pair = r.pair
        return int(pair is not None and self.passes(r, pair))


@attrs.frozen(slots=True, repr=False)
class Kongs(SimplePrimitive):
    """At least ``n`` kongs declared: ``"any"``, ``"exposed"`` or ``"concealed"``."""

    n: int = attrs.field(validator=check_count("Kongs", 1, 4))
    which: Literal["any", "exposed", "concealed"] = attrs.field(
        default="any", validator=check_one_of("Kongs", "any", "exposed", "concealed")
    )

    @property
    def per_hand(self) -> bool:
        return True

    @property
    def gate(self) -> Gate | None:
        return Gate.KONGS

    def count(self, r: Reading) -> int:
        f = r.facts
        held = (
            f.kongs
            if self.which == "any"
            else f.exposed_kongs
            if self.which == "exposed"
            else f.concealed_kongs
        )
        return int(held >= self.n)


@attrs.frozen(slots=True, repr=False)
class KongsExactly(SimplePrimitive):
    """Exactly ``exposed`` exposed and ``concealed`` concealed kongs (明暗杠)."""

    exposed: int = attrs.field(validator=check_count("KongsExactly", 0, 4))
    concealed: int = attrs.field(validator=check_count("KongsExactly", 0, 4))

    def __attrs_post_init__(self) -> None:
        if not 1 <= self.exposed + self.concealed <= 4:
            raise refuse("KongsExactly", "one to four kongs in all")

    @property
    def per_hand(self) -> bool:
        return True

    @property
    def gate(self) -> Gate | None:
        return Gate.KONGS

    def count(self, r: Reading) -> int:
        f = r.facts
        return int(f.exposed_kongs == self.exposed and f.concealed_kongs == self.concealed)


@attrs.frozen(slots=True, repr=False)
class ConcealedPungs(SimplePrimitive):
    """At least ``n`` concealed pungs or kongs (暗刻): a pung the winning
    tile completed by a discard is not concealed."""

    n: int = attrs.field(validator=check_count("ConcealedPungs", 1, 4))

    @property
    def gate(self) -> Gate | None:
        return Gate.CONCEALED_PUNGS

    def count(self, r: Reading) -> int:
        return int(r.concealed_pungs >= self.n)


def _steps(ranks: Sequence[int], allowed: tuple[int, ...]) -> bool:
    d = ranks[1] - ranks[0]
    return d in allowed and all(b - a == d for a, b in itertools.pairwise(ranks))


@attrs.frozen(slots=True, repr=False)
class MeldSet(Primitive):
    """A set of ``size`` (3 or 4) number chows or pungs (kongs are pungs).

    ``suits``: ``"one"`` suit, ``"two"`` suits, ``"distinct"`` (each meld
    its own suit) or ``"any"``. ``ranks`` (each meld's lowest rank):

    * ``"same"``; ``"shifted_1"`` (rising by 1); ``"shifted_1_or_2"``
      (rising by 1 each, or by 2 each); ``"straight"`` (1, 4, 7: 123 456 789);
    * ``"double_pairs"`` (four melds: two pairs of identical melds, the
      pairs different);
    * ``"terminals"`` (four melds: 123, 123, 789, 789, each suit holding as
      many 123s as 789s).

    ``pair``: the pair is a 5 of the melds' suit (``"five_same_suit"``) or
    of a suit none of them has (``"five_other_suit"``).

    Examples: 清龙 ``MeldSet("chow", 3, "one", "straight")``; 三同刻
    ``MeldSet("pung", 3, "distinct", "same")``; 一色双龙会
    ``MeldSet("chow", 4, "one", "terminals", pair="five_same_suit")``.
    """

    melds: Literal["chow", "pung"] = attrs.field(validator=check_one_of("MeldSet", "chow", "pung"))
    size: int = attrs.field(validator=check_count("MeldSet", 3, 4))
    suits: Literal["one", "two", "distinct", "any"] = attrs.field(
        validator=check_one_of("MeldSet", "one", "two", "distinct", "any")
    )
    ranks: Literal[
        "same", "shifted_1", "shifted_1_or_2", "straight", "double_pairs", "terminals"
    ] = attrs.field(
        validator=check_one_of(
            "MeldSet",
            "same",
            "shifted_1",
            "shifted_1_or_2",
            "straight",
            "double_pairs",
            "terminals",
        )
    )
    pair: Literal["five_same_suit", "five_other_suit"] | None = attrs.field(
        default=None, validator=check_one_of("MeldSet", None, "five_same_suit", "five_other_suit")
    )

    def __attrs_post_init__(self) -> None:
        need = {"straight": 3, "double_pairs": 4, "terminals": 4}.get(self.ranks)
        if need is not None and self.size != need:
            raise refuse("MeldSet", f'ranks "{self.ranks}" is a set of {need} melds')

    @property
    def detector_kind(self) -> DetectorKind:
        """Chow or pung sets."""
        return DetectorKind.CHOW_SET if self.melds == "chow" else DetectorKind.PUNG_SET

    def holds(self, keys: Sequence[MeldKey], pair: Tile | None) -> bool:
        """Whether these melds (``size`` of them) form the set."""
        suits = {s for s, _ in keys}
        rule = self.suits
        if (
            (rule == "one" and len(suits) != 1)
            or (rule == "two" and len(suits) != 2)
            or (rule == "distinct" and len(suits) != len(keys))
        ):
            return False
        if not self._ranks_hold(keys):
            return False
        if self.pair is None:
            return True
        if pair is None or pair.rank != 5:
            return False
        if self.pair == "five_same_suit":
            return suits == {pair.suit}
        return pair.suit not in suits

    def _ranks_hold(self, keys: Sequence[MeldKey]) -> bool:
        ranks = sorted(r for _, r in keys)
        rule = self.ranks
        if rule == "same":
            return ranks[0] == ranks[-1]
        if rule == "shifted_1":
            return _steps(ranks, (1,))
        if rule == "shifted_1_or_2":
            return _steps(ranks, (1, 2))
        if rule == "straight":
            return ranks == [1, 4, 7]
        if rule == "double_pairs":
            return sorted(Counter(keys).values()) == [2, 2]
        held = Counter(keys)
        return ranks == [1, 1, 7, 7] and all(held[s, 1] == held[s, 7] for s, _ in keys)

    def sets(self, keys: Sequence[MeldKey], pair: Tile | None) -> list[tuple[int, ...]]:
        """Every way of forming the set from ``keys``: positions in the list."""
        return [
            combo
            for combo in itertools.combinations(range(len(keys)), self.size)
            if self.holds([keys[i] for i in combo], pair)
        ]

    def as_detector(self) -> Detector:
        return Detector(
            self.detector_kind, self.sets, size=self.size, uses_pair=self.pair is not None
        )


@attrs.frozen(slots=True, repr=False)
class MeldPair(Primitive):
    """Two number chows or pungs in ``suits`` ``"one"`` suit, ``"distinct"``
    suits or ``"any"``, whose lowest ranks differ by ``gap``: 一般高
    ``MeldPair("chow", "one", 0)``, 喜相逢 ``MeldPair("chow", "distinct", 0)``,
    连六 ``MeldPair("chow", "one", 3)``, 老少副 ``MeldPair("chow", "one", 6)``,
    双同刻 ``MeldPair("pung", "any", 0)``."""

    melds: Literal["chow", "pung"] = attrs.field(validator=check_one_of("MeldPair", "chow", "pung"))
    suits: Literal["one", "distinct", "any"] = attrs.field(
        validator=check_one_of("MeldPair", "one", "distinct", "any")
    )
    gap: int = attrs.field(validator=check_count("MeldPair", 0, 8))

    @property
    def detector_kind(self) -> DetectorKind:
        """Chow or pung pairs."""
        return DetectorKind.CHOW_PAIR if self.melds == "chow" else DetectorKind.PUNG_PAIR

    def holds(self, a: MeldKey, b: MeldKey) -> bool:
        """Whether two melds (keys) form the pair fan."""
        if self.suits == "one" and a[0] != b[0]:
            return False
        if self.suits == "distinct" and a[0] == b[0]:
            return False
        return abs(a[1] - b[1]) == self.gap

    def as_detector(self) -> Detector:
        return Detector(self.detector_kind, self.holds)


@attrs.frozen(slots=True, repr=False)
class EachPung(Primitive):
    """Counts once each pung or kong of a number tile with a rank in
    ``ranks`` or, with ``honours=True``, of an honour (幺九刻:
    ``EachPung({1, 9}, honours=True)``), less the melds a higher fan
    absorbs (``FanDef.absorbs``)."""

    ranks: frozenset[int] | None = attrs.field(default=None, converter=to_ranks, repr=set_repr)
    honours: bool = attrs.field(default=False, validator=check_one_of("EachPung", False, True))

    def __attrs_post_init__(self) -> None:
        if self.ranks is None and not self.honours:
            raise refuse("EachPung", "no rank and no honours: it would count nothing")

    @property
    def detector_kind(self) -> DetectorKind:
        return DetectorKind.PER_MELD

    def melds(self, r: Reading) -> list[int]:
        """The indices of the melds that count."""
        ranks = self.ranks
        out = []
        for i in r.pungs:
            rank = r.melds[i].tile.rank
            if self.honours if rank is None else ranks is not None and rank in ranks:
                out.append(i)
        return out

    def as_detector(self) -> Detector:
        return Detector(DetectorKind.PER_MELD, self.melds)
