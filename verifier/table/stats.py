"""Many rounds' statistics: exact integer sums per seat, per position and per source
(``Acc``, ``Stats``), merged block by block, with 99% intervals."""
from __future__ import annotations

import math
from fractions import Fraction

from verifier.table.deal import SEATS
from verifier.table.limits import WAGER_KINDS
from verifier.table.setup import HOUSE_SOURCES
from typing import Any

Z99 = 2.5758293035489004  # two-sided 99% normal quantile


class Acc:
    """Exact running sums of (x, w) pairs: mean of x, and the ratio sum x / sum w."""
    __slots__ = ("n", "sx", "sxx", "sw", "sww", "sxw")

    def __init__(self) -> None:
        self.n = 0
        self.sx: int | Fraction = 0
        self.sxx: int | Fraction = 0
        self.sw: int | Fraction = 0
        self.sww: int | Fraction = 0
        self.sxw: int | Fraction = 0

    def add(self, x: int | Fraction, w: int | Fraction) -> None:
        self.n += 1
        self.sx += x
        self.sxx += x * x
        self.sw += w
        self.sww += w * w
        self.sxw += x * w

    def merge(self, other: Acc) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def mean_ci(self, z: float = Z99) -> tuple[float | None, float | None]:
        """(mean of x, half-width of its confidence interval)."""
        if not self.n:
            return None, None
        mean = Fraction(self.sx, self.n)
        if self.n < 2:
            return float(mean), float("inf")
        var = (Fraction(self.sxx) - self.sx * mean) / (self.n - 1)
        return float(mean), z * math.sqrt(max(float(var), 0.0) / self.n)

    def ratio_ci(self, z: float = Z99) -> tuple[float | None, float | None]:
        """(sum x / sum w, half-width by the delta method)."""
        if not self.sw:
            return None, None
        r = Fraction(self.sx, self.sw)
        if self.n < 2:
            return float(r), float("inf")
        # residuals d = x - r w have mean 0; var(d) = (sxx - 2 r sxw + r^2 sww)/(n-1)
        var_d = (self.sxx - 2 * r * self.sxw + r * r * self.sww) / (self.n - 1)
        mean_w = Fraction(self.sw, self.n)
        return float(r), z * math.sqrt(max(float(var_d), 0.0) / self.n) / float(mean_w)

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


class Stats:
    """Everything a run of rounds adds up; exact and mergeable."""

    def __init__(self, kinds=WAGER_KINDS):
        self.kinds = tuple(kinds)                         # the bets (table.stat_kinds)
        self.rounds = 0
        self.seat_round = [Acc() for _ in range(SEATS)]   # x: net after fees, w: wagered
        self.seat_unit = [Acc() for _ in range(SEATS)]    # x: net before fees, w: wagered
        self.seat_fees = [0] * SEATS                      # as a player
        self.seat_banked = [0] * SEATS                    # rounds banked
        self.seat_bank_net: list[int | Fraction] = [0] * SEATS   # net after fees while banking
        self.bet_unit = [Acc() for _ in kinds]            # per bet kind, all seats
        self.bet_wins = [0] * len(kinds)
        # per bet kind, per round: x the round's results of that kind, w its stakes. The
        # bets of one round are not independent (one dealer hand; one Envy trigger pays
        # every other Treasure bet), so the bets' intervals are taken over rounds.
        self.bet_round = [Acc() for _ in kinds]
        self.dealer_round = Acc()                         # x: net after fees, w: bank
        self.dealer_unit = Acc()                          # x: net before fees, w: bank
        self.dealer_fees = 0
        self.cap_rounds = 0
        self.exhausted_rounds = 0
        self.win_limit_rounds = 0
        self.returned: int | Fraction = 0
        self.wagered = 0
        self.ledgers_checked = 0
        # players bank in rotation: each seat as banker (x its result after commission
        # and co-banking, w the wagers it faced); turns passed for want of chips; the
        # house's take by source (HOUSE_SOURCES), summing to dealer_round.sx
        self.bank_seat = [Acc() for _ in range(SEATS)]
        self.bank_passed = [0] * SEATS
        self.house: dict[str, int | Fraction] = dict.fromkeys(HOUSE_SOURCES, 0)
        self.path = ""                                    # "compiled" or "python": which ran
        # a progressive's tiers hit in a block, per round in order: the tier (or None) of
        # each seat with its wager, in settlement order (TableSetup.progressive); played
        # block by block as they come (``simulate``), then ``progressive`` holds the run
        self.progressive_hits: list[tuple] = []
        self.progressive: Any = None

    def merge(self, o: Stats) -> None:
        self.rounds += o.rounds
        for mine, theirs in ((self.seat_round, o.seat_round), (self.seat_unit, o.seat_unit),
                             (self.bet_unit, o.bet_unit), (self.bet_round, o.bet_round)):
            for a, b in zip(mine, theirs):
                a.merge(b)
        for a, b in zip(self.bank_seat, o.bank_seat):
            a.merge(b)
        self.bank_passed = [a + b for a, b in zip(self.bank_passed, o.bank_passed)]
        self.house = {k: self.house[k] + o.house[k] for k in HOUSE_SOURCES}
        for name in ("seat_fees", "seat_banked", "seat_bank_net", "bet_wins"):
            setattr(self, name, [a + b for a, b in zip(getattr(self, name), getattr(o, name))])
        self.dealer_round.merge(o.dealer_round)
        self.dealer_unit.merge(o.dealer_unit)
        for name in ("dealer_fees", "cap_rounds", "exhausted_rounds", "win_limit_rounds",
                     "returned", "wagered", "ledgers_checked"):
            setattr(self, name, getattr(self, name) + getattr(o, name))
