"""Player against banker over all ordered pairs of disjoint hands (verifier.pairwise).

The fast method (inclusion-exclusion over shared cards, suit symmetry) is checked
against a brute force over every ordered pair on reduced decks, against direct
enumeration for single player hands, and by Monte Carlo.
"""
import itertools
import math
import random

import pytest

from verifier import pairwise as pw
from verifier.cards import deck_of_ranks, parse_cards, full_deck, JOKER
from verifier.rules import Rules

# A deck where the wheel option changes the counts: A..6 of clubs and diamonds (wheel
# and 6-high straights and straight flushes), 7c 7d Ah 2h and the joker. Only the
# clubs/diamonds swap maps it to itself, so the symmetry group has order 2.
WHEEL_DECK = sorted(parse_cards("Ac Ad 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d Ah 2h Jk"))
# No symmetry at all: an arbitrary 16-card deck.
ODD_DECK = sorted(parse_cards("2c 2d 3c 4h 5h 6s 7s 8c 9d Tc Jh Qs Kc Kd Ah Jk"))

SMALL_DECKS = {
    "JQKA": deck_of_ranks("JQKA", joker=False),
    "A234+Jk": deck_of_ranks("A234"),
    "wheel17": WHEEL_DECK,
    "odd16": ODD_DECK,
}


def keyfn(wheel):
    return pw.engine_key_function(Rules(wheel=wheel))


@pytest.fixture(scope="module")
def brute():
    """Brute-force counts, memoised per (deck, wheel)."""
    cache = {}

    def get(name, wheel):
        if (name, wheel) not in cache:
            cache[name, wheel] = pw.brute_force_python(SMALL_DECKS[name], keyfn(wheel))
        return cache[name, wheel]
    return get


# ---------------------------------------------------------------------------------
# (a) the fast method against the brute force, reduced decks
# ---------------------------------------------------------------------------------

@pytest.mark.parametrize("wheel", ["lowest", "second"])
@pytest.mark.parametrize("name", sorted(SMALL_DECKS))
def test_fast_method_equals_brute_force(name, wheel, brute):
    deck = SMALL_DECKS[name]
    fast = pw.pairwise_counts_python(deck, keyfn(wheel))
    assert fast == brute(name, wheel)
    pw.check_counts(fast, len(deck))


def test_wheel_option_matters_on_wheel_deck(brute):
    assert brute("wheel17", "lowest") != brute("wheel17", "second")


@pytest.mark.parametrize("name", ["JQKA", "wheel17"])
def test_symmetry_reduction_changes_nothing(name):
    deck = SMALL_DECKS[name]
    assert (pw.pairwise_counts_python(deck, keyfn("lowest"), symmetry=True)
            == pw.pairwise_counts_python(deck, keyfn("lowest"), symmetry=False))


def test_method_right_for_another_key_function():
    """The counting must not depend on the house way: a crude stand-in key function."""
    for deck in (SMALL_DECKS["A234+Jk"], ODD_DECK):
        assert (pw.pairwise_counts_python(deck, pw.standin_key_function)
                == pw.brute_force_python(deck, pw.standin_key_function))


def test_thirteen_cards_have_no_disjoint_pairs():
    deck = deck_of_ranks("QKA")
    counts = pw.pairwise_counts_python(deck, keyfn("lowest"))
    assert all(v == 0 for v in counts.values())


def test_deck_symmetries():
    assert len(pw.deck_symmetries(full_deck())) == 24
    assert len(pw.deck_symmetries(WHEEL_DECK)) == 2
    assert len(pw.deck_symmetries(ODD_DECK)) == 1


def test_subset_orbits_cover_every_subset():
    deck = deck_of_ranks("KA")
    group = pw.deck_symmetries(deck)
    for k in range(10):
        assert sum(w for _s, w in pw.subset_orbits(deck, k, group)) == math.comb(len(deck), k)


def test_keys_are_suit_blind():
    """The symmetry reduction needs keys invariant under every suit permutation."""
    rng = random.Random(4)
    kf = keyfn("lowest")
    perms = list(itertools.permutations(range(4)))
    deck = full_deck()
    for _ in range(300):
        hand = rng.sample(deck, 7)
        want = kf(hand)
        for p in rng.sample(perms, 4):
            assert kf([c if c == JOKER else (c & ~3) | p[c & 3] for c in hand]) == want


# ---------------------------------------------------------------------------------
# per player hand: inclusion-exclusion against direct enumeration
# ---------------------------------------------------------------------------------

def test_per_player_inclusion_exclusion_equals_direct():
    deck = WHEEL_DECK
    kf = keyfn("second")
    keys = {h: kf(h) for h in itertools.combinations(deck, 7)}
    rng = random.Random(7)
    hands = rng.sample(sorted(keys), 12) + [tuple(sorted(parse_cards("Ac Ad Ah 2c 2d Jk 7c")))]
    for hand in hands:
        assert pw.per_player_python(hand, deck, kf, keys) == pw.direct_python(hand, deck, kf, keys)


def test_sum_over_players_is_the_pairwise_count(brute):
    deck = SMALL_DECKS["A234+Jk"]
    kf = keyfn("lowest")
    keys = {h: kf(h) for h in itertools.combinations(deck, 7)}
    acc = dict.fromkeys(pw.COUNT_NAMES, 0)
    for hand in keys:
        for name, v in pw.direct_python(hand, deck, kf, keys).items():
            acc[name] += v
    assert acc == brute("A234+Jk", "lowest")


# ---------------------------------------------------------------------------------
# (c) symmetry and adding up
# ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["A234+Jk", "wheel17"])
def test_roles_swapped(name, brute):
    """#pairs the player wins == #pairs where the banker's hands are both strictly higher."""
    deck = SMALL_DECKS[name]
    kf = keyfn("lowest")
    keys = {h: kf(h) for h in itertools.combinations(deck, 7)}
    banker_both_higher = 0
    copies = 0
    for p, x in keys.items():
        rest = [c for c in deck if c not in p]
        for b in itertools.combinations(rest, 7):
            y = keys[b]
            banker_both_higher += y[0] > x[0] and y[1] > x[1]
            copies += y[0] == x[0]
    counts = brute(name, "lowest")
    assert counts["win"] == banker_both_higher
    assert counts["copy_high"] == copies
    assert counts["win"] + counts["loss"] + counts["push"] == counts["total"] == pw.total_pairs(len(deck))
    assert counts["push_wrangler_2to1"] + counts["push_wrangler_1to1"] == counts["push"]


# ---------------------------------------------------------------------------------
# (d) Monte Carlo
# ---------------------------------------------------------------------------------

def _within(p_exact, hits, n, z=3.2905):
    """Is hits/n within the 99.9% interval around the exact probability?"""
    sd = math.sqrt(p_exact * (1 - p_exact) / n)
    return abs(hits / n - p_exact) <= z * sd + 1e-12


def test_monte_carlo_reduced_deck(brute):
    deck = SMALL_DECKS["A234+Jk"]
    kf = keyfn("lowest")
    keys = {h: kf(h) for h in itertools.combinations(deck, 7)}
    exact = brute("A234+Jk", "lowest")
    rng = random.Random(2024)
    n = 100_000
    hits = dict.fromkeys(("win", "push", "loss"), 0)
    for _ in range(n):
        cards = rng.sample(deck, 14)
        x, y = keys[tuple(sorted(cards[:7]))], keys[tuple(sorted(cards[7:]))]
        out = pw.pair_outcome(x, y)
        for name in hits:
            hits[name] += out[name]
    for name in hits:
        assert _within(exact[name] / exact["total"], hits[name], n), name
