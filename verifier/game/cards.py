"""Cards: parsing and printing the usual notation.

A card is an int: ``rank * 4 + suit`` for the 52 regular cards, 52 for the joker.
Ranks 0..12 are 2..A, suits 0..3 are clubs, diamonds, hearts, spades. Sorting
card ints therefore sorts by rank, and the joker always sorts last.
"""
from __future__ import annotations

from typing import Iterable

from verifier.support.errors import VerifierError

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
JOKER = 52
DECK_SIZE = 53
ACE = 12
RED_SUITS = (1, 2)  # diamonds, hearts


class CardError(VerifierError):
    """A bad card string: the message names the offending token."""


def parse_card(token: str) -> int:
    """One token (``As``, ``10h``, ``td``, ``Jk``/``joker``) to a card int."""
    text = token.strip()
    low = text.lower()
    if low in ("jk", "joker"):
        return JOKER
    if low.startswith("10"):
        low = "t" + low[2:]
    if len(low) != 2 or low[0].upper() not in RANK_CHARS or low[1] not in SUIT_CHARS:
        raise CardError(f"bad card {token!r}: expected rank 2-9,T/10,J,Q,K,A and suit c,d,h,s, or Jk")
    return RANK_CHARS.index(low[0].upper()) * 4 + SUIT_CHARS.index(low[1])


def parse_cards(text: str | Iterable, count: int | None = None) -> list[int]:
    """A string like ``"As Kd, 10h Jk"`` (or a list of tokens) to a list of card ints.

    Rejects duplicates and, when ``count`` is given, the wrong number of cards.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else [str(t) for t in text]
    cards = []
    for token in tokens:
        card = parse_card(token)
        if card in cards:
            raise CardError(f"duplicate card {token!r}")
        cards.append(card)
    if count is not None and len(cards) != count:
        raise CardError(f"wrong number of cards: expected {count}, got {len(cards)}")
    return cards


def card_str(card: int) -> str:
    """Card int to its two-character name (``As``, ``Td``, ``Jk``)."""
    if card == JOKER:
        return "Jk"
    if not 0 <= card < JOKER:
        raise CardError(f"bad card number {card}")
    return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3]


#: the suits as a printed document shows them
SUIT_SYMBOLS = "\N{BLACK CLUB SUIT}\N{WHITE DIAMOND SUIT}\N{WHITE HEART SUIT}\N{BLACK SPADE SUIT}"


def card_display(card: int) -> str:
    """A card as a printed document shows it: ``10♠``, ``A♥``, ``Joker`` (the ten is
    "10", never the notation's "T")."""
    if card == JOKER:
        return "Joker"
    name = card_str(card)
    return ("10" if name[0] == "T" else name[0]) + SUIT_SYMBOLS[card & 3]


def tens_shown_as_10(text: str) -> str:
    """A hand's description (``pair of Ts``, ``straight, A-K-Q-J-T``) with each ten as
    "10", for a printed document."""
    import re
    return re.sub(r"(?<![A-Za-z0-9])T(?=s\b|[^A-Za-z]|$)", "10", text)


def cards_str(cards: Iterable[int]) -> str:
    """Cards to a space-separated string, in the order given."""
    return " ".join(card_str(c) for c in cards)


def full_deck() -> list[int]:
    """The 53-card deck as a sorted list of card ints."""
    return list(range(DECK_SIZE))


def deck_of_ranks(ranks: Iterable[str], joker: bool = True) -> list[int]:
    """A reduced deck: all four suits of the given rank characters, plus the joker."""
    cards = sorted(RANK_CHARS.index(r.upper()) * 4 + s for r in ranks for s in range(4))
    return cards + [JOKER] if joker else cards
