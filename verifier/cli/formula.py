"""``paigow-verify formula CERT``: a bet's return as an exact expression in its pay symbols;
and ``solve`` on that expression for a group of lines, or a bet other than Outlaw 9."""
from __future__ import annotations

import json

from verifier.rules.readings import BONUS_READING_CHOICES
from verifier.cli.options import add_certificate_options
import argparse
from typing import Any, Mapping, TYPE_CHECKING, cast

if TYPE_CHECKING:
    from verifier.cli.settings import OddsSettings
    from verifier.certificate.model import Certificate
    from verifier.game.paytables import Paytable
    from verifier.odds.formula import BetFormula


def formula_from_args(settings: OddsSettings) -> tuple[Certificate, BetFormula]:
    """The certificate (checked) and the formula its command line asks for."""
    from verifier.game.bets import bet
    from verifier.certificate.formula import bet_formula, formula_bets
    from verifier.cli.options import load_checked
    from verifier.support.errors import VerifierError
    from verifier.cli.progress import command_steps
    assert settings.certificate is not None          # the positional argument
    from verifier.game.paytables import load
    with command_steps(settings.progress, "formula", 2) as steps:
        # a bad table told at once, before the second the certificate's check takes
        table = load(cast(str, settings.paytable)) if settings.paytable else None  # one file
        steps.next("checking the certificate")
        cert = load_checked(settings.certificate, settings.rules)
        custom = cert.custom_paytables
        if settings.bet and settings.bet not in custom and \
                bet(settings.bet).name not in formula_bets():
            raise VerifierError(f"no return formula for bet {settings.bet!r}: choose from "
                                f"{', '.join(formula_bets())} (the envy bonus pays dollar "
                                "amounts per other hand, not N to 1 on a wager)")
        steps.next("the return in the pays")
        return cert, bet_formula(cert.raw, settings.bet, table, settings.bonus_reading)


def _pay_now(formula, line):
    from verifier.game.paytables import PUSH, pay_label
    pay = formula.pays[line]
    if pay is PUSH:
        return "push"
    return pay_label(pay) if pay > 0 else "0 (loses)"


def cmd_formula(settings: OddsSettings) -> int:
    from verifier.game.paytables import line_title
    from verifier.odds.formula import VALIDITY
    _, formula = formula_from_args(settings)
    if settings.json:
        print(json.dumps(formula.to_dict(), indent=1))
        return 0
    if settings.latex:
        print(formula.latex())
        return 0
    sets = formula.sets
    note = f", {sets.note}" if sets.note else ""
    print(f"{formula.title} ({formula.table_name}; {formula.table.status or 'not filed'}): "
          f"{formula.total:,} {sets.unit}{note}")
    print(f"return = {formula.text()}")
    print("legend: each symbol is the pay on its line, the N of N to 1:")
    rows = [("symbol", "line", "pays now", sets.unit.split()[-1])]
    for line in formula.lines:
        symbol = str(formula.symbols[line]) if line in formula.symbols else "-"
        rows.append((symbol, line_title(line), _pay_now(formula, line),
                     f"{formula.paid[line]:,}"))
    rows.append(("-", "no line (loses)", "-1", f"{formula.loses:,}"))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        print(f"  {r[0]:<{widths[0]}}  {r[1]:<{widths[1]}}  {r[2]:>{widths[2]}}  "
              f"{r[3]:>{widths[3]}}")
    print(f"{formula.validity}:")
    from verifier.game.names import pays_at_least
    order = [(f"{formula.symbols[a]} >= {formula.symbols[b]}", pays_at_least(a, b))
             for a, b in formula.order]
    width = max((len(o[0]) for o in order), default=0)
    for relation, words in order:
        print(f"  {relation:<{width}}  ({words})")
    if not formula.order:
        print("  (no order to keep: any pays above 0)" if formula.validity != VALIDITY else
              "  (no outcome qualifies for two paying lines: any pays above 0)")
    value = formula.at()
    print(f"at the table's pays: return {value} ({float(value):+.10f}), house edge "
          f"{float(-value):.6%}")
    return 0


def _pays_text(pays):
    from verifier.game.paytables import line_title, pay_label
    return ", ".join(f"{line_title(line)} {pay_label(p)}" for line, p in pays.items())


def solve_one_line(settings: OddsSettings) -> int:
    """``solve`` for one line: its exact pay, and the nearest practical pays with their
    exact edges and hit frequencies (each recomputed from the certificate's counts)."""
    from verifier.certificate import odds_from_certificate
    from verifier.odds.values import exact_value
    from verifier.odds.linesolve import solve_lines
    from verifier.game.paytables import line_title, pay_label, pay_text
    from verifier.support.edges import parse_edge
    cert, formula = formula_from_args(settings)
    assert settings.edge is not None and settings.line is not None     # solve's options here
    edge = parse_edge(settings.edge)
    sol = solve_lines(formula, settings.line, edge)
    (line,) = sol.lines
    pay, table = sol.pays[line], formula.table
    write_solved(settings, table, {"exact": sol.pays, "below": sol.below[0], "above": sol.above[0]})
    sides = [(p[line], odds_from_certificate(cert.raw, table.with_pay(line, p[line]),
                                             settings.bonus_reading))
             for p, _, _ in (sol.below, sol.above)]
    if settings.json:
        def side(item):
            return {"pay": pay_text(item[0]), "house_edge": exact_value(item[1].house_edge),
                    "hit_frequency": exact_value(item[1].hit_frequency)}
        print(json.dumps({"bet": table.bet, "line": line, "target_edge": exact_value(edge),
                          "pay": exact_value(pay), "pay_text": pay_text(pay),
                          "formula": sol.formula.text(), "below": side(sides[0]),
                          "above": side(sides[1])}, indent=1))
        return 0
    now = odds_from_certificate(cert.raw, table, settings.bonus_reading)
    current = table.pay.get(line)
    print(f"{line_title(line)}: now "
          f"{pay_label(current) if current is not None else 'not in the table (loses)'}, "
          f"house edge {float(now.house_edge):.6%} ({table.name}; "
          f"{table.status or 'not filed'})")
    print(f"Target house edge {float(edge):.6%} (exact {edge})")
    print(f"Exact pay: {pay_text(pay)} to 1 (= {float(pay):.10f} to 1)")
    print(f"return there = {sol.formula.named_text()} ([a line]: the N of its N to 1)")
    print("Nearest practical pays (halves below 10, whole numbers from 10):")
    for p, odds in sides[:1] if sides[0][0] == sides[1][0] else sides:
        print(f"  {pay_label(p):>14}: house edge {float(odds.house_edge):.6%} "
              f"(exact {odds.house_edge}), hit frequency {float(odds.hit_frequency):.6%}")
    return 0


def solve_on_formula(settings: OddsSettings) -> int:
    """``solve`` for a group of lines scaled together by one factor."""
    from verifier.odds.linesolve import solve_lines
    from verifier.game.paytables import line_title, pay_text
    from verifier.support.edges import parse_edge
    _, formula = formula_from_args(settings)
    assert settings.edge is not None and settings.line is not None     # solve's options here
    edge = parse_edge(settings.edge)
    sol = solve_lines(formula, settings.line, edge)
    write_solved(settings, formula.table,
                 {"exact": sol.pays, "below": sol.below[0], "above": sol.above[0]})
    if settings.json:
        print(json.dumps(sol.to_dict(), indent=1))
        return 0
    now = formula.at()
    print(f"{formula.title} ({formula.table_name}; {formula.table.status or 'not filed'}): "
          f"house edge now {float(-now):.6%}")
    print("Solving for k, the lines scaled together from their present pays: "
          + ", ".join(f"{line_title(line)} k x {pay_text(p)}" for line, p in sol.base.items()))
    print(f"Target house edge {float(edge):.6%} (exact {edge})")
    print(f"Exact k = {sol.scale} (= {float(sol.scale):.10f})")
    for line, pay in sol.pays.items():
        print(f"Exact pay: {line_title(line)} {pay_text(pay)} to 1 (= {float(pay):.10f} to 1)")
    print(f"return there = {sol.formula.named_text()} ([a line]: the N of its N to 1)")
    print("Nearest practical pays (halves below 10, whole numbers from 10, every line "
          "rounded down, then up):")
    sides = [sol.below] if sol.below[0] == sol.above[0] else [sol.below, sol.above]
    for pays, _, house_edge in sides:
        print(f"  {_pays_text(pays)}: house edge {float(house_edge):.6%} (exact {house_edge})")
    return 0


def check_solved_out(settings: OddsSettings) -> None:
    """``solve --out``: refused before any work when it cannot be written."""
    if settings.out:
        settings.output()


def write_solved(settings: OddsSettings, table: Paytable,
                 solved: Mapping[str, Mapping[str, Any]]) -> None:
    """``solve --out FILE``: the pay table with the solved pays (``--write``: the exact
    pays, or the nearest practical ones below or above), as a pay-table file that
    ``--paytable`` reads back. A solved table is not a filed one: its status says so."""
    if not settings.out:
        return
    from verifier.support.files import atomic_write_text
    from verifier.game.paytables import toml_text
    new = solved[settings.write]
    pays = table.pays
    lines = [(line, new.get(line, pay)) for line, pay in pays]
    lines += [(line, pay) for line, pay in new.items() if line not in dict(pays)]
    text = toml_text(f"{table.name}, solved for a house edge of {settings.edge}", table.bet, lines,
                     status="not filed (solved by paigow-verify solve)",
                     comment=f"Solved by paigow-verify solve {settings.certificate} --edge "
                             f"{settings.edge} ({settings.write} pays).", reads=table.reads,
                     envy=table.envy, terms=table.terms)
    atomic_write_text(settings.out, text)
    print(f"pay table written: {settings.out} ({settings.write} pays)")


def add_bet_options(p: argparse.ArgumentParser) -> None:
    from verifier.game.bets import BETS
    p.add_argument("--bet", metavar="NAME", default=None,
                   help=f"{', '.join(n for n, b in BETS.items() if not b.amounts)}, or "
                        "a custom bet the certificate's rule set names (default: the rule "
                        "set's first bet paid N to 1)")
    p.add_argument("--bonus-reading", choices=BONUS_READING_CHOICES, default=None,
                   help="which category counts the Outlaw 9 uses (default: the "
                        "certificate's reading)")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "formula", help="a bet's return as an exact expression in its pays",
        description="The return per unit bet as an exact expression in one symbol per "
                    "paying line (p_full_house: the N of N to 1), from a certificate's "
                    "counts: (sum of outcomes paid on a line times its symbol, less the "
                    "outcomes paid on no line) over all outcomes. A hand qualifying for "
                    "several lines is paid its highest, so the expression holds while the "
                    "pays keep the order it prints. No enumeration.")
    add_certificate_options(p)
    p.add_argument("--paytable", metavar="FILE",
                   help="a pay table (default: the certificate's table of the bet)")
    add_bet_options(p)
    out = p.add_mutually_exclusive_group()
    out.add_argument("--latex", action="store_true", help="print the expression as LaTeX")
    out.add_argument("--json", action="store_true", help="print one JSON object")
    from verifier.cli.options import add_progress_options
    add_progress_options(p)
    p.set_defaults(func=cmd_formula)

