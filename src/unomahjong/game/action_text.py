"""Actions as text: :meth:`Action.parse <unomahjong.game.Action.parse>`, the
inverse of ``str(action)``.

An action is written as its kind, then its tile, then ``UNO`` for a
discard that declares it: ``"discard 5r"``, ``"discard 5r UNO"``,
``"chow 3g"``, ``"concealed_kong Sb"``, ``"win"``, ``"pass"``. Words are
separated by spaces (or tabs); spaces before and after are ignored.
"""

from __future__ import annotations

from typing import Final

from .._checks import quote, wrong_type
from ..errors import MahjongError
from ..notation import SEPARATORS, parse_tile
from ..rules import RuleSet, get_rules
from ..tiles import TileSet
from .state import Action, ActionKind, IllegalActionError

MAX_ACTION_LENGTH: Final = 64
"""The most characters :meth:`Action.parse <unomahjong.game.Action.parse>`
reads. The longest action, ``"concealed_kong 5r"``, has 17; a longer text
is refused (``too-long``) before it is read."""

_KINDS: Final = {k.value: k for k in ActionKind}
_UNTILED: Final = frozenset({ActionKind.WIN, ActionKind.PASS})
"""The kinds that take no tile (every other kind names one)."""
_UNO: Final = "UNO"
_EXAMPLE: Final = "e.g. 'discard 5r', 'discard 5r UNO', 'pung 7y', 'pass'"


def _words(text: str) -> list[tuple[int, str]]:
    """The words of ``text`` with the position of each."""
    out: list[tuple[int, str]] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] in SEPARATORS:
            i += 1
            continue
        start = i
        while i < n and text[i] not in SEPARATORS:
            i += 1
        out.append((start, text[start:i]))
    return out


def tileset_of(rules: object, func: str) -> TileSet:
    """The tile set of a rule set's name, a :class:`RuleSet` or a tile set."""
    if isinstance(rules, TileSet):
        return rules
    if isinstance(rules, RuleSet):
        return rules.tileset
    if isinstance(rules, str):
        return get_rules(rules).tileset
    raise wrong_type(
        IllegalActionError,
        "not-rules",
        func,
        "rules",
        rules,
        "a rule set's name, a RuleSet or a TileSet",
    )


def _error(code: str, detail: str, at: int, hint: str | None = None) -> IllegalActionError:
    return IllegalActionError(code, detail, position=at, hint=hint)


def parse_action(text: object, rules: object = "uno", func: str = "Action.parse") -> Action:
    """The :class:`Action` that ``text`` writes, its tile in the notation of
    ``rules``; :class:`IllegalActionError` (with the position of the
    problem) for text that writes none."""
    if not isinstance(text, str):
        raise wrong_type(
            IllegalActionError,
            "not-action-text",
            func,
            "text",
            text,
            "a str (an action's text)",
            hint=_EXAMPLE,
        )
    if len(text) > MAX_ACTION_LENGTH:
        raise _error(
            "too-long",
            f"an action of {len(text):,} characters is longer than any can be written"
            f" (at most {MAX_ACTION_LENGTH})",
            MAX_ACTION_LENGTH,
        )
    ts = tileset_of(rules, func)
    words = _words(text)
    if not words:
        raise _error("no-action", "no action: the text is empty", len(text), hint=_EXAMPLE)
    at, word = words[0]
    kind = _KINDS.get(word)
    if kind is None:
        known = ", ".join(_KINDS)
        lower = _KINDS.get(word.lower())
        raise _error(
            "unknown-action-kind",
            f"{quote(word)} is not an action kind: one of {known}",
            at,
            hint=None if lower is None else f"kinds are lower case: {lower.value!r}",
        )
    rest = words[1:]
    tile = None
    if kind not in _UNTILED:
        if not rest:
            raise _error(
                "no-tile",
                f"{kind.value} names a tile after it (e.g. '{kind.value} 5r')",
                len(text.rstrip(SEPARATORS)),
            )
        (at, word), rest = rest[0], rest[1:]
        try:
            tile = parse_tile(word, ts)
        except MahjongError as e:
            offset = e.position if e.position is not None else 0
            raise _error(
                "bad-tile", f"tile {quote(word)}: {e.detail}", at + offset, e.hint
            ) from None
    uno = False
    if rest and rest[0][1] == _UNO and kind is ActionKind.DISCARD:
        uno = True
        rest = rest[1:]
    if rest:
        at, word = rest[0]
        if word.upper() == _UNO and kind is not ActionKind.DISCARD:
            why, hint = "only a discard declares UNO", None
        elif word.upper() == _UNO and not uno:
            why, hint = f"{quote(word)}: a discard declares UNO in capitals", "'discard 5r UNO'"
        elif kind in _UNTILED:
            why, hint = f"{kind.value} takes no tile", f"write {kind.value!r} alone"
        else:
            expected = "UNO or nothing" if kind is ActionKind.DISCARD and not uno else "nothing"
            why, hint = f"{quote(word)} where {expected} may follow", None
        raise _error("trailing-text", why, at, hint)
    return Action(kind, tile, uno)
