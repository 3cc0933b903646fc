"""The workbook's cells (``report --format xlsx``, openpyxl): text that is never taken
for a formula, the formulas this package writes, counts exact beyond 15 digits, the cells
a person edits, sheet names; the sheets are built by verifier/report/xlsx.py (the cover
and tables), xlsx_bets.py (a bet's sheet) and xlsx_operator.py (the operator figures)."""
from __future__ import annotations

import re
from typing import Any

#: a spreadsheet's numbers hold 15 significant digits: a count from here on is also
#: written as exact text beside it
DIGITS_HELD = 10 ** 15
BIG_COUNT_NOTE = ("A spreadsheet's numbers hold 15 significant digits: a count of more "
                  "digits is also written exactly, as text, beside it.")
PERCENT = "0.000000%"
DECIMAL = "0.000000000000"
SIGNED = "+0.000000000000;-0.000000000000"
DOLLARS = "$#,##0.00;-$#,##0.00"

#: how text a spreadsheet program (or a CSV export of the sheet) would take for a formula
#: starts (OWASP, CSV injection)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def put(ws: Any, row: int, column: int, value: Any) -> Any:
    """Writes a value the sheet shows. Text is always a text cell, never a formula, however
    it starts (a rule set's description, a bet's or a pay table's name are a person's),
    quote-prefixed as a person types text that starts like a formula, and without the
    control characters a workbook cannot hold. The one door for values: formulas are
    written only by ``formula``."""
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


def formula(ws: Any, row: int, column: int, text: str, number_format: str = DECIMAL) -> Any:
    """A formula this package wrote (a figure worked out from the cells a person edits)."""
    cell = ws.cell(row, column)
    cell.value = text
    cell.number_format = number_format
    return cell


def quoted(text: str) -> str:
    """Text as a string inside a formula: ``"Full House"``, quotes doubled, no control
    characters."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    return '"' + ILLEGAL_CHARACTERS_RE.sub("", text).replace('"', '""') + '"'


def sheet_ref(title: str) -> str:
    """A sheet's name as a formula names it: ``'Outlaw 9 High or Better'!``."""
    return "'" + title.replace("'", "''") + "'!"


def count(ws: Any, row: int, column: int, n: int) -> bool:
    """A count as a number a person edits; beyond 15 digits its exact text in the next
    column as well (True then)."""
    put(ws, row, column, n).number_format = "#,##0"
    edited(ws.cell(row, column))
    if abs(n) >= DIGITS_HELD:
        put(ws, row, column + 1, str(n))
        return True
    return False


def edited(cell: Any) -> Any:
    """A cell a person edits (a pay, a count): filled light yellow."""
    from openpyxl.styles import PatternFill
    cell.fill = PatternFill("solid", fgColor="FFF2CC")
    return cell


def sheet_name(title: str, taken: set[str]) -> str:
    """A sheet's name for ``title``: at most 31 characters, none a sheet name cannot hold,
    an apostrophe typeset (Emperor\N{RIGHT SINGLE QUOTATION MARK}s Treasure: a name with
    a plain one is quoted twice over in every formula that names it, and some formula
    engines misread it), unique in the workbook (``taken``, lower case)."""
    name = re.sub(r"[\[\]:*?/\\\x00-\x1f]", " ", title).replace("'", "\u2019")
    name = name[:31].strip() or "Bet"
    base, n = name, 2
    while name.lower() in taken:
        suffix = f" {n}"
        name = base[:31 - len(suffix)] + suffix
        n += 1
    taken.add(name.lower())
    return name


def bold(cell: Any) -> Any:
    from openpyxl.styles import Font
    cell.font = Font(bold=True)
    return cell


def header(ws: Any, row: int, heads: Any) -> None:
    """A row of bold column heads."""
    for i, head in enumerate(heads, 1):
        bold(put(ws, row, i, head))
