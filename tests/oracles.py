"""Test oracles: second ways to compute what the package computes, kept out of the package
(docs/ARCHITECTURE.md): a crude stand-in key function for testing the counting
independently of the engine, brute forces over every pair of hands of a small deck, the
inclusion-exclusion of one player hand in Python, and the compiled key table's
per-hand counts."""
import bisect
import itertools

from verifier.engine.backend import compiled
from verifier.engine.pairwise import check_hand, engine_options
from verifier.engine.reference.pairwise import (COUNT_NAMES, _add, _hist_containing, _zero,
                                                hand_keys, player_counts)
from verifier.engine.reference.strategy import (all_house_keys, house_index, settings_python,
                                                strategy_python)
from verifier.game.cards import JOKER, full_deck
from verifier.game.outcome import LOSS, WIN, base_outcome


def standin_key_function(cards):
    """A crude suit-blind stand-in for the house way, full of ties (tests of the counting).

    The counting method must be right for any suit-blind key function; this one is
    only used to exercise it independently of the real engine.
    """
    ranks = sorted((12 if c == JOKER else c >> 2) for c in cards)
    suits = [0, 0, 0, 0]
    for c in cards:
        if c != JOKER:
            suits[c & 3] += 1
    flushy = int(max(suits) + (JOKER in cards) >= 4)
    hi, lo = ranks[-1], ranks[-2]
    front = 169 + hi if hi == lo else hi * 13 + lo
    back = flushy << 20
    for r in ranks[:5]:
        back = back << 4 | r
    return back, front


def per_player_python(player, deck, keyfn, keys=None):
    """Counts for one player hand over all disjoint banker hands by inclusion-exclusion."""
    deck = sorted(deck)
    keys = keys if keys is not None else hand_keys(deck, keyfn)
    player = tuple(sorted(player))
    x = keys[player]
    acc = _zero()
    for k in range(8):
        for s in itertools.combinations(player, k):
            _add(acc, player_counts(x, _hist_containing(keys, s)), (-1) ** k)
    return acc


def brute_force_python(deck, keyfn, keys=None):
    """Every ordered pair of disjoint hands, one by one (small decks only)."""
    deck = sorted(deck)
    keys = keys if keys is not None else hand_keys(deck, keyfn)
    acc = _zero()
    for p, x in keys.items():
        rest = [c for c in deck if c not in p]
        hist = {}
        for b in itertools.combinations(rest, 7):
            y = keys[b]
            hist[y] = hist.get(y, 0) + 1
        _add(acc, player_counts(x, hist), 1)
    return acc


_TABLES = {}


def key_table(deck=None, rules=None, threads=None):
    """The compiled table of every hand's keys (cached: one deck and rules at a time)."""
    _spec, deck, wheel_second, house_way, nthreads = engine_options(rules, threads, deck)
    deck = sorted(deck) if deck is not None else full_deck()
    mod = compiled("_pairwise")
    if mod is None:
        raise ImportError("verifier.engine._pairwise is not built")
    ident = (tuple(deck), wheel_second, house_way)
    if ident not in _TABLES:
        _TABLES.clear()
        _TABLES[ident] = mod.PairwiseTable(deck, wheel_second, house_way, nthreads)
    return _TABLES[ident]


def versus_banker_fast(cards, rules=None, deck=None, threads=None):
    """The same counts as ``versus_banker`` by the inclusion-exclusion method: sum over
    S subset of the player's cards of (-1)^|S| times the counts against the banker hands
    containing S. Needs the compiled module (builds the key tables once)."""
    deck = sorted(deck) if deck is not None else full_deck()
    cards = check_hand(cards, deck)
    counts = key_table(deck, rules, threads).player_counts(cards)
    return {name: int(counts[name]) for name in COUNT_NAMES}


def strategy_ie_python(cards, keys, wheel_second=False, engine=None):
    """(settings, house) as ``strategy_python`` gives them, by the full job's method
    (docs/STRATEGY.md): the banker hands disjoint from the player's, counted by cell of
    the grid the settings' keys cut, are the sum over card sets S of the player's cards
    of (-1)^|S| times the hands of the deck containing S. ``keys``: every hand of the
    deck (``all_house_keys``)."""
    if engine is None:
        from verifier.engine.backend import engine
    cards = sorted(cards)
    settings = settings_python(cards, engine, wheel_second)
    backs = sorted({s["back_key"] for s in settings})
    fronts = sorted({s["front_key"] for s in settings})
    grid = {}
    for k in range(8):
        for subset in itertools.combinations(cards, k):
            inside = set(subset)
            for hand, y in keys.items():
                if inside.issubset(hand):
                    cell = (bisect.bisect_right(backs, y[0]), bisect.bisect_right(fronts, y[1]))
                    grid[cell] = grid.get(cell, 0) + (-1) ** k
    for s in settings:
        s.update(total=0, win=0, loss=0)
        for (i, j), n in grid.items():
            # a key standing for the cell: compares with every cut as the cell's keys do
            outcome = base_outcome(s["back_key"], s["front_key"], backs[i - 1] if i else -1,
                                   fronts[j - 1] if j else -1)
            s["total"] += n
            s["win"] += n if outcome == WIN else 0
            s["loss"] += n if outcome == LOSS else 0
    return settings, house_index(settings, keys[tuple(cards)])


def strategy_brute_force(deck, wheel_second=False, house_way=0, engine=None, keys=None):
    """{player hand: (settings, house)} for every hand of ``deck``: every pair of disjoint
    hands and every setting, one by one (reduced decks only)."""
    if keys is None:
        keys = all_house_keys(deck, wheel_second, house_way, engine)
    return {h: strategy_python(h, deck, wheel_second, house_way, engine, keys) for h in keys}
