"""Times `paigow-verify house-ways fit` as a user runs it (start-up included) over 16
combinations of alternatives against a front-hand (two-card) target: the published Trump
Plaza two-card rows (examples/published/trump_plaza_power_ratings.toml) held against a
copy of the shipped trump-plaza file that declares four [variants] points of two
alternatives each (each point's second alternative leaves out one row whose hands then
fall to a later row: 1 five aces with kings, 9 the full house with 2s and A-K, 17 trips
with a straight or flush, 18 three aces). The variants are for timing only, not readings
of the text. Also one combination of a base-game (win/push/loss) target, the pairwise
count.

    python benchmarks/fit.py [--repeat 3]

Target (issue 26): under 10 s for 16 combinations on 2 cores. Measured on the project's
2-core machine, 2026-11-25, with the strategy precompute running beside it (load 3-4):
see docs/POWER_RATINGS.md (Speed).

Timing is reported, never asserted: it is not part of the test suite.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "examples" / "published" / "trump_plaza_power_ratings.toml"
VARIANTS = """
[variants.five_aces_with_kings]
kept = []
split = [1]

[variants.full_house_twos]
kept = []
split = [9]

[variants.trips_with_complete]
pair_in_front = []
trips_behind = [17]

[variants.three_aces]
ace_in_front = []
trips_behind = [18]
"""


def variants_file(folder):
    text = (ROOT / "verifier" / "data" / "house_ways" / "trump-plaza.toml").read_text()
    # only the four variants vary (the suit-order reading is timed by benchmarks/ratings.py)
    start = text.index("[readings.options]")
    text = text[:start] + text[text.index("[readings.notes]"):]
    text = text.replace('name = "trump-plaza"', 'name = "trump-plaza-variants"', 1)
    head = text.index("[[rows]]")
    path = Path(folder) / "trump-plaza-variants.toml"
    path.write_text(text[:head] + VARIANTS.lstrip() + "\n" + text[head:])
    return path


def timed(argv, repeat):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "verifier.cli", *argv], env=env,
                             check=True, capture_output=True, text=True).stdout
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return best, out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = variants_file(folder)
        took, out = timed(["house-ways", "fit", str(path), "--target", str(TARGET),
                           "--no-progress"], args.repeat)
        combos = sum(1 for line in out.splitlines() if " of 22  " in line)
        print(f"fit, {combos} combinations, two-card target   {took:6.2f} s")
        base = Path(folder) / "base.toml"
        base.write_text('table = "base_game"\nrows = [\n  ["win", "28.61%"],\n'
                        '  ["push", "41.48%"],\n  ["loss", "29.91%"],\n]\n')
        took, _ = timed(["house-ways", "fit", "trump-plaza", "--target", str(base),
                         "--only", "highest_front", "--no-progress"], args.repeat)
        print(f"fit, trump-plaza, base-game target (1 counted) {took:6.2f} s")


if __name__ == "__main__":
    main()
