"""Par sheets: what a lab files for one game (``paigow-verify report``).

``model.build(cert)`` computes the sheet from a checked certificate (a
``verifier.certificate.model.Certificate``); the formats of ``formats.FORMATS`` render it
(``markdown``, ``html``, ``pdf``, ``xlsx``). Formats: docs/PARSHEET.md.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from verifier.report.formats import FORMATS, PARSHEET_FORMATS, Format, parsheet_format

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.support.progress import Steps

__all__ = ["FORMATS", "PARSHEET_FORMATS", "Format", "parsheet_format", "render"]


def render(cert: Certificate | Mapping, fmt: str = "markdown", designed: dict | None = None,
           reading: str | None = None, steps: Steps | None = None,
           meter_path: tuple | None = None,
           paper: str | None = None, revisions: list | None = None,
           **operator: Any) -> str | bytes:
    """The par sheet of a checked certificate in the format ``fmt`` (``formats.FORMATS``):
    ``str`` for a text format, ``bytes`` for a binary one. ``designed``: {bet: Paytable}
    used instead of the certificate's tables, labelled "designed pay table, not filed";
    ``reading``: the Outlaw 9 bonus reading of such a sheet (``model.build``).
    ``meter_path``: (its text, the file's name): a meter path drawn in its progressive's
    section (``progressive.read_meter_path``). ``steps``:
    told the sheet's building and the renderer's own steps (a renderer's ``render(sheet,
    steps=None)``). ``paper``: the page size of a paged format (``paper.PAPERS``; another
    format refuses it). ``revisions``: [(revision, date, change)], the revision-history
    block (``ParSheet.revision_table``). ``operator``: the operator figures' ``pace``, ``bankroll`` and
    ``bankroll_note`` (``model.build``)."""
    from verifier.report.formats import parsheet_format, renderer
    from verifier.support.errors import VerifierError
    if paper is not None and not parsheet_format(fmt).paged:
        raise VerifierError(f"--paper is for a paged format (pdf), not {fmt}")
    from verifier.report.model import build
    from verifier.support.progress import Steps
    draw = renderer(fmt)
    steps = steps or Steps()
    steps.more(1)
    steps.next("figures")
    sheet = build(cert, designed=designed, reading=reading, revisions=revisions, **operator)
    if meter_path is not None:
        from verifier.report.progressive import attach_meter_path, read_meter_path
        text, source = meter_path
        attach_meter_path(sheet.progressives, *read_meter_path(text, source), source)
    out = draw(sheet, steps, paper=paper) if paper is not None else draw(sheet, steps)
    steps.finish()
    return out
