"""A progressive meter in the long run (issue 37, docs/PROGRESSIVES.md, "The meter model"):
what a meter pays per wager, its expected value, the expected meter at a hit, the house's
seeding and a cap's overflow, from the probabilities of the tiers paid from it.

The readings (stated on every output, ``READINGS``):

- ``increment-first``: each wager adds its increment (and its reserve share) before its
  hand is settled, so a hit takes its own wager's increment;
- ``share-leaves-rest``: a tier paying the share s of a meter takes s x the meter and
  leaves the rest, even below the reset; only a tier taking the whole meter (100%)
  resets it (a fixed amount beside a share is the house's);
- ``reserve-funds-reset``: at a reset the new meter starts at the reset, paid from the
  reserve first, the house seeding what it lacks; a reserve beyond the reset stays in it
  for the next reset (so the reserve changes who seeds, not what players are paid);
- ``cap-overflow``: an increment past the cap goes to the reserve if the meter has one,
  else the house keeps it.

The model: successive wagers' hands are independent (exact for one seat; several seats
dealt from one deck are near it), each hitting tier t of the meter with probability p_t.
With h = sum p_t, sigma = sum p_t s_t, h_f = the probability of a tier taking it whole,
i = increment x wager and R the reset, the meter M before a wager obeys
M' = A (M + i) + B, A = 1 - s_t on a hit of t (1 on no hit), B = R on a whole hit.

- No cap: stationary, E[M] = ((1 - sigma) i + h_f R) / sigma, the meter at a hit
  E[M + i] = (i + h_f R) / sigma, and it pays sigma E[M + i] = i + h_f R per wager (what
  goes in comes out, with the reset the house seeds at each whole hit).
- A cap C, every tier taking it whole: with q = 1 - h and K = floor((C - R) / i) the
  increments that fit below the cap, the meter at a hit is min(R + i G, C), G geometric:
  E = R + i (1 - q^K) / h + (C - R - i K) q^K (= R + i E[min(G, K)] when i divides
  C - R), E[M] = R + i q (1 - q^K) / h + (C - R - i K) q^(K+1); it pays h E per wager
  and the cap's overflow is i + h R - h E per wager.
- A secondary rate i2 at the cap (the limit): the meter goes on at i2 per wager once at
  C, from the K'-th increment (K' = K when i divides C - R, else K + 1), so the meter at
  a hit adds i2 E[(G - K')+] = i2 q^K' / h, and E[M] adds i2 q^(K'+1) / h.
- A base (initial) amount: the meter's first value at install only, so no long-run
  figure depends on it (the return at install is ``ProgressiveOdds.return_at_install``).
- A cap with a share below 100%, or a share above 100%: outside the model.

q^K is exact while it stays small (``EXACT_BITS``); otherwise it is bounded by two
rationals (binary powering rounded outward at ``PRECISION`` bits) and every figure, an
affine function of q^K, by the pair at the bounds: ``Bounded.form`` says which.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from verifier.game.progressive import Meter
from verifier.odds.values import exact_value

READINGS = {
    "order": "increment-first: each wager adds its increment (and reserve share) to the "
             "meter before its hand is settled; a hit takes its own wager's increment",
    "share": "share-leaves-rest: a share below 100% takes that share of the meter and "
             "leaves the rest (even below the reset); only a tier taking it whole resets it",
    "reserve": "reserve-funds-reset: a reset is paid from the reserve first, the house "
               "seeding what it lacks; a reserve beyond the reset stays for the next reset",
    "cap": "cap-overflow: an increment past the cap goes to the reserve if the meter has "
           "one, else the house keeps it; once at the cap, a secondary rate goes on adding "
           "to the meter and the rest of the increment overflows",
}
#: q^K is computed exactly while its numerator and denominator stay within this many bits
EXACT_BITS = 4096
#: bits kept by each bound of q^K otherwise
PRECISION = 256


@dataclass(frozen=True)
class Bounded:
    """An exact figure (low == high) or a pair of rationals that bound it."""
    low: Fraction
    high: Fraction

    @property
    def form(self) -> str:
        return "exact" if self.low == self.high else "bounds"

    def json(self) -> dict[str, Any]:
        if self.low == self.high:
            return dict(exact_value(self.low), form="exact")
        mid = (self.low + self.high) / 2
        places = round(abs(mid) * 10 ** 12)
        sign = "-" if mid < 0 else ""
        return {"low": str(self.low), "high": str(self.high), "form": "bounds",
                "decimal": float(mid),
                "decimal_12": f"{sign}{places // 10 ** 12}.{places % 10 ** 12:012d}"}


def power_bounds(q: Fraction, n: int) -> tuple[Fraction, Fraction]:
    """q^n for 0 <= q <= 1: exact (twice) while small, else a (low, high) pair."""
    if n * max(q.numerator.bit_length(), q.denominator.bit_length()) <= EXACT_BITS:
        x = q ** n
        return x, x
    scale = 1 << PRECISION

    def down(x: Fraction) -> Fraction:
        return Fraction(x.numerator * scale // x.denominator, scale)

    def up(x: Fraction) -> Fraction:
        return Fraction(-(-x.numerator * scale // x.denominator), scale)

    lo = hi = Fraction(1)
    base_lo, base_hi = down(q), up(q)
    while n:
        if n & 1:
            lo, hi = down(lo * base_lo), up(hi * base_hi)
        n >>= 1
        if n:
            base_lo, base_hi = down(base_lo * base_lo), up(base_hi * base_hi)
    return lo, hi


@dataclass(frozen=True)
class MeterRun:
    """A meter's long-run figures (dollars; per wager unless said)."""
    model: str
    expected_meter: Bounded        # E[M] before a wager, stationary
    expected_at_hit: Bounded       # E[M + increment] when a wager hits it
    paid: Bounded                  # the meter's payout per wager
    seeded: Bounded                # resets seeded per wager (reserve and house)
    overflow: Bounded              # the cap's overflow per wager
    house_seeds: Bounded           # of ``seeded``, what the house pays
    reserve_gain: Bounded          # what the reserve keeps beyond the resets' need
    tier_paid: tuple[Bounded, ...]  # each tier of the meter: E[paid] at its hit
    cap_steps: int | None = None   # K, increments below the cap

    def json(self) -> dict[str, Any]:
        return {"model": self.model, "readings": READINGS,
                "expected_meter": self.expected_meter.json(),
                "expected_at_hit": self.expected_at_hit.json(),
                "paid_per_wager": self.paid.json(), "seeded_per_wager": self.seeded.json(),
                "overflow_per_wager": self.overflow.json(),
                "house_seeds_per_wager": self.house_seeds.json(),
                "reserve_gain_per_wager": self.reserve_gain.json(),
                "tiers_expected_paid": [b.json() for b in self.tier_paid],
                "cap_increments": self.cap_steps}


def _bounded(f: Callable[[Fraction], Mapping[str, Any]], lo: Fraction, hi: Fraction
             ) -> dict[str, Any]:
    """Each figure of ``f`` (affine in x, hence monotone) bounded over x in [lo, hi]."""
    a, b = f(lo), f(hi)
    out: dict[str, Any] = {}
    for k in a:
        if isinstance(a[k], tuple):
            out[k] = tuple(Bounded(min(u, v), max(u, v)) for u, v in zip(a[k], b[k]))
        else:
            out[k] = Bounded(min(a[k], b[k]), max(a[k], b[k]))
    return out


def long_run(meter: Meter, wager: Fraction, tiers: Sequence[tuple[Fraction, Fraction, Fraction]]
             ) -> MeterRun | str:
    """The meter's long run from its tiers' (probability, share, fixed amount); or the
    reason it lies outside the model (one phrase)."""
    h = sum((p for p, _, _ in tiers), Fraction(0))
    if h == 0:
        return "no hand is paid from it"
    if any(s > 1 for _, s, _ in tiers):
        return "a share above 100%"
    sigma = sum((p * s for p, s, _ in tiers), Fraction(0))
    whole = sum((p for p, s, _ in tiers if s == 1), Fraction(0))
    i, reset, cap = meter.increment * wager, meter.reset, meter.cap
    steps = None
    figures: Callable[[Fraction], dict[str, Any]]
    if cap is None:
        def uncapped(x: Fraction) -> dict[str, Any]:
            return {"meter": ((1 - sigma) * i + whole * reset) / sigma,
                    "hit": (i + whole * reset) / sigma, "over": Fraction(0)}
        figures = uncapped
        model, lo, hi = "uncapped, by conservation", Fraction(0), Fraction(0)
    elif whole != h:
        return "a cap with a share below 100%"
    else:
        q = 1 - h
        if i == 0:
            steps, lo, hi = None, Fraction(0), Fraction(0)
        else:
            steps = int((cap - reset) // i)
            lo, hi = power_bounds(q, steps)
        k = steps or 0
        i2 = meter.secondary * wager          # q^K' = x, or q x when i leaves a part step
        late = i2 / h * (1 if reset + i * k == cap else q)

        def capped(x: Fraction) -> dict[str, Any]:
            at_hit = reset + i * (1 - x) / h + (cap - reset - i * k) * x + late * x
            return {"meter": reset + i * q * (1 - x) / h + (cap - reset - i * k) * q * x
                    + late * q * x, "hit": at_hit, "over": i + h * reset - h * at_hit}
        figures = capped
        model = "capped, taken whole: min(R + i G, C) at a hit" if not i2 else \
            "limit with a secondary rate, taken whole: R + i G to C, then i2 a wager"

    def full(x: Fraction) -> dict[str, Any]:
        f = dict(figures(x))
        seeded = whole * reset
        inflow = f["over"] + (meter.reserve * wager if meter.reserve is not None else 0)
        f["paid"] = sigma * f["hit"]
        f["house"] = max(Fraction(0), seeded - inflow) if meter.reserve is not None \
            else seeded
        f["gain"] = max(Fraction(0), inflow - seeded) if meter.reserve is not None \
            else Fraction(0)
        f["tiers"] = tuple(fixed + s * f["hit"] for _, s, fixed in tiers)
        return f

    b = _bounded(full, lo, hi)
    return MeterRun(model, b["meter"], b["hit"], b["paid"],
                    Bounded(whole * reset, whole * reset), b["over"], b["house"], b["gain"],
                    b["tiers"], steps)
