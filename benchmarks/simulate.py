"""Rounds per second of the table simulation (full seven-seat rounds).

    python benchmarks/simulate.py [--rounds N] [--threads T] [--stand-in]

Seven seats, each player with base, Wrangler Push and Outlaw 9 wagers, a bank big
enough that the cap rarely binds. ``--stand-in`` replaces the engine with a trivial
hand setter, to measure the table's own Python overhead (deal, settle, statistics).
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from verifier.backend import NAME  # noqa: E402
from verifier.table.simulate import simulate, uniform_setup  # noqa: E402


def stand_in(hands, wheel_second=False, house_way=0):
    return [(h[:2], h[2:], 130 + h[0], h[1], 0, 0) for h in hands]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=None)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--stand-in", action="store_true")
    ap.add_argument("--check-ledger", action="store_true")
    args = ap.parse_args()
    rounds = args.rounds or (20000 if args.stand_in or NAME == "compiled" else 300)
    setup = uniform_setup(wagers=(100, 10, 10), bank=5000)
    setter = stand_in if args.stand_in else None
    simulate(setup, min(rounds, 50), seed=0, threads=1, setter=setter)  # warm up
    t0 = time.perf_counter()
    simulate(setup, rounds, seed=1, threads=args.threads, setter=setter,
             check_ledger=args.check_ledger, block_size=max(1, min(500, rounds // (4 * args.threads) or 1)))
    dt = time.perf_counter() - t0
    what = "stand-in hand setter" if args.stand_in else f"{NAME} engine"
    print(f"{rounds} rounds, {args.threads} thread(s), {what}"
          f"{', ledgers checked' if args.check_ledger else ''}: {dt:.2f} s, "
          f"{rounds / dt:,.0f} rounds/s")


if __name__ == "__main__":
    main()
