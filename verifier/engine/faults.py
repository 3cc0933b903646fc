"""A user's house-way file must set every hand of the 53-card deck, none as a foul (what
``house-ways check`` reports): every command that sets hands by it refuses it otherwise,
in one line naming the file and a hand. The verdict is kept per program and process."""
from __future__ import annotations

from verifier.engine import backend
from verifier.engine.threads import thread_count
from typing import Any, Sequence

#: (engine number, wheel_second) -> the fault line of the house way on the 53-card deck,
#: or "" when it has none: one enumeration per house-way program and process
_VERDICTS: dict = {}


def refuse_faults(name: str, wheel_second: int, number: int, deck: Sequence[int] | None = None,
                  raw: dict[str, Any] | None = None, threads: int | None = None,
                  visit: bool = False) -> None:
    """``HouseWayError`` (one line naming the house way and a hand) when the house way of
    engine ``number`` leaves a hand of ``deck`` (default the 53-card deck) to no row or
    sets one as a foul. ``raw``: the enumeration's counts of that deck when already made
    (``enumerate_hands``), else it is made here: 0.14 to 0.4 s on the full deck
    (benchmarks/hostile.py), once per program (the verdict is kept). The shipped files
    pass (``house-ways check`` on each, a test of the ``full`` run). The pure-Python twin
    cannot enumerate the full deck: there the check is the enumeration's own on the deck
    it runs (``run``). ``visit``: the house way sets a hand by the order of its suits, so
    the enumeration visits every hand."""
    from verifier.game.cards import full_deck
    whole = deck is None or len(deck) == len(full_deck())
    key = (number, int(wheel_second))
    line = _VERDICTS.get(key) if whole else None
    if line is None:
        if raw is None:
            if backend.PURE_PYTHON:
                return
            raw = backend.module("_core").enumerate_counts(
                deck or full_deck(), wheel_second, number, thread_count(threads), None,
                visit=visit)
        line = fault_line(name, deck or full_deck(), wheel_second, number, raw, threads)
        if whole:
            _VERDICTS[key] = line
    if line:
        from verifier.houseway import HouseWayError
        raise HouseWayError(line)


def fault_line(name: str, deck: Sequence[int], wheel_second: int, number: int, raw: dict[str, Any],
               threads: int | None = None) -> str:
    """The one line of a house way whose enumeration ``raw`` leaves hands to no row or
    sets fouls, with the first such hand of ``deck``; "" when it does neither."""
    if not (raw["rows"][0] or raw["fouls"]):
        return ""
    from verifier.game.cards import cards_str
    foul = not raw["rows"][0]
    what = (f"sets {raw['fouls']:,} hands as a foul (front above back)" if foul else
            f"covers {raw['rows'][0]:,} hands by no row")
    hand = backend.module("_core").find_hand(sorted(deck), wheel_second, number, foul,
                                             thread_count(threads))
    example = f", e.g. {cards_str(hand)}" if hand else ""
    return (f"house way {name} {what}{example} (paigow-verify hand CARDS --house-way ... "
            "shows how it sets one)")
