"""Setting seven cards by a house-way file: the rows are tried top to bottom.

A row applies when the hand's type is one of its ``hand`` types, its rank bands hold and
its ``when`` condition holds; its ``front`` play is then made. A play names the front by
ranks (the set with the highest back among the fronts of those ranks is used, the
reading ``ties = "highest-back"``) or asks for the ``highest`` front; ``back`` asks that
the back keep at least that hand. A play that cannot be made ("if you can") gives way
to the row's ``else`` play, and with none, to the next row; a row whose condition fails
plays its ``else``, or with none, lets the next row decide.

Splits are visited in the one order of verifier/game/splits.py, as by the built-in house
ways, so equal choices are broken the same way.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from verifier.game.splits import best_split, rank_counts as _counts, splits
from verifier.game.ranking import FRONT_PAIR_BASE
from verifier.game.evaluate import (ACE, eval2, COMPLETE, FLUSH, STRAIGHT, STRAIGHT_FLUSH, class_of, eval5, is_royal_key, rank_as_ace)

#: the hand types of a row's ``hand`` (pairs, trips and quads count the joker as an ace),
#: each with the name a person reads (``house-ways compare``'s table, the workbench's)
HAND_TYPE_NAMES = {
    "five-aces": "Five aces", "quads": "Four of a kind",
    "quads-pair": "Four of a kind and a pair",
    "quads-trips": "Four of a kind and three of a kind",
    "two-trips": "Two three of a kinds", "full-house": "Full house",
    "full-house-two-pair": "Three of a kind and two pairs", "three-pair": "Three pairs",
    "two-pair": "Two pairs", "trips": "Three of a kind", "one-pair": "One pair",
    "no-pair": "No pair"}
HAND_TYPES = tuple(HAND_TYPE_NAMES)
#: names that stand for several types
HAND_FAMILIES = {"any-quads": ("quads", "quads-pair", "quads-trips"),
                 "any-full-house": ("full-house", "full-house-two-pair")}
#: the least back hand a play may ask for (``back = ...``)
BACK_CLASSES = {"complete": COMPLETE, "flush": FLUSH, "straight-flush": STRAIGHT_FLUSH}


class NoRowError(ValueError):
    """No row of the file sets this hand (``house-ways check`` reports such hands)."""


@dataclass(frozen=True)
class Setting:
    front: tuple
    back: tuple
    front_key: int
    back_key: int
    row: int            # the chart's row label (``row =`` in the file)
    row_index: int      # which [[rows]] entry decided, from 1
    row_name: str


def _value(rank_index):
    return rank_index + 2


def hand_type(cards: Sequence[int]) -> str:
    """The hand type of seven cards (joker as an ace in pairs, trips and quads)."""
    sizes = sorted(_counts(cards).values(), reverse=True)
    if sizes[0] == 5:
        return "five-aces"
    if sizes[0] == 4:
        return {3: "quads-trips", 2: "quads-pair"}.get(sizes[1], "quads")
    if sizes[0] == 3:
        if sizes[1] == 3:
            return "two-trips"
        pairs = sizes.count(2)
        return {0: "trips", 1: "full-house"}.get(pairs, "full-house-two-pair")
    return {3: "three-pair", 2: "two-pair", 1: "one-pair", 0: "no-pair"}[sizes.count(2)]


def features_of(cards: Sequence[int], wheel_second: bool = False) -> dict:
    """The features a condition reads (docs/HOUSE_WAYS.md), ranks as 2..14, 0 when absent."""
    counts = _counts(cards)
    by = {n: sorted((_value(r) for r, m in counts.items() if m == n), reverse=True)
          for n in range(1, 6)}
    first = lambda xs, i=0: xs[i] if len(xs) > i else 0  # noqa: E731
    biggest = max(counts.values())
    group = max(r for r, m in counts.items() if m == biggest)
    rest = {r: m for r, m in counts.items() if r != group}
    rest_pairs = [_value(r) for r, m in rest.items() if m >= 2]
    keys = [eval5(back, wheel_second) for _f, back in splits(sorted(cards))]
    classes = {class_of(k) for k in keys}
    straights = [(k >> 16) & 15 for k in keys if class_of(k) in (STRAIGHT, STRAIGHT_FLUSH)]
    return {
        "quads": first(by[4]) or first(by[5]),
        "trips": first(by[3]), "low_trips": first(by[3], 1),
        "pair": first(by[2]), "low_pair": first(by[2], 1), "third_pair": first(by[2], 2),
        "top_single": first(by[1]), "second_single": first(by[1], 1),
        "third_single": first(by[1], 2),
        "rest_pair": max(rest_pairs, default=0),
        "pairs": by[2], "singles": by[1],
        "joker": 52 in cards,
        "straight": bool(classes & {STRAIGHT, STRAIGHT_FLUSH}),
        "flush": bool(classes & {FLUSH, STRAIGHT_FLUSH}),
        "straight_flush": STRAIGHT_FLUSH in classes,
        "complete": max(classes) >= COMPLETE,
        "royal": any(is_royal_key(k) for k in keys),
        "ace_high_straight": 9 in straights,        # ordinal 9: to the ace
        "lower_straight": any(o != 9 for o in straights),
        # not a condition feature: the ranks outside the biggest group, for best-of-rest
        "_rest": sorted((r for r, m in rest.items() for _ in range(m)), reverse=True),
    }


def _best_of_rest(features):
    """The ranks (2..14) of the best two-card hand from the cards outside the biggest
    group: a pair if there is one, else the two highest."""
    rest = features["_rest"]
    pair = features["rest_pair"]
    if pair:
        return (pair, pair)
    return (_value(rest[0]), _value(rest[1]))


def _card_by_card(cards, least, wheel_second):
    """The reading highest_front = "card-by-card" (twin of cext/houseway.h
    hw_card_by_card): a pair in front first, the highest that keeps the back (the first
    such split); else the first split, scanning the front's first card from the highest
    of the sorted seven down and its second from the next card down, whose back is good
    enough."""
    def good(front):
        back = tuple(c for c in cards if c not in front)
        bk = eval5(back, wheel_second)
        return (front, back, eval2(front), bk) if least is None or class_of(bk) >= least \
            else None
    pairs = [s for s in (good(f) for f, _b in splits(cards)) if s and s[2] >= FRONT_PAIR_BASE]
    if pairs:
        return max(pairs, key=lambda s: s[2])          # the first of the highest
    for i in range(6, 0, -1):
        for j in range(i - 1, -1, -1):
            found = good((cards[j], cards[i]))
            if found:
                return found
    return None


def _play(cards, spec, back, features, wheel_second, improves_on=None, front_min=None,
          card_by_card=False):
    """The chosen (front, back, front_key, back_key) of one play, or None if it cannot
    be made with the cards (or, with ``improves_on``, if its front is no higher than the
    highest front that keeps that hand behind). ``card_by_card``: the reading
    highest_front = "card-by-card" for a play for the highest front."""
    if front_min is not None:
        mine = _play(cards, spec, back, features, wheel_second, improves_on,
                     card_by_card=card_by_card)
        return mine if mine is not None and mine[2] >= front_min else None
    if improves_on is not None:
        rival = _play(cards, "highest", improves_on, features, wheel_second,
                      card_by_card=card_by_card)
        mine = _play(cards, spec, back, features, wheel_second, card_by_card=card_by_card)
        if mine is None or (rival is not None and mine[2] <= rival[2]):
            return None
        return mine
    least = BACK_CLASSES[back] if back else None
    if spec == "highest" and card_by_card:
        return _card_by_card(cards, least, wheel_second)
    if spec == "highest":
        want = None
    elif spec == "best-of-rest":
        want = tuple(sorted(_best_of_rest(features), reverse=True))
    else:
        want = tuple(sorted((f(features) for f in spec), reverse=True))
        if 0 in want:
            return None                      # names a group or single the hand lacks

    def accept(front, _back, _fk, bk):
        if least is not None and class_of(bk) < least:
            return False
        if want is None:
            return True
        ranks = tuple(sorted((_value(rank_as_ace(c)) for c in front), reverse=True))
        return ranks == want
    return best_split(cards, accept, wheel_second)


def set_hand(cards: Iterable[int], house_way: Any, wheel_second: bool = False) -> Setting:
    """Seven cards (card ints, joker 52) set by a ``HouseWay``; ``NoRowError`` if no row
    covers them."""
    cards = sorted(cards)
    if len(cards) != 7 or len(set(cards)) != 7:
        raise ValueError(f"set_hand needs seven different cards, got {cards!r}")
    kind = hand_type(cards)
    features = features_of(cards, wheel_second)
    by_card = house_way.readings.get("highest_front") == "card-by-card"
    for index, row in enumerate(house_way.rows, 1):
        if kind not in row.hands:
            continue
        if not all(low <= features[name] <= high for name, (low, high) in row.bands):
            continue
        chosen = None
        if row.when is None or row.when(features):
            chosen = _play(cards, row.front, row.back, features, wheel_second,
                           row.improves_on, row.front_min, by_card)
        if chosen is None and row.otherwise is not None:
            chosen = _play(cards, row.otherwise, None, features, wheel_second,
                           card_by_card=by_card)
        if chosen is not None:
            front, back, fk, bk = chosen
            return Setting(tuple(front), tuple(back), fk, bk, row.label, index, row.name)
    raise NoRowError(f"no row of {house_way.name} sets a hand of type {kind}")


__all__ = ["HAND_TYPES", "HAND_TYPE_NAMES", "HAND_FAMILIES", "BACK_CLASSES", "NoRowError", "Setting",
           "features_of", "hand_type", "set_hand", "ACE"]
