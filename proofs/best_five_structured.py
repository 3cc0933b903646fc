"""All ten best-five-card class counts of seven-card hands with the joker, by a sum
over rank patterns times suit patterns (B. Alspach's table: five aces 1,128;
straight flush 210,964; four of a kind 307,472; full house 4,188,528; flush
6,172,088; straight 11,236,028; three of a kind 7,470,676; two pair 35,553,816;
one pair 64,221,960; high card 24,780,420).

Method (a small exact program, deliberately *not* hand by hand):
  1. Run through the rank-count vectors c = (c_2, ..., c_A), 0 <= c_r <= 4, summing
     to 7 (no joker) or 6 (joker): 49,205 + 18,395 vectors stand for the 154 million
     hands.
  2. Everything but flushes depends on c alone: pairs, trips, quads (joker = ace),
     five aces, straights (a window inside the ranks, or holding four of them when
     the joker can fill the gap). Call that class base(c).
  3. Suits: of the prod C(4, c_r) suit assignments, those that give a chosen suit
     s exactly the rank set S number
         w(S) = prod_{r in S} C(3, c_r - 1) * prod_{r present, not in S} C(3, c_r),
     and a flush needs |S| >= 5 (>= 4 with the joker), which at most one suit can
     reach; so 4 * w(S) hands have their flush on S, the others have none.
     A flush on S is a straight flush when S holds a window (four of one, with the
     joker); its class is max(base, flush or straight flush).
The class of each group of hands is the best reading of the joker: an ace, or the
card that completes a straight, flush or straight flush (max over the readings).
"""
from itertools import combinations

from verifier.proofs._common import C, ACE, WINDOWS, BROADWAY

CLASS_NAMES = ["high_card", "one_pair", "two_pair", "three_of_a_kind", "straight",
               "flush", "full_house", "four_of_a_kind", "straight_flush", "five_aces"]
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE_ACES = range(10)

_WINDOW_MASKS = [sum(1 << r for r in w) for w in WINDOWS]
_BROADWAY_MASK = sum(1 << r for r in BROADWAY)


def _popcount(x):
    return bin(x).count("1")


def _straight(mask, joker):
    need = 4 if joker else 5
    return any(_popcount(mask & w) >= need for w in _WINDOW_MASKS)


def base_class(counts: list[int], joker: bool) -> int:
    """Class from the ranks alone (no flush): joker as an ace, or filling a straight."""
    eff = list(counts)
    if joker:
        if counts[ACE] == 4:
            return FIVE_ACES
        eff[ACE] += 1
    eff = sorted((m for m in eff if m), reverse=True)
    mask = sum(1 << r for r, m in enumerate(counts) if m)
    if eff[0] >= 4:
        return QUADS
    if eff[0] == 3 and eff[1] >= 2:
        return FULL_HOUSE
    if _straight(mask, joker):
        return STRAIGHT
    if eff[0] == 3:
        return TRIPS
    if eff[0] == 2:
        return TWO_PAIR if eff[1] == 2 else PAIR
    return HIGH


def _count_vectors(n):
    """Rank-count vectors over the 13 ranks, entries 0..4, summing to n."""
    vec = [0] * 13

    def rec(i, left):
        if i == 12:
            if left <= 4:
                vec[12] = left
                yield tuple(vec)
            return
        for m in range(min(4, left) + 1):
            vec[i] = m
            yield from rec(i + 1, left - m)
        vec[i] = 0
    yield from rec(0, n)


def class_counts(joker: bool) -> tuple[list[int], int]:
    """{class index: hands} and the royal-flush count, for the hands without the
    joker (7 regular cards) or with it (joker + 6 regular cards)."""
    n, need = (6, 4) if joker else (7, 5)
    counts_by_class = [0] * 10
    royal = 0
    for vec in _count_vectors(n):
        present = [r for r in range(13) if vec[r]]
        ways = 1
        for r in present:
            ways *= C(4, vec[r])
        base = base_class(vec, joker)
        flush_ways = 0
        for k in range(need, len(present) + 1):
            for S in combinations(present, k):
                inside = set(S)
                w = 1
                for r in present:
                    w *= C(3, vec[r] - 1) if r in inside else C(3, vec[r])
                if not w:
                    continue
                w *= 4                                   # the suit of the flush
                flush_ways += w
                smask = sum(1 << r for r in S)
                if _straight(smask, joker):
                    cls = max(base, STRAIGHT_FLUSH)
                    if cls == STRAIGHT_FLUSH and _popcount(smask & _BROADWAY_MASK) >= (4 if joker else 5):
                        royal += w
                else:
                    cls = max(base, FLUSH)
                counts_by_class[cls] += w
        counts_by_class[base] += ways - flush_ways
    return counts_by_class, royal


def best_five() -> tuple[dict[str, int], int]:
    """{class name: hands} over all C(53,7) hands, and the royal-flush count."""
    a, ra = class_counts(joker=False)
    b, rb = class_counts(joker=True)
    return {CLASS_NAMES[i]: a[i] + b[i] for i in range(10)}, ra + rb
