"""Where the time of ``report CERT --format pdf`` goes: each stage of the command run in
this one process, in turn, with its wall and CPU seconds (the charts and the certificate's
check done here, one after another, rather than by the command's two chart processes,
so that each stage's CPU is its own; "(other core)" marks what the command does off its
own path). The whole command is timed by benchmarks/commands.py ("report --format pdf",
every process's CPU).

    python benchmarks/report.py                 # outlaw9-mikes, best of 1
    python benchmarks/report.py --repeat 3 CERT

The first stages are imports (the modules the command needs before it can check a
certificate; SymPy, matplotlib and WeasyPrint where they are first needed); ``python -X
importtime -m verifier.cli report ...`` names the modules inside each. Timing is
reported, never asserted: it is not part of the test suite.
"""
import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CERT = str(ROOT / "proofs" / "certificates" / "outlaw9-mikes.json")


class Clock:
    """Wall and CPU seconds of each stage, in order."""

    def __init__(self):
        self.rows = []

    def __call__(self, name, fn, *args, **kw):
        wall, cpu = time.perf_counter(), time.process_time()
        out = fn(*args, **kw)
        self.rows.append((name, time.perf_counter() - wall, time.process_time() - cpu))
        return out


def stages(cert_path, out_path):
    """One run of the command's stages: [(stage, wall s, CPU s)]."""
    clock = Clock()
    import importlib
    clock("import: the command's modules", lambda: [importlib.import_module(m) for m in (
        "verifier.cli.app", "verifier.cli.options", "verifier.report",
        "verifier.report.model", "verifier.report.html", "verifier.report.pdf")])
    from verifier.cli.options import operator_inputs
    from verifier.cli.settings import Settings
    from verifier.certificate.format import read_certificate_text
    from verifier.certificate.model import check_text, read_unchecked
    from verifier.report.model import build
    from verifier.report import charts, html, pdf
    from verifier.support.progress import Steps
    text = read_certificate_text(cert_path)
    cert = clock("read the certificate (checked on the other core unless pinned)",
                 read_unchecked, text, cert_path)
    from verifier.odds.operator import AVERAGE_WAGER, HANDS_PER_HOUR
    settings = Settings(certificate=cert_path, hands_per_hour=HANDS_PER_HOUR,
                        average_wager=int(AVERAGE_WAGER))
    operator = clock("operator inputs (the pace; no bankroll unless asked)",
                     operator_inputs, settings, cert)
    sheet = clock("build the sheet (figures, formulas)", build, cert, **operator)
    clock("import: matplotlib (other core)", lambda: (
        importlib.import_module("matplotlib.figure"),
        importlib.import_module("matplotlib.backends.backend_svg")))
    bets = sheet.bets + ([sheet.base_game] if sheet.base_game else [])
    drawn = clock(f"charts: {sum(len(charts._kinds(b)) for b in bets)} drawn in turn "
                  "(other core)", lambda: [charts.charts_of(b) for b in bets])
    from verifier.certificate.shipped import is_pinned
    if not is_pinned(cert_path, text):      # a pinned shipped certificate: not checked again
        clock("the certificate's check (other core)", check_text, text, cert_path)
    kinds = charts._kinds
    charts._kinds = lambda bet, done=iter(drawn): [(t, lambda b, s=svg: s)  # drawn above
                                                   for t, svg in next(done)]
    references = html.References(Steps())
    text = clock("HTML (the charts as references)", html.render, sheet, images=references)
    charts._kinds = kinds
    weasyprint = clock("import: WeasyPrint", pdf._weasyprint)
    fetcher = pdf._fetcher(weasyprint, references)
    document = clock("WeasyPrint: layout (the charts fetched)", lambda: weasyprint.HTML(
        string=text, url_fetcher=fetcher).render())
    data = clock(f"WeasyPrint: writing {len(document.pages)} pages",
                 document.write_pdf)
    Path(out_path).write_bytes(data)
    return clock.rows, len(data), len(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("certificate", nargs="?", default=CERT)
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs, each in a fresh process; the best of each stage shown")
    args = parser.parse_args()
    if os.environ.get("_PAIGOW_REPORT_STAGES"):
        rows, size, chars = stages(args.certificate, os.environ["_PAIGOW_REPORT_STAGES"])
        print(repr((rows, size, chars)))
        return
    import ast
    import subprocess
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.repeat):
            env = dict(os.environ, _PAIGOW_REPORT_STAGES=os.path.join(tmp, "sheet.pdf"),
                       PYTHONPATH=str(ROOT))
            out = subprocess.run([sys.executable, __file__, args.certificate], env=env,
                                 capture_output=True, text=True, check=True).stdout
            runs.append(ast.literal_eval(out.strip().splitlines()[-1]))
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, best of "
          f"{args.repeat}; the PDF {runs[0][1]:,} bytes from {runs[0][2]:,} characters of HTML")
    total_wall = total_cpu = 0.0
    for i, (name, _, _) in enumerate(runs[0][0]):
        wall = min(r[0][i][1] for r in runs)
        cpu = min(r[0][i][2] for r in runs)
        total_wall, total_cpu = total_wall + wall, total_cpu + cpu
        print(f"  {name:62s} {wall:6.2f} s  {cpu:6.2f} s CPU")
    print(f"  {'total':62s} {total_wall:6.2f} s  {total_cpu:6.2f} s CPU")


if __name__ == "__main__":
    main()
