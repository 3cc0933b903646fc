"""Two seats hitting one tier (or one meter) in one round (issue 37,
verifier/odds/progressive_seats.py, `paigow-verify progressive ... --json`: two_seats).

Expectations: a brute force on the 21-card deck of tens to aces and the joker (every hand
read from the engine's seven-card mask, paid by its first tier; the ordered pairs of
disjoint hands counted one pair at a time, not by inclusion-exclusion); on the full deck,
the bound's closed form from the published count of the Face Up Mega's top tier."""
import json
from fractions import Fraction
from itertools import combinations
from math import comb

from verifier.cli import main
from verifier.game.paytables import DATA_DIR
from verifier.odds.progressive_seats import disjoint_pairs

TABLE = {"name": "pairs", "wager": 1, "meters": {"m": {"reset": 10, "increment": "10%"}},
         "tiers": [{"lines": ["royal_flush"], "pays": "100% of m"},
                   {"lines": ["four_of_a_kind"], "pays": "100% of m"},
                   {"lines": ["full_house"], "pays": "$2"}]}


def _json(capsys, *args):
    assert main(["progressive", *args, "--json", "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


def test_inclusion_exclusion_counts_the_disjoint_pairs_one_by_one():
    import random
    hands = [sum(1 << c for c in h) for h in combinations(range(15), 7)]
    some = random.Random(5).sample(hands, 1500)
    assert disjoint_pairs(some) == sum(1 for a in some for b in some if not a & b)


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
        # two seats: at least two of them hit is both hitting, the bounds meet
        span = got["at_least_two_of_seats"]
        assert Fraction(span["upper_bound"]["exact"]) == p2
        assert Fraction(span["lower_bound"]["exact"]) == p2


def test_on_the_full_deck_the_counts_bound_two_seats(capsys):
    """The Face Up Mega's top tier: 228 hands (the Wizard of Odds' count, typed in
    tests/test_progressive.py); p2 <= p1 x 228 / C(46,7), and the union bound at 6 seats."""
    out = _json(capsys, str(DATA_DIR / "progressives" / "face_up_mega.toml"))["two_seats"]
    top = out["tiers"][0]
    assert out["method"].startswith("bounds") and top["two_given_seats"] is None
    bound = Fraction(228, comb(53, 7)) * Fraction(228, comb(46, 7))
    assert Fraction(top["two_given_seats_upper_bound"]["exact"]) == bound
    assert Fraction(top["at_least_two_of_seats"]["upper_bound"]["exact"]) == 15 * bound
    assert top["at_least_two_of_seats"]["lower_bound"] is None


def test_seats_that_do_not_fit_the_deck_have_no_bound(capsys):
    mega = str(DATA_DIR / "progressives" / "face_up_mega.toml")
    top = _json(capsys, mega, "--seats", "8")["two_seats"]["tiers"][0]     # 56 cards > 53
    assert top["at_least_two_of_seats"] is None
