"""User-facing errors: each becomes one line on stderr and a non-zero exit in the CLI."""
from __future__ import annotations

from typing import Iterable


class VerifierError(ValueError):
    """Base class of every error caused by bad input (cards, pay tables, files, options)."""


def choose(what: str, name: object, choices: Iterable[str], default: str | None = None,
           fold: bool = False, width: int = 40, verb: str = "unknown",
           suffix: str = "") -> str:
    """``name`` (or ``default`` when it is None or empty) as one of ``choices`` (any
    iterable of names; ``fold``: compared in lower case), or a one-line error naming what
    is asked for and the choices: "unknown paper size 'b5': choose from letter, a4".
    ``width``: how much of a user's text the error repeats; ``verb`` and ``suffix``: the
    words before and after it ("no progressive table 'x'", "jurisdiction 'x' is not
    offered")."""
    choices = list(choices)
    key = default if name in (None, "") and default is not None else name
    if fold and isinstance(key, str):
        key = key.lower()
    if key not in choices:
        said = " ".join(w for w in (verb, what, repr(str(name)[:width])) if w)
        raise VerifierError(f"{said}{suffix}: choose from {', '.join(map(str, choices))}")
    return str(key)
