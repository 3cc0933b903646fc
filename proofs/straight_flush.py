"""Straight flush (royal flush included): best-five class count, which is also the
Outlaw 9 "straight flush" category count (some five make a straight flush; a royal
counts as one; the only better class, five aces, never shares seven cards with a
straight flush: the four aces give each suit one card).

Choose the suit s and the set S of ranks held in s, then the other cards from the
39 cards of the other suits. Only one suit can carry a straight flush (5 + 5 > 7
cards; 4 + 4 > 6 with the joker), so the four suits add up without overlap.
  no joker: S (k = 5, 6, 7 ranks) contains a window;
  joker:    S (k = 4, 5, 6 ranks) holds four ranks of some window (the joker fills in).
The numbers of such rank sets (10, 71, 217 and 41, 285, 849) are counts of rank sets,
see _common.count_rank_sets.
"""
from verifier.proofs._common import C, count_rank_sets


def no_joker() -> int:
    return 4 * sum(count_rank_sets(k, "straight") * C(39, 7 - k) for k in (5, 6, 7))   # 41,584


def with_joker() -> int:
    return 4 * sum(count_rank_sets(k, "joker_straight") * C(39, 6 - k) for k in (4, 5, 6))  # 169,380


def best_five() -> int:
    return no_joker() + with_joker()                    # 210,964 (Alspach)


def royal_best_five() -> int:
    """Hands whose best five is a royal flush: the royal-flush hands (see royal.py);
    nothing above a royal except five aces, which cannot accompany one."""
    from verifier.proofs.royal import royal_flush
    return royal_flush()                                # 26,132
