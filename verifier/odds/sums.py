"""The distribution of a wager's net result summed over N hands, from one hand's exact
distribution (docs/PARSHEET.md, "Operator figures"): each round is a fresh shuffle, so the
hands are independent and the sum's distribution is one hand's convolved N times. No
sampling, no normal approximation: the bands' quantiles and the chance the house is ahead
are read off that distribution.

One hand's results lie on a lattice: ``low + unit * k`` for k = 0..R (``unit`` the largest
step every result is a whole number of steps from the lowest). The sum of N hands is then
``N * low + unit * K`` with K the sum of N independent k's, whose distribution is the
N-th power of one hand's under the discrete Fourier transform (numpy's real FFT of M
points, M a power of two). Where N * R + 1 <= M the power is the whole distribution; on a
larger span the mass at K >= M folds onto K - M, and M is made large enough that this mass
is below ``FOLDED`` by a Chernoff bound (P(K >= a) <= e^(-t a) E[e^(t k)]^N for every
t > 0): a wager paying thousands to one has a span of millions of steps, but almost none of
its mass is that far out. The probabilities are doubles: each within about 1e-12 of the
exact rational (held against sums of Fractions in tests/test_operator.py), which decides
a quantile except where a cumulative probability falls within that of its level.
"""
from __future__ import annotations

from fractions import Fraction
from math import gcd, lcm
from typing import Any, Mapping, Sequence

#: the most probability the circular convolution may fold back onto the span it keeps
FOLDED = 1e-15
#: the largest transform (points); beyond it the sums are not computed (None)
MAX_POINTS = 1 << 24


class Sums:
    """The sum over N hands of one hand's result, whose exact distribution is
    ``outcomes``: {net result: combinations}."""

    def __init__(self, outcomes: Mapping[Fraction, int]) -> None:
        import numpy as np
        nets = sorted(Fraction(v) for v, n in outcomes.items() if n)
        if not nets:
            raise ValueError("a distribution of no outcome")
        total = sum(outcomes.values())
        scale = lcm(*(v.denominator for v in nets))
        whole = [int(v * scale) for v in nets]
        step = gcd(*(w - whole[0] for w in whole)) or 1
        self.low, self.unit = nets[0], Fraction(step, scale)
        self.steps = [(w - whole[0]) // step for w in whole]
        self.pmf = np.zeros(self.steps[-1] + 1)
        for k, v in zip(self.steps, nets):
            self.pmf[k] = outcomes[v] / total
        self._points: dict[int, Any] = {}
        self._grid: list[tuple[Any, Any]] | None = None     # _log_mgfs, when needed

    def points(self, hands: int) -> int | None:
        """M for ``hands`` hands: the whole span when it fits, else the least power of two
        whose folded mass is at most FOLDED (None: more than MAX_POINTS)."""
        span = hands * self.steps[-1] + 1
        whole = 1 << (span - 1).bit_length()
        if whole <= 1 << 16:
            return whole
        m = 1 << 16
        if self._grid is None:
            self._grid = _log_mgfs(self.pmf)
        while m < whole and _chernoff(self._grid, hands, m) > FOLDED:
            m <<= 1
        return min(m, whole) if min(m, whole) <= MAX_POINTS else None

    def cdf(self, hands: int) -> Any:
        """P(K <= k) for k = 0..M-1 (numpy doubles), or None (too many points)."""
        import numpy as np
        m = self.points(hands)
        if m is None:
            return None
        if m not in self._points:
            self._points[m] = np.fft.rfft(self.pmf, m)
        pmf = np.fft.irfft(self._points[m] ** hands, m)
        np.clip(pmf, 0.0, None, out=pmf)
        return np.cumsum(pmf)

    def cdfs(self, hands: Sequence[int]) -> dict[int, Any]:
        """{n: ``cdf(n)``} for each n of ``hands``, two at a time: numpy's transforms run
        without the GIL, so a second thread takes the other core (the same doubles)."""
        from verifier.support.interrupts import Behind
        todo = list(dict.fromkeys(hands))
        other = Behind(lambda: {n: self.cdf(n) for n in todo[1::2]}, "paigow-verify sums")
        other.thread.start()
        mine = {n: self.cdf(n) for n in todo[0::2]}
        other.thread.join()
        return {**mine, **other.value}

    def value(self, hands: int, k: int) -> Fraction:
        """The sum of ``hands`` hands at step ``k``."""
        return hands * self.low + self.unit * k

    def quantile(self, cdf: Any, hands: int, q: float) -> Fraction:
        """The smallest sum with at least ``q`` of the probability at or below it."""
        import numpy as np
        return self.value(hands, min(int(np.searchsorted(cdf, q)), len(cdf) - 1))

    def below(self, cdf: Any, hands: int, x: Fraction) -> float:
        """P(sum < x)."""
        k = -((hands * self.low - x) // self.unit) - 1     # the last step below x
        return 0.0 if k < 0 else float(cdf[min(int(k), len(cdf) - 1)])


def _log_mgfs(pmf: Any) -> list[tuple[Any, Any]]:
    """[(t, log E[e^(t k)])] over the grid of t of ``_chernoff``, k drawn from ``pmf``:
    the same for every number of hands, made once."""
    import numpy as np
    k = np.nonzero(pmf)[0]
    logs = np.log(pmf[k])
    grid = []
    for t in np.geomspace(1e-7, 10.0, 80):
        terms = logs + t * k
        top = terms.max()
        grid.append((t, top + np.log(np.exp(terms - top).sum())))
    return grid


def _chernoff(grid: list[tuple[Any, Any]], hands: int, at: int) -> float:
    """A bound on P(K >= at), K the sum of ``hands`` draws of one hand's distribution
    (``_log_mgfs``): the least over the grid of t of e^(-t at) (sum_k pmf[k] e^(t k))^hands."""
    import numpy as np
    best = 0.0
    for t, log_mgf in grid:
        best = min(best, hands * log_mgf - t * at)
    return float(np.exp(best))
