"""Chooses the engine: the compiled core, or its pure-Python twin.

Set ``PAIGOW_PUREPYTHON=1`` to force the pure-Python reference (slow, obvious, used
to cross-check the compiled core; the same tests run against both). If the compiled
extension is missing the reference is used with a warning.
"""
import os
import warnings

PURE_PYTHON = bool(os.environ.get("PAIGOW_PUREPYTHON"))

if PURE_PYTHON:
    from .reference import core as engine
else:
    try:
        from . import _core as engine
    except ImportError:  # pragma: no cover - only on a broken install
        warnings.warn("compiled core verifier._core not built; using the slow pure-Python engine")
        from .reference import core as engine
        PURE_PYTHON = True

NAME = "pure-python" if PURE_PYTHON else "compiled"
