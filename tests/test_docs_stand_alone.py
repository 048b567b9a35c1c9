"""The documentation stands alone: it never sends a reader outside the repository.

docs/rules.md is the complete statement of the rules as implemented. No page,
docstring, comment or test may cite a file that is neither in the repository
nor in the sdist (the product's outside rulings and the texts they came from
included), and every reference to the project's own pages must lead
somewhere: each ``docs/<page>.md`` (with or without ``#anchor``) named in the
code, the tests or the pages, and each relative Markdown link of README.md
and docs/, names a file the sdist holds and, with an anchor, a heading of
that page.
"""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCANNED = [ROOT / "src", ROOT / "docs", ROOT / "tests", ROOT / "benchmarks"]
TOP_FILES = [ROOT / "README.md", ROOT / "CHANGELOG.md"]
TEXT_SUFFIXES = {".py", ".pyi", ".pyx", ".pxd", ".pxi", ".md", ".in", ".txt", ".tsv", ".json"}
SKIPPED_PARTS = {"__pycache__", "_build", ".hypothesis", ".pytest_cache", ".mypy_cache"}
REPO_URL = "https://github.com/unomahjong/unomahjong/blob/main/"

FORBIDDEN = [
    (re.compile(r"RULINGS"), "the outside rulings file"),
    (re.compile(r"rulings\.md", re.IGNORECASE), "the outside rulings file"),
    (re.compile(r"(?:\.\./|/work/)shared\b|\bshared/(?:seeds|mcr)\b"), "the outside shared folder"),
    (re.compile(r"\bseeds/|\b\d{3}_[0-9a-f]{16}\b"), "an outside seed text"),
    (re.compile(r"\bseed (?:texts?|documents?|files?|00\d)\b", re.I), "an outside seed text"),
    (re.compile(r"/work/"), "an absolute path of a development machine"),
]
"""What a reference to a file outside the repository looks like. This file
spells the patterns out, so it is the one file not scanned."""

DOC_REF = re.compile(r"\bdocs/([\w.-]+\.md)(?:#([\w\u4e00-\u9fff-]+))?")
MD_LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,3})\s+(.*?)\s*$")
"""Headings that get anchors: levels 1-3 (``myst_heading_anchors`` in docs/conf.py)."""
FENCE = re.compile(r"^(```|~~~)")


def _scanned_files() -> list[Path]:
    files = list(TOP_FILES)
    for folder in SCANNED:
        for p in folder.rglob("*"):
            parts = set(p.relative_to(ROOT).parts)
            if (
                p.is_file()
                and p.suffix in TEXT_SUFFIXES
                and not parts & SKIPPED_PARTS
                and not any(part.endswith(".egg-info") for part in parts)
            ):
                files.append(p)
    return sorted(f for f in files if f != Path(__file__).resolve())


def _rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


FILES = _scanned_files()
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "docs" / "rules.md.in"]


def slug(title: str) -> str:
    """A heading's anchor as GitHub and MyST write it: inline markup dropped,
    lowercase, spaces to hyphens, anything but word characters, CJK
    ideographs and hyphens removed."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title)
    text = re.sub(r"[`*]", "", text)
    return re.sub(r"[^\w\u4e00-\u9fff\- ]", "", text.lower().replace(" ", "-"))


def anchors(page: Path) -> set[str]:
    """The anchors of a Markdown page's headings (duplicates numbered as GitHub does)."""
    seen: dict[str, int] = {}
    out: set[str] = set()
    inside = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            inside = not inside
            continue
        m = HEADING.match(line)
        if inside or not m:
            continue
        base = slug(m.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def _page_for_anchors(page: Path) -> Path:
    """docs/rules.md.in is the template of docs/rules.md: its anchors are the page's."""
    return page.with_suffix("") if page.suffix == ".in" else page


def _matches(command: str, pattern: str, path: Path) -> bool:
    """Whether a MANIFEST.in command's pattern covers a repository file."""
    rel = _rel(path)
    folder = pattern.rstrip("/")
    if command == "include":
        return fnmatch.fnmatch(rel, pattern)
    if command == "graft":
        return rel.startswith(folder + "/")
    if command == "prune":
        return fnmatch.fnmatch(rel, folder.replace("**/", "*") + "/*") or rel.startswith(
            folder + "/"
        )
    if command == "global-exclude":
        return fnmatch.fnmatch(path.name, pattern)
    raise AssertionError(f"MANIFEST.in command {command!r} is not read here")


def in_sdist(path: Path) -> bool:
    """Whether MANIFEST.in puts a repository file in the sdist (its commands
    applied in order, as setuptools applies them)."""
    included = False
    for line in (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines():
        command, *patterns = line.split("#", 1)[0].split() or [""]
        if command and any(_matches(command, p, path) for p in patterns):
            included = command in {"include", "graft"}
    return included


@pytest.mark.parametrize("path", FILES, ids=_rel)
def test_no_reference_to_files_outside_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8", errors="replace")
    found = [
        f"{_rel(path)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r} ({what})"
        for pattern, what in FORBIDDEN
        for m in pattern.finditer(text)
    ]
    assert not found, "cite the project's own docs (docs/rules.md#...) instead:\n" + "\n".join(
        found
    )


def _doc_references() -> list[tuple[str, str, str | None]]:
    """(where, page, anchor) for each ``docs/<page>.md[#anchor]`` in the scanned files."""
    out = []
    for path in FILES:
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in DOC_REF.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            out.append((f"{_rel(path)}:{line}", m.group(1), m.group(2)))
    return out


def _links() -> list[tuple[str, Path, str | None]]:
    """(where, target file, anchor) for each relative Markdown link of the pages
    (and each link of README.md to this repository's files on GitHub)."""
    out = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in MD_LINK.finditer(text):
            target = m.group(1)
            if target.startswith(REPO_URL):
                base, target = ROOT, target.removeprefix(REPO_URL)
            elif re.match(r"^[a-z]+:", target):
                continue
            else:
                base = page.parent
            name, _, anchor = target.partition("#")
            name = name.split("?", 1)[0]  # ?raw=true: an image served as itself
            file = _page_for_anchors(page) if not name else (base / name).resolve()
            where = f"{_rel(page)}:{text.count(chr(10), 0, m.start()) + 1}"
            out.append((where, file, anchor or None))
    return out


def test_references_to_doc_pages_resolve() -> None:
    refs = _doc_references()
    assert refs, "no docs/<page>.md reference found: is the pattern right?"
    bad = []
    for where, name, anchor in refs:
        page = ROOT / "docs" / name
        if not page.is_file():
            bad.append(f"{where}: docs/{name} does not exist")
        elif anchor is not None and anchor not in anchors(page):
            bad.append(f"{where}: docs/{name} has no heading #{anchor}")
    assert not bad, "\n".join(bad)


def test_page_links_resolve_inside_the_sdist() -> None:
    links = _links()
    assert links, "no Markdown link found: is the pattern right?"
    bad = []
    for where, file, anchor in links:
        if not file.is_relative_to(ROOT):
            bad.append(f"{where}: {file} is outside the repository")
        elif not file.exists():
            bad.append(f"{where}: {_rel(file)} does not exist")
        elif file.is_file() and not in_sdist(file):
            bad.append(f"{where}: {_rel(file)} is not in the sdist (MANIFEST.in)")
        elif anchor is not None and file.suffix == ".md" and anchor not in anchors(file):
            bad.append(f"{where}: {_rel(file)} has no heading #{anchor}")
    assert not bad, "\n".join(bad)


def test_manifest_reading() -> None:
    """The sdist check above reads MANIFEST.in as setuptools does, on known cases."""
    assert in_sdist(ROOT / "README.md")
    assert in_sdist(ROOT / "docs" / "rules.md")
    assert in_sdist(ROOT / "benchmarks" / "README.md")
    assert not in_sdist(ROOT / "docs" / "_build" / "html" / "index.html")
    assert not in_sdist(ROOT / "src" / "unomahjong" / "_core" / "scoring.c")
    assert not in_sdist(ROOT / ".ci" / "run")


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Play", "play"),
        ("Seats, hands and matches", "seats-hands-and-matches"),
        ("Symmetries (used by the property tests)", "symmetries-used-by-the-property-tests"),
        ("Log format (JSON Lines, version 1)", "log-format-json-lines-version-1"),
        ("1. 长暂停 — Big Four Skips (108)", "1-长暂停--big-four-skips-108"),
        ("The `--json` output", "the---json-output"),
    ],
)
def test_slug(title: str, expected: str) -> None:
    assert slug(title) == expected


@pytest.mark.parametrize(
    "text",
    [
        "see RULINGS.md section 5",
        "(RULINGS 3.2)",
        "as in rulings.md",
        "../shared/RULINGS.md",
        "shared/seeds/000_025aebeaaffba2c1.txt",
        "the seed text says",
        "(seed 000)",
        "/work/shared/mcr/rulebook_examples.tsv",
    ],
)
def test_forbidden_patterns_catch(text: str) -> None:
    assert any(pattern.search(text) for pattern, _ in FORBIDDEN)


@pytest.mark.parametrize(
    "text", ["docs/rules.md#play", "the seed fixes seating and walls", "seeds 11,12", "rulings"]
)
def test_forbidden_patterns_spare(text: str) -> None:
    assert not any(pattern.search(text) for pattern, _ in FORBIDDEN)
