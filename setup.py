"""Build of the compiled core (cext/) with OpenMP where the compiler has it.

Set PAIGOW_NO_OPENMP=1 to force a serial build.
"""
import os
import shutil
import subprocess
import sys
import tempfile

from setuptools import Extension, find_packages, setup


def compiler_has_openmp():
    """Try to compile and link a tiny OpenMP program with the default C compiler."""
    if os.environ.get("PAIGOW_NO_OPENMP"):
        return False
    cc = os.environ.get("CC", "cc")
    if shutil.which(cc) is None:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "t.c")
        with open(src, "w") as f:
            f.write("#include <omp.h>\nint main(void){return omp_get_max_threads() > 0 ? 0 : 1;}\n")
        cmd = [cc, "-fopenmp", src, "-o", os.path.join(tmp, "t")]
        return subprocess.run(cmd, capture_output=True).returncode == 0


#: the one owner of the engine state (verifier.engine._core), which the other modules cimport
OWNER_PXD = os.path.join("verifier", "engine", "_core.pxd")

#: the four modules are translated and compiled side by side, one per core
CORES = os.cpu_count() or 1


def generate_vocabularies():
    """cext/vocab.h from the Python tables, its one source (cext/gen_vocab.py), before
    anything is compiled; written only when it changes."""
    import importlib.util
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("gen_vocab", os.path.join(here, "cext", "gen_vocab.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.write()


def extensions():
    from Cython.Build import cythonize
    generate_vocabularies()
    openmp = compiler_has_openmp()
    flags = ["-O3", "-fno-strict-aliasing"] + (["-fopenmp"] if openmp else [])
    exts = [Extension(
        name,
        sources=[source],
        include_dirs=["cext"],
        extra_compile_args=flags,
        extra_link_args=["-fopenmp"] if openmp else [],
        depends=[os.path.join("cext", f) for f in os.listdir("cext") if f.endswith((".h", ".pxd", ".pxi"))]
        + [OWNER_PXD],
    ) for name, source in (("verifier.engine._core", "cext/_core.pyx"),
                           ("verifier.engine._table", "cext/_table.pyx"),
                           ("verifier.engine._pairwise", "cext/_pairwise.pyx"),
                           ("verifier.engine._strategy", "cext/_strategy.pyx"))]
    print(f"paigow-verifier: building with OpenMP {'on' if openmp else 'off'}", file=sys.stderr)
    return cythonize(exts, language_level=3, include_path=["cext", "."], nthreads=CORES,
                     compiler_directives={"boundscheck": False, "wraparound": False,
                                          "cdivision": True})


#: proofs/ stands at the repository's top level and is installed as verifier.proofs, with
#: the shipped certificates as its data (from a checkout, verifier/__init__.py maps the name)
PROOFS = {"verifier.proofs": "proofs"}

setup(
    packages=find_packages(include=["verifier", "verifier.*"]) + list(PROOFS),
    package_dir=PROOFS,
    package_data={"verifier": ["py.typed", "data/*.toml", "data/*.json", "data/*/*.toml",
                               "data/*/*.json", "data/*/*.html",
                               "report/templates/*.j2", "audit/templates/*.j2",
                               "web/templates/*.j2", "web/static/*.js", "web/static/*.css"],
                  "verifier.proofs": ["certificates/*.json"]},
    ext_modules=extensions(),
    options={"build_ext": {"parallel": CORES}},
)
