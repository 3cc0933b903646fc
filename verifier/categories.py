"""Outlaw 9 High or Better categories: names, bits, and conversions.

Bit i of a category mask is line i of the filed pay table (docs/ENGINE.md).
"""
from .errors import VerifierError

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
]
CATEGORY_BIT = {name: i for i, name in enumerate(CATEGORY_NAMES)}


def mask_to_names(mask):
    """Category mask -> list of names, in pay-table order."""
    return [name for i, name in enumerate(CATEGORY_NAMES) if mask >> i & 1]


def names_to_mask(names):
    """List of category names -> mask; an unknown name is an error naming it."""
    mask = 0
    for name in names:
        if name not in CATEGORY_BIT:
            raise VerifierError(f"unknown category {name!r}")
        mask |= 1 << CATEGORY_BIT[name]
    return mask
