"""The engine: the one door to the computing. Code outside ``verifier/engine/`` imports
this package only (tests/test_architecture.py holds it), never one of its modules.

A command makes one ``EngineSpec`` from its rules (``engine_spec``: the deck, the wheel,
the house way resolved and its program registered, its rows and order dependence, the
threads) and hands it to every job below; each job also takes plain ``Rules`` (the
Python API) and makes the spec itself. The jobs ask the backend switch for the engine
at each call, so ``using("pure-python")`` reaches every one of them.
"""
from __future__ import annotations

from verifier.engine.backend import (BACKENDS, EngineNotBuilt, compiled, current,
                                     module, using)
from verifier.engine.enumeration import EnumerationResult, enumerate_hands
from verifier.engine.faults import refuse_faults
from verifier.engine.hand_strategy import strategy_counts
from verifier.engine.hands import (HandSetting, hands_set_differently, reference_set_hand,
                                   set_hand)
from verifier.engine.houseway_check import check_house_way
from verifier.engine.pairwise import (COUNT_NAMES, WRANGLER_FRONT, check_counts,
                                      engine_key_function, monte_carlo, pairwise_counts,
                                      summary, total_pairs, versus_banker)
from verifier.engine.program import ProgramTooBig, program_of
from verifier.engine.reference.strategy import (all_house_keys, settings_python,
                                                strategy_python)
from verifier.engine.registry import house_way_file_number, house_way_number
from verifier.engine.spec import (BUILT_IN, FILE, SHIPPED, EngineSpec, as_spec,
                                  engine_spec)
from verifier.engine.table_hands import best_for_bet, player_set, set_hands
from verifier.engine.threads import MAX_THREADS, available_cores, quiet_waits, thread_count
from typing import Any


def core() -> Any:
    """The engine's core module in use: the compiled ``_core`` or its pure-Python twin."""
    return module("_core")


__all__ = [
    "BACKENDS", "EngineNotBuilt", "compiled", "current", "module", "using", "core",
    "EngineSpec", "engine_spec", "as_spec", "BUILT_IN", "SHIPPED", "FILE",
    "EnumerationResult", "enumerate_hands", "refuse_faults",
    "COUNT_NAMES", "WRANGLER_FRONT", "check_counts", "engine_key_function", "monte_carlo",
    "pairwise_counts", "summary", "total_pairs", "versus_banker",
    "HandSetting", "set_hand", "hands_set_differently", "reference_set_hand",
    "strategy_counts", "all_house_keys", "settings_python", "strategy_python",
    "set_hands", "player_set", "best_for_bet", "check_house_way",
    "ProgramTooBig", "program_of", "house_way_file_number", "house_way_number",
    "MAX_THREADS", "available_cores", "quiet_waits", "thread_count",
]
