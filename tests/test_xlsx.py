"""The par sheet as a spreadsheet (``report --format xlsx``): read back with openpyxl, its
numbers are the certificate's exact ones, its re-checking formulas are there and, worked
out by hand over the exact fractions, give the certificate's figures again."""
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from verifier.cli import main

#: one worker runs them all (pytest-xdist): the workbook is written once
pytestmark = pytest.mark.xdist_group("xlsx")

ROOT = Path(__file__).resolve().parent.parent
CERT = ROOT / "proofs" / "certificates" / "outlaw9-mikes.json"


@pytest.fixture(scope="module")
def openpyxl():
    try:
        import openpyxl
    except ImportError:
        from conftest import missing
        missing("openpyxl (pip install 'paigow-verifier[web]')")
    return openpyxl


@pytest.fixture(scope="module")
def workbook(openpyxl, tmp_path_factory):
    out = tmp_path_factory.mktemp("xlsx") / "sheet.xlsx"
    assert main(["report", str(CERT), "--format", "xlsx", "--out", str(out)]) == 0
    return openpyxl.load_workbook(out)


def certificate():
    import json
    return json.loads(CERT.read_text())


def line_rows(ws):
    """{title: {column header: cell value}} of a bet sheet's line table."""
    header_row = next(r for r in range(1, 20) if ws.cell(r, 1).value == "Line")
    heads = [c.value for c in ws[header_row]]
    rows = {}
    r = header_row + 1
    while ws.cell(r, 1).value not in (None, "Sum"):
        rows[ws.cell(r, 1).value] = {h: ws.cell(r, i + 1).value for i, h in enumerate(heads)}
        rows[ws.cell(r, 1).value]["_row"] = r
        r += 1
    return rows, r


def figures(ws):
    start = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "Figure")
    out = {}
    r = start + 1
    while ws.cell(r, 1).value:
        out[ws.cell(r, 1).value] = (ws.cell(r, 2).value, ws.cell(r, 3).value, ws.cell(r, 4).value)
        r += 1
    return out


def test_the_outlaw9_sheet_holds_the_certificates_exact_numbers(workbook):
    cert = certificate()
    results = cert["sections"]["outlaw9"]["results"]
    ws = workbook["Outlaw 9 High or Better"]
    assert ws["B4"].value == cert["total_hands"] == math.comb(53, 7)
    rows, _ = line_rows(ws)
    from verifier.game.paytables import line_title
    for line in results["lines"]:
        row = rows[line_title(line["category"])]
        assert row["Combinations"] == line["hands"]
        assert row["Probability (exact)"] == line["probability"]["exact"]
        assert row["Contribution (exact)"] == line["contribution"]["exact"]
        assert row["Net per unit"] == float(Fraction(line["pay"]))
        assert row["Probability"] == pytest.approx(line["probability"]["decimal"], rel=1e-12)
        assert row["Contribution"] == pytest.approx(line["contribution"]["decimal"], rel=1e-12)
    loses = rows["No line (loses)"]
    assert loses["Combinations"] == results["loses"]["hands"]
    assert loses["Net per unit"] == -1
    figs = figures(ws)
    assert figs["Return per unit bet"][1] == results["return"]["exact"]
    assert figs["House edge"][1] == results["house_edge"]["exact"]
    assert figs["Hit frequency"][1] == results["hit_frequency"]["exact"]
    assert figs["Variance"][1] == results["variance"]["exact"]
    assert figs["Standard deviation"][0] == pytest.approx(
        results["standard_deviation"]["decimal"], rel=1e-12)


def _evaluate(formula, ws, exact):
    """A re-checking formula of the sheet, worked out over exact fractions: cell
    references read the exact text columns (H, I) where the sheet has one, else the
    cell's number; D/B4 division, products, sums, SUMIF on a positive net, SUMPRODUCT."""
    def value(ref):
        ref = ref.replace("$", "")
        return exact(ref)

    def cells(a, b):
        col_a, row_a = re.fullmatch(r"([A-Z]+)(\d+)", a).groups()
        _, row_b = re.fullmatch(r"([A-Z]+)(\d+)", b).groups()
        return [value(f"{col_a}{r}") for r in range(int(row_a), int(row_b) + 1)]
    body = formula[1:]
    m = re.fullmatch(r"SUM\((\w+):(\w+)\)", body)
    if m:
        return sum(cells(*m.groups()), Fraction(0))
    m = re.fullmatch(r'SUMIF\((\w+):(\w+),">0",(\w+):(\w+)\)', body)
    if m:
        nets, probs = cells(m[1], m[2]), cells(m[3], m[4])
        return sum((p for n, p in zip(nets, probs) if n > 0), Fraction(0))
    m = re.fullmatch(r"SUMPRODUCT\((\w+):(\w+),(\w+):(\w+),(\w+):(\w+)\)-(\w+)\^2", body)
    if m:
        a, b, c = cells(m[1], m[2]), cells(m[3], m[4]), cells(m[5], m[6])
        return sum((x * y * z for x, y, z in zip(a, b, c)), Fraction(0)) - value(m[7]) ** 2
    m = re.fullmatch(r"(-|1\+)?([$\w]+)(?:([*/])([$\w]+))?", body)
    assert m, formula
    x = value(m[2])
    if m[3]:
        y = value(m[4])
        x = x * y if m[3] == "*" else x / y
    return -x if m[1] == "-" else 1 + x if m[1] == "1+" else x


@pytest.mark.parametrize("title,section", [("Outlaw 9 High or Better", "outlaw9"),
                                           ("Wrangler Push", "wrangler_push")])
def test_the_formulas_re_derive_the_figures(workbook, title, section):
    """Every re-checking cell is a formula; worked out over the exact fractions it gives
    the certificate's probability, contribution and figures."""
    ws = workbook[title]
    rows, sum_row = line_rows(ws)
    derived = {}

    def exact(ref):
        if ref in derived:
            return derived[ref]
        col, row = re.fullmatch(r"([A-Z]+)(\d+)", ref).groups()
        if col in "EF" and int(row) < sum_row:       # the exact text beside the number
            return Fraction(ws[f"{'H' if col == 'E' else 'I'}{row}"].value)
        if col == "B" and int(row) > sum_row:           # a figure: its exact text
            return Fraction(ws[f"C{row}"].value)
        v = ws[ref].value
        if isinstance(v, str) and v.startswith("="):
            derived[ref] = _evaluate(v, ws, exact)
            return derived[ref]
        return Fraction(v)
    for row in rows.values():
        r = row["_row"]
        assert str(row["Probability re-checked"]).startswith("=")
        assert str(row["Contribution re-checked"]).startswith("=")
        assert exact(f"J{r}") == Fraction(row["Probability (exact)"])
        assert exact(f"K{r}") == Fraction(row["Contribution (exact)"])
    assert exact(f"D{sum_row}") == workbook[title]["B4"].value
    results = certificate()["sections"][section]["results"]
    figs = figures(ws)
    for name, key in (("Return per unit bet", "return"), ("House edge", "house_edge"),
                      ("Return to player", "return_to_player"),
                      ("Hit frequency", "hit_frequency"), ("Variance", "variance")):
        formula = figs[name][2]
        assert formula.startswith("="), name
        assert _evaluate(formula, ws, exact) == Fraction(results[key]["exact"]), name
    assert figs["Standard deviation"][2].startswith("=SQRT(")


def test_a_designed_pay_table_is_labelled_and_keeps_the_hashes(openpyxl, tmp_path):
    """Full House at 4 to 1: the house edge the README's `solve` example prints for it,
    on a sheet labelled as not filed, with the certificate's hashes."""
    import io
    from verifier import certificate as certs
    from verifier.certificate.formula import default_table
    from verifier.report import render
    cert = certs.load(CERT)
    table = default_table(cert, "outlaw9").with_pay("full_house", 4)
    wb = openpyxl.load_workbook(io.BytesIO(render(cert, "xlsx", designed={"outlaw9": table})))
    cover = {wb["Par sheet"].cell(r, 1).value: wb["Par sheet"].cell(r, 2).value
             for r in range(1, 30)}
    assert cover["Certificate SHA-256"] == cert["sha256"]
    assert "designed pay table" in cover["Pay tables"].lower()
    assert "not filed" in cover["Pay tables"]
    ws = wb["Outlaw 9 High or Better"]
    assert "not filed" in ws["A2"].value
    assert figures(ws)["House edge"][1] == "22687/1101022"      # README: solve, 4 to 1


def test_xlsx_needs_an_output_file(capsys):
    from conftest import one_line_error
    one_line_error(["report", CERT, "--format", "xlsx"], capsys, "needs --out")
