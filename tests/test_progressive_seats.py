"""Two seats hitting one tier (or one meter) in one round (issue 37,
verifier/odds/progressive_seats.py, `paigow-verify progressive ... --json`: two_seats).

Expectations: a brute force on the 21-card deck of tens to aces and the joker (every hand
read from the engine's seven-card mask, paid by its first tier; the ordered pairs of
disjoint hands counted one pair at a time, not by inclusion-exclusion); on the full deck,
the bound's closed form from the published count of the Face Up Mega's top tier."""
import json

import pytest
from fractions import Fraction
from itertools import combinations
from math import comb

from verifier.cli import main
from verifier.game.paytables import DATA_DIR
from verifier.table.progressive_pairs import disjoint_pairs

TABLE = {"name": "pairs", "wager": 1, "meters": {"m": {"reset": 10, "increment": "10%"}},
         "tiers": [{"lines": ["royal_flush"], "pays": "100% of m"},
                   {"lines": ["four_of_a_kind"], "pays": "100% of m"},
                   {"lines": ["full_house"], "pays": "$2"}]}


def _json(capsys, *args, exact=True):
    """The command's JSON; ``exact``: with ``--two-seats`` (without it, the bounds)."""
    two = ["--two-seats"] if exact else []
    assert main(["progressive", *args, *two, "--json", "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


def test_inclusion_exclusion_counts_the_disjoint_pairs_one_by_one():
    import random
    from verifier.engine import backend, shared_card_sums
    hands = [sum(1 << c for c in h) for h in combinations(range(15), 7)]
    some = random.Random(5).sample(hands, 1500)
    assert disjoint_pairs(some) == sum(1 for a in some for b in some if not a & b)
    # the engine's counters by colex rank, against a dictionary of card sets
    few = some[:200]
    twin = backend.module("_core", "pure-python").shared_card_sums(few, 15, 1)
    assert shared_card_sums(few) == twin


@pytest.mark.compiled
@pytest.mark.parametrize("reads, lines", [
    ("seven-card", [["royal_flush"], ["four_of_a_kind", "straight_flush"], ["full_house"]]),
    ("house-way", [["four_of_a_kind_plus_pair", "royal_flush"], ["front_pair"],
                   ["two_pair"]]),
    ("best-for-bet", [["five_aces"], ["royal_flush_plus_pair"], ["full_house"]])])
def test_the_engines_listing_is_each_hand_read_and_paid_in_python(reads, lines):
    """verifier/table/progressive_pairs.py's listing (the compiled engine's visit, a code
    per hand looked up) against every hand of the 21-card deck set one by one, its lines
    read by ``lines_of`` and paid by ``tier_of``."""
    from verifier.engine import set_hands
    from verifier.game.cards import deck_of_ranks
    from verifier.game.progressive import from_dict
    from verifier.table.custom import lines_of
    from verifier.table.progressive_pairs import tier_hands
    table = from_dict({"name": "t", "wager": 1, "reads": reads,
                       "tiers": [{"lines": t, "pays": "$1"} for t in lines]})
    deck = deck_of_ranks("TJQKA")
    hands = [list(h) for h in combinations(deck, 7)]
    want: list = [[] for _ in lines]
    for hand, s in zip(hands, set_hands(hands)):
        t = table.tier_of(frozenset(lines_of(reads, s, None, hand)))
        if t is not None:
            want[t].append(sum(1 << c for c in hand))
    got = tier_hands(table, [len(w) for w in want], deck, False, 0)
    assert all(want), "every tier has hands on the small deck"
    assert [sorted(int(m) for m in g) for g in got] == [sorted(w) for w in want]


@pytest.mark.slow
def test_two_seats_on_the_small_deck_are_the_brute_force(tmp_path, capsys):
    import tomli_w
    from verifier.engine import set_hands
    from verifier.game.cards import deck_of_ranks
    from verifier.game.categories import CATEGORY_NAMES
    cert, table = tmp_path / "c.json", tmp_path / "t.toml"
    table.write_text(tomli_w.dumps(TABLE))
    assert main(["run", "--deck-ranks", "TJQKA", "--rules", "casino-standard",
                 "--no-progress", "--out", str(cert)]) == 0
    capsys.readouterr()
    out = _json(capsys, str(table), "--cert", str(cert), "--seats", "2")["two_seats"]
    deck = deck_of_ranks("TJQKA")
    hands = [list(h) for h in combinations(deck, 7)]
    tiers: list = [[], [], []]
    for hand, s in zip(hands, set_hands(hands)):
        shown = {n for bit, n in enumerate(CATEGORY_NAMES) if s[4] >> bit & 1}
        for i, tier in enumerate(TABLE["tiers"]):
            if shown & set(tier["lines"]):
                tiers[i].append(sum(1 << c for c in hand))
                break
    both = comb(21, 7) * comb(14, 7)
    assert out["deck"] == 21 and out["method"].startswith("exact")
    # without --two-seats: no hand listed, each figure its bound from the counts
    bounds = _json(capsys, str(table), "--cert", str(cert), "--seats", "2", exact=False)
    assert bounds["two_seats"]["method"].startswith("bounds from the counts")
    assert "--two-seats" in bounds["two_seats"]["method"]
    assert bounds["return"] == _json(capsys, str(table), "--cert", str(cert))["return"]
    # four seats need 28 cards: no figure for at least two of them
    four = _json(capsys, str(table), "--cert", str(cert), "--seats", "4")["two_seats"]
    assert four["tiers"][0]["at_least_two_of_seats"] is None
    for name, got, hands_of in [("royal", out["tiers"][0], tiers[0]),
                                ("quads", out["tiers"][1], tiers[1]),
                                ("meter m", out["meters"]["m"], tiers[0] + tiers[1])]:
        pairs = sum(1 for a in hands_of for b in hands_of if not a & b)
        assert pairs > 0, name
        assert got["hands"] == len(hands_of) and got["disjoint_pairs"] == pairs, name
        p2 = Fraction(pairs, both)
        assert Fraction(got["two_given_seats"]["exact"]) == p2
        bound = Fraction(len(hands_of), comb(21, 7)) * Fraction(len(hands_of), comb(14, 7))
        assert p2 <= bound
        unlisted = (bounds["two_seats"]["meters"]["m"] if name == "meter m" else
                    bounds["two_seats"]["tiers"][["royal", "quads"].index(name)])
        assert unlisted["two_given_seats"] is None and unlisted["disjoint_pairs"] is None
        # whatever the first seat holds, at most min(|S|, C(14,7)) of the hands left hit
        left = min(len(hands_of), comb(14, 7))
        assert Fraction(unlisted["two_given_seats_upper_bound"]["exact"]) == Fraction(
            len(hands_of), comb(21, 7)) * Fraction(left, comb(14, 7)) >= p2
        # two seats: at least two of them hit is both hitting, the bounds meet
        span = got["at_least_two_of_seats"]
        assert Fraction(span["upper_bound"]["exact"]) == p2
        assert Fraction(span["lower_bound"]["exact"]) == p2


@pytest.mark.full
def test_on_the_full_deck_the_shipped_table_is_exact_within_its_bound(capsys):
    """The Face Up Mega's top tier: 228 hands (the Wizard of Odds' count, typed in
    tests/test_progressive.py); every tier listed by the engine (as many hands as the
    certificate counts, checked as they are listed), p2 exact and at most p1 x 228 / C(46,7);
    five aces need the joker: no two seats hold them at once."""
    out = _json(capsys, str(DATA_DIR / "progressives" / "face_up_mega.toml"))["two_seats"]
    top, aces = out["tiers"][0], out["tiers"][1]
    assert out["method"].startswith("exact") and "bounds" not in out["method"]
    assert all(t["two_given_seats"] is not None for t in out["tiers"])
    bound = Fraction(228, comb(53, 7)) * Fraction(228, comb(46, 7))
    assert 0 < Fraction(top["two_given_seats"]["exact"]) < bound
    assert aces["hands"] == 1128 and aces["disjoint_pairs"] == 0
    assert out["meters"]["five_aces"]["two_given_seats"]["exact"] == "0"


@pytest.mark.full
def test_two_royals_on_the_full_deck_are_the_count_by_hand(tmp_path, capsys):
    """A tier of the seven-card royal flush alone: the hands holding a natural royal of a
    suit (its five cards and 2 of the 48 others: 4 x C(48,2), two royals need 10 cards) or
    the joker and exactly four of one (4 x 5 x C(47,2)). Ordered disjoint pairs: two natural
    royals of suits s != t (12 x C(43,2) x C(41,2): the first's two others avoid both royals,
    the second's avoid the first's seven cards and its royal), or one natural and one by the
    joker, either way round (2 x 12 x 5 x C(42,2) x C(41,2): the joker hand's two others
    avoid both suits' royals, the natural's avoid the joker hand and its royal); two joker
    hands cannot be disjoint."""
    import tomli_w
    table = tmp_path / "royal.toml"
    table.write_text(tomli_w.dumps({"name": "royal", "wager": 1, "tiers": [
        {"lines": ["royal_flush"], "pays": "$100"}]}))
    royal = _json(capsys, str(table))["two_seats"]["tiers"][0]
    assert royal["hands"] == 4 * comb(48, 2) + 4 * 5 * comb(47, 2)
    assert royal["disjoint_pairs"] == (12 * comb(43, 2) * comb(41, 2)
                                       + 2 * 12 * 5 * comb(42, 2) * comb(41, 2))
