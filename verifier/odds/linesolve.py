"""Solving a bet's formula (odds/formula.py) for a target house edge (``solve_lines``):
one line's pay, or a group of lines scaled by one factor ``k`` (pays ``k * p_i``). The
return is non-decreasing and piecewise linear in the unknown: its pieces break where the
group's lines overtake another line a hand qualifies for (``_breaks``); on each piece the
formula of that piece's order is solved with SymPy, and the root is kept only inside its
piece. Nothing here prints."""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Sequence

from verifier.support.errors import VerifierError
from verifier.game.paytables import PUSH, net_of, pay_text
from verifier.game.pays import TABLE_ORDER
from verifier.game.names import display_name, display_names
from verifier.odds.formula import BetFormula, _paid, _sympy, canonical_line, formula_of


def _with_pays(table: Any, new: dict) -> Any:
    """A copy of ``table`` with some lines' pays replaced (or added)."""
    lines = list(table.pays)
    index = {line: i for i, (line, _) in enumerate(lines)}
    for line, pay in new.items():
        if line in index:
            lines[index[line]] = (line, pay)
        else:
            lines.append((line, pay))
    return replace(table, pays=tuple(lines), source="")


def _table_of(formula: BetFormula) -> Any:
    pays = tuple((line, formula.pays[line]) for line in formula.lines)
    return replace(formula.table, pays=pays, source="")


@dataclass
class LineSolution:
    """A group of lines solved for a target house edge. ``base``: line -> the pay at
    scale 1 (the present pay; 1 for a single line, so the scale is the pay itself);
    ``pays``: the exact pays; ``below``/``above``: (pays, formula, house edge) at the
    nearest practical pays on each side (every line rounded down, resp. up)."""
    lines: tuple
    target_edge: Fraction
    base: dict
    scale: Fraction
    pays: dict
    formula: BetFormula         # the formula of the solved table (it holds there)
    below: tuple
    above: tuple

    def to_dict(self) -> dict:
        from verifier.odds.values import exact_value

        def side(item):
            pays, _, edge = item
            return {"pays": {line: pay_text(p) for line, p in pays.items()},
                    "house_edge": exact_value(edge)}
        return {"bet": self.formula.bet, "lines": list(self.lines),
                "target_edge": exact_value(self.target_edge),
                "base": {line: pay_text(p) for line, p in self.base.items()},
                "scale": exact_value(self.scale),
                "pays": {line: exact_value(p) for line, p in self.pays.items()},
                "pay_text": {line: pay_text(p) for line, p in self.pays.items()},
                "formula": self.formula.text(),
                "below": side(self.below), "above": side(self.above)}


def _group(formula: BetFormula, lines: Sequence[str] | str) -> tuple[list[str], dict]:
    """The lines to solve for, by their snake names, and each one's pay at scale 1: 1
    for a single line; a group is scaled from its present pays, each above 0."""
    if isinstance(lines, str):
        lines = [lines]
    group: list[str] = []
    for text in lines:
        line = canonical_line(text, formula.table)
        if line in group:
            raise VerifierError(f"line {display_name(line)} is given twice")
        group.append(line)
    if not group:
        raise VerifierError("name at least one line to solve for")
    if len(group) == 1:
        return group, {group[0]: Fraction(1)}
    base = {}
    for line in group:
        pay = formula.pays.get(line)
        if pay is None or pay is PUSH or pay <= 0:
            raise VerifierError(
                f"a group is scaled from its present pays, and {line} "
                f"{'is not in the table' if pay is None else 'pays ' + pay_text(pay)}: "
                "give every line of the group a pay above 0 first (--paytable FILE)")
        base[line] = Fraction(pay)
    return group, base


def _breaks(formula: BetFormula, table: Any, group: list[str], base: dict
            ) -> tuple[list, int]:
    """(the pieces' bounds on the scale, the outcomes the group's lines can pay).
    ``total * return(t) = sum over sets of hands * max(a t, o)``: a = the set's largest
    base among the group, o = its best net among the other lines (-1: none)."""
    pieces = set()
    slope_hands = 0
    table_order = table.precedence == TABLE_ORDER     # the paid line is the pays' own
    for qualifying, hands in formula.sets.sets:
        first = _paid(qualifying, formula.pays, formula.lines, TABLE_ORDER)
        a = (base[first] if first in group else None) if table_order else max(
            (base[line] for line in group if line in qualifying), default=None)
        if a is None or not hands:
            continue
        slope_hands += hands
        if table_order:
            continue
        others = [line for line in qualifying if line in formula.pays and line not in group]
        best = _paid(frozenset(others), formula.pays, formula.lines)
        o = net_of(formula.pays[best]) if best is not None else Fraction(-1)
        if o > 0:
            pieces.add(o / a)
    return [Fraction(0)] + sorted(pieces) + [None], slope_hands


def _root_on(formula: BetFormula, table: Any, group: list[str], base: dict, edge: Fraction,
             lo: Fraction, hi: Fraction | None) -> Fraction | None:
    """The scale in (lo, hi] that gives ``edge``, solved on the formula of the order the
    pays keep on that piece; None: the piece has none."""
    sympy = _sympy()
    t = sympy.Symbol("t", positive=True)
    probe = (lo + hi) / 2 if hi is not None else lo + 1
    piece = formula_of(formula.sets, _with_pays(table, {line: base[line] * probe
                                                        for line in group}))
    subs = {piece.symbols[line]: sympy.Rational(base[line].numerator,
                                                base[line].denominator) * t
            for line in group}
    subs.update({s: sympy.Rational(piece.pays[line].numerator, piece.pays[line].denominator)
                 for line, s in piece.symbols.items() if line not in group})
    equation = piece.expression.subs(subs) + sympy.Rational(edge.numerator, edge.denominator)
    for root in sympy.solve(equation, t):
        if not root.is_Rational:   # pragma: no cover - a linear equation
            continue
        root = Fraction(int(root.p), int(root.q))
        if lo < root and (hi is None or root <= hi):
            return root
    return None


def solve_lines(formula: BetFormula, lines: Sequence[str], edge: Fraction) -> LineSolution:
    """The pay of one line, or the common factor ``k`` of a group of lines (pays
    ``k * p_i``), that makes the house edge exactly ``edge``, with the nearest practical
    pays (halves below 10, whole numbers from 10) on each side and their exact edges."""
    from verifier.odds.exact import practical_grid
    group, base = _group(formula, lines)
    edge = Fraction(edge)
    table = _table_of(formula)
    sets = formula.sets
    bounds, slope_hands = _breaks(formula, table, group, base)
    names = display_names(group)
    if not slope_hands:
        raise VerifierError(f"no {sets.unit} qualify for {names}: "
                            "their pays cannot change the edge")
    # as the pays fall to 0 the group's lines take their hands at a net near 0: a push
    floor = formula_of(sets, _with_pays(table, {line: PUSH for line in group})).at()
    if -edge <= floor:
        raise VerifierError(
            f"no positive pay on {names} gives a house edge of {float(edge):.6%}: even "
            + (f"a pay near 0 gives {float(-floor):.6%}" if len(group) == 1 else
               f"pays near 0 give {float(-floor):.6%}"))
    scale = None
    for lo, hi in zip(bounds, bounds[1:]):
        scale = _root_on(formula, table, group, base, edge, lo, hi)
        if scale is not None:
            break
    if scale is None:  # pragma: no cover - the return is continuous and unbounded above
        raise VerifierError(f"could not solve for the pays of {names}")
    solved = formula_of(sets, _with_pays(table, {line: base[line] * scale for line in group}))
    if solved.at() != -edge:  # pragma: no cover - a second look at the root
        raise VerifierError(f"the solved pays of {names} do not give the target edge")

    def practical(side):
        pays = {line: practical_grid(base[line] * scale)[side] for line in group}
        f = formula_of(sets, _with_pays(table, pays))
        return pays, f, -f.at()

    return LineSolution(tuple(group), edge, base, scale,
                        {line: base[line] * scale for line in group}, solved,
                        practical(0), practical(1))
