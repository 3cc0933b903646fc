"""A target house edge as a person writes it (``solve --edge``, the workbench's solve):
``0.05``, ``5%`` or ``1/20``, read exactly."""
from __future__ import annotations

import re
from fractions import Fraction

from verifier.support.errors import VerifierError

#: a house edge as written: a decimal (exponent at most two digits) or p/q, short
_EDGE = re.compile(r"[+-]?(\d{1,20}(\.\d{0,30})?|\.\d{1,30})([eE][+-]?\d{1,2})?|[+-]?\d{1,30}/\d{1,30}",
                   re.ASCII)                       # digits 0-9 only: no '١' read as 1


def parse_edge(text: str, what: str = "--edge") -> Fraction:
    """``0.05``, ``5%``, ``1/20`` -> Fraction, strictly between -1 and 1 (a house edge
    beyond 100% is no pay table's); anything else is one line naming ``what``."""
    t = text.strip()
    percent = t.endswith("%")
    number = t[:-1].strip() if percent else t
    bad = f"bad {what} {text!r}: write 0.05, 5% or 1/20"
    if not _EDGE.fullmatch(number):
        raise VerifierError(bad)
    try:
        edge = Fraction(number) / (100 if percent else 1)
    except (ValueError, ZeroDivisionError):
        raise VerifierError(bad) from None
    if not -1 < edge < 1:
        raise VerifierError(f"bad {what} {text!r}: a house edge is between -100% and 100%")
    return edge
