"""The picture of a card-game simulation (:func:`~unomahjong.cards.simulate_cards`):
the share of hands each seat won (and the hands with no winner), and each
seat's average score, as SVG (no dependency) or PNG (matplotlib)."""

from __future__ import annotations

import os
from pathlib import Path

from .._checks import keywords_checked
from ..cards import CardSimulationReport
from ._plot_files import PlotError as PlotError
from ._plot_files import check_report, matplotlib_parts, save_png, write_picture
from ._svg import document, el, text

__all__ = ["card_simulation_svg", "plot_card_simulation"]

WIDTH = 640
INK = "#222"
GRID = "#ddd"
BAR = "#3b6fb6"
NONE = "#9a9a9a"


def _bars(
    title: str, names: list[str], values: list[float], unit: str, top: float
) -> tuple[list[str], float]:
    """A panel of vertical bars with a title and a grid of five lines."""
    body = [text(20, top, title, 13, font_weight="bold", fill=INK)]
    left, right, chart_top, height = 70.0, WIDTH - 20.0, top + 20, 120.0
    peak = max([abs(v) for v in values] + [1e-9]) * 1.1
    base = chart_top + height
    for i in range(5):
        y = base - height * i / 4
        body.append(el("line", x1=left, y1=y, x2=right, y2=y, stroke=GRID, stroke_width=1))
        body.append(
            text(left - 6, y + 4, f"{peak * i / 4:.3g}{unit}", 10, text_anchor="end", fill=INK)
        )
    slot = (right - left) / len(values)
    bar = min(60.0, slot * 0.6)
    for i, (name, value) in enumerate(zip(names, values, strict=True)):
        x = left + slot * i + (slot - bar) / 2
        h = height * abs(value) / peak
        colour = NONE if name == "no winner" else BAR
        body.append(el("rect", x=x, y=base - h, width=bar, height=h, fill=colour))
        cx = x + bar / 2
        body.append(
            text(cx, base - h - 4, f"{value:.3g}{unit}", 10, text_anchor="middle", fill=INK)
        )
        body.append(text(cx, base + 14, name, 11, text_anchor="middle", fill=INK))
    return body, base + 40


def _series(report: CardSimulationReport) -> tuple[list[str], list[float], list[float]]:
    hands = max(report.hands, 1)
    names = [f"seat {i}" for i in range(report.players)]
    wins = [100 * w / hands for w in report.wins_by_seat] + [100 * report.no_winner / hands]
    points = [p / hands for p in report.points_by_seat]
    return names, wins, points


@keywords_checked
def card_simulation_svg(report: CardSimulationReport) -> str:
    """The picture of a card-game simulation as an SVG document (text)."""
    check_report(report, CardSimulationReport, "card_simulation_svg")
    names, wins, points = _series(report)
    title = (
        f"{report.hands:,} hands of {report.rules}: {report.players} players"
        f" ({', '.join(dict.fromkeys(report.bots))}), seed {report.seed}"
    )
    body = [el("rect", x=0, y=0, width=WIDTH, height="100%", fill="#fff")]
    body.append(text(20, 26, title, 15, font_weight="bold", fill=INK))
    part, y = _bars("Hands won by seat", [*names, "no winner"], wins, "%", 60.0)
    body += part
    part, y = _bars("Average score a hand, by seat", names, points, "", y)
    body += part
    desc = (
        "Bars: the share of hands each seat won, and of hands with no winner;"
        " each seat's average score."
    )
    return document(WIDTH, y, title, desc, body)


@keywords_checked
def plot_card_simulation(report: CardSimulationReport, path: str | os.PathLike[str]) -> None:
    """Write the picture of a card-game simulation to ``path``: SVG for a
    ``.svg`` name, PNG for ``.png`` (matplotlib; else
    :class:`~unomahjong.render.plots.PlotError` ``needs-matplotlib``)."""
    check_report(report, CardSimulationReport, "plot_card_simulation")
    write_picture(
        path,
        "plot_card_simulation",
        lambda: card_simulation_svg(report),
        lambda p: _png(report, p),
    )


def _png(report: CardSimulationReport, path: Path) -> None:
    mpl, figure_class, _ = matplotlib_parts()
    names, wins, points = _series(report)
    with mpl.rc_context({"font.size": 9}):
        fig = figure_class(figsize=(6.4, 6.0), layout="constrained")
        won, scored = fig.subplots(2, 1)
        fig.suptitle(
            f"{report.hands:,} hands of {report.rules}, seed {report.seed}", fontweight="bold"
        )
        won.bar([*names, "no winner"], wins, color=[BAR] * len(names) + [NONE])
        won.set_title("Hands won by seat", loc="left", fontweight="bold")
        won.set_ylabel("% of hands")
        scored.bar(names, points, color=BAR)
        scored.set_title("Average score a hand, by seat", loc="left", fontweight="bold")
        save_png(fig, path)
