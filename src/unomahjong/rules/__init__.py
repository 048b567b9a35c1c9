"""The rules as data: the fan model (``fans``: one record a fan, a table a
tuple of them), the detector vocabulary (``primitive``, the three modules
of primitives, exported by ``detectors``), the two built-in fan tables
(``uno_fans``, ``mcr_fans``) and rule sets with their game flows
(``rule_sets``: tile set + shapes + fan table + options + flow, found by
name).

The rule-set values are exported here and by :mod:`unomahjong`.
"""

from .rule_sets import BOTZONE, MCR, RULE_SETS, UNO, GameFlow, RuleOptions, RuleSet, get_rules

__all__ = ["BOTZONE", "MCR", "RULE_SETS", "UNO", "GameFlow", "RuleOptions", "RuleSet", "get_rules"]
