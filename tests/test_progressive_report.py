"""A meter path drawn in the par sheet's progressive section (issue 37; `report
--meter-path FILE.csv`, verifier/report/progressive.py, docs/PROGRESSIVES.md).

The path is typed in here (a meter rising by its increment and reset by a hit); the PDF
is read back as text and its page turned into a picture (pdftoppm), where the path's line
is looked for in its colour."""
import subprocess

import pytest

from conftest import one_line_error
from test_parsheet import need, not_blank
from verifier.cli import main

PATH = "round,jackpot\n1,10000.2\n2,10000.4\n3,10000.6\n4,10000\n5,10000.2\n"


@pytest.fixture(scope="module")
def cert(tmp_path_factory):
    path = tmp_path_factory.mktemp("ec") / "ec.json"
    assert main(["run", "--deck-ranks", "TJQKA", "--rules", "emperors-challenge",
                 "--no-progress", "--out", str(path)]) == 0
    return path


def test_the_meter_path_is_noted_in_the_markdown_and_drawn_in_the_html(cert, tmp_path,
                                                                       capsys):
    path = tmp_path / "path.csv"
    path.write_text(PATH)
    capsys.readouterr()
    assert main(["report", str(cert), "--meter-path", str(path)]) == 0
    md = capsys.readouterr().out
    assert "5 points to round 5): meter jackpot from $10,000.00 to $10,000.60" in md
    html = tmp_path / "s.html"
    assert main(["report", str(cert), "--format", "html", "--out", str(html),
                 "--meter-path", str(path), "--no-progress"]) == 0
    text = html.read_text()
    assert 'aria-label="Meter path"' in text
    assert "Meter path from path.csv: 5 points to round 5" in text


@pytest.mark.slow
def test_the_meter_path_is_on_the_pdf_page(cert, tmp_path):
    path, pdf = tmp_path / "path.csv", tmp_path / "s.pdf"
    path.write_text(PATH)
    assert main(["report", str(cert), "--format", "pdf", "--out", str(pdf),
                 "--meter-path", str(path), "--no-progress"]) == 0
    text = subprocess.run([need("pdftotext"), str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    page = next(i for i, p in enumerate(text.split("\f"), 1)
                if "Meter path from path.csv" in p)
    subprocess.run([need("pdftoppm"), "-png", "-r", "60", "-f", str(page), "-l", str(page),
                    str(pdf), str(tmp_path / "page")], check=True)
    (png,) = tmp_path.glob("page-*.png")
    not_blank(png)
    from PIL import Image
    with Image.open(png) as image:
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    # matplotlib's first colour, the path's (no other chart of the sheet draws in it:
    # the return against the meter is #2c6e9b)
    blue = sum(n for n, (r, g, b) in colours
               if abs(r - 31) < 12 and abs(g - 119) < 12 and abs(b - 180) < 12)
    assert blue > 50, "no line of the path's colour on the page"


@pytest.mark.parametrize("text, words", [("x,y\n1,2\n", "not a meter path"),
                                         ("round,mega\n1,2\n", "no progressive's"),
                                         ("round,jackpot\n1,x\n", "row 2")])
def test_a_bad_meter_path_is_one_line(cert, tmp_path, capsys, text, words):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    one_line_error(["report", cert, "--meter-path", path], capsys, words)
