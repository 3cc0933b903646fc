"""The test suite's wall time: the README's run (`pytest`), the full-deck reproductions
with the slow and browser-driven checks (`pytest -m full`) and the twin's subset
(`PAIGOW_PUREPYTHON=1 pytest -m "twin and not full"`), each with its slowest tests: the
three runs of .ci/run.

    python benchmarks/tests.py [--only default|full|twin] [--durations N]

Timing is measured here, never asserted by a test. Run it from the repository's root after
`pip install '.[test]'`; it prints one line per run and pytest's slowest tests.
"""
import argparse
import os
import platform
import subprocess
import sys
import time

RUNS = {"default": [], "full": ["-m", "full"], "twin": ["-m", "twin and not full"]}
#: the environment each run adds
ENV = {"twin": {"PAIGOW_PUREPYTHON": "1"}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(RUNS), action="append")
    parser.add_argument("--durations", type=int, default=10)
    args = parser.parse_args()
    print(f"{platform.node()}: {os.cpu_count()} cores, Python {platform.python_version()}")
    for name in args.only or ["default", "full", "twin"]:
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                   f"--durations={args.durations}", *RUNS[name]]
        start = time.perf_counter()
        out = subprocess.run(command, capture_output=True, text=True,
                             env={**os.environ, **ENV.get(name, {})})
        seconds = time.perf_counter() - start
        lines = out.stdout.splitlines()
        slowest = [line for line in lines if line[:1].isdigit() and "s " in line]
        print(f"\n{name}: {' '.join(command[3:])}: {seconds:.0f} s wall, exit {out.returncode}, "
              f"{lines[-1] if lines else ''}")
        for line in slowest[:args.durations]:
            print("   ", line)


if __name__ == "__main__":
    main()
