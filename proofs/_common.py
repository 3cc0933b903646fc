"""Shared vocabulary of the derivations: binomials, ranks, straight windows, and
counts of *rank sets* (never of hands).

Ranks are 0..12 = 2,3,...,K,A (as in verifier/game/cards.py); ``ACE = 12``.
A *window* is the five ranks of a straight: the wheel A-2-3-4-5 and the nine
windows 2-6 ... T-A, ten in all.

Counting rank sets: a few derivations need "how many k-sets of the 13 ranks contain
no straight" and similar numbers. They are computed by running through the
C(13, k) <= 1,716 rank sets, which is a count of rank *patterns* (13 ranks, no suits,
no cards); every hand count is then that number times a suit count. The small values
are checked against closed forms in tests/test_proofs.py (e.g. 5-sets: C(13,5) - 10).
"""
from functools import lru_cache
from itertools import combinations

from sympy import binomial as _binomial

NRANKS = 13
ACE = 12
TEN, JACK, QUEEN, KING = 8, 9, 10, 11


def C(n, k):
    """Exact binomial coefficient as a Python int (SymPy's binomial)."""
    if k < 0 or n < 0 or k > n:
        return 0
    return int(_binomial(n, k))


def window(top):
    """The five ranks of the straight whose top rank is ``top`` (3 = five-high wheel)."""
    return frozenset(ACE if r < 0 else r for r in range(top - 4, top + 1))


WINDOW_TOPS = tuple(range(3, 13))          # wheel (5-high) .. broadway (A-high)
WINDOWS = tuple(window(t) for t in WINDOW_TOPS)
BROADWAY = window(ACE)                      # T J Q K A
WHEEL = window(3)                           # A 2 3 4 5


def has_straight(ranks):
    """Some window lies wholly inside the rank set."""
    s = set(ranks)
    return any(w <= s for w in WINDOWS)


def joker_straight(ranks):
    """The joker can complete a straight: some window holds at least four of the ranks."""
    s = set(ranks)
    return any(len(w & s) >= 4 for w in WINDOWS)


@lru_cache(maxsize=None)
def count_rank_sets(k, kind, top=None, exclude_ace=False):
    """Number of k-sets of ranks with a property, optionally with highest rank ``top``.

    kind: "no_straight"  - no window inside the set (no natural straight);
          "straight"     - some window inside the set;
          "no_joker_straight" - no window holding four or more of the set;
          "joker_straight"    - some window holding four or more of the set.
    """
    test = {"no_straight": lambda s: not has_straight(s),
            "straight": has_straight,
            "no_joker_straight": lambda s: not joker_straight(s),
            "joker_straight": joker_straight}[kind]
    ranks = range(ACE) if exclude_ace else range(NRANKS)
    n = 0
    for s in combinations(ranks, k):
        if top is not None and max(s) != top:
            continue
        if test(s):
            n += 1
    return n


def suit_patterns_without_flush(ncards, max_per_suit):
    """Ways to give suits to ``ncards`` cards of distinct ranks with at most
    ``max_per_suit`` of any one suit: 4^n minus the flush assignments.

    At most one suit can exceed the limit when 2*(max_per_suit+1) > ncards, which
    holds for every use here (7 cards, limit 4; 6 cards, limit 3), so the excess
    is 4 * sum_{j > limit} C(n, j) * 3^(n-j) without double counting.
    """
    assert 2 * (max_per_suit + 1) > ncards
    bad = 4 * sum(C(ncards, j) * 3 ** (ncards - j) for j in range(max_per_suit + 1, ncards + 1))
    return 4 ** ncards - bad


def _partitions(n, max_part, max_len):
    """Partitions of n into at most max_len parts each <= max_part, as descending tuples."""
    if n == 0:
        yield ()
        return
    if max_len == 0:
        return
    for first in range(min(n, max_part), 0, -1):
        for rest in _partitions(n - first, first, max_len - 1):
            yield (first,) + rest


def _arrangements(parts, nranks):
    """Ways to give the multiplicities ``parts`` to distinct ranks out of ``nranks``."""
    from collections import Counter
    ways = 1
    free = nranks
    for _, mult in Counter(parts).items():
        ways *= C(free, mult)
        free -= mult
    return ways


def count_by_rank_shape(n_regular, joker, predicate):
    """Hands of ``n_regular`` regular cards (plus the joker if ``joker``) whose rank shape
    satisfies ``predicate(aces, others)``; a sum over rank *shapes*, not over hands.

    ``aces`` is the number of natural aces; ``others`` the descending tuple of the
    multiplicities of the non-ace ranks present. For each ace count a and each shape
    of the other n-a cards: (ways to pick which of the 12 non-ace ranks carry the
    multiplicities) x C(4, a) x product of C(4, m) suit choices. Suits do not enter
    the predicate, so this only counts rank-pattern properties (pairs, trips, quads).
    """
    total = 0
    for a in range(0, min(4, n_regular) + 1):
        for parts in _partitions(n_regular - a, 4, 12):
            if not predicate(a, parts):
                continue
            ways = _arrangements(parts, 12) * C(4, a)
            for m in parts:
                ways *= C(4, m)
            total += ways
    return total


def effective_counts(aces, others, joker):
    """Multiplicities with the joker counted as an ace (pairs, trips, quads)."""
    a = aces + (1 if joker else 0)
    return sorted(([a] if a else []) + list(others), reverse=True)
