"""Names for people everywhere (issue 51, the guide's "show people names, never keys"):
no snake_case key in the text of any output format of the shipped rule sets, terminal,
Markdown, HTML, xlsx, PDF text and the filing, but where a key is quoted: in code (a
Markdown code span or block, an HTML <code>, a command's option value) or beside its
name (the name within a few words of it: "Emperor's Treasure (emperors_treasure)",
"p_full_house >= p_flush (Full House pays at least Flush)")."""
import html
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from verifier.cli import main
from verifier.game.names import display_name

ROOT = Path(__file__).resolve().parent.parent
CERTS = ROOT / "proofs" / "certificates"
SHIPPED = sorted(p.stem for p in CERTS.glob("*.json"))
#: a snake_case word: two or more lower-case words joined by underscores
SNAKE = re.compile(r"(?<![\w./@-])[a-z0-9]+(?:_[a-z0-9]+)+\*?(?![\w/])")
#: how near its name a key may stand, characters either side
NEAR = 80


def leaks(text):
    """The snake_case keys of ``text`` that stand neither in quoted code (``--bet KEY``)
    nor beside their names."""
    out = []
    for m in SNAKE.finditer(text):
        key = m.group(0)
        before = text[max(0, m.start() - NEAR):m.start()]
        around = before + text[m.end():m.end() + NEAR]
        if re.search(r"--[a-z-]+[ =]$", before):
            continue                                  # an option's value: the key it takes
        if re.search(r"\w\S* \($", before) and text[m.end():m.end() + 1] == ")":
            continue                                  # "Name (key)": beside its name
        if display_name(key) != key and display_name(key) in around:
            continue                                  # beside its name
        out.append(f"{key!r} in ...{text[max(0, m.start() - 60):m.end() + 60]!r}...")
    return out


def markdown_text(md):
    """Markdown less its code (blocks and spans): what it quotes, it quotes."""
    md = re.sub(r"```.*?```", " ", md, flags=re.S)
    return re.sub(r"`[^`\n]*`", " ", md)


def html_text(page):
    page = re.sub(r"<(style|script|code)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"data:[^\"')]+", " ", page)
    page = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(page)


def xlsx_text(data):
    import openpyxl
    book = openpyxl.load_workbook(io.BytesIO(data))
    return "\n".join(c.value for ws in book.worksheets for row in ws.iter_rows()
                     for c in row if isinstance(c.value, str) and not c.value.startswith("="))


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_no_key_in_the_par_sheets_markdown_html_and_xlsx(name):
    from verifier import certificate
    from verifier.report import render
    cert = certificate.load(CERTS / f"{name}.json")
    found = {"markdown": leaks(markdown_text(render(cert, "markdown"))),
             "html": leaks(html_text(render(cert, "html")))}
    pytest.importorskip("openpyxl")
    found["xlsx"] = leaks(xlsx_text(render(cert, "xlsx")))
    assert found == {"markdown": [], "html": [], "xlsx": []}


def _terminal(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out + err


@pytest.mark.slow
def test_no_key_in_the_terminal(capsys, tmp_path):
    """`rules` of every shipped rule set, `compare`, `progressive`, `solve` (a line, a
    search), and the errors the issue names: a pay that is not a number, a line solve
    does not know."""
    from verifier.rules.rulesets import names
    texts = [_terminal(capsys, "rules", n)[1] for n in names()]
    cert = CERTS / "outlaw9-mikes.json"
    texts.append(_terminal(capsys, "compare", cert)[1])
    texts.append(_terminal(capsys, "progressive", "jackpot", "--rules", "emperors-challenge")[1])
    texts.append(_terminal(capsys, "solve", cert, "--line", "Full House", "--edge", "2%")[1])
    texts.append(_terminal(capsys, "solve", cert, "--line", "Full House", "--line", "Flush",
                           "--edge-range", "1.5%..2.5%", "--limit", "3", "--no-progress")[1])
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "bad"\nbet = "outlaw9"\n[pays]\nfull_house = "abc"\n')
    code, text = _terminal(capsys, "compare", cert, "--paytable", bad)
    assert code == 2 and "line Full House (full_house): pay 'abc' is not a number" in text
    texts.append(text)
    code, text = _terminal(capsys, "solve", cert, "--line", "Ful House", "--edge", "2%")
    assert code == 2 and "Three of a Kind, Straight, Three Pairs" in text
    texts.append(text.split("(a name as written")[0])   # the one key it gives, named
    assert [leak for t in texts for leak in leaks(t)] == []



def test_house_ways_compared_by_their_titles(capsys):
    """`house-ways compare` names each house way by the title its file gives (the shipped
    files' titles, typed here), never by the name the command was given; its JSON by both."""
    import json
    args = ("house-ways", "compare", "mikes", "foxwoods", "--deck-ranks", "JQKA",
            "--no-progress")
    code, text = _terminal(capsys, *args)
    assert code == 0
    rows = [line.split("  ")[0] for line in text.splitlines()[2:4]]
    assert rows == ["Mike's Cardroom", "Foxwoods"]
    assert "from Mike's Cardroom, by hand type" in text
    assert not re.search(r"\b(mikes|foxwoods)\b", text)
    code, out = _terminal(capsys, *args, "--json")
    assert [(w["house_way"], w["title"]) for w in json.loads(out)["house_ways"]] == [
        ("mikes", "Mike's Cardroom"), ("foxwoods", "Foxwoods")]

@pytest.mark.slow
def test_no_key_in_the_pdf_text_and_the_filing(rendered):
    """The PDF par sheet of Emperor's Challenge (its readings were "Outlaw9 ..." and its
    formulas p_... keys) and the filing of seed 001 (its appendix's formulas), read back
    with pdftotext."""
    if not shutil.which("pdftotext"):
        from conftest import missing
        missing("pdftotext (poppler-utils)")
    pytest.importorskip("weasyprint")
    # the two PDFs as tests/test_parsheet.py and tests/test_print_layout.py read them
    sheet = rendered("report", CERTS / "emperors-challenge.json", "--format", "pdf")
    filing = rendered("filing", CERTS / "outlaw9-mikes.json", "--meta",
                      ROOT / "examples" / "filing" / "meta.toml")
    for pdf in (sheet, filing):
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                              text=True, check=True).stdout
        assert "Outlaw9" not in text
        assert leaks(text) == [], pdf.name
