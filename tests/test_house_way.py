"""Mike's Cardroom house way (docs/RULES.md rows 1-11), hand-worked vectors.

Each vector: seven cards -> the expected front (exact cards: where several fronts of
equal rank give equal backs, the docs/ENGINE.md tie-break picks the first front in
lexicographic order of the sorted seven cards), the expected back key (worked by hand
in the ENGINE.md layout) and the row. Rank indices 2..A = 0..12.
"""
import random

import pytest

from verifier.game.cards import parse_cards

from conftest import key, HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, SF


def check(engine, hand, front, back_key, row, wheel_second=False):
    cards = parse_cards(hand, 7)
    f, b, fk, bk, r = engine.set_hand(cards, wheel_second, 0)
    assert (sorted(f), r) == (sorted(parse_cards(front, 2)), row), (hand, f, r)
    assert sorted(f + b) == sorted(cards) and len(b) == 5
    assert bk == back_key
    assert fk == engine.eval2(list(f)) and bk == engine.eval5(list(b), wheel_second)


# ---------------------------------------------------------------- row 1: five aces
def test_row1_five_aces_pair_of_aces_in_front(engine):
    check(engine, "As Ah Ad Ac Jk Kd 7c", "Ac Ad", key(TRIPS, *"AK7"), 1)


def test_row1_five_aces_even_beside_another_pair(engine):
    check(engine, "As Ah Ad Ac Jk Kd Kc", "Ac Ad", key(FULL, *"AK"), 1)


def test_row1_five_aces_low_cards_no_straight_behind(engine):
    # back A-A-A-2-3 (joker among them) cannot make a straight: trips of aces
    check(engine, "Jk As Ah Ad Ac 2c 3d", "Ac Ad", key(TRIPS, *"A32"), 1)


# ---------------------------------------------------------------- row 2: quads
def test_row2_kings_behind_with_a_pair_beside(engine):
    check(engine, "Kc Kd Kh Ks 7c 7d 2h", "7c 7d", key(QUADS, *"K2"), 2)


def test_row2_kings_split_without_a_pair_even_with_an_ace(engine):
    check(engine, "Kc Kd Kh Ks Ac Qd 2h", "Kc Kd", key(PAIR, *"KAQ2"), 2)


def test_row2_queens_split_with_a_single_king(engine):
    check(engine, "Qc Qd Qh Qs Kd 5c 2h", "Qc Qd", key(PAIR, *"QK52"), 2)


def test_row2_queens_behind_when_joker_pairs_an_ace(engine):
    check(engine, "Qc Qd Qh Qs Jk Ad 5c", "Ad Jk", key(QUADS, *"Q5"), 2)


def test_row2_quad_aces_split_highest_back_keeps_joker_for_flush(engine):
    # As Ah Ad Jk = quad aces; K 9 4 hold no pair: split. Only Ad Ah in front leaves
    # As + Jk with the spades: flush A-K(joker... the highest missing spade is Q)
    check(engine, "As Ah Ad Jk Ks 9s 4s", "Ad Ah", key(FLUSH, *"AKQ94"), 2)


def test_row2_quads_with_trips_behind_pair_from_trips_in_front(engine):
    check(engine, "5c 5d 5h 5s Kc Kd Kh", "Kc Kd", key(QUADS, *"5K"), 2)


def test_row2_jacks_behind_with_a_single_king(engine):
    check(engine, "Jc Jd Jh Js Kd 5c 2h", "Kd 5c", key(QUADS, *"J2"), 2)


def test_row2_jacks_behind_with_the_joker_as_ace(engine):
    check(engine, "Jc Jd Jh Js Jk 3c 2d", "Jk 3c", key(QUADS, *"J2"), 2)


def test_row2_tens_behind_with_a_pair(engine):
    check(engine, "Tc Td Th Ts 4d 4c 2h", "4c 4d", key(QUADS, *"T2"), 2)


def test_row2_nines_split_with_only_a_queen(engine):
    check(engine, "9c 9d 9h 9s Qd Jc 2h", "9c 9d", key(PAIR, *"9QJ2"), 2)


def test_row2_eights_behind_with_a_queen(engine):
    check(engine, "8c 8d 8h 8s Qd Jc 2h", "Qd Jc", key(QUADS, *"82"), 2)


def test_row2_sixes_split_with_only_a_jack(engine):
    check(engine, "6c 6d 6h 6s Jd 5c 2h", "6c 6d", key(PAIR, *"6J52"), 2)


def test_row2_sevens_behind_with_the_joker(engine):
    check(engine, "7c 7d 7h 7s Jk 9c 2d", "Jk 9c", key(QUADS, *"72"), 2)


def test_row2_fives_always_behind(engine):
    check(engine, "5c 5d 5h 5s 4d 3c 2h", "4d 3c", key(QUADS, *"52"), 2)


def test_row2_deuces_always_behind(engine):
    check(engine, "2c 2d 2h 2s 7d 4c 3h", "7d 4c", key(QUADS, *"23"), 2)


# ---------------------------------------------------------------- row 3: two trips
def test_row3_pair_from_higher_trips_in_front(engine):
    check(engine, "Kc Kd Kh 7c 7d 7h 2s", "Kc Kd", key(TRIPS, *"7K2"), 3)


def test_row3_higher_trips_are_aces_with_joker(engine):
    check(engine, "Ac Ad Jk 9c 9d 9h 4s", "Ac Ad", key(TRIPS, *"9A4"), 3)


def test_row3_lowest_trips(engine):
    check(engine, "3c 3d 3h 2c 2d 2h As", "3c 3d", key(TRIPS, *"2A3"), 3)


# ---------------------------------------------------------------- row 4: full house
def test_row4_pair_in_front_trips_behind(engine):
    check(engine, "Qc Qd Qh 5c 5d Ac 2h", "5c 5d", key(TRIPS, *"QA2"), 4)


def test_row4_two_pairs_higher_pair_in_front(engine):
    check(engine, "Qc Qd Qh 5c 5d Kc Kd", "Kc Kd", key(FULL, *"Q5"), 4)


def test_row4_joker_pairs_an_ace_in_front(engine):
    check(engine, "Jk Ac 8c 8d 8h 4s 2d", "Ac Jk", key(TRIPS, *"842"), 4)


def test_row4_trips_of_aces_with_joker_stay_behind(engine):
    check(engine, "Jk Ac Ad 7c 7d Kh 2s", "7c 7d", key(TRIPS, *"AK2"), 4)


# ---------------------------------------------------------------- row 5: three pairs
def test_row5_highest_pair_in_front(engine):
    check(engine, "Ac Ad 8c 8d 4c 4d Kh", "Ac Ad", key(TWO_PAIR, *"84K"), 5)


def test_row5_joker_pairs_with_ace(engine):
    check(engine, "Jk Ac Tc Td 3c 3d 9h", "Ac Jk", key(TWO_PAIR, *"T39"), 5)


def test_row5_kings_fives_deuces(engine):
    check(engine, "Kc Kd 5c 5d 2c 2d As", "Kc Kd", key(TWO_PAIR, *"52A"), 5)


# ---------------------------------------------------------------- row 6: two pairs
def test_row6_aces_up_small_pair_in_front_despite_king(engine):
    check(engine, "Ac Ad 3c 3d Kh 9s 5c", "3c 3d", key(PAIR, *"AK95"), 6)


def test_row6_queens_up_small_pair_in_front_despite_ace(engine):
    check(engine, "Qc Qd 2c 2d Ah 9s 5c", "2c 2d", key(PAIR, *"QA95"), 6)


def test_row6_two_pairs_beat_a_flush(engine):
    check(engine, "Kh Kd 4h 4c 9h 7h 2h", "4h 4c", key(PAIR, *"K972"), 6)


def test_row6_jacks_both_behind_with_an_ace(engine):
    check(engine, "Jc Jd 5c 5d Ah 9s 3c", "Ah 9s", key(TWO_PAIR, *"J53"), 6)


def test_row6_jacks_split_with_only_a_king(engine):
    check(engine, "Jc Jd 5c 5d Kh 9s 3c", "5c 5d", key(PAIR, *"JK93"), 6)


def test_row6_nines_split_with_only_a_king(engine):
    check(engine, "9c 9d 4c 4d Kh 7s 2c", "4c 4d", key(PAIR, *"9K72"), 6)


def test_row6_nines_behind_with_the_joker_as_ace(engine):
    check(engine, "9c 9d 5c 5d Jk 8s 3c", "Jk 8s", key(TWO_PAIR, *"953"), 6)


def test_row6_tens_behind_with_joker_even_with_a_straight(engine):
    # 9-T-J-Q + joker is a straight, but two pairs win; joker (ace) and Q in front
    check(engine, "Jk 9c 9d Tc Td Jh Qs", "Jk Qs", key(TWO_PAIR, *"T9J"), 6)


def test_row6_eights_behind_with_a_king(engine):
    check(engine, "8c 8d 5c 5d Kh 9s 3c", "Kh 9s", key(TWO_PAIR, *"853"), 6)


def test_row6_sixes_split_with_only_a_queen(engine):
    check(engine, "6c 6d 5c 5d Qh 9s 3c", "5c 5d", key(PAIR, *"6Q93"), 6)


def test_row6_fives_behind_with_a_queen(engine):
    check(engine, "5c 5d 3c 3d Qh 9s 2c", "Qh 9s", key(TWO_PAIR, *"532"), 6)


def test_row6_fives_split_with_only_a_jack(engine):
    check(engine, "5c 5d 3c 3d Jh 9s 2c", "3c 3d", key(PAIR, *"5J92"), 6)


# ---------------------------------------------------------------- row 7: trips + complete hand
def test_row7_trips_with_straight(engine):
    check(engine, "7c 7d 7h 8s 9c Tc Jd", "7c 7d", key(STRAIGHT, 6), 7)


def test_row7_trips_with_flush_keeps_the_suited_card_behind(engine):
    check(engine, "5h 5c 5d Kh 9h 7h 2h", "5c 5d", key(FLUSH, *"K9752"), 7)


def test_row7_trips_of_aces_joker_behind_makes_straight_flush(engine):
    # front Ac Ad; the joker joins K-Q-J-9 of hearts as the ten
    check(engine, "Jk Ac Ad Kh Qh Jh 9h", "Ac Ad", key(SF, 8), 7)


# ---------------------------------------------------------------- row 8: trips
def test_row8_aces_one_ace_and_highest_single_in_front(engine):
    check(engine, "Ac Ad Ah Kc 9d 5h 2s", "Kc Ac", key(PAIR, *"A952"), 8)


def test_row8_aces_joker_behind_makes_the_wheel(engine):
    # row 7 fails (no pair from the trips leaves a complete hand); row 8: ace + king
    # in front, and of the equal-rank choices the back As/Ah + Jk + 4-3-2 is a wheel
    check(engine, "As Ah Jk Kd 4c 3h 2s", "Kd Ah", key(STRAIGHT, 0), 8)
    check(engine, "As Ah Jk Kd 4c 3h 2s", "Kd Ah", key(STRAIGHT, 8), 8, wheel_second=True)


def test_row8_aces_with_joker_first_equal_front(engine):
    check(engine, "Ac Ad Jk 9c 7d 4h 2s", "9c Ac", key(PAIR, *"A742"), 8)


def test_row8_kings_trips_behind(engine):
    check(engine, "Kc Kd Kh Ac 9d 5h 2s", "Ac 9d", key(TRIPS, *"K52"), 8)


def test_row8_queens_behind_joker_single_in_front(engine):
    check(engine, "Qc Qd Qh Jk 8d 5h 2s", "Jk 8d", key(TRIPS, *"Q52"), 8)


# ---------------------------------------------------------------- row 9: straight / flush
def test_row9_pair_in_front_straight_behind(engine):
    check(engine, "Kc Kd 4h 5c 6d 7s 8h", "Kc Kd", key(STRAIGHT, 3), 9)


def test_row9_pair_in_front_straight_flush_behind(engine):
    check(engine, "8c 8d 9h Th Jh Qh Kh", "8c 8d", key(SF, 8), 9)


def test_row9_flush_only_non_hearts_in_front(engine):
    check(engine, "Ah Kh 9h 6h 3h Qc Jd", "Qc Jd", key(FLUSH, *"AK963"), 9)


def test_row9_six_hearts_highest_front_takes_the_ace(engine):
    check(engine, "Ah Kh Qh 9h 6h 3h 2c", "Ah 2c", key(FLUSH, *"KQ963"), 9)


def test_row9_straight_with_joker(engine):
    check(engine, "Jk 9c Td Jh 4s 3c Ks", "4s 3c", key(STRAIGHT, 8), 9)


def test_row9_wheel_both_options(engine):
    check(engine, "Ac 2d 3h 4s 5c Kd Qh", "Kd Qh", key(STRAIGHT, 0), 9)
    check(engine, "Ac 2d 3h 4s 5c Kd Qh", "Kd Qh", key(STRAIGHT, 8), 9, wheel_second=True)


def test_row9_joker_low_straight_follows_wheel_option(engine):
    check(engine, "Jk 2c 3d 4h 5s 9c 8d", "9c 8d", key(STRAIGHT, 1), 9)        # 6-high
    check(engine, "Jk 2c 3d 4h 5s 9c 8d", "9c 8d", key(STRAIGHT, 8), 9, True)  # wheel


def test_row9_two_straights_highest_front(engine):
    # backs A-2-3-4-5 (front 9-6) or 2-3-4-5-6 (front A-9): A-9 is the higher front
    check(engine, "Ac 2d 3h 4s 5c 6d 9h", "Ac 9h", key(STRAIGHT, 1), 9)


# ---------------------------------------------------------------- row 10: one pair
def test_row10_pair_behind_two_highest_singles_in_front(engine):
    check(engine, "Tc Td Ah 8s 6c 4d 2h", "Ah 8s", key(PAIR, *"T642"), 10)


def test_row10_joker_single_is_an_ace_in_front(engine):
    check(engine, "Tc Td Jk 8s 6c 4d 2h", "Jk 8s", key(PAIR, *"T642"), 10)


def test_row10_joker_pairs_with_ace_behind(engine):
    check(engine, "Jk Ac Ts 8c 6d 4h 2s", "Ts 8c", key(PAIR, *"A642"), 10)


# ---------------------------------------------------------------- row 11: high card
def test_row11_second_and_third_highest_in_front(engine):
    check(engine, "Ac Jd 9h 7s 5c 3d 2h", "Jd 9h", key(HIGH, *"A7532"), 11)


def test_row11_joker_is_the_highest_card(engine):
    check(engine, "Jk Kd 9h 7s 5c 3d 2h", "Kd 9h", key(HIGH, *"A7532"), 11)


def test_row11_king_high(engine):
    check(engine, "Kc Qd 9h 7s 5c 4d 2h", "Qd 9h", key(HIGH, *"K7542"), 11)


# ---------------------------------------------------------------- properties
def random_hands(n, seed):
    rng = random.Random(seed)
    return [rng.sample(range(53), 7) for _ in range(n)]


@pytest.mark.parametrize("wheel_second", [False, True])
def test_no_foul_and_a_proper_split_on_random_hands(engine, wheel_second):
    for cards in random_hands(1500, 7 + wheel_second):
        f, b, fk, bk, row = engine.set_hand(cards, wheel_second, 0)
        assert len(f) == 2 and len(b) == 5 and sorted(f + b) == sorted(cards)
        assert 1 <= row <= 11
        front_scale = (1 << 20 | (fk - 169) << 16) if fk >= 169 else \
            ((fk // 13) << 16 | (fk % 13) << 12)
        assert front_scale <= bk, (cards, f, b)


def test_set_hand_ignores_input_order(engine):
    for cards in random_hands(200, 99):
        assert engine.set_hand(cards, False, 0) == engine.set_hand(cards[::-1], False, 0)


# The compiled core's set_hand against the reference's on random hands, both wheel options:
# tests/test_engine_crosscheck.py (its 10,000 seeded hands, set_hand among what it compares)


# ---------------------------------------------------------------- a small deck, closed forms
def test_enumerate_counts_small_deck_closed_forms(engine):
    """Q, K, A of four suits plus the joker: 13 cards, C(13,7) = 1716 hands.

    Five aces: the four aces, the joker and any 2 of the 8 kings/queens: C(8,2) = 28.
    Quads without five aces: four kings or four queens with any 3 of the other 9 cards
    (C(9,3) = 84 each); four natural aces without the joker and 3 of the 8 others
    (C(8,3) = 56); three aces and the joker, 3 of the 8 others (4 * 56 = 224): 448.
    Only three ranks: no straight, and a flush would need five suited ranks: none.
    """
    from verifier.game.cards import deck_of_ranks
    raw = engine.enumerate_counts(deck_of_ranks("QKA"), False, 0, 1, None)
    assert raw["total"] == 1716
    assert sum(raw["rows"]) == 1716 and raw["rows"][0] == 0 and not any(raw["rows"][12:])
    assert raw["rows"][1] == 28 and raw["rows"][2] == 448
    assert raw["rows"][9] == raw["rows"][7] == 0
    assert raw["best_five"][9] == 28 and raw["best_five"][7] == 448
    assert raw["best_five"][4] == raw["best_five"][5] == raw["best_five"][8] == raw["royal"] == 0
    assert sum(raw["best_five"]) == 1716
    assert raw["fouls"] == 0
    assert sum(n for _, _, n in raw["hist_rows"]) == 1716
    assert raw["hist_rows"] == sorted(raw["hist_rows"])
    assert [sum(part.values()) for part in raw["hist_sums"]] == [1716, 1716]
    assert sum(raw["sets_seven"].values()) == sum(raw["sets_house"].values()) == 1716
    assert sum(n for m, n in raw["sets_seven"].items() if m >> 3 & 1) == 28  # five aces
    assert sum(n for m, n in raw["sets_house"].items() if m >> 3 & 1) == 0


def test_enumerate_counts_reports_progress(engine):
    from verifier.game.cards import deck_of_ranks
    done, totals = [], set()

    def report(hands, total):      # the compiled jobs' protocol: hands done, of the total
        done.append(hands)
        totals.add(total)
    raw = engine.enumerate_counts(deck_of_ranks("QKA"), True, 0, 1, report)
    seen = [b - a for a, b in zip([0] + done, done)]     # the hands of each report
    assert sum(seen) == raw["total"] == 1716
    assert totals == {1716}
