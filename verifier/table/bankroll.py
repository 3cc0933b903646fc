"""The bankroll a California player-dealer needs to cover the table over a session, for a
given risk of not covering it, estimated from the table simulator (docs/PARSHEET.md,
"Operator figures").

The model, stated as the par sheet states it:
- the player-dealer's seat banks every round of the session (the bank is offered round the
  table and the others decline, as when a third-party proposition player banks); the six
  other seats each wager the average wager on the base game, side bets off;
- every round is the simulator's (``simulate.simulate``, one round a run: the deal, the
  house way, the settlement and the rule set's collection fees), each with its own shuffle:
  rounds are independent, so sessions are made by drawing from a pool of simulated rounds
  (with replacement, a seeded generator);
- to cover the table before round k, the bank must hold every base wager against it
  (``bank.bank_covers``); the bankroll a session needs is that cover plus the largest loss
  the player-dealer has run up before any of its rounds (results after the fee);
- the bankroll for a risk r is the (1 - r) quantile of what the sessions need. Batch
  means give it and its 95% interval: the pool is cut into BATCHES independent parts, each
  part's sessions give an estimate, and the estimate is their mean with the Student t
  interval of BATCHES - 1 degrees of freedom, so the interval holds the pool's error as
  well as the sessions'.
"""
from __future__ import annotations

import math
import random
from itertools import accumulate
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from verifier.odds.operator import POOL_ROUNDS
from verifier.support.errors import VerifierError
from verifier.table.bank import bank_covers
from verifier.table.deal import MAX_CHIPS, SEATS

if TYPE_CHECKING:
    from verifier.table.limits import TableRules

#: the session lengths (hours) and risks of not covering the table the sheet shows
SESSION_HOURS = (1, 8)
RISKS = (Fraction(1, 100), Fraction(5, 100))
#: simulated rounds in the pool (verifier/odds/operator.py), and sessions drawn from it
SESSIONS = 4_000
#: the batches of batch means, and the 0.975 quantile of Student's t with BATCHES - 1
#: degrees of freedom
BATCHES = 8
T975 = 2.3646242515927849


@dataclass(frozen=True)
class Need:
    """The bankroll that covers a session of ``rounds`` rounds but with probability
    ``risk``: the estimate and its 95% confidence interval (dollars)."""
    hours: int
    rounds: int
    risk: Fraction
    estimate: Fraction
    low: float
    high: float


@dataclass(frozen=True)
class Bankroll:
    wager: int                  # each player's base wager
    players: int
    cover: int                  # what one round's cover is
    pool_rounds: int
    sessions: int
    seed: int
    mean_round: Fraction        # the player-dealer's mean result per round in the pool
    needs: tuple                # Need, per session length and risk
    batches: int = BATCHES      # the pool's parts (batch means)

    def to_dict(self) -> dict:
        """For JSON: the model's terms and each estimate with its interval."""
        return {"wager": self.wager, "players": self.players, "cover": self.cover,
                "pool_rounds": self.pool_rounds, "sessions": self.sessions,
                "seed": self.seed, "batches": self.batches,
                "mean_round": str(self.mean_round),
                "needs": [{"hours": n.hours, "rounds": n.rounds, "risk": str(n.risk),
                           "bankroll": {"exact": str(n.estimate),
                                        "decimal": float(n.estimate)},
                           "low": n.low, "high": n.high} for n in self.needs]}


def round_results(table: TableRules, wager: int, rounds: int, seed: int) -> list[int | Fraction]:
    """The player-dealer's result (after its fee) in each of ``rounds`` simulated rounds:
    seat 1 banks, the six other seats wager ``wager`` on the base game."""
    from verifier.table.setup import uniform_setup
    from verifier.table.simulate import simulate
    wagers = (wager,) + (0,) * (len(table.kinds) - 1)
    setup = uniform_setup(wagers, bank=MAX_CHIPS, table=table)
    # round 0 of a run of one round, seeded (seed, k) for the k-th: seat 1, the first
    # banker, banks it (the compiled kernel where it runs, its rules converted once; else
    # the Python path)
    seeds = [seed * rounds + k for k in range(rounds)]
    from verifier.table.kernel import dealer_round_results
    results = dealer_round_results(setup, seeds)
    if results is not None:
        return results
    return [simulate(setup, 1, seed=s, threads=1).dealer_round.sx for s in seeds]


def session_need(results: Sequence[int | Fraction], cover: int) -> int | Fraction:
    """The bankroll one session needs: the cover plus the deepest running loss before a
    round (the loss after its last round need not be covered by a next)."""
    return cover - min(0, min(accumulate(results[:-1]), default=0))


def quantile(values: Sequence[int | Fraction], q: Fraction) -> int | Fraction:
    """The q quantile of ``values``: the smallest value with at least q of them at or below
    it."""
    ordered = sorted(values)
    return ordered[max(math.ceil(q * len(ordered)), 1) - 1]


def batch_mean(estimates: Sequence[int | Fraction]) -> tuple[Fraction, float, float]:
    """(mean, low, high): the mean of independent estimates and its 95% Student t interval
    (BATCHES estimates: T975 the t quantile of BATCHES - 1 degrees of freedom)."""
    k = len(estimates)
    mean = Fraction(sum(estimates), k)
    var = sum((x - mean) ** 2 for x in estimates) / (k - 1)
    half = T975 * math.sqrt(var / k)
    return mean, float(mean) - half, float(mean) + half


def bankroll(table: TableRules, wager: int, hands_per_hour: int, seed: int = 0,
             pool_rounds: int = POOL_ROUNDS, sessions: int = SESSIONS,
             hours: Sequence[int] = SESSION_HOURS,
             risks: Sequence[Fraction] = RISKS) -> Bankroll:
    """The bankroll a player-dealer needs for each session length and risk (the module's
    model); reproducible by ``seed``."""
    pool = round_results(table, wager, pool_rounds, seed)
    if len(pool) < BATCHES:
        raise VerifierError(f"a bankroll needs at least {BATCHES} simulated rounds")
    size = len(pool) // BATCHES
    parts = [pool[b * size:(b + 1) * size] for b in range(BATCHES)]
    players = SEATS - 1
    cover = bank_covers({s: (wager,) for s in range(players)})
    rng = random.Random(f"paigow-bankroll:{seed}")
    each = max(sessions // BATCHES, 1)
    needs = []
    for h in hours:
        n = h * hands_per_hour
        drawn = [[session_need(rng.choices(part, k=n), cover) for _ in range(each)]
                 for part in parts]
        for risk in risks:
            est, low, high = batch_mean([quantile(d, 1 - risk) for d in drawn])
            needs.append(Need(h, n, Fraction(risk), est, low, high))
    return Bankroll(wager, players, cover, pool_rounds, each * BATCHES, seed,
                    Fraction(sum(pool), len(pool)), tuple(needs))
