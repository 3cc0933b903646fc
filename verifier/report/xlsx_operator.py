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
    pace = _Pace(f"$B${row + 1}", f"$B${row + 2}", op.pace)
    put(ws, row + 1, 1, PACE_ROWS[0])
    edited(put(ws, row + 1, 2, op.pace.hands_per_hour))
    put(ws, row + 2, 1, PACE_ROWS[1])
    edited(put(ws, row + 2, 2, float(op.pace.average_wager))).number_format = DOLLARS
    wagers = [(f, cells[f.key]) for f in op.wagers if f.key in cells]
    refs = {f.key: (f"{sheet_ref(c.sheet)}B{c.rows['house_edge']}",
                    f"{sheet_ref(c.sheet)}B{c.rows['variance']}") for f, c in wagers}
    row = _per_wager(ws, row + 4, [f for f, _ in wagers], refs, pace)
    row = _holds(ws, row, [f for f, _ in wagers], refs)
    row = _bands(ws, row, [f for f, _ in wagers], refs, pace)
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


class _Pace:
    """The pace's two cells and the pace the figures were certified at."""

    def __init__(self, hands: str, wager: str, certified: Any) -> None:
        self.hands, self.wager, self.certified = hands, wager, certified


def _per_wager(ws: Any, row: int, wagers: list, refs: dict, pace: _Pace) -> int:
    """Each wager's edge, element of risk, win and variance per hour: formulas of the pace
    and of its sheet's edge and variance; the exact figures as certified beside."""
    bold(put(ws, row, 1, "Per wager"))
    header(ws, row + 1, ["Wager", "Hands per hour", "Average wager", "House edge (rating edge)",
                         "House edge (exact, as certified)", "Element of risk",
                         "Theoretical win per hour",
                         "Theoretical win per hour (exact, as certified)",
                         "Variance per hour", "Variance per hour (exact, as certified)",
                         "SD per hand", "SD per hour"])
    for r, f in enumerate(wagers, row + 2):
        edge, var = refs[f.key]
        put(ws, r, 1, f.title)
        formula(ws, r, 2, f"={pace.hands}", "0")
        formula(ws, r, 3, f"={pace.wager}", DOLLARS)
        formula(ws, r, 4, f"={edge}", PERCENT)
        put(ws, r, 5, str(f.edge))
        formula(ws, r, 6, f"=D{r}", PERCENT)           # settled on the initial wager alone
        formula(ws, r, 7, f"=B{r}*C{r}*D{r}", DOLLARS)
        put(ws, r, 8, str(f.theoretical_win_per_hour))
        formula(ws, r, 9, f"=B{r}*C{r}^2*{var}", DECIMAL)
        put(ws, r, 10, str(f.variance_per_hour))
        formula(ws, r, 11, f"=SQRT({var})*C{r}", DOLLARS)
        formula(ws, r, 12, f"=SQRT(I{r})", DOLLARS)
    return row + len(wagers) + 3


def _holds(ws: Any, row: int, wagers: list, refs: dict) -> int:
    """The expected hold against drop at each handle-to-drop ratio: the edge's formula."""
    bold(put(ws, row, 1, "Expected hold against drop"))
    header(ws, row + 1, ["Wager", "Handle / drop", "Hold", "Hold (exact, as certified)"])
    r = row + 2
    for f in wagers:
        for ratio in HANDLE_PER_DROP:
            put(ws, r, 1, f.title)
            put(ws, r, 2, ratio)
            formula(ws, r, 3, f"={refs[f.key][0]}*B{r}", PERCENT)
            put(ws, r, 4, str(f.hold(ratio)))
            r += 1
    return r + 1


def _as_certified(f: Any, refs: dict, pace: _Pace) -> str:
    """A condition of the cells: the wager's edge and variance and the pace are those the
    exact distribution was certified at (an edited pay or pace makes it false)."""
    edge, var = refs[f.key]
    hands, wager = pace.certified.hands_per_hour, float(pace.certified.average_wager)
    return (f"AND(ABS({edge}-{float(f.edge)!r})<1E-12,"
            f"ABS({var}-{float(f.variance)!r})<=1E-12*{max(float(f.variance), 1.0)!r},"
            f"{pace.hands}={hands},ABS({pace.wager}-{wager!r})<1E-9)")


def _bands(ws: Any, row: int, wagers: list, refs: dict, pace: _Pace) -> int:
    """The 95% bands after N hands or hours and the chance the house is ahead: the exact
    distribution's quantiles while the cells are as certified, else (a pay or the pace
    edited) the normal approximation of the cells, each row saying which it shows."""
    bold(put(ws, row, 1, "95% bands of the table's result"))
    header(ws, row + 1, ["Wager", "Played", "Hands", "Handle", "Expected win",
                         "Expected win (exact, as certified)", "Variance",
                         "95% band low", "95% band high", "Band", "House ahead"])
    r = row + 2
    normal = "normal approximation, of the cells"
    for f in wagers:
        edge, var = refs[f.key]
        played = [(f"{n:,} hands", str(n)) for n in BAND_HANDS] + [
            (f"{n:,} hour{'s' if n > 1 else ''}", f"{n}*{pace.hands}") for n in BAND_HOURS]
        same = _as_certified(f, refs, pace)
        for (label, n), band in zip(played, f.bands):
            put(ws, r, 1, f.title)
            put(ws, r, 2, label)
            formula(ws, r, 3, f"={n}", "#,##0")
            formula(ws, r, 4, f"=C{r}*{pace.wager}", DOLLARS)
            formula(ws, r, 5, f"=D{r}*{edge}", DOLLARS)
            put(ws, r, 6, str(band.mean))
            formula(ws, r, 7, f"=C{r}*{pace.wager}^2*{var}", DECIMAL)
            low, high = f"E{r}-{Z95!r}*SQRT(G{r})", f"E{r}+{Z95!r}*SQRT(G{r})"
            ahead = f"NORM.S.DIST(E{r}/SQRT(G{r}),TRUE)"
            if getattr(band, "quantiles", None) is None:
                formula(ws, r, 8, f"={low}", DOLLARS)
                formula(ws, r, 9, f"={high}", DOLLARS)
                put(ws, r, 10, normal)
                formula(ws, r, 11, f"={ahead}", PERCENT)
            else:       # quantiles of the exact distribution: the certified pays' alone
                formula(ws, r, 8, f"=IF({same},{band.low!r},{low})", DOLLARS)
                formula(ws, r, 9, f"=IF({same},{band.high!r},{high})", DOLLARS)
                formula(ws, r, 10, f'=IF({same},"exact distribution\'s quantiles, as '
                                   f'certified","{normal}")')
                if band.ahead is not None:
                    formula(ws, r, 11, f"=IF({same},{band.ahead!r},{ahead})", PERCENT)
            r += 1
    return r + 1
