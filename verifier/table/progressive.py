"""A progressive table played at the table (issue 37, docs/PROGRESSIVES.md): meters funded
by every wager, hits paid at the meter's value, resets, caps and envy, round after round.

Each round deals a seven-card hand to every seat with the wager and one to the dealer
(a versus-banker read reads it) from a shuffled deck. The round's order, a reading the
simulator states: every seat's wager first adds the meters' increments (a meter stops at
its cap); then the seats are settled in order, each paid by the first tier in the table's
order its hand shows. A tier taking a meter whole resets it; a tier taking a share leaves
the rest, and the house tops the meter up to its reset if it falls below. A hit pays each
other seat the tier's envy. The return per unit is (paid - wagered) / wagered over the
seats' own tiers (the envy apart), the figure the average-win model gives exactly
(``ProgressiveOdds.long_run``), with a 99% interval from batch means.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Sequence

from verifier.game.progressive import Progressive, ProgressiveError
from verifier.support.progress import Progress, stage

BATCHES = 20
#: Student's t, 19 degrees of freedom, two-sided 99%
T_99_19 = 2.861
BLOCK = 2_000           # rounds per engine call


@dataclass
class ProgressiveRun:
    rounds: int
    seats: int
    wagered: Fraction
    paid: Fraction
    envy: Fraction
    hits: list[int]                    # per tier
    meters: dict[str, Fraction]        # at the end
    batch_returns: list[float] = field(default_factory=list)
    path: list[tuple[int, tuple[Fraction, ...]]] = field(default_factory=list)

    @property
    def return_per_unit(self) -> Fraction:
        return (self.paid - self.wagered) / self.wagered

    def interval(self) -> tuple[float, float]:
        """A 99% interval for the long-run return per unit (batch means)."""
        b = self.batch_returns
        if len(b) < 2:
            return (-math.inf, math.inf)
        mean = sum(b) / len(b)
        sd = math.sqrt(sum((x - mean) ** 2 for x in b) / (len(b) - 1))
        half = T_99_19 * sd / math.sqrt(len(b))
        return mean - half, mean + half


class MeterPlay:
    """The meters played round by round on the tiers the seats hit: the one meter model,
    for ``progressive --simulate`` (its own deal, below) and the base game's ``simulate
    --progressive`` (the hands the table deals, verifier/table/simulate.py)."""

    def __init__(self, table: Progressive, rounds: int, seats: int,
                 meters: dict[str, Fraction] | None = None, path_every: int = 0):
        self.table, self.rounds, self.path_every = table, rounds, path_every
        self.value = dict(table.meter_values(meters))
        self.names = list(table.meters)
        self.run = ProgressiveRun(rounds, seats, Fraction(0), Fraction(0), Fraction(0),
                                  [0] * len(table.tiers), self.value)
        self.per_batch = max(1, rounds // BATCHES)
        self.batch_w, self.batch_p = Fraction(0), Fraction(0)
        self.done = 0

    def round(self, tiers: Sequence[int | None]) -> Fraction:
        """One round: each seat with the wager (``tiers``: the tier each hit, None for
        none, in settlement order) funds the meters, then the seats are paid in order.
        Returns the dollars paid."""
        table, value, run, w = self.table, self.value, self.run, self.table.wager
        seats = len(tiers)
        for m in self.names:                            # every wager funds the meters
            meter = table.meters[m]
            value[m] += meter.increment * w * seats
            if meter.cap is not None and value[m] > meter.cap:
                value[m] = meter.cap
        paid = Fraction(0)
        for t in tiers:
            if t is None:
                continue
            tier = table.tiers[t]
            amount = table.paid(tier, value)
            paid += amount
            run.hits[t] += 1
            run.envy += tier.envy * (seats - 1)
            if tier.meter is not None:
                m = tier.meter
                reset = table.meters[m].reset
                value[m] = reset if tier.share >= 1 else max(value[m] - amount, reset)
        run.wagered += w * seats
        run.paid += paid
        self.batch_w += w * seats
        self.batch_p += paid
        self.done += 1
        if self.done % self.per_batch == 0 and len(run.batch_returns) < BATCHES \
                and self.batch_w:
            run.batch_returns.append(float((self.batch_p - self.batch_w) / self.batch_w))
            self.batch_w, self.batch_p = Fraction(0), Fraction(0)
        if self.path_every and self.done % self.path_every == 0:
            run.path.append((self.done, tuple(value[m] for m in self.names)))
        return paid


def check_rounds(rounds: int) -> None:
    if rounds < BATCHES:
        raise ProgressiveError(f"--simulate {rounds}: at least {BATCHES} rounds (the interval "
                               f"takes {BATCHES} batches)")


def simulate(table: Progressive, rounds: int, seats: int, deck: Sequence[int],
             wheel_second: bool, house_way: int, seed: int = 1,
             meters: dict[str, Fraction] | None = None, path_every: int = 0,
             progress: Progress | None = None) -> ProgressiveRun:
    """``rounds`` rounds of ``seats`` seats from ``meters`` (default every reset)."""
    from verifier.engine import set_hands
    from verifier.table.custom import lines_of
    check_rounds(rounds)
    if seats < 1 or 7 * (seats + 1) > len(deck):
        raise ProgressiveError(f"--seats {seats}: from 1 to {len(deck) // 7 - 1} seats and "
                               f"the dealer on a {len(deck)}-card deck")
    play = MeterPlay(table, rounds, seats, meters, path_every)
    rng = random.Random(seed)
    done = 0
    with stage(progress, "rounds", "progressive") as report:
        while done < rounds:
            n = min(BLOCK, rounds - done)
            dealt = [rng.sample(deck, 7 * (seats + 1)) for _ in range(n)]
            hands = [sorted(d[7 * s:7 * s + 7]) for d in dealt for s in range(seats + 1)]
            sets = set_hands(hands, wheel_second, house_way)
            for r in range(n):
                base = r * (seats + 1)
                dealer = sets[base + seats]
                play.round([table.tier_of(frozenset(lines_of(
                    table.reads, sets[base + s], dealer, hands[base + s])))
                    for s in range(seats)])
                done += 1
            if report is not None:
                report(done, rounds)
    return play.run                     # run.meters is the meters as the rounds left them


def path_csv(table: Progressive, run: ProgressiveRun) -> str:
    """The meters' path as CSV: the round, then each meter's value in dollars."""
    rows = ["round," + ",".join(table.meters)]
    rows += [f"{r}," + ",".join(f"{float(v):.2f}" for v in values) for r, values in run.path]
    return "\n".join(rows) + "\n"


def run_figures(table: Progressive, run: ProgressiveRun) -> dict[str, Any]:
    """The simulation's figures as JSON."""
    lo, hi = run.interval()
    return {"rounds": run.rounds, "seats": run.seats, "wagered": str(run.wagered),
            "paid": float(run.paid), "return_per_unit": float(run.return_per_unit),
            "interval_99": [lo, hi], "envy_paid": float(run.envy),
            "hits": {" / ".join(t.lines): n for t, n in zip(table.tiers, run.hits)},
            "meters_at_end": {m: float(v) for m, v in run.meters.items()}}
