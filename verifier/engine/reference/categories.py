"""Outlaw 9 High or Better categories, by their definitions in docs/RULES.md.

Bit i of a mask is line i of the filed pay table (docs/ENGINE.md, verifier/game/categories.py).
Two readings:
- seven-card: a five-card category qualifies when some five of the seven cards make
  exactly that class under the joker rules (a five holding the joker shows the class
  of its best reading; a royal flush also counts as a straight flush);
- house-way: the five-card categories are judged on the back hand as the house way
  sets it, royal match needs that back royal plus a natural suited K-Q front; the
  seven-card categories are read as under seven-card.

Readings where docs/RULES.md leaves room (also in docs/RULES_READINGS.md):
- A five holding the joker shows only the class of its best reading: Jk with four
  suited cards in sequence is a straight flush, not also a flush or a straight.
- Under house-way a royal back also counts as a straight flush (as under seven-card).
  Consequences: five aces never qualifies under house-way (row 1 always puts two aces
  in front), nor does royal match (a royal beside a K-Q is two pairs, set by row 6).
- Royal match: the K-Q must be natural (in a two-card hand the joker is an ace).
- All one colour: pairs are allowed (the filing excludes only straights and flushes);
  "no straight or flush possible" also excludes straight flushes, and the joker
  version fails when the joker completes any of them.
- 9 high ... ace high (a "pai gow"): the best five of the seven cards is a high card
  (so no pair, straight, flush or straight flush), named by the top card; the joker
  plays as an ace, so a joker hand is ace high or not a pai gow (a natural ace beside it
  is a pair of aces). This is the semi-wild reading of Pai Gow Insurance
  (verifier/odds/emperors.py).
- two pair / one pair: some five of the seven cards make exactly that class (a full
  house hand has both), like the other five-card categories.

The wild joker (``wild``, docs/RULES_READINGS.md ``joker``): every five is valued with
the joker wild, so a joker hand is never a pai gow; five of a kind (four of a kind and
the joker) shows ``five_of_a_kind``, and ``five_aces`` too when its rank is the ace; three
pairs is read on the seven cards with the joker as the card the house way reads it as
(``evaluate.wild_card``).

Best-for-bet lines (verifier/game/categories.py BEST_FOR_BET_LINES): every setting of the
seven cards that is not a foul reaches its back hand's class, and with a pair in front
that class plus pair; a natural royal back beside two natural aces also the jackpot line.
"""
from __future__ import annotations

from itertools import combinations

from verifier.game.categories import BEST_FOR_BET_BIT, CATEGORY_BIT as BIT, TOP_CARD_CATEGORY
from verifier.game.ranking import CLASS_NAMES

from verifier.game.ranking import EVAL_JOKER_WILD
from verifier.game.evaluate import wild_card
from verifier.game.evaluate import (ACE, FIVE_ACES, FLUSH, FRONT_PAIR_BASE, FULL_HOUSE, HIGH_CARD, JOKER, ONE_PAIR, QUADS, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIR, class_of, eval2, eval5, is_foul, is_royal_key, rank_as_ace)
from typing import Iterator, Sequence

KING, QUEEN = 11, 10
RED_SUITS = (1, 2)

FIVE_CARD_BIT = {
    FIVE_ACES: BIT["five_aces"],
    STRAIGHT_FLUSH: BIT["straight_flush"],
    QUADS: BIT["four_of_a_kind"],
    FULL_HOUSE: BIT["full_house"],
    FLUSH: BIT["flush"],
    TRIPS: BIT["three_of_a_kind"],
    STRAIGHT: BIT["straight"],
    TWO_PAIR: BIT["two_pair"],
    ONE_PAIR: BIT["one_pair"],
}

# The seven-rank sequences a 7-card straight flush can occupy: 2-8 ... 8-A, and A-2-...-7.
SEVEN_SEQUENCES = [set(range(low, low + 7)) for low in range(0, 7)] + [{ACE, 0, 1, 2, 3, 4, 5}]


def five_card_mask(key: int, wild: bool = False) -> int:
    """Categories shown by one five-card key (a royal is a royal and a straight flush;
    ``wild``: the top class is five of a kind, five aces only when of aces)."""
    cls = class_of(key)
    if wild and cls == FIVE_ACES:
        return 1 << BIT["five_of_a_kind"] | ((key >> 16 & 15) == ACE) << BIT["five_aces"]
    mask = 1 << FIVE_CARD_BIT[cls] if cls in FIVE_CARD_BIT else 0
    if is_royal_key(key):
        mask |= 1 << BIT["royal_flush"]
    return mask


def _evaluation(wild: int) -> int:
    """The engine's evaluation argument a ``wild`` argument stands for: an engine's
    evaluation itself (its wheel bit kept: a wild card's choice may depend on it), or a
    bool (True: wild, the wheel lowest)."""
    return EVAL_JOKER_WILD if wild is True else int(wild)


def five_subsets(cards: Sequence[int]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """All 21 (five, other two) partitions of seven cards."""
    for five in combinations(cards, 5):
        yield five, tuple(c for c in cards if c not in five)


def is_natural_suited_kq(two: Sequence[int]) -> bool:
    if JOKER in two:
        return False
    a, b = two
    return a & 3 == b & 3 and {a >> 2, b >> 2} == {KING, QUEEN}


def straight_or_flush_possible(cards: Sequence[int]) -> bool:
    """Some five of the cards can form a straight, flush or straight flush (the joker
    completes one under either reading)."""
    return any(class_of(eval5(five)) in (STRAIGHT, FLUSH, STRAIGHT_FLUSH)
               for five, _ in five_subsets(cards))


def seven_card_only_mask(cards: Sequence[int], wild: int = False) -> int:
    """The categories read from all seven cards under either reading: 7-card straight
    flushes, 9 high .. ace high, one colour (with and without joker), three pairs."""
    mask = 0
    naturals = [c for c in cards if c != JOKER]
    has_joker = len(naturals) == 6
    suits = {c & 3 for c in naturals}
    ranks = {c >> 2 for c in naturals}
    # 7-card straight flush: seven suited natural cards in sequence (A-2-...-7 counts).
    if not has_joker and len(suits) == 1 and ranks in SEVEN_SEQUENCES:
        mask |= 1 << BIT["seven_card_straight_flush"]
    # ... with joker: six suited cards and the joker making seven in sequence.
    if has_joker and len(suits) == 1 and any(ranks <= seq for seq in SEVEN_SEQUENCES):
        mask |= 1 << BIT["seven_card_straight_flush_with_joker"]
    # 9 high .. ace high: every five of the seven is a high card; the top card names it.
    if all(class_of(eval5(five, _evaluation(wild))) == HIGH_CARD
           for five, _ in five_subsets(cards)):
        mask |= 1 << BIT[TOP_CARD_CATEGORY[max(rank_as_ace(c) for c in cards)]]
    # All red or all black: one colour, no straight or flush possible; the joker version
    # is six cards of one colour plus the joker (which must not complete one either).
    colours = {s in RED_SUITS for s in suits}
    if len(colours) == 1 and not straight_or_flush_possible(cards):
        mask |= 1 << BIT["all_one_color_with_joker" if has_joker else "all_one_color"]
    # Three pairs: exactly three pairs and no trips (the joker pairs with an ace).
    counts: dict = {}
    if _evaluation(wild) & EVAL_JOKER_WILD and has_joker:
        cards = naturals + [wild_card(cards, _evaluation(wild))]
    for c in cards:
        counts[rank_as_ace(c)] = counts.get(rank_as_ace(c), 0) + 1
    if sorted(counts.values(), reverse=True) == [2, 2, 2, 1]:
        mask |= 1 << BIT["three_pairs"]
    return mask


def seven_card_mask(cards: Sequence[int], wild: int = False) -> int:
    """The seven-card reading's mask."""
    mask = seven_card_only_mask(cards, wild)
    for five, two in five_subsets(cards):
        key = eval5(five, _evaluation(wild))
        mask |= five_card_mask(key, bool(_evaluation(wild) & EVAL_JOKER_WILD))
        if is_royal_key(key) and is_natural_suited_kq(two):
            mask |= 1 << BIT["royal_flush_and_royal_match"]
    return mask


def house_way_mask(cards: Sequence[int], front: Sequence[int], back_key: int,
                   wild: int = False) -> int:
    """The house-way reading's mask, given the house-way set (front cards, back key)."""
    mask = seven_card_only_mask(cards, wild) | five_card_mask(
        back_key, bool(_evaluation(wild) & EVAL_JOKER_WILD))
    if is_royal_key(back_key) and is_natural_suited_kq(front):
        mask |= 1 << BIT["royal_flush_and_royal_match"]
    return mask


def best_for_bet_mask(cards: Sequence[int], wild: int = False) -> int:
    """The best-for-bet lines of seven cards: over every setting that is not a foul (the
    wild joker's five of a kind on the top class's lines, five_aces)."""
    mask = 0
    for five, two in five_subsets(cards):
        back, front = eval5(five, _evaluation(wild)), eval2(list(two), bool(_evaluation(wild) & EVAL_JOKER_WILD))
        if is_foul(front, back):
            continue
        line = "royal_flush" if is_royal_key(back) else CLASS_NAMES[class_of(back)]
        mask |= 1 << BEST_FOR_BET_BIT[line]
        if front >= FRONT_PAIR_BASE:
            mask |= 1 << BEST_FOR_BET_BIT[line + "_plus_pair"]
        if (is_royal_key(back) and JOKER not in five and JOKER not in two
                and all(c >> 2 == ACE for c in two)):
            mask |= 1 << BEST_FOR_BET_BIT["natural_royal_flush_plus_natural_pair_of_aces"]
    return mask
