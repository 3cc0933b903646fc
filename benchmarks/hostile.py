"""Times two answers of issue 25 (docs/RELIABILITY.md): what the check of a user's
house-way file costs a command that sets hands (the 53-card deck enumerated once per
file program and process, then the kept verdict), and how soon `strategy` answers Ctrl-C
while it builds the full deck's tables and inside a chunk, and `simulate --check-ledger`
with its pool of processes.

    python benchmarks/hostile.py [--skip-build]

Timing is reported, never asserted: it is not part of the test suite."""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))          # the verifier of this tree, as the commands run it


def check_cost():
    from verifier.engine import engine_spec
    from verifier.houseway import shipped_path
    from verifier.rules.readings import Rules
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "copy.toml"              # a user's copy: not a shipped file
        shutil.copyfile(shipped_path("foxwoods"), path)
        rules = Rules(house_way=str(path))
        for what in ("first use (enumerates the 53-card deck)", "again (the kept verdict)"):
            start = time.perf_counter()
            engine_spec(rules).checked()
            print(f"house-way check, {what}: {time.perf_counter() - start:.3f} s")


def signal_latency(argv, delay, tmp):
    proc = subprocess.Popen([sys.executable, "-m", "verifier.cli", *argv], cwd=tmp,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    time.sleep(delay)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=120)
    return time.monotonic() - sent, proc.returncode, err.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-build", action="store_true",
                        help="leave out the full deck's tables (1.6 GB)")
    args = parser.parse_args()
    check_cost()
    cases = [("simulate --check-ledger, 3 s in",
              ["simulate", "--rounds", str(10 ** 9), "--check-ledger", "--no-progress"], 3),
             ("strategy inside a chunk (deck 6-A), 3 s in",
              ["strategy", "--recompute", "--deck-ranks", "6789TJQKA", "--chunk-size",
               "100000", "--work", "w-chunk", "--no-progress"], 3)]
    if not args.skip_build:
        cases.append(("strategy building the full deck's tables, 8 s in",
                      ["strategy", "--recompute", "--rules", "casino-standard", "--work",
                       "w-build", "--no-progress"], 8))
    with tempfile.TemporaryDirectory() as tmp:
        for title, argv, delay in cases:
            seconds, status, err = signal_latency(argv, delay, tmp)
            print(f"Ctrl-C answered, {title}: {seconds:.3f} s (exit {status}: {err})")


if __name__ == "__main__":
    main()
