"""The house way's own figures (issue 10): how often it plays each two-card front and each
five-card back class, and the hands of each row. The tables published "power ratings"
use; in every certificate (section ``house_way``), at the top of ``run --json`` and in the
par sheet. All are derived from the counts the enumeration keeps (the key histogram of
(back key, front key) pairs and the per-row counts), so ``check`` re-derives them.
"""
from __future__ import annotations

from collections import defaultdict
from contextlib import contextmanager
from typing import Iterable, Iterator, Mapping, Sequence, TYPE_CHECKING

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


#: [(rows, their key sums)] while ``known_sums`` holds them
_known: list[tuple[Sequence, tuple[Mapping, Mapping]]] = []


@contextmanager
def known_sums(rows: Sequence[Sequence[int]], sums: tuple[Mapping, Mapping] | None
               ) -> Iterator[None]:
    """Within the block, ``key_sums`` of that very list ``rows`` is (a copy of) ``sums``,
    which the engine made with the rows (None: nothing known): a certificate built from
    an enumeration derives its house way's tables with no pass over its 150,000 rows in
    Python. The rows must not change within the block."""
    if sums is None:
        yield
        return
    entry = (rows, sums)
    _known.append(entry)
    try:
        yield
    finally:
        for i, known in enumerate(_known):
            if known is entry:
                del _known[i]
                break


def key_sums(histogram: Iterable[Sequence[int]]) -> tuple[dict, dict]:
    """The one pass over the key histogram's rows (back key, front key, hands) that the
    house way's tables and its power ratings (verifier/odds/ratings.py) both read:
    ({front key: hands}, {back key >> 16, the class and first rank nibble: hands})."""
    for rows, (fronts, backs) in _known:
        if histogram is rows:
            return dict(fronts), dict(backs)
    by_front: dict = defaultdict(int)
    by_row: dict = defaultdict(int)
    for back_key, front_key, n in histogram:
        by_front[front_key] += n
        by_row[back_key >> 16] += n
    return by_front, by_row


def hand_tables(histogram: Iterable[Sequence[int]], sums: tuple | None = None) -> dict:
    """{"front_hands": {front: hands}, "back_hands": {class: hands}} from an iterable of
    (back key, front key, hands), or from its ``key_sums`` when given; fronts highest
    first, classes highest first."""
    by_front, by_row = sums if sums is not None else key_sums(histogram)
    by_class: dict = defaultdict(int)
    for row, n in by_row.items():
        by_class[int(row) >> 4] += int(n)
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
                    row_counts: Mapping, way: HouseWay | None = None,
                    sums: tuple | None = None) -> dict:
    """A certificate's ``house_way`` section, re-derived from its counts: the key
    histogram's rows [back key, front key, hands] and the hands decided by each row
    ({row: hands}, the row as a number or its text); ``way``: the house way's loaded file
    (``Rules.way``; None: compiled in); ``sums``: the rows' ``key_sums``, when made."""
    from verifier.houseway import row_names
    out = hand_tables(histogram_rows, sums)
    names = row_names(way)
    out["rows"] = [{"row": int(r), "name": names.get(int(r), ""), "hands": n}
                   for r, n in sorted(row_counts.items(), key=lambda item: int(item[0]))]
    out["house_way"] = house_way
    return out
