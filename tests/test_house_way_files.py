"""House ways as files (issue 10, docs/HOUSE_WAYS.md).

- The files of the two built-in house ways set hands exactly as the compiled ones (a
  second implementation of the same charts), over hands drawn to reach every row.
- Foxwoods: a hand worked by hand from the text (docs/HOUSE_WAYS_SOURCES.md 1.1) for
  every row of the file, named for the rule.
- The commands: ``house-ways`` lists and prints them, ``hand --house-way`` names the row,
  and a bad file is one line naming the file and the line.
"""
import json
import re
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest

from verifier import houseway
from verifier.game.cards import parse_cards
from verifier.cli import main


def grouped(rng):
    """Seven cards from a few ranks (and the joker): quads, trips, pairs are common."""
    ranks = rng.sample(range(13), rng.randint(2, 5))
    pool = {r * 4 + s for r in ranks for s in range(4)} | {52} | set(rng.sample(range(52), 3))
    return sorted(rng.sample(sorted(pool), 7))


def suited(rng):
    """Seven cards rich in one suit: flushes, straight flushes."""
    s = rng.randrange(4)
    pool = {r * 4 + s for r in range(13)} | {52} | set(rng.sample(range(52), 6))
    return sorted(rng.sample(sorted(pool), 7))


def any_hand(rng):
    return sorted(rng.sample(range(53), 7))


def five_aces(rng):
    """The four aces and the joker, with two of the kings or any two cards."""
    pool = range(44, 48) if rng.random() < 0.5 else range(48)
    return sorted([48, 49, 50, 51, 52] + rng.sample(pool, 2))


_INTERPRETED = {}


def interpreted(name, seed, count):
    """``count`` hands drawn to reach every row (seeded), each with its wheel reading and
    the interpreter's setting of it by the file ``name``: worked out once for both
    engines (this module runs on one xdist worker: tests/conftest.py)."""
    if (name, seed, count) not in _INTERPRETED:
        hw, rng, hands = houseway.load(name), random.Random(seed), []
        for n in range(count):
            cards = five_aces(rng) if n % 100 == 99 else (grouped, suited, any_hand)[n % 3](rng)
            wheel_second = n % 5 == 0
            hands.append((cards, wheel_second, houseway.set_hand(cards, hw, wheel_second)))
        _INTERPRETED[name, seed, count] = hands
    return _INTERPRETED[name, seed, count]


@pytest.mark.slow
@pytest.mark.parametrize("name,house_way_number", [
    ("mikes", 0), pytest.param("emperors", 1, marks=pytest.mark.full)])   # both: full suite
def test_the_file_sets_hands_as_the_built_in_house_way(engine, name, house_way_number):
    """The file of a built-in house way, read by the interpreter, sets 1,500 drawn hands
    (seeded; every row of the file fires by the 900th) as the compiled-in chart does: a
    second implementation of the same chart, row, cards and keys."""
    hw = houseway.load(name)
    fired = set()
    for cards, wheel_second, s in interpreted(name, 20261123 + house_way_number, 1500):
        front, back, fk, bk, row = engine.set_hand(cards, wheel_second, house_way_number)
        assert (s.row, sorted(s.front), s.front_key, s.back_key) == \
            (row, sorted(front), fk, bk), (name, cards, wheel_second)
        fired.add(s.row_index)
    assert fired == set(range(1, len(hw.rows) + 1)), "every row of the file is exercised"


@pytest.mark.slow
@pytest.mark.parametrize("name", houseway.names())
def test_the_compiled_route_sets_hands_as_the_interpreter(engine, name):
    """cext/houseway.h runs a file's rows as a program; verifier/houseway/interpret.py
    reads them in Python: two implementations, the same settings and rows, on 1,000 drawn
    hands (seeded) of every shipped file."""
    from verifier.engine import house_way_file_number
    number = house_way_file_number(houseway.load(name))
    for cards, wheel_second, s in interpreted(name, 7, 1000):
        front, back, fk, bk, row = engine.set_hand(cards, wheel_second, number)
        assert (row, sorted(front), fk, bk) == (s.row_index, sorted(s.front), s.front_key,
                                                 s.back_key), (name, cards)


@pytest.mark.parametrize("name,built_in", [("mikes", 0), ("emperors", 1)])
def test_a_wrong_row_map_differs_on_every_hand(name, built_in):
    """Issue 10: the comparison of a file with its compiled-in house way sees a difference
    when there is one. (That the files set all 154,143,080 hands as the compiled-in house
    ways, keys and chart rows, is counted by the enumeration's classes in
    tests/test_house_way_compare.py, whose classes are held to the visit of every hand on
    the full deck there, once, with the full suite.)"""
    from verifier.engine import backend, house_way_file_number
    if backend.PURE_PYTHON:
        pytest.skip("compiled route only")
    hw = houseway.load(name)
    rows = [0] + [r.label for r in hw.rows]
    assert backend.engine.compare_house_ways(list(range(12)), False, built_in,
                                             house_way_file_number(hw),
                                             [0] * len(rows), 1)[1] == 792


def test_shipped_house_ways_load_and_are_listed(capsys):
    assert houseway.names() == ["mikes", "emperors", "foxwoods", "trump-plaza",
                                "ballys-atlantic-city", "golden-nugget", "flamingo-hilton"]
    for name in houseway.names():
        hw = houseway.load(name)
        assert hw.name == name and hw.rows and hw.source
        assert set(hw.readings) == set(houseway.fields.READINGS)
    assert main(["house-ways"]) == 0
    out = capsys.readouterr().out
    for name in houseway.names():
        assert name in out


def test_house_ways_name_prints_the_file_text(capsys):
    assert main(["house-ways", "foxwoods"]) == 0
    assert capsys.readouterr().out == houseway.shipped_path("foxwoods").read_text()


# ------------------------------------------------------------------ Foxwoods, row by row
FOXWOODS = [
    # (rule, cards, front ranks, row)
    ("five aces with a pair of kings: kings in front", "As Ah Ad Ac Jk Kd Kc", "KK", 1),
    ("five aces: a pair of aces in front", "As Ah Ad Ac Jk 9d 2c", "AA", 1),
    ("quads with a pair: the pair in front", "Jh Jd Jc Js 5h 5d 2c", "55", 2),
    ("quads with trips: a pair from the trips in front", "5h 5d 5c 5s Kh Kd Kc", "KK", 2),
    ("quads A, K, Q, J: always split, even with an ace", "Jh Jd Jc Js Ah Kd 2c", "JJ", 3),
    ("quads 10-7 with a king to put up front: quads in back", "9h 9d 9c 9s Kh 3d 2c", "K3", 4),
    ("quads 10-7 without a king or better: split", "9h 9d 9c 9s Qh 3d 2c", "99", 4),
    ("quads 6s and below: never split", "6h 6d 6c 6s Ah Kd 2c", "AK", 5),
    ("two trips: a pair from the higher set in front", "Kh Kd Kc 7h 7d 7c 2s", "KK", 6),
    ("full house: the highest permissible pair in front", "Qh Qd Qc 8h 8d 5c 5s", "88", 7),
    ("full house with one pair: that pair in front", "Qh Qd Qc 5h 5d Ac 2s", "55", 7),
    ("three pair: high pair in front", "Ah Ad 8c 8s 5h 5d 2c", "AA", 8),
    ("two pair, big pair J-A: split", "Kh Kd 4c 4s Ah 3d 2c", "44", 9),
    ("two pair 10-7 with an ace: both pairs in back", "Th Td 5c 5s Ah 3d 2c", "A3", 10),
    ("two pair 10-7 without an ace: split", "Th Td 5c 5s Kh 3d 2c", "55", 10),
    ("two pair 6-3 with a king: both pairs in back", "6h 6d 3c 3s Kh 9d 2c", "K9", 11),
    ("two pair 6-3 with a queen only: split", "6h 6d 3c 3s Qh 9d 2c", "33", 11),
    ("trips with a straight: the straight in back, a pair in front", "7h 7d 7c 8s 9h Td Jc",
     "77", 12),
    ("three aces: an ace and the next highest card in front", "Ah Ad Ac Ks 9h 5d 2c", "AK",
     13),
    ("three kings: trips in back, two highest in front", "Kh Kd Kc Qs 9h 5d 2c", "Q9", 14),
    ("straight with an ace and a pair of kings: the ace in front, the pair in back",
     "Kh Kd Ah Qs Jc Th 2c", "AQ", 15),
    ("straight with an ace and kings, the pair in front is higher: straight rule",
     "Ks Kd Ah 5s 4c 3h 2c", "KK", 16),
    ("straight, no pair: the highest two cards that leave a straight", "2h 3d 4c 5s 6h 9d Kc",
     "K9", 16),
    ("one pair: pair in back, the highest two other cards in front", "8h 8d Ac Js 6h 4d 2c",
     "AJ", 17),
    ("no pair: second and third highest in front", "Ah Qd 9c 7s 5h 3d 2c", "Q9", 18),
]


# ------------------------------------------------------------------ Trump Plaza, row by row
TRUMP_PLAZA = [
    ("five aces with a pair of kings: kings in front", "As Ah Ad Ac Jk Kd Kc", "KK", 1),
    ("five aces: split, two in front", "As Ah Ad Ac Jk 9d 2c", "AA", 2),
    ("quads + pair: pair in front", "Jh Jd Jc Js 5h 5d 2c", "55", 3),
    ("quads + trips: a pair from the trips in front", "5h 5d 5c 5s Kh Kd Kc", "KK", 3),
    ("quad aces: always split", "Ah Ad Ac As Kh Qd 2c", "AA", 4),
    ("quads J-K with an ace to play in front: together", "Kh Kd Kc Ks Ah 3d 2c", "A3", 5),
    ("quads J-K without an ace: split", "Kh Kd Kc Ks Qh 3d 2c", "KK", 5),
    ("quads 7-10 with a king: together", "9h 9d 9c 9s Kh 3d 2c", "K3", 6),
    ("quads 7-10 with a queen only: split", "9h 9d 9c 9s Qh 3d 2c", "99", 6),
    ("quads 2-6: always together", "6h 6d 6c 6s Ah Kd 2c", "AK", 7),
    ("three of a kind twice: the highest pair in front", "Kh Kd Kc 7h 7d 7c 2s", "KK", 8),
    ("full house, pair of twos with an ace and a king: A-K in front", "Qh Qd Qc 2h 2d Ac Ks",
     "AK", 9),
    ("full house, pair of twos with an ace and no king: split", "Qh Qd Qc 2h 2d Ac Js", "22",
     10),
    ("full house with two pairs: the highest pair in front", "Qh Qd Qc 8h 8d 5c 5s", "88", 10),
    ("three pair: the highest pair in front", "Ah Ad 8c 8s 5h 5d 2c", "AA", 11),
    ("two pair, aces and any other pair: split, even with a king", "Ah Ad 4c 4s Kh 9d 2c",
     "44", 12),
    ("two pair, medium and high: split, even with an ace", "Kh Kd 8c 8s Ah 3d 2c", "88", 13),
    ("two pair, low and high with an ace: both in back", "Kh Kd 4c 4s Ah 9d 2c", "A9", 14),
    ("two pair, low and high without an ace: split", "Kh Kd 4c 4s Qh 9d 2c", "44", 14),
    ("two pair, medium and medium with an ace: both in back", "Th Td 8c 8s Ah 3d 2c", "A3",
     15),
    ("two pair, medium and medium, a king only: split", "Th Td 8c 8s Kh 3d 2c", "88", 15),
    ("two pair, low and medium with a king: both in back", "Th Td 4c 4s Kh 9d 2c", "K9", 16),
    ("two pair, low and medium, a queen only: split", "Th Td 4c 4s Qh 9d 2c", "44", 16),
    ("two pair, low and low with a king: both in back", "6h 6d 3c 3s Kh 9d 2c", "K9", 16),
    ("straight with three of a kind: pair in front", "7h 7d 7c 8s 9h Td Jc", "77", 17),
    ("three aces: pair of aces in back, one ace in front", "Ah Ad Ac Ks 9h 5d 2c", "AK", 18),
    ("three of a kind: always in back", "Kh Kd Kc Qs 9h 5d 2c", "Q9", 19),
    ("straight, no pair: the highest two cards in front", "2h 3d 4c 5s 6h 9d Kc", "K9", 20),
    ("straight with one pair it does not need: pair in front", "8h 8d 9c Ts Jh Qd Kc", "88",
     20),
    ("straight that needs a card of the pair: straight in back", "8h 8d 9c Ts Jh Qd 2c", "82",
     20),
    ("one pair: pair in back, next two highest in front", "8h 8d Ac Js 6h 4d 2c", "AJ", 21),
    ("no pair: next two highest in front", "Ah Qd 9c 7s 5h 3d 2c", "Q9", 22),
]
# ------------------------------------------------------------------ Bally's Atlantic City
BALLYS = [
    ("five aces with a pair of kings: kings low", "As Ah Ad Ac Jk Kd Kc", "KK", 1),
    ("five aces: split, two aces low", "As Ah Ad Ac Jk 9d 2c", "AA", 2),
    ("four aces plus a pair of kings: kings low", "Ah Ad Ac As Kh Kd 2c", "KK", 3),
    ("four aces with a pair of queens: split", "Ah Ad Ac As Qh Qd 2c", "AA", 4),
    ("four aces: always split", "Ah Ad Ac As Kh 9d 2c", "AA", 4),
    ("quads + pair: the pair low", "Jh Jd Jc Js 5h 5d 2c", "55", 5),
    ("quads + trips: a pair from the trips low", "5h 5d 5c 5s Kh Kd Kc", "KK", 5),
    ("quads 2s-9s: never split", "9h 9d 9c 9s Qh 3d 2c", "Q3", 6),
    ("quads 10s-Ks with an ace to play low: kept", "Kh Kd Kc Ks Ah 3d 2c", "A3", 7),
    ("quads 10s-Ks without an ace: split", "Th Td Tc Ts Kh 3d 2c", "TT", 7),
    ("two three-of-a-kinds: a pair from the highest low", "Kh Kd Kc 7h 7d 7c 2s", "KK", 8),
    ("full house, 2s with an ace and king: A-K low", "Qh Qd Qc 2h 2d Ac Ks", "AK", 9),
    ("full house with two pairs: the highest pair low", "Qh Qd Qc 8h 8d 5c 5s", "88", 10),
    ("full house, 2s with an ace but no king: split", "Qh Qd Qc 2h 2d Ac Js", "22", 10),
    ("three pairs: the highest pair low", "Ah Ad 8c 8s 5h 5d 2c", "AA", 11),
    ("two pair, aces + any other pair: split", "Ah Ad 4c 4s Kh 9d 2c", "44", 12),
    ("two pair, mid + high: split even with an ace", "Kh Kd 8c 8s Ah 3d 2c", "88", 13),
    ("two pair, low + high with an ace: kept", "Kh Kd 4c 4s Ah 9d 2c", "A9", 14),
    ("two pair, low + high without an ace: split", "Kh Kd 4c 4s Qh 9d 2c", "44", 14),
    ("two pair, mid + mid with an ace: kept", "Th Td 8c 8s Ah 3d 2c", "A3", 15),
    ("two pair, mid + mid with a king only: split", "Th Td 8c 8s Kh 3d 2c", "88", 15),
    ("two pair, low + mid with a king: kept", "Th Td 4c 4s Kh 9d 2c", "K9", 16),
    ("two pair, low + low with a queen only: split", "6h 6d 3c 3s Qh 9d 2c", "33", 16),
    ("trips with a straight: the pair low", "7h 7d 7c 8s 9h Td Jc", "77", 17),
    ("three aces: a pair of aces high, one ace low", "Ah Ad Ac Ks 9h 5d 2c", "AK", 18),
    ("three of a kind: always high", "Kh Kd Kc Qs 9h 5d 2c", "Q9", 19),
    ("ace-high straight with the joker: a pair of aces high", "Ah Jk Kd Qc Js 5c 3d", "KQ",
     20),
    # the joker beside K-Q-J-T is read as the ace (the best reading): still ace-high only
    ("ace and joker with K-Q-J-T: every straight is to the ace", "Ah Jk Kd Qc Js Tc 3d",
     "KQ", 20),
    ("ace and joker with a lower straight: the straight, the aces low",
     "Ah Jk Kd Qc Js Tc 9d", "AA", 21),
    ("straight, no pair: the highest two cards low", "2h 3d 4c 5s 6h 9d Kc", "K9", 21),
    ("straight and a pair it does not need: the pair low", "8h 8d 9c Ts Jh Qd Kc", "88", 21),
    ("one pair: pair high, the two highest low", "8h 8d Ac Js 6h 4d 2c", "AJ", 22),
    ("no pair: second and third highest low", "Ah Qd 9c 7s 5h 3d 2c", "Q9", 23),
]

# ------------------------------------------------------------------ Golden Nugget
GOLDEN_NUGGET = [
    ("five aces with a pair of kings: kings in front", "As Ah Ad Ac Jk Kd Kc", "KK", 1),
    ("five aces: split", "As Ah Ad Ac Jk 9d 2c", "AA", 2),
    ("quads 2-6: always together", "6h 6d 6c 6s Ah Kd 2c", "AK", 3),
    ("quads 7-10 with an ace: together", "9h 9d 9c 9s Ah 3d 2c", "A3", 4),
    ("quads 7-10 with a king only: split", "9h 9d 9c 9s Kh 3d 2c", "99", 4),
    ("quads 7-10 with a pair (better than an ace): together", "9h 9d 9c 9s 5h 5d 2c",
     "55", 4),
    ("quads J-K with a pair of 10s: together", "Kh Kd Kc Ks Th Td 2c", "TT", 5),
    ("quads J-K with a pair of 9s: split", "Kh Kd Kc Ks 9h 9d 2c", "KK", 5),
    ("quad aces with a pair of 7s: together", "Ah Ad Ac As 7h 7d 2c", "77", 6),
    ("quad aces with a pair of 6s: split", "Ah Ad Ac As 6h 6d 2c", "AA", 6),
    ("three of a kind twice: highest pair in front", "Kh Kd Kc 7h 7d 7c 2s", "KK", 7),
    ("full house, 2s with an ace and a king: A-K in front", "Qh Qd Qc 2h 2d Ac Ks", "AK", 8),
    ("full house, 2s with an ace only: split", "Qh Qd Qc 2h 2d Ac Js", "22", 9),
    ("trips and two pairs: the highest pair in front", "Qh Qd Qc 8h 8d 5c 5s", "88", 9),
    ("three pair: highest pair in front", "Ah Ad 8c 8s 5h 5d 2c", "AA", 10),
    ("two pair with a straight, no exception: the straight in back", "9h 9d Tc Ts Jh Qd Kc",
     "T9", 11),
    ("two pair, aces and any other pair: split", "Ah Ad 4c 4s Kh 9d 2c", "44", 12),
    ("two pair, jacks and 6s with an ace: split", "Jh Jd 6c 6s Ah 3d 2c", "66", 13),
    ("two pair, 7s or greater and no ace: split", "Th Td 5c 5s Kh 3d 2c", "55", 14),
    ("two pair, 10s and 5s with an ace: in back", "Th Td 5c 5s Ah 3d 2c", "A3", 15),
    ("two pair, 6s and 3s: in back", "6h 6d 3c 3s Qh 9d 2c", "Q9", 15),
    ("trips with a straight: a pair in front", "7h 7d 7c 8s 9h Td Jc", "77", 16),
    ("three aces: broken up", "Ah Ad Ac Ks 9h 5d 2c", "AK", 17),
    ("three kings: in back", "Kh Kd Kc Qs 9h 5d 2c", "Q9", 18),
    ("royal flush broken for a straight flush behind an ace-high front", "Ah Kh Qh Jh Th 9h 2c",
     "A2", 19),
    ("royal flush with no king-high front possible: in back", "Ah Kh Qh Jh Th 3c 2c", "32",
     20),
    ("straight flush with a jack-high front: the highest front", "Jh 8h 7h 6h 5h 4h 2c", "J2",
     21),
    ("straight flush, no jack-high front: in back", "9h 8h 7h 6h 5h Ts 2c", "T2", 22),
    ("straight: in back, highest front", "2h 3d 4c 5s 6h 9d Kc", "K9", 23),
    ("straight with a pair it does not need: pair in front", "8h 8d 9c Ts Jh Qd Kc", "88", 23),
    ("one pair: next two highest in front", "8h 8d Ac Js 6h 4d 2c", "AJ", 24),
    ("no pair: next two in front", "Ah Qd 9c 7s 5h 3d 2c", "Q9", 25),
]

# ------------------------------------------------------------------ Flamingo Hilton
FLAMINGO_HILTON = [
    ("five aces with a pair of kings: kings in front", "As Ah Ad Ac Jk Kd Kc", "KK", 1),
    ("five aces: split", "As Ah Ad Ac Jk 9d 2c", "AA", 2),
    ("quads 2-6: always together", "6h 6d 6c 6s Ah Kd 2c", "AK", 3),
    ("quads 7-10 with an ace and a face card: together", "9h 9d 9c 9s Ah Jd 2c", "AJ", 4),
    ("quads 7-10 with an ace and a ten: split", "9h 9d 9c 9s Ah Td 2c", "99", 4),
    ("quads 7-10 with a pair: together", "9h 9d 9c 9s 5h 5d 2c", "55", 4),
    ("quads J-K with a pair of 10s: together", "Kh Kd Kc Ks Th Td 2c", "TT", 5),
    ("quads J-K with an ace only: split", "Kh Kd Kc Ks Ah 3d 2c", "KK", 5),
    ("quad aces with a pair of 7s: together", "Ah Ad Ac As 7h 7d 2c", "77", 6),
    ("quad aces with a pair of 6s: split", "Ah Ad Ac As 6h 6d 2c", "AA", 6),
    ("two trips: higher pair in front", "Kh Kd Kc 7h 7d 7c 2s", "KK", 7),
    ("full house, 2s with an ace and a king: A-K in front", "Qh Qd Qc 2h 2d Ac Ks", "AK", 8),
    ("trips and two pairs: highest pair in front", "Qh Qd Qc 8h 8d 5c 5s", "88", 9),
    ("three pair: highest pair in front", "Ah Ad 8c 8s 5h 5d 2c", "AA", 10),
    ("two pair with a straight, no exception: the straight in back", "9h 9d Tc Ts Jh Qd Kc",
     "T9", 11),
    ("two pair, both 6s or less: not split", "6h 6d 3c 3s Qh 9d 2c", "Q9", 12),
    ("two pair, both 10s or less with an ace: not split", "Th Td 5c 5s Ah 3d 2c", "A3", 13),
    ("two pair, face cards and 5s or less with an ace: not split", "Kh Kd 4c 4s Ah 9d 2c",
     "A9", 14),
    ("two pair, 10s and 5s without an ace: split", "Th Td 5c 5s Kh 3d 2c", "55", 15),
    ("two pair, kings and 8s with an ace: split", "Kh Kd 8c 8s Ah 3d 2c", "88", 15),
    ("trips with a straight: a pair in front", "7h 7d 7c 8s 9h Td Jc", "77", 16),
    ("three aces: broken up", "Ah Ad Ac Ks 9h 5d 2c", "AK", 17),
    ("three kings: in back", "Kh Kd Kc Qs 9h 5d 2c", "Q9", 18),
    ("royal broken: a straight flush behind an ace-high front", "Ah Kh Qh Jh Th 9h 2c", "A2",
     19),
    ("royal flush, no king-high front possible: in back", "Ah Kh Qh Jh Th 3c 2c", "32", 20),
    ("straight flush with an ace and a face card to play in front", "9h 8h 7h 6h 5h Ac Jd",
     "AJ", 21),
    ("straight flush, no ace-face front: in back", "9h 8h 7h 6h 5h Ts 2c", "T2", 22),
    ("a straight and a flush: the straight, for a king-high front", "Ah Kh 9h 5h 2h 3c 4d",
     "K9", 23),
    ("a straight and a flush, no king-high front: the flush in back", "Qh 9h 6h 5h 2h 3c 4d",
     "43", 24),
    ("straight: in the high hand", "2h 3d 4c 5s 6h 9d Kc", "K9", 25),
    ("straight with a pair it does not need: pair in front", "8h 8d 9c Ts Jh Qd Kc", "88", 25),
    ("one pair: two highest singletons in front", "8h 8d Ac Js 6h 4d 2c", "AJ", 26),
    ("no pair: second and third highest in front", "Ah Qd 9c 7s 5h 3d 2c", "Q9", 27),
]
VECTORS = {"foxwoods": FOXWOODS, "trump-plaza": TRUMP_PLAZA, "ballys-atlantic-city": BALLYS,
           "golden-nugget": GOLDEN_NUGGET, "flamingo-hilton": FLAMINGO_HILTON}


def ranks_of(cards):
    return "".join(sorted(("A" if c == 52 else "23456789TJQKA"[c >> 2] for c in cards),
                          key="23456789TJQKA".index, reverse=True))


CASES = [(name, *v) for name, vectors in VECTORS.items() for v in vectors]


@pytest.mark.parametrize("house_way,rule,cards,front,row", CASES,
                         ids=[f"{c[0]}: {c[1]}" for c in CASES])
def test_house_way_rule(house_way, rule, cards, front, row):
    s = houseway.set_hand(parse_cards(cards, count=7), houseway.load(house_way))
    assert (ranks_of(s.front), s.row) == (front, row)


@pytest.mark.parametrize("house_way", VECTORS)
def test_every_row_has_a_hand_worked_vector(house_way):
    rows = {row for *_x, row in VECTORS[house_way]}
    assert rows == {r.label for r in houseway.load(house_way).rows}


def test_hand_names_the_row_of_a_house_way_file(capsys):
    assert main(["hand", "Th Td 5c 5s Ah 3d 2c", "--house-way", "foxwoods"]) == 0
    out = capsys.readouterr().out
    assert "row        10 (two pair, big pair 10, 9, 8 or 7" in out
    assert "Ah" in out.splitlines()[1] and "3d" in out.splitlines()[1]


# ------------------------------------------------------------------ bad files
BAD = [
    ("name = 'x'\n[[rows]]\nname = 'a'\nhand = 'two-pairs'\nfront = 'highest'\n",
     "line 4: unknown hand 'two-pairs'"),
    ("[[rows]]\nname = 'a'\nhand = 'two-pair'\nwhen = 'top_single == Z'\nfront = 'highest'\n",
     "line 4: when: unknown name 'Z'"),
    ("[[rows]]\nname = 'a'\nhand = 'two-pair'\nwhen = '__import__(\"os\")'\nfront = 'highest'\n",
     "line 4: when:"),
    ("[[rows]]\nname = 'a'\nhand = 'two-pair'\nwhen = 'pairs < 3'\nfront = 'highest'\n",
     "line 4: when: 'pairs < 3': pairs and singles are lists"),
    ("[[rows]]\nname = 'a'\nhand = 'two-pair'\nfront = 'split'\n", "line 4: front 'split'"),
    ("[[rows]]\nname = 'a'\nhand = 'two-pair'\npair = '9-Z'\nfront = 'highest'\n",
     "line 4: bad rank band '9-Z'"),
    ("[[rows]]\nname = 'a'\nhand = 'two-pair'\nfront = ['A']\n", "line 4: front is two"),
    ("[[rows]]\nname = 'a'\nhand = 'two-pair'\nfront = 'highest'\nplay = 'x'\n",
     "line 5: unknown key 'play'"),
    ("[[rows]]\nname = 'a'\nhand = 'two-pair'\nfront = 'highest'\n[readings]\njoker = 'wild'\n",
     "reading joker = 'wild'"),
    ("[[rows]]\nname = 'a'\nhand = 'two-pair'\nfront = 'highest'\nfront_at_least = 'AZ'\n",
     "line 5: front_at_least 'Z' is not a rank"),
    ("[[rows]\nname = 'a'\n", "line 1: not valid TOML"),
    ("name = 'x'\n", "no rows"),
]


@pytest.mark.parametrize("text,message", BAD, ids=[m for _t, m in BAD])
def test_a_bad_house_way_file_is_one_line_naming_file_and_line(text, message, tmp_path,
                                                               capsys):
    path = tmp_path / "way.toml"
    path.write_text(text)
    assert main(["hand", "Th Td 5c 5s Ah 3d 2c", "--house-way", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert f"{path}: " in err and message in err, err


def test_a_hand_no_row_covers_is_one_line(tmp_path, capsys):
    path = tmp_path / "way.toml"
    path.write_text("[[rows]]\nname = 'no pair'\nhand = 'no-pair'\nfront = 'highest'\n")
    assert main(["hand", "Th Td 5c 5s Ah 3d 2c", "--house-way", str(path)]) == 2
    assert "no row of way sets a hand of type two-pair" in capsys.readouterr().err


# ------------------------------------------------------------------ the whole game by a file
@pytest.mark.compiled  # 480,700 hands: minutes on the pure-Python twin
def test_run_and_check_with_a_shipped_house_way_file(tmp_path, capsys):
    out = tmp_path / "fox.json"
    assert main(["run", "--rules", "casino-standard", "--house-way", "foxwoods",
                 "--deck-ranks", "9TJQKA", "--no-progress", "--out", str(out)]) == 0
    assert "House way rows (foxwoods)" in capsys.readouterr().out
    cert = json.loads(out.read_text())
    assert cert["rules"]["house_way"]["value"] == "foxwoods"
    # the file's readings go into the certificate, beside the rule readings
    assert cert["rules"]["house_way if_you_can"]["value"] == "else-then-next-row"
    assert any(k.startswith("house_way note: ") for k in cert["rules"])
    rows = cert["counts"]["house_way_rows"]
    assert set(rows) == {str(i) for i in range(1, len(houseway.load("foxwoods").rows) + 1)}
    assert sum(rows.values()) == math.comb(25, 7)
    assert main(["check", str(out), "--recompute", "--no-progress"]) == 0
    capsys.readouterr()
    # a certificate of Foxwoods does not pass for one of Mike's house way
    cert["rules"]["house_way"]["value"] = "mikes"
    from verifier import certificate
    certificate.seal(cert)
    assert certificate.check(cert)


PARTIAL = ("[[rows]]\nname = 'no pair'\nhand = 'no-pair'\n"
           "front = ['second_single', 'third_single']\n")
GREEDY = """[[rows]]
name = "every hand: the highest front"
hand = ["any-quads", "five-aces", "two-trips", "any-full-house", "three-pair", "two-pair",
        "trips", "one-pair", "no-pair"]
front = "highest"
"""


@pytest.mark.compiled  # 480,700 hands: minutes on the pure-Python twin
def test_run_refuses_a_house_way_that_fouls_naming_a_hand(tmp_path, capsys):
    path = tmp_path / "greedy.toml"
    path.write_text(GREEDY)
    assert main(["run", "--house-way", str(path), "--deck-ranks", "9TJQKA",
                 "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "as a foul" in err
    # the first foul in deck order, worked by hand: the highest front is the pair of 9s,
    # which leaves 9-T-J-Q-A behind, ace high: the front is above the back
    assert "e.g. 9c 9d 9h Tc Jc Qc Ad" in err


@pytest.mark.compiled  # 480,700 hands: minutes on the pure-Python twin
def test_run_refuses_a_house_way_that_leaves_hands_uncovered(tmp_path, capsys):
    path = tmp_path / "partial.toml"
    path.write_text(PARTIAL)
    assert main(["run", "--house-way", str(path), "--deck-ranks", "9TJQKA",
                 "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "covers 480,700 hands by no row, e.g. 9c 9d 9h 9s Tc Td Th" in err


def test_a_rule_set_file_names_a_shipped_house_way(tmp_path, capsys):
    path = tmp_path / "my.toml"
    path.write_text('base = "casino-standard"\nhouse_way = "trump-plaza"\n')
    assert main(["rules", str(path)]) == 0
    assert "changed: house_way = trump-plaza" in capsys.readouterr().out
    assert main(["hand", "Kh Kd 4c 4s Ah 9d 2c", "--rules", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["front"], out["house_way"], out["row"]) == ("9d Ah", "trump-plaza", 14)


# ------------------------------------------------------------------ house-ways check
@pytest.mark.compiled  # 480,700 hands: minutes on the pure-Python twin
def test_house_ways_check_reports_rows_uncovered_hands_and_fouls(tmp_path, capsys):
    assert main(["house-ways", "check", "foxwoods", "--deck-ranks", "9TJQKA",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "hands no row covers: 0\nhands set as a foul: 0\n" in out
    # with only 9s to aces there are no quads of 6s or less, no big pair of 6-3, and every
    # hand of seven cards from five ranks holds a pair: rows 6, 12, 18 and 19 never fire
    assert "rows that never fire: 4 (6, 12, 18, 19)" in out
    greedy = tmp_path / "greedy.toml"
    greedy.write_text(GREEDY)
    assert main(["house-ways", "check", str(greedy), "--deck-ranks", "9TJQKA",
                 "--no-progress"]) == 1
    assert "hands set as a foul: 285,680 (the first: 9c 9d 9h Tc Jc Qc Ad)" in \
        capsys.readouterr().out
    partial = tmp_path / "partial.toml"
    partial.write_text(PARTIAL)
    assert main(["house-ways", "check", str(partial), "--deck-ranks", "9TJQKA",
                 "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert "hands no row covers: 480,700 (the first: 9c 9d 9h 9s Tc Td Th)" in out
    assert "hands set as a foul: 0" in out        # an uncovered hand is not a set at all


@pytest.mark.full
@pytest.mark.parametrize("name", houseway.names())
def test_every_shipped_house_way_covers_every_hand_without_a_foul(name, capsys):
    assert main(["house-ways", "check", name, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "all 154,143,080 hands" in out
    assert "hands no row covers: 0\nhands set as a foul: 0\n" in out
    assert "rows that never fire: 0" in out
    per_row = {int(line.split()[0]): int(line.split()[3].replace(",", ""))
               for line in out.split("hands per row:\n")[1].splitlines()}
    if name != "mikes":
        # five aces (four aces and the joker) with a pair of kings: C(4,2) = 6 hands; five
        # aces with any other two cards: C(48,2) - 6 = 1,122
        assert (per_row[1], per_row[2]) == (6, 1122)


# ------------------------------------------------------------------ the house way's tables
@pytest.mark.slow
@pytest.mark.parametrize("house_way", ["mikes", "foxwoods"])
def test_front_and_back_hand_tables_equal_a_hand_by_hand_tally(house_way, capsys):
    """front_hands and back_hands (from the enumeration's key histogram) against every hand
    of a small deck set one by one by the pure-Python reference and tallied from its cards."""
    from itertools import combinations
    from verifier.game.cards import deck_of_ranks
    from verifier.engine.reference import core as reference
    from verifier.game.evaluate import eval5
    from verifier.engine import house_way_number
    deck = deck_of_ranks("TKA")
    rank = "23456789TJQKA"
    classes = ["high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
               "full_house", "four_of_a_kind", "straight_flush", "five_aces"]
    if house_way != "mikes":
        way = houseway.load(house_way)
        reference.define_house_way(house_way_number(house_way), way, len(way.rows))
    fronts, backs = {}, {}
    for hand in combinations(deck, 7):
        front, back, _fk, _bk, _row = reference.set_hand(hand, False,
                                                         house_way_number(house_way))
        ranks = sorted((12 if c == 52 else c >> 2 for c in front), reverse=True)
        name = rank[ranks[0]] + rank[ranks[1]]
        fronts[name] = fronts.get(name, 0) + 1
        cls = classes[eval5(list(back)) >> 20]
        backs[cls] = backs.get(cls, 0) + 1
    assert main(["run", "--house-way", house_way, "--deck-ranks", "TKA", "--no-progress",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {k: v for k, v in out["front_hands"].items() if v} == fronts
    assert {k: v for k, v in out["back_hands"].items() if v} == backs
    assert sum(out["front_hands"].values()) == math.comb(13, 7)


# ------------------------------------------------------------------ house-ways compare
def test_house_ways_compare(capsys):
    assert main(["house-ways", "compare", "mikes", str(houseway.shipped_path("mikes")),
                 "foxwoods", "--deck-ranks", "JQKA", "--no-progress", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    built_in, file, fox = out["house_ways"]
    # the file of Mike's house way plays exactly as the built-in: same hands, same game
    assert file["set_differently_from_first"] == 0 and file["counts"] == built_in["counts"]
    for hw in out["house_ways"]:
        c = hw["counts"]
        # ordered pairs of hands dealt from the 17 cards: C(17,7) * C(10,7)
        assert c["win"] + c["push"] + c["loss"] == c["total"] == math.comb(17, 7) * 120
        assert Fraction(hw["return_5pct_commission"]["exact"]) == \
            (Fraction(95, 100) * c["win"] - c["loss"]) / c["total"]
    # five aces with a pair of kings: Foxwoods plays the kings in front, Mike's the aces:
    # C(4,2) = 6 hands of this deck, and no other five-aces hand differs
    assert fox["set_differently_by_hand_type"]["five-aces"] == 6
    assert fox["set_differently_from_first"] == sum(fox["set_differently_by_hand_type"].values())
    # the table a person reads names each hand type; the JSON keeps the file's words
    assert main(["house-ways", "compare", "mikes", "foxwoods", "--deck-ranks", "JQKA",
                 "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert re.search(r"^Five aces +6$", text, re.M)
    assert not re.search(r"^(five-aces|quads-pair|no-pair) ", text, re.M)


def test_settle_plays_the_round_by_another_house_way(capsys):
    """examples/round.json, seat 1: Kd 2s Qs Ac Jh Kh Td (a straight to the ace beside a
    pair of kings). Mike's row 9: the highest front that keeps the straight behind, K-2.
    Foxwoods' exception: the ace in front with the next card, the kings behind, A-Q."""
    round_file = str(Path(__file__).resolve().parent.parent / "examples" / "round.json")
    assert main(["settle", round_file]) == 0
    seat = [l for l in capsys.readouterr().out.splitlines() if "seat 1 (player):" in l][0]
    assert "front 2s Kd (K-2 high)" in seat
    assert main(["settle", round_file, "--house-way", "foxwoods"]) == 0
    seat = [l for l in capsys.readouterr().out.splitlines() if "seat 1 (player):" in l][0]
    assert "front Qs Ac (A-Q high)" in seat and "back 2s Td Jh Kd Kh (one pair, Ks)" in seat


def test_a_house_way_file_is_read_and_registered_once_per_command(engine, tmp_path,
                                                                   monkeypatch, capsys):
    """Every engine call of a command works from the rules' house way (the enumeration, the
    check of the file, the certificate's sections): the file's text is parsed once, where
    the rules are made (``Rules.way``: no layer asks for it by name again), and its
    program registered with the engine once."""
    from verifier.engine import registry
    from verifier.houseway import fileformat
    registered = []

    class Recording(set):
        def add(self, item):
            registered.append(item)
            super().add(item)
    monkeypatch.setattr(registry, "_DEFINED", Recording())
    fileformat.loads.cache_clear()
    way = tmp_path / "way.toml"
    way.write_text(fileformat.shipped_path("foxwoods").read_text())
    assert main(["run", "--rules", "casino-standard", "--house-way", str(way), "--deck-ranks",
                 "QKA", "--no-progress", "--no-base-game",
                 "--out", str(tmp_path / "c.json")]) == 0
    capsys.readouterr()
    assert fileformat.loads.cache_info().misses == 1
    assert fileformat.loads.cache_info().hits == 0
    assert len(registered) == 1
