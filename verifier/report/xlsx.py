"""The par sheet as a spreadsheet (``report --format xlsx``, openpyxl): a cover sheet,
one sheet per bet and the base game, and the house way's tables, so that a lab audits
the figures in its own tools and a designer keeps a live model open.

Each bet's sheet is a model that recalculates: its lines' net result per unit and
combinations are numbers in cells (the cells a person edits); each line's probability,
contribution and odds, and the bet's return, house edge, return to player, hit
frequency, variance, standard deviation and volatility index are formulas of them.
Beside them, as text, the exact fractions the certificate holds (a spreadsheet's
numbers are binary floating point with 15 significant digits; a longer count is also
written as exact text). Percentages are stored as fractions with a percentage format.
The numbers come from the model (verifier/report/model.py); this module adds no
arithmetic of its own."""
from __future__ import annotations

import io
import re
from typing import Any
from fractions import Fraction

from verifier.report.sheet import Z90, ParSheet

#: the columns of a bet's line table, in order: the pays and counts (C, D) are the cells a
#: person edits; probability, contribution and odds (F, G, H) are formulas of them
LINE_COLUMNS = ("Line", "Pays", "Net per unit", "Combinations",
                "Combinations (exact text, over 15 digits)", "Probability", "Contribution",
                "Odds (1 in N)", "Probability (exact, as certified)",
                "Contribution (exact, as certified)")
#: the first row of the line table's header
HEADER_ROW = 6
#: a spreadsheet's numbers hold 15 significant digits: a count from here on is also
#: written as exact text beside it
DIGITS_HELD = 10 ** 15
BIG_COUNT_NOTE = ("A spreadsheet's numbers hold 15 significant digits: a count of more "
                  "digits is also written exactly, as text, beside it.")
EDIT_NOTE = ("Edit a line's net per unit (column C) or combinations (column D): its "
             "probability, contribution and odds, and every figure below, are formulas "
             "of them and of the total in B4.")
PERCENT = "0.000000%"
DECIMAL = "0.000000000000"
SIGNED = "+0.000000000000;-0.000000000000"


#: how text a spreadsheet program (or a CSV export of the sheet) would take for a formula
#: starts (OWASP, CSV injection)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _put(ws: Any, row: int, column: int, value: Any) -> Any:
    """Writes a value the sheet shows. Text is always a text cell, never a formula, however
    it starts (a rule set's description, a bet's or a pay table's name are a person's),
    quote-prefixed as a person types text that starts like a formula, and without the
    control characters a workbook cannot hold. The one door for values: formulas are
    written only by ``_formula``."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    cell = ws.cell(row, column)
    if isinstance(value, str):
        value = ILLEGAL_CHARACTERS_RE.sub("", value)
        cell.value = value
        cell.data_type = "s"
        cell.quotePrefix = value.startswith(FORMULA_START)
    else:
        cell.value = value
    return cell


def _formula(ws: Any, row: int, column: int, formula: str, number_format: str = DECIMAL) -> Any:
    """A formula this module wrote (a figure worked out from the cells a person edits)."""
    cell = ws.cell(row, column)
    cell.value = formula
    cell.number_format = number_format
    return cell


def _count(ws: Any, row: int, column: int, n: int) -> Any:
    """A count as a number; beyond 15 digits its exact text in the next column as well."""
    _put(ws, row, column, n).number_format = "#,##0"
    _input(ws.cell(row, column))
    if abs(n) >= DIGITS_HELD:
        _put(ws, row, column + 1, str(n))
        return True
    return False


def _input(cell: Any) -> Any:
    """A cell a person edits (a pay, a count): filled light yellow."""
    from openpyxl.styles import PatternFill
    cell.fill = PatternFill("solid", fgColor="FFF2CC")


def _sheet_name(title: str, taken: set[str]) -> str:
    name = re.sub(r"[\[\]:*?/\\\x00-\x1f]", " ", title)[:31].strip() or "Bet"
    base, n = name, 2
    while name.lower() in taken:
        suffix = f" {n}"
        name = base[:31 - len(suffix)] + suffix
        n += 1
    taken.add(name.lower())
    return name


def _bold(cell: Any) -> Any:
    from openpyxl.styles import Font
    cell.font = Font(bold=True)


def _bet_sheet(wb: Any, bet: Any, sheet: Any, taken: set[str]) -> Any:
    ws = wb.create_sheet(_sheet_name(bet.title, taken))
    _put(ws, 1, 1, bet.title)
    _bold(ws["A1"])
    _put(ws, 2, 1, f"Pay table: {bet.paytable}"
         + (f"; status: {bet.status}" if bet.status else ""))
    _put(ws, 3, 1, f"Certificate SHA-256 {sheet.certificate_sha256}")
    _put(ws, 4, 1, f"All {bet.unit}")
    big = _count(ws, 4, 2, bet.total)
    _put(ws, 5, 1, EDIT_NOTE)
    for i, head in enumerate(LINE_COLUMNS, 1):
        _put(ws, HEADER_ROW, i, head)
        _bold(ws.cell(HEADER_ROW, i))
    first = HEADER_ROW + 1
    for r, line in enumerate(bet.lines, first):
        _put(ws, r, 1, line.title + (" (flagged)" if line.flags else ""))
        _put(ws, r, 2, line.pay)
        _put(ws, r, 3, float(line.net)).number_format = "0.0####"
        _input(ws.cell(r, 3))
        big = _count(ws, r, 4, line.combinations) or big
        _formula(ws, r, 6, f"=D{r}/$B$4")
        _formula(ws, r, 7, f"=F{r}*C{r}", SIGNED)
        _formula(ws, r, 8, f'=IF(F{r}>0,1/F{r},"never")', "#,##0.00")
        _put(ws, r, 9, str(line.probability))
        _put(ws, r, 10, str(line.contribution))
    last = first + len(bet.lines) - 1
    total_row = last + 1
    _put(ws, total_row, 1, "Sum")
    _bold(ws.cell(total_row, 1))
    _formula(ws, total_row, 4, f"=SUM(D{first}:D{last})", "#,##0")
    _formula(ws, total_row, 6, f"=SUM(F{first}:F{last})")
    _formula(ws, total_row, 7, f"=SUM(G{first}:G{last})", SIGNED)
    row = total_row + 2
    if bet.kind == "wager":
        row = _figures(ws, bet, row, first, last)
    for note in bet.notes + ([BIG_COUNT_NOTE] if big else []):
        _put(ws, row, 1, note)
        row += 1
    for column, width in zip("ABCDEFGHIJ", (34, 24, 12, 20, 22, 18, 18, 16, 28, 28)):
        ws.column_dimensions[column].width = width
    ws.freeze_panes = ws.cell(first, 2)
    return ws


#: the figures of a wager, each a formula of the line table ({first}, {last}: the line
#: rows; {ret}, {var}, {sd}: the figure cells), and its number format
FIGURES = (
    ("Return per unit bet", "expected", "=SUM(G{first}:G{last})", SIGNED),
    ("House edge", "house_edge", "=-B{ret}", PERCENT),
    ("Return to player", "return_to_player", "=1+B{ret}", PERCENT),
    ("Hit frequency", "hit_frequency", '=SUMIF(C{first}:C{last},">0",F{first}:F{last})',
     PERCENT),
    ("Variance", "variance",
     "=SUMPRODUCT(F{first}:F{last},C{first}:C{last},C{first}:C{last})-B{ret}^2", DECIMAL),
    ("Standard deviation", "standard_deviation", "=SQRT(B{var})", DECIMAL),
    ("Volatility index", "volatility_index", "=" + repr(Z90) + "*B{sd}", DECIMAL),
)


def _figures(ws: Any, bet: Any, row: int, first: int, last: int) -> Any:
    for i, head in enumerate(("Figure", "Value (from the lines)", "Exact, as certified"), 1):
        _put(ws, row, i, head)
        _bold(ws.cell(row, i))
    start = row + 1
    cells = {"first": first, "last": last, "ret": start, "var": start + 4, "sd": start + 5}
    for r, (title, attr, formula, number_format) in enumerate(FIGURES, start):
        value = getattr(bet, attr)
        _put(ws, r, 1, title)
        _formula(ws, r, 2, formula.format(**cells), number_format)
        exact = str(value) if attr not in ("standard_deviation", "volatility_index") else (
            "square root of the variance" if attr == "standard_deviation"
            else f"{Z90:.10f} x the standard deviation")
        _put(ws, r, 3, exact)
    return start + len(FIGURES) + 1


def _cover(ws: Any, sheet: Any) -> Any:
    from verifier.report.markdown import designed_notice
    ws.title = "Par sheet"
    _put(ws, 1, 1, f"Par sheet: {sheet.title}")
    _bold(ws["A1"])
    rows = [("Description", sheet.description), ("Rule set", sheet.rule_set),
            ("Deck", f"{sheet.deck}: all {sheet.total_hands:,} seven-card hands enumerated"),
            ("Computed", f"{sheet.created} by {sheet.tool} ({sheet.engine} engine)"),
            ("Certificate SHA-256", sheet.certificate_sha256),
            ("Result SHA-256", sheet.result_sha256)]
    if sheet.designed:
        rows.append(("Pay tables", designed_notice(sheet)))
    rows.append(("Numbers", "Counts and pays are numbers in cells (filled yellow): edit them "
                            "and every probability, contribution and figure, each a formula "
                            "of them, recalculates. The exact fractions as certified are in "
                            "the text columns. " + BIG_COUNT_NOTE))
    rows += [("Flag", f) for f in sheet.flags]
    rows += [("Not in this sheet", text) for text in sheet.omitted]
    for r, (key, value) in enumerate(rows, 3):
        _put(ws, r, 1, key)
        _bold(ws.cell(r, 1))
        _put(ws, r, 2, value)
    ws.column_dimensions["A"].width = 22
    ws.column_dimensions["B"].width = 100


def _tables_sheet(wb: Any, title: str, tables: Any, taken: set[str], notes: Any = (),
                  values: Any = list, total: Any = None) -> Any:
    """A sheet of tables (``notes`` above them); ``values``: a table row -> the cells
    written. Display text that is a number is stored as one (``_number``); with a
    ``total`` (all hands, in B1), a "Probability" column beside a "Hands" column is the
    formula of the hands over it."""
    ws = wb.create_sheet(_sheet_name(title, taken))
    row = 1
    if total is not None:
        _put(ws, row, 1, "All hands")
        _bold(ws.cell(row, 1))
        _count(ws, row, 2, total)
        row += 2
    for note in notes:
        _put(ws, row, 1, note)
        row += 1
    row += 1 if notes else 0
    for table in tables:
        _put(ws, row, 1, table.title)
        _bold(ws.cell(row, 1))
        row += 1
        for i, head in enumerate(table.header, 1):
            _put(ws, row, i, head)
            _bold(ws.cell(row, i))
        share = (total is not None and "Probability" in table.header
                 and table.header.index("Probability") > 0
                 and table.header[table.header.index("Probability") - 1] in ("Hands", "Pairs"))
        for cells in table.rows:
            row += 1
            for i, value in enumerate(values(cells), 1):
                if share and table.header[i - 1] == "Probability":
                    hands = ws.cell(row, i - 1).column_letter
                    _formula(ws, row, i, f"={hands}{row}/$B$1")
                    continue
                number, number_format = _number(value)
                cell = _put(ws, row, i, number)
                if number_format:
                    cell.number_format = number_format
        if table.note:
            row += 1
            _put(ws, row, 1, table.note)
        row += 2
    ws.column_dimensions["A"].width = 34


def _number(value: Any) -> Any:
    """Display text of a number as the number and its format ("1,128": 1128; "12.5%":
    0.125 as a percentage; "+0.0012": 0.0012); other text, and values, as they are."""
    from fractions import Fraction
    if isinstance(value, float):
        return value, DECIMAL
    if not isinstance(value, str):
        return value, None
    text = value.strip()
    if re.fullmatch(r"[+-]?\d{1,3}(,\d{3})*", text):
        n = int(text.replace(",", ""))
        return (n, "#,##0") if abs(n) < DIGITS_HELD else (value, None)
    if re.fullmatch(r"[+-]?\d+\.\d+%", text):
        return float(Fraction(text[:-1]) / 100), PERCENT
    if re.fullmatch(r"[+-]?\d+\.\d+", text):
        return float(text), DECIMAL
    return value, None


def _player_bank_sheet(wb: Any, bank: Any, taken: set[str]) -> Any:
    """When a player banks: each figure as a number, its exact fraction beside it."""
    from fractions import Fraction
    from verifier.report.sheet import PLAYER_BANK_TITLE
    _tables_sheet(wb, PLAYER_BANK_TITLE, bank.tables, taken, notes=bank.notes,
                  values=lambda r: [r[0], float(Fraction(r[2])), r[2]])


def _rows(ws: Any, row: int, title: str, header: Any, rows: Any) -> Any:
    """A titled block of rows from ``row``: numbers as numbers, text as text; returns the
    row after it."""
    _bold(_put(ws, row, 1, title))
    for i, head in enumerate(header, 1):
        _bold(_put(ws, row + 1, i, head))
    for r, cells in enumerate(rows, row + 2):
        for i, value in enumerate(cells, 1):
            _put(ws, r, i, float(value) if isinstance(value, Fraction) else value)
    return row + len(rows) + 3


def _operator_sheet(wb: Any, op: Any, taken: set[str]) -> Any:
    """The operator figures (verifier/report/operator.py): each figure a number, the exact
    fraction beside it as text."""
    from verifier.odds.operator import HANDLE_PER_DROP
    from verifier.report.operator import TITLE
    ws = wb.create_sheet(_sheet_name(TITLE, taken))
    for row, note in enumerate(op.notes, 1):
        _put(ws, row, 1, note)
    row = len(op.notes) + 2
    row = _rows(ws, row, "Per wager", [
        "Wager", "Hands per hour", "Average wager", "House edge (rating edge)",
        "House edge (exact)", "Element of risk", "Theoretical win per hour",
        "Theoretical win per hour (exact)", "Variance per hour (exact)", "SD per hand",
        "SD per hour"], [[f.title, f.pace.hands_per_hour, f.pace.average_wager, f.edge,
                          str(f.edge), f.element_of_risk, f.theoretical_win_per_hour,
                          str(f.theoretical_win_per_hour), str(f.variance_per_hour),
                          f.sd_per_hand, f.sd_per_hour] for f in op.wagers])
    row = _rows(ws, row, "Expected hold against drop",
                ["Wager", "Handle / drop", "Hold", "Hold (exact)"],
                [[f.title, r, f.hold(r), str(f.hold(r))] for f in op.wagers
                 for r in HANDLE_PER_DROP])
    row = _rows(ws, row, "95% bands of the table's result (quantiles of its exact "
                "distribution)", [
        "Wager", "Played", "Hands", "Handle", "Expected win", "Expected win (exact)",
        "Variance (exact)", "95% band low", "95% band high", "House ahead"],
        [[f.title, b.label, b.hands, b.handle, b.mean, str(b.mean), str(b.variance), b.low,
          b.high, b.ahead] for f in op.wagers for b in f.bands])
    if op.bankroll is not None:
        row = _rows(ws, row, "Bankroll a player-dealer needs to cover the table", [
            "Session hours", "Rounds banked", "Risk of not covering", "Bankroll",
            "95% interval low", "95% interval high"],
            [[n.hours, n.rounds, n.risk, n.estimate, n.low, n.high]
             for n in op.bankroll.needs])
    for r, note in enumerate(op.bankroll_notes, row):
        _put(ws, r, 1, note)
    ws.column_dimensions["A"].width = 34


def render(sheet: ParSheet, steps: object = None) -> bytes:
    """The par sheet; ``steps`` (``verifier.support.progress.Steps``): this format tells none."""
    try:
        import openpyxl
    except ImportError as e:
        from verifier.support.errors import VerifierError
        from verifier.report.formats import install_text
        raise VerifierError(f"xlsx needs openpyxl: {install_text('xlsx')} ({e})") from None
    wb = openpyxl.Workbook()
    _cover(wb.active, sheet)
    taken = {"par sheet"}
    for bet in sheet.bets + ([sheet.base_game] if sheet.base_game else []):
        _bet_sheet(wb, bet, sheet, taken)
    if sheet.player_bank is not None:
        _player_bank_sheet(wb, sheet.player_bank, taken)
    if sheet.operator is not None:
        _operator_sheet(wb, sheet.operator, taken)
    for prog in sheet.progressives:
        _tables_sheet(wb, prog.title, prog.tables, taken, notes=prog.notes)
    _tables_sheet(wb, f"House way {sheet.house_way}", sheet.house_way_tables, taken,
                  total=sheet.total_hands)
    wb.calculation.fullCalcOnLoad = True         # a program opening it works out every formula
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()
