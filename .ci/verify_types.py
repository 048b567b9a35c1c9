"""Check that the public API is completely typed, with pyright --verifytypes.

A library's annotations only help its users if every symbol they can reach has
a declared type: an attribute whose type pyright must infer may be inferred
differently by mypy or an IDE. ``pyright --verifytypes`` lists such symbols
across the whole package, but it counts every module whose name has no
underscore as public, including ``unomahjong.scoring.counting``,
which docs/api.md declares internal (the counting engine; it is not
re-exported and is tuned for speed). So this script:

* fails on any incompletely typed symbol outside those internal modules,
  except the few listed in ``KNOWN_GAPS`` with the reason they are open, and
  fails when a listed gap is closed (so the list only shrinks);
* fails if pyright's own score for the whole package falls below ``FLOOR``,
  so that the internal modules cannot drift much further either;
* prints both figures.

Usage: ``python .ci/verify_types.py`` in an environment where the package is
installed (pyright reads the interpreter it runs under).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from typing import Any

PACKAGE = "unomahjong"

INTERNAL = ("unomahjong.scoring.counting.",)
"""Modules declared internal in docs/api.md; their gaps count only towards FLOOR."""

KNOWN_GAPS: dict[str, str] = {}
"""Public symbols allowed to be incomplete for now, each with its reason."""

FLOOR = 0.99
"""pyright's completeness score for the whole package, internal modules included
(0.918 when this check was introduced; 1.0 once the engine's ``Reading`` and
``HandFacts`` attributes were annotated)."""


def run_pyright() -> dict[str, Any]:
    """pyright's JSON report; its exit status is 1 whenever anything is incomplete."""
    exe = shutil.which("pyright")
    if exe is None:
        raise SystemExit("verify_types: pyright is not installed (pip install --group release)")
    proc = subprocess.run(
        [exe, "--verifytypes", PACKAGE, "--ignoreexternal", "--outputjson"],
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        report: dict[str, Any] = json.loads(proc.stdout)
    except json.JSONDecodeError:
        raise SystemExit(f"verify_types: pyright failed:\n{proc.stdout}\n{proc.stderr}") from None
    return report


def main() -> int:
    """Print the figures and every problem; return the exit status."""
    completeness = run_pyright()["typeCompleteness"]
    if completeness.get("pyTypedPath") is None:
        print("verify_types: pyright found no py.typed for the package", file=sys.stderr)
        return 1
    exported = [s for s in completeness["symbols"] if s["isExported"]]
    public = [s for s in exported if not s["name"].startswith(INTERNAL)]
    incomplete = {s["name"] for s in public if not s["isTypeKnown"]}
    score: float = completeness["completenessScore"]
    known = len(public) - len(incomplete)
    print(
        f"verify_types: public API {known}/{len(public)} symbols with known types "
        f"({known / len(public):.1%}); whole package {score:.1%} "
        f"(pyright's score, internal modules included; floor {FLOOR:.0%})"
    )
    problems = [f"{name}: type incomplete" for name in sorted(incomplete - KNOWN_GAPS.keys())]
    problems += [
        f"{name}: now complete; remove it from KNOWN_GAPS"
        for name in sorted(KNOWN_GAPS.keys() - incomplete)
    ]
    if score < FLOOR:
        problems.append(f"whole-package score {score:.1%} is below the floor {FLOOR:.0%}")
    for reason in sorted({KNOWN_GAPS[name] for name in incomplete & KNOWN_GAPS.keys()}):
        names = sorted(n for n in incomplete & KNOWN_GAPS.keys() if KNOWN_GAPS[n] == reason)
        print(f"verify_types: known gap {', '.join(names)}: {reason}")
    for p in problems:
        print(f"verify_types: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
