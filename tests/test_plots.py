"""Pictures of a simulation and of an audit: valid,
self-contained, deterministic SVG with the Chinese names in CJK fonts; PNG
through matplotlib (the ``plot`` extra); typed errors for the rest."""

from __future__ import annotations

import importlib
import re
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from unomahjong import UNO, MahjongError
from unomahjong.cli import main
from unomahjong.render import plots
from unomahjong.render.plots import (
    TOP_FANS,
    MissingFontWarning,
    PlotError,
    audit_svg,
    plot_audit,
    plot_simulation,
    simulation_svg,
)
from unomahjong.research.audit import AuditReport, audit
from unomahjong.research.simulation import SimulationReport, simulate

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def simulation() -> SimulationReport:
    return simulate(bots="random,greedy,greedy,greedy", games=10, seed=3)


@pytest.fixture(scope="module")
def audited() -> AuditReport:
    return audit(hands=120, seed=2)


def _root(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    box = root.get("viewBox", "").split()
    assert len(box) == 4 and box[:2] == ["0", "0"] and all(float(v) > 0 for v in box[2:])
    assert (root.get("width"), root.get("height")) == (box[2], box[3])
    first = next(iter(root))
    assert first.tag == SVG + "title" and first.text
    return root


def _self_contained(svg: str) -> None:
    """Nothing to fetch: no link, image, style sheet, script or URL besides
    the namespace name."""
    assert not re.search(r"href|<image|<style|<script|@import|url\(", svg)
    assert re.findall(r"https?://[^\"']+", svg) == ["http://www.w3.org/2000/svg"]


def _zh_texts(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("lang") == "zh"]


def test_simulation_svg(simulation: SimulationReport) -> None:
    svg = simulation_svg(simulation)
    root = _root(svg)
    _self_contained(svg)
    title = root.findtext(SVG + "title") or ""
    assert "10 uno games" in title and "seed 3" in title
    # One row per fan shown, each with its Chinese name in the CJK fonts
    # (Noto Sans CJK first) followed by its English name.
    shown = list(simulation.fan_frequency)[:TOP_FANS]
    zh = _zh_texts(root)
    assert [e.text for e in zh] == [simulation.fan_names[k][0] for k in shown]
    assert all((e.get("font-family") or "").startswith("Noto Sans CJK SC,") for e in zh)
    labels = ["".join(e.itertext()) for e in root.iter(SVG + "text")]
    for k in shown:
        assert f"{simulation.fan_names[k][0]} {simulation.fan_names[k][1]}" in labels
    for seat, rate in enumerate(simulation.win_rate_by_seat):
        assert f"seat {seat}" in labels and f"{rate * 100:.1f}%" in labels


def test_the_top_fans_only() -> None:
    many = simulate(games=30, seed=1)
    assert len(many.fan_frequency) > TOP_FANS
    root = _root(simulation_svg(many))
    assert len(_zh_texts(root)) == TOP_FANS


def test_a_simulation_without_wins_still_draws() -> None:
    drawn = SimulationReport(
        rules="uno",
        players=2,
        bots=("random", "random"),
        seed=0,
        games=3,
        wins=0,
        draws=3,
        wins_by_seat=(0, 0),
        fan_frequency={},
        fan_names={},
        totals=(),
    )
    labels = ["".join(e.itertext()) for e in _root(simulation_svg(drawn)).iter(SVG + "text")]
    assert "no wins" in labels and "100.0%" in labels


def test_audit_svg(audited: AuditReport) -> None:
    svg = audit_svg(audited)
    root = _root(svg)
    _self_contained(svg)
    seen = [f for f in audited.seen if audited.seen[f]]
    # One row label and one column label per fan seen, in CJK fonts.
    assert len(_zh_texts(root)) == 2 * len(seen)
    outlined = [e for e in root.iter(SVG + "rect") if e.get("stroke") == "#d62728"]
    assert len(outlined) == len(audited.implied) + 1  # and the legend's
    crossed = [e for e in root.iter(SVG + "path")]
    silent_shown = [(a, b) for a, b, _ in audited.silent if audited.seen.get(b)]
    assert len(crossed) == len(silent_shown) + 1  # and the legend's
    assert audited.implied and silent_shown  # the sample shows both marks


def test_the_heat_map_colours_the_shares(audited: AuditReport) -> None:
    """A cell whose pair never held together is not drawn (the background
    shows); every other off-diagonal pair is one cell."""
    root = _root(audit_svg(audited))
    n = sum(1 for f in audited.seen if audited.seen[f])
    cells = [
        e
        for e in root.iter(SVG + "rect")
        if e.get("width") == "12" and e.get("stroke") is None and e.get("fill") != "#555"
    ]
    pairs = [p for p, k in audited.together.items() if k]
    assert len(cells) == len(pairs) and len(pairs) < n * (n - 1)


def test_pictures_are_deterministic_and_independent_of_the_split(
    simulation: SimulationReport, audited: AuditReport
) -> None:
    again = simulate(bots="random,greedy,greedy,greedy", games=10, seed=3, workers=2)
    assert again.seconds != simulation.seconds or again == simulation
    assert simulation_svg(again) == simulation_svg(simulation)
    assert audit_svg(audit(hands=120, seed=2, workers=2)) == audit_svg(audited)


def test_svg_files(tmp_path: Path, simulation: SimulationReport, audited: AuditReport) -> None:
    plot_simulation(simulation, tmp_path / "sim.svg")
    plot_audit(audited, str(tmp_path / "audit.SVG"))
    assert (tmp_path / "sim.svg").read_text(encoding="utf-8") == simulation_svg(simulation)
    assert (tmp_path / "audit.SVG").read_text(encoding="utf-8") == audit_svg(audited)


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda r, a, p: plot_simulation(r, p / "sim.pdf"), "unknown-format"),
        (lambda r, a, p: plot_audit(a, p / "audit"), "unknown-format"),
        (lambda r, a, p: plot_simulation(r, 3), "bad-path"),  # type: ignore[arg-type]
        (lambda r, a, p: plot_audit(a, ""), "bad-path"),
        (lambda r, a, p: plot_simulation(a, p / "x.svg"), "not-a-report"),
        (lambda r, a, p: plot_audit(r, p / "x.svg"), "not-a-report"),
        (lambda r, a, p: simulation_svg(None), "not-a-report"),  # type: ignore[arg-type]
        (lambda r, a, p: audit_svg("audit"), "not-a-report"),  # type: ignore[arg-type]
    ],
)
def test_typed_errors(
    tmp_path: Path, simulation: SimulationReport, audited: AuditReport, call: Any, code: str
) -> None:
    with pytest.raises(PlotError, match=code) as caught:
        call(simulation, audited, tmp_path)
    assert isinstance(caught.value, MahjongError)
    assert list(tmp_path.iterdir()) == []


def test_png_without_matplotlib_names_the_extra(
    tmp_path: Path, simulation: SimulationReport, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.import_module

    def no_matplotlib(name: str, package: str | None = None) -> Any:
        if name.split(".")[0] == "matplotlib":
            raise ImportError(f"No module named {name!r}")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", no_matplotlib)
    with pytest.raises(PlotError, match="needs-matplotlib") as caught:
        plot_simulation(simulation, tmp_path / "sim.png")
    assert "unomahjong[plot]" in str(caught.value)
    assert not (tmp_path / "sim.png").exists()


def test_png_files(tmp_path: Path, simulation: SimulationReport, audited: AuditReport) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib (the plot extra) is not installed")
    plot_simulation(simulation, tmp_path / "sim.png")
    plot_audit(audited, tmp_path / "audit.PNG")
    for name in ("sim.png", "audit.PNG"):
        data = (tmp_path / name).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 10_000


# ------------------------------------------------------------ PNG fonts


def _png_warnings(
    tmp_path: Path, simulation: SimulationReport, audited: AuditReport
) -> list[warnings.WarningMessage]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        plot_simulation(simulation, tmp_path / "sim.png")
        plot_audit(audited, tmp_path / "audit.png")
    return caught


@pytest.fixture
def font_state(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The font manager of this process, restored after the test, with the
    plots module's once-per-process flags reset."""
    fonts = pytest.importorskip("matplotlib.font_manager")
    monkeypatch.setattr(fonts.fontManager, "ttflist", list(fonts.fontManager.ttflist))
    monkeypatch.setattr(plots, "_font_note_given", False)
    monkeypatch.setattr(plots, "_system_fonts_added", False)
    return fonts


def _has_cjk_font_file(fonts: Any) -> bool:
    return any(plots._CJK_FILE.search(Path(p).name) for p in fonts.findSystemFonts())


def test_a_png_with_a_cjk_font_installed_warns_of_nothing(
    tmp_path: Path, simulation: SimulationReport, audited: AuditReport, font_state: Any
) -> None:
    if not _has_cjk_font_file(font_state):
        pytest.skip("no CJK font is installed (Debian: fonts-noto-cjk)")
    assert _png_warnings(tmp_path, simulation, audited) == []


def test_a_font_installed_after_matplotlibs_cache_is_found(
    tmp_path: Path, simulation: SimulationReport, audited: AuditReport, font_state: Any
) -> None:
    if not _has_cjk_font_file(font_state):
        pytest.skip("no CJK font is installed (Debian: fonts-noto-cjk)")
    # The cache as it was before the font was installed: no CJK family.
    manager = font_state.fontManager
    manager.ttflist = [f for f in manager.ttflist if f.name not in plots.CJK_FONTS_PNG]
    assert plots._cjk_family(font_state, "清龙") is None
    assert _png_warnings(tmp_path, simulation, audited) == []
    families, chinese = plots._png_fonts(font_state, "清龙")
    assert chinese and families[1] in plots.CJK_FONTS_PNG


def test_without_a_cjk_font_the_png_names_fans_in_english_and_says_so_once(
    tmp_path: Path,
    simulation: SimulationReport,
    audited: AuditReport,
    font_state: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(plots, "CJK_FONTS_PNG", ())
    caught = _png_warnings(tmp_path, simulation, audited)
    assert [w.category for w in caught] == [MissingFontWarning]  # no "Glyph missing"
    message = str(caught[0].message)
    assert "fonts-noto-cjk" in message and "font cache" in message
    assert plots._png_fonts(font_state, "清龙") == ([plots.LATIN_FONT], False)
    assert plots._png_name("清龙", "Pure Straight", False) == "Pure Straight"
    assert plots._png_name("清龙", "Pure Straight", True) == "清龙 Pure Straight"


def test_the_command_line_gives_the_font_note_as_one_line(
    tmp_path: Path,
    font_state: Any,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(plots, "CJK_FONTS_PNG", ())
    png = tmp_path / "sim.png"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any other warning fails the test
        assert main(["simulate", "--games", "4", "--plot", str(png)]) == 0
    notes = [line for line in capsys.readouterr().err.splitlines() if line]
    assert len(notes) == 1 and notes[0].startswith("unomahjong: note: no installed font")
    assert png.read_bytes().startswith(b"\x89PNG")


def test_an_audit_of_a_house_rule_prints_and_draws(tmp_path: Path) -> None:
    house = UNO.with_options(min_fans=4)
    report = audit(house, hands=30, seed=2)
    assert report.rules == "uno[min_fans=4]"
    assert list(report.fan_names) == [r.id for r in UNO.table.rows]
    assert str(report).startswith("audit of uno[min_fans=4]: 30 hands")
    assert "清龙" in audit_svg(report) or "PURE_STRAIGHT" not in report.seen
    plot_audit(report, tmp_path / "house.svg")
