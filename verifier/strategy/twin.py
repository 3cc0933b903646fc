"""The pure-Python twin of the compiled optimal-strategy job
(``verifier.engine._strategy.StrategyJob``): the same raw sums (verifier/strategy/optimal.py)
by brute force, every player hand against every banker hand. Small decks only."""
from __future__ import annotations

import dataclasses
import math
from typing import Any, Mapping, Sequence

from verifier.game.settlement import COMMISSION, SettlementRule
from verifier.strategy.optimal import FACE_UP, empty_raw, merge_all, pattern_label


def setting_value(setting: Mapping[str, Any], ratio: tuple[int, int]) -> int:
    """v = (cd - cn) W - cd L of a counted setting (``strategy_python``'s dicts), ``ratio``
    the settlement's (cn, cd) (``SettlementRule.value_ratio``)."""
    cn, cd = ratio
    return (cd - cn) * setting["win"] - cd * setting["loss"]


def best_setting(settings: Sequence[Mapping[str, Any]], house: int,
                 ratio: tuple[int, int]) -> tuple[int, int, int]:
    """(index of the best setting, v of the best, v of the house way's) by the tie rule of
    verifier/strategy/optimal.py's docstring: the house way's setting when its v is the highest over the
    legal settings, else the first legal, not dominated setting with that v."""
    values = [setting_value(s, ratio) for s in settings]
    top = max(v for v, s in zip(values, settings) if not s["foul"])
    if values[house] == top:
        return house, top, values[house]
    best = next(i for i, s in enumerate(settings)
                if not s["foul"] and not s["dominated"] and values[i] == top)
    return best, top, values[house]


class PythonJob:
    """The compiled job's twin (``verifier.engine._strategy.StrategyJob``), by brute force: every
    player hand of ``deck`` (``units`` of them, in ``itertools.combinations(sorted(deck),
    7)`` order, each weight 1, its own class), each setting against every banker hand
    set by the house way (``strategy.strategy_python``), as ``settlement`` (a
    ``SettlementRule``; None: even money) ranks and settles them. Small decks only."""

    def __init__(self, deck, wheel_second=False, house_way=0,
                 settlement: SettlementRule | None = None, engine=None):
        from verifier.engine import all_house_keys, core
        engine = engine if engine is not None else core()
        self.settlement = settlement if settlement is not None else SettlementRule(COMMISSION)
        self.face_up = self.settlement.dealer_exposed
        #: the rule that settles one hand's counts against every banker hand: Face Up's
        #: best response is summed apart, each setting's counts are the hands' comparison
        self.by_hand = dataclasses.replace(self.settlement, dealer="hidden")
        self.deck = sorted(deck)
        # the engine's evaluation (the wheel's bit and the wild joker's), as the compiled job
        self.wheel_second, self.house_way = int(wheel_second), int(house_way)
        self.engine = engine
        self.keys = all_house_keys(self.deck, self.wheel_second, self.house_way, engine)
        self.hands = list(self.keys)
        self.units = len(self.hands)
        self.banker_hands = math.comb(len(self.deck) - 7, 7)

    def hand_raw(self, hand: Sequence[int]) -> dict[str, Any]:
        """The raw sums of one player hand."""
        from verifier.engine import strategy_python
        settings, house = strategy_python(hand, self.deck, self.wheel_second, self.house_way,
                                          self.engine, self.keys, self.settlement)
        if self.settlement.has_pushes:      # the settled counts rank the settings
            for s in settings:
                s["win"], s["loss"], _p, _t = self.by_hand.outcomes(s)
        if house is None:
            raise ValueError(f"no row of the house way sets {list(hand)}")
        best, v_best, v_house = best_setting(settings, house,
                                              self.settlement.value_ratio)
        cost = v_best - v_house
        nopt = int(cost > 0)
        kind = self.engine.best_five_class(list(hand), self.wheel_second)
        row = self.engine.set_hand(list(hand), self.wheel_second, self.house_way)[4]
        raw = empty_raw(self.banker_hands, self.face_up)
        if self.face_up:
            raw[FACE_UP] = {k: settings[0]["face_up"][k] for k in ("win", "loss")}
        raw.update(player_hands=1, player_classes=1, not_optimal=nopt, cost=cost,
                   house_way={k: settings[house][k] for k in ("win", "loss")},
                   optimal={k: settings[best][k] for k in ("win", "loss")},
                   by_type=[[kind, 1, nopt, cost]], by_row=[[row, 1, nopt, cost]],
                   patterns=[[pattern_label(hand), 1, nopt, cost, list(hand), cost,
                              list(settings[best]["front"])]])
        return raw

    def run(self, lo: int, hi: int) -> dict[str, Any]:
        """The raw sums of player hands ``lo`` to ``hi`` - 1 (every pattern met listed:
        ``prune_patterns`` at the end)."""
        if not 0 <= lo <= hi <= self.units:
            raise ValueError(f"units {lo}..{hi} not within 0..{self.units}")
        return merge_all([empty_raw(self.banker_hands, self.face_up)]
                         + [self.hand_raw(hand) for hand in self.hands[lo:hi]])


