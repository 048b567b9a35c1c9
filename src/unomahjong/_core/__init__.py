"""The compiled core: Cython extension modules for the built-in rule sets.

Imported only through :mod:`unomahjong._engine`, which falls back to the
Python engine when these modules are not built.
"""
