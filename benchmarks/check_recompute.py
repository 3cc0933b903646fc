"""Where `check --recompute CERT`'s time and memory go (issue 40): each stage in one
process, in turn, as the command runs them: the enumeration, the player-against-banker
count, the strategy job's preparation (keys, representatives, the orbit hash: the job
built for no units), the job built for the drawn chunks (what `check --recompute`
builds), and each chunk. Per stage: wall seconds, CPU seconds of the process, its
resident memory after the stage and the peak so far (VmHWM).

    python benchmarks/check_recompute.py proofs/certificates/outlaw9-mikes.json
    python benchmarks/check_recompute.py CERT --chunks 2 --threads 1

Timing is reported, never asserted: it is not part of the test suite.
"""
import argparse
import os
import time

from verifier.engine import quiet_waits

quiet_waits()   # the command line's thread policy, before the engine loads

from verifier.certificate import load  # noqa: E402
from verifier.certificate.format import deck_of, rules_of  # noqa: E402
from verifier.certificate.sections import rule_set_of  # noqa: E402
from verifier.engine import engine_spec, enumerate_hands  # noqa: E402
from verifier.game.settlement import SettlementRule  # noqa: E402
from verifier.strategy.chunks import chunk_sample  # noqa: E402
from verifier.strategy.faceup import base_game_counts  # noqa: E402
from verifier.strategy.spec import make_job, run_chunk, spec_for  # noqa: E402


def memory():
    """(resident, peak) MiB of this process."""
    out = {}
    with open("/proc/self/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0]) / 1024
    return out["VmRSS"], out["VmHWM"]


class Stages:
    def __init__(self):
        self.w, self.c = time.perf_counter(), time.process_time()

    def done(self, name):
        w, c = time.perf_counter(), time.process_time()
        rss, hwm = memory()
        print(f"{name:<44} {w - self.w:7.2f} s wall {c - self.c:7.2f} s CPU "
              f"{rss:7.0f} MiB now {hwm:7.0f} MiB peak", flush=True)
        self.w, self.c = w, c


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cert")
    ap.add_argument("--chunks", type=int, default=8)
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    args = ap.parse_args()
    cert = load(args.cert)
    print(f"{args.cert}, threads {args.threads}, load average {os.getloadavg()[0]:.2f}")
    t = Stages()
    spec = engine_spec(rules_of(cert), args.threads, deck_of(cert))
    enumerate_hands(spec)
    t.done("the enumeration")
    section = cert["sections"]["base_game"]
    base_game_counts(spec, SettlementRule.of(section["settlement"]), fresh=True)
    t.done("the player-against-banker count")
    doc = cert["sections"]["strategy"]["chunks"]
    job_spec = spec_for(rule_set_of(cert), deck=deck_of(cert), chunk_size=doc["chunk_size"],
                        threads=args.threads)
    make_job(job_spec, [])       # built and dropped
    t.done("the job's preparation (no tables but all hands')")
    records = chunk_sample(doc["list"], args.chunks, int(cert["result_sha256"][:16], 16))
    job = make_job(job_spec, [(r["lo"], r["hi"]) for r in records])
    t.done(f"the job with the tables of {len(records)} chunks ({job.table_bytes / 2**20:.0f} MiB)")
    print("  tables by |S| (MiB):", {k: round(v / 2**20) for k, v in job.table_bytes_by_size.items()})
    for r in records:
        run_chunk(job, r["lo"], r["hi"])
        t.done(f"chunk {r['lo']}-{r['hi']}")
    del job
    t.done("the job freed")


if __name__ == "__main__":
    main()
