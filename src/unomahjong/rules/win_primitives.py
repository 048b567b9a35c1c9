"""The vocabulary's primitives of the win: the context's flags, the wait,
the last copy and the flowers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from ..model.context import FLAGS, SPECIAL_WIN_FLAGS
from ..model.hand import MeldKind
from .fans import Gate
from .primitive import SimplePrimitive, check_count, check_one_of, refuse

if TYPE_CHECKING:
    from ..scoring.facts import Reading


@attrs.frozen(slots=True, repr=False)
class Wait(SimplePrimitive):
    """The winning tile completed the hand's only wait, of this kind:
    ``"edge"`` (the 3 of 12, the 7 of 89), ``"closed"`` (a chow's middle)
    or ``"single"`` (the pair). With ``on_knitted_tiles=False`` a win on a
    tile of a kind of the reading's knitted straight (组合龙) never counts
    it, even where the tile also completes the chow or pair: the rule of
    the 2018 fan calculator that the Botzone judge runs."""

    wait: Literal["edge", "closed", "single"] = attrs.field(
        validator=check_one_of("Wait", "edge", "closed", "single")
    )
    on_knitted_tiles: bool = attrs.field(default=True, validator=check_one_of("Wait", True, False))

    @property
    def gate(self) -> Gate | None:
        return Gate.WAIT

    def count(self, r: Reading) -> int:
        if not self.on_knitted_tiles and r.knitted and r.win in r.knitted_tiles:
            return 0
        return int(r.wait == self.wait)


def _flags(value: object) -> tuple[tuple[str, bool], ...]:
    try:
        pairs = sorted(dict(value).items())  # type: ignore[call-overload]
    except (TypeError, ValueError):
        raise refuse("Context", f"{value!r} is not (flag, value) pairs") from None
    for name, wanted in pairs:
        if name not in FLAGS:
            raise refuse("Context", f"{name!r} is not a flag of the win context")
        if type(wanted) is not bool:
            raise refuse("Context", f"{name} must be wanted True or False, not {wanted!r}")
    return tuple(pairs)


@attrs.frozen(slots=True, repr=False)
class Context(SimplePrimitive):
    """The win context sets each flag to the value given, and (unless None)
    exactly ``exposed_melds`` declared melds are exposed: 自摸
    ``context(self_drawn=True)``, 妙手回春 ``context(last_tile=True,
    self_drawn=True)``, 不求人 ``context(self_drawn=True, exposed_melds=0)``.
    :func:`context` builds it from keywords."""

    flags: tuple[tuple[str, bool], ...] = attrs.field(default=(), converter=_flags)
    exposed_melds: int | None = attrs.field(default=None, validator=check_count("Context", 0, 4))

    def __attrs_post_init__(self) -> None:
        if not self.flags and self.exposed_melds is None:
            raise refuse("Context", "no flag and no count of exposed melds given")

    @property
    def per_hand(self) -> bool:
        return True

    @property
    def gate(self) -> Gate | None:
        if any(wanted and name in SPECIAL_WIN_FLAGS for name, wanted in self.flags):
            return Gate.FLAGGED
        return None

    def count(self, r: Reading) -> int:
        ctx = r.context
        for name, wanted in self.flags:
            if bool(getattr(ctx, name)) is not wanted:
                return 0
        return int(self.exposed_melds is None or r.facts.exposed_melds == self.exposed_melds)


def context(*, exposed_melds: int | None = None, **flags: bool) -> Context:
    """A :class:`Context` from keywords: ``context(self_drawn=True)``."""
    return Context(tuple(flags.items()), exposed_melds)


@attrs.frozen(slots=True, repr=False)
class LastCopy(SimplePrimitive):
    """和绝张: the context says the winning tile is the last copy, or the
    winner's own exposed melds hold the other three."""

    @property
    def per_hand(self) -> bool:
        return True

    def count(self, r: Reading) -> int:
        if r.context.last_copy:
            return 1
        if not r.facts.exposed_melds:
            return 0
        code = r.win.code
        shown = 0
        for m in r.hand.melds:
            if m.exposed:
                c = m.tile.code
                if m.kind is MeldKind.CHOW:
                    shown += c <= code <= c + 2
                elif c == code:
                    shown += 4 if m.kind is MeldKind.KONG else 3
        return int(shown == 3)


@attrs.frozen(slots=True, repr=False)
class Flowers(SimplePrimitive):
    """花牌: counts once each flower the winner has set aside."""

    @property
    def per_hand(self) -> bool:
        return True

    def count(self, r: Reading) -> int:
        return r.context.flowers
