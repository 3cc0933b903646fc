"""All seven-card hands of the 53-card deck, split by whether the joker is among them.

A hand without the joker is 7 of the 52 regular cards; a hand with it is the joker
plus 6 of the 52. Pascal's rule C(53,7) = C(52,7) + C(52,6) is exactly this split.
"""
from verifier.proofs._common import C


def no_joker() -> int:
    return C(52, 7)          # 133,784,560


def with_joker() -> int:
    return C(52, 6)          # 20,358,520


def total() -> int:
    return no_joker() + with_joker()   # 154,143,080 = C(53,7)
