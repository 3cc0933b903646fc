"""The workbook's operator figures (verifier/report/operator.py, verifier/odds/operator.py):
the pace in two cells a person edits, and each wager's figures formulas of them and of the
house edge and variance on the wager's own sheet, so that a pay edited there moves them
too; the exact fractions as certified stand beside. The player-dealer's bankroll is the
simulator's estimate: numbers."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from verifier.odds.operator import BAND_HANDS, BAND_HOURS, HANDLE_PER_DROP, Z95
from verifier.report.xlsx_bets import BetCells
from verifier.report.xlsx_cells import (DECIMAL, DOLLARS, PERCENT, bold, edited, formula,
                                        header, put, sheet_name, sheet_ref)

PACE_ROWS = ("Hands per hour", "Average wager")


def operator_sheet(wb: Any, op: Any, cells: dict[str, BetCells], taken: set[str]) -> None:
    """``op``: the sheet's Operator; ``cells``: {bet key: where its sheet holds its figures}."""
    from verifier.report.operator import TITLE
    ws = wb.create_sheet(sheet_name(TITLE, taken))
    for row, note in enumerate(op.notes, 1):
        put(ws, row, 1, note)
    row = len(op.notes) + 2
    bold(put(ws, row, 1, "Pace (edit it)"))
    hands, wager = f"$B${row + 1}", f"$B${row + 2}"
    put(ws, row + 1, 1, PACE_ROWS[0])
    edited(put(ws, row + 1, 2, op.pace.hands_per_hour))
    put(ws, row + 2, 1, PACE_ROWS[1])
    edited(put(ws, row + 2, 2, float(op.pace.average_wager))).number_format = DOLLARS
    row += 4
    wagers = [(f, cells[f.key]) for f in op.wagers if f.key in cells]
    edge = {f.key: f"{sheet_ref(c.sheet)}B{c.rows['house_edge']}" for f, c in wagers}
    var = {f.key: f"{sheet_ref(c.sheet)}B{c.rows['variance']}" for f, c in wagers}
    bold(put(ws, row, 1, "Per wager"))
    header(ws, row + 1, ["Wager", "Hands per hour", "Average wager", "House edge (rating edge)",
                         "House edge (exact, as certified)", "Element of risk",
                         "Theoretical win per hour",
                         "Theoretical win per hour (exact, as certified)",
                         "Variance per hour", "Variance per hour (exact, as certified)",
                         "SD per hand", "SD per hour"])
    for r, (f, _) in enumerate(wagers, row + 2):
        put(ws, r, 1, f.title)
        formula(ws, r, 2, f"={hands}", "0")
        formula(ws, r, 3, f"={wager}", DOLLARS)
        formula(ws, r, 4, f"={edge[f.key]}", PERCENT)
        put(ws, r, 5, str(f.edge))
        formula(ws, r, 6, f"=D{r}", PERCENT)           # settled on the initial wager alone
        formula(ws, r, 7, f"=B{r}*C{r}*D{r}", DOLLARS)
        put(ws, r, 8, str(f.theoretical_win_per_hour))
        formula(ws, r, 9, f"=B{r}*C{r}^2*{var[f.key]}", DECIMAL)
        put(ws, r, 10, str(f.variance_per_hour))
        formula(ws, r, 11, f"=SQRT({var[f.key]})*C{r}", DOLLARS)
        formula(ws, r, 12, f"=SQRT(I{r})", DOLLARS)
    row += len(wagers) + 3
    bold(put(ws, row, 1, "Expected hold against drop"))
    header(ws, row + 1, ["Wager", "Handle / drop", "Hold", "Hold (exact, as certified)"])
    r = row + 2
    for f, _ in wagers:
        for ratio in HANDLE_PER_DROP:
            put(ws, r, 1, f.title)
            put(ws, r, 2, ratio)
            formula(ws, r, 3, f"={edge[f.key]}*B{r}", PERCENT)
            put(ws, r, 4, str(f.hold(ratio)))
            r += 1
    row = r + 1
    bold(put(ws, row, 1, "95% bands of the table's result"))
    header(ws, row + 1, ["Wager", "Played", "Hands", "Handle", "Expected win",
                         "Expected win (exact, as certified)", "Variance",
                         "95% band low", "95% band high", "Band", "House ahead"])
    r = row + 2
    for f, _ in wagers:
        played = [(f"{n:,} hands", str(n)) for n in BAND_HANDS] + [
            (f"{n:,} hour{'s' if n > 1 else ''}", f"{n}*{hands}") for n in BAND_HOURS]
        for (label, n), band in zip(played, f.bands):
            put(ws, r, 1, f.title)
            put(ws, r, 2, label)
            formula(ws, r, 3, f"={n}", "#,##0")
            formula(ws, r, 4, f"=C{r}*{wager}", DOLLARS)
            formula(ws, r, 5, f"=D{r}*{edge[f.key]}", DOLLARS)
            put(ws, r, 6, str(band.mean))
            formula(ws, r, 7, f"=C{r}*{wager}^2*{var[f.key]}", DECIMAL)
            if getattr(band, "quantiles", None) is None:
                formula(ws, r, 8, f"=E{r}-{Z95!r}*SQRT(G{r})", DOLLARS)
                formula(ws, r, 9, f"=E{r}+{Z95!r}*SQRT(G{r})", DOLLARS)
                put(ws, r, 10, "normal approximation, of the cells")
            else:       # quantiles of the exact distribution: the certified pays' alone
                put(ws, r, 8, band.low).number_format = DOLLARS
                put(ws, r, 9, band.high).number_format = DOLLARS
                put(ws, r, 10, "exact distribution's quantiles, as certified")
            ahead = getattr(band, "ahead", None)
            if ahead is not None:
                put(ws, r, 11, ahead).number_format = PERCENT
            r += 1
    row = r + 1
    if op.bankroll is not None:
        bold(put(ws, row, 1, "Bankroll a player-dealer needs to cover the table"))
        header(ws, row + 1, ["Session hours", "Rounds banked", "Risk of not covering",
                             "Bankroll", "95% interval low", "95% interval high"])
        for r, n in enumerate(op.bankroll.needs, row + 2):
            for i, value in enumerate([n.hours, n.rounds, n.risk, n.estimate, n.low, n.high], 1):
                put(ws, r, i, float(value) if isinstance(value, Fraction) else value)
        row += len(op.bankroll.needs) + 3
    for r, note in enumerate(op.bankroll_notes, row):
        put(ws, r, 1, note)
    ws.column_dimensions["A"].width = 34
