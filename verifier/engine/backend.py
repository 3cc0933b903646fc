"""Chooses the engine: the compiled core, or its pure-Python twin. The one switch.

``PAIGOW_PUREPYTHON=1`` selects the pure-Python twins of every compiled module (the
reference engine in ``verifier.engine.reference``: slow, obvious, used to cross-check the
compiled core; the same tests run against both). Otherwise the compiled modules are
required: in a source tree where they are not built, using the engine stops with one
line saying how to build them (no silent fall-back to the slow twin).
"""
from __future__ import annotations

import contextlib
import os

from verifier.support.errors import VerifierError
from types import ModuleType
from typing import Any, Iterator

#: the two engines: the compiled core, and its pure-Python twin
BACKENDS = ("compiled", "pure-python")
PURE_PYTHON = bool(os.environ.get("PAIGOW_PUREPYTHON"))
NAME = "pure-python" if PURE_PYTHON else "compiled"
#: the compiled modules (cext/*.pyx), each with a pure-Python path beside it
COMPILED_MODULES = ("_core", "_pairwise", "_strategy", "_table")


class EngineNotBuilt(VerifierError, ImportError):
    """The compiled core is not built in the tree ``verifier`` was imported from."""


def compiled(name: str) -> ModuleType | None:
    """The compiled module ``verifier.<name>``, or None when ``PAIGOW_PUREPYTHON=1`` asks
    for the pure-Python twins; ``EngineNotBuilt`` (one line) when it is not built."""
    if name not in COMPILED_MODULES:
        raise ValueError(f"unknown compiled module {name!r}")
    if PURE_PYTHON:
        return None
    try:
        return _load(name)
    except ImportError:
        where = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        raise EngineNotBuilt(
            f"the compiled core (verifier.engine.{name}) is not built in {where}: run "
            "`pip install -e .` or `python setup.py build_ext --inplace` there, or set "
            "PAIGOW_PUREPYTHON=1 for the slow pure-Python engine") from None


def _load(name: str) -> ModuleType:
    """The one place the compiled modules are imported (tests/test_architecture.py holds
    that no other module imports them, by name or by ``importlib``): a plain import each,
    so that a reader of the imports sees the tie."""
    if name == "_core":
        import verifier.engine._core as _core
        return _core
    if name == "_pairwise":
        import verifier.engine._pairwise as _pairwise
        return _pairwise
    if name == "_strategy":
        import verifier.engine._strategy as _strategy
        return _strategy
    import verifier.engine._table as _table
    return _table


def _twin(name: str) -> ModuleType:
    """The pure-Python twin of a compiled module (``TWINS``), imported here by name."""
    if name == "_core":
        from verifier.engine.reference import core
        return core
    if name == "_pairwise":
        from verifier.engine.reference import pairwise
        return pairwise
    from verifier.engine.reference import strategy
    return strategy


#: the pure-Python twin of each compiled module with one (the same functions and
#: arguments), in ``verifier.engine.reference``; the table kernel's twin is the Python
#: round engine of ``verifier.table``
TWINS = {"_core": "core", "_pairwise": "pairwise", "_strategy": "strategy"}


def module(name: str, engine: str | None = None) -> Any:
    """The engine's module ``name`` (one of ``TWINS``): the compiled one, or its pure-Python
    twin under ``PAIGOW_PUREPYTHON=1`` or ``using("pure-python")``. The one switch.
    ``engine``: one of ``BACKENDS`` instead of the one in use."""
    if (engine or current()) == "pure-python":
        if name not in TWINS:
            raise KeyError(name)
        return _twin(name)
    return compiled(name)


def __getattr__(name):
    # ``backend.engine``: the core in use, looked up at each use (nothing binds it at
    # import, so ``using`` reaches every caller)
    if name == "engine":
        return module("_core")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def current() -> str:
    """The name of the engine in use: ``compiled`` or ``pure-python``."""
    return "pure-python" if PURE_PYTHON else "compiled"


@contextlib.contextmanager
def using(name: str) -> Iterator[Any]:
    """Within the block, the engine is ``name`` (one of ``BACKENDS``) for every call that
    asks this module for it (``module``, ``compiled``, ``engine``, ``PURE_PYTHON``,
    ``NAME``): the tests run one property against both engines in one process this way."""
    global PURE_PYTHON, NAME
    if name not in BACKENDS:
        raise ValueError(f"unknown engine {name!r}: choose from {', '.join(BACKENDS)}")
    saved = PURE_PYTHON, NAME
    PURE_PYTHON, NAME = name == "pure-python", name
    try:
        yield module("_core")
    finally:
        PURE_PYTHON, NAME = saved
