"""Outlaw 9 line "Three pairs": exactly three pairs and no trips, the joker pairing
with an ace (docs/RULES.md). Seven cards are then ranks shaped 2+2+2+1 with the joker
counted as an ace.

No joker: three pair ranks C(13,3), suits C(4,2)^3, the single from the other 10
ranks in 4 suits.
Joker with one natural ace (A+Jk is a pair of aces): the ace (4), two other pairs
from the 12 non-aces C(12,2) * 6^2, the single from 10 ranks x 4 suits.
Joker with no natural ace (the joker is the single, an ace): three pairs from the
12 non-aces, C(12,3) * 6^3.
Two natural aces with the joker are trips: excluded.
"""
from verifier.proofs._common import C


def no_joker() -> int:
    return C(13, 3) * C(4, 2) ** 3 * 10 * 4            # 2,471,040


def with_joker() -> int:
    ace_pair = 4 * C(12, 2) * C(4, 2) ** 2 * 10 * 4     # 380,160
    joker_single = C(12, 3) * C(4, 2) ** 3              # 47,520
    return ace_pair + joker_single


def three_pairs() -> int:
    return no_joker() + with_joker()                    # 2,898,720
