"""Times the exact player-against-banker computation over all ordered pairs of disjoint
hands (8,250,459,031,214,400 of them): wall seconds per stage and peak memory.

    python benchmarks/pairwise.py                  # default rules, every core
    python benchmarks/pairwise.py --threads 1 2    # one run per thread count
    python benchmarks/pairwise.py --wheel second --hands 5

It also prints the seconds spent on each size of shared-card set |S| (0: every hand and
the search for the orbit representatives), and for |S| >= 1 the threads' CPU seconds and
how busy they were (CPU seconds over the busiest thread's in each step times the threads:
a step ends with its last representative). On the project's 2-core machine, 2026-11-23,
with other jobs running: 4.3 s wall on one or two threads, peak memory 56 MiB (the previous
version, with its 588 MiB table of every hand's key: 16.6 s on two threads, 622 MiB).

Timing is reported, never asserted: it is not part of the test suite.
"""
import argparse
import math
import resource
import time

from verifier.engine.threads import quiet_waits

quiet_waits()   # the command line's thread policy, before the engine loads

from verifier.engine.backend import compiled  # noqa: E402
from verifier.game.cards import full_deck, parse_cards
from verifier.engine.pairwise import check_counts, summary
from verifier.engine.threads import thread_count
from verifier.cli.progress import TqdmProgress
from verifier.support.progress import stage

_pairwise = compiled("_pairwise")  # the compiled module (verifier/engine/backend.py)

SAMPLE_HANDS = ["Jk Ah Kd Qc Jc 9s 2d", "2c 3d 4h 5s 7c 8d 9h", "Ac Ad 2h 2s 5c 9d Jh",
                "Jc Jd Jh Js 5c 6d 8h", "5h 8h 9h Jh Kh 5c 2d"]


def peak_rss_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, nargs="*", default=None)
    parser.add_argument("--wheel", choices=("lowest", "second"), default="lowest")
    parser.add_argument("--hands", type=int, default=0,
                        help="also time this many single player hands (direct and fast)")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args()
    wheel_second = args.wheel == "second"
    deck = full_deck()
    for threads in args.threads or [thread_count()]:
        start = time.perf_counter()
        table = _pairwise.PairwiseTable(deck, wheel_second, 0, threads, True)
        built = time.perf_counter() - start
        with stage(TqdmProgress() if args.progress else None, "hand", "player v banker") as report:
            counts = table.counts(report)
        wall = time.perf_counter() - start
        check_counts(counts, 53)
        assert counts["total"] == math.comb(53, 7) * math.comb(46, 7)
        print(f"threads={threads}: {wall:6.2f} s wall (key tables {built:.2f} s, "
              f"inclusion-exclusion {wall - built:.2f} s)")
        print("  by shared-card set size |S| (0: every hand and the orbit lists): " +
              ", ".join(f"{k}: {t:.2f} s" for k, t in enumerate(table.seconds_by_size[:7])))
        print("  the threads' CPU seconds by |S| (how busy they were: CPU / (steps' busiest "
              "thread x threads)): " + ", ".join(
                  f"{k}: {c:.2f} s ({c / s:.0%})" for k, (c, s) in
                  enumerate(zip(table.cpu_by_size, table.span_by_size)) if 0 < k < 7 and s))
        for i, text in enumerate(SAMPLE_HANDS[:args.hands]):
            hand = parse_cards(text)
            t0 = time.perf_counter()
            direct = _pairwise.versus_banker(hand, deck, wheel_second, 0, threads)
            t1 = time.perf_counter()
            fast = table.player_counts(hand)
            t2 = time.perf_counter()
            assert fast == direct
            print(f"  {text}: direct {t1 - t0:.2f} s, inclusion-exclusion {t2 - t1:.2f} s")
        del table
    probs = summary(counts)
    for name in ("win", "push", "loss", "push_wrangler_2to1", "push_wrangler_1to1"):
        print(f"{name:20} {counts[name]:>22,}  {float(probs[name]):.6f}")
    print(f"{'wrangler return':20} {float(probs['wrangler_push_return']):+.6f} per unit")
    print(f"peak memory: {peak_rss_mib():.0f} MiB")


if __name__ == "__main__":
    main()
