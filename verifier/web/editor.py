"""The pay-table editor's figures, from the same functions the command line uses: a pay
table's exact odds from a certificate's counts (``compare``), solving for a target edge
(``solve``), the pay table as a file, and the par sheet (``report``) with the designed
table. It only gathers inputs and shapes results for the page; it adds no arithmetic of
its own (the display strings are the par sheet's and ``compare``'s)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from verifier.support.errors import VerifierError

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.game.paytables import Paytable

#: pay tables compared side by side at most
MAX_COMPARED = 4
#: the prefix of a new custom bet's key: ``custom:seven-card``
CUSTOM_PREFIX = "custom:"


def bets_of(cert: Certificate) -> list[tuple[str, str]]:
    """The bets the editor offers on a certificate: [(key, title)]: the rule set's bets
    paid N to 1 that it has counts for, then a new custom bet for each way of reading."""
    from verifier.certificate.formula import default_table
    from verifier.game.bets import CUSTOM_READS, READS
    from verifier.game.paytables import Paytable
    offered = cert.rule_set.bets
    out = []
    for name in offered:
        try:
            table = default_table(cert.raw, name)
            if table.kind.amounts:
                continue
            _counts(cert, table)
        except VerifierError:
            continue
        out.append((name, table.kind.title if table.bet != "custom" else table.name))
    for reads in CUSTOM_READS:
        if READS[reads].cards:
            continue                # a read that takes its cards: not a new bet here
        if reads in ("versus-banker", "seven-card-and-front"):
            try:                    # counts some certificates keep: pairs, the joint
                _counts(cert, Paytable("new", "custom", (), reads=reads))
            except VerifierError:
                continue
        out.append((CUSTOM_PREFIX + reads, f"New custom bet: {READS[reads].text}"))
    return out


def _counts(cert, table):
    from verifier.certificate.odds import qualifying_sets
    return qualifying_sets(cert.raw, table)


def base_table(cert: Certificate, bet: str) -> Paytable | None:
    """The pay table the editor starts from: the certificate's table of ``bet``, or None
    for a new custom bet. Refuses a bet the certificate does not offer."""
    from verifier.certificate.formula import default_table
    if bet not in dict(bets_of(cert)):
        raise VerifierError(f"this certificate offers no bet {str(bet)[:40]!r} to design")
    if bet.startswith(CUSTOM_PREFIX):
        return None
    return default_table(cert.raw, bet)


def vocabulary(cert: Certificate, bet: str
               ) -> tuple[list[tuple[str, str]], dict[str, str], str]:
    """(lines the grid shows, in order, {line: pay text now}, title)."""
    from verifier.game.bets import custom_bet
    from verifier.game.paytables import line_title, pay_text
    table = base_table(cert, bet)
    kind = table.kind if table else custom_bet(bet[len(CUSTOM_PREFIX):])
    pays = {line: pay_text(p) for line, p in table.pays} if table else {}
    lines = list(pays) + [line for line in kind.lines if line not in pays]
    return [(line, line_title(line)) for line in lines], pays, (
        table.name if table else kind.title)


def design(cert: Certificate, bet: str, pays: Any, name: str = "") -> Paytable:
    """The pay table the grid holds: ``pays`` {line: text as typed}; an empty pay leaves
    the line out (it loses). Read by the pay-table reader (one-line errors)."""
    from verifier.game.paytables import Paytable, PaytableError
    table = base_table(cert, bet)
    if not isinstance(pays, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                             for k, v in pays.items()):
        raise PaytableError("pays: a table of line -> pay text")
    entries = [(line, text.strip()) for line, text in pays.items() if text.strip()]
    if not entries:
        raise PaytableError("type a pay on at least one line (a blank pay loses)")
    name = (name or "").strip()[:120] or (
        f"{table.name}, designed" if table else "Custom bet, designed")
    from verifier.report.sheet import DESIGNED
    if table is None:
        reads = bet[len(CUSTOM_PREFIX):]
        return Paytable.from_lines(name, "custom", entries, "pay table", reads=reads,
                                   status=DESIGNED)
    return Paytable.from_lines(name, table.bet, entries, "pay table", reads=table.reads,
                               envy=table.envy, status=DESIGNED, **table.terms)


def _reading(cert, reading):
    from verifier.rules.readings import BONUS_READING_CHOICES
    if reading in (None, ""):
        return None
    if reading not in BONUS_READING_CHOICES:
        raise VerifierError(f"unknown bonus reading {str(reading)[:40]!r}: choose from "
                            f"{', '.join(BONUS_READING_CHOICES)}")
    return reading


def _odds(cert, table, reading):
    from verifier.certificate import odds_from_certificate
    return odds_from_certificate(cert.raw, table, _reading(cert, reading))


def figures(cert: Certificate, bet: str, pays: Any, reading: str | None = None) -> dict:
    """The figures of the grid's pay table, as the par sheet writes them: per line pay,
    combinations, probability, odds and contribution (exact fractions beside them), and
    return, house edge, return to player, hit frequency, variance, standard deviation
    and volatility index."""
    from verifier.report.display import figure_rows, line_rows
    from verifier.report.bets import wager_bet
    from verifier.report.sheet import DESIGNED
    table = design(cert, bet, pays)
    odds = _odds(cert, table, reading)
    sheet_bet = wager_bet(table.bet, table.kind.title, odds, DESIGNED, table.kind.unit)
    keys = [row.category for row in odds.lines] + [None]
    lines = {}
    for key, line, row in zip(keys, sheet_bet.lines, line_rows(sheet_bet)):
        lines[key or "loses"] = {
            "title": row[0], "pay": row[1], "combinations": row[2], "probability": row[3],
            "odds": row[4], "contribution": row[5],
            "probability_exact": str(line.probability),
            "contribution_exact": str(line.contribution), "flags": line.flags}
    figs = figure_rows(sheet_bet)
    return {"name": table.name, "lines": lines,
            "figures": [{"name": n, "value": v, "exact": e} for n, v, e in figs],
            "house_edge": figs[1][1], "flags": sheet_bet.flags,
            "unit": table.kind.unit, "total": f"{odds.total_hands:,}"}


def solve(cert: Certificate, bet: str, pays: Any, lines: Any, edge: Any,
          reading: str | None = None) -> dict:
    """``solve``: the pay of one line, or the factor of a group of lines, for a target
    edge (``0.05``, ``5%``, ``1/20``), on the bet's formula; with the nearest practical
    pays on each side and their exact edges."""
    from verifier.certificate.formula import bet_formula
    from verifier.odds.formula import solve_lines
    from verifier.support.edges import parse_edge
    if not isinstance(lines, list) or not lines or len(lines) > 40:
        raise VerifierError("tick the line (or lines) to solve for")
    target = parse_edge(str(edge)[:80], "target edge")
    table = design(cert, bet, pays)
    formula = bet_formula(cert.raw, None, table, _reading(cert, reading))
    out = solve_lines(formula, [str(x) for x in lines], target).to_dict()
    for side in ("below", "above"):
        out[side]["house_edge_percent"] = f"{float(out[side]['house_edge']['decimal']):.6%}"
    return out


def compare(cert: Certificate, bet: str, tables: Any, reading: str | None = None) -> dict:
    """``compare``: up to four of the grid's pay tables side by side, as the command
    prints them: {"names": [...], "rows": [[label, value per table], ...]}."""
    from verifier.report.text import compare_cells
    if not isinstance(tables, list) or not 1 <= len(tables) <= MAX_COMPARED:
        raise VerifierError(f"compare one to {MAX_COMPARED} pay tables")
    designed = []
    for i, t in enumerate(tables, 1):
        if not isinstance(t, dict):
            raise VerifierError(f"pay table {i}: not a pay table")
        designed.append(design(cert, bet, t.get("pays"), str(t.get("name") or f"table {i}")))
    odds = [_odds(cert, t, reading) for t in designed]
    return {"names": [t.name for t in designed], "rows": compare_cells(odds)}


def paytable_file(cert: Certificate, bet: str, pays: Any, name: str = "") -> str:
    """The grid's pay table as a pay-table file (``compare --paytable`` reads it)."""
    from verifier.game.paytables import toml_text
    from verifier.report.sheet import DESIGNED
    table = design(cert, bet, pays, name)
    return toml_text(table.name, table.bet, table.pays, status=DESIGNED,
                     comment=f"Designed in the paigow-verifier workbench on the certificate "
                             f"{cert.sha256[:16]}...; not filed.",
                     reads=table.reads, envy=table.envy, terms=table.terms)


def parsheet(cert: Certificate, fmt: str, bet: str | None = None, pays: Any = None,
             name: str = "", reading: str | None = None) -> bytes:
    """The par sheet (``report``) of the certificate, with the grid's pay table for
    ``bet`` when given (labelled designed, not filed; a new custom bet is added after the
    rule set's bets) under the grid's bonus ``reading``: bytes."""
    from verifier.report import parsheet_format, render
    parsheet_format(fmt)                    # a one-line error naming the choices
    designed = None
    if bet is not None:
        designed = {bet: design(cert, bet, pays, name)}
    sheet = render(cert, fmt, designed=designed, reading=_reading(cert, reading))
    return sheet if isinstance(sheet, bytes) else sheet.encode("utf-8")
