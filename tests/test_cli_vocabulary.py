"""The command line's one vocabulary: ``--games`` for the hands a command
plays, ``--seed`` for what deals, the old spellings as hidden aliases, and
an unknown option named by its command with the nearest option it has."""

from __future__ import annotations

import argparse
import json

import pytest

from unomahjong.cli import build_parser, main
from unomahjong.cli._options import in_flags

HAND = "[SSSg] 123r 456r 789r 5g +5g"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _commands() -> dict[str, argparse.ArgumentParser]:
    def sub(p: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        action = next((a for a in p._actions if isinstance(a, argparse._SubParsersAction)), None)
        return {} if action is None else dict(action.choices)

    out: dict[str, argparse.ArgumentParser] = {}
    for name, p in sub(build_parser()).items():
        inner = sub(p)
        out.update({f"{name} {k}": q for k, q in inner.items()} if inner else {name: p})
    return out


COMMANDS = _commands()
PLAYS_HANDS = ("simulate", "cards simulate")
"""The commands that play a number of hands (``play``, ``cards play`` and
``botzone play`` play one)."""


def _listed(command: str) -> dict[str, argparse.Action]:
    """The options ``--help`` lists, by each of their spellings."""
    return {
        s: a
        for a in COMMANDS[command]._actions
        if a.help is not argparse.SUPPRESS
        for s in a.option_strings
    }


@pytest.mark.parametrize("command", PLAYS_HANDS)
def test_the_number_of_hands_played_is_games(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    games = _listed(command)["--games"]
    assert games.help is not None and games.help.startswith("the number of hands to play")
    assert games.default == 100
    code, out, _ = run(capsys, *command.split(), "--help")
    assert code == 0 and "--games N" in out


def test_no_command_lists_another_word_for_hands_played_or_for_the_seed() -> None:
    for command in COMMANDS:
        listed = _listed(command)
        assert "--srand" not in listed and "--rounds" not in listed, command
        assert "--hands" not in listed or command == "audit", command  # audit: hands held
    assert "--seed" in _listed("botzone play")


@pytest.mark.parametrize(
    ("old", "new", "ignored"),
    [
        (
            ["cards", "simulate", "--hands", "7", "--players", "3", "--json"],
            ["cards", "simulate", "--games", "7", "--players", "3", "--json"],
            "seconds",
        ),
        (
            ["botzone", "play", "--srand", "95", "--bots", "random", "--json"],
            ["botzone", "play", "--seed", "95", "--bots", "random", "--json"],
            None,
        ),
    ],
)
def test_old_spellings_still_work_and_are_not_listed(
    old: list[str], new: list[str], ignored: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, was, _ = run(capsys, *old)
    assert code == 0
    code, now, _ = run(capsys, *new)
    assert code == 0
    a, b = json.loads(was), json.loads(now)
    for data in (a, b):
        data.pop(ignored, None)
        data.pop("hands_per_second", None)
    assert a == b
    code, text, _ = run(capsys, *old[:2], "--help")
    assert code == 0 and old[2] not in text and new[2] in text
    if old[0] == "botzone":
        assert b["srand"] == 95  # the judge's srand, whatever the option's name
    else:
        assert b["hands"] == 7


def test_an_alias_does_not_override_the_default_of_its_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "cards", "simulate", "--json")
    assert code == 0 and json.loads(out)["hands"] == 100


@pytest.mark.parametrize(
    ("argv", "unknown", "nearest"),
    [
        (["simulate", "--game", "3"], "--game", "--games"),
        (["simulate", "--gmaes=3"], "--gmaes", "--games"),
        # The alias's word leads to the option it stands for.
        (["cards", "simulate", "--hand", "3"], "--hand", "--games"),
        (["botzone", "play", "--sead", "3"], "--sead", "--seed"),
        (["audit", "--hand", "9"], "--hand", "--hands"),
        (["score", HAND, "--self-drwn"], "--self-drwn", "--self-drawn"),
        # No abbreviations: --js is not --json, and the error is not JSON.
        (["fans", "--js"], "--js", "--json"),
        (["fans", "--zzzzzzzz"], "--zzzzzzzz", None),
        (["fans", "extra"], "'extra'", None),
        (["fans", "--a\nb"], "'--a\\nb'", None),
    ],
)
def test_an_unknown_option_names_its_command_and_the_nearest_option(
    argv: list[str], unknown: str, nearest: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    command = " ".join(argv[:2] if argv[0] in ("cards", "botzone") else argv[:1])
    message = f"unrecognized argument {unknown}" + (
        f" (did you mean {nearest}?)" if nearest else ""
    )
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (2, "", f"unomahjong {command}: {message}\n")
    code, out, err = run(capsys, *argv, "--json")
    assert code == 2 and out == ""
    assert json.loads(err) == {"error": "usage", "message": message, "position": None}


def test_an_unknown_option_is_quoted_within_bounds(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "--g" + "a" * 2000)
    assert code == 2 and err.count("\n") == 1 and len(err) < 120
    assert err.startswith("unomahjong simulate: unrecognized argument --gaaa") and "..." in err


def test_library_messages_name_options_not_keywords(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "parse", "123m")
    assert code == 2 and "(or use --rules mcr)" in err and "rules=" not in err
    code, _, err = run(capsys, "score", HAND, "--seat-wind", "S")
    assert err == "unomahjong score: --seat-wind S has no meaning in the uno rules [not-in-rules]\n"
    names = {"rules": "--rules", "self_drawn": "--self-drawn"}
    said = in_flags("use rules='mcr' or self_drawn=True", names)
    assert said == "use --rules mcr or --self-drawn"
    # What is not an option of the command line is left as it was.
    said = in_flags("key='a b', chunks=2, rules='a b'", names)
    assert said == "key='a b', chunks=2, --rules 'a b'"
