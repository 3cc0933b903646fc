"""Custom bets as files (issue 11): ``bet = "custom"`` with ``reads`` telling how the lines
are read (verifier/game/bets.py, docs/PAYTABLES.md). Published tables are reproduced exactly
from the shipped certificates' counts; the other reads are checked against a second
derivation (a brute force over a reduced deck, the seed's own bet)."""
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from verifier import certificate
from verifier.game import paytables
from verifier.game.bets import READS, house_way_lines
from verifier.game.cards import deck_of_ranks
from verifier.certificate.odds import qualifying_sets
from verifier.cli import main
from verifier.odds.emperors import envy_per_other_hand
from verifier.support.errors import VerifierError
from verifier.game.paytables import PaytableError

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "paytables"
SHIPPED = ROOT / "proofs" / "certificates"
TOTAL = 154_143_080


@pytest.fixture(scope="module")
def mikes():
    return certificate.load(SHIPPED / "outlaw9-mikes.json")


def odds_of(cert, name):
    return certificate.odds_from_certificate(cert, paytables.load(EXAMPLES / name))


# ---------------------------------------------------------------------------------------
# reads = "seven-card": a published table


def test_pai_gow_mania_seven_card_table_is_the_published_one(mikes):
    """Wizard of Odds, Pai Gow Mania, seven-card hand: every combination count and the
    house edge of 6.37% (wizardofodds.com/games/pai-gow-poker/appendix/5/)."""
    odds = odds_of(mikes, "pai-gow-mania-seven-card.toml")
    published = {"five_aces": 1_128, "royal_flush": 26_132, "straight_flush": 184_832,
                 "four_of_a_kind": 307_472, "full_house": 4_188_528, "flush": 6_172_088,
                 "three_of_a_kind": 7_672_500, "straight": 11_034_204}
    assert {r.category: r.hands for r in odds.lines} == published
    assert odds.loses.hands == 124_556_196
    assert odds.total_hands == TOTAL
    assert round(float(odds.house_edge), 6) == 0.063667


def test_seven_card_table_reads_the_same_counts_as_the_treasure(mikes):
    """A custom seven-card table with the Emperor's Treasure lines and pays is that bet."""
    treasure = paytables.example("emperors_treasure")
    custom = paytables.Paytable(treasure.name, "custom", treasure.pays, reads="seven-card")
    a = certificate.odds_from_certificate(mikes, treasure)
    b = certificate.odds_from_certificate(mikes, custom)
    assert a.expected == b.expected and [r.hands for r in a.lines] == [r.hands for r in b.lines]


def test_pai_gow_lines_are_the_insurance_closed_form_and_alspach_total(mikes):
    """A custom seven-card table on the pai gow lines (nine high .. ace high): its counts
    are the closed form of verifier/odds/emperors.py (semi-wild: the joker completes straights
    and flushes, else an ace), and they add up to the high-card hands of Alspach's
    published count (24,780,420 of the 53-card deck)."""
    from verifier.game.cards import full_deck
    from verifier.odds.emperors import insurance_counts
    lines = ("nine_high", "ten_high", "jack_high", "queen_high", "king_high", "ace_high")
    table = paytables.Paytable.from_lines("pai gow", "custom", [(l, 1) for l in lines],
                                          reads="seven-card")
    odds = certificate.odds_from_certificate(mikes, table)
    got = {r.category: r.hands for r in odds.lines}
    assert got == insurance_counts(full_deck(), "semi-wild")
    assert sum(got.values()) == 24_780_420


# ---------------------------------------------------------------------------------------
# reads = "versus-banker"


def test_wrangler_push_as_a_versus_banker_table_is_the_seed_bet(mikes):
    custom = odds_of(mikes, "wrangler-as-versus-banker.toml")
    seed = certificate.odds_from_certificate(mikes, paytables.filed("wrangler_push"))
    assert custom.expected == seed.expected
    assert custom.total_hands == 53_524_680 * TOTAL   # C(46,7) bankers for each hand


def test_versus_banker_lines_are_the_base_game_outcomes(mikes):
    counts = mikes["sections"]["base_game"]["counts"]
    table = paytables.Paytable.from_lines("even money", "custom",
                                          [("player_wins", 1), ("push", "push")],
                                          reads="versus-banker")
    odds = certificate.odds_from_certificate(mikes, table)
    assert odds.line("player_wins").hands == int(counts["win"])
    assert odds.loses.hands == int(counts["loss"])
    # 1 to 1 on a win, push on a push: the base game's even-money return
    assert odds.expected == Fraction(int(counts["win"]) - int(counts["loss"]),
                                     int(counts["total"]))


# ---------------------------------------------------------------------------------------
# reads = "house-way": a brute force over a reduced deck


def _front_line(front):
    from verifier.game.cards import JOKER, RANK_CHARS
    ranks = sorted((12 if c == JOKER else c // 4) for c in front)
    if ranks[0] == ranks[1]:
        return "front_pair"
    words = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
             "queen", "king", "ace")
    assert RANK_CHARS[ranks[1]] in "3456789TJQKA"
    return f"front_{words[ranks[1]]}_high"


def test_house_way_lines_by_brute_force_on_a_reduced_deck():
    """Every hand of a 17-card deck set one at a time by the house way (``set_hand``):
    the lines counted from its front cards and back class equal the certificate's."""
    from verifier.rules import rulesets
    from verifier.engine.enumeration import enumerate_hands
    from verifier.engine.hands import set_hand
    from verifier.game.ranking import CLASS_NAMES, class_of, is_royal
    deck = deck_of_ranks("JQKA")
    cert = certificate.certificate_for(enumerate_hands(deck=deck),
                                       rulesets.load(rulesets.DEFAULT_RULESET))
    got = {lines: n for lines, n in qualifying_sets(cert, paytables.Paytable(
        "x", "custom", (("front_pair", 1),), reads="house-way")).sets}
    brute = {}
    for hand in combinations(deck, 7):
        s = set_hand(list(hand))
        cls = "royal_flush" if is_royal(s.back_key) else CLASS_NAMES[class_of(s.back_key)]
        front = _front_line(s.front)
        lines = {cls, front} | ({f"{cls}_plus_pair"} if front == "front_pair" else set())
        brute[frozenset(lines)] = brute.get(frozenset(lines), 0) + 1
    assert got == brute
    assert sum(brute.values()) == 19_448            # C(17, 7)


def test_house_way_back_classes_add_up_to_the_house_way_section(mikes):
    section = mikes["sections"]["house_way"]["results"]
    sets = qualifying_sets(mikes, paytables.load(EXAMPLES / "house-way-pair-in-front.toml"))
    by_class = {}
    for lines, n in sets.sets:
        cls = next(line for line in lines if line in section["back_hands"] or line == "royal_flush")
        cls = "straight_flush" if cls == "royal_flush" else cls
        by_class[cls] = by_class.get(cls, 0) + n
    assert by_class == {c: n for c, n in section["back_hands"].items() if n}
    pairs = sum(n for lines, n in sets.sets if "front_pair" in lines)
    assert pairs == sum(n for f, n in section["front_hands"].items() if f[0] == f[1])


def test_house_way_line_of_a_front_nine_high():
    from verifier.game.ranking import CLASS_BITS
    flush_key = 5 << CLASS_BITS
    assert house_way_lines(flush_key, 7 * 13 + 3) == {"flush", "front_nine_high"}
    assert house_way_lines(flush_key, 169 + 12) == {"flush", "flush_plus_pair", "front_pair"}


# ---------------------------------------------------------------------------------------
# envy-type: amounts per other hand


def test_envy_type_custom_bet_pays_per_other_hand(mikes):
    """Dollars one other hand triggers = sum over lines of amount x hands / C(53,7), each
    hand at its highest amount: the line counts are the seven-card counts of the
    published tables (five aces 1,128; four of a kind 307,472)."""
    table = paytables.load(EXAMPLES / "envy-four-of-a-kind.toml")
    one, per_line = envy_per_other_hand(qualifying_sets(mikes, table), table)
    assert per_line["five_aces"] == 1_128 and per_line["four_of_a_kind"] == 307_472
    assert one == sum(Fraction(int(a)) * per_line[c] for c, a in table.pays) / TOTAL
    with pytest.raises(VerifierError, match="dollars for other players"):
        certificate.odds_from_certificate(mikes, table)


# ---------------------------------------------------------------------------------------
# the file format: every problem is one line


@pytest.mark.parametrize("text, fragment", [
    ('bet = "custom"\n[pays]\nflush = 2\n', "unknown reads ''"),
    ('bet = "custom"\nreads = "sideways"\n[pays]\nflush = 2\n', "unknown reads 'sideways'"),
    ('bet = "custom"\nreads = "versus-banker"\n[pays]\nflush = 2\n',
     "unknown versus-banker line 'flush'"),
    ('bet = "custom"\nreads = "seven-card"\n[pays]\nflush_plus_pair = 2\n',
     "unknown seven-card line 'flush_plus_pair'"),
    ('bet = "outlaw9"\nreads = "seven-card"\n[pays]\nflush = 2\n', "belong to custom bets"),
    ('bet = "custom"\nreads = "versus-banker"\nenvy = true\n[pays]\npush = 2\n',
     "envy-type bet"),
    ('bet = "custom"\nreads = "seven-card"\nenvy = "yes"\n[pays]\nflush = 2\n',
     "envy true or false"),
])
def test_bad_custom_tables_are_one_line(text, fragment):
    with pytest.raises(PaytableError) as info:
        paytables.loads(text, "t.toml")
    assert fragment in str(info.value) and "\n" not in str(info.value)


def test_every_reads_has_its_vocabulary_in_the_registry():
    assert "flush_plus_pair" in READS["best-for-bet"].lines
    assert "natural_royal_flush_plus_natural_pair_of_aces" in READS["best-for-bet"].lines
    assert "high_card_plus_pair" not in READS["house-way"].lines    # that setting fouls
    assert READS["versus-banker"].unit == "ordered (player, banker) pairs"


def test_custom_table_round_trips_through_the_certificate_form():
    table = paytables.load(EXAMPLES / "envy-four-of-a-kind.toml")
    again = paytables.Paytable.from_dict(table.to_dict())
    assert (again.bet, again.reads, again.envy, again.pays) == ("custom", "seven-card", True,
                                                                table.pays)


# ---------------------------------------------------------------------------------------
# commands


def test_compare_and_solve_take_a_custom_table(capsys):
    cert = str(SHIPPED / "outlaw9-mikes.json")
    mania = str(EXAMPLES / "pai-gow-mania-seven-card.toml")
    assert main(["compare", cert, "--paytable", mania]) == 0
    out = capsys.readouterr().out
    assert "154,143,080 hands" in out and "6.3667" in out
    assert main(["solve", cert, "--paytable", mania, "--line", "flush", "--edge", "5%"]) == 0
    out = capsys.readouterr().out
    assert "Flush" in out


def test_jackpot_pai_gow_best_for_bet_table_is_the_published_one(mikes):
    """Wizard of Odds, Jackpot Pai Gow Poker ($100,000 on $5), the player setting the hand
    for the side bet (wizardofodds.com/games/pai-gow-poker/appendix/3/): every
    combination count, and the house edge of 2.21%. Two lines pay 6 (straight plus pair,
    full house): a hand reaching both is paid on the first in the file, as published."""
    odds = odds_of(mikes, "jackpot-pai-gow.toml")
    published = [12, 72, 1_560, 1_056, 24_560, 11_748, 57_648, 173_084, 249_824, 150_480,
                 489_260, 1_155_536, 4_024_560, 5_631_420, 10_145_388, 7_470_676]
    assert [r.hands for r in odds.lines] == published
    assert odds.loses.hands == 124_556_196
    assert round(float(odds.house_edge), 4) == 0.0221


def test_best_for_bet_needs_its_counts_in_the_certificate(mikes):
    import copy
    cert = copy.deepcopy(mikes)
    del cert["counts"]["best_for_bet_sets"]
    with pytest.raises(VerifierError, match="no best-for-bet counts"):
        certificate.odds_from_certificate(
            cert, paytables.load(EXAMPLES / "jackpot-pai-gow.toml"))


# ---------------------------------------------------------------------------------------
# custom bets in a rule set: every command takes them from the rule set


@pytest.fixture(scope="module")
def side_bets_cert(tmp_path_factory):
    out = tmp_path_factory.mktemp("side") / "cert.json"
    rules = str(ROOT / "examples" / "rulesets" / "casino-side-bets.toml")
    assert main(["run", "--rules", rules, "--no-base-game", "--no-progress", "--out",
                 str(out)]) == 0
    return out


@pytest.mark.full
def test_a_rule_set_offers_custom_bets_to_every_command(side_bets_cert, capsys):
    path = str(side_bets_cert)
    cert = certificate.load(path)
    assert certificate.check(cert) == []
    assert set(cert["sections"]["custom_bets"]["paytables"]) == {"pai_gow_mania", "jackpot",
                                                                 "envy_quads"}
    results = cert["sections"]["custom_bets"]["results"]
    assert results["pai_gow_mania"]["loses"]["hands"] == 124_556_196   # published "other"
    assert results["jackpot"]["lines"][0]["hands"] == 12                # published jackpot
    capsys.readouterr()
    assert main(["report", path, "--format", "markdown"]) == 0
    sheet = capsys.readouterr().out
    assert "Pai Gow Mania, seven-card hand" in sheet and "6.366744%" in sheet
    assert "Envy on four of a kind or better" in sheet
    assert main(["compare", path, "--bet", "pai_gow_mania"]) == 0
    assert "6.366744%" in capsys.readouterr().out
    assert main(["formula", path, "--bet", "pai_gow_mania"]) == 0
    assert "124556196" in capsys.readouterr().out


@pytest.mark.full
def test_a_tampered_custom_bet_fails_check(side_bets_cert):
    cert = certificate.load(str(side_bets_cert))
    cert["sections"]["custom_bets"]["paytables"]["pai_gow_mania"]["lines"][0]["pay"] = "600"
    certificate.seal(cert)
    problems = certificate.check(cert)
    assert any("custom_bets" in m.field for m in problems)


def test_a_custom_bet_in_a_rule_set_must_be_a_custom_file(tmp_path):
    from verifier.rules import rulesets
    rs = tmp_path / "r.toml"
    rs.write_text(f'base = "casino-standard"\nname = "x"\n[bets]\nmy_bet = '
                  f'"{(EXAMPLES / "outlaw9-three-pairs-2.toml").as_posix()}"\n')
    with pytest.raises(VerifierError, match='a custom bet.s file says bet = "custom"'):
        rulesets.load(str(rs)).paytables()
    rs.write_text('base = "casino-standard"\nname = "x"\n[bets]\n"My Bet" = "x.toml"\n')
    with pytest.raises(VerifierError, match="name a custom bet in snake case"):
        rulesets.load(str(rs))


def test_solve_out_writes_a_custom_table_that_reads_back(tmp_path, mikes):
    """The solved custom table keeps its reads; its edge, recomputed, is the target."""
    out = tmp_path / "mania.toml"
    assert main(["solve", str(SHIPPED / "outlaw9-mikes.json"), "--paytable",
                 str(EXAMPLES / "pai-gow-mania-seven-card.toml"), "--line", "flush",
                 "--edge", "5%", "--out", str(out)]) == 0
    table = paytables.load(out)
    assert (table.bet, table.reads) == ("custom", "seven-card")
    assert certificate.odds_from_certificate(mikes, table).house_edge == Fraction(5, 100)


@pytest.mark.slow
def test_commands_default_to_the_rule_sets_first_bet(capsys):
    """No command names a bet of its own: compare reads the rule set's first bet (Pai Gow
    Insurance for emperors-challenge), and a rule set with no side bet says so."""
    assert main(["compare", str(SHIPPED / "emperors-challenge.json")]) == 0
    assert "Pai Gow Insurance" in capsys.readouterr().out
    assert main(["compare", str(SHIPPED / "casino-standard.json")]) == 2
    assert "offers no side bet" in capsys.readouterr().err
