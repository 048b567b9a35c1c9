"""The numbering the compiled core shares with the Python modules has one
source: ``_core/_numbering.pxi`` is generated from the Python enums and the
core's list of context facts, never written by hand."""

from __future__ import annotations

import attrs

from unomahjong._core import numbering
from unomahjong.model.context import WinContext
from unomahjong.model.shapes import MCR_SHAPES, UNO_SHAPES, Shape


def test_the_generated_numbering_is_current() -> None:
    # Stale: run `python -m unomahjong._core.numbering` and rebuild the core.
    assert numbering.PXI.read_text(encoding="utf-8") == numbering.generate()


def test_a_shapes_mask_has_bit_one_shifted_by_each_shapes_number() -> None:
    text = numbering.generate()
    for i, shape in enumerate(Shape):
        assert f"    SH_{shape.name} = {i}\n" in text
    assert f"    SH_ALL = {UNO_SHAPES.mask}\n" in text
    assert UNO_SHAPES.mask == MCR_SHAPES.mask == (1 << len(Shape)) - 1


def test_the_core_reads_only_facts_of_the_win_context_flags_first() -> None:
    fields = {a.name: a for a in attrs.fields(WinContext)}
    assert set(numbering.CORE_FACTS) <= set(fields)
    flags = [f for f in numbering.CORE_FACTS if fields[f].type in (bool, "bool")]
    assert list(numbering.CORE_FACTS[: len(flags)]) == flags
