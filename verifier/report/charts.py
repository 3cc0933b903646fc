"""The par sheet's charts, drawn with matplotlib as inline SVG text: the return by line,
the distribution of outcomes, and the confidence funnel over the number of bets."""
from __future__ import annotations

import io
import math
import re

from verifier.report.sheet import Z90, Z95, Bet

WIDTH, HEIGHT = 7.2, 3.2          # inches


def _figure(height: float):
    """A matplotlib figure WIDTH x ``height`` inches, made without pyplot (no figure
    manager, no GUI backend: the figure is only ever saved as SVG)."""
    import matplotlib
    matplotlib.rcParams.update({"svg.hashsalt": "paigow-verifier",  # stable ids
                                "svg.fonttype": "none", "font.size": 9,
                                "font.family": "DejaVu Sans"})
    from matplotlib.figure import Figure
    fig = Figure(figsize=(WIDTH, height))
    return fig, fig.add_subplot()


def _svg(fig):
    out = io.StringIO()
    fig.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = out.getvalue()
    text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.S)
    return text[text.index("<svg"):]          # inline: no XML prologue or doctype


def return_by_line(bet: Bet) -> str:
    """Horizontal bars: each line's contribution to the return (losing outcome apart)."""
    lines = [line for line in bet.lines if line.pay != "loses"]
    fig, ax = _figure(0.28 * len(lines) + 1.0)
    values = [float(line.contribution) for line in lines]
    ax.barh(range(len(lines)), values, color="#2c6e9b")
    ax.set_yticks(range(len(lines)), [line.title for line in lines])
    ax.invert_yaxis()
    unit = "dollars per other hand" if bet.kind == "amount" else "units per unit bet"
    ax.set_xlabel(f"Contribution to the return ({unit})")
    ax.set_title(f"{bet.title}: return by line")
    ax.grid(axis="x", alpha=0.3)
    return _svg(fig)


def outcome_distribution(bet: Bet) -> str:
    """Horizontal bars on a log scale: the probability of every outcome."""
    lines = [line for line in bet.lines if line.probability > 0]
    fig, ax = _figure(0.28 * len(lines) + 1.0)
    ax.barh(range(len(lines)), [float(line.probability) for line in lines], color="#7a9a3a")
    ax.set_yticks(range(len(lines)), [line.title for line in lines])
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("Probability (log scale)")
    ax.set_title(f"{bet.title}: distribution of outcomes")
    ax.grid(axis="x", alpha=0.3)
    return _svg(fig)


def confidence_funnel(bet: Bet) -> str:
    """The average result per unit bet after n bets: expected, with 90% and 95% bands."""
    points = [round(10 ** (k / 8)) for k in range(8, 49)]          # 10 .. 1,000,000
    mean = float(bet.expected)
    sd = bet.standard_deviation
    fig, ax = _figure(HEIGHT)
    for z, shade, name in ((Z95, "#c9dcec", "95%"), (Z90, "#8fb6d6", "90%")):
        ax.fill_between(points, [mean - z * sd / math.sqrt(n) for n in points],
                        [mean + z * sd / math.sqrt(n) for n in points], color=shade,
                        label=f"{name} range")
    ax.plot(points, [mean] * len(points), color="#1d3f5c", label="expected return")
    ax.axhline(0, color="#888888", linewidth=0.8)
    ax.set_xscale("log")
    ax.set_xlabel("Number of unit bets")
    ax.set_ylabel("Result per unit bet")
    ax.set_title(f"{bet.title}: confidence funnel")
    ax.legend(loc="upper right")
    ax.grid(alpha=0.3)
    return _svg(fig)


def charts_of(bet: Bet) -> list[tuple[str, str]]:
    """The charts of one bet, as (title, svg) pairs."""
    out = [("Return by line", return_by_line(bet)),
           ("Distribution of outcomes", outcome_distribution(bet))]
    if bet.kind == "wager":
        out.append(("Confidence funnel", confidence_funnel(bet)))
    return out
