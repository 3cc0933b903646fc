"""The par sheet as PDF (``report --format pdf``): the HTML sheet, laid out for A4 or US
Letter (``report --paper``, verifier/report/paper.py) by WeasyPrint (numbered pages, the result hash in every footer)."""
from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, Iterator

from verifier.report.formats import install_text
from verifier.support.errors import VerifierError
from verifier.report.sheet import ParSheet

if TYPE_CHECKING:
    from verifier.report.html import References
    from verifier.support.progress import Steps


def render(sheet: ParSheet, steps: Steps | None = None, paper: str | None = None) -> bytes:
    """The sheet's HTML, its charts as SVG images, laid out by WeasyPrint on ``paper``
    (``paper.PAPERS``, default A4); ``steps`` is told the charts, the layout and the
    writing. The charts are references WeasyPrint fetches as it builds the page's boxes
    (``html.References``: drawn meanwhile by the chart processes), or, with a WeasyPrint
    without ``URLFetcher`` (before 68), ``html.image``s in the HTML."""
    from verifier.report.html import render as to_html
    from verifier.support.progress import Steps
    steps = steps or Steps()
    steps.more(2)                       # the layout and the writing (html.py adds the charts)
    references = chart_references(sheet, steps)
    html = to_html(sheet, steps, images=references or True, paper=paper)
    return pdf_of_html(html, steps, references)


def chart_references(sheet: ParSheet, steps: Steps) -> References | None:
    """The charts of ``sheet`` handed to the chart processes (``chartpool.draw_ahead``), and
    WeasyPrint imported while they draw: the ``References`` a document's HTML gives them
    by (the par sheet's, the filing's appendix), or None with a WeasyPrint that cannot
    fetch them (before 68: the HTML then holds them as ``html.image``s)."""
    from verifier.report.chartpool import sheet_ahead
    from verifier.report.html import References
    sheet_ahead(sheet)
    # WeasyPrint imported while the pool draws the charts
    return References(steps) if fetches_charts() else None


def fetches_charts() -> bool:
    """Whether WeasyPrint (imported here, if it is not yet) fetches a document's charts
    through a URL fetcher (``References``: WeasyPrint 68 on); before it, the HTML holds
    them as ``html.image``s."""
    return hasattr(_weasyprint(), "URLFetcher")


def _weasyprint() -> Any:
    """The weasyprint module, or a one-line error saying how to install it. On Linux it
    is first imported with its libraries opened by their sonames alone (``_by_soname``),
    and where that fails, as WeasyPrint opens them itself."""
    import sys
    if "weasyprint" not in sys.modules and sys.platform.startswith("linux"):
        try:
            with _by_soname():
                import weasyprint
            return weasyprint
        except (ImportError, OSError):
            for name in [m for m in sys.modules if m.split(".")[0] == "weasyprint"]:
                del sys.modules[name]           # imported again, its own way, below
    try:
        import weasyprint
    except (ImportError, OSError) as e:     # OSError: WeasyPrint without Pango
        raise VerifierError(f"PDF needs WeasyPrint and the Pango library: "
                            f"{install_text('pdf')} ({type(e).__name__}: {e})") from None
    return weasyprint


@contextlib.contextmanager
def _by_soname() -> Iterator[None]:
    """WeasyPrint's import with ``ctypes.util.find_library`` finding nothing: it opens each
    of its libraries under a list of names (``libpango-1.0-0``, ``pango-1.0``, ...,
    ``libpango-1.0.so.0``), and cffi looks each name that does not open up with
    ``find_library``, which on Linux runs ``ldconfig -p`` and the C compiler: some thirty
    processes, 0.2 s of CPU and up to a second on a loaded machine, before the soname in
    the same list opens at once. What the import prints meanwhile (WeasyPrint's
    installation help, where a library is missing) is kept back: the import is then done
    again as WeasyPrint does it (``_weasyprint``)."""
    import ctypes.util
    import io
    find = ctypes.util.find_library
    ctypes.util.find_library = lambda name: None
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            yield
    finally:
        ctypes.util.find_library = find


def pdf_of_html(html: str, steps: Steps | None = None,
                references: References | None = None) -> bytes:
    """A self-contained HTML document laid out as PDF by WeasyPrint (the par sheet, the
    audit report); ``steps`` is told the layout and the writing; ``references``: the charts
    the HTML refers to (``render``)."""
    weasyprint = _weasyprint()
    from verifier.support.progress import Steps
    steps = steps or Steps()
    steps.next("layout")
    fetcher = _fetcher(weasyprint, references) if references is not None else None
    document = weasyprint.HTML(string=html, base_url=None, url_fetcher=fetcher).render()
    if references is not None and references.failed is not None:
        raise references.failed         # a chart not drawn: never a PDF without it
    steps.next(f"PDF of {len(document.pages)} pages")
    return document.write_pdf()


def _fetcher(weasyprint: Any, references: References) -> Any:
    """A WeasyPrint URL fetcher that answers ``references``' charts, and any other URL as
    WeasyPrint's own does."""
    from weasyprint.urls import URLFetcherResponse

    class Fetcher(weasyprint.URLFetcher):        # type: ignore[misc, name-defined]
        def fetch(self, url: str, headers: Any = None) -> Any:
            svg = references.svg(url)
            if svg is None:
                return super().fetch(url, headers)
            return URLFetcherResponse(url, svg.encode(), {"Content-Type": "image/svg+xml"})
    return Fetcher()
