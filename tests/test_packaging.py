"""Packaging: the source distribution alone builds a wheel that installs and runs in a
fresh virtual environment (issue 13). Slow: it compiles the core (about a minute), or, where
PAIGOW_BUILD_CACHE names a build cache (CI's run: its own install of the clean clone
compiled the core into it), takes each module whole from it. The cache's key is the
SHA-256 of every file Cython and the compiler read, found in the tree being built, here the
sdist's (setup.py's BuildCache): a module is taken only when the sdist carries those very
files, byte for byte, and one it lacks or changes makes the build compile, and fail. So
either way the wheel is the sdist's alone; what a second compile of the same files would
add, that they compile, CI's first install has shown."""
import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

from conftest import PIP_NO_BYTECODE, need

ROOT = Path(__file__).resolve().parent.parent

# one worker builds the sdist once for both tests (ONE_WORKER_MODULES, tests/conftest.py)
pytestmark = pytest.mark.slow


def run(cmd, **kw):
    """``cmd`` without the caller's PYTHONPATH: what runs is what was built and installed,
    never the source tree a developer's PYTHONPATH names; and pip's bytecode of what it
    installs left to the first import (``PIP_NO_BYTECODE``)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PIP_NO_BYTECODE)
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, **kw)
    assert out.returncode == 0, f"{cmd} failed:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out


#: what the build makes in a tree, never a source (a copied tree leaves them out)
BUILT = ("build", "dist", ".git", "*.so", "*.egg-info", "__pycache__", ".pytest_cache",
         ".benchmarks", "*.c", "vocab.h", "*.tmp")


def pristine_copy(dest):
    """The source tree copied to ``dest`` as git knows it (tracked and new files, none it
    ignores), or without git, without what a build makes (BUILT): the sdist is built from
    the copy, never from the live tree, where other tests write while it is read
    (issue 35: under pytest-xdist the build failed on a file that vanished)."""
    import shutil
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, capture_output=True)
    if listed.returncode != 0:
        shutil.copytree(ROOT, dest, ignore=shutil.ignore_patterns(*BUILT))
        return dest
    for name in filter(None, listed.stdout.decode().split("\0")):
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        try:
            shutil.copy2(ROOT / name, dest / name)
        except (FileNotFoundError, IsADirectoryError):
            pass        # deleted but not yet committed, or gone while copied: not a source
    return dest


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    if not (ROOT / "setup.py").exists():
        pytest.skip("needs the source tree")
    return pristine_copy(tmp_path_factory.mktemp("tree") / "paigow-verifier")


@pytest.fixture(scope="module")
def sdist(tree, tmp_path_factory):
    need("build")
    dist = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--sdist", "--outdir", str(dist), str(tree)])
    (tarball,) = dist.glob("paigow_verifier-*.tar.gz")
    return tarball


def test_the_copy_the_sdist_is_built_from_holds_no_build_output(tree):
    assert (tree / "setup.py").is_file() and (tree / "cext" / "gen_vocab.py").is_file()
    assert (tree / "proofs" / "certificates" / "outlaw9-mikes.json").is_file()
    assert not list(tree.rglob("*.so")) and not (tree / "build").exists()


@pytest.mark.full      # the sdist built once, with the wheel built from it (the full suite)
def test_sdist_carries_every_build_input_and_the_shipped_certificates(sdist, tree):
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    source = {str(p.relative_to(tree)) for pattern in ("cext/*.pyx", "cext/*.pxd", "cext/*.pxi",
                                                       "cext/*.h", "cext/*.py",
                                                       "verifier/data/**/*.toml",
                                                       "verifier/data/*.json",
                                                       "verifier/parsheet/templates/*.j2",
                                                       "verifier/audit/templates/*.j2",
                                                       "verifier/report/templates/*.j2",
                                                       "verifier/filing/templates/*.j2",
                                                       "verifier/web/templates/*.j2",
                                                       "verifier/web/static/*",
                                                       "proofs/*.py",
                                                       "proofs/certificates/*.json")
              for p in tree.glob(pattern)} - {"cext/vocab.h"}   # the build made it in the copy
    assert source and source <= names, sorted(source - names)
    # the vocabulary header's generator and its inputs (cext/gen_vocab.py)
    assert {"cext/gen_vocab.py", "verifier/game/categories.py", "verifier/game/ranking.py",
            "verifier/houseway/conditions.py", "verifier/houseway/layout.py",
            "verifier/houseway/fields.py", "verifier/houseway/interpret.py"} <= names
    assert "cext/vocab.h" not in names              # generated by every build, not shipped
    assert {"cext/launcher.c", "cext/launcher.py"} <= names     # the command (setup.py)
    assert {"proofs/__init__.py", "proofs/registry.py",
            "proofs/certificates/outlaw9-mikes.json"} <= names
    assert "verifier/py.typed" in names and "LICENSE" in names
    assert "verifier/data/certificate.schema.json" in names
    assert not any(n.endswith(".so") for n in names)


@pytest.mark.full          # compiles the core in a fresh venv: once, in CI's full run
def test_wheel_built_from_the_sdist_alone_installs_and_runs_in_a_fresh_venv(sdist, tmp_path):
    wheels = tmp_path / "wheels"
    # the wheel is built from the tarball, in an empty working directory: nothing of the
    # source tree can leak in
    built = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(wheels),
                 str(sdist)], cwd=tmp_path)
    (wheel,) = wheels.glob("paigow_verifier-*.whl")
    # each of the core's four modules compiled from the sdist's files, or taken from the
    # build cache under their key (the module docstring): one or the other, said by setup.py
    said = built.stdout + built.stderr
    for module in ("_core", "_pairwise", "_strategy", "_table"):
        assert (f"verifier.engine.{module} taken from the build cache" in said
                or f"cext/{module}.c" in said), module
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    run([str(bindir / "python"), "-m", "pip", "install", "-q", str(wheel)], cwd=tmp_path)
    out = run([str(bindir / "paigow-verify"), "hand", "As Ks Qs Js Ts Kh Qh"], cwd=tmp_path)
    # the command is the compiled launcher (cext/launcher.c), not a "#!" script: this
    # machine has the C compiler the core needs (tests/test_launcher.py tests it)
    assert not (bindir / "paigow-verify").read_bytes().startswith(b"#!")
    # docs/RULES.md row 6 (two pairs: the higher pair in front) on this hand, worked by hand
    assert "pair of Qs" in out.stdout and "row        6" in out.stdout
    probe = run([str(bindir / "python"), "-c",
                 "import verifier, verifier.engine.backend as b; print(b.NAME)"], cwd=tmp_path)
    assert probe.stdout.strip() == "compiled"
    # the certificate's JSON Schema ships as package data
    schema = run([str(bindir / "python"), "-c",
                  "from importlib import resources; import json; print(json.loads(resources."
                  "files('verifier').joinpath('data/certificate.schema.json').read_text())"
                  "['title'])"], cwd=tmp_path)
    assert "certificate" in schema.stdout
    # proofs/ is installed as verifier.proofs, with the shipped certificates, inside the
    # package (no finder: that is a checkout's)
    probe = run([str(bindir / "python"), "-c",
                 "import verifier, sys, verifier.proofs.registry as r; "
                 "from verifier.certificate.shipped import shipped_certificate_path as s; "
                 "print(verifier.proofs.__file__); print(s('casino-standard')); "
                 "print(len(r.ENTRIES), any('Proofs' in str(f) for f in sys.meta_path))"],
                cwd=tmp_path)
    package, cert, last = probe.stdout.splitlines()
    installed = Path(package).parent
    assert installed.name == "proofs" and installed.parent.name == "verifier"
    assert "site-packages" in installed.parts
    assert Path(cert) == installed / "certificates" / "casino-standard.json"
    from verifier.proofs import registry               # the checkout's, as installed
    assert last.split() == [str(len(registry.ENTRIES)), "False"]
    with zipfile.ZipFile(wheel) as archive:
        inside = set(archive.namelist())
    proofs = {f"verifier/proofs/{p.relative_to(ROOT / 'proofs')}" for p in (ROOT / "proofs").rglob("*")
              if p.is_file() and p.suffix in (".py", ".json")}
    assert proofs and proofs <= inside, sorted(proofs - inside)
    assert not any(n.startswith("proofs/") for n in inside)
    checked = run([str(bindir / "paigow-verify"), "check", cert], cwd=tmp_path)
    assert ": OK: hash" in checked.stdout
    # the par sheet's template ships too: an HTML sheet from a shipped certificate
    cert = str(ROOT / "proofs" / "certificates" / "casino-standard.json")
    html = run([str(bindir / "paigow-verify"), "report", cert, "--format", "html"], cwd=tmp_path)
    assert "Par sheet: Casino game (seed 002)" in html.stdout and "<svg" in html.stdout
    # the workbench's templates and script ship as package data (an installed package
    # once answered 500 on /static/workbench.js): every file of them is in the wheel
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    web = {str(p.relative_to(ROOT)) for folder in ("templates", "static")
           for p in (ROOT / "verifier" / "web" / folder).rglob("*") if p.is_file()}
    assert web and web <= shipped, sorted(web - shipped)
