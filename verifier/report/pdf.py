"""The par sheet as PDF (``report --format pdf``): the HTML sheet, laid out for A4 by
WeasyPrint (numbered pages, the result hash in every footer)."""
from __future__ import annotations

from verifier.report.formats import install_text
from verifier.support.errors import VerifierError
from verifier.report.sheet import ParSheet


def render(sheet: ParSheet) -> bytes:
    from verifier.report.html import render as to_html
    return pdf_of_html(to_html(sheet))


def pdf_of_html(html: str) -> bytes:
    """A self-contained HTML document laid out as PDF by WeasyPrint (the par sheet, the
    audit report)."""
    try:
        import weasyprint
    except (ImportError, OSError) as e:     # OSError: WeasyPrint without Pango
        raise VerifierError(f"PDF needs WeasyPrint and the Pango library: "
                            f"{install_text('pdf')} ({type(e).__name__}: {e})") from None
    return weasyprint.HTML(string=html, base_url=None).write_pdf()
