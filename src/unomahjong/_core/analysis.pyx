# cython: language_level=3
"""Compiled core: analysis (placeholder until the core lands)."""
