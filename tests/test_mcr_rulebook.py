"""The MCR rule book's 132 worked examples: exact fans and totals."""

from __future__ import annotations

from collections import Counter

import pytest
from mcr_rulebook import BookExample, load

from unomahjong import parse_hand, score

EXAMPLES = load()

BOOK_NAMES_OTHER_CHOW_COMBINATION = {132}
"""Lines where the book names another 1-point chow combination than the
calculators (and we) do, for the same total: the book's 123m 789m 123s 789s
reads 老少副 x2 + 喜相逢; the calculators take 喜相逢 x2 + 老少副, as does our
tie-break (more distinct fans, then the fan higher in the table)."""


def test_all_examples_loaded() -> None:
    assert len(EXAMPLES) == 132


@pytest.mark.parametrize("ex", EXAMPLES, ids=[f"L{e.line}-{e.subject}" for e in EXAMPLES])
def test_rulebook_example(ex: BookExample) -> None:
    s = score(parse_hand(ex.hand, "mcr"), ex.context, "mcr")
    assert s.total == ex.total
    assert s.total == sum(f.points * f.count for f in s.fans)
    got = Counter({f.zh: f.count for f in s.fans})
    if ex.line in BOOK_NAMES_OTHER_CHOW_COMBINATION:
        assert got == Counter(
            {"平和": 1, "喜相逢": 2, "老少副": 1, "缺一门": 1, "边张": 1, "自摸": 1}
        )
    else:
        assert got == ex.expected
