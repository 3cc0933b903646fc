"""The par sheet's charts, drawn with matplotlib as inline SVG text: the return by line,
the distribution of outcomes, and the confidence funnel over the number of bets."""
from __future__ import annotations

import io
import math
import os
import re
from typing import Any, Callable

from verifier.report.sheet import Z90, Z95, Bet

WIDTH, HEIGHT = 7.2, 3.2          # inches


def _figure(height: float) -> tuple[Any, Any]:
    """A matplotlib figure WIDTH x ``height`` inches, made without pyplot (no figure
    manager, no GUI backend: the figure is only ever saved as SVG)."""
    import matplotlib
    matplotlib.rcParams.update({"svg.hashsalt": "paigow-verifier",  # stable ids
                                "svg.fonttype": "none", "font.size": 9,
                                "font.family": "DejaVu Sans"})
    _share_text_to_path()
    from matplotlib.figure import Figure
    fig = Figure(figsize=(WIDTH, height))
    return fig, fig.add_subplot()


def _share_text_to_path() -> None:
    """Every renderer of this process given one ``TextToPath`` (matplotlib makes one per
    renderer, ``RendererBase.__init__``, and with it a math text parser whose cache is its
    own): a log axis's labels (``$\\mathdefault{10^{3}}$``) are parsed once a process,
    not again by each of a chart's two drawings (``bbox_inches="tight"``) and each chart:
    about a third of the charts' CPU, the same SVG text. A ``TextToPath`` keeps nothing of
    a renderer's (its font scale and dpi are constants)."""
    import matplotlib.text
    import matplotlib.textpath
    if getattr(matplotlib.text.TextToPath, "shared", False) or not hasattr(
            matplotlib.textpath, "TextToPath"):
        return
    one = matplotlib.textpath.TextToPath()

    def shared() -> Any:
        return one
    shared.shared = True            # type: ignore[attr-defined]
    matplotlib.text.TextToPath = shared     # type: ignore[misc, assignment]


def _svg(fig: Any) -> str:
    out = io.StringIO()
    fig.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = out.getvalue()
    text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.S)
    text = re.sub(r'<(\w+)([^<>]*?) style="([^"]*)"', _attributes, text)
    text = _flatten(text)
    return text[text.index("<svg"):]          # inline: no XML prologue or doctype


#: an SVG tag: its closing slash, its name, its attributes and the slash of an empty one;
#: or a comment (matplotlib's of a math text: its source, passed over)
_TAG = re.compile(r'<!--.*?-->|<(/?)(\w+)((?:[^>"]|"[^"]*")*?)(/?)>', re.S)


def _flatten(text: str) -> str:
    """The SVG without matplotlib's groups of nothing but an ``id`` (``<g id="xtick_1">``,
    ``<g id="line2d_2">``, ``<g>``: its children in its place), nor the text's identity
    ``transform="rotate(-0 x y)"``: the same picture (a group of no attribute gives its
    children nothing; the ids are no reference's, the style sheet's rule is ``*``), but
    WeasyPrint draws each element with a saved and restored graphics state, its transform,
    opacity, clip, mask and markers looked up: about half of the charts' elements, a
    quarter of the time it takes to draw them in the PDF."""
    out: list[str] = []
    dropped: list[bool] = []            # each open group's: unwrapped
    start = 0
    for tag in _TAG.finditer(text):
        close, name, attributes, empty = tag.groups()
        if name != "g" or empty:           # a comment: no name
            continue
        if close:
            drop = dropped.pop()
        else:
            drop = re.fullmatch(r'(\s+id="[^"]*")?\s*', attributes) is not None
            dropped.append(drop)
        if drop:
            out.append(text[start:tag.start()])
            start = tag.end()
    out.append(text[start:])
    return re.sub(r' transform="rotate\(-0 [^")]*\)"', "", "".join(out))


#: the SVG properties matplotlib writes in a ``style`` that are presentation attributes too
#: (SVG 1.1) and that the SVG's own style sheet (``*{stroke-linejoin: round;
#: stroke-linecap: butt}``, above every attribute) leaves alone
PRESENTATION = frozenset({
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity",
    "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "opacity", "font-size",
    "font-family", "font-style", "font-weight", "text-anchor", "clip-rule"})


def _attributes(match: re.Match) -> str:
    """An element's ``style="a: b; ..."`` as attributes ``a="b"`` where ``PRESENTATION``
    has ``a`` and the element has no attribute ``a`` already, the rest kept in its style:
    the same picture (an element's own attribute outranks what it inherits, as its style
    does), but WeasyPrint parses a style attribute as CSS, element by element: about a
    tenth of the time it takes to write the PDF."""
    tag, attrs, style = match.groups()
    moved, kept = [], []
    for declaration in filter(str.strip, style.split(";")):
        name, _, value = declaration.partition(":")
        name, value = name.strip(), value.strip()
        if name in PRESENTATION and not re.search(rf'\s{re.escape(name)}="', attrs):
            moved.append(f' {name}="{value}"')
        else:
            kept.append(declaration.strip())
    return (f"<{tag}{attrs}{''.join(moved)}"
            + (f' style="{"; ".join(kept)}"' if kept else ""))


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
    """Horizontal bars, the probability of every outcome on two scales side by side: linear
    (the common lines in proportion: a Wrangler Push's 2 to 1 beside its push) and log (the
    rare lines, invisible on the linear one), each axis labelled with its scale."""
    lines = [line for line in bet.lines if line.probability > 0]
    fig, linear = _figure(0.28 * len(lines) + 1.0)
    fig.delaxes(linear)
    linear, log = fig.subplots(1, 2, sharey=True, gridspec_kw={"wspace": 0.08})
    values = [float(line.probability) for line in lines]
    for ax, scale in ((linear, "linear"), (log, "log")):
        ax.barh(range(len(lines)), values, color="#7a9a3a")
        ax.set_xscale(scale)
        ax.set_xlabel(f"Probability ({scale} scale)")
        ax.grid(axis="x", alpha=0.3)
    linear.set_xlim(0, max(values) * 1.05)
    from matplotlib.ticker import NullFormatter
    log.set_xlim(10 ** math.floor(math.log10(min(values))), 1.0)   # whole decades, labelled
    log.xaxis.set_minor_formatter(NullFormatter())
    linear.set_yticks(range(len(lines)), [line.title for line in lines])
    linear.invert_yaxis()
    fig.suptitle(f"{bet.title}: distribution of outcomes", fontsize=9)
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


def _kinds(bet: Bet) -> list[tuple[str, Callable[[Bet], str]]]:
    """The charts of one bet: (title, the function that draws it)."""
    out: list[tuple[str, Callable[[Bet], str]]] = [
        ("Return by line", return_by_line), ("Distribution of outcomes", outcome_distribution)]
    if bet.kind == "wager":
        out.append(("Confidence funnel", confidence_funnel))
    return out


def charts_of(bet: Bet) -> list[tuple[str, str]]:
    """The charts of one bet, as (title, svg) pairs."""
    return [(title, draw(bet)) for title, draw in _kinds(bet)]


def meter_lines(prog: Any) -> list[tuple[str, str]]:
    """(meter, svg) per meter of a progressive table (verifier/report/progressive.py): the
    return per unit against the meter's value, the others at their reset, the break-even
    marked."""
    out = []
    for meter, points, break_even in prog.meters:
        fig, ax = _figure(HEIGHT)
        ax.plot([x for x, _ in points], [y for _, y in points], color="#2c6e9b")
        ax.axhline(0, color="#888888", linewidth=0.8)
        if break_even is not None and points[0][0] <= break_even <= points[-1][0]:
            ax.axvline(break_even, color="#b5482a", linewidth=0.8, linestyle="--",
                       label=f"break-even ${break_even:,.0f}")
            ax.legend(loc="lower right")
        from matplotlib.ticker import FuncFormatter
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"${x:,.0f}"))
        ax.set_xlabel(f"Meter {meter}")
        ax.set_ylabel("Return per unit")
        ax.set_title(f"{prog.title}: return against meter {meter}")
        ax.grid(alpha=0.3)
        out.append((meter, _svg(fig)))
    return out


def meter_path(prog: Any) -> str | None:
    """The meter path the user gave (``report --meter-path``): each meter's value by
    round, its reset dashed, the file named on the chart; None without one."""
    if prog.path is None:
        return None
    source, names, resets, rows = prog.path
    fig, ax = _figure(HEIGHT)
    for i, (name, reset) in enumerate(zip(names, resets)):
        line = ax.plot([r for r, _ in rows], [v[i] for _, v in rows], linewidth=0.9,
                       label=f"meter {name}")
        ax.axhline(reset, color=line[0].get_color(), linewidth=0.7, linestyle="--")
    from matplotlib.ticker import FuncFormatter
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"${y:,.0f}"))
    ax.set_xlabel("Round")
    ax.set_ylabel("Meter (reset dashed)")
    ax.set_title(f"Meter path from {os.path.basename(source)}: {len(rows):,} points to "
                 f"round {rows[-1][0]:,}")
    ax.legend(loc="upper left")
    ax.grid(alpha=0.3)
    return _svg(fig)
