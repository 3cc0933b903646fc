"""Tiger 9 (verifier/bets/tiger9.py): a bet on the dealer's two-card hand, as the house way
sets it, being 9-high: a nine on top, no pair (the joker is an ace). Added as one module,
its pay table (verifier/data/tiger9.toml) and these tests.

Expectations: a brute force over every hand of a small deck, reading the front's two cards
directly; the count issue 36 gives under the trump-plaza house way (3,853,596 of
154,143,080); hand-worked rounds; the Python round engine for the compiled kernel."""
import json
import random
from fractions import Fraction
from itertools import combinations

import pytest

from verifier.cli import main
from verifier.game.bets import BETS, house_way_lines
from verifier.game.cards import JOKER, deck_of_ranks, parse_cards
from verifier.rules.readings import Rules
from verifier.rules.rulesets import load
from verifier.table.limits import TableRules
from verifier.table.round import RoundSpec, play_round

PAYTABLE = BETS["tiger9"].file
ISSUED_TRUMP_PLAZA = 3_853_596          # issue 36: the front_nine_high hands, trump-plaza
NINE = 7                                # rank index of a nine (0 = two .. 12 = ace)


def _rules_file(tmp_path, house_way="mikes"):
    from verifier.game.paytables import DATA_DIR
    path = tmp_path / "tiger.toml"
    path.write_text(f'base = "casino-standard"\nname = "tiger-test"\n'
                    f'house_way = "{house_way}"\n[bets]\ntiger9 = "{DATA_DIR / PAYTABLE}"\n')
    return path


def _nine_high(front):
    """Brute force on two cards: no pair and a nine on top (the joker is an ace)."""
    ranks = [12 if c == JOKER else c >> 2 for c in front]
    return ranks[0] != ranks[1] and max(ranks) == NINE


def test_the_bet_reads_the_dealers_front_and_pays_30_to_1():
    from verifier.game import paytables
    bet = BETS["tiger9"]
    assert bet.lines == ("front_nine_high",) and bet.reads == "house-way"
    assert bet.table.banker and bet.table.read == "front"
    assert paytables.example("tiger9").pay == {"front_nine_high": 30}


@pytest.mark.slow
@pytest.mark.parametrize("house_way", ["mikes", "trump-plaza"])
def test_the_read_is_a_brute_force_over_every_hand_of_a_small_deck(house_way):
    """Every seven-card hand of 4 to 9 and the joker (480,700), set by the house way:
    the histogram's front_nine_high hands (the certificate's read), and the table's read
    of each set front, are the hands whose front cards show a nine on top and no pair."""
    from verifier.engine.enumeration import enumerate_hands
    from verifier.engine.table_hands import set_hands
    from verifier.table.reads import READS
    deck = deck_of_ranks("456789")
    table = TableRules(rules=Rules(house_way=house_way))
    hands = [list(h) for h in combinations(deck, 7)]
    sets = set_hands(hands, False, table.house_way_number)
    brute = sum(_nine_high(s[0]) for s in sets)
    front = READS["front"]
    assert sum(front(s, None, None, None) == 1 << 6 for s in sets) == brute   # line 6: nine
    result = enumerate_hands(Rules(house_way=house_way), deck=deck)
    counted = sum(n for (back, fr), n in result.key_histogram.items()
                  if "front_nine_high" in house_way_lines(back, fr))
    assert counted == brute and brute > 0


@pytest.mark.full
def test_the_full_deck_count_under_trump_plaza_is_the_issued_figure(tmp_path, capsys):
    cert = tmp_path / "c.json"
    assert main(["run", "--rules", str(_rules_file(tmp_path, "trump-plaza")),
                 "--no-base-game", "--no-progress", "--out", str(cert)]) == 0
    results = json.loads(cert.read_text())["sections"]["tiger9"]["results"]
    (line,) = results["lines"]
    assert line["hands"] == ISSUED_TRUMP_PLAZA and results["total_hands"] == 154_143_080
    assert Fraction(results["return"]["exact"]) == Fraction(
        30 * ISSUED_TRUMP_PLAZA - (154_143_080 - ISSUED_TRUMP_PLAZA), 154_143_080)


def test_the_published_tiger9_row_is_no_count_of_the_decks_hands():
    """The Wizard of Odds' Tiger 9 table (examples/published/wizard_commission_free.toml)
    is not k / 154,143,080 for any k: rounded to six places as printed, its return (30p)
    and its total (31p - 1) ask for counts that do not meet, so no exact count of the
    dealer's hands reproduces it (docs/COMMISSION_FREE.md)."""
    import tomllib
    from pathlib import Path
    page = tomllib.loads((Path(__file__).resolve().parent.parent / "examples" / "published" /
                          "wizard_commission_free.toml").read_text())["tiger9"]
    n = 154_143_080

    def printed(x):
        return f"{float(x):.6f}"

    fits = [k for k in range(3_850_000, 3_860_000)
            if printed(Fraction(k, n)) == page["win"][1]
            and printed(30 * Fraction(k, n)) == page["win"][2]
            and printed(1 - Fraction(k, n)) == page["loss"][1]
            and printed(31 * Fraction(k, n) - 1) == page["total"][2]]
    assert fits == []
    # each figure alone is a count's: the return 30p at k = 3,854,665 to 3,854,668, the
    # total 31p - 1 at 3,854,670 and 3,854,671
    assert printed(30 * Fraction(3_854_666, n)) == page["win"][2]
    assert printed(31 * Fraction(3_854_670, n) - 1) == page["total"][2]


def test_a_rule_set_offers_it_and_every_command_reads_it(tmp_path, capsys):
    """In a rule set's [bets]: its certificate section checks, the par sheet shows it, and
    compare, formula and solve read it (a reduced deck: the counts are the brute force's)."""
    rules = _rules_file(tmp_path)
    cert = tmp_path / "c.json"
    assert main(["run", "--rules", str(rules), "--deck-ranks", "456789", "--no-base-game",
                 "--no-progress", "--out", str(cert)]) == 0
    capsys.readouterr()
    assert main(["check", str(cert)]) == 0
    assert "tiger9" in capsys.readouterr().out
    assert main(["report", str(cert), "--format", "markdown"]) == 0
    assert "## Tiger 9" in capsys.readouterr().out
    for argv in (["compare", str(cert), "--bet", "tiger9"],
                 ["formula", str(cert), "--bet", "tiger9"],
                 ["solve", str(cert), "--bet", "tiger9", "--line", "front nine high",
                  "--edge", "5%"]):
        assert main(argv) == 0, argv
    assert load(str(rules)).bet_names() == ["tiger9"]


# a dealer's hand the house way sets with a 9-high front (one pair: the pair behind, the
# two highest singles in front), and one set with a pair in front (a full house: the pair
# in front, the trips behind)
NINE_HIGH = "2c 2d 9h 8s 6c 4d 3h"
PAIR_FRONT = "Kc Kd Ks 9h 9s 6c 4d"


@pytest.mark.parametrize("dealer, player, odds", [
    (NINE_HIGH, "Ac Kh Qd Js 5c 7d 3s", 30),      # the dealer's front 9-8: wins 30 to 1
    (PAIR_FRONT, "2h 2s 9c 8d 6h 4s 3c", -1),     # only the player's front is 9-high
])
def test_the_table_settles_it_on_the_dealers_hand(tmp_path, dealer, player, odds):
    table = TableRules.from_ruleset(load(str(_rules_file(tmp_path))))
    assert table.kinds == ("base", "tiger9")
    spec = RoundSpec(1, 0, {2: (0, 10)}, (1, 1, 1),
                     hands={1: parse_cards(dealer), 2: parse_cards(player)})
    result = play_round(spec, table)
    assert result.odds[2][1] == odds
    assert result.ledger.balances()["seat 2"] == (300 if odds > 0 else -10)


@pytest.mark.compiled
def test_the_kernel_reads_the_dealers_hand_as_the_python_round_engine(tmp_path):
    """Random rounds replayed by the compiled kernel: every seat's Tiger 9 odds and result
    are the Python round engine's (a separate implementation)."""
    _table = pytest.importorskip("verifier.engine._table")
    from verifier.table.kernel import kernel_rules
    table = TableRules.from_ruleset(load(str(_rules_file(tmp_path))))
    rng = random.Random("tiger9")
    specs = []
    for _ in range(400):
        dealer = rng.randint(1, 7)
        deck = list(range(53))
        rng.shuffle(deck)
        wagers = {s: (rng.choice([0, 10, 25]), rng.choice([10, 20])) for s in range(1, 8)
                  if s != dealer}
        specs.append(RoundSpec(dealer, 0, wagers, (1, 2, rng.randint(1, 6)), deck=deck,
                               action_pile=rng.randrange(7)))
    got = _table.replay(kernel_rules(table),
                        [(s.dealer_seat, s.bank, s.wagers, sum(s.dice), s.deck, s.action_pile)
                         for s in specs], house_way=table.house_way_number)
    wins = 0
    for spec, kernel in zip(specs, got):
        res = play_round(spec, table)
        assert kernel["odds"] == {s: tuple(res.odds[s]) for s in kernel["order"]}
        assert [r[:3] for r in kernel["results"]] == [tuple(r[:3]) for r in res.settlement.results]
        wins += any(o[1] == 30 for o in kernel["odds"].values())
    assert wins > 0


def test_settle_plays_a_round_file_that_names_it(tmp_path, capsys):
    """A round file's seat names the wager "tiger9": the dealer's 9-8 front pays $10 at 30
    to 1 ($300); the base pushes (worked by hand: the dealer's pair of 2s behind beats the
    player's A-high back, the player's K-Q front beats the dealer's 9-8: one hand each)."""
    path = tmp_path / "round.json"
    path.write_text(json.dumps({"dice": [1, 1, 1], "player_dealer": {"seat": 1, "bank": 0},
                                "seats": {"2": {"base": 100, "tiger9": 10}},
                                "hands": {"1": NINE_HIGH, "2": "Ac Kh Qd Js 5c 7d 3s"}}))
    assert main(["settle", str(path), "--rules", str(_rules_file(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "base pushes, Tiger 9 wins 30 to 1" in out and "seat 2         +$300" in out
