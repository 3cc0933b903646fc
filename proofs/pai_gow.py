"""Pai gow (no pair, no straight, no flush) hands by their highest card, and the
Outlaw 9 lines "9 high" and "10 high".

docs/RULES.md: 9 high / 10 high = seven different ranks, highest a 9 (a 10), no joker,
no pair, no straight or flush possible. The same definition with a higher top card
gives J-high ... A-high ("pai gow" as the Outlaw 9 filing uses the word).

Choose the ranks: a 7-set of ranks with the given top and no window inside it
(the ace also plays low: A-2-3-4-5). Choose the suits: 4^7 minus the assignments with
five or more of one suit (at most one suit can): 16,384 - 844 = 15,540.

With the joker semi-wild (docs/RULES.md: an ace, or it completes a straight or flush),
a hand with the joker and six different non-ace ranks is also an A-high pai gow when
the joker can complete neither a straight (no window holds four of the six ranks) nor a
flush (no suit holds four of the six cards: 4^6 - 616 = 3,480 suit patterns): 14,430,780
A-high hands in all, the house way's row 11. This is the *semi-wild* reading of Pai Gow
Insurance, not the one in force: the *literal* reading (the joker is only an ace, so it
completes no straight; 16,243,080 A-high hands) is verifier/odds/emperors.py's, see
docs/RULESETS.md. J/Q/K-high are the same under both (a hand with the joker is A-high).
"""
from verifier.proofs._common import ACE, count_rank_sets, suit_patterns_without_flush

RANK_INDEX = {"9": 7, "T": 8, "J": 9, "Q": 10, "K": 11, "A": ACE}


def no_joker_pai_gow(top: str) -> int:
    """Seven different ranks topped by ``top`` ('9', 'T', 'J', 'Q', 'K', 'A'), no
    straight or flush, no joker."""
    rank_sets = count_rank_sets(7, "no_straight", top=RANK_INDEX[top])
    return rank_sets * suit_patterns_without_flush(7, 4)


def nine_high() -> int:
    return no_joker_pai_gow("9")        # 2 rank sets (missing the 5 or the 6) -> 31,080


def ten_high() -> int:
    return no_joker_pai_gow("T")        # 16 rank sets -> 248,640


def jack_high() -> int:
    return no_joker_pai_gow("J")        # 62 rank sets -> 963,480


def queen_high() -> int:
    return no_joker_pai_gow("Q")


def king_high() -> int:
    return no_joker_pai_gow("K")


def ace_high() -> int:
    return no_joker_pai_gow("A")


def ace_high_semi_wild() -> int:
    """A-high pai gow with the joker semi-wild (row 11; Pai Gow Insurance's semi-wild
    reading, not the literal one in force)."""
    joker_hands = (count_rank_sets(6, "no_joker_straight", exclude_ace=True)
                   * suit_patterns_without_flush(6, 3))
    return ace_high() + joker_hands


def all_pai_gow() -> int:
    """Every pai gow hand = the best-five "high card" class (Alspach: 24,780,420).
    No pai gow is 8-high or lower (2..8 is seven ranks, a straight)."""
    return sum(no_joker_pai_gow(t) for t in "9TJQK") + ace_high_semi_wild()
