"""Fan tables and the counting engine (internal: use :func:`unomahjong.score`).

``model`` defines rows and detectors, ``engine`` applies the five counting
principles, ``common`` holds detectors shared by rule sets, and ``uno`` and
``mcr`` are the two tables as data.
"""
