"""The card game's log: exact replay, tamper evidence, seat views that hide
what a seat may not see, and typed errors for every bad log."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unomahjong import CardError, LogError, schemas
from unomahjong.cards import (
    CARDS,
    GreedyCardBot,
    UniformCardBot,
    log_lines,
    play_cards,
    replay,
    seat_view,
)

RECORD = jsonschema.Draft202012Validator(schemas.load("card-log-record"))


def _game(seed: int, players: int = 4, *, big: bool = False, random_seat: bool = False) -> Any:
    """A hand of greedy bots (one uniform bot at seat 0 with ``random_seat``:
    uniform random players make very long hands)."""
    rules = CARDS.with_options(all_draw_wild=True) if big else CARDS
    bots: list[Any] = [GreedyCardBot() for _ in range(players)]
    if random_seat:
        bots[0] = UniformCardBot(seed)
    final, moves = play_cards(rules, bots, seed=seed)
    return rules, final, moves, log_lines(rules, moves, players=players, seed=seed)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 10), big=st.booleans())
def test_a_log_replays_to_every_state_of_the_hand(seed: int, players: int, big: bool) -> None:
    _, final, moves, lines = _game(seed, players, big=big)
    states = replay(lines)
    assert len(states) == len(moves) + 1
    assert states[-1] == final
    assert states.complete and states.verified and not states.keyed
    for line in lines:
        RECORD.validate(json.loads(line))


def test_a_keyed_log_needs_its_key_to_be_verified() -> None:
    rules, final, moves, _ = _game(5)
    lines = log_lines(rules, moves, players=4, seed=5, key="secret")
    assert replay(lines, key="secret").keyed
    unchecked = replay(lines)
    assert not unchecked.verified and unchecked[-1] == final
    with pytest.raises(LogError) as e:
        replay(lines, key="other")
    assert e.value.code == "digest"
    with pytest.raises(LogError) as e:
        replay(log_lines(rules, moves, players=4, seed=5), key="secret")
    assert e.value.code == "unkeyed"


def test_every_edited_line_is_caught() -> None:
    _, _, _, lines = _game(11, 3)
    for n in range(len(lines)):
        rec = json.loads(lines[n])
        rec["digest"] = rec["digest"][::-1]
        edited = [*lines[:n], json.dumps(rec), *lines[n + 1 :]]
        with pytest.raises(LogError, match=f"line {n + 1}:") as e:
            replay(edited)
        assert e.value.code == "digest"
    with pytest.raises(LogError, match="line 3:"):
        replay([*lines[:2], *lines[3:]])  # a line removed


def _rechained(records: list[dict[str, Any]]) -> list[str]:
    """Records edited and chained again: the chain holds, the play must not."""
    from unomahjong._logfile import chained

    return chained(records, None)


def test_an_edited_and_rechained_log_does_not_replay() -> None:
    _, _, _, lines = _game(2)
    records = [json.loads(line) for line in lines]
    seat = records[3]["seat"]
    records[3]["seat"] = (seat + 1) % 4
    with pytest.raises(LogError, match="line 4:") as e:
        replay(_rechained(records))
    assert e.value.code == "illegal"
    records = [json.loads(line) for line in lines]
    records[3]["events"] = records[3]["events"][:-1]
    with pytest.raises(LogError, match="line 4:") as e:
        replay(_rechained(records))
    assert e.value.code == "events-differ"
    records = [json.loads(line) for line in lines]
    records[0]["seed"] += 1
    with pytest.raises(LogError, match="line 2:") as e:
        replay(_rechained(records))
    assert e.value.code == "events-differ"


def test_a_cut_log_replays_as_far_as_it_goes() -> None:
    lines = _game(4)[3]
    cut = replay(lines[:10])
    assert len(cut) == 9 and not cut.complete and cut.verified


@pytest.mark.parametrize(
    ("log", "code"),
    [
        ([], "no-header"),
        (["{}"], "bad-line"),
        (['{"type": "header"}'], "format"),
        (["[1, 2]"], "bad-line"),
        (["{" * 40], "bad-json"),
        (["x" * 5000], "too-long"),
        ([b"{}"], "bad-line"),
        (42, "not-lines"),
    ],
)
def test_a_bad_log_is_a_log_error(log: Any, code: str) -> None:
    with pytest.raises(LogError) as e:
        replay(log)
    assert e.value.code == code


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_a_seat_sees_only_its_own_cards_and_a_hand_shown_to_it(seed: int, players: int) -> None:
    _, _, _, lines = _game(seed, players, random_seat=True)
    full = [json.loads(line) for line in lines]
    for viewer in range(players):
        view = [json.loads(line) for line in seat_view(lines, viewer)]
        assert view[0]["seed"] is None and view[0]["viewer"] == viewer
        assert len(view) == len(full)
        for rec, seen in zip(full, view, strict=True):
            for e, v in zip(rec.get("events", ()), seen.get("events", ()), strict=True):
                own = e["seat"] == viewer or (e["kind"] == "show" and e["other"] == viewer)
                hidden = e["kind"] in ("deal", "draw", "show") and not own
                assert v["cards"] == (len(e["cards"]) if hidden else e["cards"]), (viewer, e)
        for line in seat_view(lines, viewer):
            RECORD.validate(json.loads(line))


def test_a_shown_hand_is_seen_by_the_challenger_alone() -> None:
    for seed in range(50):
        _, _, _, lines = _game(seed, 3)
        shows = [
            e for line in lines for e in json.loads(line).get("events", ()) if e["kind"] == "show"
        ]
        if shows:
            break
    else:
        pytest.fail("no challenge in 50 hands")
    show = shows[0]
    bystander = ({0, 1, 2} - {show["seat"], show["other"]}).pop()
    for viewer, visible in ((show["other"], True), (show["seat"], True), (bystander, False)):
        seen = [
            e
            for line in seat_view(lines, viewer)
            for e in json.loads(line).get("events", ())
            if e["kind"] == "show"
        ]
        assert (seen[0]["cards"] == show["cards"]) is visible


@pytest.mark.parametrize("seat", [-1, 4, True, "1", None])
def test_a_view_of_no_seat_is_refused(seat: Any) -> None:
    _, _, _, lines = _game(1)
    with pytest.raises(LogError) as e:
        seat_view(lines, seat)
    assert e.value.code == "bad-seat"


def test_log_lines_writes_only_a_log_that_replays() -> None:
    rules, _, moves, _ = _game(8)
    seat, action, events = moves[0]
    with pytest.raises(CardError) as c:
        log_lines(rules, [((seat + 1) % 4, action, events)], players=4, seed=8)
    assert c.value.code in ("not-your-turn", "illegal-action")
    with pytest.raises(LogError) as e:
        log_lines(rules, [(seat, action, events[:-1])], players=4, seed=8)
    assert e.value.code == "events-differ"
    with pytest.raises(CardError) as c:
        log_lines(rules, [(seat, action)], players=4, seed=8)  # type: ignore[list-item]
    assert c.value.code == "bad-moves"


_CARD_LOG = _game(3, 3)[3]
_WRONG = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
    st.lists(st.integers(0, 3), max_size=3),
    st.dictionaries(st.sampled_from(["kind", "seat", "name", "a"]), st.integers(0, 3), max_size=2),
)


@st.composite
def _mutated_log(draw: st.DrawFn) -> list[str]:
    """The log with one field of one record (top level, its rules, or one
    of its events) replaced by a value of some other type, chained again
    so that the digests hold and the reader must check the field itself."""
    records = [json.loads(line) for line in _CARD_LOG]
    n = draw(st.integers(0, min(len(records), 6) - 1))
    rec = records[n]
    targets: list[dict[str, Any]] = [rec]
    if n == 0:
        targets.append(rec["rules"])
    targets += rec.get("events", [])[:3]
    target = draw(st.sampled_from(targets))
    field = draw(st.sampled_from(sorted(k for k in target if k not in ("digest", "chain"))))
    target[field] = draw(_WRONG)
    return _rechained(records)


@settings(max_examples=60, deadline=None)
@given(log=_mutated_log(), seat=st.sampled_from([None, 0, 2]))
def test_wrong_typed_fields_are_log_errors_in_every_reader(
    log: list[str], seat: int | None
) -> None:
    from unomahjong.render.card_viewer import replay_html

    readers: list[Callable[[], object]] = [
        lambda: replay(log),
        lambda: replay_html(log, seat=seat),
    ]
    if seat is not None:
        readers.append(lambda: seat_view(log, seat))
    for read in readers:
        with contextlib.suppress(LogError, CardError):
            read()


@pytest.mark.parametrize("kind", [[], {}, None, 1, "round"])
def test_a_record_of_no_known_type_is_refused_naming_its_line_and_field(kind: Any) -> None:
    from unomahjong.render.card_viewer import replay_html

    records = [json.loads(line) for line in _CARD_LOG]
    records[2]["type"] = kind
    log = _rechained(records)
    for read in (replay, lambda lines: seat_view(lines, 1), replay_html):
        with pytest.raises(LogError, match=r"^line 3: field 'type' is ") as e:
            read(log)
        assert e.value.code == "bad-line"
