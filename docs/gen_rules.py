"""Generate docs/rules.md from docs/rules.md.in, the fan table and the worked examples.

Run ``python docs/gen_rules.py`` after changing the fan table or the examples;
``tests/test_docs.py`` fails when docs/rules.md is stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from uno_fan_examples import EXAMPLES  # noqa: E402

from unomahjong.rules.uno_fans import UNO_FANS  # noqa: E402
from unomahjong.scoring.scorer import score_hand  # noqa: E402


def catalogue() -> str:
    """The fan catalogue in Markdown: one section per fan, with its example."""
    by_fan = {}
    for ex in EXAMPLES:
        by_fan.setdefault(ex.fan_id, ex)
    out = [
        "| # | 中文 | id | English | points | excludes |",
        "|---|---|---|---|---|---|",
    ]
    for r in UNO_FANS:
        excl = "、".join(UNO_FANS[x].zh for x in r.excludes)
        if r.absorbs:
            excl += ("、" if excl else "") + "、".join(
                f"{UNO_FANS[x].zh} (of its own melds)" for x in r.absorbs
            )
        out.append(f"| {r.number} | {r.zh} | `{r.id}` | {r.en} | {r.points} | {excl or '—'} |")
    out.append("")
    for r in UNO_FANS:
        out.append(f"### {r.number}. {r.zh} — {r.en} ({r.points})")
        out.append("")
        out.append(f"*Definition:* {r.definition}.  ")
        excl = "、".join(UNO_FANS[x].zh for x in r.excludes) or "—"
        out.append(f"*Excludes:* {excl}.")
        if r.absorbs:
            out.append(
                "  *Also not counted for its own melds:* "
                + "、".join(UNO_FANS[x].zh for x in r.absorbs)
                + "."
            )
        out.append("")
        ex = by_fan.get(r.id)
        if ex is not None:
            s = score_hand(ex.hand, **ex.flags)
            flags = ", ".join(k for k, v in ex.flags.items() if v) or "won on a discard"
            fans = " + ".join(
                f"{f.zh} {f.points}" + (f"×{f.count}" if f.count > 1 else "") for f in s.fans
            )
            out.append(f"*Example:* `{ex.hand}` ({flags}): {fans} = **{s.total}**.  ")
            out.append(f"{ex.note}.")
            out.append("")
    return "\n".join(out)


def render() -> str:
    """The full text of docs/rules.md."""
    template = (ROOT / "docs" / "rules.md.in").read_text(encoding="utf-8")
    return template.replace("<!-- FANS -->", catalogue().rstrip())


if __name__ == "__main__":
    (ROOT / "docs" / "rules.md").write_text(render() + "\n", encoding="utf-8")
    print("wrote docs/rules.md")
