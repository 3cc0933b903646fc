"""Outlaw 9 lines "Seven cards all red or black" (no joker) and "... with a joker".

Without the joker: seven cards of one colour with no flush means the colour's two
suits split 4 + 3 (5 or more of one suit is a flush). Choose the colour (2) and which
suit has four (2); choose a 4-set A of ranks for it and a 3-set B for the other suit.
Pairs are allowed (a rank in both A and B). The hand has no straight iff the union
U = A | B (u = |U| ranks, 4 <= u <= 7) contains no window. For a given U, the pairs
(A, B) with A | B = U: A is any 4 of the u ranks, B is the u-4 ranks outside A plus
7-u ranks of A: C(u,4) * C(4, 7-u). So
    4 * sum_u N(u) * C(u,4) * C(4,7-u),   N(u) = u-sets of ranks with no straight.

With the joker: six cards of one colour plus the joker. The joker completes a flush
when a suit holds four of the six, so the split must be 3 + 3 (one way to say which
suit has three: both); it completes a straight when a window holds four of the ranks,
so U must have no window with four or more of its ranks (M(u) such u-sets):
    2 * sum_u M(u) * C(u,3) * C(3,6-u).
"""
from verifier.proofs._common import C, count_rank_sets


def all_one_colour() -> int:
    return 4 * sum(count_rank_sets(u, "no_straight") * C(u, 4) * C(4, 7 - u) for u in range(4, 8))


def all_one_colour_with_joker() -> int:
    return 2 * sum(count_rank_sets(u, "no_joker_straight") * C(u, 3) * C(3, 6 - u)
                   for u in range(3, 7))
