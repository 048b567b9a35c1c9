"""What both games' pictures share: their error, the report check, and a
picture written by its file name (``.svg`` as text, ``.png`` drawn by
matplotlib, an optional dependency)."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .._checks import quote, wrong_type
from ..errors import MahjongError


class PlotError(MahjongError):
    """A picture that cannot be made: not a report, a path that is not one,
    a file type other than ``.svg`` and ``.png``, or PNG without matplotlib."""


def check_report(report: object, kind: type, func: str) -> None:
    if not isinstance(report, kind):
        raise wrong_type(PlotError, "not-a-report", func, "report", report, f"a {kind.__name__}")


def _target(path: object, func: str) -> Path:
    if isinstance(path, str | os.PathLike):
        name = os.fspath(path)
        if isinstance(name, str) and name and "\0" not in name:  # no file is named with a NUL
            return Path(name)
    raise wrong_type(PlotError, "bad-path", func, "path", path, "a file name (str or os.PathLike)")


def write_picture(
    path: object,
    func: str,
    svg: Callable[[], str],
    png: Callable[[Path], None],
) -> None:
    target = _target(path, func)
    suffix = target.suffix.lower()
    if suffix == ".svg":
        target.write_text(svg(), encoding="utf-8")
    elif suffix == ".png":
        png(target)
    else:
        raise PlotError(
            "unknown-format",
            f"{func}() writes .svg or .png, not {quote(target.name)}",
            hint="name the file picture.svg (no dependency) or picture.png (matplotlib)",
            argument="path",
        )


def matplotlib_parts() -> tuple[Any, Any, Any]:
    """(matplotlib, its Figure class, its font manager), or PlotError."""
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


def save_png(fig: Any, path: Path) -> None:
    # No Software entry: the file does not change with matplotlib's version.
    fig.savefig(path, format="png", dpi=100, metadata={"Software": None})
