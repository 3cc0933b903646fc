"""Card parsing and printing (verifier.game.cards): notation, and errors that name the bad token."""
import pytest

from verifier.game.cards import (CardError, JOKER, card_str, cards_str, deck_of_ranks, full_deck, parse_card, parse_cards)


def test_card_numbering_is_rank_times_four_plus_suit():
    # ENGINE.md: card = rank * 4 + suit; ranks 2..A = 0..12, suits c,d,h,s = 0..3.
    assert parse_card("2c") == 0
    assert parse_card("2s") == 3
    assert parse_card("3c") == 4
    assert parse_card("As") == 12 * 4 + 3 == 51
    assert parse_card("Kh") == 11 * 4 + 2 == 46
    assert parse_card("Jk") == JOKER == 52


@pytest.mark.parametrize("token,expected", [
    ("10h", 8 * 4 + 2), ("Th", 8 * 4 + 2), ("th", 8 * 4 + 2), ("10H", 8 * 4 + 2),
    ("as", 51), ("AS", 51), ("qd", 10 * 4 + 1),
    ("Jk", 52), ("jk", 52), ("JK", 52), ("joker", 52),
])
def test_parse_card_accepts_ten_as_10_and_any_case(token, expected):
    assert parse_card(token) == expected


def test_parse_cards_spaces_commas_and_joker():
    assert parse_cards("As Kd, 10h Jk") == [51, 11 * 4 + 1, 8 * 4 + 2, 52]
    assert parse_cards("as,kd,th,jk") == [51, 45, 34, 52]
    assert parse_cards(["As", "2c"]) == [51, 0]


def test_round_trip_every_card():
    for card in full_deck():
        assert parse_card(card_str(card)) == card
    assert cards_str([51, 52, 0]) == "As Jk 2c"


@pytest.mark.parametrize("bad", ["1s", "Ax", "Zz", "A", "10", "11h", "Asd", "xyz"])
def test_unknown_card_error_names_the_token(bad):
    with pytest.raises(CardError) as err:
        parse_cards(f"Kd {bad} 2c")
    assert repr(bad) in str(err.value)


def test_duplicate_card_error_names_the_token():
    with pytest.raises(CardError) as err:
        parse_cards("As Kd as")
    assert "duplicate" in str(err.value) and "'as'" in str(err.value)
    with pytest.raises(CardError) as err:
        parse_cards("Jk 2c joker")
    assert "duplicate" in str(err.value) and "'joker'" in str(err.value)


def test_wrong_count_error():
    with pytest.raises(CardError) as err:
        parse_cards("As Kd Qh Jc Ts 9d", count=7)
    assert "expected 7" in str(err.value) and "got 6" in str(err.value)
    assert len(parse_cards("As Kd Qh Jc Ts 9d 8c", count=7)) == 7


def test_decks():
    assert full_deck() == list(range(53))
    assert deck_of_ranks("A") == [48, 49, 50, 51, 52]
    assert deck_of_ranks("a2", joker=False) == [0, 1, 2, 3, 48, 49, 50, 51]
    assert len(deck_of_ranks("9TJQKA")) == 25
