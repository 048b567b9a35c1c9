"""The digest chain of a format-2 log, written from its specification
(docs/game.md#log-format-json-lines-version-2), not from the library's code:
the tests forge logs with it the way anyone who edits a log can (the plain
SHA-256 chain is no secret), and check that the library's digests are the
documented ones."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable
from typing import Any


def digest(previous: bytes, record: dict[str, Any], key: bytes | None = None) -> bytes:
    body = {k: v for k, v in record.items() if k != "digest"}
    message = previous + json.dumps(
        body, sort_keys=True, separators=(",", ":"), ensure_ascii=True
    ).encode("ascii")
    if key is None:
        return hashlib.sha256(message).digest()
    return hmac.new(key, message, hashlib.sha256).digest()


def resign(lines: Iterable[str], key: bytes | None = None) -> list[str]:
    """The lines with every digest recomputed (the header's chain set to
    match): what an editor who knows the format, but not the key, can do."""
    out = []
    previous = bytes(32)
    for i, line in enumerate(lines):
        rec = json.loads(line)
        if i == 0 and isinstance(rec, dict) and rec.get("format") == 2:
            rec["chain"] = "sha256" if key is None else "hmac-sha256"
        d = digest(previous, rec, key)
        rec["digest"] = d.hex()
        previous = d
        out.append(json.dumps(rec))
    return out
