"""The Hypothesis side of :class:`unomahjong.research.generate.Picker`, for
:mod:`unomahjong.research.strategies` (which checks that Hypothesis is installed
before importing this module)."""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from typing import TypeVar

from hypothesis import strategies as st

_T = TypeVar("_T")

_INTEGERS: dict[tuple[int, int], st.SearchStrategy[int]] = {}
"""``st.integers(low, high)`` by bounds: looking one up in Hypothesis' own
cache costs more than the draw."""


def _integers(low: int, high: int) -> st.SearchStrategy[int]:
    out = _INTEGERS.get((low, high))
    if out is None:
        out = _INTEGERS[low, high] = st.integers(low, high)
    return out


class DrawnPicker:
    """A :class:`unomahjong.research.generate.Picker` whose every choice is a draw:
    it shrinks to the first option, the lowest number, the given order and
    False, so a themed hand shrinks as the other strategies' hands do.

    Every choice is an integer draw from a strategy made once per bounds: a
    ``sampled_from`` or ``permutations`` strategy made anew for each choice
    cost more than the hand it helped build.
    """

    __slots__ = ("_draw",)

    def __init__(self, draw: Callable[[st.SearchStrategy[int]], int]) -> None:
        """``draw`` is a composite strategy's ``draw`` or ``data.draw``."""
        self._draw = draw

    def _index(self, low: int, n: int) -> int:
        """A number from ``low`` to ``n - 1``, shrinking to ``low``."""
        return low if low == n - 1 else self._draw(_integers(low, n - 1))

    def choice(self, seq: Sequence[_T]) -> _T:
        return seq[self._index(0, len(seq))]

    def sample(self, seq: Sequence[_T], k: int) -> list[_T]:
        # The first k steps of a Fisher-Yates shuffle: each step takes one of
        # the elements not yet taken, the next in order when it shrinks.
        rest = list(seq)
        for i in range(k):
            j = self._index(i, len(rest))
            rest[i], rest[j] = rest[j], rest[i]
        return rest[:k]

    def randint(self, a: int, b: int) -> int:
        return self._draw(_integers(a, b))

    def randrange(self, n: int) -> int:
        return self._index(0, n)

    def shuffle(self, x: MutableSequence[_T]) -> None:
        x[:] = self.sample(x, len(x))

    def choice_if(self, seq: Sequence[_T], ok: Callable[[_T], bool]) -> _T | None:
        passing = [x for x in seq if ok(x)]
        return self.choice(passing) if passing else None

    def chance(self, p: float) -> bool:
        # Percent steps: the generator's probabilities are whole percents. The
        # high end is True, so the draw shrinks to False.
        return self._draw(_integers(0, 99)) >= 100 - round(100 * p)
