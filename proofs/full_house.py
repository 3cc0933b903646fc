"""Full house: the best-five class count and the Outlaw 9 category count.

Pairs and trips count the joker as an ace. A five-card full house is t-t-t-p-p, or
made with the joker: A-A-Jk-p-p or t-t-t-A-Jk.
"""
from verifier.proofs._common import C, BROADWAY, WHEEL


def best_five_no_joker() -> int:
    """Seven regular cards whose best five is a full house (3,473,184).

    Rank shapes with a trips and another pair but no quad (no straight flush fits:
    a full-house shape has at most four distinct ranks):
      3+3+1   C(13,2) trip ranks, 11 for the single:  C(13,2)*11 * 4*4*4
      3+2+2   13 trip rank, C(12,2) pairs:             13*C(12,2) * 4*6*6
      3+2+1+1 13, 12, C(11,2):                         13*12*C(11,2) * 4*6*4*4
    """
    return (C(13, 2) * 11 * C(4, 3) ** 2 * 4
            + 13 * C(12, 2) * C(4, 3) * C(4, 2) ** 2
            + 13 * 12 * C(11, 2) * C(4, 3) * C(4, 2) * 4 * 4)


def best_five_with_joker() -> int:
    """Joker + 6 regular cards whose best five is a full house (715,344).

    The six cards hold no quad and at most two aces (three aces + joker are quads).
    Shapes (joker = ace) that give a full house:
      3+3 (two non-ace trips, joker an ace kicker)     C(12,2) * 4^2
      3+2+1 (non-ace trips, any pair, any single)      12*12*11 * 4*6*4
      3+1+1+1 with an ace single (A+Jk = pair)         12*C(11,2) * 4 * 4^3
      2+2+2 with the aces a pair (A-A-Jk = trips)      C(12,2) * 6^3
      2+2+1+1 with the aces a pair                      12*C(11,2) * 6*6*4*4
    Straight flushes beat a full house. With the joker one needs four suited cards in
    a window; only shapes with four distinct ranks can, and then the four ranks are
    the ace and three of the four other ranks of broadway or the wheel, all suited:
      3+1+1+1: 2 windows * C(4,3) rank triples * 3 (which is the trips) * 4 suits
               * C(3,2) (rest of the trips)                          = 288
      2+2+1+1: 2 * C(4,3) * 3 (which is the other pair) * 4 suits
               * 3 (other ace) * 3 (other card of the pair)          = 864
    """
    windows = 2                          # BROADWAY and WHEEL: the windows holding the ace
    three_of_four = C(len(BROADWAY) - 1, 3)
    assert three_of_four == C(len(WHEEL) - 1, 3)
    t33 = C(12, 2) * 4 ** 2
    t321 = 12 * 12 * 11 * 4 * 6 * 4
    t3111 = 12 * C(11, 2) * 4 * 4 ** 3 - windows * three_of_four * 3 * 4 * C(3, 2)
    t222 = C(12, 2) * 6 ** 3
    t2211 = 12 * C(11, 2) * 6 * 6 * 4 * 4 - windows * three_of_four * 3 * 4 * 3 * 3
    return t33 + t321 + t3111 + t222 + t2211


def best_five() -> int:
    return best_five_no_joker() + best_five_with_joker()     # 4,188,528


def category() -> int:
    """Outlaw 9, seven-card reading: some five of the seven make exactly a full house.

    That holds exactly when, with the joker counted as an ace, one rank has three or
    more cards and another rank two or more (take three and two of them; a five-card
    full house is never a straight flush or better, whatever else the hand holds). So
    it is every rank shape with that property, whatever the suits: the best-five full
    houses, plus the hands whose better class hides such a shape.
    """
    # No joker: quads with trips (4+3) or with a pair (4+2+1).
    nj = best_five_no_joker() + 13 * 12 * C(4, 3) + 13 * 12 * 11 * C(4, 2) * 4
    # Joker hands (6 regular cards). Full-house shapes whose best five is a straight
    # flush (the 288 + 864 of best_five_with_joker):
    j = best_five_with_joker() + 288 + 864
    # Five aces A-A-A-A-Jk + a pair of one other rank.
    j += 12 * C(4, 2)
    # Natural quad of a non-ace r + two others holding a pair: a natural pair of one
    # of the 11 other non-aces (C(4,2) suits), or at least one ace (the joker pairs
    # it): one ace and one of the 44 cards that are neither ace nor r, or two aces.
    j += 12 * (11 * C(4, 2) + 4 * 44 + C(4, 2))
    # Exactly three aces + joker (quad aces) + three non-aces holding a pair:
    # pair rank (12) x C(4,2) x a card of another non-ace rank (44), or trips 12*C(4,3).
    j += C(4, 3) * (12 * C(4, 2) * 44 + 12 * C(4, 3))
    return nj + j                                            # 4,247,400
