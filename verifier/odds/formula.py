"""A bet's return as an exact SymPy expression in its pay symbols (solving on it:
odds/linesolve.py).

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

Solving on the formula for a target house edge: odds/linesolve.py (``solve_lines``).

Bets: every bet paid N to 1 on a wager of its own (verifier/game/bets.py), seeds' and
custom, on what the certificate counts for it (``certificate.odds.qualifying_sets``);
envy-type bets pay dollars per other hand and have no return here. Nothing here prints."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from verifier.game.bets import BETS
from verifier.support.errors import VerifierError
from verifier.odds.exact import QualifyingSets
from verifier.odds.symbols import PaySymbols
from verifier.game.paytables import PUSH, known_lines, net_of, normalize_line_name, parse_pay, pay_text
from verifier.game.pays import HIGHEST_PAY, TABLE_ORDER, paid_line
from verifier.game.names import display_name, pays_at_least

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
