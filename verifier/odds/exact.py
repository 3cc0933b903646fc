"""Exact odds from integer counts: rationals throughout, floats only for display.

The Outlaw 9 bet is settled on the *set* of categories a hand qualifies for (a mask,
bit i = line i of the filed table, see verifier/game/categories.py): the hand is paid its
highest-paying line only, so any pay table, in any order of pays, is exact from the
per-set counts. A line not in the pay table loses; a ``push`` line returns the bet.

Conventions (docs/CERTIFICATE.md):
- net result of one unit bet: ``N to 1`` -> +N, push -> 0, loses (pay 0 or no line) -> -1;
- ``return`` is the expected net result per unit bet (negative favours the house),
  ``house_edge = -return``, ``return_to_player = 1 + return``;
- ``hit_frequency`` is the probability the bet wins something (net > 0);
- ``variance`` and ``standard_deviation`` are those of the net result of one unit bet.

Python API: ``outlaw9_odds(result_or_counts, paytable)``, ``odds_of_sets(sets, paytable)``;
solving for a pay: verifier/odds/formula.py.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import Decimal, localcontext
from fractions import Fraction

from verifier.game.bets import VERSUS_BANKER_LINES
from verifier.game.categories import CATEGORY_NAMES, names_to_mask
from verifier.support.errors import VerifierError
from verifier.game.paytables import (Paytable, filed, line_title, net_of, normalize_line_name, pay_text)


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


#: Deterministic Miller-Rabin bases: exact for every n below 3,317,044,064,679,887,385,961,981.
_MR_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_MR_LIMIT = 3317044064679887385961981
_TRIAL_LIMIT = 2 ** 15          # SymPy's own trial-division bound for a root
_SMALL_PRIMES = []


def _small_primes():
    if not _SMALL_PRIMES:
        sieve = bytearray([1]) * _TRIAL_LIMIT
        sieve[:2] = b"\0\0"
        for i in range(2, math.isqrt(_TRIAL_LIMIT) + 1):
            if sieve[i]:
                sieve[i * i::i] = bytes(len(range(i * i, _TRIAL_LIMIT, i)))
        _SMALL_PRIMES.extend(i for i in range(_TRIAL_LIMIT) if sieve[i])
    return _SMALL_PRIMES


def _jacobi(a, n):
    a %= n
    result = 1
    while a:
        while a % 2 == 0:
            a //= 2
            if n % 8 in (3, 5):
                result = -result
        a, n = n, a
        if a % 4 == 3 and n % 4 == 3:
            result = -result
        a %= n
    return result if n == 1 else 0


def _strong_lucas(n):
    """The strong Lucas probable-prime test with Selfridge's parameters (every odd prime
    that is not a square passes; the second half of Baillie-PSW, as SymPy's isprime)."""
    if math.isqrt(n) ** 2 == n:
        return False
    d = 5
    while True:
        j = _jacobi(d, n)
        if j == -1:
            break
        if j == 0:
            return n == abs(d)
        d = -d - 2 if d > 0 else -d + 2
    p, q = 1, (1 - d) // 4
    k, s = n + 1, 0
    while k % 2 == 0:
        k //= 2
        s += 1

    def half(x):
        return (x + n if x % 2 else x) // 2 % n

    u, v, qk = 1, p, q % n
    for bit in bin(k)[3:]:
        u, v, qk = u * v % n, (v * v - 2 * qk) % n, qk * qk % n
        if bit == "1":
            u, v, qk = half(p * u + v), half(d * u + p * v), qk * q % n
    if u == 0 or v == 0:
        return True
    for _ in range(s - 1):
        v, qk = (v * v - 2 * qk) % n, qk * qk % n
        if v == 0:
            return True
    return False


def _is_prime(n):
    """n > 2**30 odd, no factor below 2**15: exact below _MR_LIMIT (Miller-Rabin with
    deterministic bases); above it "prime" only when Miller-Rabin and the strong Lucas
    test both pass, so that SymPy's isprime (Baillie-PSW) says "prime" too."""
    d, r = n - 1, 0
    while d % 2 == 0:
        d //= 2
        r += 1
    for a in _MR_BASES:
        if a % n == 0:
            continue
        y = pow(a, d, n)
        if y in (1, n - 1):
            continue
        for _ in range(r - 1):
            y = y * y % n
            if y == n - 1:
                break
        else:
            return False
    return n < _MR_LIMIT or _strong_lucas(n)


def _rho(n, steps=200_000):
    """A proper factor of the odd composite n by Pollard-Brent rho, or None after about
    ``steps`` steps."""
    for c in range(1, 4):
        y, r, q, g, done = 2, 1, 1, 1, 0
        x = ys = y
        while g == 1:
            x = y
            for _ in range(r):
                y = (y * y + c) % n
            k = 0
            while k < r and g == 1:
                ys = y
                for _ in range(min(128, r - k)):
                    y = (y * y + c) % n
                    q = q * abs(x - y) % n
                g = math.gcd(q, n)
                k += 128
            done += 2 * r
            r *= 2
            if done > steps:
                return None
        if g == n:
            g = 1
            while g == 1:
                ys = (ys * ys + c) % n
                g = math.gcd(abs(x - ys), n)
        if g != n:
            return g
    return None


def _pm1(n):
    """A proper factor of n by Pollard's p - 1 with the bound 2**15, or None."""
    a, chunk = 2, 1
    primes = _small_primes()
    for i, p in enumerate(primes):
        chunk *= p ** int(math.log(_TRIAL_LIMIT, p))
        if i % 64 == 63 or i == len(primes) - 1:
            a, chunk = pow(a, chunk, n), 1
            g = math.gcd(a - 1, n)
            if g == n:
                return None
            if g > 1:
                return g
    return None


def _square_free_large(n):
    """True when n (no prime factor below 2**15) is square-free, as shown by splitting it
    into primes; None when it could not be split in reasonable time."""
    pieces, primes = [n], set()
    while pieces:
        a = pieces.pop()
        if a == 1:
            continue
        if math.isqrt(a) ** 2 == a:
            return False
        if a < _TRIAL_LIMIT ** 3 or _is_prime(a):
            # below 2**45 a composite without small factors is p*q, p != q (not a square)
            if a in primes:
                return False
            primes.add(a)
            continue
        f = _pm1(a) or _rho(a)
        if f is None:
            return None
        pieces += [f, a // f]
    return True


def _square_split(n):
    """(s, m) with n = s*s*m and m square-free, or None when that could not be shown.

    The primes below 2**15 are taken out by trial division, as SymPy does for a root; what
    is left, R, goes whole into m when it is square-free (SymPy writes sqrt(R) then too,
    however far it splits R: it never finds a square in it), else None."""
    s = m = 1
    for p in _small_primes():
        if p * p > n:
            n, m = 1, m * n           # n is 1 or a prime
            break
        if n % p == 0:
            e = 0
            while n % p == 0:
                n //= p
                e += 1
            s *= p ** (e // 2)
            if e % 2:
                m *= p
    if n > 1 and not _square_free_large(n):
        return None                   # a square beyond 2**15, or not split: SymPy decides
    return s, m * n


def sqrt_text(x):
    """``str(sqrt_exact(x))`` without SymPy (whose import takes a third of a second), or
    None when the radicand is not fully factored by the simple means above. The form is
    SymPy's: sqrt(p/q) = a*sqrt(m)/b, m square-free, a/b in lowest terms."""
    x = Fraction(x)
    if x <= 0:
        return "0" if x == 0 else None
    p, q = x.numerator, x.denominator
    sp, sq = _square_split(p), _square_split(q)
    if sp is None or sq is None:
        return None
    coef = Fraction(sp[0] * sq[0], q)           # sqrt(p/q) = sqrt(p q) / q
    m = sp[1] * sq[1]
    if m == 1:
        return str(coef)
    a, b = coef.numerator, coef.denominator
    text = f"sqrt({m})" if a == 1 else f"{a}*sqrt({m})"
    return text if b == 1 else f"{text}/{b}"


def sqrt_str(x):
    """``str(sqrt_exact(x))``: by ``sqrt_text`` when it can, else by SymPy."""
    text = sqrt_text(x)
    return text if text is not None else str(sqrt_exact(x))


def sqrt_value(x):
    """``{"exact": "sqrt(...) expression", "decimal": float, "square": "p/q"}``."""
    return {"exact": sqrt_str(x), "decimal": sqrt_decimal(x), "square": str(Fraction(x))}


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


def paid_line(lines, paytable):
    """The line an outcome qualifying for ``lines`` (a set of line names, or an Outlaw 9
    category mask) is paid on: ``(category or None, net)``.

    The highest-paying line among those the outcome qualifies for (ties: the first in the
    pay table's order); ``None`` when no line of the table applies (the bet loses).
    """
    if isinstance(lines, int):
        lines = {name for bit, name in enumerate(CATEGORY_NAMES) if lines >> bit & 1}
    best, best_net = None, Fraction(-1)
    for category, pay in paytable.pays:
        if category in lines:
            net = net_of(pay)
            if best is None or net > best_net:
                best, best_net = category, net
    return best, best_net


@dataclass(frozen=True)
class QualifyingSets:
    """What a certificate counts for a bet: ``sets`` ((frozenset of lines, outcomes),
    ...); outcomes in no set qualify for nothing. ``total``: all outcomes. ``unit``:
    what an outcome is, for display. Any pay table over ``lines`` is exact from it: an
    outcome is paid its highest line."""
    bet: str
    lines: tuple
    sets: tuple
    total: int
    unit: str
    note: str = ""


def category_sets(source, reading=None):
    """((frozenset of category names, hands), ...) of Outlaw 9 category counts (any form
    ``mask_counts`` reads)."""
    return tuple((frozenset(name for bit, name in enumerate(CATEGORY_NAMES) if mask >> bit & 1),
                  hands) for mask, hands in sorted(mask_counts(source, reading).items()))


def versus_banker_sets(counts):
    """The base game's outcomes as sets of versus-banker lines, from the pairwise counts
    (``total``, ``win``, ``loss``, ``push``, ``push_wrangler_2to1``: pushes where either
    two-card hand is a pair of 3s or better). A push with such a pair qualifies for both
    push lines."""
    try:
        total, win, loss, pushes, paired = (int(counts[k]) for k in (
            "total", "win", "loss", "push", "push_wrangler_2to1"))
    except (KeyError, TypeError, ValueError):
        raise VerifierError("versus-banker odds need the pairwise counts total, win, loss, "
                            "push and push_wrangler_2to1") from None
    if not 0 <= paired <= pushes or win + loss + pushes != total or total <= 0:
        raise VerifierError(f"pairwise counts do not fit: win {win} + loss {loss} + push "
                            f"{pushes} != total {total}, or pushes with a pair {paired} > "
                            "pushes")
    sets = ((frozenset({"player_wins"}), win), (frozenset({"player_loses"}), loss),
            (frozenset({"push"}), pushes - paired),
            (frozenset({"push", "push_with_pair_of_3s_or_better"}), paired))
    return QualifyingSets("versus-banker", VERSUS_BANKER_LINES, sets, total,
                          "ordered (player, banker) pairs")


def odds_of_sets(sets: QualifyingSets, paytable, reading=None):
    """The odds of ``paytable`` on what a certificate counts: each outcome paid its
    highest line."""
    counted = sum(n for _, n in sets.sets)
    if counted > sets.total:
        raise VerifierError(f"the counts add up to {counted:,}, more than the "
                            f"{sets.total:,} {sets.unit}")
    per_line = {c: 0 for c, _ in paytable.pays}
    for lines, n in sets.sets:
        category, _ = paid_line(lines, paytable)
        if category is not None:
            per_line[category] += n
    return odds_of_lines(paytable, per_line, sets.total, reading)


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
    def standard_deviation_text(self):
        """``str(standard_deviation)``, without SymPy when it can (``sqrt_str``)."""
        return sqrt_str(self.variance)

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
    if paytable.kind.reads not in ("outlaw9", "seven-card"):
        raise VerifierError(f"pay table {paytable.name!r} is for {paytable.kind.title}, whose "
                            "lines are not read on the Outlaw 9 categories")
    counts = mask_counts(source, reading)
    if reading is None:
        reading = source.rules.bonus_reading if hasattr(source, "rules") else "seven-card"
    total = _total_of(source, counts, total)
    if total <= 0:
        raise VerifierError("no hands: the total number of hands must be positive")
    sets = QualifyingSets(paytable.bet, tuple(CATEGORY_NAMES), category_sets(counts), total,
                          "hands", f"bonus reading {reading}")
    return odds_of_sets(sets, paytable, reading)


# ---------------------------------------------------------------------------------------
# the Wrangler Push, from the exact player-against-banker counts


def wrangler_odds(counts: dict, paytable: Paytable | None = None) -> BetOdds:
    """Exact odds of the Wrangler Push (or any versus-banker table) from the pairwise
    counts (``versus_banker_sets``): a push with a pair of 3s or better qualifies for both
    push lines and is paid the higher; every outcome no line pays loses."""
    return odds_of_sets(versus_banker_sets(counts), paytable or filed("wrangler_push"))


# ---------------------------------------------------------------------------------------
# solving for a pay


def practical_grid(x):
    """The practical pays nearest ``x`` on either side: halves below 10, whole numbers
    from 10 on. Returns ``(below, above)``; both equal ``x`` when it is on the grid."""
    x = Fraction(x)
    if x < 10:
        return Fraction(math.floor(2 * x), 2), Fraction(math.ceil(2 * x), 2)
    return Fraction(math.floor(x)), Fraction(math.ceil(x))
