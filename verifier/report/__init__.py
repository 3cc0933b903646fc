"""Par sheets: what a lab files for one game (``paigow-verify report``).

``model.build(cert)`` computes the sheet from a checked certificate (a
``verifier.certificate.model.Certificate``); ``markdown``, ``html``, ``pdf`` and ``xlsx``
render it. Formats: docs/PARSHEET.md.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
FORMATS = ("markdown", "html", "pdf", "xlsx")


def render(cert: Certificate | Mapping, fmt: str = "markdown", designed: dict | None = None,
           reading: str | None = None) -> str | bytes:
    """The par sheet of a checked certificate: ``str`` for markdown and html, ``bytes``
    for pdf and xlsx. ``designed``: {bet: Paytable} used instead of the certificate's
    tables, labelled "designed pay table, not filed"; ``reading``: the Outlaw 9 bonus
    reading of such a sheet (``model.build``)."""
    from verifier.report.model import build
    sheet = build(cert, designed=designed, reading=reading)
    if fmt == "markdown":
        from verifier.report.markdown import render as to_markdown
        return to_markdown(sheet)
    if fmt == "html":
        from verifier.report.html import render as to_html
        return to_html(sheet)
    if fmt == "pdf":
        from verifier.report.pdf import render as to_pdf
        return to_pdf(sheet)
    if fmt == "xlsx":
        from verifier.report.xlsx import render as to_xlsx
        return to_xlsx(sheet)
    raise ValueError(f"unknown format {fmt!r}")
