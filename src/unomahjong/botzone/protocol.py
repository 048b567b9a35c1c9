"""A game under the Botzone / IJCAI judge's protocol, one judge turn at a
time (docs/mcr.md#the-judges-protocol).

The judge sends each seat a request line, collects one response line from
each, and answers with the next requests or the final scores. This module
plays the same exchange on the library's game engine under the
``botzone`` rules: :func:`judge_start` gives the first requests,
:func:`judge_step` takes the four responses and gives the next turn, and
:func:`judge_responses` lists the responses a seat may give, with the fan
count of each win. A response that breaks the rules ends the game with
the judge's penalty, charged to the seat the judge would charge: the
responses are checked in the judge's order.

The engine answers a discard nobody may claim at once; the judge still asks
every seat, and waits for four passes. So a game keeps the events the
engine has made but the judge has not yet announced (``queued``), and
announces them one judge turn at a time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, Never

import attrs

from .._checks import (
    keywords_checked,
    quote,
    unknown_keywords,
    wrong_type,
)
from ..errors import MahjongError, NotationError
from ..game import Action, ActionKind, Event, HandState, Phase, apply, legal_actions
from ..game import start_hand as _start_hand
from ..game.actions import PASS, IllegalActionError
from ..game.deal import wall_fault
from ..game.judge_wall import judge_wall
from ..model.context import WINDS
from ..model.hand import MeldKind
from ..model.tiles import MCR_TILES, Tile
from ..rules.rule_sets import BOTZONE
from .calculator import announced_tile, judge_count, judge_fans
from .state import SEATS, JudgeHand, JudgeResponse, JudgeStage, wall_tiles
from .tiles import botzone_tile, from_botzone_tile

__all__ = [
    "PENALTY",
    "judge_responses",
    "judge_start",
    "judge_step",
]

PENALTY: Final = (-30, 10)
"""A penalty: the offender's score, and each other seat's."""

_ANNOUNCED: Final = frozenset(
    {
        "draw",
        "replacement",
        "discard",
        "kong",
        "concealed_kong",
        "added_kong",
        "win",
        "exhaustive_draw",
    }
)
"""The events that end a judge turn: each is announced by one."""


# ------------------------------------------------------------------ start


@keywords_checked
def judge_start(
    srand: int | None = None,
    *,
    wall: Sequence[Tile] | str | None = None,
    quan: int | None = None,
) -> JudgeHand:
    """The first judge turn (each seat told its seat and the prevalent wind)
    of the game the judge deals from ``srand``, or on ``wall`` (tiles, or
    the judge's ``walltiles`` text) with the prevalent wind ``quan`` (0-3:
    drawn from the seed when not given, else East; no ``srand``: 0). With a
    wall, ``srand`` gives only the wind when ``quan`` does not, as it does
    for the judge."""
    wind = None
    if quan is not None:
        if type(quan) is not int or not 0 <= quan <= 3:
            raise MahjongError("bad-wind", f"quan is 0-3, not {quote(quan)}", argument="quan")
        wind = WINDS[quan]
    if wall is None:
        seed = 0 if srand is None else srand
        tiles, drawn = judge_wall(seed, quan=quan)
        state, events = _start_hand(BOTZONE, wall=tiles, prevalent_wind=WINDS[drawn])
        srand = seed
    else:
        if isinstance(wall, str):
            try:
                wall = [from_botzone_tile(name) for name in wall.split(" ")]
            except NotationError as e:
                raise NotationError("bad-wall", f"walltiles: {e.detail}", argument="wall") from None
        if srand is not None:
            drawn = judge_wall(srand, quan=quan)[1]  # checks srand as the judge reads it
            wind = WINDS[drawn]
        _check_wall(wall)
        state, events = _start_hand(BOTZONE, wall=wall, prevalent_wind=wind)
    requests = tuple(f"0 {i} {WINDS.index(state.prevalent_wind)}" for i in range(SEATS))
    return JudgeHand(state, JudgeStage.INIT, requests, srand, events)


def _check_wall(wall: Sequence[object]) -> None:
    """A wall of MCR tiles must hold each kind 4 times: refused in the
    judge's names of the tiles (other faults are the engine's to name)."""
    if isinstance(wall, str | bytes) or not isinstance(wall, Sequence):
        return
    if not all(isinstance(t, Tile) and t.tileset is MCR_TILES for t in wall):
        return
    counts: dict[Tile, int] = dict.fromkeys(MCR_TILES.tiles, 0)
    for t in wall:
        counts[t] += 1  # type: ignore[index]
    wrong = [(botzone_tile(t), n) for t, n in counts.items() if n != MCR_TILES.copies]
    if wrong or len(wall) != MCR_TILES.total:
        raise IllegalActionError(
            "wall",
            f"the judge's wall holds each of the 34 kinds {MCR_TILES.copies} times"
            f" ({MCR_TILES.total} tiles)" + wall_fault(len(wall), MCR_TILES.total, wrong),
            argument="wall",
        )


# ------------------------------------------------------------------ responses


def _tile(name: str) -> Tile | None:
    try:
        return from_botzone_tile(name)
    except NotationError:
        return None


def _actions(game: JudgeHand, seat: int) -> tuple[Action, ...]:
    """The engine's legal actions for ``seat`` at this judge turn (none when
    the engine is ahead of the judge or not waiting for the seat)."""
    if game.queued or game.stage in (JudgeStage.INIT, JudgeStage.DEAL, JudgeStage.FINISH):
        return ()
    return legal_actions(game.state, seat)


def _claim_discards(state: HandState, seat: int, action: Action) -> list[Tile]:
    """The tiles ``seat`` may discard after making the chow or pung ``action``."""
    rest = list(state.seats[seat].concealed)
    tile = state.offered
    assert tile is not None and action.tile is not None
    if action.kind is ActionKind.PUNG:
        used = [tile, tile]
    else:
        ts = state.rules.tileset
        used = [ts.by_code(action.tile.code + i) for i in range(3)]
        used.remove(tile)
    for t in used:
        rest.remove(t)
    return list(dict.fromkeys(rest))


def _response_text(state: HandState, seat: int, action: Action) -> list[str]:
    """The response lines that make ``action`` (a claim of a chow or pung
    names its discard too, so it is several lines)."""
    kind = action.kind
    tile = action.tile
    if kind is ActionKind.WIN:
        return ["HU"]
    if kind is ActionKind.PASS:
        return ["PASS"]
    if kind is ActionKind.KONG:
        return ["GANG"]
    assert tile is not None
    name = botzone_tile(tile)
    if kind is ActionKind.DISCARD:
        return [f"PLAY {name}"]
    if kind is ActionKind.CONCEALED_KONG:
        return [f"GANG {name}"]
    if kind is ActionKind.ADDED_KONG:
        return [f"BUGANG {name}"]
    if kind is ActionKind.PUNG:
        head = "PENG"
    else:
        head = "CHI " + botzone_tile(state.rules.tileset.by_code(tile.code + 1))
    return [f"{head} {botzone_tile(t)}" for t in _claim_discards(state, seat, action)]


def judge_responses(game: JudgeHand, seat: int, **unknown: Never) -> tuple[JudgeResponse, ...]:
    """Every response ``seat`` may give this judge turn without a penalty,
    in the engine's order (win first), each ``HU`` with its fan count."""
    if unknown:
        raise unknown_keywords(judge_responses, unknown)
    if not isinstance(game, JudgeHand):
        raise wrong_type(MahjongError, "not-a-game", "judge_responses", "game", game, "a JudgeHand")
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise wrong_type(MahjongError, "bad-seat", "judge_responses", "seat", seat, "a seat, 0-3")
    if game.finished:
        return ()
    out = []
    for action, texts in response_lines(game, seat):
        if action is not None and action.kind is ActionKind.WIN:
            out.append(JudgeResponse("HU", _win_fans(game.state, seat)))
        else:
            out += [JudgeResponse(text) for text in texts]
    return tuple(out)


def response_lines(game: JudgeHand, seat: int) -> list[tuple[Action | None, list[str]]]:
    """The engine's legal actions for ``seat`` this judge turn, each with
    the response lines that make it (a chow or pung has one a discard);
    a lone pass (``None``) when the engine awaits nothing of the seat."""
    actions = _actions(game, seat)
    if not actions:
        return [(None, ["PASS"])]
    state = game.state
    return [(a, _response_text(state, seat, a)) for a in actions]


def claim_turn(state: HandState, seat: int, action: Action) -> HandState | None:
    """The state the claim ``action`` of ``seat`` leads to if every other
    awaited seat passes (None if it is not carried out)."""
    try:
        after, _ = _apply_answers(state, {seat: action})
    except MahjongError:
        return None
    return after


def _win_fans(state: HandState, seat: int) -> int:
    """The fan count of a win by ``seat`` now (it may win)."""
    from ..game.legality import may_win

    score = may_win(state, seat, robbing=state.phase is Phase.ROB)
    assert score is not None
    return score.total


# ------------------------------------------------------------------ a judge turn


class _Penalty(Exception):
    """A response the judge penalises: the seat and the code (for a false
    win, its fans as the judge counts them)."""

    def __init__(
        self, seat: int, code: str, fans: tuple[int, tuple[tuple[str, int, int], ...]] | None = None
    ) -> None:
        super().__init__(code)
        self.seat = seat
        self.code = code
        self.fans = fans


def _false_win(game: JudgeHand, seat: int, tile: Tile, robbing: bool) -> _Penalty:
    """The judge's penalty for the ``HU`` of ``seat`` on ``tile`` that is no
    win under the rules, with the fans its calculator counts for it."""
    return _Penalty(seat, "WH", judge_count(game, seat, tile, robbing))


def _answer(response: object, seat: int) -> str:
    """The response line of ``seat``: a text, or a judge log's
    ``{"verdict": ..., "response": ...}`` (a verdict other than ``OK`` is
    that seat's penalty; so is none, which the judge reads as empty)."""
    if isinstance(response, str):
        return response
    if isinstance(response, Mapping):
        verdict = response.get("verdict", "")
        if verdict != "OK":
            raise _Penalty(seat, str(verdict))
        text = response.get("response", "")
        return text if isinstance(text, str) else ""
    raise wrong_type(
        MahjongError,
        "bad-response",
        "judge_step",
        "responses",
        response,
        "a response line, or a mapping with 'verdict' and 'response'",
    )


@keywords_checked
def judge_step(game: JudgeHand, responses: Sequence[object]) -> JudgeHand:
    """The next judge turn after each seat gives its response to this one
    (``responses[i]`` for seat *i*: a line such as ``"PLAY W1"``, or a
    judge log's ``{"verdict": "OK", "response": ...}``)."""
    if not isinstance(game, JudgeHand):
        raise wrong_type(MahjongError, "not-a-game", "judge_step", "game", game, "a JudgeHand")
    if game.finished:
        raise MahjongError("finished", "the judge has given the scores: the game is over")
    if isinstance(responses, str | bytes) or not isinstance(responses, Sequence):
        raise wrong_type(
            MahjongError, "bad-response", "judge_step", "responses", responses, "4 responses"
        )
    if len(responses) != SEATS:
        raise MahjongError(
            "bad-response",
            f"judge_step() takes one response from each of the 4 seats, not {len(responses)}",
            argument="responses",
        )
    try:
        state, events = _respond(game, list(responses))
    except _Penalty as p:
        scores = tuple(PENALTY[0] if i == p.seat else PENALTY[1] for i in range(SEATS))
        fans, fan_list = p.fans if p.fans is not None else (None, ())
        return attrs.evolve(
            game,
            requests=(),
            scores=scores,
            ending=p.code,
            offender=p.seat,
            stage=JudgeStage.FINISH,
            fans=fans,
            fan_list=fan_list,
        )
    return _announce(game, state, (*game.queued, *events))


def _respond(game: JudgeHand, responses: list[object]) -> tuple[HandState, tuple[Event, ...]]:
    """The responses checked in the judge's order and carried out: the
    engine's state after them, and the events they made. When the engine is
    ahead of the judge (``queued``), it awaits nothing: every seat passes."""
    state = game.state
    stage = game.stage
    if stage in (JudgeStage.INIT, JudgeStage.DEAL):
        for seat in range(SEATS):
            if _answer(responses[seat], seat) != "PASS":
                raise _Penalty(seat, "WA")
        return state, ()
    if stage is JudgeStage.DRAW:
        return _draw_turn(game, responses)
    live = not game.queued
    words = game.requests[0].split(" ")  # "3 p PLAY X", "3 p GANG", ... to every seat
    announcer = int(words[1])
    if stage is JudgeStage.KONG:
        return _rob_turn(game, responses, announcer, words[2] == "BUGANG", live)
    return _claim_turn(game, responses, announcer, live)


def _from(seat: int) -> list[int]:
    """The seats in turn from ``seat``."""
    return [(seat + k) % SEATS for k in range(SEATS)]


def _draw_turn(game: JudgeHand, responses: list[object]) -> tuple[HandState, tuple[Event, ...]]:
    """The drawer's response (``PLAY``, ``GANG``, ``BUGANG``, ``HU``); every
    other seat passes. Checked in seat order, as the judge does."""
    state = game.state
    drawer = state.current
    step: tuple[HandState, tuple[Event, ...]] | None = None
    for seat in range(SEATS):
        text = _answer(responses[seat], seat)
        if seat != drawer:
            if text != "PASS":
                raise _Penalty(seat, "WA")
            continue
        words = text.split(" ")
        legal = legal_actions(state, seat)
        action = _turn_action(words, legal)
        if action is None:
            if words == ["HU"] and state.drawn is not None:
                raise _false_win(game, seat, state.drawn, robbing=False)
            raise _Penalty(seat, "WA")
        step = apply(state, seat, action)
        if action.kind is ActionKind.WIN:
            return step
    assert step is not None
    return step


def _turn_action(words: list[str], legal: tuple[Action, ...]) -> Action | None:
    """The legal action a drawer's response names, or None."""
    if words == ["HU"]:
        kinds: tuple[ActionKind, ...] = (ActionKind.WIN,)
        tile = None
    elif len(words) == 2 and words[0] in _TURN_WORDS:
        tile = _tile(words[1])
        if tile is None:
            return None
        kinds = (_TURN_WORDS[words[0]],)
    else:
        return None
    for a in legal:
        if a.kind in kinds and a.tile is tile:
            return a
    return None


_TURN_WORDS: Final = {
    "PLAY": ActionKind.DISCARD,
    "GANG": ActionKind.CONCEALED_KONG,
    "BUGANG": ActionKind.ADDED_KONG,
}


def _rob_turn(
    game: JudgeHand, responses: list[object], konger: int, added: bool, live: bool
) -> tuple[HandState, tuple[Event, ...]]:
    """After a kong every seat passes, in turn from the konger; after an
    added kong (``added``) another seat may rob it (``HU``). ``live``: the
    engine is waiting for the robbers' answers."""
    state = game.state
    pending = state.pending if live else ()
    for seat in _from(konger):
        text = _answer(responses[seat], seat)
        if text == "PASS":
            continue
        if text != "HU" or not added or seat == konger:
            raise _Penalty(seat, "WA")
        win = _legal(state, seat, pending, ActionKind.WIN)
        if win is None:
            raise _false_win(game, seat, announced_tile(game), robbing=True)
        return _apply_answers(state, {seat: win})
    return _apply_answers(state, {}) if live else (state, ())


def _legal(
    state: HandState, seat: int, pending: tuple[int, ...], kind: ActionKind
) -> Action | None:
    """The seat's legal action of ``kind`` (the first), if it is awaited."""
    if seat not in pending:
        return None
    return next((a for a in legal_actions(state, seat) if a.kind is kind), None)


def _apply_answers(
    state: HandState, answers: dict[int, Action]
) -> tuple[HandState, tuple[Event, ...]]:
    """The awaited seats answer (``answers``; a seat not named passes); the
    engine resolves the claims."""
    events: tuple[Event, ...] = ()
    for seat in tuple(state.pending):
        state, more = apply(state, seat, answers.get(seat, PASS))
        events += more
        if state.phase is Phase.ENDED:
            break
    return state, events


def _claim_turn(
    game: JudgeHand, responses: list[object], discarder: int, live: bool
) -> tuple[HandState, tuple[Event, ...]]:
    """The answers to a discard, checked as the judge checks them: the
    discarder passes; then, in turn, the first ``HU`` wins (or is a false
    win); then pungs and kongs in seat order; then a chow. ``live``: the
    engine is waiting for answers to this discard."""
    state = game.state
    pending = state.pending if live else ()
    texts = {}
    for seat in _from(discarder):
        text = _answer(responses[seat], seat)
        if seat == discarder:
            if text != "PASS":
                raise _Penalty(seat, "WA")
            continue
        texts[seat] = text
        if text == "HU":
            win = _legal(state, seat, pending, ActionKind.WIN)
            if win is None:
                raise _false_win(game, seat, announced_tile(game), robbing=False)
            return _apply_answers(state, {seat: win})
    for chow in (False, True):
        for seat in range(SEATS):
            if seat == discarder:
                continue
            claim = _claim(state, seat, texts[seat].split(" "), chow, pending)
            if claim is not None:
                return _claim_and_discard(state, seat, *claim)
    return _apply_answers(state, {}) if live else (state, ())


def _claim(
    state: HandState, seat: int, words: list[str], chow: bool, pending: tuple[int, ...]
) -> tuple[Action, Tile | None] | None:
    """The claim a seat's answer makes in this round of the judge's checks
    (pungs and kongs, then chows), with the tile it discards after; None for
    a pass, or an answer the other round checks; a penalty for a bad one."""
    if words == ["PASS"]:
        return None
    if not chow:
        if len(words) == 3:
            return None  # a chow: weighed in the next round
        if words == ["GANG"]:
            action = _legal(state, seat, pending, ActionKind.KONG)
            if action is None:
                raise _Penalty(seat, "WA")
            return action, None
        if len(words) == 2 and words[0] == "PENG":
            action = _legal(state, seat, pending, ActionKind.PUNG)
            return _with_discard(state, seat, action, words[1])
        raise _Penalty(seat, "WA")
    if len(words) != 3:
        return None
    if words[0] != "CHI":
        raise _Penalty(seat, "WA")
    middle = _tile(words[1])
    action = None
    if middle is not None and middle.rank is not None and 2 <= middle.rank <= 8 and seat in pending:
        start = state.rules.tileset.by_code(middle.code - 1)
        action = next(
            (
                a
                for a in legal_actions(state, seat)
                if a.kind is ActionKind.CHOW and a.tile is start
            ),
            None,
        )
    return _with_discard(state, seat, action, words[2])


def _with_discard(
    state: HandState, seat: int, action: Action | None, name: str
) -> tuple[Action, Tile | None]:
    tile = _tile(name)
    if action is None or tile is None or tile not in _claim_discards(state, seat, action):
        raise _Penalty(seat, "WA")
    return action, tile


def _claim_and_discard(
    state: HandState, seat: int, action: Action, discard: Tile | None
) -> tuple[HandState, tuple[Event, ...]]:
    state, events = _apply_answers(state, {seat: action})
    if discard is None:
        return state, events
    legal = legal_actions(state, seat)
    step = next(a for a in legal if a.kind is ActionKind.DISCARD and a.tile is discard)
    state, more = apply(state, seat, step)
    return state, events + more


# ------------------------------------------------------------------ announcing


def _announce(game: JudgeHand, state: HandState, events: tuple[Event, ...]) -> JudgeHand:
    """The next judge turn: the first announcing event (with what led to it)
    becomes the requests; later events wait in ``queued``."""
    stage = game.stage
    if stage is JudgeStage.INIT:
        hands = _dealt(state)
        requests = tuple("1 0 0 0 0 " + " ".join(map(botzone_tile, h)) for h in hands)
        return attrs.evolve(
            game, state=state, stage=JudgeStage.DEAL, requests=requests, queued=events
        )
    claim: Event | None = None
    for i, e in enumerate(events):
        if e.kind in ("pung", "chow"):
            claim = e
            continue
        if e.kind not in _ANNOUNCED:
            continue
        rest = events[i + 1 :]
        return _turn_of(game, state, e, claim, rest)
    raise AssertionError(f"no event to announce after {stage.value}: {events}")


def _dealt(state: HandState) -> list[list[Tile]]:
    """Each seat's 13 dealt tiles in the order the judge deals them (from
    the end of the seat's wall)."""
    wall = wall_tiles(state)
    part = len(wall) // SEATS
    return [[wall[part * s + part - 1 - k] for k in range(13)] for s in range(SEATS)]


def _turn_of(
    game: JudgeHand,
    state: HandState,
    event: Event,
    claim: Event | None,
    rest: tuple[Event, ...],
) -> JudgeHand:
    kind = event.kind
    p = event.seat
    tile = event.tile
    if kind in ("win", "exhaustive_draw"):
        result = state.result
        assert result is not None
        ending = "HU" if result.wins else "HUANG"
        fans = result.wins[0].score.total if result.wins else None
        fan_list = judge_fans(result.wins[0].score) if result.wins else ()
        return attrs.evolve(
            game,
            state=state,
            stage=JudgeStage.FINISH,
            requests=(),
            queued=(),
            scores=result.payments,
            ending=ending,
            fans=fans,
            fan_list=fan_list,
        )
    assert tile is not None or kind == "kong"
    if kind in ("draw", "replacement"):
        assert tile is not None
        requests = tuple(
            f"2 {botzone_tile(tile)}" if i == p else f"3 {p} DRAW" for i in range(SEATS)
        )
        stage = JudgeStage.DRAW
    elif kind == "discard":
        assert tile is not None
        line = f"3 {p} PLAY {botzone_tile(tile)}"
        if claim is not None and claim.kind == "pung":
            line = f"3 {p} PENG {botzone_tile(tile)}"
        elif claim is not None:
            meld = _last_chow(state, p)
            line = f"3 {p} CHI {botzone_tile(meld)} {botzone_tile(tile)}"
        requests = (line,) * SEATS
        stage = JudgeStage.DISCARD
    elif kind == "added_kong":
        assert tile is not None
        requests = (f"3 {p} BUGANG {botzone_tile(tile)}",) * SEATS
        stage = JudgeStage.KONG
    else:  # kong, concealed_kong
        requests = (f"3 {p} GANG",) * SEATS
        stage = JudgeStage.KONG
    return attrs.evolve(game, state=state, stage=stage, requests=requests, queued=rest)


def _last_chow(state: HandState, seat: int) -> Tile:
    """The middle tile of the seat's last chow."""
    for m in reversed(state.seats[seat].melds):
        if m.kind is MeldKind.CHOW:
            return state.rules.tileset.by_code(m.tile.code + 1)
    raise AssertionError("no chow")
