"""Times the whole enumeration job: wall seconds, hands per second, peak memory.

    python benchmarks/enumerate.py                 # default rules, every core
    python benchmarks/enumerate.py --threads 1 2   # one run per thread count
    python benchmarks/enumerate.py --direct        # also the memo-free classification

Timing is reported, never asserted: it is not part of the test suite.
"""
import argparse
import math
import resource
import time

from verifier import _core
from verifier.cards import full_deck
from verifier.parallel import thread_count


def peak_rss_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def time_run(threads, direct=False, repeat=3):
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        result = _core.enumerate_counts(full_deck(), False, 0, threads, None, direct=direct)
        best = min(best, time.perf_counter() - start)
    assert result["total"] == math.comb(53, 7)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, nargs="*", default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--direct", action="store_true",
                        help="also time the memo-free path (every hand through all 21 sets)")
    args = parser.parse_args()
    start = time.perf_counter()
    _core.engine_for(False, 0)
    print(f"engine tables built in {time.perf_counter() - start:.3f} s")
    hands = math.comb(53, 7)
    for threads in args.threads or [thread_count()]:
        modes = [False, True] if args.direct else [False]
        for direct in modes:
            seconds = time_run(threads, direct, 1 if direct else args.repeat)
            label = "direct" if direct else "memo"
            print(f"{label:6} threads={threads}: {seconds:7.3f} s wall (best of "
                  f"{1 if direct else args.repeat}), {hands / seconds / 1e6:7.1f} M hands/s")
    print(f"peak memory: {peak_rss_mib():.0f} MiB")


if __name__ == "__main__":
    main()
