"""Operator figures (issue 38, item 2): theoretical win and SD per hour, element of risk,
hold against drop and the 95% bands of the table's result, held to closed forms worked by
hand on a small bet; the bands held to the table simulator (the share of simulated tables
inside the band); the player-dealer's bankroll, its session rule and quantile interval
worked by hand; and the par sheet's polish (issue 38, item 3): an appendix, charts on both
scales, "10" for a ten, no repository path.

Expected numbers are typed in from the arithmetic written beside them, or come from the
simulator or the certificate's counts, never from the code under test."""
import math
import re
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import one_line_error
from verifier import certificate
from verifier.cli import main
from verifier.game.paytables import PUSH
from verifier.odds.exact import odds_of_lines
from verifier.odds.operator import Pace, wager_figures
from verifier.report.bets import bet_from_odds
from verifier.report.operator import operator_section

CERTS = Path(__file__).resolve().parent.parent / "proofs" / "certificates"


def hand_made_bet():
    """Pays 2 to 1 on 2 hands in 8, pushes on 1, loses on the other 5. By hand:
    mean = 2 x 2/8 - 5/8 = -1/8; E[X^2] = 4 x 2/8 + 5/8 = 13/8;
    variance = 13/8 - 1/64 = 103/64."""
    table = SimpleNamespace(name="hand-made", bet="made",
                            pays=(("two", Fraction(2)), ("push", PUSH)))
    odds = odds_of_lines(table, {"two": 2, "push": 1}, 8)
    return bet_from_odds("made", "Made", odds, "", "hands", pay_label=str)


def test_the_operator_figures_of_a_hand_made_bet_are_the_closed_forms():
    bet = hand_made_bet()
    assert (bet.expected, bet.variance) == (Fraction(-1, 8), Fraction(103, 64))
    f = wager_figures(bet.key, bet.title, bet.expected, bet.variance, Pace(30, Fraction(10)))
    assert f.edge == Fraction(1, 8) == f.element_of_risk          # no raise: action 1
    assert f.theoretical_win_per_hour == Fraction(75, 2)          # 30 x $10 x 1/8
    assert f.variance_per_hour == Fraction(38625, 8)              # 30 x 100 x 103/64
    assert f.sd_per_hour == pytest.approx(math.sqrt(38625 / 8))   # $69.48
    assert f.sd_per_hand == pytest.approx(10 * math.sqrt(103) / 8)
    assert f.hold(3) == Fraction(3, 8)                            # handle 3 x the drop
    band = f.band(100)
    assert (band.handle, band.mean, band.variance) == (1000, 125, Fraction(1030000, 64))
    half = 1.959963984540054 * math.sqrt(1030000 / 64)            # 248.64
    assert (band.low, band.high) == (pytest.approx(125 - half), pytest.approx(125 + half))
    # the hours' bands are the hands' at 30 an hour: 8 hours = 240 hands
    eight = next(b for b in f.bands if b.label.startswith("8 hours"))
    assert eight.hands == 240 and eight.variance == 240 * 100 * Fraction(103, 64)


def _sum_of_hands(one, hands):
    """The exact distribution of ``hands`` hands' total, {total: probability}, by adding one
    hand at a time in Fractions (a brute force beside the transform's convolution)."""
    out = {Fraction(0): Fraction(1)}
    for _ in range(hands):
        nxt: dict = {}
        for total, p in out.items():
            for net, q in one.items():
                nxt[total + net] = nxt.get(total + net, 0) + p * q
        out = nxt
    return out


@pytest.mark.parametrize("one, hands", [
    ({Fraction(2): 2, Fraction(0): 1, Fraction(-1): 5}, 100),        # the hand-made bet
    ({Fraction(19, 20): 41, Fraction(0): 30, Fraction(-1): 43}, 60),   # 1 to 1 less 5%
    ({Fraction(500): 1, Fraction(5, 2): 60, Fraction(-1): 2000}, 30)])  # a rare large pay
def test_the_bands_and_the_chance_the_house_is_ahead_are_the_exact_sums_quantiles(one, hands):
    """The band's ends are the 2.5% and 97.5% quantiles of the house's win after N hands
    (the smallest with at least that share at or below it), the chance the house is ahead
    P(win > 0): against the N-hand total summed hand by hand in Fractions."""
    total = sum(one.values())
    mean = sum(v * n for v, n in one.items()) / total
    variance = sum(v * v * n for v, n in one.items()) / total - mean * mean
    wager = Fraction(10)
    f = wager_figures("b", "B", mean, variance, Pace(30, wager), outcomes=tuple(one.items()))
    exact = _sum_of_hands({v: Fraction(n, total) for v, n in one.items()}, hands)
    wins = sorted((-wager * t, p) for t, p in exact.items())     # the house's side

    def quantile(q):
        seen = Fraction(0)
        for w, p in wins:
            seen += p
            if seen >= q:
                return w
    band = f.band(hands)
    assert band.exact and (band.mean, band.variance) == (hands * wager * -mean,
                                                         hands * wager ** 2 * variance)
    assert (band.low, band.high) == (float(quantile(Fraction(1, 40))),
                                     float(quantile(Fraction(39, 40))))
    assert band.ahead == pytest.approx(float(sum(p for w, p in wins if w > 0)), abs=1e-12)
    # the normal approximation, without the distribution: the same mean, its own ends
    normal = wager_figures("b", "B", mean, variance, Pace(30, wager)).band(hands)
    assert not normal.exact and normal.ahead is None and normal.mean == band.mean


def test_a_large_pays_sum_kept_on_a_folded_span_is_the_whole_spans():
    """8,000 to 1 over 1,000 hands spans 8 million steps; the span kept (where a Chernoff
    bound leaves under 1e-15 of the probability beyond it) is far smaller, and its
    cumulative probabilities are those of the whole span's transform, unfolded."""
    import numpy as np
    from verifier.odds.sums import Sums
    sums = Sums({Fraction(8000): 1, Fraction(1): 4000, Fraction(-1): 6000})
    hands = 1000
    whole = 1 << (hands * 8001).bit_length()
    kept = sums.points(hands)
    assert kept is not None and kept * 64 <= whole
    full = np.cumsum(np.fft.irfft(np.fft.rfft(sums.pmf, whole) ** hands, whole))
    assert np.abs(sums.cdf(hands) - full[:kept]).max() < 1e-12
    assert 1 - full[kept - 1] < 1e-12           # next to nothing lies past the span kept


def test_the_sheets_operator_tables_show_the_closed_forms():
    op = operator_section([hand_made_bet()], Pace(30, Fraction(10)), fee=2)
    (per_wager,) = [t for t in op.tables if t.title == "Per wager"]
    assert per_wager.rows == [["Made", "12.5000%", "= house edge", "$37.50",
                               f"${10 * math.sqrt(103) / 8:,.2f}",
                               f"${math.sqrt(38625 / 8):,.2f}"]]
    (band,) = [t for t in op.tables if t.title.startswith("95% band")]
    assert band.rows[0][:3] == ["100 hands", "$1,000", "$125.00"]
    assert "N × 5/4" in band.note and "N × 2575/16" in band.note   # 10/8, 100 x 103/64
    assert band.header[-1] == "House ahead" and band.rows[0][-1].endswith("%")
    from verifier.report.operator import _chance        # never shown as a certainty
    assert [_chance(p) for p in (0.99996, 0.00004, 0.5, 1.0, None)] == [
        "> 99.99%", "< 0.01%", "50.00%", "100.00%", ""]
    assert any("$2.00 a hand at $10.00, $60.00 an hour" in n for n in op.notes)


def test_the_95_percent_bands_hold_about_95_percent_of_simulated_tables():
    """The casino game's base wager ($20, 5% commission: chips stay whole), one seat
    against the house for 100 hands, on 1,000 tables of their own seeds: the share of
    tables whose result (the house's win) falls inside the band from the certificate's
    exact mean and variance is binomial(1,000, 0.95) if the band is right: within 5 of its
    SDs (0.0069) of 0.95, a bound a right band misses once in millions of runs (and the
    seeds are fixed)."""
    from verifier.certificate.sections import rule_set_of
    from verifier.report.model import build
    from verifier.table.limits import TableRules
    from verifier.table.setup import uniform_setup
    from verifier.table.simulate import simulate
    cert = certificate.load(CERTS / "casino-standard.json")
    sheet = build(cert, formulas=False, pace=Pace(30, Fraction(20)))
    (base,) = [f for f in sheet.operator.wagers if f.key == "base_game"]
    band = base.band(100)
    table = TableRules.from_ruleset(rule_set_of(cert))
    setup = uniform_setup((20,) + (0,) * (len(table.kinds) - 1), table=table, seats=[1])
    tables = 1000
    wins = [-simulate(setup, 100, seed=s, threads=1).seat_unit[0].sx for s in range(tables)]
    inside = sum(band.low <= w <= band.high for w in wins)
    sd = math.sqrt(0.95 * 0.05 / tables)
    assert band.exact and abs(inside / tables - 0.95) < 5 * sd, inside
    # the chance the house is ahead after 100 hands, from the exact distribution
    ahead = sum(w > 0 for w in wins) / tables
    assert abs(ahead - band.ahead) < 5 * math.sqrt(band.ahead * (1 - band.ahead) / tables)


def test_a_sessions_bankroll_is_the_cover_and_its_deepest_loss_before_a_round():
    from verifier.table.bankroll import batch_mean, quantile
    # running results -10, -5, -25 before the rounds 2, 3, 4; the last round's +7 needs no
    # further cover: 100 + 25
    from verifier.table.bankroll import session_need
    assert session_need([-10, 5, -20, 7], 100) == 125
    assert session_need([3, 4], 100) == 100                       # never behind: the cover
    assert quantile(list(range(100, 0, -1)), Fraction(95, 100)) == 95
    assert quantile([5, 1, 3], Fraction(99, 100)) == 5
    # eight estimates 1..8: mean 9/2, sample variance 6 (42/7), half-width t(7) x sqrt(6/8)
    # with t(7) = 2.364624 (tables of Student's t)
    mean, low, high = batch_mean(list(range(1, 9)))
    assert mean == Fraction(9, 2)
    assert (low, high) == (pytest.approx(4.5 - 2.364624 * math.sqrt(0.75)),
                           pytest.approx(4.5 + 2.364624 * math.sqrt(0.75)))


def test_the_bankroll_from_the_simulator_covers_the_table_and_grows_with_less_risk():
    from verifier.certificate.sections import rule_set_of
    from verifier.table.bankroll import bankroll
    from verifier.table.limits import TableRules
    cert = certificate.load(CERTS / "outlaw9-mikes.json")
    b = bankroll(TableRules.from_ruleset(rule_set_of(cert)), 25, 30, seed=3,
                 pool_rounds=400, sessions=400)
    assert b.cover == 6 * 25 and b.players == 6
    one, five = ({(n.hours, n.risk): n for n in b.needs}[1, r]
                 for r in (Fraction(1, 100), Fraction(5, 100)))
    assert b.cover <= five.estimate <= one.estimate
    for n in b.needs:
        assert n.low <= n.estimate <= n.high
    # the largest a 30-round session can need: the cover and 29 rounds lost to every seat
    # with the fee ($150 + $1 each)
    assert one.estimate <= b.cover + 29 * 151
    assert b.sessions == 400 and b.batches == 8


def test_the_bankrolls_pool_is_the_simulators_own_rounds(monkeypatch):
    """The pool's rounds, read straight from the kernel with its rules converted once
    (``kernel.dealer_round_results``), are those a whole one-round ``simulate`` gives for
    the same seeds (the general path, ``Stats`` and all), in a player-dealer fee game and
    a house-banked commission game; where the kernel cannot run, the reader says so (None: the pool is then
    simulated round by round)."""
    from verifier.certificate.sections import rule_set_of
    from verifier.table.bankroll import MAX_CHIPS
    from verifier.table.kernel import dealer_round_results
    from verifier.table.limits import TableRules
    from verifier.table.setup import uniform_setup
    from verifier.table.simulate import simulate
    for name in ("outlaw9-mikes.json", "casino-standard.json"):
        table = TableRules.from_ruleset(rule_set_of(certificate.load(CERTS / name)))
        setup = uniform_setup((25,) + (0,) * (len(table.kinds) - 1), bank=MAX_CHIPS,
                              table=table)
        seeds = [7 * 40 + k for k in range(40)]
        want = [simulate(setup, 1, seed=s, threads=1).dealer_round.sx for s in seeds]
        assert dealer_round_results(setup, seeds) == want
        assert len(set(want)) > 1                   # the seeds give different rounds
    from verifier.table import kernel
    monkeypatch.setattr(kernel, "_table_module", lambda: None)     # no compiled kernel
    assert dealer_round_results(setup, seeds) is None


def test_report_and_run_take_the_pace_and_refuse_a_bad_one(tmp_path, capsys):
    out = tmp_path / "sheet.md"
    assert main(["report", str(CERTS / "casino-standard.json"), "--hands-per-hour", "40",
                 "--average-wager", "100", "--out", str(out), "--no-progress"]) == 0
    text = out.read_text()
    assert "## Operator figures" in text and "At 40 hands an hour" in text
    assert "$100.00" in text and "Bankroll a player-dealer" not in text   # the house banks
    capsys.readouterr()
    one_line_error(["report", CERTS / "casino-standard.json", "--hands-per-hour", "0"],
                   capsys, "--hands-per-hour")
    one_line_error(["run", "--average-wager", "2.5"], capsys, "--average-wager")


def test_run_json_has_the_operator_figures_of_each_wager(capsys):
    import json
    assert main(["run", "--deck-ranks", "9TJQKA", "--json", "--no-progress",
                 "--average-wager", "10"]) == 0
    op = json.loads(capsys.readouterr().out)["operator"]
    (o9,) = op["wagers"]
    edge = Fraction(o9["house_edge"]["exact"])
    assert Fraction(o9["theoretical_win_per_hour"]["exact"]) == 30 * 10 * edge
    assert o9["rating_edge"] == o9["house_edge"] == o9["element_of_risk"]
    assert {b["method"] for b in o9["bands_95"]} == {"exact"}
    assert op["bankroll"] is None and not any("Bankroll" in n for n in op["notes"])
    # the player-dealer's bankroll only when asked, and never from a reduced deck
    assert main(["run", "--deck-ranks", "9TJQKA", "--json", "--no-progress",
                 "--bankroll-rounds", "300"]) == 0
    op = json.loads(capsys.readouterr().out)["operator"]
    assert op["bankroll"] is None and "reduced deck" in op["notes"][-1]


# ---------------------------------------------------------------------------------------
# the par sheet's polish


@pytest.fixture(scope="module")
def sheets():
    from verifier.report.markdown import render
    from verifier.report.model import build
    return {p.stem: render(build(certificate.load(p), formulas=False))
            for p in sorted(CERTS.glob("*.json"))}


def test_a_filed_sheet_names_no_repository_path_and_writes_10_for_a_ten(sheets):
    for name, text in sheets.items():
        assert not re.search(r"docs/|\w\.md\b|verifier/", text), name
        cells = [c.strip() for line in text.splitlines() if line.startswith("|")
                 for c in line.split("|")]
        tens = [c for c in cells if re.fullmatch(r"(\S*[2-9AKQJ]T\S*|T\S*|.*\bT[cdhs]\b.*)",
                                                 c) and not c[:1].islower()
                and not re.search("[a-z]{3}", c)]
        assert tens == [], (name, tens[:5])
        # and in running text: a reading's "A-K-Q-J-T" (the certificate keeps its words)
        assert not re.search(r"\b[2-9AKQJ]-(?:[2-9AKQJ]-)*T\b|\bT-[2-9AKQJ]", text), name
    text = sheets["outlaw9-mikes"]
    assert "| A-10 |" in text and "| 10-9 |" in text and "| 10 high |" in text


def test_the_long_frequency_tables_are_in_an_appendix_after_the_definitions(sheets):
    for name, text in sheets.items():
        heads = [line[3:] for line in text.splitlines() if line.startswith("## ")]
        at = heads.index("Definitions")
        assert heads[at + 1].startswith("Appendix: house way"), name
        assert "Operator figures" in heads[:at], name
        appendix = text[text.index("\n## Appendix"):]
        assert "**Front hand (two cards)**" in appendix
        assert "**Power ratings, two-card hands" in appendix
        if "## Optimal strategy" in text:
            assert "rank patterns that give up the most" in appendix


def test_the_outcome_chart_has_a_linear_and_a_log_scale_each_labelled():
    from verifier.report.charts import outcome_distribution
    from verifier.report.model import build
    sheet = build(certificate.load(CERTS / "outlaw9-mikes.json"), formulas=False)
    (push,) = [b for b in sheet.bets if b.key == "wrangler_push"]
    svg = outcome_distribution(push)
    assert "Probability (linear scale)" in svg and "Probability (log scale)" in svg


def test_the_xlsx_operator_sheet_reads_back_with_the_figures_and_the_bankroll(tmp_path):
    """The California game's workbook, read back with openpyxl: the base game's
    theoretical win per hour is 30 x $25 x the certificate's exact edge at 1 to 1 (its
    even-money return), and the bankroll table is there, each estimate within its
    interval."""
    openpyxl = pytest.importorskip("openpyxl")
    book = tmp_path / "mikes.xlsx"
    assert main(["report", str(CERTS / "outlaw9-mikes.json"), "--format", "xlsx", "--out",
                 str(book), "--bankroll-rounds", "300", "--no-progress"]) == 0
    ws = openpyxl.load_workbook(book)["Operator figures"]
    rows = [[c.value for c in row] for row in ws.iter_rows()]
    header = next(r for r in rows if r[0] == "Wager" and r[1] == "Hands per hour")
    base = dict(zip(header, next(r for r in rows if r[0] == "Base game")))
    cert = certificate.load(CERTS / "outlaw9-mikes.json")
    edge = -Fraction(cert["sections"]["base_game"]["results"]["even_money_return"]["exact"])
    assert Fraction(base["Theoretical win per hour (exact, as certified)"]) == 30 * 25 * edge
    assert base["Theoretical win per hour"].startswith("=")   # tests/test_xlsx_any_pays.py
    at = next(i for i, r in enumerate(rows) if r[0] == "Session hours")
    needs = [r for r in rows[at + 1:at + 5]]
    assert [(r[0], r[1]) for r in needs] == [(1, 30), (1, 30), (8, 240), (8, 240)]
    for r in needs:
        assert r[4] <= r[3] <= r[5] and r[3] >= 150


def test_the_operator_options_import_no_table_module():
    # run and report take the pace options; the table simulator (20 ms of start-up) is
    # imported only when a player-dealer's bankroll is simulated
    import subprocess
    import sys
    from conftest import HANG
    code = ("import argparse, sys; from verifier.cli.options import add_operator_options; "
            "add_operator_options(argparse.ArgumentParser()); "
            "print(sorted(m for m in sys.modules if m.startswith('verifier.table')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=HANG, check=True).stdout
    assert out.strip() == "[]"
