"""Coverage-guided fuzzing of the library's entry points, with atheris.

Usage::

    python fuzz/harness.py TARGET [libFuzzer options] [CORPUS_DIR ...]
    python fuzz/harness.py parse -max_total_time=60 fuzz/corpus/parse

Targets (each one function of this module, ``target_<name>``):

* ``parse``: any text through the parsers and ``score_hand`` (both rule sets);
* ``score``: hands of any tiles, melds and winning tile, any context, scored;
* ``analysis``: shanten, waits and discard options of any 13 or 14 tiles;
* ``game``: seeded rounds played by the fuzzer's choices of legal and
  illegal actions;
* ``corrupt``: sound hands, contexts and game states with a slot set to a
  value their constructors refuse, handed to the scoring and game functions.

An input may make a function raise the library's own error
(:class:`~unomahjong.MahjongError`): that is the answer to bad input. Any
other exception, and any crash of the compiled core (under CI's
AddressSanitizer and UBSan build), is a finding: its input goes into
``fuzz/regressions/<target>/`` and ``tests/test_fuzz_regressions.py`` runs it
ever after. The Python code of the package is instrumented for coverage;
the compiled core is exercised through it (docs/reliability.md#fuzzing).
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

TARGETS: dict[str, Callable[[bytes], None]] = {}


def target(fn: Callable[[Any], None]) -> Callable[[bytes], None]:
    """Register ``fn`` (which takes a data provider) as a target on bytes."""

    def on_bytes(data: bytes) -> None:
        fn(Provider(data))

    TARGETS[fn.__name__.removeprefix("target_")] = on_bytes
    return on_bytes


class Provider:
    """The few ways the targets read their input (atheris'
    ``FuzzedDataProvider`` has more; this one needs no atheris, so the
    regression test replays inputs without it)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            return 0
        self.at += 1
        return self.data[self.at - 1]

    def pick(self, options: Any) -> Any:
        options = list(options)
        return options[self.byte() % len(options)]

    def flag(self) -> bool:
        return self.byte() & 1 == 1

    def text(self, limit: int) -> str:
        n = min(self.byte() * 2, limit)
        raw = self.data[self.at : self.at + n]
        self.at += n
        return raw.decode("utf-8", "replace")


def _library() -> Any:
    import unomahjong

    return unomahjong


def _expected(call: Callable[[], Any]) -> Any:
    """``call()``; the library's own errors are answers, anything else
    propagates (a finding)."""
    from unomahjong.errors import MahjongError

    try:
        return call()
    except MahjongError:
        return None


ODD_VALUES: tuple[Any, ...] = (None, -1, 10**30, 2.5, "x", (), (None,), b"", True, object())


@target
def target_parse(p: Provider) -> None:
    um = _library()
    rules = p.pick(("uno", "mcr"))
    text = p.text(600)
    fn = p.pick((um.parse_hand, um.parse_tiles, um.parse_meld, um.parse_tile))
    _expected(lambda: fn(text, rules))
    _expected(lambda: um.score_hand(text, rules=rules, self_drawn=p.flag()))


def _tiles(p: Provider, rules: str, n: int) -> list[Any]:
    ts = _library().get_rules(rules).tileset
    return [p.pick(ts.tiles) for _ in range(n)]


def _context(p: Provider) -> Any:
    from unomahjong import WinContext
    from unomahjong.model.context import FLAGS

    return _expected(
        lambda: WinContext(
            **{name: p.flag() for name in FLAGS},
            seat_wind=p.pick("ESWN"),
            prevalent_wind=p.pick("ESWN"),
            flowers=p.byte() % 10,
        )
    )


def _hand(p: Provider, rules: str) -> Any:
    from unomahjong.model.hand import Hand, Meld, MeldKind

    ts = _library().get_rules(rules).tileset
    melds = []
    for _ in range(p.byte() % 5):
        meld = _expected(lambda: Meld(p.pick(MeldKind), p.pick(ts.tiles), exposed=p.flag() or True))
        if meld is not None:
            melds.append(meld)
    concealed = _tiles(p, rules, max(13 - 3 * len(melds), 1))
    win = p.pick(ts.tiles)
    return _expected(lambda: Hand(ts, concealed, melds, win))


@target
def target_score(p: Provider) -> None:
    um = _library()
    rules = p.pick(("uno", "mcr"))
    hand = _hand(p, rules)
    ctx = _context(p)
    if hand is not None:
        _expected(lambda: um.score(hand, ctx, rules, enforce_minimum=p.flag()))


@target
def target_analysis(p: Provider) -> None:
    um = _library()
    rules = p.pick(("uno", "mcr"))
    ts = um.get_rules(rules).tileset
    n = p.pick((13, 14))
    tiles = _tiles(p, rules, n)
    hand = _expected(lambda: um.Hand(ts, tiles[:13], (), tiles[13] if n == 14 else None))
    if hand is None:
        return
    _expected(lambda: um.shanten(hand, rules=rules))
    _expected(lambda: um.shanten_by_shape(hand, rules=rules))
    if n == 13:
        _expected(lambda: um.waits(hand, rules=rules))
    else:
        _expected(lambda: um.is_winning(hand, rules=rules))
        _expected(lambda: list(um.discard_options(hand, rules=rules)))


@target
def target_game(p: Provider) -> None:
    from unomahjong.game import Action, ActionKind, Phase, apply, awaiting, legal_actions
    from unomahjong.game import start_hand as deal
    from unomahjong.model.tiles import MCR_TILES, UNO_TILES

    first = p.byte()
    players, seed = 2 + first % 7, p.byte() * 256 + p.byte()
    # Each game flow: UNO Mahjong (2 to 8 players), the standard MCR game,
    # the Botzone judge's seat walls (4 players).
    rules = ("uno", "mcr", "botzone")[first // 7 % 3]
    if rules != "uno":
        players = 4
    tiles = UNO_TILES if rules == "uno" else MCR_TILES
    state = _expected(lambda: deal(rules, players=players, seed=seed))
    if state is None:
        return
    state = state[0]
    for _ in range(400):
        if state.phase is Phase.ENDED:
            return
        seats = awaiting(state)
        seat = p.pick(seats) if p.byte() % 16 else p.byte() % 10
        if p.byte() % 32 == 0:  # an action of any kind, legal or not
            action = Action(p.pick(ActionKind), p.pick((None, *tiles.tiles)), p.flag())
        else:
            options = legal_actions(state, seat) or (Action(ActionKind.PASS),)
            action = p.pick(options)
        nxt = _expected(partial(apply, state, seat, action))
        if nxt is not None:
            state = nxt[0]


@target
def target_corrupt(p: Provider) -> None:
    um = _library()
    from unomahjong.game import apply, legal_actions, start_hand
    from unomahjong.model.tiles import Tile

    odd = (*ODD_VALUES, Tile.__new__(Tile))
    hand = copy.copy(um.parse_hand("[SSSg] 123r 456r 789r 5g +5g"))
    fields = ("tileset", "concealed", "melds", "win", "counts", "all_counts")
    for _ in range(1 + p.byte() % 3):
        object.__setattr__(hand, p.pick(fields), p.pick(odd))
    if p.flag():  # counts of any kinds, in range: more kinds than a hand holds
        kinds = p.byte() % 40
        counts = [0] * um.UNO_TILES.size
        for t in um.UNO_TILES.tiles[:kinds]:
            counts[t.code] = 1 + p.byte() % 4
        win = getattr(hand, "win", None)
        if type(win) is Tile and type(getattr(win, "code", None)) is int:
            counts[win.code] = max(counts[win.code], 1)  # held, as a winning tile is
        object.__setattr__(hand, "counts", tuple(counts))
        object.__setattr__(hand, "melds", ())
    ctx = copy.copy(um.WinContext(heavenly_hand=p.flag()))
    if p.flag():
        name = p.pick(("self_drawn", "heavenly_hand", "seat_wind", "flowers"))
        object.__setattr__(ctx, name, p.pick(odd))
    _expected(lambda: um.score(hand, ctx, p.pick(("uno", "mcr"))))
    state, _ = start_hand("uno", seed=p.byte())
    seat = state.current
    seats = list(state.seats)
    s = copy.copy(seats[seat])
    value = p.pick(odd) if p.flag() else (*s.concealed[:-1], p.pick(odd))
    object.__setattr__(s, p.pick(("concealed", "melds", "uno", "draws")), value)
    seats[seat] = s
    bad = copy.copy(state)
    object.__setattr__(bad, "seats", tuple(seats))
    try:
        actions = legal_actions(bad, seat)
        if actions:
            apply(bad, seat, actions[-1])
    except Exception:  # the reference's own answer to a state it never makes
        pass


TARGET_VARIABLE = "UNOMAHJONG_FUZZ_TARGET"
"""The target, for the processes libFuzzer starts itself (``-merge=1``,
``-fork``), which it gives only its own options."""


def main(argv: list[str]) -> int:
    import os

    name = argv[1] if len(argv) > 1 and argv[1] in TARGETS else os.environ.get(TARGET_VARIABLE)
    if name not in TARGETS:
        print(f"usage: python fuzz/harness.py {{{','.join(TARGETS)}}} [libFuzzer options]")
        return 2
    os.environ[TARGET_VARIABLE] = name
    options = argv[2:] if len(argv) > 1 and argv[1] == name else argv[1:]
    import atheris

    with atheris.instrument_imports(include=["unomahjong"]):
        import unomahjong
        import unomahjong.game  # noqa: F401
    # libFuzzer runs argv[0] through the shell for -merge and -fork.
    atheris.Setup([f"{sys.executable} {os.path.abspath(__file__)}", *options], TARGETS[name])
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
