"""A mahjong rule set sent to the chunks of a parallel run
(:mod:`unomahjong._parallel`), for :func:`~unomahjong.research.simulation.simulate`
and :func:`~unomahjong.research.audit.audit`."""

from __future__ import annotations

import concurrent.futures as cf
import pickle

from .._checks import quote
from .._parallel import Plan
from ..errors import RulesError
from ..rules.rule_sets import RULE_SETS, RuleSet

PortableRules = str | RuleSet
"""A rule set as a chunk receives it: a built-in one by name, any other as
itself."""


def portable_rules(rs: RuleSet, the_plan: Plan, func: str) -> PortableRules:
    """``rs`` in a form that pickles, for another process. A built-in rule
    set travels as its name, so that the receiver scores with its own
    object (which the compiled core recognises, and whose memos are warm).
    Another rule set goes as it is to a thread pool; to anything else only
    if it pickles (a detector that is a Python function does not), else
    :class:`RulesError` (``rules-not-portable``)."""
    if RULE_SETS.get(rs.name) is rs:
        return rs.name
    if isinstance(the_plan.executor, cf.ThreadPoolExecutor):
        return rs
    try:
        pickle.dumps(rs)
    except Exception:  # pickle raises several types for what it cannot carry
        raise RulesError(
            "rules-not-portable",
            f"{func}(): the rule set {quote(rs.name)} cannot be sent to another process",
            hint="run it with workers=1 or a ThreadPoolExecutor, or write its detectors"
            " in the detector vocabulary (unomahjong.rules.detectors)",
            argument="rules",
        ) from None
    return rs


def unpack_rules(rules: PortableRules) -> RuleSet:
    """The rule set :func:`portable_rules` packed."""
    if isinstance(rules, RuleSet):
        return rules
    return RULE_SETS[rules]
