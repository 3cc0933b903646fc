"""Exact values and their JSON form: a rational as a certificate writes it
(``exact_value``), and exact square roots (a standard deviation) written as SymPy writes
them, without importing SymPy where the radicand factors by simple means (``sqrt_text``:
deterministic primality tests, Pollard's rho and p - 1)."""
from __future__ import annotations

import math
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any


def exact_value(x: Fraction | int | str) -> dict:
    """A rational as the certificate writes it: ``{"exact": "p/q", "decimal": float}``."""
    x = Fraction(x)
    return {"exact": str(x), "decimal": float(x)}


def sqrt_exact(x: Fraction | int | str) -> Any:
    """The exact square root of a non-negative rational, as a SymPy expression."""
    import sympy
    x = Fraction(x)
    return sympy.sqrt(sympy.Rational(x.numerator, x.denominator))


def sqrt_decimal(x: Fraction | int | str, digits: int = 30) -> float:
    """Decimal square root of a non-negative rational (correct to ``digits`` places)."""
    x = Fraction(x)
    with localcontext() as ctx:
        ctx.prec = digits + 10
        return float((Decimal(x.numerator) / Decimal(x.denominator)).sqrt())


#: Deterministic Miller-Rabin bases: exact for every n below 3,317,044,064,679,887,385,961,981.
_MR_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_MR_LIMIT = 3317044064679887385961981
_TRIAL_LIMIT = 2 ** 15          # SymPy's own trial-division bound for a root
_SMALL_PRIMES: list = []


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


def sqrt_text(x: Fraction | int | str) -> str | None:
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


def sqrt_str(x: Fraction | int | str) -> str:
    """``str(sqrt_exact(x))``: by ``sqrt_text`` when it can, else by SymPy."""
    text = sqrt_text(x)
    return text if text is not None else str(sqrt_exact(x))


def sqrt_value(x: Fraction | int | str) -> dict:
    """``{"exact": "sqrt(...) expression", "decimal": float, "square": "p/q"}``."""
    return {"exact": sqrt_str(x), "decimal": sqrt_decimal(x), "square": str(Fraction(x))}
