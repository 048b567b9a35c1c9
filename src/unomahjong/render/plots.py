"""Pictures of a simulation and of a rules audit, as SVG or PNG.

:func:`simulation_svg` draws a :class:`~unomahjong.research.simulation.SimulationReport`:
the win rate of each seat (and the draw rate), the 20 most frequent fans
with their Chinese and English names, and the distribution of the winning
totals. :func:`audit_svg` draws an :class:`~unomahjong.research.audit.AuditReport` as
a heat map: row A, column B is the share of the sampled hands holding A's
pattern that also held B's; the implied pairs (candidate double counts) are
outlined and the exclusions that never fired are crossed.

The SVG is written here, by hand, in a fixed order (equal reports give
equal bytes), self-contained (no style sheet, font file or image is
referred to) and with its text as SVG text: Chinese names ask for Noto Sans
CJK first (then other CJK fonts), so a browser with one of them shows them.
:func:`plot_simulation` and :func:`plot_audit` write a file chosen by its
suffix: ``.svg`` needs nothing; ``.png`` is drawn by matplotlib, which is
the optional extra ``unomahjong[plot]``.
"""

from __future__ import annotations

import contextlib
import importlib
import math
import os
import re
import warnings
from pathlib import Path
from typing import Any

import attrs

from .._checks import keywords_checked
from .._text import display_width
from ..research.audit import AuditReport
from ..research.simulation import SimulationReport
from ._plot_files import PlotError as PlotError
from ._plot_files import check_report, matplotlib_parts, save_png, write_picture
from ._svg import CJK_FONTS, document, el, esc, num, text

__all__ = [
    "TOP_FANS",
    "PlotError",
    "audit_svg",
    "plot_audit",
    "plot_simulation",
    "simulation_svg",
]

TOP_FANS = 20
"""Fans shown in a simulation's picture: the most frequent ones."""

WIDTH = 760
"""Width of a simulation's picture, in SVG user units (pixels)."""

INK = "#222"
GRID = "#ddd"
BAR = "#3b6fb6"
DRAW = "#9a9a9a"
MARK = "#d62728"
"""Outline of an implied pair in the audit's heat map."""

HEAT = ("#f4f8fc", "#c6dbef", "#6baed6", "#2171b5", "#08306b")
"""The heat map's colours from 0 (no hand with A also held B) to 1 (every one did)."""


def _label(zh: str, en: str, x: float, y: float, size: float, **attributes: object) -> str:
    """A fan's two names as one line: the Chinese in the CJK fonts, then the English."""
    body = el("tspan", esc(zh), font_family=CJK_FONTS, lang="zh") + " " + esc(en)
    return el("text", body, x=x, y=y, font_size=size, **attributes)


def _text_width(label: str, size: float) -> float:
    """An estimate of a label's width: a wide character about ``size``, any
    other about ``0.6 * size`` (the layout leaves room for either font)."""
    return display_width(label) * size * 0.56


def _nice_ceiling(x: float) -> float:
    """The least of 1, 2, 2.5, 5 times a power of ten that is at least ``x``."""
    if x <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(x))
    for step in (1.0, 2.0, 2.5, 5.0, 10.0):
        if step * power >= x - 1e-12:
            return step * power
    return 10.0 * power  # pragma: no cover - the loop always returns


def _percent(x: float) -> str:
    return f"{x * 100:.1f}%"


def _seat_panel(report: SimulationReport, top: float) -> tuple[list[str], float]:
    body = [text(20, top, "Win rate by seat", 13, font_weight="bold", fill=INK)]
    left, right, chart_top, height = 70.0, WIDTH - 20.0, top + 20, 120.0
    rates = [*report.win_rate_by_seat, report.draw_rate]
    scale = _nice_ceiling(max(rates) * 1.1)
    base = chart_top + height
    for i in range(5):
        y = base - height * i / 4
        body.append(el("line", x1=left, y1=y, x2=right, y2=y, stroke=GRID, stroke_width=1))
        label = f"{scale * i / 4 * 100:g}%"
        body.append(text(left - 6, y + 4, label, 10, text_anchor="end", fill=INK))
    slot = (right - left) / len(rates)
    bar = min(60.0, slot * 0.6)
    for i, rate in enumerate(rates):
        x = left + slot * i + (slot - bar) / 2
        h = height * rate / scale
        colour = DRAW if i == len(rates) - 1 else BAR
        name = "draws" if i == len(rates) - 1 else f"seat {i}"
        body.append(el("rect", x=x, y=base - h, width=bar, height=h, fill=colour))
        cx = x + bar / 2
        body.append(text(cx, base - h - 4, _percent(rate), 10, text_anchor="middle", fill=INK))
        body.append(text(cx, base + 14, name, 11, text_anchor="middle", fill=INK))
    return body, base + 40


def _fan_panel(report: SimulationReport, top: float) -> tuple[list[str], float]:
    top_fans = list(report.fan_frequency.items())[:TOP_FANS]
    heading = f"Fan frequency: the {len(top_fans)} most frequent of {len(report.fan_frequency)}"
    body = [text(20, top, heading, 13, font_weight="bold", fill=INK)]
    if not top_fans:
        body.append(text(20, top + 24, "no wins, so no fans", 11, fill=INK))
        return body, top + 50
    widths = [
        _text_width(f"{report.fan_names[k][0]} {report.fan_names[k][1]}", 11) for k, _ in top_fans
    ]
    label_right = 20 + min(max(widths), 300.0)
    left, right = label_right + 8, WIDTH - 60.0
    most = top_fans[0][1]
    row = 18.0
    for i, (fan_id, n) in enumerate(top_fans):
        y = top + 14 + row * i
        zh, en = report.fan_names[fan_id]
        body.append(_label(zh, en, label_right, y + 12, 11, text_anchor="end", fill=INK))
        w = (right - left) * n / most
        body.append(el("rect", x=left, y=y + 2, width=w, height=row - 5, fill=BAR))
        body.append(text(left + w + 5, y + 12, str(n), 10, fill=INK))
    return body, top + 14 + row * len(top_fans) + 28


def _total_bins(totals: tuple[tuple[int, int], ...]) -> tuple[int, list[tuple[int, int]]]:
    """(bin width, [(first total of the bin, wins)]) over the range of the
    totals, at most 40 bins, empty ones included."""
    low, high = totals[0][0], totals[-1][0]
    width = max(1, math.ceil((high - low + 1) / 40))
    counts = [0] * ((high - low) // width + 1)
    for t, n in totals:
        counts[(t - low) // width] += n
    return width, [(low + i * width, n) for i, n in enumerate(counts)]


def _totals_panel(report: SimulationReport, top: float) -> tuple[list[str], float]:
    heading = f"Winning totals: {report.winners} wins, average {num(report.average_total)}"
    body = [text(20, top, heading, 13, font_weight="bold", fill=INK)]
    if not report.totals:
        body.append(text(20, top + 24, "no wins", 11, fill=INK))
        return body, top + 50
    width, bins = _total_bins(report.totals)
    left, right, chart_top, height = 70.0, WIDTH - 20.0, top + 20, 130.0
    scale = _nice_ceiling(max(n for _, n in bins) * 1.1)
    base = chart_top + height
    for i in range(5):
        y = base - height * i / 4
        body.append(el("line", x1=left, y1=y, x2=right, y2=y, stroke=GRID, stroke_width=1))
        body.append(text(left - 6, y + 4, f"{scale * i / 4:g}", 10, text_anchor="end", fill=INK))
    slot = (right - left) / len(bins)
    every = max(1, math.ceil(len(bins) / 16))
    for i, (first, n) in enumerate(bins):
        x = left + slot * i
        h = height * n / scale
        if n:
            body.append(el("rect", x=x + 1, y=base - h, width=max(slot - 2, 1), height=h, fill=BAR))
        if i % every == 0:
            label = str(first) if width == 1 else f"{first}-{first + width - 1}"
            body.append(text(x + slot / 2, base + 14, label, 10, text_anchor="middle", fill=INK))
    body.append(text((left + right) / 2, base + 30, "total", 11, text_anchor="middle", fill=INK))
    body.append(
        el(
            "text",
            "wins",
            x=16,
            y=chart_top + height / 2,
            font_size=11,
            fill=INK,
            text_anchor="middle",
            transform=f"rotate(-90 16 {num(chart_top + height / 2)})",
        )
    )
    return body, base + 44


@keywords_checked
def simulation_svg(report: SimulationReport) -> str:
    """The picture of a simulation as an SVG document (text): win rate by
    seat, the most frequent fans, the distribution of the winning totals."""
    check_report(report, SimulationReport, "simulation_svg")
    bots = ", ".join(report.bots) if len(set(report.bots)) > 1 else f"all {report.bots[0]}"
    title = (
        f"Simulation of {report.games:,} {report.rules} games: {report.players} players"
        f" ({bots}), seed {report.seed}"
    )
    summary = (
        f"{report.wins:,} won ({_percent(report.win_rate)}), {report.draws:,} drawn"
        f" ({_percent(report.draw_rate)})"
    )
    body = [
        el("rect", x=0, y=0, width=WIDTH, height="100%", fill="#fff"),
        text(20, 26, title, 15, font_weight="bold", fill=INK),
        text(20, 46, summary, 12, fill=INK),
    ]
    y = 80.0
    for panel in (_seat_panel, _fan_panel, _totals_panel):
        part, y = panel(report, y)
        body.extend(part)
    desc = (
        f"{summary}. Bars: the share of games each seat won and the share drawn;"
        f" the {TOP_FANS} most frequent fans by times counted; the winning totals."
    )
    return document(WIDTH, y, title, desc, body)


@attrs.frozen(slots=True)
class _Fan:
    id: str
    zh: str
    en: str


def _seen_fans(report: AuditReport) -> list[_Fan]:
    """The fans an audit saw, in table order, with their names."""
    return [_Fan(f, zh, en) for f, (zh, en) in report.fan_names.items() if report.seen.get(f)]


def _heat(p: float) -> str:
    """The heat map's colour for a share ``p`` in [0, 1], between the stops of :data:`HEAT`."""
    p = min(max(p, 0.0), 1.0) * (len(HEAT) - 1)
    i = min(int(p), len(HEAT) - 2)
    f = p - i
    a, b = HEAT[i], HEAT[i + 1]
    rgb = [round(int(a[k : k + 2], 16) * (1 - f) + int(b[k : k + 2], 16) * f) for k in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in rgb)


@keywords_checked
def audit_svg(report: AuditReport) -> str:
    """The picture of an audit as an SVG document (text): the fans seen, in
    table order, as rows and columns; row A, column B coloured by the share
    of the hands holding A that also held B; the implied pairs outlined, the
    exclusions that never fired crossed. The fans are named as the report
    names them (:attr:`~unomahjong.research.audit.AuditReport.fan_names`)."""
    check_report(report, AuditReport, "audit_svg")
    fans = _seen_fans(report)
    cell = 12.0
    size = 10.0
    label_w = max((_text_width(f"{r.zh} {r.en}", size) for r in fans), default=0.0)
    column_h = max((display_width(r.zh) * size * 0.56 for r in fans), default=0.0)
    left = 20 + label_w + 8
    top = 70 + column_h + 8
    n = len(fans)
    width = max(left + n * cell + 20, 560.0)
    title = f"Fan co-occurrence in an audit of {report.rules}: {report.hands:,} hands"
    body = [
        el("rect", x=0, y=0, width="100%", height="100%", fill="#fff"),
        text(20, 26, title, 15, font_weight="bold", fill=INK),
        text(
            20,
            46,
            f"{n} fans seen; row A, column B: share of the hands with A that also held B",
            12,
            fill=INK,
        ),
    ]
    body.append(el("rect", x=left, y=top, width=n * cell, height=n * cell, fill=HEAT[0]))
    implied = {(a, b) for a, b, _ in report.implied}
    silent = {(a, b) for a, b, _ in report.silent}
    for i, row in enumerate(fans):
        y = top + i * cell
        body.append(
            _label(row.zh, row.en, left - 6, y + cell - 2.5, size, text_anchor="end", fill=INK)
        )
        x = left + i * cell
        body.append(
            el(
                "text",
                esc(row.zh),
                x=x + cell - 2.5,
                y=top - 6,
                font_size=size,
                font_family=CJK_FONTS,
                lang="zh",
                fill=INK,
                transform=f"rotate(-90 {num(x + cell - 2.5)} {num(top - 6)})",
            )
        )
        held = report.seen[row.id]
        for j, other in enumerate(fans):
            x = left + j * cell
            if i == j:
                body.append(el("rect", x=x, y=y, width=cell, height=cell, fill="#555"))
                continue
            share = report.together.get((row.id, other.id), 0) / held
            if share > 0:
                body.append(el("rect", x=x, y=y, width=cell, height=cell, fill=_heat(share)))
            if (row.id, other.id) in implied:
                body.append(
                    el(
                        "rect",
                        x=x + 0.75,
                        y=y + 0.75,
                        width=cell - 1.5,
                        height=cell - 1.5,
                        fill="none",
                        stroke=MARK,
                        stroke_width=1.5,
                    )
                )
            if (row.id, other.id) in silent:
                d = f"M{num(x + 3)} {num(y + 3)}L{num(x + cell - 3)} {num(y + cell - 3)}"
                d += f"M{num(x + cell - 3)} {num(y + 3)}L{num(x + 3)} {num(y + cell - 3)}"
                body.append(el("path", d=d, stroke=INK, stroke_width=1, fill="none"))
    y = top + n * cell + 24
    body.extend(_heat_legend(20, y))
    height = y + 60
    desc = (
        f"{title}. {len(report.implied)} implied pairs (outlined),"
        f" {len(report.silent)} exclusions that never fired (crossed),"
        f" {len(report.never)} fans never seen (not shown)."
    )
    return document(width, height, title, desc, body)


def _heat_legend(x: float, y: float) -> list[str]:
    body = [text(x, y, "share of the hands with A that also held B:", 11, fill=INK)]
    for k in range(11):
        p = k / 10
        body.append(el("rect", x=x + k * 22, y=y + 8, width=22, height=12, fill=_heat(p)))
        if k % 5 == 0:
            body.append(text(x + k * 22 + 11, y + 32, f"{k * 10}%", 10, text_anchor="middle"))
    mx = x + 11 * 22 + 30
    body.append(
        el("rect", x=mx, y=y + 8, width=12, height=12, fill="none", stroke=MARK, stroke_width=1.5)
    )
    body.append(text(mx + 18, y + 18, "implied, not excluded", 10, fill=INK))
    cx = mx + 170
    d = f"M{num(cx + 2)} {num(y + 10)}L{num(cx + 10)} {num(y + 18)}"
    d += f"M{num(cx + 10)} {num(y + 10)}L{num(cx + 2)} {num(y + 18)}"
    body.append(el("path", d=d, stroke=INK, stroke_width=1, fill="none"))
    body.append(text(cx + 16, y + 18, "excludes, never together", 10, fill=INK))
    return body


@keywords_checked
def plot_simulation(report: SimulationReport, path: str | os.PathLike[str]) -> None:
    """Write the picture of a simulation to ``path``: SVG for a ``.svg``
    name (as :func:`simulation_svg`), PNG for ``.png`` (drawn by matplotlib:
    ``pip install 'unomahjong[plot]'``, else :class:`PlotError` ``needs-matplotlib``)."""
    check_report(report, SimulationReport, "plot_simulation")
    write_picture(
        path,
        "plot_simulation",
        lambda: simulation_svg(report),
        lambda p: _png_simulation(report, p),
    )


@keywords_checked
def plot_audit(report: AuditReport, path: str | os.PathLike[str]) -> None:
    """Write the picture of an audit to ``path``: SVG for a ``.svg`` name (as
    :func:`audit_svg`), PNG for ``.png`` (drawn by matplotlib: ``pip install
    'unomahjong[plot]'``, else :class:`PlotError` ``needs-matplotlib``)."""
    check_report(report, AuditReport, "plot_audit")
    write_picture(path, "plot_audit", lambda: audit_svg(report), lambda p: _png_audit(report, p))


# ---------------------------------------------------------------- PNG
#
# Drawn by matplotlib, the optional extra ``unomahjong[plot]``: imported
# only when a PNG is asked for, and a PlotError names the extra when it is
# missing. The figures show what the SVG pictures show. A figure is made
# with ``matplotlib.figure.Figure`` and its own canvas, not with pyplot: no
# global figure, no interactive backend.

LATIN_FONT = "DejaVu Sans"
"""The PNG pictures' font for Latin text (matplotlib's own)."""

CJK_FONTS_PNG = (
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "Noto Sans CJK TC",
    "Source Han Sans TC",
    "Noto Sans CJK JP",
    "WenQuanYi Zen Hei",
    "WenQuanYi Micro Hei",
    "Droid Sans Fallback",
    "AR PL UMing CN",
    "Noto Serif CJK SC",
)
"""Font families for the Chinese fan names, in order of preference:
matplotlib falls back to the first installed one that has every character
to draw."""

_CJK_FILE = re.compile(r"cjk|sourcehan|wqy|wenquanyi|droidsansfallback|uming|ukai", re.IGNORECASE)
"""What the files of those fonts are called."""


class MissingFontWarning(UserWarning):
    """No installed font has the Chinese fan names: the PNG pictures label
    the fans in English. Issued once per process."""


_font_note_given = False
_system_fonts_added = False


def _png_fonts(fonts: Any, chinese: str) -> tuple[list[str], bool]:
    """The ``font.family`` list for a PNG picture whose Chinese text is
    ``chinese``, and whether it can show that text: the Latin font, then the
    first CJK font installed that has every character of it. matplotlib's
    font cache lists the fonts installed when it was built; one installed
    since is found among the system's font files and added for this
    process. With none, a :class:`MissingFontWarning` says once how to get
    one, and the pictures name the fans in English."""
    global _font_note_given, _system_fonts_added
    family = _cjk_family(fonts, chinese)
    if family is None and not _system_fonts_added:
        _system_fonts_added = True
        for path in fonts.findSystemFonts():
            if _CJK_FILE.search(Path(path).name):
                with contextlib.suppress(Exception):  # a file FreeType cannot read
                    fonts.fontManager.addfont(path)
        family = _cjk_family(fonts, chinese)
    if family is not None:
        return [LATIN_FONT, family], True
    if not _font_note_given:
        _font_note_given = True
        warnings.warn(
            MissingFontWarning(
                "no installed font has the Chinese fan names, so the PNG picture names"
                " the fans in English; install one (Debian and Ubuntu: apt install"
                " fonts-noto-cjk; Fedora: google-noto-sans-cjk-fonts; macOS and Windows"
                " have one) and, if matplotlib still does not find it, delete its font"
                f" cache ({importlib.import_module('matplotlib').get_cachedir()})"
            ),
            stacklevel=4,
        )
    return [LATIN_FONT], False


def _cjk_family(fonts: Any, chinese: str) -> str | None:
    """The first of :data:`CJK_FONTS_PNG` matplotlib knows whose font has
    every character of ``chinese``, or None."""
    files = {f.name: f.fname for f in fonts.fontManager.ttflist}
    needed = {ord(c) for c in chinese}
    for family in CJK_FONTS_PNG:
        path = files.get(family)
        if path is None:
            continue
        try:
            charmap = importlib.import_module("matplotlib.ft2font").FT2Font(path).get_charmap()
        except Exception:  # a file FreeType cannot read: the next family
            continue
        if needed <= charmap.keys():
            return family
    return None


def _png_name(zh: str, en: str, chinese: bool) -> str:
    """A fan's label in a PNG picture: both names, or the English one only
    when no font can show the Chinese."""
    return f"{zh} {en}" if chinese else en


def _png_simulation(report: SimulationReport, path: Path) -> None:
    """Write the PNG picture of a simulation."""
    mpl, figure_class, fonts = matplotlib_parts()
    top = list(report.fan_frequency.items())[:TOP_FANS]
    families, chinese = _png_fonts(fonts, "".join(report.fan_names[k][0] for k, _ in top))
    with mpl.rc_context({"font.family": families, "font.size": 9}):
        fig = figure_class(figsize=(7.6, 10.5), layout="constrained")
        seats, fans, totals = fig.subplots(3, 1, height_ratios=[1.0, 2.4, 1.2])
        fig.suptitle(
            f"Simulation of {report.games:,} {report.rules} games, seed {report.seed}",
            fontweight="bold",
        )
        names = [f"seat {i}" for i in range(report.players)] + ["draws"]
        rates = [*report.win_rate_by_seat, report.draw_rate]
        colours = ["#3b6fb6"] * report.players + ["#9a9a9a"]
        seats.bar(names, [r * 100 for r in rates], color=colours)
        seats.set_title("Win rate by seat", loc="left", fontweight="bold")
        seats.set_ylabel("% of games")
        labels = [_png_name(*report.fan_names[k], chinese) for k, _ in top]
        fans.barh(labels, [n for _, n in top], color="#3b6fb6")
        fans.invert_yaxis()
        fans.set_title(
            f"Fan frequency: the {len(top)} most frequent of {len(report.fan_frequency)}",
            loc="left",
            fontweight="bold",
        )
        fans.set_xlabel("times counted")
        if report.totals:
            width, bins = _total_bins(report.totals)
            totals.bar(
                [first + (width - 1) / 2 for first, _ in bins],  # a bin's middle total
                [n for _, n in bins],
                width=width * 0.9,
                color="#3b6fb6",
            )
        totals.set_title(
            f"Winning totals: {report.winners} wins, average {report.average_total:.2f}",
            loc="left",
            fontweight="bold",
        )
        totals.set_xlabel("total")
        totals.set_ylabel("wins")
        save_png(fig, path)


def _png_audit(report: AuditReport, path: Path) -> None:
    """Write the PNG picture of an audit."""
    mpl, figure_class, fonts = matplotlib_parts()
    fans = _seen_fans(report)
    families, chinese = _png_fonts(fonts, "".join(f.zh for f in fans))
    n = len(fans)
    matrix = [
        [1.0 if a is b else report.together.get((a.id, b.id), 0) / report.seen[a.id] for b in fans]
        for a in fans
    ]
    side = max(6.0, 2.5 + n * 0.16)
    with mpl.rc_context({"font.family": families, "font.size": 7}):
        fig = figure_class(figsize=(side + 1.5, side), layout="constrained")
        ax = fig.subplots()
        image = ax.imshow(matrix, cmap="Blues", vmin=0.0, vmax=1.0, interpolation="nearest")
        ax.set_xticks(range(n), [r.zh if chinese else r.en for r in fans], rotation=90)
        ax.set_yticks(range(n), [_png_name(r.zh, r.en, chinese) for r in fans])
        index = {r.id: i for i, r in enumerate(fans)}
        patches = importlib.import_module("matplotlib.patches")
        for a, b, _ in report.implied:
            i, j = index[a], index[b]
            ax.add_patch(
                patches.Rectangle(
                    (j - 0.5, i - 0.5), 1, 1, fill=False, edgecolor="#d62728", linewidth=1.2
                )
            )
        crosses = [(index[b], index[a]) for a, b, _ in report.silent if a in index and b in index]
        if crosses:
            ax.plot(*zip(*crosses, strict=True), "x", color="#222", markersize=4, linestyle="")
        ax.set_title(
            f"Fan co-occurrence in an audit of {report.rules}: {report.hands:,} hands\n"
            "row A, column B: share of the hands with A that also held B;"
            " outlined: implied, not excluded; x: excludes, never together",
            loc="left",
        )
        fig.colorbar(image, ax=ax, shrink=0.6, label="share")
        save_png(fig, path)
