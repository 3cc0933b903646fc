"""The engine: the one door to the computing. Code outside ``verifier/engine/`` imports
this package only (tests/test_architecture.py holds it), never one of its modules.

A command makes one ``EngineSpec`` from its rules (``engine_spec``: the deck, the wheel,
the house way resolved and its program registered, its rows and order dependence, the
threads) and hands it to every job below; each job also takes plain ``Rules`` (the
Python API) and makes the spec itself. The jobs ask the backend switch for the engine
at each call, so ``using("pure-python")`` reaches every one of them.

The door opens lazily (PEP 562): a name is imported from its module the first time it is
asked for, so a command pays only for the jobs it uses. ``_DOOR`` is the one list of what
the door offers and where each name lives.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_DOOR: dict[str, tuple[str, ...]] = {
    "backend": ("BACKENDS", "EngineNotBuilt", "compiled", "current", "module", "using"),
    "enumeration": ("EnumerationResult", "enumerate_hands"),
    "faults": ("refuse_faults",),
    "hand_strategy": ("strategy_counts",),
    "hands": ("HandSetting", "hands_set_differently", "reference_set_hand", "set_hand"),
    "houseway_check": ("check_house_way",),
    "pairwise": ("COUNT_NAMES", "WRANGLER_FRONT", "check_counts", "engine_key_function",
                 "monte_carlo", "pairwise_counts", "summary", "total_pairs",
                 "versus_banker"),
    "program": ("ProgramTooBig", "program_of"),
    "reference.pairwise": ("deck_symmetries",),
    "reference.strategy": ("all_house_keys", "house_keys", "settings_python",
                           "strategy_python"),
    "registry": ("house_way_file_number", "house_way_number"),
    "seven_fronts": ("seven_card_fronts",),
    "spec": ("BUILT_IN", "FILE", "SHIPPED", "EngineSpec", "as_spec", "engine_spec"),
    "table_hands": ("TIER_READS", "best_for_bet", "player_set", "set_hands", "shared_card_sums",
                    "shuffled_deals", "tier_hands"),
    "threads": ("MAX_THREADS", "available_cores", "quiet_waits", "thread_count"),
}
_WHERE = {name: module for module, names in _DOOR.items() for name in names}

if TYPE_CHECKING:
    from verifier.engine.backend import (BACKENDS, EngineNotBuilt, compiled, current,
                                         module, using)
    from verifier.engine.enumeration import EnumerationResult, enumerate_hands
    from verifier.engine.faults import refuse_faults
    from verifier.engine.hand_strategy import strategy_counts
    from verifier.engine.hands import (HandSetting, hands_set_differently,
                                       reference_set_hand, set_hand)
    from verifier.engine.houseway_check import check_house_way
    from verifier.engine.pairwise import (COUNT_NAMES, WRANGLER_FRONT, check_counts,
                                          engine_key_function, monte_carlo,
                                          pairwise_counts, summary, total_pairs,
                                          versus_banker)
    from verifier.engine.program import ProgramTooBig, program_of
    from verifier.engine.reference.pairwise import deck_symmetries
    from verifier.engine.reference.strategy import (all_house_keys, house_keys,
                                                    settings_python, strategy_python)
    from verifier.engine.registry import house_way_file_number, house_way_number
    from verifier.engine.seven_fronts import seven_card_fronts
    from verifier.engine.spec import (BUILT_IN, FILE, SHIPPED, EngineSpec, as_spec,
                                      engine_spec)
    from verifier.engine.table_hands import (TIER_READS, best_for_bet, player_set,
                                             set_hands, shared_card_sums, shuffled_deals,
                                             tier_hands)
    from verifier.engine.threads import (MAX_THREADS, available_cores, quiet_waits,
                                         thread_count)


def __getattr__(name: str) -> Any:
    """Import a name of the door from its module the first time it is asked for."""
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'verifier.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"verifier.engine.{where}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


def core() -> Any:
    """The engine's core module in use: the compiled ``_core`` or its pure-Python twin."""
    from verifier.engine.backend import module as _module
    return _module("_core")


__all__ = ["core", *_WHERE]
