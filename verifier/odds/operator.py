"""Operator figures of a wager, from its exact mean and variance per unit bet: what a table
games manager or a consultant asks of a par sheet (docs/PARSHEET.md, "Operator figures").

From hands per hour ``h`` and an average initial wager ``w`` (dollars), for a wager whose net
result X per unit of initial wager has mean E and variance V (exact, from the counts):

- house edge (the rating edge used for comps) ``-E`` per unit of initial wager;
- theoretical win per hour ``h * w * (-E)`` (exact);
- variance per hour ``h * w**2 * V`` (exact) and its square root, the SD per hour;
- element of risk: the edge per unit of total action, ``-E / a``, with ``a`` the average
  total action per unit of initial wager; every wager of pai gow is settled on its initial
  wager alone (no raise, no double), so ``a = 1`` and it equals the house edge;
- expected hold against drop: the win over the chips bought, ``-E * handle / drop``; the
  handle-to-drop ratio is the table's (how often chips go round), not the game's;
- the table's result after N hands: its exact mean ``N * w * (-E)`` and variance
  ``N * w**2 * V``; its 95% band, the 2.5% and 97.5% quantiles of the N-hand sum's own
  distribution (one hand's exact distribution convolved N times: verifier/odds/sums.py),
  and the chance the house is ahead after N hands, read off the same distribution. Each
  round is a fresh shuffle, so the hands are independent and nothing is sampled. A wager
  known only by its mean and variance falls back to the normal approximation
  ``N * w * (-E) +- 1.96 * sqrt(N * V) * w`` (and no chance of being ahead).

Everything is a Fraction but the square roots and the convolution's probabilities (not
rational, or too large to keep as one: floats, for display).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

#: z of a two-sided 95% normal interval, and the upper quantile of an exact one
Z95 = 1.959963984540054
Q95 = 0.975
#: pai gow poker's pace (a full table): the default hands per hour
HANDS_PER_HOUR = 30
#: the most hands an hour a command takes (a hand every 30 seconds)
MAX_HANDS_PER_HOUR = 120
#: the default average initial wager, dollars
AVERAGE_WAGER = Fraction(25)
#: the player-dealer's bankroll (verifier/table/bankroll.py): the default simulated rounds
#: in its pool (here, so that the command line's options need not import the table)
POOL_ROUNDS = 5_000
#: the bands' numbers of hands, and of hours (at the hands per hour)
BAND_HANDS = (100, 1_000, 10_000)
BAND_HOURS = (1, 8, 40, 200)
#: the handle-to-drop ratios the expected hold is shown at
HANDLE_PER_DROP = (1, 3, 5)


@dataclass(frozen=True)
class Pace:
    """How a table is played: hands per hour and the average initial wager in dollars."""
    hands_per_hour: int = HANDS_PER_HOUR
    average_wager: Fraction = AVERAGE_WAGER

    def __post_init__(self) -> None:
        if self.hands_per_hour < 1:
            raise ValueError(f"hands per hour must be 1 or more, not {self.hands_per_hour}")
        if self.average_wager <= 0:
            raise ValueError(f"the average wager must be above 0, not {self.average_wager}")


@dataclass(frozen=True)
class Band:
    """The table's result (dollars, the house's side) after ``hands`` hands of one wager:
    exact mean and variance, and the 95% normal-approximation band."""
    label: str                 # "100 hands", "8 hours (240 hands)"
    hands: int
    handle: Fraction           # dollars wagered: hands x the average wager
    mean: Fraction
    variance: Fraction
    #: the house's win at the 2.5% and 97.5% quantiles of its exact distribution (None: the
    #: normal approximation), and the chance it is above 0
    quantiles: tuple[Fraction, Fraction] | None = None
    ahead: float | None = None

    @property
    def exact(self) -> bool:
        return self.quantiles is not None

    @property
    def half_width(self) -> float:
        return Z95 * math.sqrt(self.variance)

    @property
    def low(self) -> float:
        if self.quantiles is not None:
            return float(self.quantiles[0])
        return float(self.mean) - self.half_width

    @property
    def high(self) -> float:
        if self.quantiles is not None:
            return float(self.quantiles[1])
        return float(self.mean) + self.half_width

    def hold(self, value: float) -> float:
        """A result as a share of the handle (win / handle)."""
        return value / float(self.handle)


@dataclass(frozen=True)
class WagerFigures:
    """One wager's operator figures at a pace (the module's formulas)."""
    key: str
    title: str
    edge: Fraction             # the house's, per unit of initial wager (the rating edge)
    variance: Fraction         # of the net result per unit of initial wager
    pace: Pace
    action: Fraction = Fraction(1)   # average total action per unit of initial wager
    #: one hand's exact distribution, ((net result per unit, combinations), ...), or ()
    outcomes: tuple = ()

    @property
    def theoretical_win_per_hour(self) -> Fraction:
        return self.pace.hands_per_hour * self.pace.average_wager * self.edge

    @property
    def variance_per_hour(self) -> Fraction:
        return self.pace.hands_per_hour * self.pace.average_wager ** 2 * self.variance

    @property
    def sd_per_hand(self) -> float:
        return math.sqrt(self.variance) * float(self.pace.average_wager)

    @property
    def sd_per_hour(self) -> float:
        return math.sqrt(self.variance_per_hour)

    @property
    def element_of_risk(self) -> Fraction:
        return self.edge / self.action

    def hold(self, handle_per_drop: Fraction | int) -> Fraction:
        """The expected win over the drop when the handle is ``handle_per_drop`` x the drop."""
        return self.edge * handle_per_drop

    @cached_property
    def sums(self) -> Any:
        """The N-hand sums of ``outcomes`` (verifier/odds/sums.py), or None."""
        from verifier.odds.sums import Sums
        return Sums(dict(self.outcomes)) if self.outcomes else None

    def band(self, hands: int, label: str = "", cdf: Any = None) -> Band:
        """The house's result after ``hands`` hands: exact mean and variance, and the
        quantiles of its exact distribution where one hand's is known (``cdf``: its
        ``Sums.cdf``, when made already)."""
        w = self.pace.average_wager
        quantiles, ahead = None, None
        sums = self.sums
        if cdf is None and sums is not None:
            cdf = sums.cdf(hands)
        if cdf is not None:           # the house wins what the player loses: -w x the sum
            quantiles = (-w * sums.quantile(cdf, hands, Q95),
                         -w * sums.quantile(cdf, hands, 1 - Q95))
            ahead = sums.below(cdf, hands, Fraction(0))
        return Band(label or f"{hands:,} hands", hands, hands * w, hands * w * self.edge,
                    hands * w * w * self.variance, quantiles, ahead)

    @cached_property
    def bands(self) -> list[Band]:
        """The 95% bands after BAND_HANDS hands and BAND_HOURS hours."""
        h = self.pace.hands_per_hour
        played = [(n, "") for n in BAND_HANDS] + [
            (n * h, f"{n:,} hour{'s' if n > 1 else ''} ({n * h:,} hands)") for n in BAND_HOURS]
        cdfs = self.sums.cdfs([n for n, _ in played]) if self.sums is not None else {}
        return [self.band(n, label, cdfs.get(n)) for n, label in played]

    def to_dict(self) -> dict:
        """The figures for JSON: exact fractions as strings beside their decimals."""
        def both(x: Fraction) -> dict:
            return {"exact": str(x), "decimal": float(x)}
        return {
            "bet": self.key, "title": self.title,
            "hands_per_hour": self.pace.hands_per_hour,
            "average_wager": both(self.pace.average_wager),
            "house_edge": both(self.edge), "rating_edge": both(self.edge),
            "element_of_risk": both(self.element_of_risk),
            "average_action": both(self.action),
            "theoretical_win_per_hour": both(self.theoretical_win_per_hour),
            "variance_per_hour": both(self.variance_per_hour),
            "sd_per_hand": self.sd_per_hand, "sd_per_hour": self.sd_per_hour,
            "hold_against_drop": [{"handle_per_drop": r, **both(self.hold(r))}
                                  for r in HANDLE_PER_DROP],
            "bands_95": [{"label": b.label, "hands": b.hands, "handle": both(b.handle),
                          "mean": both(b.mean), "variance": both(b.variance),
                          "low": b.low, "high": b.high,
                          "method": "exact" if b.exact else "normal approximation",
                          "house_ahead": b.ahead} for b in self.bands],
        }


def wager_figures(key: str, title: str, expected: Fraction, variance: Fraction,
                  pace: Pace, action: Fraction = Fraction(1),
                  outcomes: tuple = ()) -> WagerFigures:
    """The operator figures of a wager whose net result per unit of initial wager has the
    exact mean ``expected`` (the player's) and ``variance``; ``outcomes``, one hand's
    distribution ((net result, combinations), ...), makes its bands exact."""
    return WagerFigures(key, title, -Fraction(expected), Fraction(variance), pace,
                        Fraction(action), tuple(outcomes))
