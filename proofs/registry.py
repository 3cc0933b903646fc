"""The list of derivations: (name, derive, published value or None, extract).

``derive()`` returns the closed-form count; ``extract(result)`` reads the same number
from an ``verifier.engine.enumeration.EnumerationResult`` (or returns None when the
enumeration does not report it). Published values: C(53,7); B. Alspach's best-five
table for seven cards from 52 + joker; the 9/10/J-high pai gow counts.

Category counts use the seven-card bonus reading: the number of hands whose Outlaw 9
category set contains the category, i.e. the sum of hands over the masks with its bit.
"""
from __future__ import annotations

from collections import namedtuple
from typing import TYPE_CHECKING

from verifier.proofs import total
from verifier.proofs import straight_flush7
from verifier.proofs import royal
from verifier.proofs import five_aces
from verifier.proofs import four_of_a_kind
from verifier.proofs import full_house
from verifier.proofs import straight_flush
from verifier.proofs import flush
from verifier.proofs import pai_gow
from verifier.proofs import one_colour
from verifier.proofs import three_pairs
from verifier.proofs import best_five_structured

if TYPE_CHECKING:
    from verifier.engine import EnumerationResult

Entry = namedtuple("Entry", "name derive published extract")

SEVEN_CARD = "seven-card"

# Outlaw 9 category bits, in pay-table order (docs/ENGINE.md; verifier/game/categories.py).
_CATEGORY_NAMES = [
    "seven_card_straight_flush", "royal_flush_and_royal_match",
    "seven_card_straight_flush_with_joker", "five_aces", "royal_flush", "straight_flush",
    "four_of_a_kind", "nine_high", "ten_high", "all_one_color", "all_one_color_with_joker",
    "full_house", "flush", "three_of_a_kind", "straight", "three_pairs",
]


def _category_bit(name):
    try:
        from verifier.game.categories import CATEGORY_BIT
        return CATEGORY_BIT[name]
    except ImportError:          # the proofs alone, without the verifier package
        return _CATEGORY_NAMES.index(name)


def category_hands(result: EnumerationResult, name: str, reading: str = SEVEN_CARD) -> int:
    """Hands whose Outlaw 9 category set (under ``reading``) contains ``name``."""
    bit = 1 << _category_bit(name)
    return sum(n for mask, n in result.outlaw9_masks[reading].items() if mask & bit)


def _category(name):
    return lambda result: category_hands(result, name)


def _best_five(cls):
    return lambda result: result.best_five[cls]


def _none(result):
    return None


_STRUCTURED_CACHE: dict = {}


def _structured(cls):
    def derive():
        if "v" not in _STRUCTURED_CACHE:
            _STRUCTURED_CACHE["v"] = best_five_structured.best_five()
        classes, royal_count = _STRUCTURED_CACHE["v"]
        return royal_count if cls == "royal" else classes[cls]
    return derive


ALSPACH = {  # seven cards from 52 + joker, best five-card hand (B. Alspach)
    "five_aces": 1_128, "straight_flush": 210_964, "four_of_a_kind": 307_472,
    "full_house": 4_188_528, "flush": 6_172_088, "straight": 11_236_028,
    "three_of_a_kind": 7_470_676, "two_pair": 35_553_816, "one_pair": 64_221_960,
    "high_card": 24_780_420,
}

ENTRIES = [
    Entry("total hands C(53,7)", total.total, 154_143_080, lambda r: r.total_hands),
    Entry("hands without the joker C(52,7)", total.no_joker, 133_784_560, _none),
    Entry("hands with the joker C(52,6)", total.with_joker, 20_358_520, _none),
    # Best five-card class counts, closed forms.
    Entry("best five: five aces", five_aces.five_aces, ALSPACH["five_aces"],
          _best_five("five_aces")),
    Entry("best five: straight flush (incl. royal)", straight_flush.best_five,
          ALSPACH["straight_flush"], _best_five("straight_flush")),
    Entry("best five: royal flush", straight_flush.royal_best_five, None,
          lambda r: r.royal_flushes),
    Entry("best five: four of a kind", four_of_a_kind.best_five, ALSPACH["four_of_a_kind"],
          _best_five("four_of_a_kind")),
    Entry("best five: full house", full_house.best_five, ALSPACH["full_house"],
          _best_five("full_house")),
    Entry("best five: flush", flush.best_five, ALSPACH["flush"], _best_five("flush")),
    Entry("best five: high card (sum of pai gows)", pai_gow.all_pai_gow,
          ALSPACH["high_card"], _best_five("high_card")),
]

# Best five-card class counts by the rank-vector x suit-subset sum (all ten classes).
for _cls in best_five_structured.CLASS_NAMES[::-1]:
    ENTRIES.append(Entry(f"best five (structured sum): {_cls.replace('_', ' ')}",
                         _structured(_cls), ALSPACH[_cls], _best_five(_cls)))
ENTRIES.append(Entry("best five (structured sum): royal flush", _structured("royal"), None,
                     lambda r: r.royal_flushes))

ENTRIES += [
    # Outlaw 9 categories, seven-card reading.
    Entry("outlaw9: 7-card straight flush", straight_flush7.without_joker, None,
          _category("seven_card_straight_flush")),
    Entry("outlaw9: royal flush and royal match", royal.royal_match, None,
          _category("royal_flush_and_royal_match")),
    Entry("outlaw9: 7-card straight flush with joker", straight_flush7.with_joker, None,
          _category("seven_card_straight_flush_with_joker")),
    Entry("outlaw9: five aces", five_aces.five_aces, None, _category("five_aces")),
    Entry("outlaw9: royal flush", royal.royal_flush, None, _category("royal_flush")),
    Entry("outlaw9: straight flush", straight_flush.best_five, None,
          _category("straight_flush")),
    Entry("outlaw9: four of a kind", four_of_a_kind.category, None,
          _category("four_of_a_kind")),
    Entry("outlaw9: 9 high", pai_gow.nine_high, 31_080, _category("nine_high")),
    Entry("outlaw9: 10 high", pai_gow.ten_high, 248_640, _category("ten_high")),
    Entry("outlaw9: all one colour", one_colour.all_one_colour, None,
          _category("all_one_color")),
    Entry("outlaw9: all one colour with joker", one_colour.all_one_colour_with_joker, None,
          _category("all_one_color_with_joker")),
    Entry("outlaw9: full house", full_house.category, None, _category("full_house")),
    Entry("outlaw9: three pairs", three_pairs.three_pairs, None, _category("three_pairs")),
    # Pai gow hands by top card (no enumeration counterpart).
    Entry("pai gow: J high", pai_gow.jack_high, 963_480, _none),
    Entry("pai gow: Q high", pai_gow.queen_high, None, _none),
    Entry("pai gow: K high", pai_gow.king_high, None, _none),
    Entry("pai gow: A high (no joker)", pai_gow.ace_high, None, _none),
    Entry("pai gow: A high, joker semi-wild (row 11)", pai_gow.ace_high_semi_wild, None,
          _none),
]


def by_name(name: str) -> Entry:
    for entry in ENTRIES:
        if entry.name == name:
            return entry
    raise KeyError(name)
