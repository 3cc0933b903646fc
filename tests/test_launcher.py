"""The compiled ``paigow-verify`` command (cext/launcher.c, issue 52 cause K): SIGINT and
SIGTERM held from the process's first instruction, so that a signal in Python's own
start-up, before any of the tool's code runs, is the command's one line; argv and the exit
status passed through unchanged.

The launcher is compiled here from its source by the build's own function
(cext/launcher.py), for this interpreter, as setup.py installs it. No timing: the signal
is sent by the interpreter to itself while it starts (a ``sitecustomize`` module, which
``site`` imports before the command line's code), so it comes at a known stage, after
the launcher's exec and before the tool's first line."""
import importlib.util
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import HANG, PACKAGE_PATH

#: the checkout the tests run from (its cext/ holds the launcher's source and build)
ROOT = Path(__file__).resolve().parent.parent
HAND = ["hand", "As Ks Qs Js Ts Kh Qh"]


def launcher_module():
    path = ROOT / "cext" / "launcher.py"
    if not path.exists():
        pytest.skip("needs the source tree (cext/launcher.py)")
    spec = importlib.util.spec_from_file_location("paigow_launcher", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled(dest, python):
    """The launcher compiled to ``dest``/paigow-verify, running ``python``."""
    out = dest / "paigow-verify"
    why = launcher_module().build(str(out), str(python))
    if why is not None:
        pytest.skip(f"the launcher needs a C compiler: {why}")
    return out


@pytest.fixture(scope="module")
def launcher(tmp_path_factory):
    return compiled(tmp_path_factory.mktemp("bin"), sys.executable)


#: run by ``site`` while the interpreter starts: the process's blocked signals written
#: down, then the signal sent to itself
EARLY = """import os, signal
with open(os.environ["PAIGOW_TEST_SIGBLK"], "w") as f:
    f.write([l for l in open("/proc/self/status") if l.startswith("SigBlk:")][0])
os.kill(os.getpid(), signal.{name})
"""


def early(tmp_path, sig):
    """(env, the SigBlk file): the interpreter sends ``sig`` to itself in its start-up."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(EARLY.format(name=sig.name))
    sigblk = tmp_path / "sigblk"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), PACKAGE_PATH]),
               PAIGOW_TEST_SIGBLK=str(sigblk))
    return env, sigblk


def blocked(sigblk_line):
    """The signal numbers of a /proc status ``SigBlk:`` line (bit n-1 is signal n)."""
    mask = int(sigblk_line.split()[1], 16)
    return {n for n in range(1, 65) if mask >> (n - 1) & 1}


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
@pytest.mark.parametrize("sig, status, line", [
    (signal.SIGINT, 130, "paigow-verify: interrupted"),
    (signal.SIGTERM, 143, "paigow-verify: terminated")])
def test_a_signal_in_pythons_own_start_up_is_the_one_line(launcher, sig, status, line,
                                                          tmp_path):
    env, sigblk = early(tmp_path, sig)
    done = subprocess.run([str(launcher), *HAND], env=env, capture_output=True, text=True,
                          timeout=HANG)
    assert (done.returncode, done.stderr, done.stdout) == (status, line + "\n", "")
    # the exec'd interpreter had both held from its first instruction: the launcher's mask
    assert {signal.SIGINT, signal.SIGTERM} <= blocked(sigblk.read_text())


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_without_the_launcher_the_same_signal_gets_pythons_default(tmp_path):
    # the stage the test above reaches is before the tool's first line: the interpreter
    # started as the console script starts it ends by the signal (issue 52's -15)
    env, sigblk = early(tmp_path, signal.SIGTERM)
    done = subprocess.run([sys.executable, "-m", "verifier.cli", *HAND], env=env,
                          capture_output=True, text=True, timeout=HANG)
    assert done.returncode == -signal.SIGTERM and done.stdout == ""
    assert signal.SIGTERM not in blocked(sigblk.read_text())


#: an interpreter that writes the arguments it was given, one per NUL, and exits with 7
STUB = """#!/bin/sh
printf '%s\\0' "$@" > "$PAIGOW_TEST_ARGS"
exit 7
"""


def stub_python(path, status):
    """The stub interpreter at ``path``, exiting with ``status``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(STUB.replace("exit 7", f"exit {status}"))
    path.chmod(0o755)
    return path


ODD = ["hand", "", "two words", "-", "--", "--x=y", "Ä♠", "'\"$HOME`"]


def test_the_launcher_passes_argv_and_the_exit_status_through_unchanged(tmp_path):
    stub = stub_python(tmp_path / "python dir" / "py\"thon", 7)    # a path C must quote
    out = compiled(tmp_path, stub)
    args = tmp_path / "args"
    done = subprocess.run([str(out), *ODD], env=dict(os.environ, PAIGOW_TEST_ARGS=str(args)),
                          capture_output=True, timeout=HANG)
    assert done.returncode == 7
    given = args.read_bytes().split(b"\0")[:-1]
    assert given[0] == b"-c" and b"from verifier.cli import console" in given[1]
    assert [a.decode() for a in given[2:]] == [str(out), *ODD]


@pytest.mark.parametrize("venv", [True, False])
def test_in_a_venv_the_launcher_runs_the_venvs_python_else_the_one_built_for(venv, tmp_path):
    # a wheel built by one interpreter and installed into a venv (pip wheel, then pip
    # install): the venv's bin/python3 is the one pip installed for
    built_for = stub_python(tmp_path / "elsewhere" / "python3", 7)
    stub_python(tmp_path / "env" / "bin" / "python3", 8)
    if venv:
        (tmp_path / "env" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    out = compiled(tmp_path / "env" / "bin", built_for)
    done = subprocess.run([str(out), "hand"], capture_output=True, timeout=HANG,
                          env=dict(os.environ, PAIGOW_TEST_ARGS=str(tmp_path / "args")))
    assert done.returncode == (8 if venv else 7)


@pytest.mark.parametrize("argv, status", [(HAND, 0), (["hand", ""], 2), (["nonsense"], 2)])
def test_the_launcher_runs_the_command_as_python_m_does(launcher, argv, status, tmp_path):
    # both from an empty directory: `python -m` puts the working directory first on the
    # path, and a checkout's source tree there (not built in place) is not the package
    env = dict(os.environ, PYTHONPATH=PACKAGE_PATH)
    through = subprocess.run([str(launcher), *argv], env=env, capture_output=True,
                             text=True, timeout=HANG, cwd=tmp_path)
    direct = subprocess.run([sys.executable, "-m", "verifier.cli", *argv], env=env,
                            capture_output=True, text=True, timeout=HANG, cwd=tmp_path)
    assert (through.returncode, through.stdout, through.stderr) == \
        (direct.returncode, direct.stdout, direct.stderr)
    assert through.returncode == status


def test_a_launcher_whose_interpreter_is_gone_says_so_in_one_line(tmp_path):
    gone = tmp_path / "gone" / "python3"
    out = compiled(tmp_path / "bin", gone)
    done = subprocess.run([str(out), *HAND], capture_output=True, text=True, timeout=HANG)
    assert done.returncode == 127 and done.stdout == ""
    assert done.stderr == (f"paigow-verify: the Python interpreter it was installed for "
                           f"({gone}) is gone: install paigow-verifier again\n")
