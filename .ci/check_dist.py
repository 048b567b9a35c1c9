"""Check the built sdist and wheels in dist/ before they can be published.

``twine check`` validates the metadata's rendering and ``check-wheel-contents``
the wheel's general hygiene; neither knows this project, so neither notices a
wheel that lost ``py.typed`` (type checkers then ignore every annotation), a
module left out by the build configuration, a compiled wheel without its
extension modules (it would install and run in pure-Python mode, silently
slow), a pure wheel that is not ``py3-none-any``, a version that no longer
comes from ``_version.py``, a runtime dependency slipped in from a dev group,
an sdist without the Cython sources or with generated C, or an sdist that
swept up a virtual environment. This script does.

A release is one sdist, one pure ``py3-none-any`` wheel (the fallback) and
compiled wheels (one per platform and Python version); each is checked for
what its kind must hold.

Usage: ``python .ci/check_dist.py [DIST_DIR] [--expect KIND ...]`` (default
``dist``; KIND is ``sdist``, ``pure`` or ``compiled``, all three by
default); exits 1 and lists every problem found.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import tarfile
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "unomahjong"
CORE = PACKAGE / "_core"

PURE_TAG = "py3-none-any"
COMPILED_TAG = re.compile(r"^cp3\d+-cp3\d+-(?!any$)[a-z0-9_.]+$")
"""CPython wheels for one platform (free-threaded ``cp314t`` builds are not made)."""

GENERATED_SUFFIXES = {".c", ".cpp", ".h", ".html", ".o", ".obj", ".so", ".pyd", ".dll", ".dylib"}
"""Build output that never belongs in the sdist (Cython's C, annotation pages,
objects, compiled modules)."""

RUNTIME_DEPENDENCIES = {"attrs", "more-itertools"}
"""The only runtime requirements: anything else belongs in a dependency group."""

SHIPPED_SUFFIXES = {".py", ".typed", ".json"}
"""The package's modules, py.typed and its data files (the JSON Schemas in
``unomahjong/schemas``): each must be in every wheel and in the sdist."""

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


def built_pythons() -> list[str]:
    """The CPython versions release wheels are built for (``3.11``, ...), read
    from cibuildwheel's ``build`` list in pyproject.toml."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    builds = pyproject["tool"]["cibuildwheel"]["build"]
    return [f"3.{m[1]}" for b in builds if (m := re.fullmatch(r"cp3(\d+)-\*", b))]


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
        if p.is_file() and p.suffix in SHIPPED_SUFFIXES and "__pycache__" not in p.parts
    }


def core_sources() -> list[Path]:
    """The compiled core's Cython sources: ``.pyx`` modules and ``.pxd``/``.pxi``."""
    return sorted(p for p in CORE.iterdir() if p.suffix in {".pyx", ".pxd", ".pxi"})


def extension_stems() -> set[str]:
    """One extension module per ``.pyx``: its name in ``unomahjong._core``."""
    return {p.stem for p in core_sources() if p.suffix == ".pyx"}


def is_extension_module(name: str) -> bool:
    """Whether a wheel path is a compiled module (``.so`` on POSIX, ``.pyd`` on Windows)."""
    return name.endswith((".so", ".pyd"))


def wheel_tag(wheel: Path, version: str) -> str | None:
    """The wheel's ``python-abi-platform`` tag, or None if the name is not this version's."""
    prefix = f"unomahjong-{version}-"
    if not (wheel.name.startswith(prefix) and wheel.name.endswith(".whl")):
        return None
    return wheel.name.removeprefix(prefix).removesuffix(".whl")


def check_wheel(wheel: Path, version: str, *, compiled: bool) -> list[str]:
    """Problems with a wheel's file list and metadata; ``compiled`` says which
    kind it must be."""
    problems: list[str] = []
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        dist_info = f"unomahjong-{version}.dist-info"
        metadata_text = zf.read(f"{dist_info}/METADATA").decode("utf-8")
        wheel_text = zf.read(f"{dist_info}/WHEEL").decode("utf-8")
    missing = expected_modules() - names
    if missing:
        problems.append(f"wheel lacks {sorted(missing)}")
    if "unomahjong/py.typed" not in names:
        problems.append("wheel lacks unomahjong/py.typed")
    extensions = sorted(n for n in names if is_extension_module(n))
    if compiled:
        by_stem: dict[str, list[str]] = {}
        for n in extensions:
            folder, _, filename = n.rpartition("/")
            if folder == "unomahjong/_core":
                by_stem.setdefault(filename.split(".", 1)[0], []).append(n)
        for stem in sorted(extension_stems()):
            if len(by_stem.get(stem, [])) != 1:
                problems.append(
                    f"wheel needs one extension module unomahjong/_core/{stem}.*, "
                    f"has {by_stem.get(stem, [])}"
                )
        unexpected = [
            n
            for n in extensions
            if n.rpartition("/")[2].split(".", 1)[0] not in extension_stems()
            or not n.startswith("unomahjong/_core/")
        ]
        if unexpected:
            problems.append(f"wheel holds extension modules without a .pyx: {unexpected}")
        if "Root-Is-Purelib: false" not in wheel_text.splitlines():
            problems.append("compiled wheel is not marked Root-Is-Purelib: false")
    else:
        if extensions:
            problems.append(f"pure wheel holds extension modules: {extensions}")
        if "Root-Is-Purelib: true" not in wheel_text.splitlines():
            problems.append("pure wheel is not marked Root-Is-Purelib: true")
    package_files = {n for n in names if n.startswith("unomahjong/")}
    others = sorted(
        n for n in package_files - expected_modules() if not (compiled and is_extension_module(n))
    )
    if others:
        problems.append(f"wheel holds files the package does not ship: {others}")
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
    # pip before 25.1 shows the License field alone; metadata 2.4 allows it or
    # License-Expression, not both (setup.py says why this one).
    if meta["License"] != "MIT":
        problems.append(f"License is {meta['License']!r}, not 'MIT' (pip show reads it)")
    if "License-Expression" in meta:
        problems.append("License-Expression: PyPI refuses it beside License, old pips hide it")
    # A field present but empty shows as a blank line in pip show; a name
    # without an address is written as Author alone.
    for field in ("Author", "Author-email", "Maintainer", "Maintainer-email"):
        if field in meta and not str(meta[field]).strip():
            problems.append(f"{field} is empty")
    if not meta["Author"] and not meta["Author-email"]:
        problems.append("no Author")
    if meta["Requires-Python"] != ">=3.11":
        problems.append(f"Requires-Python is {meta['Requires-Python']!r}")
    if meta["Description-Content-Type"] != "text/markdown":
        problems.append(f"Description-Content-Type is {meta['Description-Content-Type']!r}")
    if not meta.get_payload():
        problems.append("no long description (readme)")
    if not meta["Keywords"]:
        problems.append("no keywords")
    classifiers = meta.get_all("Classifier") or []
    versions = [f"Programming Language :: Python :: {v}" for v in built_pythons()]
    for needed in ("Typing :: Typed", *versions):
        if needed not in classifiers:
            problems.append(f"classifier {needed!r} missing")
    version_classifier = re.compile(r"Programming Language :: Python :: 3\.\d+")
    stated = {c for c in classifiers if version_classifier.fullmatch(c)}
    if stated - set(versions):
        extra = sorted(stated - set(versions))
        problems.append(f"classifiers name Pythons no wheel is built for: {extra}")
    licence_classifiers = [c for c in classifiers if c.startswith("License ::")]
    if licence_classifiers:
        problems.append(f"licence classifiers (deprecated; License says it): {licence_classifiers}")
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
        pkg_info = tf.extractfile(f"{top}/PKG-INFO") if f"{top}/PKG-INFO" in names else None
        metadata_text = pkg_info.read().decode("utf-8") if pkg_info is not None else None
    relative = {n.removeprefix(top + "/") for n in names}
    needed = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "CHANGELOG.md", "PKG-INFO")
    for name in needed:
        if name not in relative:
            problems.append(f"sdist lacks {name}")
    missing = {"src/" + m for m in expected_modules()} - relative
    missing |= {p.relative_to(ROOT).as_posix() for p in core_sources()} - relative
    if missing:
        problems.append(f"sdist lacks {sorted(missing)}")
    if metadata_text is not None:
        problems += check_metadata(metadata_text, version)
    generated = sorted(n for n in relative if Path(n).suffix in GENERATED_SUFFIXES)
    if generated:
        problems.append(f"sdist holds generated or compiled files: {generated}")
    junk = sorted(n for n in relative if JUNK_PARTS & set(n.split("/")) or n.endswith(".pyc"))
    if junk:
        problems.append(f"sdist holds build or environment junk: {junk[:20]}")
    return problems


def main(argv: list[str]) -> int:
    """Check dist/ (or the directory given); print problems, return the exit status."""
    parser = argparse.ArgumentParser(description="Check the release artifacts.")
    parser.add_argument("dist", nargs="?", type=Path, default=ROOT / "dist")
    parser.add_argument(
        "--expect",
        nargs="+",
        choices=("sdist", "pure", "compiled"),
        default=["sdist", "pure", "compiled"],
        help="the kinds of artifact that must be present (default: all three)",
    )
    args = parser.parse_args(argv)
    dist: Path = args.dist
    version = source_version()
    wheels = sorted(dist.glob("*.whl"))
    sdists = sorted(dist.glob("*.tar.gz"))
    problems: list[str] = []
    pure = [w for w in wheels if wheel_tag(w, version) == PURE_TAG]
    compiled = [w for w in wheels if COMPILED_TAG.match(wheel_tag(w, version) or "")]
    strays = sorted(set(wheels) - set(pure) - set(compiled))
    if strays:
        problems.append(
            f"wheels neither pure {PURE_TAG} nor CPython of version {version}: {strays}"
        )
    if len(pure) > 1 or ("pure" in args.expect and not pure):
        problems.append(f"expected one pure {PURE_TAG} wheel of version {version}, found {pure}")
    if "compiled" in args.expect and not compiled:
        problems.append(f"expected compiled wheels of version {version}, found {wheels}")
    sdist_name = f"unomahjong-{version}.tar.gz"
    if (
        len(sdists) > 1
        or ("sdist" in args.expect and not sdists)
        or any(s.name != sdist_name for s in sdists)
    ):
        problems.append(f"expected one sdist {sdist_name}, found {sdists}")
    if not problems:
        for wheel in pure:
            problems += [f"{wheel.name}: {p}" for p in check_wheel(wheel, version, compiled=False)]
        for wheel in compiled:
            problems += [f"{wheel.name}: {p}" for p in check_wheel(wheel, version, compiled=True)]
        for sdist in sdists:
            problems += [f"{sdist.name}: {p}" for p in check_sdist(sdist, version)]
    for p in problems:
        print(f"check_dist: {p}", file=sys.stderr)
    if not problems:
        checked = ", ".join(a.name for a in [*sdists, *pure, *compiled])
        print(f"check_dist: {checked} OK")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
