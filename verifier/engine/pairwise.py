"""Exact player-against-banker counts over all ordered pairs of disjoint hands.

Both seven-card hands come from one deck without replacement and are set by the house
way. For the 53-card deck there are C(53,7) * C(46,7) = 8,250,459,031,214,400 ordered
pairs (player, banker). The method (docs/PAIRWISE.md) is inclusion-exclusion over the
cards the two hands would share:

    N(disjoint pairs with an outcome) = sum over card sets S, |S| <= 7, of
        (-1)^|S| * D_S,   D_S = #{(P, B): S in P, S in B, outcome(P, B)}

and D_S is a two-dimensional dominance count over the (back key, front key) values of
the hands that contain S. Keys are suit-blind, so D_S is computed once per orbit of S
under the suit permutations that map the deck to itself, weighted by the orbit size.

Outcome of an ordered pair (player P, banker B), keys larger = stronger, equal = copy
(goes to the banker):
- win:  P.back > B.back and P.front > B.front
- loss: P.back <= B.back and P.front <= B.front
- push: otherwise
Counted as well: copy_high (P.back == B.back), copy_low (P.front == B.front),
copy_both (both), and the pushes that pay the Wrangler Push bonus 2 to 1 (either
two-card hand a pair of 3s or better: front key >= 170) or 1 to 1 (the other pushes).

This module has the pure-Python implementation (any deck; small decks only in
practice), a brute force over every ordered pair for the tests, and the front end to
the compiled version ``verifier.engine._pairwise`` for the full deck.
"""
import itertools
import math

from verifier.game.cards import JOKER, full_deck
from verifier.game.outcome import LOSS, WIN, base_outcome
from verifier.game.ranking import PAIR_OF_THREES_KEY
from verifier.rules.readings import Rules

#: front key of a pair of 3s (pair of rank r is 169 + r; 3s are rank 1)
WRANGLER_FRONT = PAIR_OF_THREES_KEY

COUNT_NAMES = ("total", "win", "loss", "push", "copy_high", "copy_low", "copy_both",
               "push_wrangler_2to1", "push_wrangler_1to1")



# ---------------------------------------------------------------------------------
# key functions
# ---------------------------------------------------------------------------------

def engine_key_function(rules=None):
    """cards7 -> (back_key, front_key) with the engine in use (compiled or reference)."""
    from verifier.engine.backend import engine
    from verifier.engine.houseway_program import engine_arguments
    wheel_second, house_way = engine_arguments(rules or Rules())

    def keys(cards):
        _front, _back, front_key, back_key, _row = engine.set_hand(sorted(cards), wheel_second,
                                                                   house_way)
        return back_key, front_key
    return keys


# ---------------------------------------------------------------------------------
# counting over a histogram (pairs of hands, not necessarily disjoint)
# ---------------------------------------------------------------------------------

def _zero():
    return dict.fromkeys(COUNT_NAMES, 0)


def _dominance(items):
    """(strict, weak, n) for a list of ((back, front), hands).

    strict = #ordered pairs (X, Y) with X.back > Y.back and X.front > Y.front
    weak   = #ordered pairs (X, Y) with X.back >= Y.back and X.front >= Y.front
    """
    fronts = sorted({f for (_b, f), _n in items})
    fpos = {f: i + 1 for i, f in enumerate(fronts)}
    size = len(fronts)
    tree = [0] * (size + 1)

    def add(i, v):
        while i <= size:
            tree[i] += v
            i += i & -i

    def prefix(i):
        s = 0
        while i > 0:
            s += tree[i]
            i -= i & -i
        return s

    strict = weak = 0
    items = sorted(items)
    i = 0
    while i < len(items):
        j = i
        back = items[i][0][0]
        while j < len(items) and items[j][0][0] == back:
            j += 1
        group = items[i:j]
        for (_b, f), n in group:          # strictly lower backs only
            strict += n * prefix(fpos[f] - 1)
        for (_b, f), n in group:
            add(fpos[f], n)
        for (_b, f), n in group:          # lower or equal backs
            weak += n * prefix(fpos[f])
        i = j
    return strict, weak


def histogram_counts(hist):
    """Counts over all ordered pairs (P, B) of hands drawn from ``hist`` (with repeats).

    ``hist``: {(back, front): hands}. Player wins = strict dominance; player loses =
    banker weakly dominates. Returns a dict over COUNT_NAMES.
    """
    items = [(k, n) for k, n in hist.items() if n]
    out = _zero()
    total = sum(n for _k, n in items)
    win, loss = _dominance(items)
    out["total"] = total * total
    out["win"] = win
    out["loss"] = loss
    out["push"] = total * total - win - loss
    by_back, by_front = {}, {}
    for (b, f), n in items:
        by_back[b] = by_back.get(b, 0) + n
        by_front[f] = by_front.get(f, 0) + n
    out["copy_high"] = sum(n * n for n in by_back.values())
    out["copy_low"] = sum(n * n for n in by_front.values())
    out["copy_both"] = sum(n * n for _k, n in items)
    low = [(k, n) for k, n in items if k[1] < WRANGLER_FRONT]
    low_total = sum(n for _k, n in low)
    low_win, low_loss = _dominance(low)
    out["push_wrangler_1to1"] = low_total * low_total - low_win - low_loss
    out["push_wrangler_2to1"] = out["push"] - out["push_wrangler_1to1"]
    return out


def pair_outcome(p, b):
    """Counts (0/1 each) for one ordered pair of key tuples (back, front)."""
    out = _zero()
    out["total"] = 1
    outcome = base_outcome(p[0], p[1], b[0], b[1])
    if outcome == WIN:
        out["win"] = 1
    elif outcome == LOSS:
        out["loss"] = 1
    else:
        out["push"] = 1
        if p[1] >= WRANGLER_FRONT or b[1] >= WRANGLER_FRONT:
            out["push_wrangler_2to1"] = 1
        else:
            out["push_wrangler_1to1"] = 1
    out["copy_high"] = int(p[0] == b[0])
    out["copy_low"] = int(p[1] == b[1])
    out["copy_both"] = out["copy_high"] & out["copy_low"]
    return out


def player_counts(x, hist):
    """Counts for one player key ``x`` against every banker in ``hist`` (with repeats)."""
    out = _zero()
    for b, n in hist.items():
        if n:
            for name, v in pair_outcome(x, b).items():
                if v:
                    out[name] += n
    return out


# ---------------------------------------------------------------------------------
# suit symmetry
# ---------------------------------------------------------------------------------

def _apply(perm, cards):
    return tuple(sorted(c if c == JOKER else (c & ~3) | perm[c & 3] for c in cards))


def deck_symmetries(deck):
    """The suit permutations that map the deck onto itself (the identity included)."""
    deck_set = set(deck)
    return [p for p in itertools.permutations(range(4))
            if set(_apply(p, deck)) == deck_set]


def subset_orbits(deck, k, group):
    """(representative, orbit size) for each orbit of k-subsets of ``deck``."""
    out = []
    for s in itertools.combinations(deck, k):
        images = {_apply(p, s) for p in group}
        if min(images) == s:
            out.append((s, len(images)))
    return out


# ---------------------------------------------------------------------------------
# the pure-Python method and the brute force (small decks)
# ---------------------------------------------------------------------------------

def hand_keys(deck, keyfn):
    """{sorted hand tuple: keyfn(hand)} for every hand of the deck."""
    return _hand_keys(deck, keyfn)


def _hand_keys(deck, keyfn):
    return {h: keyfn(h) for h in itertools.combinations(sorted(deck), 7)}


def _hist_containing(keys, s):
    s = set(s)
    hist = {}
    for h, x in keys.items():
        if s.issubset(h):
            hist[x] = hist.get(x, 0) + 1
    return hist


def _subset_hists(keys, wanted):
    """{S: histogram of the keys of the hands containing S} for every S in ``wanted``."""
    hists = {s: {} for s in wanted}
    for h, x in keys.items():
        for k in range(8):
            for s in itertools.combinations(h, k):
                hist = hists.get(s)
                if hist is not None:
                    hist[x] = hist.get(x, 0) + 1
    return hists


def _add(acc, counts, factor):
    for name in COUNT_NAMES:
        acc[name] += factor * counts[name]


def pairwise_counts_python(deck, keyfn, symmetry=True, keys=None):
    """Inclusion-exclusion over shared cards, pure Python (small decks only).

    ``keys``: optional precomputed {sorted hand tuple: keyfn(hand)}.
    """
    deck = sorted(deck)
    keys = keys if keys is not None else _hand_keys(deck, keyfn)
    group = deck_symmetries(deck) if symmetry else [(0, 1, 2, 3)]
    orbits = [(k, s, weight) for k in range(8) for s, weight in subset_orbits(deck, k, group)]
    hists = _subset_hists(keys, {s for _k, s, _w in orbits})
    acc = _zero()
    for k, s, weight in orbits:
        if hists[s]:
            _add(acc, histogram_counts(hists[s]), (-1) ** k * weight)
    return acc


def direct_python(player, deck, keyfn, keys=None):
    """Counts for one player hand, by enumerating every disjoint banker hand."""
    player = tuple(sorted(player))
    x = keys[player] if keys is not None else keyfn(player)
    rest = [c for c in sorted(deck) if c not in player]
    acc = _zero()
    for b in itertools.combinations(rest, 7):
        _add(acc, pair_outcome(x, keys[b] if keys is not None else keyfn(b)), 1)
    return acc


def total_pairs(n):
    """C(n,7) * C(n-7,7): the number of ordered pairs of disjoint hands from n cards."""
    return math.comb(n, 7) * math.comb(n - 7, 7) if n >= 14 else 0


def check_counts(counts, n):
    """Raise AssertionError unless the counts add up (the identities every result obeys)."""
    assert counts["total"] == total_pairs(n), (counts["total"], total_pairs(n))
    assert counts["win"] + counts["loss"] + counts["push"] == counts["total"]
    assert counts["push_wrangler_2to1"] + counts["push_wrangler_1to1"] == counts["push"]
    assert 0 <= counts["copy_both"] <= min(counts["copy_high"], counts["copy_low"])
    assert min(counts.values()) >= 0


# ---------------------------------------------------------------------------------
# public API
# ---------------------------------------------------------------------------------

def _compiled():
    """The compiled module, or None under ``PAIGOW_PUREPYTHON=1`` (verifier.engine.backend)."""
    from verifier.engine.backend import compiled
    return compiled("_pairwise")


def engine_options(rules, threads):
    """(rules, wheel_second, house_way, threads) for a compiled count: the rules' engine
    arguments and the thread policy."""
    from verifier.engine.houseway_program import engine_arguments
    from verifier.engine.threads import thread_count
    rules = rules or Rules()
    # each thread has a work space of about 9 MiB on the full deck: no more than the cores
    nthreads = thread_count(threads, cores_at_most=True)
    return (rules, *engine_arguments(rules, suit_symmetric=True), nthreads)


def _house_way_number(house_way, mod):
    """The engine number of a loaded house way for this count (which goes by the suits'
    symmetry): one line for a house way whose readings set a hand by the suits' order."""
    from verifier.engine.houseway_program import house_way_file_number
    from verifier.houseway.fields import OrderDependentError
    from verifier.support.errors import VerifierError
    if house_way.order_dependent:
        raise OrderDependentError(f"house way {house_way.name}: its readings set a hand by "
                                  "the order of its suits; this count goes by the suits' "
                                  "symmetry and cannot use it")
    if mod is None:
        raise VerifierError("the base game of a house way under other readings needs the "
                            "compiled core (python setup.py build_ext --inplace)")
    return house_way_file_number(house_way)


def check_hand(cards, deck):
    cards = sorted(cards)
    if len(cards) != 7 or len(set(cards)) != 7 or not set(cards) <= set(deck):
        from verifier.support.errors import VerifierError
        raise VerifierError("a player hand is seven different cards of the deck")
    return cards


def pairwise_counts(deck=None, rules=None, threads=None, progress=None, house_way=None):
    """Exact counts over every ordered pair of disjoint hands (player, banker).

    ``deck``: a sorted list of card ints (default the 53-card deck). Uses the compiled
    module when it is built, else the pure-Python method (small decks only).
    ``house_way``: a loaded ``HouseWay`` (e.g. under other readings or variants) for
    both sides instead of the rules' (compiled module only).
    Returns {name: exact int} over COUNT_NAMES; the identities of ``check_counts``
    are verified before returning.
    """
    rules, wheel_second, house_way_number, nthreads = engine_options(rules, threads)
    deck = sorted(deck) if deck is not None else full_deck()
    mod = _compiled()
    if house_way is not None:
        house_way_number = _house_way_number(house_way, mod)
    house_way = house_way_number
    if mod is not None:
        from verifier.support.progress import stage
        with stage(progress, "hand", "player v banker") as report:
            counts = mod.pairwise_counts(deck, wheel_second, house_way, nthreads, report)
    else:
        counts = pairwise_counts_python(deck, engine_key_function(rules))
    counts = {name: int(counts[name]) for name in COUNT_NAMES}
    check_counts(counts, len(deck))
    return counts


def versus_banker(cards, rules=None, deck=None, threads=None):
    """One player hand against every banker hand from the rest of the deck, exactly.

    Direct enumeration with keys straight from the engine (compiled: all
    C(46,7) = 53,524,680 banker hands of the full deck in about a second).
    ``cards``: seven card ints. Returns {name: exact int} over COUNT_NAMES.
    """
    rules, wheel_second, house_way, nthreads = engine_options(rules, threads)
    deck = sorted(deck) if deck is not None else full_deck()
    cards = check_hand(cards, deck)
    mod = _compiled()
    if mod is not None:
        counts = mod.versus_banker(cards, deck, wheel_second, house_way, nthreads)
    else:
        counts = direct_python(cards, deck, engine_key_function(rules))
    return {name: int(counts[name]) for name in COUNT_NAMES}


def monte_carlo(deals, seed=1, rules=None, deck=None, threads=None):
    """Counts over ``deals`` random deals of a player and a banker hand (compiled)."""
    rules, wheel_second, house_way, nthreads = engine_options(rules, threads)
    deck = sorted(deck) if deck is not None else full_deck()
    mod = _compiled()
    if mod is None:
        raise ImportError("verifier.engine._pairwise is not built")
    counts = mod.monte_carlo(deck, int(deals), int(seed), wheel_second, house_way, nthreads)
    return {name: int(counts[name]) for name in COUNT_NAMES}


def summary(counts):
    """Probabilities (exact fractions) and the Wrangler Push return per unit wagered."""
    from fractions import Fraction
    total = counts["total"]
    out = {name: Fraction(counts[name], total) for name in COUNT_NAMES if name != "total"}
    lose = total - counts["push"]
    out["wrangler_push_return"] = Fraction(2 * counts["push_wrangler_2to1"]
                                           + counts["push_wrangler_1to1"] - lose, total)
    return out
