"""Times two answers of issue 25 (docs/RELIABILITY.md): what the check of a user's
house-way file costs a command that sets hands (the 53-card deck enumerated once per
file program and process, then the kept verdict), and how soon `strategy` answers Ctrl-C
while it builds the full deck's tables and inside a chunk, and `simulate --check-ledger`
with its pool of processes; and of issue 52, how soon `report --format pdf` answers a
Ctrl-C at the terminal (the whole process group: the command and its chart processes) as
the chart processes start and in WeasyPrint's layout, and what a signal in the first
150 ms of a command's start-up gets, sent as it comes and held from the process's first
instruction.

    python benchmarks/hostile.py [--skip-build] [--issue-52]
    python benchmarks/hostile.py --command PATH     # start-up signals through PATH, e.g.
                                                    # an installed paigow-verify

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


def stage_latency(argv, stage, tmp):
    """Seconds from a SIGINT to the process group, sent once ``stage`` shows on stderr,
    to the end of the command's output (every helper that shares it gone)."""
    proc = subprocess.Popen([sys.executable, "-m", "verifier.cli", *argv], cwd=tmp,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    err = b""
    while stage not in err:
        chunk = os.read(proc.stderr.fileno(), 4096)
        if not chunk:
            break
        err += chunk
    sent = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    _out, rest = proc.communicate(timeout=120)
    text = (err + rest).decode(errors="replace")
    return time.monotonic() - sent, proc.returncode, text.strip().splitlines()[-1], \
        "Traceback" in text or "Fatal Python error" in text


#: how the start-up measures start the command (--command: another, e.g. the launcher)
COMMAND = [sys.executable, "-m", "verifier.cli"]


def startup(sig, held, tries=30):
    """What ``hand`` gets for ``sig`` sent 0 to 145 ms into its start (every 5 ms):
    {(exit status, its last line of stderr): how many}."""
    from collections import Counter

    def hold():
        signal.pthread_sigmask(signal.SIG_BLOCK, {sig})
    seen = Counter()
    for i in range(tries):
        proc = subprocess.Popen([*COMMAND, "hand", "As Ks Qs Js Ts Kh Qh"],
                                env=dict(os.environ, PYTHONPATH=str(ROOT)),
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                preexec_fn=hold if held else None)
        time.sleep(0.005 * (i % 30))
        proc.send_signal(sig)
        _out, err = proc.communicate(timeout=120)
        lines = err.strip().splitlines()
        seen[(proc.returncode, lines[-1][:40] if lines else "")] += 1
    return dict(seen)


def issue_52():
    cert = str(ROOT / "proofs" / "certificates" / "outlaw9-mikes.json")
    with tempfile.TemporaryDirectory() as tmp:
        for stage in (b"par sheet (pdf)", b"layout"):
            seconds, status, last, traceback = stage_latency(
                ["report", cert, "--format", "pdf", "--out", "s.pdf", "--progress"], stage,
                tmp)
            print(f"report --format pdf, Ctrl-C to the group at {stage.decode()!r}: output "
                  f"ended {seconds:.3f} s after (exit {status}: {last}"
                  f"{'; a traceback' if traceback else ''})")
    for sig in (signal.SIGINT, signal.SIGTERM):
        for held in (False, True):
            print(f"{sig.name} in the first 150 ms of `hand`"
                  f"{', held from the first instruction' if held else ''}: "
                  f"{startup(sig, held)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-build", action="store_true",
                        help="leave out the full deck's tables (1.6 GB)")
    parser.add_argument("--issue-52", action="store_true",
                        help="only the measures of issue 52 (the PDF report, start-up)")
    parser.add_argument("--command", metavar="PATH",
                        help="only the start-up signals of issue 52, through this command "
                             "(an installed paigow-verify) instead of python -m verifier.cli")
    args = parser.parse_args()
    if args.command:
        COMMAND[:] = [args.command]
        for sig in (signal.SIGINT, signal.SIGTERM):
            print(f"{sig.name} in the first 150 ms of `{args.command} hand`: "
                  f"{startup(sig, False)}")
        return
    if args.issue_52:
        issue_52()
        return
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
