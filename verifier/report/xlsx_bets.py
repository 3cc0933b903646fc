"""A bet's sheet of the workbook (``report --format xlsx``): a model that recalculates,
exact for any pays.

Its lines' net results per unit are cells a person edits. A bet whose counts are sets of
lines (the category sets: which lines a hand shows together, verifier/odds/exact.py)
carries them below its figures, each set's hands a cell a person edits, and each set
paid as the engine pays it: its highest line, the first in the table on a tie (or, under
a table-order precedence, its first line), a formula of the nets; each line's
combinations add up the sets paid on it. So any edit of the pays, keeping their order or
not, gives the exact figures (a full house paid below three of a kind is paid as three of
a kind). A bet counted by its lines alone (the base game) has its lines' counts as the
cells to edit. Each line's probability, contribution, odds and flag, and the bet's
figures and flags are formulas of them; the exact fractions as certified stand beside.
The numbers come from the model (verifier/report/model.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verifier.report.bets import DEAD, NEVER
from verifier.report.sheet import RARE, RARE_TEXT, Z90, Bet, ParSheet
from verifier.report.xlsx_cells import (BIG_COUNT_NOTE, DECIMAL, PERCENT, SIGNED, bold,
                                        count, edited, formula, header, put, quoted,
                                        sheet_name)

#: the columns of a bet's line table, in order: the nets (C) are cells a person edits,
#: and the combinations (D) where the bet has no category sets
LINE_COLUMNS = ("Line", "Pays", "Net per unit", "Combinations",
                "Combinations (exact text, over 15 digits)", "Probability", "Contribution",
                "Odds (1 in N)", "Probability (exact, as certified)",
                "Contribution (exact, as certified)", "Flag")
SET_COLUMNS = ("Lines shown together", "Hands", "Hands (exact text, over 15 digits)",
               "Paid (net per unit)", "Paid on (line no.)", "Paid on")
#: the first row of the line table's header
HEADER_ROW = 6
EDIT_NOTE = ("Edit a line's net per unit (column C){counts}: its pays, combinations, "
             "probability, contribution and odds, and every figure below, are formulas of "
             "them and of the total in B4.")
SETS_TITLE = "Category sets"
SETS_NOTE = {False: "Each row: the lines a hand shows together and the hands that show "
                    "exactly those (edit them). A set is paid its highest line (ties: the "
                    "first in the table), as the engine pays it, whatever order the pays "
                    "are in: D is the highest net of its lines, E and F the line it is paid "
                    "on; each line's combinations above add up the sets paid on it.",
             True: "Each row: the lines a hand shows together and the hands that show "
                   "exactly those (edit them). A set is paid the first of its lines in the "
                   "table's order (this table's precedence), whatever the lines pay: D is "
                   "that line's net, E and F the line; each line's combinations above add "
                   "up the sets paid on it."}
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
FLAGS = "Flags"


@dataclass(frozen=True)
class BetCells:
    """Where a bet's sheet holds its figures: the sheet's name and {figure: row} (column
    B); ``flags``: the row of its flags' text (B, each ending "; "), or 0."""
    key: str
    title: str
    sheet: str
    rows: dict
    flags: int = 0


def bet_sheet(wb: Any, bet: Bet, sheet: ParSheet, taken: set[str]) -> BetCells:
    ws = wb.create_sheet(sheet_name(bet.title, taken))
    bold(put(ws, 1, 1, bet.title))
    put(ws, 2, 1, f"Pay table: {bet.paytable}" + (f"; status: {bet.status}" if bet.status else ""))
    put(ws, 3, 1, f"Certificate SHA-256 {sheet.certificate_sha256}")
    put(ws, 4, 1, f"All {bet.unit}")
    big = count(ws, 4, 2, bet.total)
    sets = bool(bet.groups)
    put(ws, 5, 1, EDIT_NOTE.format(counts=" or a category set's hands (column B of the "
                                   "sets below)" if sets else " or combinations (column D)"))
    header(ws, HEADER_ROW, LINE_COLUMNS)
    first = HEADER_ROW + 1
    last = first + len(bet.lines) - 1
    total_row = last + 1
    # the category sets below the figures and notes (room for the note on big counts)
    below = total_row + 2 + (len(FIGURES) + 3 if bet.kind == "wager" else 0) + len(bet.notes) + 2
    set_first = below + 3
    set_last = set_first + len(bet.groups) - 1
    shown = {i for key, _ in bet.groups for i in key}
    for i, (r, line) in enumerate(zip(range(first, last + 1), bet.lines)):
        loses = r == last
        put(ws, r, 1, line.title)
        if sets and not loses:
            formula(ws, r, 2, f'=IF(C{r}>0,C{r}&" to 1",IF(C{r}=0,"push","0 (loses)"))',
                    "@")
        else:
            put(ws, r, 2, line.pay)
        put(ws, r, 3, float(line.net)).number_format = "0.0####"
        if not (sets and loses):
            edited(ws.cell(r, 3))
        if sets:
            if loses:
                formula(ws, r, 4, f"=$B$4-SUM($B${set_first}:$B${set_last})", "#,##0")
            else:
                formula(ws, r, 4, f"=SUMIF($E${set_first}:$E${set_last},{i + 1},"
                                  f"$B${set_first}:$B${set_last})", "#,##0")
            if line.combinations >= 10 ** 15:
                put(ws, r, 5, f"{line.combinations} (as certified)")
                big = True
        else:
            big = count(ws, r, 4, line.combinations) or big
        formula(ws, r, 6, f"=D{r}/$B$4")
        formula(ws, r, 7, f"=F{r}*C{r}", SIGNED)
        formula(ws, r, 8, f'=IF(F{r}>0,1/F{r},"never")', "#,##0.00")
        put(ws, r, 9, str(line.probability))
        put(ws, r, 10, str(line.contribution))
        if not loses and bet.kind == "wager":
            never = DEAD if sets and i in shown else NEVER
            rare = 1 / RARE
            formula(ws, r, 11, f'=IF(D{r}=0,A{r}&{quoted(": " + never + "; ")},'
                               f'IF(F{r}<1/{rare},A{r}&{quoted(": rarer than " + RARE_TEXT)}'
                               f'&" games (1 in "&TEXT(H{r},"#,##0")&"); ",""))', "@")
    bold(put(ws, total_row, 1, "Sum"))
    formula(ws, total_row, 4, f"=SUM(D{first}:D{last})", "#,##0")
    formula(ws, total_row, 6, f"=SUM(F{first}:F{last})")
    formula(ws, total_row, 7, f"=SUM(G{first}:G{last})", SIGNED)
    row = total_row + 2
    cells = BetCells(bet.key, bet.title, ws.title, {})
    if bet.kind == "wager":
        cells = _figures(ws, bet, row, first, last)
        row += len(FIGURES) + 3
    for note in bet.notes + ([BIG_COUNT_NOTE] if big else []):
        put(ws, row, 1, note)
        row += 1
    if sets:
        _sets(ws, bet, below, first, last)
    for column, width in zip("ABCDEFGHIJK", (34, 24, 12, 20, 22, 18, 18, 16, 28, 28, 40)):
        ws.column_dimensions[column].width = width
    ws.freeze_panes = ws.cell(first, 2)
    return cells


def _figures(ws: Any, bet: Bet, row: int, first: int, last: int) -> BetCells:
    header(ws, row, ("Figure", "Value (from the lines)", "Exact, as certified"))
    start = row + 1
    places = {"first": first, "last": last, "ret": start, "var": start + 4, "sd": start + 5}
    rows = {}
    for r, (title, attr, text, number_format) in enumerate(FIGURES, start):
        value = getattr(bet, attr)
        put(ws, r, 1, title)
        formula(ws, r, 2, text.format(**places), number_format)
        exact = str(value) if attr not in ("standard_deviation", "volatility_index") else (
            "square root of the variance" if attr == "standard_deviation"
            else f"{Z90:.10f} x the standard deviation")
        put(ws, r, 3, exact)
        rows[attr] = r
    flags = start + len(FIGURES)
    put(ws, flags, 1, FLAGS)
    returns = quoted("returns more than 100% to the player: ")
    formula(ws, flags, 2, f'=IF(B{start}>0,{returns}&TEXT(B{start + 2},"{PERCENT}")&'
                          f'" (house edge "&TEXT(B{start + 1},"{PERCENT}")&"); ","")'
            + "".join(f"&K{r}" for r in range(first, last)), "@")
    put(ws, flags, 3, "each ends with a semicolon; the cover lists them")
    return BetCells(bet.key, bet.title, ws.title, rows, flags)


def _sets(ws: Any, bet: Bet, row: int, first: int, last: int) -> None:
    """The category sets from ``row``: each one's lines, hands and the line it is paid."""
    bold(put(ws, row, 1, SETS_TITLE))
    put(ws, row + 1, 1, SETS_NOTE[bet.table_order])
    header(ws, row + 2, SET_COLUMNS)
    for r, (key, n) in enumerate(bet.groups, row + 3):
        put(ws, r, 1, ", ".join(bet.lines[i].title for i in key))
        count(ws, r, 2, n)
        nets = [f"$C${first + i}" for i in key]
        if bet.table_order or len(key) == 1:
            formula(ws, r, 4, f"={nets[0]}", "0.0####")
            put(ws, r, 5, key[0] + 1)
        else:
            formula(ws, r, 4, f"=MAX({','.join(nets)})", "0.0####")
            paid = str(key[-1] + 1)
            for i in reversed(key[:-1]):
                paid = f"IF($C${first + i}=D{r},{i + 1},{paid})"
            formula(ws, r, 5, "=" + paid, "0")
        formula(ws, r, 6, f"=INDEX($A${first}:$A${last},E{r})", "@")


def cover_flags(bets: list[BetCells]) -> list[tuple[str, str]]:
    """The cover's flag rows: (label, a formula of each bet's flags cell: "none", or its
    flags without the last semicolon)."""
    from verifier.report.xlsx_cells import sheet_ref
    rows = []
    for b in bets:
        if b.flags:
            cell = f"{sheet_ref(b.sheet)}B{b.flags}"
            rows.append((f"Flags: {b.title}",
                         f'=IF(LEN({cell})=0,"none",LEFT({cell},LEN({cell})-2))'))
    return rows
