"""Every way to set one player hand against every banker hand set by the house way
(issue 15, groundwork; docs/STRATEGY.md).

A player's seven cards can be set 21 ways (the two cards of the front); ways with the
same (back key, front key) are one setting, and a setting whose front outranks its back
is a foul (not legal). For each setting, the exact wins, pushes and losses against every
banker hand of the rest of the deck (C(46,7) = 53,524,680 on the full deck), each set by
the house way; the outcome of a pair of set hands is ``verifier.game.outcome.base_outcome``
(its C twin ``base_outcome`` in cext/engine.h). The value of a setting is the rule set's
settlement of those counts (``verifier.odds.basegame.setting_return``).

The compiled path (``verifier.engine._strategy``, cext/strategy.h) enumerates the banker
hands in C; its pure-Python twin (``verifier.engine.reference.strategy``) does the same
by brute force, as ``verifier.engine.backend`` chooses.
"""
from __future__ import annotations

from verifier.engine import backend
from typing import Any, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.engine.spec import EngineSpec
    from verifier.game.settlement import SettlementRule
    from verifier.rules.readings import Rules


# ---------------------------------------------------------------------------------
# public API
# ---------------------------------------------------------------------------------

def strategy_counts(cards: Sequence[int], rules: Rules | EngineSpec | None = None, deck: Sequence[int] | None = None,
                    threads: int | None = None, settlement: SettlementRule | None = None
                    ) -> tuple[list[dict[str, Any]], int | None]:
    """(settings, house): every distinct setting of seven card ints with its exact total,
    win and loss counts against every banker hand of the rest of ``deck`` (default the
    spec's, else the 53-card deck) set by the house way, and the index of the house way's
    setting (None when no row of a house-way file sets the hand). ``rules``: the
    command's ``EngineSpec`` (or the rules to make one of). ``settlement``: with push
    conditions on the banker's hand, each setting's ``win_on_push_hand`` and
    ``loss_on_push_hand`` too (``SettlementRule.outcomes`` settles them)."""
    from verifier.engine.pairwise import check_hand, engine_options
    _spec, deck, wheel_second, house_way, nthreads = engine_options(rules, threads, deck)
    cards = check_hand(cards, deck)
    return backend.module("_strategy").strategy_counts(cards, deck, wheel_second, house_way,
                                                       nthreads, settlement)
