"""Two seats hitting one tier (or one meter) in one round (issue 37, docs/PROGRESSIVES.md):
two disjoint seven-card hands from the same deck.

For a set S of hands (as card bitmasks), the ordered pairs of *disjoint* hands of S are

    D = sum over card sets T of (-1)^|T| N(T)^2,   N(T) = #{hands of S containing T},

inclusion-exclusion over the cards two hands share (a pair sharing exactly the cards I is
counted with weight sum over T within I of (-1)^|T| = [I empty]; the pairwise machinery's
method, docs/PAIRWISE.md). Two given seats both hit with probability
p2 = D / (C(n,7) C(n-7,7)) on an n-card deck.

Without the hands listed (the full deck's 154,143,080 hands are not), the counts give a
bound only: whatever the first seat holds, at most |S| hands of the C(n-7,7) left hit, so
p2 <= p1 |S| / C(n-7,7).

At N seats, X seats hit: 1{X >= 2} <= C(X,2) and >= C(X,2) - 2 C(X,3) for every X, so
C(N,2) p2 - 2 C(N,3) p3 <= P(at least two seats hit) <= C(N,2) p2 (Bonferroni), with
p3 <= p2 |S| / C(n-14,7) by the same reasoning as above: the lower bound uses that.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any, Sequence

from verifier.odds.values import exact_value

#: most hands of one set whose disjoint pairs are counted (128 card sets a hand)
MAX_LISTED = 100_000


def disjoint_pairs(hands: Sequence[int]) -> int:
    """Ordered pairs of disjoint hands among ``hands`` (card bitmasks of 7 cards each),
    by inclusion-exclusion over the card sets they contain."""
    import numpy as np
    if not hands:
        return 0
    masks = np.array(hands, dtype=np.uint64)
    bits = np.zeros((len(hands), 7), dtype=np.uint64)
    rest = masks.copy()
    for k in range(7):                          # the hand's cards, lowest first
        low = rest & (~rest + np.uint64(1))
        bits[:, k] = low
        rest ^= low
    if np.any(rest) or np.any(bits[:, 6] == 0):
        raise ValueError("a hand of other than seven cards")
    subsets = np.array([[(s >> k) & 1 for k in range(7)] for s in range(128)],
                       dtype=np.uint64)
    sizes = np.array([bin(s).count("1") for s in range(128)])
    cards_in = np.zeros((len(hands), 128), dtype=np.uint64)
    for k in range(7):                          # distinct bits: the sum is the union
        cards_in += bits[:, k:k + 1] * subsets[None, :, k]
    values, first, counts = np.unique(cards_in.ravel(), return_index=True,
                                      return_counts=True)
    signs = np.where(sizes[first % 128] % 2 == 1, -1, 1)
    return int(sum(int(s) * int(c) ** 2 for s, c in zip(signs, counts)))


def two_seats(hits: int, pairs: int | None, deck: int, seats: int) -> dict[str, Any]:
    """The figures of one set of hands (a tier's, a meter's): ``hits`` hands of the
    ``deck``-card deck, ``pairs`` its ordered disjoint pairs (None: not listed)."""
    total, rest = comb(deck, 7), comb(deck - 7, 7)
    p1 = Fraction(hits, total)
    upper = p1 * Fraction(min(hits, rest), rest) if rest else Fraction(0)
    p2 = None if pairs is None else Fraction(pairs, total * rest)
    p2_bound = upper if p2 is None else p2
    third = comb(deck - 14, 7) if deck >= 21 else 0
    p3_bound = p2_bound * Fraction(min(hits, third), third) if third else Fraction(0)
    pairs_of_seats, triples = comb(seats, 2), comb(seats, 3)
    at_least_two_upper = min(Fraction(1), pairs_of_seats * p2_bound)
    lower = (pairs_of_seats * p2 - 2 * triples * p3_bound) if p2 is not None else None
    return {
        "hands": hits, "probability": exact_value(p1),
        "disjoint_pairs": pairs,
        "two_given_seats": None if p2 is None else exact_value(p2),
        "two_given_seats_upper_bound": exact_value(p2_bound),
        "seats": seats,
        "at_least_two_of_seats": None if 7 * seats > deck else {
            "upper_bound": exact_value(at_least_two_upper),
            "lower_bound": None if lower is None else exact_value(max(lower, Fraction(0))),
        },
    }


def two_seat_figures(odds: Any, listed: Sequence[Sequence[int]] | None, deck: int,
                     seats: int, why_not: str = "") -> dict[str, Any]:
    """Per tier and per meter (the hands paid from it): two seats hitting it in one round.
    ``listed``: each tier's hands (bitmasks), or None when the deck's hands were not
    listed (bounds only, ``why_not`` says why). ``odds``: a ProgressiveOdds."""
    table = odds.table
    tiers = []
    for i, tier in enumerate(table.tiers):
        hands = None if listed is None else listed[i]
        pairs = None if hands is None or len(hands) > MAX_LISTED else disjoint_pairs(hands)
        tiers.append({"lines": list(tier.lines),
                      **two_seats(odds.counts[i], pairs, deck, seats)})
    meters = {}
    for name in table.meters:
        mine = [i for i, t in enumerate(table.tiers) if t.meter == name]
        hands = None if listed is None else [h for i in mine for h in listed[i]]
        pairs = None if hands is None or len(hands) > MAX_LISTED else disjoint_pairs(hands)
        meters[name] = two_seats(sum(odds.counts[i] for i in mine), pairs, deck, seats)
    method = ("exact: every hand of the deck listed, disjoint pairs by inclusion-exclusion"
              f" (a set of more than {MAX_LISTED:,} hands: its bound)"
              if listed is not None else f"bounds from the counts: {why_not}")
    return {"method": method, "deck": deck, "tiers": tiers, "meters": meters,
            "bounds": "at least two of N seats: C(N,2) p2 - 2 C(N,3) p3 <= P <= C(N,2) p2, "
                      "p3 <= p2 |S| / C(n-14,7); unlisted p2 <= p1 |S| / C(n-7,7)"}
