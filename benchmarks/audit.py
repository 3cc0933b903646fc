"""Times `paigow-verify audit` (docs/AUDIT.md): the whole command on the example
submissions (start-up, the full check of the shipped certificate, reading and judging),
and how soon a hostile workbook is refused: a sheet of a million rows with no declared
dimensions, and a zip bomb (a part that inflates past 64 MiB).

    python benchmarks/audit.py [--repeat 5]

Timing is reported, never asserted: it is not part of the test suite."""
import argparse
import io
import os
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))          # the verifier of this tree, as the commands run it
EXAMPLES = ROOT / "examples" / "audit"


def timed(argv):
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "verifier.cli", *argv], capture_output=True,
                         text=True, cwd=ROOT)
    return time.perf_counter() - start, out.returncode, (out.stderr or "").strip()


def hostile(folder):
    """(million-row workbook, bomb workbook): written from a small openpyxl workbook."""
    import openpyxl
    base = Path(folder) / "base.xlsx"
    book = openpyxl.Workbook()
    book.active.append(["x"])
    book.save(base)
    rows = "".join(f'<row r="{i}"><c r="A{i}"><v>1</v></c></row>' for i in range(1, 10 ** 6 + 1))
    sheet = ('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.'
             'openxmlformats.org/spreadsheetml/2006/main"><sheetData>' + rows +
             '</sheetData></worksheet>').encode()
    huge, bomb = Path(folder) / "huge.xlsx", Path(folder) / "bomb.xlsx"
    with zipfile.ZipFile(base) as zin, zipfile.ZipFile(huge, "w", zipfile.ZIP_DEFLATED) as z:
        for item in zin.infolist():
            z.writestr(item, sheet if item.filename == "xl/worksheets/sheet1.xml"
                       else zin.read(item))
    with zipfile.ZipFile(base) as zin, zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
        for item in zin.infolist():
            z.writestr(item, zin.read(item))
        with z.open("xl/media/zeros.bin", "w", force_zip64=True) as f:
            for _ in range(1024):                      # 1 GiB of zeros
                f.write(bytes(1 << 20))
    return huge, bomb


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, load "
          f"{os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        huge, bomb = hostile(tmp)
        print(f"million-row workbook {huge.stat().st_size / 2**20:.1f} MiB, bomb "
              f"{bomb.stat().st_size / 2**20:.1f} MiB")
        cases = {
            "audit correct.xlsx": [str(EXAMPLES / "correct.xlsx")],
            "audit flawed.xlsx": [str(EXAMPLES / "flawed.xlsx")],
            "audit correct.csv": [str(EXAMPLES / "correct.csv")],
            "million-row sheet": [str(huge)],
            "zip bomb (1 GiB part)": [str(bomb)],
        }
        for label, argv in cases.items():
            runs = [timed(["audit", *argv]) for _ in range(args.repeat)]
            best = min(w for w, _, _ in runs)
            print(f"{label:24s} {best:6.2f} s  exit {runs[0][1]}  {runs[0][2][:90]}")
        from verifier.audit import read                 # in-process: no start-up
        from verifier.support.errors import VerifierError
        start = time.perf_counter()
        try:
            read(huge)
        except VerifierError:
            pass
        print(f"{'refusing the million rows, in-process':38s} "
              f"{time.perf_counter() - start:.3f} s")


if __name__ == "__main__":
    main()
