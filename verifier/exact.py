"""Exact odds from integer counts: rationals throughout, floats only for display.

The Outlaw 9 bet is settled on the *set* of categories a hand qualifies for (a mask,
bit i = line i of the filed table, see verifier/categories.py): the hand is paid its
highest-paying line only, so any pay table, in any order of pays, is exact from the
per-set counts. A line not in the pay table loses; a ``push`` line returns the bet.

Conventions (docs/CERTIFICATE.md):
- net result of one unit bet: ``N to 1`` -> +N, push -> 0, loses (pay 0 or no line) -> -1;
- ``return`` is the expected net result per unit bet (negative favours the house),
  ``house_edge = -return``, ``return_to_player = 1 + return``;
- ``hit_frequency`` is the probability the bet wins something (net > 0);
- ``variance`` and ``standard_deviation`` are those of the net result of one unit bet.

Python API: ``outlaw9_odds(result_or_counts, paytable)`` and ``solve_pay(...)``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import Decimal, localcontext
from fractions import Fraction

from .categories import CATEGORY_BIT, CATEGORY_NAMES, names_to_mask
from .errors import VerifierError
from .paytables import (Paytable, filed, line_name, line_title, net_of, normalize_line_name,
                        pay_text)


# ---------------------------------------------------------------------------------------
# exact values and their JSON form


def exact_value(x):
    """A rational as the certificate writes it: ``{"exact": "p/q", "decimal": float}``."""
    x = Fraction(x)
    return {"exact": str(x), "decimal": float(x)}


def sqrt_exact(x):
    """The exact square root of a non-negative rational, as a SymPy expression."""
    import sympy
    x = Fraction(x)
    return sympy.sqrt(sympy.Rational(x.numerator, x.denominator))


def sqrt_decimal(x, digits=30):
    """Decimal square root of a non-negative rational (correct to ``digits`` places)."""
    x = Fraction(x)
    with localcontext() as ctx:
        ctx.prec = digits + 10
        return float((Decimal(x.numerator) / Decimal(x.denominator)).sqrt())


def sqrt_value(x):
    """``{"exact": "sqrt(...) expression", "decimal": float, "square": "p/q"}``."""
    return {"exact": str(sqrt_exact(x)), "decimal": sqrt_decimal(x), "square": str(Fraction(x))}


# ---------------------------------------------------------------------------------------
# counts per set of categories


def mask_counts(source, reading=None):
    """Per-set counts ``{mask: hands}`` from an EnumerationResult, a ``{mask: n}`` dict,
    or a list of ``{"categories": [...], "hands": n}`` (the JSON/certificate form)."""
    if hasattr(source, "outlaw9_masks"):
        reading = reading or source.rules.bonus_reading
        return {int(m): int(n) for m, n in source.outlaw9_masks[reading].items()}
    out = {}
    if isinstance(source, dict):
        items = source.items()
    elif isinstance(source, (list, tuple)):
        items = []
        for entry in source:
            if not isinstance(entry, dict) or "categories" not in entry or "hands" not in entry:
                raise VerifierError("outlaw9 sets: each entry needs categories and hands")
            items.append((names_to_mask(entry["categories"]), entry["hands"]))
    else:
        raise VerifierError(f"cannot read category counts from {type(source).__name__}")
    for mask, hands in items:
        if isinstance(mask, str):
            mask = int(mask)
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
            raise VerifierError(f"outlaw9 sets: hands {hands!r} is not a count")
        if not isinstance(mask, int) or not 0 <= mask < 1 << len(CATEGORY_NAMES):
            raise VerifierError(f"outlaw9 sets: bad category mask {mask!r}")
        if mask in out:
            raise VerifierError(f"outlaw9 sets: the set {mask} is given twice")
        out[mask] = hands
    return out


def _total_of(source, counts, total):
    if total is not None:
        return int(total)
    if hasattr(source, "total_hands"):
        return int(source.total_hands)
    return sum(counts.values())


def paid_line(mask, paytable):
    """The line a hand with this category set is paid on: ``(category or None, net)``.

    The highest-paying line among those the hand qualifies for (ties: the first in the
    pay table's order); ``None`` when no line of the table applies (the bet loses).
    """
    best, best_net = None, Fraction(-1)
    for category, pay in paytable.pays:
        if mask >> CATEGORY_BIT[category] & 1:
            net = net_of(pay)
            if best is None or net > best_net:
                best, best_net = category, net
    return best, best_net


# ---------------------------------------------------------------------------------------
# the odds of one pay table


@dataclass
class LineOdds:
    category: str          # None for the "loses" row
    pay: object            # Fraction, PUSH, or None for the "loses" row
    hands: int
    probability: Fraction
    net: Fraction
    contribution: Fraction  # probability * net

    @property
    def title(self):
        return line_title(self.category) if self.category else "No line (loses)"

    def to_dict(self):
        return {
            "category": self.category,
            "pay": None if self.pay is None else pay_text(self.pay),
            "hands": self.hands,
            "probability": exact_value(self.probability),
            "contribution": exact_value(self.contribution),
        }


class ReturnFigures:
    """What follows from a bet's expected net result per unit (``expected``)."""

    @property
    def house_edge(self):
        return -self.expected

    @property
    def return_to_player(self):
        return 1 + self.expected


@dataclass
class BetOdds(ReturnFigures):
    """The exact odds of one bet under one pay table (Outlaw 9 or Wrangler Push)."""
    paytable: Paytable
    total_hands: int             # hands (Outlaw 9) or ordered (player, banker) pairs
    reading: str                 # Outlaw 9 bonus reading; None for the Wrangler Push
    lines: list                  # LineOdds per pay-table line, in the table's order
    loses: LineOdds              # hands that qualify for no line of the table
    expected: Fraction = field(init=False)
    variance: Fraction = field(init=False)
    hit_frequency: Fraction = field(init=False)

    def __post_init__(self):
        rows = self.lines + [self.loses]
        self.expected = sum((r.contribution for r in rows), Fraction(0))
        second = sum((r.probability * r.net * r.net for r in rows), Fraction(0))
        self.variance = second - self.expected ** 2
        self.hit_frequency = sum((r.probability for r in rows if r.net > 0), Fraction(0))

    @property
    def standard_deviation(self):
        """Exact (SymPy) square root of the variance."""
        return sqrt_exact(self.variance)

    @property
    def standard_deviation_decimal(self):
        return sqrt_decimal(self.variance)

    def line(self, category):
        category = normalize_line_name(category)
        for row in self.lines:
            if row.category == category:
                return row
        return None

    def to_dict(self):
        """JSON form: exact "p/q" strings with decimals beside them."""
        return {
            "bet": self.paytable.bet,
            "bonus_reading": self.reading,
            "paytable": self.paytable.name,
            "total_hands": self.total_hands,
            "lines": [row.to_dict() for row in self.lines],
            "loses": self.loses.to_dict(),
            "return": exact_value(self.expected),
            "house_edge": exact_value(self.house_edge),
            "return_to_player": exact_value(self.return_to_player),
            "hit_frequency": exact_value(self.hit_frequency),
            "variance": exact_value(self.variance),
            "standard_deviation": sqrt_value(self.variance),
        }


#: The name kept for the Outlaw 9 bet's odds.
Outlaw9Odds = BetOdds


def odds_of_lines(paytable, per_line, total, reading=None) -> BetOdds:
    """The odds of any bet from the number of hands (or pairs) paid on each line of its
    pay table, out of ``total``: every other hand loses the unit bet. The one place where
    counts meet pays: every bet's odds are built here."""
    paid = sum(per_line.get(c, 0) for c, _ in paytable.pays)
    if total <= 0:
        raise VerifierError("no hands: the total number of hands must be positive")
    if paid > total:
        raise VerifierError(f"the line counts add up to {paid:,}, more than the {total:,} hands")
    rows = []
    for category, pay in paytable.pays:
        hands = per_line.get(category, 0)
        p = Fraction(hands, total)
        net = net_of(pay)
        rows.append(LineOdds(category, pay, hands, p, net, p * net))
    p = Fraction(total - paid, total)
    return BetOdds(paytable, total, reading, rows,
                   LineOdds(None, None, total - paid, p, Fraction(-1), -p))


def outlaw9_odds(source, paytable: Paytable | None = None, reading: str | None = None,
                 total: int | None = None) -> BetOdds:
    """Exact odds of the Outlaw 9 bet under ``paytable`` (default: as filed).

    ``source``: an EnumerationResult (its rules' bonus reading unless ``reading``), a
    ``{mask: hands}`` dict, or the certificate's list of ``{"categories", "hands"}``.
    ``total``: the number of hands (default: the result's total, else the sum of the
    counts); hands in no listed set qualify for nothing and lose.
    """
    paytable = paytable or filed("outlaw9")
    if paytable.bet != "outlaw9":
        raise VerifierError(f"pay table {paytable.name!r} is for {paytable.bet}, not outlaw9")
    counts = mask_counts(source, reading)
    if reading is None:
        reading = source.rules.bonus_reading if hasattr(source, "rules") else "seven-card"
    total = _total_of(source, counts, total)
    counted = sum(counts.values())
    if total <= 0:
        raise VerifierError("no hands: the total number of hands must be positive")
    if counted > total:
        raise VerifierError(f"the category counts add up to {counted:,}, more than the "
                            f"{total:,} hands")
    per_line = {c: 0 for c, _ in paytable.pays}
    for mask, hands in counts.items():
        category, _ = paid_line(mask, paytable)
        if category is not None:
            per_line[category] += hands
    return odds_of_lines(paytable, per_line, total, reading)


# ---------------------------------------------------------------------------------------
# the Wrangler Push, from the exact player-against-banker counts


def wrangler_odds(counts: dict, paytable: Paytable | None = None) -> BetOdds:
    """Exact odds of the Wrangler Push from pairwise counts (``total``, ``push``,
    ``push_wrangler_2to1``: pushes where either two-card hand is a pair of 3s or better).

    A push with such a pair qualifies for both lines and, as on the Outlaw 9, is paid
    the higher; a plain push qualifies for ``push`` only; every other outcome loses.
    """
    paytable = paytable or filed("wrangler_push")
    if paytable.bet != "wrangler_push":
        raise VerifierError(f"pay table {paytable.name!r} is for {paytable.bet}, not wrangler_push")
    try:
        total, pushes, paired = (int(counts[k]) for k in ("total", "push", "push_wrangler_2to1"))
    except (KeyError, TypeError, ValueError):
        raise VerifierError("Wrangler Push odds need the pairwise counts total, push and "
                            "push_wrangler_2to1") from None
    if not 0 <= paired <= pushes <= total or total <= 0:
        raise VerifierError(f"pairwise counts do not fit: {paired} <= {pushes} <= {total}")
    qualifying = {"push": pushes - paired, "push_with_pair_of_3s_or_better": paired}
    pays = dict(paytable.pays)
    per_line = {c: 0 for c in pays}

    def paid(outcome_lines, hands):
        best = max((c for c in outcome_lines if c in pays), key=lambda c: net_of(pays[c]),
                   default=None)
        if best is not None:
            per_line[best] += hands

    paid(["push"], qualifying["push"])
    paid(["push", "push_with_pair_of_3s_or_better"], qualifying["push_with_pair_of_3s_or_better"])
    return odds_of_lines(paytable, per_line, total)


# ---------------------------------------------------------------------------------------
# solving for a pay


def practical_grid(x):
    """The practical pays nearest ``x`` on either side: halves below 10, whole numbers
    from 10 on. Returns ``(below, above)``; both equal ``x`` when it is on the grid."""
    x = Fraction(x)
    if x < 10:
        return Fraction(math.floor(2 * x), 2), Fraction(math.ceil(2 * x), 2)
    return Fraction(math.floor(x)), Fraction(math.ceil(x))


@dataclass
class PaySolution:
    line: str
    target_edge: Fraction
    pay: Fraction                 # exact pay giving the target edge
    below: tuple                  # (pay, Outlaw9Odds) nearest practical pay <= pay
    above: tuple                  # (pay, Outlaw9Odds) nearest practical pay >= pay

    def to_dict(self):
        def side(item):
            pay, odds = item
            return {"pay": pay_text(pay), "house_edge": exact_value(odds.house_edge),
                    "hit_frequency": exact_value(odds.hit_frequency)}
        return {"line": self.line, "target_edge": exact_value(self.target_edge),
                "pay": exact_value(self.pay), "pay_text": pay_text(self.pay),
                "below": side(self.below), "above": side(self.above)}


def solve_pay(source, paytable, line, edge, reading=None, total=None):
    """The exact pay (N to 1, N > 0) on ``line`` that makes the house edge ``edge``.

    The return is a non-decreasing, piecewise-linear function of that pay (a hand is
    paid its highest line, so the line takes over a set only once its pay exceeds the
    set's other lines); each piece is solved exactly. ``edge`` is a rational
    (``Fraction("0.05")``). Raises VerifierError when no positive pay reaches it.
    """
    category = line_name(line, paytable.bet)
    edge = Fraction(edge)
    if reading is None:
        reading = source.rules.bonus_reading if hasattr(source, "rules") else "seven-card"
    counts = mask_counts(source, reading)
    total = _total_of(source, counts, total)
    bit = 1 << CATEGORY_BIT[category]
    rest = Paytable(paytable.name, paytable.bet,
                    tuple((c, p) for c, p in paytable.pays if c != category))
    # g(x) = total * return(x) = fixed + sum over sets with the line of c * max(o, x)
    fixed = Fraction(-(total - sum(counts.values())))
    with_line = []  # (o, c): best net of the other lines, hands
    for mask, hands in counts.items():
        _, other = paid_line(mask, rest)
        if mask & bit:
            with_line.append((other, hands))
        else:
            fixed += hands * other
    target = -edge * total
    line_hands = sum(h for _, h in with_line)
    if line_hands == 0:
        raise VerifierError(f"line {category} has no hands in these counts: its pay "
                            "cannot change the edge")

    def g(x):
        return fixed + sum(h * max(o, x) for o, h in with_line)

    low_edge = -g(Fraction(0)) / total   # the limit as the pay falls to 0 (from above)
    if target <= g(Fraction(0)):
        raise VerifierError(
            f"no positive pay on {category} gives a house edge of {float(edge):.6%}: even "
            f"a pay near 0 gives {float(low_edge):.6%}")
    points = sorted({o for o, _ in with_line if o > 0})
    bounds = [Fraction(0)] + points + [None]
    pay = None
    for lo, hi in zip(bounds, bounds[1:]):
        slope = sum(h for o, h in with_line if o <= lo)
        const = sum(h * o for o, h in with_line if o > lo)
        if slope == 0:
            continue
        x = (target - fixed - const) / slope
        if x > lo and (hi is None or x <= hi):
            pay = x
            break
    if pay is None:  # pragma: no cover - g is continuous and unbounded above
        raise VerifierError(f"could not solve for the pay on {category}")
    below, above = practical_grid(pay)

    def odds_at(x):
        return outlaw9_odds(counts, paytable.with_pay(category, x), reading, total)

    return PaySolution(category, edge, pay, (below, odds_at(below)), (above, odds_at(above)))
