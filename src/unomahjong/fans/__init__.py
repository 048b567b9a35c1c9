"""Fan tables and the counting engine (internal: use :func:`unomahjong.score`).

``model`` defines a fan (one record: its row and its detector) and a table,
``reading`` what detectors read (the hand's facts, one reading), ``engine``
applies the five counting principles, ``common`` holds detectors shared by
rule sets, and ``uno`` and ``mcr`` are the two tables, one record per fan.
"""
