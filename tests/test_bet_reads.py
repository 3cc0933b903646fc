"""Bet reads on the first cards dealt and on the banker's hand, and a pay table's
precedence (issue 36, item 4): verifier/game/firstcards.py, verifier/odds/firstcards.py,
``reads = "first-cards"``, ``cards``, ``hand`` and ``precedence`` (docs/PAYTABLES.md).

Expectations come from elsewhere than the code under test: the Wizard of Odds' published
Pai Gow Mania three-card table (wizardofodds.com/games/pai-gow-poker/appendix/5/), closed
forms written here by hand, a brute force over the cards with a classifier of its own
(the joker tried as every card), Queen's Dragon's rank sets counted here, and hand-worked
rounds."""
import json
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import pytest

from verifier import certificate
from verifier.cli import main
from verifier.game import paytables
from verifier.game.cards import JOKER, deck_of_ranks, full_deck, parse_cards
from verifier.odds.firstcards import first_cards_sets

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "paytables"
RULESET = ROOT / "examples" / "rulesets" / "casino-first-cards-and-dealer.toml"
TOTAL = 154_143_080

#: Wizard of Odds, Pai Gow Mania, three-card hand: combinations paid on each line
PUBLISHED_THREE_CARD = {"natural_straight_flush": 48, "three_of_a_kind": 58,
                        "wild_straight_flush": 100, "straight": 1_020, "flush": 1_308,
                        "one_pair": 3_912}
PUBLISHED_THREE_CARD_LOSES = 16_980          # "Nothing"; total 23,426


@pytest.fixture(scope="module")
def mikes():
    return certificate.load(ROOT / "proofs" / "certificates" / "outlaw9-mikes.json")


# ---------------------------------------------------------------------------------------
# a classifier of the test's own: the joker tried as every card for runs and suits


def _straight(ranks):
    """k different ranks in sequence, the ace (12) high or low."""
    if len(set(ranks)) != len(ranks):
        return False
    for rs in (sorted(ranks), sorted(-1 if r == 12 else r for r in ranks)):
        if rs[-1] - rs[0] == len(rs) - 1:
            return True
    return False


def brute_lines(cards):
    """The first-cards lines of ``cards`` by the definition, written apart from the
    code: the joker may be any card for a straight or a flush, an ace for the groups."""
    real = [c for c in cards if c != JOKER]
    k = len(cards)
    out = set()
    fills = [[]] if len(real) == k else [[c] for c in range(52)]
    for fill in fills:
        hand = real + fill
        ranks, suits = [c >> 2 for c in hand], {c & 3 for c in hand}
        straight, flush = k >= 3 and _straight(ranks), k >= 3 and len(suits) == 1
        out |= {"straight"} if straight else set()
        out |= {"flush"} if flush else set()
        if straight and flush:
            out |= {"straight_flush", "wild_straight_flush" if fill else
                    "natural_straight_flush"}
    groups = sorted(Counter([c >> 2 for c in real] + [12] * (k - len(real))).values(),
                    reverse=True) + [0]
    names = [("five_aces", groups[0] >= 5), ("four_of_a_kind", groups[0] >= 4),
             ("three_of_a_kind", groups[0] >= 3), ("one_pair", groups[0] >= 2),
             ("full_house", groups[0] >= 3 and groups[1] >= 2),
             ("two_pair", groups[0] >= 2 and groups[1] >= 2)]
    return frozenset(out | {name for name, holds in names if holds})


def brute_sets(k, deck):
    """The sets of ``brute_lines`` over every k cards of ``deck``, each read by the
    definition once for each form of its cards up to the suits' names (``suit_form``: the
    definition compares suits only with each other, so cards that differ by a renaming of
    the suits have the same lines): on 7 cards of A-6 and the joker, some thousands of
    forms for the 480,700 hands."""
    read = {}
    sets = Counter()
    for hand in combinations(deck, k):
        form = suit_form(hand)
        if form not in read:
            read[form] = brute_lines(list(hand))
        sets[read[form]] += 1
    return sets


def suit_form(cards):
    """``cards`` with the suits renamed in the order they first appear: the same
    for two hands one suit renaming apart (the joker, 52, kept as it is)."""
    names = {}
    return tuple(c if c == JOKER else (c & ~3) | names.setdefault(c & 3, len(names))
                 for c in cards)


def test_three_cards_of_the_full_deck_by_brute_force():
    """All C(53,3) = 23,426 combinations, read one by one, give the counted sets."""
    got = dict(first_cards_sets(3, full_deck()))
    assert got == brute_sets(3, full_deck())
    assert sum(got.values()) == 23_426


@pytest.mark.parametrize("k, ranks", [
    (1, "23456789TJQKA"), (2, "23456789TJQKA"), (5, "A23456"),
    pytest.param(4, "23456789TJQKA", marks=pytest.mark.slow),   # 5 s of CPU: with the full
    pytest.param(6, "A2345QK", marks=pytest.mark.full),     # 475,020 sets by hand: once
    pytest.param(7, "A23456", marks=pytest.mark.full)])     # 7 cards of 25: once
def test_other_numbers_of_cards_by_brute_force(k, ranks):
    """k = 1, 2, 4 on the full deck; 5, 6, 7 on decks with the wheel and the joker."""
    deck = deck_of_ranks(ranks)
    got = dict(first_cards_sets(k, deck))
    assert got == brute_sets(k, deck) and sum(got.values()) == comb(len(deck), k)


def test_three_card_closed_forms():
    """Counted by hand: 12 three-rank straights (A-2-3 .. Q-K-A); 25 rank pairs a joker
    completes to one (13 adjacent with K-A and A-2, 12 a rank apart with Q-A and A-3)."""
    sets = first_cards_sets(3, full_deck())

    def count(line):
        return sum(n for lines, n in sets if line in lines)
    assert count("natural_straight_flush") == 12 * 4
    assert count("wild_straight_flush") == 25 * 4
    assert count("straight") == 12 * 4 ** 3 + 25 * 4 ** 2           # flushes among them
    assert count("flush") == 4 * comb(13, 3) + 4 * comb(13, 2)
    assert count("three_of_a_kind") == 13 * comb(4, 3) + comb(4, 2)  # the joker with AA
    # a pair, the joker an ace: every hand but those of three different ranks
    assert count("one_pair") == comb(53, 3) - comb(13, 3) * 4 ** 3 - comb(12, 2) * 4 ** 2


# ---------------------------------------------------------------------------------------
# Pai Gow Mania's three-card bet: the published table, exactly


def test_pai_gow_mania_three_card_bet_is_the_published_table(mikes):
    odds = certificate.odds_from_certificate(
        mikes, paytables.load(EXAMPLES / "pai-gow-mania-three-card.toml"))
    assert {r.category: r.hands for r in odds.lines} == PUBLISHED_THREE_CARD
    assert odds.loses.hands == PUBLISHED_THREE_CARD_LOSES and odds.total_hands == 23_426
    pays = {"natural_straight_flush": 40, "three_of_a_kind": 30, "wild_straight_flush": 5,
            "straight": 4, "flush": 3, "one_pair": 1}
    won = sum(pays[line] * n for line, n in PUBLISHED_THREE_CARD.items())
    assert odds.expected == Fraction(won - PUBLISHED_THREE_CARD_LOSES, 23_426)
    assert round(float(odds.house_edge), 4) == 0.0386            # "a house edge of 3.86%"


# ---------------------------------------------------------------------------------------
# precedence


def _table(pays, precedence="highest-pay", **terms):
    return paytables.Paytable.from_lines("t", "custom", pays, reads="first-cards", cards=3,
                                         precedence=precedence, **terms)


def test_table_order_pays_the_first_line_a_hand_shows(mikes):
    """One pair listed first: under table-order every hand with a pair (the joker an ace)
    is paid 1 to 1, trips and the straights with a pair among them; under highest-pay the
    published counts."""
    pays = [("one_pair", 1), ("three_of_a_kind", 30), ("straight", 4)]
    first = certificate.odds_from_certificate(mikes, _table(pays, "table-order"))
    best = certificate.odds_from_certificate(mikes, _table(pays))
    pairs = comb(53, 3) - comb(13, 3) * 4 ** 3 - comb(12, 2) * 4 ** 2    # 4,066
    assert {r.category: r.hands for r in first.lines} == {
        "one_pair": pairs, "three_of_a_kind": 0,
        # the joker beside an ace and a K, Q, 2 or 3 is a straight showing a pair of aces
        "straight": 12 * 4 ** 3 + 25 * 4 ** 2 - 4 * 4 * 4}
    assert best.line("three_of_a_kind").hands == 58
    assert best.line("straight").hands == 12 * 4 ** 3 + 25 * 4 ** 2      # flushes too


def test_table_order_in_pay_order_is_highest_pay(mikes):
    table = paytables.load(EXAMPLES / "pai-gow-mania-three-card.toml")
    ordered = _table(table.pays, "table-order")
    a = certificate.odds_from_certificate(mikes, table)
    b = certificate.odds_from_certificate(mikes, ordered)
    assert a.expected == b.expected and [r.hands for r in a.lines] == [r.hands for r in b.lines]


def test_a_table_order_formula_and_solve_are_linear(mikes):
    from verifier.certificate.formula import bet_formula
    from verifier.odds.linesolve import solve_lines
    table = _table([("one_pair", 1), ("three_of_a_kind", 30), ("straight", 4)], "table-order")
    odds = certificate.odds_from_certificate(mikes, table)
    formula = bet_formula(mikes, paytable=table)
    assert formula.order == () and formula.at() == odds.expected
    assert formula.validity.startswith("valid for every pay above 0")
    solved = solve_lines(formula, ["straight"], Fraction(1, 20))
    assert formula.at({"straight": solved.pays["straight"]}) == Fraction(-1, 20)


def test_the_terms_round_trip_through_the_certificate_form():
    table = _table([("one_pair", 1)], "table-order", hand="banker")
    back = paytables.Paytable.from_dict(table.to_dict())
    assert (back.cards, back.hand, back.precedence) == (3, "banker", "table-order")
    plain = paytables.load(EXAMPLES / "queens-dragon.toml").to_dict()
    assert "precedence" not in plain and "cards" not in plain and plain["hand"] == "banker"


def test_dealer_bonus_seven_card_lines_in_table_order_are_the_published_counts(mikes):
    """The Wizard of Odds' Dealer Bonus (wizardofodds.com/games/pai-gow-poker/side-bets/
    dealer-bonus/), its lines on the dealer's seven cards in the table's order, only the
    first line a hand shows paying: every published count; the hands that lose here are
    its losers and its "nine high in low hand" hands together (120,711,546 + 3,844,650)."""
    pays = [("seven_card_straight_flush", 500), ("seven_card_straight_flush_with_joker", 500),
            ("royal_flush_and_royal_match", 500), ("five_aces", 500), ("royal_flush", 150),
            ("straight_flush", 50), ("four_of_a_kind", 25), ("full_house", 4), ("flush", 3),
            ("three_of_a_kind", 2), ("straight", 2)]
    table = paytables.Paytable.from_lines("Dealer Bonus", "custom", pays, reads="seven-card",
                                          hand="banker", precedence="table-order")
    got = {r.category: r.hands for r in certificate.odds_from_certificate(mikes, table).lines}
    assert got.pop("seven_card_straight_flush") + got.pop(
        "seven_card_straight_flush_with_joker") == 228
    assert got == {"royal_flush_and_royal_match": 72, "five_aces": 1_128,
                   "royal_flush": 26_020, "straight_flush": 184_644,
                   "four_of_a_kind": 307_472, "full_house": 4_188_528, "flush": 6_172_088,
                   "three_of_a_kind": 7_672_500, "straight": 11_034_204}
    assert certificate.odds_from_certificate(mikes, table).loses.hands == (
        120_711_546 + 3_844_650)
