"""One behaviour from every door (issue 16): a source tree without the compiled core, a
closed pipe, usage errors."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import verifier
from conftest import HANG

PACKAGE = Path(verifier.__file__).resolve().parent
CERT = Path(__file__).resolve().parent.parent / "proofs" / "certificates" / "outlaw9-mikes.json"


@pytest.fixture(scope="module")
def unbuilt_tree(tmp_path_factory):
    """A copy of the ``verifier`` package with no compiled module in it."""
    root = tmp_path_factory.mktemp("unbuilt")
    shutil.copytree(PACKAGE, root / "verifier",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    return root


def run_in(root, args, pure=False):
    env = {k: v for k, v in os.environ.items() if k != "PAIGOW_PUREPYTHON"}
    env["PYTHONPATH"] = str(root)
    if pure:
        env["PAIGOW_PUREPYTHON"] = "1"
    return subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True,
                          text=True, timeout=HANG)


def test_unbuilt_source_tree_stops_with_one_line_saying_how_to_build(unbuilt_tree):
    out = run_in(unbuilt_tree, ["-m", "verifier.cli", "hand", "As Ks Qs Js Ts Kh Qh"])
    assert out.returncode == 2
    assert out.stdout == ""
    (line,) = out.stderr.splitlines()
    assert line.startswith("paigow-verify: error: the compiled core")
    assert "build_ext --inplace" in line and "PAIGOW_PUREPYTHON=1" in line


def test_unbuilt_source_tree_api_raises_instead_of_falling_back(unbuilt_tree):
    out = run_in(unbuilt_tree, ["-c", "import verifier; verifier.set_hand('As Ks Qs Js Ts Kh Qh')"])
    assert out.returncode == 1
    assert "EngineNotBuilt" in out.stderr and "Warning" not in out.stderr


def test_unbuilt_source_tree_runs_the_twin_when_asked(unbuilt_tree):
    out = run_in(unbuilt_tree, ["-m", "verifier.cli", "hand", "As Ks Qs Js Ts Kh Qh"], pure=True)
    assert out.returncode == 0, out.stderr
    assert "pair of Qs" in out.stdout          # docs/RULES.md row 6: the higher pair in front


def test_closed_pipe_ends_quietly_like_a_unix_tool():
    read_end, write_end = os.pipe()
    os.close(read_end)                         # the reader is gone before anything is written
    try:
        out = subprocess.run([sys.executable, "-m", "verifier.cli", "report", str(CERT)],
                             stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=HANG)
    finally:
        os.close(write_end)
    assert out.stderr == ""
    assert out.returncode == 128 + 13          # as if SIGPIPE had ended it


@pytest.mark.parametrize("argv", [["run", "--bogus"], ["hand"], ["check"], ["nosuchcommand"]])
def test_usage_errors_share_the_one_error_prefix(argv):
    out = subprocess.run([sys.executable, "-m", "verifier.cli", *argv], capture_output=True,
                         text=True, timeout=HANG)
    assert out.returncode == 2
    (line,) = out.stderr.splitlines()
    assert line.startswith("paigow-verify: error: ")
