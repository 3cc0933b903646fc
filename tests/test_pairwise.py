"""Player against banker over all ordered pairs of disjoint hands (verifier.engine.pairwise).

The fast method (inclusion-exclusion over shared cards, suit symmetry) is checked
against a brute force over every ordered pair on reduced decks, against direct
enumeration for single player hands, and by Monte Carlo.
"""
import itertools
import math
import random

import pytest

import oracles

from verifier.engine import pairwise as pw
from verifier.engine.backend import compiled
from verifier.engine.reference import pairwise as twin
from verifier.game.cards import deck_of_ranks, parse_cards, full_deck, JOKER
from verifier.rules.readings import Rules

# The decks have 15 cards, one more than the two disjoint hands of a pair: every ordered
# pair leaves one card out, so the inclusion-exclusion over shared cards has every term,
# and a brute force over every ordered pair (6,435 x 8) is quick.
# A deck where the wheel option changes the counts: A..5 of clubs and diamonds (wheels,
# and 6-high straights with the joker), 7c 7d Ah 2h and the joker. Only the
# clubs/diamonds swap maps it to itself, so the symmetry group has order 2.
WHEEL_DECK = sorted(parse_cards("Ac Ad 2c 2d 3c 3d 4c 4d 5c 5d 7c 7d Ah 2h Jk"))
# No symmetry at all: an arbitrary 15-card deck.
ODD_DECK = sorted(parse_cards("2c 2d 3c 4h 5h 6s 7s 8c Tc Jh Qs Kc Kd Ah Jk"))
# A symmetry group of order 4 (clubs with diamonds, hearts with spades): A 2 3 of every
# suit, 4c 4d and the joker.
PAIRS_DECK = sorted(deck_of_ranks("A23", joker=False) + parse_cards("4c 4d Jk"))

SMALL_DECKS = {
    "JQKA": deck_of_ranks("JQKA", joker=False),
    "A23+4c4d+Jk": PAIRS_DECK,
    "wheel15": WHEEL_DECK,
    "odd15": ODD_DECK,
}


def keyfn(wheel):
    return pw.engine_key_function(Rules(wheel=wheel))


_KEYS = {}


def keys_of(name, wheel):
    """Every hand's keys for a small deck, computed once (the reference engine is slow)."""
    if (name, wheel) not in _KEYS:
        _KEYS[name, wheel] = twin.hand_keys(SMALL_DECKS[name], keyfn(wheel))
    return _KEYS[name, wheel]


@pytest.fixture(scope="module")
def brute():
    """Brute-force counts, memoised per (deck, wheel)."""
    cache = {}

    def get(name, wheel):
        if (name, wheel) not in cache:
            cache[name, wheel] = oracles.brute_force_python(SMALL_DECKS[name], None,
                                                       keys_of(name, wheel))
        return cache[name, wheel]
    return get


# ---------------------------------------------------------------------------------
# (a) the fast method against the brute force, reduced decks
# ---------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("wheel", ["lowest", "second"])
@pytest.mark.parametrize("name", sorted(SMALL_DECKS))
def test_fast_method_equals_brute_force(name, wheel, brute):
    """The fast method's counts are the brute force's over every ordered pair of disjoint
    hands, on each small deck (15 cards; J Q K A of every suit, 16), both wheel readings."""
    deck = SMALL_DECKS[name]
    fast = twin.pairwise_counts_python(deck, None, keys=keys_of(name, wheel))
    assert fast == brute(name, wheel)
    pw.check_counts(fast, len(deck))


@pytest.mark.slow
def test_wheel_option_matters_on_wheel_deck(brute):
    """The wheel reading changes the brute force's counts on the 15-card wheel deck."""
    assert brute("wheel15", "lowest") != brute("wheel15", "second")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["JQKA", "wheel15"])
def test_symmetry_reduction_changes_nothing(name):
    """The suit-symmetry reduction gives the counts of the method without it, on J Q K A
    (symmetry group of order 24) and the 15-card wheel deck (order 2)."""
    deck = SMALL_DECKS[name]
    keys = keys_of(name, "lowest")
    assert (twin.pairwise_counts_python(deck, None, symmetry=True, keys=keys)
            == twin.pairwise_counts_python(deck, None, symmetry=False, keys=keys))


@pytest.mark.slow
def test_method_right_for_another_key_function():
    """The counting must not depend on the house way: with a crude stand-in key function
    the fast method equals the brute force, on a 15-card deck with a symmetry group of
    order 4 and on the 15-card deck with none."""
    for deck in (PAIRS_DECK, ODD_DECK):
        assert (twin.pairwise_counts_python(deck, oracles.standin_key_function)
                == oracles.brute_force_python(deck, oracles.standin_key_function))


def test_thirteen_cards_have_no_disjoint_pairs():
    deck = deck_of_ranks("QKA")
    counts = twin.pairwise_counts_python(deck, keyfn("lowest"))
    assert all(v == 0 for v in counts.values())


def test_deck_symmetries():
    assert len(twin.deck_symmetries(full_deck())) == 24
    assert len(twin.deck_symmetries(WHEEL_DECK)) == 2
    assert len(twin.deck_symmetries(ODD_DECK)) == 1


def test_subset_orbits_cover_every_subset():
    deck = deck_of_ranks("KA")
    group = twin.deck_symmetries(deck)
    for k in range(10):
        assert sum(w for _s, w in twin.subset_orbits(deck, k, group)) == math.comb(len(deck), k)


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

@pytest.mark.slow
def test_per_player_inclusion_exclusion_equals_direct():
    deck = WHEEL_DECK
    kf = keyfn("second")
    keys = keys_of("wheel15", "second")
    rng = random.Random(7)
    hands = rng.sample(sorted(keys), 5) + [tuple(sorted(parse_cards("Ac Ad Ah 2c 2d Jk 7c")))]
    for hand in hands:
        assert oracles.per_player_python(hand, deck, kf, keys) == twin.direct_python(hand, deck, kf, keys)


@pytest.mark.slow
def test_sum_over_players_is_the_pairwise_count(brute):
    deck = SMALL_DECKS["A23+4c4d+Jk"]
    kf = keyfn("lowest")
    keys = keys_of("A23+4c4d+Jk", "lowest")
    acc = dict.fromkeys(pw.COUNT_NAMES, 0)
    for hand in keys:
        for name, v in twin.direct_python(hand, deck, kf, keys).items():
            acc[name] += v
    assert acc == brute("A23+4c4d+Jk", "lowest")


# ---------------------------------------------------------------------------------
# (c) symmetry and adding up
# ---------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("name", ["A23+4c4d+Jk", "wheel15"])
def test_roles_swapped(name, brute):
    """#pairs the player wins == #pairs where the banker's hands are both strictly higher."""
    deck = SMALL_DECKS[name]
    keys = keys_of(name, "lowest")
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
    deck = SMALL_DECKS["A23+4c4d+Jk"]
    keys = keys_of("A23+4c4d+Jk", "lowest")
    exact = brute("A23+4c4d+Jk", "lowest")
    rng = random.Random(2024)
    n = 100_000
    hits = dict.fromkeys(("win", "push", "loss"), 0)
    for _ in range(n):
        cards = rng.sample(deck, 14)
        x, y = keys[tuple(sorted(cards[:7]))], keys[tuple(sorted(cards[7:]))]
        out = twin.pair_outcome(x, y)
        for name in hits:
            hits[name] += out[name]
    for name in hits:
        assert _within(exact[name] / exact["total"], hits[name], n), name


# ---------------------------------------------------------------------------------
# the compiled module
# ---------------------------------------------------------------------------------

def compiled_module():
    mod = compiled("_pairwise")
    if mod is None:
        pytest.skip("verifier.engine._pairwise not built")
    return mod


@pytest.mark.compiled
@pytest.mark.parametrize("wheel", ["lowest", "second"])
@pytest.mark.parametrize("name", sorted(SMALL_DECKS))
def test_compiled_equals_python_and_brute_force(name, wheel, brute):
    mod = compiled_module()
    table = mod.PairwiseTable(SMALL_DECKS[name], wheel == "second", 0, 2)
    assert table.counts() == brute(name, wheel)
    assert table.brute_force() == brute(name, wheel)


LARGER_DECKS = {
    "A2345": deck_of_ranks("A2345", joker=False),      # 20 cards, wheels
    "TJQKA+Jk": deck_of_ranks("TJQKA"),                # 21 cards
    "wheel-odd": sorted(parse_cards("Ac Ad Ah 2c 2d 3c 3d 4c 4h 5c 5d 6c 6s 7c 7d 8h Kc Ks Jk")),
}


@pytest.mark.slow
@pytest.mark.compiled
@pytest.mark.parametrize("wheel", ["lowest", "second"])
@pytest.mark.parametrize("name", sorted(LARGER_DECKS))
def test_compiled_fast_equals_brute_force_larger_decks(name, wheel):
    mod = compiled_module()
    deck = LARGER_DECKS[name]
    table = mod.PairwiseTable(deck, wheel == "second", 0, 2)
    counts = table.counts()
    assert counts == table.brute_force()
    pw.check_counts(counts, len(deck))
    no_symmetry = mod.PairwiseTable(deck, wheel == "second", 0, 2, False)
    assert no_symmetry.counts() == counts


@pytest.mark.compiled
def test_compiled_per_hand_reduced_deck():
    """Inclusion-exclusion per player hand == direct enumeration, every hand of a deck."""
    mod = compiled_module()
    deck = LARGER_DECKS["wheel-odd"]
    rules = Rules(wheel="second")
    rng = random.Random(11)
    hands = [sorted(rng.sample(deck, 7)) for _ in range(20)]
    for hand in hands:
        fast = oracles.versus_banker_fast(hand, rules=rules, deck=deck)
        assert fast == pw.versus_banker(hand, rules=rules, deck=deck)
        assert fast["total"] == math.comb(len(deck) - 7, 7)
    assert mod is not None


# (b) player hands of the full deck: joker hands, copy-heavy low hands, hands the house
# way splits, complete hands behind
FULL_DECK_HANDS = [
    "As Ks Qs Js Ts Kh Qh",      # royal flush, suited K-Q
    "Jk Ac Ad Ah As Kc Kd",      # five aces with kings
    "Jk Ah Kd Qc Jc 9s 2d",      # joker straight
    "Jk 2c 3c 4c 5c 9d Jh",      # joker straight flush / wheel
    "Jk 7h 8d 2s 3c 4d 9h",      # joker as ace, high card
    "2c 3d 4h 5s 7c 8d 9h",      # lowest no-pair hands: copies everywhere
    "2c 3d 4h 6s 7c 8d 9h",
    "2c 3d 4h 5s 6c 8d 9h",      # straight
    "2c 2d 3h 4s 5c 7d 8h",
    "3c 3d 4h 5s 7c 8d Th",      # pair of threes (Wrangler line)
    "2c 2d 3h 3s 4c 4d Jk",      # three pair with the joker
    "Ac Ad 2h 2s 5c 9d Jh",      # two pair, aces up: split
    "9c 9d 4h 4s Ac 2d 7h",      # two pair with an ace: both behind
    "8c 8d 5h 5s Kc 2d 3h",      # 8s and 5s with a king: both behind
    "6c 6d 4h 4s Tc 2d 3h",      # split
    "Jc Jd Jh Js 5c 6d 8h",      # quad jacks: split
    "Kc Kd Kh Ks 5c 5d 8h",      # quads with a pair behind
    "Qc Qd Qh 7s 7c 4d 2h",      # full house
    "Tc Td Th 9s 9c 9d 2h",      # two sets of trips
    "Ac Ad Ah 5c 7d 9s Jh",      # trip aces
    "7c 7d 7h 8c 9c Tc Jc",      # trips with a straight flush
    "5h 8h 9h Jh Kh 5c 2d",      # flush with a pair
    "Kc Qd 9h 7s 5c 4d 2h",      # king high
    "Ad Kc 4h 6s 8c Td 2c",      # ace-king high
]


@pytest.mark.compiled
def test_key_table_histogram_equals_enumeration(full_enumeration, full_table):
    """The |S| = 0 term: the table of every hand's keys against the enumeration job."""
    assert full_table.key_histogram() == full_enumeration.key_histogram


@pytest.mark.compiled
@pytest.mark.parametrize("wheel_second,house_way", [(False, 0), (True, 0), (False, 1)])
def test_compact_key_tables_agree_with_the_engine_on_every_hand(wheel_second, house_way):
    """The pairwise keys come from one entry per rank multiset and one per flush-possible
    hand up to suits (cext/pairwise.h), not from the engine hand by hand: on every hand of
    a deck with all four suits and the joker they are the engine's."""
    mod = compiled_module()
    table = mod.PairwiseTable(deck_of_ranks("2345TJQKA"), wheel_second, house_way, 2)
    assert table.check_keys() == 0


@pytest.mark.full
def test_compact_key_tables_agree_with_the_engine_on_the_full_deck(full_table):
    assert full_table.check_keys() == 0


@pytest.mark.slow
@pytest.mark.compiled
@pytest.mark.parametrize("name", ["A2345", "TJQKA+Jk"])
def test_compiled_other_house_way(name):
    """The counting is the same for the Emperor's Challenge house way (house_way 1)."""
    mod = compiled_module()
    deck = LARGER_DECKS[name]
    table = mod.PairwiseTable(deck, False, 1, 2)
    assert table.counts() == table.brute_force()
    hist = table.key_histogram()
    ref = twin.pairwise_counts_python(deck[:17], pw.engine_key_function(Rules(house_way="emperors")))
    assert ref == mod.PairwiseTable(deck[:17], False, 1, 2).counts()
    assert sum(hist.values()) == math.comb(len(deck), 7)


@pytest.fixture(scope="module")
def full_table():
    compiled_module()
    return oracles.key_table()


@pytest.mark.slow
@pytest.mark.compiled
@pytest.mark.parametrize("text", FULL_DECK_HANDS)
def test_full_deck_per_hand_fast_equals_direct(text, full_table):
    hand = parse_cards(text)
    fast = oracles.versus_banker_fast(hand)
    direct = pw.versus_banker(hand)
    assert fast == direct
    assert direct["total"] == math.comb(46, 7) == 53_524_680
    assert direct["win"] + direct["loss"] + direct["push"] == direct["total"]


@pytest.fixture(scope="module")
def full_counts():
    compiled_module()
    return pw.pairwise_counts()


# the whole deck's count (a full run's pairwise stage) is made once, for the full suite: the
# README's suite proves the method on the reduced decks above
@pytest.mark.full
def test_full_deck_counts_add_up(full_counts):
    c = full_counts
    assert c["total"] == math.comb(53, 7) * math.comb(46, 7) == 8_250_459_031_214_400
    pw.check_counts(c, 53)
    # a sanity range only (published simulations of other house ways: 28.6 / 41.5 / 29.9 %)
    assert 0.27 < c["win"] / c["total"] < 0.30
    assert 0.39 < c["push"] / c["total"] < 0.44
    assert 0.28 < c["loss"] / c["total"] < 0.32


def _monte_carlo_agrees(exact, sample):
    n = sample["total"]
    for name in ("win", "push", "loss", "push_wrangler_2to1", "copy_low"):
        assert _within(exact[name] / exact["total"], sample[name], n), name


@pytest.mark.full
def test_monte_carlo_full_deck_1e8(full_counts):
    _monte_carlo_agrees(full_counts, pw.monte_carlo(10**8, seed=20240601))


@pytest.mark.full
@pytest.mark.parametrize("rules", [Rules(wheel="second"), Rules(house_way="emperors")])
def test_monte_carlo_full_deck_other_rules(rules):
    compiled_module()
    exact = pw.pairwise_counts(rules=rules)
    _monte_carlo_agrees(exact, pw.monte_carlo(10**7, seed=77, rules=rules))


@pytest.mark.compiled
@pytest.mark.parametrize("name", sorted(LARGER_DECKS))
def test_monte_carlo_reduced_deck_compiled(name):
    mod = compiled_module()
    deck = LARGER_DECKS[name]
    exact = mod.PairwiseTable(deck, False, 0, 2).counts()
    _monte_carlo_agrees(exact, pw.monte_carlo(10**6, seed=3, deck=deck))


# ---------------------------------------------------------------------------------
# the door: one API, either engine (verifier.engine.backend.module)
# ---------------------------------------------------------------------------------

DOOR_DECK = sorted(parse_cards("Ac Ad Ah As Kc Kd Kh Ks Qc Qd Qh Qs Jc Jd Jk"))   # 15 cards


def test_the_door_counts_the_same_on_either_engine(engine):
    """``pairwise_counts`` and ``versus_banker`` go to the compiled module or its twin in
    verifier/engine/reference/pairwise.py by the one switch, with the same arguments:
    each engine's counts are the brute force over all 51,480 ordered pairs."""
    from verifier.engine import backend
    assert backend.module("_pairwise").__name__.endswith(
        "reference.pairwise" if backend.PURE_PYTHON else "_pairwise")
    keys = twin.hand_keys(DOOR_DECK, pw.engine_key_function(Rules()))
    assert pw.pairwise_counts(deck=DOOR_DECK, threads=1) == \
        oracles.brute_force_python(DOOR_DECK, None, keys)
    player = DOOR_DECK[:7]
    assert pw.versus_banker(player, deck=DOOR_DECK, threads=1) == \
        oracles.per_player_python(player, DOOR_DECK, None, keys)
