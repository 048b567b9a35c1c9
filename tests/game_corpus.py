"""A seeded corpus of played hands, reduced to bytes, for byte-for-byte checks
of the game engine (tests/test_game_corpus.py).

Hand ``i`` is fixed by its index: 2 to 8 players, a bot mix (all random, all
greedy, or the two alternating either way round), a dealer, a wall seed and
a rule set (UNO Mahjong as built in, or with an 8-fan minimum and base 1,
which changes which seats may win). Its record is the round's log (format 2,
digest chain included) followed by the outcome: each win's seat, payer,
score (``Score.as_dict``) and context, and the payments. Only UNO Mahjong
has a game flow, so every hand is on UNO tiles.

Run as a script to print the digest of the first N hands::

    python tests/game_corpus.py [N]
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable

import attrs

from unomahjong.game import Bot, GreedyBot, RandomBot, play_hand, play_match
from unomahjong.model.context import WinContext
from unomahjong.rules.rule_sets import RuleSet, get_rules

MIXES = ("random", "greedy", "random-greedy", "greedy-random")
"""The bot mixes, by hand index modulo 4."""

_RULES: tuple[RuleSet, ...] = (
    get_rules("uno"),
    get_rules("uno").with_options(min_fans=8, base_points=1),
)


def _bots(mix: str, players: int, seed: int) -> list[Bot]:
    out: list[Bot] = []
    for i in range(players):
        if mix == "random":
            greedy = False
        elif mix == "greedy":
            greedy = True
        else:
            greedy = (i % 2 == 0) == (mix == "greedy-random")
        out.append(GreedyBot() if greedy else RandomBot(seed * 8 + i))
    return out


def context_record(context: WinContext) -> str:
    """Every field of the context, as the records were written: its repr
    once listed them all, and a shorter repr must not change the corpus."""
    fields = ", ".join(f"{a.name}={getattr(context, a.name)!r}" for a in attrs.fields(WinContext))
    return f"WinContext({fields})"


def hand_record(index: int) -> bytes:
    """The bytes of hand ``index``: its log lines, then its outcome."""
    players = 2 + index % 7
    mix = MIXES[index // 7 % 4]
    rules = _RULES[1 if index % 11 == 10 else 0]
    seed = 1_000_003 * index + 17
    board = play_hand(rules, _bots(mix, players, seed), dealer=index % players, seed=seed)
    result = board.outcome()
    assert result is not None
    wins = [
        {
            "seat": w.seat,
            "from": w.from_seat,
            "score": w.score.as_dict(),
            "context": context_record(w.score.context),
        }
        for w in result.wins
    ]
    lines = [*board.log_lines(), json.dumps({"wins": wins, "payments": result.payments})]
    return "\n".join(lines).encode("utf-8")


def match_record(index: int) -> bytes:
    """The bytes of a one-round match: seating, every hand's log, the scores."""
    players = 2 + index % 7
    mix = MIXES[index % 4]
    result = play_match("uno", _bots(mix, players, index), seed=index, rounds=1)
    lines = [json.dumps({"seating": result.seating, "scores": result.scores})]
    for hand in result.hands:
        lines.extend(hand.log)
        lines.append(json.dumps(hand.outcome.payments))
    return "\n".join(lines).encode("utf-8")


def digest(records: Iterable[bytes]) -> str:
    """SHA-256 of the records, each prefixed by its length."""
    h = hashlib.sha256()
    for r in records:
        h.update(len(r).to_bytes(8, "little"))
        h.update(r)
    return h.hexdigest()


def corpus_digest(hands: int, matches: int = 0) -> str:
    """The digest of hands ``0 .. hands - 1`` and matches ``0 .. matches - 1``."""
    records = [hand_record(i) for i in range(hands)]
    records.extend(match_record(i) for i in range(matches))
    return digest(records)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    m = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    print(corpus_digest(n, m))
