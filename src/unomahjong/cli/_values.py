"""Argument types: one argument's text made a value, or refused with a
message naming the text and what was wanted (argparse shows it with the
option's name)."""

from __future__ import annotations

import argparse
import re

from . import _io

_WHOLE = re.compile(r"-?[0-9]{1,100}", re.ASCII)
"""A whole number as the command line takes it: ASCII digits only (``int``
would also read "１２", "٤", " 12 ", "+5" and "1_000"), at most 100."""


def whole(text: str) -> int:
    """An argparse type: a whole number in ASCII digits."""
    if not _WHOLE.fullmatch(text):
        too_long = re.fullmatch(r"-?[0-9]+", text, re.ASCII) is not None
        raise argparse.ArgumentTypeError(
            f"{_io.shown(text)} has more than 100 digits"
            if too_long
            else f"{_io.shown(text)} is not a whole number in ASCII digits 0-9"
        )
    return int(text)


def seed(text: str) -> int:
    """An argparse type: a seed, a whole number >= 0 (``random.Random(-n)``
    shuffles as ``Random(n)``)."""
    n = whole(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"{n} is not a seed: give a whole number >= 0")
    return n


def count(text: str, minimum: int) -> int:
    n = whole(text)
    if n < minimum:
        raise argparse.ArgumentTypeError(f"{n} is not a count: give {minimum} or more")
    return n


def at_least_one(text: str) -> int:
    """An argparse type: a whole number >= 1 (a count of hands or games)."""
    return count(text, 1)


def at_least_zero(text: str) -> int:
    """An argparse type: a whole number >= 0 (points, fans, workers)."""
    return count(text, 0)


def srand(text: str) -> int:
    """An argparse type: the judge's srand, a signed 32-bit integer."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not -(2**31) <= value < 2**31:
        raise argparse.ArgumentTypeError(f"{_io.shown(text)} is not a 32-bit integer")
    return value


def seconds(text: str) -> float:
    """An argparse type: a bot program's time for a turn, in seconds, above 0
    and at most 60 (``BotProgram``'s most)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= 60:
        raise argparse.ArgumentTypeError(
            f"{_io.shown(text)} is not a number of seconds above 0 and at most 60"
        )
    return value
