# cython: language_level=3
"""Compiled core: notation (placeholder until the core lands)."""
