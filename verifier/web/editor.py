"""The pay-table editor's figures, from the same functions the command line uses: a pay
table's exact odds from a certificate's counts (``compare``), solving for a target edge
(``solve``), the pay table as a file, and the par sheet (``report``) with the designed
table. It only gathers inputs and shapes results for the page; it adds no arithmetic of
its own (the display strings are the par sheet's and ``compare``'s)."""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from verifier.support.errors import VerifierError, choose

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.game.paytables import Paytable

#: pay tables compared side by side at most
MAX_COMPARED = 4
#: the search's tables shown (ranked), each confirmed
SEARCH_SHOWN = 20
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


def designed_name(table: Paytable | None) -> str:
    """A designed table's name when none is typed: the bet's title, "designed" (never the
    filed table's name, which says "as filed")."""
    if table is None:
        return "Custom bet, designed"
    return f"{table.name if table.bet == 'custom' else table.kind.title}, designed"


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
    name = (name or "").strip()[:120] or designed_name(table)
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
    return choose("bonus reading", reading, BONUS_READING_CHOICES)


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
    if _blank(pays) and base_table(cert, bet) is None:
        return _frequencies(cert, bet)
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


def _blank(pays: Any) -> bool:
    return isinstance(pays, dict) and not any(isinstance(v, str) and v.strip()
                                              for v in pays.values())


def _frequencies(cert, bet):
    """A new custom bet before any line has a pay: each line's hands (those qualifying
    for it; a hand may qualify for several), every hand losing until a pay is typed."""
    from verifier.game.paytables import Paytable
    from verifier.report.sheet import odds_text
    sets = _counts(cert, Paytable("new", "custom", (), reads=bet[len(CUSTOM_PREFIX):]))
    lines = {}
    for line, _title in vocabulary(cert, bet)[0]:
        n = sum(k for shown, k in sets.sets if line in shown)
        p = Fraction(n, sets.total)
        lines[line] = {"combinations": f"{n:,}", "probability": f"{float(p):.10f}",
                       "odds": odds_text(p), "contribution": "-", "probability_exact": str(p),
                       "contribution_exact": "-", "flags": []}
    lines["loses"] = {"combinations": f"{sets.total:,}", "probability": "1", "odds": "1 in 1.00",
                      "contribution": "-1", "probability_exact": "1",
                      "contribution_exact": "-1", "flags": []}
    return {"name": "", "lines": lines, "figures": [], "house_edge": "-", "flags": [],
            "note": "No line has a pay yet: each line shows the hands that qualify for it (a "
                    "hand may qualify for several); type a pay to see the figures.",
            "total": f"{sets.total:,}"}


def solve(cert: Certificate, bet: str, pays: Any, lines: Any, edge: Any,
          reading: str | None = None) -> dict:
    """``solve``: the pay of one line, or the factor of a group of lines, for a target
    edge (``0.05``, ``5%``, ``1/20``), on the bet's formula; with the nearest practical
    pays on each side and their exact edges."""
    from verifier.certificate.formula import bet_formula
    from verifier.odds.linesolve import solve_lines
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
    """``compare``: up to four of the grid's pay tables beside the certificate's table of
    the bet (the baseline, labelled by its status: "filed"; a new custom bet's baseline is
    its first table), as the command prints them, each with its difference from the
    baseline: {"names", "rows": [{"label", "cells", "deltas", "kind", "changed"}]}."""
    from verifier.report.text import compare_cells, compare_rows
    if not isinstance(tables, list) or not 1 <= len(tables) <= MAX_COMPARED:
        raise VerifierError(f"compare one to {MAX_COMPARED} pay tables")
    designed = []
    for i, t in enumerate(tables, 1):
        if not isinstance(t, dict):
            raise VerifierError(f"pay table {i}: not a pay table")
        designed.append(design(cert, bet, t.get("pays"), str(t.get("name") or f"table {i}")))
    base = base_table(cert, bet)
    every = ([base] if base is not None else []) + designed
    odds = [_odds(cert, t, reading) for t in every]
    values = compare_rows(odds)
    rows, pays_changed = [], False
    for (label, raw, kind), cells in zip(values, compare_cells(odds)):
        head = label.endswith(": pays") or label.startswith("No line")
        if head:
            pays_changed = len(set(cells[1:])) > 1
        detail = label.startswith("  ")
        rows.append({"label": cells[0], "cells": cells[1:], "deltas": [
            _delta(v, raw[0], kind) for v in raw[1:]],
            "kind": "detail" if detail else "line" if head else "summary",
            "changed": pays_changed if (detail or head) else len(set(cells[1:])) > 1})
    return {"names": [t.name for t in every], "baseline": every[0].status or "the first",
            "rows": rows}


def _delta(value, base, kind) -> str:
    """A table's difference from the baseline on one row, as ``compare`` prints it
    (verifier/report/text.py ``delta_text``); the page shows none for a text row."""
    from verifier.report.text import delta_text
    return "" if kind == "text" else delta_text(value, base, kind)


def search(cert: Certificate, bet: str, pays: Any, lines: Any, low: Any, high: Any,
           step: Any, rank: Any = "distance", target: Any = "",
           reading: str | None = None, keep_order: Any = False) -> dict:
    """``solve --edge-range LOW..HIGH --step STEP --rank RANK [--keep-order]``: the tables
    a designer could file of the grid's table with ``lines`` moved, ranked, each
    confirmed through the certificate's odds (the first ``SEARCH_SHOWN``); ``left_out``:
    {why: how many} of the tables in the range not listed (verifier/odds/search.py)."""
    from verifier.certificate.formula import bet_formula
    from verifier.certificate.odds import odds_from_certificate
    from verifier.odds.search import confirmed
    from verifier.game.paytables import pay_label, pay_text, parse_pay
    from verifier.report.display import pct
    from verifier.support.edges import parse_edge
    if not isinstance(lines, list) or not lines or len(lines) > 6 or len(set(lines)) != len(lines):
        raise VerifierError("tick the lines to search (one to six, each once)")
    lo = parse_edge(str(low)[:80], "lowest house edge")
    hi = parse_edge(str(high)[:80], "highest house edge")
    grid_step = parse_pay(str(step)[:40] or "0.5", "step")
    if not isinstance(grid_step, Fraction):
        raise VerifierError("step: a number, e.g. 1 or 0.5")
    if lo > hi:
        raise VerifierError(f"the lowest house edge ({low}) is above the highest ({high})")
    aim = parse_edge(str(target)[:80], "target") if str(target or "").strip() else (lo + hi) / 2
    table = design(cert, bet, pays)
    chosen = _reading(cert, reading)
    formula = bet_formula(cert.raw, None, table, chosen)
    searched, rows = confirmed(formula, [str(x) for x in lines], lo, hi, grid_step,
                               str(rank or "distance")[:20], aim, SEARCH_SHOWN,
                               lambda t: odds_from_certificate(cert.raw, t, chosen),
                               keep_order=keep_order is True)
    return {"found": len(searched.tables), "left_out": searched.left_out(),
            "keep_order": keep_order is True, "shown": len(rows),
            "lines": [str(x) for x in lines],
            "target": pct(aim), "tables": [{
                "pays": {line: pay_text(p) for line, p in f.pays},
                "labels": [pay_label(p) for _, p in f.pays],
                "house_edge": pct(o.house_edge), "house_edge_exact": str(o.house_edge),
                "hit_frequency": pct(o.hit_frequency),
                "standard_deviation": f"{o.standard_deviation_decimal:.6f}"}
                for f, o in rows]}


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
