"""Times the whole job (`run`: the enumeration and the exact player-against-banker count)
for every shipped house way, built-ins by their compiled-in route and by their files
(the compiled program of cext/houseway.h), so that a file's cost can be set beside the
built-in's (issue 10: at most 2x).

    python benchmarks/house_ways.py                 # every shipped house way, best of 2
    python benchmarks/house_ways.py --repeat 1 --only foxwoods

Timing is reported, never asserted: it is not part of the test suite.
"""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from verifier import houseway
from verifier.engine import enumerate_hands, pairwise_counts
from verifier.rules.readings import Rules


def best_of(repeat, job):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args()
    routes = []
    for name in houseway.names():
        if args.only and name not in args.only:
            continue
        if name in houseway.BUILT_IN:
            routes.append((f"{name} (built in)", name))
            routes.append((f"{name} (file)", str(houseway.shipped_path(name))))
        else:
            routes.append((f"{name} (file)", name))
    print(f"{'house way':<26} {'enumeration s':>14} {'pairwise s':>11} {'total s':>9}")
    for label, house_way in routes:
        rules = Rules(house_way=house_way)
        enum = best_of(args.repeat, lambda: enumerate_hands(rules, threads=args.threads))
        pair = best_of(args.repeat, lambda: pairwise_counts(rules=rules, threads=args.threads))
        print(f"{label:<26} {enum:>14.2f} {pair:>11.2f} {enum + pair:>9.2f}", flush=True)


if __name__ == "__main__":
    main()
