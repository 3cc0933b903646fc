"""Seven-card categories under both readings (docs/RULES.md), hand-worked, and the
best-for-bet lines.

Each Outlaw 9 vector lists every Outlaw 9 category (bits 0..15) the hand qualifies for
under the seven-card reading
(some five of the seven cards make exactly the class; royal also counts as straight
flush) and under the house-way reading (five-card categories on the back hand the
house way sets; 7-card straight flushes, 9/10 high, one colour and three pairs as
under seven-card). The house-way set is worked by hand from docs/RULES.md rows 1-11.
"""
import pytest

from verifier.game.cards import parse_cards
from verifier.game.categories import (BEST_FOR_BET_LINES, OUTLAW9_LINES, mask_to_names, names_to_mask)

OUTLAW9 = names_to_mask(OUTLAW9_LINES)

SF7, MATCH, SF7J, FIVE_ACES, ROYAL, SF, QUADS, NINE, TEN, COLOR, COLORJ, FH, FLUSH, \
    TRIPS, STRAIGHT, THREE_PAIRS = (
        "seven_card_straight_flush", "royal_flush_and_royal_match",
        "seven_card_straight_flush_with_joker", "five_aces", "royal_flush", "straight_flush",
        "four_of_a_kind", "nine_high", "ten_high", "all_one_color", "all_one_color_with_joker",
        "full_house", "flush", "three_of_a_kind", "straight", "three_pairs")

VECTORS = [
    # --- 7-card straight flush: also a straight flush and (two hearts apart) a flush;
    #     house way row 9 puts K-Q in front, 7-J straight flush behind
    ("7h 8h 9h Th Jh Qh Kh", [SF7, SF, FLUSH], [SF7, SF]),
    # A-2-...-7 counts; house way: A-7 in front, 2-6 straight flush behind
    ("Ac 2c 3c 4c 5c 6c 7c", [SF7, SF, FLUSH], [SF7, SF]),
    # no wrap-around Q-K-A-2-3-4-5: only straight flush A-5 and flushes; house way
    # row 9: the highest front A-K still leaves a flush (Q-5-4-3-2) behind
    ("Qc Kc Ac 2c 3c 4c 5c", [SF, FLUSH], [FLUSH]),
    # --- royal match: the house way splits the two pairs (Q-Q in front, pair of K behind)
    ("As Ks Qs Js Ts Kh Qh", [MATCH, ROYAL, SF, STRAIGHT], []),
    ("Jk Ks Qs Js Ts Kh Qh", [MATCH, ROYAL, SF, STRAIGHT], []),
    ("As Ks Qs Js Ts Kh Qd", [ROYAL, SF, STRAIGHT], []),
    # --- 7-card straight flush with joker; house way: Jk-K in front, 8-Q SF behind
    ("Jk 8h 9h Th Jh Qh Kh", [SF7J, ROYAL, SF, FLUSH], [SF7J, SF]),
    # joker inside the run (as the 5); house way row 9: the highest front is Jk-8
    # (joker as ace), leaving 2-3-4-6-7 of clubs, a flush
    ("Jk 2c 3c 4c 6c 7c 8c", [SF7J, SF, FLUSH], [SF7J, FLUSH]),
    # A-low with the joker as the 6; the joker pairs the ace, so house way row 9 puts
    # the pair of aces in front and 2-3-4-5-7 of diamonds (a flush) behind
    ("Jk Ad 2d 3d 4d 5d 7d", [SF7J, SF, FLUSH], [SF7J, FLUSH]),
    # eight ranks apart: no 7-card straight flush
    ("Jk 2c 3c 4c 6c 7c 9c", [SF, FLUSH], [FLUSH]),
    # --- five aces (also quads A-A-A-A-K and trips A-A-A-K-7); house way row 1: A-A in
    #     front, three aces behind
    ("Jk Ac Ad Ah As Kc 7d", [FIVE_ACES, QUADS, TRIPS], [TRIPS]),
    # --- royal flush alone; house way row 9: 4-2 in front
    ("Ah Kh Qh Jh Th 4c 2d", [ROYAL, SF], [ROYAL, SF]),
    # --- straight flushes
    ("5s 6s 7s 8s 9s Kd 2c", [SF], [SF]),
    ("As 2s 3s 4s 5s Kd Qc", [SF], [SF]),
    # --- four of a kind: nines behind with a king (row 2), split with only a queen
    ("9c 9d 9h 9s Kd 5c 2h", [QUADS, TRIPS], [QUADS]),
    ("9c 9d 9h 9s Qd 5c 2h", [QUADS, TRIPS], []),
    # --- 9 high: seven ranks, 9 top, no straight, flush, pair or joker
    ("2c 3d 4h 6s 7c 8d 9h", [NINE], [NINE]),
    ("2c 3d 4h 5s 7c 8d 9h", [NINE], [NINE]),
    ("3c 4d 5h 6s 7c 8d 9h", [STRAIGHT], [STRAIGHT]),             # straight possible
    ("2c 3c 4c 6c 8c 7d 9h", [FLUSH], [FLUSH]),                    # flush possible
    ("2c 2d 4h 6s 7c 8d 9h", [], []),                              # a pair
    ("Jk 2c 3d 4h 7s 8c 9h", [], []),                              # the joker
    # --- 10 high
    ("2c 3d 4h 6s 7c 9d Th", [TEN], [TEN]),
    ("Ts 9d 8h 7s 5c 4d 2h", [TEN], [TEN]),
    ("6c 7d 8h 9s Tc 2d 3h", [STRAIGHT], [STRAIGHT]),
    ("2c 3d 4h 6s 7c 9d Jh", [], []),                              # jack high
    # --- all one colour (pairs allowed)
    ("2h 4d 6h 8d Th Qd Kh", [COLOR], [COLOR]),
    ("2c 4s 6c 8s Tc Qs Kc", [COLOR], [COLOR]),
    ("Kh Kd 7h 7d 4h 4d 2h", [COLOR, THREE_PAIRS], [COLOR, THREE_PAIRS]),
    ("2h 4h 6h 8h Th Qd Kd", [FLUSH], [FLUSH]),                    # a flush
    ("4h 5d 6h 7d 8h Qd Kh", [STRAIGHT], [STRAIGHT]),              # a straight
    # --- six of one colour plus the joker
    ("Jk 2h 4d 6h 8d Th Qd", [COLORJ], [COLORJ]),
    ("Jk 2h 4h 6h 8h Td Qd", [FLUSH], [FLUSH]),                    # joker completes a flush
    ("Jk 2h 3d 4h 5d Td Qh", [STRAIGHT], [STRAIGHT]),              # joker completes a straight
    ("Jk 2h 4d 6h 8d Th Qs", [], []),                              # a black card
    # --- full house: row 4 puts the pair in front, so only trips behind
    ("Kc Kd Kh 7c 7d 4h 2s", [FH, TRIPS], [TRIPS]),
    ("Qc Qd Qh 5c 5d Kc Kd", [FH, TRIPS], [FH]),
    ("Jk Ac Ad Tc Td 3c 3d", [FH, TRIPS], [FH]),                   # trips, not three pairs
    # --- flush, trips, straight
    ("Ah Jh 8h 4h 2h Kc 9d", [FLUSH], [FLUSH]),
    ("7c 7d 7h As Kd 4c 2s", [TRIPS], [TRIPS]),
    ("Ac Ad Ah Kc 9d 5h 2s", [TRIPS], []),                        # row 8 splits the aces
    ("9c Td Jh Qs Kd 4c 2h", [STRAIGHT], [STRAIGHT]),
    ("7c 7d 7h 8s 9c Tc Jd", [TRIPS, STRAIGHT], [STRAIGHT]),      # row 7
    # --- three pairs
    ("Ac Ad 8c 8d 4c 4d Kh", [THREE_PAIRS], [THREE_PAIRS]),
    ("Jk Ac Tc Td 3c 3d 9h", [THREE_PAIRS], [THREE_PAIRS]),
]


@pytest.mark.parametrize("hand,seven,house", VECTORS, ids=[v[0] for v in VECTORS])
@pytest.mark.parametrize("wheel_second", [False, True])
def test_category_vectors(engine, hand, seven, house, wheel_second):
    got = tuple(m & OUTLAW9 for m in engine.categories(parse_cards(hand, 7), wheel_second, 0))
    assert (sorted(mask_to_names(got[0])), sorted(mask_to_names(got[1]))) == \
        (sorted(seven), sorted(house))
    assert got == (names_to_mask(seven), names_to_mask(house))


def test_every_category_has_a_vector_under_both_readings():
    from verifier.game.categories import CATEGORY_NAMES
    seven = set().union(*(set(v[1]) for v in VECTORS + EXTENDED))
    house = set().union(*(set(v[2]) for v in VECTORS + EXTENDED))
    # five of a kind: the wild joker's only (its vectors: tests/test_joker_wild.py)
    everything = set(CATEGORY_NAMES) - {"five_of_a_kind"}
    assert seven == everything
    # never under house way: five aces (row 1 puts two aces in front) and royal match
    # (a royal with a K-Q beside it is two pairs, set by row 6)
    assert house == everything - {FIVE_ACES, MATCH}


JACK, QUEEN, KING, ACE, TWO_PAIR, ONE_PAIR = (
    "jack_high", "queen_high", "king_high", "ace_high", "two_pair", "one_pair")

# Every category (all 22 bits), hand-worked: the high-card hands name their top card
# (the joker plays as an ace), and the pairs show whenever some five make exactly one.
EXTENDED = [
    ("2c 3d 4h 6s 7c 9d Jh", [JACK], [JACK]),
    ("2c 3d 4h 6s 7c 9d Qh", [QUEEN], [QUEEN]),
    ("2c 3d 4h 6s 7c 9d Kh", [KING], [KING]),
    # A-2-3-4 without the 5 is no straight
    ("2c 3d 4h 6s 7c 9d Ah", [ACE], [ACE]),
    ("2c 3d 4h 6s 7c 8d 9h", [NINE], [NINE]),
    # the joker as an ace: six ranks 2..9 that no joker completes to a straight
    ("Jk 2c 3d 4h 7s 8c 9h", [ACE], [ACE]),
    # the joker beside a natural ace is a pair of aces; row 10 sets K-8 in front
    ("Jk Ac 3d 4h 7s 8c Kh", [ONE_PAIR], [ONE_PAIR]),
    # two pairs, kings high: row 6 splits them (7-7 in front, K-K behind)
    ("Kc Kd 7h 7s 4c 2d 9h", [TWO_PAIR, ONE_PAIR], [ONE_PAIR]),
    # a full house also shows two pair and one pair; row 4: 7-7 in front, K-K-K behind
    ("Kc Kd Kh 7c 7d 4h 2s", [FH, TRIPS, TWO_PAIR, ONE_PAIR], [TRIPS]),
    # three pairs; row 5: A-A in front, 8-8-4-4-K behind
    ("Ac Ad 8c 8d 4c 4d Kh", [THREE_PAIRS, TWO_PAIR, ONE_PAIR], [THREE_PAIRS, TWO_PAIR]),
    # a straight beside a pair; row 9: the straight behind, 9-2 in front
    ("9c Td Jh Qs Kd 9h 2h", [STRAIGHT, ONE_PAIR], [STRAIGHT]),
]


@pytest.mark.parametrize("hand,seven,house", EXTENDED, ids=[v[0] for v in EXTENDED])
@pytest.mark.parametrize("wheel_second", [False, True])
def test_extended_category_vectors(engine, hand, seven, house, wheel_second):
    got = engine.categories(parse_cards(hand, 7), wheel_second, 0)
    assert (sorted(mask_to_names(got[0])), sorted(mask_to_names(got[1]))) == \
        (sorted(seven), sorted(house))


def _seven_card(engine, hand):
    return set(mask_to_names(engine.categories(parse_cards(hand, 7))[0]))


def test_ace_high_with_joker_is_pair_of_aces_when_ace_present(engine):
    assert _seven_card(engine, "Jk Ac 3d 4h 7s 8c Kh") == {ONE_PAIR}
    assert _seven_card(engine, "Jk Qc 3d 4h 7s 8c Kh") == {ACE}


def test_ace_high_with_joker_needs_no_straight_the_joker_completes(engine):
    # 2-3-4 + 6 and the joker as the 5
    assert ACE not in _seven_card(engine, "Jk 2c 3d 4h 6s 9c Jh")
    # T-J-Q-K and the joker as the ace
    assert ACE not in _seven_card(engine, "Jk Tc Jd Qh Ks 2c 4h")


def test_ace_high_with_joker_needs_no_four_of_a_suit(engine):
    assert _seven_card(engine, "Jk 2c 4c 8c Tc Jd Kh") == {FLUSH}


def test_a_natural_ace_high_hand_has_no_straight_with_the_wheel(engine):
    assert _seven_card(engine, "Ac 2d 3h 4s 5c 8d Th") == {STRAIGHT}
    assert _seven_card(engine, "Ac 2d 3h 4s 6c 8d Th") == {ACE}


def test_the_high_card_categories_name_one_top_card_only(engine):
    assert _seven_card(engine, "2c 3d 4h 6s 7c 9d Kh") == {KING}


def test_a_full_house_shows_the_pairs_some_five_of_its_cards_make(engine):
    assert {TWO_PAIR, ONE_PAIR} <= _seven_card(engine, "Kc Kd Kh 7c 7d 4h 2s")
    # three ranks only: no five is exactly one pair (it needs three other ranks)
    assert _seven_card(engine, "Qc Qd Qh 5c 5d Kc Kd") == {FH, TRIPS, TWO_PAIR}


# ---------------------------------------------------------------------------------------
# best-for-bet lines: every setting that is not a foul


def _lines(engine, hand):
    return set(mask_to_names(engine.best_for_bet(parse_cards(hand, 7)), BEST_FOR_BET_LINES))


def test_natural_royal_beside_natural_aces_reaches_the_jackpot_line(engine):
    lines = _lines(engine, "As Ks Qs Js Ts Ah Ad")
    assert {"natural_royal_flush_plus_natural_pair_of_aces", "royal_flush_plus_pair",
            "royal_flush"} <= lines


def test_a_joker_royal_beside_natural_aces_is_not_the_natural_jackpot(engine):
    lines = _lines(engine, "Jk Ks Qs Js Ts Ah Ad")
    assert "royal_flush_plus_pair" in lines
    assert "natural_royal_flush_plus_natural_pair_of_aces" not in lines


def test_the_joker_and_an_ace_in_front_are_a_pair_but_not_natural_aces(engine):
    lines = _lines(engine, "As Ks Qs Js Ts Ah Jk")
    assert "royal_flush_plus_pair" in lines
    assert "natural_royal_flush_plus_natural_pair_of_aces" not in lines
    assert "three_of_a_kind_plus_pair" in _lines(engine, "Jk Ah 9c 9d 9h 5s 2c")


def test_a_pair_in_front_over_a_high_card_back_is_a_foul_and_reaches_nothing(engine):
    # the only pair is the aces: in front they foul, behind they are one pair; one ace
    # behind (A-K-9-7-4 over A-2) is a high card
    assert _lines(engine, "Ac Ad Kh 9s 7c 4d 2h") == {"one_pair", "high_card"}


def test_a_front_pair_must_not_outrank_a_back_pair(engine):
    lines = _lines(engine, "Kc Kd 7h 7s 4c 2d 9h")
    # 7-7 over K-K-9-4-2 is one pair plus pair; K-K-7-7 over 9-4 is two pair
    assert {"one_pair_plus_pair", "one_pair", "two_pair", "high_card"} == lines - {
        "two_pair_plus_pair"}
    assert "two_pair_plus_pair" not in lines


def test_five_aces_with_a_pair_beside(engine):
    lines = _lines(engine, "Jk Ac Ad Ah As Kc Kd")
    assert {"five_aces_plus_pair", "five_aces", "four_of_a_kind"} <= lines


@pytest.mark.parametrize("hand,expected", [
    ("Jk Ac Ad Ah As Kc 7d", 9), ("As Ks Qs Js Ts Kh Qh", 8), ("9c 9d 9h 9s Kd 5c 2h", 7),
    ("Kc Kd Kh 7c 7d 4h 2s", 6), ("Ah Jh 8h 4h 2h Kc 9d", 5), ("9c Td Jh Qs Kd 4c 2h", 4),
    ("7c 7d 7h As Kd 4c 2s", 3), ("Ac Ad 8c 8d 4c 4d Kh", 2), ("Tc Td Ah 8s 6c 4d 2h", 1),
    ("2c 3d 4h 6s 7c 8d 9h", 0), ("Jk 2c 3d 4h 7s 8c 9h", 0), ("Jk 2c 3d 4h 7s 8c Kh", 0),
    ("Jk Ac 3d 4h 7s 8c Kh", 1),
])
def test_best_five_class(engine, hand, expected):
    assert engine.best_five_class(parse_cards(hand, 7)) == expected
