# cython: language_level=3
"""Compiled core: scoring (placeholder until the core lands)."""
