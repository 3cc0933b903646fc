"""The printed documents laid out as a filed document is (issue 51), read from the rendered
PDFs by pdftotext's blocks (tests/pdfpages.py): the filing has no page that holds its
contents alone and no last page three quarters empty; the rule readings' table, on the
par sheet printed on US Letter and in the filing's appendix on A4, never breaks a status
("a point the filed rules leave open, closed by this reading") into one word a line.

One filing and one par sheet of the shipped Outlaw 9 game, and the filing of
casino-standard, each rendered once for the module (WeasyPrint: some seconds each, hence
``slow``)."""
import re
import subprocess
from pathlib import Path

import pytest

from verifier.cli import main
from verifier.game.names import READING_STATUS
from verifier.report.paper import PAPERS
from pdfpages import MM, need, page_blocks

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
CERT = ROOT / "proofs" / "certificates" / "outlaw9-mikes.json"
META = ROOT / "examples" / "filing" / "meta.toml"       # A4, California


@pytest.fixture(scope="module")
def filing(rendered):
    return rendered("filing", CERT, "--meta", META)     # tests/test_names_everywhere.py's too


@pytest.fixture(scope="module")
def casino_filing(tmp_path_factory):
    """The filing of casino-standard: its appendix ends high enough on its last page for
    the hashes to fit below it (Outlaw 9's does not: its last rows come with them)."""
    pdf = tmp_path_factory.mktemp("casino") / "filing.pdf"
    assert main(["filing", str(CERT.parent / "casino-standard.json"), "--meta", str(META),
                 "--out", str(pdf), "--no-progress"]) == 0
    return pdf


@pytest.fixture(scope="module")
def letter_sheet(tmp_path_factory):
    pdf = tmp_path_factory.mktemp("sheet") / "sheet.pdf"
    assert main(["report", str(CERT), "--format", "pdf", "--paper", "letter", "--out",
                 str(pdf), "--no-progress"]) == 0
    return pdf


def body(page, paper):
    """A page's lines, ``(y0, y1, text)``, above its bottom margin (the footer's)."""
    _, height, blocks = page
    bottom = height - PAPERS[paper].margins_mm[2] * MM
    return [(y0, y1, " ".join(words)) for block in blocks for _, y0, _, y1, words in block
            if y1 <= bottom]


def test_no_page_of_the_filing_holds_its_contents_alone(filing):
    """A page of contents (the filing's, the par sheet appendix's) holds more than its
    title and its entries (a title, dot leaders, a page number)."""
    pages = [body(page, "a4") for page in page_blocks(filing)]
    with_contents = [n for n, lines in enumerate(pages, 1)
                     if any(text == "Contents" for _, _, text in lines)]
    assert len(with_contents) == 2 and with_contents[0] == 2      # the filing's, the appendix's
    for n in with_contents:
        rest = [text for _, _, text in pages[n - 1]
                if text != "Contents" and not re.search(r"(\. ?){3,}\d+$", text)]
        assert len(rest) >= 5, (n, rest)
    assert any(text == "1. Rules of play" for _, _, text in pages[1])


@pytest.mark.parametrize("pdf", ["filing", "casino_filing"])
def test_the_filings_last_page_is_not_three_quarters_empty(pdf, request):
    """The hashes close the appendix's last page, below its end: the last page holds the
    appendix's last lines, then section 6, and more than a quarter of its height is used
    (the hashes keep the appendix's last table rows with them where they do not fit below
    it: however long the par sheet, they never stand alone)."""
    page = page_blocks(request.getfixturevalue(pdf))[-1]
    lines = sorted(body(page, "a4"))
    headings = [i for i, (_, _, text) in enumerate(lines)
                if text.endswith("Certificate: hashes and signature")]
    assert len(headings) == 1 and headings[0] > 0, lines[:3]
    top, _, bottom, _ = PAPERS["a4"].margins_mm
    used = (max(y1 for _, y1, _ in lines) - top * MM) / (page[1] - (top + bottom) * MM)
    assert used > 0.25, used


@pytest.mark.parametrize("pdf", ["letter_sheet", "filing"])
def test_no_reading_status_is_broken_into_one_word_a_line(pdf, request):
    """Every status cell of the rule readings (each a block of pdftotext's, found as often
    as its words stand together in the PDF's text) keeps at least two words on each line."""
    pdf = request.getfixturevalue(pdf)
    text = " ".join(subprocess.run([need("pdftotext"), str(pdf), "-"], capture_output=True,
                                   text=True, check=True).stdout.split())
    cells = [[words for *_, words in block] for _, _, blocks in page_blocks(pdf)
             for block in blocks
             if " ".join(w for *_, words in block for w in words) in READING_STATUS.values()]
    assert len(cells) == sum(text.count(status) for status in READING_STATUS.values()) >= 20
    broken = [[" ".join(words) for words in cell] for cell in cells
              if any(len(words) == 1 for words in cell)]
    assert broken == []
