"""The exact layer: hand-computed examples, the highest-line rule, the solver, and (full
deck, compiled core) the filed table against closed forms and per-line arithmetic."""
import itertools
import math
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings, strategies as st

from verifier.game import paytables
from verifier.game.categories import CATEGORY_NAMES, names_to_mask
from verifier.support.errors import VerifierError
from verifier.odds.exact import outlaw9_odds, practical_grid
from verifier.odds.values import sqrt_exact
from solve_oracle import solve_pay
from verifier.game.paytables import Paytable
from conftest import PACKAGE_PATH


def M(*names):
    return names_to_mask(names)


# 100 hands: 10 three pairs only, 5 straight + three pairs, 3 flush, 82 nothing.
COUNTS = {M("three_pairs"): 10, M("straight", "three_pairs"): 5, M("flush"): 3, 0: 82}


def table(**pays):
    return Paytable("t", "outlaw9", tuple((k, paytables.parse_pay(v)) for k, v in pays.items()))


def test_filed_table_by_hand():
    odds = outlaw9_odds(COUNTS)  # filed: straight 2 beats three pairs 1
    # net: 10 x (+1), 5 x (+2), 3 x (+4), 82 x (-1)
    assert odds.expected == Fraction(10 + 10 + 12 - 82, 100) == Fraction(-1, 2)
    assert odds.house_edge == Fraction(1, 2)
    assert odds.hit_frequency == Fraction(18, 100)
    second = Fraction(10 * 1 + 5 * 4 + 3 * 16 + 82, 100)
    assert odds.variance == second - Fraction(1, 4) == Fraction(27, 20)
    assert odds.standard_deviation == 3 * sympy.sqrt(15) / 10
    assert abs(odds.standard_deviation_decimal - math.sqrt(1.35)) < 1e-15
    assert odds.line("straight").hands == 5 and odds.line("three_pairs").hands == 10
    assert odds.loses.hands == 82
    assert sum(r.probability for r in odds.lines + [odds.loses]) == 1


def test_reordered_pays_honour_the_highest_line():
    # three pairs now pays more than a straight: the 5 hands with both get 3, not 1
    odds = outlaw9_odds(COUNTS, table(straight=1, three_pairs=3, flush=4))
    assert odds.line("three_pairs").hands == 15
    assert odds.line("straight").hands == 0
    assert odds.expected == Fraction(15 * 3 + 3 * 4 - 82, 100)
    # same pays in another file order: the same result (order of lines does not matter)
    again = outlaw9_odds(COUNTS, table(flush=4, three_pairs=3, straight=1))
    assert again.expected == odds.expected and again.variance == odds.variance


def test_one_hand_in_two_lines_gets_the_higher_pay_only():
    for pays, net in (({"full_house": 5, "flush": 4}, 5), ({"full_house": 4, "flush": 5}, 5),
                      ({"full_house": 0, "flush": 2}, 2), ({"full_house": "push"}, 0),
                      ({"full_house": "push", "flush": 0}, 0), ({"straight": 9}, -1)):
        odds = outlaw9_odds({M("full_house", "flush"): 1}, table(**pays))
        assert odds.expected == net, pays


def test_push_zero_and_absent_lines():
    counts = {M("flush"): 1, M("straight"): 1, M("full_house"): 1, 0: 1}
    odds = outlaw9_odds(counts, table(flush="push", straight=0, three_pairs=1))
    # flush returns the bet, straight pays 0 (loses), full house absent (loses)
    assert odds.expected == Fraction(0 - 1 - 1 - 1, 4)
    assert odds.hit_frequency == 0
    assert odds.line("flush").contribution == 0
    assert odds.line("straight").contribution == Fraction(-1, 4)
    assert odds.loses.hands == 2


def test_exact_decimal_pays_and_total():
    odds = outlaw9_odds({M("three_pairs"): 2}, table(three_pairs="2.5"), total=10)
    assert odds.expected == Fraction(2 * 5, 2 * 10) - Fraction(8, 10)
    assert odds.loses.hands == 8
    with pytest.raises(VerifierError):
        outlaw9_odds({M("three_pairs"): 20}, total=10)


def test_certificate_form_of_the_counts_gives_the_same_odds():
    as_list = [{"categories": ["straight", "three_pairs"], "hands": 5},
               {"categories": ["three_pairs"], "hands": 10},
               {"categories": ["flush"], "hands": 3}, {"categories": [], "hands": 82}]
    assert outlaw9_odds(as_list).to_dict() == outlaw9_odds(COUNTS).to_dict()


def test_to_dict_exact_with_decimals():
    d = outlaw9_odds(COUNTS).to_dict()
    assert d["return"] == {"exact": "-1/2", "decimal": -0.5}
    assert d["house_edge"]["exact"] == "1/2"
    assert d["hit_frequency"] == {"exact": "9/50", "decimal": 0.18}
    assert d["standard_deviation"]["square"] == "27/20"
    assert sympy.sympify(d["standard_deviation"]["exact"]) ** 2 == sympy.Rational(27, 20)


def test_solve_pay_by_hand():
    # filed pays; solve three_pairs for a 5% edge. Worked by hand:
    # 100 * return(x) = 10x + 5*max(2, x) + 3*4 - 82 must be -5.
    # x <= 2: 10x + 10 - 70 = -5 gives x = 5.5, not <= 2; x > 2: 15x - 70 = -5, x = 13/3.
    sol = solve_pay(COUNTS, paytables.filed(), "Three Pairs", Fraction(5, 100))
    assert sol.pay == Fraction(13, 3)
    assert outlaw9_odds(COUNTS, paytables.filed().with_pay("three_pairs", sol.pay)).house_edge \
        == Fraction(1, 20)
    (lo, lo_odds), (hi, hi_odds) = sol.below, sol.above
    assert (lo, hi) == (Fraction(4), Fraction(9, 2))
    assert lo_odds.house_edge == Fraction(-(15 * 4 - 70), 100)
    assert hi_odds.house_edge == Fraction(-(15 * Fraction(9, 2) - 70), 100)
    # a lower pay, on the first piece (x below the straight's 2): 10x + 10 - 70 = -55
    sol = solve_pay(COUNTS, paytables.filed(), "three_pairs", Fraction(55, 100))
    assert sol.pay == Fraction(1, 2)


def test_solve_pay_unreachable_and_empty_line():
    with pytest.raises(VerifierError, match="no positive pay"):
        solve_pay(COUNTS, paytables.filed(), "three_pairs", Fraction(99, 100))
    with pytest.raises(VerifierError, match="no hands"):
        solve_pay(COUNTS, paytables.filed(), "five_aces", Fraction(1, 20))
    with pytest.raises(VerifierError, match="unknown"):
        solve_pay(COUNTS, paytables.filed(), "four pairs", Fraction(1, 20))


def test_practical_grid():
    assert practical_grid(Fraction(13, 3)) == (4, Fraction(9, 2))
    assert practical_grid(Fraction(25, 2)) == (12, 13)
    assert practical_grid(Fraction(7)) == (7, 7)


def test_reduced_deck_pipeline(engine):
    """The whole pipeline (enumerate, classify, odds) on each engine, on an 11-card deck:
    the four aces, the jack, queen and king of spades and of hearts, and the joker
    (C(11, 7) = 330 hands). It holds five aces, royal flushes (A K Q J of a suit and the
    joker as its ten), straights, four of a kind, full houses and three pairs, so the
    filed order decides between lines. Shown: every hand is counted once, the five aces
    by a closed form, and the expected value by per-line arithmetic over the classes."""
    from verifier.game.cards import JOKER, RANK_CHARS
    from verifier.engine.enumeration import enumerate_hands
    deck = [RANK_CHARS.index(r) * 4 + s for r in "A" for s in range(4)] \
        + [RANK_CHARS.index(r) * 4 + s for r in "JQK" for s in (0, 1)] + [JOKER]
    total = math.comb(11, 7)
    result = enumerate_hands(deck=deck)
    assert result.total_hands == total
    odds = outlaw9_odds(result)
    assert sum(r.hands for r in odds.lines) + odds.loses.hands == total
    # five aces: the joker, four aces, any 2 of the other 6 cards; every such hand is
    # paid 200 (nothing above five aces can occur without a seven-card straight flush)
    assert odds.line("five_aces").hands == math.comb(6, 2)
    paid = {r.category for r in odds.lines if r.hands}
    assert {"royal_flush", "straight", "four_of_a_kind", "full_house", "three_pairs"} <= paid
    # independent per-line arithmetic: first line of the filed order present pays
    filed = dict(paytables.filed().pays)
    masks = result.outlaw9_masks["seven-card"]
    net = 0
    for mask, hands in masks.items():
        present = [c for i, c in enumerate(CATEGORY_NAMES) if mask >> i & 1]
        net += hands * (filed[present[0]] if present else -1)
    assert odds.expected == Fraction(net, total)
    # the house-way reading is there too and sums to the same total
    assert sum(result.outlaw9_masks["house-way"].values()) == total


# --------------------------------------------------------------------------------------
# the full deck (compiled core)


def high_card_hands(top):
    """Seven distinct ranks, highest ``top`` (rank index), no joker, no straight, no flush:
    a brute force over rank sets and suit assignments."""
    no_flush = sum(1 for suits in itertools.product(range(4), repeat=7)
                   if max(suits.count(s) for s in range(4)) < 5)
    straights = [set(range(t - 4, t + 1)) for t in range(4, 13)] + [{12, 0, 1, 2, 3}]
    rank_sets = 0
    for others in itertools.combinations(range(top), 6):
        ranks = set(others) | {top}
        if not any(s <= ranks for s in straights):
            rank_sets += 1
    return rank_sets * no_flush


def test_high_card_brute_force_matches_the_closed_forms():
    assert high_card_hands(7) == 31_080      # 9 high: 2 rank sets x 15,540 suit patterns
    assert high_card_hands(8) == 248_640     # 10 high: 16 rank sets x 15,540


@pytest.mark.full
def test_filed_table_on_the_full_deck(full_enumeration):
    total = math.comb(53, 7)
    assert full_enumeration.total_hands == total == 154_143_080
    odds = outlaw9_odds(full_enumeration)
    assert sum(r.hands for r in odds.lines) + odds.loses.hands == total
    # small categories from closed forms; under the filed pays each is paid on its own line
    assert odds.line("nine_high").hands == 31_080
    assert odds.line("ten_high").hands == 248_640
    assert odds.line("seven_card_straight_flush").hands == 8 * 4  # 7-high .. A-high, 4 suits
    # royal flush and royal match: a royal in suit s, natural (1 way) or joker for one of
    # its 5 cards (5 ways), plus K-Q of one of the 3 other suits: 4 * 6 * 3
    assert odds.line("royal_flush_and_royal_match").hands == 4 * 6 * 3
    # 7-card straight flush with joker: per suit, 6 ranks of a 7-rank window (8 windows
    # A-7 .. 8-A, 7 gaps each = 56), less the 7 six-card runs 2-7 .. 8-K that lie in two
    # windows (the joker at either end is the same hand): 49 per suit
    assert odds.line("seven_card_straight_flush_with_joker").hands == 4 * (8 * 7 - 7)
    # the return by independent per-line arithmetic: the filed table is in falling pay
    # order, so a hand is paid the first of its categories in that order
    filed = [4000, 2000, 1000, 200, 100, 40, 25, 12, 10, 8, 6, 5, 4, 3, 2, 1]
    net = 0
    for mask, hands in full_enumeration.outlaw9_masks["seven-card"].items():
        bits = [i for i in range(16) if mask >> i & 1]
        net += hands * (filed[bits[0]] if bits else -1)
    assert odds.expected == Fraction(net, total)
    assert odds.house_edge == -odds.expected


# ---- the square root's exact text without SymPy (issue 13, speed) ----

def _sympy_text(x):
    return str(sqrt_exact(x))


@pytest.mark.parametrize("x", ["0", "1", "4", "1/4", "8", "5/8", "12/7", "1728", "3/1728",
                               "5566723563039029/371251392373225",
                               "440680977584890146529712179883/327259972239169499007397920000",
                               f"{32771 ** 2 * 3}/{32779 ** 3}", f"{(2 ** 61 - 1) ** 2 * 5}/7",
                               f"{(10 ** 12 + 39) * (10 ** 12 + 61)}/{2 ** 89 - 1}"])
def test_sqrt_text_is_sympys(x):
    from verifier.odds.values import sqrt_text
    text = sqrt_text(x)
    assert text is None or text == _sympy_text(x)
    if x.startswith(("5566", "4406")):     # the shipped certificates' values: no SymPy
        assert text is not None


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10 ** 40), st.integers(1, 10 ** 40), st.integers(1, 10 ** 7),
       st.integers(1, 10 ** 7))
def test_sqrt_text_is_sympys_on_any_rational(p, q, a, b):
    from verifier.odds.values import sqrt_text
    for x in (Fraction(p, q), Fraction(p * a * a, q * b * b), Fraction(a * a * a, b)):
        text = sqrt_text(x)
        assert text is None or text == _sympy_text(x)


def test_sqrt_value_needs_no_sympy_for_the_shipped_values():
    code = ("import sys; from verifier.odds.values import sqrt_value; "
            "sqrt_value('440680977584890146529712179883/327259972239169499007397920000'); "
            "sqrt_value('5566723563039029/371251392373225'); "
            "assert 'sympy' not in sys.modules, 'sympy imported'")
    import os
    import subprocess
    import sys
    env = dict(os.environ, PYTHONPATH=PACKAGE_PATH)
    subprocess.run([sys.executable, "-c", code], check=True, env=env)
