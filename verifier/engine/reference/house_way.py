"""Mike's Cardroom house way, rows 1-11 of docs/RULES.md, read literally top to bottom.

Pairs, trips and quads are counted with the joker as an ace. Where a row fixes the
front by ranks, every one of the 21 (front, back) splits whose front has those ranks
(joker as ace) is tried and the one with the highest back is kept ("the set with the
highest back is used"). Rows 7 and 9 search the splits as docs/RULES.md states.

Tie-break (docs/ENGINE.md): the seven cards are sorted ascending, fronts are visited
in lexicographic order of positions (i < j), and a candidate replaces the current
choice only when strictly better. "Better" is always the pair (front key, back key)
compared lexicographically; in the rows that fix the front's ranks all candidates
share one front key, so that is "highest back". The returned card tuples are in
ascending card order (positions i < j of the sorted seven).

Readings where docs/RULES.md leaves room (also in docs/RULES_READINGS.md):
- The joker counts as an ace everywhere a row tests ranks: "the other three cards hold
  a pair" (row 2) is met by the joker beside an ace; "a single king or ace" (row 2)
  and "a single ace (or joker)" (row 6) are met by a lone joker.
- Quads with trips beside them (e.g. 5-5-5-5-K-K-K) are row 2 (rows are tried top to
  bottom); the front is the best two of the other three, a pair from the trips.
- Row 4 with trips, one pair and two singles: the pair in front and the trips with
  the two singles behind (three of a kind behind, not a full house), as written.
- Row 9 maximises the front over every split with a complete hand behind, even when
  that front takes a card of the flush (six suited cards: the ace may go in front).
"""
from __future__ import annotations

from verifier.game.evaluate import ACE, COMPLETE, FRONT_PAIR_BASE, class_of, rank_as_ace
from verifier.game.splits import best_split, front_ranks, rank_counts, splits  # noqa: F401
from verifier.houseway.builtin import BUILT_IN_IDS
from typing import Any, Iterable, Sequence

MIKES = BUILT_IN_IDS["mikes"]

# rank indices: 2..A = 0..12
KING, QUEEN, JACK, TEN, NINE, EIGHT, SIX, FIVE, THREE = 11, 10, 9, 8, 7, 6, 4, 3, 1


def fixed_front(cards: Sequence[int], ranks: Iterable[int], wheel_second: bool) -> tuple[Any, ...]:
    """The highest-back split whose front has exactly ``ranks`` (joker as ace)."""
    want = tuple(sorted(ranks, reverse=True))
    best = best_split(cards, lambda f, b, fk, bk: front_ranks(f) == want, wheel_second)
    if best is None:  # pragma: no cover - every row below names ranks that are present
        raise AssertionError(f"no front with ranks {want} in {cards}")
    return best


def best_two_ranks(ranks: Sequence[int]) -> tuple[int, int]:
    """The ranks of the best two-card hand from a few ranks (joker already an ace)."""
    best = None
    for i in range(len(ranks)):
        for j in range(i + 1, len(ranks)):
            a, b = sorted((ranks[i], ranks[j]), reverse=True)
            key = FRONT_PAIR_BASE + a if a == b else a * 13 + b
            if best is None or key > best[0]:
                best = (key, (a, b))
    assert best is not None                     # two cards make a front
    return best[1]


def is_pair(two_ranks: Sequence[int]) -> bool:
    return two_ranks[0] == two_ranks[1]


def choose_row(cards: Sequence[int], wheel_second: bool = False) -> tuple[int, tuple[Any, ...]]:
    """(row, chosen split) for seven sorted cards, docs/RULES.md rows 1..11 top to bottom."""
    counts = rank_counts(cards)
    by = {n: sorted((r for r, m in counts.items() if m == n), reverse=True) for n in range(1, 6)}
    singles, pairs, trips, quads = by[1], by[2], by[3], by[4]

    # 1. Five aces: a pair of aces in front (even with another pair beside them).
    if by[5]:
        return 1, fixed_front(cards, (ACE, ACE), wheel_second)

    # 2. Four of a kind.
    if quads:
        q = quads[0]
        others = sorted((rank_as_ace(c) for c in cards if rank_as_ace(c) != q), reverse=True)
        best_front = best_two_ranks(others)
        if q >= QUEEN:        # A, K, Q: behind if the other three hold a pair
            behind = len(set(others)) < len(others)
        elif q >= NINE:       # J, 10, 9: behind if the best front is a pair or K/A high
            behind = is_pair(best_front) or best_front[0] >= KING
        elif q >= SIX:        # 8, 7, 6: the same with Q, K or A
            behind = is_pair(best_front) or best_front[0] >= QUEEN
        else:                 # 5 down to 2: always behind
            behind = True
        if behind:            # front: the best two of the other three cards
            return 2, fixed_front(cards, best_front, wheel_second)
        return 2, fixed_front(cards, (q, q), wheel_second)

    # 3. Two sets of trips: a pair from the higher set in front.
    if len(trips) >= 2:
        return 3, fixed_front(cards, (trips[0], trips[0]), wheel_second)

    # 4. Full house: the pair in front (the higher pair of two), trips behind.
    if trips and pairs:
        return 4, fixed_front(cards, (pairs[0], pairs[0]), wheel_second)

    # 5. Three pairs: the highest pair in front.
    if len(pairs) >= 3:
        return 5, fixed_front(cards, (pairs[0], pairs[0]), wheel_second)

    # 6. Two pairs (even with a straight or flush).
    if len(pairs) == 2:
        big, small = pairs
        top_single = singles[0]
        if big >= QUEEN:          # A, K, Q: small pair in front
            behind = False
        elif big >= NINE:         # J, 10, 9: both behind with a single ace (or joker)
            behind = top_single >= ACE
        elif big >= SIX:          # 8, 7, 6: both behind with a single K or higher
            behind = top_single >= KING
        else:                     # 5, 4, 3: both behind with a single Q or higher
            behind = top_single >= QUEEN
        if behind:                # the two highest singles in front
            return 6, fixed_front(cards, (singles[0], singles[1]), wheel_second)
        return 6, fixed_front(cards, (small, small), wheel_second)

    # 7./8. Three of a kind (the only group).
    if trips:
        t = trips[0]
        want = (t, t)
        row7 = best_split(cards, lambda f, b, fk, bk: front_ranks(f) == want and
                          class_of(bk) >= COMPLETE, wheel_second)
        if row7 is not None:
            return 7, row7
        if t == ACE:              # one ace and the highest single in front
            return 8, fixed_front(cards, (ACE, singles[0]), wheel_second)
        return 8, fixed_front(cards, (singles[0], singles[1]), wheel_second)

    # 9. Straight, flush or straight flush with no pair or one pair: the highest front
    #    that keeps a complete hand behind; among equal fronts, the highest back.
    row9 = best_split(cards, lambda f, b, fk, bk: class_of(bk) >= COMPLETE, wheel_second)
    if row9 is not None:
        return 9, row9

    # 10. One pair: pair behind, the two highest singles in front.
    if pairs:
        return 10, fixed_front(cards, (singles[0], singles[1]), wheel_second)

    # 11. High card: the second and third highest cards in front.
    return 11, fixed_front(cards, (singles[1], singles[2]), wheel_second)
