"""Measure the seven speed targets in both modes and print one Markdown table.

Usage::

    python benchmarks/targets.py [--quick] [--modes compiled,python] [--skip ROWS]
        [--baseline-src DIR] [--json]

Runs each benchmark script as a subprocess with ``--json``, once with the
compiled core (``UNOMAHJONG_PURE`` unset) and once with ``UNOMAHJONG_PURE=1``,
one at a time (the machine is shared: every ratio is measured against its
peer inside one process, in interleaved rounds, on first sight):

1. ``bench_mcr_scoring.py``: MCR ``score_hand(text, rules="mcr", ...)`` and
   ``score(hand, context, "mcr")`` against ``MahjongFanCalculator`` (rows 1-2);
2. ``bench_scoring.py``: UNO ``score_hand`` per hand against one
   ``MahjongFanCalculator`` call per MCR hand (row 3);
3. ``bench_parse.py``: ``parse_hand`` time over one calculator call (row 4);
4. ``bench_shanten.py``: ``shanten`` against ``MahjongShanten``, first sight (row 5);
5. ``bench_game.py``: random-bot 4-player hands against rlcard (row 6);
6. row 7, the Python engine against itself at commit 6b81e7e ("today's"):
   instructions per hand on first sight (``instructions.py``, valgrind; the
   speed ratio is then baseline / now), and the same results (scores,
   shanten and waits of seeded hands) from both versions and, in the
   compiled mode, from ``diff_engines.py``.

The baseline's ``src`` is read from git (``git archive 6b81e7e src`` into a
temporary directory; nothing in the checkout changes); its instruction
counts were measured once (``BASELINE_INSTRUCTIONS``) and are measured again
with ``--remeasure-baseline``. A mode whose engine is not what was asked for
(no compiled core built) shows "pending".
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"
BASELINE_COMMIT = "6b81e7e"
BASELINE_INSTRUCTIONS = {"uno": 426_702, "mcr": 442_970}
"""Instructions per hand on first sight at 6b81e7e (``PYTHONHASHSEED=0
instructions.py --rules R --src <6b81e7e>/src``, 2,000 hands), measured
2026-12-01."""
SPEED_FLOOR = 0.75

Result = dict[str, Any]

SCRIPTS: dict[str, tuple[str, list[str], list[str]]] = {
    # name: (script, default arguments, --quick arguments)
    "mcr_scoring": ("bench_mcr_scoring.py", [], ["--hands", "5000"]),
    "uno_scoring": ("bench_scoring.py", [], ["--hands", "5000", "--peer-hands", "1000"]),
    "parse": ("bench_parse.py", [], ["--hands", "2000"]),
    "shanten": ("bench_shanten.py", [], ["--hands", "5000"]),
    "game": ("bench_game.py", [], ["--games", "100", "--peer-games", "25", "--repeats", "3"]),
}


def environment(mode: str, src: Path = SRC) -> dict[str, str]:
    """The environment of a subprocess in ``mode`` ("compiled" or "python")."""
    env = {k: v for k, v in os.environ.items() if k != "UNOMAHJONG_PURE"}
    env["PYTHONPATH"] = str(src)
    if mode == "python":
        env["UNOMAHJONG_PURE"] = "1"
    return env


def run_script(script: str, args: list[str], mode: str) -> Result:
    """The JSON a benchmark prints (its last line), or ``{"error": ...}``."""
    path = HERE / script
    if not path.exists():
        return {"error": f"{script} not written yet"}
    proc = subprocess.run(
        [sys.executable, str(path), "--json", *args],
        env=environment(mode),
        capture_output=True,
        text=True,
        check=False,
    )
    text = proc.stdout.strip()
    if proc.returncode or not text:
        tail = (proc.stdout + proc.stderr).strip().splitlines()[-3:]
        return {"error": f"{script} exited {proc.returncode}: {' | '.join(tail)}"}
    for candidate in (text, text.splitlines()[-1]):  # indented JSON, or a last line
        try:
            out: Result = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        out.setdefault("engine", active_engine(mode))
        return out
    return {"error": f"{script} printed no JSON: {text[-200:]}"}


_ACTIVE: dict[str, str] = {}


def active_engine(mode: str) -> str:
    """The engine a subprocess in ``mode`` runs ("compiled" or "python"), for
    scripts that do not report it."""
    if mode not in _ACTIVE:
        proc = subprocess.run(
            [sys.executable, "-c", "import unomahjong; print(unomahjong.COMPILED)"],
            env=environment(mode),
            capture_output=True,
            text=True,
            check=False,
        )
        _ACTIVE[mode] = "compiled" if proc.stdout.strip() == "True" else "python"
    return _ACTIVE[mode]


def ran_as(result: Result, mode: str) -> bool:
    """Whether the run used the engine ``mode`` asks for."""
    if "error" in result or "skipped" in result:
        return False
    return bool(result["engine"] == mode)


# ---------------------------------------------------------------- row 7


RESULTS_WORKLOAD = """
import hashlib, json, sys
from unomahjong import score, shanten, waits
from unomahjong.research.generate import winning_hands
rules, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
out = []
for hand, ctx in winning_hands(seed, n, rules):
    s = score(hand, ctx, rules)
    ready = hand.without_win()
    line = repr((str(s), s.as_dict(), shanten(ready), sorted(t.code for t in waits(ready))))
    out.append(hashlib.sha256(line.encode()).hexdigest()[:16])
print(json.dumps(out))
"""


def results_of(src: Path, mode: str, rules: str, hands: int, seed: int) -> list[str] | str:
    """One digest per seeded hand of the version at ``src``, or the error."""
    proc = subprocess.run(
        [sys.executable, "-c", RESULTS_WORKLOAD, rules, str(hands), str(seed)],
        env=environment(mode, src),
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode:
        return f"exit {proc.returncode}: {proc.stderr.strip().splitlines()[-1:]}"
    digests: list[str] = json.loads(proc.stdout)
    return digests


def instructions_of(src: Path, mode: str, rules: str) -> int | str:
    """Instructions per hand on first sight (instructions.py), or the error."""
    proc = subprocess.run(
        [sys.executable, str(HERE / "instructions.py"), "--rules", rules, "--src", str(src)],
        env={**environment(mode, src), "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        check=False,
    )
    m = re.search(r"([\d,]+) instructions per hand", proc.stdout)
    if proc.returncode or m is None:
        return f"exit {proc.returncode}: {(proc.stdout + proc.stderr).strip()[-200:]}"
    return int(m[1].replace(",", ""))


def baseline_src(into: Path) -> Path | None:
    """The baseline commit's ``src``, extracted from git under ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(HERE.parent), "archive", "--format=tar", BASELINE_COMMIT, "src"],
        capture_output=True,
        check=False,
    )
    if archive.returncode:
        return None
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into / "src"


def python_mode_row(
    baseline: Path | None, instructions: bool, remeasure: bool, hands: int, seed: int
) -> Result:
    """Row 7: speed of the Python engine against 6b81e7e, and its results."""
    out: Result = {"instructions": {}, "baseline_instructions": {}, "identical": {}}
    for rules in ("uno", "mcr"):
        if instructions:
            now = instructions_of(SRC, "python", rules)
            before: int | str = BASELINE_INSTRUCTIONS[rules]
            if remeasure and baseline is not None:
                before = instructions_of(baseline, "python", rules)
            out["instructions"][rules] = now
            out["baseline_instructions"][rules] = before
        if baseline is not None:
            mine = results_of(SRC, "python", rules, hands, seed)
            theirs = results_of(baseline, "python", rules, hands, seed)
            if isinstance(mine, str) or isinstance(theirs, str):
                out["identical"][rules] = f"error: {mine if isinstance(mine, str) else theirs}"
            else:
                differ = sum(a != b for a, b in zip(mine, theirs, strict=True))
                out["identical"][rules] = {"hands": len(mine), "differ": differ}
    return out


def diff_engines(hands: int) -> Result:
    """diff_engines.py in the compiled mode: the engines' mismatches."""
    proc = subprocess.run(
        [sys.executable, str(HERE / "diff_engines.py"), "--hands", str(hands), "--json"],
        env=environment("compiled"),
        capture_output=True,
        text=True,
        check=False,
    )
    lines = proc.stdout.strip().splitlines()
    if not lines:
        return {"error": f"diff_engines.py exited {proc.returncode}: {proc.stderr[-200:]}"}
    out: Result = json.loads(lines[-1])
    return out


# ---------------------------------------------------------------- the table


def _fmt(x: float) -> str:
    return f"{x:.2f}x" if x >= 0.1 else f"{x:.3f}x"


Cell = tuple[str, bool | None]
"""The text of a measurement and whether it meets its target (None: not measured)."""


SKIPPED: Cell = ("skipped", None)


def _cell(
    result: Result, mode: str, get: Callable[[Result], float], ok: Callable[[float], bool]
) -> Cell:
    if "skipped" in result:
        return SKIPPED
    if "error" in result:
        return (f"error: {result['error']}", None)
    if not ran_as(result, mode):
        return ("pending (core not active)", None)
    try:
        value = get(result)
    except (KeyError, TypeError):
        return (f"no figure in {sorted(result)}", None)
    return (_fmt(value), ok(value))


def _parse_ratio(result: Result, engine: str) -> float:
    ratios = result["time_ratio_vs_peer"]
    return max(float(ratios[f"uno_{engine}"]), float(ratios[f"mcr_{engine}"]))


def _parse_cell(result: Result, engine: str) -> Cell:
    if "skipped" in result:
        return SKIPPED
    if "error" in result:
        return (f"error: {result['error']}", None)
    ratios = result.get("time_ratio_vs_peer", {})
    if f"uno_{engine}" not in ratios:
        return ("pending (core not built)", None)
    value = _parse_ratio(result, engine)
    return (
        f"{_fmt(value)} (UNO {ratios[f'uno_{engine}']}, MCR {ratios[f'mcr_{engine}']})",
        value <= 0.5,
    )


def at_least(floor: float) -> Callable[[float], bool]:
    """The test of a throughput target."""
    return lambda x: x >= floor


def _game_ratio(result: Result) -> float:
    return float(result["ratio_random"])


def _shanten_ratio(result: Result) -> float:
    for key in ("ratio_first_sight", "ratio_cold", "ratio"):
        if key in result:
            return float(result[key])
    raise KeyError("ratio")


def table(
    results: dict[str, dict[str, Result]], row7: Result, diff: Result | None
) -> list[list[str]]:
    """The rows: measure, target, compiled, Python, met?"""
    c, p = results["compiled"], results["python"]
    rows: list[tuple[str, str, Cell, Cell]] = []
    specs: list[tuple[str, str, str, Callable[[Result], float], float]] = [
        (
            'MCR `score_hand(text, rules="mcr", ...)` vs `MahjongFanCalculator`',
            ">= 1.0x",
            "mcr_scoring",
            lambda r: float(r["ratio"]["score_hand"]),
            1.0,
        ),
        (
            'MCR `score(hand, context, "mcr")` vs the same',
            ">= 1.5x",
            "mcr_scoring",
            lambda r: float(r["ratio"]["score"]),
            1.5,
        ),
        (
            "UNO `score_hand(text, ...)` vs `MahjongFanCalculator` per MCR hand",
            ">= 1.0x",
            "uno_scoring",
            lambda r: float(r["ratio"]["score_hand_vs_pymahjonggb"]),
            1.0,
        ),
    ]
    for name, target, key, get, floor in specs:
        rows.append(
            (
                name,
                target,
                _cell(c[key], "compiled", get, at_least(floor)),
                _cell(p[key], "python", get, at_least(floor)),
            )
        )
    rows.append(
        (
            "`parse_hand` (14 tiles), time over one `MahjongFanCalculator` call",
            "<= 0.5x",
            _parse_cell(c["parse"], "compiled"),
            _parse_cell(p["parse"], "python"),
        )
    )
    rows.append(
        (
            "`shanten` vs `MahjongShanten`, first sight",
            ">= 2.0x",
            _cell(c["shanten"], "compiled", _shanten_ratio, at_least(2.0)),
            _cell(p["shanten"], "python", _shanten_ratio, at_least(2.0)),
        )
    )
    rows.append(
        (
            "random-bot 4-player hands vs rlcard's mahjong",
            ">= 20x",
            _cell(c["game"], "compiled", _game_ratio, at_least(20.0)),
            _cell(p["game"], "python", _game_ratio, at_least(20.0)),
        )
    )
    rows.append(
        (
            "pure-Python mode: results identical; speed vs 6b81e7e",
            ">= 0.75x",
            _identical(diff),
            _speed(row7),
        )
    )
    out = []
    for i, (name, target, comp, py) in enumerate(rows, 1):
        # Rows 1-6 are the compiled core's targets; row 7 is the Python
        # engine's, with the engines' agreement where the core is active.
        verdict = comp[1]
        if i == 7:
            verdict = False if comp[1] is False else py[1]
        met = "pending" if verdict is None else ("yes" if verdict else "no")
        out.append([str(i), name, target, comp[0], py[0], met])
    return out


def _identical(diff: Result | None) -> Cell:
    if diff is None:
        return ("not run", None)
    if "error" in diff:
        return (f"error: {diff['error']}", None)
    if not diff.get("compiled"):
        return ("pending (core not active)", None)
    return (
        f"{diff['mismatches']} mismatches in {diff['cases']:,} cases (diff_engines)",
        diff["mismatches"] == 0,
    )


def _speed(row7: Result) -> Cell:
    parts: list[str] = []
    ok: bool | None = None
    for rules in ("uno", "mcr"):
        now = row7["instructions"].get(rules)
        before = row7["baseline_instructions"].get(rules)
        if isinstance(now, int) and isinstance(before, int) and now and before:
            ratio = before / now
            parts.append(f"{rules.upper()} {_fmt(ratio)} ({before:,} -> {now:,} instr/hand)")
            ok = (ok is not False) and ratio >= SPEED_FLOOR
        elif now is not None:
            parts.append(f"{rules.upper()}: {now} / {before}")
    for rules, same in row7["identical"].items():
        if isinstance(same, dict):
            parts.append(f"{rules.upper()} results {same['differ']} differ in {same['hands']:,}")
            ok = (ok is not False) and same["differ"] == 0
        else:
            parts.append(f"{rules.upper()} results: {same}")
            ok = False
    return ("; ".join(parts) or "not measured", ok)


def markdown(rows: list[list[str]]) -> str:
    """The rows as a Markdown table."""
    head = ["#", "measure", "target", "compiled", "Python (UNOMAHJONG_PURE=1)", "met?"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run every row in both modes; returns the exit status (1 if a target is missed)."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller samples (minutes, not tens)")
    ap.add_argument("--modes", default="compiled,python")
    ap.add_argument(
        "--skip",
        default="",
        help="comma-separated: " + ",".join([*SCRIPTS, "instructions", "diff"]),
    )
    ap.add_argument(
        "--remeasure-baseline",
        action="store_true",
        help=f"count {BASELINE_COMMIT}'s instructions again (valgrind, minutes)",
    )
    ap.add_argument("--diff-hands", type=int, default=20_000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    skip = set(filter(None, args.skip.split(",")))
    modes = args.modes.split(",")
    results: dict[str, dict[str, Result]] = {m: {} for m in ("compiled", "python")}
    for mode in ("compiled", "python"):
        for name, (script, full, quick) in SCRIPTS.items():
            if mode not in modes or name in skip:
                results[mode][name] = {"skipped": True}
                continue
            print(f"[{mode}] {script} ...", file=sys.stderr, flush=True)
            results[mode][name] = run_script(script, quick if args.quick else full, mode)
    print("[python] row 7: instructions and results against the baseline ...", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        row7 = python_mode_row(
            baseline_src(Path(tmp)),
            "instructions" not in skip,
            args.remeasure_baseline,
            2_000 if args.quick else 20_000,
            20_261_129,
        )
    diff = None
    if "diff" not in skip and "compiled" in modes:
        print("[compiled] diff_engines.py ...", file=sys.stderr, flush=True)
        diff = diff_engines(2_000 if args.quick else args.diff_hands)
    rows = table(results, row7, diff)
    if args.json:
        print(json.dumps({"rows": rows, "results": results, "row7": row7, "diff": diff}))
    else:
        print(markdown(rows))
    return 0 if all(r[5] == "yes" for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
