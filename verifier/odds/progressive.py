"""The exact figures of a progressive table (issue 37, docs/PROGRESSIVES.md) from the hands
each tier is paid on: all Fractions, per unit of the wager unless said.

- ``return_at(meters)``: E[paid] / wager - 1 at the given meter values (the others at
  today's amount, else their reset); ``return_at_reset()`` and ``return_at_install()``
  (every meter at its base, else its reset): the rules' return at reset and at install;
- ``per_unit_of_meter(m)``: what a dollar more on meter m adds to the return;
- ``break_even(m)``: the value of meter m (the others as given) at which the return is 0;
- ``expected_at_hit(m)`` and ``long_run()``: the average-win model. Every wager at the
  table adds the meter's increment, and each wager hits one of the meter's tiers with
  probability h, independently, so 1 / h wagers fund it between hits on average, whatever
  the number of seats: the meter when hit is reset + increment x wager / h, and in the
  long run the meter pays out increment x wager + h x reset per wager (what goes in comes
  out, plus the reset the house seeds at each hit). Meters with shares below 100%, a
  fixed amount beside a share, a reserve or a cap: ``meter_run`` (verifier/odds/meters.py,
  the meter model), whose figures ``figures`` adds under the meter's ``long_run``, and
  ``long_run_bounds`` when the long run is a bound pair.
- ``envy_per_other_seat``: dollars each other seat's hand pays this seat, per round.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Mapping

from verifier.game.progressive import Progressive, ProgressiveError
from verifier.odds.meters import Bounded, MeterRun, long_run as meter_long_run
from verifier.odds.values import exact_value


def _exact(x: Fraction | None) -> Any:
    """``exact_value``, or None for a figure that has none (no break-even, no long run)."""
    return None if x is None else exact_value(x)


@dataclass(frozen=True)
class ProgressiveOdds:
    table: Progressive
    counts: tuple[int, ...]       # hands (outcomes) each tier is paid on, in order
    total: int

    @classmethod
    def of(cls, table: Progressive, sets: Iterable[tuple[frozenset, int]], total: int
           ) -> "ProgressiveOdds":
        """From what a certificate counts (``QualifyingSets.sets``): each outcome paid by
        the first tier whose lines it shows."""
        counts = [0] * len(table.tiers)
        for lines, n in sets:
            t = table.tier_of(frozenset(lines))
            if t is not None:
                counts[t] += n
        return cls(table, tuple(counts), total)

    def probability(self, tier: int) -> Fraction:
        return Fraction(self.counts[tier], self.total)

    def hit(self, meter: str) -> Fraction:
        """The probability that a hand is paid from ``meter``."""
        return sum((self.probability(i) for i, t in enumerate(self.table.tiers)
                    if t.meter == meter), Fraction(0))

    def _parts(self, values: Mapping[str, Fraction], capped: bool = True) -> list[Fraction]:
        """Each tier's part of E[paid] / wager at meter ``values`` (every meter given)."""
        return [self.probability(i) * self.table.paid(t, values, capped) / self.table.wager
                for i, t in enumerate(self.table.tiers)]

    def contributions(self, meters: Mapping[str, Fraction] | None = None) -> list[Fraction]:
        """Each tier's part of E[paid] / wager at ``meters`` (checked; the rest at reset)."""
        return self._parts(self.table.meter_values(meters))

    def return_at(self, meters: Mapping[str, Fraction] | None = None) -> Fraction:
        return sum(self.contributions(meters), Fraction(0)) - 1

    def return_at_reset(self) -> Fraction:
        """The return with every meter at its reset."""
        return sum(self._parts(self.table.meter_values(at="reset")), Fraction(0)) - 1

    def return_at_install(self) -> Fraction:
        """The return at install: every meter at its base (initial amount), else its
        reset."""
        return sum(self._parts(self.table.meter_values(at="install")), Fraction(0)) - 1

    def per_unit_of_meter(self, meter: str) -> Fraction:
        """d return / d meter (below any cap)."""
        return sum((self.probability(i) * t.share for i, t in enumerate(self.table.tiers)
                    if t.meter == meter), Fraction(0)) / self.table.wager

    def break_even(self, meter: str, meters: Mapping[str, Fraction] | None = None
                   ) -> Fraction | None:
        """The value of ``meter`` at which the return is 0, the other meters at
        ``meters`` (else their reset); None when no hand is paid from it. It may lie below
        the reset (the bet pays its way from the start) or above a cap."""
        slope = self.per_unit_of_meter(meter)
        if slope == 0:
            return None
        values = dict(self.table.meter_values(
            {k: v for k, v in (meters or {}).items() if k != meter}))
        values[meter] = Fraction(0)
        return -self.return_at_values(values) / slope

    def return_at_values(self, values: Mapping[str, Fraction]) -> Fraction:
        """The return on the line through the meters' values as they are (no reset or cap
        check, no cap applied): the break-even's line."""
        return sum(self._parts(values, capped=False), Fraction(0)) - 1

    def long_run_model(self, meter: str) -> bool:
        """The average-win model holds for the meter: its tiers take it all, no cap,
        no reserve (the first model; ``meter_run`` covers the others)."""
        m = self.table.meters[meter]
        return m.cap is None and m.reserve is None and all(
            t.share == 1 and not t.fixed for t in self.table.tiers if t.meter == meter)

    def meter_run(self, meter: str) -> MeterRun | str:
        """The meter's long run (verifier/odds/meters.py), or why it has none."""
        return meter_long_run(self.table.meters[meter], self.table.wager,
                              [(self.probability(i), t.share, t.fixed)
                               for i, t in enumerate(self.table.tiers) if t.meter == meter])

    def expected_at_hit(self, meter: str) -> Fraction | None:
        """The meter's expected value when hit, where it is exact; None otherwise."""
        run = self.meter_run(meter)
        if isinstance(run, str) or run.expected_at_hit.form != "exact":
            return None
        return run.expected_at_hit.low

    def long_run_bounds(self) -> Bounded | None:
        """The long-run return per unit with every meter's reset, increment, cap and
        reserve (verifier/odds/meters.py): exact or a bound pair; None when a meter is
        outside the model."""
        fixed = sum((self.probability(i) * t.fixed for i, t in enumerate(self.table.tiers)),
                    Fraction(0))
        low = high = fixed
        for name in self.table.meters:
            if not self.hit(name):
                continue
            run = self.meter_run(name)
            if isinstance(run, str):
                return None
            low, high = low + run.paid.low, high + run.paid.high
        w = self.table.wager
        return Bounded(low / w - 1, high / w - 1)

    def long_run(self) -> Fraction | None:
        """The long-run return per unit where it is exact, else None."""
        b = self.long_run_bounds()
        return b.low if b is not None and b.form == "exact" else None

    def _meter_long_run(self, name: str) -> dict[str, Any]:
        """A meter's long-run block for ``figures`` (a meter outside the first model)."""
        run = self.meter_run(name)
        return {"outside": run} if isinstance(run, str) else run.json()

    def _long_run_bounds_json(self) -> dict[str, Any]:
        """``long_run_bounds`` for ``figures``, when the long run is a bound pair."""
        b = self.long_run_bounds()
        return {"long_run_bounds": b.json()} if b is not None and b.form == "bounds" else {}

    def _rules_returns(self, values: Mapping[str, Fraction]) -> dict[str, Any]:
        """For ``figures``: the return at reset where the meters are elsewhere, and at
        install where a meter states a base."""
        t = self.table
        out = {}
        if values != t.meter_values(at="reset"):
            out["return_at_reset"] = _exact(self.return_at_reset())
        if any(m.base is not None for m in t.meters.values()):
            out["return_at_install"] = _exact(self.return_at_install())
        return out

    def envy_per_other_seat(self) -> Fraction:
        """Dollars per round that each other seat's hand pays this seat (envy)."""
        return sum((self.probability(i) * t.envy for i, t in enumerate(self.table.tiers)),
                   Fraction(0))

    def envy_return(self, seats: int) -> Fraction:
        """The envy's return per unit of the wager at a table of ``seats`` seats (each of
        the other seats' hands, one random hand each)."""
        if seats < 1:
            raise ProgressiveError(f"--seats {seats}: a table has at least one seat")
        return (seats - 1) * self.envy_per_other_seat() / self.table.wager

    def figures(self, given: Mapping[str, Fraction] | None = None, seats: int = 6) -> dict[str, Any]:
        """Every figure the command prints, as JSON (exact fractions and decimals)."""
        t = self.table
        values = t.meter_values(given)
        contributions = self.contributions(values)
        return {
            "table": t.name, "status": t.status, "reads": t.reads,
            "wager": str(t.wager), "total": self.total,
            "precedence": "table-order: the first tier in the table's order a hand shows",
            "tiers": [{"lines": list(tier.lines), "pays": tier.pays_text(),
                       "paid_at_meters": str(t.paid(tier, values)),
                       "hands": n, "probability": _exact(self.probability(i)),
                       "return": _exact(contributions[i]), "envy": str(tier.envy)}
                      for i, (tier, n) in enumerate(zip(t.tiers, self.counts))],
            "meters": {name: {"value": str(values[name]), "reset": str(m.reset),
                              "increment": str(m.increment),
                              "cap": None if m.cap is None else str(m.cap),
                              **{k: v for k, v in m.to_dict().items()
                                 if k in ("base", "today", "secondary")},
                              "hit_probability": _exact(self.hit(name)),
                              "return_per_dollar": _exact(self.per_unit_of_meter(name)),
                              "break_even": _exact(self.break_even(name, values)),
                              "expected_at_hit": _exact(self.expected_at_hit(name)),
                              **({} if self.long_run_model(name) else {
                                  "reserve": None if m.reserve is None else str(m.reserve),
                                  "long_run": self._meter_long_run(name)})}
                       for name, m in t.meters.items()},
            "return": _exact(sum(contributions, Fraction(0)) - 1),
            **self._rules_returns(values),
            "long_run_return": _exact(self.long_run()),
            **self._long_run_bounds_json(),
            "envy": {"per_other_seat_dollars": _exact(self.envy_per_other_seat()),
                     "seats": seats, "return": _exact(self.envy_return(seats))},
        }
