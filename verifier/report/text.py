"""Readable text output: the summary of ``run`` and the ``compare`` table (the par sheet
of ``report`` is verifier/report/). Figures come from the exact layer; decimals are
for display."""
from __future__ import annotations

from fractions import Fraction
import os
from typing import Any, Sequence

from verifier.game.paytables import line_title, pay_label
from verifier.game.ranking import CLASS_NAMES
from verifier.game.names import class_words
from verifier.odds.exact import BetOdds
from verifier.report.sheet import Bet, ParSheet



def pct(x: Fraction | float, places: int = 6) -> str:
    return f"{float(x) * 100:.{places}f}%"


def num(x: Fraction | float, places: int = 8) -> str:
    return f"{float(x):.{places}f}"


def _table(header: list[str], rows: list[list[str]], align: Any = None) -> str:
    """A plain text table: first column left-aligned, the rest right-aligned."""
    cols = [header] + rows
    widths = [max(len(str(r[i])) for r in cols) for i in range(len(header))]
    out = []
    for j, r in enumerate(cols):
        cells = [str(c).ljust(widths[i]) if i == 0 else str(c).rjust(widths[i])
                 for i, c in enumerate(r)]
        out.append("  ".join(cells).rstrip())
        if j == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def bet_text(bet: Bet) -> list[str]:
    """One bet of the par-sheet model (verifier/report/model.py) as plain text."""
    from verifier.report.display import LINE_HEADER, figure_rows, line_rows
    head = f"{bet.title}: {bet.paytable}" + (f" [{bet.status}]" if bet.status else "")
    out = [f"{head}; {bet.total:,} {bet.unit}", _table(LINE_HEADER, line_rows(bet))]
    out += bet.notes
    for table in bet.tables:
        out += ["", table.title, _table(table.header, table.rows)]
        out += [table.note] if table.note else []
    if bet.kind == "wager":
        out += ["", _table(["Figure", "Value", "Exact"], figure_rows(bet))]
    return out


def run_summary(result: Any, sheet: ParSheet, cert_path: str | os.PathLike | None = None,
                cert_hash: str | None = None, result_hash: str | None = None) -> str:
    """The readable summary printed by ``run``: the enumeration's counts, then every bet
    of the rule set and the base game as the par sheet's model has them."""
    r = result.rules
    out = [f"paigow-verify run: {result.total_hands:,} hands ({len(result.deck)}-card deck), "
           f"engine {result.engine}, {result.threads} thread(s), {result.seconds:.1f} s",
           f"Rules: wheel {r.wheel}; bonus reading {r.bonus_reading}; house way {r.house_way}",
           ""]
    total = result.total_hands
    rows = [[class_words(name, r.joker), f"{result.best_five[name]:,}",
             num(Fraction(result.best_five[name], total), 10)]
            for name in reversed(CLASS_NAMES)]
    rows.insert(2, ["  of which royal flush", f"{result.royal_flushes:,}",
                    num(Fraction(result.royal_flushes, total), 10)])
    out += ["Best five-card hand of the seven cards",
            _table(["Class", "Hands", "Probability"], rows), ""]
    from verifier.houseway import row_names
    names = row_names(r.way)
    rows = [[f"{row} {names[row]}", f"{n:,}", num(Fraction(n, total), 10)]
            for row, n in sorted(result.house_way_rows.items())]
    way = {"mikes": "Mike's Cardroom", "emperors": "Emperor's Challenge"}.get(r.house_way,
                                                                          r.house_way)
    out += [f"House way rows ({way})", _table(["Row", "Hands", "Probability"], rows),
            f"Fouls (front above back): {result.fouls:,}", ""]
    for bet in sheet.bets + ([sheet.base_game] if sheet.base_game else []):
        out += bet_text(bet) + [""]
    if sheet.player_bank is not None:
        from verifier.report.sheet import PLAYER_BANK_TITLE
        out += [PLAYER_BANK_TITLE] + sheet.player_bank.notes
        for table in sheet.player_bank.tables:
            out += ["", table.title, _table(table.header, table.rows), table.note]
        out.append("")
    out += [f"Not computed: {text}." for text in sheet.omitted]
    if cert_path:
        out += ["", f"Certificate written: {cert_path} (sha256 {cert_hash})"]
    if result_hash:
        out += [f"Result hash (the same for every run of these rules): result_sha256 "
                f"{result_hash}"]
    return "\n".join(out)


# ---------------------------------------------------------------------------------------
# compare


def compare_rows(odds_list: Sequence[BetOdds]) -> list:
    """Rows of the compare table: (label, [value per table]) as exact Fractions/strings."""
    # every line of every table, in the order of the tables' lines
    used = list(dict.fromkeys(r.category for o in odds_list for r in o.lines))
    rows = [
        ("Status", [o.paytable.status or "not filed" for o in odds_list], "text"),
        ("Return per unit bet", [o.expected for o in odds_list], "num"),
        ("House edge", [o.house_edge for o in odds_list], "pct"),
        ("Hit frequency", [o.hit_frequency for o in odds_list], "pct"),
        ("Standard deviation", [o.standard_deviation_decimal for o in odds_list], "num"),
    ]
    for c in used:
        lines = [o.line(c) for o in odds_list]
        rows.append((f"{line_title(c)}: pays", [pay_label(l.pay) if l else "-" for l in lines],
                     "text"))
        rows.append(("  combinations", [f"{l.hands:,}" if l else "-" for l in lines], "text"))
        rows.append(("  probability", [l.probability if l else None for l in lines], "num"))
        rows.append(("  contribution", [l.contribution if l else None for l in lines], "num"))
    rows.append(("No line (loses): combinations", [f"{o.loses.hands:,}" for o in odds_list],
                 "text"))
    rows.append(("  probability", [o.loses.probability for o in odds_list], "num"))
    rows.append(("  contribution", [o.loses.contribution for o in odds_list], "num"))
    return rows


def compare_cells(odds_list: Sequence[BetOdds]) -> list[list[str]]:
    """The compare table's rows as display strings: [label, value per table]."""
    body = []
    for label, values, kind in compare_rows(odds_list):
        cells = []
        for v in values:
            if v is None:
                cells.append("-")
            elif kind == "pct":
                cells.append(pct(v))
            elif kind == "num":
                cells.append(num(v, 10))
            else:
                cells.append(str(v))
        body.append([label] + cells)
    return body


def compare_table(names: Sequence[str], odds_list: Sequence[BetOdds]) -> str:
    """``compare``'s table: the first pay table the baseline, each other one followed by
    its difference from it (``delta_text``), every column headed by the table's name."""
    if len(odds_list) < 2:
        return _table([""] + list(names), compare_cells(odds_list))
    header = ["", f"{names[0]} (baseline)"]
    for name in names[1:]:
        header += [name, "difference"]
    rows = []
    for (_, raw, kind), cells in zip(compare_rows(odds_list), compare_cells(odds_list)):
        row = cells[:2]
        for value, shown in zip(raw[1:], cells[2:]):
            row += [shown, delta_text(value, raw[0], kind)]
        rows.append(row)
    return _table(header, rows)


def delta_text(value: Any, base: Any, kind: str) -> str:
    """A table's difference from the baseline on one row of ``compare_rows``, signed as the
    row is shown: a percentage, a number, a count of combinations; "" for other text."""
    from verifier.report.display import pct
    if kind == "text" and isinstance(value, str) and isinstance(base, str):
        if not all(x.replace(",", "").isdigit() for x in (value, base)):
            return ""
        value, base = int(value.replace(",", "")), int(base.replace(",", ""))
        return f"{value - base:+,}" if value != base else "0"
    if kind == "text" or value is None or base is None:
        return ""
    d = value - base
    if d == 0:
        return "0"
    return (("+" if d > 0 else "") + pct(d)) if kind == "pct" else f"{float(d):+.10f}"


def compare_json(names: Sequence[str], odds_list: Sequence[BetOdds]) -> dict:
    return {"paytables": [{"name": n, "status": o.paytable.status or "not filed",
                           "results": o.to_dict()} for n, o in zip(names, odds_list)]}
