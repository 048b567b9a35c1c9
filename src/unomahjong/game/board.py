"""A thin mutable wrapper over the immutable round, in the spirit of
python-chess's ``Board``: ``push`` an action, ``pop`` it back, read the log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Never

from .._checks import keywords_checked, quote, unknown_keywords, wrong_type
from ..model.flowers import Flower
from ..model.tiles import Tile
from ..rules.rule_sets import RuleSet
from .actions import Action, Event, IllegalActionError, parse_action, seed_number, whole_number
from .deal import start_hand
from .legality import awaiting, legal_actions, outcome
from .log import MAX_SEED_DIGITS, log_lines
from .state import HandState, Outcome
from .transitions import apply
from .view import Observation, observe


class Board:
    """A round you can play move by move, undo, and log."""

    @keywords_checked
    def __init__(
        self,
        rules: str | RuleSet = "uno",
        *,
        players: int = 4,
        dealer: int = 0,
        seed: int | None = None,
        wall: Sequence[Tile | Flower] | None = None,
        prevalent_wind: str | None = None,
    ) -> None:
        state, events = start_hand(
            rules,
            players=players,
            dealer=dealer,
            seed=seed,
            wall=wall,
            prevalent_wind=prevalent_wind,
        )
        self.seed: int | None = None if seed is None else seed_number(seed)
        if self.seed is not None and abs(self.seed) >= 10**MAX_SEED_DIGITS:
            raise IllegalActionError(
                "seed",
                f"the seed of a logged round has at most {MAX_SEED_DIGITS:,} digits,"
                f" not {quote(self.seed)}",
                argument="seed",
            )
        self._log_seed = self.seed if wall is None else None
        """The seed the log records: only one that dealt the wall."""
        self._states: list[HandState] = [state]
        self._moves: list[tuple[int, Action, tuple[Event, ...]]] = []
        self.start_events: tuple[Event, ...] = events

    @property
    def state(self) -> HandState:
        """The current immutable state."""
        return self._states[-1]

    @property
    def initial_state(self) -> HandState:
        """The state right after the deal."""
        return self._states[0]

    @property
    def states(self) -> tuple[HandState, ...]:
        """Every state so far, from the deal to :attr:`state`: one more than
        :attr:`moves`, each move's ``before`` and ``after`` side by side."""
        return tuple(self._states)

    @property
    def moves(self) -> tuple[tuple[int, Action, tuple[Event, ...]], ...]:
        """Every (seat, action, events) pushed so far."""
        return tuple(self._moves)

    def awaiting(self, **unknown: Never) -> tuple[int, ...]:
        """Seats whose answer is expected."""
        if unknown:
            raise unknown_keywords(Board.awaiting, unknown)
        return awaiting(self.state)

    def legal_actions(self, seat: int, **unknown: Never) -> tuple[Action, ...]:
        """What ``seat`` may do now."""
        if unknown:
            raise unknown_keywords(Board.legal_actions, unknown)
        return legal_actions(self.state, seat)

    def observe(self, seat: int, **unknown: Never) -> Observation:
        """What ``seat`` may see now."""
        if unknown:
            raise unknown_keywords(Board.observe, unknown)
        return observe(self.state, seat)

    def outcome(self, **unknown: Never) -> Outcome | None:
        """The result once the round has ended."""
        if unknown:
            raise unknown_keywords(Board.outcome, unknown)
        return outcome(self.state)

    def push(self, seat: int, action: Action | str, **unknown: Never) -> tuple[Event, ...]:
        """Play an action, an :class:`Action` or its text (``"discard 5r"``,
        read by :meth:`Action.parse` in the notation of the board's rules);
        raises :class:`IllegalActionError` and changes nothing if it is not
        legal. ``seat`` may be any integer type; the log records a plain
        int."""
        if unknown:
            raise unknown_keywords(Board.push, unknown)
        if type(seat) is not int:
            seat = whole_number(seat, "seat")
        if isinstance(action, str):
            action = parse_action(action, self.state.rules, "Board.push")
        elif not isinstance(action, Action):
            raise wrong_type(
                IllegalActionError,
                "not-an-action",
                "Board.push",
                "action",
                action,
                "an Action or its text",
                hint="e.g. 'discard 5r'; legal_actions() lists the Actions",
            )
        state, events = apply(self.state, seat, action)
        self._states.append(state)
        self._moves.append((seat, action, events))
        return events

    def pop(self, **unknown: Never) -> tuple[int, Action]:
        """Undo the last action and return it."""
        if unknown:
            raise unknown_keywords(Board.pop, unknown)
        if not self._moves:
            raise IllegalActionError("nothing-to-undo", "no action to undo")
        self._states.pop()
        seat, action, _ = self._moves.pop()
        return seat, action

    def default_action(self, seat: int, **unknown: Never) -> Action:
        """What a seat that runs out of time does: pass a claim, or discard the
        drawn tile (else its last tile). The engine has no clock."""
        if unknown:
            raise unknown_keywords(Board.default_action, unknown)
        actions = self.legal_actions(seat)
        if not actions:
            raise IllegalActionError("not-awaited", f"seat {quote(seat)} has nothing to do")
        for a in actions:
            if a.kind.value == "pass":
                return a
        drawn = self.state.drawn
        for a in actions:
            if a.kind.value == "discard" and not a.uno and a.tile == drawn:
                return a
        return [a for a in actions if a.kind.value == "discard" and not a.uno][-1]

    @keywords_checked
    def log_lines(self, *, key: bytes | str | None = None) -> list[str]:
        """The round as JSON Lines, format 2 (docs/game.md#log-format-json-lines-version-2):
        each record with a digest chained from the one before, an HMAC under
        ``key`` (bytes or text) when one is given. The seed is recorded when
        it dealt the wall (not with an explicit ``wall``)."""
        return log_lines(self._states[0], self._log_seed, self.start_events, self._moves, key=key)
