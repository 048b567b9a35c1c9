"""What the tiles seen leave: live waits and discard options.

:func:`live_waits` reports how many copies of each wait
(:func:`~unomahjong.analysis.shanten.waits`, judged by shape) are still unseen, so a
dead wait shows as 0; :func:`discard_options` ranks the discards of a
14-tile hand by the shanten they leave and the unseen tiles that would
lower it. Both read the hand by the shapes of their ``rules`` argument, as
the functions of :mod:`unomahjong.analysis.shanten` do.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, ClassVar, Never

import attrs

from .._checks import checked_init, iterable, unknown_keywords
from ..errors import HandError
from ..model.hand import Hand
from ..model.tiles import Tile
from .shanten import core_for, hand_to_read, layout_for, min_shanten, refused, require_13, waits

if TYPE_CHECKING:
    from ..rules.rule_sets import RuleSet


def _unseen(hand: Hand, visible: Iterable[Tile], func: str) -> list[int]:
    ts = hand.tileset
    seen = hand.total_counts()
    tiles = iterable(
        visible, HandError, "not-tiles", func, "visible", "Tiles", hint="parse_tiles(text)"
    )
    for t in tiles:
        if not isinstance(t, Tile):
            raise HandError("not-tiles", f"visible tile {t!r} is not a Tile", argument="visible")
        if t.tileset is not ts:
            raise HandError("wrong-tileset", f"visible tile {t} is not from {ts.name}")
        seen[t.code] += 1
        if seen[t.code] > ts.copies:
            raise HandError(
                "too-many-copies",
                f"{t} is seen more than {ts.copies} times (the hand and the visible tiles)",
            )
    return [ts.copies - n for n in seen]


def live_waits(
    hand: Hand | str,
    visible: Iterable[Tile] = (),
    *,
    rules: str | RuleSet | None = None,
    **unknown: Never,
) -> dict[Tile, int]:
    """Each wait of a 13-tile hand with the copies not yet visible.

    ``visible`` lists tiles seen outside this hand (discards, others' melds).
    A wait whose copies are all visible or held shows 0 (a dead wait). More
    copies of a kind than the set holds, hand and visible tiles together,
    raise :class:`HandError` (``too-many-copies``). The waits are those of
    the shapes of ``rules`` (default: every shape), as for :func:`waits`.
    """
    if unknown:
        raise unknown_keywords(live_waits, unknown)
    hand, _ = hand_to_read("live_waits", hand, rules)  # before the visible tiles
    require_13(hand, "waits")
    unseen = _unseen(hand, visible, "live_waits")
    return {t: unseen[t.code] for t in sorted(waits(hand, rules=rules))}


@checked_init
@attrs.frozen(slots=True)
class DiscardOption:
    """What discarding one tile of a 14-tile hand leaves."""

    tile: Tile
    shanten: int
    useful: Mapping[Tile, int]
    """Tiles that would lower the shanten, with their unseen copies."""
    __hash__: ClassVar[None] = None  # type: ignore[assignment]  # unhashable, as its dict is

    @property
    def useful_count(self) -> int:
        """Unseen copies of all useful tiles together."""
        return sum(self.useful.values())


def discard_options(
    hand: Hand | str,
    visible: Iterable[Tile] = (),
    *,
    rules: str | RuleSet | None = None,
    **unknown: Never,
) -> tuple[DiscardOption, ...]:
    """For each distinct discard of a 14-tile hand: shanten after it and useful tiles.

    Ordered best first: lowest shanten, then most unseen useful copies, then
    canonical tile order. ``visible`` as for :func:`live_waits`; the shanten
    is over the shapes of ``rules`` (default: every shape).
    """
    if unknown:
        raise unknown_keywords(discard_options, unknown)
    hand, spec = hand_to_read("discard_options", hand, rules)
    if hand.win is None:
        raise HandError(
            "missing-winning-tile",
            "discard analysis needs a 14-tile hand",
            hint="write the drawn tile after '+'",
        )
    ts = hand.tileset
    compiled = core_for(spec)
    if compiled is not None:
        core, number = compiled
        unseen = _unseen(hand, visible, "discard_options")
        raw: list[tuple[int, int, tuple[int, ...]]] | None = core.discard_options(
            hand.counts, len(hand.melds), number, spec.mask
        )
        if raw is None:
            raise refused(hand)
        by_code = ts.by_code
        options = [
            DiscardOption(by_code(code), s, {by_code(k): unseen[k] for k in useful})
            for code, s, useful in raw
        ]
        options.sort(key=_discard_order)
        return tuple(options)
    lay = layout_for(spec)
    unseen = _unseen(hand, visible, "discard_options")
    counts = list(hand.counts)
    melds = len(hand.melds)
    out = []
    for code in sorted({t.code for t in hand.concealed_with_win}):
        counts[code] -= 1
        s = min_shanten(lay, counts, melds)
        useful: dict[Tile, int] = {}
        for k in lay.kind_codes:
            counts[k] += 1
            if min_shanten(lay, counts, melds) < s:
                useful[ts.by_code(k)] = unseen[k]
            counts[k] -= 1
        counts[code] += 1
        out.append(DiscardOption(ts.by_code(code), s, useful))
    out.sort(key=_discard_order)
    return tuple(out)


def _discard_order(o: DiscardOption) -> tuple[int, int, int]:
    """Best first: lowest shanten, most unseen useful copies, tile order."""
    return (o.shanten, -o.useful_count, o.tile.code)
