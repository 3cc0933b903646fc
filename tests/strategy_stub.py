"""A stand-in for the strategy job (tests of the runner, tests/test_strategy_job.py): the
interface of ``verifier._strategy.StrategyJob`` with sums that are simple functions of
the unit number, so that a test knows every total without the runner."""
import math
import os

#: units of the stand-in's job on a deck of n cards
UNITS_PER_CARD = 3


def unit_sums(u, banker_hands):
    """The raw sums of unit ``u`` alone (a single player class of weight 1 + u % 4)."""
    w = 1 + u % 4
    cost = (u % 3) * (u % 5)
    return {"player_hands": w, "player_classes": 1, "banker_hands": banker_hands,
            "house_way": {"win": w * (u % 7), "loss": w * (u % 11)},
            "optimal": {"win": w * (u % 7 + 1), "loss": w * (u % 11)},
            "not_optimal": w if cost else 0, "cost": w * cost,
            "by_type": [[u % 3, w, w if cost else 0, w * cost]],
            "by_row": [[1 + u % 2, w, w if cost else 0, w * cost]],
            "patterns": [[f"P{u % 5}", w, w if cost else 0, w * cost, [u, u + 1], cost]]}


class FakeJob:
    """``FakeJob(deck, wheel_second, house_way, commission, threads)``; ``run(lo, hi)``
    adds up ``unit_sums``. ``calls`` counts the runs; with env STUB_FAIL_AFTER=k the
    (k+1)-th run raises KeyboardInterrupt (an interrupted job)."""

    build_seconds = 0.25

    def __init__(self, deck, wheel_second=False, house_way=0, commission=(0, 1), threads=1):
        from verifier.optimal import merge_raw  # noqa: F401 (the real merge exists)
        self.banker_hands = math.comb(len(deck) - 7, 7)
        self.units = UNITS_PER_CARD * len(deck)
        self.args = (wheel_second, house_way, tuple(commission), threads)
        self.calls = 0
        fail = os.environ.get("STUB_FAIL_AFTER")
        self.fail_after = int(fail) if fail else None

    def run(self, lo, hi):
        if self.fail_after is not None and self.calls >= self.fail_after:
            raise KeyboardInterrupt
        self.calls += 1
        from verifier.optimal import empty_raw, merge_raw
        out = empty_raw(self.banker_hands)
        for u in range(lo, hi):
            out = merge_raw(out, unit_sums(u, self.banker_hands))
        return out
