"""A bet's return as an exact SymPy expression in its pay symbols, and solving on it.

One symbol per paying line, ``p_<line>``: the net a unit bet wins on that line (N to 1).
With ``T`` outcomes (hands, or ordered player-banker pairs), ``h_L`` of them paid on line
``L`` and ``l`` on no line: ``return = (sum over paying lines of h_L * p_L  -  l) / T``.
A push line contributes 0 (no symbol); a line at 0 loses, as if absent (its hands in
``l``). A hand qualifying for several lines is paid its highest line only, so which line
pays depends on the ORDER of the pays: the expression is exact while the pays keep the
table's order (``BetFormula.order``: ``p_a >= p_b`` wherever some hand qualifies for both
and is paid ``a``), every paying line above 0; ``formula_of`` builds it for any other.
Under ``precedence = "table-order"`` the paid line is the table's first, whatever the
pays: one expression for every pay above 0 (``TABLE_ORDER_VALIDITY``).

Solving (``solve_lines``): one line's pay, or a group of lines scaled by one factor ``k``
(pays ``k * p_i``), for a target house edge. The return is non-decreasing and piecewise
linear in the unknown; on each piece the formula of that piece's order is solved with
SymPy, and the root is kept only inside its piece.

Bets: every bet paid N to 1 on a wager of its own (verifier/game/bets.py), seeds' and
custom, on what the certificate counts for it (``certificate.odds.qualifying_sets``);
envy-type bets pay dollars per other hand and have no return here. Nothing here prints."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence

from verifier.game.bets import BETS
from verifier.support.errors import VerifierError
from verifier.odds.exact import QualifyingSets
from verifier.odds.symbols import PaySymbols
from verifier.game.paytables import PUSH, known_lines, net_of, normalize_line_name, parse_pay, pay_text
from verifier.game.pays import HIGHEST_PAY, TABLE_ORDER, paid_line
from verifier.game.names import display_name, display_names, pays_at_least

VALIDITY = ("valid while the pays keep this order (a hand qualifying for several lines "
            "is paid its highest line only) and every paying line pays more than 0")
TABLE_ORDER_VALIDITY = ("valid for every pay above 0 (table-order: a hand is paid the first "
                        "line in the table's order it shows, whatever the pays)")


def _sympy():
    import sympy
    return sympy


def _latex_name(line):
    return r"p_{\text{%s}}" % line.replace("_", r"\_")


def formula_bets() -> list[str]:
    """The seeds' bets with a return formula: those paid N to 1 on a wager of their own."""
    return [name for name, b in BETS.items() if not b.amounts]


def canonical_line(text: str, table: Any) -> str:
    """A line as a user wrote it -> its snake name among ``table``'s bet's lines."""
    kind = table.kind
    name = normalize_line_name(text)
    if name not in kind.lines:
        raise VerifierError(f"unknown {kind.title} line {text!r}; known: "
                            + known_lines(kind.lines))
    return name


# ---------------------------------------------------------------------------------------
# the formula


def _paid(lines, pays, order, precedence=HIGHEST_PAY):
    """The line a set of lines is paid on (``pays.paid_line``), or None."""
    return paid_line(lines, [(line, pays[line]) for line in order], precedence)[0]


@dataclass
class BetFormula:
    """The return per unit bet of ``table``'s bet, exact, in its pay symbols."""
    table: Any                  # the Paytable it was built from (its kind: the bet)
    bet: str
    table_name: str
    pays: dict                  # line -> Fraction | PUSH, the table's pays
    lines: tuple                # the table's lines, in its order
    symbols: PaySymbols         # line -> Symbol, the lines paying more than 0
    paid: dict                  # line -> outcomes paid on it (every table line)
    loses: int                  # outcomes paid on no line
    total: int
    order: tuple                # ((a, b), ...): p_a >= p_b keeps the formula exact
    sets: QualifyingSets

    @property
    def title(self) -> str:
        return self.table.kind.title

    validity = property(lambda self: TABLE_ORDER_VALIDITY
                        if self.table.precedence == TABLE_ORDER else VALIDITY)

    @property
    def numerator(self) -> Any:
        """``sum h_L p_L - l``: the return times the number of outcomes."""
        sympy = _sympy()
        return sympy.Add(*[self.paid[line] * self.symbols[line] for line in self.lines
                           if line in self.symbols and self.paid[line]], -self.loses)

    @property
    def expression(self) -> Any:
        """The return per unit bet (SymPy; exact rational coefficients)."""
        return self.numerator / self.total

    def _terms(self, name, times, minus):
        terms = [f"{self.paid[line]}{times}{name(line)}" for line in self.lines
                 if line in self.symbols and self.paid[line]]
        text = " + ".join(terms) if terms else "0"
        return f"{text}{minus}{self.loses}" if self.loses else text

    def text(self) -> str:
        """``(31080*p_nine_high + ... - 118225868)/154143080``: counts in the table's order."""
        return f"({self._terms(lambda line: self.symbols.name(line), '*', ' - ')})/{self.total}"

    def named_text(self) -> str:
        """For a person: ``(31080 x [9 High] + ... - 118225868)/154143080``, [9 High] its N."""
        return f"({self._terms(lambda line: f'[{display_name(line)}]', ' x ', ' - ')})/{self.total}"

    def latex(self) -> str:
        """The same as LaTeX, for a filing."""
        return (r"\frac{%s}{%d}" % (self._terms(_latex_name, r" \, ", " - "), self.total))

    def conditions(self) -> list:
        """The SymPy relations under which the expression is exact."""
        sympy = _sympy()
        return ([sympy.Ge(self.symbols[a], self.symbols[b]) for a, b in self.order]
                + [sympy.Gt(s, 0) for s in self.symbols.values()])

    def conditions_text(self) -> str:
        return ", ".join(f"{self.symbols.name(a)} >= {self.symbols.name(b)} "
                         f"({pays_at_least(a, b)})" for a, b in self.order)

    def _values(self, pays):
        values = {line: self.pays[line] for line in self.symbols}
        for line, pay in (pays or {}).items():
            line = canonical_line(line, self.table)
            pay = parse_pay(pay, f"pay of {line}")
            if line not in self.symbols:
                raise VerifierError(f"{display_name(line)} has no pay symbol in this formula (it "
                                    f"{'pushes' if self.pays.get(line) is PUSH else 'loses'} "
                                    "in the table): build the formula of a table that pays it")
            if pay is PUSH or pay <= 0:
                raise VerifierError(f"{display_name(line)}: the formula holds for pays above 0")
            values[line] = Fraction(pay)
        return values

    def holds_at(self, pays: Mapping | None = None) -> bool:
        """Whether the pays (line -> pay, the rest as in the table) keep this order."""
        values = self._values(pays)
        return all(values[a] >= values[b] for a, b in self.order)

    def at(self, pays: Mapping | None = None) -> Fraction:
        """The exact return at these pays (default: the table's), from the expression.
        Pays outside the order it holds for are an error."""
        sympy = _sympy()
        values = self._values(pays)
        broken = [(a, b) for a, b in self.order if values[a] < values[b]]
        if broken:
            a, b = broken[0]
            raise VerifierError(f"the formula holds while {self.symbols.name(a)} >= "
                                f"{self.symbols.name(b)}; these pays break that order (build the "
                                "formula of the new table)")
        subs = {self.symbols[line]: sympy.Rational(v.numerator, v.denominator)
                for line, v in values.items()}
        value = self.expression.subs(subs)
        if not value.is_Rational:   # pragma: no cover - a linear form at rationals
            raise VerifierError(f"the formula did not evaluate to a rational: {value}")
        return Fraction(int(value.p), int(value.q))

    def to_dict(self) -> dict:
        from verifier.odds.values import exact_value
        value = self.at()
        return {
            "bet": self.bet, "paytable": self.table_name, "total": self.total,
            "unit": self.sets.unit, "note": self.sets.note,
            "expression": self.text(), "sympy": str(self.expression), "latex": self.latex(),
            "symbols": {line: self.symbols.name(line) for line in self.symbols},
            "lines": [{"category": line, "pay": pay_text(self.pays[line]),
                       "symbol": self.symbols.name(line) if line in self.symbols else None,
                       "paid": self.paid[line]} for line in self.lines],
            "loses": self.loses,
            "valid_while": [f"{self.symbols.name(a)} >= {self.symbols.name(b)}"
                            for a, b in self.order],
            "validity": self.validity,
            "return": exact_value(value), "house_edge": exact_value(-value),
        }


def _reduced(edges, rank):
    """The edges a -> b not implied by a longer path, ordered by ``rank``."""
    nodes = {n for e in edges for n in e}
    reach = {n: {b for a, b in edges if a == n} for n in nodes}
    changed = True
    while changed:
        changed = False
        for n in nodes:
            more = set().union(*(reach[m] for m in reach[n])) - reach[n] if reach[n] else set()
            if more:
                reach[n] |= more
                changed = True
    keep = [(a, b) for a, b in edges
            if not any(b in reach[m] for m in reach[a] if m != b)]
    return tuple(sorted(keep, key=lambda e: (rank[e[0]], rank[e[1]])))


def formula_of(sets: QualifyingSets, table: Any) -> BetFormula:
    """The formula of ``table`` (a Paytable of ``sets.bet``) on ``sets``."""
    bet = table.bet
    if table.kind.amounts:
        raise VerifierError(f"the {table.kind.title} pays dollar amounts per other hand, not "
                            "N to 1 on a wager: it has no return formula")
    if bet != sets.bet:
        raise VerifierError(f"pay table {table.name!r} is for {table.bet}, not {sets.bet}")
    pays = {line: pay for line, pay in table.pays}
    lines = tuple(pays)
    for line in lines:
        if line not in sets.lines:
            raise VerifierError(f"pay table {table.name!r}: {display_name(line)} is not a "
                                f"{table.kind.title} line")
    symbols = PaySymbols(line for line in lines if pays[line] is not PUSH and pays[line] > 0)
    paid = {line: 0 for line in lines}
    counted = 0
    edges = set()
    for qualifying, hands in sets.sets:
        counted += hands
        best = _paid(qualifying, pays, lines, table.precedence)
        if best is None:
            continue
        paid[best] += hands
        if best in symbols and hands and table.precedence != TABLE_ORDER:
            edges |= {(best, other) for other in qualifying
                      if other in symbols and other != best}
    if counted > sets.total:
        raise VerifierError(f"the counts add up to {counted:,}, more than the {sets.total:,} "
                            f"{sets.unit}")
    # outcomes lose on a line paying 0 (net_of: -1) as on no line
    loses = sets.total - sum(n for line, n in paid.items() if net_of(pays[line]) >= 0)
    rank = {line: (-net_of(pays[line]), i) for i, line in enumerate(lines)}
    return BetFormula(table, bet, table.name, pays, lines, symbols, paid, loses, sets.total,
                      _reduced(edges, rank), sets)


def _with_pays(table, new):
    """A copy of ``table`` with some lines' pays replaced (or added)."""
    from dataclasses import replace
    lines = list(table.pays)
    index = {line: i for i, (line, _) in enumerate(lines)}
    for line, pay in new.items():
        if line in index:
            lines[index[line]] = (line, pay)
        else:
            lines.append((line, pay))
    return replace(table, pays=tuple(lines), source="")


def _table_of(formula):
    from dataclasses import replace
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


def solve_lines(formula: BetFormula, lines: Sequence[str], edge: Fraction) -> LineSolution:
    """The pay of one line, or the common factor ``k`` of a group of lines (pays
    ``k * p_i``), that makes the house edge exactly ``edge``, with the nearest practical
    pays (halves below 10, whole numbers from 10) on each side and their exact edges."""
    from verifier.odds.exact import practical_grid
    sympy = _sympy()
    if isinstance(lines, str):
        lines = [lines]
    group = []
    for text in lines:
        line = canonical_line(text, formula.table)
        if line in group:
            raise VerifierError(f"line {display_name(line)} is given twice")
        group.append(line)
    if not group:
        raise VerifierError("name at least one line to solve for")
    edge = Fraction(edge)
    if len(group) == 1:
        base = {group[0]: Fraction(1)}
    else:
        base = {}
        for line in group:
            pay = formula.pays.get(line)
            if pay is None or pay is PUSH or pay <= 0:
                raise VerifierError(
                    f"a group is scaled from its present pays, and {line} "
                    f"{'is not in the table' if pay is None else 'pays ' + pay_text(pay)}: "
                    "give every line of the group a pay above 0 first (--paytable FILE)")
            base[line] = Fraction(pay)
    table = _table_of(formula)
    sets = formula.sets
    # total * return(t) = sum over sets of hands * max(a t, o): a = the set's largest base
    # among the group, o = its best net among the other lines (-1: none)
    pieces = set()
    slope_hands = 0
    table_order = table.precedence == TABLE_ORDER     # the paid line is the pays' own
    for qualifying, hands in sets.sets:
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
    names = display_names(group)
    if not slope_hands:
        raise VerifierError(f"no {sets.unit} qualify for {names}: "
                            "their pays cannot change the edge")
    t = sympy.Symbol("t", positive=True)
    bounds = [Fraction(0)] + sorted(pieces) + [None]

    def table_at(scale):
        return _with_pays(table, {line: base[line] * scale for line in group})

    def solve_on(lo, hi):
        probe = (lo + hi) / 2 if hi is not None else lo + 1
        piece = formula_of(sets, table_at(probe))
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

    # as the pays fall to 0 the group's lines take their hands at a net near 0: a push
    floor = formula_of(sets, _with_pays(table, {line: PUSH for line in group})).at()
    if -edge <= floor:
        raise VerifierError(
            f"no positive pay on {names} gives a house edge of {float(edge):.6%}: even "
            + (f"a pay near 0 gives {float(-floor):.6%}" if len(group) == 1 else
               f"pays near 0 give {float(-floor):.6%}"))
    scale = None
    for lo, hi in zip(bounds, bounds[1:]):
        scale = solve_on(lo, hi)
        if scale is not None:
            break
    if scale is None:  # pragma: no cover - the return is continuous and unbounded above
        raise VerifierError(f"could not solve for the pays of {names}")
    solved = formula_of(sets, table_at(scale))
    if solved.at() != -edge:  # pragma: no cover - a second look at the root
        raise VerifierError(f"the solved pays of {names} do not give the target edge")

    def practical(side):
        pays = {line: practical_grid(base[line] * scale)[side] for line in group}
        f = formula_of(sets, _with_pays(table, pays))
        return pays, f, -f.at()

    return LineSolution(tuple(group), edge, base, scale,
                        {line: base[line] * scale for line in group}, solved,
                        practical(0), practical(1))
