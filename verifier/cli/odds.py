"""Commands on a certificate, with no enumeration (except ``check --recompute``):
``check``, ``compare``, ``solve``, ``report``."""
from __future__ import annotations
import argparse
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

from verifier.support.errors import VerifierError
from verifier.report.formats import FORMATS, PARSHEET_FORMATS
from verifier.cli.options import (output_file, add_certificate_options, checked_first, load_checking, add_paper_option, add_progress_options, load_checked, rules_guard, thread_number, chunk_count, whole_number, checked, needs, add_operator_options, operator_inputs)

if TYPE_CHECKING:
    from verifier.cli.settings import OddsSettings

MAX_SHOWN = 25


def cmd_check(settings: OddsSettings) -> int:
    from verifier import certificate
    from verifier.cli.progress import command_steps
    assert settings.certificate is not None          # check's positional argument
    with command_steps(settings.progress, "check", 1 if settings.recompute else 2) as steps:
        steps.next("reading the certificate")
        cert = certificate.load(settings.certificate)
        rules_guard(cert, settings.rules, settings.certificate)
        if not settings.recompute:
            steps.next("re-deriving every figure from the counts")
            problems = certificate.check(cert)
    more: list[certificate.Mismatch] = []       # the re-run's, listed after the check's
    recomputed: list[str] = []
    if settings.recompute:      # every figure re-derived while the counts are made again
        from verifier.support.interrupts import behind
        with behind(lambda: certificate.check(cert)) as checked:
            more, recomputed = certificate.recompute(cert, threads=settings.threads,
                                                     progress=settings.progress,
                                                     chunks=settings.chunks, seed=settings.seed)
        problems = checked.value
    if settings.public_key:
        from verifier.certificate.signing import verify
        problems += [certificate.Mismatch(f, m) for f, m in verify(cert, settings.public_key)]
    problems += more
    if settings.json:
        print(json.dumps({"certificate": settings.certificate, "ok": not problems,
                          "mismatches": [{"field": m.field, "message": m.message}
                                         for m in problems],
                          "recomputed": recomputed}, indent=1))
        return 1 if problems else 0
    if problems:
        for m in problems[:MAX_SHOWN]:
            print(f"MISMATCH {m}")
        if len(problems) > MAX_SHOWN:
            print(f"... and {len(problems) - MAX_SHOWN} more")
        print(f"{settings.certificate}: FAILED, {len(problems)} mismatch(es)")
        return 1
    model = certificate.Certificate.of(cert)
    print(f"{settings.certificate}: OK: hash, {model.total_hands:,} = "
          f"C({model.deck.size},7) hands, every count sum and every result re-derived "
          f"({', '.join(model.sections)})")
    for what in recomputed:
        print(f"recomputed {what}: every count agrees")
    if settings.recompute and model.has("strategy") and settings.chunks == 0:
        print("not recomputed: the optimal-strategy job (its house-way column is the base "
              "game's, checked above; --chunks N runs N of its chunks again, --chunks all "
              "the whole job, about a minute on two cores)")
    if settings.public_key:
        print(f"signed by the key of {settings.public_key} "
              f"({model.signature.key_fingerprint if model.signature else '?'})")
    return 0


def _table_files(files, bet=None):
    """The pay tables of ``files`` (of one bet): read before the certificate's check, so
    that a bad table is told at once, not after the second the check takes."""
    from verifier.game.paytables import load
    tables = [load(f) for f in files]
    bets = sorted({f"{t.bet} ({t.reads})" if t.reads else t.bet for t in tables}
                  | ({bet} if bet else set()))
    if len(bets) > 1:
        raise VerifierError(f"compare pay tables of one bet at a time (got {', '.join(bets)})")
    return tables


def _with_baseline(cert, tables):
    """The compared tables after the certificate's own table of their bet (the baseline),
    unless the first of them is it, or the certificate has none (the first is)."""
    from verifier.certificate.formula import default_table
    try:
        base = default_table(cert.raw, tables[0].bet)
    except VerifierError:
        return list(tables)
    first = tables[0]
    if (base.pays, base.precedence, base.kind) == (first.pays, first.precedence, first.kind):
        return list(tables)
    return [base] + list(tables)


def _column_names(tables):
    """Each table's name; a name two tables share, with its file's name beside."""
    names = [t.name for t in tables]
    return [f"{n} ({Path(t.source).name})" if names.count(n) > 1 and t.source else n
            for n, t in zip(names, tables)]


def cmd_compare(settings: OddsSettings) -> int:
    from verifier.certificate import odds_from_certificate
    from verifier.report.text import compare_json, compare_table
    start = time.perf_counter()
    from verifier.cli.progress import command_steps
    assert settings.certificate is not None          # compare's positional argument
    with command_steps(settings.progress, "compare", 2) as steps:
        tables = _table_files(settings.paytable, settings.bet) if settings.paytable else []
        steps.next("checking the certificate")
        cert = load_checked(settings.certificate, settings.rules)
        reading = settings.bonus_reading or cert.bonus_reading
        if not tables:              # the certificate's table of the bet (default: its first)
            from verifier.certificate.formula import default_bet, default_table
            tables = [default_table(cert.raw, settings.bet or default_bet(cert.raw))]
        steps.next("the odds of the pay tables")
        odds = [odds_from_certificate(cert.raw, t, reading) for t in tables]
    names = [Path(t.source).stem if t.source else t.name for t in tables]
    if settings.json:
        print(json.dumps(compare_json(names, odds), indent=1))
    else:
        # the text: the certificate's table of the bet first, the baseline, each column
        # headed by its table's name
        shown = _with_baseline(cert, tables)
        odds = [odds_from_certificate(cert.raw, t, reading) for t in shown[:-len(tables)]] + odds
        names = _column_names(shown)
        from verifier.game.bets import BONUS_READING
        kind = tables[0].kind
        what = f"{odds[0].total_hands:,} {kind.unit}" + (
            f", bonus reading {reading}" if kind.reads == BONUS_READING else "")
        print(f"{settings.certificate}: {what}")
        print(compare_table(names, odds))
        print(f"({time.perf_counter() - start:.2f} s, no enumeration)")
    return 0


def cmd_solve(settings: OddsSettings) -> int:
    """One line's pay, or a group of lines scaled together, for a target edge: both on the
    bet's formula (verifier/odds/linesolve.py solve_lines), any bet of the certificate or any
    custom table."""
    from verifier.cli.formula import check_solved_out, solve_on_formula, solve_one_line
    from verifier.cli.solvebase import solves_base, solve_base
    if solves_base(settings):
        return solve_base(settings)
    if settings.edge_range:
        from verifier.cli.search import search_tables
        return search_tables(settings)
    check_solved_out(settings)
    return solve_on_formula(settings) if len(settings.line or ()) > 1 else solve_one_line(settings)


def report_format(given: str | None, out: str | None) -> str:
    """``report``'s format: ``--format`` as given, else the one ``--out``'s suffix names
    (``x.pdf``: pdf), else (no --out, no suffix) Markdown; a suffix of no par sheet format is one line."""
    from pathlib import Path
    from verifier.report.formats import PARSHEET_FORMATS, by_suffix, suffixes_text
    if given:
        return given
    suffix = Path(out).suffix.lower() if out else ""
    if not suffix:
        return "markdown"
    named = by_suffix(PARSHEET_FORMATS).get(suffix)
    if named is None:
        raise VerifierError(f"--out {out}: a par sheet is written as "
                            f"{suffixes_text(PARSHEET_FORMATS)}; name one of those, or give "
                            "--format")
    return named


def cmd_report(settings: OddsSettings) -> int:
    from verifier.support.files import atomic_write_bytes
    from verifier.report import render
    name = report_format(settings.format, settings.out)
    fmt = FORMATS[name]
    if fmt.binary and not settings.out:
        raise VerifierError(f"--format {fmt.name} needs --out {fmt.filename('FILE')} "
                            f"({fmt.noun} is not written to a terminal)")
    assert settings.certificate is not None          # report's positional argument
    from verifier.report.chartpool import start_pool, stop_pool
    from verifier.support.progress import Steps, stage
    try:
        if name in ("html", "pdf"):
            start_pool()                # matplotlib imported meanwhile, the charts side by side
        with stage(settings.progress, "step", f"par sheet ({fmt.name})") as report:
            steps = Steps(report, 1)
            steps.next("check")
            # HTML, PDF: the check done by a chart process while the page is laid out
            cert, checked = load_checking(settings.certificate, settings.rules)
            with checked_first(checked):
                if settings.out:
                    settings.output()
                path = None
                if settings.meter_path:
                    from verifier.report.progressive import load_meter_path
                    path = load_meter_path(settings.meter_path)
                steps.more(1)
                steps.next("operator figures")
                revisions = None
                if settings.meta:
                    from verifier.filing.meta import read as read_meta
                    revisions = read_meta(settings.meta).revision_rows()
                sheet = render(cert, name, steps=steps, meter_path=path,
                               paper=settings.paper, revisions=revisions,
                               **operator_inputs(settings, cert))
            checked()
    except BaseException as exc:
        stop_pool(at_once=isinstance(exc, KeyboardInterrupt))
        raise
    stop_pool()
    data = sheet if isinstance(sheet, bytes) else sheet.encode("utf-8")
    if settings.out:
        atomic_write_bytes(settings.out, data)
        print(f"par sheet written: {settings.out} ({name})")
    else:
        assert isinstance(sheet, str)           # a binary format needs --out (above)
        print(sheet, end="" if sheet.endswith("\n") else "\n")
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    _register_check(subparsers)
    _register_compare(subparsers)
    _register_solve(subparsers)
    _register_report(subparsers)


def _register_check(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("check", help="re-derive and verify a certificate",
                              description="Checks the hash, that the counts add up to C(n,7), "
                                          "and re-derives every probability and return from "
                                          "the counts. Exit 0: intact; 1: a mismatch (named).")
    add_certificate_options(p)
    p.add_argument("--recompute", action="store_true",
                   help="also re-run the enumeration and, for a certificate with the base "
                        "game, the exact player-against-banker count, and compare every count")
    p.add_argument("--chunks", type=chunk_count, default=8, metavar="N|all",
                   help="with --recompute, for a certificate with the optimal-strategy "
                        "section: run N of the strategy job's chunks again (default 8, drawn "
                        "at random with --seed; 0: none; all: the whole job, about a minute "
                        "on two cores) and compare each with the SHA-256 the certificate "
                        "keeps of its sums, whose totals check adds up")
    p.add_argument("--seed", type=whole_number(0, 2 ** 64 - 1), default=None,
                   help="the seed of --chunks' draw (default: from the certificate's "
                        "result hash, so the same certificate draws the same chunks)")
    p.add_argument("--threads", type=thread_number, default=None, help="threads for --recompute")
    needs(p, "--chunks", "--recompute")
    needs(p, "--seed", "--recompute")
    p.add_argument("--public-key", metavar="PUBLIC.pem",
                   help="also require an Ed25519 signature by this key over the content "
                        "(paigow-verify keygen, sign, run --sign)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_progress_options(p)
    p.set_defaults(func=cmd_check)


def _register_compare(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("compare", help="compare pay tables, exactly, from a certificate",
                              description="One column per pay table: return, house edge, hit "
                                          "frequency, standard deviation, per-line probability "
                                          "and contribution. No enumeration.")
    add_certificate_options(p)
    p.add_argument("--paytable", action="append", metavar="FILE",
                   help="a pay table of any bet but the Envy Bonus (repeat for more; "
                        "default: the certificate's table of --bet)")
    from verifier.cli.formula import add_bet_options
    add_bet_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_progress_options(p)
    p.set_defaults(func=cmd_compare)


def _register_solve(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("solve", help="the pay on one line, or a group of lines scaled "
                                            "together, that gives a target house edge",
                              description="The exact pay (N to 1) on --line that gives the "
                                          "house edge --edge, and the nearest practical pays "
                                          "(halves below 10, whole numbers above) on each side. "
                                          "With --line repeated, the lines' present pays are "
                                          "scaled together by one factor k, solved on the "
                                          "bet's formula (paigow-verify formula).")
    add_certificate_options(p)
    p.add_argument("--paytable", metavar="FILE", help="default: the certificate's pay table")
    p.add_argument("--line", action="append",
                   help='the line to solve for: "Three Pairs" or three_pairs; repeat it '
                        "for a group scaled together")
    from verifier.cli.solvebase import add_base_options
    add_base_options(p)
    goal = p.add_mutually_exclusive_group(required=True)
    from verifier.cli.search import edge_range, step_of
    from verifier.support.edges import parse_edge
    goal.add_argument("--edge", type=checked(parse_edge, "edge"),
                      help="target house edge: 0.05, 5%% or 1/20")
    goal.add_argument("--edge-range", metavar="LOW..HIGH", type=checked(edge_range, "range"),
                      help="list every practical table with the --line pays on a grid (half "
                           "to twice today's) whose house edge is in the range, e.g. "
                           "1.5%%..2.5%%, ranked, each confirmed exactly")
    p.add_argument("--step", metavar="STEP", default=None, type=checked(step_of, "step"),
                   help="with --edge-range: the pays' grid (default 0.5; 1 for whole pays)")
    p.add_argument("--rank", choices=("distance", "volatility"), default=None,
                   help="with --edge-range: nearest --target first (default), or the "
                        "highest standard deviation first")
    p.add_argument("--target", metavar="EDGE", default=None,
                   type=checked(lambda t: parse_edge(t, "--target"), "edge"),
                   help="with --edge-range: the edge ranked against (default mid-range)")
    p.add_argument("--limit", type=whole_number(1, 10 ** 6), default=None, metavar="N",
                   help="with --edge-range: show the first N (default 20)")
    p.add_argument("--keep-order", action="store_true",
                   help="with --edge-range: only tables where a better hand never pays "
                        "less, in the table's order (tables with a dead line, and repeats "
                        "of the same figures, are always left out)")
    for option in ("--step", "--rank", "--target", "--limit", "--keep-order"):
        needs(p, option, "--edge-range")
    from verifier.cli.formula import add_bet_options
    add_bet_options(p)
    p.add_argument("--out", type=output_file, metavar="FILE.toml",
                   help="also write the solved pay table here (a pay-table file that "
                        "--paytable reads)")
    p.add_argument("--write", choices=("exact", "below", "above"), default="exact",
                   help="which pays --out writes: the exact solution (default) or the "
                        "nearest practical pays below or above it")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_solve)


def _register_report(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "report", help="the par sheet of a certificate (Markdown, HTML, PDF or xlsx)",
        description="The par sheet a lab files, titled by the certificate's game: for every "
                    "bet and the base game the lines with pay, combinations, probability, "
                    "odds and contribution, the return, house edge, hit frequency, "
                    "variance, volatility index and ranges after 1,000 to 1,000,000 bets; "
                    "the house way's hand distributions and the readings that apply. Bets "
                    "returning more than 100% and lines rarer than 1 in 100 million are "
                    "flagged. No enumeration: the figures come from the counts.")
    add_certificate_options(p)
    p.add_argument("--format", choices=PARSHEET_FORMATS, default=None,
                   help="default: the one --out's suffix names (.md, .html, .pdf, .xlsx), "
                        "else markdown; markdown, html (one self-contained file with SVG charts), "
                        "pdf (needs --out; --paper) or xlsx (a spreadsheet that recalculates: one "
                        "sheet per bet, its pays and counts in cells and every figure a "
                        "formula of them, the exact fractions beside; needs --out)")
    p.add_argument("--out", type=output_file, metavar="FILE", help="write here (default: stdout)")
    p.add_argument("--meter-path", metavar="FILE.csv", default=None,
                   help="a meter path (progressive --simulate or simulate --progressive "
                        "--meter-path) drawn in its progressive's section")
    add_paper_option(p)
    p.add_argument("--meta", metavar="FILE.toml", default=None,
                   help="a filing metadata file (docs/FILING.md): its revisions become the "
                        "sheet's revision history")
    add_operator_options(p)
    add_progress_options(p)
    p.set_defaults(func=cmd_report)
