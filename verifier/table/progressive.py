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


def simulate(table: Progressive, rounds: int, seats: int, deck: Sequence[int],
             wheel_second: bool, house_way: int, seed: int = 1,
             meters: dict[str, Fraction] | None = None, path_every: int = 0,
             progress: Progress | None = None) -> ProgressiveRun:
    """``rounds`` rounds of ``seats`` seats from ``meters`` (default every reset)."""
    from verifier.engine import set_hands
    from verifier.table.custom import lines_of
    if rounds < BATCHES:
        raise ProgressiveError(f"--simulate {rounds}: at least {BATCHES} rounds (the interval "
                               f"takes {BATCHES} batches)")
    if seats < 1 or 7 * (seats + 1) > len(deck):
        raise ProgressiveError(f"--seats {seats}: from 1 to {len(deck) // 7 - 1} seats and "
                               f"the dealer on a {len(deck)}-card deck")
    value = dict(table.meter_values(meters))
    names = list(table.meters)
    rng = random.Random(seed)
    w = table.wager
    run = ProgressiveRun(rounds, seats, Fraction(0), Fraction(0), Fraction(0),
                         [0] * len(table.tiers), value)
    per_batch = rounds // BATCHES
    batch_w, batch_p = Fraction(0), Fraction(0)
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
                for m in names:                           # every wager funds the meters
                    meter = table.meters[m]
                    value[m] += meter.increment * w * seats
                    if meter.cap is not None and value[m] > meter.cap:
                        value[m] = meter.cap
                paid = Fraction(0)
                for s in range(seats):
                    lines = lines_of(table.reads, sets[base + s], dealer, hands[base + s])
                    t = table.tier_of(frozenset(lines))
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
                batch_w += w * seats
                batch_p += paid
                done += 1
                if done % per_batch == 0 and len(run.batch_returns) < BATCHES:
                    run.batch_returns.append(float((batch_p - batch_w) / batch_w))
                    batch_w, batch_p = Fraction(0), Fraction(0)
                if path_every and done % path_every == 0:
                    run.path.append((done, tuple(value[m] for m in names)))
            if report is not None:
                report(done, rounds)
    return run                          # run.meters is ``value``, as the rounds left it


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
            "interval_99": [lo, hi] if math.isfinite(hi - lo) else None, "envy_paid": float(run.envy),
            "hits": {" / ".join(t.lines): n for t, n in zip(table.tiers, run.hits)},
            "meters_at_end": {m: float(v) for m, v in run.meters.items()}}
