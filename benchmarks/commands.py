"""Times whole `paigow-verify` commands as a user runs them (start-up included): wall
seconds (best of --repeat) and the peak memory of the process. The timings in README.md
and docs/*.md come from this script.

    python benchmarks/commands.py              # every command below, 3 runs each
    python benchmarks/commands.py --repeat 1 --only run

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
    "run": ["run", "--no-progress", "--out", "{tmp}/cert.json"],
    "check": ["check", CERT],
    "check --recompute": ["check", "--recompute", "--no-progress", "--chunks", "0", CERT],
    "check --recompute --chunks 8": ["check", "--recompute", "--no-progress", CERT],
    "house-ways compare": ["house-ways", "compare", "mikes", "emperors", "--no-progress"],
    "compare": ["compare", CERT, "--paytable", str(EXAMPLES / "outlaw9-three-pairs-2.toml"),
                "--paytable", str(EXAMPLES / "outlaw9-no-pai-gow.toml")],
    "report": ["report", CERT],
    "report --format pdf": ["report", CERT, "--format", "pdf", "--no-progress",
                            "--out", "{tmp}/sheet.pdf"],
    "simulate 1M rounds": ["simulate", "--rounds", "1000000", "--no-progress"],
}


def timed(argv):
    """(wall seconds, peak RSS MiB) of one run of the tool as a child process."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "verifier.cli", *argv],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed with exit {child.returncode}")
    return wall, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", nargs="*", help="command labels to time (default: all)")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as tmp:
        for label, argv in COMMANDS.items():
            if args.only and label not in args.only:
                continue
            argv = [a.format(tmp=tmp) for a in argv]
            runs = [timed(argv) for _ in range(args.repeat)]
            best = min(w for w, _ in runs)
            print(f"{label:24s} {best:8.2f} s   peak {max(m for _, m in runs):7.0f} MiB",
                  flush=True)


if __name__ == "__main__":
    main()
