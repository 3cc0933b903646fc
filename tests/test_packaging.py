"""Packaging: the source distribution alone builds a wheel that installs and runs in a
fresh virtual environment (issue 13). Slow: it compiles the core once (about a minute)."""
import os
import subprocess
import sys
import tarfile
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# one worker builds the sdist once for both tests (pytest-xdist, --dist loadgroup)
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("packaging")]


def run(cmd, **kw):
    out = subprocess.run(cmd, capture_output=True, text=True, **kw)
    assert out.returncode == 0, f"{cmd} failed:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out


@pytest.fixture(scope="module")
def sdist(tmp_path_factory):
    if not (ROOT / "setup.py").exists():
        pytest.skip("needs the source tree")
    pytest.importorskip("build")
    dist = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--sdist", "--outdir", str(dist), str(ROOT)])
    (tarball,) = dist.glob("paigow_verifier-*.tar.gz")
    return tarball


def test_sdist_carries_every_build_input_and_the_shipped_certificates(sdist):
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    source = {str(p.relative_to(ROOT)) for pattern in ("cext/*.pyx", "cext/*.pxd", "cext/*.pxi",
                                                       "cext/*.h", "verifier/data/**/*.toml",
                                                       "verifier/data/*.json",
                                                       "verifier/parsheet/templates/*.j2",
                                                       "verifier/audit/templates/*.j2",
                                                       "verifier/report/templates/*.j2",
                                                       "verifier/web/templates/*.j2",
                                                       "verifier/web/static/*",
                                                       "verifier/proofs/certificates/*.json")
              for p in ROOT.glob(pattern)}
    assert source and source <= names, sorted(source - names)
    assert "verifier/py.typed" in names and "LICENSE" in names
    assert "verifier/data/certificate.schema.json" in names
    assert not any(n.endswith(".so") for n in names)


def test_wheel_built_from_the_sdist_alone_installs_and_runs_in_a_fresh_venv(sdist, tmp_path):
    wheels = tmp_path / "wheels"
    # the wheel is built from the tarball, in an empty working directory: nothing of the
    # source tree can leak in
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(sdist)],
        cwd=tmp_path)
    (wheel,) = wheels.glob("paigow_verifier-*.whl")
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    run([str(bindir / "python"), "-m", "pip", "install", "-q", str(wheel)], cwd=tmp_path)
    out = run([str(bindir / "paigow-verify"), "hand", "As Ks Qs Js Ts Kh Qh"], cwd=tmp_path)
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
    # the par sheet's template ships too: an HTML sheet from a shipped certificate
    cert = str(ROOT / "verifier" / "proofs" / "certificates" / "casino-standard.json")
    html = run([str(bindir / "paigow-verify"), "report", cert, "--format", "html"], cwd=tmp_path)
    assert "Par sheet: Casino game (seed 002)" in html.stdout and "<svg" in html.stdout
    # the workbench's templates and script ship as package data (an installed package
    # once answered 500 on /static/workbench.js): every file of them is in the wheel
    import zipfile
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    web = {str(p.relative_to(ROOT)) for folder in ("templates", "static")
           for p in (ROOT / "verifier" / "web" / folder).rglob("*") if p.is_file()}
    assert web and web <= shipped, sorted(web - shipped)
