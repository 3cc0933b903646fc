"""The par sheet as a spreadsheet (``report --format xlsx``): read back with openpyxl, its
numbers are the certificate's exact ones, and it is a live model: its figures are formulas
of the pays and counts in its cells, which a formula evaluator (pycel) works out, as the
cells are and after a pay and a count are changed, to the figures computed by hand."""
import math
from fractions import Fraction
from pathlib import Path

import pytest

from verifier.cli import main

#: one worker runs them all (pytest-xdist): the workbook is written once

ROOT = Path(__file__).resolve().parent.parent
CERT = ROOT / "proofs" / "certificates" / "outlaw9-mikes.json"


@pytest.fixture(scope="module")
def openpyxl():
    try:
        import openpyxl
    except ImportError:
        from conftest import missing
        missing("openpyxl (pip install '.[web]')")
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
    while ws.cell(r, 1).value not in (None, "Flags"):
        out[ws.cell(r, 1).value] = (ws.cell(r, 2).value, ws.cell(r, 3).value, ws.cell(r, 4).value)
        r += 1
    return out


def category_sets(ws):
    """{lines shown together: (hands, row)} of a bet sheet's category sets."""
    start = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value ==
                 "Lines shown together")
    out, r = {}, start + 1
    while ws.cell(r, 1).value:
        out[ws.cell(r, 1).value] = ws.cell(r, 2).value
        r += 1
    return out


def set_row(ws, lines):
    start = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value ==
                 "Lines shown together")
    return next(r for r in range(start, ws.max_row + 1) if ws.cell(r, 1).value == lines)


def test_the_outlaw9_sheet_holds_the_certificates_exact_numbers(workbook):
    cert = certificate()
    results = cert["sections"]["outlaw9"]["results"]
    ws = workbook["Outlaw 9 High or Better"]
    assert ws["B4"].value == cert["total_hands"] == math.comb(53, 7)
    rows, _ = line_rows(ws)
    from verifier.game.paytables import line_title
    for line in results["lines"]:
        row = rows[line_title(line["category"])]
        assert row["Combinations"].startswith("=SUMIF(")      # the sets paid on the line
        assert row["Probability (exact, as certified)"] == line["probability"]["exact"]
        assert row["Contribution (exact, as certified)"] == line["contribution"]["exact"]
        assert row["Net per unit"] == float(Fraction(line["pay"]))
    loses = rows["No line (loses)"]
    assert loses["Combinations"].startswith("=$B$4-SUM(")  # the hands in no set
    assert loses["Net per unit"] == -1
    sets = category_sets(ws)
    assert sum(sets.values()) == cert["total_hands"] - results["loses"]["hands"]
    figs = figures(ws)
    assert figs["Return per unit bet"][1] == results["return"]["exact"]
    assert figs["House edge"][1] == results["house_edge"]["exact"]
    assert figs["Hit frequency"][1] == results["hit_frequency"]["exact"]
    assert figs["Variance"][1] == results["variance"]["exact"]


@pytest.fixture(scope="module")
def evaluator(workbook):
    """pycel, a formula evaluator (the ``test`` extra), over the workbook as written."""
    try:
        from pycel import ExcelCompiler
    except ImportError:
        from conftest import missing
        missing("pycel (pip install '.[test]')")
    return lambda: ExcelCompiler(excel=workbook)


def by_hand(lines, total):
    """The figures of a bet worked out here from its (net, hands) lines over exact
    fractions: p = hands / total, return = sum p x net, hit frequency = sum of p over the
    lines that pay, variance = sum p x net^2 - return^2."""
    p = [(Fraction(net), Fraction(hands, total)) for net, hands in lines]
    ret = sum((q * net for net, q in p), Fraction(0))
    variance = sum((q * net * net for net, q in p), Fraction(0)) - ret ** 2
    return {"Return per unit bet": ret, "House edge": -ret, "Return to player": 1 + ret,
            "Hit frequency": sum((q for net, q in p if net > 0), Fraction(0)),
            "Variance": variance, "Standard deviation": math.sqrt(variance),
            "Volatility index": 1.6448536269514722 * math.sqrt(variance)}


def cert_lines(section):
    """[(net, hands)] of a certificate bet's paying lines and its losing line."""
    results = certificate()["sections"][section]["results"]
    return [(Fraction(x["pay"]), x["hands"]) for x in results["lines"]] + [
        (Fraction(-1), results["loses"]["hands"])]


def recomputed(xl, title, ws):
    """{figure: value} of the figures' formula cells, as the evaluator works them out."""
    start = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "Figure")
    out, r = {}, start + 1
    while ws.cell(r, 1).value not in (None, "Flags"):
        out[ws.cell(r, 1).value] = xl.evaluate(f"'{title}'!B{r}")
        r += 1
    return out


def close(value, exact):
    return value == pytest.approx(float(exact), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("title,section", [("Outlaw 9 High or Better", "outlaw9"),
                                           ("Wrangler Push", "wrangler_push")])
def test_the_workbook_recalculates_to_the_certificates_figures(workbook, evaluator, title,
                                                                section):
    """Every figure is a formula of the line table; a formula evaluator works them out to
    the figures computed here from the certificate's counts and pays."""
    ws = workbook[title]
    total = ws["B4"].value
    assert total == certificate()["sections"][section]["results"].get(
        "total_hands", total)
    for name, value in figures(ws).items():
        assert str(value[0]).startswith("="), name
    expected = by_hand(cert_lines(section), total)
    got = recomputed(evaluator(), title, ws)
    assert set(got) == set(expected)
    for name, value in got.items():
        assert close(value, expected[name]), (name, value, expected[name])


def test_a_changed_pay_and_count_move_every_figure(workbook, evaluator):
    """Full House's pay set to 4 in its cell and the hands showing a flush alone (a
    category set) raised by 1,000,000: the evaluator's edge, hit frequency, variance and
    SD are the exact ones worked out by hand from the changed lines (Flush 1,000,000
    hands more, the losing hands as many fewer; the issue's test of a live model)."""
    title = "Outlaw 9 High or Better"
    ws = workbook[title]
    rows, _ = line_rows(ws)
    xl = evaluator()
    recomputed(xl, title, ws)                # the cells the figures read, in its cell map
    flush_alone = set_row(ws, "Flush")
    xl.set_value(f"'{title}'!C{rows['Full House']['_row']}", 4)
    xl.set_value(f"'{title}'!B{flush_alone}", ws[f"B{flush_alone}"].value + 1_000_000)
    from verifier.game.paytables import line_title
    results = certificate()["sections"]["outlaw9"]["results"]
    lines = []
    for x in results["lines"]:
        title_x = line_title(x["category"])
        lines.append((4 if title_x == "Full House" else Fraction(x["pay"]),
                      x["hands"] + (1_000_000 if title_x == "Flush" else 0)))
    lines.append((-1, results["loses"]["hands"] - 1_000_000))
    expected = by_hand(lines, math.comb(53, 7))
    got = recomputed(xl, title, ws)
    for name, value in got.items():
        assert close(value, expected[name]), (name, value, expected[name])
    assert not close(got["House edge"], Fraction(results["house_edge"]["exact"]))
    flush = rows["Flush"]["_row"]
    (hands,) = [h for (_, h), x in zip(lines, results["lines"]) if x["category"] == "flush"]
    assert close(xl.evaluate(f"'{title}'!F{flush}"), Fraction(hands, math.comb(53, 7)))
    assert close(xl.evaluate(f"'{title}'!H{flush}"), Fraction(math.comb(53, 7), hands))


def test_counts_beyond_15_digits_are_also_exact_text_with_a_note(workbook):
    """Wrangler Push's losing pairs, 4,853,349,909,017,968 (16 digits): a number, and its
    exact digits as text beside it, with the note why; Outlaw 9's counts need none."""
    ws = workbook["Wrangler Push"]
    rows, _ = line_rows(ws)
    loses = rows["No line (loses)"]
    assert loses["Combinations (exact text, over 15 digits)"] == "4853349909017968 (as certified)"
    # the pushes without a pair of 3s or better are the Push line's hands, 16 digits
    (push,) = [x["hands"] for x in certificate()["sections"]["wrangler_push"]["results"]["lines"]
               if x["category"] == "push"]
    row = set_row(ws, "Push")
    assert ws[f"B{row}"].value == push > 10 ** 15 and ws[f"C{row}"].value == str(push)
    assert ws["C4"].value == "8250459031214400" == str(ws["B4"].value)
    texts = [ws.cell(r, 1).value for r in range(1, ws.max_row + 1)]
    assert any("15 significant digits" in str(t) for t in texts)
    o9, _ = line_rows(workbook["Outlaw 9 High or Better"])
    assert all(r["Combinations (exact text, over 15 digits)"] is None for r in o9.values())


def test_numbers_are_numbers_and_percentages_are_percentages(workbook):
    """The house edge is a fraction with a percentage format (not -0.00655 in decimals);
    the house way's counts are numbers (not the text '1,128'), its probabilities formulas
    of them."""
    ws = workbook["Outlaw 9 High or Better"]
    start = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "Figure")
    formats = {ws.cell(r, 1).value: ws.cell(r, 2).number_format
               for r in range(start + 1, start + 8)}
    for name in ("House edge", "Return to player", "Hit frequency"):
        assert formats[name].endswith("%"), name
    hw = workbook["House way mikes"]
    cells = {hw.cell(r, 1).value: (hw.cell(r, 2).value, hw.cell(r, 3).value)
             for r in range(1, hw.max_row + 1)}
    assert cells["1 five aces"][0] == math.comb(48, 2)   # four aces, the joker, any two
    assert cells["1 five aces"][1].startswith("=B")
    assert all(not isinstance(v[0], str) or not v[0].replace(",", "").isdigit()
               for v in cells.values())


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
