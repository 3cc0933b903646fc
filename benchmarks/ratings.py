"""Times `paigow-verify house-ways ratings` as a user runs it (start-up included): wall
seconds, best of --repeat, for every shipped house way; and, for trump-plaza, under the
reading highest_front = card-by-card (a setting by the order of the suits: every hand is
visited instead of counting suit assignments).

    python benchmarks/ratings.py                # every shipped house way, 3 runs each
    python benchmarks/ratings.py --repeat 1 --only trump-plaza

Target (issue 26): under 1 s for a shipped house way. On the project's 2-core machine,
2026-11-25, other jobs running (load average 8 to 9): 0.31 s (mikes) to 0.60 s
(flamingo-hilton), trump-plaza 0.48 s, start-up included; trump-plaza under
card-by-card 6.0 s (every hand visited).

Timing is reported, never asserted: it is not part of the test suite.
"""
import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["mikes", "emperors", "foxwoods", "trump-plaza", "ballys-atlantic-city",
         "golden-nugget", "flamingo-hilton"]


def timed(argv, repeat):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "verifier.cli", *argv], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", help="one house way")
    args = parser.parse_args()
    cases = [(n, ["house-ways", "ratings", n, "--no-progress"]) for n in NAMES]
    cases.append(("trump-plaza, highest_front=card-by-card",
                  ["house-ways", "ratings", "trump-plaza", "--no-progress", "--reading",
                   "highest_front=card-by-card"]))
    for label, argv in cases:
        if args.only and not label.startswith(args.only):
            continue
        print(f"{label:<42} {timed(argv, args.repeat):6.2f} s", flush=True)


if __name__ == "__main__":
    main()
