"""The game's actions and events as values, and actions as text.

An :class:`Action` is what a seat does (a kind and, but for ``win`` and
``pass``, a tile); an :class:`Event` what a step of the round makes happen.
An action is written as its kind, then its tile, then ``UNO`` for a discard
that declares it: ``"discard 5r"``, ``"discard 5r UNO"``, ``"chow 3g"``,
``"concealed_kong Sb"``, ``"win"``, ``"pass"``; :meth:`Action.parse` is the
inverse of ``str(action)``. Words are separated by spaces (or tabs); spaces
before and after are ignored.
"""

from __future__ import annotations

import enum
from typing import Final, TypeVar

import attrs

from .._checks import (
    Lookup,
    checked_init,
    describe,
    keywords_checked,
    quote,
    unknown_member,
    whole,
    wrong_type,
)
from ..errors import MahjongError
from ..model.notation import SEPARATORS, parse_tile, plain_text
from ..model.tiles import Tile, TileSet
from ..rules.rule_sets import RuleSet, get_rules

MIN_PLAYERS = 2
MAX_PLAYERS = 8
DEAL = 13


class IllegalActionError(MahjongError):
    """An action the seat may not take now; the state is unchanged."""


def whole_number(value: object, what: str) -> int:
    """``value`` as an int (any integer type, e.g. a NumPy integer, so that
    it also goes into a JSON log as a number); :class:`IllegalActionError`
    with code ``what`` for anything else."""
    n = whole(value)
    if n is None:
        raise IllegalActionError(
            what,
            f"{what} must be a whole number, not {describe(value)}",
            argument=what.replace("-", "_"),
        )
    return n


def seed_number(value: object) -> int:
    """A seed: a whole number >= 0 (:func:`whole_number`), else
    :class:`IllegalActionError` ``seed``. ``random.Random(-n)`` shuffles as
    ``Random(n)`` does, so a negative seed would deal the round of another."""
    n = whole_number(value, "seed")
    if n < 0:
        raise IllegalActionError(
            "seed",
            f"a seed is a whole number >= 0, not {quote(n)} (a negative seed would"
            " deal the same round as its absolute value)",
            argument="seed",
        )
    return n


_T = TypeVar("_T")


class StateFault(Exception):
    """A state the engine never makes, found by a check of the engine's own
    (:func:`present`): an explicit test, so that legality never rests on
    ``assert``, which ``python -O`` removes."""


def present(value: _T | None, what: str) -> _T:
    """``value``, which a state the engine makes always has here; a
    :class:`StateFault` naming ``what`` when it is None."""
    if value is None:
        raise StateFault(f"no {what}")
    return value


STATE_FAULTS: Final = (AttributeError, TypeError, IndexError, KeyError, ValueError, StateFault)
"""What reading a :class:`HandState` the engine never makes may raise (a
field unset or of another type, a value missing): the public functions of
the game turn it into :func:`corrupt_state`'s error, in both engines."""


def corrupt_state(func: str, fault: Exception) -> IllegalActionError:
    """The error for a state that is a :class:`HandState` but not one the
    engine makes (built with fields of other types, or changed with
    ``object.__setattr__``): reading it raised ``fault``."""
    return IllegalActionError(
        "corrupt-state",
        f"{func}() was given a HandState the engine does not make"
        f" ({type(fault).__name__}: {str(fault)[:80]})",
        hint="start_hand(), apply() and replay() make them",
    )


def refuse_state(func: str, value: object) -> IllegalActionError:
    """The error for a ``state`` of ``func`` that is not a :class:`HandState`."""
    return wrong_type(
        IllegalActionError,
        "not-a-state",
        func,
        "state",
        value,
        "a HandState",
        hint="start_hand(), apply() and replay() make them",
    )


def player_count(value: object) -> int:
    """A number of players, 2 to 8 (any integer type), or
    :class:`IllegalActionError` (``players``)."""
    players = whole_number(value, "players")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalActionError("players", f"{quote(players)} players; 2 to 8 may play")
    return players


class ActionKind(enum.Enum, metaclass=Lookup):
    """The decisions a seat can send."""

    WIN = "win"
    CONCEALED_KONG = "concealed_kong"
    ADDED_KONG = "added_kong"
    DISCARD = "discard"
    PASS = "pass"
    KONG = "kong"
    PUNG = "pung"
    CHOW = "chow"

    @classmethod
    def _missing_(cls, value: object) -> ActionKind:
        raise unknown_member(cls, value, IllegalActionError, "unknown-action-kind")


CLAIM_RANK = {ActionKind.WIN: 3, ActionKind.KONG: 2, ActionKind.PUNG: 2, ActionKind.CHOW: 1}
"""How claims on a discard rank (a pass ranks 0)."""


@checked_init
@attrs.frozen(slots=True)
class Action:
    """One decision. ``tile``: the discard, the kong's tile, or the lowest tile
    of a chow; ``uno``: a discard that declares UNO."""

    kind: ActionKind
    tile: Tile | None = None
    uno: bool = False

    def __str__(self) -> str:
        tile = f" {self.tile}" if self.tile is not None else ""
        # An Action built with a bad kind must still print, for the error
        # that refuses it.
        kind = self.kind.value if isinstance(self.kind, ActionKind) else repr(self.kind)
        return f"{kind}{tile}{' UNO' if self.uno else ''}"

    @classmethod
    @keywords_checked
    def parse(cls, text: str, rules: str | RuleSet | TileSet = "uno") -> Action:
        """The action that ``text`` writes, the inverse of ``str(action)``:
        its kind, its tile in the notation of ``rules`` (all but ``win``
        and ``pass`` name one), then ``UNO`` for a discard that declares
        it: ``Action.parse("discard 5r UNO")``. Raises
        :class:`IllegalActionError`, with the position of the problem, for
        text that writes no action."""
        return parse_action(text, rules)


WIN = Action(ActionKind.WIN)
PASS = Action(ActionKind.PASS)


@checked_init
@attrs.frozen(slots=True)
class Event:
    """Something that happened, in order: ``draw``, ``replacement``,
    ``flower`` (a flower set aside; no tile), ``discard``, ``uno``,
    ``chow``/``pung``/``kong``/``concealed_kong``/``added_kong``,
    ``reverse``, ``skip``, ``win``, ``exhaustive_draw``."""

    kind: str
    seat: int
    tile: Tile | None = None


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
    text = plain_text(text)
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
