"""Names for people (issue 39, item 6): wherever a person reads, a line is "Full House",
not ``full_house`` or ``p_full_house``; a reading is a sentence; money is dollars and
cents; an interval from one round says "too few rounds"; the joker's ``*`` is explained;
help text has no stray ``%%``; a stage's note leaves the bar its room on a 100-column
terminal. The expected words are typed in here, from the issue."""
import io
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from verifier.cli import main

ROOT = Path(__file__).resolve().parent.parent
O9 = ROOT / "proofs" / "certificates" / "outlaw9-mikes.json"
EXAMPLES = ROOT / "examples"


def test_a_line_and_its_pay_symbol_have_one_display_name():
    from verifier.game.names import display_name, display_names
    assert display_name("full_house") == "Full House"
    assert display_name("p_full_house") == "Full House"
    assert display_name("p_seven_card_straight_flush_with_joker") == \
        "7-Card Straight Flush with Joker"
    assert display_name("one_pair") == "One Pair"
    assert display_name("push_with_pair_of_3s_or_better") == "Push with Pair of 3s or Better"
    assert display_names(["four_of_a_kind", "flush"]) == "Four of a Kind, Flush"


def test_hand_prints_names_not_keys(capsys):
    """(`solve`'s error naming "Full House" is the README's example, run by test_docs.)"""
    assert main(["hand", "As Ah Ad Jk Ks 9s 4s"]) == 0
    out = capsys.readouterr().out
    assert "best five  Four of a Kind\n" in out
    assert "outlaw 9   Four of a Kind, Flush, Three of a Kind, One Pair  (seven-card reading)" \
        in out
    assert "_" not in out
    from verifier.game.names import display_name       # --versus-banker's counts
    assert display_name("push_wrangler_2to1") == "Wrangler Push pays 2 to 1"


@pytest.mark.slow
def test_a_reading_is_a_sentence_and_an_order_words_on_the_par_sheet(capsys):
    from verifier.game.names import reading_sentence
    assert reading_sentence("house_way_row_4_singles", "gap closed") == (
        "House way, row 4 singles: a point the filed rules leave open, closed by this reading")
    assert main(["report", str(O9)]) == 0
    out = capsys.readouterr().out
    assert ("| House way, row 4 singles | a point the filed rules leave open, closed by this "
            "reading |") in out
    assert "house_way_row_4_singles" not in out and "`gap closed`" not in out
    from verifier import certificate
    from verifier.report import render                  # the HTML (and PDF) sheet's table
    html = render(certificate.load(O9), "html")
    assert ("<td>House way, row 4 singles</td><td>a point the filed rules leave open, "
            "closed by this reading</td>") in html and "house_way_row_4_singles" not in html
    # the formula's order, the symbols and then the lines' names
    from verifier.game.names import pays_at_least
    assert pays_at_least("full_house", "flush") == "Full House pays at least Flush"
    assert "p_full_house >= p_flush (Full House pays at least Flush)" in out


@pytest.mark.parametrize("amount,text", [
    (Fraction(475, 2), "$237.50"), (Fraction(95, 2), "$47.50"), (1000, "$1,000"),
    (-5, "-$5"), (Fraction(1, 20), "$0.05"), (Fraction(1, 3), "$0.33 (exactly $1/3)")])
def test_money_is_dollars_and_cents(amount, text):
    from verifier.game.names import money
    assert money(amount) == text


def test_settle_prints_dollars_and_cents_and_keeps_fractions_in_json(capsys):
    """The casino round: seat 2's $250 base win at 5% commission is $237.50 (250 x 0.95),
    seat 7's $50 win $47.50."""
    assert main(["settle", str(EXAMPLES / "round-casino.json")]) == 0
    out = capsys.readouterr().out
    assert re.search(r"house -> seat 2 +\$237\.50 +base game wins 1 to 1 less 5% commission",
                     out), out
    assert "  seat 2         +$237.50" in out and "  seat 7         +$47.50" in out
    assert not re.search(r"\$\d+/\d", out)
    assert main(["settle", str(EXAMPLES / "round-casino.json"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["results"]["seat 2"] == "475/2"


def test_a_seat_that_banked_once_has_too_few_rounds_for_an_interval(capsys):
    """Eight rounds, each of six seats banking once: no interval, said in words (text) and
    as null with the note (JSON, which holds no infinity)."""
    argv = ["simulate", "--rules", "casino-standard", "--bank-policy", "always", "--rounds",
            "8", "--seed", "1", "--no-progress"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "inf" not in out
    seat_lines = [x for x in out.splitlines() if re.match(r" +1 +always ", x)]
    assert seat_lines and "(too few rounds)" in seat_lines[0]
    assert main(argv + ["--json"]) == 0
    seat = json.loads(capsys.readouterr().out)["bank"]["seats"]["1"]
    assert seat["mean_per_round_banked"]["ci99"] is None
    assert seat["mean_per_round_banked"]["note"] == "too few rounds"


def test_the_joker_star_is_explained_where_rank_patterns_are_printed(capsys):
    assert main(["strategy"]) == 0
    out = capsys.readouterr().out
    heading = next(x for x in out.splitlines() if "rank patterns" in x)
    assert "* = the joker" in heading
    assert re.search(r"^  \*AKQJ", out, re.M)          # a pattern with the joker is there


def test_no_help_text_shows_a_doubled_percent_sign():
    """`report --help` said "more than 100%%" (a description is not %-formatted)."""
    from verifier.cli.app import build_parser
    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    texts = {name: p.format_help() for name, p in sub.choices.items()}
    assert "more than 100% and lines rarer" in " ".join(texts["report"].split())
    assert [name for name, text in texts.items() if "%%" in text] == []


def test_a_stage_note_leaves_the_bar_its_room_on_100_columns():
    """The pairwise stage's note "shared cards 5, orbit 98,670/150,891" on a 100-column
    line: the line fits, the bar keeps 30 columns, the orbit shown as a share (65%)."""
    from verifier.cli.progress import BAR_COLUMNS, TqdmProgress
    out = io.StringIO()
    with TqdmProgress(out, ncols=100).stage("pairs", "pairwise") as report:
        report(3_700_000_000, 8_250_459_031_214_400, "shared cards 5, orbit 98,670/150,891")
        report(4_000_000_000, 8_250_459_031_214_400, "shared cards 5, orbit 98,670/150,891")
    line = [x for x in out.getvalue().replace("\n", "\r").split("\r") if x.strip()][-1]
    assert len(line) <= 100
    bar = re.search(r"\|(.*?)\|", line)[1]
    assert len(bar) >= BAR_COLUMNS
    assert "shared cards 5, orbit 65%" in line
    wide = io.StringIO()
    with TqdmProgress(wide, ncols=160).stage("pairs", "pairwise") as report:
        report(4_000_000_000, 8_250_459_031_214_400, "shared cards 5, orbit 98,670/150,891")
    assert "shared cards 5, orbit 98,670/150,891" in wide.getvalue()


def test_the_workbenchs_certificate_page_names_lines_and_readings():
    """The certificate page's pay tables and readings (issue 39: "full_house ... on the
    certificate page"): the summary it shows, by name."""
    from verifier.certificate import read
    from verifier.web.workbench import certificate_summary
    summary = certificate_summary(read(str(O9)))
    lines = dict(summary["tables"][0]["lines"])
    assert lines["Full House"] == "5 to 1"
    assert ("House way, row 4 singles",
            "a point the filed rules leave open, closed by this reading") in summary["readings"]
    assert not any("_" in k for k, _v in summary["readings"])



def test_a_custom_line_is_named_as_its_pay_table_titles_it():
    from verifier.game.names import display_name
    from verifier.game.paytables import line_title
    assert display_name("flush_plus_pair") == line_title("flush_plus_pair") == "Flush plus pair"
    assert display_name("p_flush_plus_pair") == "Flush plus pair"


def test_simulate_names_a_custom_bet_by_its_pay_tables_name(capsys):
    """`simulate` of a rule set with custom bets: each bet's row by its pay table's name
    (ez-pai-gow-california's Queen's Dragon and Dynasty Bonus), never the key."""
    from verifier.cli import main
    assert main(["simulate", "--rules", "ez-pai-gow-california", "--rounds", "200",
                 "--seed", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    rows = [line.split("  ")[0] for line in out.splitlines()
            if line.startswith(("Base game", "Queen's Dragon", "Dynasty Bonus"))]
    assert rows == ["Base game", "Queen's Dragon", "Dynasty Bonus"]
    assert "queens_dragon" not in out and "dynasty_bonus" not in out
