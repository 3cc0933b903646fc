"""Rounds per second of the casino table with players banking in rotation, against the
house banking every hand (issue 27: player banking may cost at most 1.5x per round).

    python benchmarks/bank_rotation.py [--rules casino-standard] [--rounds N]
                                       [--threads 2] [--repeat 3]

Six players at seats 1-6, $100 base (and $10 on each side bet the rule set offers), the
compiled kernel. Measures, ``--repeat`` times each, interleaved (the machine may be
shared): the house banking every hand (no --bank-policy), every seat banking on its turn
(--bank-policy always), and co-banking (--co-bank). Prints each run's rounds per second,
the best of each, and the ratio of the best house-banked rate to the best rotation rate.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from verifier.rules.rulesets import load
from verifier.table.limits import TableRules
from verifier.table.kernel import compiled_unavailable
from verifier.table.setup import parse_bank_policy, uniform_setup
from verifier.table.simulate import simulate
def setups(rules):
    table = TableRules.from_ruleset(load(rules))
    wagers = (100,) + (10,) * (len(table.kinds) - 1)
    seats = list(range(1, 7))
    out = {"house banks": uniform_setup(wagers, 1000, seats, table=table),
           "players bank (always)": uniform_setup(
               wagers, 1000, seats, table=table,
               bank_policy=parse_bank_policy("always", seats))}
    if table.co_bank_share:
        out["players co-bank"] = uniform_setup(wagers, 1000, seats, table=table, co_bank=True,
                                               bank_policy=parse_bank_policy("always", seats))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="casino-standard")
    ap.add_argument("--rounds", type=int, default=1_000_000)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    cases = setups(args.rules)
    for name, setup in cases.items():
        why = compiled_unavailable(setup)
        if why:
            sys.exit(f"{name}: the compiled kernel cannot run ({why})")
    simulate(cases["house banks"], 1000, seed=0, threads=1)   # builds the engine's tables
    best = dict.fromkeys(cases, 0.0)
    for rep in range(args.repeat):
        for name, setup in cases.items():
            t0 = time.perf_counter()
            st = simulate(setup, args.rounds, seed=rep, threads=args.threads)
            rate = args.rounds / (time.perf_counter() - t0)
            assert st.path == "compiled" and st.rounds == args.rounds
            best[name] = max(best[name], rate)
            print(f"run {rep + 1}  {name:<22} {rate:>12,.0f} rounds/s")
    print(f"best of {args.repeat}, {args.rules}, {args.rounds:,} rounds, {args.threads} "
          "thread(s):")
    base = best["house banks"]
    for name, rate in best.items():
        print(f"  {name:<22} {rate:>12,.0f} rounds/s   cost per round x{base / rate:.2f}")


if __name__ == "__main__":
    main()
