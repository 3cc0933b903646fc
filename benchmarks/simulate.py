"""Rounds per second of the table simulation (full seven-seat rounds).

    python benchmarks/simulate.py [--rounds N] [--threads 1,2] [--python-rounds N]
                                  [--stand-in] [--check-ledger] [--no-compiled]

Seven seats, each player with base, Wrangler Push and Outlaw 9 wagers, a bank big
enough that the cap rarely binds. Measures the compiled kernel (verifier.engine._table) with
each thread count of ``--threads``, then the Python path (verifier/table/, the engine
setting each block's hands in one call) for comparison. ``--stand-in`` replaces the
engine of the Python path with a trivial hand setter, to measure the table's own
Python overhead (deal, settle, statistics). The engine's tables are built before the
clock starts.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from verifier.engine import current
from verifier.table.kernel import compiled_unavailable
from verifier.table.setup import uniform_setup
from verifier.table.simulate import simulate
def stand_in(hands, wheel_second=False, house_way=0):
    return [(h[:2], h[2:], 130 + h[0], h[1], 0, 0) for h in hands]


def timed(setup, rounds, threads, **kw):
    t0 = time.perf_counter()
    stats = simulate(setup, rounds, seed=1, threads=threads, **kw)
    dt = time.perf_counter() - t0
    assert stats.rounds == rounds
    return dt, stats.path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2_000_000,
                    help="rounds per compiled measurement (default 2,000,000)")
    ap.add_argument("--threads", default="1,2", help="thread counts to measure (default 1,2)")
    ap.add_argument("--python-rounds", type=int, default=None,
                    help="rounds for the Python path (default 20,000; 0 = skip it)")
    ap.add_argument("--stand-in", action="store_true",
                    help="the Python path with a trivial hand setter instead of the engine")
    ap.add_argument("--check-ledger", action="store_true",
                    help="the Python path builds and checks every round's ledger")
    ap.add_argument("--no-compiled", action="store_true", help="skip the compiled kernel")
    args = ap.parse_args()
    threads = [int(t) for t in args.threads.split(",") if t.strip()]
    setup = uniform_setup(wagers=(100, 10, 10), bank=5000)

    why = compiled_unavailable(setup)
    if args.no_compiled:
        pass
    elif why is not None:
        print(f"compiled kernel: not available ({why})")
    else:
        simulate(setup, 1000, seed=0, threads=1)  # builds the engine's tables
        for t in threads:
            dt, path = timed(setup, args.rounds, t, block_size=500)
            print(f"compiled kernel: {args.rounds:,} rounds, {t} thread(s): {dt:.2f} s, "
                  f"{args.rounds / dt:,.0f} rounds/s")

    py_rounds = args.python_rounds
    if py_rounds is None:
        py_rounds = 20_000 if args.stand_in or current() == "compiled" else 300
    if py_rounds:
        setter = stand_in if args.stand_in else None
        simulate(setup, 50, seed=0, threads=1, setter=setter, compiled=False)  # warm up
        what = "stand-in hand setter" if args.stand_in else f"{current()} engine"
        for t in threads:
            dt, path = timed(setup, py_rounds, t, setter=setter, compiled=False,
                             check_ledger=args.check_ledger,
                             block_size=max(1, min(500, py_rounds // (4 * t) or 1)))
            print(f"Python path ({what}{', ledgers checked' if args.check_ledger else ''}): "
                  f"{py_rounds:,} rounds, {t} process(es): {dt:.2f} s, "
                  f"{py_rounds / dt:,.0f} rounds/s")


if __name__ == "__main__":
    main()
