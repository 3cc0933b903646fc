"""One hand: the house-way set, its row and its Outlaw 9 categories (Python API)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Collection, Sequence, TYPE_CHECKING

from verifier.engine import backend
from verifier.engine.spec import EngineSpec, as_spec
from verifier.game.cards import parse_cards, cards_str
from verifier.game.bets import default_bet
from verifier.game.categories import mask_to_names
from verifier.game.ranking import CLASS_NAMES, describe_back, describe_front, is_foul
from verifier.houseway import BUILT_IN_ROW_NAMES as ROW_NAMES
from verifier.rules.readings import Rules

if TYPE_CHECKING:
    from verifier.engine.spec import EngineSpec
    from verifier.houseway import HouseWay


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
    def bonus_categories(self) -> list[str]:
        """Categories under the rules' bonus reading (the default bet's read)."""
        return self.categories[self.rules.bonus_reading]

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "cards": cards_str(self.cards),
            "front": cards_str(self.front),
            "back": cards_str(self.back),
            "front_key": self.front_key,
            "back_key": self.back_key,
            "front_hand": describe_front(self.front_key),
            "back_hand": describe_back(self.back_key, self.rules.wheel_second),
            "row": self.row,
            "row_name": self.row_name or ROW_NAMES[self.row],
            "house_way": self.house_way or self.rules.house_way,
            "best_five": self.best_five,
            "foul": is_foul(self.front_key, self.back_key),
            default_bet().name: self.bonus_categories,
            f"{default_bet().name}_by_reading": self.categories,
            "rules": self.rules.as_dict(),
        }


def set_hand(cards: "str | Sequence[int]", rules: "Rules | EngineSpec | None" = None) -> HandSetting:
    """Sets seven cards (a string like "As Ks Qs Js Ts Kh Qh", or card ints) by the rules'
    house way: a built-in one, a shipped house-way file or a user's file. ``rules``: the
    command's ``EngineSpec`` (or the rules to make one of)."""
    from verifier.support.errors import VerifierError
    spec = as_spec(rules)
    hand = parse_cards(cards, count=7) if isinstance(cards, str) else list(cards)
    if not isinstance(cards, str):
        parse_cards([_token(c) for c in hand], count=7)  # same validation for ints
    # one hand: when no row sets it, it says so below (the whole file's check is for
    # the commands that set many hands)
    wheel_second, house_way = spec.arguments()
    core = backend.module("_core")
    front, back, front_key, back_key, row = core.set_hand(hand, wheel_second, house_way)
    seven, house = core.categories(hand, wheel_second, house_way)
    hw = spec.file
    row_name = ROW_NAMES.get(row, "") if hw is None else ""
    if hw is not None:
        if row == 0:
            from verifier.houseway import hand_type
            raise VerifierError(f"{hw.path}: no row of {hw.name} sets a hand of type "
                                f"{hand_type(hand)}")
        row, row_name = hw.rows[row - 1].label, hw.rows[row - 1].name
    return HandSetting(
        cards=hand, front=list(front), back=list(back), front_key=front_key,
        back_key=back_key, row=row,
        best_five=_class_key(core.best_five_class(hand, wheel_second), spec.rules.joker),
        categories={"seven-card": mask_to_names(seven), "house-way": mask_to_names(house)},
        rules=spec.rules, row_name=row_name, house_way=hw.name if hw is not None else "",
    )


def _class_key(cls: int, joker: str) -> str:
    """A five-card class's key; the top class under the wild joker is five_of_a_kind."""
    return "five_of_a_kind" if CLASS_NAMES[cls] == "five_aces" and joker == "wild" \
        else CLASS_NAMES[cls]


def _token(card):
    from verifier.game.cards import card_str, CardError
    try:
        return card_str(int(card))
    except (TypeError, ValueError):
        raise CardError(f"bad card {card!r}") from None


def hands_set_differently(house_way_a: HouseWay, house_way_b: HouseWay, wheel_second: bool,
                          fronts: Collection[int],
                          per_front: int = 3, sample: int = 400_000, seed: int = 26) -> dict:
    """Example hands that two house ways (loaded ``HouseWay``s) set with fronts of
    different ranks, where either front is one of ``fronts`` (two-card keys), from a
    fixed random sample of the deck's hands (``house-ways fit`` shows them beside a row
    it does not reproduce): {front key: [(cards, front by a, front by b)]}, at most
    ``per_front`` each."""
    import random
    from verifier.engine.registry import house_way_file_number
    from verifier.game.evaluate import eval2, is_wild
    core = backend.module("_core")
    a, b = house_way_file_number(house_way_a), house_way_file_number(house_way_b)
    wanted = set(fronts)
    found: dict = {k: [] for k in wanted}
    rng = random.Random(seed)
    batch = 50_000
    for _ in range(0, sample, batch):
        hands = [sorted(rng.sample(range(53), 7)) for _ in range(batch)]
        fa = [r[0] for r in core.set_hands(hands, wheel_second, a)]
        fb = [r[0] for r in core.set_hands(hands, wheel_second, b)]
        for cards, x, y in zip(hands, fa, fb):
            kx, ky = eval2(list(x), is_wild(wheel_second)), eval2(list(y), is_wild(wheel_second))
            if kx == ky:
                continue
            for k in {kx, ky} & wanted:
                if len(found[k]) < per_front:
                    found[k].append((cards, list(x), list(y)))
        if all(len(v) >= per_front for v in found.values()):
            break
    return found


def reference_set_hand(cards: Sequence[int], rules: Rules | EngineSpec | None = None) -> tuple[Any, ...]:
    """(front, back) of seven sorted cards set by the house way by the pure-Python twin,
    whatever the engine in use: the strategy figures, and so ``check``, need no compiled
    core. ``rules``: an ``EngineSpec`` (or the rules to make one of); a house way that
    sets a hand by the order of its suits is one line (the strategy job refuses it)."""
    from verifier.engine.registry import registered
    spec = as_spec(rules)
    wheel_second, _number = spec.checked(suit_symmetric=True)
    number = registered(spec.file_number, "pure-python")
    return backend.module("_core", "pure-python").set_hand(cards, wheel_second, number)[:2]
