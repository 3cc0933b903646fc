"""``house-ways compare``'s hands set differently (issue 40): two settings of a hand differ
when their front keys or their back keys differ (the play of the hand, not which of two
cards of one rank goes in front). On a deck made of whole ranks (the full deck among
them) the compiled core counts them by the enumeration's classes
(cext/compare_classes.h); on any other deck, or with ``visit=True``, or for a house way
that sets a hand by the order of its suits, it visits every hand. Held here against that
visit and against a plain count over ``set_hands``."""
from __future__ import annotations

from itertools import combinations

import pytest

from verifier import houseway
from verifier.engine import backend, house_way_file_number
from verifier.game.cards import JOKER, deck_of_ranks, full_deck
from verifier.houseway.interpret import HAND_TYPES, hand_type

pytestmark = pytest.mark.compiled


def core():
    if backend.PURE_PYTHON:
        pytest.skip("the compiled core's classes")
    return backend.module("_core")


def number(name: str) -> int:
    return house_way_file_number(houseway.load(name))


def plainly(deck, wheel_second, a, b):
    """(hands, set differently, by hand type) counted hand by hand in Python over the
    engine's ``set_hands``, keys compared."""
    hands = [list(h) for h in combinations(sorted(deck), 7)]
    sa = core().set_hands(hands, wheel_second, a)
    sb = core().set_hands(hands, wheel_second, b)
    types = dict.fromkeys(HAND_TYPES, 0)
    for cards, x, y in zip(hands, sa, sb):
        if (x[2], x[3]) != (y[2], y[3]):
            types[hand_type(cards)] += 1
    return len(hands), sum(types.values()), [types[t] for t in HAND_TYPES]


def set_differently(cards, wheel_second, a, b) -> bool:
    (x,), (y,) = (core().set_hands([cards], wheel_second, n) for n in (a, b))
    return (x[2], x[3]) != (y[2], y[3])


@pytest.mark.parametrize("ranks,joker,wheel_second", [
    ("9TJQKA", True, False), ("789TJQ", True, True), ("2345A", True, True),
    ("TJQKA6", False, False)])
@pytest.mark.parametrize("other", ["emperors", "foxwoods", "golden-nugget"])
def test_the_classes_count_as_the_visit_of_every_hand(ranks, joker, wheel_second, other):
    """A deck of whole ranks, with the joker or without: the count by classes gives the
    hands, the hands set differently and their types of the visit of every hand; its
    example is a hand the two set differently."""
    deck = deck_of_ranks(ranks, joker=joker)
    a, b = number("mikes"), number(other)
    counted = core().compare_house_ways(deck, wheel_second, a, b, None, 2, by_type=True)
    visited = core().compare_house_ways(deck, wheel_second, a, b, None, 2, by_type=True,
                                        visit=True)
    assert (counted[0], counted[1], counted[3]) == (visited[0], visited[1], visited[3])
    assert (counted[2] is None) == (counted[1] == 0)
    for example in (counted[2], visited[2]):
        assert example is None or set_differently(example, wheel_second, a, b)


@pytest.mark.slow
@pytest.mark.parametrize("ranks,other", [("TJQKA", "emperors"), ("789TJ", "foxwoods"),
                                         ("2345A", "golden-nugget")])
def test_the_count_is_a_plain_count_of_the_keys(ranks, other):
    """Both routes against a count in Python over every hand's two settings, and a deck
    that is not whole ranks (a card short) visited hand by hand."""
    a, b = number("mikes"), number(other)
    for deck in (deck_of_ranks(ranks), deck_of_ranks(ranks)[1:]):
        for visit in (False, True):
            hands, differ, _first, by_type = core().compare_house_ways(
                deck, False, a, b, None, 1, by_type=True, visit=visit)
            assert (hands, differ, by_type) == plainly(deck, False, a, b)


@pytest.mark.slow
def test_a_house_way_set_by_the_order_of_its_suits_is_visited_and_compared_by_keys(
        tmp_path):
    """``highest_front = "card-by-card"`` sets a hand by the order of its suits: the
    classes do not hold for it, so the comparison visits every hand, as asked or not.
    Against the shipped Trump Plaza it mostly puts another card of the same rank in front
    (9c Tc Td Jc Qc Kd Ac: Td-Ac for Tc-Ac, the same straight behind): the same play, not
    set differently (the definition before issue 40 counted the front cards: 24,408)."""
    text = houseway.shipped_path("trump-plaza").read_text()
    path = tmp_path / "by-suits.toml"
    path.write_text(text.replace('highest_front = "highest-hand"',
                                 'highest_front = "card-by-card"'))
    a, b = number("trump-plaza"), house_way_file_number(houseway.load(str(path)))
    deck = deck_of_ranks("9TJQKA")
    plain = core().compare_house_ways(deck, False, a, b, None, 2, by_type=True)
    assert plain == core().compare_house_ways(deck, False, a, b, None, 2, by_type=True,
                                              visit=True)
    assert plain[:2] == plainly(deck, False, a, b)[:2] == (480_700, 72)
    hands = [list(h) for h in combinations(deck, 7)]
    fronts = zip(core().set_hands(hands, False, a), core().set_hands(hands, False, b))
    assert sum(x[0] != y[0] for x, y in fronts) == 24_408
    cards = [4 * 7, 4 * 8, 4 * 8 + 1, 4 * 9, 4 * 10, 4 * 11 + 1, 4 * 12]   # 9c Tc Td Jc ...
    (x,), (y,) = (core().set_hands([cards], False, n) for n in (a, b))
    assert x[0] != y[0] and not set_differently(cards, False, a, b)


@pytest.mark.parametrize("name,built_in", [("mikes", 0), ("emperors", 1)])
def test_the_files_set_the_full_deck_as_the_built_in_house_ways_by_classes(name, built_in):
    """The shipped files of the built-in house ways set every hand of the 53-card deck
    as the compiled-in ones, keys and chart rows (by classes, a fraction of a second; the
    classes are held to the visit of every hand below, once, in the full suite); a wrong
    row map differs on every hand."""
    hw = houseway.load(name)
    rows = [0] + [r.label for r in hw.rows]
    file = house_way_file_number(hw)
    assert core().compare_house_ways(full_deck(), False, built_in, file, rows, 2) == \
        (154_143_080, 0, None)
    assert core().compare_house_ways(full_deck(), False, built_in, file,
                                     [0] * len(rows), 2)[1] == 154_143_080


@pytest.mark.full
def test_the_full_deck_by_classes_is_the_visit_of_every_hand():
    """mikes against emperors on the 53-card deck: the classes against the visit of all
    154,143,080 hands (about 70 CPU-seconds: the two house ways set each hand from one
    computation of its splits' keys, set_by_both)."""
    a, b = number("mikes"), number("emperors")
    counted = core().compare_house_ways(full_deck(), False, a, b, None, 2, by_type=True)
    visited = core().compare_house_ways(full_deck(), False, a, b, None, 2, by_type=True,
                                        visit=True)
    assert (counted[0], counted[1], counted[3]) == (visited[0], visited[1], visited[3])
    assert counted[:2] == (154_143_080, 10_411_622)
    assert JOKER in full_deck()
