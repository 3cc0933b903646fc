"""`audit` claims on a progressive (issue 37; verifier/audit/progressive.py, docs/AUDIT.md
"Progressives"), in every input form (CSV, TOML, xlsx) and the report's forms.

The table: the Face Up Pai Gow "Mega" tiers with one meter on the top tier, a $5 wager.
The claims are typed in from the Wizard of Odds' combinations (newsletter of 18 October
2022, https://wizardofodds.com/newsletter/october-20-2022/) and the closed forms written
here from them: the return at a meter, the break-even meter (where the linear return is
0) and the average-win long-run return. The exact figures come from the shipped
casino-standard certificate's counts (no enumeration)."""
import json
from fractions import Fraction

import pytest

from conftest import missing, one_line_error
from verifier.audit.judge import FAILS, HOLDS, NOT_CHECKED
from verifier.cli import main

# the Wizard of Odds' combinations, top tier first, and the hands no tier pays
WOO = [228, 1_128, 26_092, 184_644, 307_472, 4_188_528]
WOO_LOSER, TOTAL = 149_434_988, 154_143_080
NAMES = ["Seven-card straight flush", "Five aces", "Royal flush", "Straight flush",
         "Four of a kind", "Full house"]
PAYS = [None, 155_924, 3_595, 500, 375, 20]           # dollars on the $5 wager
WAGER, RESET, INCREMENT, METER = 5, 1_000_000, Fraction(1, 10), 2_000_000
FIXED = sum(n * a for n, a in zip(WOO[1:], PAYS[1:]))
RETURN = Fraction(WOO[0] * METER + FIXED, WAGER * TOTAL) - 1
BREAK_EVEN = Fraction(WAGER * TOTAL - FIXED, WOO[0])
RETURN_HALF = Fraction(WOO[0] * METER // 2 + FIXED, WAGER * TOTAL) - 1
LONG_RUN = (Fraction(WOO[0], TOTAL) * RESET + INCREMENT * WAGER
            + Fraction(FIXED, TOTAL)) / WAGER - 1

TABLE = f"""name = "Mega, one meter"
wager = {WAGER}
[meters.m]
reset = {RESET}
increment = "10%"
[[tiers]]
lines = ["seven_card_straight_flush", "seven_card_straight_flush_with_joker"]
pays = "100% of m"
""" + "".join(f'[[tiers]]\nlines = ["{n.lower().replace(" ", "_").replace("-", "_")}"]\n'
              f'pays = "${a}"\n' for n, a in zip(NAMES[1:], PAYS[1:]))


def _claims(five_aces=1_128, break_even=f"${float(BREAK_EVEN):,.2f}",
            long_run=f"{float(LONG_RUN):.6f}", ret=f"{float(RETURN):.6f}"):
    """The grid of a claims sheet: game, bet, meter, tiers, figures."""
    counts = [WOO[0], five_aces, *WOO[2:]]
    return ([["Rule set", "casino-standard"], ["Bet", "mega.toml"],
             ["Meter", "m", f"${METER:,}"], ["Line", "Combinations", "Probability"]]
            + [[n, c, ""] for n, c in zip(NAMES, counts)]
            + [["Loses", WOO_LOSER, ""], ["Total", TOTAL, "1"], [],
               ["Return", ret], ["Break-even", "m", break_even],
               ["Long-run return", long_run]])


def _write(folder, form, rows):
    (folder / "mega.toml").write_text(TABLE)
    if form == "csv":
        import csv
        path = folder / "claims.csv"
        with open(path, "w", newline="") as f:
            csv.writer(f).writerows(rows)
    elif form == "xlsx":
        try:
            import openpyxl
        except ImportError:
            missing("openpyxl (the audit extra)")
        path = folder / "claims.xlsx"
        book = openpyxl.Workbook()
        for row in rows:
            book.active.append([str(x) for x in row])
        book.save(path)
    else:
        import tomli_w
        lines = [{"line": r[0], "combinations": str(r[1]), **({"probability": r[2]}
                                                             if r[2] else {})}
                 for r in rows[4:12]]
        figures = {r[0]: r[-1] for r in rows[13:]}
        path = folder / "claims.toml"
        path.write_text(tomli_w.dumps({"game": {"rule_set": "casino-standard"}, "bet": [{
            "bet": "mega.toml", "meters": {"m": rows[2][2]}, "return": figures["Return"],
            "break_even": {"m": figures["Break-even"]},
            "long_run_return": figures["Long-run return"], "line": lines}]}))
    return path


def _audit(path, capsys, *more):
    code = main(["audit", str(path), "--json", *more])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("form", ["csv", "toml", "xlsx"])
def test_true_claims_on_a_progressive_hold_in_every_form(tmp_path, capsys, form):
    code, out = _audit(_write(tmp_path, form, _claims()), capsys)
    assert code == 0 and out["not_checked"] == 0 and out["does_not_hold"] == 0
    figures = {f["figure"]: f for f in out["findings"] if f["line"] in (None, "meter m")}
    assert Fraction(figures["break_even"]["exact"]) == BREAK_EVEN
    assert Fraction(figures["long_run_return"]["exact"]) == LONG_RUN
    assert Fraction(figures["return"]["exact"]) == RETURN
    assert out["holds"] == 8 + 1 + 3


def test_false_claims_on_a_progressive_name_the_exact_value(tmp_path, capsys):
    rows = _claims(five_aces=1_182, break_even="920,000", long_run="0.2")
    code, out = _audit(_write(tmp_path, "csv", rows), capsys, "--out",
                       str(tmp_path / "report.md"))
    assert code == 1
    bad = {(f["line"], f["figure"]): f for f in out["findings"] if f["status"] == FAILS}
    assert set(bad) == {("5 Aces", "combinations"), ("meter m", "break_even"),
                        (None, "long_run_return")}
    assert bad[("5 Aces", "combinations")]["difference"] == "+54"
    assert Fraction(bad[("meter m", "break_even")]["exact"]) == BREAK_EVEN
    report = (tmp_path / "report.md").read_text()
    assert "break-even meter" in report and "long-run return" in report


def test_an_unreadable_progressive_claim_is_one_line(tmp_path, capsys):
    one_line_error(["audit", _write(tmp_path, "csv", _claims(break_even="about 9e5?"))],
                   capsys, "cell C15")
    rows = _claims()
    rows[2] = ["Meter", "m", "$10"]                          # below its reset
    one_line_error(["audit", _write(tmp_path, "csv", rows)], capsys, "below its reset")
    rows[2] = ["Meter", "jackpot", "$10"]
    one_line_error(["audit", _write(tmp_path, "csv", rows)], capsys, "no such meter")


def test_a_long_run_outside_the_model_is_not_checked(tmp_path, capsys):
    """A cap on a meter a tier takes half of: outside the meter model (docs/PROGRESSIVES.md),
    while the return at the meter (the share's half of $2,000,000 and the rest) is judged."""
    path = _write(tmp_path, "csv", _claims(ret=f"{float(RETURN_HALF):.6f}",
                                           break_even=f"{float(2 * BREAK_EVEN):,.2f}"))
    (tmp_path / "mega.toml").write_text(TABLE.replace('increment = "10%"',
                                                      'increment = "10%"\ncap = 5000000')
                                        .replace('"100% of m"', '"50% of m"'))
    code, out = _audit(path, capsys)
    status = {f["figure"]: f["status"] for f in out["findings"]
              if f["line"] in (None, "meter m")}
    assert code == 0 and status["long_run_return"] == NOT_CHECKED
    assert status["return"] == HOLDS and status["break_even"] == HOLDS


def test_the_rule_sets_jackpot_is_claimed_by_name(tmp_path, capsys):
    """emperors-challenge's Jackpot example, from its certificate (the 25-card deck):
    the tiers' counts of the certificate's own section, and a break-even of a table
    whose meter's tier has no hand there (not checked)."""
    cert = tmp_path / "ec.json"
    assert main(["run", "--rules", "emperors-challenge", "--deck-ranks", "9TJQKA",
                 "--no-progress", "--out", str(cert)]) == 0
    capsys.readouterr()
    path = tmp_path / "c.csv"
    path.write_text("Bet,jackpot\nLine,Combinations\nFour of a kind,1\n\n"
                    "Break-even,jackpot,10000\n")
    code, out = _audit(path, capsys, "--cert", str(cert))
    quads, be = out["findings"]
    assert quads["status"] == FAILS and be["status"] == NOT_CHECKED
    section = json.loads(cert.read_text())["sections"]["progressives"]["results"]
    tier = [t for t in section["jackpot"]["tiers"] if t["lines"] == ["four_of_a_kind"]][0]
    assert quads["exact"] == str(tier["hands"])


def test_a_long_run_between_two_bounds_is_judged_on_both(tmp_path, capsys):
    """A capped meter: the long run has q^K in it (K = 320,000 increments below the cap),
    which the tool bounds by two rationals; the claim, from the cap's closed form
    evaluated here in floating point (docs/PROGRESSIVES.md), holds at both."""
    import math
    reset, inc, cap = 10_000, Fraction(15, 100) * WAGER, 250_000
    h = Fraction(WOO[0], TOTAL)
    k = math.floor((cap - reset) / inc)
    qk = math.exp(k * math.log1p(-float(h)))
    at_hit = reset + float(inc) * (1 - qk) / float(h) + (cap - reset - float(inc) * k) * qk
    long_run = (float(FIXED) / TOTAL + float(h) * at_hit) / WAGER - 1
    rows = [r for r in _claims(long_run=f"{long_run:.6f}") if not r or r[0] not in
            ("Return", "Break-even", "Meter")]
    capped = TABLE.replace(f'reset = {RESET}\nincrement = "10%"',
                           'reset = 10000\nincrement = "15%"\ncap = 250000')
    path = _write(tmp_path, "csv", rows)
    (tmp_path / "mega.toml").write_text(capped)
    code, out = _audit(path, capsys)
    (lr,) = [f for f in out["findings"] if f["figure"] == "long_run_return"]
    assert code == 0 and lr["status"] == HOLDS and lr["exact_shown"].endswith("(bounds)")
    rows[-1] = ["Long-run return", f"{long_run + 1e-5:.6f}"]
    path = _write(tmp_path, "csv", rows)
    (tmp_path / "mega.toml").write_text(capped)
    code, out = _audit(path, capsys)
    (lr,) = [f for f in out["findings"] if f["figure"] == "long_run_return"]
    assert code == 1 and lr["status"] == FAILS and lr["errs_for"] == "player"
