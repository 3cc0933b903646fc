"""The 21 ways to split seven cards into a front of two and a back of five, and the
choice among them, visited in one order by every way of setting a hand (the built-in
house ways' twins and house-way files alike), so that equal choices are broken alike."""
from __future__ import annotations

from typing import Callable, Iterable, Iterator, Sequence

from verifier.game.evaluate import eval2, eval5, rank_as_ace


def rank_counts(cards: Iterable[int]) -> dict[int, int]:
    """{rank: count} with the joker counted as an ace."""
    counts: dict = {}
    for c in cards:
        r = rank_as_ace(c)
        counts[r] = counts.get(r, 0) + 1
    return counts


def front_ranks(front: Iterable[int]) -> tuple[int, ...]:
    """The front's ranks (joker as ace), highest first."""
    return tuple(sorted((rank_as_ace(c) for c in front), reverse=True))


def splits(cards: Sequence[int]) -> Iterator[tuple[tuple[int, int], tuple[int, ...]]]:
    """The 21 (front, back) splits of seven sorted cards, fronts in lexicographic order."""
    n = len(cards)
    for i in range(n):
        for j in range(i + 1, n):
            front = (cards[i], cards[j])
            back = tuple(c for k, c in enumerate(cards) if k != i and k != j)
            yield front, back


def best_split(cards: Sequence[int], accept: Callable[..., bool], wheel_second: bool
               ) -> tuple[tuple[int, int], tuple[int, ...], int, int] | None:
    """The first split, in visiting order, with the largest (front key, back key) among
    those ``accept(front, back, front_key, back_key)`` admits; None if none is admitted."""
    best = None
    for front, back in splits(cards):
        fk = eval2(front)
        bk = eval5(back, wheel_second)
        if not accept(front, back, fk, bk):
            continue
        if best is None or (fk, bk) > (best[2], best[3]):
            best = (front, back, fk, bk)
    return best
