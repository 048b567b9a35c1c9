"""Sphinx configuration for the unomahjong documentation site.

The site is built offline and with warnings as errors (``.ci/run``):
``sphinx-build -n -W --keep-going -b html docs docs/_build/html``. Nothing
here may need the network, so there is no intersphinx: references to the
standard library and to third-party types are left unlinked on purpose (see
``nitpick_ignore_regex``), while every reference to this project's own
objects must resolve. See docs/about.md for why Sphinx, furo and MyST.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from unomahjong import __version__  # noqa: E402

project = "unomahjong"
author = "unomahjong developers"
copyright = "unomahjong developers"
release = __version__
version = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "rules.md.in", "Thumbs.db", ".DS_Store"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
"""Anchors for ``#section`` links inside and between pages, as on GitHub."""

html_theme = "furo"
html_title = f"unomahjong {__version__}"
html_static_path: list[str] = []

# API reference: the docstrings are the source, written in plain reST prose
# (no Google or NumPy sections, so no napoleon); signatures keep their types;
# members appear in source order, which follows the layers of the code.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"undoc-members": True}

# Every cross-reference must resolve (-n), except to objects documented
# elsewhere: the standard library, attrs, Hypothesis and typing constructs
# that no offline inventory describes.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(builtins\.)?(int|str|bool|float|bytes|object|type|tuple|list|dict|set)"),
    (r"py:.*", r"(builtins\.)?(frozenset|None|Ellipsis|NoneType|ValueError|Exception)"),
    (r"py:.*", r"(collections\.abc|typing|typing_extensions|enum|random|argparse)\..*"),
    (r"py:.*", r"(os|io|pathlib|concurrent\.futures|cf)\..*"),
    (r"py:.*", r"(Sequence|Iterable|Iterator|Mapping|Callable|Any|Final|Protocol|Self)"),
    (r"py:.*", r"(attrs?|hypothesis|st|more_itertools)\..*"),
    (r"py:.*", r"(Random|Enum|IntEnum|NamedTuple|ClassVar|Literal)"),
]


def _draw_plots(app: Any) -> None:
    """Draw docs/plots.md's pictures from their seeded runs (docs/gen_pictures.py)
    before the pages are read, so they show what the code draws now; a file
    already current is left alone."""
    gen = runpy.run_path(str(ROOT / "docs" / "gen_pictures.py"), run_name="gen_pictures")
    for name, svg in gen["plot_pictures"]().items():
        path = ROOT / "docs" / name
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            path.write_text(svg, encoding="utf-8")


def _copy_schemas(app: Any, exception: BaseException | None) -> None:
    """Serve the package's JSON Schemas side by side under ``schemas/`` in
    the built site (docs/schemas.md), so that the references between them
    resolve there; the files are the package's, never copies kept in docs/."""
    if exception is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / "schemas"
    target.mkdir(parents=True, exist_ok=True)
    for source in sorted((ROOT / "src" / "unomahjong" / "schemas").glob("*.schema.json")):
        (target / source.name).write_bytes(source.read_bytes())


def setup(app: Any) -> dict[str, bool]:
    """Sphinx's hooks: draw the plots first, serve the schemas last."""
    app.connect("builder-inited", _draw_plots)
    app.connect("build-finished", _copy_schemas)
    return {"parallel_read_safe": True}
