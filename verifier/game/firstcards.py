"""The first cards dealt to a hand, read as a poker hand of their own: the ``first-cards``
read of a custom bet (docs/PAYTABLES.md), ``cards = k`` of them, k in 1..7 (Pai Gow
Mania's three-card bet reads the first three).

The k cards are read together, the joker as the game reads it (semi-wild): it completes
a straight, a flush or a straight flush, and is otherwise an ace. A hand qualifies for
every line its cards show under some use of the joker (a pay table's precedence then
says which of them is paid, verifier/game/pays.py):

- ``straight``, ``flush`` and the straight flushes take all k cards, and need at least
  three: k ranks in sequence (the ace high or low: A-2-3 and Q-K-A are straights), k cards
  of one suit; ``straight_flush`` with or without the joker, ``natural_straight_flush``
  without it, ``wild_straight_flush`` with it;
- the groups of a rank, the joker an ace: ``five_aces``, ``four_of_a_kind``,
  ``full_house`` (three of one rank and two of another), ``three_of_a_kind``,
  ``two_pair``, ``one_pair``: each when the cards show at least that (three of a kind
  also shows a pair).

``first_cards_lines(cards)`` reads one hand (the table); verifier/odds/firstcards.py
counts every k-card combination of a deck by the same ``lines_of``.
"""
from __future__ import annotations

from typing import Sequence

from verifier.game.cards import ACE, JOKER

#: the first-cards read's lines, high to low
FIRST_CARDS_LINES = ("natural_straight_flush", "wild_straight_flush", "straight_flush",
                     "five_aces", "four_of_a_kind", "full_house", "flush", "straight",
                     "three_of_a_kind", "two_pair", "one_pair")
#: how many first cards a read may take
CARDS_RANGE = range(1, 8)
#: straights and flushes take all k cards, at least this many
RUN_MIN = 3


def _windows(k: int) -> list[frozenset[int]]:
    """The k-rank straights (ranks 0 = two .. 12 = ace; the ace also plays low)."""
    return [frozenset(r % 13 for r in range(top - k + 1, top + 1))
            for top in range(k - 2, 13)]


def lines_of(ranks: Sequence[int], joker: bool, one_suit: bool) -> frozenset[str]:
    """The lines of k first cards: ``ranks`` how many of each rank (13 counts, two ..
    ace) the cards other than the joker hold, ``joker`` whether the joker is among them,
    ``one_suit`` whether those other cards are all of one suit."""
    k = sum(ranks) + joker
    lines = set()
    present = frozenset(r for r, n in enumerate(ranks) if n)
    if k >= RUN_MIN and max(ranks) <= 1:
        straight = any(present <= w if joker else present == w for w in _windows(k))
        if straight:
            lines.add("straight")
        if one_suit:
            lines.add("flush")
            if straight:
                lines.add("straight_flush")
                lines.add("wild_straight_flush" if joker else "natural_straight_flush")
    groups = sorted((n + (joker if r == ACE else 0) for r, n in enumerate(ranks)),
                    reverse=True)
    top, second = groups[0], groups[1]
    lines.update(line for line, shown in (
        ("five_aces", top >= 5), ("four_of_a_kind", top >= 4),
        ("full_house", top >= 3 and second >= 2), ("three_of_a_kind", top >= 3),
        ("two_pair", top >= 2 and second >= 2), ("one_pair", top >= 2)) if shown)
    return frozenset(lines)


def first_cards_lines(cards: Sequence[int], k: int) -> frozenset[str]:
    """The lines of the first ``k`` of ``cards`` (in the order they were dealt)."""
    first = list(cards)[:k]
    ranks = [0] * 13
    suits = set()
    for c in first:
        if c != JOKER:
            ranks[c >> 2] += 1
            suits.add(c & 3)
    return lines_of(ranks, JOKER in first, len(suits) <= 1)
