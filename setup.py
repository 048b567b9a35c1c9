"""Build the optional compiled core (``src/unomahjong/_core/*.pyx``, Cython 3).

All project metadata lives in pyproject.toml but the licence (``LICENSE``
below); this file otherwise only declares the extension modules and how their
build may fail. The package is complete
without them (the Python engine is the reference), so by default a machine
that cannot compile still installs it, in pure-Python mode, with one warning
line. Environment switches, documented in docs/releasing.md:

``UNOMAHJONG_BUILD_PURE=1``
    no extension modules: a ``py3-none-any`` wheel (the release's fallback).
``UNOMAHJONG_REQUIRE_COMPILED=1``
    a failed compile fails the build (cibuildwheel, CI).
``UNOMAHJONG_BOUNDSCHECK=1``
    index, wraparound and initialisation checks on, C division off, and on
    POSIX compilers AddressSanitizer and UndefinedBehaviorSanitizer (which
    check the C arrays Cython's own checks do not see): the build CI runs the
    differential and bad-input tests against, with the sanitizer runtimes
    preloaded. A failed compile fails this build too: falling back would test
    the Python engine instead.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.errors import CCompilerError, ExecError, PlatformError

ROOT = Path(__file__).resolve().parent
SRC = "src"
CORE = "src/unomahjong/_core"
PACKAGE = "unomahjong._core"

PURE_SWITCH = "UNOMAHJONG_BUILD_PURE"
REQUIRE_SWITCH = "UNOMAHJONG_REQUIRE_COMPILED"
BOUNDSCHECK_SWITCH = "UNOMAHJONG_BOUNDSCHECK"

# The licence as the core metadata's License field. pip before 25.1 shows only
# that field (``pip show``), never License-Expression, which pyproject.toml's
# ``license = "MIT"`` would write instead; metadata 2.4 allows one of the two,
# not both (PyPI refuses an upload with both), and setuptools takes the plain
# text only from here (pyproject.toml lists ``license`` as dynamic).
LICENSE = "MIT"

FAST_DIRECTIVES = {
    "language_level": 3,
    "boundscheck": False,
    "wraparound": False,
    "initializedcheck": False,
    "cdivision": True,
}
CHECKED_DIRECTIVES = {
    "language_level": 3,
    "boundscheck": True,
    "wraparound": True,
    "initializedcheck": True,
    "cdivision": False,
}

# The checked build's sanitizers: out-of-bounds indexing of C arrays (struct
# members and locals included), use of freed memory, undefined arithmetic.
# Any report aborts the process (no recovery), so a test run fails.
SANITIZERS = ("-fsanitize=address,undefined", "-fno-sanitize-recover=all")

# A directive set to False in a source file (header comment or decorator)
# wins over the build's defaults, so the checked build would silently test
# unchecked code.
LOCAL_OVERRIDE = re.compile(r"\b(boundscheck|wraparound|initializedcheck)\s*[=(]\s*False\b")


def switch(name: str) -> bool:
    """Whether the environment variable ``name`` is set to ``1``."""
    return os.environ.get(name, "") == "1"


def directives() -> dict[str, object]:
    """The Cython compiler directives of this build."""
    return dict(CHECKED_DIRECTIVES if switch(BOUNDSCHECK_SWITCH) else FAST_DIRECTIVES)


def core_sources() -> list[str]:
    """Every ``.pyx`` of the core, relative to the project root, sorted."""
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / CORE).glob("*.pyx"))


def extensions() -> list[Extension]:
    """One extension module ``unomahjong._core.<name>`` per ``.pyx``, or none
    for a pure build."""
    if switch(PURE_SWITCH):
        return []
    compile_args: list[str] = []
    link_args: list[str] = []
    if switch(BOUNDSCHECK_SWITCH) and os.name == "posix":
        compile_args = [*SANITIZERS, "-fno-omit-frame-pointer", "-O1"]
        link_args = list(SANITIZERS)
    return [
        Extension(
            f"{PACKAGE}.{Path(source).stem}",
            [source],
            extra_compile_args=compile_args,
            extra_link_args=link_args,
        )
        for source in core_sources()
    ]


def local_overrides() -> list[str]:
    """``file:line`` of each directive that turns a check off in the sources."""
    found = []
    sources = (p for p in (ROOT / CORE).iterdir() if p.suffix in {".pyx", ".pxd", ".pxi"})
    for path in sorted(sources):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if LOCAL_OVERRIDE.search(line):
                found.append(f"{path.relative_to(ROOT).as_posix()}:{number}")
    return found


# What a missing or failing toolchain raises: Cython's own errors come as
# CompileError (its base class is not importable without Cython), compilers'
# as CCompilerError, a missing MSVC as PlatformError.
BUILD_ERRORS: tuple[type[BaseException], ...] = (CCompilerError, ExecError, PlatformError, OSError)


class OptionalBuildExt(build_ext):
    """Cythonize and compile the core; by default, survive a failure.

    Whatever the outcome, no extension module of an earlier build is left
    where this build's outputs go: either all of this build's modules are
    there, or none is (a half-built core would be importable, and the
    engine checks only that the modules import and state their API). A
    failed editable build removes the modules from the source tree too.
    """

    def finalize_options(self) -> None:
        super().finalize_options()
        # Always rebuild: the outputs' timestamps do not record which
        # directives (checked or fast) produced them.
        self.force = True
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        if not self.extensions:
            return
        inplace = self.inplace
        self._remove_modules(inplace=False)
        stage = "Cython"
        try:
            self._cythonize()
            stage = "C compiler"
            super().run()
        except BUILD_ERRORS + _cython_errors() as exc:
            self._remove_modules(inplace=inplace)
            if switch(REQUIRE_SWITCH) or switch(BOUNDSCHECK_SWITCH):
                raise
            reason = stage + ": " + (" ".join(str(exc).split()) or type(exc).__name__)
            if len(reason) > 150:
                reason = reason[:147] + "..."
            print(
                f"warning: unomahjong: the compiled core could not be built ({reason}); "
                "the package installs in pure-Python mode "
                f"(set {REQUIRE_SWITCH}=1 to make this an error)",
                file=sys.stderr,
                flush=True,
            )
            self.extensions = []

    def _cythonize(self) -> None:
        if switch(BOUNDSCHECK_SWITCH) and (found := local_overrides()):
            raise SystemExit(
                f"{BOUNDSCHECK_SWITCH}=1: these lines turn a check off locally, so the "
                f"checked build would not check them: {', '.join(found)}"
            )
        from Cython.Build import cythonize

        # The generated C goes to the temporary build directory, never into
        # the source tree or the sdist.
        generated = cythonize(
            self.extensions,
            compiler_directives=directives(),
            include_path=[SRC],
            build_dir=self.build_temp,
            force=True,
            quiet=True,
        )
        # cythonize returns plain distutils copies; keep setuptools' own
        # Extension objects (the editable install relies on their state).
        sources = {ext.name: ext.sources for ext in generated}
        for ext in self.extensions:
            ext.sources = sources[ext.name]

    def _module_paths(self) -> list[tuple[Path, Path]]:
        """For each extension: where the build puts it, and its place in the
        source tree (where an editable install imports it from)."""
        package_dir = self.get_finalized_command("build_py").get_package_dir(PACKAGE)
        paths = []
        for ext in self.extensions:
            filename = self.get_ext_filename(ext.name)
            paths.append((Path(self.build_lib, filename), Path(package_dir, Path(filename).name)))
        return paths

    def _remove_modules(self, *, inplace: bool) -> None:
        """Delete this build's extension modules from the build directory
        and, for an in-place (editable) build, from the source tree."""
        for built, in_tree in self._module_paths():
            built.unlink(missing_ok=True)
            if inplace:
                in_tree.unlink(missing_ok=True)

    def copy_extensions_to_source(self) -> None:
        """Put the built modules into the source tree, each by an atomic
        rename: a process that has the old module loaded (a running test
        session) keeps it intact, where overwriting it in place would crash
        that process, and no moment passes without a module."""
        for built, in_tree in self._module_paths():
            partial = in_tree.with_name(in_tree.name + ".partial")
            shutil.copy2(built, partial)
            os.replace(partial, in_tree)


class PureAwareBuildPy(build_py):
    """A pure build drops the extension modules an earlier compiled build
    left behind: in the build directory, which the wheel is made from, and,
    for an editable install, in the source tree, where they would import."""

    def run(self) -> None:
        super().run()
        if not switch(PURE_SWITCH):
            return
        core = Path(self.build_lib, *PACKAGE.split("."))
        stale = [*core.glob("*.so"), *core.glob("*.pyd")]
        if getattr(self, "editable_mode", False):
            suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
            package_dir = Path(self.get_package_dir(PACKAGE))
            stale += [package_dir / (Path(s).stem + suffix) for s in core_sources()]
        for path in stale:
            path.unlink(missing_ok=True)


def _cython_errors() -> tuple[type[BaseException], ...]:
    try:
        from Cython.Compiler.Errors import CompileError
    except ImportError:
        return (ImportError,)
    return (ImportError, CompileError)


if __name__ == "__main__":
    setup(
        license=LICENSE,
        ext_modules=extensions(),
        cmdclass={"build_ext": OptionalBuildExt, "build_py": PureAwareBuildPy},
    )
