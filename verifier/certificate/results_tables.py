"""The typed results of the certificate's larger sections (verifier/certificate/results.py
has the bets' and the base game's): the house way's power ratings, the optimal strategy
and each progressive table, built once with the model."""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from verifier.certificate.results import JSON, BaseGameFigures, Exact, _maybe


# ------------------------------------------------------------------ the house way

@dataclass(frozen=True)
class PowerRating:
    """One hand the dealer may hold, with the share of hands and both ratings."""
    hand: str
    hands: int
    probability: Exact
    player_pr: Exact
    banker_pr: Exact


@dataclass(frozen=True)
class PowerRatings:
    """The house way's power ratings (docs/POWER_RATINGS.md): two-card and five-card."""
    two_card: tuple[PowerRating, ...]
    five_card: tuple[PowerRating, ...]

    @classmethod
    def of(cls, j: JSON) -> PowerRatings:
        def rows(name: str) -> tuple[PowerRating, ...]:
            return tuple(PowerRating(str(r["hand"]), int(r["hands"]), Exact.of(r["probability"]),
                                     Exact.of(r["player_pr"]), Exact.of(r["banker_pr"]))
                         for r in j[name])
        return cls(rows("two_card"), rows("five_card"))


# ------------------------------------------------------------------ the strategy

@dataclass(frozen=True)
class NotOptimal:
    """The player hands where the house way is not the best setting, and the cost."""
    hands: int
    frequency: Exact
    cost: Exact
    cost_when_not_optimal: Exact


@dataclass(frozen=True)
class Breakdown:
    """One row of the strategy's tables by best hand type or by house-way row."""
    name: str
    hands: int
    not_optimal: int
    frequency: Exact
    cost: Exact
    type: int | None = None
    row: int | None = None


@dataclass(frozen=True)
class Setting:
    front: str
    back: str


@dataclass(frozen=True)
class Pattern:
    """A rank pattern that gives up the most, with its worst hand as the example."""
    pattern: str
    hands: int
    not_optimal: int
    cost: Exact
    cards: str                  # the example hand
    house_way: Setting
    best: Setting
    example_cost: Exact
    best_setting_command: str


@dataclass(frozen=True)
class StrategyFigures:
    """The ``strategy`` section's results (verifier/strategy/optimal.py ``figures``)."""
    player_hands: int
    player_classes: int
    banker_hands: int
    house_way: BaseGameFigures
    optimal: BaseGameFigures
    not_optimal: NotOptimal
    by_type: tuple[Breakdown, ...]
    by_row: tuple[Breakdown, ...]
    patterns: tuple[Pattern, ...]
    commission_rate: str | None = None          # the JSON's ``commission``

    @classmethod
    def of(cls, j: JSON) -> StrategyFigures:
        n = j["not_optimal"]

        def rows(name: str) -> tuple[Breakdown, ...]:
            return tuple(Breakdown(str(x["name"]), int(x["hands"]), int(x["not_optimal"]),
                                   Exact.of(x["frequency"]), Exact.of(x["cost"]),
                                   x.get("type"), x.get("row")) for x in j[name])
        return cls(int(j["player_hands"]), int(j["player_classes"]), int(j["banker_hands"]),
                   BaseGameFigures.of(j["house_way"]), BaseGameFigures.of(j["optimal"]),
                   NotOptimal(int(n["hands"]), Exact.of(n["frequency"]), Exact.of(n["cost"]),
                              Exact.of(n["cost_when_not_optimal"])),
                   rows("by_type"), rows("by_row"),
                   tuple(_pattern(p) for p in j["patterns"]), j.get("commission"))


def _pattern(p: JSON) -> Pattern:
    e = p["example"]
    return Pattern(str(p["pattern"]), int(p["hands"]), int(p["not_optimal"]),
                   Exact.of(p["cost"]), str(e["cards"]),
                   Setting(str(e["house_way"]["front"]), str(e["house_way"]["back"])),
                   Setting(str(e["best"]["front"]), str(e["best"]["back"])),
                   Exact.of(e["cost"]), str(e.get("best_setting_command", "")))


# ------------------------------------------------------------------ the progressives

@dataclass(frozen=True)
class Bounded:
    """A meter-model figure (verifier/odds/meters.py ``Bounded.json``): exact, or the
    middle of a pair of exact bounds (``decimal_12``: to 12 places)."""
    form: str
    decimal: float
    exact: str | None = None
    low: str | None = None
    high: str | None = None
    decimal_12: str | None = None

    @classmethod
    def of(cls, j: JSON) -> Bounded:
        return cls(str(j["form"]), float(j["decimal"]), j.get("exact"), j.get("low"),
                   j.get("high"), j.get("decimal_12"))


@dataclass(frozen=True)
class MeterRun:
    """A meter's long run in the meter model (dollars per wager unless said)."""
    model: str
    readings: Mapping[str, str]
    expected_meter: Bounded
    expected_at_hit: Bounded
    paid_per_wager: Bounded
    seeded_per_wager: Bounded
    overflow_per_wager: Bounded
    house_seeds_per_wager: Bounded
    reserve_gain_per_wager: Bounded
    tiers_expected_paid: tuple[Bounded, ...]
    cap_increments: int | None

    @classmethod
    def of(cls, j: JSON) -> MeterRun:
        return cls(str(j["model"]), MappingProxyType(dict(j["readings"])),
                   Bounded.of(j["expected_meter"]), Bounded.of(j["expected_at_hit"]),
                   Bounded.of(j["paid_per_wager"]), Bounded.of(j["seeded_per_wager"]),
                   Bounded.of(j["overflow_per_wager"]), Bounded.of(j["house_seeds_per_wager"]),
                   Bounded.of(j["reserve_gain_per_wager"]),
                   tuple(Bounded.of(b) for b in j["tiers_expected_paid"]),
                   j.get("cap_increments"))


@dataclass(frozen=True)
class MeterFigures:
    """One meter: its value, reset, increment and cap (dollars, exact strings), how each
    dollar of it moves the return, its break-even; the long run when the meter is outside
    the first model (``long_run``, or ``outside``: why the meter model has none)."""
    value: str
    reset: str
    increment: str
    cap: str | None
    hit_probability: Exact
    return_per_dollar: Exact
    break_even: Exact | None
    expected_at_hit: Exact | None
    reserve: str | None = None
    long_run: MeterRun | None = None
    outside: str | None = None
    base: str | None = None                     # the amount at install, where stated
    today: str | None = None                    # today's amount, where stated
    secondary: str | None = None                # the rate past the limit, where stated

    @property
    def stated_as_the_rules_name_it(self) -> bool:
        """Whether the meter states a base, today's amount or a secondary rate."""
        return (self.base, self.today, self.secondary) != (None, None, None)

    @classmethod
    def of(cls, j: JSON) -> MeterFigures:
        run: Any = j.get("long_run")
        outside = run.get("outside") if isinstance(run, Mapping) else None
        return cls(str(j["value"]), str(j["reset"]), str(j["increment"]), j.get("cap"),
                   Exact.of(j["hit_probability"]), Exact.of(j["return_per_dollar"]),
                   _maybe(j.get("break_even")), _maybe(j.get("expected_at_hit")),
                   j.get("reserve"),
                   MeterRun.of(run) if run is not None and outside is None else None,
                   None if outside is None else str(outside),
                   j.get("base"), j.get("today"), j.get("secondary"))


@dataclass(frozen=True)
class Tier:
    """A progressive's tier: its lines, what it pays, the hands and its return."""
    lines: tuple[str, ...]
    pays: str
    paid_at_meters: str
    hands: int
    probability: Exact
    return_: Exact
    envy: str


@dataclass(frozen=True)
class ProgressiveEnvy:
    per_other_seat_dollars: Exact
    seats: int
    return_: Exact


@dataclass(frozen=True)
class ProgressiveFigures:
    """A progressive table's figures, its meters at their reset
    (verifier/odds/progressive.py ``ProgressiveOdds.figures``)."""
    table: str
    status: str
    reads: str
    wager: str
    total: int
    precedence: str
    tiers: tuple[Tier, ...]
    meters: Mapping[str, MeterFigures]
    return_: Exact
    long_run_return: Exact | None
    envy: ProgressiveEnvy
    long_run_bounds: Bounded | None = None
    return_at_reset: Exact | None = None        # where a meter states today's amount
    return_at_install: Exact | None = None      # where a meter states a base

    @classmethod
    def of(cls, j: JSON) -> ProgressiveFigures:
        envy, bounds = j["envy"], j.get("long_run_bounds")
        return cls(str(j["table"]), str(j["status"] or ""), str(j["reads"]), str(j["wager"]),
                   int(j["total"]), str(j["precedence"]),
                   tuple(Tier(tuple(t["lines"]), str(t["pays"]), str(t["paid_at_meters"]),
                              int(t["hands"]), Exact.of(t["probability"]),
                              Exact.of(t["return"]), str(t["envy"])) for t in j["tiers"]),
                   MappingProxyType({str(m): MeterFigures.of(r)
                                     for m, r in j["meters"].items()}),
                   Exact.of(j["return"]), _maybe(j.get("long_run_return")),
                   ProgressiveEnvy(Exact.of(envy["per_other_seat_dollars"]),
                                   int(envy["seats"]), Exact.of(envy["return"])),
                   None if bounds is None else Bounded.of(bounds),
                   _maybe(j.get("return_at_reset")), _maybe(j.get("return_at_install")))
