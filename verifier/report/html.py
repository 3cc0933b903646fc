"""The par sheet as one self-contained HTML file (``report --format html``): a Jinja2
template (templates/parsheet.html.j2) with the charts as inline SVG, no external file,
font or script."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from verifier.report.display import LINE_HEADER, RANGE_HEADER, figure_rows, line_rows, range_rows
from verifier.report.sheet import (APPENDIX, PLAYER_BANK_TITLE, STRATEGY_DETAIL_TITLE,
                                   STRATEGY_TITLE, Z90, Z95, ParSheet)
from verifier.report.operator import TITLE as OPERATOR_TITLE
from verifier.odds.formula import BetFormula

if TYPE_CHECKING:
    import jinja2
    from verifier.support.progress import Steps

TEMPLATES = Path(__file__).resolve().parent / "templates"


#: a table with more columns than this is set smaller, its numbers free to wrap (it fits
#: the page, A4 or Letter)
WIDE = 4
#: a wide table of more rows than this is printed with columns of one width (``table-layout:
#: fixed``, the power ratings' tables): WeasyPrint then does not measure each of its cells'
#: text for the columns' widths, a tenth of its layout
LONG = 40


def formula_parts(f: BetFormula) -> dict:
    """A bet's formula laid out for typesetting as a fraction: the numerator's terms
    (count, the line's name) in the table's order, the count of outcomes paid on no line, and the
    total, as display strings (``BetFormula``'s own numbers; nothing computed)."""
    from verifier.game.names import display_name
    terms = [(f"{f.paid[line]:,}", display_name(line)) for line in f.lines
             if line in f.symbols and f.paid[line]]
    spoken = " + ".join(f"{count} p {name}" for count, name in terms)
    return {"terms": terms,
            "loses": f"{f.loses:,}" if f.loses else "", "total": f"{f.total:,}",
            "text": f"return = ({spoken}{' - ' + f'{f.loses:,}' if f.loses else ''}) / "
                    f"{f.total:,}",
            "order": [(display_name(a), display_name(b)) for a, b in f.order]}


def contents(sheet: ParSheet) -> list[tuple[str, str]]:
    """The sheet's table of contents: (anchor, title) of each section, in order."""
    out = [("flags", "Flags")] if sheet.flags else []
    out += [(f"bet-{bet.key}", bet.title)
            for bet in sheet.bets + ([sheet.base_game] if sheet.base_game else [])]
    if sheet.player_bank is not None:
        out.append(("player-bank", PLAYER_BANK_TITLE))
    out += [(f"progressive-{p.name}", p.title) for p in sheet.progressives]
    if sheet.operator is not None:
        out.append(("operator", OPERATOR_TITLE))
    if sheet.strategy is not None:
        out.append(("strategy", STRATEGY_TITLE))
    out += [("readings", "Rule readings"), ("definitions", "Definitions"),
            ("appendix-house-way", f"{APPENDIX}: house way {sheet.house_way}")]
    if sheet.strategy is not None and sheet.strategy.detail:
        out.append(("appendix-strategy", f"{APPENDIX}: {STRATEGY_DETAIL_TITLE.lower()}"))
    return out


def image(svg: str) -> str:
    """A chart as an ``<img>`` of its SVG in a data URI, for WeasyPrint (``pdf.py``): the
    same picture as the inline ``<svg>``, but its thousands of elements stay out of the
    HTML document that WeasyPrint parses and styles element by element."""
    import base64
    return f'<img src="data:image/svg+xml;base64,{base64.b64encode(svg.encode()).decode()}">'


class References:
    """The PDF's charts as references, ``<img src="chart:N">``, fetched by WeasyPrint
    (``svg``, through ``pdf.py``'s fetcher) when it builds the page's boxes: the page is
    parsed and styled while the chart processes still draw. The first chart of each bet
    fetched tells ``steps`` that bet's charts."""

    def __init__(self, steps: Steps) -> None:
        self.steps = steps
        self.charts: dict[str, tuple[Callable[[], str], str | None]] = {}
        self.failed: Exception | None = None    # raised after the layout (``pdf.py``)

    def add(self, svg: Callable[[], str], note: str | None) -> str:
        """The ``<img>`` of a chart, ``svg()`` its SVG text; ``note``: the step it tells."""
        url = f"chart:{len(self.charts)}"
        self.charts[url] = (svg, note)
        return f'<img src="{url}">'

    def svg(self, url: str) -> str | None:
        """The SVG text of the chart at ``url`` (None: not a chart's)."""
        if url not in self.charts:
            return None
        svg, note = self.charts[url]
        if note is not None:
            self.steps.next(note)
        try:
            return svg()
        except Exception as e:          # WeasyPrint would make it a warning: kept
            self.failed = self.failed or e
            raise


def environment(*folders: Path) -> jinja2.Environment:
    """The Jinja2 environment of the par sheet's templates (and of ``folders`` first: a
    document that includes the par sheet's pieces, such as the filing)."""
    import jinja2
    return jinja2.Environment(loader=jinja2.FileSystemLoader([str(f) for f in folders]
                                                             + [str(TEMPLATES)]),
                              autoescape=True, trim_blocks=True, lstrip_blocks=True,
                              undefined=jinja2.StrictUndefined)


def context(sheet: ParSheet, steps: Steps | None = None,
            images: bool | References = False) -> dict:
    """What the par sheet's template pieces (``parsheet_body.html.j2``) read; ``steps`` is
    told each bet's charts; ``images``: the charts as ``image``s rather than inline SVG
    (the PDF's HTML), or as ``References`` (each bet's charts told as WeasyPrint fetches
    them)."""
    from verifier.report import charts, chartpool
    from verifier.report.markdown import definitions, designed_notice
    from verifier.odds.formula import VALIDITY
    from verifier.support.progress import Steps
    all_bets = sheet.bets + ([sheet.base_game] if sheet.base_game else [])
    steps = steps or Steps()
    steps.more(len(all_bets))
    bets = []
    for bet, later in zip(all_bets, chartpool.each_bets_later(all_bets)):
        wager = bet.kind == "wager"
        note: str | None = f"charts: {bet.title}"
        if isinstance(images, References):
            drawn = []
            for title, svg in later:
                drawn.append((title, images.add(svg, note)))
                note = None
        else:
            steps.next(note or "")
            drawn = [(title, image(svg()) if images else svg()) for title, svg in later]
        bets.append({"bet": bet, "lines": line_rows(bet),
                     "figures": figure_rows(bet) if wager else [],
                     "ranges": range_rows(bet) if wager else [],
                     "charts": drawn,
                     "validity": bet.formula.validity if bet.formula else VALIDITY,
                     "formula": formula_parts(bet.formula) if bet.formula else None})
    for prog in sheet.progressives:
        prog.charts = [(f"Return against meter {m}", svg if not images else image(svg))
                       for m, svg in charts.meter_lines(prog)]
        path = charts.meter_path(prog)
        if path is not None:
            prog.charts.append(("Meter path", path if not images else image(path)))
    return dict(sheet=sheet, bets=bets, line_header=LINE_HEADER, range_header=RANGE_HEADER,
                z90=Z90, z95=Z95, definitions=definitions(), contents=contents(sheet),
                wide=WIDE, long=LONG, designed=designed_notice(sheet) if sheet.designed else "",
                strategy_title=STRATEGY_TITLE, player_bank_title=PLAYER_BANK_TITLE,
                operator_title=OPERATOR_TITLE, appendix=APPENDIX,
                strategy_detail_title=STRATEGY_DETAIL_TITLE)


def render(sheet: ParSheet, steps: Steps | None = None, images: bool | References = False,
           paper: str | None = None) -> str:
    """The sheet's HTML; ``steps`` is told each bet's charts; ``images``: the charts as
    ``image``s rather than inline SVG (the PDF's HTML); ``paper``: the printed page's size
    (``paper.PAPERS``, default A4)."""
    from verifier.report.paper import css_string, paper as paper_of
    footer = (css_string(f"{sheet.rule_set} \N{MIDDLE DOT} result SHA-256 "
                         f"{sheet.result_sha256[:16]}\N{HORIZONTAL ELLIPSIS} \N{MIDDLE DOT} page ")
              + ' counter(page) " of " counter(pages)')
    return environment().get_template("parsheet.html.j2").render(
        page_rule=paper_of(paper).page_rule(footer), **context(sheet, steps, images))
