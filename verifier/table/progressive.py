"""A progressive table played at the table (issue 37, docs/PROGRESSIVES.md): meters funded
by every wager, hits paid at the meter's value, resets, caps and envy, round after round.

Each round deals a seven-card hand to every seat with the wager and one to the dealer
(a versus-banker read reads it) from a shuffled deck. The seats' wagers are played in
turn, under the meter model's readings (verifier/odds/meters.py ``READINGS``): each wager
first adds its increment to the meters (past a cap, to the reserve if there is one, else
kept by the house) and its reserve share to the reserve, then its hand is settled, paid by
the first tier in the table's order it shows. A tier taking a meter whole resets it (the
reset paid from the reserve first, the house seeding what it lacks); a tier taking a share
leaves the rest, even below the reset. A hit pays each other seat the tier's envy. The
return per unit is (paid - wagered) / wagered over the seats' own tiers (the envy apart),
the figure ``ProgressiveOdds.long_run`` gives exactly, with a 99% interval from batch
means (and one for the house's seeding per wager).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Sequence

from verifier.game.progressive import Progressive, ProgressiveError, Tier
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
    house_seeded: Fraction = Fraction(0)     # resets the house paid (the reserve lacking)
    overflow_kept: Fraction = Fraction(0)    # cap overflow the house kept
    reserves: dict[str, Fraction] = field(default_factory=dict)   # at the end
    batch_seeded: list[float] = field(default_factory=list)   # house seeding per wager

    @property
    def return_per_unit(self) -> Fraction:
        return (self.paid - self.wagered) / self.wagered

    def interval(self, batches: list[float] | None = None) -> tuple[float, float]:
        """A 99% interval for the long-run return per unit (batch means), or for the
        mean of other ``batches``."""
        b = self.batch_returns if batches is None else batches
        if len(b) < 2:
            return (-math.inf, math.inf)
        mean = sum(b) / len(b)
        sd = math.sqrt(sum((x - mean) ** 2 for x in b) / (len(b) - 1))
        half = T_99_19 * sd / math.sqrt(len(b))
        return mean - half, mean + half


class _Meters:
    """The meters and their reserves, wager by wager, under the meter model's readings
    (verifier/odds/meters.py ``READINGS``)."""

    def __init__(self, table: Progressive, start: dict[str, Fraction], run: ProgressiveRun):
        self.table, self.value, self.run = table, start, run
        self.reserve = {m: Fraction(0) for m, x in table.meters.items()
                        if x.reserve is not None}
        run.reserves = self.reserve

    def fund(self) -> None:
        """One wager: its increment to each meter (the overflow past a cap to the
        reserve, else kept), its reserve share to the reserve."""
        w = self.table.wager
        for m, meter in self.table.meters.items():
            over = Fraction(0)
            if meter.cap is not None and meter.secondary and self.value[m] >= meter.cap:
                self.value[m] += meter.secondary * w
                over = (meter.increment - meter.secondary) * w
            else:
                self.value[m] += meter.increment * w
                if meter.cap is not None and self.value[m] > meter.cap:
                    over, self.value[m] = self.value[m] - meter.cap, meter.cap
            if over:
                if m in self.reserve:
                    self.reserve[m] += over
                else:
                    self.run.overflow_kept += over
            if meter.reserve is not None:
                self.reserve[m] += meter.reserve * w

    def pay(self, tier: Tier) -> Fraction:
        """A hit on ``tier``: its amount; a share below 100% leaves the rest, a tier
        taking the meter whole resets it, from the reserve first, the house the rest."""
        amount = self.table.paid(tier, self.value)
        if tier.meter is not None:
            m = tier.meter
            if tier.share >= 1:
                reset = self.table.meters[m].reset
                funded = min(self.reserve.get(m, Fraction(0)), reset)
                if m in self.reserve:
                    self.reserve[m] -= funded
                self.run.house_seeded += reset - funded
                self.value[m] = reset
            else:
                self.value[m] -= amount - tier.fixed
        return amount


class MeterPlay:
    """The meters played round by round on the tiers the seats hit: the one meter model,
    for ``progressive --simulate`` (its own deal, below) and the base game's ``simulate
    --progressive`` (the hands the table deals, verifier/table/simulate.py)."""

    def __init__(self, table: Progressive, rounds: int, seats: int,
                 meters: dict[str, Fraction] | None = None, path_every: int = 0):
        self.table, self.path_every = table, path_every
        self.value = dict(table.meter_values(meters, at="install"))
        self.names = list(table.meters)
        self.run = ProgressiveRun(rounds, seats, Fraction(0), Fraction(0), Fraction(0),
                                  [0] * len(table.tiers), self.value)
        self.state = _Meters(table, self.value, self.run)
        self.per_batch = max(1, rounds // BATCHES)
        self.batch_w, self.batch_p, self.batch_s = Fraction(0), Fraction(0), Fraction(0)
        self.done = 0

    def round(self, tiers: Sequence[int | None]) -> Fraction:
        """One round: the wagers of the seats with it (``tiers``: the tier each hits, None
        for none, in settlement order) played in turn, each funding the meters, then
        settled. Returns the dollars paid."""
        table, run, w = self.table, self.run, self.table.wager
        seats = len(tiers)
        paid, seeded = Fraction(0), run.house_seeded
        for t in tiers:                              # each wager in turn, seat by seat
            self.state.fund()
            if t is None:
                continue
            tier = table.tiers[t]
            paid += self.state.pay(tier)
            run.hits[t] += 1
            run.envy += tier.envy * (seats - 1)
        run.wagered += w * seats
        run.paid += paid
        self.batch_w += w * seats
        self.batch_p += paid
        self.batch_s += run.house_seeded - seeded
        self.done += 1
        if self.done % self.per_batch == 0 and len(run.batch_returns) < BATCHES \
                and self.batch_w:
            run.batch_returns.append(float((self.batch_p - self.batch_w) / self.batch_w))
            run.batch_seeded.append(float(self.batch_s / self.batch_w * w))
            self.batch_w, self.batch_p, self.batch_s = Fraction(0), Fraction(0), Fraction(0)
        if self.path_every and self.done % self.path_every == 0:
            run.path.append((self.done, tuple(self.value[m] for m in self.names)))
        return paid


def check_rounds(rounds: int) -> None:
    if rounds < BATCHES:
        raise ProgressiveError(f"--simulate {rounds}: at least {BATCHES} rounds (the interval "
                               f"takes {BATCHES} batches)")


def check_play(rounds: int, seats: int, deck_size: int) -> None:
    """A one-line error unless ``rounds`` rounds of ``seats`` seats and the dealer can be
    played on a deck of ``deck_size`` cards (checked before any figure is worked out)."""
    check_rounds(rounds)
    if seats < 1 or 7 * (seats + 1) > deck_size:
        raise ProgressiveError(f"--seats {seats}: from 1 to {deck_size // 7 - 1} seats and "
                               f"the dealer on a {deck_size}-card deck")


def simulate(table: Progressive, rounds: int, seats: int, deck: Sequence[int],
             wheel_second: int, house_way: int, seed: int = 1,
             meters: dict[str, Fraction] | None = None, path_every: int = 0,
             progress: Progress | None = None) -> ProgressiveRun:
    """``rounds`` rounds of ``seats`` seats from ``meters`` (default: as installed, every
    meter at its base, else its reset)."""
    from verifier.engine import set_hands
    from verifier.table.custom import lines_of
    check_play(rounds, seats, len(deck))
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
                    table.reads, sets[base + s], dealer, hands[base + s], 0, wheel_second)))
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
    seeded = run.interval(run.batch_seeded)
    return {"rounds": run.rounds, "seats": run.seats, "wagered": str(run.wagered),
            "paid": float(run.paid), "return_per_unit": float(run.return_per_unit),
            "interval_99": [lo, hi] if math.isfinite(hi - lo) else None,
            "envy_paid": float(run.envy),
            "house_seeded": float(run.house_seeded),
            "house_seeded_per_wager": float(run.house_seeded / run.wagered * table.wager),
            "house_seeded_interval_99": (list(seeded) if math.isfinite(seeded[1] - seeded[0])
                                         else None),
            "overflow_kept": float(run.overflow_kept),
            "reserves_at_end": {m: float(v) for m, v in run.reserves.items()},
            "hits": {" / ".join(t.lines): n for t, n in zip(table.tiers, run.hits)},
            "meters_at_end": {m: float(v) for m, v in run.meters.items()}}
