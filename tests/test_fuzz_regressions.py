"""Every input of the fuzzer's corpus and every input it ever found a
fault with, replayed through its target (fuzz/harness.py; no atheris
needed): each must give an answer or the library's own error, never
another exception or a crash.

``fuzz/corpus/<target>/`` is what the coverage-guided runs kept (the
inputs that reached new code); ``fuzz/regressions/<target>/`` the inputs of
every fault found, each kept once it is fixed (docs/reliability.md#fuzzing).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

FUZZ = Path(__file__).resolve().parent.parent / "fuzz"


def _harness() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_harness", FUZZ / "harness.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HARNESS = _harness()


def test_every_target_has_a_corpus() -> None:
    assert sorted(HARNESS.TARGETS) == ["analysis", "corrupt", "game", "parse", "score"]
    for name in HARNESS.TARGETS:
        assert any((FUZZ / "corpus" / name).iterdir()), name


@pytest.mark.parametrize("name", sorted(HARNESS.TARGETS))
@pytest.mark.parametrize("kind", ["corpus", "regressions"])
def test_inputs_replay_without_a_fault(kind: str, name: str) -> None:
    folder = FUZZ / kind / name
    for path in sorted(folder.glob("*")) if folder.is_dir() else ():
        HARNESS.TARGETS[name](path.read_bytes())
