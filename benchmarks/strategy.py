"""Times `hand CARDS --strategy` (every setting of one player hand against all
C(46,7) = 53,524,680 banker hands) and measures what docs/STRATEGY.md's cost estimate of
the full job rests on:

* wall and CPU seconds of the direct count per player hand, 1 and 2 threads;
* the settings a hand has: distinct, legal, not dominated (+ the house way's), and the
  distinct back and front keys among them (the cuts of the per-hand grid);
* for card sets S of size k, the hands containing S: how many distinct (back, front)
  keys and distinct back keys they have (the size of the per-S tables);
* the suit-symmetry orbits of k-card sets of the 53-card deck (Burnside).

    python benchmarks/strategy.py                   # everything, default rules
    python benchmarks/strategy.py --skip-sets       # only the timings and settings

Timing is reported, never asserted: it is not part of the test suite.
"""
import argparse
import collections
import itertools
import math
import random
import statistics
import time

from verifier.engine.backend import compiled
from verifier.engine.backend import engine
from verifier.game.cards import JOKER, full_deck, parse_cards
from verifier.engine.reference.pairwise import deck_symmetries
from verifier.engine.reference.strategy import settings_python, house_keys

_core = compiled("_core")  # the compiled modules (verifier/engine/backend.py)
_strategy = compiled("_strategy")

SAMPLE_HANDS = ["As Ks Qs Js Ts Kh Qh", "Jk Ah Kd Qc Jc 9s 2d", "2c 3d 4h 5s 7c 8d 9h",
                "5h 8h 9h Jh Kh 5c 2d"]


def time_direct(threads):
    deck = full_deck()
    for text in SAMPLE_HANDS:
        hand = sorted(parse_cards(text))
        _strategy.strategy_counts(hand, deck, False, 0, threads)      # engine built
        w0, c0 = time.perf_counter(), time.process_time()
        settings, _house = _strategy.strategy_counts(hand, deck, False, 0, threads)
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        print(f"  threads {threads}  {text}  settings {len(settings):2d}  "
              f"wall {wall:.3f} s  cpu {cpu:.3f} s")


def settings_statistics(n, rng):
    deck = full_deck()
    counts = collections.defaultdict(list)
    for _ in range(n):
        hand = sorted(rng.sample(deck, 7))
        settings = settings_python(hand, engine)
        house = house_keys(hand, engine)
        kept = [s for s in settings if not s["foul"] and not s["dominated"]]
        keys = {(s["back_key"], s["front_key"]) for s in kept} | {house}
        counts["distinct"].append(len(settings))
        counts["legal"].append(sum(not s["foul"] for s in settings))
        counts["kept (legal, not dominated, + house way)"].append(len(keys))
        counts["back cuts"].append(len({b for b, _f in keys}))
        counts["front cuts"].append(len({f for _b, f in keys}))
        counts["grid cells"].append((len({b for b, _f in keys}) + 1)
                                    * (len({f for _b, f in keys}) + 1))
    print(f"  settings of {n:,} random hands: mean (max)")
    for name, values in counts.items():
        print(f"    {name:<42} {statistics.mean(values):6.2f} ({max(values)})")


def set_statistics(k, samples, rng):
    deck = full_deck()
    keys_n, backs_n = [], []
    t0 = time.perf_counter()
    for _ in range(samples):
        s = rng.sample(deck, k)
        rest = [c for c in deck if c not in s]
        hist = collections.Counter(_core.hand_keys(sorted(s + list(r)))
                                   for r in itertools.combinations(rest, 7 - k))
        keys_n.append(len(hist))
        backs_n.append(len({b for b, _f in hist}))
    seconds = (time.perf_counter() - t0) / samples
    print(f"  |S| = {k}: {math.comb(53 - k, 7 - k):>10,} hands; distinct keys mean "
          f"{statistics.mean(keys_n):8.0f} (max {max(keys_n)}), distinct backs mean "
          f"{statistics.mean(backs_n):6.0f} (max {max(backs_n)}); {samples} sets, "
          f"{seconds:.2f} s each in Python")


def orbit_counts():
    """Orbits of k-card sets under the 24 suit permutations (Burnside's lemma)."""
    deck = full_deck()
    group = deck_symmetries(deck)
    out = [0] * 8
    for p in group:
        poly = [1] + [0] * 7               # sets fixed by p: prod over cycles of (1 + t^len)
        seen = set()
        for c in deck:
            length, x = 0, c
            while x not in seen:
                seen.add(x)
                length += 1
                x = x if x == JOKER else (x & ~3) | p[x & 3]
            if length:
                poly = [poly[i] + (poly[i - length] if i >= length else 0) for i in range(8)]
        out = [a + b for a, b in zip(out, poly)]
    return [n // len(group) for n in out]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="random hands for the "
                        "settings statistics")
    parser.add_argument("--skip-sets", action="store_true")
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("direct count per player hand (hand --strategy):")
    for threads in (1, 2):
        time_direct(threads)
    settings_statistics(args.hands, rng)
    if args.skip_sets:
        return
    print("orbits of k-card sets under suit permutations: "
          + ", ".join(f"k={k}: {n:,}" for k, n in enumerate(orbit_counts())))
    print("hands containing a card set S (random S):")
    for k, samples in ((2, 2), (3, 10), (4, 40), (5, 200), (6, 200)):
        set_statistics(k, samples, rng)


if __name__ == "__main__":
    main()
