"""Every practical pay table within an edge range (issue 39, ``solve --edge-range``).

The lines searched each take every pay on a grid (multiples of ``step``: integers,
halves, ...) from half to twice the table's present pay, the other lines as they are;
every combination is paid exactly as the certificate's counts say (each outcome its
line under the table's precedence: the highest pay, or the first in the table's order),
and those whose house edge lies in the range are kept, ranked by the distance of their
edge to a target or by their volatility, but the tables no designer would file (issue
51): a table with a dead line (each outcome that shows it is paid more on another line,
read from the certificate's category sets: Full House at 2.5 to 1 below Three of a
Kind's 3), a table with the figures of one kept (Full House 2 and 2.5 give those of 3),
and, asked, one where a better hand pays less than a worse one in the table's order. The figures are exact Fractions; each kept table
is a real ``Paytable`` that ``odds_of_sets`` confirms (the caller does, for what it shows).
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Collection, Iterable, Iterator, Sequence

from verifier.game.paytables import Paytable, line_title, net_of
from verifier.game.pays import TABLE_ORDER
from verifier.odds.exact import QualifyingSets, line_groups
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


@dataclass(frozen=True)
class Searched:
    """What a search found: ``tables``, those a designer could file (no dead line, each
    set of figures once, with ``keep_order`` in the table's order), and how many more
    had an edge in the range but were left out, for each reason."""
    tables: list[Found]
    dead: int = 0               # a line of the table is dead (``dead_lines``)
    out_of_order: int = 0       # with keep_order: a better hand pays less
    repeated: int = 0           # the same figures as a table kept

    def left_out(self) -> dict[str, int]:
        """{reason, as a person reads it: tables}, the reasons that left any out."""
        return {reason: n for reason, n in (
            ("with a dead line", self.dead), ("out of the table's order", self.out_of_order),
            ("with the figures of another", self.repeated)) if n}


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


def _dead(groups: Iterable[tuple[int, ...]], nets: Sequence[Any], loses: Any,
          first: bool) -> list[int]:
    """The places of the dead lines: a line that pays (its net above ``loses``: a pay or
    a push) and that outcomes show, each of which is paid on a line that pays more than
    it (``first``: the first line the outcome shows, the table-order precedence; else its
    highest). ``nets``: every line's net, all in one unit (``loses`` in it)."""
    shown: set[int] = set()
    live: set[int] = set()
    for key in groups:
        if key:
            paid = nets[key[0]] if first else max(nets[i] for i in key)
            shown.update(key)
            live.update(i for i in key if nets[i] >= paid)
    return sorted(i for i in shown - live if nets[i] > loses)


def dead_lines(sets: QualifyingSets, table: Paytable) -> list[str]:
    """The lines of ``table`` that are dead on what a certificate counts: every outcome
    that shows such a line also shows one that pays more and is paid on it (Full House
    at 2.5 to 1 below Three of a Kind's 3: every full house holds three of a kind), read
    from the category sets, so no pay of the line changes a figure while it stays below."""
    order = [c for c, _ in table.pays]
    nets = [net_of(p) for _, p in table.pays]
    return [order[i] for i in _dead(line_groups(sets, order), nets, Fraction(-1),
                                    table.precedence == TABLE_ORDER)]


def out_of_order(nets: Sequence[Any], moved: Collection[int]) -> bool:
    """Whether a better hand pays less than a worse one, in the table's order (a line
    above pays at least each line below), on the pairs that hold a moved line."""
    for i, high in enumerate(nets):
        for j in range(i + 1, len(nets)):
            if (i in moved or j in moved) and nets[j] > high:
                return True
    return False


def search(sets: QualifyingSets, table: Paytable, lines: Sequence[str], low: Fraction,
           high: Fraction, step: Fraction, progress: Progress | None = None,
           keep_order: bool = False) -> Searched:
    """The tables whose house edge lies in [low, high], the ``lines`` on the grid, but
    those with a dead line and, with ``keep_order``, those out of the table's order; of
    tables with the same figures (house edge, hit frequency, variance) the lowest pays;
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
            raise VerifierError(f"line {line_title(line)}: the search moves a line that "
                                "pays now (give it a pay in the table first)")
        grids.append(grid(now, step))
    count = math.prod(len(g) for g in grids)
    if count > MAX_COMBINATIONS:
        raise VerifierError(f"{count:,} combinations of pays: more than {MAX_COMBINATIONS:,}; "
                            "search fewer lines or take a larger --step")
    order = [c for c, _ in table.pays]
    groups = line_groups(sets, order)
    total = sets.total
    none = total - sum(groups.values())
    moving = [order.index(line) for line in lines]
    nets = [net_of(p) for _, p in table.pays]
    # integer arithmetic: every net times one common denominator
    scale = math.lcm(*(x.denominator for x in nets), *(p.denominator for g in grids for p in g))
    ints = [int(x * scale) for x in nets]
    first = table.precedence == TABLE_ORDER
    items = list(groups.items())
    kept: dict[tuple[Fraction, Fraction, Fraction], Found] = {}
    dead = disordered = live = 0
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
        if not low <= edge <= high:
            continue
        if keep_order and out_of_order(ints, moving):
            disordered += 1
        elif _dead(groups, ints, -scale, first):
            dead += 1
        else:
            live += 1
            found = Found(tuple(zip(lines, combo)), edge, Fraction(hits, total),
                          Fraction(s2, total * scale * scale) - edge * edge)
            figures = (found.house_edge, found.hit_frequency, found.variance)
            if figures not in kept or found.pays < kept[figures].pays:
                kept[figures] = found
    return Searched(list(kept.values()), dead, disordered, live - len(kept))


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
              odds_of: Callable[[Paytable], Any], progress: Progress | None = None,
              keep_order: bool = False) -> tuple[Searched, list]:
    """``solve --edge-range`` (and the workbench's search): every table a designer could
    file (``search``) with ``lines`` on the grid of ``step`` whose house edge lies in
    [low, high], ranked, the first ``limit`` each confirmed by ``odds_of`` (a table's odds
    by another path: the certificate's, ``verifier.certificate.odds.odds_from_certificate``)
    and by ``dead_lines`` on the table. Returns (the ``Searched``, [(Found, its odds)]);
    ``progress``: as ``search``'s."""
    searched = search(formula.sets, formula.table, lines, low, high, step, progress,
                      keep_order)
    rows = []
    for f in ranked(searched.tables, rank, target)[:limit]:   # each one again, apart
        t = formula.table
        for line, pay in f.pays:
            t = t.with_pay(line, pay)
        odds = odds_of(t)
        if (odds.house_edge, odds.hit_frequency, odds.variance) != (
                f.house_edge, f.hit_frequency, f.variance) or dead_lines(formula.sets, t):
            raise VerifierError(f"the search's figures for {f.pays} are not the certificate's "
                                "odds (a fault: please report it)")
        rows.append((f, odds))
    return searched, rows
