"""Fan tables and the counting engine (internal: use :func:`unomahjong.score`).

``model`` defines a fan (one record: its row and its detector) and a table,
``detectors`` is the detector vocabulary (the values both engines run),
``reading`` what detectors read (the hand's facts, one reading), ``engine``
applies the five counting principles, and ``uno`` and ``mcr`` are the two
tables, one record per fan.
"""
