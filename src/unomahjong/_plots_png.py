"""The PNG pictures of :mod:`unomahjong.plots`, drawn by matplotlib.

matplotlib is the optional extra ``unomahjong[plot]``; it is imported only
when a PNG is asked for, and a :class:`~unomahjong.plots.PlotError` names
the extra when it is missing. The figures show what the SVG pictures show.
A figure is made with ``matplotlib.figure.Figure`` and its own canvas, not
with pyplot: no global figure, no interactive backend.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from .audit import AuditReport
from .rules import get_rules
from .simulation import SimulationReport

FONTS = ("DejaVu Sans", "Noto Sans CJK SC", "Noto Sans CJK TC", "Source Han Sans SC")
"""Font families in order: Latin text first, then the CJK fonts that
matplotlib falls back to for the Chinese names (the ones installed)."""


def _matplotlib() -> tuple[Any, Any, Any]:
    """(matplotlib, its Figure class, its font manager), or PlotError."""
    from .plots import PlotError

    try:
        mpl = importlib.import_module("matplotlib")
        figure = importlib.import_module("matplotlib.figure")
        fonts = importlib.import_module("matplotlib.font_manager")
    except ImportError:
        raise PlotError(
            "needs-matplotlib",
            "PNG pictures are drawn by matplotlib, which is not installed",
            hint="pip install 'unomahjong[plot]', or write .svg, which needs nothing",
            argument="path",
        ) from None
    return mpl, figure.Figure, fonts


def _families(fonts: Any) -> list[str]:
    installed = {f.name for f in fonts.fontManager.ttflist}
    chosen = [f for f in FONTS if f in installed]
    return chosen or ["sans-serif"]


def _save(fig: Any, path: Path) -> None:
    # No Software entry: the file does not change with matplotlib's version.
    fig.savefig(path, format="png", dpi=100, metadata={"Software": None})


def simulation(report: SimulationReport, path: Path) -> None:
    """Write the PNG picture of a simulation."""
    from .plots import TOP_FANS, _total_bins

    mpl, figure_class, fonts = _matplotlib()
    with mpl.rc_context({"font.family": _families(fonts), "font.size": 9}):
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
        top = list(report.fan_frequency.items())[:TOP_FANS]
        labels = [" ".join(report.fan_names[k]) for k, _ in top]
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
        _save(fig, path)


def audit(report: AuditReport, path: Path) -> None:
    """Write the PNG picture of an audit."""
    mpl, figure_class, fonts = _matplotlib()
    table = get_rules(report.rules).table
    fans = [row for row in table.rows if report.seen.get(row.id)]
    n = len(fans)
    matrix = [
        [1.0 if a is b else report.together.get((a.id, b.id), 0) / report.seen[a.id] for b in fans]
        for a in fans
    ]
    side = max(6.0, 2.5 + n * 0.16)
    with mpl.rc_context({"font.family": _families(fonts), "font.size": 7}):
        fig = figure_class(figsize=(side + 1.5, side), layout="constrained")
        ax = fig.subplots()
        image = ax.imshow(matrix, cmap="Blues", vmin=0.0, vmax=1.0, interpolation="nearest")
        ax.set_xticks(range(n), [r.zh for r in fans], rotation=90)
        ax.set_yticks(range(n), [f"{r.zh} {r.en}" for r in fans])
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
        _save(fig, path)
