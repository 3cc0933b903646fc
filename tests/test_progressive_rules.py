"""Progressive meters as the rules define them (issue 53 item 1, issue 51 item 3;
verifier/game/progressive.py, verifier/odds/meters.py, docs/PROGRESSIVES.md "The meter
model"): a base (initial) amount apart from the reset, today's amount, a limit with a
secondary rate, a hidden (reserve) rate; the return at install, at reset, today and in the
long run.

Expectations: the meter at a hit by brute force, the meter's own rule played wager by wager
here and weighted by the geometric law of the wagers between hits (its tail bounded); the
returns at install and at reset by hand from the tiers' probabilities; the Wizard of Odds'
Face Up Mega combinations (typed in, tests/test_progressive.py) at a meter the day did not
show; at the table, the simulator's 99% interval on the 25-card deck of nines to aces."""
import json
from fractions import Fraction

import pytest

from verifier.cli import main
from verifier.game.progressive import from_dict
from verifier.odds.progressive import ProgressiveOdds


def _odds(meter, counts=(1,), total=3, wager=5):
    table = from_dict({"wager": wager, "meters": {"m": meter}, "tiers": [
        {"lines": ["four_of_a_kind"], "pays": "100% of m"},
        {"lines": ["full_house"], "pays": "$2"}][:len(counts)]})
    return ProgressiveOdds(table, counts, total)


def _brute(reset, i, cap, i2, h, wagers=400):
    """(E[meter at a hit], E[meter before a wager]) by playing the rule: below the limit a
    wager adds i (no further than the limit), at the limit i2; a hit after g wagers has
    probability h (1 - h)^(g - 1), the meter before a wager is g wagers old with h (1 - h)^g.
    The tail past ``wagers`` is below (1 - h)^wagers x (cap + i2 x wagers)."""
    q, v, before = 1 - h, Fraction(reset), []
    for _ in range(wagers):
        before.append(v)
        v = v + i2 if v >= cap else min(v + i, cap)
    after = before[1:] + [v]
    at_hit = sum(h * q ** g * after[g] for g in range(wagers))
    meter = sum(h * q ** g * before[g] for g in range(wagers))
    return at_hit, meter


@pytest.mark.parametrize("cap, steps", [("13.5", 3), (13, 3)])
def test_a_secondary_rate_past_the_limit_is_the_meter_played_wager_by_wager(cap, steps):
    """Reset $10, $1 a wager (20% of $5) to the limit, then $0.50 (10%), hit 1/3: with a
    part step to the limit ($13.50) and without one ($13)."""
    odds = _odds({"reset": 10, "increment": "20%", "cap": cap, "secondary": "10%"})
    run = odds.meter_run("m")
    at_hit, meter = _brute(10, 1, Fraction(cap), Fraction(1, 2), Fraction(1, 3))
    assert run.cap_steps == steps and run.expected_at_hit.form == "exact"
    bound = Fraction(1, 10 ** 60)
    assert abs(run.expected_at_hit.low - at_hit) < bound
    assert abs(run.expected_meter.low - meter) < bound
    # conservation: what goes in ($1 a wager and the reset at a hit) is paid or overflows
    assert run.paid.low + run.overflow.low == 1 + Fraction(10, 3)
    assert odds.long_run() == run.paid.low / 5 - 1


def test_no_secondary_rate_is_the_cap_as_before():
    plain = _odds({"reset": 10, "increment": "20%", "cap": "13.5"}).meter_run("m")
    zero = _odds({"reset": 10, "increment": "20%", "cap": "13.5",
                  "secondary": "0%"}).meter_run("m")
    assert plain.expected_at_hit == zero.expected_at_hit
    at_hit, _ = _brute(10, 1, Fraction(27, 2), 0, Fraction(1, 3))
    assert abs(plain.expected_at_hit.low - at_hit) < Fraction(1, 10 ** 60)


def test_the_return_at_install_at_reset_and_today():
    """Base $40, reset $20, today $33, a quad 1 in 3 and a full house ($2) 1 in 3, wager $5:
    each return is (paid on the quad + $2) / 3 / 5 - 1; the long run takes no base."""
    odds = _odds({"reset": 20, "base": 40, "today": 33, "increment": "20%"}, (1, 1), 3)
    assert odds.return_at_install() == Fraction(40 + 2, 15) - 1
    assert odds.return_at_reset() == Fraction(20 + 2, 15) - 1
    assert odds.return_at() == Fraction(33 + 2, 15) - 1
    no_base = _odds({"reset": 20, "increment": "20%"}, (1, 1), 3)
    # i + h R per wager from the meter ($1 + $20 / 3), $2 / 3 from the full house
    assert odds.long_run() == no_base.long_run() == (1 + Fraction(20 + 2, 3)) / 5 - 1
    f = odds.figures()
    assert Fraction(f["return_at_install"]["exact"]) == odds.return_at_install()
    assert Fraction(f["return_at_reset"]["exact"]) == odds.return_at_reset()
    assert f["meters"]["m"]["base"] == "40" and f["meters"]["m"]["today"] == "33"
    again = from_dict(odds.table.to_dict())
    assert again.meters == odds.table.meters


def test_face_up_mega_prices_any_meter_at_or_above_its_reset():
    """The shipped table's meters are the day's (its ``today``) and its resets the
    example's, so a mega of $1,000,000 (never shown that day) is priced: the Wizard of
    Odds' combinations, each paid at the meters, over the $5 wager."""
    from test_progressive import MEGA, WOO_LOSER, WOO_MEGA
    from verifier.cli.progressive import _table
    table = _table("face_up_mega", None)
    assert from_dict(table.to_dict()).meters == table.meters
    counts = tuple(n for n, _ in WOO_MEGA)
    total = sum(counts) + WOO_LOSER
    odds = ProgressiveOdds(table, counts, total)
    pays = [Fraction(1_000_000), Fraction("155924.47"), Fraction("3594.57"), 500, 375, 20]
    expected = sum(n * p for n, p in zip(counts, pays)) / total / 5 - 1
    assert odds.return_at({"mega": Fraction(1_000_000)}) == expected
    day = odds.return_at()
    assert f"{float((day + 1) * 5):.6f}" == "9.309231"          # the page's total
    assert table.meters["mega"].reset <= 1_000_000 < table.meters["mega"].today
    assert load_same(MEGA, table)


def load_same(path, table):
    from verifier.game.progressive import load
    return load(path) == table


@pytest.mark.parametrize("meter, words", [
    ({"reset": 10, "increment": "5%", "secondary": "1%"}, "states no cap"),
    ({"reset": 10, "increment": "5%", "cap": 20, "secondary": "6%"}, "from 0% to the"),
    ({"reset": 10, "base": 30, "cap": 20}, "above the cap"),
    ({"reset": 10, "base": -1}, "negative base"),
    ({"reset": 10, "today": 5}, "today's amount"),
    ({"reset": 10, "cap": 20, "today": 25}, "today's amount"),
])
def test_bad_rules_meters_get_one_line(tmp_path, capsys, meter, words):
    import tomli_w
    path = tmp_path / "p.toml"
    path.write_text(tomli_w.dumps({"meters": {"m": meter},
                                   "tiers": [{"lines": ["flush"], "pays": "100% of m"}]}))
    assert main(["progressive", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1


def test_a_meter_below_its_reset_but_at_its_base_is_priced():
    odds = _odds({"reset": 20, "base": 15}, (1, 1), 3)
    assert odds.return_at({"m": Fraction(15)}) == Fraction(15 + 2, 15) - 1
    with pytest.raises(Exception, match="below its base"):
        odds.return_at({"m": Fraction(14)})


RULES_TABLE = {"name": "rules meters", "wager": 1, "meters": {
    "big": {"reset": 10, "base": 14, "increment": "20%", "cap": 12, "secondary": "10%",
            "reserve": "5%"}},
    "tiers": [{"lines": ["four_of_a_kind"], "pays": "100% of big"},
              {"lines": ["full_house"], "pays": "$2"}]}


def test_the_table_plays_a_base_a_limit_and_a_secondary_rate_within_its_interval(
        tmp_path, capsys):
    """One seat on the 25-card deck of nines to aces, the meter installed at its base: the
    simulated return's 99% interval covers the exact long-run return, and the house's
    seeding per wager its long-run figure."""
    import tomli_w
    table, cert = tmp_path / "t.toml", tmp_path / "c.json"
    table.write_text(tomli_w.dumps(RULES_TABLE))
    assert main(["run", "--deck-ranks", "9TJQKA", "--rules", "casino-standard",
                 "--no-progress", "--out", str(cert)]) == 0
    capsys.readouterr()
    assert main(["progressive", str(table), "--cert", str(cert), "--seats", "1",
                 "--simulate", "20000", "--seed", "5", "--no-progress", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    sim = out["simulation"]
    lo, hi = sim["interval_99"]
    bounds = out.get("long_run_bounds") or {"low": out["long_run_return"]["exact"],
                                            "high": out["long_run_return"]["exact"]}
    assert lo < float(Fraction(bounds["low"])) <= float(Fraction(bounds["high"])) < hi
    house = Fraction(out["meters"]["big"]["long_run"]["house_seeds_per_wager"]["exact"])
    lo, hi = sim["house_seeded_interval_99"]
    assert lo <= float(house) <= hi
    assert "return_at_install" in out and out["meters"]["big"]["secondary"] == "1/10"


def test_claims_of_the_return_at_reset_and_at_install_are_judged(tmp_path, capsys):
    """The Mega tiers with one meter (tests/test_progressive_audit.py), installed at a base
    of $1,500,000 over its $1,000,000 reset: the returns at reset and at install by hand
    from the Wizard of Odds' combinations hold, a wrong one names the exact value."""
    import csv
    import test_progressive_audit as mega
    base = 1_500_000

    def at(meter):
        return Fraction(mega.WOO[0] * meter + mega.FIXED, mega.WAGER * mega.TOTAL) - 1
    rows = mega._claims()[:-1] + [["Return at reset", f"{float(at(mega.RESET)):.6f}"],
                                  ["Return at install", "0.5"]]
    mega._write(tmp_path, "csv", rows)
    table = tmp_path / "mega.toml"
    table.write_text(table.read_text().replace("reset = 1000000",
                                               f"reset = 1000000\nbase = {base}"))
    with open(tmp_path / "claims.csv", "w", newline="") as f:
        csv.writer(f).writerows(rows)
    assert main(["audit", str(tmp_path / "claims.csv"), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    found = {f["figure"]: f for f in out["findings"] if f["line"] is None}
    assert found["return_at_reset"]["status"] == "holds"
    assert found["return_at_install"]["status"] != "holds"
    assert Fraction(found["return_at_install"]["exact"]) == at(base)


def test_the_par_sheet_shows_the_meters_as_the_rules_name_them():
    """In the emperors-challenge certificate's progressive section as ``run`` would write
    it: the rules' table (base, reset, today, rates, limit) and the returns at reset and at
    install, each the exact figure written here by hand."""
    import copy
    from pathlib import Path
    from verifier import certificate
    from verifier.certificate.odds import progressive_odds
    from verifier.report import render
    cert = copy.deepcopy(certificate.load(Path(__file__).resolve().parent.parent / "proofs"
                                          / "certificates" / "emperors-challenge.json"))
    table = from_dict({"name": "Rules", "wager": 1, "meters": {"top": {
        "reset": 10000, "base": 25000, "today": 31000, "increment": "15%", "cap": 50000,
        "secondary": "5%", "reserve": "2%"}}, "tiers": [
        {"lines": ["seven_card_straight_flush"], "pays": "100% of top"}]})
    odds = progressive_odds(cert, table)
    p = odds.probability(0)
    f = odds.figures()
    cert["sections"]["progressives"]["results"]["jackpot"] = f
    text = render(cert)
    assert "Meters as the rules name them" in text
    for words, meter in (("at its reset", 10000), ("at install", 25000)):
        line = next(x for x in text.splitlines() if "Return per unit" in x and words in x)
        assert f"{float(p * meter - 1):+.6f}" in line
    assert "$25,000.00" in text and "$31,000.00" in text and "5.00%" in text
