"""The house way's own figures (issue 10): how often it plays each two-card front and each
five-card back class, and the hands of each row. The tables published "power ratings"
use; in every certificate (section ``house_way``), at the top of ``run --json`` and in the
par sheet. All are derived from the counts the enumeration keeps (the key histogram of
(back key, front key) pairs and the per-row counts), so ``check`` re-derives them.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterable, Mapping, Sequence, TYPE_CHECKING

from verifier.game.ranking import CLASS_NAMES, FRONT_PAIR_BASE

if TYPE_CHECKING:
    from verifier.houseway.fileformat import HouseWay

RANKS = "23456789TJQKA"


def front_name(front_key: int) -> str:
    """A two-card front as its two ranks, high first, the joker written A: "AA", "T9"."""
    if front_key >= FRONT_PAIR_BASE:
        return RANKS[front_key - FRONT_PAIR_BASE] * 2
    hi, lo = divmod(front_key, 13)
    return RANKS[hi] + RANKS[lo]


def _front_order(name):
    """Fronts from the highest: pairs (aces first), then by high card, then second."""
    hi, lo = RANKS.index(name[0]), RANKS.index(name[1])
    return (hi == lo, hi, lo)


def hand_tables(histogram: Iterable[Sequence[int]]) -> dict:
    """{"front_hands": {front: hands}, "back_hands": {class: hands}} from an iterable of
    (back key, front key, hands); fronts highest first, classes highest first."""
    by_front: dict = defaultdict(int)   # summed by key first
    by_back: dict = defaultdict(int)
    for back_key, front_key, n in histogram:
        by_front[front_key] += n
        by_back[back_key] += n
    by_class: dict = defaultdict(int)
    for back_key, n in by_back.items():
        by_class[int(back_key) >> 20] += int(n)
    fronts: dict = {}
    backs: dict = {}
    for front_key, n in by_front.items():
        name = front_name(int(front_key))
        fronts[name] = fronts.get(name, 0) + int(n)
    for cls, n in by_class.items():
        backs[CLASS_NAMES[cls]] = backs.get(CLASS_NAMES[cls], 0) + n
    return {"front_hands": {k: fronts[k] for k in sorted(fronts, key=_front_order,
                                                         reverse=True)},
            "back_hands": {c: backs.get(c, 0) for c in reversed(CLASS_NAMES)}}


def section_results(house_way: str, histogram_rows: Iterable[Sequence[int]],
                    row_counts: Mapping, way: HouseWay | None = None) -> dict:
    """A certificate's ``house_way`` section, re-derived from its counts: the key
    histogram's rows [back key, front key, hands] and the hands decided by each row
    ({row: hands}, the row as a number or its text); ``way``: the house way's loaded file
    (``Rules.way``; None: compiled in)."""
    from verifier.houseway import row_names
    out = hand_tables(histogram_rows)
    names = row_names(way)
    out["rows"] = [{"row": int(r), "name": names.get(int(r), ""), "hands": n}
                   for r, n in sorted(row_counts.items(), key=lambda item: int(item[0]))]
    out["house_way"] = house_way
    return out
