"""The par sheet as PDF (``report --format pdf``): the HTML sheet, laid out for A4 by
WeasyPrint (numbered pages, the result hash in every footer)."""
from verifier.support.errors import VerifierError


def render(sheet) -> bytes:
    try:
        import weasyprint
    except (ImportError, OSError) as e:     # OSError: WeasyPrint without Pango
        raise VerifierError(f"PDF needs WeasyPrint and the Pango library: pip install "
                            f"'paigow-verifier[pdf]' ({type(e).__name__}: {e})") from None
    from verifier.report.html import render as to_html
    document = weasyprint.HTML(string=to_html(sheet), base_url=None)
    return document.write_pdf()
