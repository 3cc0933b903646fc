"""The Emperor's Challenge house way (seed 004), pure-Python reference (house_way id 1).

Written from docs/RULES_READINGS.md, section "Emperor's Challenge house way", and
docs/RULES.md. Rows keep Mike's numbering (1 = five aces ... 11 = high card); a row the
seed does not change is Mike's row (verifier/engine/reference/house_way.py), with the same
tie-break (docs/ENGINE.md: fronts visited in lexicographic order of positions of the
sorted seven, highest back among fronts of the required ranks). Pairs, trips and quads
count the joker as an ace, as in Mike's way.

The rows that differ from Mike's:
- Row 1, five aces: two aces in front; with a pair of kings, the kings in front (the
  five aces stay behind).
- Row 2, four of a kind: a pair (or trips) among the other three cards goes in front,
  quads behind. Otherwise 2s-6s: quads behind, best two of the other three in front;
  7s-10s: split unless a single ace (the joker counts) can go in front, then quads
  behind with that ace and the higher remaining card in front; jacks to aces: split
  ("split" = two of the quads in front).
- Row 6, two pairs: split (lower pair in front) unless a single ace or the joker is
  present; then both pairs behind, the ace (joker) and the highest other single in
  front; but split anyway when both pairs are jacks or better, or either pair is 7s-10s.
- Row 9 with exactly one pair: as Mike's row 9, except a pair of 10s or better with a
  single ace (or joker) or face card (J, Q, K) is played as one pair: row 10, pair
  behind, the two highest singles in front.
"""
from __future__ import annotations

from verifier.engine.reference.house_way import (choose_row as mikes_choose_row, fixed_front, rank_counts, best_two_ranks)
from verifier.game.evaluate import ACE
from verifier.houseway.builtin import BUILT_IN_IDS
from typing import Any, Sequence

EMPERORS = BUILT_IN_IDS["emperors"]

# rank indices: 2..A = 0..12
KING, JACK, TEN, SEVEN, SIX = 11, 9, 8, 5, 4


def _groups(cards):
    counts = rank_counts(cards)
    return {n: sorted((r for r, m in counts.items() if m == n), reverse=True)
            for n in range(1, 6)}


def choose_row(cards: Sequence[int], wheel_second: bool = False) -> tuple[int, tuple[Any, ...]]:
    """(row, (front, back, front_key, back_key)) for seven sorted cards."""
    by = _groups(cards)
    singles, pairs, trips, quads = by[1], by[2], by[3], by[4]

    # Row 1: five aces. Kings in front beside a pair of kings, else two aces.
    if by[5]:
        if KING in pairs:
            return 1, fixed_front(cards, (KING, KING), wheel_second)
        return 1, fixed_front(cards, (ACE, ACE), wheel_second)

    # Row 2: four of a kind.
    if quads:
        q = quads[0]
        others = [r for r in (pairs + pairs + trips * 3 + singles)]
        best = best_two_ranks(sorted(others, reverse=True))
        if best[0] == best[1]:                 # a pair (or trips) among the other three
            return 2, fixed_front(cards, best, wheel_second)
        if q <= SIX:                           # 2s to 6s: never split
            return 2, fixed_front(cards, best, wheel_second)
        if q <= TEN:                           # 7s to 10s: behind only with a single ace
            if ACE in singles:
                return 2, fixed_front(cards, best, wheel_second)
            return 2, fixed_front(cards, (q, q), wheel_second)
        return 2, fixed_front(cards, (q, q), wheel_second)   # jacks to aces: split

    # Rows 3, 4, 5 (two trips, full house, three pairs): Mike's.
    if len(trips) >= 2 or (trips and pairs) or len(pairs) >= 3:
        return mikes_choose_row(cards, wheel_second)

    # Row 6: two pairs.
    if len(pairs) == 2:
        big, small = pairs
        keep = (singles[0] == ACE and not small >= JACK
                and not any(SEVEN <= p <= TEN for p in pairs))
        if keep:
            return 6, fixed_front(cards, (singles[0], singles[1]), wheel_second)
        return 6, fixed_front(cards, (small, small), wheel_second)

    # Rows 7 to 11: Mike's, with the row 9 exception for one pair.
    row, chosen = mikes_choose_row(cards, wheel_second)
    if row == 9 and len(pairs) == 1 and not trips:
        pair = pairs[0]
        if pair >= TEN and singles and singles[0] >= JACK:
            return 10, fixed_front(cards, (singles[0], singles[1]), wheel_second)
    return row, chosen
