"""The par sheet as PDF (``report --format pdf``): the HTML sheet, laid out for A4 or US
Letter (``report --paper``, verifier/report/paper.py) by WeasyPrint (numbered pages, the result hash in every footer)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from verifier.report.formats import install_text
from verifier.support.errors import VerifierError
from verifier.report.sheet import ParSheet

if TYPE_CHECKING:
    from verifier.support.progress import Steps


def render(sheet: ParSheet, steps: Steps | None = None, paper: str | None = None) -> bytes:
    """The sheet's HTML, its charts as SVG images (``html.image``), laid out by WeasyPrint
    on ``paper`` (``paper.PAPERS``, default A4); ``steps`` is told the charts, the layout
    and the writing."""
    from verifier.report import charts
    from verifier.report.html import render as to_html
    from verifier.support.progress import Steps
    steps = steps or Steps()
    steps.more(2)                       # the layout and the writing (html.py adds the charts)
    charts.draw_ahead(sheet.bets + ([sheet.base_game] if sheet.base_game else []))
    _weasyprint()                       # imported while the pool draws the charts
    return pdf_of_html(to_html(sheet, steps, images=True, paper=paper), steps)


def _weasyprint():
    """The weasyprint module, or a one-line error saying how to install it."""
    try:
        import weasyprint
    except (ImportError, OSError) as e:     # OSError: WeasyPrint without Pango
        raise VerifierError(f"PDF needs WeasyPrint and the Pango library: "
                            f"{install_text('pdf')} ({type(e).__name__}: {e})") from None
    return weasyprint


def pdf_of_html(html: str, steps: Steps | None = None) -> bytes:
    """A self-contained HTML document laid out as PDF by WeasyPrint (the par sheet, the
    audit report); ``steps`` is told the layout and the writing."""
    weasyprint = _weasyprint()
    from verifier.support.progress import Steps
    steps = steps or Steps()
    steps.next("layout")
    document = weasyprint.HTML(string=html, base_url=None).render()
    steps.next(f"PDF of {len(document.pages)} pages")
    return document.write_pdf()
