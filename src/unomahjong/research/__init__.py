"""Tools for rules research, audits and benchmarks: seeded hand generation
(``generate``), Hypothesis strategies (``strategies``, which need the
``hypothesis`` extra), bot simulations of many hands (``simulation``), the
rules audit (``audit``), conversions for other mahjong libraries
(``interop``), and the rule sets' passage to worker processes
(``_portable``).

Nothing else in the library imports this package; import its modules by
name (``from unomahjong.research.strategies import winning_hands``).
"""
