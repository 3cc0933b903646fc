"""Times the whole enumeration job: wall seconds, hands per second, peak memory.

    python benchmarks/enumerate.py                 # default rules, every core
    python benchmarks/enumerate.py --threads 1 2   # one run per thread count
    python benchmarks/enumerate.py --visit         # also the visit of every hand
    python benchmarks/enumerate.py --direct        # also the memo-free classification

The full deck is counted (cext/enumerate.h); --visit times the loop over every hand that
the count replaced, --direct every hand through all 21 sets.

Timing is reported, never asserted: it is not part of the test suite.
"""
import argparse
import math
import resource
import time

from verifier.engine.threads import quiet_waits

quiet_waits()   # the command line's thread policy, before the engine loads

from verifier.engine.backend import compiled  # noqa: E402
from verifier.game.cards import full_deck
from verifier.engine.threads import thread_count

_core = compiled("_core")  # the compiled module (verifier/engine/backend.py)


def peak_rss_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def time_run(threads, mode="count", repeat=3):
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        result = _core.enumerate_counts(full_deck(), False, 0, threads, None,
                                        direct=mode == "direct", visit=mode == "visit")
        best = min(best, time.perf_counter() - start)
    assert result["total"] == math.comb(53, 7)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, nargs="*", default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--visit", action="store_true",
                        help="also time the visit of every hand (the loop the count replaced)")
    parser.add_argument("--direct", action="store_true",
                        help="also time the memo-free path (every hand through all 21 sets)")
    args = parser.parse_args()
    start = time.perf_counter()
    _core.engine_for(False, 0)
    print(f"engine tables built in {time.perf_counter() - start:.3f} s")
    hands = math.comb(53, 7)
    for threads in args.threads or [thread_count()]:
        modes = ["count"] + ["visit"] * args.visit + ["direct"] * args.direct
        for mode in modes:
            repeat = 1 if mode == "direct" else args.repeat
            seconds = time_run(threads, mode, repeat)
            print(f"{mode:6} threads={threads}: {seconds:7.3f} s wall (best of {repeat}), "
                  f"{hands / seconds / 1e6:7.1f} M hands/s")
    print(f"peak memory: {peak_rss_mib():.0f} MiB")


if __name__ == "__main__":
    main()
