"""The workbench's speed (issue 28's targets: a pay change's figures in under 10 ms on the
server, under 100 ms seen in the page; the server up in under 2 s).

    python benchmarks/web.py [--repeat N]

- pay change, server side: ``editor.figures`` (what ``POST /api/figures`` runs) for
  the Outlaw 9 table with one pay changed, each bet of the shipped certificates;
- pay change, round trip: ``POST /api/figures`` over HTTP to a running server, from the
  request to the parsed answer (the page adds only drawing);
- start: ``paigow-verify serve`` as a new process, from its start to the first page
  answered (the certificates are checked afterwards, in the background).

Run it from the repository's root with the ``web`` extra installed. Timing is measured
here, never asserted by a test.
"""
import argparse
import json
import os
import platform
import re
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def timed(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, max(times) * 1000


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_side(repeat):
    from verifier.web import editor, workbench
    shelf = workbench.Shelf(workbench.shipped_paths())
    for i, name in enumerate(shelf.names()):
        cert = shelf.get(i)
        for bet, _title in editor.bets_of(cert):
            if bet.startswith(editor.CUSTOM_PREFIX):
                continue
            _lines, pays, _ = editor.vocabulary(cert, bet)
            line = next(iter(pays))
            changed = dict(pays, **{line: "7"})
            median, worst = timed(lambda: editor.figures(cert, bet, changed), repeat)
            print(f"  {name:<32} {bet:<18} median {median:6.2f} ms, slowest {worst:6.2f} ms")


def round_trip(repeat):
    from verifier.web.server import Background
    from verifier.web.workbench import shipped_paths
    with Background(shipped_paths()[:1], warm=True) as url:
        with urllib.request.urlopen(f"{url}/editor", timeout=30) as response:
            cookie = response.headers["Set-Cookie"].split(";")[0]
            token = re.search(r'name="csrf-token" content="([^"]+)"',
                              response.read().decode())[1]
        from verifier.web import editor, workbench
        pays = editor.vocabulary(workbench.Shelf(shipped_paths()[:1]).get(0), "outlaw9")[1]
        n = [0]

        def post():
            n[0] += 1
            body = json.dumps({"cert": 0, "bet": "outlaw9",
                               "pays": dict(pays, full_house=str(3 + n[0] % 5))}).encode()
            request = urllib.request.Request(f"{url}/api/figures", data=body, method="POST",
                                             headers={"Content-Type": "application/json",
                                                      "Cookie": cookie, "X-CSRF-Token": token,
                                                      "Origin": url})
            with urllib.request.urlopen(request, timeout=30) as response:
                json.loads(response.read())
        post()                                   # the certificate loaded and checked
        median, worst = timed(post, repeat)
        print(f"  POST /api/figures (outlaw9-mikes, Outlaw 9): median {median:.2f} ms, "
              f"slowest {worst:.2f} ms")


def start_time(repeat):
    times = []
    for _ in range(repeat):
        port = free_port()
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "verifier.cli", "serve", "--port",
                                    str(port)], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        try:
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/certificates",
                                                timeout=1):
                        break
                except OSError:
                    if time.perf_counter() - start > 30:
                        raise SystemExit("the server did not start in 30 s")
                    time.sleep(0.01)
            times.append(time.perf_counter() - start)
        finally:
            process.terminate()
            process.wait(timeout=10)
    print(f"  paigow-verify serve, to the first page: median {statistics.median(times):.2f} s, "
          f"slowest {max(times):.2f} s ({repeat} starts)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    print(f"{platform.node()}: {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print("pay change, server side (editor.figures):")
    server_side(args.repeat)
    print("pay change, round trip over HTTP:")
    round_trip(args.repeat)
    print("start:")
    start_time(5)


if __name__ == "__main__":
    main()
