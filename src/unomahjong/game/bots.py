"""Simple bots: uniform random, and greedy by shanten."""

from __future__ import annotations

import random
from typing import Protocol

from .._checks import quote
from .round import (
    Action,
    ActionKind,
    IllegalActionError,
    RoundState,
    _min_shanten,
    _seat_counts,
    legal_actions,
    whole_number,
)


class Bot(Protocol):
    """Anything that picks one of a seat's legal actions."""

    def choose(self, state: RoundState, seat: int) -> Action:
        """The action ``seat`` takes now."""
        ...


class RandomBot:
    """Uniform over the legal actions, from its own seeded generator."""

    rng: random.Random
    """The bot's own generator: two bots with one seed choose alike."""

    def __init__(self, seed: int | None = None) -> None:
        # A whole number or None: random.Random would also take a float, a
        # string or bytes, and a list would fail inside it.
        self.rng = random.Random(None if seed is None else whole_number(seed, "seed"))

    def choose(self, state: RoundState, seat: int) -> Action:
        """A uniformly random legal action."""
        actions = legal_actions(state, seat)
        n = len(actions)
        if not n:
            raise IllegalActionError("not-awaited", f"seat {quote(seat)} has no legal action now")
        # random.Random.choice's own method, inline: k random bits, rejected
        # until below n, so every action is equally likely.
        getrandbits = self.rng.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return actions[r]


def _shanten_of(state: RoundState, seat: int, concealed: bytearray, melds: int) -> int:
    return _min_shanten(state, concealed, melds)


class GreedyBot:
    """Wins whenever it may; declares UNO when ready; discards to the lowest
    shanten; claims only what lowers its shanten. Ties go to the first option
    (the engine's order), so the bot is deterministic."""

    def choose(self, state: RoundState, seat: int) -> Action:
        """The greedy choice."""
        actions = legal_actions(state, seat)
        if not actions:
            raise IllegalActionError("not-awaited", f"seat {quote(seat)} has no legal action now")
        for a in actions:
            if a.kind is ActionKind.WIN:
                return a
        s = state.seats[seat]
        counts = bytearray(_seat_counts(state.rules.tileset, s))
        melds = len(s.melds)
        discards = [a for a in actions if a.kind is ActionKind.DISCARD]
        if discards:
            declare = [a for a in discards if a.uno]
            if declare:
                return declare[0]
            # No discard leaves a shanten below max(shanten now, 0): the first
            # discard reaching it is the choice.
            floor = max(_shanten_of(state, seat, counts, melds), 0)
            best = None
            best_s = 99
            for a in discards:
                assert a.tile is not None
                counts[a.tile.code] -= 1
                sh = _shanten_of(state, seat, counts, melds)
                counts[a.tile.code] += 1
                if sh < best_s:
                    best, best_s = a, sh
                    if sh <= floor:
                        break
            assert best is not None
            return best
        # Answering a claim: take a pung/kong/chow only if it helps.
        tile = state.offered
        now: int | None = None
        for a in actions:
            if a.kind in (ActionKind.PUNG, ActionKind.KONG, ActionKind.CHOW) and tile is not None:
                if now is None:
                    now = _shanten_of(state, seat, counts, melds)
                after = bytearray(counts)
                if a.kind is ActionKind.CHOW:
                    assert a.tile is not None
                    for i in range(3):
                        code = a.tile.code + i
                        if code != tile.code:
                            after[code] -= 1
                else:
                    after[tile.code] -= 3 if a.kind is ActionKind.KONG else 2
                # After the claim the hand holds one meld more and must discard;
                # no discard leaves less than max(its shanten, 0).
                floor = max(_shanten_of(state, seat, after, melds + 1), 0)
                if floor >= now:
                    continue
                best_after = 99
                for c in range(len(after)):
                    if after[c]:
                        sh = _shanten_of(state, seat, _minus(after, c), melds + 1)
                        if sh < best_after:
                            best_after = sh
                            if sh <= floor:
                                break
                if best_after < now:
                    return a
        return Action(ActionKind.PASS) if Action(ActionKind.PASS) in actions else actions[0]


def _minus(counts: bytearray, code: int) -> bytearray:
    out = bytearray(counts)
    out[code] -= 1
    return out
