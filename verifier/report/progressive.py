"""The par sheet's progressive tables (issue 37, docs/PROGRESSIVES.md): each table of the
certificate's ``progressives`` section as notes, tables and a chart of the return against
each meter. Every figure is the section's (re-derived from the counts by ``check``);
nothing is computed here but the chart's points, which follow the section's exact
line: return(m) = return at the reset + (m - reset) x the return per dollar of meter."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from verifier.game.paytables import line_title
from verifier.report.sheet import Table, odds_text

TITLE = "Progressive"


@dataclass
class ProgressiveSheet:
    name: str                     # the rule set's name for it
    title: str
    notes: list
    tables: list                  # Table
    meters: list = field(default_factory=list)   # (meter, points [(value, return)], break-even)
    charts: list = field(default_factory=list)   # (title, svg), filled by the HTML renderer


def _money(x: Any) -> str:
    value = float(Fraction(x))
    return f"${value:,.2f}"


def progressive_sections(cert: Any) -> list[ProgressiveSheet]:
    """One ``ProgressiveSheet`` per table of the certificate's ``progressives`` section."""
    if not cert.has("progressives"):
        return []
    out = []
    for name, f in cert.section("progressives").results.items():
        tiers = Table("Tiers (meters at their reset)",
                      ["Tier", "Pays", "Combinations", "Probability", "Odds", "Return"],
                      [[" / ".join(line_title(x) for x in t["lines"]), t["pays"],
                        f"{t['hands']:,}", f"{t['probability']['decimal']:.8f}",
                        odds_text(Fraction(t["probability"]["exact"])) if t["hands"] else "-",
                        f"{t['return']['decimal']:.6f}"] for t in f["tiers"]],
                      "Return: each tier's amount times its probability, over the wager.")
        meters = Table("Meters", ["Meter", "Reset", "Increment", "Cap", "Each $1 of meter adds",
                                  "Break-even meter", "Expected when hit"],
                       [[m, _money(r["reset"]), f"{float(Fraction(r['increment'])):.2%}",
                         _money(r["cap"]) if r["cap"] else "none",
                         f"{r['return_per_dollar']['decimal']:.4e}",
                         _money(r["break_even"]["exact"]) if r["break_even"] else "none",
                         _money(r["expected_at_hit"]["exact"]) if r["expected_at_hit"]
                         else "outside the model"] for m, r in f["meters"].items()])
        lr = f["long_run_return"]
        status = f" ({f['status']})" if f["status"] else ""
        notes = [f"{f['table']}{status}: a "
                 f"${float(Fraction(f['wager'])):,.2f} wager on the hand's {f['reads']} lines; "
                 f"{f['precedence']}. The wager is collected on every hand and a tier's amount "
                 "paid beside it.",
                 f"Return per unit with every meter at its reset: "
                 f"{f['return']['decimal']:+.6f} (exact {f['return']['exact']}).",
                 (f"Long-run return with reset and increment (average-win model): "
                  f"{lr['decimal']:+.6f} (exact {lr['exact']})." if lr else
                  "No long-run figure: a meter is outside the average-win model (a share "
                  "below 100% or a cap).")]
        out.append(ProgressiveSheet(name, f"{TITLE}: {f['table']}", notes, [tiers, meters],
                                    _meter_lines(f)))
    return out


def _meter_lines(f: dict) -> list:
    """Per meter, the return at values from its reset to past its break-even (the others
    at their reset), and the break-even: the chart's line."""
    base = Fraction(f["return"]["exact"])
    out = []
    for m, r in f["meters"].items():
        reset = Fraction(r["reset"])
        slope = Fraction(r["return_per_dollar"]["exact"])
        be = Fraction(r["break_even"]["exact"]) if r["break_even"] else None
        top = max(2 * reset, 2 * be if be is not None and be > 0 else reset, reset + 1)
        if r["cap"]:
            top = min(top, Fraction(r["cap"]))
        points = [(float(reset + (top - reset) * k / 20),
                   float(base + slope * (top - reset) * k / 20)) for k in range(21)]
        out.append((m, points, float(be) if be is not None else None))
    return out
