"""Flush: best-five class count (Alspach: 6,172,088).

As for straight flushes, choose the suit s (x4, one suit at most can reach a flush)
and its rank set S, then the other cards from the 39 cards of the other suits;
subtract the straight flushes and the hands with a full house or better.

No joker (k = 5, 6, 7 cards in s): the other 7-k <= 2 cards give at most two pairs
with the suited ranks, never trips, so nothing beats the flush but a straight flush:
    4 * sum_k (C(13,k) - #k-sets with a straight) * C(39, 7-k)        = 4,047,644
Joker (k = 4, 5, 6 suited cards; the joker completes the flush):
  k = 6, 5: the at most one other card makes at most a pair (trips of aces with the
    joker), never a full house:  (C(13,k) - #k-sets with 4 of a window) * C(39,6-k).
  k = 4: S must not lie in a window (674 of the 715 4-sets), the two others any of
    C(39,2) = 741 pairs of cards, except, when the ace is in S (212 such S), the
    39 pairs that make a full house or better with the joker as an ace:
      both others of one rank r of S: r-r-r (+ A-Jk pair), or A-A-A-Jk quads:
          4 ranks x C(3,2) = 12;
      an ace (3 suits) and a card (3 suits) of one of the 3 other ranks of S,
          A-A-Jk + r-r: 3 x 9 = 27.
    Without the ace in S the joker-ace adds only a pair: no full house.
"""
from verifier.proofs._common import C, ACE, count_rank_sets
from itertools import combinations
from verifier.proofs._common import WINDOWS


def no_joker() -> int:
    return 4 * sum((C(13, k) - count_rank_sets(k, "straight")) * C(39, 7 - k) for k in (5, 6, 7))


def _four_sets_off_windows(with_ace):
    """4-sets of ranks not inside any window, with or without the ace: 674 = 212 + 462."""
    sets_in_windows = {frozenset(s) for w in WINDOWS for s in combinations(sorted(w), 4)}
    assert len(sets_in_windows) == 10 * C(5, 4) - 9    # 4-runs lying in two windows
    total = C(12, 3) if with_ace else C(12, 4)
    inside = sum(1 for s in sets_in_windows if (ACE in s) == with_ace)
    return total - inside


def with_joker() -> int:
    k6 = (C(13, 6) - count_rank_sets(6, "joker_straight")) * C(39, 0)
    k5 = (C(13, 5) - count_rank_sets(5, "joker_straight")) * C(39, 1)
    k4 = (_four_sets_off_windows(True) * (C(39, 2) - (4 * C(3, 2) + 3 * 3 * 3))
          + _four_sets_off_windows(False) * C(39, 2))
    return 4 * (k6 + k5 + k4)                          # 2,124,444


def best_five() -> int:
    return no_joker() + with_joker()                   # 6,172,088
