"""The library's typed errors.

Every bad input raises a subclass of :class:`MahjongError`, itself a
``ValueError``, so callers can catch one type. Each error carries a stable
machine-readable ``code``, an optional ``position`` (0-based character offset in
the text that was parsed), a ``hint`` that tells the user how to fix it and,
when one argument of a call was of the wrong type, its name in ``argument``.
"""

from __future__ import annotations


class MahjongError(ValueError):
    """Base class of every error this library raises on bad input."""

    code: str
    position: int | None
    hint: str | None
    detail: str
    argument: str | None
    """The parameter whose value was refused (``"hand"``, ``"visible"``,
    ``"wall"``), when the error is about one argument of a call; else None."""

    def __init__(
        self,
        code: str,
        detail: str,
        *,
        position: int | None = None,
        hint: str | None = None,
        argument: str | None = None,
    ) -> None:
        self.code = code
        self.detail = detail
        self.position = position
        self.hint = hint
        self.argument = argument
        super().__init__(self._render())

    def _render(self) -> str:
        where = f"at position {self.position}: " if self.position is not None else ""
        hint = f" (hint: {self.hint})" if self.hint else ""
        return f"{where}{self.detail} [{self.code}]{hint}"

    def __reduce__(self) -> tuple[object, ...]:
        return (
            _rebuild,
            (type(self), self.code, self.detail, self.position, self.hint, self.argument),
        )


def _rebuild(
    cls: type[MahjongError],
    code: str,
    detail: str,
    position: int | None,
    hint: str | None,
    argument: str | None = None,
) -> MahjongError:
    return cls(code, detail, position=position, hint=hint, argument=argument)


class NotationError(MahjongError):
    """Text that is not a valid hand, meld or tile in the rule set's notation."""


class HandError(MahjongError):
    """A hand or meld that breaks the model's invariants (counts, copies, shapes)."""


class ContextError(MahjongError):
    """A win context whose flags contradict each other or the hand."""


class NotWinningError(MahjongError):
    """A hand that does not win (no winning shape, or below the minimum fans)."""


class RulesError(MahjongError):
    """An unknown rule set name, an option the rule set does not have, or an
    option value out of range."""


class CardError(MahjongError):
    """A card, card action or card-game value that breaks the rules of UNO,
    the card game (:mod:`unomahjong.cards`): an unknown card, an action that
    is not legal, an action by the wrong seat."""


class LogError(MahjongError):
    """A game log (mahjong or cards) that is malformed, edited, or does not
    replay to the events it records; the message names the line."""


class ArgumentError(MahjongError, TypeError):
    """A call that names a keyword the function does not take (code
    ``unknown-keyword``, the closest keyword in its hint). Also a
    ``TypeError``, the type of Python's own error for such a call."""
