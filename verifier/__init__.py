"""paigow-verifier: exact, exhaustive pay-table verification for Pai Gow Poker.

Python API:
    verifier.set_hand("As Ks Qs Js Ts Kh Qh")   -> HandSetting
    verifier.enumerate(rules=Rules(), threads=None) -> EnumerationResult
"""
from verifier.support.version import __version__  # noqa: F401

import os as _os

# OpenMP threads that wait at a barrier sleep instead of spinning (unless the user says
# otherwise): the pairwise count meets a barrier every few milliseconds, and on a machine
# whose cores are shared with other work a spinning thread takes the time its partner
# needs (measured on 2 busy cores: 7-8 s with spinning, 4.5 s without). Read by the
# OpenMP runtime when the compiled modules are first loaded, hence here.
_os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

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
    if name in ("set_hand", "HandSetting"):
        from verifier.engine import hands
        return getattr(hands, name)
    if name in ("enumerate", "EnumerationResult"):
        from verifier.engine import enumeration
        return getattr(enumeration, "enumerate_hands" if name == "enumerate" else name)
    raise AttributeError(name)
