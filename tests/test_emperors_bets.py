"""Pai Gow Insurance, Emperor's Treasure and the Envy Bonus (seed 004; verifier/odds/emperors.py).

Expectations are worked by hand or taken from published counts (9/10/J-high pai gows;
B. Alspach's best-five table) and the closed forms in proofs/.
"""
import math
from fractions import Fraction
from itertools import combinations

import pytest

from verifier.odds import emperors
from verifier.game import paytables
from verifier.game.cards import full_deck, JOKER
from verifier.game.categories import names_to_mask
from verifier.game.paytables import PaytableError
from conftest import import_proof

C53 = math.comb(53, 7)


# ---------------------------------------------------------------------------------------
# Pai Gow Insurance


def test_published_pai_gow_counts_both_readings():
    for reading in ("literal", "semi-wild"):
        counts = emperors.insurance_counts(full_deck(), reading)
        assert counts["nine_high"] == 31_080
        assert counts["ten_high"] == 248_640
        assert counts["jack_high"] == 963_480


def test_semi_wild_reading_is_the_proofs_and_alspach():
    pai_gow = import_proof("pai_gow")
    semi = emperors.insurance_counts(full_deck(), "semi-wild")
    assert sum(semi.values()) == 24_780_420           # Alspach: best five = high card
    assert semi["queen_high"] == pai_gow.queen_high()
    assert semi["king_high"] == pai_gow.king_high()
    assert semi["ace_high"] == pai_gow.ace_high_semi_wild()


def test_literal_reading_differs_only_on_ace_high():
    pai_gow = import_proof("pai_gow")
    lit = emperors.insurance_counts(full_deck(), "literal")
    semi = emperors.insurance_counts(full_deck(), "semi-wild")
    assert {k: v for k, v in lit.items() if k != "ace_high"} == \
        {k: v for k, v in semi.items() if k != "ace_high"}
    assert lit["ace_high"] > semi["ace_high"]
    # Without the joker the literal reading adds the A-2-3-4-5 (no wheel) rank sets:
    # 7 ranks with A,2,3,4,5 and two of 7..K (not 6: 2-6 is a straight) that make no
    # other straight, times the 15,540 suit patterns without a flush.
    no_joker_extra_ranks = sum(
        1 for pair in combinations(range(5, 12), 2)
        if not _has_window({0, 1, 2, 3, 12} | set(pair), wheel=False))
    assert no_joker_extra_ranks == 21     # C(7,2): two of 7..K never finish a window
    no_joker = pai_gow.ace_high() + no_joker_extra_ranks * 15_540
    assert lit["ace_high"] - no_joker == _literal_joker_hands()


def _has_window(ranks, wheel):
    wins = [set(range(lo, lo + 5)) for lo in range(9)] + ([{12, 0, 1, 2, 3}] if wheel else [])
    return any(w <= ranks for w in wins)


def _literal_joker_hands():
    """Joker + six different non-ace ranks: no window of five among them, and not
    T-J-Q-K held (the joker, an ace, makes A-K-Q-J-T); suits: no four of one suit
    (four suited plus the joker, an ace of that suit, make a flush): 4^6 - 616."""
    sets = sum(1 for six in combinations(range(12), 6)
               if not _has_window(set(six) | {12}, wheel=False))
    return sets * (4 ** 6 - 616)


def _literal_pai_gow_top(hand):
    """The literal reading, directly on one hand: top rank index or None."""
    joker = JOKER in hand
    natural = [c for c in hand if c != JOKER]
    ranks = [c >> 2 for c in natural] + ([12] if joker else [])
    if len(set(ranks)) != 7:
        return None
    if _has_window(set(ranks), wheel=False):
        return None
    suits = [c & 3 for c in natural]
    if max(suits.count(s) for s in range(4)) + (1 if joker else 0) >= 5:
        return None
    return max(ranks)


def test_literal_counts_brute_force_two_suits():
    # 11 ranks in clubs and diamonds plus the joker: C(23,7) = 245,157 hands, each
    # judged directly; the rank-set x suit-pattern count must agree line by line.
    deck = sorted(r * 4 + s for r in (0, 1, 2, 3, 6, 7, 8, 9, 10, 11, 12) for s in (0, 1))
    deck.append(JOKER)
    direct = {line: 0 for line in emperors.INSURANCE_LINES}
    for hand in combinations(deck, 7):
        top = _literal_pai_gow_top(hand)
        if top is not None:
            direct[emperors.INSURANCE_TOP[top]] += 1
    assert emperors.insurance_counts(deck, "literal") == direct
    assert sum(direct.values()) > 0


def test_semi_wild_counts_are_the_row_11_hands_reduced_deck():
    from verifier.game.cards import deck_of_ranks
    from verifier.engine.enumeration import enumerate_hands
    from verifier.engine.backend import PURE_PYTHON
    from verifier.rules.readings import Rules
    deck = deck_of_ranks("9TJQKA" if not PURE_PYTHON else "JQKA")
    for way in ("mikes", "emperors"):
        result = enumerate_hands(Rules(house_way=way), deck=deck)
        from_hist = emperors.insurance_counts_from_histogram(result.key_histogram)
        assert from_hist == emperors.insurance_counts(deck, "semi-wild")
        assert sum(from_hist.values()) == result.house_way_rows[11]


@pytest.mark.full
def test_pai_gow_counts_from_the_full_enumeration(full_enumeration):
    counts = emperors.insurance_counts_from_histogram(full_enumeration.key_histogram)
    assert counts["nine_high"] == 31_080
    assert counts["ten_high"] == 248_640
    assert counts["jack_high"] == 963_480
    assert sum(counts.values()) == full_enumeration.house_way_rows[11] == 24_780_420


def test_insurance_odds_by_hand():
    table = paytables.Paytable("t", "pai_gow_insurance", status="example, not filed",
                               pays=(("nine_high", Fraction(100)), ("ace_high", Fraction(1))))
    counts = {"nine_high": 1, "ten_high": 4, "ace_high": 10}
    odds = emperors.insurance_odds(counts, table, 100)
    # 1 hand +100, 10 hands +1, the other 89 (ten-high is not in the table) lose:
    # (100 + 10 - 89) / 100 = 21/100
    assert odds["return"]["exact"] == "21/100"
    assert odds["loses"]["hands"] == 89
    assert odds["hit_frequency"]["exact"] == "11/100"


# ---------------------------------------------------------------------------------------
# Emperor's Treasure


def _masks(*entries):
    return {names_to_mask(names): n for names, n in entries}


def test_higher_line_takes_the_hands_that_qualify_for_both():
    masks = _masks((["four_of_a_kind", "three_of_a_kind"], 10), (["three_of_a_kind"], 5),
                   (["flush", "straight"], 3), (["three_pairs"], 2), ([], 80))
    table = paytables.example("emperors_treasure")
    res, ret = emperors.treasure_odds(masks, table, 100)
    hands = {line["category"]: line["hands"] for line in res["lines"]}
    assert hands["four_of_a_kind"] == 10 and hands["three_of_a_kind"] == 5
    assert hands["flush"] == 3 and hands["straight"] == 0
    assert res["loses"]["hands"] == 82               # three pairs is no Treasure line
    # 10*25 + 5*3 + 3*4 - 82 = 195  -> 195/100
    assert ret == Fraction(195, 100)
    # A table paying the straight above the flush moves those 3 hands to the straight.
    swapped = paytables.Paytable("s", "emperors_treasure", status="example", pays=(
        ("four_of_a_kind", Fraction(25)), ("flush", Fraction(4)), ("straight", Fraction(6)),
        ("three_of_a_kind", Fraction(3))))
    res, _ = emperors.treasure_odds(masks, swapped, 100)
    hands = {line["category"]: line["hands"] for line in res["lines"]}
    assert hands["straight"] == 3 and hands["flush"] == 0


@pytest.mark.full
def test_treasure_lines_add_up_and_agree_with_the_proofs(full_enumeration):
    registry = import_proof("registry")
    by_name, category_hands = registry.by_name, registry.category_hands
    masks = full_enumeration.outlaw9_masks["seven-card"]
    table = paytables.example("emperors_treasure")
    res, _ = emperors.treasure_odds(masks, table, full_enumeration.total_hands)
    paid = {line["category"]: line["hands"] for line in res["lines"]}
    assert sum(paid.values()) + res["loses"]["hands"] == C53
    # every line's qualifying count against its closed form (proofs/registry.py)
    for line, entry in [
            ("seven_card_straight_flush", "outlaw9: 7-card straight flush"),
            ("royal_flush_and_royal_match", "outlaw9: royal flush and royal match"),
            ("seven_card_straight_flush_with_joker", "outlaw9: 7-card straight flush with joker"),
            ("five_aces", "outlaw9: five aces"), ("royal_flush", "outlaw9: royal flush"),
            ("straight_flush", "outlaw9: straight flush"),
            ("four_of_a_kind", "outlaw9: four of a kind"),
            ("full_house", "outlaw9: full house")]:
        assert category_hands(full_enumeration, line) == by_name(entry).derive(), line
    # the paid (highest) lines of the top of the table are the closed forms themselves
    assert paid["seven_card_straight_flush"] == 32
    assert paid["seven_card_straight_flush_with_joker"] == 196
    assert paid["royal_flush_and_royal_match"] == 72
    assert paid["five_aces"] == 1_128
    # below five aces, the Treasure order is the poker order: paid = best-five class
    assert paid["four_of_a_kind"] == by_name("best five: four of a kind").derive()
    assert paid["full_house"] == by_name("best five: full house").derive()
    assert paid["flush"] == by_name("best five: flush").derive()


# ---------------------------------------------------------------------------------------
# Envy Bonus


def test_envy_by_linearity_by_hand():
    masks = _masks((["five_aces", "four_of_a_kind"], 2), (["four_of_a_kind"], 8),
                   (["full_house"], 10), ([], 80))
    envy = paytables.Paytable("e", "envy_bonus", status="example", pays=(
        ("five_aces", Fraction(250)), ("four_of_a_kind", Fraction(5))))
    one, per_line = emperors.envy_per_other_hand(masks, envy, 100)
    assert one == Fraction(2 * 250 + 8 * 5, 100)            # $5.40 per other hand
    assert per_line == {"five_aces": 2, "four_of_a_kind": 8}
    res = emperors.envy_results(masks, envy, Fraction(-1, 10), 100)
    three = res["by_table_size"][2]
    assert three["other_players"] == 3
    assert three["envy_per_hand"]["exact"] == "81/5"         # 3 x 5.40 = 16.20
    assert three["envy_share_of_bet"]["exact"] == "81/25"    # 16.20 / $5
    assert three["combined_return"]["exact"] == str(Fraction(-1, 10) + Fraction(81, 25))
    assert [r["other_players"] for r in res["by_table_size"]] == [1, 2, 3, 4, 5, 6]


# ---------------------------------------------------------------------------------------
# pay table files


def test_shipped_tables_are_marked_examples():
    for bet in paytables.EXAMPLE_FILES:
        table = paytables.example(bet)
        assert table.is_example and "not filed" in table.status
        assert "not filed" in table.name.lower()


def test_bad_tables_are_one_line_errors(tmp_path):
    bad = tmp_path / "t.toml"
    # a status is optional, as for every pay table (issue 11), but must be text
    bad.write_text('name = "x"\nbet = "pai_gow_insurance"\n[pays]\nnine_high = 5\n')
    assert paytables.load(bad).status == ""
    bad.write_text('bet = "pai_gow_insurance"\nstatus = 1\n[pays]\nnine_high = 5\n')
    with pytest.raises(PaytableError, match="status must be a string"):
        paytables.load(bad)
    bad.write_text('bet = "emperors_treasure"\nstatus = "filed"\n[pays]\nnine_high = 5\n')
    with pytest.raises(PaytableError, match="unknown Emperor's Treasure category"):
        paytables.load(bad)
    bad.write_text('bet = "pai_gow_insurance"\nstatus = "filed"\n[pays]\n"9 High" = 40\n')
    assert paytables.load(bad).pay["nine_high"] == 40
