"""paigow-verifier: exact, exhaustive pay-table verification for Pai Gow Poker.

Python API:
    verifier.set_hand("As Ks Qs Js Ts Kh Qh")   -> HandSetting
    verifier.enumerate(rules=Rules(), threads=None) -> EnumerationResult
"""
import sys as _sys

from verifier.support.sourcetree import proofs_finder as _proofs_finder
from verifier.support.version import __version__  # noqa: F401

# proofs/ stands at the repository's top level and is installed as verifier.proofs; run
# from a checkout, this finder maps that one name to it (verifier/support/sourcetree.py)
_finder = _proofs_finder()
if _finder is not None and _finder not in _sys.meta_path:
    _sys.meta_path.insert(0, _finder)

__all__ = ["parse_cards", "cards_str", "Rules", "VerifierError", "set_hand", "HandSetting",
           "enumerate", "EnumerationResult"]


#: where each name of the API lives (imported on first use: importing the package stays
#: light, so that the command line has its signal handlers in place within milliseconds)
_LAZY = {"parse_cards": "verifier.game.cards", "cards_str": "verifier.game.cards",
         "Rules": "verifier.rules.readings", "VerifierError": "verifier.support.errors"}


def __getattr__(name):
    # Lazy: importing the package must not build engine tables.
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(_LAZY[name]), name)
    if name in ("set_hand", "HandSetting", "enumerate", "EnumerationResult"):
        import verifier.engine
        return getattr(verifier.engine, "enumerate_hands" if name == "enumerate" else name)
    raise AttributeError(name)
