"""Bounded input: text longer than anything legal is
refused before any work, and no message repeats what it was given.

Every public text entry point (the parsers, ``score_hand``, ``Hand.parse``,
the command line's arguments, log lines and log files) refuses a 10 MB input with the typed
code ``too-long`` in constant time and memory, in both engines. The tests
measure with ``time.perf_counter`` and ``tracemalloc`` against generous
bounds (a shared CI machine); the real figures, well under a millisecond and
a kilobyte or two, are in docs/notation.md#size-limits. A message quotes at
most about 40 characters of what it refuses, and a whole number too long to
print is described by its size.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import time
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_arguments import VALID, _calls

from unomahjong import (
    UNO_TILES,
    ContextError,
    Hand,
    MahjongError,
    NotationError,
    RulesError,
    WinContext,
    _engine,
    get_rules,
    parse_hand,
    parse_meld,
    parse_tile,
    parse_tiles,
    score_hand,
)
from unomahjong._checks import by_name, did_you_mean
from unomahjong.cli import MAX_ARGUMENT_LENGTH, MAX_ARGUMENTS, main
from unomahjong.game import Board, LogError, read_log, replay, seat_view
from unomahjong.model.notation import MAX_HAND_LENGTH, MAX_TILES_LENGTH

TEN_MB = "1r" * 5_000_000
"""Ten million characters that look like tiles."""

TIME_BOUND = 0.05
"""Seconds a refusal may take in a test: fifty times the target (< 1 ms),
so that a loaded machine does not fail it; the real time is microseconds."""
MEMORY_BOUND = 64 * 1024
"""Bytes a refusal may allocate at its peak: the error object and its
message, never a copy or a scan of the input."""
MESSAGE_BOUND = 300
"""Characters of any message about a refused input, at most."""
SWEEP_BOUND = 600
"""The same for every public callable: some hints list a fixed set of
choices (the generator's themes); no message grows with its input."""

ENGINES = ["python", "compiled"]


@contextlib.contextmanager
def engine(name: str) -> Iterator[None]:
    if name == "python":
        with _engine.python_engine():
            yield
    else:
        if not _engine.COMPILED:
            pytest.skip("the compiled core is not active (not built, or UNOMAHJONG_PURE=1)")
        yield


def measured(call: Callable[[], object]) -> tuple[BaseException, float, int]:
    """The exception ``call`` raises, the seconds it took and the peak
    bytes it allocated."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        call()
    except BaseException as e:  # returned to the caller
        elapsed = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return e, elapsed, peak
    tracemalloc.stop()
    raise AssertionError("the call was not refused")


ENTRY_POINTS: dict[str, Callable[[str], object]] = {
    "parse_hand": parse_hand,
    "parse_hand mcr": lambda t: parse_hand(t, "mcr"),
    "parse_tiles": parse_tiles,
    "parse_tile": parse_tile,
    "parse_meld": parse_meld,
    "score_hand": score_hand,
    "score_hand mcr": lambda t: score_hand(t, rules="mcr"),
    "Hand.parse": Hand.parse,
}


@pytest.mark.parametrize("engine_name", ENGINES)
@pytest.mark.parametrize("name", list(ENTRY_POINTS))
def test_ten_megabytes_are_refused_at_once(engine_name: str, name: str) -> None:
    with engine(engine_name):
        with pytest.raises(NotationError):  # once unmeasured: lazy imports, first calls
            ENTRY_POINTS[name](TEN_MB)
        error, elapsed, peak = measured(lambda: ENTRY_POINTS[name](TEN_MB))
    assert isinstance(error, NotationError), error
    assert error.code == "too-long"
    assert "10,000,000 characters" in str(error)
    assert len(str(error)) < MESSAGE_BOUND
    assert elapsed < TIME_BOUND, f"{elapsed * 1e3:.3f} ms"
    assert peak < MEMORY_BOUND, f"{peak:,} bytes"


class Text(str):
    """A str subclass: the compiled core takes plain str only."""


@pytest.mark.parametrize("engine_name", ENGINES)
@pytest.mark.parametrize(
    ("parse", "limit"),
    [(parse_hand, MAX_HAND_LENGTH), (parse_tiles, MAX_TILES_LENGTH), (parse_meld, 256)],
)
def test_the_limit_is_exact_and_holds_for_str_subclasses(
    engine_name: str, parse: Callable[[str], object], limit: int
) -> None:
    text = {parse_hand: "123456789r 5g 5g 5g 7b", parse_tiles: "5g 1r", parse_meld: "[123r@2]"}[
        parse
    ]
    with engine(engine_name):
        padded = text + " " * (limit - len(text))
        assert parse(padded) == parse(text)
        assert parse(Text(padded)) == parse(text)
        for too_long in (padded + " ", Text(padded + " ")):
            with pytest.raises(NotationError) as e:
                parse(too_long)
            assert e.value.code == "too-long" and e.value.position == limit


def test_the_longest_legal_hand_is_well_inside_the_limit() -> None:
    # docs/notation.md#size-limits: four exposed kongs with seat marks, a
    # tile and the winning tile, one space between groups.
    longest = "[1r1r1r1r@7] [2r2r2r2r@7] [3r3r3r3r@7] [4r4r4r4r@7] 5r + 5r"
    assert len(longest) == 59
    hand = parse_hand(longest)
    assert len(hand.melds) == 4 and hand.win is not None
    assert 4 * len(longest) <= MAX_HAND_LENGTH
    every_tile = " ".join(str(t) for t in UNO_TILES for _ in range(UNO_TILES.copies)) + " "
    assert len(every_tile) == 528 and len(parse_tiles(every_tile)) == 176
    assert 3.5 * len(every_tile) <= MAX_TILES_LENGTH


@pytest.mark.parametrize("engine_name", ENGINES)
@pytest.mark.parametrize("where", [1, 3])
@pytest.mark.parametrize("func", ["replay", "seat_view"])
def test_a_ten_megabyte_log_line_is_refused_at_once(
    engine_name: str, where: int, func: str
) -> None:
    lines = Board(seed=7).log_lines()
    lines = [*lines[: where - 1], "[" + TEN_MB + "]", *lines[where - 1 :]]

    def call() -> object:
        return replay(lines) if func == "replay" else seat_view(lines, 0)

    with engine(engine_name):
        with pytest.raises(LogError):
            call()
        error, elapsed, peak = measured(call)
    assert isinstance(error, LogError), error
    assert error.code == "too-long" and str(error).startswith(f"line {where}:")
    assert len(str(error)) < MESSAGE_BOUND
    assert elapsed < TIME_BOUND, f"{elapsed * 1e3:.3f} ms"
    # Before line 3 the header and start lines are parsed and checked.
    assert peak < (MEMORY_BOUND if where == 1 else 4 * MEMORY_BOUND), f"{peak:,} bytes"


def test_read_log_reads_no_further_than_a_line_too_long(tmp_path: Any) -> None:
    path = tmp_path / "big.jsonl"
    path.write_text(TEN_MB, encoding="utf-8")
    error, _, peak = measured(lambda: read_log(path))
    assert isinstance(error, LogError) and error.code == "too-long"
    # The memory it took shows how far it read (a time, on a loaded
    # machine, would not).
    assert peak < 4 * MEMORY_BOUND, peak


# ------------------------------------------------------------ bounded messages

LONG_BAD_TEXT: list[tuple[Callable[[], object], str]] = [
    (lambda: parse_hand("1" * 250), "missing-colour"),
    (lambda: parse_hand("[" + "1r" * 120 + "]"), "bad-meld"),
    (lambda: parse_meld("(" + "5g" * 120 + ")"), "bad-meld"),
    (lambda: parse_tile("1r " * 80), "not-one-tile"),
    (lambda: parse_hand("123r", "x" * 10_000_000), "unknown-rules"),
    (lambda: parse_hand("[123r@" + "9" * 240 + "]"), "bad-seat"),
    (lambda: get_rules("x" * 10_000_000), "unknown-rules"),
    (lambda: UNO_TILES["x" * 10_000_000], "unknown-tile"),
    (lambda: WinContext(seat_wind="E" * 10_000_000), "bad-wind"),
    (lambda: WinContext(flowers=10**5000), "bad-flowers"),
    (lambda: UNO_TILES.by_code(10**5000), "unknown-tile"),
    (lambda: score_hand("[SSSg] 123r 456r 789r 5g +5g", seat_wind="W" * 10**6), "bad-wind"),
]


@pytest.mark.parametrize("engine_name", ENGINES)
@pytest.mark.parametrize("case", range(len(LONG_BAD_TEXT)))
def test_messages_quote_at_most_about_forty_characters(engine_name: str, case: int) -> None:
    call, code = LONG_BAD_TEXT[case]
    with engine(engine_name), pytest.raises((NotationError, RulesError, ContextError)) as e:
        call()
    assert e.value.code == code
    message = str(e.value)
    assert len(message) < MESSAGE_BOUND, message
    for run in ("1" * 41, "1r" * 21, "x" * 41, "E" * 41, "W" * 41, "5g" * 21, "9" * 41):
        assert run not in message, message


HUGE: tuple[object, ...] = (TEN_MB, 10**5000, -(10**5000))
"""A 10 MB string and whole numbers of 5,000 digits (beyond the 4,300 that
``str(int)`` converts): each goes to every parameter of every public callable."""


@pytest.mark.parametrize("name", sorted(VALID))
def test_huge_arguments_raise_only_typed_errors_with_bounded_messages(
    name: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # write_log given a name as its file writes there
    escaped = []
    for what, thunk in _calls(name, HUGE):
        try:
            result: Any = thunk()
            if isinstance(result, Iterator):
                next(result, None)
        except MahjongError as e:
            if len(str(e)) > SWEEP_BOUND:
                escaped.append(f"{what}: a message of {len(str(e)):,} characters")
        except Exception as e:  # collected and reported
            escaped.append(f"{what}: {type(e).__name__}: {str(e)[:150]}")
    assert not escaped, "\n".join(escaped)


def test_the_pictures_refuse_huge_values_with_bounded_messages() -> None:
    # unomahjong.render is not in test_arguments' sweep: its callables here.
    from unomahjong import render
    from unomahjong.render.viewer import replay_html

    hand = parse_hand("[SSSg] 123r 456r 789r 5g +5g")
    calls: list[Callable[[Any], object]] = [
        render.hand_svg,
        lambda v: render.hand_svg(hand, players=v),
        render.tiles_svg,
        lambda v: render.tiles_svg([v]),
        render.score_svg,
        lambda v: render.score_svg(score_hand("[SSSg] 123r 456r 789r 5g +5g"), fans=v),
        render.fan_table_html,
        render.score_html,
        render.to_svg,
        render.svg_to_png,
        lambda v: replay_html(Board(seed=7).log_lines(), seat=v),
        lambda v: replay_html([v]),
    ]
    escaped = []
    for i, call in enumerate(calls):
        for value in (*HUGE, b"x" * 10_000_000):
            try:
                call(value)
            except MahjongError as e:
                if len(str(e)) > MESSAGE_BOUND:
                    escaped.append(f"call {i}: a message of {len(str(e)):,} characters")
            except ImportError:  # svg_to_png without cairosvg
                pass
            except Exception as e:  # collected and reported
                escaped.append(f"call {i}: {type(e).__name__}: {str(e)[:150]}")
    assert not escaped, "\n".join(escaped)


# ------------------------------------------------------------ the command line


def run(argv: list[str]) -> tuple[int, str, str, float]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        start = time.perf_counter()
        status = main(argv)
        elapsed = time.perf_counter() - start
    return status, out.getvalue(), err.getvalue(), elapsed


@pytest.mark.parametrize("command", ["parse", "score", "waits", "render"])
def test_a_ten_megabyte_argument_is_refused_at_once(command: str) -> None:
    status, out, err, elapsed = run([command, TEN_MB])
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and len(err) < MESSAGE_BOUND
    assert "[too-long]" in err and f"at most {MAX_ARGUMENT_LENGTH:,}" in err
    assert elapsed < TIME_BOUND, f"{elapsed * 1e3:.3f} ms"


def test_a_hundred_kilobyte_hand_no_longer_prints_itself() -> None:
    # The reproducer: a 100 KB argument printed a 100,134-character line.
    status, _, err, _ = run(["parse", "1" * 100_000])
    assert status == 2 and len(err) < MESSAGE_BOUND and "1" * 41 not in err


def test_a_hand_argument_over_the_hand_limit_is_too_long() -> None:
    status, _, err, _ = run(["parse", "1r" * 500])
    assert status == 2 and "[too-long]" in err and "at most 256" in err


def test_too_many_arguments_are_refused_unread() -> None:
    status, _, err, elapsed = run(["parse"] + ["x"] * (MAX_ARGUMENTS + 1))
    assert status == 2 and "[too-long]" in err and len(err) < MESSAGE_BOUND
    assert elapsed < TIME_BOUND


@pytest.mark.parametrize(
    "argv",
    [
        ["parse", "123r", "--rules", "x" * 2000],
        ["parse", "123r", *["y" * 2000] * 50],
        ["play", "--bots", "z" * 2000 + ",a,b,c"],
        ["play", "--seed", "1" * 2000],
        ["score", "[SSSg] 123r 456r 789r 5g +5g", "--seat-wind", "W" * 2000],
        ["waits", "123456789r 5g 5g 5g 7b", "--visible", "9" * 2000],
        ["x" * 2000],
    ],
)
def test_argument_errors_quote_at_most_about_forty_characters(argv: list[str]) -> None:
    status, _, err, _ = run(argv)
    assert status == 2
    assert err.count("\n") == 1 and len(err) <= MESSAGE_BOUND + 20, err
    for letter in "xyzW19":
        assert letter * 41 not in err, err


def test_the_cli_reads_no_json_input() -> None:
    # Section 2 asks for the same bound on `--json` inputs: the command line
    # takes none (--json only selects the output), so its arguments are all.
    status, out, _, _ = run(["parse", "--json", "123456789r 5g 5g 5g 7b"])
    assert status == 0 and out.startswith("{")


@pytest.mark.parametrize("value", ["9" * 5000, "9" * 19, "12a", "-5", "٣"])
def test_a_memo_limit_the_environment_cannot_mean_warns_and_keeps_the_default(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A 5,000-digit value once made `import unomahjong` fail (int() refuses
    # more than 4,300 digits): the variable is read with the same bound.
    from unomahjong import _memo

    monkeypatch.setenv(_memo.LIMIT_VARIABLE, value)
    with pytest.warns(RuntimeWarning, match="at most 18 ASCII digits"):
        assert _memo._from_environment() == _memo.DEFAULT_LIMIT
    monkeypatch.setenv(_memo.LIMIT_VARIABLE, "9" * 18)
    assert _memo._from_environment() == 10**18 - 1


def test_shapes_of_a_tile_set_not_built_in_are_refused() -> None:
    # The engines intern melds and tables per tile set and keep them: a
    # ShapeSpec of a user's tile set would keep that tile set alive for good.
    from unomahjong.model.shapes import ALL_SHAPES, ShapeSpec
    from unomahjong.model.tiles import TileSet

    own = TileSet("own", "OWN", UNO_TILES.suits, ())
    with pytest.raises(RulesError) as refused:
        ShapeSpec(own, ALL_SHAPES, orphans_pair=False)
    assert refused.value.code == "unsupported-tileset"


@given(
    names=st.lists(st.text("abcde", min_size=1, max_size=8), min_size=1, max_size=5),
    value=st.text("abcde", max_size=40),
)
def test_a_suggestion_skips_no_name_difflib_would_find(names: list[str], value: str) -> None:
    # did_you_mean does not compare a value far longer than every name (the
    # time would be quadratic in it): it must find what difflib finds.
    index = by_name(names)
    close = difflib.get_close_matches(value.casefold(), list(index), n=1)
    expected = f"did you mean {index[close[0]]!r}?" if close else None
    assert did_you_mean(value, index) == expected
