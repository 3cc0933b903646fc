"""A claimed number as printed, and whether an exact value rounds to it.

A number printed with k decimals stands for every value that rounds to it: it holds for
the exact value x when |x - c| <= 5 x 10^-(k+1) (a value exactly halfway holds either way:
half-up and half-even rounding are both in use). A percentage is judged in percent units
(``2.6745%``: four decimals of a percent); ``1.2e-07`` has its mantissa's decimals (a
number in exponent notation is judged to its significant digits: ``1.2e3`` to the
hundreds, and a zero with a positive exponent, ``0e9``, is refused: it has none); a
fraction (``1/37``) and a whole number in a count column must be equal. Odds are ``1 in N``
(or N alone). All of it in rationals: a square root (the standard deviation) is judged by
squaring the interval's ends."""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from verifier.support.errors import VerifierError

#: the most digits a claimed decimal may have before its point, and after it
MAX_DIGITS, MAX_DECIMALS = 20, 30
_DECIMAL = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?")
_FRACTION = re.compile(r"[+-]?\d{1,40}/\d{1,40}")


@dataclass(frozen=True)
class Claimed:
    """``value``: the number (in the figure's units: a percentage divided by 100);
    ``half``: half a unit of its last printed digit (0: must be equal); ``percent``;
    ``text``: as printed."""
    text: str
    value: Fraction
    half: Fraction
    percent: bool = False
    places: int = 0                 # decimals printed (of the percent, for a percentage)

    def holds(self, exact: Fraction) -> bool:
        return abs(exact - self.value) <= self.half

    def holds_for_square(self, square: Fraction) -> bool:
        """Whether the root of ``square`` (>= 0) rounds to this claim."""
        high = self.value + self.half
        if high < 0:
            return False
        low = max(self.value - self.half, Fraction(0))
        return low * low <= square <= high * high


def parse(text: str, where: object, count: bool = False, odds: bool = False,
          money: bool = False) -> Claimed:
    """A claimed number -> Claimed; a one-line error naming ``where`` for anything else.
    ``count``: a whole number (thousands separators allowed); ``odds``: ``1 in N``;
    ``money``: dollars, a ``$`` allowed before the digits (a break-even meter)."""
    original = text
    t = str(text).strip().replace("\N{MINUS SIGN}", "-")
    if money:
        t = re.sub(r"^(-?)\s*\$", r"\1", t)
    if odds:
        t = re.sub(r"^(1|one)\s*in\s*", "", t, flags=re.I)
    t = re.sub(r"(?<=\d),(?=\d{3}(\D|$))", "", t).replace(" ", "").replace("\u00a0", "")
    percent = t.endswith("%")
    if percent:
        t = t[:-1]
    if count:
        if percent or not re.fullmatch(r"\d{1,30}(\.0*)?", t):
            raise VerifierError(f"{where}: {original!r} is not a count (a whole number)")
        n = int(t.split(".")[0])
        return Claimed(str(original), Fraction(n), Fraction(0))
    if _FRACTION.fullmatch(t):
        num, den = t.split("/")
        if int(den) == 0:
            raise VerifierError(f"{where}: {original!r} divides by zero")
        return Claimed(str(original), Fraction(int(num), int(den)) / (100 if percent else 1),
                       Fraction(0), percent)
    if not _DECIMAL.fullmatch(t):
        raise VerifierError(f"{where}: {original!r} is not a number")
    try:
        d = Decimal(t)
    except InvalidOperation:
        raise VerifierError(f"{where}: {original!r} is not a number") from None
    exponent = d.as_tuple().exponent
    assert isinstance(exponent, int)        # a finite number: _DECIMAL has no NaN or Infinity
    if not d and re.search(r"[eE]\+?0*[1-9]", t):
        # judged to its significant digits, and a zero has none: 0e9 would hold for anything
        raise VerifierError(f"{where}: {original!r} has no significant digit (a zero with "
                            "a positive exponent stands for any figure)")
    if d and d.adjusted() > MAX_DIGITS or exponent < -MAX_DECIMALS:
        raise VerifierError(f"{where}: {original!r} is out of range (a figure of at most "
                            f"{MAX_DIGITS} digits before the point and {MAX_DECIMALS} after)")
    scale = 100 if percent else 1
    half = Fraction(1, 2) * Fraction(10) ** exponent / scale
    return Claimed(str(original), Fraction(d) / scale, half, percent, max(0, -exponent))
