"""Check the built sdist and wheel in dist/ before they can be published.

``twine check`` validates the metadata's rendering and ``check-wheel-contents``
the wheel's general hygiene; neither knows this project, so neither notices a
wheel that lost ``py.typed`` (type checkers then ignore every annotation), a
module left out by the build configuration, a version that no longer comes
from ``_version.py``, a runtime dependency slipped in from a dev group, or an
sdist that swept up a virtual environment. This script does.

Usage: ``python .ci/check_dist.py [DIST_DIR]`` (default ``dist``); exits 1 and
lists every problem found.
"""

from __future__ import annotations

import ast
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "unomahjong"

RUNTIME_DEPENDENCIES = {"attrs", "more-itertools"}
"""The only runtime requirements: anything else belongs in a dependency group."""

URL_LABELS = {"Homepage", "Documentation", "Repository", "Issues", "Changelog"}

JUNK_PARTS = {
    ".venv",
    ".ci-venv",
    "__pycache__",
    ".hypothesis",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    "_build",
    "dist",
    ".git",
}
"""Path components that mean a local environment or build output was packed."""


def source_version() -> str:
    """The version as written in the single source, without importing the package."""
    tree = ast.parse((PACKAGE / "_version.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            return node.value.value
    raise SystemExit("src/unomahjong/_version.py has no __version__ string")


def expected_modules() -> set[str]:
    """Wheel paths of every module and data file the package ships."""
    return {
        "unomahjong/" + p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*")
        if p.is_file() and p.suffix in {".py", ".typed"} and "__pycache__" not in p.parts
    }


def check_wheel(wheel: Path, version: str) -> list[str]:
    """Problems with the wheel's file list and metadata."""
    problems: list[str] = []
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        dist_info = f"unomahjong-{version}.dist-info"
        metadata_text = zf.read(f"{dist_info}/METADATA").decode("utf-8")
    missing = expected_modules() - names
    if missing:
        problems.append(f"wheel lacks {sorted(missing)}")
    if "unomahjong/py.typed" not in names:
        problems.append("wheel lacks unomahjong/py.typed")
    stray = sorted(
        n for n in names if not (n.startswith("unomahjong/") or n.startswith(dist_info + "/"))
    )
    if stray:
        problems.append(f"wheel holds files outside the package: {stray}")
    junk = sorted(n for n in names if JUNK_PARTS & set(n.split("/")) or n.endswith(".pyc"))
    if junk:
        problems.append(f"wheel holds build or environment junk: {junk}")
    problems += check_metadata(metadata_text, version)
    return problems


def check_metadata(text: str, version: str) -> list[str]:
    """Problems with the core metadata a PyPI page and an installer rely on."""
    problems: list[str] = []
    meta = Parser().parsestr(text)
    if meta["Version"] != version:
        problems.append(f"metadata version {meta['Version']} != _version.py {version}")
    if meta["License-Expression"] != "MIT":
        problems.append(f"License-Expression is {meta['License-Expression']!r}, not 'MIT'")
    if meta["Requires-Python"] != ">=3.11":
        problems.append(f"Requires-Python is {meta['Requires-Python']!r}")
    if meta["Description-Content-Type"] != "text/markdown":
        problems.append(f"Description-Content-Type is {meta['Description-Content-Type']!r}")
    if not meta.get_payload():
        problems.append("no long description (readme)")
    if not meta["Keywords"]:
        problems.append("no keywords")
    classifiers = meta.get_all("Classifier") or []
    for needed in ("Typing :: Typed", "Programming Language :: Python :: 3.11"):
        if needed not in classifiers:
            problems.append(f"classifier {needed!r} missing")
    labels = {u.split(",", 1)[0].strip() for u in meta.get_all("Project-URL") or []}
    if URL_LABELS - labels:
        problems.append(f"project URLs missing: {sorted(URL_LABELS - labels)}")
    runtime = {
        r.split(";")[0].split(">")[0].split("=")[0].split("<")[0].strip().lower()
        for r in meta.get_all("Requires-Dist") or []
        if "extra ==" not in r
    }
    if runtime != RUNTIME_DEPENDENCIES:
        problems.append(f"runtime dependencies {sorted(runtime)} != {sorted(RUNTIME_DEPENDENCIES)}")
    return problems


def check_sdist(sdist: Path, version: str) -> list[str]:
    """Problems with the source distribution's file list."""
    problems: list[str] = []
    top = f"unomahjong-{version}"
    with tarfile.open(sdist) as tf:
        names = [m.name for m in tf.getmembers() if m.isfile()]
    relative = {n.removeprefix(top + "/") for n in names}
    for needed in ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "PKG-INFO"):
        if needed not in relative:
            problems.append(f"sdist lacks {needed}")
    missing = {"src/" + m for m in expected_modules()} - relative
    if missing:
        problems.append(f"sdist lacks {sorted(missing)}")
    junk = sorted(n for n in relative if JUNK_PARTS & set(n.split("/")) or n.endswith(".pyc"))
    if junk:
        problems.append(f"sdist holds build or environment junk: {junk[:20]}")
    return problems


def main(argv: list[str]) -> int:
    """Check dist/ (or the directory given); print problems, return the exit status."""
    dist = Path(argv[0]) if argv else ROOT / "dist"
    version = source_version()
    wheels = sorted(dist.glob("*.whl"))
    sdists = sorted(dist.glob("*.tar.gz"))
    problems: list[str] = []
    if [w.name for w in wheels] != [f"unomahjong-{version}-py3-none-any.whl"]:
        problems.append(f"expected one pure wheel of version {version}, found {wheels}")
    if [s.name for s in sdists] != [f"unomahjong-{version}.tar.gz"]:
        problems.append(f"expected one sdist of version {version}, found {sdists}")
    if not problems:
        problems += check_wheel(wheels[0], version)
        problems += check_sdist(sdists[0], version)
    for p in problems:
        print(f"check_dist: {p}", file=sys.stderr)
    if not problems:
        print(f"check_dist: {wheels[0].name} and {sdists[0].name} OK")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
