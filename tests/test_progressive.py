"""Progressive tables (issue 37, verifier/game/progressive.py, verifier/odds/progressive.py,
`paigow-verify progressive`).

Expectations: the Wizard of Odds' Face Up Pai Gow "Mega" table (typed in below, its source
named); the average-win closed form against the meter's own recurrence, iterated wager by
wager; the break-even meter by substitution; the bad-input lines."""
import json
from fractions import Fraction

import pytest

from verifier.cli import main
from verifier.game.paytables import DATA_DIR
from verifier.game.progressive import from_dict
from verifier.odds.progressive import ProgressiveOdds

MEGA = str(DATA_DIR / "progressives" / "face_up_mega.toml")
# https://wizardofodds.com/newsletter/october-20-2022/ ("Face Up Pai Gow Poker Progressive
# Jackpot at $3.8 Million"): combinations and return ($ per $5 wager) of each line
WOO_MEGA = [(228, "5.669322"), (1_128, "1.141036"), (26_092, "0.608458"),
            (184_644, "0.598937"), (307_472, "0.748019"), (4_188_528, "0.543460")]
WOO_LOSER, WOO_TOTAL_RETURN = 149_434_988, "9.309231"


def _figures(capsys, *args):
    assert main(["progressive", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_face_up_mega_table_is_the_wizard_of_odds(capsys):
    out = _figures(capsys, MEGA)
    assert [t["hands"] for t in out["tiers"]] == [n for n, _ in WOO_MEGA]
    assert out["total"] - sum(n for n, _ in WOO_MEGA) == WOO_LOSER
    wager = Fraction(out["wager"])
    for tier, (_, printed) in zip(out["tiers"], WOO_MEGA):
        assert f"{float(Fraction(tier['return']['exact']) * wager):.6f}" == printed
    paid = (Fraction(out["return"]["exact"]) + 1) * wager
    assert f"{float(paid):.6f}" == WOO_TOTAL_RETURN


def _one_meter(reset=100, increment="10%", share="100%", cap=None):
    meter = {"reset": reset, "increment": increment, **({"cap": cap} if cap else {})}
    return from_dict({"wager": 1, "meters": {"m": meter}, "tiers": [
        {"lines": ["four_of_a_kind"], "pays": f"{share} of m"},
        {"lines": ["full_house"], "pays": "10 to 1", "envy": 5}]})


def test_the_long_run_meter_is_its_recurrence_at_rest():
    odds = ProgressiveOdds(_one_meter(), (1, 3), 20)       # hit 1/20, full house 3/20
    h, r, inc = Fraction(1, 20), Fraction(100), Fraction(1, 10)
    # the meter before each wager: E[M'] = (1 - h) (E[M] + inc) + h r, from the reset;
    # the payout of wager t is h (E[M_t] + inc); its average over many wagers
    m, paid, wagers = r, Fraction(0), 3000
    for _ in range(wagers):
        paid += h * (m + inc)
        m = (1 - h) * (m + inc) + h * r
    long_run = paid / wagers + Fraction(3, 20) * 11 - 1
    assert abs(float(odds.long_run() - long_run)) < 1e-3
    assert odds.expected_at_hit("m") == r + inc / h
    assert odds.long_run() == h * r + inc + Fraction(3, 20) * 11 - 1


def test_the_break_even_meter_gives_a_return_of_zero():
    odds = ProgressiveOdds(_one_meter(), (1, 3), 200)
    be = odds.break_even("m")
    assert odds.return_at_values({"m": be}) == 0
    assert odds.per_unit_of_meter("m") == Fraction(1, 200)
    assert odds.return_at({"m": Fraction(300)}) == Fraction(300 + 3 * 11, 200) - 1


def test_a_share_below_all_has_no_long_run_figure_and_a_cap_bounds_the_pay():
    odds = ProgressiveOdds(_one_meter(share="150%", cap=1000), (1, 0), 10)
    assert odds.long_run() is None and odds.expected_at_hit("m") is None
    assert odds.table.paid(odds.table.tiers[0], {"m": Fraction(900)}) == 1000


def test_envy_per_other_seat_and_for_a_table():
    odds = ProgressiveOdds(_one_meter(), (1, 3), 20)
    assert odds.envy_per_other_seat() == Fraction(3, 20) * 5
    assert odds.envy_return(6) == 5 * Fraction(3, 20) * 5


@pytest.mark.parametrize("tiers, meters, words", [
    ([{"lines": ["flush"], "pays": "100% of nope"}], {}, "meter 'nope', which the table"),
    ([{"lines": ["flush"], "pays": "150% of m"}], {"m": {"reset": 1}}, "states no cap"),
    ([{"lines": ["flush"], "pays": "$5"}], {"m": {"reset": 1, "increment": "-1%"}},
     "negative increment"),
    ([{"lines": ["no_such_line"], "pays": "$5"}], {}, "no_such_line"),
    ([], {}, "no tiers"),
])
def test_bad_tables_get_one_line(tmp_path, capsys, tiers, meters, words):
    import tomli_w
    path = tmp_path / "p.toml"
    path.write_text(tomli_w.dumps({"meters": meters, "tiers": tiers}))
    assert main(["progressive", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("meter, words", [("mega=1000", "below its reset"),
                                          ("nope=5", "no such meter"),
                                          ("mega", "NAME=AMOUNT")])
def test_a_bad_meter_value_gets_one_line(capsys, meter, words):
    assert main(["progressive", MEGA, "--meter", meter]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1


SMALL = {"name": "small", "wager": 1, "meters": {"m": {"reset": 10, "increment": "20%"}},
         "tiers": [{"lines": ["four_of_a_kind"], "pays": "100% of m", "envy": 1},
                   {"lines": ["full_house"], "pays": "$2"}]}


def test_the_table_plays_the_meters_and_its_interval_covers_the_long_run(tmp_path, capsys):
    """On the 25-card deck of nines to aces (a four of a kind in 1 hand of 38): the meter
    conserves what goes in (increments and resets) and comes out (hits, the meter left),
    and the simulated return's 99% interval covers the exact long-run return."""
    import tomli_w
    table, cert, path = tmp_path / "t.toml", tmp_path / "c.json", tmp_path / "path.csv"
    table.write_text(tomli_w.dumps(SMALL))
    assert main(["run", "--deck-ranks", "9TJQKA", "--rules", "casino-standard",
                 "--no-progress", "--out", str(cert)]) == 0
    capsys.readouterr()
    out = _figures(capsys, str(table), "--cert", str(cert), "--seats", "2",
                   "--simulate", "20000", "--seed", "7", "--meter-path", str(path),
                   "--no-progress")
    sim = out["simulation"]
    hits_quads, hits_full = sim["hits"].values()
    put_in = Fraction(1, 5) * 2 * 20_000 + 10 * hits_quads + 10 - Fraction(
        sim["meters_at_end"]["m"]).limit_denominator(100)
    assert sim["paid"] == pytest.approx(float(put_in + 2 * hits_full), abs=1e-6)
    lo, hi = sim["interval_99"]
    assert lo < float(Fraction(out["long_run_return"]["exact"])) < hi
    assert sim["envy_paid"] == hits_quads * 1
    rows = path.read_text().splitlines()
    assert rows[0] == "round,m" and len(rows) == 1001
    assert all(float(r.split(",")[1]) >= 10 for r in rows[1:])


@pytest.mark.parametrize("args, words", [(["--simulate", "5"], "at least 20 rounds"),
                                         (["--seats", "0"], "from 1 to 7"),
                                         (["--simulate", "100", "--seats", "7"], "seats and the dealer")])
def test_a_bad_simulation_gets_one_line(capsys, args, words):
    assert main(["progressive", MEGA, *args]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1


@pytest.mark.slow
def test_the_emperors_challenge_certificate_holds_the_jackpot_and_check_rederives_it(
        tmp_path, capsys):
    """The rule set's Jackpot example in its certificate (25-card deck): each tier's hands
    are a count over every hand of the deck, each paid by its first tier read from the
    engine's seven-card mask; check re-derives the section, and a changed count fails."""
    from itertools import combinations
    from verifier.engine import set_hands
    from verifier.game.cards import deck_of_ranks
    from verifier.game.categories import CATEGORY_NAMES
    from verifier.rules.rulesets import load
    cert = tmp_path / "ec.json"
    assert main(["run", "--rules", "emperors-challenge", "--deck-ranks", "9TJQKA",
                 "--no-progress", "--out", str(cert)]) == 0
    data = json.loads(cert.read_text())
    section = data["sections"]["progressives"]["results"]["jackpot"]
    table = load("emperors-challenge").progressive_tables()["jackpot"]
    hands = [list(h) for h in combinations(deck_of_ranks("9TJQKA"), 7)]
    brute = [0] * len(table.tiers)
    for s in set_hands(hands):
        lines = frozenset(n for bit, n in enumerate(CATEGORY_NAMES) if s[4] >> bit & 1)
        t = table.tier_of(lines)
        if t is not None:
            brute[t] += 1
    assert [t["hands"] for t in section["tiers"]] == brute
    capsys.readouterr()
    assert main(["check", str(cert)]) == 0
    from verifier.certificate import seal
    section["tiers"][-1]["hands"] += 1          # sealed again: the hash holds, the count not
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(seal(data)))
    assert main(["check", str(bad)]) != 0
    assert "progressives" in capsys.readouterr().out + capsys.readouterr().err


def test_a_rule_set_names_its_progressives_by_snake_names(tmp_path, capsys):
    path = tmp_path / "r.toml"
    path.write_text('base = "casino-standard"\nname = "p"\n[progressives]\n"Bad Name" = "x.toml"\n')
    assert main(["run", "--rules", str(path), "--deck-ranks", "9TJQKA", "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert "[progressives]" in err and len(err.splitlines()) == 1


def test_the_fortune_envy_per_other_player_is_the_published_figure(capsys, tmp_path):
    """Fortune Pai Gow's envy: $5 on another player's four of a kind, $20 straight flush,
    $50 royal, $250 five aces, $500 seven-card straight flush with the joker, $1,000
    royal flush with royal match, $3,000 natural seven-card straight flush (J. Grochowski,
    tunicatravel.com, 5 June 2015, and Casino City Times, 17 May 2015: "At wizardofodds.com,
    Michael Shackelford calculates each additional player at the table reduces the house
    edge by 0.92 percent", on a $5 Fortune bet). Read on each other player's seven cards,
    each paid its first tier."""
    import tomli_w
    envy = [("seven_card_straight_flush", 3000), ("royal_flush_and_royal_match", 1000),
            ("seven_card_straight_flush_with_joker", 500), ("five_aces", 250),
            ("royal_flush", 50), ("straight_flush", 20), ("four_of_a_kind", 5)]
    path = tmp_path / "fortune_envy.toml"
    path.write_text(tomli_w.dumps({"name": "Fortune envy", "wager": 5, "tiers": [
        {"lines": [line], "pays": "$0", "envy": amount} for line, amount in envy]}))
    out = _figures(capsys, str(path), "--seats", "2")
    per_player = Fraction(out["envy"]["return"]["exact"])      # one other player, per $5
    assert f"{float(100 * per_player):.2f}" == "0.92"


def test_the_printed_figures_name_tiers_and_meters_for_people(capsys):
    """Issue 51: the Face Up Mega table printed for a person: every tier whole (the top
    tier's two lines are not cut off), each meter by its display name in the pays and in
    its own line (no `five_aces`), a negative break-even as -$ (the Wizard of Odds' day
    puts the 5 Aces meter past its break-even: the wager pays its way at any amount), the
    tiers' column gross and the return per unit net, each said so."""
    assert main(["progressive", str(MEGA), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "7-Card Straight Flush / 7-Card Straight Flush with Joker " in out
    assert "100% of the 5 Aces meter" in out and "meter 5 Aces: " in out
    assert "five_aces" not in out and "$-" not in out
    assert "break-even -$" in out
    assert "(gross: the wager itself is not taken off)" in out
    assert "return per unit at the meters (net: the tiers paid back less the wager)" in out
