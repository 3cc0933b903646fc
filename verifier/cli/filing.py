"""``paigow-verify filing CERT --meta FILE.toml --out DIR|FILE.pdf``: the filing pack of a
certificate (docs/FILING.md): one PDF, the par sheet as xlsx and the certificate; or the
PDF alone."""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from verifier.cli.options import (add_operator_options, add_paper_option, add_progress_options,
                                  output_place)

if TYPE_CHECKING:
    from verifier.cli.settings import FilingSettings


def cmd_filing(settings: FilingSettings) -> int:
    from verifier.filing import meta, pack
    from verifier.filing.jurisdictions import jurisdiction
    assert settings.certificate and settings.meta and settings.out   # required options
    files = pack.names(settings.certificate)
    inputs = [p for p in (settings.certificate, settings.meta, settings.variation_of) if p]
    pack.check(settings.out, files.values(), settings.force, inputs)
    info = meta.read(settings.meta)
    where = jurisdiction(settings.jurisdiction or info.jurisdiction)
    alone = pack.is_pdf(settings.out)                 # --out FILE.pdf: the PDF alone
    from verifier.report.chartpool import start_pool, stop_pool
    try:
        start_pool()            # matplotlib imported meanwhile; the charts on the other core
        written = _filing(settings, info, where, files, alone)
    except BaseException as exc:
        stop_pool(at_once=isinstance(exc, KeyboardInterrupt))
        raise
    stop_pool()
    if alone:
        print(f"filing written: {settings.out} ({where.title}, "
              f"{settings.paper or 'a4'} paper)")
        return 0
    print(f"filing pack written: {settings.out} ({where.title}, "
          f"{settings.paper or 'a4'} paper)")
    for path in written:
        print(f"  {path.name}")
    return 0


def _filing(settings: FilingSettings, info: Any, where: Any, files: dict[str, str],
            alone: bool) -> list[Path]:
    """The filing's PDF and, unless ``alone``, its pack, written: the files written. The
    certificate checked by a chart process while the page is laid out (``load_checking``),
    its one-line error first, before anything is written."""
    from verifier import certificate
    from verifier.certificate.format import read_certificate_text
    from verifier.certificate.model import Certificate
    from verifier.filing import document, pack
    from verifier.filing.wagers import same_game
    from verifier.report.chartpool import Later
    from verifier.report.formats import renderer
    from verifier.support.files import atomic_write_bytes
    from verifier.support.progress import Steps, stage
    from verifier.cli.options import checked_first, load_checking, operator_inputs
    assert settings.certificate and settings.out
    with stage(settings.progress, "step", "filing") as report:
        steps = Steps(report, 3 if alone else 5)
        steps.next("check")
        if settings.variation_of:                      # another game: before the checks
            same_game(Certificate.of(certificate.load(settings.certificate)),
                      settings.variation_of)
        cert, checked = load_checking(settings.certificate)
        with checked_first(checked):
            cert_bytes = read_certificate_text(settings.certificate).encode("utf-8")
            steps.next("worked examples and figures")
            filing = document.build(cert, info, where, settings.variation_of,
                                    **operator_inputs(settings, cert))
            if not alone:       # by a chart process behind the charts, while the page is
                steps.next("xlsx")      # laid out (``chartpool.Later``; here without one)
                xlsx = Later(renderer("xlsx"), filing.sheet)  # the par sheet the filing holds
                xlsx.start()
            steps.next("PDF")
            pdf = document.render_pdf(filing, settings.paper)
            if not alone:
                xlsx_bytes = xlsx.result()
        checked()
        steps.next("write")
        if alone:
            atomic_write_bytes(settings.out, pdf)
            steps.finish()
            return [Path(settings.out)]
        written = pack.write(settings.out, {files["filing"]: pdf, files["xlsx"]: xlsx_bytes,
                                            files["certificate"]: cert_bytes})
        steps.finish()
    return written


def register(subparsers: argparse._SubParsersAction) -> None:
    from verifier.filing.jurisdictions import DEFAULT_JURISDICTION, JURISDICTIONS
    p = subparsers.add_parser(
        "filing", help="the filing pack a lab signs: one PDF, the xlsx par sheet and the "
                       "certificate",
        description="The document filed for a game's approval, from a certificate and a "
                    "metadata file: a cover with the attestation, signature block and "
                    "revision history; the rules of play with worked examples the engine "
                    "finds among real deals; the pay tables with payout odds, true odds and "
                    "house advantage; a variation's changed lines; the jurisdiction's "
                    "sections; the par sheet as an appendix; the certificate's hashes. "
                    "Written into --out DIR with the par sheet as xlsx and a copy of the "
                    "certificate, all or nothing (docs/FILING.md).")
    p.add_argument("certificate", metavar="CERT.json")
    p.add_argument("--meta", required=True, metavar="FILE.toml",
                   help="the cover, signature block and revision history (docs/FILING.md)")
    p.add_argument("--out", required=True, metavar="DIR|FILE.pdf", type=output_place,
                   help="the pack's folder (created), or a .pdf file: the filing PDF "
                        "alone; an existing file is never overwritten without --force")
    p.add_argument("--jurisdiction", choices=tuple(JURISDICTIONS), default=None,
                   help=f"whose rules the filing answers (default: the metadata's, else "
                        f"{DEFAULT_JURISDICTION})")
    p.add_argument("--variation-of", metavar="CERT_OR_TABLE",
                   help="the approved certificate (.json) or pay table (.toml) this one "
                        "varies: its changed lines and the edge before and after")
    p.add_argument("--force", action="store_true",
                   help="replace the pack's files in DIR, or FILE.pdf")
    add_paper_option(p)
    add_operator_options(p)
    add_progress_options(p)
    p.set_defaults(func=cmd_filing)
