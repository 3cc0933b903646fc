"""The small causes of issue 35: contradictory output options refused; ``serve --host``
refused in one line (no warning before it); a FIFO named like a strategy chunk refused in
one line (test_hostile_input.py::test_a_fifo_named_like_a_strategy_chunk_is_never_opened);
raw markup from a submission or a designed name shown, never rendered, in the
Markdown reports."""
import copy
import re
from pathlib import Path

import pytest

from conftest import one_line_error
from verifier.cli import main

ROOT = Path(__file__).resolve().parent.parent
MIKES = ROOT / "proofs" / "certificates" / "outlaw9-mikes.json"


def test_ratings_refuses_json_and_csv_together(capsys):
    one_line_error(["house-ways", "ratings", "mikes", "--json", "--csv"], capsys,
                   "argument --csv: not allowed with argument --json")


def test_serve_on_an_address_it_cannot_listen_on_is_one_line_and_no_warning(capsys):
    pytest.importorskip("uvicorn")
    # 10.255.255.1 is on no interface of a test machine: the bind fails
    line = one_line_error(["serve", "--host", "10.255.255.1", "--port", "8765"], capsys)
    assert "warning" not in line


def test_raw_markup_in_a_par_sheets_names_is_escaped_in_markdown():
    from verifier import certificate
    from verifier.report import render
    from verifier.report.markdown import md_code, md_table, md_text
    cert = copy.deepcopy(certificate.load(MIKES))
    rs = cert["sections"]["rule_set"]["results"]
    rs["description"] = "Mine: <img src=x onerror=alert(1)> [click](http://evil.example/)"
    rs["name"] = "x`y"
    md = render(cert, "markdown")
    assert ("\\<img src=x onerror=alert(1)\\> \\[click\\](http://evil.example/)."
            in md.splitlines()[2])
    assert not re.search(r"(?<!\\)<img|(?<!\\)\[click", md)      # none unescaped
    assert "| Rule set | ``x`y`` |" in md
    # the helpers, on their own
    assert md_text("*bold* _it_ # h\n![i](u) a&b ~s~") == \
        "\\*bold\\* \\_it\\_ \\# h \\!\\[i\\](u) a\\&b \\~s\\~"
    assert md_code("`a`") == "`` `a` ``"
    assert md_table(["a"], [["x|y\nz"]]).splitlines()[-1] == "| x\\|y z |"


def test_raw_markup_from_a_submission_is_escaped_in_the_audit_report(tmp_path, capsys):
    claims = tmp_path / "evil_*x*_[y](z).csv"
    claims.write_text("Rule set,outlaw9-mikes\nBet,Outlaw 9\nLine,Combinations\n"
                      "5 Aces,1128\n")
    out = tmp_path / "report.md"
    assert main(["audit", str(claims), "--out", str(out)]) == 0
    md = out.read_text()
    assert md.splitlines()[0] == "# Audit of " + str(tmp_path).replace("_", "\\_") + \
        "/evil\\_\\*x\\*\\_\\[y\\](z).csv"
    assert "[y](z)" not in md
