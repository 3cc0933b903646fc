"""Pays: one line's pay as an exact number ("N to 1", ``PUSH``), read, written and
netted, and the precedence that says which of the lines a hand qualifies for is paid
(``PRECEDENCES``: its highest-paying line, or the first in the table's order). The
pay-table files that hold them: verifier/game/paytables.py."""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, Collection, Iterable

from verifier.support.errors import VerifierError


class PaytableError(VerifierError):
    """A bad pay table file or entry; the message names the file and the line."""


class _Push:
    """The pay of a line that returns the bet (net 0)."""
    _instance = None

    def __new__(cls) -> _Push:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "PUSH"

    def __str__(self) -> str:
        return "push"

    def __reduce__(self) -> tuple[type, tuple[()]]:
        return (_Push, ())


PUSH = _Push()
#: a line's pay: N to 1 as an exact Fraction, or PUSH (Any: a checker cannot narrow the
#: ``pay is PUSH`` tests the code makes)
Pay = Any


#: the largest pay a table may hold (N to 1), and the largest denominator of one
MAX_PAY = 10 ** 9


def parse_pay(value: object, where: str = "pay") -> Pay:
    """A pay value -> ``Fraction`` (N to 1; 0 = the bet loses) or ``PUSH``.

    Accepts TOML integers, decimals (read exactly), and strings ``"2.5"``, ``"2.5 to 1"``,
    ``"5:1"``, ``"push"``. Rejects negatives, non-numbers, booleans, inf and nan.
    """
    if value is PUSH:
        return PUSH
    if isinstance(value, Decimal) and value.is_finite() and not (
            -12 <= value.adjusted() <= 12 and len(value.as_tuple().digits) <= 30):
        raise PaytableError(f"{where}: pay {value!r} is out of range (at most {MAX_PAY:,} to 1, "
                            "30 digits)")
    if isinstance(value, str) and len(value) > 60:
        raise PaytableError(f"{where}: pay text is too long ({len(value)} characters)")
    if isinstance(value, Fraction):
        amount = value
    elif isinstance(value, bool) or not isinstance(value, (int, Decimal, str)):
        raise PaytableError(f"{where}: pay {value!r} is not a number (write N for N to 1, or push)")
    elif isinstance(value, str):
        text = value.strip().lower().replace(",", "")
        if text == "push":
            return PUSH
        m = re.fullmatch(r"([-+]?[0-9]*\.?[0-9]+(?:/[0-9]+)?)\s*(?:(?:to|:)\s*1)?", text)
        if not m:
            raise PaytableError(f"{where}: pay {value!r} is not a number "
                                "(write N or \"N to 1\", or push)")
        try:
            amount = Fraction(m.group(1))
        except (ValueError, ZeroDivisionError):
            raise PaytableError(f"{where}: pay {value!r} is not a number") from None
    else:
        try:
            if isinstance(value, Decimal) and not value.is_finite():
                raise InvalidOperation
            amount = Fraction(value)
        except (InvalidOperation, ValueError, OverflowError):
            raise PaytableError(f"{where}: pay {value!r} is not a finite number") from None
    if amount < 0:
        raise PaytableError(f"{where}: pay {value} is negative (0 means the bet loses)")
    if amount > MAX_PAY or amount.denominator > MAX_PAY:
        raise PaytableError(f"{where}: pay {value} is out of range (at most {MAX_PAY:,} to 1)")
    return amount


def pay_text(pay: Pay) -> str:
    """``Fraction(5, 2)`` -> ``"2.5"``; ``Fraction(1, 3)`` -> ``"1/3"``; PUSH -> ``"push"``."""
    if pay is PUSH:
        return "push"
    pay = Fraction(pay)
    if pay.denominator == 1:
        return str(pay.numerator)
    d = pay.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return f"{pay.numerator}/{pay.denominator}"
    places = max(twos, fives)
    scaled = pay * 10 ** places
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def pay_label(pay: Pay) -> str:
    """For display: ``"4,000 to 1"``, ``"2.5 to 1"``, ``"push"``, ``"loses"``."""
    if pay is PUSH:
        return "push"
    if pay == 0:
        return "0 (loses)"
    text = pay_text(pay)
    if "." not in text and "/" not in text:
        text = f"{int(text):,}"
    return f"{text} to 1"


def net_of(pay: Pay) -> Fraction:
    """Net result of one unit bet paid on a line: N to 1 -> +N, push -> 0, 0 -> -1 (loses)."""
    if pay is PUSH:
        return Fraction(0)
    return Fraction(pay) if pay > 0 else Fraction(-1)


#: how a pay table pays a hand that qualifies for several of its lines (a pay table's
#: ``precedence``, docs/PAYTABLES.md): ``highest-pay``, the line of the highest net
#: result (ties: the first in the table); ``table-order``, the first line in the table's
#: order, whatever it pays (the published Dealer Bonus rule)
HIGHEST_PAY = "highest-pay"
TABLE_ORDER = "table-order"
PRECEDENCES = (HIGHEST_PAY, TABLE_ORDER)


def check_precedence(value: object) -> str:
    """A pay table's ``precedence`` as written -> one of ``PRECEDENCES``, or a one-line
    ``VerifierError`` (the pay-table reader names the file)."""
    if not isinstance(value, str) or value not in PRECEDENCES:
        raise VerifierError(f"precedence {value!r} is neither reading: choose "
                            f"{' or '.join(repr(p) for p in PRECEDENCES)}")
    return value


def paid_line(lines: Collection[str], pays: Iterable[tuple[str, Pay]],
              precedence: str = HIGHEST_PAY) -> tuple[str | None, Fraction]:
    """The line an outcome qualifying for ``lines`` is paid on under ``precedence``:
    ``highest_line``, or under ``table-order`` the first of ``pays`` ((line, pay), ... in
    the table's order) it qualifies for. ``(line, net)``, ``(None, -1)`` when none."""
    if precedence == TABLE_ORDER:
        for line, pay in pays:
            if line in lines:
                return line, net_of(pay)
        return None, Fraction(-1)
    return highest_line(lines, pays)


def highest_line(lines: Collection[str], pays: Iterable[tuple[str, Pay]]
                 ) -> tuple[str | None, Fraction]:
    """The line an outcome qualifying for ``lines`` (a set of line names) is paid on:
    among ``pays`` ((line, pay), ... in the table's order), the qualifying line of the
    highest net result, ties going to the first. A line paying 0 is still the outcome's
    line when no better one applies (the outcome loses on it: net -1, and the line shows
    its hands). ``(line, net)``, or ``(None, -1)`` when no line of the table applies."""
    best, best_net = None, Fraction(-1)
    for line, pay in pays:
        if line not in lines:
            continue
        net = net_of(pay)
        if best is None or net > best_net:
            best, best_net = line, net
    return best, best_net
