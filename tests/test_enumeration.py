"""The enumeration job: every hand visited once, counts that match published tables.

Expected numbers come from outside the program: B. Alspach's exact counts of 7-card
hands with a joker (best five-card class), closed forms derived in the comments, and a
second algorithm (the memo-free direct classification, and the pure-Python engine).
"""
import math

import pytest

from verifier.game.cards import deck_of_ranks, JOKER
from verifier.engine.enumeration import enumerate_hands
from verifier.rules.readings import Rules

# B. Alspach, "7-card poker hands with a joker": hands whose best five cards are each class.
ALSPACH_BEST_FIVE = {
    "five_aces": 1_128, "straight_flush": 210_964, "four_of_a_kind": 307_472,
    "full_house": 4_188_528, "flush": 6_172_088, "straight": 11_236_028,
    "three_of_a_kind": 7_470_676, "two_pair": 35_553_816, "one_pair": 64_221_960,
    "high_card": 24_780_420,
}

# A small deck: two suits of seven ranks plus the joker, C(15,7) = 6,435 hands.
SMALL_DECK = sorted([r * 4 + s for r in (0, 1, 2, 3, 9, 10, 12) for s in (0, 3)] + [JOKER])


def category_total(result, name, reading="seven-card"):
    from verifier.game.categories import CATEGORY_BIT
    bit = 1 << CATEGORY_BIT[name]
    return sum(n for mask, n in result.outlaw9_masks[reading].items() if mask & bit)


def test_a_reduced_deck_visits_every_hand_once():
    result = enumerate_hands(deck=SMALL_DECK, threads=2)
    assert result.total_hands == math.comb(15, 7)
    assert sum(result.best_five.values()) == math.comb(15, 7)
    assert sum(result.house_way_rows.values()) == math.comb(15, 7)
    assert sum(result.key_histogram.values()) == math.comb(15, 7)
    for reading in ("seven-card", "house-way"):
        assert sum(result.outlaw9_masks[reading].values()) == math.comb(15, 7)
    assert result.fouls == 0


@pytest.mark.compiled
@pytest.mark.parametrize("wheel", ["lowest", pytest.param("second", marks=pytest.mark.slow)])
def test_the_compiled_and_pure_python_engines_count_a_reduced_deck_identically(wheel):
    from verifier.engine import _core
    from verifier.engine.reference import core as reference
    deck = deck_of_ranks("A2345", joker=True)[:13] + [JOKER]   # 13 cards: C(13,7) = 1,716
    want = reference.enumerate_counts(deck, wheel == "second", 0, 1, None)
    got = _core.enumerate_counts(deck, wheel == "second", 0, 2, None)
    assert got == want


@pytest.mark.slow
@pytest.mark.compiled
def test_the_engines_count_a_deck_of_royals_and_aces_identically():
    """The compiled core counts every hand as the reference does, on T-J-Q-K-A in two
    suits, the third suit's ace and the joker (C(12,7) = 792 hands): natural and joker
    royals beside natural and joker pairs of aces, the best-for-bet lines' hard cases;
    and the jackpot line by hand."""
    from verifier.engine import _core
    from verifier.engine.reference import core as reference
    deck = sorted([r * 4 + s for r in range(8, 13) for s in (0, 1)] + [12 * 4 + 3, JOKER])
    want = reference.enumerate_counts(deck, False, 0, 1, None)
    got = _core.enumerate_counts(deck, False, 0, 2, None)
    assert got == want
    # the jackpot line: a natural royal in one suit and the aces of the other two suits,
    # seven cards, one hand per suit of the royal (two)
    from verifier.game.categories import BEST_FOR_BET_BIT
    jackpot = 1 << BEST_FOR_BET_BIT["natural_royal_flush_plus_natural_pair_of_aces"]
    assert sum(n for m, n in got["sets_best_for_bet"].items() if m & jackpot) == 2


@pytest.mark.compiled
def test_the_result_does_not_depend_on_the_thread_count():
    deck = deck_of_ranks("89TJQKA")
    one = enumerate_hands(deck=deck, threads=1)
    three = enumerate_hands(deck=deck, threads=3)
    assert one.best_five == three.best_five
    assert one.house_way_rows == three.house_way_rows
    assert one.outlaw9_masks == three.outlaw9_masks
    assert one.best_for_bet_masks == three.best_for_bet_masks
    assert one.key_histogram == three.key_histogram


@pytest.mark.full
def test_all_154143080_hands_are_visited_once(full_enumeration):
    assert full_enumeration.total_hands == math.comb(53, 7) == 154_143_080
    assert sum(full_enumeration.house_way_rows.values()) == math.comb(53, 7)
    assert sum(full_enumeration.key_histogram.values()) == math.comb(53, 7)


@pytest.mark.full
def test_best_five_card_classes_match_alspachs_published_counts(full_enumeration):
    assert full_enumeration.best_five == ALSPACH_BEST_FIVE


@pytest.mark.full
def test_no_house_way_set_is_a_foul(full_enumeration):
    assert full_enumeration.fouls == 0


@pytest.mark.full
def test_nine_high_and_ten_high_counts_match_the_closed_forms(full_enumeration):
    # 9-high: seven different ranks from 2..9 including the 9 = all of 2..9 but one rank
    # m of 2..8. With no ace there is no wheel, so the runs 2..m-1 and m+1..9 must both
    # be shorter than five: m is 5 or 6, two rank sets. Suits: 4^7 minus the assignments
    # with five or more of one suit, 4*(C(7,5)*3^2 + C(7,6)*3 + 1) = 844: 15,540 each.
    suits_without_flush = 4 ** 7 - 4 * (math.comb(7, 5) * 9 + math.comb(7, 6) * 3 + 1)
    assert category_total(full_enumeration, "nine_high") == 2 * suits_without_flush == 31_080
    # 10-high: leave out two of 2..9 (the ten is in); of the C(8,2) = 28 rank sets, the
    # ones with no five in a row number 16 (listed by hand: gaps at {a,b} with every run
    # of 2..10 shorter than 5).
    no_run_sets = sum(
        1 for a in range(8) for b in range(a + 1, 8)
        if max(len(run) for run in _runs([r for r in range(9) if r not in (a, b)])) < 5)
    assert no_run_sets == 16
    assert category_total(full_enumeration, "ten_high") == 16 * suits_without_flush == 248_640


def _runs(ranks):
    runs, current = [], [ranks[0]]
    for r in ranks[1:]:
        if r == current[-1] + 1:
            current.append(r)
        else:
            runs.append(current)
            current = [r]
    return runs + [current]


@pytest.mark.full
def test_house_way_rows_that_equal_a_published_class(full_enumeration):
    rows = full_enumeration.house_way_rows
    # Row 1 is every five-aces hand; rows 10 and 11 are the hands whose best five cards
    # are one pair and high card (no complete hand is possible there, or row 9 applies).
    assert rows[1] == ALSPACH_BEST_FIVE["five_aces"]
    assert rows[10] == ALSPACH_BEST_FIVE["one_pair"]
    assert rows[11] == ALSPACH_BEST_FIVE["high_card"]
    # Row 5 (three pairs, no trips): choose the three pair ranks among the 13 (joker
    # counted as an ace) and a fourth single rank ... derived in proofs/; here the
    # identity with the category, which is read independently of the house way.
    assert rows[5] == category_total(full_enumeration, "three_pairs")


@pytest.mark.full
@pytest.mark.slow
def test_the_memo_agrees_with_classifying_every_hand_directly(full_enumeration):
    from verifier.engine import _core
    from verifier.game.cards import full_deck
    direct = _core.enumerate_counts(full_deck(), False, 0, 2, None, direct=True)
    assert direct["total"] == full_enumeration.total_hands
    assert direct["hist_rows"] == full_enumeration.key_rows
    assert direct["hist_sums"] == full_enumeration.key_sums
    assert direct["sets_seven"] == full_enumeration.outlaw9_masks["seven-card"]
    assert direct["sets_house"] == full_enumeration.outlaw9_masks["house-way"]
    assert direct["sets_best_for_bet"] == full_enumeration.best_for_bet_masks
    assert direct["rows"][1:12] == [full_enumeration.house_way_rows[r] for r in range(1, 12)]
    assert not any(direct["rows"][12:]) and direct["rows"][0] == 0


@pytest.mark.full
def test_the_wheel_option_moves_counts_only_between_keys_not_classes():
    second = enumerate_hands(rules=Rules(wheel="second"))
    assert second.best_five == ALSPACH_BEST_FIVE
    assert second.fouls == 0


# The full deck is counted, not visited (cext/enumerate.h): the hands with no flush
# possible by closed forms over suit assignments per rank multiset, the flush-possible ones
# by one classification per class of suit patterns, weighted.

def _suit_assignments_by_brute_force(ranks, joker):
    """(all, flush possible, one colour with no flush possible), every suit assignment
    of the ranks tried: the pure-Python twin's way (a flush is possible with five of a
    suit, or four beside the joker, RULES.md; one colour is no red card or no black one,
    the joker neither)."""
    from verifier.engine.reference.core import suit_assignment_counts
    return suit_assignment_counts(ranks, joker)


def _some_rank_multisets():
    from itertools import combinations_with_replacement
    for joker, size, stride in ((False, 7, 1999), (True, 6, 997)):
        every = [list(m) for m in combinations_with_replacement(range(13), size)
                 if max(m.count(r) for r in m) <= 4]
        yield from ((m, joker) for m in every[::stride])
    # pairs, trips and quads, where the one-colour form has its cases
    yield [0, 0, 1, 1, 2, 2, 3], False
    yield [0, 0, 1, 1, 2, 3, 4], False
    yield [5, 5, 5, 7, 8, 9, 10], False
    yield [12, 12, 12, 12, 11, 11, 11], False
    yield [0, 2, 4, 6, 8, 10, 12], False
    yield [0, 0, 1, 1, 2, 2], True
    yield [3, 4, 5, 6, 7, 8], True
    yield [9, 9, 9, 9, 10, 11], True


@pytest.mark.compiled
def test_the_suit_assignment_closed_forms_agree_with_trying_every_assignment():
    from verifier.engine import _core
    for ranks, joker in _some_rank_multisets():
        want = _suit_assignments_by_brute_force(ranks, joker)
        assert _core.suit_assignment_counts(ranks, joker) == want, (ranks, joker)


@pytest.mark.compiled
def test_the_suit_assignment_counts_cover_the_deck():
    # Summed over every multiset, the assignments are the hands: C(52,7) without the
    # joker, C(52,6) with it.
    from itertools import combinations_with_replacement
    from verifier.engine import _core
    for joker, size, hands in ((False, 7, math.comb(52, 7)), (True, 6, math.comb(52, 6))):
        total = sum(_core.suit_assignment_counts(list(m), joker)[0]
                    for m in combinations_with_replacement(range(13), size)
                    if max(m.count(r) for r in m) <= 4)
        assert total == hands


@pytest.mark.full
@pytest.mark.compiled
@pytest.mark.parametrize("rules", [Rules(), Rules(wheel="second", house_way="emperors"),
                                   Rules(house_way="foxwoods")],   # a house-way file
                         ids=["default", "emperors-wheel-second", "foxwoods-file"])
def test_counting_the_full_deck_agrees_with_visiting_every_hand(rules):
    from verifier.engine import _core
    from verifier.game.cards import full_deck
    from verifier.engine import engine_spec
    wheel_second, house_way = engine_spec(rules).checked()
    counted = _core.enumerate_counts(full_deck(), wheel_second, house_way, 2, None)
    visited = _core.enumerate_counts(full_deck(), wheel_second, house_way, 2, None, visit=True)
    assert counted.keys() == visited.keys()
    for field in visited:        # total, best_five, royal, rows, sets_*, hist, fouls
        assert counted[field] == visited[field], field


# ---------------------------------------------------------------------------------------
# The seven-card high-card categories against the Pai Gow Insurance closed form, and the
# best-for-bet lines against a published table.

PAI_GOW_LINES = ("nine_high", "ten_high", "jack_high", "queen_high", "king_high", "ace_high")


@pytest.mark.compiled
def test_the_high_card_categories_match_the_insurance_closed_form_on_a_reduced_deck():
    # three suits and the joker (C(40,7) hands): verifier/odds/emperors.py counts the pai gows
    # by rank sets times suit patterns, the joker as the base game reads it (semi-wild)
    from verifier.odds.emperors import insurance_counts
    deck = sorted([c for c in range(52) if c & 3 != 2] + [JOKER])
    result = enumerate_hands(deck=deck, threads=2)
    want = insurance_counts(deck, "semi-wild")
    assert {line: category_total(result, line) for line in PAI_GOW_LINES} == want
    assert want["ace_high"] > 0


@pytest.mark.full
def test_the_high_card_categories_match_the_insurance_closed_form(full_enumeration):
    from verifier.game.cards import full_deck
    from verifier.odds.emperors import insurance_counts
    want = insurance_counts(full_deck(), "semi-wild")
    for reading in ("seven-card", "house-way"):
        assert {line: category_total(full_enumeration, line, reading)
                for line in PAI_GOW_LINES} == want
    # the semi-wild pai gows are the hands whose best five is a high card (Alspach)
    assert sum(want.values()) == ALSPACH_BEST_FIVE["high_card"]


# Wizard of Odds, "Jackpot Pai Gow Poker": the player sets the hand to maximise the side
# bet; pays (to 1) and combinations of the return table, highest pay first as published.
JACKPOT_PAI_GOW = [
    ("natural_royal_flush_plus_natural_pair_of_aces", 20000, 12),
    ("five_aces_plus_pair", 400, 72),
    ("royal_flush_plus_pair", 200, 1_560),
    ("five_aces", 200, 1_056),
    ("royal_flush", 100, 24_560),
    ("straight_flush_plus_pair", 60, 11_748),
    ("four_of_a_kind_plus_pair", 40, 57_648),
    ("straight_flush", 30, 173_084),
    ("four_of_a_kind", 20, 249_824),
    ("full_house_plus_pair", 12, 150_480),
    ("flush_plus_pair", 8, 489_260),
    ("straight_plus_pair", 6, 1_155_536),
    ("full_house", 6, 4_024_560),
    ("flush", 4, 5_631_420),
    ("straight", 3, 10_145_388),
    ("three_of_a_kind", 2, 7_470_676),
]
JACKPOT_PAI_GOW_NOTHING = 124_556_196


@pytest.mark.full
def test_best_for_bet_lines_match_the_published_jackpot_pai_gow_table(full_enumeration):
    # Each hand is paid its highest pay among the lines it can reach. Two lines pay 6:
    # 5,856 hands reach both straight plus pair and full house (and nothing higher); the
    # publisher counts them on straight plus pair, the line it lists first.
    from verifier.game.categories import BEST_FOR_BET_BIT
    got = {line: 0 for line, _, _ in JACKPOT_PAI_GOW}
    nothing = 0
    for mask, hands in full_enumeration.best_for_bet_masks.items():
        reached = [(pay, -place, line) for place, (line, pay, _) in enumerate(JACKPOT_PAI_GOW)
                   if mask >> BEST_FOR_BET_BIT[line] & 1]
        if reached:
            got[max(reached)[2]] += hands
        else:
            nothing += hands
    assert got == {line: n for line, _, n in JACKPOT_PAI_GOW}
    assert nothing == JACKPOT_PAI_GOW_NOTHING
    assert sum(got.values()) + nothing == math.comb(53, 7)


@pytest.mark.parametrize("deck", [SMALL_DECK, deck_of_ranks("QKA")], ids=["small", "Q-A"])
def test_the_engines_text_of_the_key_histogram_is_jsons(deck):
    """The rows' text a certificate's hashes take, written by the compiled core in one
    pass in C, is json.dumps's of the rows sorted (a second writer), with no spaces."""
    import json
    result = enumerate_hands(deck=deck, threads=2)
    rows = sorted([bk, fk, n] for (bk, fk), n in result.key_histogram.items())
    assert result.key_rows_text == json.dumps(rows, separators=(",", ":")).encode("ascii")
