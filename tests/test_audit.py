"""Auditing a submitted par sheet (issue 29; verifier/audit/, docs/AUDIT.md).

The claims are typed in from published tables (the Wizard of Odds' Pai Gow Mania and
Jackpot Pai Gow tables, examples/audit/make_examples.py names the pages) or from closed
forms written here; the exact figures come from the shipped certificates, so nothing is
enumerated. Each planted flaw of examples/audit/flawed.xlsx is found, and only it; each
kind of bad input is one line, exit 2, and nothing written."""
import io
import json
import math
import zipfile
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import missing, one_line_error
from verifier import certificate
from verifier.audit import read
from verifier.audit.judge import FAILS, HOLDS, NOT_CHECKED, audit
from verifier.audit.numbers import parse
from verifier.cli import main
from verifier.support.errors import VerifierError

try:
    import openpyxl
except ImportError:         # the audit extra: the xlsx tests skip here, and fail in CI
    openpyxl = None

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "audit"
MIKES = ROOT / "proofs" / "certificates" / "outlaw9-mikes.json"
C53 = math.comb(53, 7)


@pytest.fixture(scope="module")
def mikes():
    return certificate.load(MIKES)


@pytest.fixture(scope="module")
def xlsx():
    if openpyxl is None:
        missing("openpyxl (the audit extra)")


@pytest.fixture(scope="module")
def flawed(mikes, xlsx):
    return audited(EXAMPLES / "flawed.xlsx", mikes)


def audited(path, cert):
    return audit(read(path), cert, "outlaw9-mikes.json")


def claims_csv(folder, rows):
    """claims.csv of the default game with these rows."""
    path = folder / "claims.csv"
    path.write_text("Rule set,outlaw9-mikes\n" + rows)
    return path


def statuses(result):
    return {f.status for f in result.findings}


# ---------------------------------------------------------------------------------------
# published tables, typed in, pass as claims


@pytest.mark.parametrize("name", ["correct.xlsx", "correct.csv"])
def test_the_published_tables_typed_in_hold(name, mikes, xlsx):
    result = audited(EXAMPLES / name, mikes)
    assert statuses(result) == {HOLDS}
    claims = {(f.bet.split(",")[0], f.line, f.figure): f.claimed for f in result.findings}
    # the Wizard of Odds' counts and house edges (appendix/5 and appendix/3)
    assert claims[("Pai Gow Mania", "Four of a Kind", "combinations")] == "307,472"
    assert claims[("Pai Gow Mania", "", "house_edge")] == "6.37%"
    assert claims[("Jackpot Pai Gow Poker", "Straight Flush", "combinations")] == "173,084"
    assert claims[("Jackpot Pai Gow Poker", "", "house_edge")] == "2.21%"
    # Pai Gow Mania: 8 lines and the losing hands (combinations, probability, odds), the
    # total (combinations, probability) and the edge
    mania = [f for f in result.findings if f.bet.startswith("Pai Gow Mania")]
    assert len(mania) == 9 * 3 + 2 + 1


def test_closed_forms_of_every_bet_figure_hold_and_a_digit_off_does_not(tmp_path, mikes):
    """A custom seven-card bet paying 1,000 to 1 on five aces only: p = C(48,2)/C(53,7)
    (the joker, the four aces and any two others), return 1001p - 1, variance
    1000^2 p + (1 - p) - return^2, the standard deviation its root, hit frequency p."""
    p = Fraction(math.comb(48, 2), C53)
    ret = 1001 * p - 1
    var = 1000 ** 2 * p + (1 - p) - ret ** 2
    sd = math.sqrt(var)                     # only to print the claim; judged exactly
    good = {"return": f"{float(ret):.8f}", "house_edge": f"{float(-ret) * 100:.4f}%",
            "return_to_player": f"{float(1 + ret) * 100:.4f}%",
            "hit_frequency": f"{float(p):.10f}", "variance": f"{float(var):.6f}",
            "standard_deviation": f"{sd:.6f}"}

    def toml(figures, probability):
        lines = "\n".join(f'{k} = "{v}"' for k, v in figures.items())
        return ('[game]\nrule_set = "outlaw9-mikes"\n\n[[bet]]\nbet = "custom"\n'
                f'reads = "seven-card"\n{lines}\n\n[[bet.line]]\nline = "Five Aces"\n'
                f'pays = 1000\ncombinations = 1128\nprobability = {probability}\n'
                f'odds = "1 in {float(1 / p):,.2f}"\n')
    path = tmp_path / "claims.toml"
    path.write_text(toml(good, f"{float(p):.12f}"))
    result = audited(path, mikes)
    assert statuses(result) == {HOLDS} and len(result.findings) == 9
    # one unit of the last digit up, then down: it does not hold, and a higher figure
    # shows the player better off (the house edge: the house; a spread: neither)
    up = {"return": "player", "house_edge": "house", "return_to_player": "player",
          "hit_frequency": "player", "variance": "", "standard_deviation": ""}
    for figure, text in good.items():
        digits, percent = Decimal(text.rstrip("%")), "%" if text.endswith("%") else ""
        unit = Decimal(1).scaleb(digits.as_tuple().exponent)
        for off, errs in ((digits + unit, up[figure]),
                          (digits - unit, {"player": "house", "house": "player"}.get(
                              up[figure], ""))):
            path.write_text(toml(dict(good, **{figure: f"{off}{percent}"}), f"{float(p):.12f}"))
            failing = [(f.figure, f.errs) for f in audited(path, mikes).findings
                       if f.status == FAILS]
            assert failing == [(figure, errs)]


# ---------------------------------------------------------------------------------------
# the planted flaws


def test_each_planted_flaw_is_found_and_only_it(flawed):
    result = flawed
    failing = {(f.where.sheet, f.where.cell, f.figure, f.errs): f for f in result.findings
               if f.status == FAILS}
    assert set(failing) == {
        # 173,048 for the published 173,084: a paying line undercounted
        ("Jackpot Pai Gow", "cell C14", "combinations", "house"),
        # 2.20% where the published (and exact) edge rounds to 2.21%
        ("Jackpot Pai Gow", "cell B25", "house_edge", "player"),
        # 224,848 / C(52,7): a standard deck's four of a kind
        ("Pai Gow Mania", "cell D10", "probability", "house")}
    count = failing[("Jackpot Pai Gow", "cell C14", "combinations", "house")]
    assert (count.claimed, count.exact_text, count.difference) == ("173,048", "173,084", "-36")
    probability = failing[("Pai Gow Mania", "cell D10", "probability", "house")]
    assert probability.exact == Fraction(307_472, C53)
    assert statuses(result) == {HOLDS, FAILS}


def test_the_flawed_submission_names_its_flaws_on_the_command_line(capsys, xlsx):
    assert main(["audit", str(EXAMPLES / "flawed.xlsx")]) == 1
    out = capsys.readouterr().out
    flaws = out.split("Does not hold:\n")[1].split("\n\n")[0].splitlines()
    assert len(flaws) == 3
    assert any("sheet Jackpot Pai Gow, cell C14" in f and "claimed 173,048, exact 173,084"
               in f for f in flaws)
    assert out.splitlines()[-1] == "DOES NOT HOLD: 3 of 50 checked claims are wrong"


def test_the_report_names_its_date_and_reviewer_and_says_whom_a_flaw_errs_for(
        capsys, tmp_path, xlsx):
    """Issue 38: the audit's date and reviewer in every form of the report, and on the
    terminal what "errs for" means (docs/AUDIT.md)."""
    md = tmp_path / "audit.md"
    assert main(["audit", str(EXAMPLES / "flawed.xlsx"), "--reviewer", "A. Reviewer",
                 "--date", "2026-11-20", "--out", str(md)]) == 1
    out = capsys.readouterr().out
    assert "audited      2026-11-20, by A. Reviewer" in out
    assert "(errs for the player: the claimed figure shows the player better off" in out
    assert "| Audited | 2026-11-20, by A. Reviewer |" in md.read_text()
    assert main(["audit", str(EXAMPLES / "flawed.xlsx"), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["reviewer"] is None and len(data["date"]) == 10
    assert main(["audit", str(EXAMPLES / "flawed.xlsx"), "--date", "20-11-2026"]) == 2
    assert "--date '20-11-2026': a date as YYYY-MM-DD" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------
# the rounding rules


@pytest.mark.parametrize("text,exact,holds", [
    ("2.21%", Fraction(22087, 1_000_000), True),            # 2.2087% rounds to 2.21%
    ("2.20%", Fraction(22087, 1_000_000), False),
    ("0.125", Fraction(1, 8), True),
    ("0.12", Fraction(1, 8), True), ("0.13", Fraction(1, 8), True),   # halfway: either way
    ("0.1", Fraction(1, 8), True), ("0.2", Fraction(1, 8), False),
    ("1/8", Fraction(1, 8), True), ("1/7", Fraction(1, 8), False),
    ("7.32e-06", Fraction(1128, C53), True), ("7.31e-06", Fraction(1128, C53), False),
    ("-0.0267", Fraction(-267, 10_000), True), ("\N{MINUS SIGN}0.0267", Fraction(-267, 10_000), True),
])
def test_a_number_holds_when_the_exact_value_rounds_to_it(text, exact, holds):
    assert parse(text, "here").holds(exact) is holds


def test_counts_must_be_equal_and_odds_read_one_in_n():
    assert parse("4,185,852", "here", count=True).holds(Fraction(4_185_852))
    assert not parse("4,185,852", "here", count=True).holds(Fraction(4_185_853))
    with pytest.raises(VerifierError, match="not a count"):
        parse("4185852.5", "here", count=True)
    # 7-card straight flushes: 32 of C(53,7) = 1 in 4,816,971.25
    assert parse("1 in 4,816,971", "here", odds=True).holds(Fraction(C53, 32))
    assert not parse("1 in 4,816,972", "here", odds=True).holds(Fraction(C53, 32))


@pytest.mark.parametrize("text", ["1e999", "1e-31", "1" * 22, "abc", "1/0", "0,5", "1 in 5",
                                  "\N{INFINITY}", "nan"])
def test_a_number_out_of_range_or_not_a_number_is_bad_input(text):
    with pytest.raises(VerifierError, match=r"^here: .* (is not a number|is out of range|"
                                            "divides by zero)"):
        parse(text, "here")


def test_a_standard_deviation_is_judged_by_squares():
    # variance 2: sqrt 2 = 1.41421...; 1.4145 squared is 2.00081025 exactly
    assert parse("1.414", "sd").holds_for_square(Fraction(2))
    assert not parse("1.415", "sd").holds_for_square(Fraction(2))
    halfway = Fraction(200081025, 10 ** 8)
    assert parse("1.414", "sd").holds_for_square(halfway)
    assert parse("1.415", "sd").holds_for_square(halfway)
    assert not parse("-1", "sd").holds_for_square(Fraction(1))


# ---------------------------------------------------------------------------------------
# the base game, and figures the certificate lacks


def base_game_csv(path, extra=""):
    # C(53,7) player hands times C(46,7) banker hands of the other cards
    path.write_text("Rule set,outlaw9-mikes\nBet,Base game\nLine,Combinations\n"
                    f"Total,\"{C53 * math.comb(46, 7):,}\"\n{extra}")
    return path


def test_the_base_game_total_is_every_ordered_pair(tmp_path, mikes):
    result = audited(base_game_csv(tmp_path / "base.csv"), mikes)
    assert [f.status for f in result.findings] == [HOLDS]
    assert result.findings[0].claimed == "8,250,459,031,214,400"


def test_claims_the_certificate_cannot_check_are_not_checked_never_passed(tmp_path, mikes):
    cert = dict(mikes, sections={k: v for k, v in mikes["sections"].items()
                                 if k != "base_game"})      # a --no-base-game certificate
    path = base_game_csv(tmp_path / "base.csv", "\nHouse edge,1.2782%\n\nBet,Wrangler Push\n"
                         "Line,Pays\nPush,1\nPush with pair of 3s or better,2\n\n"
                         "House edge,5.98%\n")
    result = audit(read(path), cert, "no-base-game.json")
    assert [f.status for f in result.findings] == [NOT_CHECKED] * 3
    assert all("base_game" in f.reason for f in result.findings)
    # nothing judged is never a pass (issue 35): exit 1, and the verdict says so
    assert result.exit_status == 1
    assert result.verdict == "NOTHING JUDGED: none of the 3 claims could be checked"


# ---------------------------------------------------------------------------------------
# lenient names, the game, the report


def test_column_and_figure_names_are_matched_leniently(tmp_path, mikes):
    path = tmp_path / "lenient.csv"
    path.write_text("RULE_SET,outlaw9-mikes\nbonus reading,Seven Card\nSide Bet,custom\n"
                    "reads,seven-card\n\nHAND,Pay,COMBOS,Prob.,1 in,EV,notes\n"
                    "5 aces,500,\"1,128\",7.32e-06,\"136,652\",,\"C(48,2)\"\n"
                    "Royal Flush,250,,,,,\nStraight Flush,50,,,,,\nFour of a Kind,25,,,,,\n"
                    "Full House,5,,,,,\nFlush,4,,,,,\nThree of a Kind,3,,,,,\nStraight,2,,,,,\n"
                    "\nHouse_Edge,6.37%\n")
    result = audited(path, mikes)
    assert [(f.figure, f.status) for f in result.findings] == [
        ("combinations", HOLDS), ("probability", HOLDS), ("odds", HOLDS),
        ("house_edge", HOLDS)]


@pytest.mark.parametrize("row,contains", [
    ("Rule set,casino-standard", "the claims are of rule set casino-standard, the "
                                 "certificate"),
    ("House way,foxwoods", "house way foxwoods"),
    ("Bonus reading,house-way", "bonus reading house-way"),
])
def test_a_game_other_than_the_certificates_is_one_line(row, contains, tmp_path, mikes):
    path = tmp_path / "claims.csv"
    path.write_text(f"{row}\nBet,Outlaw 9\nLine,Combinations\n5 Aces,1128\n")
    with pytest.raises(VerifierError) as error:
        audited(path, mikes)
    assert str(error.value).startswith(f"{path}, cell B1: ") and contains in str(error.value)


def test_a_game_other_than_the_certificates_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "claims.csv"
    path.write_text("Rule set,casino-standard\nBet,Outlaw 9\nLine,Combinations\n5 Aces,1128\n")
    refused([path, "--rules", "outlaw9-mikes"], capsys, "claims.csv, cell B1: the claims are "
            "of rule set casino-standard, not outlaw9-mikes (--rules)", tmp_path)


@pytest.mark.slow
def test_the_report_is_written_in_every_format(tmp_path, capsys, flawed):
    out = tmp_path / "audit.md"
    assert main(["audit", str(EXAMPLES / "flawed.xlsx"), "--out", str(out)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == f"audit report written: {out} (markdown)"
    md = out.read_text()
    assert "| Where | Claim | Claimed | Exact | Difference | Errs for | Verdict |" in md
    from verifier.audit.render import render
    for text in (md, render(flawed, "html"), render(flawed, "json")):
        assert "173,048" in text and "2.20%" in text and "does not hold" in text
    data = json.loads(render(flawed, "json"))
    assert (data["holds"], data["does_not_hold"], data["not_checked"]) == (47, 3, 0)
    assert main(["audit", str(EXAMPLES / "correct.xlsx"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "HOLDS: all 50 checked claims hold"


def test_the_report_as_pdf_on_the_paper_asked_for(flawed, tmp_path, capsys):
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError):
        pytest.skip("WeasyPrint is not installed (the pdf extra)")
    from pdfpages import page_boxes, words_beyond_margins
    from verifier.audit.render import render
    out = tmp_path / "audit.pdf"
    assert main(["audit", str(EXAMPLES / "flawed.xlsx"), "--paper", "letter",
                 "--out", str(out)]) == 1
    assert out.read_bytes().startswith(b"%PDF")
    # US Letter turned to landscape: 11 by 8.5 inches, 792 by 612 points
    assert {(round(w), round(h)) for w, h, _ in page_boxes(out)} == {(792, 612)}
    assert words_beyond_margins(out, 14, 14) == []          # paper.py's side margins
    # the default: A4, landscape (the html's page rule; the PDF is WeasyPrint's of it)
    assert "size: A4 landscape;" in render(flawed, "html")
    assert "size: letter landscape;" in render(flawed, "html", "letter")


# ---------------------------------------------------------------------------------------
# bad input: one line naming file, sheet and cell; exit 2; nothing written


def workbook(path, rows, title="Outlaw 9"):
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = title
    for row in rows:
        ws.append(row)
    book.save(path)
    return path


def refused(argv, capsys, contains, tmp_path):
    out = tmp_path / "report.md"
    line = one_line_error(["audit", *argv, "--out", out], capsys, contains)
    assert not out.exists() and not [p for p in tmp_path.iterdir() if p.name.startswith(".")]
    return line


def test_text_in_a_numeric_cell(tmp_path, capsys, xlsx):
    path = workbook(tmp_path / "flawed.xlsx", [
        ["Rule set", "outlaw9-mikes"], ["Bet", "Outlaw 9"], [],
        ["Line", "Pays", "Combinations", "Probability"], ["5 Aces", 200, 1128, "abc"]])
    refused([path], capsys, "flawed.xlsx, sheet Outlaw 9, cell D5: 'abc' is not a number",
            tmp_path)


def test_a_line_table_without_claim_columns(tmp_path, capsys, xlsx):
    path = workbook(tmp_path / "claims.xlsx", [["Rule set", "outlaw9-mikes"],
                                               ["Line", "Notes"], ["5 Aces", "x"]])
    refused([path], capsys, "sheet Outlaw 9, cell A2: a line table with no Pays column and "
                            "no claim column", tmp_path)


def test_an_unknown_column(tmp_path, capsys):
    path = claims_csv(tmp_path, "Bet,Outlaw 9\nLine,Probabilty\n5 Aces,0.1\n")
    refused([path], capsys, "claims.csv, cell B3: unknown column 'Probabilty'", tmp_path)


def test_a_pay_table_that_is_not_the_bets_lines(tmp_path, capsys):
    path = claims_csv(tmp_path, "Bet,Outlaw 9\nLine,Pays,Combinations\n"
                    "5 Aces,200,1128\nTwo Pair,1,5\n")
    refused([path], capsys, "claims.csv, cell A5: unknown Outlaw 9 High or Better category "
                            "'Two Pair'", tmp_path)


def test_a_line_that_is_not_in_the_certificates_pay_table(tmp_path, mikes):
    path = claims_csv(tmp_path, "Bet,Wrangler Push\nLine,Combinations\n"
                    "Full House,5\n")
    with pytest.raises(VerifierError, match=r"claims.csv, cell A4: unknown Wrangler Push "
                                            "category 'Full House'"):
        audited(path, mikes)
    path.write_text("Rule set,outlaw9-mikes\nBet,Pai Gow Insurance\nLine,Combinations\n"
                    "9 High,31080\n")
    with pytest.raises(VerifierError, match="this certificate has no pai_gow_insurance "
                                            "section"):
        audited(path, mikes)


def test_a_pay_missing_from_the_pays_column(tmp_path, mikes):
    path = claims_csv(tmp_path, "Bet,Outlaw 9\nLine,Pays,Combinations\n"
                    "5 Aces,200,1128\nFlush,,5\n")
    with pytest.raises(VerifierError, match="claims.csv, cell A5: line 'Flush' has no pay"):
        audited(path, mikes)


def sheet_xml(rows, dimension=None):
    dim = f'<dimension ref="{dimension}"/>' if dimension else ""
    return ('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.'
            f'openxmlformats.org/spreadsheetml/2006/main">{dim}<sheetData>{rows}'
            '</sheetData></worksheet>').encode()


def replace_sheet(source, target, xml):
    """``source`` with its first sheet's XML replaced (the rest as openpyxl wrote it)."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w",
                                                         zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            data = zin.read(item)
            zout.writestr(item, xml if item.filename == "xl/worksheets/sheet1.xml" else data)
    return target


@pytest.mark.parametrize("dimension", ["A1:B1000000", None])
def test_a_sheet_of_a_million_rows(dimension, tmp_path, capsys, xlsx):
    base = workbook(tmp_path / "base.xlsx", [["x"]])
    rows = "".join(f'<row r="{i}"><c r="A{i}"><v>1</v></c></row>'
                   for i in range(1, 10 ** 6 + 1)) if dimension is None else \
        '<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>'
    path = replace_sheet(base, tmp_path / "huge.xlsx", sheet_xml(rows, dimension))
    line = refused([path, "--rules", "outlaw9-mikes"], capsys, "huge.xlsx, sheet Outlaw 9: ",
                   tmp_path)
    assert line == (f"paigow-verify: error: {path}, sheet Outlaw 9: "
                    + ("1,000,000 rows (at most 10,000 are read: a par sheet has far fewer)"
                       if dimension else "more than 10,000 rows (a par sheet has far fewer)"))


def test_a_sheet_of_too_many_cells(tmp_path, capsys, xlsx):
    # 1,000 rows of 201 cells: 201,000 cells, past the 200,000 a workbook may hold
    base = workbook(tmp_path / "base.xlsx", [["x"]])
    row = "<c><v>1</v></c>" * 201
    rows = "".join(f'<row r="{i}">{row}</row>' for i in range(1, 1001))
    path = replace_sheet(base, tmp_path / "wide.xlsx", sheet_xml(rows))
    refused([path], capsys, "wide.xlsx, sheet Outlaw 9: more than 200,000 cells in the "
                            "workbook", tmp_path)


def test_a_par_sheet_of_a_thousand_bets(tmp_path, capsys):
    path = claims_csv(tmp_path, "Bet,Outlaw 9\nHouse edge,1%\n" * 1000)
    refused([path], capsys, "claims.csv, cell B202: more than 100 bets in one par sheet",
            tmp_path)


def test_a_csv_of_a_million_rows(tmp_path, capsys):
    path = tmp_path / "huge.csv"
    path.write_text("Line,Combinations\n" + "5 Aces,1\n" * 10 ** 6)
    refused([path], capsys, "huge.csv: too large for a claims file", tmp_path)


def test_an_xlsx_bomb_is_refused_from_the_zip_directory(tmp_path, capsys, xlsx):
    base = workbook(tmp_path / "base.xlsx", [["x"]])
    path = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(base) as zin, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for item in zin.infolist():
            z.writestr(item, zin.read(item))
        with z.open("xl/media/zeros.bin", "w", force_zip64=True) as f:
            block = bytes(1 << 20)
            for _ in range(65):                          # 65 MiB of zeros, 65 KB packed
                f.write(block)
    assert path.stat().st_size < 1 << 20
    refused([path], capsys, "bomb.xlsx: part xl/media/zeros.bin would inflate to", tmp_path)


def test_a_macro_workbook_is_not_read(tmp_path, capsys, xlsx):
    path = workbook(tmp_path / "claims.xlsm", [["Rule set", "outlaw9-mikes"]])
    refused([path], capsys, "claims.xlsm: a macro-enabled workbook is not read", tmp_path)
    disguised = tmp_path / "claims.xlsx"
    with zipfile.ZipFile(path) as zin, zipfile.ZipFile(disguised, "w") as zout:
        for item in zin.infolist():
            zout.writestr(item, zin.read(item))
        zout.writestr("xl/vbaProject.bin", b"\xd0\xcf\x11\xe0")
    refused([disguised], capsys, "claims.xlsx: the workbook holds macros", tmp_path)


def test_not_a_workbook_and_not_a_claims_format(tmp_path, capsys):
    path = tmp_path / "claims.xlsx"
    path.write_bytes(b"PK but not a zip")
    refused([path], capsys, "claims.xlsx: not an xlsx workbook", tmp_path)
    other = tmp_path / "claims.ods"
    other.write_bytes(b"")
    refused([other], capsys, "claims.ods: a claims file is .csv, .xlsx or .toml", tmp_path)


def test_an_input_is_never_written_over(tmp_path, capsys):
    import shutil
    cert = tmp_path / "cert.json"
    shutil.copy(MIKES, cert)
    before = cert.read_bytes()
    one_line_error(["audit", EXAMPLES / "correct.csv", "--cert", cert, "--out", cert],
                   capsys, "it is an input of this command")
    assert cert.read_bytes() == before
    one_line_error(["audit", EXAMPLES / "correct.csv", "--out", tmp_path / "report.xlsx"],
                   capsys, "write the report as .md, .html, .pdf, .json or .txt")


def test_a_toml_syntax_error_and_a_toml_claim_of_no_number(tmp_path, capsys):
    path = tmp_path / "claims.toml"
    path.write_text("[game\n")
    refused([path], capsys, "claims.toml: not TOML", tmp_path)
    path.write_text('[game]\nrule_set = "outlaw9-mikes"\n[[bet]]\nbet = "outlaw9"\n'
                    'house_edge = true\n')
    refused([path], capsys, "claims.toml, bet 1, house_edge: True is not a number", tmp_path)


# ---------------------------------------------------------------------------------------
# fuzzing the readers: whatever the file, a judgement or one VerifierError, never another
# exception (the command line turns a VerifierError into its one line)


def _judged_or_one_error(path, cert):
    try:
        audited(path, cert)
    except VerifierError as exc:
        assert "\n" not in str(exc)


#: examples per reader: the short profile of every run, the long one of ``pytest -m fuzz``
PROFILES = [pytest.param(25, id="short"), pytest.param(100, id="long", marks=pytest.mark.fuzz)]


@pytest.mark.parametrize("examples", PROFILES)
@pytest.mark.parametrize("seed", ["correct.csv", "closed-forms.toml"])
def test_fuzz_the_claims_readers(seed, examples, mikes, tmp_path_factory):
    """The edits of tests/test_fuzz_readers.py (cuts, repeats, brackets, huge numbers, NUL
    bytes) of the example claims, and random text."""
    from hypothesis import HealthCheck, given, settings, strategies as st
    from test_fuzz_readers import mutated
    text = (EXAMPLES / seed).read_text()

    @settings(max_examples=examples, deadline=None, derandomize=examples < 100,
              suppress_health_check=list(HealthCheck))
    @given(st.one_of(mutated(text), st.text(max_size=300)))
    def run(claims):
        path = tmp_path_factory.mktemp("fuzz") / seed
        path.write_text(claims, encoding="utf-8", errors="surrogatepass")
        _judged_or_one_error(path, mikes)
    run()


@pytest.mark.parametrize("examples", PROFILES)
def test_fuzz_the_workbook_reader(examples, mikes, tmp_path_factory, xlsx):
    """Bytes of the flawed workbook replaced at random: its zip, its XML, its numbers."""
    from hypothesis import HealthCheck, given, settings, strategies as st
    data = (EXAMPLES / "flawed.xlsx").read_bytes()

    @settings(max_examples=examples, deadline=None, derandomize=examples < 100,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, len(data) - 1), st.binary(min_size=1, max_size=8))
    def run(at, junk):
        path = tmp_path_factory.mktemp("fuzz") / "claims.xlsx"
        path.write_bytes(data[:at] + junk + data[at + len(junk):])
        _judged_or_one_error(path, mikes)
    run()


def test_a_return_written_as_the_return_to_player_is_named_so(tmp_path, mikes):
    """Pai Gow Mania's house edge is 6.37% (published): a Return row of 93.63% is the
    return to player, and the report says so."""
    path = claims_csv(tmp_path, "Bet,custom\nReads,seven-card\nLine,Pays\n"
                    "Five Aces,500\nRoyal Flush,250\nStraight Flush,50\nFour of a Kind,25\n"
                    "Full House,5\nFlush,4\nThree of a Kind,3\nStraight,2\n"
                    "Return to player,93.63%\nReturn,93.63%\nReturn,-6.37%\n")
    result = audited(path, mikes)
    assert [f.status for f in result.findings] == [HOLDS, FAILS, HOLDS]
    assert "it holds as the return to player" in result.findings[1].reason


def test_odds_of_a_line_that_never_occurs(tmp_path, mikes):
    # odds "never" on a line that occurs (9 high: 31,080 hands, published) do not hold
    path = claims_csv(tmp_path, "Bet,custom\nReads,seven-card\n"
                    "Line,Pays,Combinations,Odds\n9 High,10,\"31,080\",never\n")
    (count, odds) = audited(path, mikes).findings
    assert count.status == HOLDS and odds.status == FAILS


def test_a_value_under_no_column_is_refused(tmp_path, capsys):
    path = claims_csv(tmp_path, "Bet,Outlaw 9\nLine,Combinations\n"
                    "5 Aces,1128,,0.1\n")
    refused([path], capsys, "claims.csv, cell D4: a value under no column of the line "
                            "table's header", tmp_path)


def test_published_pai_gow_counts_hold_against_the_emperors_challenge_certificate(tmp_path):
    """9, 10 and jack-high pai gows: 31,080, 248,640 and 963,480 hands (the published
    counts of tests/test_emperors_bets.py), as claims on Pai Gow Insurance; the Envy
    Bonus pays dollars per other hand, which no claim of a return can be judged on."""
    cert = certificate.load(MIKES.with_name("emperors-challenge.json"))
    path = tmp_path / "claims.csv"
    path.write_text("Rule set,emperors-challenge\nBet,Pai Gow Insurance\n"
                    "Line,Combinations\n9 High,\"31,080\"\n10 High,\"248,640\"\n"
                    "Jack High,\"963,480\"\n\nBet,Envy Bonus\nHouse edge,1%\n")
    result = audit(read(path), cert, "emperors-challenge.json")
    assert [f.status for f in result.findings] == [HOLDS] * 3 + [NOT_CHECKED]
    assert "dollars" in result.findings[-1].reason


def test_a_workbook_number_is_judged_as_its_format_shows_it(tmp_path, mikes, xlsx):
    """The cell holds a double; the sheet shows it with its format's decimals, and that
    is the claim: the filed Outlaw 9 table's edge is -126209/19267885 = -0.655023%
    (tests/test_parsheet.py), five aces C(48,2) = 1,128 of C(53,7)."""
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Outlaw 9"
    for row in (["Rule set", "outlaw9-mikes"], ["Line", "Combinations", "Probability"],
                ["5 Aces", 1128, 1128 / C53], [], ["House edge", -126209 / 19267885],
                ["Return", 126209 / 19267885]):
        ws.append(row)
    ws["B3"].number_format = "#,##0"
    ws["C3"].number_format = "0.00E+00"
    ws["B5"].number_format = "0.0000%"
    ws["B6"].number_format = '"+"0.000000;"-"0.000000'
    book.save(tmp_path / "formats.xlsx")
    result = audited(tmp_path / "formats.xlsx", mikes)
    assert [(f.claimed, f.status) for f in result.findings] == [
        ("1,128", HOLDS), ("7.32e-06", HOLDS), ("-0.6550%", HOLDS), ("0.006550", HOLDS)]


def test_a_pay_table_other_than_the_certificates_is_judged_as_submitted_and_noted(
        tmp_path, mikes):
    """The filed Outlaw 9 table with three pairs unpaid: its edge is not the filed table's
    -0.655023%, and the report notes the difference; five aces still count C(48,2)."""
    filed = [("7-Card Straight Flush", 4000), ("Royal Flush and Royal Match", 2000),
             ("7-Card Straight Flush with Joker", 1000), ("5 Aces", 200), ("Royal Flush", 100),
             ("Straight Flush", 40), ("Four of a Kind", 25), ("9 High", 12), ("10 High", 10),
             ("All Red or Black", 8), ("All Red or Black with Joker", 6), ("Full House", 5),
             ("Flush", 4), ("Three of a Kind", 3), ("Straight", 2)]
    rows = "".join(f"{line},{pay},{'1128' if line == '5 Aces' else ''}\n" for line, pay in filed)
    path = claims_csv(tmp_path, f"Bet,Outlaw 9\nLine,Pays,Combinations\n{rows}\n"
                                "House edge,-0.655023%\n")
    result = audited(path, mikes)
    assert [f.status for f in result.findings] == [HOLDS, FAILS]
    (note,) = result.notes
    assert "Three Pairs not paid (certificate: 1 to 1)" in note


def test_the_toml_layout_names_each_claim_by_its_keys(mikes):
    """examples/audit/closed-forms.toml: 32 seven-card straight flushes (8 runs x 4 suits),
    odds 1 in C(53,7)/32 = 4,816,971.25, five aces C(48,2), the base game's C(53,7) x
    C(46,7) ordered pairs."""
    result = audited(EXAMPLES / "closed-forms.toml", mikes)
    assert statuses(result) == {HOLDS}
    assert [f.where.cell for f in result.findings[:3]] == [
        "bet 1, line 1, combinations", "bet 1, line 1, probability", "bet 1, line 1, odds"]
    assert result.findings[4].claimed == "0.000007318"   # 7.318e-6: its digits, as a decimal


@pytest.mark.full
def test_a_custom_bet_of_a_rule_set_file(tmp_path, capsys):
    """The claims name their rule set by its file and a custom bet of it by its name, with
    no pays: the certificate's table (Pai Gow Mania, the Wizard of Odds' counts)."""
    rules = ROOT / "examples" / "rulesets" / "casino-side-bets.toml"
    cert = tmp_path / "side.json"
    assert main(["run", "--rules", str(rules), "--no-base-game", "--no-progress", "--out",
                 str(cert)]) == 0
    path = tmp_path / "claims.csv"
    path.write_text(f"Rule set,{rules}\nBet,pai_gow_mania\nLine,Combinations\n"
                    "Five Aces,\"1,128\"\nStraight,\"11,034,204\"\nOther,\"124,556,196\"\n"
                    "House edge,6.37%\n")
    capsys.readouterr()
    assert main(["audit", str(path), "--cert", str(cert)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "HOLDS: all 4 checked claims hold"
