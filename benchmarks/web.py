"""The workbench's speed (issue 50 item 5: the first editor page in under a second after
``serve`` starts, every edit in under 100 ms; issue 28: a pay change's figures in under
10 ms on the server). Wall and CPU times both: the machine may be shared.

    python benchmarks/web.py [--repeat N] [--starts N] [--tree PATH]

- pay change, server side: ``editor.figures`` (what ``POST /api/figures`` runs) for
  each bet of the shipped certificates with one pay changed;
- pay change, round trip: ``POST /api/figures`` over HTTP to a server in a thread of this
  process, from the request to the parsed answer (the page adds only drawing); its CPU is
  this whole process's (server and client) per edit;
- start: ``paigow-verify serve`` as a new process, from its start to the first editor
  page answered, then the first edit: wall time, and the server process's CPU time then
  (from /proc) beside it.

``--tree PATH`` measures another checkout (its start and round trip), e.g. the one before
a change: ``git archive BASE | tar -x -C /tmp/before`` with the compiled core copied in.
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


def timed(fn, repeat):
    """(median wall ms, slowest wall ms, mean CPU ms) of ``fn`` run ``repeat`` times."""
    times = []
    cpu = time.process_time()
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    cpu = (time.process_time() - cpu) / repeat
    return statistics.median(times) * 1000, max(times) * 1000, cpu * 1000


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_cpu(pid):
    """The CPU seconds (user and system) process ``pid`` has used, or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def session(url):
    """(cookie, token, the grid's pays) of the editor's first page."""
    with urllib.request.urlopen(f"{url}/editor", timeout=120) as response:
        cookie = response.headers["Set-Cookie"].split(";")[0]
        page = response.read().decode()
    token = re.search(r'name="csrf-token" content="([^"]+)"', page)[1]
    pays = dict(re.findall(r'class="pay" name="([^"]+)" data-line="[^"]+" value="([^"]*)"',
                           page))
    return cookie, token, pays


def edit(url, cookie, token, pays, n):
    """One pay change of the editor's first bet (its first line at 3 to 7 to 1) through
    ``/api/figures``."""
    pays = dict(pays, **{next(iter(pays)): str(3 + n % 5)})
    body = json.dumps({"cert": 0, "bet": "outlaw9", "pays": pays}).encode()
    request = urllib.request.Request(f"{url}/api/figures", data=body, method="POST",
                                     headers={"Content-Type": "application/json",
                                              "Cookie": cookie, "X-CSRF-Token": token,
                                              "Origin": url})
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read())


def server_side(repeat):
    from verifier import certificate
    from verifier.web import editor
    from verifier.certificate.shipped import DIRECTORY, SHIPPED
    for name in dict.fromkeys(SHIPPED.values()):
        cert = certificate.read(DIRECTORY / name, name)
        for bet, _title in editor.bets_of(cert):
            if bet.startswith(editor.CUSTOM_PREFIX):
                continue
            _lines, pays, _ = editor.vocabulary(cert, bet)
            changed = dict(pays, **{next(iter(pays)): "7"})
            median, worst, cpu = timed(lambda: editor.figures(cert, bet, changed), repeat)
            print(f"  {name:<32} {bet:<18} median {median:6.2f} ms, slowest {worst:6.2f} ms,"
                  f" CPU {cpu:6.2f} ms")


def round_trip(repeat):
    from verifier.web.server import Background
    from verifier.certificate.shipped import DIRECTORY, SHIPPED
    with Background([DIRECTORY / SHIPPED[("outlaw9-mikes", None)]], warm=True) as url:
        cookie, token, pays = session(url)
        start = time.perf_counter()
        first = edit(url, cookie, token, pays, 0)
        print(f"  the first edit after the page: {1000 * (time.perf_counter() - start):.1f} ms"
              f" (its certificate's check: {first.get('check', 'done before')})")
        n = [0]

        def post():
            n[0] += 1
            edit(url, cookie, token, pays, n[0])
        median, worst, cpu = timed(post, repeat)
        print(f"  POST /api/figures (outlaw9-mikes, Outlaw 9): median {median:.2f} ms, "
              f"slowest {worst:.2f} ms, CPU {cpu:.2f} ms an edit (server and client)")


def start_time(starts, tree):
    pages, edits = [], []
    for _ in range(starts):
        port = free_port()
        env = dict(os.environ, PYTHONPATH=str(tree))
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "verifier.cli", "serve", "--port",
                                    str(port)], env=env, cwd=str(tree),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        try:
            while True:
                try:
                    cookie, token, pays = session(url)
                    break
                except OSError:
                    if time.perf_counter() - start > 120:
                        raise SystemExit("the server did not start in 120 s") from None
                    time.sleep(0.01)
            pages.append((time.perf_counter() - start, server_cpu(process.pid)))
            begun = time.perf_counter()
            edit(url, cookie, token, pays, 1)
            edits.append(time.perf_counter() - begun)
        finally:
            process.terminate()
            process.wait(timeout=10)
    wall = [w for w, _ in pages]
    cpu = [c for _, c in pages if c is not None]
    print(f"  paigow-verify serve, to the first editor page: median {statistics.median(wall):.2f}"
          f" s, slowest {max(wall):.2f} s; the server's CPU by then: median "
          + (f"{statistics.median(cpu):.2f} s" if cpu else "n/a") + f" ({starts} starts)")
    print(f"  then the first edit: median {1000 * statistics.median(edits):.0f} ms, slowest "
          f"{1000 * max(edits):.0f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--tree", type=Path, default=ROOT,
                        help="the checkout to measure (default: this one)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree))
    print(f"{platform.node()}: {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}; tree {args.tree}")
    print("start:")
    start_time(args.starts, args.tree)
    print("pay change, round trip over HTTP:")
    round_trip(args.repeat)
    print("pay change, server side (editor.figures):")
    server_side(args.repeat)


if __name__ == "__main__":
    main()
