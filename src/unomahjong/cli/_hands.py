"""The commands on one hand (parse, waits, shanten, discards, score,
render) and on a fan table (fans, audit)."""

from __future__ import annotations

import argparse
from typing import Any

from .._text import display_width, pad
from ..analysis.discards import discard_options, live_waits
from ..analysis.shanten import shanten, shanten_by_shape
from ..errors import MahjongError
from ..model.context import FLAGS, WinContext
from ..model.hand import Hand, parse_hand
from ..model.notation import format_meld, format_tiles, parse_tiles
from ..model.tiles import Tile
from ..rules.rule_sets import RuleSet, get_rules
from ..scoring.scorer import score
from . import _io
from ._io import UsageError, emit
from ._progress import Progress

HAND_TILES = 13
"""Tiles of a hand before its winning (or drawn) tile."""


def _rules(args: argparse.Namespace) -> RuleSet:
    """The rule set ``--rules`` names, less the fans ``--disabled-fans``
    switches off and with the minimum ``--min-fans`` sets."""
    rs = get_rules(args.rules)
    changes: dict[str, Any] = {}
    if args.min_fans is not None:
        changes["min_fans"] = args.min_fans
    if args.disabled_fans:
        changes["disabled_fans"] = frozenset(
            f.strip() for f in args.disabled_fans.split(",") if f.strip()
        )
    return rs.with_options(**changes) if changes else rs


def _notation(args: argparse.Namespace) -> RuleSet:
    """The rule set ``--rules`` names, whose tile set's notation hands are
    written in (``botzone`` hands are MCR's)."""
    return get_rules(args.rules)


def _hand(args: argparse.Namespace) -> Hand:
    return parse_hand(args.hand, _notation(args))


def _visible(args: argparse.Namespace) -> tuple[Tile, ...]:
    return parse_tiles(args.visible, _notation(args)) if args.visible else ()


def _group(args: argparse.Namespace) -> Hand | tuple[Tile, ...]:
    """What ``parse`` reads: a hand, else any group of tiles (``Sg``)."""
    try:
        return _hand(args)
    except MahjongError as e:
        if e.code != "tile-count":
            raise
        try:
            return tuple(parse_tiles(args.hand, _notation(args)))
        except MahjongError:
            raise e from None


def cmd_parse(args: argparse.Namespace) -> None:
    """Show the canonical form and the parts of a hand, or of any tile group,
    and whether it is a complete or a ready hand."""
    found = _group(args)
    if isinstance(found, Hand):
        h: Hand | None = found
        tiles = found.concealed
    else:
        tiles = found
        h = None
        if len(tiles) == HAND_TILES + 1:
            # Fourteen tiles written without '+': the same shape, whichever is drawn.
            text = format_tiles(tiles[:-1]) + " +" + str(tiles[-1])
            h = parse_hand(text, _notation(args))
    s = shanten(h) if h is not None else None
    win = found.win if isinstance(found, Hand) else None
    size = len(found.concealed) + 3 * len(found.melds) if isinstance(found, Hand) else len(tiles)
    complete = s == -1 and h is not None and h.win is not None
    ready = s == 0 and size == HAND_TILES
    data: dict[str, Any] = {
        "canonical": str(found) if isinstance(found, Hand) else format_tiles(tiles),
        "concealed": [str(t) for t in tiles],
        "melds": [
            {"kind": m.json_kind, "tiles": [str(t) for t in m.tiles]}
            for m in (found.melds if isinstance(found, Hand) else ())
        ],
        "win": None if win is None else str(win),
        "shanten": s,
        "complete": complete,
        "ready": ready,
    }
    if complete:
        verdict = "complete: a winning shape"
    elif ready:
        verdict = "ready: one tile from a winning shape (see waits)"
    elif s is not None:
        verdict = f"neither complete nor ready (shanten {s})"
    else:
        many = "tile" if len(tiles) == 1 else "tiles"
        verdict = f"not a hand: {len(tiles)} {many}; a hand is 13, or 14 with the winning tile"
    lines = [
        f"canonical  {data['canonical']}",
        f"concealed  {' '.join(data['concealed'])}",
    ]
    if isinstance(found, Hand):
        lines += [
            f"melds      {' '.join(format_meld(m) for m in found.melds) or '-'}",
            f"win        {win if win is not None else '- (13-tile hand)'}",
        ]
    if s is not None:
        lines.append(f"shanten    {s}")
    lines.append(f"hand       {verdict}")
    emit(args.json, data, lines)


def cmd_waits(args: argparse.Namespace) -> None:
    """The tiles that complete a 13-tile hand, with unseen copies."""
    h = _hand(args)
    if h.win is not None:
        raise UsageError(
            "needs-13-tiles",
            "waits needs a 13-tile hand (without '+tile'); for 14 tiles use 'discards'",
        )
    live = live_waits(h, _visible(args))
    s = shanten(h)
    data = {
        "shanten": s,
        "waits": [str(t) for t in live],
        "unseen": {str(t): n for t, n in live.items()},
    }
    if live:
        shown = "  ".join(f"{t} ({n} left)" for t, n in live.items())
        lines = [f"shanten  {s}", f"waits    {shown}"]
    else:
        lines = [f"shanten  {s}", "waits    none (the hand is not ready)"]
    emit(args.json, data, lines)


def cmd_shanten(args: argparse.Namespace) -> None:
    """Shanten overall and per winning shape."""
    h = _hand(args)
    per = shanten_by_shape(h)
    s = shanten(h)
    data = {"shanten": s, "shapes": {shape.value: n for shape, n in per.items()}}
    width = max((display_width(shape.value) for shape in per), default=0)
    lines = [f"shanten  {s}"] + [f"  {pad(shape.value, width)}  {n:>2}" for shape, n in per.items()]
    emit(args.json, data, lines)


def cmd_discards(args: argparse.Namespace) -> None:
    """For each discard of a 14-tile hand: shanten after it and the useful tiles."""
    h = _hand(args)
    if h.win is None:
        raise UsageError(
            "needs-14-tiles", "discards needs a 14-tile hand: write the drawn tile after '+'"
        )
    options = discard_options(h, _visible(args))
    data = {
        "discards": [
            {
                "tile": str(o.tile),
                "shanten": o.shanten,
                "useful": {str(t): n for t, n in o.useful.items()},
                "useful_count": o.useful_count,
            }
            for o in options
        ]
    }
    width = max((display_width(str(o.tile)) for o in options), default=0)
    lines = [
        f"discard {pad(str(o.tile), width)}  shanten {o.shanten}  useful {o.useful_count:>3}: "
        + " ".join(str(t) for t in o.useful)
        for o in options
    ]
    emit(args.json, data, lines)


def cmd_score(args: argparse.Namespace) -> None:
    """Score a complete hand."""
    h = _hand(args)
    if h.win is None:
        raise UsageError(
            "needs-14-tiles", "score needs a complete hand: write the winning tile after '+'"
        )
    ctx = WinContext(
        **{f: getattr(args, f) for f in FLAGS},
        seat_wind=args.seat_wind,
        prevalent_wind=args.prevalent_wind,
        flowers=args.flowers,
    )
    rs = _rules(args)
    s = score(h, ctx, rs, enforce_minimum=args.min_fans is not None)
    emit(args.json, s.as_dict(), [str(s)])


def cmd_fans(args: argparse.Namespace) -> None:
    """Print the fan table of a rule set."""
    table = get_rules(args.rules).fans
    rows = [
        {
            "number": r.number,
            "id": r.id,
            "zh": r.zh,
            "en": r.en,
            "points": r.points,
            "excludes": [table[x].zh for x in r.excludes],
            "absorbs": [table[x].zh for x in r.absorbs],
            "definition": r.definition,
        }
        for r in table
    ]
    zh = max((display_width(r.zh) for r in table), default=0)
    en = max((display_width(r.en) for r in table), default=0)
    lines = []
    for r in table:
        excl = [table[x].zh for x in r.excludes] + [f"{table[x].zh}(own)" for x in r.absorbs]
        names = f"{pad(r.zh, zh)}  {pad(r.en, en)}"
        lines.append(f"{r.number:>3} {names}  {r.points:>3}  {'、'.join(excl) or '-'}")
    emit(args.json, {"rules": table.name, "fans": rows}, lines)


def cmd_audit(args: argparse.Namespace) -> None:
    """Rules audit: implied fan pairs and exclusions that never fire."""
    from ..render.plots import plot_audit
    from ..research import audit
    from ._games import check_plot, write_plot

    check_plot(args)
    bar = Progress("audit", args.hands, "hands", "a seeded sample of winning hands")
    interrupted = None
    try:
        report = audit.audit(
            args.rules,
            hands=args.hands,
            seed=args.seed,
            workers=args.workers,
            progress=bar.callback,
        )
    except audit.AuditInterrupted as e:
        _io.ignore_interrupts()
        report, interrupted = e.report, e
    finally:
        bar.close()
    if interrupted is None and args.plot is not None:
        write_plot(plot_audit, report, args.plot)
    data = {
        "rules": report.rules,
        "hands": report.hands,
        "never_seen": list(report.never),
        "implied": [{"a": a, "b": b, "hands": n} for a, b, n in report.implied],
        "silent_exclusions": [{"a": a, "b": b, "hands": n} for a, b, n in report.silent],
    }
    emit(args.json, data, str(report).splitlines())
    if interrupted is not None:
        raise _io.Interrupted(
            f"interrupted after {report.hands} of {args.hands} hands"
            f" (the counts printed are of those {report.hands})"
        )


def cmd_render(args: argparse.Namespace) -> None:
    """Draw a hand as SVG (docs/render.md): to stdout, or to ``-o`` FILE.svg,
    or FILE.png when cairosvg is installed (else the SVG beside it, and exit 2)."""
    from pathlib import Path

    from ..render import hand_svg, svg_to_png

    svg = hand_svg(_hand(args))
    if args.output is None:
        _io.out(svg, end="")
        return
    path = Path(args.output)
    suffix = path.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise UsageError("bad-output", f"-o names a .svg or .png file, not {args.output!r}")
    try:
        if suffix == ".svg":
            path.write_text(svg, encoding="utf-8")
            return
        try:
            png = svg_to_png(svg)
        except ImportError:
            fallback = path.with_suffix(".svg")
            fallback.write_text(svg, encoding="utf-8")
            raise UsageError(
                "needs-cairosvg",
                f"PNG output needs cairosvg (pip install cairosvg); wrote SVG to {fallback}",
            ) from None
        path.write_bytes(png)
    except OSError as e:
        raise UsageError(
            "cannot-write", f"cannot write {e.filename or path}: {e.strerror or e}"
        ) from None
