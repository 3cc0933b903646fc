"""The first-cards and banker's-hand reads as files, at every command and at the table
(issue 36, item 4), and their bad input: one line, exit 2.

Expectations: the Wizard of Odds' Pai Gow Mania three-card counts
(wizardofodds.com/games/pai-gow-poker/appendix/5/), Queen's Dragon's queen-high pai gows
counted here from their rank sets (50 to 1 as casinos post it: Barona's EZ Pai Gow rules;
"just over 10 percent", paigowonline.com.au), and hand-worked rounds."""
import json
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from verifier.cli import main
from verifier.game.cards import parse_cards
from verifier.rules.rulesets import load
from verifier.table.limits import TableRules
from verifier.table.round import RoundSpec, play_round

ROOT = Path(__file__).resolve().parent.parent
RULESET = ROOT / "examples" / "rulesets" / "casino-first-cards-and-dealer.toml"
MIKES = ROOT / "proofs" / "certificates" / "outlaw9-mikes.json"
TOTAL = 154_143_080
THREE_CARD_WON = 48 * 40 + 58 * 30 + 100 * 5 + 1_020 * 4 + 1_308 * 3 + 3_912 * 1
THREE_CARD_LOST = 16_980
DEALER_QUEEN_HIGH = "Qc Td 8h 7s 5c 4d 2h"          # a queen-high pai gow
DEALER_PAIR = "Qc Qd 8h 7s 5c 4d 2h"


def queen_high_pai_gows():
    """Seven different ranks from 2 .. Q, the queen among them, no five in sequence (no
    ace: no wheel, and the joker would be an ace), times the suit patterns without five
    of one suit: 4^7 - 4 (C(7,5) 3^2 + C(7,6) 3 + 1)."""
    rank_sets = sum(1 for ranks in combinations(range(10), 6)
                    if not any(all(r + i in ranks + (10,) for i in range(5))
                               for r in range(7)))
    return rank_sets * (4 ** 7 - 4 * (21 * 9 + 7 * 3 + 1))


@pytest.fixture(scope="module")
def cert(tmp_path_factory):
    path = tmp_path_factory.mktemp("reads") / "c.json"
    assert main(["run", "--rules", str(RULESET), "--no-base-game", "--no-progress",
                 "--out", str(path)]) == 0
    return path


@pytest.mark.slow
def test_run_writes_exact_sections_that_check_re_derives(cert, capsys):
    results = json.loads(cert.read_text())["sections"]["custom_bets"]["results"]
    three = results["three_card"]
    assert three["total_hands"] == 23_426
    assert Fraction(three["return"]["exact"]) == Fraction(THREE_CARD_WON - THREE_CARD_LOST,
                                                          23_426)
    dragon = results["queens_dragon"]
    (line,) = dragon["lines"]
    assert line["hands"] == queen_high_pai_gows() == 2_719_500
    assert Fraction(dragon["return"]["exact"]) == Fraction(50 * line["hands"]
                                                           - (TOTAL - line["hands"]), TOTAL)
    assert 0.10 < float(Fraction(dragon["house_edge"]["exact"])) < 0.101
    capsys.readouterr()
    assert main(["check", str(cert)]) == 0
    assert main(["report", str(cert), "--format", "markdown"]) == 0
    out = capsys.readouterr().out
    assert "the first 3 cards" in out and "of the banker's hand" in out
    for argv in (["formula", str(cert), "--bet", "three_card"],
                 ["solve", str(cert), "--bet", "queens_dragon", "--line", "queen_high",
                  "--edge", "5%"]):
        assert main(argv) == 0, argv


@pytest.mark.slow   # over 2.5 s of CPU: run once, with the full checks (README, Tests)
def test_a_reduced_deck_counts_the_first_cards_of_its_own_cards(tmp_path, capsys):
    """On a deck of 9 .. A and the joker (25 cards), the three-card bet is over C(25,3) =
    2,300 combinations: its trips are 6 ranks x C(4,3) + the joker with two aces, C(4,2)."""
    path = tmp_path / "c.json"
    assert main(["run", "--rules", str(RULESET), "--deck-ranks", "9TJQKA", "--no-base-game",
                 "--no-progress", "--out", str(path)]) == 0
    three = json.loads(path.read_text())["sections"]["custom_bets"]["results"]["three_card"]
    assert three["total_hands"] == 2_300
    trips = next(r for r in three["lines"] if r["category"] == "three_of_a_kind")
    assert trips["hands"] == 6 * 4 + 6
    capsys.readouterr()
    assert main(["check", str(path), "--recompute"]) == 0


def test_settle_plays_a_round_file_that_names_them(tmp_path, capsys):
    """Worked by hand: the seat's first three cards are three nines (30 to 1 on $10) and
    the dealer holds a queen-high pai gow (50 to 1 on $10); the base pushes (the seat's
    trips behind beat the dealer's Q-high back, its 7-5 front loses to the dealer's T-8)."""
    path = tmp_path / "round.json"
    path.write_text(json.dumps({
        "dice": [1, 1, 1], "player_dealer": {"seat": 7, "bank": 0},
        "seats": {"2": {"base": 100, "three_card": 10, "queens_dragon": 10}},
        "hands": {"7": DEALER_QUEEN_HIGH, "2": "9c 9d 9h 2s 3c 5d 7h"}}))
    assert main(["settle", str(path), "--rules", str(RULESET)]) == 0
    out = capsys.readouterr().out
    assert "base pushes, three_card wins 30 to 1, queens_dragon wins 50 to 1" in out
    assert "seat 2         +$800" in out


# ---------------------------------------------------------------------------------------
# at the table: the seat's first cards as dealt, the dealer's seven cards




@pytest.mark.parametrize("player, dealer, three, dragon", [
    ("9c 9d 9h 2s 3c 5d 7h", DEALER_QUEEN_HIGH, 30, 50),   # trips first: 30 to 1
    ("2s 3c 9c 9d 9h 5d 7h", DEALER_PAIR, -1, -1),         # the trips come after the 3rd
    ("Jk Ah Kh 2s 3c 5d 6s", DEALER_PAIR, 5, -1),          # joker, A-K suited: wild SF
    ("Jk As 9h 2s 3c 5d 6s", DEALER_QUEEN_HIGH, 1, 50),    # the joker an ace: a pair
])
def test_the_table_reads_the_first_three_dealt_and_the_dealers_hand(player, dealer, three,
                                                                    dragon):
    table = TableRules.from_ruleset(load(str(RULESET)))
    assert table.kinds == ("base", "three_card", "queens_dragon", "dealer_bonus")
    spec = RoundSpec(7, 10_000, {2: (10, 10, 10, 10)}, (1, 1, 1),
                     hands={7: parse_cards(dealer), 2: parse_cards(player)})
    result = play_round(spec, table)
    assert tuple(result.odds[2][1:3]) == (three, dragon)


def test_a_custom_read_of_the_banker_is_the_named_tiger9_round_by_round(tmp_path):
    """A custom house-way bet on the banker's front nine-high (custom.py's read of the
    banker's set hand) against Tiger 9 (the named bet's own read, table/reads.py): the
    same odds for every seat of 300 random rounds, and the same exact figures."""
    import random
    from verifier import certificate
    from verifier.game import paytables
    from verifier.game.paytables import DATA_DIR
    custom = tmp_path / "t9.toml"
    custom.write_text('bet = "custom"\nreads = "house-way"\nhand = "banker"\n'
                      '[pays]\nfront_nine_high = 30\n')
    rules = tmp_path / "r.toml"
    rules.write_text(f'base = "casino-standard"\nname = "r"\n[bets]\n'
                     f'tiger9 = "{DATA_DIR / "tiger9.toml"}"\nmine = "{custom}"\n')
    table = TableRules.from_ruleset(load(str(rules)))
    assert table.kinds == ("base", "tiger9", "mine")
    rng = random.Random("banker")
    wins = 0
    for _ in range(300):
        deck = list(range(53))
        rng.shuffle(deck)
        result = play_round(RoundSpec(7, 10_000, {s: (10, 10, 10) for s in range(1, 7)},
                                      (1, 2, rng.randint(1, 6)), deck=deck), table)
        for seat, odds in result.odds.items():
            assert odds[1] == odds[2], (seat, odds)
            wins += odds[1] == 30
    assert wins > 0
    mikes = certificate.load(MIKES)
    a = certificate.odds_from_certificate(mikes, paytables.load(custom))
    b = certificate.odds_from_certificate(mikes, paytables.example("tiger9"))
    assert a.expected == b.expected


@pytest.mark.slow
def test_simulate_plays_them_on_the_python_path(cert, capsys):
    """Every custom bet is played (seeded: the same rounds each run), and each one's exact
    return (the certificate's) lies inside its 99% interval."""
    assert main(["simulate", "--rules", str(RULESET), "--rounds", "3000", "--seed", "7",
                 "--no-progress", "--json"]) == 0
    bets = json.loads(capsys.readouterr().out)["bets"]
    exact = json.loads(cert.read_text())["sections"]["custom_bets"]["results"]
    assert set(exact) <= set(bets)
    for name, results in exact.items():
        low, high = bets[name]["per_unit_wagered"]["ci99"]
        assert bets[name]["placed"] == 6 * 3000
        assert low < float(Fraction(results["return"]["exact"])) < high, name


# ---------------------------------------------------------------------------------------
# bad input: one line, exit 2


@pytest.mark.parametrize("terms, fragment", [
    ('reads = "first-cards"\ncards = 0', "k from 1 to 7; got none"),
    ('reads = "first-cards"\ncards = 8', "k from 1 to 7; got 8"),
    ('reads = "first-cards"', "k from 1 to 7; got none"),
    ('reads = "first-cards"\ncards = "3"', "cards '3' is not a whole number"),
    ('reads = "first-cards"\ncards = 3.0', "cards 3.0 is not a whole number"),
    ('reads = "first-cards"\ncards = true', "cards True is not a whole number"),
    ('reads = "seven-card"\ncards = 3', "cards belongs to reads 'first-cards'"),
    ('reads = "seven-card"\nprecedence = "lowest-pay"', "precedence 'lowest-pay' is neither"),
    ('reads = "seven-card"\nprecedence = "Table-Order"', "precedence 'Table-Order' is neither"),
    ('reads = "dealer-hand"', "unknown reads 'dealer-hand'"),
    ('reads = "seven-card"\nhand = "dealer"', "hand 'dealer' is neither"),
    ('reads = "best-for-bet"\nhand = "banker"', "cannot read the banker's hand"),
    ('reads = "first-cards"\ncards = 3\nenvy = true', "envy-type bet"),
])
def test_bad_reads_are_one_line_and_exit_2(tmp_path, capsys, terms, fragment):
    line = "one_pair" if "first-cards" in terms else "flush"
    table = tmp_path / "t.toml"
    table.write_text(f'bet = "custom"\n{terms}\n[pays]\n{line} = 1\n')
    assert main(["compare", str(MIKES), "--paytable", str(table)]) == 2
    err = capsys.readouterr().err.strip()
    assert fragment in err and "t.toml" in err and "\n" not in err, err


def test_precedence_on_a_named_bet_is_refused_in_a_rule_set(tmp_path, capsys):
    table = tmp_path / "t.toml"
    table.write_text('bet = "tiger9"\nprecedence = "table-order"\n[pays]\nfront_nine_high = 30\n')
    rules = tmp_path / "r.toml"
    rules.write_text(f'base = "casino-standard"\nname = "r"\n[bets]\ntiger9 = "{table}"\n')
    assert main(["run", "--rules", str(rules), "--no-base-game", "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert "belong to custom bets" in err and "\n" not in err, err


def _seven_card_rules(tmp_path, first=None):
    """The casino game with a seven-card bet on the seat's hand (Pai Gow Mania's, or
    ``first``) and the Dealer Bonus's seven-card lines on the dealer's: custom bets the
    kernel plays."""
    dealer = tmp_path / "dealer7.toml"
    dealer.write_text('bet = "custom"\nreads = "seven-card"\nhand = "banker"\n[pays]\n'
                      'seven_card_straight_flush = 500\nfive_aces = 500\nroyal_flush = 150\n'
                      'straight_flush = 50\nfour_of_a_kind = 25\nfull_house = 4\nflush = 3\n'
                      'three_of_a_kind = 2\nstraight = 2\n')
    rules = tmp_path / "r.toml"
    rules.write_text(f'base = "casino-standard"\nname = "r"\n[bets]\nmania = '
                     f'"{first or ROOT / "examples" / "paytables" / "pai-gow-mania-seven-card.toml"}"\n'
                     f'dealer7 = "{dealer}"\n')
    return rules


#: a seven-card table in table order whose first line pays less than the later ones
ONE_PAIR_FIRST = ('bet = "custom"\nreads = "seven-card"\nprecedence = "table-order"\n[pays]\n'
                  'one_pair = 1\nqueen_high = 20\nflush = 3\nthree_of_a_kind = 5\n'
                  'ace_high = "push"\nstraight = 0\n')
#: the dealer's first four cards in table order, a pair first
DEALERS_FIRST_FOUR = ('bet = "custom"\nreads = "first-cards"\ncards = 4\nhand = "banker"\n'
                      'precedence = "table-order"\n[pays]\none_pair = 1\nstraight = 30\n'
                      'two_pair = 8\nflush = 20\nthree_of_a_kind = "push"\n')


@pytest.mark.compiled
@pytest.mark.parametrize("first", [None, ONE_PAIR_FIRST, "queens-dragon.toml",
                                   "pai-gow-mania-three-card.toml", DEALERS_FIRST_FOUR,
                                   "dealer-bonus.toml"])
def test_the_kernel_plays_custom_seven_card_bets_as_the_python_round_engine(tmp_path, first):
    """Custom seven-card, first-cards and seven-card-and-front bets (the Dealer Bonus), the
    seat's and the dealer's, paid their highest line or the first in the table's order,
    are wagers the compiled kernel takes as data: every seat's odds and results of 300
    random rounds are the Python round engine's; a house-way bet stays on the Python path."""
    import random
    _table = pytest.importorskip("verifier.engine._table")
    from verifier.table.kernel import _custom_slot, kernel_rules
    if first in (ONE_PAIR_FIRST, DEALERS_FIRST_FOUR):
        (tmp_path / "first.toml").write_text(first)
        first = tmp_path / "first.toml"
    elif first:
        first = ROOT / "examples" / "paytables" / first
    table = TableRules.from_ruleset(load(str(_seven_card_rules(tmp_path, first))))
    rng = random.Random("custom")
    specs = []
    for _ in range(300):
        deck = list(range(53))
        rng.shuffle(deck)
        wagers = {s: (rng.choice([0, 10, 25]), 10, 10) for s in range(1, 7)}
        specs.append(RoundSpec(7, 0, wagers, (1, 2, rng.randint(1, 6)), deck=deck,
                               action_pile=rng.randrange(7)))
    got = _table.replay(kernel_rules(table),
                        [(s.dealer_seat, s.bank, s.wagers, sum(s.dice), s.deck, s.action_pile)
                         for s in specs], wheel_second=table.wheel_second,
                        house_way=table.house_way_number)
    paid = 0
    for spec, kernel in zip(specs, got):
        res = play_round(spec, table)
        assert kernel["odds"] == {s: tuple(res.odds[s]) for s in kernel["order"]}
        assert [r[:3] for r in kernel["results"]] == [tuple(r[:3]) for r in res.settlement.results]
        paid += any(o[1] > 0 for o in kernel["odds"].values())
    assert paid > 0
    other = tmp_path / "other.toml"
    other.write_text(f'base = "casino-standard"\nname = "o"\n[bets]\npair = "'
                     f'{ROOT / "examples" / "paytables" / "house-way-pair-in-front.toml"}"\n')
    assert _custom_slot(TableRules.from_ruleset(load(str(other))), "pair")[0] is None


@pytest.mark.compiled
def test_simulate_plays_custom_seven_card_bets_on_the_kernel(tmp_path, capsys):
    """200,000 seeded rounds (the kernel's pace: the Python path would take minutes): each
    bet's exact return, from the shipped certificate's seven-card counts, lies inside its
    99% interval."""
    from verifier import certificate
    from verifier.game import paytables
    rules = _seven_card_rules(tmp_path)
    assert main(["simulate", "--rules", str(rules), "--rounds", "200000", "--seed", "3",
                 "--no-progress", "--json"]) == 0
    bets = json.loads(capsys.readouterr().out)["bets"]
    mikes = certificate.load(MIKES)
    for name, path in (("mania", ROOT / "examples" / "paytables" /
                        "pai-gow-mania-seven-card.toml"), ("dealer7", tmp_path / "dealer7.toml")):
        exact = certificate.odds_from_certificate(mikes, paytables.load(path)).expected
        low, high = bets[name]["per_unit_wagered"]["ci99"]
        assert low < float(exact) < high, name
