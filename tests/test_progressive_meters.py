"""The meter model of a progressive (issue 37, verifier/odds/meters.py, docs/PROGRESSIVES.md
"The meter model"): shares below 100%, a fixed amount with a meter's top, a reserve and a
cap, in the long run.

Expectations: for a share, every sequence of outcomes of the first wagers enumerated with
Fractions (a brute force) against the stationary mean's transient; for a cap and for a
reserve, the exact stationary distribution of the meter's (or the reserve's) own finite
Markov chain, solved by elimination; at the table, the simulator's 99% intervals on the
25-card deck of nines to aces; the bad-input lines."""
import json
from fractions import Fraction

import pytest

from verifier.cli import main
from verifier.game.progressive import from_dict
from verifier.odds import meters
from verifier.odds.progressive import ProgressiveOdds


def _odds(meter, tiers, counts, total, wager=1):
    table = from_dict({"wager": wager, "meters": {"m": meter}, "tiers": [
        {"lines": [line], "pays": pays} for line, pays in tiers]})
    return ProgressiveOdds(table, counts, total)


def test_a_share_below_all_by_every_sequence_of_wagers():
    """Whole hit 1/4, "$3 + 50%" hit 1/4, wager $2, increment 50% (i = $1), reset $8:
    the meter's distribution after n wagers, enumerated, has the mean the stationary
    figures give through E[M_n] = E[M] + (1 - sigma)^n (R - E[M]) exactly, and pays
    sigma (E[M_n] + i) at wager n + 1."""
    odds = _odds({"reset": 8, "increment": "50%"},
                 [("four_of_a_kind", "100% of m"), ("full_house", "$3 + 50% of m")],
                 (1, 1), 4, wager=2)
    run = odds.meter_run("m")
    stationary = run.expected_meter.low
    sigma, i, reset = Fraction(1, 4) + Fraction(1, 8), Fraction(1), Fraction(8)
    # by hand: E[M] = ((1 - sigma) i + h_whole R) / sigma = (5/8 + 2) / (3/8) = 7
    assert run.expected_meter.form == "exact" and stationary == 7
    assert run.expected_at_hit.low == 8 and run.tier_paid == (
        meters.Bounded(Fraction(8), Fraction(8)), meters.Bounded(Fraction(7), Fraction(7)))
    dist = {reset: Fraction(1)}
    for n in range(12):
        mean = sum(v * p for v, p in dist.items())
        assert mean == stationary + (1 - sigma) ** n * (reset - stationary)
        paid = sum(p * (Fraction(1, 4) * (v + i) + Fraction(1, 4) * (v + i) / 2)
                   for v, p in dist.items())
        assert paid == sigma * (mean + i)
        nxt: dict = {}
        for v, p in dist.items():
            for value, q in ((v + i, Fraction(1, 2)), ((v + i) / 2, Fraction(1, 4)),
                             (reset, Fraction(1, 4))):
                nxt[value] = nxt.get(value, 0) + p * q
        dist = nxt
    # per wager: the meter pays i + h_whole R = 1 + 2, the house $3 at a quarter of hits
    assert odds.long_run() == (Fraction(3) + Fraction(3, 4)) / 2 - 1


def _stationary(states, step):
    """The stationary distribution of a finite chain, exactly: ``step(s)`` lists
    (next state, probability); pi P = pi with sum pi = 1, by elimination."""
    index = {s: k for k, s in enumerate(states)}
    n = len(states)
    rows = [[Fraction(0)] * (n + 1) for _ in range(n)]
    for s in states:
        for t, p in step(s):
            rows[index[t]][index[s]] += p
    for k in range(n):
        rows[k][k] -= 1
    rows[-1] = [Fraction(1)] * n + [Fraction(1)]
    for c in range(n):
        pivot = next(r for r in range(c, n) if rows[r][c] != 0)
        rows[c], rows[pivot] = rows[pivot], rows[c]
        for r in range(n):
            if r != c and rows[r][c]:
                f = rows[r][c] / rows[c][c]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[c])]
    return {s: rows[index[s]][n] / rows[index[s]][index[s]] for s in states}


def test_a_capped_meter_is_its_own_chain_at_rest():
    """Reset $10, $1 a wager (20% of $5), cap $13.50, hit 1/3: the meter before a wager
    lives on 10, 11, 12, 13, 13.5; its stationary distribution gives the expected meter,
    the meter at a hit, the payout and the overflow past the cap exactly."""
    odds = _odds({"reset": 10, "increment": "20%", "cap": "13.5"},
                 [("four_of_a_kind", "100% of m")], (1,), 3, wager=5)
    cap, h = Fraction(27, 2), Fraction(1, 3)
    states = [Fraction(v) for v in (10, 11, 12, 13)] + [cap]

    def step(v):
        up = min(v + 1, cap)
        return [(Fraction(10), h), (up, 1 - h)]
    pi = _stationary(states, step)
    at_hit = sum(p * min(v + 1, cap) for v, p in pi.items())
    over = sum(p * max(v + 1 - cap, 0) for v, p in pi.items())
    run = odds.meter_run("m")
    assert run.cap_steps == 3 and run.expected_meter.form == "exact"
    assert run.expected_meter.low == sum(p * v for v, p in pi.items())
    assert run.expected_at_hit.low == at_hit and run.paid.low == h * at_hit
    assert run.overflow.low == over and run.house_seeds.low == 10 * h
    assert odds.long_run() == h * at_hit / 5 - 1


def test_a_large_cap_gives_a_bound_pair_around_the_exact_value(monkeypatch):
    """Past ``EXACT_BITS`` q^K is bounded: the pair brackets the exact figure (computed
    here with the limit lifted), tightly, and the 12 places are the exact value's."""
    def figures():
        odds = _odds({"reset": 10, "increment": "20%", "cap": 400},
                     [("four_of_a_kind", "100% of m")], (7,), 300, wager=5)
        return odds.meter_run("m"), odds.long_run_bounds()
    exact, exact_return = figures()
    monkeypatch.setattr(meters, "EXACT_BITS", 64)
    bounded, bounded_return = figures()
    assert exact.expected_at_hit.form == "exact" and bounded.expected_at_hit.form == "bounds"
    for e, b in ((exact.expected_at_hit, bounded.expected_at_hit),
                 (exact.expected_meter, bounded.expected_meter),
                 (exact.overflow, bounded.overflow), (exact_return, bounded_return)):
        assert b.low <= e.low <= b.high and b.high - b.low < Fraction(1, 10 ** 40)
        places = round(abs(e.low) * 10 ** 12)
        assert b.json()["decimal_12"] == ("-" if e.low < 0 else "") + \
            f"{places // 10 ** 12}.{places % 10 ** 12:012d}"


def test_a_reserve_funds_the_resets_as_its_chain_says():
    """Reserve $1 a wager (50% of $2), reset $3, hit 3/4, no increment: the house seeds
    h R - reserve = 5/4 per wager in the long run; the reserve's own chain (truncated at
    $40, where its mass is below 1e-20) says the same; an overfunded reserve gains the
    rest and the house seeds nothing."""
    odds = _odds({"reset": 3, "reserve": "50%"}, [("four_of_a_kind", "100% of m")],
                 (3,), 4, wager=2)
    run = odds.meter_run("m")
    assert run.house_seeds.low == Fraction(5, 4) and run.reserve_gain.low == 0
    top = 40

    def step(v):
        v = min(v + 1, top)
        return [(v, Fraction(1, 4)), (max(v - 3, 0), Fraction(3, 4))]
    pi = _stationary(list(range(top + 1)), step)
    seeds = sum(p * Fraction(3, 4) * max(3 - min(v + 1, top), 0) for v, p in pi.items())
    assert abs(seeds - Fraction(5, 4)) < Fraction(1, 10 ** 15)
    rich = _odds({"reset": 3, "reserve": "100%"}, [("four_of_a_kind", "100% of m")],
                 (1,), 4, wager=2).meter_run("m")
    assert rich.house_seeds.low == 0 and rich.reserve_gain.low == 2 - Fraction(3, 4)
    assert odds.long_run() == Fraction(9, 4) / 2 - 1      # players are paid the resets


TABLE = {"name": "meters", "wager": 1, "meters": {
    "big": {"reset": 10, "increment": "20%", "cap": 11},
    "share": {"reset": 5, "increment": "10%"},
    "res": {"reset": 4, "increment": "5%", "reserve": "5%", "cap": "4.5"}},
    "tiers": [{"lines": ["four_of_a_kind"], "pays": "100% of big"},
              {"lines": ["full_house"], "pays": "$1 + 50% of share"},
              {"lines": ["flush"], "pays": "100% of share"},
              {"lines": ["three_of_a_kind"], "pays": "100% of res"}]}


def test_the_table_plays_shares_a_cap_and_a_reserve_within_the_intervals(tmp_path, capsys):
    """One seat on the 25-card deck of nines to aces: a capped meter, a share with a
    fixed amount, a reserve with a cap; the simulated return's 99% interval covers the
    exact long-run return, and the house's seeding per wager its long-run figure. The
    rule set's certificate holds the meter model's figures and ``check`` re-derives them."""
    import tomli_w
    from verifier.certificate import seal
    (tmp_path / "meters.toml").write_text(tomli_w.dumps(TABLE))
    rules, cert = tmp_path / "rules.toml", tmp_path / "c.json"
    rules.write_text('base = "casino-standard"\nname = "meters-test"\n'
                     '[progressives]\nmeters = "meters.toml"\n')
    assert main(["run", "--deck-ranks", "9TJQKA", "--rules", str(rules),
                 "--no-progress", "--out", str(cert)]) == 0
    assert main(["check", str(cert)]) == 0
    capsys.readouterr()
    assert main(["progressive", "meters", "--rules", str(rules), "--cert", str(cert),
                 "--seats", "1", "--simulate", "20000", "--seed", "3", "--no-progress",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    sim = out["simulation"]
    lo, hi = sim["interval_99"]
    assert lo < float(Fraction(out["long_run_return"]["exact"])) < hi
    house = sum(Fraction(m["long_run"]["house_seeds_per_wager"]["exact"])
                for m in out["meters"].values())
    lo, hi = sim["house_seeded_interval_99"]
    assert lo < float(house) < hi
    assert sim["overflow_kept"] > 0 and sim["reserves_at_end"]["res"] >= 0
    assert main(["progressive", "meters", "--rules", str(rules), "--cert", str(cert)]) == 0
    text = capsys.readouterr().out
    assert "share-leaves-rest" in text and "$1 + 50% of the Share meter" in text
    data = json.loads(cert.read_text())
    run = data["sections"]["progressives"]["results"]["meters"]["meters"]["res"]["long_run"]
    run["house_seeds_per_wager"]["exact"] = "0"     # sealed again: the hash holds, not this
    cert.write_text(json.dumps(seal(data)))
    assert main(["check", str(cert)]) != 0


@pytest.mark.parametrize("meter, pays, words", [
    ({"reset": 1, "reserve": "-1%"}, "100% of m", "not a share of the wager"),
    ({"reset": 1, "reserve": "150%"}, "100% of m", "not a share of the wager"),
    ({"reset": 1, "increment": "60%", "reserve": "50%"}, "100% of m", "together take more"),
    ({"reset": 1}, "$500 + 10%", "the top of a fixed amount"),
    ({"reset": 1}, "$500 + 10% of nope", "meter 'nope', which the table"),
    ({"reset": 1}, "10% of m + 5% of m", "one share of a meter per tier"),
])
def test_bad_meter_model_input_gets_one_line(tmp_path, capsys, meter, pays, words):
    import tomli_w
    path = tmp_path / "p.toml"
    path.write_text(tomli_w.dumps({"meters": {"m": meter},
                                   "tiers": [{"lines": ["flush"], "pays": pays}]}))
    assert main(["progressive", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1


def test_a_fixed_amount_with_a_top_reads_back_and_prices_linearly():
    odds = _odds({"reset": 100, "increment": "10%"},
                 [("four_of_a_kind", "$50 + 20% of m")], (1,), 10)
    tier = odds.table.tiers[0]
    assert (tier.fixed, tier.share) == (50, Fraction(1, 5))
    again = from_dict(odds.table.to_dict())
    assert again.tiers == odds.table.tiers
    assert odds.return_at({"m": Fraction(200)}) == Fraction(50 + 40, 10) - 1
    assert odds.return_at_values({"m": odds.break_even("m")}) == 0


def test_the_par_sheet_shows_the_meter_models_long_run():
    """A capped meter (a bound pair) and a share with a reserve, in the emperors-challenge
    certificate's progressive section as ``run`` would write it: the par sheet prints the
    long run's 12 places and each meter's figures, as the section holds them."""
    import copy
    from pathlib import Path
    from verifier import certificate
    from verifier.certificate.odds import progressive_odds
    from verifier.report import render
    cert = copy.deepcopy(certificate.load(Path(__file__).resolve().parent.parent / "proofs"
                                          / "certificates" / "emperors-challenge.json"))
    table = from_dict({"name": "Meters", "wager": 1, "meters": {
        "top": {"reset": 10000, "increment": "15%", "reserve": "2%"},
        "minor": {"reset": 500, "increment": "5%", "cap": 5000}}, "tiers": [
        {"lines": ["seven_card_straight_flush"], "pays": "100% of top"},
        {"lines": ["five_aces"], "pays": "$500 + 10% of top"},
        {"lines": ["royal_flush"], "pays": "100% of minor"}]})
    f = progressive_odds(cert, table).figures()
    cert["sections"]["progressives"]["results"]["jackpot"] = f
    text = render(cert)
    assert f["long_run_return"] is None and f["long_run_bounds"]["form"] == "bounds"
    assert f["long_run_bounds"]["decimal_12"] in text
    assert "Meters in the long run" in text and "share-leaves-rest" in text
    minor, top = f["meters"]["minor"]["long_run"], f["meters"]["top"]["long_run"]
    assert f"${minor['expected_at_hit']['decimal_12']} (bounds)" in text
    assert f"${top['expected_meter']['decimal']:,.6f}" in text
    assert "$500 + 10% of top" in text
    import io
    import openpyxl                     # the spreadsheet, read back: the same table
    book = openpyxl.load_workbook(io.BytesIO(render(cert, "xlsx")))
    cells = [str(c.value) for ws in book.worksheets for row in ws.iter_rows() for c in row
             if c.value is not None]
    assert any("Meters in the long run" in c for c in cells)
    assert f"${minor['expected_at_hit']['decimal_12']} (bounds)" in cells
