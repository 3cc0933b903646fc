"""A progressive pay table (issue 37, docs/PROGRESSIVES.md): tiers that pay a fixed amount
or a share of a named meter, each meter with its reset and the share of every wager added
to it; the tiers' lines read as a custom bet reads its lines (docs/PAYTABLES.md).

    name = "Jackpot (example)"
    reads = "seven-card"          # a custom bet's read; default seven-card
    wager = 1                     # the progressive wager in dollars; amounts are paid on it
    status = "example (not filed)"

    [meters.jackpot]
    reset = 10000                 # dollars: the meter's value after a hit takes it all
    increment = "15%"             # of each wager, added to the meter
    cap = 250000                  # optional: the meter grows no further
    reserve = "2%"                # optional: of each wager, to a hidden reserve that
                                  # funds the next reset (docs/PROGRESSIVES.md)

    [[tiers]]
    lines = ["seven_card_straight_flush"]
    pays = "100% of jackpot"      # a share of a meter; or "$500" (dollars), or "50 to 1",
                                  # or "$500 + 10% of jackpot" (a fixed amount, a meter's top)
    envy = 500                    # optional: dollars to each other seat with the wager

How a hand is paid (the readings, stated on every output): the first tier in the table's
order whose lines the hand shows (a progressive's tiers go from the best hand down); the
wager is collected on every hand and a tier's amount is paid beside it, so "N to 1" pays
N + 1 wagers and the return per unit is E[paid] / wager - 1 (the Wizard of Odds' tables
count progressives so).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Mapping

from verifier.game.paytables import Paytable
from verifier.game.pays import TABLE_ORDER
from verifier.support.errors import VerifierError

#: the read of a progressive whose file names none
DEFAULT_READS = "seven-card"
_TOP_KEYS = {"name", "reads", "wager", "status", "source", "meters", "tiers"}
_METER_KEYS = {"reset", "increment", "cap", "reserve"}
_TIER_KEYS = {"lines", "pays", "envy"}
_SHARE = re.compile(r"^\s*([0-9][0-9.,/]*)\s*%\s+of\s+(\S+)\s*$")
_TO_ONE = re.compile(r"^\s*([0-9][0-9.,/]*)\s*(?:to|:)\s*1\s*$")


class ProgressiveError(VerifierError):
    """A progressive table or a meter value that cannot be read: one line."""


#: the largest amount (dollars, either sign) a table, a ``--meter`` or a claim may give, and
#: the largest denominator of one (a share of 1/3 is exact; a cent's is 100): bounded
#: before any exact arithmetic, so that no figure overflows a float or runs without end
MAX_AMOUNT = 10 ** 12
MAX_DENOMINATOR = 10 ** 18
#: an amount as written, once "$", "," and "%" are gone: a decimal (its exponent of more
#: than three digits is out of range before it is made exact), or p/q
_AMOUNT = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?0*(?P<exp>\d+))?|[+-]?\d+/\d+",
                     re.ASCII)
_AMOUNT_CHARACTERS = 60


def amount(value: object, what: str) -> Fraction:
    """Dollars or a share in a file, on the command line or in a request: 500, 2.5,
    "$1,000", "15%", "1/3" -> exact Fraction, at most MAX_AMOUNT in size and
    MAX_DENOMINATOR in its denominator; anything else one line, in bounded time (the
    text's length, then its exponent, checked before it is made exact)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Decimal)):
        raise ProgressiveError(f"{what}: {_shown(value)} is not an amount")
    if isinstance(value, int) and abs(value) > MAX_AMOUNT:
        raise _out_of_range(value, what)
    text = value if isinstance(value, str) and len(value) > 4 * _AMOUNT_CHARACTERS else \
        str(value).replace(",", "").replace("$", "").strip()     # too long: refused below
    scale = 1
    if text.endswith("%"):
        text, scale = text[:-1].strip(), 100
    written = _AMOUNT.fullmatch(text) if len(text) <= _AMOUNT_CHARACTERS else None
    if written is None:
        raise ProgressiveError(f"{what}: {_shown(value)} is not an amount (dollars such as "
                               "500, \"$1,000\" or 2.5; a share such as \"15%\")")
    if len(written.group("exp") or "") > 3:
        raise _out_of_range(value, what)
    try:
        out = Fraction(text) / scale
    except ZeroDivisionError:
        raise ProgressiveError(f"{what}: {_shown(value)} divides by zero") from None
    if abs(out) > MAX_AMOUNT or out.denominator > MAX_DENOMINATOR:
        raise _out_of_range(value, what)
    return out


def _shown(value: object) -> str:
    """A user's value in a message: its first 40 characters."""
    if isinstance(value, int) and abs(value) >= 10 ** 40:
        return f"a number of about {value.bit_length() * 30103 // 100000 + 1:,} digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."


def _out_of_range(value: object, what: str) -> ProgressiveError:
    return ProgressiveError(f"{what}: {_shown(value)} is out of range (an amount is at most "
                            f"${MAX_AMOUNT:,}, with at most {len(str(MAX_DENOMINATOR)) - 1} "
                            "decimals)")


@dataclass(frozen=True)
class Meter:
    name: str
    reset: Fraction
    increment: Fraction           # share of each wager added to the meter
    cap: Fraction | None = None
    reserve: Fraction | None = None   # share of each wager to the hidden reserve, if any


@dataclass(frozen=True)
class Tier:
    lines: tuple[str, ...]
    fixed: Fraction = Fraction(0)     # dollars paid (beside the collected wager)
    meter: str | None = None          # a share of this meter, when not None
    share: Fraction = Fraction(0)
    envy: Fraction = Fraction(0)      # dollars to each other seat with the wager

    def pays_text(self) -> str:
        if self.meter is not None:
            share = f"{_num(100 * self.share)}% of {self.meter}"
            return f"${_num(self.fixed)} + {share}" if self.fixed else share
        return f"${_num(self.fixed)}"

    def to_dict(self) -> dict[str, Any]:
        """The file's form, amounts as exact text (``from_dict`` reads it back)."""
        pays = f"{100 * self.share}% of {self.meter}" if self.meter is not None \
            else str(self.fixed)
        if self.meter is not None and self.fixed:
            pays = f"{self.fixed} + {pays}"
        return {"lines": list(self.lines), "pays": pays,
                **({"envy": str(self.envy)} if self.envy else {})}


def _num(x: Fraction) -> str:
    return f"{x.numerator:,}" if x.denominator == 1 else f"{float(x):,.2f}"


@dataclass(frozen=True)
class Progressive:
    name: str
    reads: str
    wager: Fraction
    meters: Mapping[str, Meter]
    tiers: tuple[Tier, ...]
    status: str = ""
    source: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The file's form (a certificate keeps it), amounts as exact text."""
        meters = {m.name: {"reset": str(m.reset), "increment": str(m.increment),
                           **({"cap": str(m.cap)} if m.cap is not None else {}),
                           **({"reserve": str(m.reserve)} if m.reserve is not None else {})}
                  for m in self.meters.values()}
        return {"name": self.name, "reads": self.reads, "wager": str(self.wager),
                "status": self.status, "source": self.source, "meters": meters,
                "tiers": [t.to_dict() for t in self.tiers]}

    @property
    def paytable(self) -> Paytable:
        """The tiers' lines as a custom pay table under ``table-order``: what the
        certificate's counts are read through (every line paying 1, the tiers' order)."""
        lines = [(line, 1) for t in self.tiers for line in t.lines]
        return Paytable.from_lines(self.name, "custom", lines, reads=self.reads,
                                   precedence=TABLE_ORDER)

    def tier_of(self, lines: frozenset) -> int | None:
        """The tier a hand showing ``lines`` is paid by: the first in the table's order."""
        for i, t in enumerate(self.tiers):
            if lines.intersection(t.lines):
                return i
        return None

    def meter_values(self, given: Mapping[str, Fraction] | None = None) -> dict[str, Fraction]:
        """Every meter's value: ``given`` ones (checked: at least the reset, at most the
        cap), the rest at their reset."""
        given = dict(given or {})
        unknown = sorted(set(given) - set(self.meters))
        if unknown:
            raise ProgressiveError(f"--meter {unknown[0]}: the table has no such meter "
                                   f"(its meters: {', '.join(self.meters) or 'none'})")
        out = {}
        for name, m in self.meters.items():
            v = given.get(name, m.reset)
            if v < m.reset:
                raise ProgressiveError(f"meter {name} = {_num(v)} is below its reset "
                                       f"{_num(m.reset)}")
            if m.cap is not None and v > m.cap:
                raise ProgressiveError(f"meter {name} = {_num(v)} is above its cap "
                                       f"{_num(m.cap)}")
            out[name] = v
        return out

    def paid(self, tier: Tier, meters: Mapping[str, Fraction], capped: bool = True
             ) -> Fraction:
        """Dollars a hit on ``tier`` is paid at ``meters`` (beside the collected wager):
        its fixed amount and its share of its meter; ``capped``: the share no more than
        the meter's cap."""
        if tier.meter is None:
            return tier.fixed
        value = tier.share * meters[tier.meter]
        cap = self.meters[tier.meter].cap
        return tier.fixed + (min(value, cap) if capped and cap is not None else value)


def _pays(text: object, wager: Fraction, meters: Mapping[str, Meter], where: str
          ) -> tuple[Fraction, str | None, Fraction]:
    if isinstance(text, str) and "+" in text:         # a fixed amount with a meter's top
        fixed_text, _, top = text.partition("+")
        if not _SHARE.match(top):
            raise ProgressiveError(f"{where}: pays {text!r}: the top of a fixed amount is "
                                   "a meter's share, written \"$500 + 10% of METER\"")
        fixed, meter, _ = _pays(fixed_text, wager, meters, where)
        if meter is not None:
            raise ProgressiveError(f"{where}: pays {text!r}: one share of a meter per tier, "
                                   "after the fixed amount")
        _, meter, top_share = _pays(top, wager, meters, where)
        return fixed, meter, top_share
    if isinstance(text, str):
        share = _SHARE.match(text)
        if share:
            meter = share.group(2)
            if meter not in meters:
                raise ProgressiveError(f"{where}: pays a share of meter {meter!r}, which the "
                                       f"table does not declare (its meters: "
                                       f"{', '.join(meters) or 'none'})")
            s = amount(share.group(1) + "%", where)
            if s <= 0:
                raise ProgressiveError(f"{where}: a share of a meter must be above 0%")
            if s > 1 and meters[meter].cap is None:
                raise ProgressiveError(f"{where}: pays {text!r}, above 100% of the meter, "
                                       f"but meter {meter!r} states no cap")
            return Fraction(0), meter, s
        to_one = _TO_ONE.match(text)
        if to_one:
            return (amount(to_one.group(1), where) + 1) * wager, None, Fraction(0)
        if "%" in text:
            raise ProgressiveError(f"{where}: pays {text!r}: a share is written "
                                   "\"N% of METER\"")
    fixed = amount(text, where)
    if fixed < 0:
        raise ProgressiveError(f"{where}: a negative amount")
    return fixed, None, Fraction(0)


def from_dict(data: Mapping[str, Any], where: str = "progressive table") -> Progressive:
    """A progressive table from its TOML data, every check of a file (one line each)."""
    extra = sorted(set(data) - _TOP_KEYS)
    if extra:
        raise ProgressiveError(f"{where}: unknown key {extra[0]!r} (keys: "
                               f"{', '.join(sorted(_TOP_KEYS))})")
    wager = amount(data.get("wager", 1), f"{where}: wager")
    if wager <= 0:
        raise ProgressiveError(f"{where}: wager must be above 0")
    meters: dict[str, Meter] = {}
    for name, m in (data.get("meters") or {}).items():
        w = f"{where}: meter {name!r}"
        if not isinstance(m, dict) or "reset" not in m or set(m) - _METER_KEYS:
            raise ProgressiveError(f"{w}: needs reset (and increment, cap, reserve), "
                                   "nothing else")
        reset, inc = amount(m["reset"], f"{w}: reset"), amount(m.get("increment", 0),
                                                               f"{w}: increment")
        reserve = amount(m["reserve"], f"{w}: reserve") if "reserve" in m else None
        cap = amount(m["cap"], f"{w}: cap") if "cap" in m else None
        if reset < 0:
            raise ProgressiveError(f"{w}: a negative reset")
        if inc < 0:
            raise ProgressiveError(f"{w}: a negative increment ({m['increment']!r})")
        if inc > 1:
            raise ProgressiveError(f"{w}: an increment above 100% of the wager")
        if reserve is not None and not 0 <= reserve <= 1:
            raise ProgressiveError(f"{w}: reserve {m['reserve']!r} is not a share of the "
                                   "wager from 0% to 100%")
        if inc + (reserve or 0) > 1:
            raise ProgressiveError(f"{w}: increment and reserve together take more than "
                                   "100% of the wager")
        if cap is not None and cap < reset:
            raise ProgressiveError(f"{w}: cap {_num(cap)} below the reset {_num(reset)}")
        meters[name] = Meter(name, reset, inc, cap, reserve)
    tiers = []
    raw = data.get("tiers")
    if not isinstance(raw, list) or not raw:
        raise ProgressiveError(f"{where}: no tiers ([[tiers]] with lines and pays)")
    for i, t in enumerate(raw, 1):
        w = f"{where}: tier {i}"
        if not isinstance(t, dict) or "lines" not in t or "pays" not in t or set(t) - _TIER_KEYS:
            raise ProgressiveError(f"{w}: needs lines and pays (and envy), nothing else")
        lines = t["lines"] if isinstance(t["lines"], list) else [t["lines"]]
        if not lines or not all(isinstance(x, str) for x in lines):
            raise ProgressiveError(f"{w}: lines must be line names")
        fixed, meter, share = _pays(t["pays"], wager, meters, w)
        envy = amount(t.get("envy", 0), f"{w}: envy")
        if envy < 0:
            raise ProgressiveError(f"{w}: a negative envy amount")
        tiers.append(Tier(tuple(lines), fixed, meter, share, envy))
    table = Progressive(str(data.get("name", "progressive")),
                        str(data.get("reads", DEFAULT_READS)), wager, meters, tuple(tiers),
                        str(data.get("status", "")), str(data.get("source", "")))
    try:                                  # line names and the read, as a custom bet's
        normal = table.paytable
    except VerifierError as exc:
        raise ProgressiveError(f"{where}: {exc}") from None
    names = iter(c for c, _ in normal.pays)
    tiers = [Tier(tuple(next(names) for _ in t.lines), t.fixed, t.meter, t.share, t.envy)
             for t in table.tiers]
    return Progressive(table.name, table.reads, wager, meters, tuple(tiers), table.status,
                       table.source)


def load(path: str) -> Progressive:
    """A progressive table file (TOML), read by the one reader (its checks and bounds,
    docs/RELIABILITY.md), or one line naming the problem."""
    from verifier.support.files import read_toml
    data = read_toml(path, "progressive table", ProgressiveError, parse_float=Decimal)
    return from_dict(data, str(path))


def parse_meter(text: str) -> tuple[str, Fraction]:
    """``--meter NAME=AMOUNT`` -> (name, dollars)."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise ProgressiveError(f"--meter {text!r}: write NAME=AMOUNT (e.g. mega=3832836)")
    return name.strip(), amount(value, f"--meter {name.strip()}")
