"""Text notation for tiles and hands: :func:`parse_hand` and :func:`format_hand`.

UNO (docs/notation.md): groups of ranks ``1``-``9``, ``R``, ``S`` closed by a
lowercase colour ``r y g b`` (``123r``, ``RRSg``); exposed melds in square
brackets with an optional ``@k`` (``[SSSg@2]``); concealed kongs in
parentheses (``(RRRRy)``); the winning tile last, after ``+``.

MCR: digits closed by ``m``, ``s`` or ``p``; honours as single letters
``E S W N`` (winds) and ``C F P`` (red, green, white dragons); the same
brackets and ``+``.

The parser never drops or reinterprets input: anything it does not
understand raises :class:`~unomahjong.errors.NotationError` with the position,
a stable code and a hint.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from itertools import islice
from typing import TYPE_CHECKING, Any, ClassVar, Never, TypeVar

import attrs

from .. import _engine
from .._checks import items, quote, unknown_keywords
from ..errors import NotationError, RulesError
from .meld import MAX_SEAT_OFFSET, Meld, MeldKind, refuse_meld
from .tiles import MCR_TILES, UNO_TILES, Tile, TileSet

if TYPE_CHECKING:
    from ..rules.rule_sets import RuleSet

__all__ = [
    "MAX_HAND_LENGTH",
    "MAX_ROW_LENGTH",
    "MAX_TILES_LENGTH",
    "format_meld",
    "format_tiles",
    "parse_meld",
    "parse_tile",
    "parse_tiles",
]


@attrs.frozen(slots=True)
class Dialect:
    """What the characters of one tile set's notation mean."""

    __hash__: ClassVar[None] = None  # type: ignore[assignment]
    """Unhashable, as its ``foreign`` mapping is (attrs would make a hash
    that raises on it)."""

    tileset: TileSet
    suited_ranks: str
    honour_ranks: str
    """Rank letters that need a colour suffix (UNO's R and S)."""
    suffixes: str
    free_honours: str
    """Letters that are whole tiles on their own (MCR's winds and dragons)."""
    foreign: dict[str, tuple[str, str]]
    """Characters of the other notation: char -> (code, hint)."""


_UNO_FOREIGN = {
    **{
        c: (
            "mcr-notation",
            "this looks like MCR notation; UNO colours are r y g b (or use rules='mcr')",
        )
        for c in "mpz"
    },
    "s": ("letter-case", "colours are r y g b; Skip is uppercase S (MCR bamboo: use rules='mcr')"),
    **{c: ("letter-case", f"colours are lowercase: {c.lower()}") for c in "YGB"},
    **{
        c: (
            "mcr-notation",
            "winds and dragons are MCR tiles (use rules='mcr'); UNO honours are R, S",
        )
        for c in "EWNCFP"
    },
}
_MCR_FOREIGN = {
    **{
        c: (
            "uno-notation",
            "this looks like UNO notation; MCR suits are m s p (or use rules='uno')",
        )
        for c in "rygb"
    },
    "R": ("uno-notation", "Reverse is an UNO tile; MCR honours are E S W N C F P"),
    "z": ("mpsz-honours", "write honours as letters: E S W N (winds), C F P (red, green, white)"),
    **{c: ("letter-case", f"honour letters are uppercase: {c.upper()}") for c in "ewncf"},
}

DIALECTS = {
    "uno": Dialect(UNO_TILES, "123456789", "RS", "rygb", "", _UNO_FOREIGN),
    "mcr": Dialect(MCR_TILES, "123456789", "", "msp", "ESWNCFP", _MCR_FOREIGN),
}
"""The notations of the built-in tile sets, by name (the compiled parser
builds its own tables from them at import)."""


def _dialect(rules: str | TileSet | RuleSet) -> Dialect:
    """The notation of a rule set name, a built-in tile set or a rule set."""
    ts = rules if isinstance(rules, TileSet) else getattr(rules, "tileset", None)
    if isinstance(ts, TileSet):
        for d in DIALECTS.values():
            if d.tileset is ts:
                return d
        raise RulesError(
            "unsupported-tileset",
            f"tile set {quote(ts.name)} is not a built-in one: only UNO_TILES and MCR_TILES"
            " have a notation",
        )
    try:
        return DIALECTS[rules]  # type: ignore[index]
    except (KeyError, TypeError):
        raise RulesError(
            "unknown-rules", f"unknown rules {quote(rules)}", hint="use 'uno' or 'mcr'"
        ) from None


def _text(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise NotationError("not-text", f"{what} is text, not {type(text).__name__}")
    return text


_T = TypeVar("_T")

_ASCII_DIGITS = frozenset("0123456789")

MAX_HAND_LENGTH = 256
"""The most characters :func:`parse_hand`, :func:`parse_meld` and
:func:`parse_tile` read (and ``score_hand``, ``Hand.parse``, the command
line's hand): longer text is refused (``too-long``) before anything else is
done with it, in constant time and memory. The longest legal hand, written
with a space between every two groups and a seat mark on every meld
(``[1r1r1r1r@7] [2r2r2r2r@7] [3r3r3r3r@7] [4r4r4r4r@7] 5r + 5r``), has 59
characters: the limit leaves four times that for whitespace."""

MAX_TILES_LENGTH = 2048
"""The most characters :func:`parse_tiles` reads: every tile of the largest
built-in set (UNO's 176) written as its own group with a space after it
takes 528 characters; the limit is about four times that."""


MAX_ROW_LENGTH = 1024
"""The most tiles :func:`format_tiles` writes (and
:func:`unomahjong.render.tiles_svg` draws): every tile of the largest
built-in set (176) about six times over. More are refused (``too-long``)
after reading one more than that, whatever the iterable holds."""


def plain_text(text: _T) -> _T:
    """``text`` as a plain ``str`` when it is of a ``str`` subclass (whose
    ``__len__`` or ``__getitem__`` may say anything), else as it is (the
    caller refuses what is not text)."""
    if isinstance(text, str) and type(text) is not str:
        return str.__str__(text)  # type: ignore[return-value]
    return text


def check_length(text: _T, limit: int, what: str) -> _T:
    """Refuse text longer than ``limit`` characters, ``len`` only, so a
    10 MB string costs no more than a short one; return the text as a plain
    ``str`` (:func:`plain_text`) for the caller to read from then on."""
    text = plain_text(text)
    if isinstance(text, str) and len(text) > limit:
        raise NotationError(
            "too-long",
            f"{what} of {len(text):,} characters is longer than any can be written"
            f" (at most {limit:,})",
            position=limit,
            hint="pass one hand, meld or list of tiles, without padding",
        )
    return text


SEPARATORS = " \t\n"
"""The characters that separate groups: ASCII space, tab and newline, and no
other. Other whitespace (a carriage return, a form feed, NBSP, U+3000
IDEOGRAPHIC SPACE, U+2028 LINE SEPARATOR, ...) is refused (``bad-separator``):
it looks like a space but would make two texts that print alike parse
differently from what a reader sees. The compiled parser reads this
constant."""


def _char_name(ch: str) -> str:
    """``U+3000 IDEOGRAPHIC SPACE``: a character that cannot be shown as itself."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}".rstrip() if name else f"U+{ord(ch):04X} ({ch!r})"


class _Scanner:
    """Reads tiles from a run of text, one group at a time."""

    def __init__(self, text: str, dialect: Dialect) -> None:
        self.text = text
        self.d = dialect
        self.i = 0

    def error(self, code: str, detail: str, hint: str | None = None, at: int | None = None) -> None:
        raise NotationError(code, detail, position=self.i if at is None else at, hint=hint)

    def peek(self) -> str:
        return self.text[self.i] if self.i < len(self.text) else ""

    def skip_space(self) -> None:
        while self.i < len(self.text) and self.text[self.i] in SEPARATORS:
            self.i += 1

    def tiles(self, stop: str) -> list[tuple[Tile, int]]:
        """Tiles up to whitespace, a character in ``stop`` or the end."""
        d = self.d
        ts = d.tileset
        out: list[tuple[Tile, int]] = []
        pending: list[tuple[str, int]] = []
        text = self.text
        while self.i < len(text):
            ch = text[self.i]
            if ch in SEPARATORS or ch in stop:
                break
            if ch in d.suited_ranks or ch in d.honour_ranks:
                pending.append((ch, self.i))
            elif ch in d.suffixes:
                if not pending:
                    what = "colour" if d.tileset is UNO_TILES else "suit"
                    self.error(f"{what}-without-rank", f"{ch!r} closes a group with no ranks")
                for rank, pos in pending:
                    notation = rank + ch
                    out.append((ts[notation], pos))
                pending = []
            elif ch in d.free_honours:
                if pending:
                    self._missing_suffix(pending)
                out.append((ts[ch], self.i))
            elif ch in d.foreign:
                code, hint = d.foreign[ch]
                if ch == "s" and pending and all(r.isdigit() for r, _ in pending):
                    code, hint = d.foreign["m"]
                self.error(code, f"{ch!r} is not part of {ts.name.upper()} notation", hint)
            elif ch.isspace():
                self.error(
                    "bad-separator",
                    f"{_char_name(ch)} is not a separator",
                    "separate groups with ASCII spaces, tabs or newlines",
                )
            else:
                self.error("unknown-character", f"unknown character {ch!r}", self._hint_for(ch))
            self.i += 1
        if pending:
            self._missing_suffix(pending)
        return out

    def _hint_for(self, ch: str) -> str:
        d = self.d
        honours = f", honours {' '.join(d.free_honours)}" if d.free_honours else ""
        ranks = (
            d.suited_ranks[0] + "-" + d.suited_ranks[-1] + "".join(" " + r for r in d.honour_ranks)
        )
        return f"ranks are {ranks}, closed by one of {' '.join(d.suffixes)}{honours}"

    def _missing_suffix(self, pending: list[tuple[str, int]]) -> None:
        ranks = "".join(r for r, _ in pending)
        what = "colour" if self.d.tileset is UNO_TILES else "suit"
        hint = f"close the group with a {what} letter: {'/'.join(self.d.suffixes)}"
        if self.d.tileset is UNO_TILES and ranks.endswith("R"):
            hint = "R is the rank Reverse; the colour red is lowercase r"
        self.error(
            f"missing-{what}",
            f"ranks {quote(ranks)} have no {what} letter",
            hint,
            at=pending[0][1],
        )


# The public parsers hand text to the compiled core when it is active. The
# core reads the built-in notations itself and passes anything else (another
# tile set, a rule set it does not know, every error) back to the private
# functions below, which are the reference: both modes return the same
# values and raise the same errors.


HandParts = tuple[TileSet, list[Tile], list[Meld], "Tile | None"]
"""A hand as the parser reads it: its tile set, concealed tiles, melds and
winning tile (``Hand(*parts)`` builds it: :func:`unomahjong.model.hand.parse_hand`)."""


def read_hand(text: str, rules: str | TileSet | RuleSet) -> HandParts:
    """The parts of the hand ``text`` writes, checked (a hand's notation;
    the Python parser, which :func:`unomahjong.model.hand.parse_hand` uses)."""
    d = _dialect(rules)
    ts = d.tileset
    sc = _Scanner(_text(text, "a hand"), d)
    concealed: list[Tile] = []
    melds: list[Meld] = []
    win: Tile | None = None
    counts = [0] * ts.size

    def count(tile: Tile, pos: int) -> None:
        counts[tile.code] += 1
        if counts[tile.code] > ts.copies:
            raise NotationError(
                "too-many-copies",
                f"copy {counts[tile.code]} of {tile}; the set has only {ts.copies}",
                position=pos,
            )

    while True:
        sc.skip_space()
        ch = sc.peek()
        if not ch:
            break
        start = sc.i
        if win is not None:
            sc.error(
                "after-winning-tile", "nothing may follow the winning tile", "put '+tile' last"
            )
        if ch in "[(":
            meld = _parse_bracket(sc)
            for t in meld.tiles:
                count(t, start)
            melds.append(meld)
        elif ch in "])":
            sc.error("unbalanced-bracket", f"{ch!r} closes nothing")
        elif ch == "+":
            sc.i += 1
            sc.skip_space()
            at = sc.i
            tiles = sc.tiles("[]()+@")
            if not tiles:
                sc.error("missing-winning-tile", "'+' is not followed by a tile", at=at)
            if len(tiles) > 1:
                sc.error(
                    "several-winning-tiles",
                    f"'+' is followed by {len(tiles)} tiles; the winning tile is one tile",
                    at=tiles[1][1],
                )
            win = tiles[0][0]
            count(win, tiles[0][1])
        elif ch == "@":
            sc.error("misplaced-seat", "'@k' belongs inside an exposed meld's brackets: [SSSg@2]")
        else:
            for t, pos in sc.tiles("[]()+@"):
                count(t, pos)
                concealed.append(t)
    size = len(concealed) + 3 * len(melds)
    if size != 13:
        hint = "a hand is 13 tiles, plus the winning tile after '+'; a kong counts as 3"
        if win is None and size == 14:
            hint = "put the 14th (winning or drawn) tile after '+', e.g. '... +5g'"
        before = " before the winning tile" if win is not None else ""
        raise NotationError(
            "tile-count",
            f"the hand has {size} tiles{before} ({len(concealed)} concealed, "
            f"{len(melds)} melds counted as 3); it needs 13",
            position=len(text),
            hint=hint,
        )
    return (ts, concealed, melds, win)


def _parse_bracket(sc: _Scanner) -> Meld:
    open_ = sc.peek()
    close = "]" if open_ == "[" else ")"
    start = sc.i
    sc.i += 1
    tiles = sc.tiles("[]()+@")
    source: int | None = None
    if sc.peek() == "@":
        if open_ == "(":
            sc.error("bad-seat", "a concealed kong is not claimed from anyone")
        sc.i += 1
        digits_at = sc.i
        while sc.peek() in _ASCII_DIGITS:
            sc.i += 1
        digits = sc.text[digits_at : sc.i]
        if not digits:
            sc.error("bad-seat", "'@' must be followed by a seat offset", f"1..{MAX_SEAT_OFFSET}")
        source = _seat_offset(sc, digits, digits_at)
    ch = sc.peek()
    if ch != close:
        if not ch:
            sc.error("unbalanced-bracket", f"{open_!r} is never closed", at=start)
        if ch in SEPARATORS:
            sc.error("space-in-meld", "a meld is written without spaces, e.g. [123r]")
        if ch.isspace():
            sc.error("bad-separator", f"{_char_name(ch)} is not a separator", "write [123r]")
        sc.error("unbalanced-bracket", f"expected {close!r}, found {ch!r}")
    sc.i += 1
    return _meld_from_tiles([t for t, _ in tiles], exposed=open_ == "[", source=source, at=start)


def _seat_offset(sc: _Scanner, digits: str, at: int) -> int:
    """The ``k`` of ``@k`` from its whole run of digits; the error names what
    is wrong with it: out of range (whatever its zeros), or a leading zero."""
    shown = digits if len(digits) <= 12 else f"{digits[:6]}...({len(digits)} digits)"
    significant = digits.lstrip("0")
    # More digits than any seat offset has: out of range without converting
    # (a 5,000-digit number would exceed int()'s limit).
    value = int(significant) if 0 < len(significant) <= 3 else None
    in_range = value is not None and 1 <= value <= MAX_SEAT_OFFSET
    if not in_range:
        zeros = f" (it is {value})" if value is not None and significant != digits else ""
        sc.error(
            "bad-seat",
            f"seat offset {shown} is out of range{zeros}",
            f"@k counts seats back from the claimer: 1..{MAX_SEAT_OFFSET}",
            at=at,
        )
    if significant != digits:
        sc.error(
            "bad-seat",
            f"seat offset {shown} has a leading zero",
            f"write it as @{significant}",
            at=at,
        )
    assert value is not None
    return value


def _meld_from_tiles(
    tiles: list[Tile], *, exposed: bool, source: int | None, at: int | None
) -> Meld:
    shown = "".join(str(t) for t in tiles) or "nothing"
    if len(shown) > 40:
        shown = f"{shown[:37]}... ({len(tiles)} tiles)"
    if not exposed:
        if len(tiles) == 4 and len(set(tiles)) == 1:
            return Meld(MeldKind.KONG, tiles[0], exposed=False)
        raise NotationError(
            "bad-meld",
            f"parentheses hold a concealed kong of four identical tiles, not {shown}",
            position=at,
        )
    if len(tiles) in (3, 4) and len(set(tiles)) == 1:
        kind = MeldKind.PUNG if len(tiles) == 3 else MeldKind.KONG
        return Meld(kind, tiles[0], exposed=True, source=source)
    if len(tiles) == 3:
        a, b, c = sorted(tiles)
        if any(t.is_honour for t in tiles):
            raise NotationError(
                "honour-chow",
                f"{shown} is not a meld: honour tiles never form chows",
                position=at,
                hint="honours form pungs, kongs and pairs only",
            )
        if a.is_suited and a.suit == c.suit and b.code == a.code + 1 and c.code == a.code + 2:
            return Meld(MeldKind.CHOW, a, exposed=True, source=source)
    raise NotationError(
        "bad-meld",
        f"{shown} is not a chow, pung or kong",
        position=at,
        hint="a meld is 3 consecutive tiles of one suit, 3 identical tiles or 4 identical tiles",
    )


def compiled_parse(function: str, text: object, rules: object) -> Any:
    """What the compiled parser's ``function`` (``"parse_hand"``,
    ``"parse_tiles"``, ...) reads of ``text``, or None: no compiled core, or
    text it leaves to the Python parser (odd input, and every error, which the
    Python parser reports)."""
    core = _engine.core("notation")
    if core is None or type(text) is not str:
        return None
    return getattr(core, function)(text, rules)


def parse_tiles(
    text: str, rules: str | TileSet | RuleSet = "uno", **unknown: Never
) -> tuple[Tile, ...]:
    """Parse loose tiles (no brackets, no ``+``), e.g. visible discards."""
    if unknown:
        raise unknown_keywords(parse_tiles, unknown)
    text = check_length(text, MAX_TILES_LENGTH, "a list of tiles")  # before the core reads it
    found = compiled_parse("parse_tiles", text, rules)
    if found is not None:
        return found  # type: ignore[no-any-return]
    return _parse_tiles(text, rules)


def _parse_tiles(text: str, rules: str | TileSet | RuleSet) -> tuple[Tile, ...]:
    d = _dialect(rules)
    sc = _Scanner(_text(text, "a list of tiles"), d)
    out: list[Tile] = []
    while True:
        sc.skip_space()
        if not sc.peek():
            return tuple(out)
        if sc.peek() in "[]()+@":
            sc.error("unexpected-character", f"{sc.peek()!r} is not allowed in a list of tiles")
        out.extend(t for t, _ in sc.tiles("[]()+@"))


def parse_tile(text: str, rules: str | TileSet | RuleSet = "uno", **unknown: Never) -> Tile:
    """Parse exactly one tile (``"5g"``, ``"Sg"``, ``"E"``)."""
    if unknown:
        raise unknown_keywords(parse_tile, unknown)
    text = check_length(text, MAX_HAND_LENGTH, "a tile")  # before the core reads it
    found = compiled_parse("parse_tile", text, rules)
    if found is not None:
        return found  # type: ignore[no-any-return]
    return _parse_tile(text, rules)


def _parse_tile(text: str, rules: str | TileSet | RuleSet) -> Tile:
    tiles = _parse_tiles(text, rules)
    if len(tiles) != 1:
        raise NotationError(
            "not-one-tile", f"expected one tile, found {len(tiles)} in {quote(text)}"
        )
    return tiles[0]


def parse_meld(text: str, rules: str | TileSet | RuleSet = "uno", **unknown: Never) -> Meld:
    """Parse one bracketed meld (``"[123r]"``, ``"[SSSg@2]"``, ``"(RRRRy)"``)."""
    if unknown:
        raise unknown_keywords(parse_meld, unknown)
    text = check_length(text, MAX_HAND_LENGTH, "a meld")  # before the core reads it
    found = compiled_parse("parse_meld", text, rules)
    if found is not None:
        return found  # type: ignore[no-any-return]
    return _parse_meld(text, rules)


def _parse_meld(text: str, rules: str | TileSet | RuleSet) -> Meld:
    d = _dialect(rules)
    sc = _Scanner(_text(text, "a meld"), d)
    sc.skip_space()
    if sc.peek() not in ("[", "("):
        sc.error("not-a-meld", "a meld is written in [] (exposed) or () (concealed kong)")
    meld = _parse_bracket(sc)
    sc.skip_space()
    if sc.peek():
        sc.error("trailing-text", "nothing may follow the meld")
    return meld


def format_tiles(tiles: Iterable[Tile], **unknown: Never) -> str:
    """Tiles in canonical grouped form: one group per suit, space separated
    (tiles of one tile set: codes of two sets would interleave)."""
    if unknown:
        raise unknown_keywords(format_tiles, unknown)
    groups: list[str] = []
    current_suit: object = object()
    buf: list[str] = []
    suffix = ""
    if not isinstance(tiles, str):
        try:
            tiles = tuple(islice(tiles, MAX_ROW_LENGTH + 1))
        except TypeError:
            pass  # not iterable: items() says so
        else:
            if len(tiles) > MAX_ROW_LENGTH:
                raise NotationError(
                    "too-long",
                    f"format_tiles writes at most {MAX_ROW_LENGTH:,} tiles",
                    hint="write fewer",
                )
    listed = items(
        tiles, Tile, NotationError, "not-tiles", "format_tiles", "tiles", "Tiles", "parse_tiles()"
    )
    for t in listed:
        if t.tileset is not listed[0].tileset:
            raise NotationError("mixed-tiles", "format_tiles takes Tiles of one tile set")
    for t in sorted(listed, key=lambda t: t.code):
        key: object = t.suit if t.suit is not None else "honours"
        if key != current_suit:
            if buf:
                groups.append("".join(buf) + suffix)
            buf = []
            current_suit = key
            suffix = t.suit_letter
        buf.append(t.face)
    if buf:
        groups.append("".join(buf) + suffix)
    return " ".join(groups)


def format_meld(meld: Meld, **unknown: Never) -> str:
    """One meld in canonical form: ``[123r]``, ``[SSSg@2]``, ``(RRRRy)``
    (``str(meld)``, for any value)."""
    if unknown:
        raise unknown_keywords(format_meld, unknown)
    if not isinstance(meld, Meld):
        raise refuse_meld("format_meld", meld)
    return str(meld)
