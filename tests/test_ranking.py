"""Five-card and two-card keys (docs/ENGINE.md), hand-worked from docs/RULES.md.

Every expected key below is built by hand from the ENGINE.md layout
``cls << 20 | nibbles``; rank indices are 2..A = 0..12.
"""
import math
import random
from itertools import combinations

import pytest

from verifier.game.cards import parse_cards

from conftest import (key, HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, SF, FIVE_ACES)


def ev(engine, text, wheel_second=False):
    return engine.eval5(parse_cards(text, 5), wheel_second)


# ---------------------------------------------------------------- joker-free classes
@pytest.mark.parametrize("hand,expected", [
    ("As Kd 9h 5c 3s", key(HIGH, *"AK953")),
    ("8c 8d As 6h 2c", key(PAIR, *"8A62")),
    ("Kc Kd 4h 4s 9c", key(TWO_PAIR, *"K49")),
    ("7c 7d 7h As 2c", key(TRIPS, *"7A2")),
    ("9c Td Jh Qs Kd", key(STRAIGHT, 8)),        # K-high: top index 11, ordinal 11-3
    ("Ah Jh 8h 4h 2h", key(FLUSH, *"AJ842")),
    ("Tc Td Th 3s 3c", key(FULL, *"T3")),
    ("5c 5d 5h 5s Kc", key(QUADS, *"5K")),
    ("5h 6h 7h 8h 9h", key(SF, 4)),               # 9-high: ordinal 7-3
    ("Ts Js Qs Ks As", key(SF, 9)),               # royal flush
    ("Qc Kd Ah 2s 3c", key(HIGH, *"AKQ32")),      # no wrap-around straight
])
def test_natural_classes(engine, hand, expected):
    assert ev(engine, hand) == expected


def test_ties_break_by_kickers_not_suits(engine):
    assert ev(engine, "Kc Kd 9h 7s 2c") > ev(engine, "Kh Ks 9c 6d 5c")
    assert ev(engine, "Kc Kd 9h 7s 2c") == ev(engine, "Kh Ks 9d 7c 2d")
    assert ev(engine, "Ac Ad 3h 3s 2c") > ev(engine, "Ah As 2d 2h Kc")
    assert ev(engine, "Ac Ad 3h 3s 5c") > ev(engine, "Ah As 3d 3c 4d")
    # the filing: K-K-K-7-7 beats 10-10-10-A-A
    assert ev(engine, "Kc Kd Kh 7s 7c") > ev(engine, "Tc Td Th As Ac")
    assert ev(engine, "2h 3h 4h 5h 7h") > ev(engine, "Tc Jd Qh Kc As")  # any flush > any straight
    assert ev(engine, "Ah Kh Qh Jh 9h") == ev(engine, "Ad Kd Qd Jd 9d")
    assert ev(engine, "Ac Kd Qh Js 9c") > ev(engine, "Ac Kd Qh Js 8c")
    assert ev(engine, "2c 2d 2h 3c 3d") > ev(engine, "Ah Kh Qh Jh 9h")


@pytest.mark.parametrize("hand,lowest,second", [
    ("Ac 2d 3h 4s 5c", 0, 8),       # the wheel
    ("2c 3d 4h 5s 6c", 1, 0),       # 6-high
    ("9c Td Jh Qs Kd", 8, 7),       # K-high
    ("Tc Jd Qh Ks Ac", 9, 9),       # A-high
])
def test_straight_ordinals_both_wheel_options(engine, hand, lowest, second):
    assert ev(engine, hand, False) == key(STRAIGHT, lowest)
    assert ev(engine, hand, True) == key(STRAIGHT, second)


@pytest.mark.parametrize("hand,lowest,second", [
    ("Ad 2d 3d 4d 5d", 0, 8),
    ("2s 3s 4s 5s 6s", 1, 0),
    ("9c Tc Jc Qc Kc", 8, 7),
    ("Th Jh Qh Kh Ah", 9, 9),
])
def test_straight_flush_ordinals_both_wheel_options(engine, hand, lowest, second):
    assert ev(engine, hand, False) == key(SF, lowest)
    assert ev(engine, hand, True) == key(SF, second)


def test_wheel_second_ranks_just_below_broadway(engine):
    wheel, six, king, ace = ("Ac 2d 3h 4s 5c", "2c 3d 4h 5s 6c", "9c Td Jh Qs Kd",
                             "Tc Jd Qh Ks Ac")
    assert ev(engine, wheel) < ev(engine, six) < ev(engine, king) < ev(engine, ace)
    assert ev(engine, six, True) < ev(engine, king, True) < ev(engine, wheel, True) \
        < ev(engine, ace, True)


def test_wheel_option_changes_only_straights(engine):
    for hand in ["As Kd 9h 5c 3s", "Ac 2c 3c 4c 6c", "Ac Ad 2h 3s 4c", "Jk Ac Ad Ah As",
                 "Jk As Kd 4h 2c", "Jk 2h 9h Th Kh"]:
        assert ev(engine, hand, False) == ev(engine, hand, True)


# ---------------------------------------------------------------- the joker
@pytest.mark.parametrize("hand,expected", [
    # flush: the joker takes the highest rank of the suit not already held
    ("Jk Ah Jh 8h 4h", key(FLUSH, *"AKJ84")),
    ("Jk Kh Jh 8h 4h", key(FLUSH, *"AKJ84")),
    ("Jk Ah Kh Qh 4h", key(FLUSH, *"AKQJ4")),
    ("Jk Ah Kh 7h 3h", key(FLUSH, *"AKQ73")),
    # straight: the highest straight
    ("Jk 9c Td Jh Qs", key(STRAIGHT, 8)),        # K-high, not 8-high
    ("Jk 9c Td Qh Ks", key(STRAIGHT, 8)),        # inside: joker is the jack
    ("Jk Ac Kd Qh Js", key(STRAIGHT, 9)),
    ("Jk Ac 2d 3h 4s", key(STRAIGHT, 0)),        # joker as the 5: wheel beats a pair of aces
    ("Jk 2c 3d 4h 5s", key(STRAIGHT, 1)),        # wheel lowest: 6-high beats the wheel
    # straight flush
    ("Jk 9h Th Jh Qh", key(SF, 8)),
    ("Jk Kh Qh Jh Th", key(SF, 9)),              # royal with the joker as the ace
    ("Jk Ah Kh Qh Th", key(SF, 9)),              # royal with the joker as the jack
    ("Jk 9h Th Jh Kh", key(SF, 8)),              # straight flush beats the ace-high flush
    ("Jk 2h 3h 4h 5h", key(SF, 1)),
    # five aces
    ("Jk Ac Ad Ah As", key(FIVE_ACES)),
    # otherwise the joker is an ace, never another pair-making card
    ("Jk As 7c 4d 2h", key(PAIR, *"A742")),
    ("Jk Kc 7d 4h 2s", key(HIGH, *"AK742")),
    ("Jk Kc Kd 7h 2s", key(PAIR, *"KA72")),
    ("Jk Kc Kd 7h 7s", key(TWO_PAIR, *"K7A")),
    ("Jk Kc Kd Kh 2s", key(TRIPS, *"KA2")),
    ("Jk Kc Kd Kh Ks", key(QUADS, *"KA")),
    ("Jk Ac Ad Kh Ks", key(FULL, *"AK")),
    ("Jk Ac Ad Ah 7s", key(QUADS, *"A7")),
    ("Jk Ac Ad 7h 2s", key(TRIPS, *"A72")),
])
def test_joker_vectors(engine, hand, expected):
    assert ev(engine, hand) == expected


def test_joker_straights_follow_the_wheel_option(engine):
    # wheel = second: A-2-3-4-5 outranks 6-high, so the joker becomes the ace
    assert ev(engine, "Jk 2c 3d 4h 5s", True) == key(STRAIGHT, 8)
    assert ev(engine, "Jk 2h 3h 4h 5h", True) == key(SF, 8)
    assert ev(engine, "Jk Ah 2h 3h 4h", False) == key(SF, 0)
    assert ev(engine, "Jk Ah 2h 3h 4h", True) == key(SF, 8)
    assert ev(engine, "Jk 9c Td Jh Qs", True) == key(STRAIGHT, 7)
    assert ev(engine, "Jk Ac Kd Qh Js", True) == key(STRAIGHT, 9)


# ---------------------------------------------------------------- two-card keys
@pytest.mark.parametrize("hand,expected", [
    ("As Ks", 12 * 13 + 11), ("Kd As", 12 * 13 + 11), ("3c 2d", 1 * 13 + 0),
    ("Ac Ad", 169 + 12), ("2c 2d", 169 + 0), ("Jk As", 169 + 12), ("Jk Kd", 12 * 13 + 11),
    ("Jk 2c", 12 * 13 + 0),
])
def test_eval2(engine, hand, expected):
    assert engine.eval2(parse_cards(hand, 2)) == expected


def test_eval2_order(engine):
    e = lambda t: engine.eval2(parse_cards(t, 2))
    assert e("2c 2d") > e("As Kd") > e("As Qd") > e("Ks Qd") > e("4c 3d") > e("3c 2d")
    assert e("Ac Ad") > e("Kc Kd")


# ---------------------------------------------------------------- brute-force reference
def joker_reference(engine, four, wheel_second):
    """Written here from docs/RULES.md: five aces with four aces; otherwise the best key over
    every regular card not among the four that is an ace or completes a straight,
    flush or straight flush."""
    if sum(1 for c in four if c >> 2 == 12) == 4:
        return FIVE_ACES << 20
    best = None
    for sub in range(52):
        if sub in four:
            continue
        k = engine.eval5(list(four) + [sub], wheel_second)
        if (sub >> 2 == 12 or (k >> 20) in (STRAIGHT, FLUSH, SF)) and (best is None or k > best):
            best = k
    return best


def test_joker_hands_sample_against_brute_force(engine):
    rng = random.Random(20261122)
    for _ in range(150):
        four = rng.sample(range(52), 4)
        for wheel_second in (False, True):
            assert engine.eval5(four + [52], wheel_second) == \
                joker_reference(engine, four, wheel_second), four


#: the keys of every joker-free hand, by engine and wheel option: computed once a process
#: for the exhaustive checks below (on one pytest-xdist worker, the two share them)
_EVERY_KEY = {}


def every_joker_free_key(engine, wheel_second):
    """``engine.eval5`` of each of the C(52,5) joker-free hands (a numpy array), at the
    colex index of its cards (ascending: the sum of C(card_i, i+1), a one-to-one map onto
    0 .. C(52,5) - 1): the joker-free keys the brute force below reads,
    each asked of the engine once instead of once for each four cards it completes. The
    hands are taken in the order that index counts them: ``combinations`` gives the sets
    in lexicographic order, and the set of the cards 51 - c of the i-th has colex index
    C(52,5) - 1 - i."""
    import numpy as np
    name = (getattr(engine, "__name__", engine), wheel_second)
    if name not in _EVERY_KEY:
        keys = np.fromiter((engine.eval5([51 - c for c in reversed(h)], wheel_second)
                            for h in combinations(range(52), 5)),
                           dtype=np.int64, count=math.comb(52, 5))
        _EVERY_KEY[name] = keys[::-1].copy()
    return _EVERY_KEY[name]


#: C(n, k) for n < 53, k < 6: the binomials of the colex index
_C = [[math.comb(n, k) for k in range(6)] for n in range(53)]


def joker_reference_everywhere(engine, wheel_second):
    """``joker_reference`` of every four cards at once (rows of combinations(range(52), 4),
    in that order), its rule as written there: five aces with four aces; otherwise the best
    key, among the 48 regular cards not held, of the hands where that card is an ace or the
    key is a straight, flush or straight flush. The keys of the joker-free hands read from
    ``every_joker_free_key``; each hand's colex index is the four cards' with the added card
    ``sub`` put in its place (a card above ``sub`` moves up one place)."""
    import numpy as np
    keys = every_joker_free_key(engine, wheel_second)
    binom = np.array(_C, dtype=np.int64)
    fours = np.array(list(combinations(range(52), 4)), dtype=np.int64)
    best = np.full(len(fours), -1, dtype=np.int64)
    for sub in range(52):
        above = fours > sub
        index = binom[sub, 1 + (~above).sum(axis=1)] + sum(
            binom[fours[:, i], i + 1 + above[:, i]] for i in range(4))
        free = (fours != sub).all(axis=1)           # ``sub`` not among the four
        k = keys[np.where(free, index, 0)]
        counts = free & ((sub >> 2 == 12) | np.isin(k >> 20, (STRAIGHT, FLUSH, SF)))
        best = np.where(counts & (k > best), k, best)
    best[((fours >> 2) == 12).sum(axis=1) == 4] = FIVE_ACES << 20
    return fours, best


@pytest.mark.slow
@pytest.mark.compiled
def test_all_joker_free_hands_class_counts_and_7462_keys(engine):
    import numpy as np
    keys = every_joker_free_key(engine, False)
    counts = np.bincount(keys >> 20, minlength=10).tolist()
    # published counts: SF (incl. royal), quads, FH, flush, straight, trips, 2P, pair, high
    assert counts[::-1][1:] == [40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]
    assert counts[FIVE_ACES] == 0
    assert sum(counts) == math.comb(52, 5)
    assert len(np.unique(keys)) == 7462


@pytest.mark.full          # exhaustive: once, in CI's full run (the sample above in every run)
@pytest.mark.compiled
def test_every_joker_hand_against_brute_force(engine):
    """Every joker hand (the joker and any four of the 52 cards, both wheel options)
    against ``joker_reference``'s rule, taken for all of them at once
    (``joker_reference_everywhere``); that form held to ``joker_reference`` itself, card by
    card, on a seeded sample of them first."""
    sample = random.Random(20261128).sample(range(math.comb(52, 4)), 300)
    for wheel_second in (False, True):
        fours, best = joker_reference_everywhere(engine, wheel_second)
        for row in sample:
            assert best[row] == joker_reference(engine, fours[row].tolist(), wheel_second)
        got = [engine.eval5(four + [52], wheel_second) for four in fours.tolist()]
        wrong = [(four, g, b) for four, g, b in zip(fours.tolist(), got, best.tolist())
                 if g != b]
        assert wrong == [], wrong[:5]
