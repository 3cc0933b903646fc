"""The bet plugin interface (docs/ARCHITECTURE.md, "A new side bet"): the hooks a named
bet may give its ``Bet`` (verifier/game/bets.py), each a declared ``Protocol``, checked
when the bet registers (``check_hooks``); and where bets are found (``discover``): the
modules of the package's own ``verifier/bets/`` and the entry points of the group
``paigow_verifier.bets``, so that a bet can ship as a package of its own.

Who calls each hook, and what it gets (``S``: the layer's own reading of a certificate):

- ``derive(source)``: the bet's certificate section's results, JSON-ready (build and
  check; ``source`` a ``verifier.certificate.source.SectionSource``: the counts and
  inputs, typed);
- ``counts(source, bet)``: ``(sets, note)``, the qualifying sets when its reads need its
  own section's counts (verifier/certificate/odds.py);
- ``note(cert, reading)``, ``par_tables(cert, paytable)``, ``par_bet(cert)``: the par
  sheet's note, more tables, or its whole entry (``cert`` the typed
  ``verifier.certificate.model.Certificate``; the tables and entry are verifier/report's);
- ``TableSide.read_of(rules)``: the table read under the table's readings (``Rules``).

The protocols take their arguments by position, so a bet names its parameters as it
likes; the layers those types live in sit above this one, so the protocols are generic in
them (``Derive[SectionSource]`` where certificate/ calls it).
"""
from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any, Protocol, TypeVar

from verifier.support.errors import VerifierError

#: the entry-point group a separate package declares its bets in (its value: a module that
#: declares ``BET``, or the ``Bet`` itself)
ENTRY_POINTS = "paigow_verifier.bets"

S = TypeVar("S", contravariant=True)

#: the qualifying sets of a bet's lines: ((lines a hand shows, hands), ...)
Sets = tuple[tuple[frozenset[str], int], ...]


class BetLines(Protocol):
    """What ``counts`` reads of the bet it counts for (a ``Bet``)."""
    @property
    def name(self) -> str: ...
    @property
    def lines(self) -> tuple[str, ...]: ...


class Derive(Protocol[S]):
    def __call__(self, source: S, /) -> dict[str, Any]: ...


class Counts(Protocol[S]):
    def __call__(self, source: S, bet: BetLines, /) -> tuple[Sets, str]: ...


class Note(Protocol[S]):
    def __call__(self, cert: S, reading: str | None = None, /) -> str: ...


class ParTables(Protocol[S]):
    def __call__(self, cert: S, paytable: Any, /) -> list[Any]: ...


class ParBet(Protocol[S]):
    def __call__(self, cert: S, /) -> Any: ...


class ReadOf(Protocol):
    def __call__(self, rules: Any, /) -> str: ...


#: each hook and how many arguments its callers pass (a note: one or two)
HOOKS = {"derive": (1,), "counts": (2,), "note": (1, 2), "par_tables": (2,), "par_bet": (1,)}


def _takes(hook: object, n: int) -> bool:
    try:
        inspect.signature(hook).bind(*range(n))        # type: ignore[arg-type]
    except TypeError:
        return False
    except ValueError:           # a callable with no signature to read (a builtin)
        return True
    return True


def check_hooks(bet: Any) -> None:
    """A bet's hooks are what ``HOOKS`` declares: callables that take the arguments their
    callers pass (a one-line ``VerifierError`` naming the bet and the hook otherwise)."""
    hooks = [(name, getattr(bet, name, None), counts) for name, counts in HOOKS.items()]
    table = getattr(bet, "table", None)
    hooks.append(("table.read_of", getattr(table, "read_of", None), (1,)))
    for name, hook, counts in hooks:
        if hook is None:
            continue
        if not callable(hook) or not all(_takes(hook, n) for n in counts):
            want = " or ".join(str(n) for n in counts)
            raise VerifierError(f"bet {getattr(bet, 'name', bet)!r}: its hook {name} must be "
                                f"a function of {want} argument(s) (verifier/game/hooks.py)")


def discover(package: str) -> list[object]:
    """The ``BET`` of every module of ``package`` (not those starting with ``_``), then of
    every entry point of the group ``ENTRY_POINTS`` (a module declaring ``BET``, or the
    bet itself); an entry point that cannot be loaded is one line naming it."""
    found = []
    module = importlib.import_module(package)
    for info in pkgutil.iter_modules(module.__path__):
        if not info.name.startswith("_"):
            found.append(importlib.import_module(f"{package}.{info.name}").BET)
    for point in sorted(_entry_points(ENTRY_POINTS), key=lambda p: p.name):
        try:
            loaded = point.load()
        except Exception as exc:        # a third party's package: any error, one line
            raise VerifierError(f"the bet {point.name!r} ({point.value}, entry point group "
                                f"{ENTRY_POINTS}) cannot be loaded: {exc}") from None
        found.append(getattr(loaded, "BET", loaded))
    return found


def _entry_points(group: str) -> list[Any]:
    """``importlib.metadata.entry_points(group=group)``, but [] without importing
    importlib.metadata (and the email and zip modules it imports: a fifth of a command's
    start-up) when no distribution on ``sys.path`` can declare the group."""
    if not _may_declare(group):
        return []
    from importlib.metadata import entry_points
    return list(entry_points(group=group))


def _may_declare(group: str) -> bool:
    """False when no distribution importlib.metadata finds names ``group`` in its
    ``entry_points.txt``: it finds them, as here, in the ``*.dist-info`` and ``*.egg-info``
    folders (and an ``.egg``'s ``EGG-INFO``) of each folder on ``sys.path``; a zip file on
    the path, a finder of distributions of its own or a file not read: True (ask it)."""
    import os
    import sys
    from importlib.machinery import PathFinder
    if any(getattr(f, "find_distributions", None) is not None and f is not PathFinder
           for f in sys.meta_path):
        return True
    for entry in sys.path:
        if not isinstance(entry, str):
            return True
        try:
            children = os.listdir(entry or ".")
        except NotADirectoryError:
            return True
        except OSError:
            continue                    # no such folder: no distribution
        egg = os.path.basename(entry).lower().endswith(".egg")
        for child in children:
            low = child.lower()
            if low.endswith((".dist-info", ".egg-info")) or (egg and low == "egg-info"):
                try:
                    with open(os.path.join(entry or ".", child, "entry_points.txt"),
                              encoding="utf-8") as f:
                        if group in f.read():
                            return True
                except (FileNotFoundError, NotADirectoryError):
                    continue            # no entry points
                except (OSError, ValueError):
                    return True
    return False
