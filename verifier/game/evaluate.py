"""Five-card and two-card keys, the obvious way (docs/ENGINE.md for the encodings).

Joker-free hands are ranked by counting ranks and suits. A hand with the joker is
ranked by brute force: the joker is replaced in turn by every regular card not among
the five, a replacement is legal when it is an ace or when the result is a straight,
flush or straight flush (docs/RULES.md: the joker is an ace or completes one of those),
and the best legal key is the hand's key. With four aces beside it the joker makes
five aces. Taking the best key gives, as docs/RULES.md says, the highest straight in a
straight and the highest missing rank of the suit in a flush.

The wild joker (a rule set's ``joker = "wild"``, docs/RULES_READINGS.md): every
replacement is legal, and beside four of a kind it makes five of a kind (a duplicate of a
card of the deck); in a two-card hand it pairs the other card. The engines take the
reading as bit 1 of their ``wheel_second`` argument (``ranking.evaluation``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from verifier.game.cards import ACE, JOKER  # noqa: F401  (evaluate.JOKER, as before)
from verifier.game.ranking import EVAL_JOKER_WILD, EVAL_WHEEL_SECOND, FRONT_PAIR_BASE, five_of_a_kind_key

HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, \
    STRAIGHT_FLUSH, FIVE_ACES = range(10)
COMPLETE = STRAIGHT  # "complete hand" = straight or better


def straight_ordinal(top: int, wheel_second: bool) -> int:
    """Ordinal 0..9 of a straight whose top rank index is ``top`` (wheel: top = 3)."""
    if not wheel_second:
        return top - 3                      # wheel 0, 6-high 1, ..., A-high 9
    if top == 3:
        return 8                            # wheel just below A-K-Q-J-T
    if top == ACE:
        return 9
    return top - 4                          # 6-high 0 ... K-high 7


def _straight_top(ranks: Sequence[int]) -> int | None:
    """Top rank of a straight made by five ranks, or None."""
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == [ACE, 3, 2, 1, 0]:
        return 3
    return None


def _nibbles(ranks: Sequence[int]) -> int:
    key = 0
    for r in ranks:
        key = key << 4 | r
    return key


def natural_key(cards: Sequence[int], wheel_second: bool = False) -> int:
    """Key of five regular cards (no joker), by counting ranks and suits."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    suits = {c & 3 for c in cards}
    counts: dict = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    # groups, biggest group first, then higher rank first
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    flush = len(suits) == 1
    top = _straight_top(ranks)
    if top is not None and flush:
        return STRAIGHT_FLUSH << 20 | straight_ordinal(top, wheel_second) << 16
    if shape == [4, 1]:
        return QUADS << 20 | order[0] << 16 | order[1] << 12
    if shape == [3, 2]:
        return FULL_HOUSE << 20 | order[0] << 16 | order[1] << 12
    if flush:
        return FLUSH << 20 | _nibbles(ranks)
    if top is not None:
        return STRAIGHT << 20 | straight_ordinal(top, wheel_second) << 16
    if shape == [3, 1, 1]:
        return TRIPS << 20 | order[0] << 16 | order[1] << 12 | order[2] << 8
    if shape == [2, 2, 1]:
        return TWO_PAIR << 20 | order[0] << 16 | order[1] << 12 | order[2] << 8
    if shape == [2, 1, 1, 1]:
        return ONE_PAIR << 20 | order[0] << 16 | order[1] << 12 | order[2] << 8 | order[3] << 4
    return HIGH_CARD << 20 | _nibbles(ranks)


@lru_cache(maxsize=None)  # only to keep reduced-deck enumerations bearable
def _joker_key(others: Sequence[int], wheel_second: bool, wild: bool = False) -> int:
    """Key of the four regular cards ``others`` plus the joker, by substitution (``wild``:
    every substitution legal, and four of a kind and the joker five of a kind)."""
    others = list(others)
    if len({c >> 2 for c in others}) == 1 and (wild or others[0] >> 2 == ACE):
        return five_of_a_kind_key(others[0] >> 2, wild)
    best = -1
    for sub in range(52):
        if sub in others:
            continue
        key = natural_key(others + [sub], wheel_second)
        legal = wild or sub >> 2 == ACE or (key >> 20) in (STRAIGHT, FLUSH, STRAIGHT_FLUSH)
        if legal and key > best:
            best = key
    return best


def eval5(cards: Sequence[int], wheel_second: int = False) -> int:
    """Five-card key (docs/ENGINE.md) of five card ints; the joker is 52.
    ``wheel_second``: the engine's evaluation (``ranking.evaluation``: bit 0 the wheel
    second, bit 1 the joker wild; a bool is the bug's)."""
    cards = sorted(cards)
    if len(cards) != 5 or len(set(cards)) != 5 or not all(0 <= c <= JOKER for c in cards):
        raise ValueError(f"eval5 needs five different cards, got {cards!r}")
    ws = bool(int(wheel_second) & EVAL_WHEEL_SECOND)
    if cards[-1] != JOKER:
        return natural_key(cards, ws)
    return _joker_key(tuple(cards[:-1]), ws, bool(int(wheel_second) & EVAL_JOKER_WILD))


def is_wild(evaluation: int) -> bool:
    """Whether an engine's evaluation argument reads the joker wild."""
    return bool(int(evaluation) & EVAL_JOKER_WILD)


def wild_card(cards: Sequence[int], evaluation: int) -> int:
    """The card a wild joker stands for when a house way sets seven cards (the reading
    ``house_way_joker_wild``): of the 46 cards not held, the one that gives the seven
    cards the best five-card hand, the highest card among equals."""
    return _wild_card(tuple(sorted(c for c in cards if c != JOKER)),
                      bool(int(evaluation) & EVAL_WHEEL_SECOND))


@lru_cache(maxsize=1 << 16)     # a hand's categories and set ask for it again
def _wild_card(naturals: tuple, wheel_second: bool) -> int:
    from itertools import combinations
    best, card = -1, -1
    for sub in range(52):
        if sub in naturals:
            continue
        key = max(natural_key(list(f), wheel_second)
                  for f in combinations(naturals + (sub,), 5))
        if key >= best:
            best, card = key, sub
    return card


def class_of(key: int) -> int:
    return key >> 20


def is_royal_key(key: int) -> bool:
    return key >> 20 == STRAIGHT_FLUSH and (key >> 16) & 15 == 9


def rank_as_ace(card: int) -> int:
    """Rank index of a card with the joker counted as an ace."""
    return ACE if card == JOKER else card >> 2


def eval2(cards: Sequence[int], wild: bool = False) -> int:
    """Two-card key: the joker is an ace (``wild``: it pairs the other card); pair r ->
    169 + r, else hi * 13 + lo."""
    if len(cards) != 2 or cards[0] == cards[1]:
        raise ValueError(f"eval2 needs two different cards, got {cards!r}")
    if wild and JOKER in cards:
        return FRONT_PAIR_BASE + rank_as_ace(min(cards))
    a, b = sorted((rank_as_ace(c) for c in cards), reverse=True)
    if a == b:
        return FRONT_PAIR_BASE + a
    return a * 13 + b


def front_on_back_scale(front_key: int) -> int:
    """Two-card key on the five-card scale (pair -> one pair, else high card)."""
    if front_key >= FRONT_PAIR_BASE:
        return ONE_PAIR << 20 | (front_key - FRONT_PAIR_BASE) << 16
    hi, lo = divmod(front_key, 13)
    return hi << 16 | lo << 12


def is_foul(front_key: int, back_key: int) -> bool:
    """The set is a foul when the two-card hand outranks the five-card hand."""
    return front_on_back_scale(front_key) > back_key
