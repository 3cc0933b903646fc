"""Seven-card categories (Outlaw 9 High or Better and more), and the best-for-bet lines:
names, bits, and conversions.

Bits 0..15 of a category mask are the lines of the filed Outlaw 9 pay table, in order
(docs/ENGINE.md); bits 16.. are categories other bets read (custom side bets, issue 11).
The C names (cext/engine.h CAT_*, BFB_*) are generated from these lists at build time
(cext/gen_vocab.py writes cext/vocab.h).
"""
from __future__ import annotations

from typing import Iterable, Sequence

from verifier.support.errors import VerifierError

CATEGORY_NAMES = [
    "seven_card_straight_flush",
    "royal_flush_and_royal_match",
    "seven_card_straight_flush_with_joker",
    "five_aces",
    "royal_flush",
    "straight_flush",
    "four_of_a_kind",
    "nine_high",
    "ten_high",
    "all_one_color",
    "all_one_color_with_joker",
    "full_house",
    "flush",
    "three_of_a_kind",
    "straight",
    "three_pairs",
    # not Outlaw 9 lines: the high-card hands above ten high, and the pairs
    "jack_high",
    "queen_high",
    "king_high",
    "ace_high",
    "two_pair",
    "one_pair",
    # the wild joker's (a rule set's joker = "wild"): four of a kind and the joker, of
    # any rank (five aces shows five_aces too)
    "five_of_a_kind",
]
CATEGORY_BIT = {name: i for i, name in enumerate(CATEGORY_NAMES)}
#: the Outlaw 9 pay table's lines: the first sixteen categories
OUTLAW9_LINES = tuple(CATEGORY_NAMES[:16])
#: a high-card seven-card hand ("pai gow") by its top card's rank index (the joker an ace)
TOP_CARD_CATEGORY = {7: "nine_high", 8: "ten_high", 9: "jack_high", 10: "queen_high",
                     11: "king_high", 12: "ace_high"}

#: The lines a hand can reach when the player sets it for a side bet (bit i = line i):
#: the back hand's class X over every setting that is not a foul, and X_plus_pair when
#: that setting's front is a pair (the joker with an ace is a pair of aces). royal_flush:
#: a straight flush to the ace, natural or with the joker; straight_flush: the others.
BEST_FOR_BET_LINES = [
    "five_aces_plus_pair",
    "five_aces",
    "natural_royal_flush_plus_natural_pair_of_aces",
    "royal_flush_plus_pair",
    "royal_flush",
    "straight_flush_plus_pair",
    "straight_flush",
    "four_of_a_kind_plus_pair",
    "four_of_a_kind",
    "full_house_plus_pair",
    "full_house",
    "flush_plus_pair",
    "flush",
    "straight_plus_pair",
    "straight",
    "three_of_a_kind_plus_pair",
    "three_of_a_kind",
    "two_pair_plus_pair",
    "two_pair",
    "one_pair_plus_pair",
    "one_pair",
    "high_card",
]
BEST_FOR_BET_BIT = {name: i for i, name in enumerate(BEST_FOR_BET_LINES)}


def mask_to_names(mask: int, names: Sequence[str] = CATEGORY_NAMES) -> list[str]:
    """Mask -> list of names, in bit order (``names``: CATEGORY_NAMES; OUTLAW9_LINES for
    the Outlaw 9 lines only; BEST_FOR_BET_LINES for a best-for-bet mask)."""
    return [name for i, name in enumerate(names) if mask >> i & 1]


def names_to_mask(names: Iterable[str]) -> int:
    """List of category names -> mask; an unknown name is an error naming it."""
    mask = 0
    for name in names:
        if name not in CATEGORY_BIT:
            raise VerifierError(f"unknown category {name!r}")
        mask |= 1 << CATEGORY_BIT[name]
    return mask
