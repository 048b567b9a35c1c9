"""The version has one source, and the changelog agrees with it.

A release is cut by editing two files (docs/releasing.md); these tests make a
half-cut release fail before the tag is pushed: a final version needs its
dated changelog section, a development version needs the Unreleased section
that collects what it will contain.
"""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

import unomahjong
from unomahjong import _version

ROOT = Path(__file__).resolve().parent.parent
VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)(?:\.dev(\d+)|(?:a|b|rc)\d+)?$")
SECTION = re.compile(r"^## \[(?P<name>[^\]]+)\](?: - (?P<date>\d{4}-\d{2}-\d{2}))?$", re.M)


def _sections() -> list[tuple[str, str | None]]:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return [(m["name"], m["date"]) for m in SECTION.finditer(text)]


def _release(v: str) -> tuple[int, int, int]:
    m = VERSION.match(v)
    assert m, f"{v!r} is not a release, pre-release or .devN version"
    return int(m[1]), int(m[2]), int(m[3])


def test_version_has_one_source() -> None:
    assert unomahjong.__version__ is _version.__version__
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["dynamic"] == ["version", "license"]
    assert "version" not in pyproject["project"]
    dynamic = pyproject["tool"]["setuptools"]["dynamic"]
    assert dynamic["version"] == {"attr": "unomahjong._version.__version__"}


def test_runtime_dependencies_stay_minimal() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    names = {re.split(r"[<>=!~ ;\[]", d)[0] for d in pyproject["project"]["dependencies"]}
    assert names == {"attrs", "more-itertools"}


def test_cython_is_a_build_requirement_only() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    build = {re.split(r"[<>=!~ ;\[]", d)[0] for d in pyproject["build-system"]["requires"]}
    assert build == {"setuptools", "Cython"}
    assert pyproject["build-system"]["build-backend"] == "setuptools.build_meta"


def _setup_module(monkeypatch: pytest.MonkeyPatch, **switches: str) -> ModuleType:
    """setup.py imported (not run) with the given environment switches."""
    pytest.importorskip("setuptools")
    for name in ("UNOMAHJONG_BUILD_PURE", "UNOMAHJONG_BOUNDSCHECK", "UNOMAHJONG_REQUIRE_COMPILED"):
        monkeypatch.delenv(name, raising=False)
    for name, value in switches.items():
        monkeypatch.setenv(name, value)
    spec = importlib.util.spec_from_file_location("unomahjong_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_core_pyx_is_an_extension_module(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = _setup_module(monkeypatch)
    pyx = sorted((ROOT / "src" / "unomahjong" / "_core").glob("*.pyx"))
    assert {"notation", "analysis", "scoring"} <= {p.stem for p in pyx}
    extensions = setup.extensions()
    assert [e.name for e in extensions] == [f"unomahjong._core.{p.stem}" for p in pyx]
    assert [e.sources for e in extensions] == [[p.relative_to(ROOT).as_posix()] for p in pyx]


def test_build_switches(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _setup_module(monkeypatch).directives()
    assert fast == {
        "language_level": 3,
        "boundscheck": False,
        "wraparound": False,
        "initializedcheck": False,
        "cdivision": True,
    }
    checked = _setup_module(monkeypatch, UNOMAHJONG_BOUNDSCHECK="1").directives()
    assert checked == {
        **fast,
        "boundscheck": True,
        "wraparound": True,
        "initializedcheck": True,
        "cdivision": False,
    }
    assert _setup_module(monkeypatch, UNOMAHJONG_BUILD_PURE="1").extensions() == []
    assert _setup_module(monkeypatch, UNOMAHJONG_BUILD_PURE="0").extensions()


def test_core_sources_leave_the_checks_to_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    # A directive set to False in a .pyx or .pxd would win over the
    # bounds-checked build's and hide those lines from its checks.
    assert _setup_module(monkeypatch).local_overrides() == []


def test_changelog_sections_are_keep_a_changelog() -> None:
    sections = _sections()
    assert sections and sections[0] == ("Unreleased", None), "## [Unreleased] comes first"
    released = sections[1:]
    for name, date in released:
        _release(name)
        assert date is not None, f"## [{name}] needs its release date (YYYY-MM-DD)"
    versions = [_release(name) for name, _ in released]
    assert versions == sorted(versions, reverse=True), "newest release first"


def test_version_matches_changelog() -> None:
    version = unomahjong.__version__
    released = [name for name, _ in _sections()[1:]]
    if ".dev" in version:
        # Working towards a release: its entries are still under [Unreleased]
        # and it must be newer than every release already cut.
        target = _release(version)
        assert all(_release(r) < target for r in released), (
            f"{version} is a development version of a release the changelog already has"
        )
    else:
        assert released and released[0] == version, (
            f"_version.py says {version}: the first release section must be ## [{version}]"
        )
