"""Times the optimal-strategy job (issue 15; `paigow-verify strategy`, docs/STRATEGY.md):
building its tables, and the rate of its chunks, so that the whole job's time on this
machine, and on a cluster, can be worked out.

    python benchmarks/strategy_job.py                 # a sample of chunks (about a minute)
    python benchmarks/strategy_job.py --full          # the whole job, progress bar and ETA
    python benchmarks/strategy_job.py --threads 1     # one core
    python benchmarks/strategy_job.py --rules face-up # Face Up (counted by whole cells)

Where the time goes (docs/STRATEGY.md, "Where the time goes"): one thread, a few chunks,
under perf (cpu-clock samples where the machine has no hardware counters):

    perf record -g python benchmarks/strategy_job.py --threads 1 --every 44
    perf report --no-children; perf annotate -l -s sj_counts

The sample takes every k-th chunk of the default chunking (5,000 six-card units) spread
over the whole range, since the work per unit falls along it, and scales up by units.
With --full every chunk runs (about 5 minutes of 2 cores when the machine is quiet) and
the figures are the measured total. Timing is reported, never asserted: it is not part of
the test suite.
"""
import argparse
import hashlib
import json
import os
import resource
import time

from verifier.engine import quiet_waits

quiet_waits()   # the command line's thread policy, before the engine loads

from verifier.engine import compiled  # noqa: E402
from verifier.rules import rulesets
from verifier.game.cards import full_deck
from verifier.engine import engine_spec
from verifier.game.settlement import SettlementRule
from verifier.strategy.optimal import empty_raw, merge_raw
from verifier.cli.progress import TqdmProgress
from verifier.strategy.chunks import chunks
from verifier.strategy.job import spread
from verifier.strategy.spec import DEFAULT_CHUNK_SIZE

_strategy = compiled("_strategy")  # the compiled module (verifier/engine/backend.py)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="casino-standard")
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--full", action="store_true", help="run every chunk")
    ap.add_argument("--every", type=int, default=11, help="the sample: every k-th chunk")
    args = ap.parse_args()
    rs = rulesets.load(args.rules)
    wheel_second, house_way = engine_spec(rs.rules).checked()
    print(f"rules {rs.name}, house way {rs.rules.house_way}, threads {args.threads}, "
          f"load average {os.getloadavg()[0]:.2f}")
    w0, c0 = time.perf_counter(), time.process_time()
    rule = SettlementRule.of(rs.settlement)     # push conditions, Face Up (issue 36)
    job = _strategy.StrategyJob(full_deck(), wheel_second, house_way, rule,
                                threads=args.threads)
    print(f"tables: {time.perf_counter() - w0:.1f} s wall, {time.process_time() - c0:.1f} s "
          f"CPU, {job.table_bytes / 2**30:.2f} GiB; units {job.units:,}")
    parts = chunks(job.units, DEFAULT_CHUNK_SIZE)
    todo = spread(parts) if args.full else parts[::args.every]
    raw, rows = empty_raw(job.banker_hands, rule.dealer_exposed), []
    w1, c1 = time.perf_counter(), time.process_time()
    total, done = sum(hi - lo for lo, hi in todo), 0
    with TqdmProgress().stage("unit", "strategy") as report:
        for lo, hi in todo:
            t = time.perf_counter()
            part = job.run(lo, hi)
            rows.append((lo, hi, time.perf_counter() - t, part["player_classes"]))
            raw = merge_raw(raw, part)
            done += hi - lo
            report(done, total)
    wall, cpu = time.perf_counter() - w1, time.process_time() - c1
    units = sum(hi - lo for lo, hi, _s, _c in rows)
    classes = sum(c for _lo, _hi, _s, c in rows)
    secs = [s for _lo, _hi, s, _c in rows]
    print(f"chunks run {len(rows)} of {len(parts)}: {units:,} units, {classes:,} player "
          f"classes in {wall:.1f} s wall, {cpu:.1f} s CPU")
    print(f"per chunk: {min(secs):.2f} to {max(secs):.2f} s, mean {sum(secs) / len(secs):.2f} s;"
          f" {classes / wall:,.0f} classes/s, {cpu / classes * 1e6:.1f} us of CPU per class")
    if args.full:
        print(f"whole job: {wall:.0f} s of chunks + tables; {raw['player_hands']:,} player hands")
    else:
        scale = job.units / units
        print(f"whole job estimated from the sample: {wall * scale:.0f} s wall, "
              f"{cpu * scale:.0f} s CPU ({len(parts)} chunks; a cluster of N such machines: "
              f"about {wall * scale:.0f}/N s plus the tables)")
    print(f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    # the sums' digest: two builds (before and after a change) run on the same chunks
    # must print the same one
    digest = hashlib.sha256(json.dumps(raw, sort_keys=True).encode()).hexdigest()
    print(f"sums sha256 {digest}")


if __name__ == "__main__":
    main()
