"""The deal as filed (seed 001, "Dealing Procedures and Round of Play"): piles, dice,
action seat, distribution, settlement order. Expectations worked by hand."""
import pytest

from verifier.game.cards import parse_cards
from verifier.support.errors import VerifierError
from verifier.table.deal import (action_seat, deal_piles, distribute, first_pile_seat, settlement_order, check_dice, clockwise_from)
from verifier.table.round import RoundSpec, play_round


def test_piles_left_to_right_then_right_to_left():
    deck = list(range(53))  # card i is the i-th card off the top
    piles, discard = deal_piles(deck)
    # pass 1 (cards 0-6) left to right, pass 2 (7-13) right to left, pass 3 (14-20)
    # left to right, ... pass 7 (42-48) left to right; 49-52 to the discard
    assert piles == [
        [0, 13, 14, 27, 28, 41, 42],
        [1, 12, 15, 26, 29, 40, 43],
        [2, 11, 16, 25, 30, 39, 44],
        [3, 10, 17, 24, 31, 38, 45],
        [4, 9, 18, 23, 32, 37, 46],
        [5, 8, 19, 22, 33, 36, 47],
        [6, 7, 20, 21, 34, 35, 48],
    ]
    assert discard == [49, 50, 51, 52]


def test_piles_with_named_cards():
    deck = parse_cards("As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c 2s Ah Kc Qs Jd Th 9c 8s 7d 6h 5c "
                       "4s 3d 2h Ac Ks Qd Jh Tc 9s 8d 7h 6c 5s 4d 3h 2c Ad Kh Qc Js Td 9h 8c "
                       "7s 6d 5h 4c 3s 2d Jk")
    piles, discard = deal_piles(deck)
    assert piles[0] == parse_cards("As Ah Kc Ks Qd Qc Js")
    assert piles[6] == parse_cards("8h 7c 7d 6h 6c 5s 5h")
    assert discard == parse_cards("4c 3s 2d Jk")


def test_deal_needs_53_cards():
    with pytest.raises(VerifierError):
        deal_piles(list(range(52)))


# Player-dealer in seat 1: seat 1 counts 1, 8, 15; seat 2 counts 2, 9, 16; ...
DEALER_1 = {3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 1, 9: 2, 10: 3, 11: 4, 12: 5, 13: 6, 14: 7,
            15: 1, 16: 2, 17: 3, 18: 4}
# Player-dealer in seat 5: 5 counts 1, 6 counts 2, 7 counts 3, 1 counts 4, 2 counts 5,
# 3 counts 6, 4 counts 7, then 5 counts 8 again.
DEALER_5 = {3: 7, 4: 1, 5: 2, 6: 3, 7: 4, 8: 5, 9: 6, 10: 7, 11: 1, 12: 2, 13: 3, 14: 4,
            15: 5, 16: 6, 17: 7, 18: 1}


@pytest.mark.parametrize("total", range(3, 19))
def test_first_pile_and_action_seat_for_every_total(total):
    assert first_pile_seat(total, 1) == DEALER_1[total]
    assert first_pile_seat(total, 5) == DEALER_5[total]
    # the Action button goes with the first pile, except to the player-dealer: then
    # to the player on the player-dealer's left (the next seat clockwise)
    assert action_seat(total, 1) == (2 if total in (8, 15) else DEALER_1[total])
    assert action_seat(total, 5) == (6 if total in (8, 15) else DEALER_5[total])


def test_action_seat_wraps_past_seat_7():
    assert action_seat(8, 7) == 1
    assert first_pile_seat(9, 7) == 1


def test_distribution_clockwise_from_first_seat():
    piles = [[p] for p in range(7)]
    got = distribute(piles, 3)
    assert got == {3: [0], 4: [1], 5: [2], 6: [3], 7: [4], 1: [5], 2: [6]}
    got = distribute(piles, 6, action_pile=4)  # the player-dealer chose the fifth pile
    assert got == {6: [4], 7: [5], 1: [6], 2: [0], 3: [1], 4: [2], 5: [3]}


def test_settlement_order_clockwise_from_action_without_dealer():
    assert settlement_order(3, 5) == [3, 4, 6, 7, 1, 2]
    assert settlement_order(1, 7) == [1, 2, 3, 4, 5, 6]
    assert clockwise_from(6) == [6, 7, 1, 2, 3, 4, 5]


@pytest.mark.parametrize("dice", [(0, 3, 3), (1, 2), (1, 2, 7), "abc"])
def test_bad_dice(dice):
    with pytest.raises(VerifierError):
        check_dice(dice)


def fake_setter(hands, wheel_second=False, house_way=0):
    """Keys from the first two cards (no engine needed): front 130 + card 0, back card 1."""
    return [(h[:2], h[2:], 130 + h[0], h[1], 0, 0) for h in hands]


def test_round_hands_out_piles_and_collects_idle_seats():
    # dealer seat 2, dice 1+1+2 = 4: seat 2 counts 1, 3 counts 2, 4 counts 3, 5 counts 4:
    # seat 5 gets pile 1 (cards 0,13,...), seat 6 pile 2, seat 7 pile 3, seat 1 pile 4,
    # seat 2 pile 5, seat 3 pile 6, seat 4 pile 7.
    spec = RoundSpec(dealer_seat=2, bank=1000, wagers={5: (10, 0, 0), 1: (0, 10, 0)},
                     dice=(1, 1, 2), deck=list(range(53)))
    res = play_round(spec, setter=fake_setter)
    assert res.first_seat == 5 and res.action_seat == 5
    assert res.seat_cards == {5: [0, 13, 14, 27, 28, 41, 42], 1: [3, 10, 17, 24, 31, 38, 45],
                              2: [4, 9, 18, 23, 32, 37, 46]}
    # the cards of seats 3, 4, 6, 7 (no wager) join the four dealt discards
    assert sorted(res.discard) == sorted([49, 50, 51, 52] + [1, 12, 15, 26, 29, 40, 43]
                                         + [2, 11, 16, 25, 30, 39, 44]
                                         + [5, 8, 19, 22, 33, 36, 47]
                                         + [6, 7, 20, 21, 34, 35, 48])
    # settlement starts at seat 5 and goes clockwise: seat 5 before seat 1
    assert [s for s, *_ in res.settlement.results] == [5, 1]
