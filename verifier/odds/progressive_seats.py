"""Two seats hitting one tier (or one meter) in one round (issue 37, docs/PROGRESSIVES.md):
two disjoint seven-card hands from the same deck.

For a set S of hands (as card bitmasks), the ordered pairs of *disjoint* hands of S are

    D = sum over card sets T of (-1)^|T| N(T)^2,   N(T) = #{hands of S containing T},

inclusion-exclusion over the cards two hands share (a pair sharing exactly the cards I is
counted with weight sum over T within I of (-1)^|T| = [I empty]; the pairwise machinery's
method, docs/PAIRWISE.md). Two given seats both hit with probability
p2 = D / (C(n,7) C(n-7,7)) on an n-card deck.

The engine lists each tier's hands on any deck, the full deck's 154,143,080 included
and sums N(T)^2 over the card sets of 1 to 6 cards in counters indexed by the set
(verifier/table/progressive_pairs.py ``disjoint_pairs``, cext/shared_cards.h): exact in
seconds. Where the hands
are not listed (a read that is no function of the seven cards; a tier of more than
LIST_LIMIT hands), the counts give a bound only: whatever the first seat holds, at most
|S| hands of the C(n-7,7) left hit, so p2 <= p1 |S| / C(n-7,7).

At N seats, X seats hit: 1{X >= 2} <= C(X,2) and >= C(X,2) - 2 C(X,3) for every X, so
C(N,2) p2 - 2 C(N,3) p3 <= P(at least two seats hit) <= C(N,2) p2 (Bonferroni), with
p3 <= p2 |S| / C(n-14,7) by the same reasoning as above: the lower bound uses that.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any, Callable, Sequence

from verifier.odds.values import exact_value

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


def two_seat_figures(odds: Any, listed: Sequence[Any] | None, deck: int,
                     seats: int, why_not: str = "",
                     disjoint: Callable[[Any], int] | None = None) -> dict[str, Any]:
    """Per tier and per meter (the hands paid from it): two seats hitting it in one round.
    ``listed``: each tier's hands (bitmasks), None for a tier not listed (its bound), or
    None when no hand was listed (bounds only, ``why_not`` says why); ``disjoint``
    counts the ordered disjoint pairs of a set of hands (verifier/table/progressive_pairs.py
    ``disjoint_pairs``: the engine's sums). ``odds``: a ProgressiveOdds."""
    import numpy as np
    table = odds.table
    each = list(listed) if listed is not None else [None] * len(table.tiers)
    for i, hands in enumerate(each):
        if hands is not None and len(hands) != odds.counts[i]:
            raise AssertionError(f"tier {i + 1}: {len(hands):,} hands listed, "
                                 f"{odds.counts[i]:,} counted")
    tiers = []
    for i, tier in enumerate(table.tiers):
        pairs = None if each[i] is None or disjoint is None else disjoint(each[i])
        tiers.append({"lines": list(tier.lines),
                      **two_seats(odds.counts[i], pairs, deck, seats)})
    meters = {}
    for name in table.meters:
        mine = [i for i, t in enumerate(table.tiers) if t.meter == name]
        pairs = None
        if disjoint is not None and all(each[i] is not None for i in mine):
            pairs = disjoint(np.concatenate([np.asarray(each[i], dtype=np.uint64)
                                             for i in mine])) if mine else 0
        meters[name] = two_seats(sum(odds.counts[i] for i in mine), pairs, deck, seats)
    left = [i + 1 for i, h in enumerate(each) if h is None]
    method = ("bounds from the counts: " + why_not if listed is None else
              "exact: every hand of the deck visited by the engine, disjoint pairs by "
              "inclusion-exclusion over shared cards" +
              (f" (tiers {', '.join(map(str, left))}: too many hands to list, bounds)"
               if left else ""))
    return {"method": method, "deck": deck, "tiers": tiers, "meters": meters,
            "bounds": "at least two of N seats: C(N,2) p2 - 2 C(N,3) p3 <= P <= C(N,2) p2, "
                      "p3 <= p2 |S| / C(n-14,7); unlisted p2 <= p1 |S| / C(n-7,7)"}
