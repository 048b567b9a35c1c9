"""Mutation testing of the scoring rules: how many small changes to the
Python engine's code the fast tests notice.

Usage::

    python benchmarks/mutation.py [--jobs N] [--keep DIR] [--json]

mutmut (pyproject.toml's ``[tool.mutmut]``: the files it changes and the
tests it runs) mutates ``scoring/counting.py``, ``scoring/scorer.py`` and
``model/context.py`` one change at a time and runs the tests that reach each
change. A mutant the tests fail on is *killed*; one they pass on
*survived*; one no selected test reaches has *no tests*. The score is the
share killed of all mutants, per file and in all.

Everything happens in a scratch copy of the tracked files with a virtual
environment of its own (attrs, more-itertools, pytest, hypothesis and
mutmut from the registry), so that the copy mutmut changes is the one
imported, and in the Python engine (``UNOMAHJONG_PURE=1``: the compiled
core would score without the mutated code). About ten minutes on 2 cores.
docs/reliability.md has the last figures and why each survivor is left.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import venv
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("attrs", "more-itertools", "pytest", "hypothesis", "mutmut==3.8.1")
RESULT = re.compile(r"^\s*(?P<module>[\w.]+)\.x(?:ǁ\w+ǁ)?_?\w*__mutmut_\d+: (?P<status>.+)$")


def _copy_tree(into: Path) -> None:
    """The tracked files at HEAD plus the working tree's changes to them."""
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True
    ).stdout.split(b"\0")
    for name in filter(None, files):
        source = ROOT / name.decode()
        if source.is_file():
            target = into / name.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())


def _environment(into: Path) -> Path:
    venv.create(into, with_pip=True)
    python = into / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "-q", *TOOLS], check=True)
    return python


def tally(results: str) -> dict[str, Counter[str]]:
    """mutmut's ``results --all true`` lines, counted per module by status."""
    per_module: dict[str, Counter[str]] = {}
    for line in results.splitlines():
        m = RESULT.match(line)
        if m:
            per_module.setdefault(m["module"], Counter())[m["status"].strip()] += 1
    return per_module


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--keep", type=Path, help="work in this directory and leave it")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        work = args.keep or Path(scratch)
        tree = work / "tree"
        if not (tree / "pyproject.toml").exists():
            _copy_tree(tree)
        python = _environment(work / "venv")
        mutmut: list[str | Path] = [python, "-m", "mutmut"]
        env = {**os.environ, "UNOMAHJONG_PURE": "1", "PYTHONPATH": ""}
        ran = subprocess.run(
            [*mutmut, "run", "--max-children", str(args.jobs)],
            cwd=tree,
            env=env,
            capture_output=True,
            text=True,
        )
        if ran.returncode:
            print(ran.stdout[-4000:], ran.stderr[-4000:], sep="\n", file=sys.stderr)
            return ran.returncode
        out = subprocess.run(
            [*mutmut, "results", "--all", "true"],
            cwd=tree,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    per_module = tally(out)
    report = {
        module: {**counts, "total": counts.total(), "score": counts["killed"] / counts.total()}
        for module, counts in sorted(per_module.items())
    }
    killed = sum(c["killed"] for c in per_module.values())
    everything = sum(c.total() for c in per_module.values())
    if args.json:
        print(json.dumps({"modules": report, "killed": killed, "mutants": everything}))
    else:
        for module, row in report.items():
            rest = ", ".join(f"{k} {v}" for k, v in row.items() if k not in {"total", "score"})
            print(f"{module:28} {row['score']:6.1%} of {row['total']:4}  ({rest})")
        print(f"{'all':28} {killed / everything:6.1%} of {everything:4}")
        for line in out.splitlines():
            if RESULT.match(line) and not line.rstrip().endswith("killed"):
                print(line.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
