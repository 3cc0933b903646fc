"""Setting many hands at once: the one engine call of a round (or of a block of rounds).

``set_hands(hands, wheel_second, house_way)`` returns, per seven-card hand,
``(front_cards, back_cards, front_key, back_key, mask_seven_card, mask_house_way)``:
the house-way set of docs/ENGINE.md and the Outlaw 9 category masks, in one call of the
engine in use (the compiled core's, or its twin's).
"""
from __future__ import annotations

import random

from verifier.engine import backend
from typing import Any, Iterable, Sequence


def set_hands(hands: Sequence[Sequence[int]], wheel_second: int = False, house_way: int = 0) -> Any:
    """House-way sets and category masks for a list of seven-card hands (card ints)."""
    return backend.module("_core").set_hands(hands, wheel_second, house_way)


def shuffled_deals(rng: random.Random, deck: list[int], n: int
                   ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """``n`` deals of ``rng.shuffle(deck)`` (``deck`` shuffled in place each time, ``rng``
    moved on as the shuffles move it): the sorted first seven cards and the sorted next
    seven of each. The engine's (CPython's generator and shuffle again, compiled:
    cext/cpython_random.h; the twin calls ``rng.shuffle``), the same deals either way."""
    version, state, gauss = rng.getstate()
    deals, state, after = backend.module("_core").shuffled_deals(state, deck, n)
    rng.setstate((version, tuple(state), gauss))
    deck[:] = after
    return deals


def player_set(cards: Sequence[int], front: Sequence[int], wheel_second: int = False
               ) -> tuple[list[int], list[int], int, int, bool]:
    """A player's own set: ``front`` (two of ``cards``) in front, the rest behind.

    Returns (front_cards, back_cards, front_key, back_key, foul).
    """
    from verifier.game.ranking import is_foul
    from verifier.game.evaluate import eval2, is_wild
    core = backend.module("_core")
    back = [c for c in cards if c not in front]
    # the core's two-card key reads the joker as an ace: the wild joker pairs the other card
    fkey = eval2(list(front), True) if is_wild(wheel_second) else core.eval2(list(front))
    bkey = core.eval5(back, wheel_second)
    return list(front), back, fkey, bkey, is_foul(fkey, bkey)


def best_for_bet(cards: Iterable[int], wheel_second: int = False) -> int:
    """The best-for-bet line mask of seven cards (verifier/game/categories.py
    BEST_FOR_BET_LINES): the lines of every setting that is not a foul (``wheel_second``:
    the engine's evaluation, the wild joker's bit among them)."""
    return backend.module("_core").best_for_bet(list(cards), wheel_second)


#: the code of a hand that ``tier_hands`` looks up, by read (verifier/table/progressive_pairs.py)
TIER_READS = {"seven-card": 0, "house-way": 1, "best-for-bet": 2}


def tier_hands(deck: Sequence[int], wheel_second: int, house_way: int, reads: str,
               tier_of: Any, threads: int | None = None) -> tuple[Any, Any]:
    """Every seven-card hand of ``deck`` paid by a tier, visited by the engine: a hand's
    code (``reads`` seven-card: its seven-card category mask; house-way: (back key >> 16)
    << 8 | front key of its house-way set; best-for-bet: its best-for-bet line mask)
    indexes ``tier_of`` (int8, -1: no tier listed). Returns (card bitmasks as uint64,
    tiers as int8), numpy arrays in deck order."""
    import numpy as np
    from verifier.engine.threads import thread_count
    masks, tiers = backend.module("_core").tier_hands(
        sorted(deck), wheel_second, house_way, TIER_READS[reads],
        np.ascontiguousarray(tier_of, dtype=np.int8), thread_count(threads, True))
    return np.frombuffer(masks, dtype=np.uint64), np.frombuffer(tiers, dtype=np.int8)


def shared_card_sums(masks: Any, threads: int | None = None) -> list[int]:
    """[sum over the k-card sets T of N(T)^2 for k = 1..6], N(T) the hands among ``masks``
    (seven-card bitmasks) that hold T: the terms of the disjoint pairs' inclusion-exclusion."""
    import numpy as np
    from verifier.engine.threads import thread_count
    masks = np.ascontiguousarray(masks, dtype=np.uint64)
    top = int(np.bitwise_or.reduce(masks)).bit_length() if len(masks) else 7
    return backend.module("_core").shared_card_sums(masks, max(7, top),
                                                    thread_count(threads, True))
