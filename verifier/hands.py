"""One hand: the house-way set, its row and its Outlaw 9 categories (Python API)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .backend import engine
from .cards import parse_cards, cards_str
from .categories import mask_to_names
from .enumeration import HOUSE_WAY_IDS
from .ranking import CLASS_NAMES, describe_back, describe_front, is_foul
from .rules import Rules

ROW_NAMES = {
    1: "five aces",
    2: "four of a kind",
    3: "two sets of three of a kind",
    4: "full house",
    5: "three pairs",
    6: "two pairs",
    7: "three of a kind with a complete hand",
    8: "three of a kind",
    9: "straight, flush or straight flush",
    10: "one pair",
    11: "high card",
}


@dataclass
class HandSetting:
    cards: list
    front: list
    back: list
    front_key: int
    back_key: int
    row: int
    best_five: str
    categories: dict        # bonus reading -> [category names]
    rules: Rules
    row_name: str = ""
    house_way: str = ""

    @property
    def outlaw9(self):
        """Categories under the rules' bonus reading."""
        return self.categories[self.rules.bonus_reading]

    def to_json_dict(self):
        return {
            "cards": cards_str(self.cards),
            "front": cards_str(self.front),
            "back": cards_str(self.back),
            "front_key": self.front_key,
            "back_key": self.back_key,
            "front_hand": describe_front(self.front_key),
            "back_hand": describe_back(self.back_key, self.rules.wheel == "second"),
            "row": self.row,
            "row_name": self.row_name or ROW_NAMES[self.row],
            "house_way": self.house_way or self.rules.house_way,
            "best_five": self.best_five,
            "foul": is_foul(self.front_key, self.back_key),
            "outlaw9": self.outlaw9,
            "outlaw9_by_reading": self.categories,
            "rules": self.rules.as_dict(),
        }


def set_hand(cards: "str | Sequence[int]", rules: "Rules | None" = None,
             house_way=None) -> HandSetting:
    """Sets seven cards (a string like "As Ks Qs Js Ts Kh Qh", or card ints) by the house
    way of ``rules``, or by ``house_way``, a house-way file (``verifier.houseway.load``)."""
    rules = rules or Rules()
    hand = parse_cards(cards, count=7) if isinstance(cards, str) else list(cards)
    if not isinstance(cards, str):
        parse_cards([_token(c) for c in hand], count=7)  # same validation for ints
    wheel_second = rules.wheel == "second"
    if house_way is not None:
        return _set_by_file(hand, rules, house_way)
    house_way = HOUSE_WAY_IDS[rules.house_way]
    front, back, front_key, back_key, row = engine.set_hand(hand, wheel_second, house_way)
    seven, house = engine.categories(hand, wheel_second, house_way)
    return HandSetting(
        cards=hand, front=list(front), back=list(back), front_key=front_key,
        back_key=back_key, row=row,
        best_five=CLASS_NAMES[engine.best_five_class(hand)],
        categories={"seven-card": mask_to_names(seven), "house-way": mask_to_names(house)},
        rules=rules,
    )


def _set_by_file(hand, rules, house_way):
    from .errors import VerifierError
    from .houseway import set_hand as set_by_file
    from .houseway.interpret import NoRowError
    from .reference.categories import house_way_mask
    wheel_second = rules.wheel == "second"
    try:
        s = set_by_file(hand, house_way, wheel_second)
    except NoRowError as exc:
        raise VerifierError(f"{house_way.path}: {exc}") from None
    seven, _ = engine.categories(hand, wheel_second, 0)     # read on the seven cards
    house = house_way_mask(sorted(hand), s.front, s.back_key)
    return HandSetting(
        cards=hand, front=list(s.front), back=list(s.back), front_key=s.front_key,
        back_key=s.back_key, row=s.row,
        best_five=CLASS_NAMES[engine.best_five_class(hand)],
        categories={"seven-card": mask_to_names(seven), "house-way": mask_to_names(house)},
        rules=rules, row_name=s.row_name, house_way=house_way.name,
    )


def _token(card):
    from .cards import card_str, CardError
    try:
        return card_str(int(card))
    except (TypeError, ValueError):
        raise CardError(f"bad card {card!r}") from None
