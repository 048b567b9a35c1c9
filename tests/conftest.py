"""Hypothesis profiles: a fast default and a deeper ``ci`` profile.

Select with ``HYPOTHESIS_PROFILE=ci``; .ci/run does. In a pure-Python
install, the interpreters the tests start are told the Python engine was
chosen (below).
"""

import os

from hypothesis import HealthCheck, settings

from unomahjong import _engine

settings.register_profile(
    "default", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# In a pure-Python install (built without a C compiler) every interpreter the
# tests start would warn at import (unomahjong.PurePythonWarning), and the
# tests that read a child's stderr would find the warning there. The children
# run the Python engine either way, so they are told it was chosen.
if not _engine.COMPILED:
    os.environ[_engine.PURE_VARIABLE] = "1"
