"""Exact player-against-banker counts over all ordered pairs of disjoint hands.

Both seven-card hands come from one deck without replacement and are set by the house
way. For the 53-card deck there are C(53,7) * C(46,7) = 8,250,459,031,214,400 ordered
pairs (player, banker). The method (docs/PAIRWISE.md) is inclusion-exclusion over the
cards the two hands would share:

    N(disjoint pairs with an outcome) = sum over card sets S, |S| <= 7, of
        (-1)^|S| * D_S,   D_S = #{(P, B): S in P, S in B, outcome(P, B)}

and D_S is a two-dimensional dominance count over the (back key, front key) values of
the hands that contain S. Keys are suit-blind, so D_S is computed once per orbit of S
under the suit permutations that map the deck to itself, weighted by the orbit size.

Outcome of an ordered pair (player P, banker B), keys larger = stronger, equal = copy
(goes to the banker):
- win:  P.back > B.back and P.front > B.front
- loss: P.back <= B.back and P.front <= B.front
- push: otherwise
Counted as well: copy_high (P.back == B.back), copy_low (P.front == B.front),
copy_both (both), and the pushes that pay the Wrangler Push bonus 2 to 1 (either
two-card hand a pair of 3s or better: front key >= 170) or 1 to 1 (the other pushes).

This module is the door: the rules turned into the engine's arguments, then the
compiled module ``verifier.engine._pairwise``, or its pure-Python twin of the same
functions (``verifier.engine.reference.pairwise``), as ``verifier.engine.backend``
chooses.
"""
from __future__ import annotations

import math

from verifier.engine import backend
from verifier.engine.spec import as_spec
from verifier.engine.reference.pairwise import COUNT_NAMES, WRANGLER_FRONT  # noqa: F401
from verifier.game.pushes import PUSH_NAMES
from typing import Any, Callable, Mapping, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.engine.spec import EngineSpec
    from verifier.game.comparison import Comparison
    from verifier.game.settlement import SettlementRule
    from verifier.houseway import HouseWay
    from verifier.rules.readings import Rules
    from verifier.support.progress import Progress

# ---------------------------------------------------------------------------------
# key functions
# ---------------------------------------------------------------------------------

def engine_key_function(rules: Rules | EngineSpec | None = None) -> Callable[[Sequence[int]], tuple[int, int]]:
    """cards7 -> (back_key, front_key) with the engine in use (compiled or reference)."""
    from verifier.engine.reference.pairwise import key_function
    return key_function(*as_spec(rules).arguments(), engine=backend.module("_core"))


def total_pairs(n: int) -> int:
    """C(n,7) * C(n-7,7): the number of ordered pairs of disjoint hands from n cards."""
    return math.comb(n, 7) * math.comb(n - 7, 7) if n >= 14 else 0


def check_counts(counts: Mapping[str, int], n: int) -> None:
    """Raise AssertionError unless the counts add up (the identities every result obeys)."""
    assert counts["total"] == total_pairs(n), (counts["total"], total_pairs(n))
    assert counts["win"] + counts["loss"] + counts["push"] == counts["total"]
    assert counts["push_wrangler_2to1"] + counts["push_wrangler_1to1"] == counts["push"]
    assert 0 <= counts["copy_both"] <= min(counts["copy_high"], counts["copy_low"])
    assert min(counts.values()) >= 0
    if "banker_push_hand" in counts:            # a settlement's push conditions
        assert counts["win_on_push_hand"] <= counts["win"]
        assert counts["loss_on_push_hand"] <= counts["loss"]
        assert counts["win_on_push_hand"] + counts["loss_on_push_hand"] \
            <= counts["banker_push_hand"] <= counts["total"]


# ---------------------------------------------------------------------------------
# public API
# ---------------------------------------------------------------------------------

def _module():
    """``verifier.engine._pairwise``, or its pure-Python twin (verifier.engine.backend)."""
    return backend.module("_pairwise")


def engine_options(rules: Rules | EngineSpec | None, threads: int | None = None, deck: Sequence[int] | None = None
                   ) -> tuple[EngineSpec, list[int], int, int, int]:
    """(spec, deck, wheel_second, house_way, threads) for a count by the suits' symmetry:
    the spec's engine arguments (a house way that sets a hand by the order of its suits
    refused) and the thread policy: each thread has a work space of about 9 MiB on the
    full deck, so no more than the cores."""
    spec = as_spec(rules, threads, deck)
    wheel_second, house_way = spec.checked(suit_symmetric=True)
    return (spec, spec.cards(deck), wheel_second, house_way,
            spec.thread_count(threads, cores_at_most=True))


def check_hand(cards: Sequence[int], deck: Sequence[int]) -> list[int]:
    """The player's seven cards sorted, or one line: seven different cards of the deck."""
    try:
        return backend.module("_core").check_player_hand(cards, deck)
    except ValueError:
        from verifier.support.errors import VerifierError
        raise VerifierError("a player hand is seven different cards of the deck") from None


def pairwise_counts(deck: Sequence[int] | None = None, rules: Rules | EngineSpec | None = None,
                    threads: int | None = None, progress: Progress | None = None,
                    house_way: HouseWay | None = None,
                    settlement: SettlementRule | None = None,
                    comparison: Comparison | None = None) -> dict[str, Any]:
    """Exact counts over every ordered pair of disjoint hands (player, banker).

    ``rules``: the command's ``EngineSpec`` (or the rules to make one of).
    ``deck``: a sorted list of card ints (default the spec's, else the 53-card deck; the
    pure-Python twin counts small decks only). ``house_way``: a loaded ``HouseWay``
    (e.g. under other readings or variants) for both sides instead of the rules'.
    ``settlement``: a ``SettlementRule`` whose push conditions on the banker's hand
    (``has_pushes``) are counted as well (PUSH_NAMES; it settles the counts:
    ``SettlementRule.outcomes``). ``comparison``: how two set hands compare, which equal
    hands are copies (verifier/game/comparison.py; None: by the engine's keys; not with
    push conditions). Returns {name: exact int} over COUNT_NAMES (and
    PUSH_NAMES); the identities of ``check_counts`` are verified before returning.
    """
    marked = settlement is not None and settlement.has_pushes
    if house_way is not None:
        rules = as_spec(rules, threads, deck).with_file(house_way)
    _spec, deck, wheel_second, house_way_number, nthreads = engine_options(rules, threads,
                                                                           deck)
    from verifier.support.interrupts import interruptible, stoppable
    from verifier.support.progress import stage
    with stage(progress, "hand", "player v banker") as report:
        # its table of hand keys is built in C, polling no signal for seconds
        polled, stop = stoppable(report)
        counts = interruptible(_module().pairwise_counts, deck, wheel_second,
                               house_way_number, nthreads, polled, settlement, comparison,
                               on_stop=stop)
    counts = {name: int(counts[name]) for name in COUNT_NAMES + (PUSH_NAMES if marked else ())}
    check_counts(counts, len(deck))
    return counts


def versus_banker(cards: Sequence[int], rules: Rules | EngineSpec | None = None, deck: Sequence[int] | None = None,
                  threads: int | None = None) -> dict[str, int]:
    """One player hand against every banker hand from the rest of the deck, exactly.

    Direct enumeration with keys straight from the engine (compiled: all
    C(46,7) = 53,524,680 banker hands of the full deck in about a second).
    ``cards``: seven card ints. Returns {name: exact int} over COUNT_NAMES.
    """
    _spec, deck, wheel_second, house_way, nthreads = engine_options(rules, threads, deck)
    cards = check_hand(cards, deck)
    counts = _module().versus_banker(cards, deck, wheel_second, house_way, nthreads)
    return {name: int(counts[name]) for name in COUNT_NAMES}


def monte_carlo(deals: int, seed: int = 1, rules: Rules | EngineSpec | None = None, deck: Sequence[int] | None = None,
                threads: int | None = None) -> dict[str, int]:
    """Counts over ``deals`` random deals of a player and a banker hand (a statistical
    check of the exact count)."""
    _spec, deck, wheel_second, house_way, nthreads = engine_options(rules, threads, deck)
    counts = _module().monte_carlo(deck, int(deals), int(seed), wheel_second, house_way,
                                   nthreads)
    return {name: int(counts[name]) for name in COUNT_NAMES}


def summary(counts: Mapping[str, int]) -> dict[str, Any]:
    """Probabilities (exact fractions) and the Wrangler Push return per unit wagered."""
    from fractions import Fraction
    total = counts["total"]
    out = {name: Fraction(counts[name], total) for name in COUNT_NAMES if name != "total"}
    lose = total - counts["push"]
    out["wrangler_push_return"] = Fraction(2 * counts["push_wrangler_2to1"]
                                           + counts["push_wrangler_1to1"] - lose, total)
    return out
