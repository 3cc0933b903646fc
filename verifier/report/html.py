"""The par sheet as one self-contained HTML file (``report --format html``): a Jinja2
template (templates/parsheet.html.j2) with the charts as inline SVG, no external file,
font or script."""
from pathlib import Path

from verifier.report.display import (LINE_HEADER, RANGE_HEADER, figure_rows, line_rows, range_rows)
from verifier.report.model import STRATEGY_TITLE, Z90, Z95

TEMPLATES = Path(__file__).resolve().parent / "templates"


def render(sheet) -> str:
    import jinja2
    from verifier.report import charts
    from verifier.report.markdown import definitions, designed_notice, formula_validity
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    bets = []
    for bet in sheet.bets + ([sheet.base_game] if sheet.base_game else []):
        wager = bet.kind == "wager"
        bets.append({"bet": bet, "lines": line_rows(bet),
                     "figures": figure_rows(bet) if wager else [],
                     "ranges": range_rows(bet) if wager else [],
                     "charts": charts.charts_of(bet),
                     "validity": formula_validity(bet.formula) if bet.formula else ""})
    return env.get_template("parsheet.html.j2").render(
        sheet=sheet, bets=bets, line_header=LINE_HEADER, range_header=RANGE_HEADER,
        z90=Z90, z95=Z95, definitions=definitions(),
        designed=designed_notice(sheet) if sheet.designed else "",
        strategy_title=STRATEGY_TITLE)
