"""JSON Schemas (draft 2020-12) of what the library writes for machines:
each ``--json`` output of the command line, the error object that a failed
command prints under ``--json``, and a record of a round's log (JSON Lines,
format 2). The schemas ship with the package as data files,
``unomahjong/schemas/NAME.schema.json`` (docs/schemas.md).

>>> from unomahjong import schemas
>>> schemas.names()[:3]
('parse', 'waits', 'shanten')
>>> schemas.load("error")["required"]
['error', 'message', 'position']

A schema refers to the others by their file names (``play`` uses
``score`` and ``log-record``), relative to its ``$id``: a validator
resolves them when it is given all the schemas, or when it reads them
from one folder.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from .._checks import describe, keywords_checked
from ..errors import MahjongError

__all__ = ["SchemaError", "load", "names"]

NAMES: Final = (
    "parse",
    "waits",
    "shanten",
    "discards",
    "score",
    "fans",
    "audit",
    "play",
    "simulate",
    "error",
    "log-record",
    "card-log-record",
)
"""The schemas, in the order of docs/schemas.md: the outputs of ``parse``,
``waits``, ``shanten``, ``discards``, ``score``, ``fans``, ``audit``,
``play`` and ``simulate`` under ``--json``, the error object, one record
of a round's log, and one record of a card game's log."""

SUFFIX: Final = ".schema.json"
"""How a schema's file name ends: ``score`` is ``score.schema.json``."""


class SchemaError(MahjongError):
    """A schema name that is not one of :func:`names` (``unknown-schema``),
    or not text (``not-a-name``)."""


@keywords_checked
def names() -> tuple[str, ...]:
    """The name of every schema the package ships, in a stable order: the
    commands' outputs first, then ``error`` and ``log-record``."""
    return NAMES


@keywords_checked
def load(name: str) -> dict[str, Any]:
    """The schema ``name`` (one of :func:`names`) as a new dict, read from
    the package's data file ``NAME.schema.json``.

    Raises :class:`SchemaError` for a name that is not text
    (``not-a-name``) or not a schema's (``unknown-schema``)."""
    if not isinstance(name, str):
        raise SchemaError(
            "not-a-name",
            f"load() takes a schema's name (str) as name, not {describe(name)}",
            argument="name",
        )
    if name not in NAMES:
        known = ", ".join(NAMES)
        shown = repr(name) if len(name) <= 40 else repr(name[:37]) + "..."
        raise SchemaError(
            "unknown-schema", f"no schema named {shown}: one of {known}", argument="name"
        )
    text = resources.files(__name__).joinpath(name + SUFFIX).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
