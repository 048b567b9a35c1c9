"""Logs that cannot be edited unnoticed.

Every reproducer of the issue is a test here: malicious JSON, edited
headers, seeds, formats, start lines, extra fields, duplicate keys, a log
cut at a line boundary, and the digest chain, plain and keyed. Edits are
made twice where it matters: as they are (the chain breaks at the edited
line) and with the plain chain recomputed (``log_chain.resign``, from the
documented format), as anyone can, so that replay's own checks of each
record are tested too. docs/game.md#log-format-json-lines-version-2.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from log_chain import digest, resign

from unomahjong import UNO_TILES
from unomahjong.cli import main
from unomahjong.game import (
    Board,
    GreedyBot,
    IllegalActionError,
    LogError,
    RandomBot,
    Replay,
    play_hand,
    read_log,
    replay,
    seat_view,
    start_hand,
    write_log,
)
from unomahjong.game.log import FORMAT, MAX_LINE_LENGTH, MAX_LINES

KEY = b"the server's secret, 32 bytes.!!"
BOARD = play_hand("uno", [RandomBot(i) for i in range(4)], seed=5)
LINES = BOARD.log_lines()
SIGNED = BOARD.log_lines(key=KEY)
FORMAT_1 = Path(__file__).parent / "data" / "format1_seed5.jsonl"
"""The same round, as version 0.1 wrote it (format 1, no digests)."""


def records(lines: list[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in lines]


def edit(lines: list[str], n: int, change: Callable[[dict[str, Any]], object]) -> list[str]:
    """``lines`` with line ``n`` (1-based) changed, its digest left as it was."""
    out = list(lines)
    rec = json.loads(out[n - 1])
    change(rec)
    out[n - 1] = json.dumps(rec)
    return out


def refused(lines: list[str], **kwargs: Any) -> LogError:
    with pytest.raises(LogError) as e:
        replay(lines, **kwargs)
    return e.value


def as_format_1(lines: list[str]) -> list[str]:
    out = []
    for i, rec in enumerate(records(lines)):
        rec.pop("digest")
        if i == 0:
            rec.pop("chain")
            rec["format"] = 1
        out.append(json.dumps(rec))
    return out


# ------------------------------------------------------------ the format


def test_new_logs_are_format_2_with_a_digest_on_every_record() -> None:
    assert FORMAT == 2
    recs = records(LINES)
    assert recs[0]["format"] == 2 and recs[0]["chain"] == "sha256"
    assert all(len(r["digest"]) == 64 for r in recs)
    assert records(SIGNED)[0]["chain"] == "hmac-sha256"


def test_the_digests_are_the_documented_ones() -> None:
    # log_chain implements docs/game.md's definition independently.
    assert records(resign(LINES)) == records(LINES)
    assert records(resign(SIGNED, KEY)) == records(SIGNED)
    previous = bytes(32)
    for rec in records(LINES):
        assert rec["digest"] == digest(previous, rec).hex()
        previous = bytes.fromhex(rec["digest"])


def test_key_order_and_spacing_are_free() -> None:
    respaced = [
        json.dumps(dict(reversed(list(r.items()))), separators=(",", ":")) for r in records(LINES)
    ]
    result = replay(respaced)
    assert result.verified and result == replay(LINES)


def test_a_complete_log_replays_verified() -> None:
    result = replay(LINES)
    assert isinstance(result, Replay) and isinstance(result, list)
    assert result[-1] == BOARD.state and result == [BOARD.initial_state, *result[1:]]
    assert (result.format, result.complete, result.verified, result.keyed) == (2, True, True, False)
    strict = replay(LINES, complete=True)
    assert strict.complete


# ------------------------------------------------------------ malicious JSON


def test_deep_nesting_is_a_log_error_naming_the_line() -> None:
    # The reproducer: a RecursionError today.
    e = refused(["[" * 100_000])
    assert e.code == "too-long" and str(e).startswith("line 1:")
    e = refused(["[" * 4000])  # within the line limit: still no RecursionError
    assert e.code == "bad-json" and str(e).startswith("line 1:") and "nested" in str(e)
    e = refused([*LINES[:2], "[" * 4000])
    assert e.code == "bad-json" and str(e).startswith("line 3:")
    with pytest.raises(LogError):
        seat_view([LINES[0], "{" * 3000], 0)


def _seat(rec: dict[str, Any], digits: int) -> None:
    rec["seat"] = int("9" * digits)


def test_a_5000_digit_seat_is_a_log_error_naming_the_line() -> None:
    # The reproducer: ValueError: Exceeds the limit (4300 digits).
    line = LINES[2].replace('"seat": ', '"seat": ' + "9" * 5000 + "0", 1)
    assert len(line) > 5000
    e = refused([*LINES[:2], line, *LINES[3:]])
    assert e.code == "too-long" and str(e).startswith("line 3:")
    # A 3,800-digit seat fits in a line: refused as a seat, quoted by its size.
    e = refused(resign(edit(LINES, 3, lambda r: _seat(r, 3800))))
    assert e.code == "bad-seat" and str(e).startswith("line 3:") and len(str(e)) < 200
    assert "(a number of about 3,80" in str(e)  # by its size, not printed


def test_a_number_beyond_pythons_conversion_limit_is_bad_json(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    line = edit(LINES, 3, lambda r: _seat(r, 1500))[2]
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(1000)  # an application may lower it
    try:
        e = refused([*LINES[:2], line])
    finally:
        sys.set_int_max_str_digits(old)
    assert e.code == "bad-json" and str(e).startswith("line 3:")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_non_json_constants_are_refused(constant: str) -> None:
    line = LINES[2].replace('"seat": 0', f'"seat": {constant}', 1)
    assert constant in line
    e = refused([*LINES[:2], line])
    assert e.code == "bad-json" and str(e).startswith("line 3:")


def test_duplicate_json_keys_are_refused() -> None:
    # JSON would keep the last of the two: the record a reader sees is not
    # the one a digest, or another parser, sees.
    line = LINES[2].replace('"seat": 0', '"seat": 0, "seat": 1', 1)
    e = refused([*LINES[:2], line])
    assert e.code == "bad-json" and str(e).startswith("line 3:") and "'seat'" in str(e)
    nested = LINES[2].replace('"uno": false', '"uno": false, "uno": true', 1)
    assert refused([*LINES[:2], nested]).code == "bad-json"
    header = LINES[0].replace('"seed": 5', '"seed": 5, "seed": 6', 1)
    assert refused([header, *LINES[1:]]).code == "bad-json"


def test_a_line_over_the_limit_is_refused_unparsed() -> None:
    padded = LINES[2][:-1] + " " * (MAX_LINE_LENGTH - len(LINES[2])) + "}"
    assert len(padded) == MAX_LINE_LENGTH
    assert replay([*LINES[:2], padded, *LINES[3:]]).verified  # spacing is free
    e = refused([*LINES[:2], padded + " ", *LINES[3:]])
    assert e.code == "too-long" and str(e).startswith("line 3:")


def test_too_many_lines_are_refused() -> None:
    def blank() -> Iterator[str]:
        yield from LINES[:2]
        while True:
            yield ""

    e = refused(blank())  # type: ignore[arg-type]
    assert e.code == "too-long" and str(e).startswith(f"line {MAX_LINES + 1}:")


# ------------------------------------------------------------ edited headers


def _undrawn_pair(lines: list[str]) -> tuple[int, int]:
    """Two wall positions never drawn in the round, holding different tiles."""
    final = replay(lines)[-1]
    wall = json.loads(lines[0])["wall"]
    for i in range(final.front, final.back + 1):
        for j in range(i + 1, final.back + 1):
            if wall[i] != wall[j]:
                return i, j
    raise AssertionError("the round drew every tile")


def _swap(i: int, j: int) -> Callable[[dict[str, Any]], None]:
    def change(rec: dict[str, Any]) -> None:
        wall = rec["wall"]
        wall[i], wall[j] = wall[j], wall[i]

    return change


def test_two_undrawn_wall_tiles_swapped_are_refused() -> None:
    # The reproducer: replay succeeded, with a different final state.
    partial = LINES[:10]  # the round so far: most of the wall is undrawn
    i, j = _undrawn_pair(partial)
    swapped = edit(partial, 1, _swap(i, j))
    e = refused(swapped)
    assert e.code == "digest" and str(e).startswith("line 1:")
    # The chain recomputed: the seed no longer deals that wall.
    e = refused(resign(swapped))
    assert e.code == "bad-header" and str(e).startswith("line 1:") and "seed 5" in str(e)
    # Format 1 (no digests): the seed still tells.
    e = refused(as_format_1(swapped))
    assert e.code == "bad-header" and "seed 5" in str(e)


def test_a_swapped_wall_without_a_seed_needs_the_key() -> None:
    board = Board(wall=start_hand(seed=5)[0].wall)  # an explicit wall: no seed logged
    for _ in range(6):
        seat = board.awaiting()[0]
        board.push(seat, board.default_action(seat))
    lines = board.log_lines()
    assert json.loads(lines[0])["seed"] is None
    i, j = _undrawn_pair(lines)
    forged = resign(edit(lines, 1, _swap(i, j)))
    # An unkeyed chain can be recomputed by anyone: consistent, and accepted.
    assert replay(forged).verified
    # A signed log cannot be forged without the key.
    signed = board.log_lines(key=KEY)
    assert replay(signed, key=KEY).keyed
    assert refused(forged, key=KEY).code == "unkeyed"
    guessed = resign(edit(signed, 1, _swap(i, j)), b"a guess")
    e = refused(guessed, key=KEY)
    assert e.code == "digest" and str(e).startswith("line 1:")


@pytest.mark.parametrize("seed", [6, "banana", "5", 5.0, True, None, [5], {"seed": 5}], ids=repr)
def test_a_seed_that_does_not_deal_the_wall_or_is_not_a_number(seed: object) -> None:
    lines = resign(edit(LINES, 1, lambda r: r.update(seed=seed)))
    if seed is None:  # no seed: nothing to check the wall against
        assert replay(lines).verified
        return
    e = refused(lines)
    assert e.code == "bad-header" and str(e).startswith("line 1:")
    assert refused(edit(LINES, 1, lambda r: r.update(seed=seed))).code == "digest"


def test_a_seed_of_more_than_a_thousand_digits_is_refused_by_board() -> None:
    with pytest.raises(IllegalActionError) as e:
        Board(seed=10**1000)
    assert e.value.code == "seed" and len(str(e.value)) < 200
    board = Board(seed=10**999)
    assert replay(board.log_lines()).verified


def test_board_logs_its_seed_only_when_it_dealt_the_wall() -> None:
    wall = list(start_hand(seed=5)[0].wall)
    wall[100], wall[101] = wall[101], wall[100]
    board = Board(seed=5, wall=wall)
    lines = board.log_lines()
    assert json.loads(lines[0])["seed"] is None and replay(lines).verified


@pytest.mark.parametrize("value", [True, 1.0, 2.0, "2", 3, 0, None, [2]], ids=repr)
def test_a_format_that_is_not_exactly_1_or_2(value: object) -> None:
    e = refused(resign(edit(LINES, 1, lambda r: r.update(format=value))))
    assert e.code == "format" and str(e).startswith("line 1:")


@pytest.mark.parametrize("field", ["players", "dealer"])
@pytest.mark.parametrize("value", [True, 4.0, "4"], ids=repr)
def test_header_numbers_are_json_integers(field: str, value: object) -> None:
    e = refused(resign(edit(LINES, 1, lambda r: r.update({field: value}))))
    assert e.code == "bad-header" and str(e).startswith("line 1:")


@pytest.mark.parametrize("chain", ["md5", "", None, 1])
def test_an_unknown_chain_is_refused(chain: object) -> None:
    lines = resign(LINES)  # resign sets a format-2 header's chain: set it after
    lines[0] = json.dumps({**json.loads(lines[0]), "chain": chain})
    e = refused(lines)
    assert e.code in ("bad-header", "digest") and str(e).startswith("line 1:")


# ------------------------------------------------------------ start lines


def test_a_removed_start_line_is_refused() -> None:
    without = [LINES[0], *LINES[2:]]
    e = refused(without)
    assert e.code == "digest" and str(e).startswith("line 2:")
    e = refused(resign(without))
    assert e.code == "no-start" and str(e).startswith("line 2:")
    e = refused(as_format_1(without))
    assert e.code == "no-start" and str(e).startswith("line 2:")


def test_a_duplicated_start_line_is_refused() -> None:
    twice = [LINES[0], LINES[1], LINES[1], *LINES[2:]]
    e = refused(twice)
    assert e.code == "digest" and str(e).startswith("line 3:")
    e = refused(resign(twice))
    assert e.code == "duplicate-start" and str(e).startswith("line 3:")
    moved = [LINES[0], LINES[1], *LINES[2:5], LINES[1], *LINES[5:]]
    assert refused(as_format_1(moved)).code == "duplicate-start"


def test_a_second_header_is_refused() -> None:
    e = refused(resign([*LINES[:3], LINES[0], *LINES[3:]]))
    assert e.code == "bad-line" and str(e).startswith("line 4:")


# ------------------------------------------------------------ extra fields


EXTRA: dict[str, tuple[int, Callable[[dict[str, Any]], object]]] = {
    "header": (1, lambda r: r.update(comment="hello")),
    "header viewer": (1, lambda r: r.update(viewer=0)),
    "start": (2, lambda r: r.update(note=1)),
    "action": (3, lambda r: r.update(time=12.5)),
    "action object": (3, lambda r: r["action"].update(extra=True)),
    "event": (3, lambda r: r["events"][0].update(extra=None)),
}


@pytest.mark.parametrize("where", list(EXTRA))
def test_extra_fields_are_refused(where: str) -> None:
    n, change = EXTRA[where]
    assert refused(edit(LINES, n, change)).code == "digest"
    e = refused(resign(edit(LINES, n, change)))
    assert e.code in ("bad-header", "bad-line") and str(e).startswith(f"line {n}:")
    e = refused(as_format_1(edit(LINES, n, change)))
    assert e.code in ("bad-header", "bad-line") and str(e).startswith(f"line {n}:")


def test_a_format_1_record_with_a_digest_is_refused() -> None:
    lines = as_format_1(LINES)
    lines[2] = json.dumps({**json.loads(lines[2]), "digest": "0" * 64})
    e = refused(lines)
    assert e.code == "bad-line" and str(e).startswith("line 3:")


# ------------------------------------------------------------ the chain


def test_the_first_line_that_breaks_the_chain_is_named() -> None:
    def drop_uno(r: dict[str, Any]) -> None:
        r["action"]["uno"] = not r["action"]["uno"]

    e = refused(edit(edit(LINES, 9, drop_uno), 5, drop_uno))
    assert e.code == "digest" and str(e).startswith("line 5:")
    swapped = [*LINES[:3], LINES[4], LINES[3], *LINES[5:]]
    e = refused(swapped)
    assert e.code == "digest" and str(e).startswith("line 4:")
    e = refused([*LINES[:6], *LINES[7:]])
    assert e.code == "digest" and str(e).startswith("line 7:")
    digestless = edit(LINES, 6, lambda r: r.pop("digest"))
    e = refused(digestless)
    assert e.code == "digest" and str(e).startswith("line 6:")
    bad_hex = edit(LINES, 6, lambda r: r.update(digest=r["digest"].upper()))
    assert refused(bad_hex).code == "digest"


def test_a_recomputed_chain_still_replays_every_check() -> None:
    # An edit with its chain recomputed is caught by what it changes.
    def other_tile(r: dict[str, Any]) -> None:
        r["events"][0]["tile"] = "9b" if r["events"][0]["tile"] != "9b" else "9g"

    e = refused(resign(edit(LINES, 2, other_tile)))
    assert e.code == "mismatch" and str(e).startswith("line 2:")


def test_keyed_logs() -> None:
    assert replay(SIGNED, key=KEY).keyed
    assert replay(SIGNED, key=KEY.decode()).keyed  # text keys are their UTF-8 bytes
    unkeyed = replay(SIGNED)
    assert not unkeyed.verified and not unkeyed.keyed and unkeyed.complete
    e = refused(SIGNED, key=b"another key")
    assert e.code == "digest" and str(e).startswith("line 1:") and "key" in str(e)
    assert refused(LINES, key=KEY).code == "unkeyed"
    assert refused(as_format_1(LINES), key=KEY).code == "unkeyed"
    e = refused(edit(SIGNED, 7, lambda r: r.update(seat=(r["seat"] + 1) % 4)), key=KEY)
    assert e.code == "digest" and str(e).startswith("line 7:")


@pytest.mark.parametrize(
    "key",
    [b"", "", 5, ["k"], object()],
    ids=["empty bytes", "empty text", "int", "list", "object"],
)
def test_keys_that_are_not_keys(key: object) -> None:
    with pytest.raises(LogError) as e:
        replay(SIGNED, key=key)
    assert e.value.code == "not-a-key" and e.value.argument == "key"
    with pytest.raises(LogError):
        BOARD.log_lines(key=key)  # type: ignore[arg-type]


# ------------------------------------------------------------ cut logs


def test_a_log_cut_at_any_line_boundary_says_it_is_unfinished() -> None:
    for k in range(1, len(LINES)):
        cut = replay(LINES[:k])
        assert not cut.complete and cut.verified, k
        assert cut == replay(LINES)[: max(1, k - 1)]
        e = refused(LINES[:k], complete=True)
        assert e.code == "incomplete" and str(e).startswith(f"line {k}:")
    assert replay(LINES, complete=True).complete


def test_lines_after_the_end_are_refused() -> None:
    e = refused(resign([*LINES, LINES[-1]]))
    assert e.code == "illegal-action" and str(e).startswith(f"line {len(LINES) + 1}:")


# ------------------------------------------------------------ format 1


def test_format_1_logs_are_still_read_unverified() -> None:
    old = read_log(FORMAT_1)
    assert json.loads(old[0])["format"] == 1 and "digest" not in old[1]
    result = replay(old)
    assert result == replay(LINES)
    flags = (result.format, result.complete, result.verified, result.keyed)
    assert flags == (1, True, False, False)
    assert records(as_format_1(LINES)) == records(old)
    view = seat_view(old, 2)
    assert json.loads(view[0])["format"] == 1 and "digest" not in view[0]


# ------------------------------------------------------------ seat views


def test_a_view_is_chained_and_hides_what_it_should() -> None:
    view = seat_view(LINES, 1)
    recs = records(view)
    assert recs[0]["viewer"] == 1 and recs[0]["wall"] is None and recs[0]["seed"] is None
    assert records(resign(view)) == recs  # its own chain, the documented one
    signed_view = seat_view(SIGNED, 1, key=KEY)
    assert records(resign(signed_view, KEY)) == records(signed_view)
    with pytest.raises(LogError) as e:
        seat_view(edit(LINES, 4, lambda r: r.update(seat=3)), 1)
    assert e.value.code == "digest" and str(e.value).startswith("line 4:")
    with pytest.raises(LogError) as e:
        seat_view(LINES, True)
    assert e.value.code == "bad-seat"


# ------------------------------------------------------------ files


def test_write_and_read_a_signed_log(tmp_path: Path) -> None:
    path = tmp_path / "round.jsonl"
    write_log(path, LINES, key=KEY)
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n") and text.count("\n") == len(LINES)
    lines = read_log(path)
    assert records(lines) == records(SIGNED)
    assert replay(lines, key=KEY).keyed
    write_log(str(path), SIGNED, key=KEY)  # an already signed log, same key
    assert read_log(str(path)) == lines
    buffer = io.StringIO()
    write_log(buffer, LINES)
    assert read_log(io.StringIO(buffer.getvalue())) == LINES


def test_write_log_refuses_what_it_cannot_verify(tmp_path: Path) -> None:
    path = tmp_path / "round.jsonl"
    for lines, key, code in [
        (edit(LINES, 4, lambda r: r.update(seat=3)), KEY, "digest"),
        (as_format_1(LINES), KEY, "unverified"),
        (SIGNED, None, "unverified"),
        (SIGNED, b"another key", "digest"),
    ]:
        with pytest.raises(LogError) as e:
            write_log(path, lines, key=key)
        assert e.value.code == code
        assert not path.exists()


def test_read_log_stops_at_a_line_too_long(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    path.write_text(LINES[0] + "\n" + "x" * 10_000_000 + "\n", encoding="utf-8")
    with pytest.raises(LogError) as e:
        read_log(path)
    assert e.value.code == "too-long" and str(e.value).startswith("line 2:")
    with pytest.raises(LogError) as e:
        read_log(tmp_path / "missing.jsonl")
    assert e.value.code == "cannot-read"
    with pytest.raises(LogError) as e:
        read_log(io.BytesIO(b"{}"))  # type: ignore[arg-type]
    assert e.value.code == "bad-line"


# ------------------------------------------------------------ producers


def test_the_command_line_play_log_replays_verified(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "3", "--json"]) == 0
    # play --json gives the log's records as objects; one per line, they are the log.
    log = [json.dumps(record) for record in json.loads(capsys.readouterr().out)["log"]]
    result = replay(log)
    assert result.verified and result.complete


def test_greedy_rounds_of_every_size_replay_verified() -> None:
    for players in range(2, 9):
        board = play_hand("uno", [GreedyBot() for _ in range(players)], seed=players)
        lines = board.log_lines()
        assert max(len(line) for line in lines) < MAX_LINE_LENGTH // 2
        result = replay(lines, complete=True)
        assert result.verified and result[-1] == board.state


def test_an_explicit_wall_of_another_set_in_a_header_is_refused() -> None:
    mcr = ["5m"] * len(json.loads(LINES[0])["wall"])
    e = refused(resign(edit(LINES, 1, lambda r: r.update(wall=mcr))))
    assert e.code == "bad-header" and str(e).startswith("line 1:")
    assert len(UNO_TILES.tiles) * UNO_TILES.copies == 176


# ------------------------------------------------------------------ requiring a key


def test_a_verifier_may_require_a_key() -> None:
    assert replay(SIGNED, key=KEY, require_key=True).keyed
    # Without the key nothing can be checked: refused, not passed as unsigned.
    assert refused(SIGNED, require_key=True).code == "key-required"
    # A signed log downgraded to a plain chain: it replays as consistent
    # when no key is asked for, and is refused when one is.
    downgraded = resign([json.dumps(r) for r in records(SIGNED)], key=None)
    plain = replay(downgraded)
    assert plain.verified and not plain.keyed
    assert refused(downgraded, key=KEY, require_key=True).code == "unkeyed"
    assert refused(SIGNED, key=KEY, require_key="yes").code == "not-a-flag"


def test_the_viewer_and_the_command_line_say_plainly_whether_a_log_is_signed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from unomahjong.render.viewer import replay_html

    assert 'data-signed="keyed"' in replay_html(SIGNED, key=KEY)
    assert 'data-signed="unchecked"' in replay_html(SIGNED)
    assert 'data-signed="unsigned"' in replay_html(BOARD.log_lines())
    (tmp_path / "signed.jsonl").write_text("\n".join(SIGNED), encoding="utf-8")
    (tmp_path / "plain.jsonl").write_text("\n".join(BOARD.log_lines()), encoding="utf-8")
    (tmp_path / "key").write_bytes(KEY + b"\n")
    out = str(tmp_path / "page.html")
    assert (
        main(
            [
                "view",
                str(tmp_path / "signed.jsonl"),
                "-o",
                out,
                "--key-file",
                str(tmp_path / "key"),
                "--require-key",
            ]
        )
        == 0
    )
    assert capsys.readouterr().err == ""
    assert main(["view", str(tmp_path / "plain.jsonl"), "-o", out]) == 0
    assert "note: Unsigned log" in capsys.readouterr().err
    assert main(["view", str(tmp_path / "plain.jsonl"), "-o", out, "--require-key"]) == 2
    assert "key-required" in capsys.readouterr().err
