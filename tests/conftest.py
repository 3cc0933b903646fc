"""Shared test set-up: both engines run the same tests.

``PAIGOW_PUREPYTHON=1 pytest`` runs the suite on the pure-Python reference; tests marked
``compiled`` or ``full`` need the compiled core's speed and are skipped there.
"""
import pytest

from verifier.engine import backend


def pytest_report_header(config):
    return f"paigow-verifier engine: {backend.NAME}"


def pytest_collection_modifyitems(config, items):
    if not backend.PURE_PYTHON:
        return
    skip = pytest.mark.skip(reason="needs the compiled core (PAIGOW_PUREPYTHON=1)")
    for item in items:
        if "compiled" in item.keywords or "full" in item.keywords:
            item.add_marker(skip)


# Five-card keys written by hand (docs/ENGINE.md), for the rule vectors of the tests.
R = {ch: i for i, ch in enumerate("23456789TJQKA")}
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, SF, FIVE_ACES = range(10)


def key(cls, *ranks):
    """cls << 20 | rank nibbles from bit 16 down (ranks given as characters or ints)."""
    payload, shift = 0, 16
    for r in ranks:
        payload |= (R[r] if isinstance(r, str) else r) << shift
        shift -= 4
    return cls << 20 | payload


def import_proof(name):
    """A module of verifier/proofs/."""
    import importlib
    return importlib.import_module(f"verifier.proofs.{name}")


@pytest.fixture(scope="session")
def engine():
    """The engine under test: the compiled core, or the pure-Python twin."""
    return backend.engine


@pytest.fixture(scope="session")
def full_enumeration():
    """The whole 154,143,080-hand job with the default rules, run once per session."""
    from verifier.engine.enumeration import enumerate_hands
    return enumerate_hands()
