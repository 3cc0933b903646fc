"""Every practical pay table within an edge range (issue 39, ``solve --edge-range``).

The lines searched each take every pay on a grid (multiples of ``step``: integers,
halves, ...) from half to twice the table's present pay, the other lines as they are;
every combination is paid exactly as the certificate's counts say (each outcome its
line under the table's precedence: the highest pay, or the first in the table's order),
and those whose house edge lies in the range are kept, ranked by the distance of their
edge to a target or by their volatility. The figures are exact Fractions; each kept table
is a real ``Paytable`` that ``odds_of_sets`` confirms (the caller does, for what it shows).
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

from verifier.game.paytables import Paytable, net_of
from verifier.game.pays import TABLE_ORDER
from verifier.odds.exact import QualifyingSets
from verifier.support.errors import VerifierError
from verifier.support.progress import Progress, stage

if TYPE_CHECKING:
    from verifier.odds.formula import BetFormula

#: most combinations one search evaluates
MAX_COMBINATIONS = 50_000
RANKS = ("distance", "volatility")


@dataclass(frozen=True)
class Found:
    pays: tuple[tuple[str, Fraction], ...]     # the searched lines' pays
    house_edge: Fraction
    hit_frequency: Fraction
    variance: Fraction


def grid(present: Fraction, step: Fraction) -> list[Fraction]:
    """The pays a line takes: multiples of ``step`` from half to twice ``present`` (at
    least one step)."""
    low = max(step, math.ceil(present / 2 / step) * step)
    high = max(low, math.floor(2 * present / step) * step)
    size = int((high - low) / step) + 1
    if size > MAX_COMBINATIONS:            # counted before a list of them is made
        raise VerifierError(f"{size:,} pays on one line: more than {MAX_COMBINATIONS:,}; "
                            "take a larger --step")
    return [low + i * step for i in range(size)]


def search(sets: QualifyingSets, table: Paytable, lines: Sequence[str], low: Fraction,
           high: Fraction, step: Fraction, progress: Progress | None = None) -> list[Found]:
    """The tables whose house edge lies in [low, high], the ``lines`` on the grid;
    ``progress`` (verifier/support/progress.py): a bar over the combinations."""
    if step <= 0:
        raise VerifierError("--step must be above 0")
    if low > high:
        raise VerifierError(f"--edge-range: {low} is above {high}")
    pays = dict(table.pays)
    grids = []
    for line in lines:
        now = pays.get(line)
        if now is None or not isinstance(now, Fraction) or now <= 0:
            raise VerifierError(f"line {line}: the search moves a line that pays now "
                                "(give it a pay in the table first)")
        grids.append(grid(now, step))
    count = math.prod(len(g) for g in grids)
    if count > MAX_COMBINATIONS:
        raise VerifierError(f"{count:,} combinations of pays: more than {MAX_COMBINATIONS:,}; "
                            "search fewer lines or take a larger --step")
    order = [c for c, _ in table.pays]
    groups: dict[tuple[int, ...], int] = {}       # the table lines an outcome shows -> outcomes
    for shown, n in sets.sets:
        key = tuple(i for i, c in enumerate(order) if c in shown)
        groups[key] = groups.get(key, 0) + n
    total = sets.total
    none = total - sum(groups.values())
    moving = [order.index(line) for line in lines]
    nets = [net_of(p) for _, p in table.pays]
    # integer arithmetic: every net times one common denominator
    scale = math.lcm(*(x.denominator for x in nets), *(p.denominator for g in grids for p in g))
    ints = [int(x * scale) for x in nets]
    first = table.precedence == TABLE_ORDER
    items = list(groups.items())
    found = []
    for combo in _told(itertools.product(*grids), count, progress):
        for i, p in zip(moving, combo):
            ints[i] = int(p * scale)
        s1 = -none * scale
        s2 = none * scale * scale
        hits = 0
        for key, n in items:
            net = -scale if not key else ints[key[0]] if first else max(ints[i] for i in key)
            s1 += n * net
            s2 += n * net * net
            if net > 0:
                hits += n
        edge = Fraction(-s1, total * scale)
        if low <= edge <= high:
            found.append(Found(tuple(zip(lines, combo)), edge, Fraction(hits, total),
                               Fraction(s2, total * scale * scale) - edge * edge))
    return found


def _told(combos: Iterator[tuple], count: int,
          progress: Progress | None) -> Iterator[tuple]:
    """The combinations, told to a bar every thousand."""
    with stage(progress, "tables", "pay tables") as report:
        for done, combo in enumerate(combos):
            if report is not None and done % 1000 == 0:
                report(done, count)
            yield combo
        if report is not None:
            report(count, count)


def ranked(found: list[Found], rank: str, target: Fraction) -> list[Found]:
    """``distance``: nearest ``target`` first; ``volatility``: the highest standard
    deviation first. Ties: the lower pays first."""
    if rank not in RANKS:
        raise VerifierError(f"--rank {rank!r}: choose {' or '.join(RANKS)}")
    if rank == "distance":
        return sorted(found, key=lambda f: (abs(f.house_edge - target), f.pays))
    return sorted(found, key=lambda f: (-f.variance, f.pays))


def confirmed(formula: BetFormula, lines: Sequence[str], low: Fraction, high: Fraction,
              step: Fraction, rank: str, target: Fraction, limit: int,
              odds_of: Callable[[Paytable], Any],
              progress: Progress | None = None) -> tuple[int, list]:
    """``solve --edge-range`` (and the workbench's search): every table with ``lines`` on
    the grid of ``step`` whose house edge lies in [low, high], ranked, the first ``limit``
    each confirmed by ``odds_of`` (a table's odds by another path: the certificate's,
    ``verifier.certificate.odds.odds_from_certificate``). Returns (how many were found,
    [(Found, its odds)]); ``progress``: as ``search``'s."""
    found = search(formula.sets, formula.table, lines, low, high, step, progress)
    rows = []
    for f in ranked(found, rank, target)[:limit]:     # each one again through the odds
        t = formula.table
        for line, pay in f.pays:
            t = t.with_pay(line, pay)
        odds = odds_of(t)
        if (odds.house_edge, odds.hit_frequency, odds.variance) != (
                f.house_edge, f.hit_frequency, f.variance):
            raise VerifierError(f"the search's figures for {f.pays} are not the certificate's "
                                "odds (a fault: please report it)")
        rows.append((f, odds))
    return len(found), rows
