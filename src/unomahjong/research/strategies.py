"""Hypothesis strategies for tiles, melds and hands of both rule sets.

Property tests of code that consumes hands (scorers, bots, user interfaces)
need valid inputs of every winning shape. Winning and ready hands are far too
rare among random draws for filtering to find them, so the strategies here
*build* them: melds and pairs are drawn from what is still left of the wall,
which keeps every hand within the 4-copy limit without rejecting examples.

Every strategy takes the rule set as a built-in rule set's name (``"uno"``,
``"mcr"``, ``"botzone"``) or a :class:`~unomahjong.model.tiles.TileSet`. Every
choice is a Hypothesis draw, so a failing example shrinks to a small hand
(few melds, low ranks, the first colour) and prints in notation. The core
library never imports this module; it needs Hypothesis, which the
``hypothesis`` extra installs (``pip install 'unomahjong[hypothesis]'``)::

    from hypothesis import given
    from unomahjong import shanten
    from unomahjong.research.strategies import winning_hands

    @given(winning_hands("uno"))
    def test_complete(hand):
        assert shanten(hand) == -1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

try:
    from hypothesis import strategies as st
except ImportError as _missing:
    raise ModuleNotFoundError(
        "unomahjong.research.strategies needs Hypothesis: pip install 'unomahjong[hypothesis]'",
        name="hypothesis",
    ) from _missing

from .._checks import flag, keywords_checked, quote, whole, wrong_type
from ..errors import ContextError, RulesError
from ..model.context import FLAGS, WINDS, WinContext, known_facts
from ..model.hand import HAND_SIZE, MAX_SEAT_OFFSET, Hand, Meld, MeldKind, refuse_hand
from ..model.notation import format_meld, format_tiles
from ..model.shapes import Shape, shapes_for
from ..model.tiles import Tile, TileSet, tileset_by_name
from ..rules.rule_sets import RULE_SETS, get_rules
from ._drawn import DrawnPicker
from .generate import THEMES, picked_winning_hand

__all__ = [
    "hand_texts",
    "hands",
    "invalid_hand_texts",
    "melds",
    "near_misses",
    "ready_hands",
    "scored_hands",
    "shaped_winning_hands",
    "themed_hands",
    "tiles",
    "win_contexts",
    "winning_hands",
]

Rules = str | TileSet
"""A built-in rule set's name or a tile set."""

_SOURCES: tuple[int | None, ...] = (None, 1, 2, 3)
"""Seat offsets drawn for exposed melds (4 players), or none recorded."""


def _tileset(rules: Rules) -> TileSet:
    if isinstance(rules, TileSet):
        return rules
    found = RULE_SETS.get(rules.casefold()) if isinstance(rules, str) else None
    return found.tileset if found else tileset_by_name(rules)


# Arguments are checked when a strategy is made, not when it first draws, so
# that a wrong one fails at the call with the library's error.


def _flag(value: object, func: str, param: str) -> bool:
    out = flag(value)
    if out is None:
        raise wrong_type(RulesError, "bad-option", func, param, value, "True or False")
    return out


def _optional_flag(value: object, func: str, param: str) -> bool | None:
    return None if value is None else _flag(value, func, param)


def _shape(shape: object, func: str) -> Shape | None:
    if shape is None or isinstance(shape, Shape):
        return shape
    raise wrong_type(
        RulesError,
        "unknown-shape",
        func,
        "shape",
        shape,
        "a Shape or None",
        hint="one of " + ", ".join(f"Shape.{s.name}" for s in Shape),
    )


# ------------------------------------------------------------ wall bookkeeping


def _free(ts: TileSet, used: Sequence[int], t: Tile) -> int:
    return ts.copies - used[t.code]


def _options(ts: TileSet, used: Sequence[int], kind: MeldKind, suit: int | None) -> list[Tile]:
    """Tiles that can start a meld of ``kind`` with the copies still free;
    with a ``suit`` focus, only that suit's tiles (and, in UNO, its coloured
    function tiles). Empty when nothing fits."""
    out = []
    for t in ts.tiles:
        if suit is not None and t.suit != suit:
            continue
        if kind is MeldKind.CHOW:
            if (
                t.rank is not None
                and t.rank <= 7
                and all(used[t.code + i] < ts.copies for i in range(3))
            ):
                out.append(t)
        elif _free(ts, used, t) >= (3 if kind is MeldKind.PUNG else 4):
            out.append(t)
    return out


def _take(used: list[int], meld: Meld) -> Meld:
    for c in meld.codes:
        used[c] += 1
    return meld


def _draw_meld(
    draw: st.DrawFn,
    ts: TileSet,
    used: list[int],
    *,
    declared: bool,
    suit: int | None = None,
    exposed: bool | None = None,
) -> Meld:
    """Draw one meld that fits the free copies and mark its tiles used.

    ``declared`` melds are what a :class:`Hand` may hold (exposed chows, pungs
    and kongs, and concealed kongs; ``exposed`` narrows that); otherwise a
    concealed chow or pung, as a decomposition would find in the concealed
    tiles. The kind is drawn first so chows stay common; a ``suit`` focus is
    dropped when the suit has nothing left."""
    if not declared:
        kinds = [MeldKind.CHOW, MeldKind.PUNG]
    elif exposed is False:
        kinds = [MeldKind.KONG]
    else:
        kinds = [MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG]
    first = draw(st.sampled_from(kinds))
    order = [first, *(k for k in kinds if k is not first)]
    for focus in (suit, None):
        for kind in order:
            opts = _options(ts, used, kind, focus)
            if opts:
                tile = draw(st.sampled_from(opts))
                if not declared:
                    return _take(used, Meld(kind, tile, exposed=False))
                is_exposed = exposed
                if is_exposed is None:
                    is_exposed = kind is not MeldKind.KONG or draw(st.booleans())
                source = draw(st.sampled_from(_SOURCES)) if is_exposed else None
                return _take(used, Meld(kind, tile, is_exposed, source))
    raise AssertionError("the wall always has room for one more meld")  # pragma: no cover


def _draw_pair(draw: st.DrawFn, ts: TileSet, used: list[int], suit: int | None) -> Tile:
    for focus in (suit, None):
        opts = [
            t for t in ts.tiles if _free(ts, used, t) >= 2 and (focus is None or t.suit == focus)
        ]
        if opts:
            t = draw(st.sampled_from(opts))
            used[t.code] += 2
            return t
    raise AssertionError("the wall always has room for a pair")  # pragma: no cover


def _draw_focus(draw: st.DrawFn, ts: TileSet) -> int | None:
    """Optionally favour one suit: flushes have many overlapping decompositions."""
    return draw(st.one_of(st.none(), st.integers(0, len(ts.suits) - 1)))


def _with_win(draw: st.DrawFn, ts: TileSet, tiles: list[Tile], melds: Sequence[Meld]) -> Hand:
    """A complete hand whose winning tile is one of ``tiles`` (the concealed part)."""
    win = draw(st.sampled_from(sorted(tiles)))
    rest = list(tiles)
    rest.remove(win)
    return Hand(ts, rest, melds, win)


# ------------------------------------------------------------ basic values


@keywords_checked
def tiles(rules: Rules = "uno") -> st.SearchStrategy[Tile]:
    """Any tile kind of the rule set; shrinks towards the first kind (1r / 1m)."""
    return st.sampled_from(_tileset(rules).tiles)


@st.composite
def _melds(draw: st.DrawFn, ts: TileSet, exposed: bool | None) -> Meld:
    return _draw_meld(draw, ts, [0] * ts.size, declared=True, exposed=exposed)


@keywords_checked
def melds(rules: Rules = "uno", *, exposed: bool | None = None) -> st.SearchStrategy[Meld]:
    """Melds a hand may declare: exposed chows, pungs and kongs (with or without
    an ``@k`` source seat) and concealed kongs.

    ``exposed=True`` gives exposed melds only, ``exposed=False`` concealed
    kongs only, ``None`` (the default) either.
    """
    return _melds(_tileset(rules), _optional_flag(exposed, "melds", "exposed"))


@st.composite
def _hands(draw: st.DrawFn, ts: TileSet, min_melds: int, max_melds: int, with_win: bool) -> Hand:
    used = [0] * ts.size
    declared = [
        _draw_meld(draw, ts, used, declared=True)
        for _ in range(draw(st.integers(min_melds, max_melds)))
    ]
    need = HAND_SIZE - 3 * len(declared) + (1 if with_win else 0)
    kinds = [t for t in ts.tiles if _free(ts, used, t)]
    if draw(st.booleans()):
        # Dense: tiles of one or two suits (and maybe the honours), so the
        # hand is close to some shape rather than a scatter of singles.
        suits = draw(
            st.lists(st.integers(0, len(ts.suits) - 1), min_size=1, max_size=2, unique=True)
        )
        honours = draw(st.booleans())
        dense = [t for t in kinds if t.suit in suits or (honours and t.is_honour)]
        if sum(_free(ts, used, t) for t in dense) >= need:
            kinds = dense
    pool = [t for t in kinds for _ in range(_free(ts, used, t))]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=need, max_size=need, unique=True))
    concealed = [pool[i] for i in picks]
    win = concealed.pop() if with_win else None
    return Hand(ts, concealed, declared, win)


@keywords_checked
def hands(
    rules: Rules = "uno", *, min_melds: int = 0, max_melds: int = 4, with_win: bool = False
) -> st.SearchStrategy[Hand]:
    """Valid hands drawn from the wall: 13 tiles (kongs as 3) with 0-4 declared
    melds, or 14 with ``with_win=True`` (the last tile drawn after ``+``).

    Half of the examples take their concealed tiles from one or two suits, so
    that near-complete and multi-decomposition hands are common, not only the
    high-shanten scatter of a uniform draw.
    """
    low, high = whole(min_melds), whole(max_melds)
    if low is None or high is None or not 0 <= low <= high <= 4:
        raise RulesError(
            "bad-option",
            f"need 0 <= min_melds <= max_melds <= 4, not {quote(min_melds)}, {quote(max_melds)}",
        )
    return _hands(_tileset(rules), low, high, _flag(with_win, "hands", "with_win"))


# ------------------------------------------------------------ winning hands


@st.composite
def _standard(draw: st.DrawFn, ts: TileSet) -> tuple[Shape, Hand]:
    used = [0] * ts.size
    suit = _draw_focus(draw, ts)
    n_declared = draw(st.integers(0, 4))
    declared = [_draw_meld(draw, ts, used, declared=True, suit=suit) for _ in range(n_declared)]
    concealed: list[Tile] = []
    for _ in range(4 - n_declared):
        concealed += _draw_meld(draw, ts, used, declared=False, suit=suit).tiles
    concealed += [_draw_pair(draw, ts, used, suit)] * 2
    return Shape.STANDARD, _with_win(draw, ts, concealed, declared)


@st.composite
def _seven_pairs(draw: st.DrawFn, ts: TileSet) -> tuple[Shape, Hand]:
    suit = _draw_focus(draw, ts)
    pool = [t for t in ts.tiles if suit is None or t.suit == suit]
    quads = draw(st.integers(0, 3))
    kinds = draw(
        st.lists(st.sampled_from(pool), min_size=7 - quads, max_size=7 - quads, unique=True)
    )
    pairs = kinds + kinds[:quads]  # four of a kind counts as two pairs
    return Shape.SEVEN_PAIRS, _with_win(draw, ts, [t for t in pairs for _ in "xx"], ())


@st.composite
def _orphans(draw: st.DrawFn, ts: TileSet) -> tuple[Shape, Hand]:
    orphans = list(ts.terminals_and_honours)
    if shapes_for(ts).orphans_pair:  # MCR: all 13 kinds plus one pair
        held = [*orphans, draw(st.sampled_from(orphans))]
    else:  # UNO: 14 different kinds out of the 16
        n = len(orphans) - 14
        left_out = draw(st.lists(st.sampled_from(orphans), min_size=n, max_size=n, unique=True))
        held = [t for t in orphans if t not in left_out]
    return Shape.THIRTEEN_ORPHANS, _with_win(draw, ts, held, ())


@st.composite
def _honours_knitted(draw: st.DrawFn, ts: TileSet) -> tuple[Shape, Hand]:
    pool = [*draw(st.sampled_from(ts.knitted_sets)), *ts.honours]
    n = len(pool) - 14
    left_out = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))
    held = [t for t in pool if t not in left_out]
    return Shape.HONOURS_AND_KNITTED, _with_win(draw, ts, held, ())


@st.composite
def _knitted_straight(draw: st.DrawFn, ts: TileSet) -> tuple[Shape, Hand]:
    used = [0] * ts.size
    concealed = list(draw(st.sampled_from(ts.knitted_sets)))
    for t in concealed:
        used[t.code] += 1
    declared: list[Meld] = []
    if draw(st.booleans()):
        declared.append(_draw_meld(draw, ts, used, declared=True))
    else:
        concealed += _draw_meld(draw, ts, used, declared=False).tiles
    concealed += [_draw_pair(draw, ts, used, None)] * 2
    return Shape.KNITTED_STRAIGHT, _with_win(draw, ts, concealed, declared)


_BUILDERS = {
    Shape.STANDARD: _standard,
    Shape.SEVEN_PAIRS: _seven_pairs,
    Shape.THIRTEEN_ORPHANS: _orphans,
    Shape.HONOURS_AND_KNITTED: _honours_knitted,
    Shape.KNITTED_STRAIGHT: _knitted_straight,
}


@keywords_checked
def shaped_winning_hands(
    rules: Rules = "uno", shape: Shape | None = None
) -> st.SearchStrategy[tuple[Shape, Hand]]:
    """Complete hands paired with the shape they were built as.

    The hand may fit other shapes too (a seven-pairs hand can be standard);
    the shape tells a test which reading must at least be found.
    """
    ts = _tileset(rules)
    shape = _shape(shape, "shaped_winning_hands")
    if shape is not None:
        return _BUILDERS[shape](ts)
    # Standard hands get twice the share: they vary the most (melds, flushes).
    shapes = [Shape.STANDARD, *shapes_for(ts).shapes]
    return st.one_of(*(_BUILDERS[s](ts) for s in shapes))


@keywords_checked
def winning_hands(rules: Rules = "uno", shape: Shape | None = None) -> st.SearchStrategy[Hand]:
    """Complete 14-tile hands, built constructively for every shape (or one).

    Standard hands carry 0-4 declared melds (exposed melds, concealed kongs);
    seven pairs may hold four of a kind; thirteen orphans follow the rule set
    (UNO: 14 different of 16 kinds; MCR: 13 kinds and a pair); knitted
    straights have their one meld exposed or concealed. The winning tile is
    always one of the concealed tiles.
    """
    return shaped_winning_hands(rules, shape).map(lambda p: p[1])


@keywords_checked
def ready_hands(rules: Rules = "uno", shape: Shape | None = None) -> st.SearchStrategy[Hand]:
    """13-tile hands with shanten 0: a winning hand without its winning tile."""
    return winning_hands(rules, shape).map(lambda h: h.without_win())


@st.composite
def _near_misses(draw: st.DrawFn, ts: TileSet, shape: Shape | None, with_win: bool) -> Hand:
    won = draw(winning_hands(ts, shape))
    held = list(won.concealed_with_win)
    out = draw(st.sampled_from(held))
    held.remove(out)
    total = won.total_counts()
    total[out.code] -= 1
    options = [t for t in ts.tiles if t is not out and total[t.code] < ts.copies]
    if out.rank is not None and draw(st.booleans()):
        # A neighbour of the same suit: the swaps that keep the hand tense.
        near = [t for t in options if t.suit == out.suit and t.rank and abs(t.rank - out.rank) <= 2]
        options = near or options
    held.append(draw(st.sampled_from(options)))
    hand = _with_win(draw, ts, held, won.melds)
    return hand if with_win else hand.without_win()


@keywords_checked
def near_misses(
    rules: Rules = "uno", shape: Shape | None = None, *, with_win: bool = True
) -> st.SearchStrategy[Hand]:
    """A winning hand with one concealed tile swapped for another kind.

    With ``with_win=True`` (the default) the 14-tile result has shanten -1 or
    0: it may or may not still win. With ``with_win=False`` the winning tile is
    then removed, leaving a 13-tile hand of shanten 0 or 1. These hands sit on
    the boundary that decomposition, shanten and wait code most often gets
    wrong.
    """
    return _near_misses(
        _tileset(rules), _shape(shape, "near_misses"), _flag(with_win, "near_misses", "with_win")
    )


# ------------------------------------------------------------ notation


@st.composite
def _hand_texts(draw: st.DrawFn, ts: TileSet) -> tuple[str, Hand]:
    hand = draw(st.one_of(hands(ts), hands(ts, with_win=True), winning_hands(ts)))
    tokens = [format_meld(m) for m in hand.melds]
    concealed = list(hand.concealed)
    while concealed:
        # A run of tiles of one suit (or loose honours) is one group.
        first = concealed[0]
        same = [t for t in concealed if t.suit == first.suit]
        n = draw(st.integers(1, len(same)))
        group = draw(st.permutations(same))[:n]
        for t in group:
            concealed.remove(t)
        if first.suit is None:  # MCR winds and dragons stand alone
            tokens.append("".join(str(t) for t in group))
        else:
            letter = ts.suits[first.suit].letter
            tokens.append("".join(str(t)[:-1] for t in group) + letter)
    tokens = draw(st.permutations(tokens))
    if hand.win is not None:
        tokens.append("+" + draw(st.sampled_from(("", " "))) + str(hand.win))
    space = st.text(alphabet=" \t\n", min_size=1, max_size=3)
    text = draw(st.sampled_from(("", " ", "\n")))
    for tok in tokens:
        text += tok + draw(space)
    return text, hand


@keywords_checked
def hand_texts(rules: Rules = "uno") -> st.SearchStrategy[tuple[str, Hand]]:
    """Valid but non-canonical writings of a hand, with the hand they denote.

    Groups are split and reordered, melds are mixed among the concealed
    groups and whitespace varies, so that parsers are tested on the input
    people type, not only on the canonical form.
    """
    return _hand_texts(_tileset(rules))


_BAD_CHARS = {
    "uno": "0xX#!.,;:/?-_=*&%$'\"zmpsEWNCFPYGB\u00e9\u4e2d\uff15",
    "mcr": "0xX#!.,;:/?-_=*&%$'\"zrygbRewncf\u00e9\u4e2d\uff15",
}
"""Characters no hand text of the rule set may contain (never whitespace)."""


def _is_meld(tiles: Sequence[Tile], exposed: bool) -> bool:
    same = len(set(tiles)) == 1
    if not exposed:
        return same and len(tiles) == 4
    if same and len(tiles) in (3, 4):
        return True
    if len(tiles) != 3:
        return False
    a, b, c = sorted(tiles)
    return a.rank is not None and b.code == a.code + 1 and c.code == a.code + 2


def _valid_texts(ts: TileSet) -> st.SearchStrategy[str]:
    return st.one_of(hands(ts), winning_hands(ts), hands(ts, with_win=True)).map(str)


def _before_win(text: str) -> str:
    """The text up to its ``+`` (or all of it), ending in a space when cut."""
    return text.split("+")[0]


@st.composite
def _bad_char(draw: st.DrawFn, ts: TileSet) -> str:
    text = draw(_valid_texts(ts))
    at = draw(st.integers(0, len(text)))
    return text[:at] + draw(st.sampled_from(_BAD_CHARS[ts.name])) + text[at:]


@st.composite
def _missing_suffix(draw: st.DrawFn, ts: TileSet) -> str:
    letters = {s.letter for s in ts.suits}
    text = draw(_valid_texts(ts).filter(lambda s: any(ch in letters for ch in s)))
    at = draw(st.sampled_from([i for i, ch in enumerate(text) if ch in letters]))
    return text[:at] + text[at + 1 :]


@st.composite
def _fifth_copy(draw: st.DrawFn, ts: TileSet) -> str:
    t = draw(tiles(ts))
    five = draw(
        st.sampled_from(
            (
                format_tiles([t] * 5),
                f"({format_tiles([t] * 4)}) {t}",
                f"[{format_tiles([t] * 4)}] {format_tiles([t] * 2)}",
                f"[{format_tiles([t] * 3)}] {format_tiles([t] * 2)}",
                f"{format_tiles([t] * 4)} +{t}",
            )
        )
    )
    filler = format_tiles(draw(st.lists(tiles(ts), max_size=8)))
    return f"{filler} {five}" if draw(st.booleans()) else f"{five} {filler}"


@st.composite
def _wrong_count(draw: st.DrawFn, ts: TileSet) -> str:
    hand = draw(hands(ts, with_win=draw(st.booleans())))
    concealed = list(hand.concealed)
    cut = draw(st.booleans())
    if concealed and cut:
        del concealed[draw(st.integers(0, len(concealed) - 1)) :]
    else:
        total = hand.total_counts()
        concealed.append(draw(st.sampled_from([t for t in ts if total[t.code] < ts.copies])))
    parts = [format_meld(m) for m in hand.melds]
    if concealed:
        parts.append(format_tiles(concealed))
    if hand.win is not None:
        parts.append(f"+{hand.win}")
    return " ".join(parts)


@st.composite
def _bad_meld(draw: st.DrawFn, ts: TileSet) -> str:
    exposed = draw(st.booleans())
    body = draw(st.lists(tiles(ts), max_size=5).filter(lambda b: not _is_meld(b, exposed)))
    inner = format_tiles(body).replace(" ", "")
    bracket = f"[{inner}]" if exposed else f"({inner})"
    rest = draw(_valid_texts(ts))
    return f"{bracket} {rest}" if draw(st.booleans()) else _before_win(rest) + bracket


@st.composite
def _bad_seat(draw: st.DrawFn, ts: TileSet) -> str:
    meld = draw(melds(ts, exposed=True))
    body = format_meld(Meld(meld.kind, meld.tile))[1:-1]
    kong = format_tiles([meld.tile] * 4).replace(" ", "")
    seat = draw(st.sampled_from(("@", "@0", f"@{MAX_SEAT_OFFSET + 1}", "@12", "@-1", "@ 1")))
    bad = draw(st.sampled_from((f"[{body}{seat}]", f"[{body}@1@2]", f"({kong}@1)")))
    return f"{bad} {draw(_valid_texts(ts))}"


@st.composite
def _bad_structure(draw: st.DrawFn, ts: TileSet) -> str:
    text = draw(_valid_texts(ts))
    head = _before_win(text)
    t = str(draw(tiles(ts)))
    u = str(draw(tiles(ts)))
    return draw(
        st.sampled_from(
            (
                "",
                "+",
                f"{text} +",
                f"{head}+ ",
                f"{head}+{t}{u}",
                f"{head}+{t} +{u}",
                f"{head}+{t} {u}",
                f"[{text}",
                f"{text}]",
                f"({text}",
                f"{text})",
                f"@1 {text}",
                f"{text} [",
                f"[{t}{t}{t}{t}{t}]",
                f"[{t}{t}{t} {text}]",
            )
        )
    )


def _other_rules(ts: TileSet) -> st.SearchStrategy[str]:
    # Every UNO tile carries a colour letter, which MCR rejects; every MCR hand
    # holds a suit letter or an honour letter other than S, which UNO rejects
    # (and S alone can fill at most 4 of its 13 tiles).
    return _valid_texts(tileset_by_name("mcr" if ts.name == "uno" else "uno"))


@keywords_checked
def invalid_hand_texts(rules: Rules = "uno") -> st.SearchStrategy[str]:
    """Strings that ``parse_hand(text, rules)`` must reject with NotationError.

    Covers unknown characters inserted anywhere, ranks without a colour/suit
    letter, a fifth copy (loose, in a kong, or as the winning tile), wrong
    tile counts, bracket groups that are not melds, bad ``@k`` seats,
    unbalanced brackets and misplaced ``+``, and the other rule set's notation.
    """
    ts = _tileset(rules)
    return st.one_of(
        _bad_char(ts),
        _missing_suffix(ts),
        _fifth_copy(ts),
        _wrong_count(ts),
        _bad_meld(ts),
        _bad_seat(ts),
        _bad_structure(ts),
        _other_rules(ts),
    )


# ------------------------------------------------------------ win contexts


_NOTHING_SPECIAL: Final = WinContext()


@st.composite
def _win_contexts(draw: st.DrawFn, hand: Hand, rules: str) -> WinContext:
    rare = st.sampled_from((False, False, False, False, True))
    known = known_facts(rules)
    # Every flag the rule set knows, in field order (a new flag is drawn
    # without a change here); self-drawing is as common as not.
    flags: dict[str, Any] = {
        name: draw(st.booleans() if name == "self_drawn" else rare)
        for name in FLAGS
        if name in known
    }
    mcr = "seat_wind" in known
    ctx = attrs.evolve(
        _NOTHING_SPECIAL,
        **flags,
        seat_wind=draw(st.sampled_from(WINDS)) if mcr else "E",
        prevalent_wind=draw(st.sampled_from(WINDS)) if mcr else "E",
        flowers=draw(st.integers(0, 8)) if mcr else 0,
    )
    try:
        ctx.check(hand)
    except ContextError:
        # Self-drawn and the wall's last tile contradict nothing once every
        # other flag is dropped (a default contradicts nothing).
        kept = ("self_drawn", "last_tile")
        dropped: dict[str, Any] = {name: False for name in FLAGS if name not in kept}
        ctx = attrs.evolve(ctx, **dropped)
        ctx.check(hand)
    return ctx


@keywords_checked
def win_contexts(hand: Hand) -> st.SearchStrategy[WinContext]:
    """Win contexts consistent with ``hand`` (rare flags drawn rarely); MCR
    hands also get seat and prevalent winds and flowers."""
    if not isinstance(hand, Hand):
        raise refuse_hand("win_contexts", hand)
    return _win_contexts(hand, hand.tileset.name)


@st.composite
def _scored_hands(draw: st.DrawFn, ts: TileSet, shape: Shape | None) -> tuple[Hand, WinContext]:
    # Drawn in turn, not by flatmap: a failing example then shrinks the hand
    # and the context together, and prints as the pair (Hypothesis printed a
    # flatmap's pair as the names in its lambda).
    hand = draw(winning_hands(ts, shape))
    return hand, draw(_win_contexts(hand, ts.name))


@keywords_checked
def scored_hands(
    rules: Rules = "uno", shape: Shape | None = None
) -> st.SearchStrategy[tuple[Hand, WinContext]]:
    """Winning hands with a consistent win context, ready for ``score``."""
    return _scored_hands(_tileset(rules), _shape(shape, "scored_hands"))


@st.composite
def _themed_hands(draw: st.DrawFn, rules: str) -> tuple[Hand, WinContext]:
    theme = draw(st.sampled_from(THEMES))
    return picked_winning_hand(DrawnPicker(draw), get_rules(rules), theme)


@keywords_checked
def themed_hands(rules: Rules = "uno") -> st.SearchStrategy[tuple[Hand, WinContext]]:
    """Winning hands with contexts built around :mod:`unomahjong.research.generate`'s
    themes (one colour, pungs only, terminals, shifted chows, honours, ...),
    which make rare fans common; every fan of the table occurs.

    The builders are :func:`~unomahjong.research.generate.random_winning_hand`'s, with
    each random choice a draw: a failing example shrinks towards the first
    theme, low tiles, no declared melds and no rare context flags."""
    return _themed_hands(_tileset(rules).name)
