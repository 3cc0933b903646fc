"""Hostile input at the spreadsheet's door (issue 35): no cell of an xlsx the product
writes is a formula the product did not write, whatever a person named a rule set, a
description or a pay table; control characters in those names are dropped, not a crash.

The formulas the product writes are taken from the par sheet of the same certificate
with its own names: the hostile sheet must hold exactly those, cell for cell."""
import copy
import io
from pathlib import Path

import pytest

from conftest import missing
from verifier import certificate

try:
    import openpyxl
except ImportError:
    openpyxl = None

ROOT = Path(__file__).resolve().parent.parent
MIKES = ROOT / "proofs" / "certificates" / "outlaw9-mikes.json"
#: what a spreadsheet program runs when it is taken as a formula (OWASP's examples)
HOSTILE = ['=HYPERLINK("http://evil.example/","d")', "=cmd|' /C calc'!A0", "+1+1",
           "-2+3", "@SUM(1)", "\tx", "\r=1+1"]


@pytest.fixture(scope="module")
def mikes():
    if openpyxl is None:
        missing("openpyxl (the web extra)")
    return certificate.load(MIKES)


def named(cert, name, description):
    cert = copy.deepcopy(cert)
    rs = cert["sections"]["rule_set"]["results"]
    rs["name"], rs["description"] = name, description
    return cert


def formulas(data):
    """{(sheet index, cell): formula} of every formula cell of a workbook."""
    book = openpyxl.load_workbook(io.BytesIO(data))
    return {(i, cell.coordinate): cell.value for i, ws in enumerate(book.worksheets)
            for row in ws.iter_rows() for cell in row if cell.data_type == "f"}


def texts(data):
    book = openpyxl.load_workbook(io.BytesIO(data))
    return [cell for ws in book.worksheets for row in ws.iter_rows() for cell in row
            if isinstance(cell.value, str)]


@pytest.mark.slow
@pytest.mark.parametrize("text", HOSTILE)
def test_no_cell_of_a_par_sheet_is_a_formula_the_product_did_not_write(text, mikes):
    from verifier.web.editor import parsheet
    clean = parsheet(certificate.Certificate.of(mikes), "xlsx", bet="outlaw9",
                     pays={"full_house": "5"}, name="Mine")
    hostile = parsheet(certificate.Certificate.of(named(mikes, text, text)), "xlsx", bet="outlaw9",
                       pays={"full_house": "5"}, name=text)
    assert formulas(hostile) == formulas(clean)
    product = set(formulas(clean).values())       # the product's own, the same in both
    shown = [c for c in texts(hostile) if text.strip() in c.value and c.value not in product]
    assert shown and all(c.data_type == "s" for c in shown)
    # text that starts like a formula is quote-prefixed, as a person types it
    assert all(c.quotePrefix for c in shown if c.value.startswith(text))


def test_the_report_command_writes_no_formula_of_a_rule_sets_description(mikes, tmp_path):
    from verifier.report import render
    data = render(named(mikes, "outlaw9-mikes", HOSTILE[0]), "xlsx")
    assert formulas(data) == formulas(render(mikes, "xlsx"))
    (cover,) = [c for c in texts(data) if c.value == HOSTILE[0]]
    assert (cover.data_type, cover.quotePrefix) == ("s", True)


def test_control_characters_in_a_name_are_dropped_not_a_crash(mikes):
    from verifier.web.editor import parsheet
    data = parsheet(certificate.Certificate.of(named(mikes, "bell\x07name",
                                                     "nul\x00 and esc\x1b here")), "xlsx",
                    bet="outlaw9", pays={"full_house": "5"}, name="form\x0cfeed")
    values = [c.value for c in texts(data)]
    assert "nul and esc here" in values
    assert any("formfeed" in v for v in values)
    assert not any(ch in v for v in values for ch in "\x00\x07\x0c\x1b")
