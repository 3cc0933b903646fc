"""How two set hands compare: the readings of which equal hands are copies.

The engine's keys (docs/ENGINE.md) compare two five-card hands by class and every rank,
two-card hands by both ranks, the joker as the rank it stands for; equal keys are a copy
(the banker's). Where a published count may have compared otherwise (docs/HOUSE_WAYS.md,
Foxwoods against JB), each point is a named reading here, its first value the engine's:

- ``joker_front``, ``joker_back``: a hand holding the joker against an equal hand without
  it (Joker-K against A-K; a pair of aces made with the joker against a natural pair; a
  straight or flush the joker completes against a natural one): ``copy``, or
  ``natural-wins`` (the hand without the joker is higher), or ``joker-wins``;
- ``wheel``: A-2-3-4-5 when hands are compared (straights and straight flushes):
  ``as-set`` (the rank the rules give it, by which the house way also sets), ``second``
  (just below A-K-Q-J-10), ``lowest``;
- ``kickers``: the back's cards beyond its pair, two pairs, three or four of a kind:
  ``compared`` (the five cards count), or ``ignored`` (equal made hands are a copy).

A ``Comparison`` turns a set hand into comparison keys: for the pure-Python twin of the
pairwise count, numbers that compare as the reading says (a joker bit as half a unit, so
the Wrangler Push's front test ``>= a pair of 3s`` still holds), and for the compiled
count the two maps of cext/pairwise_keys.h (``engine_maps``). It only orders hands: who
sets them how is the house way's.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Iterator, Sequence, Union

from verifier.game.ranking import CLASS_BITS, EVAL_WHEEL_SECOND, PAIR_OF_THREES_KEY

#: each point, its values (the engine's first) and what each means, for a person
POINTS: dict[str, dict[str, str]] = {
    "joker_front": {
        "copy": "a front holding the joker copies an equal front without it",
        "natural-wins": "a front without the joker beats an equal front holding it",
        "joker-wins": "a front holding the joker beats an equal front without it",
    },
    "joker_back": {
        "copy": "a back holding the joker copies an equal back without it",
        "natural-wins": "a back without the joker beats an equal back holding it",
        "joker-wins": "a back holding the joker beats an equal back without it",
    },
    "wheel": {
        "as-set": "A-2-3-4-5 compares at the rank the rules give it",
        "second": "A-2-3-4-5 compares just below A-K-Q-J-10",
        "lowest": "A-2-3-4-5 compares as the lowest straight",
    },
    "kickers": {
        "compared": "a back's cards beyond its pair, pairs, trips or quads count",
        "ignored": "a back's cards beyond its pair, pairs, trips or quads do not count",
    },
}
#: the points' names for a person
TITLES = {"joker_front": "Joker in the front", "joker_back": "Joker in the back",
          "wheel": "A-2-3-4-5 when compared", "kickers": "Kickers in the back"}

_ONE_PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _QUADS, _STRAIGHT_FLUSH = 1, 2, 3, 4, 7, 8
#: the nibbles a made hand keeps when kickers are ignored (the rest are its kickers)
_KEEP = {_ONE_PAIR: ~0xFFFF, _TWO_PAIR: ~0xFFF, _TRIPS: ~0xFFFF, _QUADS: ~0xFFFF}

Key = Union[int, Fraction]


def _straight_top(ordinal: int, wheel_second: int) -> int:
    """The top rank (3 = the wheel's 5 ... 12 = ace) of a straight's ordinal (cext/keys.h,
    straight_ordinal); ``wheel_second``: the engines' evaluation bits (game/ranking.py)."""
    if not int(wheel_second) & EVAL_WHEEL_SECOND:
        return ordinal + 3
    return {8: 3, 9: 12}.get(ordinal, ordinal + 4)


def _straight_ordinal(top: int, wheel_second: int) -> int:
    if not int(wheel_second) & EVAL_WHEEL_SECOND:
        return top - 3
    return {3: 8, 12: 9}.get(top, top - 4)


@dataclass(frozen=True)
class Comparison:
    """One value of each point (POINTS); the default is the engine's comparison."""
    joker_front: str = "copy"
    joker_back: str = "copy"
    wheel: str = "as-set"
    kickers: str = "compared"

    def __post_init__(self) -> None:
        for point in POINTS:
            value = getattr(self, point)
            if value not in POINTS[point]:
                raise ValueError(f"unknown {TITLES[point]} reading {value!r}: choose from "
                                 f"{', '.join(POINTS[point])}")

    @classmethod
    def of(cls, **readings: str) -> "Comparison":
        return cls(**readings)

    @property
    def is_default(self) -> bool:
        return self == Comparison()

    def readings(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def describe(self) -> str:
        """The readings that differ from the engine's, for a person ("as the engine")."""
        return "; ".join(POINTS[p][v] for p, v in self.readings().items()
                         if v != next(iter(POINTS[p]))) or "as the engine's keys"

    # ----- the order -----

    def back_value(self, back_key: int, wheel_second: int) -> int:
        """A five-card key on the reading's scale (the wheel moved, kickers dropped)."""
        cls = back_key >> CLASS_BITS
        if cls in (_STRAIGHT, _STRAIGHT_FLUSH) and self.wheel != "as-set":
            top = _straight_top((back_key >> 16) & 15, wheel_second)
            return cls << CLASS_BITS | _straight_ordinal(top, self.wheel == "second") << 16
        if self.kickers == "ignored" and cls in _KEEP:
            return back_key & _KEEP[cls]
        return back_key

    @staticmethod
    def _bit(reading: str, holds_joker: bool) -> int:
        """1 when the reading ranks this hand above an equal one of the other kind."""
        if reading == "natural-wins":
            return int(not holds_joker)
        return int(reading == "joker-wins" and holds_joker)

    def keys(self, back_key: int, front_key: int, joker_in_back: bool, joker_in_front: bool,
             wheel_second: int) -> tuple[Key, Key]:
        """(back, front) comparison keys of a set hand: larger is stronger, equal a copy;
        the joker's bit as half a unit (a front stays at or above a pair of 3s exactly
        when its two-card key is)."""
        if self.is_default:
            return back_key, front_key
        b = self.back_value(back_key, wheel_second) + Fraction(
            self._bit(self.joker_back, joker_in_back), 2)
        f = front_key + Fraction(self._bit(self.joker_front, joker_in_front), 2)
        return b, f

    def engine_maps(self, backs: Sequence[int], fronts: Sequence[int], wheel_second: int
                    ) -> tuple[list[int], list[int], int, int, int]:
        """The compiled count's maps (cext/pairwise_keys.h, pw_set_comparison): for the
        engine's back keys ``backs`` (ascending) and two-card keys ``fronts`` (by dense
        index), (cmp_back [joker in the back][back], cmp_front [joker in the front][front],
        the number of backs, of fronts, the first front of a pair of 3s or better)."""
        bvals = [self.keys(b, 0, bool(j), False, wheel_second)[0]
                 for j in (0, 1) for b in backs]
        fvals = [self.keys(backs[0], f, False, bool(j), wheel_second)[1]
                 for j in (0, 1) for f in fronts]
        bpos = {v: i for i, v in enumerate(sorted(set(bvals)))}
        fpos = {v: i for i, v in enumerate(sorted(set(fvals)))}
        high = [fpos[v] for v in fvals if v >= PAIR_OF_THREES_KEY]
        lowf = min(high) if high else len(fpos)
        assert all(fpos[v] < lowf for v in fvals if v < PAIR_OF_THREES_KEY)
        return ([bpos[v] for v in bvals], [fpos[v] for v in fvals], len(bpos), len(fpos),
                lowf)


def every_comparison(**fixed: str) -> Iterator[Comparison]:
    """Every combination of the points' values (those in ``fixed`` held), the engine's
    first."""
    from itertools import product
    points = list(POINTS)
    choices = [[fixed[p]] if p in fixed else list(POINTS[p]) for p in points]
    for values in product(*choices):
        yield Comparison(**dict(zip(points, values)))
