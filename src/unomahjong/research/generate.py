"""Seeded random winning hands of every shape, for audits and benchmarks.

Unlike :mod:`unomahjong.research.strategies` (Hypothesis, for tests), this module
needs nothing beyond the standard library's :class:`random.Random`, so the
``audit`` command and the benchmarks can draw reproducible samples. *Themes*
bias the draw (one colour, pungs only, terminals, shifted chows, ...) so that
every fan of the table occurs in a modest sample.

The builders make their choices through a ``Picker``, not the random
generator itself, so that :func:`unomahjong.research.strategies.themed_hands` can make
the same choices with Hypothesis draws (which shrink) while a seed here keeps
giving the same hands.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, MutableSequence, Sequence
from typing import Final, Protocol, TypeVar

from .._checks import keywords_checked, quote, wrong_type
from ..errors import ContextError, RulesError
from ..model.context import WinContext
from ..model.hand import Hand, Meld, MeldKind
from ..model.shapes import Shape
from ..model.tiles import Tile, TileSet
from ..rules.rule_sets import RuleSet, count_option, get_rules, seed_option

__all__ = ["SHAPE_OF_THEME", "THEMES", "random_winning_hand", "winning_hands"]

THEMES: Final = (
    "any",
    "one_suit",
    "half_flush",
    "honours",
    "terminals",
    "pungs",
    "chows",
    "same_rank",
    "shifted",
    "upper",
    "middle",
    "lower",
    "upper_four",
    "lower_four",
    "even",
    "fives",
    "kongs",
    "terminal_chows",
    "mixed_shifted",
    "same_function",
    "chicken",
    "seven_pairs",
    "orphans",
    "honours_knitted",
    "knitted_straight",
    "nine_gates",
)
"""Names accepted by :func:`random_winning_hand`'s ``theme``."""

_MAX_ATTEMPTS = 50

_T = TypeVar("_T")


class Picker(Protocol):
    """The choices a hand builder makes: the subset of :class:`random.Random`
    it uses, with ``chance(p)`` for ``random() < p``.

    A seeded picker answers from a :class:`random.Random`; the strategies'
    picker answers from Hypothesis draws, where every answer shrinks towards
    the first option, the lowest number and False.
    """

    def choice(self, seq: Sequence[_T]) -> _T:
        """One element of a non-empty ``seq``."""
        ...

    def sample(self, seq: Sequence[_T], k: int) -> list[_T]:
        """``k`` elements of ``seq`` at distinct positions, in the order chosen."""
        ...

    def randint(self, a: int, b: int) -> int:
        """An integer from ``a`` to ``b``, both included."""
        ...

    def randrange(self, n: int) -> int:
        """An integer from 0 to ``n - 1``."""
        ...

    def shuffle(self, x: MutableSequence[_T]) -> None:
        """Reorder ``x`` in place."""
        ...

    def choice_if(self, seq: Sequence[_T], ok: Callable[[_T], bool]) -> _T | None:
        """One element of ``seq`` that passes ``ok``, or None.

        A seeded picker chooses as :meth:`choice` does and gives None when its
        choice fails ``ok`` (the builders then try again, as they always
        did); a drawn picker chooses among the elements that pass, so that
        its simplest draws build a hand rather than a run of failed tries.
        """
        ...

    def chance(self, p: float) -> bool:
        """True with probability ``p``."""
        ...


class _Seeded:
    """A :class:`Picker` over a :class:`random.Random`: each choice is the one
    call the builders made on the generator before pickers existed, so a seed
    gives the same hands as it always did."""

    __slots__ = ("_rng",)

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choice(self, seq: Sequence[_T]) -> _T:
        return self._rng.choice(seq)

    def sample(self, seq: Sequence[_T], k: int) -> list[_T]:
        return self._rng.sample(seq, k)

    def randint(self, a: int, b: int) -> int:
        return self._rng.randint(a, b)

    def randrange(self, n: int) -> int:
        return self._rng.randrange(n)

    def shuffle(self, x: MutableSequence[_T]) -> None:
        self._rng.shuffle(x)

    def choice_if(self, seq: Sequence[_T], ok: Callable[[_T], bool]) -> _T | None:
        x = self._rng.choice(seq)
        return x if ok(x) else None

    def chance(self, p: float) -> bool:
        return self._rng.random() < p


_MELD_THEMES = {
    "upper": frozenset({7, 8, 9}),
    "middle": frozenset({4, 5, 6}),
    "lower": frozenset({1, 2, 3}),
    "upper_four": frozenset({6, 7, 8, 9}),
    "lower_four": frozenset({1, 2, 3, 4}),
    "even": frozenset({2, 4, 6, 8}),
    "terminals": frozenset({1, 9}),
}


class _Pool:
    """Tile copies still available while a hand is built."""

    def __init__(self, ts: TileSet) -> None:
        self.left = [ts.copies] * ts.size

    def fits(self, codes: Sequence[int]) -> bool:
        """True when the tiles of ``codes`` (a meld's, a pair's: a few codes)
        are all still available, repeated codes as many times as they occur."""
        left = self.left
        return all(left[c] >= codes.count(c) for c in codes)

    def take(self, tiles: Sequence[Tile]) -> bool:
        """Take ``tiles`` if they fit; False (and nothing taken) if not."""
        codes = [t.code for t in tiles]
        if not self.fits(codes):
            return False
        for c in codes:
            self.left[c] -= 1
        return True


def _meld_options(ts: TileSet, theme: str, rng: Picker) -> tuple[Meld, ...]:
    """Concealed meld candidates allowed by a theme."""
    suits = list(range(len(ts.suits)))
    if theme in ("one_suit", "half_flush", "shifted", "nine_gates"):
        suits = [rng.choice(suits)]
    elif theme == "terminal_chows":
        suits = rng.sample(suits, rng.choice((1, 2)))
    key = None
    if theme == "same_function":
        # UNO: one function symbol in every colour; MCR: one honour family
        # (winds or dragons), so 长暂停/大逆转 and 大四喜/大三元 occur.
        key = rng.choice(sorted({_honour_key(t) for t in ts.honours}))
    return _theme_melds(ts, theme, tuple(suits), key)


@functools.lru_cache(maxsize=512)
def _theme_melds(
    ts: TileSet, theme: str, suits: tuple[int, ...], key: str | None
) -> tuple[Meld, ...]:
    """The melds of a theme once its suits (or honour family) are chosen:
    the same few lists recur (26 themes, a few suit choices per tile set),
    and building them cost more than the hand."""
    if key is not None:
        return tuple(
            Meld(MeldKind.PUNG, t, exposed=False) for t in ts.honours if _honour_key(t) == key
        )
    ranks = _MELD_THEMES.get(theme)
    out: list[Meld] = []
    for t in ts.tiles:
        if t.suit is not None and t.suit not in suits and theme != "honours":
            continue
        if t.rank is None:
            if theme in ("any", "honours", "terminals", "pungs", "kongs", "half_flush"):
                out.append(Meld(MeldKind.PUNG, t, exposed=False))
        elif theme not in ("honours", "same_function"):
            out.extend(_suited_theme_melds(t, t.rank, theme, ranks))
    if theme == "fives":
        out.extend(Meld(MeldKind.PUNG, ts.number(s, 5), exposed=False) for s in suits)
    return tuple(out)


def _suited_theme_melds(t: Tile, rank: int, theme: str, ranks: frozenset[int] | None) -> list[Meld]:
    """The concealed pung and chow on suited tile ``t`` (of ``rank``) that a
    theme allows, pung first; ``ranks`` are the theme's ranks, if it has any."""
    if theme == "fives" and rank != 5 and not (3 <= rank <= 5):
        return []
    if theme == "chicken" and not 2 <= rank <= 6:
        return []
    out: list[Meld] = []
    if (ranks is None or rank in ranks) and theme not in ("chows", "terminal_chows", "fives"):
        out.append(Meld(MeldKind.PUNG, t, exposed=False))
    chows = theme not in ("pungs", "kongs", "even", "terminals")
    if chows and rank <= 7 and _theme_allows_chow(rank, theme, ranks):
        out.append(Meld(MeldKind.CHOW, t, exposed=False))
    return out


def _theme_allows_chow(rank: int, theme: str, ranks: frozenset[int] | None) -> bool:
    """True when a theme allows the chow starting at ``rank``."""
    chow_ranks = {rank, rank + 1, rank + 2}
    if ranks is not None and not chow_ranks <= ranks:
        return False
    if theme == "fives" and 5 not in chow_ranks:
        return False
    return theme != "terminal_chows" or rank in (1, 7)


def _honour_key(t: Tile) -> str:
    assert t.honour is not None
    return t.honour.symbol if t.suit is not None else t.honour.family


def _pair_options(ts: TileSet, theme: str, melds: Sequence[Meld]) -> list[Tile]:
    ranks = _MELD_THEMES.get(theme)
    suits = {m.tile.suit for m in melds if m.tile.suit is not None}
    out = []
    for t in ts.tiles:
        if theme in ("one_suit", "half_flush", "shifted") and t.suit not in suits:
            continue
        if t.rank is None:
            if theme in ("any", "honours", "terminals", "pungs", "kongs", "half_flush", "chicken"):
                out.append(t)
            continue
        if theme == "honours":
            continue
        if theme in ("fives", "terminal_chows") and t.rank != 5:
            continue
        if theme == "chicken":
            continue
        if ranks is None or t.rank in ranks:
            out.append(t)
    return out


def _shape_melds(ts: TileSet, theme: str, rng: Picker, pool: _Pool, n: int) -> list[Meld] | None:
    options = _meld_options(ts, theme, rng)
    if not options:
        return None
    melds: list[Meld] = []
    first = rng.choice(options)
    for _ in range(40):
        if len(melds) == n:
            break
        cands = _next_meld_candidates(theme, options, melds, rng)
        m = first if not melds else rng.choice_if(cands, lambda c: pool.fits(c.codes))
        if m is not None and pool.take(m.tiles):
            melds.append(m)
    return melds if len(melds) == n else None


def _next_meld_candidates(
    theme: str, options: Sequence[Meld], melds: Sequence[Meld], rng: Picker
) -> Sequence[Meld]:
    """The options for the next meld after ``melds``: those that keep the
    theme's pattern (same rank, shifted steps), or all when none does."""
    if theme == "same_rank" and melds:
        base = melds[0]
        return [
            m for m in options if m.kind is base.kind and m.tile.rank == base.tile.rank
        ] or options
    if theme in ("shifted", "mixed_shifted") and melds:
        return _shifted_candidates(theme, options, melds, rng) or options
    return options


def _shifted_candidates(
    theme: str, options: Sequence[Meld], melds: Sequence[Meld], rng: Picker
) -> list[Meld]:
    """The options one step of the shift above the last of ``melds`` (the
    step drawn while only one meld is chosen: each try draws it anew)."""
    last = melds[-1]
    if len(melds) == 1:
        step = rng.choice((1, 2)) if last.is_chow else 1
    else:
        assert melds[1].tile.rank is not None and melds[0].tile.rank is not None
        step = melds[1].tile.rank - melds[0].tile.rank
    used = {m.tile.suit for m in melds}
    return [
        m
        for m in options
        if m.kind is last.kind
        and m.tile.rank is not None
        and last.tile.rank is not None
        and m.tile.rank - last.tile.rank == step
        and (theme == "shifted" or m.tile.suit not in used)
    ]


def _standard(ts: TileSet, theme: str, rng: Picker) -> Hand | None:
    pool = _Pool(ts)
    melds = _shape_melds(ts, theme, rng, pool, 4)
    if melds is None:
        return None
    pairs = [p for p in _pair_options(ts, theme, melds) if pool.left[p.code] >= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    pool.take((pair, pair))
    declared_n = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
    if theme == "kongs" or theme == "chicken":
        declared_n = rng.randint(1, 4)
    order = list(range(4))
    rng.shuffle(order)
    declared: list[Meld] = []
    concealed: list[Tile] = [pair, pair]
    for i, m in enumerate(melds):
        if order[i] < declared_n:
            kong_p = 0.8 if theme == "kongs" else 0.15
            if not m.is_chow and rng.chance(kong_p) and pool.left[m.tile.code] >= 1:
                pool.take((m.tile,))
                declared.append(Meld(MeldKind.KONG, m.tile, exposed=rng.chance(0.5)))
            else:
                declared.append(Meld(m.kind, m.tile, exposed=True))
        else:
            concealed.extend(m.tiles)
    win = concealed.pop(rng.randrange(len(concealed)))
    return Hand(ts, concealed, declared, win)


def _seven_pairs(ts: TileSet, theme: str, rng: Picker) -> Hand | None:
    if theme == "one_suit":
        suit = rng.randrange(len(ts.suits))
        start = rng.randint(1, 3)
        kinds = [ts.number(suit, r) for r in range(start, start + 7)]
    else:
        # A kind may be chosen twice (four of a kind, as two pairs) but not
        # three times: that would need six copies.
        picked: list[Tile | None] = []
        for _ in range(7):
            picked.append(rng.choice_if(ts.tiles, lambda t: 2 * (picked.count(t) + 1) <= ts.copies))
        kinds = [t for t in picked if t is not None]
        if len(kinds) < 7:
            return None
    tiles = [t for t in kinds for _ in range(2)]
    win = tiles.pop(rng.randrange(14))
    return Hand(ts, tiles, (), win)


def _orphans(ts: TileSet, spec_pair: bool, rng: Picker) -> Hand:
    kinds = list(ts.terminals_and_honours)
    tiles = [*kinds, rng.choice(kinds)] if spec_pair else rng.sample(kinds, 14)
    win = tiles.pop(rng.randrange(14))
    return Hand(ts, tiles, (), win)


def _honours_knitted(ts: TileSet, rng: Picker) -> Hand:
    knitted = list(rng.choice(ts.knitted_sets))
    honours = list(ts.honours)
    n_h = rng.randint(max(14 - len(knitted), 0), min(len(honours), 14))
    tiles = rng.sample(honours, n_h) + rng.sample(knitted, 14 - n_h)
    win = tiles.pop(rng.randrange(14))
    return Hand(ts, tiles, (), win)


def _knitted_straight(ts: TileSet, rng: Picker) -> Hand | None:
    pool = _Pool(ts)
    knitted = list(rng.choice(ts.knitted_sets))
    pool.take(knitted)
    melds = _shape_melds(ts, "any", rng, pool, 1)
    if melds is None:
        return None
    pairs = [t for t in ts.tiles if pool.left[t.code] >= 2]
    pair = rng.choice(pairs)
    concealed = [*knitted, pair, pair]
    declared: list[Meld] = []
    if rng.chance(0.4):
        declared.append(Meld(melds[0].kind, melds[0].tile, exposed=True))
    else:
        concealed.extend(melds[0].tiles)
    win = concealed.pop(rng.randrange(len(concealed)))
    return Hand(ts, concealed, declared, win)


def _nine_gates(ts: TileSet, rng: Picker) -> Hand:
    suit = rng.randrange(len(ts.suits))
    ranks = [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]
    return Hand(ts, [ts.number(suit, r) for r in ranks], (), ts.number(suit, rng.randint(1, 9)))


def _context(hand: Hand, rs: RuleSet, rng: Picker) -> WinContext:
    has_kong = any(m.is_kong for m in hand.melds)
    known = rs.context_flags  # a house rule knows its base's facts
    closed = not hand.melds
    self_drawn = rng.chance(0.45)
    flags = {
        "self_drawn": self_drawn,
        "last_tile": rng.chance(0.06),
        "kong_replacement": self_drawn and has_kong and rng.chance(0.3),
        "robbing_kong": not self_drawn and rng.chance(0.05),
        "last_copy": rng.chance(0.06),
        "heavenly_hand": "heavenly_hand" in known and closed and self_drawn and rng.chance(0.02),
        "earthly_hand": "earthly_hand" in known and closed and rng.chance(0.02),
        "heavenly_uno": "heavenly_uno" in known and closed and rng.chance(0.04),
    }
    winds = ("E", "S", "W", "N")
    extra = {
        "seat_wind": rng.choice(winds),
        "prevalent_wind": rng.choice(winds),
        "flowers": rng.choice((0, 0, 0, 1, 2)),
    }
    if "flowers" not in rs.context_flags:
        extra = {"seat_wind": "E", "prevalent_wind": "E", "flowers": 0}
    # Drop flags until the context is consistent (keeps the draw reproducible).
    names = list(flags)
    while True:
        ctx = WinContext(**flags, **extra)  # type: ignore[arg-type]
        try:
            ctx.check(hand)
            return ctx
        except ContextError:
            on = [n for n in names if flags[n] and n != "self_drawn"]
            if not on:
                return WinContext(self_drawn=self_drawn, **extra)  # type: ignore[arg-type]
            flags[rng.choice(on)] = False


_SPECIAL: dict[str, Callable[[TileSet, RuleSet, Picker], Hand | None]] = {
    "seven_pairs": lambda ts, rs, rng: _seven_pairs(ts, rng.choice(("any", "one_suit")), rng),
    "orphans": lambda ts, rs, rng: _orphans(ts, rs.shapes.orphans_pair, rng),
    "honours_knitted": lambda ts, rs, rng: _honours_knitted(ts, rng),
    "knitted_straight": lambda ts, rs, rng: _knitted_straight(ts, rng),
    "nine_gates": lambda ts, rs, rng: _nine_gates(ts, rng),
}


@keywords_checked
def random_winning_hand(
    rng: random.Random, rules: str | RuleSet = "uno", *, theme: str | None = None
) -> tuple[Hand, WinContext]:
    """A random complete hand with a consistent random win context.

    ``theme`` biases the draw (see :data:`THEMES`); None picks one at random.
    """
    if not isinstance(rng, random.Random):
        raise wrong_type(
            RulesError, "not-an-rng", "random_winning_hand", "rng", rng, "a random.Random"
        )
    rs = get_rules(rules)
    if theme is not None and (not isinstance(theme, str) or theme not in THEMES):
        raise RulesError(
            "unknown-theme",
            f"unknown theme {quote(theme)}",
            hint="choose from " + ", ".join(THEMES),
        )
    return picked_winning_hand(_Seeded(rng), rs, theme)


def picked_winning_hand(rng: Picker, rs: RuleSet, theme: str | None) -> tuple[Hand, WinContext]:
    """:func:`random_winning_hand` with its choices made by ``rng`` and its
    arguments already checked (``theme`` one of :data:`THEMES` or None)."""
    ts = rs.tileset
    for attempt in range(_MAX_ATTEMPTS * 2):
        # A theme that keeps failing (too few tiles of its kind) gives way to
        # a random one, so the draw always ends.
        th = theme if theme is not None and attempt < _MAX_ATTEMPTS else rng.choice(THEMES)
        special = _SPECIAL.get(th)
        hand = special(ts, rs, rng) if special else _standard(ts, th, rng)
        if hand is not None:
            return hand, _context(hand, rs, rng)
    hand = _nine_gates(ts, rng)  # always succeeds
    return hand, _context(hand, rs, rng)


@keywords_checked
def winning_hands(
    seed: int, count: int, rules: str | RuleSet = "uno"
) -> Iterator[tuple[Hand, WinContext]]:
    """``count`` reproducible random winning hands (all themes mixed). The
    arguments are checked at the call, not when the first hand is drawn."""
    rs = get_rules(rules)
    rng = random.Random(seed_option(seed, "winning_hands"))
    return _winning_hands(rng, count_option(count, "count"), rs)


def _winning_hands(
    rng: random.Random, count: int, rs: RuleSet
) -> Iterator[tuple[Hand, WinContext]]:
    for _ in range(count):
        yield random_winning_hand(rng, rs)


SHAPE_OF_THEME: Final = {
    "seven_pairs": Shape.SEVEN_PAIRS,
    "orphans": Shape.THIRTEEN_ORPHANS,
    "honours_knitted": Shape.HONOURS_AND_KNITTED,
    "knitted_straight": Shape.KNITTED_STRAIGHT,
}
"""The shape a special theme always produces (others give standard hands)."""
