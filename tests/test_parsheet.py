"""The par sheet (issue 12 items 1 and 2): one per rule set, titled by its game, every bet
with odds, volatility and ranges, flags, the base game and the house way; Markdown, HTML
rendered by headless Chromium, and PDF read back as text and as an image.

Expected figures come from closed forms (combinations, the normal quantiles), from the
published filings or from the certificate's counts by a formula written here, never from
the sheet itself."""
import math
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from verifier import certificate
from verifier.cli import main
from verifier.report import render
from verifier.report.bets import flag_bet
from verifier.report.model import build
from verifier.report.sheet import Bet, Line
from conftest import one_line_error
from pdfpages import need, not_blank, page_pictures, pdf_text, words_beyond_margins
from conftest import HANG

ROOT = Path(__file__).resolve().parent.parent
CERTS = ROOT / "proofs" / "certificates"
TOTAL = math.comb(53, 7)


@pytest.fixture(scope="module")
def certs():
    return {name: certificate.load(CERTS / f"{name}.json")
            for name in ("outlaw9-mikes", "casino-standard", "emperors-challenge")}


def headings(text):
    return [line[3:] for line in text.splitlines() if line.startswith("## ")]


# ---------------------------------------------------------------------------------------
# one sheet per rule set


@pytest.mark.slow
def test_each_rule_set_is_titled_by_its_game_and_shows_its_own_bets(certs):
    mikes = render(certs["outlaw9-mikes"])
    assert mikes.startswith("# Par sheet: California game (seed 001), rule set outlaw9-mikes")
    assert headings(mikes)[:4] == ["Flags", "Outlaw 9 High or Better", "Wrangler Push",
                                   "Base game"]
    casino = render(certs["casino-standard"])
    assert casino.startswith("# Par sheet: Casino game (seed 002)")
    assert "Outlaw 9 High or Better" not in headings(casino)       # seed 002: no side bets
    assert headings(casino)[0] == "Base game"
    emperors = render(certs["emperors-challenge"])
    assert emperors.startswith("# Par sheet: Emperor's Challenge (seed 004)")
    assert headings(emperors)[:4] == ["Pai Gow Insurance", "Emperor's Treasure", "Envy Bonus",
                                      "Base game"]
    assert "status: example, not filed" in emperors


def test_only_the_readings_that_apply_to_the_game(certs):
    def readings(name):
        return {r.name for r in build(certs[name]).readings}
    mikes, casino, emperors = (readings(n) for n in ("outlaw9-mikes", "casino-standard",
                                                     "emperors-challenge"))
    assert {"bonus_reading", "outlaw9_categories", "wrangler_push", "table_dealer_fee",
            "fee_return"} <= mikes
    assert not {"insurance_joker", "envy_bonus"} & mikes
    # a commission game with no side bet: no Outlaw 9, Wrangler, fee or table readings
    assert not {"bonus_reading", "outlaw9_categories", "wrangler_push", "table_dealer_fee",
                "fee_return", "insurance_joker"} & casino
    assert {"deck", "joker", "settlement"} <= casino
    # the casino table's readings for the commission games only
    casino_table = {"casino_seats", "casino_commission"}
    assert casino_table <= casino and casino_table <= emperors
    assert not casino_table & mikes
    # the casino rule sets let players bank (seeds 002, 004): the rotation's readings, not
    # "the house banks every hand"
    assert {"casino_bank_rotates", "bank_dealer_wager"} <= casino & emperors
    assert "casino_house_banks" not in casino | emperors
    # the Treasure reads Outlaw 9's categories on the seven cards, not its bonus reading
    assert {"insurance_joker", "emperors_treasure", "envy_bonus", "outlaw9_categories"} <= emperors
    assert not {"bonus_reading", "outlaw9_house_way_royal", "wrangler_push"} & emperors


def test_odds_are_one_in_the_inverse_probability(certs):
    sheet = build(certs["outlaw9-mikes"])
    outlaw9 = sheet.bets[0]
    line = outlaw9.lines[0]
    # 7-card straight flushes: 8 runs of seven ranks (A-7 .. 8-A) in each of 4 suits
    assert line.combinations == 8 * 4
    assert line.probability == Fraction(32, TOTAL)
    assert line.odds == f"1 in {TOTAL / 32:,.0f}" == "1 in 4,816,971"
    # five aces: the joker and the four aces with any two of the other 48 cards
    five_aces = next(x for x in outlaw9.lines if x.title == "5 Aces")
    assert five_aces.combinations == math.comb(48, 2)
    assert "1 in 136,652" in render(certs["outlaw9-mikes"])     # C(53,7)/1128 = 136,651.7


def test_the_filed_outlaw9_table_is_flagged_for_returning_more_than_100_percent(certs):
    text = render(certs["outlaw9-mikes"])
    # the filed table's return, +126209/19267885 (stop 8's published figure)
    assert Fraction(126209, 19267885) > 0
    flags = text.split("## Flags")[1].split("## ")[0]
    assert "Outlaw 9 High or Better: returns more than 100% to the player: 100.655023%" in flags
    assert "Wrangler Push" not in flags                         # 94.02% to the player


def test_a_line_rarer_than_one_in_100_million_is_flagged():
    total = 300_000_000
    lines = [Line("Jackpot", "1,000,000 to 1", 2, Fraction(2, total),
                  Fraction(2, total) * 1_000_000),
             Line("Never", "5 to 1", 0, Fraction(0), Fraction(0)),
             Line("No line (loses)", "loses", total - 2, Fraction(total - 2, total),
                  -Fraction(total - 2, total))]
    bet = flag_bet(Bet("toy", "Toy", "toy table", "", "hands", total, lines))
    assert lines[0].flags == ["rarer than 1 in 100 million games (1 in 150,000,000)"]
    assert lines[1].flags == ["never occurs under these rules"]
    assert lines[2].flags == []
    assert len(bet.flags) == 2


def test_volatility_and_ranges_of_an_even_money_coin_are_the_normal_quantiles():
    # a fair coin at 1 to 1: return 0, variance 1; after n bets the 95% range is
    # +-1.959964 sqrt(n) and the 90% range +-1.644854 sqrt(n) (the normal quantiles)
    half = Fraction(1, 2)
    lines = [Line("Heads", "1 to 1", 1, half, half), Line("Tails", "loses", 1, half, -half)]
    coin = Bet("coin", "Coin", "", "", "tosses", 2, lines, expected=Fraction(0),
               variance=Fraction(1), hit_frequency=half)
    assert coin.volatility_index == pytest.approx(1.644854, abs=1e-6)
    ranges = {r.hands: r for r in coin.ranges}
    assert sorted(ranges) == [1_000, 10_000, 100_000, 1_000_000]
    assert ranges[10_000].high95 == pytest.approx(195.9964, abs=1e-3)
    assert ranges[10_000].low90 == pytest.approx(-164.4854, abs=1e-3)
    assert ranges[1_000_000].high95 == pytest.approx(1959.964, abs=1e-2)


def test_the_base_game_at_5_percent_commission_from_the_counts(certs):
    cert = certs["casino-standard"]
    c = {k: int(v) for k, v in cert["sections"]["base_game"]["counts"].items()}
    base = build(cert).base_game
    # win pays 0.95, a push 0, a loss -1, over C(53,7) C(46,7) ordered pairs
    assert c["total"] == math.comb(53, 7) * math.comb(46, 7) == base.total
    assert base.expected == (Fraction(95, 100) * c["win"] - c["loss"]) / c["total"]
    assert base.hit_frequency == Fraction(c["win"], c["total"])
    second = (Fraction(95, 100) ** 2 * c["win"] + c["loss"]) / c["total"]
    assert base.variance == second - base.expected ** 2
    assert [line.combinations for line in base.lines] == [c["win"], c["push"], c["loss"]]


def test_the_california_base_game_shows_every_fee_tier(certs):
    text = render(certs["outlaw9-mikes"])
    tiers = text.split("**Fee tiers")[1].split("\n\n")[1]
    # the filed schedule (docs/TABLE.md): $10-$100 $1 ... $401-$1,000 $5
    for row in ("| $10-$100 | $1 |", "| $101-$200 | $2 |", "| $401-$1,000 | $5 |"):
        assert row in tiers
    assert "**Copies**" in text


def test_the_house_way_distributions_add_up_to_every_hand(certs):
    sheet = build(certs["emperors-challenge"])
    assert [t.title for t in sheet.house_way_tables] == [
        "Hands per row", "Back hand (five cards)", "Front hand (two cards)",
        "Power ratings, two-card hands (the dealer's, on this house way)",
        "Power ratings, five-card hands (by class and first rank)"]
    for table in sheet.house_way_tables:
        assert sum(int(row[1].replace(",", "")) for row in table.rows) == TOTAL


def test_the_power_ratings_shown_are_running_sums_of_the_hands_shown(certs):
    """The par sheet's power-rating tables (from the certificate's house_way section):
    each row's player PR is the share of the hands of every row above it in the table
    (from the lowest), its banker PR adds its own, recomputed here from the Hands column
    alone; and the certificate's exact fractions are the same running sums."""
    cert = certs["casino-standard"]
    sheet = build(cert)
    tables = [t for t in sheet.house_way_tables if t.title.startswith("Power ratings")]
    kept = cert["sections"]["house_way"]["results"]["power_ratings"]
    for table, name in zip(tables, ("two_card", "five_card")):
        below = 0
        for row, exact in zip(table.rows, kept[name]):
            hands = int(row[1].replace(",", ""))
            # a ten written 10 in the document (the certificate's notation keeps T)
            assert row[0] == exact["hand"].replace("T", "10") and hands == exact["hands"]
            assert row[3] == f"{below / TOTAL:.6f}" and row[4] == f"{(below + hands) / TOTAL:.6f}"
            assert Fraction(exact["player_pr"]["exact"]) == Fraction(below, TOTAL)
            below += hands
        assert below == TOTAL and len(table.rows) == len(kept[name])
    assert len(tables[0].rows) == 91 and tables[0].rows[0][0] == "3,2"


def test_the_sheet_carries_date_tool_and_hashes_but_no_local_path(certs, tmp_path):
    cert = certs["outlaw9-mikes"]
    copy = tmp_path / "somewhere-local" / "mine.json"
    copy.parent.mkdir()
    copy.write_bytes((CERTS / "outlaw9-mikes.json").read_bytes())
    out = tmp_path / "sheet.md"
    assert main(["report", str(copy), "--out", str(out)]) == 0
    text = out.read_text()
    assert cert["tool"]["created"] in text and "paigow-verifier 0.1.0" in text
    assert cert["sha256"] in text and cert["result_sha256"] in text
    assert "somewhere-local" not in text and str(tmp_path) not in text
    assert str(ROOT) not in text


def test_the_revision_history_block_is_the_metadata_files_revisions(tmp_path):
    """Issue 38 (par sheet polish): a revision-history block, from the filing metadata
    file (examples/filing/meta.toml: revisions A of 2026-10-02 and B of 2026-11-27, typed
    in here), else one line saying none was given."""
    out = tmp_path / "sheet.md"
    assert main(["report", str(CERTS / "outlaw9-mikes.json"), "--out", str(out), "--meta",
                 str(ROOT / "examples" / "filing" / "meta.toml")]) == 0
    text = out.read_text()
    block = text[text.index("**Revision history**"):text.index("Every count is exact")]
    assert re.search(r"\|\s*A\s*\|\s*2026-10-02\s*\|\s*First submission", block)
    assert re.search(r"\|\s*B\s*\|\s*2026-11-27\s*\|\s*Pay table as filed", block)
    assert block.index("First submission") < block.index("Pay table as filed")
    bare = tmp_path / "bare.md"
    assert main(["report", str(CERTS / "outlaw9-mikes.json"), "--out", str(bare)]) == 0
    assert "no revision history given" in bare.read_text()


def test_a_reduced_deck_certificate_without_the_base_game_says_what_is_left_out(tmp_path):
    path = tmp_path / "qka.json"
    assert main(["run", "--deck-ranks", "QKA", "--no-progress", "--no-base-game", "--out",
                 str(path)]) == 0
    text = render(certificate.load(path))
    assert "1,716 hands" in text                      # C(13,7) = 1,716
    assert "Not in this sheet: Wrangler Push" in text
    assert "## Base game" not in text


# ---------------------------------------------------------------------------------------
# HTML and PDF


@pytest.mark.slow
def test_html_is_one_self_contained_file_with_inline_svg_charts(certs):
    html = render(certs["emperors-challenge"], "html")
    assert html.startswith("<!DOCTYPE html>")
    assert "<script" not in html and "<link" not in html and "src=" not in html
    # nothing is fetched: the only addresses are XML namespace names
    assert {a for a in re.findall(r'([\w:-]+)="https?://', html)} <= {"xmlns", "xmlns:xlink"}
    # three charts per wager (Insurance, Treasure, base game), two for the envy amounts,
    # one per meter of the Jackpot (docs/PROGRESSIVES.md)
    assert html.count("<svg") == 3 * 3 + 2 + 1
    assert "Emperor&#39;s Treasure: confidence funnel" in html or \
        "Emperor's Treasure: confidence funnel" in html


def chromium(*args):
    return subprocess.run([need("chromium"), "--headless", "--no-sandbox", "--disable-gpu",
                           "--hide-scrollbars", *args], capture_output=True, text=True,
                          timeout=HANG)


@pytest.mark.slow
def test_html_rendered_by_headless_chromium_shows_the_figures(certs, tmp_path):
    page = tmp_path / "mikes.html"
    assert main(["report", str(CERTS / "outlaw9-mikes.json"), "--format", "html", "--out",
                 str(page)]) == 0
    shot = tmp_path / "shot.png"
    chromium("--window-size=1200,2000", f"--screenshot={shot}", page.as_uri())
    assert shot.exists()
    not_blank(shot)
    printed = tmp_path / "printed.pdf"
    chromium("--no-pdf-header-footer", f"--print-to-pdf={printed}", page.as_uri())
    text = pdf_text(printed)
    for part in ("Par sheet: California game (seed 001)", "1 in 4,816,971", "100.655023%",
                 "returns more than 100% to the player", "5.978683%",       # Wrangler edge
                 "Volatility index", "1,000,000", "Operator figures",
                 "Appendix: house way mikes"):
        assert part in text, part


@pytest.mark.slow
def test_pdf_reads_back_as_text_and_as_a_picture(tmp_path, rendered):
    # rendered once for this and tests/test_names_everywhere.py
    pdf = rendered("report", CERTS / "emperors-challenge.json", "--format", "pdf")
    assert pdf.read_bytes().startswith(b"%PDF-")
    text = pdf_text(pdf)
    for part in ("Par sheet: Emperor's Challenge (seed 004)", "Pai Gow Insurance",
                 "Emperor's Treasure", "Envy Bonus", "Base game", "status: example, not filed",
                 "page 1 of"):
        assert part in text, part
    # issue 28: the formulas typeset, not LaTeX source; a table of contents with pages
    assert "\\frac" not in text and "return =" in text
    assert re.search(r"Contents\s+1\. \S[^\n]* ?\.{5,} \d+", text)
    assert re.search(r"Pai Gow Insurance ?\.{5,} \d+", text)
    # ... and every table inside the page's margins (A4, 14 mm each side): the 20 rank patterns
    assert "The 20 rank patterns" in text and text.count("\f") > 5
    assert words_beyond_margins(pdf, 14, 14) == []
    assert len(page_pictures(pdf, tmp_path)) == 2


@pytest.fixture(scope="module")
def qka(tmp_path_factory):
    """A small certificate: the QKA deck, C(13, 7) = 1,716 hands, no base game."""
    path = tmp_path_factory.mktemp("qka") / "qka.json"
    assert main(["run", "--deck-ranks", "QKA", "--no-progress", "--no-base-game", "--out",
                 str(path)]) == 0
    return path


@pytest.mark.slow
def test_the_pdfs_charts_fetched_by_weasyprint_make_the_pages_of_charts_in_its_html(
        qka, tmp_path, monkeypatch):
    """Issue 40: the PDF's charts are references WeasyPrint fetches as it builds the page
    (``html.References``, drawn meanwhile): the same pages, pixel for pixel (pdftoppm), as
    the charts written into the HTML as data URIs (``html.image``, a WeasyPrint before 68),
    each bet's charts told in the bar as fetched. A small sheet (the QKA deck), each chart
    a plain coloured box (matplotlib is not what is compared)."""
    from verifier.report import charts, html, pdf
    from verifier.support.progress import Steps
    sheet = build(certificate.read(qka))
    box = ('<svg xmlns="http://www.w3.org/2000/svg" width="400pt" height="{}pt">'
           '<rect width="100%" height="100%" fill="{}"/></svg>')
    monkeypatch.setattr(charts, "_kinds", lambda bet: [
        (title, lambda bet, i=i: box.format(40 + 8 * len(bet.lines), colour))
        for i, (title, colour) in enumerate([("one", "#2c6e9b"), ("two", "#7a9a3a")])])
    told = []
    fetched = pdf.render(sheet, Steps(lambda done, total, note=None: told.append(note)))
    inline = pdf.pdf_of_html(html.render(sheet, images=True))
    pages = []
    for name, data in (("fetched", fetched), ("inline", inline)):
        (tmp_path / f"{name}.pdf").write_bytes(data)
        (tmp_path / name).mkdir()
        pages.append([p.read_bytes() for p in page_pictures(tmp_path / f"{name}.pdf",
                                                            tmp_path / name, 1, 9)])
    assert len(pages[0]) > 1 and pages[0] == pages[1]
    notes = [n for n in told if n]
    assert notes.index("layout") < notes.index(f"charts: {sheet.bets[0].title}")
    assert [n for n in notes if n.startswith("charts:")] == [
        f"charts: {bet.title}" for bet in sheet.bets]


@pytest.mark.parametrize("tamper", ["hash", "section"])
def test_a_pdf_of_a_certificate_that_fails_its_check_is_refused_and_never_written(
        tamper, qka, tmp_path, capsys):
    """Issue 40: the PDF's certificate is checked by a chart process while the page is laid
    out; a certificate that fails is still one line naming the check, exit 2 and no file,
    whether the sheet built on it goes through (a hash changed) or trips first (a section
    gone). The QKA deck: a small sheet."""
    import json
    capsys.readouterr()
    cert = json.loads(qka.read_text())
    path = tmp_path / "qka.json"
    if tamper == "hash":
        cert["result_sha256"] = "0" * 64
    else:
        del cert["sections"]["rule_set"]
    path.write_text(json.dumps(cert))
    pdf = tmp_path / "qka.pdf"
    line = one_line_error(["report", path, "--format", "pdf", "--out", pdf], capsys,
                          "fails its check")
    assert line == one_line_error(["report", path], capsys)     # Markdown: checked at once
    assert not pdf.exists() and [p.name for p in tmp_path.iterdir()] == ["qka.json"]


@pytest.mark.slow
def test_the_pdf_on_letter_paper_keeps_its_words_inside_the_margins(tmp_path):
    pdf = tmp_path / "casino.pdf"
    assert main(["report", str(CERTS / "casino-standard.json"), "--format", "pdf",
                 "--paper", "letter", "--out", str(pdf)]) == 0
    from pdfpages import page_boxes
    sizes = {(round(w), round(h)) for w, h, _ in page_boxes(pdf)}
    assert sizes == {(612, 792)}                # 8.5 x 11 inches
    assert words_beyond_margins(pdf, 14, 14) == []
    assert len(page_pictures(pdf, tmp_path, 1, 1)) == 1


def test_paper_is_for_the_pdf_only(capsys):
    assert main(["report", str(CERTS / "casino-standard.json"), "--paper", "letter"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--paper" in err


def test_pdf_needs_an_out_file(capsys):
    assert main(["report", str(CERTS / "outlaw9-mikes.json"), "--format", "pdf"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--out" in err


def test_report_formats_are_listed_in_help():
    out = subprocess.run([sys.executable, "-m", "verifier.cli", "report", "--help"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0 and "{markdown,html,pdf,xlsx}" in out.stdout


def test_each_paying_bet_shows_its_return_as_a_formula_in_the_pays(certs):
    sheet = build(certs["emperors-challenge"])
    by_key = {bet.key: bet for bet in sheet.bets}
    # the formula, evaluated at the table's pays, is the return the lines add up to
    for key in ("pai_gow_insurance", "emperors_treasure"):
        bet = by_key[key]
        assert bet.formula.at() == sum((line.contribution for line in bet.lines), Fraction(0))
    assert by_key["envy_bonus"].formula is None        # dollars per other hand: no N to 1
    text = render(certs["outlaw9-mikes"])
    assert "return = (32*p_seven_card_straight_flush + 72*p_royal_flush_and_royal_match" in text
    assert "\\frac{2434137118103540 \\, p_{\\text{push}}" in text


def test_a_custom_bet_is_titled_the_rule_sets_own_or_a_new_one(certs):
    """A custom bet the rule set offers is "(custom, reads ...)" on the sheet; a table
    designed in the workbench under a name the rule set lacks is "(new custom, ...)".
    Both read the same seven-card counts: five aces at 200 to 1 is C(48,2) = 1,128 hands."""
    import copy
    import math
    from verifier.game.paytables import Paytable
    from verifier.report.bets import custom_section
    table = Paytable.from_lines("Aces", "custom", [("five_aces", "200")], reads="seven-card")
    cert = copy.deepcopy(certs["outlaw9-mikes"])
    cert["sections"]["custom_bets"] = {"paytables": {"aces": table.to_dict()},
                                       "results": {"aces": {}}}
    from verifier.certificate import Certificate
    model = Certificate.of(cert)
    own = custom_section(model, "aces")
    new = custom_section(model, "custom:seven-card", table)
    assert own.title == "Aces (custom, reads seven-card)"
    assert new.title == "Aces (new custom, reads seven-card)"
    for bet in (own, new):
        assert bet.lines[0].combinations == math.comb(48, 2)


def test_the_par_sheet_shows_the_rule_sets_progressive_as_its_certificate_holds_it(certs):
    """docs/PROGRESSIVES.md: the Jackpot's tiers, counts and returns in the par sheet are
    the certificate's section (held to a count over every hand in tests/test_progressive.py)."""
    cert = certs["emperors-challenge"]
    text = render(cert)
    section = cert["sections"]["progressives"]["results"]["jackpot"]
    assert "## Progressive: Emperor's Challenge Jackpot (example)" in text
    for tier in section["tiers"]:
        assert f"| {tier['hands']:,} | {tier['probability']['decimal']:.8f} |" in text
    assert f"{section['long_run_return']['decimal']:+.6f}" in text


@pytest.mark.parametrize("fails", [False, True], ids=["by soname", "its own way"])
def test_weasyprint_is_imported_by_its_libraries_sonames_or_else_its_own_way(fails):
    """``pdf._weasyprint`` imports WeasyPrint with cffi's library search turned off (its
    libraries opened by their sonames: no ``ldconfig`` or compiler run); where that import
    fails, it is imported again as WeasyPrint does it (the search runs). In a process of its
    own: a module imported twice in this one would not be the same module."""
    import subprocess
    import sys
    code = ("import contextlib, subprocess\n"
            "from verifier.report import pdf\n"
            "runs = []\n"
            "real = subprocess.Popen.__init__\n"
            "def spy(self, args, *a, **k):\n"
            "    runs.append(args)\n"
            "    real(self, args, *a, **k)\n"
            "subprocess.Popen.__init__ = spy\n"
            + ("@contextlib.contextmanager\n"
               "def broken():\n"
               "    raise OSError('no library')\n"
               "    yield\n"
               "pdf._by_soname = broken\n" if fails else "")
            + "weasyprint = pdf._weasyprint()\n"
            "assert weasyprint.HTML(string='<p>x</p>').write_pdf().startswith(b'%PDF')\n"
            "print(bool(runs))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    assert out.split() == [str(fails)]
