"""``paigow-verify audit CLAIMS``: a submitted par sheet's claims judged against a
certificate (verifier/audit/, docs/AUDIT.md)."""
from __future__ import annotations

from pathlib import Path

from verifier.support.errors import VerifierError
from verifier.cli.options import add_paper_option, load_checked, output_file
import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.cli.settings import AuditSettings


def cmd_audit(settings: AuditSettings) -> int:
    from verifier.audit import certificate_path, read
    from verifier.audit.judge import audit
    from verifier.audit.render import FORMATS, REPORT_FORMATS, render
    from verifier.report.formats import suffixes_text
    from verifier.support.files import atomic_write_bytes
    fmt = None
    if settings.out:
        fmt = FORMATS.get(Path(settings.out).suffix.lower())
        if fmt is None:
            raise VerifierError(f"--out {settings.out}: write the report as "
                                f"{suffixes_text(REPORT_FORMATS)}")
        settings.output()
    from verifier.cli.progress import command_steps
    assert settings.claims is not None            # audit's positional argument
    with command_steps(settings.progress, "audit", 3) as steps:
        steps.next("reading the claims")
        sub = read(settings.claims)
        path = settings.cert or certificate_path(sub, settings.rules)
        steps.next("checking the certificate")
        cert = load_checked(str(path))
        steps.next("judging the claims")
        result = audit(sub, cert, settings.cert or _shown(path))
    result.date, result.reviewer = _date(settings.date), settings.reviewer or ""
    if settings.out:
        settings.output()
        assert fmt is not None                  # set from --out's suffix above
        report = render(result, fmt, settings.paper)
        atomic_write_bytes(settings.out, report if isinstance(report, bytes)
                           else report.encode("utf-8"))
    if settings.json:
        print(render(result, "json"), end="")
    else:
        print(render(result, "text"), end="")
        if settings.out:
            print(f"audit report written: {settings.out} ({fmt})")
    return result.exit_status


def _date(text: str | None) -> str:
    """``--date YYYY-MM-DD`` checked (one line otherwise), or today's date (UTC)."""
    import datetime
    import re
    if not text:
        return datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
            raise ValueError(text)
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise VerifierError(f"--date {text[:40]!r}: a date as YYYY-MM-DD") from None


def _shown(path):
    """A shipped certificate as the repository names it."""
    return f"proofs/certificates/{Path(path).name}"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "audit", help="judge every figure a submitted par sheet claims against the exact one",
        description="Reads a submitted par sheet (CSV, xlsx or TOML in the layout of "
                    "docs/AUDIT.md: the game, each bet's pay table and its claimed "
                    "combinations, probabilities, odds, contributions, return, house edge, "
                    "hit frequency, variance, standard deviation; the base game's win, push, "
                    "loss and edge) and judges each claim against the exact figure of a "
                    "checked certificate: it holds when the exact value rounds to it as "
                    "printed (counts must be equal). Claims the certificate has no figure "
                    "for are listed as not checked. Exit 0: every checked claim holds; 1: "
                    "some do not; 2: bad input.")
    p.add_argument("claims", metavar="CLAIMS", help="the par sheet: .csv, .xlsx or .toml")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--cert", metavar="CERT.json",
                       help="the certificate to judge by (default: the shipped certificate "
                            "of the rule set the claims name)")
    which.add_argument("--rules", metavar="NAME|FILE",
                       help="judge by the shipped certificate of this rule set (the claims, "
                            "if they name one, must agree)")
    p.add_argument("--reviewer", metavar="NAME", help="who reviewed the audit (in the report)")
    from verifier.cli.options import checked
    p.add_argument("--date", metavar="YYYY-MM-DD", type=checked(_date, "date"),
                   help="the audit's date (default: today, UTC)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--out", type=output_file, metavar="REPORT",
                   help="also write the report a lab files: .md, .html, .pdf (WeasyPrint: "
                        "the pdf extra), .json or .txt")
    from verifier.cli.options import add_progress_options
    add_progress_options(p)
    add_paper_option(p)          # the .pdf's (and .html's printed) page, landscape
    p.set_defaults(func=cmd_audit)
