"""The win context: how a hand was won, as flags checked for consistency.

A :class:`WinContext` states facts the tiles cannot show (self-drawn, the
wall's last tile, a kong's replacement tile, ...). Inconsistent combinations
are rejected with :class:`~unomahjong.errors.ContextError`, never corrected
(docs/rules.md#win-context).
"""

from __future__ import annotations

from typing import Final, Never

import attrs

from .._checks import checked_init, flag, quote, restore_validated, unknown_keywords, whole
from ..errors import ContextError
from .hand import Hand, PrettyPrinter, refuse_hand

WINDS: Final = ("E", "S", "W", "N")
"""Seat and prevalent winds, in order (MCR)."""

ONLY: Final = "only"
"""The key of a :class:`WinContext` field's metadata naming the rule sets
that know the fact; without it every rule set knows it
(:func:`known_facts`)."""


SPECIAL: Final = "special"
"""The key of a :class:`WinContext` flag's metadata that marks a special
win (the wall's last tile, a replacement tile, robbing a kong, a first-turn
win): :data:`SPECIAL_WIN_FLAGS`."""


def _only(*rules: str, special: bool = False) -> dict[str, object]:
    return {ONLY: rules, SPECIAL: True} if special else {ONLY: rules}


def _special() -> dict[str, object]:
    return {SPECIAL: True}


def _wind(value: str) -> str:
    if value not in WINDS:
        raise ContextError("bad-wind", f"unknown wind {quote(value)}", hint="use E, S, W or N")
    return value


def _flowers(value: int) -> int:
    # By operator.index (whole): a NumPy integer is taken, and an int
    # subclass is stored as the plain int it stands for.
    n = whole(value)
    if n is None or not 0 <= n <= 8:
        raise ContextError("bad-flowers", f"flower count {quote(value)} is not 0..8")
    return n


@checked_init
@attrs.frozen(slots=True, kw_only=True, repr=False)
class WinContext:
    """How the hand was won. Defaults: won on a discard, nothing special."""

    self_drawn: bool = False
    """自摸: the winner drew the winning tile."""
    last_copy: bool = False
    """和绝张: the other three copies of the winning tile are visible."""
    last_tile: bool = attrs.field(default=False, metadata=_special())
    """The wall's last tile (self-drawn: 妙手回春) or the hand's last discard (海底捞月)."""
    kong_replacement: bool = attrs.field(default=False, metadata=_special())
    """杠上开花: won on a kong's replacement tile (self-drawn)."""
    robbing_kong: bool = attrs.field(default=False, metadata=_special())
    """抢杠和: won on a tile another player added to an exposed pung."""
    heavenly_hand: bool = attrs.field(default=False, metadata=_only("uno", special=True))
    """天和: the dealer's initial 14 tiles."""
    earthly_hand: bool = attrs.field(default=False, metadata=_only("uno", special=True))
    """地和: a non-dealer's win in the first-turn window."""
    heavenly_uno: bool = attrs.field(default=False, metadata=_only("uno", special=True))
    """天之UNO (UNO only): declared UNO with the winner's first discard."""
    seat_wind: str = attrs.field(default="E", converter=_wind, metadata=_only("mcr"))
    """MCR only: the winner's seat wind."""
    prevalent_wind: str = attrs.field(default="E", converter=_wind, metadata=_only("mcr"))
    """MCR only: the round's prevalent wind."""
    flowers: int = attrs.field(default=0, converter=_flowers, metadata=_only("mcr"))
    """MCR only: flowers (花牌) the winner has set aside."""
    # A new fact is a field here (its docstring is the CLI's help) and, when
    # it can contradict others or the hand, a check in _problems; its default
    # must mean "nothing special" and contradict nothing: the compiled core
    # scores the contexts that keep the facts it does not read at their
    # defaults. docs/architecture.md, "A context flag", has the rest.

    def __attrs_post_init__(self) -> None:
        # A flag is True or False (1, 0 and NumPy bools are taken as such): a
        # string such as "no" would otherwise read as true.
        for name in FLAGS:
            value = getattr(self, name)
            if value is not True and value is not False:
                as_bool = flag(value)
                if as_bool is None:
                    raise ContextError(
                        "bad-flag", f"{name} must be True or False, not {quote(value)}"
                    )
                object.__setattr__(self, name, as_bool)

    def __reduce__(self) -> tuple[object, ...]:
        # Through the constructor: an unpickled context is validated as a new
        # one is (attrs' own pickling restores the slots unchecked).
        return (_context_from, (attrs.astuple(self, recurse=False),))

    def __setstate__(self, state: object) -> None:
        # Bytes in attrs' own format are validated too (see Hand).
        restore_validated(self, state, lambda f: WinContext(**f))

    def __repr__(self) -> str:
        """The call that builds this context, naming only the fields that
        differ from their defaults: ``WinContext(self_drawn=True)``, and
        ``WinContext()`` for a win on a discard with nothing special."""
        changed = (
            f"{a.name}={getattr(self, a.name)!r}"
            for a in attrs.fields(WinContext)
            if getattr(self, a.name) != a.default
        )
        return f"WinContext({', '.join(changed)})"

    def _repr_pretty_(self, printer: PrettyPrinter, cycle: bool) -> None:
        # As Hand's: pretty printers would otherwise list every field.
        printer.text(repr(self))

    def check(self, hand: Hand, **unknown: Never) -> None:
        """Raise :class:`ContextError` when the flags contradict each other or the hand."""
        if unknown:
            raise unknown_keywords(WinContext.check, unknown)
        if not isinstance(hand, Hand):
            raise refuse_hand("WinContext.check", hand)
        problems = _problems(self, hand)
        if problems:
            code, detail = problems[0]
            raise ContextError(code, detail)


FLAGS: Final[tuple[str, ...]] = tuple(
    a.name for a in attrs.fields(WinContext) if a.type in (bool, "bool")
)
"""The true-or-false facts of a :class:`WinContext`, in field order."""

SPECIAL_WIN_FLAGS: Final[tuple[str, ...]] = tuple(
    a.name for a in attrs.fields(WinContext) if a.metadata.get(SPECIAL)
)
"""The flags of a special win, in field order: the gate of the fans that
need one (``HandFacts.flagged``; the compiled core's ``FL_SPECIAL``)."""


def known_facts(rules: str | None = None) -> frozenset[str]:
    """The :class:`WinContext` fields a rule set of this name knows: those
    whose metadata names it under :data:`ONLY`, and those that name no rule
    set. With None, only the latter: the facts every rule set knows."""
    return frozenset(
        a.name
        for a in attrs.fields(WinContext)
        if ONLY not in a.metadata or (rules is not None and rules in a.metadata[ONLY])
    )


def _problems(c: WinContext, hand: Hand) -> list[tuple[str, str]]:
    """Every contradiction in the flags or with the hand, in the order the
    checks are stated (the first one is the error raised)."""
    return [
        *_kong_problems(c, hand),
        *_winning_tile_problems(c, hand),
        *_first_turn_problems(c, hand),
        *_timing_problems(c),
    ]


def _kong_problems(c: WinContext, hand: Hand) -> list[tuple[str, str]]:
    """Robbing a kong and winning on a kong's replacement tile."""
    out: list[tuple[str, str]] = []
    if c.robbing_kong and c.self_drawn:
        out.append(("robbing-kong-self-drawn", "robbing a kong is a win on another's tile"))
    if c.kong_replacement and not c.self_drawn:
        out.append(("replacement-not-self-drawn", "a kong's replacement tile is self-drawn"))
    if c.kong_replacement and not any(m.is_kong for m in hand.melds):
        out.append(("replacement-without-kong", "a replacement tile needs a kong in the hand"))
    return out


def _winning_tile_problems(c: WinContext, hand: Hand) -> list[tuple[str, str]]:
    """A robbed tile or a last copy the hand itself holds another copy of."""
    out: list[tuple[str, str]] = []
    win = hand.win
    if win is not None and (c.robbing_kong or c.last_copy):
        held = hand.all_counts[win.code] - 1
        concealed = hand.counts[win.code] - 1
        if c.robbing_kong and held:
            out.append(
                ("robbing-kong-copy", f"the robbed {win} cannot be won while holding another copy")
            )
        if c.last_copy and concealed:
            out.append(("last-copy-held", f"{win} is not the last copy: the hand conceals another"))
    return out


def _first_turn_problems(c: WinContext, hand: Hand) -> list[tuple[str, str]]:
    """天和, 地和 and 天之UNO: with each other, self-drawing and melds."""
    out: list[tuple[str, str]] = []
    first_turn = c.heavenly_hand or c.earthly_hand or c.heavenly_uno
    if c.heavenly_hand and not c.self_drawn:
        out.append(("heavenly-not-self-drawn", "天和 is the dealer's own 14 tiles: self-drawn"))
    if c.heavenly_hand and c.earthly_hand:
        out.append(
            ("heavenly-and-earthly", "天和 (dealer) and 地和 (non-dealer) exclude each other")
        )
    if first_turn and hand.melds:
        out.append(("first-turn-meld", "天和, 地和 and 天之UNO allow no meld, not even a kong"))
    if c.heavenly_uno and (c.heavenly_hand or c.earthly_hand):
        out.append(("heavenly-uno-first-win", "天之UNO needs a discard before the win"))
    return out


def _timing_problems(c: WinContext) -> list[tuple[str, str]]:
    """Facts that cannot happen that early (the first turn) or that late (an
    empty wall)."""
    out: list[tuple[str, str]] = []
    if c.last_tile and (c.heavenly_hand or c.earthly_hand):
        out.append(("last-tile-first-turn", "the wall's last tile is not in the first turn"))
    if c.last_copy and (c.heavenly_hand or (c.earthly_hand and not c.self_drawn)):
        out.append(("last-copy-first-turn", "no three copies can be visible so early"))
    if c.robbing_kong and c.earthly_hand:
        out.append(("robbing-kong-earthly", "a kong closes the first-turn window"))
    if c.robbing_kong and c.last_tile:
        out.append(("robbing-kong-last-tile", "no kong may be declared once the wall is empty"))
    return out


def _context_from(values: tuple[object, ...]) -> WinContext:
    """The context of these field values, in field order (unpickling)."""
    names = [a.name for a in attrs.fields(WinContext)]
    if not isinstance(values, tuple) or len(values) != len(names):
        raise ContextError(
            "corrupt-context",
            f"a pickled WinContext holds its {len(names)} field values in order,"
            f" not {quote(values)}",
        )
    return WinContext(**dict(zip(names, values, strict=True)))  # type: ignore[arg-type]


def corrupt_context(func: str, ctx: WinContext) -> ContextError | None:
    """The error for a :class:`WinContext` its constructor did not build as
    it is (made with ``object.__new__`` or changed with
    ``object.__setattr__``): a field unset or a value the constructor
    refuses; None for a sound context. The scoring functions ask it of every
    context they are given, in both engines."""
    try:
        sound = (
            all(getattr(ctx, name) is True or getattr(ctx, name) is False for name in FLAGS)
            and ctx.seat_wind in WINDS
            and ctx.prevalent_wind in WINDS
            and isinstance(ctx.flowers, int)
            and not isinstance(ctx.flowers, bool)
            and 0 <= ctx.flowers <= 8
        )
    except AttributeError:
        sound = False
    if sound:
        return None
    return ContextError(
        "corrupt-context",
        f"{func}() was given a WinContext its constructor would refuse:"
        " a context is built by WinContext(...)",
    )
