"""A stand-in for the strategy job (tests of the runner, tests/test_strategy_job.py): the
interface of ``verifier.engine._strategy.StrategyJob`` with sums that are simple functions of
the unit number, so that a test knows every total without the runner. The sums hold
together as a real job's do (verifier/strategy/optimal.py): the best setting wins ``k`` more
than the house way's, so the cost is (cd - cn) k per hand; tables add up to the totals;
a pattern's example is a hand of the deck with that pattern."""
import math
import os

from verifier.game.cards import JOKER, RANK_CHARS

#: units of the stand-in's job on a deck of n cards
UNITS_PER_CARD = 3


def label_of(cards):
    """The rank pattern of a hand, high to low, the joker "*" (as verifier/strategy/optimal.py)."""
    return "".join("*" if c == JOKER else RANK_CHARS[c >> 2] for c in sorted(cards, reverse=True))


def unit_sums(u, deck, commission):
    """The raw sums of unit ``u`` alone (a single player class of weight 1 + u % 4)."""
    cn, cd = commission
    deck = sorted(deck)
    w, k = 1 + u % 4, (u % 3) * (u % 5)
    cost = (cd - cn) * k
    nopt = w if k else 0
    example = sorted(deck[(u + 2 * i) % len(deck)] for i in range(7))
    return {"player_hands": w, "player_classes": 1,
            "banker_hands": math.comb(len(deck) - 7, 7),
            "house_way": {"win": w * (u % 7), "loss": w * (u % 11)},
            "optimal": {"win": w * (u % 7 + k), "loss": w * (u % 11)},
            "not_optimal": nopt, "cost": w * cost,
            "by_type": [[u % 3, w, nopt, w * cost]],
            "by_row": [[1 + u % 2, w, nopt, w * cost]],
            "patterns": [[label_of(example), w, nopt, w * cost, example, cost, example[:2]]]}


class FakeJob:
    """``FakeJob(deck, wheel_second, house_way, settlement, threads)``; ``run(lo, hi)``
    adds up ``unit_sums``. With env STUB_FAIL_AFTER=k the (k+1)-th run raises
    KeyboardInterrupt (an interrupted job)."""

    build_seconds = 0.25

    def __init__(self, deck, wheel_second=False, house_way=0, settlement=None, threads=1):
        if len(deck) % 2 == 0:
            raise ValueError("the stand-in's examples need a deck of an odd size")
        self.deck = sorted(deck)
        self.ratio = settlement.value_ratio if settlement is not None else (0, 1)
        self.units = UNITS_PER_CARD * len(deck)
        self.calls = 0
        fail = os.environ.get("STUB_FAIL_AFTER")
        self.fail_after = int(fail) if fail else None

    def run(self, lo, hi):
        if self.fail_after is not None and self.calls >= self.fail_after:
            raise KeyboardInterrupt
        self.calls += 1
        from verifier.strategy.optimal import empty_raw, merge_raw
        out = empty_raw(math.comb(len(self.deck) - 7, 7))
        for u in range(lo, hi):
            out = merge_raw(out, unit_sums(u, self.deck, self.ratio))
        return out
