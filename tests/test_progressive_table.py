"""A progressive's meters in the base game's `simulate --progressive` (issue 37;
verifier/table/progressive.py MeterPlay, verifier/table/simulate.py, docs/TABLE.md).

Expectations: arithmetic on a hand-made meter (what a hit is paid is the meter it found:
the reset plus each wager's increment); the long-run return's closed form (average-win
model) from the Wizard of Odds' combinations of the Face Up Mega's tiers (newsletter of
18 October 2022, https://wizardofodds.com/newsletter/october-20-2022/), which the
simulated interval must cover; the meter's conservation of money."""
import json
from fractions import Fraction

from conftest import one_line_error
from verifier.cli import main
from verifier.game.progressive import from_dict
from verifier.table.progressive import MeterPlay

# the Mega's order and the Wizard of Odds' combinations; the full house takes the meter
TIERS = [(["seven_card_straight_flush", "seven_card_straight_flush_with_joker"], 228, 100),
         (["five_aces"], 1_128, 100), (["royal_flush"], 26_092, 50),
         (["straight_flush"], 184_644, 20), (["four_of_a_kind"], 307_472, 10),
         (["full_house"], 4_188_528, None)]
TOTAL, RESET, INCREMENT = 154_143_080, 10, Fraction(1, 5)
TABLE = {"name": "full house meter", "wager": 1,
         "meters": {"m": {"reset": RESET, "increment": "20%"}},
         "tiers": [{"lines": lines, "pays": f"${a}" if a else "100% of m", "envy": 1}
                   for lines, _, a in TIERS]}
FIXED = Fraction(sum(n * a for _, n, a in TIERS if a), TOTAL)
LONG_RUN = FIXED + INCREMENT + Fraction(TIERS[-1][1], TOTAL) * RESET - 1


def test_a_hit_is_paid_what_the_meter_held_and_envy_goes_to_the_others():
    table = from_dict(TABLE)
    play = MeterPlay(table, 20, 3)
    # each wager in turn adds its increment, then its hand is settled (increment-first)
    assert play.round([None, None, None]) == 0                     # 10 + 3 x 0.2
    assert play.round([None, 5, None]) == RESET + 5 * INCREMENT    # 11.0, then reset
    assert play.value["m"] == RESET + INCREMENT                    # the third wager's
    assert play.round([5, 5, None]) == (RESET + 2 * INCREMENT) + (RESET + INCREMENT)
    assert play.run.envy == 3 * 2 and play.run.hits[5] == 3


def test_the_base_game_plays_the_meters_on_its_hands(tmp_path, capsys):
    import tomli_w
    (tmp_path / "fh.toml").write_text(tomli_w.dumps(TABLE))
    rules = tmp_path / "r.toml"
    rules.write_text('base = "casino-standard"\nname = "fh"\n[progressives]\nfh = "fh.toml"\n')
    path = tmp_path / "meter.csv"
    rounds = 3000
    assert main(["simulate", "--rules", str(rules), "--rounds", str(rounds), "--seed", "3",
                 "--threads", "1", "--progressive", "fh", "--meter-path", str(path),
                 "--no-progress", "--json"]) == 0
    sim = json.loads(capsys.readouterr().out)["progressive"]
    assert sim["seats"] == [1, 2, 3, 4, 5, 6] and sim["rounds"] == rounds
    hits = list(sim["hits"].values())
    # money: the meter pays its start, the increments and the reset after each hit, less
    # what it holds at the end; the fixed tiers pay their amounts
    meter_paid = (RESET + INCREMENT * 6 * rounds + RESET * hits[-1]
                  - Fraction(sim["meters_at_end"]["m"]).limit_denominator(10))
    fixed_paid = sum(h * a for h, (_, _, a) in zip(hits, TIERS) if a)
    assert abs(sim["paid"] - float(meter_paid + fixed_paid)) < 1e-6
    assert sim["envy_paid"] == 5 * sum(hits)
    lo, hi = sim["interval_99"]
    assert lo < float(LONG_RUN) < hi
    assert sim["exact_long_run_return"] is None          # a rule-set file: no shipped one
    rows = path.read_text().splitlines()
    assert rows[0] == "round,m" and len(rows) == 1001


def test_the_emperors_jackpot_sits_beside_its_exact_long_run(capsys):
    assert main(["simulate", "--rules", "emperors-challenge", "--rounds", "40", "--threads",
                 "1", "--progressive", "jackpot", "--progressive-seats", "2,4",
                 "--no-progress", "--json"]) == 0
    sim = json.loads(capsys.readouterr().out)["progressive"]
    assert sim["seats"] == [2, 4] and Fraction(sim["wagered"]) == 2 * 40
    # the example's long run: its rule set's certificate's counts (docs/PROGRESSIVES.md)
    assert sim["exact_long_run_return"]["decimal"] < 0


def test_the_printed_interval_says_why_it_can_miss_the_long_run(capsys):
    """Issue 51: 40 rounds of two seats never hit the Jackpot (one 7-card straight flush
    in 4.8 million hands); its 20% of each $1 wager, 2 x 40 x $0.20 = $16.00, sits in the
    meter above its reset, and the printout says so beside the interval, naming the tiers
    by their names."""
    assert main(["simulate", "--rules", "emperors-challenge", "--rounds", "40", "--threads",
                 "1", "--progressive", "jackpot", "--progressive-seats", "2,4",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "why the interval can miss the long run" in out
    assert "$16.00 of contributions still sat in the meters above their resets" in out
    assert "seven_card_straight_flush" not in out and "7-Card Straight Flush" in out


def test_bad_progressive_options_are_one_line(capsys):
    base = ["simulate", "--rules", "emperors-challenge", "--rounds", "40"]
    one_line_error([*base, "--progressive", "nope"], capsys, "offers no such progressive")
    one_line_error([*base, "--meter-path", "x.csv"], capsys, "--meter-path needs --progressive")
    one_line_error([*base, "--progressive", "jackpot", "--progressive-seats", "7"], capsys,
                   "seat 7 is not at the table")
    one_line_error([*base[:-1], "5", "--progressive", "jackpot"], capsys, "at least 20")
