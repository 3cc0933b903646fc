"""Times whole `paigow-verify` commands as a user runs them (start-up included): wall
seconds (best of --repeat), the peak memory of the process, the CPU seconds of all its
processes (best of --repeat) and the load average after the runs. The timings in README.md
and docs/*.md come from this script.

    python benchmarks/commands.py              # every command below, 3 runs each
    python benchmarks/commands.py --repeat 1 --only run
    python benchmarks/commands.py --repeat 1 --only "strategy --recompute" "run --rules face-up"

The last two (the whole strategy job, and Face Up's base game by it: minutes each) run
only when named, each run with a cache of its own (nothing resumed from an earlier run).

On the project's 2-core machine, 2026-11-23, other jobs running (load average 2.5 to 4):
`run --no-base-game` 1.3 s / 70 MiB, `run` 6.6 s / 99 MiB (the previous version in the
same minutes: 1.9 s / 106 MiB and 26.6 s / 652 MiB). With the full deck counted rather
than visited (load average 3.5 to 5): `run --no-base-game` 0.47 to 0.9 s / 68 MiB, 0.45 s
of CPU (the version before it in the same minutes: 3.1 to 4.6 s, 2.3 s of CPU).

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
CERT = str(ROOT / "proofs" / "certificates" / "outlaw9-mikes.json")
EXAMPLES = ROOT / "examples" / "paytables"

COMMANDS = {
    "hand": ["hand", "As Ks Qs Js Ts Kh Qh"],
    "hand --versus-banker": ["hand", "As Ks Qs Js Ts Kh Qh", "--versus-banker"],
    "run --no-base-game": ["run", "--no-progress", "--no-base-game"],
    "run --json --no-base-game": ["run", "--no-progress", "--json", "--no-base-game"],
    "run": ["run", "--no-progress", "--out", "{tmp}/cert.json"],
    "run --json": ["run", "--no-progress", "--json"],
    "check": ["check", CERT],
    "check --recompute": ["check", "--recompute", "--no-progress", "--chunks", "0", CERT],
    "check --recompute --chunks 8": ["check", "--recompute", "--no-progress", CERT],
    "house-ways compare": ["house-ways", "compare", "mikes", "emperors", "--no-progress"],
    "compare": ["compare", CERT, "--paytable", str(EXAMPLES / "outlaw9-three-pairs-2.toml"),
                "--paytable", str(EXAMPLES / "outlaw9-no-pai-gow.toml")],
    "report": ["report", CERT],
    "report --format pdf": ["report", CERT, "--format", "pdf", "--no-progress",
                            "--out", "{tmp}/sheet.pdf"],
    "filing": ["filing", CERT, "--meta", str(ROOT / "examples" / "filing" / "meta.toml"),
               "--no-progress", "--force", "--out", "{tmp}/filing"],
    "progressive": ["progressive", "jackpot", "--rules", "emperors-challenge",
                    "--no-progress"],
    "simulate 1M rounds": ["simulate", "--rounds", "1000000", "--no-progress"],
    "strategy --recompute": ["strategy", "--recompute", "--rules", "outlaw9-mikes",
                             "--no-progress", "--out", "{tmp}/strategy.json"],
    "run --rules face-up": ["run", "--rules", "face-up", "--json", "--no-progress",
                            "--out", "{tmp}/face-up.json"],
}
#: whole strategy jobs: timed only when named (--only), each run in a fresh cache
LONG = {"strategy --recompute", "run --rules face-up"}


def _cpu_of_tree(root, seen):
    """Record in ``seen`` {pid: CPU seconds so far} of ``root`` and of every process
    descended from it (/proc: a report's chart drawers are the children of a fork server,
    which no one waits for, so the rusage of a wait would leave them out)."""
    tick = os.sysconf("SC_CLK_TCK")
    parent = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parent[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    for pid, (ppid, cpu) in parent.items():
        up = pid
        while up in parent and up != root and up > 1:
            up = parent[up][0]
        if up == root or pid in seen:
            seen[pid] = max(cpu, seen.get(pid, 0.0))


def timed(argv, cache=None):
    """(wall seconds, peak RSS MiB, CPU seconds) of one run of the tool as a child
    process; the CPU that of its every process (``_cpu_of_tree``, read every 10 ms).
    ``cache``: a fresh directory for its XDG_CACHE_HOME (the strategy job's chunks)."""
    env = dict(os.environ, XDG_CACHE_HOME=cache) if cache else None
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "verifier.cli", *argv], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen = {}
    while True:
        _cpu_of_tree(child.pid, seen)
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        time.sleep(0.01)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed with exit {child.returncode}")
    seen[child.pid] = max(seen.get(child.pid, 0.0), usage.ru_utime + usage.ru_stime)
    return wall, usage.ru_maxrss / 1024, sum(seen.values())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", nargs="*", help="command labels to time (default: all)")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as tmp:
        for label, argv in COMMANDS.items():
            if (args.only or LONG & {label}) and label not in (args.only or ()):
                continue
            argv = [a.format(tmp=tmp) for a in argv]
            runs = [timed(argv, tempfile.mkdtemp(dir=tmp) if label in LONG else None)
                    for _ in range(args.repeat)]
            best = min(w for w, _, _ in runs)
            print(f"{label:24s} {best:8.2f} s   peak {max(m for _, m, _ in runs):7.0f} MiB"
                  f"   CPU {min(c for _, _, c in runs):6.2f} s   load average "
                  f"{os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
