"""Where the package's parts stand: ``proofs/`` (the closed-form derivations and the
shipped certificates) is a top-level folder of the repository, beside ``verifier/``.
Installed, setuptools puts it inside the package as ``verifier/proofs`` (``package_dir``
in setup.py); run from a checkout (``PYTHONPATH=<checkout>``, as the tests' subprocesses
and a developer do), it stays where it is, and ``verifier/__init__.py`` maps the name
``verifier.proofs`` to it (``proofs_finder``). Only the standard library: importing the
package stays light."""
import os

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def installed_proofs() -> bool:
    """Whether the proofs were installed inside the package (a wheel, ``pip install .``)."""
    return os.path.isfile(os.path.join(PACKAGE, "proofs", "__init__.py"))


def proofs_directory() -> str:
    """The folder of ``verifier.proofs``: ``verifier/proofs`` installed, else the
    checkout's ``proofs/``."""
    if installed_proofs():
        return os.path.join(PACKAGE, "proofs")
    return os.path.join(os.path.dirname(PACKAGE), "proofs")


class ProofsFinder:
    """A meta-path finder for the one name ``verifier.proofs`` in a checkout: the package
    at the checkout's ``proofs/`` (its submodules are then found by its ``__path__``)."""

    NAME = "verifier.proofs"

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name != cls.NAME:
            return None
        import importlib.util
        folder = proofs_directory()
        init = os.path.join(folder, "__init__.py")
        if not os.path.isfile(init):
            return None
        return importlib.util.spec_from_file_location(name, init,
                                                      submodule_search_locations=[folder])


def proofs_finder():
    """The finder to put first on ``sys.meta_path`` when running from a checkout, else
    None (installed, the proofs are a plain subpackage)."""
    if installed_proofs():
        return None
    return ProofsFinder
