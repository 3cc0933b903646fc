"""The Wrangler Push bet (docs/RULES.md "Wrangler Push bonus"): wins on a base-game push,
2 to 1 when either two-card hand is a pair of 3s or better, else 1 to 1; loses on
every other outcome. Expectations are worked by hand from made-up pairwise counts, and
from a brute force over every ordered pair of a small deck.
"""
import itertools
import math
from fractions import Fraction

import pytest

from verifier.cli import main
from verifier.odds.exact import wrangler_odds
from verifier.game.paytables import Paytable, filed

# 100 ordered pairs: 40 pushes, 10 of them with a pair of 3s or better in a front hand.
COUNTS = {"total": 100, "win": 29, "loss": 31, "push": 40, "push_wrangler_2to1": 10}


def table(**pays):
    return Paytable.from_lines("test", "wrangler_push", list(pays.items()))


def test_the_filed_table_pays_2_to_1_on_a_paired_push_and_1_to_1_on_the_others():
    odds = wrangler_odds(COUNTS, filed("wrangler_push"))
    # 30 plain pushes at +1, 10 paired pushes at +2, 60 other outcomes at -1.
    assert odds.expected == Fraction(30 * 1 + 10 * 2 - 60, 100)
    assert odds.hit_frequency == Fraction(40, 100)
    assert odds.variance == Fraction(30 * 1 + 10 * 4 + 60, 100) - odds.expected ** 2


def test_a_paired_push_is_paid_the_higher_line_when_the_table_reorders_the_pays():
    # Pair line paying less than the plain push line: the paired pushes qualify for
    # both lines and take the higher (3 to 1), as on the Outlaw 9.
    odds = wrangler_odds(COUNTS, table(push=3, push_with_pair_of_3s_or_better=2))
    assert odds.expected == Fraction(40 * 3 - 60, 100)


def test_a_table_without_the_plain_push_line_loses_the_plain_pushes():
    odds = wrangler_odds(COUNTS, table(push_with_pair_of_3s_or_better=5))
    assert odds.expected == Fraction(10 * 5 - 90, 100)


@pytest.mark.compiled
def test_wrangler_counts_equal_a_brute_force_over_every_pair_of_a_small_deck():
    from verifier.engine import _core
    from verifier.game.cards import deck_of_ranks
    from verifier.engine.pairwise import pairwise_counts
    deck = deck_of_ranks("23QKA")[:16] + [52]          # 17 cards
    hands = list(itertools.combinations(deck, 7))
    keys = {h: _core.set_hand(h)[2:4] for h in hands}  # (front key, back key)
    paired = pushes = 0
    for p in hands:
        rest = [c for c in deck if c not in p]
        for b in itertools.combinations(rest, 7):      # every disjoint banker hand
            (pf, pb), (bf, bb) = keys[p], keys[b]
            if (pb > bb) != (pf > bf):                 # one hand each: a push
                pushes += 1
                paired += pf >= 170 or bf >= 170       # a pair of 3s or better in front
    got = pairwise_counts(deck=deck)
    assert got["total"] == math.comb(17, 7) * math.comb(10, 7)
    assert (got["push"], got["push_wrangler_2to1"]) == (pushes, paired)


@pytest.mark.full
def test_compare_over_wrangler_tables_uses_the_certificate_counts(tmp_path, capsys):
    cert = tmp_path / "c.json"
    assert main(["run", "--no-progress", "--out", str(cert)]) == 0
    capsys.readouterr()
    three = tmp_path / "w3.toml"
    three.write_text('name = "3 to 1"\nbet = "wrangler_push"\n[pays]\npush = 1\n'
                     'push_with_pair_of_3s_or_better = 3\n')
    assert main(["compare", str(cert), "--paytable", str(three), "--json"]) == 0
    import json
    data = json.loads(capsys.readouterr().out)
    from verifier.certificate import load
    counts = load(cert)["sections"]["base_game"]["counts"]
    plain = counts["push"] - counts["push_wrangler_2to1"]
    want = Fraction(plain + 3 * counts["push_wrangler_2to1"] - (counts["total"] - counts["push"]),
                    counts["total"])
    assert json.dumps(data).count(str(want)) >= 1
