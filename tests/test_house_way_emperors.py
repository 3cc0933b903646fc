"""Emperor's Challenge house way (seed 004; docs/RULES_READINGS.md), house_way id 1.

Every expectation below is worked by hand from the readings (the comment on each
vector says how), never pasted from program output. Both engines run these tests.
Keys: docs/ENGINE.md (back: cls << 20 | nibbles; front: hi*13+lo, pair 169 + r).
"""
import math

import pytest

from verifier.game.cards import parse_cards
from verifier.rules.readings import Rules

EMPERORS = 1
R = {c: i for i, c in enumerate("23456789TJQKA")}


def back(cls, *ranks):
    key = cls << 20
    for shift, r in zip((16, 12, 8, 4, 0), ranks):
        key |= R[r] << shift
    return key


def ordinal(cls, n):
    """A straight or straight flush key: the ordinal (wheel lowest: top rank index - 3)."""
    return cls << 20 | n << 16


def front(a, b):
    a, b = R[a], R[b]
    return 169 + a if a == b else max(a, b) * 13 + min(a, b)


HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, SF, FIVE_ACES = range(10)

# (hand, expected row, expected front key, expected back key, why)
VECTORS = [
    # Row 1: five aces, kings in front beside a pair of kings; otherwise two aces.
    ("As Ah Ad Ac Jk Kd Ks", 1, front("K", "K"), FIVE_ACES << 20, "kings in front"),
    ("As Ah Ad Ac Jk Qd Qs", 1, front("A", "A"), back(FULL, "A", "Q"), "two aces in front"),
    ("As Ah Ad Ac Jk 7d 2s", 1, front("A", "A"), back(TRIPS, "A", "7", "2"), "two aces in front"),
    # Row 2: four of a kind.
    ("Ks Kh Kd Kc 5h 5c 2d", 2, front("5", "5"), back(QUADS, "K", "2"), "pair beside: pair in front"),
    ("5s 5h 5d 5c Kh Kc Kd", 2, front("K", "K"), back(QUADS, "5", "K"), "trips beside: a pair of them in front"),
    ("5s 5h 5d 5c Ah 3c 2d", 2, front("A", "3"), back(QUADS, "5", "2"), "2s-6s: never split"),
    ("9s 9h 9d 9c Ah 3c 2d", 2, front("A", "3"), back(QUADS, "9", "2"), "7s-10s with an ace: behind"),
    ("Ts Th Td Tc Jk 3c 2d", 2, front("A", "3"), back(QUADS, "T", "2"), "7s-10s, the joker is the ace"),
    ("9s 9h 9d 9c Kh 3c 2d", 2, front("9", "9"), back(PAIR, "9", "K", "3", "2"), "7s-10s, no ace: split"),
    ("7s 7h 7d 7c Qh 3c 2d", 2, front("7", "7"), back(PAIR, "7", "Q", "3", "2"), "Mike's keeps 7s with a Q; here split"),
    ("Js Jh Jd Jc Ah 3c 2d", 2, front("J", "J"), back(PAIR, "J", "A", "3", "2"), "jacks up: split even with an ace"),
    ("As Ah Ad Ac Kh 3c 2d", 2, front("A", "A"), back(PAIR, "A", "K", "3", "2"), "four aces: split"),
    # Row 3: two sets of trips: a pair of the higher set in front.
    ("Ks Kh Kd 5c 5h 5d 2s", 3, front("K", "K"), back(TRIPS, "5", "K", "2"), "Mike's row 3"),
    # Row 4: full house: the pair in front.
    ("Qs Qh Qd 8c 8h 4d 2s", 4, front("8", "8"), back(TRIPS, "Q", "4", "2"), "Mike's row 4"),
    # Row 5: three pairs: the highest pair in front.
    ("Qs Qh 8d 8c 4h 4d 2s", 5, front("Q", "Q"), back(TWO_PAIR, "8", "4", "2"), "Mike's row 5"),
    # Row 6: two pairs.
    ("Js Jh 5d 5c Ah 3c 2d", 6, front("A", "3"), back(TWO_PAIR, "J", "5", "2"), "ace: both behind"),
    ("Ks Kh 4d 4c Ah 3c 2d", 6, front("A", "3"), back(TWO_PAIR, "K", "4", "2"), "K-4 with an ace: behind (Mike's splits)"),
    ("6s 6h 4d 4c Jk 3c 2d", 6, front("A", "3"), back(TWO_PAIR, "6", "4", "2"), "the joker counts as the ace"),
    ("6s 6h 4d 4c Kh 3c 2d", 6, front("4", "4"), back(PAIR, "6", "K", "3", "2"), "no ace: split (Mike's keeps with a K)"),
    ("Js Jh 9d 9c Ah 3c 2d", 6, front("9", "9"), back(PAIR, "J", "A", "3", "2"), "a pair of 7s-10s: split despite the ace"),
    ("Ks Kh Jd Jc Ah 3c 2d", 6, front("J", "J"), back(PAIR, "K", "A", "3", "2"), "both jacks or better: split"),
    ("As Ah 5d 5c Kh 3c 2d", 6, front("5", "5"), back(PAIR, "A", "K", "3", "2"), "aces up, no single ace: split"),
    # Row 7: trips with a complete hand from the other five: a pair of the trips in front.
    ("7s 7h 7d 8c 9h Th Jd", 7, front("7", "7"), ordinal(STRAIGHT, 6), "J-high straight: ordinal 9-3 = 6 (J is rank index 9)"),
    # Row 8: three of a kind.
    ("Ks Kh Kd 8c 5h 3d 2s", 8, front("8", "5"), back(TRIPS, "K", "3", "2"), "trips behind"),
    ("As Ah Ad 8c 5h 3d 2s", 8, front("A", "8"), back(PAIR, "A", "5", "3", "2"), "aces: one in front"),
    # Row 9: straight/flush, no pair: highest front with a complete hand behind.
    ("As Ks Qs Js 9s 5h 3d", 9, front("5", "3"), back(FLUSH, "A", "K", "Q", "J", "9"), "flush kept"),
    # Row 9, one pair under 10s: the pair in front when a complete hand stays behind.
    ("Ts Th 9c 8d 7h 6s 5c", 9, front("T", "T"), ordinal(STRAIGHT, 4), "9-high straight: ordinal 7-3 = 4"),
    ("9s 9h Ac 8d 7h 6s 5c", 9, front("A", "9"), ordinal(STRAIGHT, 4), "9s: no exception; pair front leaves no straight"),
    ("8s 8h Qs Js Ts 9s 2h", 9, front("8", "2"), ordinal(SF, 7), "Q-high straight flush (ordinal 10-3 = 7)"),
    # Row 9 exception: 10s or better with an ace/joker or face card: played as one pair.
    ("Ks Kh Qs Js Ts 9s Ah", 10, front("A", "Q"), back(PAIR, "K", "J", "T", "9"), "kings with an ace"),
    ("Ts Th Jc 9d 8h 7s 2c", 10, front("J", "9"), back(PAIR, "T", "8", "7", "2"), "10s with a jack"),
    ("Ts Th Jk 9d 8h 7s 6c", 10, front("A", "9"), back(PAIR, "T", "8", "7", "6"), "10s with the joker"),
    # Row 10: one pair.
    ("Ks Kh 9d 7c 5h 3d 2s", 10, front("9", "7"), back(PAIR, "K", "5", "3", "2"), "pair behind"),
    # Row 11: high card: second and third highest in front.
    ("Ks Jh 9d 7c 5h 3d 2s", 11, front("J", "9"), back(HIGH, "K", "7", "5", "3", "2"), "pai gow"),
]


@pytest.mark.parametrize("hand,row,front_key,back_key,why", VECTORS,
                         ids=[v[0] for v in VECTORS])
def test_emperors_vectors(engine, hand, row, front_key, back_key, why):
    cards = parse_cards(hand, 7)
    f, b, fk, bk, got_row = engine.set_hand(sorted(cards), False, EMPERORS)
    assert (got_row, fk, bk) == (row, front_key, back_key), why
    assert sorted(f + b) == sorted(cards)
    assert engine.eval2(list(f)) == fk and engine.eval5(list(b)) == bk


def test_mikes_differs_where_the_seed_does(engine):
    # The same hands under Mike's way, as docs/RULES.md rows 2 and 6 read (by hand).
    mikes = {
        "7s 7h 7d 7c Qh 3c 2d": front("Q", "3"),   # 8/7/6 behind with a single Q
        "Js Jh Jd Jc Ah 3c 2d": front("A", "3"),   # J/10/9 behind with a single A
        "Js Jh 9d 9c Ah 3c 2d": front("A", "3"),   # J big pair with a single ace: behind
        "6s 6h 4d 4c Kh 3c 2d": front("K", "3"),   # 8/7/6 big pair with a single K: behind
        "Ks Kh 4d 4c Ah 3c 2d": front("4", "4"),   # A/K/Q big pair: split
    }
    for hand, fk in mikes.items():
        assert engine.set_hand(sorted(parse_cards(hand, 7)), False, 0)[2] == fk, hand


def test_hands_api_selects_the_emperors_way():
    from verifier.engine.hands import set_hand
    s = set_hand("As Ah Ad Ac Jk Kd Ks", Rules(house_way="emperors"))
    assert s.row == 1 and s.front_key == front("K", "K")
    assert set_hand("As Ah Ad Ac Jk Kd Ks").front_key == front("A", "A")


def test_no_fouls_reduced_deck():
    # Every hand of a 25-card deck (9 T J Q K A x 4 + joker: quads, five aces, two
    # pairs with straights all occur) is set without a foul.
    from verifier.engine.backend import PURE_PYTHON
    from verifier.game.cards import deck_of_ranks
    from verifier.engine.enumeration import enumerate_hands
    ranks = "JQKA" if PURE_PYTHON else "89TJQKA"
    result = enumerate_hands(Rules(house_way="emperors"), deck=deck_of_ranks(ranks))
    assert result.fouls == 0
    assert result.total_hands == math.comb(4 * len(ranks) + 1, 7)
    assert sum(result.house_way_rows.values()) == result.total_hands


@pytest.mark.full
def test_no_fouls_full_deck():
    from verifier.engine.enumeration import enumerate_hands
    result = enumerate_hands(Rules(house_way="emperors"))
    assert result.total_hands == 154_143_080
    assert result.fouls == 0
    # Row 11 (pai gow) does not depend on the house way: Alspach's high-card count.
    assert result.house_way_rows[11] == 24_780_420
