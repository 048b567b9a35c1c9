"""The fan model: a fan table is a tuple of fans, each one record.

A fan (:class:`FanDef`) says what it is called, what it is worth, what it
excludes and how it is found: its :class:`Detector`, which has one of a few
*kinds*; the kind tells the engine which counting principle applies:

* ``simple`` — counted on its own (tile-based fans, kongs, win context);
* ``chow_set`` / ``pung_set`` — built from a set of three or four chows or
  pungs: the melds they use are joined for the pair-combination search
  (不拆移, 套算一次);
* ``chow_pair`` / ``pung_pair`` — formed by two melds (一般高, 喜相逢, 连六,
  老少副, 双同刻): chosen by an exact search;
* ``per_meld`` — one per qualifying meld (幺九刻), reduced by the melds a
  higher fan already accounts for (``FanDef.absorbs``).
"""

from __future__ import annotations

import enum
import sys
import types
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Never, Protocol, SupportsIndex

import attrs

from .._checks import (
    Lookup,
    by_name,
    checked_init,
    did_you_mean,
    items,
    quote,
    unknown_keywords,
    unknown_member,
    wrong_type,
)
from .._memo import Memo
from ..errors import RulesError

if TYPE_CHECKING:
    from ..model.tiles import Tile
    from ..scoring.facts import Reading


class DetectorKind(enum.Enum, metaclass=Lookup):
    """Which counting principle a fan's detector follows."""

    SIMPLE = "simple"
    CHOW_SET = "chow_set"
    PUNG_SET = "pung_set"
    CHOW_PAIR = "chow_pair"
    PUNG_PAIR = "pung_pair"
    PER_MELD = "per_meld"

    @classmethod
    def _missing_(cls, value: object) -> DetectorKind:
        raise unknown_member(cls, value, RulesError, "bad-fan")


class Gate(enum.StrEnum, metaclass=Lookup):
    """A cheap test a simple fan needs to be possible at all: one attribute of
    the hand's facts (``HandFacts``, for per-hand detectors) or of the
    reading (``Reading``, for the others) must be truthy. The engine skips
    the detector when it is not, so the detector must then count 0. A gate's
    value is the attribute's name."""

    HONOUR_PUNGS = "honour_pungs"
    """The reading holds a pung or kong of honours."""
    CONCEALED_PUNGS = "concealed_pungs"
    """The reading holds a concealed pung (暗刻)."""
    SEVEN_PAIRS = "seven_pairs"
    """The reading is seven pairs."""
    SPECIAL = "special"
    """The reading is thirteen orphans or honours and knitted tiles."""
    KNITTED = "knitted"
    """The reading holds a knitted set."""
    WAIT = "wait"
    """The winning tile completed the hand's only wait (edge, closed, single)."""
    HONOURLESS = "honourless"
    """The hand holds no honour."""
    HONOURS = "honours"
    """The hand holds an honour."""
    FLAGGED = "flagged"
    """The win context sets a flag of a special win."""
    KONGS = "kongs"
    """The hand has declared a kong."""
    FOURS = "fours"
    """The hand holds all four copies of some kind."""

    @classmethod
    def _missing_(cls, value: object) -> Gate:
        raise unknown_member(cls, value, RulesError, "bad-fan")


def _gate(value: Gate | str | None) -> Gate | None:
    """``Detector.requires`` as a :class:`Gate` (its name as text is accepted)."""
    if value is None or isinstance(value, Gate):
        return value
    return Gate(value)  # an unknown one: RulesError bad-fan, naming the gates


def _name(gate: Gate | None) -> str | None:
    return None if gate is None else gate.value


MeldKey = tuple[int, int]
"""(suit, lowest rank) of a number chow, pung or kong."""
SimpleFn = Callable[["Reading"], int]
"""Count of a simple fan in a reading (0 when absent)."""
SetFn = Callable[[Sequence[MeldKey], "Tile | None"], Sequence[tuple[int, ...]]]
"""Every way a set fan can be formed from the keys of a reading's number
chows (or number pungs and kongs) and its pair: tuples of ascending
positions in the key list. A pure function of its arguments (memoised), and
of each subset alone: a subset forms the set whatever other keys are listed
(the engine asks about each subset of three or four keys on its own). Its
answer does not change when suits are renamed (in the keys and the pair
alike), and of the pair it reads only the suit and rank: the engine
memoises on keys and pair with suits renamed."""
PairFn = Callable[[MeldKey, MeldKey], bool]
"""Whether two number melds (keys) form this pair fan (memoised)."""
PerMeldFn = Callable[["Reading"], Sequence[int]]
"""Indices of the melds that each count once."""
EvidenceFn = Callable[["Reading"], tuple[int, ...]]
"""The meld indices that produced a simple fan."""


def _found_by_name(fn: Callable[..., Any]) -> bool:
    """Whether pickle can find ``fn`` by name: anything but a plain Python
    function is pickle's own to judge."""
    if not isinstance(fn, types.FunctionType):
        return True
    found: Any = sys.modules.get(fn.__module__)
    for part in fn.__qualname__.split("."):
        found = getattr(found, part, None)
    return found is fn


@checked_init
@attrs.frozen(slots=True)
class Detector:
    """How a fan is found; ``fn``'s signature depends on ``kind``."""

    kind: DetectorKind
    fn: Callable[..., Any]
    evidence: EvidenceFn | None = None
    """For simple fans: the meld indices that produced the fan (for display
    and for ``absorbs``)."""
    per_hand: bool = False
    """True when the result depends only on the hand's tiles, the context and
    the shape family (not on the melds): the engine computes it once per hand
    and shape family."""
    uses_pair: bool = False
    """For set fans: the detector reads the pair (the others are memoised on
    the meld keys alone)."""
    size: int | None = None
    """For set fans: how many melds the set holds (3 or 4); the engine asks
    the detector only about subsets of that size."""
    requires: Gate | None = attrs.field(default=None, converter=_gate)
    """For simple fans: the :class:`Gate` that must pass for the fan to be
    possible at all, e.g. ``Gate.KONGS`` (its name, ``"kongs"``, is
    accepted too). The engine skips the detector when the gate is shut, so
    the detector must then count 0."""

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        # pickle finds a function by its module and name: a lambda or a
        # function defined inside another cannot travel (to a process pool,
        # say), and the library says so by name instead of pickle's error.
        for fn in (self.fn, self.evidence):
            if fn is not None and not _found_by_name(fn):
                name = getattr(fn, "__qualname__", repr(fn))
                raise RulesError(
                    "unpicklable-detector",
                    f"the detector function {name!r} cannot be pickled: pickle finds a"
                    " function by its module and name, which a lambda or a function"
                    " defined inside another does not have",
                    hint="a value of unomahjong.rules.detectors, or a function defined"
                    " at the top level of a module",
                )
        return super().__reduce_ex__(protocol)


class DetectorValue(Protocol):
    """What the Python engine asks of a detector of the vocabulary
    (:class:`unomahjong.rules.detectors.Primitive`)."""

    def as_detector(self) -> Detector: ...


DetectorLike = Detector | DetectorValue
"""A fan's detector: a vocabulary value or a :class:`Detector`."""


def _detector(value: object) -> object:
    """A plain function as a simple :class:`Detector`; anything else as is
    (the table checks it)."""
    if value is None or isinstance(value, Detector) or hasattr(value, "as_detector"):
        return value
    if callable(value):
        return Detector(DetectorKind.SIMPLE, value)
    return value


def engine_detector(value: DetectorLike) -> Detector:
    """The detector as the Python engine runs it."""
    if isinstance(value, Detector):
        return value
    as_detector = getattr(value, "as_detector", None)
    if as_detector is None:
        raise TypeError(f"{value!r} is not a detector")
    det = as_detector()
    if not isinstance(det, Detector):
        raise TypeError(f"{value!r} is not a detector")
    return det


@checked_init
@attrs.frozen(slots=True)
class FanDef:
    """One fan of a table: its row (names, points, exclusions) and its
    detector, in one record."""

    id: str
    """Stable English identifier, e.g. ``"PURE_DOUBLE_CHOW"``."""
    zh: str
    """The Chinese name, exactly as the rule book writes it."""
    en: str
    """The English name."""
    points: int
    number: int
    """The row number in the variant's fan list (UNO's repeats 13 and 28)."""
    excludes: tuple[str, ...]
    """Ids of fans not counted when this fan is counted (not transitive)."""
    definition: str
    absorbs: tuple[str, ...] = ()
    """Per-meld fans not counted *for the melds this fan uses* (e.g. 幺九刻)."""
    absorbs_limit: int | None = None
    """At most this many melds absorbed (九莲宝灯 absorbs one 幺九刻)."""
    detector: DetectorLike | None = attrs.field(default=None, repr=False, converter=_detector)
    """How the fan is found: a value of the detector vocabulary
    (:mod:`unomahjong.rules.detectors`, run by both engines), or a
    :class:`Detector` around a Python function (a plain function is taken
    as a simple detector that reads one reading); None only for the table's
    fallback fan (无番和), scored when no other is."""


@checked_init
@attrs.frozen(slots=True)
class FanTable:
    """A rule set's fans in table order, each with its detector. Two tables
    are equal when their names, rows, fallback and bonus rows are: what the
    engine derives from them is not compared (nor hashed, nor pickled apart
    from them)."""

    name: str
    rows: tuple[FanDef, ...]
    fallback: str
    """The fan scored when nothing else is (无番和)."""
    bonus: frozenset[str] = frozenset()
    """Fans that do not count as "another fan" for the fallback (MCR's 花牌):
    the fallback is counted with them when nothing else is, in every choice
    of set fans."""
    detectors: dict[str, Detector] = attrs.field(init=False, eq=False, repr=False)
    """Each fan's detector by id, as the Python engine runs it (derived from
    the rows; the fallback has none)."""
    position: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    by_id: dict[str, FanDef] = attrs.field(init=False, eq=False, repr=False)
    groups: dict[DetectorKind, tuple[tuple[FanDef, Detector], ...]] = attrs.field(
        init=False, eq=False, repr=False
    )
    """Rows with their detectors, by detector kind, in table order."""
    hand_simple: tuple[tuple[FanDef, Detector], ...] = attrs.field(init=False, eq=False, repr=False)
    """Simple detectors that depend only on the hand (``per_hand``)."""
    reading_simple: tuple[tuple[FanDef, Detector], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    """Simple detectors that read the melds of one reading."""
    chow_set_fans: tuple[tuple[FanDef, Detector], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    pung_set_fans: tuple[tuple[FanDef, Detector], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    per_meld_fans: tuple[tuple[FanDef, Detector], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    subset_fans: dict[tuple[bool, int], tuple[tuple[int, Detector], ...]] = attrs.field(
        init=False, eq=False, repr=False
    )
    """Set detectors that read only the meld keys, as (row position, detector),
    by (chows?, size): what the engine asks about each subset of keys."""
    chow_sets_with_pair: tuple[tuple[FanDef, Detector], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    """Chow set fans whose detector reads the pair (``uses_pair``)."""
    pung_sets_with_pair: tuple[tuple[FanDef, Detector], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    """Pung set fans whose detector reads the pair."""
    # The same facts by row position, as the engine's hot loops read them.
    points: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Points of each row, by position."""
    exclude_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Each row's exclusions as a bit mask over positions."""
    absorb_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Each row's ``absorbs`` as a bit mask over positions."""
    bonus_mask: int = attrs.field(init=False, eq=False, repr=False)
    """The bonus rows as a bit mask over positions."""
    hand_fns: tuple[tuple[str | None, tuple[tuple[int, SimpleFn], ...]], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    """``hand_simple`` as (position, detector function), grouped by ``requires``
    (the gate's attribute name as a plain ``str``: ``getattr`` is slower with
    a ``str`` subclass)."""
    reading_fns: tuple[
        tuple[str | None, tuple[tuple[int, SimpleFn, EvidenceFn | None], ...]], ...
    ] = attrs.field(init=False, eq=False, repr=False)
    """``reading_simple`` as (position, detector function, evidence), grouped
    by ``requires`` (as in ``hand_fns``)."""
    per_meld_fns: tuple[tuple[int, PerMeldFn], ...] = attrs.field(init=False, eq=False, repr=False)
    """``per_meld_fans`` as (position, detector function)."""
    memo: Memo[Any, Any] = attrs.field(init=False, factory=Memo, eq=False, repr=False)
    """The engine's memo of pure sub-results on this table (set and pair fans
    by meld keys, pair-combination searches), keyed by small tuples."""
    count_memo: Memo[Any, Any] = attrs.field(init=False, factory=Memo, eq=False, repr=False)
    """The engine's memo of counted readings, keyed by what the detectors found."""
    entry_memo: dict[Any, Any] = attrs.field(init=False, factory=dict, eq=False, repr=False)
    """Interned result entries without melds, by (row position, count): most
    fans of a score are about tiles or the context, and recur in every score."""

    def __attrs_post_init__(self) -> None:
        self._check_fields()
        detectors = {r.id: engine_detector(r.detector) for r in self.rows if r.detector is not None}
        object.__setattr__(self, "detectors", detectors)
        self._check_rows()
        object.__setattr__(self, "position", {r.id: i for i, r in enumerate(self.rows)})
        object.__setattr__(self, "by_id", {r.id: r for r in self.rows})
        self._set_groups()
        self._set_masks()
        self._set_fns()

    def _check_fields(self) -> None:
        """Refuse fields of the wrong type (:class:`RulesError` ``bad-fan``);
        take any iterable of rows as a tuple and of bonus ids as a frozenset."""
        if not isinstance(self.name, str):
            raise wrong_type(RulesError, "bad-fan", "FanTable", "name", self.name, "text")
        rows = items(self.rows, FanDef, RulesError, "bad-fan", "FanTable", "rows", "FanDefs")
        object.__setattr__(self, "rows", rows)
        if not isinstance(self.fallback, str):
            raise wrong_type(
                RulesError, "bad-fan", "FanTable", "fallback", self.fallback, "a fan id"
            )
        bonus = items(self.bonus, str, RulesError, "bad-fan", "FanTable", "bonus", "fan ids")
        object.__setattr__(self, "bonus", frozenset(bonus))

    def _check_rows(self) -> None:
        """Raise :class:`RulesError` (``bad-fan``) on a table that contradicts
        itself: duplicate ids, references to unknown fans, detectors missing
        or misplaced."""
        ids = [r.id for r in self.rows]
        if len(set(ids)) != len(ids):
            raise RulesError("bad-fan", f"{self.name}: duplicate fan ids")
        if self.fallback not in ids:
            raise RulesError(
                "bad-fan", f"{quote(self.name)}: no row for the fallback fan {quote(self.fallback)}"
            )
        if not self.bonus <= set(ids):
            raise RulesError("bad-fan", f"{self.name}: a bonus fan is not a row")
        for r in self.rows:
            for x in (*r.excludes, *r.absorbs):
                if x not in ids:
                    raise RulesError("bad-fan", f"{self.name}: {r.id} excludes unknown fan {x}")
            if r.id not in self.detectors and r.id != self.fallback:
                raise RulesError("bad-fan", f"{self.name}: no detector for {r.id}")
            if r.id == self.fallback and r.detector is not None:
                raise RulesError(
                    "bad-fan", f"{self.name}: {r.id} is the fallback fan, without a detector"
                )
            det = self.detectors.get(r.id)
            is_set = det is not None and det.kind in (DetectorKind.CHOW_SET, DetectorKind.PUNG_SET)
            if is_set and det is not None and det.size not in (3, 4):
                raise RulesError("bad-fan", f"{self.name}: set fan {r.id} needs size=3 or size=4")
            limit = r.absorbs_limit
            if limit is not None and (type(limit) is not int or limit < 0):
                raise RulesError(
                    "bad-fan",
                    f"{self.name}: {r.id}'s absorbs_limit must be None or a whole number >= 0,"
                    f" not {limit!r}",
                )

    def _set_groups(self) -> None:
        """Derive the rows with their detectors, by detector kind."""
        groups = {
            kind: tuple(
                (r, self.detectors[r.id])
                for r in self.rows
                if r.id in self.detectors and self.detectors[r.id].kind is kind
            )
            for kind in DetectorKind
        }
        object.__setattr__(self, "groups", groups)
        simple = groups[DetectorKind.SIMPLE]
        object.__setattr__(self, "hand_simple", tuple(x for x in simple if x[1].per_hand))
        object.__setattr__(self, "reading_simple", tuple(x for x in simple if not x[1].per_hand))
        object.__setattr__(self, "chow_set_fans", groups[DetectorKind.CHOW_SET])
        object.__setattr__(self, "pung_set_fans", groups[DetectorKind.PUNG_SET])
        object.__setattr__(self, "per_meld_fans", groups[DetectorKind.PER_MELD])
        subset_fans = {
            (chows, size): tuple(
                (self.position[r.id], d)
                for r, d in groups[kind]
                if d.size == size and not d.uses_pair
            )
            for chows, kind in ((True, DetectorKind.CHOW_SET), (False, DetectorKind.PUNG_SET))
            for size in (3, 4)
        }
        object.__setattr__(self, "subset_fans", subset_fans)
        for name, kind in (
            ("chow_sets_with_pair", DetectorKind.CHOW_SET),
            ("pung_sets_with_pair", DetectorKind.PUNG_SET),
        ):
            object.__setattr__(self, name, tuple(x for x in groups[kind] if x[1].uses_pair))

    def _set_masks(self) -> None:
        """Derive the facts by row position the engine's hot loops read."""
        pos = self.position
        object.__setattr__(self, "points", tuple(r.points for r in self.rows))
        masks = tuple(sum(1 << pos[x] for x in r.excludes) for r in self.rows)
        object.__setattr__(self, "exclude_masks", masks)
        absorbs = tuple(sum(1 << pos[x] for x in r.absorbs) for r in self.rows)
        object.__setattr__(self, "absorb_masks", absorbs)
        object.__setattr__(self, "bonus_mask", sum(1 << pos[x] for x in self.bonus))

    def _set_fns(self) -> None:
        """Derive the detector functions by position, simple ones grouped by gate."""
        pos = self.position
        gates = {d.requires: None for _, d in self.groups[DetectorKind.SIMPLE]}
        hand_fns = tuple(
            (_name(g), tuple((pos[r.id], d.fn) for r, d in self.hand_simple if d.requires == g))
            for g in gates
        )
        object.__setattr__(self, "hand_fns", tuple(x for x in hand_fns if x[1]))
        reading_fns = tuple(
            (
                _name(g),
                tuple(
                    (pos[r.id], d.fn, d.evidence) for r, d in self.reading_simple if d.requires == g
                ),
            )
            for g in gates
        )
        object.__setattr__(self, "reading_fns", tuple(x for x in reading_fns if x[1]))
        per_meld_fns = tuple((pos[r.id], d.fn) for r, d in self.per_meld_fans)
        object.__setattr__(self, "per_meld_fns", per_meld_fns)

    def without(self, fan_ids: frozenset[str], **unknown: Never) -> FanTable:
        """This table with some rows removed (an option switched off); the
        removed rows' exclusions go with them."""
        if unknown:
            raise unknown_keywords(FanTable.without, unknown)
        fan_ids = frozenset(
            items(fan_ids, str, RulesError, "bad-fan", "FanTable.without", "fan_ids", "fan ids")
        )
        if not fan_ids:
            return self
        rows = tuple(
            attrs.evolve(
                r,
                excludes=tuple(x for x in r.excludes if x not in fan_ids),
                absorbs=tuple(x for x in r.absorbs if x not in fan_ids),
            )
            for r in self.rows
            if r.id not in fan_ids
        )
        return FanTable(self.name, rows, self.fallback, self.bonus - fan_ids)

    def clear_memos(self, **unknown: Never) -> None:
        """Forget the engine's memo tables on this table (memory, benchmarks).
        Each is replaced by an empty dict, so a thread scoring meanwhile
        finishes with the old one (``unomahjong._memo``)."""
        if unknown:
            raise unknown_keywords(FanTable.clear_memos, unknown)
        self.memo.clear()
        self.count_memo.clear()
        self.entry_memo.clear()

    def __getitem__(self, fan_id: str) -> FanDef:
        """The row of ``fan_id``, matched without regard to case; an id of
        no row is :class:`RulesError` (``unknown-fan``, with the closest)."""
        row = self.by_id.get(fan_id) if isinstance(fan_id, str) else None
        if row is not None:
            return row
        known = by_name(self.by_id)
        if isinstance(fan_id, str) and fan_id.casefold() in known:
            return self.by_id[known[fan_id.casefold()]]
        raise RulesError(
            "unknown-fan",
            f"no fan {quote(fan_id)} in the {self.name} table",
            hint=did_you_mean(fan_id, known),
        )

    def __iter__(self) -> Any:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)
