"""Each tier's hands of a progressive table listed (issue 37): every seven-card hand of a
deck small enough to list, read as the table reads it (``custom.lines_of``) and paid by
its first tier, for the two-seat figures of verifier/odds/progressive_seats.py."""
from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Sequence

from verifier.game.progressive import Progressive

#: most hands of a deck listed (C(30,7) = 2,035,800): the full deck's are counted, not listed
LIST_LIMIT = 2_100_000
BLOCK = 50_000
#: reads whose lines are not a function of the seat's seven cards as a set
UNLISTABLE = {"versus-banker": "a versus-banker read depends on the dealer's hand",
              "first-cards": "a first-cards read depends on the order of the cards"}


def why_not_listed(table: Progressive, deck: Sequence[int]) -> str | None:
    """Why the tiers' hands are not listed on ``deck`` (None: they are)."""
    if table.reads in UNLISTABLE:
        return UNLISTABLE[table.reads]
    if comb(len(deck), 7) > LIST_LIMIT:
        return (f"the deck's {comb(len(deck), 7):,} hands are more than the "
                f"{LIST_LIMIT:,} listed")
    return None


def tier_hands(table: Progressive, deck: Sequence[int], wheel_second: bool,
               house_way: int) -> list[list[int]]:
    """Per tier, the bitmasks of the deck's hands it pays (``why_not_listed`` is None)."""
    from verifier.engine import set_hands
    from verifier.table.custom import lines_of
    out: list[list[int]] = [[] for _ in table.tiers]
    tier_by_lines: dict = {}
    every = combinations(sorted(deck), 7)
    while True:
        block = [list(h) for _, h in zip(range(BLOCK), every)]
        if not block:
            return out
        for hand, s in zip(block, set_hands(block, wheel_second, house_way)):
            lines = frozenset(lines_of(table.reads, s, None, hand))
            if lines not in tier_by_lines:
                tier_by_lines[lines] = table.tier_of(lines)
            t = tier_by_lines[lines]
            if t is not None:
                out[t].append(sum(1 << c for c in hand))
