"""The par sheet's progressive tables (issue 37, docs/PROGRESSIVES.md): each table of the
certificate's ``progressives`` section as notes, tables and a chart of the return against
each meter. Every figure is the section's (re-derived from the counts by ``check``);
nothing is computed here but the chart's points, which follow the section's exact
line: return(m) = return at the reset + (m - reset) x the return per dollar of meter."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Mapping

from verifier.certificate.results_tables import Bounded
from verifier.game.paytables import line_title
from verifier.report.sheet import Table, odds_text

if TYPE_CHECKING:
    from verifier.certificate.results_tables import MeterFigures, ProgressiveFigures

TITLE = "Progressive"


@dataclass
class ProgressiveSheet:
    name: str                     # the rule set's name for it
    title: str
    notes: list
    tables: list                  # Table
    meters: list = field(default_factory=list)   # (meter, points [(value, return)], break-even)
    charts: list = field(default_factory=list)   # (title, svg), filled by the HTML renderer
    # a meter path the user gave (report --meter-path FILE.csv): (file, meters, resets,
    # rows [(round, (values...))]); drawn in the HTML and PDF sheets
    path: tuple | None = None
    resets: list = field(default_factory=list)   # (meter, its reset in dollars)


def _money(x: Any) -> str:
    value = float(Fraction(x))
    return f"${value:,.2f}"


def figure_text(x: Bounded | Mapping[str, Any], dollars: bool = True) -> str:
    """A meter-model figure (verifier/odds/meters.py ``Bounded.json``, typed or as its
    JSON): exact to 6 places, or the middle of its exact bound pair to 12 places, said so."""
    x = x if isinstance(x, Bounded) else Bounded.of(x)
    sign = "$" if dollars else ""
    if x.form == "exact":
        return f"{sign}{x.decimal:,.6f}"
    return f"{sign}{x.decimal_12} (bounds)"


def _at_hit(r: MeterFigures) -> str:
    if r.expected_at_hit:
        return _money(r.expected_at_hit.exact)
    run = r.long_run
    return figure_text(run.expected_at_hit) if run \
        else "outside the model"


def _long_run_note(f: ProgressiveFigures) -> str:
    lr, bounds = f.long_run_return, f.long_run_bounds
    if lr:
        return (f"Long-run return with reset and increment (the meter model): "
                f"{lr.decimal:+.6f} (exact {lr.exact}).")
    if bounds:
        return ("Long-run return with reset, increment and cap (the meter model): "
                f"{bounds.decimal_12}, the middle of two exact bounds the certificate "
                "holds, to 12 places.")
    outside = [f"{m} ({r.outside})" for m, r in f.meters.items()
               if r.outside is not None]
    return ("No long-run figure: a meter is outside the meter model: " + ", ".join(outside)
            + ".")


def _model_table(f: ProgressiveFigures) -> list:
    """The meter model's figures of the meters outside the first (average-win) model."""
    runs = {m: r.long_run for m, r in f.meters.items()
            if r.long_run is not None}
    if not runs:
        return []
    readings = next(iter(runs.values())).readings
    return [Table("Meters in the long run (the meter model, per wager)",
                  ["Meter", "Model", "Expected meter", "Expected at a hit", "Meter pays",
                   "House seeds", "Cap overflow", "Reserve gains"],
                  [[m, run.model, figure_text(run.expected_meter),
                    figure_text(run.expected_at_hit), figure_text(run.paid_per_wager),
                    figure_text(run.house_seeds_per_wager),
                    figure_text(run.overflow_per_wager),
                    figure_text(run.reserve_gain_per_wager)] for m, run in runs.items()],
                  "Readings: " + "; ".join(readings.values()) + ".")]


def progressive_sections(cert: Any) -> list[ProgressiveSheet]:
    """One ``ProgressiveSheet`` per table of the certificate's ``progressives`` section."""
    if not cert.has("progressives"):
        return []
    out = []
    for name, f in cert.progressives.items():
        tiers = Table("Tiers (meters at their reset)",
                      ["Tier", "Pays", "Combinations", "Probability", "Odds", "Return"],
                      [[" / ".join(line_title(x) for x in t.lines), t.pays,
                        f"{t.hands:,}", f"{t.probability.decimal:.8f}",
                        odds_text(t.probability.fraction) if t.hands else "-",
                        f"{t.return_.decimal:.6f}"] for t in f.tiers],
                      "Return: each tier's amount times its probability, over the wager.")
        meters = Table("Meters", ["Meter", "Reset", "Increment", "Cap", "Each $1 of meter adds",
                                  "Break-even meter", "Expected when hit"],
                       [[m, _money(r.reset), f"{float(Fraction(r.increment)):.2%}",
                         _money(r.cap) if r.cap else "none",
                         f"{r.return_per_dollar.decimal:.4e}",
                         _money(r.break_even.exact) if r.break_even else "none",
                         _at_hit(r)] for m, r in f.meters.items()])
        status = f" ({f.status})" if f.status else ""
        notes = [f"{f.table}{status}: a "
                 f"${float(Fraction(f.wager)):,.2f} wager on the hand's {f.reads} lines; "
                 f"{f.precedence}. The wager is collected on every hand and a tier's amount "
                 "paid beside it.",
                 f"Return per unit with every meter at its reset: "
                 f"{f.return_.decimal:+.6f} (exact {f.return_.exact}).",
                 _long_run_note(f)]
        out.append(ProgressiveSheet(name, f"{TITLE}: {f.table}", notes,
                                    [tiers, meters, *_model_table(f)], _meter_lines(f),
                                    resets=[(m, float(Fraction(r.reset)))
                                            for m, r in f.meters.items()]))
    return out


#: most rows of a meter path drawn, and most characters of one of its cells
MAX_PATH_ROWS, MAX_PATH_CELL = 100_000, 40


def load_meter_path(path: str) -> tuple[str, str]:
    """(the text, the name) of a meter path file (``report --meter-path``), read by the
    one reader and checked as ``read_meter_path`` reads it, before any other work."""
    from verifier.support.files import read_text
    text = read_text(path, "meter path")
    read_meter_path(text, path)
    return text, path


def read_meter_path(text: str, source: str) -> tuple[list[str], list[tuple[int, tuple]]]:
    """A meter path as ``progressive --simulate`` and ``simulate --progressive`` write it
    (``round,METER...`` then a row per point): (the meters, the rows), or one line naming
    the row that cannot be read: a round is a whole number, a meter's value a finite
    amount of at most ``MAX_AMOUNT`` dollars."""
    import itertools
    from verifier.game.progressive import MAX_AMOUNT
    from verifier.support.errors import VerifierError
    from verifier.support.files import bounded_float, csv_rows
    rows = list(itertools.islice(csv_rows(text, source, "meter path"), MAX_PATH_ROWS + 2))
    if not rows or not rows[0] or rows[0][0].strip() != "round" or len(rows[0]) < 2:
        raise VerifierError(f"{source}: not a meter path (its first row: round, then the "
                            "meters' names)")
    if len(rows) > MAX_PATH_ROWS + 1:
        raise VerifierError(f"{source}: more than {MAX_PATH_ROWS:,} rows")
    names = [n.strip() for n in rows[0][1:]]
    out = []
    for i, row in enumerate(rows[1:], start=2):
        try:
            if len(row) != len(names) + 1 or max(map(len, row)) > MAX_PATH_CELL:
                raise ValueError
            values = tuple(map(bounded_float(float), row[1:]))
            if not all(abs(v) <= MAX_AMOUNT for v in values):
                raise ValueError
            out.append((int(row[0]), values))
        except ValueError:
            raise VerifierError(f"{source}, row {i}: a round and {len(names)} meter "
                                f"value(s) expected (amounts of at most ${MAX_AMOUNT:,})") \
                from None
    if not out:
        raise VerifierError(f"{source}: no rows below its header")
    return names, out


def attach_meter_path(sheets: list[ProgressiveSheet], names: list[str],
                      rows: list[tuple[int, tuple]], source: str) -> None:
    """The path drawn in the section of the progressive whose meters are its columns."""
    from verifier.support.errors import VerifierError
    for prog in sheets:
        meters = {m: reset for m, reset in prog.resets}
        if set(names) <= set(meters):
            prog.path = (source, names, [meters[n] for n in names], rows)
            last = rows[-1][0]
            prog.notes.append(f"Meter path ({source}, {len(rows):,} points to round "
                              f"{last:,}): " + "; ".join(
                                  f"meter {n} from ${min(r[1][i] for r in rows):,.2f} to "
                                  f"${max(r[1][i] for r in rows):,.2f}"
                                  for i, n in enumerate(names))
                              + ". Drawn in the HTML and PDF sheets.")
            return
    held = "; ".join(f"{p.name}: {', '.join(m for m, _ in p.resets)}" for p in sheets)
    raise VerifierError(f"{source}: meters {', '.join(names)} are no progressive's of the "
                        f"certificate ({held or 'it holds no progressive'})")


def _meter_lines(f: ProgressiveFigures) -> list:
    """Per meter, the return at values from its reset to past its break-even (the others
    at their reset), and the break-even: the chart's line."""
    base = f.return_.fraction
    out = []
    for m, r in f.meters.items():
        reset = Fraction(r.reset)
        slope = r.return_per_dollar.fraction
        be = r.break_even.fraction if r.break_even else None
        top = max(2 * reset, 2 * be if be is not None and be > 0 else reset, reset + 1)
        if r.cap:
            top = min(top, Fraction(r.cap))
        points = [(float(reset + (top - reset) * k / 20),
                   float(base + slope * (top - reset) * k / 20)) for k in range(21)]
        out.append((m, points, float(be) if be is not None else None))
    return out
