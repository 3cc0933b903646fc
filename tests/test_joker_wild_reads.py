"""The reads outside the engines' wild-aware paths under the wild joker (issue 53, item 3):
each is made right under ``joker = "wild"`` or refused in one line, never a silently
wrong figure.

Made right (held by closed forms and by the pure-Python twin, a second algorithm, on a
reduced deck): a player's own set at the table (the joker in front pairs the other card),
and the table's best-for-bet read (the engine's evaluation, the joker wild, passed on).
Refused (one line naming the bet and the reading): Pai Gow Insurance (its joker an ace and
nothing else), a first-cards read (the joker semi-wild), and a best-for-bet or house-way
pay table naming the five-aces lines, which any five of a kind reaches under the wild
joker (docs/RULES_READINGS.md, classes_wild).
"""
import itertools
import subprocess
import sys

import pytest

from verifier.game.cards import JOKER, parse_cards
from verifier.game.categories import BEST_FOR_BET_LINES, mask_to_names
from verifier.game.ranking import FRONT_PAIR_BASE, evaluation
from verifier.rules import rulesets
from verifier.support.errors import VerifierError

WILD = evaluation(True, "wild")          # the California rule set's: the wheel second too
DATA = "/".join(rulesets.__file__.split("/")[:-2]) + "/data"
#: K K K K A A A A J Q (two suits each) and the joker (tests/test_joker_wild.py's SMALL)
SMALL = sorted(parse_cards("Kc Kd Kh Ks Ac Ad Ah As Js Qs Jh Qh Jk"))

PAYTABLES = {
    "first_cards": ('reads = "first-cards"\ncards = 3\n',
                    "straight_flush = 30\nthree_of_a_kind = 20\n"),
    "best_for_bet_five_aces": ('reads = "best-for-bet"\n', "five_aces = 100\nroyal_flush = 50\n"),
    "house_way_five_aces_plus_pair": ('reads = "house-way"\n',
                                      "five_aces_plus_pair = 200\nroyal_flush = 50\n"),
}


def _ruleset(tmp_path, base, bets):
    """A rule set file on ``base`` offering ``bets`` ({key: pay table file}): its path (a
    rule set reads its bets' tables as it loads)."""
    lines = [f'base = "{base}"', 'name = "under-test"', "[bets]"]
    lines += [f'{k} = "{v}"' for k, v in bets.items()]
    path = tmp_path / "rules.toml"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def _custom(tmp_path, which):
    head, pays = PAYTABLES[which]
    path = tmp_path / f"{which}.toml"
    path.write_text(f'name = "Side"\nbet = "custom"\n{head}\n[pays]\n{pays}')
    return {"side": str(path)}


INSURANCE = {"pai_gow_insurance": f"{DATA}/pai_gow_insurance_example.toml"}


@pytest.mark.parametrize("which, words", [
    ("first_cards", "first-cards read"),
    ("best_for_bet_five_aces", "pays five aces: "),
    ("house_way_five_aces_plus_pair", "pays five aces plus pair"),
])
def test_custom_reads_refused_under_wild(tmp_path, which, words):
    path = _ruleset(tmp_path, "ez-pai-gow-california", _custom(tmp_path, which))
    with pytest.raises(VerifierError, match=words) as e:
        rulesets.load(path)
    assert "wild joker" in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("which", sorted(PAYTABLES))
def test_same_bets_priced_under_the_bug(tmp_path, which):
    rs = rulesets.load(_ruleset(tmp_path, "ez-pai-gow", _custom(tmp_path, which)))
    assert set(rs.paytables()) >= {"side"}


def test_pai_gow_insurance_refused_under_wild(tmp_path):
    path = _ruleset(tmp_path, "ez-pai-gow-california", INSURANCE)
    with pytest.raises(VerifierError, match="Pai Gow Insurance.*Insurance joker.*Joker wild"):
        rulesets.load(path)


def test_run_and_simulate_refuse_in_one_line(tmp_path):
    rs_path = _ruleset(tmp_path, "ez-pai-gow-california", INSURANCE)
    for args in (["run"], ["simulate", "--rounds", "10"]):
        out = subprocess.run([sys.executable, "-m", "verifier.cli", *args, "--rules",
                              str(rs_path)], capture_output=True, text=True)
        assert out.returncode == 2 and out.stdout == ""
        assert out.stderr.count("\n") == 1 and "Pai Gow Insurance" in out.stderr


def test_a_certificate_read_is_refused_too():
    """``compare``/``report`` of a wild certificate with a first-cards pay table: the
    certificate's readings say the joker is wild, the read refuses before any count."""
    from verifier.certificate.odds import qualifying_sets
    from verifier.game.paytables import Paytable
    cert = {"rules": {"wheel": {"value": "second"}, "bonus_reading": {"value": "seven-card"},
                      "house_way": {"value": "trump-plaza"}, "joker_wild": {"value": "x"}},
            "total_hands": 1}
    table = Paytable.from_lines("Side", "custom", [("three_of_a_kind", 20)],
                                reads="first-cards", cards=3)
    with pytest.raises(VerifierError, match="first-cards read"):
        qualifying_sets(cert, table)


def test_player_set_front_with_the_joker_is_a_pair_under_wild():
    """Closed form: the wild joker beside a card in the two-card hand is a pair of its
    rank (the bug's: the joker an ace, a pair only beside an ace)."""
    from verifier.engine import player_set
    hand = parse_cards("2c 7d 9h Jk Ks Qs 3d")
    for card in (c for c in hand if c != JOKER):
        _, _, fk, _, _ = player_set(hand, [card, JOKER], WILD)
        assert fk == FRONT_PAIR_BASE + (card >> 2)
        _, _, bug, _, _ = player_set(hand, [card, JOKER], True)
        assert bug < FRONT_PAIR_BASE            # no ace among them: ace-high under the bug


def test_table_best_for_bet_read_is_wild_on_the_small_deck():
    """Every hand of the reduced deck with the joker: the table's best-for-bet lines under
    the wild joker are the pure-Python twin's (every setting that is no foul, valued
    wild); four kings and the joker reach the top class, which the bug's never do."""
    from verifier.engine.reference.categories import best_for_bet_mask
    from verifier.table.custom import lines_of
    naturals = [c for c in SMALL if c != JOKER]
    differ = 0
    for six in itertools.combinations(naturals, 6):
        cards = sorted(six + (JOKER,))
        got = set(lines_of("best-for-bet", (), None, cards, 0, WILD))
        assert got == set(mask_to_names(best_for_bet_mask(cards, WILD), BEST_FOR_BET_LINES))
        differ += got != set(lines_of("best-for-bet", (), None, cards, 0, True))
    assert differ > 0
    quads = sorted(parse_cards("Kc Kd Kh Ks Jk 2c 3d"))
    assert "five_aces" in lines_of("best-for-bet", (), None, quads, 0, WILD)
    assert "five_aces" not in lines_of("best-for-bet", (), None, quads, 0, True)


def test_the_strategy_jobs_of_the_two_jokers_are_apart():
    """A job's key names what decides its chunks: the wild joker's job is not the bug's
    (whose chunks it would otherwise resume), and the bug's keys are as ever."""
    from verifier.game.settlement import SettlementRule
    from verifier.strategy.spec import job_key
    rule = SettlementRule.of({"kind": "commission", "commission": "0"})
    deck = SMALL + parse_cards("Tc Th")
    key = {ev: job_key(deck, ev, "mikes", "", rule, 7) for ev in
           (False, True, evaluation(False, "wild"), WILD)}
    assert key[False] == job_key(deck, 0, "mikes", "", rule, 7)
    assert key[True] == job_key(deck, evaluation(True, "bug"), "mikes", "", rule, 7)
    assert len(set(key.values())) == 4


def test_the_strategy_counts_under_wild_are_the_brute_force_of_every_pair():
    """Three joker hands of a 15-card deck, every setting against each of the 8 banker
    hands of the other cards: the settings valued here (the twin's evaluators, the joker
    wild: the two-card hand's joker pairs), the banker's set by the compiled house way;
    win, loss and total per setting as the strategy count gives them."""
    from verifier.engine import hand_strategy, set_hands
    from verifier.game.evaluate import eval2, eval5
    from verifier.game.outcome import LOSS, WIN, base_outcome
    from verifier.rules.readings import Rules
    deck = sorted(SMALL + parse_cards("Tc Th"))
    rules = Rules.of(wheel="second", house_way="mikes", joker="wild")
    for text in ("Kc Kd Kh Jk Js Qs Tc", "Ac Ad Jk Jh Qh Tc Th", "Ks Ah Jk Js Jh Qs Qh"):
        hand = sorted(parse_cards(text))
        rest = [c for c in deck if c not in hand]
        bankers = [(s[3], s[2]) for s in set_hands(
            [sorted(b) for b in itertools.combinations(rest, 7)], WILD, 0)]
        want = {}
        for front in itertools.combinations(hand, 2):
            back = [c for c in hand if c not in front]
            keys = (eval5(back, WILD), eval2(list(front), True))
            outcomes = [base_outcome(*keys, *b) for b in bankers]
            want[keys] = (len(bankers), outcomes.count(WIN), outcomes.count(LOSS))
        settings, _ = hand_strategy.strategy_counts(hand, rules, deck=deck, threads=1)
        got = {(s["back_key"], s["front_key"]): (s["total"], s["win"], s["loss"])
               for s in settings}
        assert got == want, text


@pytest.mark.slow        # 1.5 s of CPU: the twin's job over 3,432 hands
def test_the_strategy_job_and_its_twin_agree_under_wild(tmp_path):
    """The whole strategy job of the California rule set on a 14-card deck (each of the
    3,432 player hands against the one banker hand of the other seven): the compiled job
    and its pure-Python twin (which took the evaluation as a bool, the wild bit lost) sum
    alike, and the player hands whose best five is five of a kind are the closed form's:
    the joker, four kings or four aces, and 2 of the 9 other cards, 2 x C(9,2) = 72; the
    figures name that type five of a kind."""
    import math
    from verifier.strategy import job as sj, spec as job_spec, twin
    deck = sorted(SMALL + parse_cards("Tc"))
    from verifier.strategy.optimal import figures, prune_patterns
    california = rulesets.load("ez-pai-gow-california")
    spec = job_spec.spec_for(california, deck=deck, chunk_size=100_000, backend="compiled",
                             threads=1)
    raw, _ = sj.run_job(spec, work=tmp_path)
    job = twin.PythonJob(deck, spec.wheel_second, spec.house_way, spec.settlement)
    assert raw == job.run(0, job.units)
    assert {row[0]: row[1] for row in raw["by_type"]}[9] == 2 * math.comb(9, 2)
    # the figures' rows by hand type name the top class as it is under the wild joker
    types = {row["name"]: row["hands"]
             for row in figures(prune_patterns(raw), california)["by_type"]}
    assert types["five of a kind"] == 2 * math.comb(9, 2) and "five aces" not in types


def test_the_workbench_names_a_five_of_a_kind_back_by_its_class():
    """Four 2s, the joker and two tens: the house way sets five 2s behind (four of a kind
    and the wild joker, docs/RULES_READINGS.md house_way_joker_wild) and the tens in front;
    its house-way lines (the top class's, keyed as five aces) reach a person as five of a
    kind, and as four of a kind under the bug."""
    from verifier.web.workbench import hand
    wild = hand("2c 2d 2h 2s Tc Th Jk", "ez-pai-gow-california")
    assert wild["best_five"] == "five_of_a_kind"
    assert wild["house_way_lines"] == ["Five of a Kind", "Five of a kind plus pair",
                                       "Front pair"]
    bug = hand("2c 2d 2h 2s Tc Th Jk", "ez-pai-gow")
    assert "Four of a Kind" in bug["house_way_lines"]


def _wins_and_losses(deck, number):
    """(wins, losses) of every player hand of ``deck`` (14 cards) against the one banker
    hand of the other seven, both set by the house way ``number`` (the engine's one-hand
    sets, the joker wild), counted pair by pair."""
    from verifier.engine import set_hands
    from verifier.game.outcome import LOSS, WIN, base_outcome
    hands = [sorted(h) for h in itertools.combinations(deck, 7)]
    keys = {tuple(h): (s[3], s[2]) for h, s in zip(hands, set_hands(hands, WILD, number))}
    outcomes = [base_outcome(*keys[tuple(h)], *keys[tuple(c for c in deck if c not in h)])
                for h in hands]
    return outcomes.count(WIN), outcomes.count(LOSS)


def test_house_ways_compare_of_a_wild_rule_set_counts_wild():
    """``house-ways compare --rules`` a wild rule set values the hands wild (it took the
    bug's joker): on a 14-card deck each of the 3,432 player hands against the one banker
    hand of the other seven, both set by the house way (the engine's one-hand sets), the
    wins and losses counted pair by pair are the comparison's (the pairwise count)."""
    from verifier.strategy.houseways import compare_house_ways
    deck = sorted(SMALL + parse_cards("Tc"))
    rows = compare_house_ways(["mikes", "emperors"], wheel="second", deck=deck, joker="wild")
    for number, row in enumerate(rows):         # mikes 0, emperors 1 (the built-ins)
        assert (row["counts"]["win"], row["counts"]["loss"]) == _wins_and_losses(deck, number)
    bug = compare_house_ways(["mikes", "emperors"], wheel="second", deck=deck)
    assert bug[0]["counts"] != rows[0]["counts"]


def test_solve_base_counts_a_wild_certificates_pairs_wild():
    """``solve --base`` of a wild certificate counts each push condition over the pairs
    with the wild joker (it took the bug's): on a 14-card deck, each of the 3,432 player
    hands against the one banker hand of the other seven, the wins and losses of the
    hands' comparison are the pairs counted one by one (the engine's one-hand sets)."""
    from types import SimpleNamespace
    from verifier.cli.solvebase import push_family_edges
    from verifier.game.cards import card_str
    deck = sorted(SMALL + parse_cards("Tc"))

    def counts(joker):
        cert = SimpleNamespace(reading={"wheel": "second"}.get, bonus_reading="seven-card",
                               house_way="mikes", joker=joker,
                               deck=SimpleNamespace(cards=[card_str(c) for c in deck]))
        rows = push_family_edges(cert, {"kind": "commission", "commission": "0"}, "front")
        return rows[0]["counts"]
    wild = counts("wild")
    assert wild["total"] == 3432                # C(14,7) player hands, one banker hand each
    assert (wild["win"], wild["loss"]) == _wins_and_losses(deck, 0)       # mikes
    assert counts("bug") != wild
