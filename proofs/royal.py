"""Royal flushes, and the Outlaw 9 line "Royal Flush and Royal Match".

Royal flush (natural or made with the joker): some suit holds T-J-Q-K-A, or four of
those five and the joker (the joker takes the missing card: in a straight flush it
makes the highest one, and with four royal cards that is the royal).
Seven cards cannot hold two royals (10 cards, or 9 with one joker), so hands are
counted once by their royal's suit.
"""
from verifier.proofs._common import C


def natural_royal_hands() -> int:
    # suit (4) x the other two cards from the remaining 48 (47 regular + joker).
    return 4 * C(48, 2)                                 # 4,512


def joker_royal_hands() -> int:
    # No natural royal: suit (4) x which royal card is missing (5) x joker x the other
    # two cards from the 47 regular cards other than the five royal cards.
    return 4 * 5 * C(47, 2)                             # 21,620


def royal_flush() -> int:
    """Hands in which some five cards make a royal flush (= best five is a royal:
    five aces and a royal cannot share seven cards, A-A-A-A-Jk + T-J-Q-K of one suit
    would be nine)."""
    return natural_royal_hands() + joker_royal_hands()  # 26,132


def royal_match() -> int:
    """Royal flush plus a suited K-Q among the other two cards.

    The K-Q cannot be of the royal's suit (a royal missing its K and Q has three
    cards and the joker), so it is a K-Q of one of the other 3 suits and the seven
    cards are exactly: the royal (natural: 1 way; with the joker: 5 choices of the
    missing card) + that K-Q. Reading (docs/RULES_READINGS.md): the joker never
    stands for the king or queen of the match, since in a two-card hand it is an ace.
    """
    return 4 * (1 + 5) * 3                              # 72
