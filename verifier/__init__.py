"""paigow-verifier: exact, exhaustive pay-table verification for Pai Gow Poker.

Python API:
    verifier.set_hand("As Ks Qs Js Ts Kh Qh")   -> HandSetting
    verifier.enumerate(rules=Rules(), threads=None) -> EnumerationResult
"""
__version__ = "0.1.0"

from .cards import parse_cards, cards_str  # noqa: E402
from .rules import Rules  # noqa: E402
from .errors import VerifierError  # noqa: E402


__all__ = ["parse_cards", "cards_str", "Rules", "VerifierError", "set_hand", "HandSetting",
           "enumerate", "EnumerationResult"]


def __getattr__(name):
    # Lazy: importing the package must not build engine tables.
    if name in ("set_hand", "HandSetting"):
        from . import hands
        return getattr(hands, name)
    if name in ("enumerate", "EnumerationResult"):
        from . import enumeration
        return getattr(enumeration, "enumerate_hands" if name == "enumerate" else name)
    raise AttributeError(name)
