"""The par sheet as a spreadsheet (``report --format xlsx``, openpyxl): a cover sheet,
one sheet per bet and the base game, the operator figures, and the house way's tables, so
that a lab audits the figures in its own tools and a designer keeps a live model open.

Each bet's sheet is a model that recalculates, exact for any pays (verifier/report/
xlsx_bets.py): its nets and counts are cells a person edits and every figure a formula of
them, the exact fractions the certificate holds beside, as text. The operator figures
(xlsx_operator.py) and the cover's flags are formulas of the same cells. Percentages are
stored as fractions with a percentage format. The numbers come from the model
(verifier/report/model.py); this module adds no arithmetic of its own."""
from __future__ import annotations

import io
import re
from fractions import Fraction
from typing import Any

from verifier.report.sheet import ParSheet
from verifier.report.xlsx_bets import bet_sheet, cover_flags
from verifier.report.xlsx_cells import (BIG_COUNT_NOTE, DECIMAL, DIGITS_HELD, PERCENT, bold,
                                        count, formula, put, sheet_name)
from verifier.report.xlsx_operator import operator_sheet


def _cover(ws: Any, sheet: ParSheet, flags: list[tuple[str, str]]) -> None:
    from verifier.report.markdown import designed_notice
    ws.title = "Par sheet"
    put(ws, 1, 1, f"Par sheet: {sheet.title}")
    bold(ws["A1"])
    rows = [("Description", sheet.description), ("Rule set", sheet.rule_set),
            ("Deck", f"{sheet.deck}: all {sheet.total_hands:,} seven-card hands enumerated"),
            ("Computed", f"{sheet.created} by {sheet.tool} ({sheet.engine} engine)"),
            ("Certificate SHA-256", sheet.certificate_sha256),
            ("Result SHA-256", sheet.result_sha256)]
    if sheet.designed:
        rows.append(("Pay tables", designed_notice(sheet)))
    rows.append(("Numbers", "Pays and counts are numbers in cells (filled yellow): edit them "
                            "and every probability, contribution and figure, each a formula "
                            "of them, recalculates, on the bets' sheets, the operator "
                            "figures and the flags here. A bet's category sets are paid as "
                            "the engine pays them (a hand its highest line), so the figures "
                            "stay exact whatever order the pays are in. The exact fractions "
                            "as certified are in the text columns. " + BIG_COUNT_NOTE))
    live = {title for title, _ in flags}
    rows += [("Flag", f) for bet in sheet.bets if f"Flags: {bet.title}" not in live
             for f in bet.flags]
    rows += [("Not in this sheet", text) for text in sheet.omitted]
    for r, (key, value) in enumerate(rows, 3):
        put(ws, r, 1, key)
        bold(ws.cell(r, 1))
        put(ws, r, 2, value)
    for r, (key, text) in enumerate(flags, 3 + len(rows)):
        bold(put(ws, r, 1, key))
        formula(ws, r, 2, text, "@")
    ws.column_dimensions["A"].width = 22
    ws.column_dimensions["B"].width = 100


def _tables_sheet(wb: Any, title: str, tables: Any, taken: set[str], notes: Any = (),
                  values: Any = list, total: Any = None) -> None:
    """A sheet of tables (``notes`` above them); ``values``: a table row -> the cells
    written. Display text that is a number is stored as one (``_number``); with a
    ``total`` (all hands, in B1), a "Probability" column beside a "Hands" column is the
    formula of the hands over it."""
    ws = wb.create_sheet(sheet_name(title, taken))
    row = 1
    if total is not None:
        put(ws, row, 1, "All hands")
        bold(ws.cell(row, 1))
        count(ws, row, 2, total)
        row += 2
    for note in notes:
        put(ws, row, 1, note)
        row += 1
    row += 1 if notes else 0
    for table in tables:
        put(ws, row, 1, table.title)
        bold(ws.cell(row, 1))
        row += 1
        for i, head in enumerate(table.header, 1):
            put(ws, row, i, head)
            bold(ws.cell(row, i))
        share = (total is not None and "Probability" in table.header
                 and table.header.index("Probability") > 0
                 and table.header[table.header.index("Probability") - 1] in ("Hands", "Pairs"))
        for cells in table.rows:
            row += 1
            for i, value in enumerate(values(cells), 1):
                if share and table.header[i - 1] == "Probability":
                    hands = ws.cell(row, i - 1).column_letter
                    formula(ws, row, i, f"={hands}{row}/$B$1")
                    continue
                number, number_format = _number(value)
                cell = put(ws, row, i, number)
                if number_format:
                    cell.number_format = number_format
        if table.note:
            row += 1
            put(ws, row, 1, table.note)
        row += 2
    ws.column_dimensions["A"].width = 34


def _number(value: Any) -> tuple[Any, Any]:
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


def _player_bank_sheet(wb: Any, bank: Any, taken: set[str]) -> None:
    """When a player banks: each figure as a number, its exact fraction beside it."""
    from fractions import Fraction
    from verifier.report.sheet import PLAYER_BANK_TITLE
    _tables_sheet(wb, PLAYER_BANK_TITLE, bank.tables, taken, notes=bank.notes,
                  values=lambda r: [r[0], float(Fraction(r[2])), r[2]])


def render(sheet: ParSheet, steps: object = None) -> bytes:
    """The par sheet; ``steps`` (``verifier.support.progress.Steps``): this format tells none."""
    try:
        import openpyxl
    except ImportError as e:
        from verifier.support.errors import VerifierError
        from verifier.report.formats import install_text
        raise VerifierError(f"xlsx needs openpyxl: {install_text('xlsx')} ({e})") from None
    wb = openpyxl.Workbook()
    taken = {"par sheet"}
    cells = [bet_sheet(wb, bet, sheet, taken)
             for bet in sheet.bets + ([sheet.base_game] if sheet.base_game else [])]
    _cover(wb.active, sheet, cover_flags(cells))
    if sheet.player_bank is not None:
        _player_bank_sheet(wb, sheet.player_bank, taken)
    if sheet.operator is not None:
        operator_sheet(wb, sheet.operator, {c.key: c for c in cells}, taken)
    for prog in sheet.progressives:
        _tables_sheet(wb, prog.title, prog.tables, taken, notes=prog.notes)
    _tables_sheet(wb, f"House way {sheet.house_way}", sheet.house_way_tables, taken,
                  total=sheet.total_hands)
    wb.calculation.fullCalcOnLoad = True         # a program opening it works out every formula
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()
