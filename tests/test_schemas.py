"""The JSON Schemas (unomahjong.schemas, docs/schemas.md) hold for real output.

Every ``--json`` output of the command line, run in-process on hands of
both rule sets, the error object of failed commands, and every line of
seeded rounds' logs (plain, keyed and seat views) are validated against the
shipped schemas. The schemas are themselves valid draft 2020-12 schemas, all
their references resolve, and they are not vacuous: dropping a required
field of a real output, or adding an unknown one where the output is closed,
fails validation. The docs link the package's files (one copy, no other).
"""

from __future__ import annotations

import contextlib
import copy
import doctest
import functools
import io
import json
import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from unomahjong import schemas
from unomahjong.cli import main
from unomahjong.game import GreedyBot, RandomBot, play_hand, seat_view
from unomahjong.research.strategies import themed_hands
from unomahjong.rules.rule_sets import RULE_SETS, get_rules
from unomahjong.scoring.scorer import score

ROOT = Path(__file__).resolve().parent.parent
BASE = "https://github.com/unomahjong/unomahjong/blob/main/src/unomahjong/schemas/"

SCHEMAS = {name: schemas.load(name) for name in schemas.names()}
REGISTRY: Registry[Any] = Registry().with_resources(
    (s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values()
)


@functools.cache
def validator(name: str) -> Any:
    """A draft 2020-12 validator of schema ``name``, the others resolvable
    (one for the module: it keeps what it has resolved)."""
    return Draft202012Validator(SCHEMAS[name], registry=REGISTRY)


def assert_valid(name: str, instance: object) -> None:
    errors = sorted(validator(name).iter_errors(instance), key=lambda e: list(e.path))
    assert not errors, "\n".join(
        f"{name}: {list(e.absolute_path)}: {e.message[:300]}" for e in errors[:5]
    )


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------ the schemas


def test_names_are_the_shipped_files() -> None:
    folder = resources.files("unomahjong.schemas")
    shipped = {
        p.name.removesuffix(schemas.SUFFIX)
        for p in folder.iterdir()
        if p.name.endswith(schemas.SUFFIX)
    }
    assert shipped == set(schemas.names())
    assert len(schemas.names()) == len(set(schemas.names()))


@pytest.mark.parametrize("name", schemas.names())
def test_each_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    schema = SCHEMAS[name]
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == BASE + name + schemas.SUFFIX
    assert schema["title"] and schema["description"]


def _refs(node: object) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


@pytest.mark.parametrize("name", schemas.names())
def test_every_reference_resolves(name: str) -> None:
    resolver = REGISTRY.resolver(base_uri=SCHEMAS[name]["$id"])
    refs = list(_refs(SCHEMAS[name]))
    for ref in refs:
        assert resolver.lookup(ref).contents, ref


def test_the_module_docstring_examples() -> None:
    assert doctest.testmod(schemas).failed == 0


def test_load_returns_a_new_dict_each_time() -> None:
    first = schemas.load("score")
    first["required"].clear()
    assert schemas.load("score")["required"] == ["total", "fans", "decomposition"]


@pytest.mark.parametrize(
    ("name", "code"), [("scores", "unknown-schema"), ("", "unknown-schema"), (3, "not-a-name")]
)
def test_load_refuses_what_is_not_a_schema_name(name: object, code: str) -> None:
    with pytest.raises(schemas.SchemaError) as caught:
        schemas.load(name)  # type: ignore[arg-type]
    assert caught.value.code == code and caught.value.argument == "name"


def test_fan_ids_are_those_of_the_built_in_rule_sets() -> None:
    ids = {row.id for name in RULE_SETS for row in get_rules(name).fans}
    assert set(SCHEMAS["score"]["$defs"]["fan_id"]["enum"]) == ids


def test_one_tile_pattern_matches_every_built_in_tile_and_no_other_text() -> None:
    tiles = [s["$defs"]["tile"] for s in SCHEMAS.values() if "tile" in s.get("$defs", {})]
    assert len(tiles) == 4 and all(t == tiles[0] for t in tiles)  # parse, waits, discards, log
    pattern = re.compile(tiles[0]["pattern"])
    for name in RULE_SETS:
        for tile in get_rules(name).tileset.tiles:
            assert pattern.fullmatch(str(tile)), tile
    for text in ("", "0r", "5", "Rm", "5x", "55r", "Sgb", "e"):
        assert not pattern.search(text), text


# ------------------------------------------------- the commands' real output

CASES: list[tuple[str, tuple[str, ...]]] = [
    ("parse", ("parse", "[SSSg] 123r 456r 789r 5g +5g")),
    ("parse", ("parse", "(RRRRy) [5555b@1] 123r 44g 77b")),
    ("parse", ("parse", "Sg")),
    ("parse", ("parse", "123r 456r")),
    ("parse", ("parse", "123r456r789r5g5gSSSg")),
    ("parse", ("parse", "123456789m 1122p +1p", "--rules", "mcr")),
    ("parse", ("parse", "19m19p19s ESWNCFP +C", "--rules", "MCR")),
    ("waits", ("waits", "[SSSg] 123456789r 5g")),
    ("waits", ("waits", "[SSSg] 123456789r 5g", "--visible", "5g 5g 5g")),
    ("waits", ("waits", "1357r 2468g 19b Sg Ry Sb", "--rules", "uno")),
    ("waits", ("waits", "123456789m 1122p", "--rules", "mcr")),
    ("shanten", ("shanten", "[SSSg] 123456789r 5g")),
    ("shanten", ("shanten", "[SSSg] [123r] 456r 789r 5g +5g")),
    ("shanten", ("shanten", "123456789m1122p", "--rules", "mcr")),
    ("shanten", ("shanten", "147m 258p 369s ESWN +C", "--rules", "mcr")),
    ("discards", ("discards", "123r 456r 789r SSg 5g 7b +5g")),
    ("discards", ("discards", "123r 456r 789r SSg 5g 7b +5g", "--visible", "5g Sg")),
    ("discards", ("discards", "123456789m 1122p +5s", "--rules", "mcr")),
    ("score", ("score", "[SSSg] 123r 456r 789r 5g +5g")),
    ("score", ("score", "[SSSg@2] (RRRRy) 123r 789r 5g +5g", "--self-drawn")),
    ("score", ("score", "1122334455667r +7r", "--self-drawn", "--last-tile")),
    ("score", ("score", "147m258p369s EESS +S", "--rules", "mcr")),
    ("score", ("score", "19m19p19s ESWNCFP +C", "--rules", "mcr", "--flowers", "2")),
    ("fans", ("fans",)),
    ("fans", ("fans", "--rules", "mcr")),
    ("audit", ("audit", "--hands", "40")),
    ("audit", ("audit", "--hands", "40", "--rules", "mcr", "--seed", "3")),
    ("play", ("play", "--seed", "0")),
    ("play", ("play", "--seed", "3", "--players", "2")),
    ("play", ("play", "--seed", "11", "--players", "8", "--bots", "random")),
    ("play", ("play", "--seed", "5", "--players", "3", "--bots", "greedy,random,greedy")),
    ("simulate", ("simulate", "--games", "4")),
    ("simulate", ("simulate", "--games", "3", "--players", "2", "--bots", "greedy,random")),
]
"""(schema, command line) pairs: each command's ``--json`` output on hands
of both rule sets, games of 2 to 8 players."""


def _case_id(value: object) -> str:
    return " ".join(value) if isinstance(value, tuple) else str(value)


@pytest.mark.parametrize(("name", "argv"), CASES, ids=_case_id)
def test_command_output_matches_its_schema(
    capsys: pytest.CaptureFixture[str], name: str, argv: tuple[str, ...]
) -> None:
    code, out, err = run_json(capsys, *argv)
    assert code == 0, err
    assert out.endswith("\n") and out.count("\n") == 1
    assert_valid(name, json.loads(out))


def test_every_command_with_json_has_a_case() -> None:
    outputs = set(schemas.names()) - {"error", "log-record", "card-log-record"}
    assert {name for name, _ in CASES} == outputs


def _json_of(*argv: str) -> Any:
    """One command's ``--json`` output, run in-process (no fixture, so that
    Hypothesis can call it once per example)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*argv, "--json"]) == 0
    return json.loads(out.getvalue())


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
@settings(max_examples=15)
@given(data=st.data())
def test_generated_hands_match_the_schemas(rules: str, data: st.DataObject) -> None:
    """Winning hands built around every theme of a rule set (so that rare
    fans, melds and kongs occur): their score, and parse, shanten and
    discards of the hand, as the command line prints them."""
    hand, context = data.draw(themed_hands(rules))
    assert_valid("score", score(hand, context, rules).as_dict())
    text = str(hand)
    assert_valid("parse", _json_of("parse", text, "--rules", rules))
    assert_valid("shanten", _json_of("shanten", text, "--rules", rules))
    assert_valid("discards", _json_of("discards", text, "--rules", rules))
    assert_valid("waits", _json_of("waits", str(hand.without_win()), "--rules", rules))


ERRORS: list[tuple[str, ...]] = [
    ("score", "1r"),
    ("score", "[SSSg] 123r 456r 789r 5g +5x"),
    ("score", "123r 456r 789r 5g 7b 1y 3y +Sb"),
    ("score", "[SSSg] 123r 456r 789r 5g +5g", "--disabled-fans", "NO_SUCH_FAN"),
    ("waits", "[SSSg] 123456789r 5g +5g"),
    ("waits",),
    ("parse", "123m", "--rules", "mcrr"),
    ("play", "--rules", "mcr", "--players", "3"),
    ("play", "--bots", "greedy,random"),
    ("simulate", "--games", "0"),
    ("fans", "--bogus"),
]
"""Command lines that exit 2: bad hands, usage errors, refused requests."""


@pytest.mark.parametrize("argv", ERRORS, ids=" ".join)
def test_errors_match_the_error_schema(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    code, out, err = run_json(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert_valid("error", json.loads(err))


def test_an_error_with_a_position_matches(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run_json(capsys, "score", "1r")
    data = json.loads(err)
    assert isinstance(data["position"], int)
    assert_valid("error", data)


# ------------------------------------------------------------- game logs

GAMES = [(0, 2), (53, 2), (24, 4), (61, 4), (4, 8)]
"""Seeded rounds (seed, players) whose every log line is validated: between
them every kind of action and event (a concealed kong, an exposed kong, an
added kong and its replacement, a win and an exhaustive draw)."""

MCR_GAME = 3
"""The seed of a standard MCR round (flowers set aside) validated too."""


def _board(seed: int, players: int) -> Any:
    bots = [GreedyBot() if i % 2 else RandomBot(seed * 1000 + i) for i in range(players)]
    return play_hand("uno", bots, seed=seed)


@functools.cache
def record_validator(definition: str) -> Any:
    """A validator of one kind of log record: the branch of the log record
    schema's ``oneOf`` that a record's type picks (the whole ``oneOf``
    tries every branch, four times the work on a round's lines)."""
    ref = SCHEMAS["log-record"]["$id"] + "#/$defs/" + definition
    return Draft202012Validator({"$ref": ref}, registry=REGISTRY)


def _invalid_lines(lines: list[str]) -> list[str]:
    """What is wrong with a log's lines: the first three against the whole
    schema, every line against the definition of its type."""
    out = []
    for n, line in enumerate(lines, 1):
        record = json.loads(line)
        kind = "view_header" if "viewer" in record else str(record.get("type"))
        checks = [validator("log-record")] if n <= 3 else []
        checks.append(record_validator(kind))
        out += [f"line {n}: {e.message[:300]}" for c in checks for e in c.iter_errors(record)]
    return out


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_every_log_line_matches_the_log_record_schema(seed: int, players: int) -> None:
    board = _board(seed, players)
    lines = board.log_lines()
    assert [json.loads(line)["type"] for line in lines[:3]] == ["header", "start", "action"]
    assert not _invalid_lines(lines)
    # Two seats' views (a header with a viewer, hidden tiles), and a keyed
    # log, whose records differ only in their chain and digests.
    for seat in (0, players - 1):
        assert not _invalid_lines(seat_view(lines, seat))
    keyed = board.log_lines(key=b"server key")
    assert json.loads(keyed[0])["chain"] == "hmac-sha256"
    assert not _invalid_lines(keyed[:5] + seat_view(keyed, 0, key=b"server key")[:5])


def test_a_standard_mcr_log_matches_the_schema() -> None:
    lines = play_hand("mcr", [GreedyBot()] * 4, seed=MCR_GAME).log_lines()
    assert any(t.startswith("H") for t in json.loads(lines[0])["wall"])
    assert not _invalid_lines(lines)
    assert not _invalid_lines(seat_view(lines, 1))


def test_the_games_show_every_kind_the_schema_lists() -> None:
    boards = [_board(*game) for game in GAMES]
    boards.append(play_hand("mcr", [GreedyBot()] * 4, seed=MCR_GAME))
    records = [json.loads(line) for board in boards for line in board.log_lines()]
    defs = SCHEMAS["log-record"]["$defs"]
    events = {e["kind"] for r in records for e in r.get("events", ())}
    actions = {r["action"]["kind"] for r in records if r["type"] == "action"}
    assert events == set(defs["event"]["properties"]["kind"]["enum"])
    assert actions == set(defs["action"]["properties"]["action"]["properties"]["kind"]["enum"])


def test_a_log_that_lost_its_start_record_is_not_play_output(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run_json(capsys, "play", "--seed", "1")
    data = json.loads(out)
    assert_valid("play", data)
    del data["log"][1]
    assert not validator("play").is_valid(data)


# ------------------------------------------------- the schemas are not vacuous


def _objects(node: object, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Paths of the instance's objects, top level first; of a list, the
    objects in its first three items (the rest have the same schema)."""
    if isinstance(node, dict):
        yield path
        for k, v in node.items():
            yield from _objects(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:3]):
            yield from _objects(v, (*path, i))


def _at(node: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        node = node[step]
    return node


SAMPLES: list[tuple[str, tuple[str, ...]]] = [
    ("parse", ("parse", "(RRRRy) [5555b@1] 123r 44g 77b")),
    ("waits", ("waits", "[SSSg] 123456789r 5g")),
    ("shanten", ("shanten", "123456789m1122p", "--rules", "mcr")),
    ("discards", ("discards", "123r 456r 789r SSg 5g 7b +5g")),
    ("score", ("score", "[SSSg] 123r 456r 789r 5g +5g")),
    ("fans", ("fans", "--rules", "mcr")),
    ("audit", ("audit", "--hands", "20")),
    ("simulate", ("simulate", "--games", "2")),
    ("play", ("play", "--seed", "3", "--players", "2")),
    ("error", ("score", "1r")),
]
"""One real output of each schema but the log record's (checked below)."""

_OPEN_MAPS = {"unseen", "useful", "fan_frequency", "shapes"}
"""Objects keyed by tile, fan id or shape: a key is data, not a field."""


@pytest.mark.parametrize(("name", "argv"), SAMPLES, ids=_case_id)
def test_dropping_or_adding_a_field_breaks_validation(
    capsys: pytest.CaptureFixture[str], name: str, argv: tuple[str, ...]
) -> None:
    code, out, err = run_json(capsys, *argv)
    data = json.loads(out if code == 0 else err)
    if name == "play":
        data["log"] = data["log"][:3]  # its records are checked one by one below
    check = validator(name)
    assert check.is_valid(data)
    tried = 0
    for path in _objects(data):
        if path and path[-1] in _OPEN_MAPS:
            continue
        obj = _at(data, path)
        for key in obj:
            broken = copy.deepcopy(data)
            del _at(broken, path)[key]
            assert not check.is_valid(broken), f"{name}: {[*path, key]} dropped is still valid"
            tried += 1
        added = copy.deepcopy(data)
        _at(added, path)["unknown_field"] = 0
        assert not check.is_valid(added), f"{name}: {list(path)} takes an unknown field"
    assert tried >= 2


def test_each_log_record_needs_its_fields() -> None:
    lines = _board(2, 4).log_lines()
    check = validator("log-record")
    records = [json.loads(line) for line in lines]
    for record in records[:3]:
        for key in record:
            broken = {k: v for k, v in record.items() if k != key}
            assert not check.is_valid(broken), f"{record['type']} without {key} is valid"
        assert not check.is_valid({**record, "end": True})
    wrong = [
        {**records[0], "format": 1},
        {**records[0], "players": 9},
        {**records[0], "seed": "7"},
        {**records[0], "chain": "md5"},
        {**records[1], "digest": "0" * 63},
        {**records[2], "seat": True},
        {**records[2], "action": {**records[2]["action"], "kind": "draw"}},
        {**records[2], "events": [{"kind": "discard", "seat": 0, "tile": "5x"}]},
        {"type": "end", "digest": records[1]["digest"]},
    ]
    for record in wrong:
        assert not check.is_valid(record), record


# ------------------------------------------------------------- the docs


def test_the_docs_link_the_shipped_files_and_hold_no_copy() -> None:
    page = (ROOT / "docs" / "schemas.md").read_text(encoding="utf-8")
    folder = ROOT / "src" / "unomahjong" / "schemas"
    for name in schemas.names():
        link = f"(../src/unomahjong/schemas/{name}{schemas.SUFFIX})"
        assert link in page, f"docs/schemas.md does not link {name}"
        shipped = resources.files("unomahjong.schemas").joinpath(name + schemas.SUFFIX)
        assert json.loads((folder / (name + schemas.SUFFIX)).read_text("utf-8")) == json.loads(
            shipped.read_text("utf-8")
        )
    copies = [p for p in (ROOT / "docs").rglob("*.schema.json") if "_build" not in p.parts]
    assert not copies, f"the docs use the package's schemas, not copies: {copies}"
    linked = {
        "cli.md": set(schemas.names()) - {"log-record", "card-log-record"},
        "game.md": {"log-record"},
        "cards.md": {"card-log-record"},
    }
    for doc, names in linked.items():
        text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
        assert "(schemas.md)" in text, doc
        for name in names:
            assert f"(../src/unomahjong/schemas/{name}{schemas.SUFFIX})" in text, (doc, name)
