"""Simple bots: uniform random, and greedy by shanten."""

from __future__ import annotations

import random
from typing import Never, Protocol

from .._checks import checked_init, quote, unknown_keywords
from ..model.tiles import Tile
from .actions import PASS, Action, ActionKind, IllegalActionError, seed_number
from .legality import counts_shanten, legal_actions, seat_counts
from .state import HandState


class Bot(Protocol):
    """Anything that picks one of a seat's legal actions."""

    def choose(self, state: HandState, seat: int) -> Action:
        """The action ``seat`` takes now."""
        ...


@checked_init
class RandomBot:
    """Uniform over the legal actions, from its own seeded generator."""

    rng: random.Random
    """The bot's own generator: two bots with one seed choose alike."""

    def __init__(self, seed: int | None = None) -> None:
        # A whole number or None: random.Random would also take a float, a
        # string or bytes, and a list would fail inside it.
        self.rng = random.Random(None if seed is None else seed_number(seed))

    def choose(self, state: HandState, seat: int, **unknown: Never) -> Action:
        """A uniformly random legal action."""
        if unknown:
            raise unknown_keywords(RandomBot.choose, unknown)
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


@checked_init
class GreedyBot:
    """Wins whenever it may; declares UNO when ready; discards to the lowest
    shanten; claims only what lowers its shanten. Ties go to the first option
    (the engine's order), so the bot is deterministic."""

    def __init__(self, **unknown: Never) -> None:
        """A bot with no settings: it keeps no state between choices."""
        if unknown:
            raise unknown_keywords(GreedyBot, unknown)

    def choose(self, state: HandState, seat: int, **unknown: Never) -> Action:
        """The greedy choice."""
        if unknown:
            raise unknown_keywords(GreedyBot.choose, unknown)
        actions = legal_actions(state, seat)
        if not actions:
            raise IllegalActionError("not-awaited", f"seat {quote(seat)} has no legal action now")
        for a in actions:
            if a.kind is ActionKind.WIN:
                return a
        s = state.seats[seat]
        counts = bytearray(seat_counts(state.rules.tileset, s))
        melds = len(s.melds)
        discards = [a for a in actions if a.kind is ActionKind.DISCARD]
        if discards:
            return _best_discard(state, discards, counts, melds)
        claim = _helpful_claim(state, actions, counts, melds)
        if claim is not None:
            return claim
        return PASS if PASS in actions else actions[0]


def _best_discard(
    state: HandState, discards: list[Action], counts: bytearray, melds: int
) -> Action:
    """An UNO declaration if there is one, else the first discard to the
    lowest shanten."""
    for a in discards:
        if a.uno:
            return a
    # No discard leaves a shanten below max(shanten now, 0): the first
    # discard reaching it is the choice.
    floor = max(counts_shanten(state, counts, melds), 0)
    best = discards[0]
    best_s = 99
    for a in discards:
        assert a.tile is not None
        counts[a.tile.code] -= 1
        sh = counts_shanten(state, counts, melds)
        counts[a.tile.code] += 1
        if sh < best_s:
            best, best_s = a, sh
            if sh <= floor:
                break
    return best


def _helpful_claim(
    state: HandState, actions: tuple[Action, ...], counts: bytearray, melds: int
) -> Action | None:
    """The first pung, kong or chow after which some discard lowers the
    shanten, or None."""
    tile = state.offered
    if tile is None:
        return None
    now: int | None = None
    for a in actions:
        if a.kind not in (ActionKind.PUNG, ActionKind.KONG, ActionKind.CHOW):
            continue
        if now is None:
            now = counts_shanten(state, counts, melds)
        if _best_after_claim(state, a, tile, counts, melds + 1, now) < now:
            return a
    return None


def _best_after_claim(
    state: HandState, a: Action, tile: Tile, counts: bytearray, melds: int, now: int
) -> int:
    """The lowest shanten a discard reaches after claim ``a`` on ``tile``
    (``melds``: the melds after it), or ``now`` when none can beat it."""
    after = bytearray(counts)
    if a.kind is ActionKind.CHOW:
        assert a.tile is not None
        for i in range(3):
            code = a.tile.code + i
            if code != tile.code:
                after[code] -= 1
    else:
        after[tile.code] -= 3 if a.kind is ActionKind.KONG else 2
    # After the claim the hand holds one meld more and must discard; no
    # discard leaves less than max(its shanten, 0).
    floor = max(counts_shanten(state, after, melds), 0)
    if floor >= now:
        return now
    best_after = 99
    for c in range(len(after)):
        if after[c]:
            sh = counts_shanten(state, _minus(after, c), melds)
            if sh < best_after:
                best_after = sh
                if sh <= floor:
                    break
    return best_after


def _minus(counts: bytearray, code: int) -> bytearray:
    out = bytearray(counts)
    out[code] -= 1
    return out
