"""The README as a newcomer runs it (issue 39, item 8): from a fresh copy of the repository
and a fresh virtual environment, every shell block of README.md runs as shown, after the
README's own install, and neither the extra added later nor the editable install compiles
anything.

What runs, in a copy of the tracked files (``git ls-files``) under tmp_path: the first
shell block (the venv and the install), then every example (they need no more than that
install), then the other shell blocks in the README's order:
- each indented shell block (four spaces, lines of commands), as one bash script with
  ``set -e``; the first makes and activates the venv, the later ones run in it;
- each ```` ```console ```` block, command by command in the venv, its output checked as
  tests/test_docs.py checks it (the same functions), and each ```` ```python ```` block,
  run from outside the checkout (as the README says: inside it Python imports the source
  tree, which a plain ``pip install .`` does not build in place);
- two commands are run as far as they can be here: ``pytest`` (this suite, which the test
  is part of: it collects the suite, ``--collect-only``, which imports every test module
  with the installed extras) and ``paigow-verify serve`` (started, asked for its page on
  127.0.0.1:8000 and stopped; when port 8000 is taken on this machine it answers on
  another port, the only change).

The install compiles the core (minutes), or takes it whole from the build cache that
PAIGOW_BUILD_CACHE names (setup.py; CI's run names one, filled by its own install of the
clean clone): the test is ``full``. pip needs an index: when it
cannot reach one the test skips and says so (CI has the network)."""
import os
import re
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from test_docs import console_steps, shown_in
from conftest import HANG, PIP_NO_BYTECODE

pytestmark = pytest.mark.full

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
#: pip's words when it cannot reach an index
OFFLINE = ("Temporary failure in name resolution", "Failed to establish a new connection",
           "No matching distribution found", "Network is unreachable",
           "Could not find a version that satisfies")


def shell_blocks(text):
    """[(kind, body)] in the README's order: "shell" (an indented block of commands, after
    a blank line, outside a fence), "console" and "python" (fenced)."""
    out, fenced, block = [], None, []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if fenced is not None:
            if line.startswith("```"):
                out.append((fenced, "\n".join(block) + "\n"))
                fenced, block = None, []
            else:
                block.append(line)
            continue
        m = re.match(r"```(\w*)$", line)
        if m:
            fenced = m[1] if m[1] in ("console", "python") else "other"
            continue
        if line.startswith("    ") and line.strip() and (block or not lines[i - 1].strip()):
            block.append(line[4:])
            continue
        if block:
            out.append(("shell", "\n".join(block) + "\n"))
            block = []
    return [(kind, body) for kind, body in out if kind != "other"]


def tracked_copy(dest):
    """The repository's tracked files (a fresh clone's), copied to ``dest``."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    for name in filter(None, files):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    return dest


def core_compiles(log):
    """How many of the core's C files the compiler has compiled (setup.py's OpenMP probe,
    a few lines of its own, is not the core)."""
    return log.read_text().count(" -c cext/") if log.exists() else 0


def cached_modules(env):
    """How many compiled modules the build cache that ``env`` names holds (setup.py's
    BuildCache; CI's run names one, which its own install filled: the README's install
    then takes the core from it, the compile shown by that install and by the wheel built
    from the sdist, tests/test_packaging.py)."""
    root = env.get("PAIGOW_BUILD_CACHE")
    return len(list(Path(root).glob("*-verifier.engine._*"))) if root and Path(root).is_dir() else 0


def port_free(port):
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


def run(script, cwd, env, timeout=3600):
    return subprocess.run(["bash", "-c", script], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)


def serve(command, cwd, env):
    """``paigow-verify serve`` started, its page fetched, stopped: the page's status."""
    port = 8000 if port_free(8000) else None
    if port is None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        command += f" --port {port}"
    proc = subprocess.Popen(["bash", "-c", ". .venv/bin/activate && exec " + command],
                            cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True)
    try:
        for _ in range(240):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
                    return r.status
            except OSError:
                if proc.poll() is not None:
                    raise AssertionError(f"$ {command}\n{proc.stdout.read().decode()}")
                time.sleep(0.5)
        raise AssertionError(f"$ {command}: no page on port {port} in 2 minutes")
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=HANG)


def test_every_readme_block_runs_from_a_fresh_venv(tmp_path):
    repo = tracked_copy(tmp_path / "repo")
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    env["COLUMNS"] = "100"
    env.update(PIP_NO_BYTECODE)     # pip's bytecode of what it installs left to the imports
    log = tmp_path / "cc.log"                  # every compiler run of the installs, logged
    wrapper = tmp_path / "cc"
    wrapper.write_text(f'#!/bin/sh\necho "$@" >> "{log}"\nexec cc "$@"\n')
    wrapper.chmod(0o755)
    env["CC"] = str(wrapper)
    blocks = shell_blocks(README.read_text(encoding="utf-8"))
    assert blocks[0][0] == "shell" and "python3 -m venv .venv" in blocks[0][1]
    # the examples right after the first install, which is all they may need; then the
    # other installs in the README's order
    blocks = ([blocks[0]] + [b for b in blocks if b[0] != "shell"]
              + [b for b in blocks[1:] if b[0] == "shell"])
    installs = 0
    for kind, body in blocks:
        if kind == "python":            # outside the checkout: it imports the install
            elsewhere = tmp_path / "elsewhere"
            elsewhere.mkdir(exist_ok=True)
            out = run(f". {repo}/.venv/bin/activate && python - <<'PY'\n" + body + "PY\n",
                      elsewhere, env)
            assert out.returncode == 0, out.stderr[-2000:]
        elif kind == "console":
            for command, shown in console_steps(body):
                out = run(". .venv/bin/activate && " + command, repo, env)
                actual = out.stdout + out.stderr
                fails = any(s.startswith("paigow-verify: error:") for s in shown)
                assert out.returncode == (2 if fails else 0), f"$ {command}\n{actual[-2000:]}"
                missing = shown_in(shown, actual)
                assert missing is None, f"$ {command}\nshows {missing!r}, got:\n{actual[-3000:]}"
        else:
            script = body
            if "paigow-verify serve" in script:
                install, _, command = script.strip().partition(" && ")
                script = install + "\n"
            script = re.sub(r"(^|&&\s*)pytest\b[^#\n]*", r"\1pytest --collect-only -q -n 0 ",
                            script, flags=re.M)
            before = core_compiles(log)
            kept = cached_modules(env)
            prefix = "" if "python3 -m venv" in script else ". .venv/bin/activate\n"
            out = run("set -e\n" + prefix + script, repo, env)
            if out.returncode and any(w in out.stdout + out.stderr for w in OFFLINE):
                pytest.skip("pip cannot reach a package index here (offline): "
                            + (out.stdout + out.stderr).strip().splitlines()[-1][:200])
            assert out.returncode == 0, f"{script}\n{(out.stdout + out.stderr)[-3000:]}"
            compiled = core_compiles(log) - before
            if "pip install" in script:
                installs += 1
                if installs == 1:       # compiled, or taken whole from the cache CI gives
                    assert compiled > 0 or kept >= 4, "the README's install compiled no core"
                else:       # an extra later, or the editable install: the core built is kept
                    assert compiled == 0, f"{script}: {compiled} compiler runs"
            if "paigow-verify serve" in body:
                assert serve(command.strip(), repo, env) == 200
    assert installs >= 2
