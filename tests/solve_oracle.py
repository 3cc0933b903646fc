"""The second algorithm for one line's pay (tests only): the return as a piecewise-linear
function of that pay, each piece solved with plain rationals, no SymPy. ``solve`` uses
``linesolve.solve_lines``; the tests check that both give the same pays and edges.
Moved here from verifier/odds/exact.py so that the product has one way to solve."""
from dataclasses import dataclass
from fractions import Fraction

from verifier.game.categories import CATEGORY_BIT
from verifier.support.errors import VerifierError
from verifier.odds.exact import _total_of, mask_counts, outlaw9_odds, paid_line, practical_grid
from verifier.odds.values import exact_value
from verifier.game.paytables import Paytable, line_name, pay_text


@dataclass
class PaySolution:
    line: str
    target_edge: Fraction
    pay: Fraction                 # exact pay giving the target edge
    below: tuple                  # (pay, BetOdds) nearest practical pay <= pay
    above: tuple                  # (pay, BetOdds) nearest practical pay >= pay

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
