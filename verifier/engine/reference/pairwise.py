"""The pure-Python twin of ``verifier.engine._pairwise`` (cext/pairwise.h): the same
functions with the same arguments, by the same method (inclusion-exclusion over the cards
two hands share, docs/PAIRWISE.md and ``verifier/engine/pairwise.py``), in Python: any
deck, small decks in practice. ``verifier.engine.backend.module("_pairwise")`` gives it
under ``PAIGOW_PUREPYTHON=1`` or ``backend.using("pure-python")``; the tests hold it
equal to the compiled module and to a brute force."""
from __future__ import annotations

import itertools
import math

from verifier.game.cards import JOKER
from verifier.game.outcome import LOSS, WIN, base_outcome
from verifier.game.pushes import PUSH_NAMES
from verifier.game.ranking import PAIR_OF_THREES_KEY
from typing import Any, Callable, Iterable, Mapping, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.game.comparison import Comparison
    from verifier.game.settlement import SettlementRule

#: front key of a pair of 3s (pair of rank r is 169 + r; 3s are rank 1)
WRANGLER_FRONT = PAIR_OF_THREES_KEY

COUNT_NAMES = ("total", "win", "loss", "push", "copy_high", "copy_low", "copy_both",
               "push_wrangler_2to1", "push_wrangler_1to1")
# PUSH_NAMES (verifier/game/pushes.py) are counted as well when a settlement pushes on
# the banker's hand (the engine's terms, SettlementRule.push_terms)

#: a condition as the engines take it: (back-key test or None, front-key test or None)
PushTerms = Sequence[tuple[Callable[[int], bool] | None, Callable[[int], bool] | None]]


def in_push_terms(terms: PushTerms, key: tuple[int, int]) -> bool:
    """Whether a hand of keys (back, front) meets one of the engine's push terms."""
    return any((b is None or b(key[0])) and (f is None or f(key[1])) for b, f in terms)


# ---------------------------------------------------------------------------------
# the compiled module's functions
# ---------------------------------------------------------------------------------

def key_function(wheel_second: int = False, house_way: int = 0, engine: Any = None,
                 comparison: Comparison | None = None) -> Callable[[Sequence[int]], tuple[Any, Any]]:
    """cards7 -> (back_key, front_key) set by the house way, with ``engine`` (default the
    reference engine, ``verifier.engine.reference.core``); under a ``comparison`` reading
    (verifier/game/comparison.py), its comparison keys instead."""
    if engine is None:
        from verifier.engine.reference import core as engine

    def keys(cards):
        _front, _back, front_key, back_key, _row = engine.set_hand(sorted(cards), wheel_second,
                                                                   house_way)
        return back_key, front_key

    if comparison is None or comparison.is_default:
        return keys

    def compared(cards):
        front, back, front_key, back_key, _row = engine.set_hand(sorted(cards), wheel_second,
                                                                 house_way)
        return comparison.keys(back_key, front_key, JOKER in back, JOKER in front,
                               wheel_second)
    return compared


def pairwise_counts(deck: Sequence[int], wheel_second: int = False, house_way: int = 0,
                    threads: int = 1, progress: Callable[[int, int], object] | None = None,
                    settlement: SettlementRule | None = None,
                    comparison: Comparison | None = None) -> dict[str, int]:
    """``_pairwise.pairwise_counts``: counts over every ordered pair of disjoint hands of
    ``deck``. ``threads`` is ignored (one thread); ``progress(done, total)`` once, at the
    end; ``settlement``: a ``SettlementRule`` whose push conditions' terms are counted as
    well (PUSH_NAMES); ``comparison``: how two set hands compare (None: by their keys)."""
    if settlement is not None and settlement.has_pushes and comparison is not None \
            and not comparison.is_default:
        raise ValueError("push conditions are not counted under a comparison reading")
    counts = pairwise_counts_python(deck, key_function(wheel_second, house_way,
                                                       comparison=comparison),
                                    terms=settlement.push_terms() if settlement else ())
    if progress is not None:
        hands = math.comb(len(deck), 7)
        progress(hands, hands)
    return counts


def versus_banker(cards: Sequence[int], deck: Sequence[int], wheel_second: int = False, house_way: int = 0,
                  threads: int = 1) -> dict[str, int]:
    """``_pairwise.versus_banker``: one player hand against every disjoint banker hand."""
    return direct_python(cards, deck, key_function(wheel_second, house_way))


def monte_carlo(deck: Sequence[int], deals: int, seed: int = 1, wheel_second: int = False,
                house_way: int = 0, threads: int = 1) -> dict[str, int]:
    """``_pairwise.monte_carlo``: ``deals`` random deals of a player and a banker hand
    from ``deck`` (Python's generator seeded by ``seed``: not the compiled core's
    sequence, the same statistics); ``threads`` is ignored."""
    import random
    rng = random.Random(seed)
    keys = key_function(wheel_second, house_way)
    acc = _zero()
    for _ in range(int(deals)):
        cards = rng.sample(sorted(deck), 14)
        _add(acc, pair_outcome(keys(cards[:7]), keys(cards[7:])), 1)
    return acc


# ---------------------------------------------------------------------------------
# counting over a histogram (pairs of hands, not necessarily disjoint)
# ---------------------------------------------------------------------------------

def _zero(terms: PushTerms = ()):
    return dict.fromkeys(COUNT_NAMES + (PUSH_NAMES if terms else ()), 0)


def _dominance(items, marked=None):
    """(strict, weak) for a list of ((back, front), hands), or with ``marked`` (a test of
    a key) (strict, weak, strict_m, weak_m).

    strict = #ordered pairs (X, Y) with X.back > Y.back and X.front > Y.front
    weak   = #ordered pairs (X, Y) with X.back >= Y.back and X.front >= Y.front
    strict_m, weak_m: the same with the lower hand Y marked (strict), or the higher hand
    X marked (weak): the player's wins and losses against a marked banker's hand.
    """
    fronts = sorted({f for (_b, f), _n in items})
    fpos = {f: i + 1 for i, f in enumerate(fronts)}
    size = len(fronts)
    tree = [0] * (size + 1)
    tree_m = [0] * (size + 1)           # the marked hands only

    def add(i, v, t=tree):
        while i <= size:
            t[i] += v
            i += i & -i

    def prefix(i, t=tree):
        s = 0
        while i > 0:
            s += t[i]
            i -= i & -i
        return s

    strict = weak = strict_m = weak_m = 0
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
            strict_m += n * prefix(fpos[f] - 1, tree_m)
        for key, n in group:
            add(fpos[key[1]], n)
            if marked is not None and marked(key):
                add(fpos[key[1]], n, tree_m)
        for key, n in group:              # lower or equal backs
            weak += n * prefix(fpos[key[1]])
            if marked is not None and marked(key):
                weak_m += n * prefix(fpos[key[1]])
        i = j
    return (strict, weak) if marked is None else (strict, weak, strict_m, weak_m)


def histogram_counts(hist: Mapping[tuple[int, int], int], terms: PushTerms = ()
                     ) -> dict[str, int]:
    """Counts over all ordered pairs (P, B) of hands drawn from ``hist`` (with repeats).

    ``hist``: {(back, front): hands}. Player wins = strict dominance; player loses =
    banker weakly dominates. Returns a dict over COUNT_NAMES (and PUSH_NAMES when
    there are terms).
    """
    items = [(k, n) for k, n in hist.items() if n]
    out = _zero(terms)
    total = sum(n for _k, n in items)
    if terms:
        def marked(key):
            return in_push_terms(terms, key)
        win, loss, win_m, loss_m = _dominance(items, marked)
        out["banker_push_hand"] = total * sum(n for k, n in items if marked(k))
        out["win_on_push_hand"], out["loss_on_push_hand"] = win_m, loss_m
    else:
        win, loss = _dominance(items)
    out["total"] = total * total
    out["win"] = win
    out["loss"] = loss
    out["push"] = total * total - win - loss
    by_back: dict = {}
    by_front: dict = {}
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


def pair_outcome(p: tuple[int, int], b: tuple[int, int]) -> dict[str, int]:
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


def player_counts(x: tuple[int, int], hist: Mapping[tuple[int, int], int]) -> dict[str, int]:
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


def deck_symmetries(deck: Iterable[int]) -> list[tuple[int, ...]]:
    """The suit permutations that map the deck onto itself (the identity included)."""
    deck_set = set(deck)
    return [p for p in itertools.permutations(range(4))
            if set(_apply(p, deck)) == deck_set]


def subset_orbits(deck: Sequence[int], k: int, group: Sequence[Sequence[int]]) -> list[tuple[tuple[int, ...], int]]:
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

def hand_keys(deck: Iterable[int], keyfn: Callable[[Sequence[int]], tuple[int, int]]) -> dict[tuple[int, ...], tuple[int, int]]:
    """{sorted hand tuple: keyfn(hand)} for every hand of the deck."""
    return {h: keyfn(h) for h in itertools.combinations(sorted(deck), 7)}


def _hist_containing(keys, s):
    s = set(s)
    hist: dict = {}
    for h, x in keys.items():
        if s.issubset(h):
            hist[x] = hist.get(x, 0) + 1
    return hist


def _subset_hists(keys, wanted):
    """{S: histogram of the keys of the hands containing S} for every S in ``wanted``."""
    hists: dict = {s: {} for s in wanted}
    for h, x in keys.items():
        for k in range(8):
            for s in itertools.combinations(h, k):
                hist = hists.get(s)
                if hist is not None:
                    hist[x] = hist.get(x, 0) + 1
    return hists


def _add(acc, counts, factor):
    for name in acc:
        acc[name] += factor * counts[name]


def pairwise_counts_python(deck: Iterable[int], keyfn: Callable[[Sequence[int]], tuple[int, int]],
                           symmetry: bool = True,
                           keys: Mapping[tuple[int, ...], tuple[int, int]] | None = None,
                           terms: PushTerms = ()) -> dict[str, int]:
    """Inclusion-exclusion over shared cards, pure Python (small decks only).

    ``keys``: optional precomputed {sorted hand tuple: keyfn(hand)}; ``terms``: the
    settlement's push terms (PUSH_NAMES counted as well).
    """
    deck = sorted(deck)
    keys = keys if keys is not None else hand_keys(deck, keyfn)
    group = deck_symmetries(deck) if symmetry else [(0, 1, 2, 3)]
    orbits = [(k, s, weight) for k in range(8) for s, weight in subset_orbits(deck, k, group)]
    hists = _subset_hists(keys, {s for _k, s, _w in orbits})
    acc = _zero(terms)
    for k, s, weight in orbits:
        if hists[s]:
            _add(acc, histogram_counts(hists[s], terms), (-1) ** k * weight)
    return acc


def direct_python(player: Iterable[int], deck: Iterable[int], keyfn: Callable[[Sequence[int]], tuple[int, int]],
                  keys: Mapping[tuple[int, ...], tuple[int, int]] | None = None) -> dict[str, int]:
    """Counts for one player hand, by enumerating every disjoint banker hand."""
    player = tuple(sorted(player))
    x = keys[player] if keys is not None else keyfn(player)
    rest = [c for c in sorted(deck) if c not in player]
    acc = _zero()
    for b in itertools.combinations(rest, 7):
        _add(acc, pair_outcome(x, keys[b] if keys is not None else keyfn(b)), 1)
    return acc
