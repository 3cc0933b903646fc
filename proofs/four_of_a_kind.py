"""Four of a kind: the best-five class count and the Outlaw 9 category count.

Quads are four natural cards of one rank, or three aces and the joker (the joker is
an ace; it never makes quads of another rank). Four aces and the joker are five aces.
"""
from verifier.proofs._common import C, BROADWAY, WHEEL


def category() -> int:
    """Outlaw 9, seven-card reading: some five of the seven make exactly four of a kind.

    Such a five is r-r-r-r-x or A-A-A-Jk-x. Every hand holding a natural quad has one
    (the quad and any fifth card other than the joker; seven cards always leave one),
    so five-aces hands qualify too: A-A-A-A-x is exactly four of a kind. Likewise every
    hand with the joker and exactly three aces. Seven cards hold at most one quad.
    """
    no_joker_quads = 13 * C(48, 3)          # quad rank, 3 of the other 48 regular cards
    joker_natural_quads = 13 * C(48, 2)     # joker, quad, 2 others (incl. the 1,128 five aces)
    joker_three_aces = C(4, 3) * C(48, 3)   # joker, exactly 3 aces, 3 non-aces (no room for a quad)
    return no_joker_quads + joker_natural_quads + joker_three_aces     # 308,696


def best_five() -> int:
    """Hands whose best five cards are four of a kind (Alspach: 307,472)."""
    # Without the joker: 13 * C(48,3). A straight flush needs five cards of one suit,
    # and a quad gives each suit one card, leaving three: never better than quads.
    no_joker = 13 * C(48, 3)                                        # 224,848
    # Joker + natural quad of a non-ace (quad aces + joker are five aces): 2 others
    # from 48. With the joker a straight flush needs 4 suited cards in a window; the
    # quad gives a suit one card and the 2 others two more: impossible.
    joker_quad = 12 * C(48, 2)                                      # 13,536
    # Joker + exactly three aces + 3 non-aces: quad aces, unless the joker makes a
    # straight flush: one of the three aces and all three others suited, the three
    # others being 3 of the 4 non-ace ranks of the broadway or the wheel window.
    ace_triples = C(4, 3)
    sf_overlap = ace_triples * 3 * (C(len(BROADWAY) - 1, 3) + C(len(WHEEL) - 1, 3))   # 4*3*8 = 96
    joker_aces = ace_triples * C(48, 3) - sf_overlap                # 69,088
    return no_joker + joker_quad + joker_aces                       # 307,472
