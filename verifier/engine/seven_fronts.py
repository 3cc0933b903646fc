"""The seven cards' categories and the front hand the house way sets, counted together:
hands per (seven-card category mask, front key), the counts a bet needs that reads both
(the Dealer Bonus: a table on the dealer's seven cards and a "nine high in low hand"
line, ``reads = "seven-card-and-front"``). The enumeration counts each alone.

On the 53-card deck no hand is visited one by one: as the compiled enumeration counts
(cext/enumerate.h, "the full deck by counting"), a hand with no flush possible is set
and classified by its ranks, and one colour or not; a hand with a flush possible by the
flush suit's ranks, the other cards' ranks, the joker, and whether a K and a Q beside
them are of one suit. One hand of each class goes through the engine's ``set_hands``
(about 300,000 of them), weighted by the hands of its class. A reduced deck (tests) is
visited hand by hand. A house way that sets a hand by the order of its suits is one line
(the classes go by the suits' symmetry).
"""
from __future__ import annotations

from itertools import combinations
from math import comb, prod
from typing import Iterator, Sequence

from verifier.engine.spec import EngineSpec, as_spec
from verifier.engine.table_hands import set_hands
from verifier.game.cards import JOKER, full_deck
from verifier.game.categories import CATEGORY_BIT

_ONE_COLOUR = (CATEGORY_BIT["all_one_color"], CATEGORY_BIT["all_one_color_with_joker"])
_STRAIGHT = 1 << CATEGORY_BIT["straight"]


def _multisets(n: int, at: int = 0) -> Iterator[tuple[int, ...]]:
    """Counts per rank (from ``at`` on), each at most 4, adding up to ``n``."""
    if at == 13:
        if n == 0:
            yield ()
        return
    for m in range(min(n, 4) + 1):
        for rest in _multisets(n - m, at + 1):
            yield (m,) + rest


def _suit_counts(cnt: Sequence[int], joker: bool) -> tuple[int, int, int]:
    """(all suit assignments, those with a flush possible, those one colour with none) of
    a rank multiset: cext/enumerate.h ``multiset_suit_counts``, the same closed forms."""
    need = 4 if joker else 5
    poly = [1]                                   # z^j: j clubs
    for m in (m for m in cnt if m):
        out = [0] * (len(poly) + 1)
        for j, v in enumerate(poly):
            out[j] += v * comb(3, m)
            out[j + 1] += v * comb(3, m - 1)
        poly = out
    singles, pairs = sum(m == 1 for m in cnt), sum(m == 2 for m in cnt)
    one = 0 if max(cnt) > 2 else sum(comb(singles, j) for j in range(singles + 1)
                                     if pairs + j < need and pairs + singles - j < need)
    return prod(comb(4, m) for m in cnt), 4 * sum(poly[need:]), 2 * one


def _no_flush_classes() -> Iterator[tuple[list[int], int, int]]:
    """(a hand of two colours with no flush, hands of two colours, hands of one colour) of
    every rank multiset of the 53-card deck."""
    for joker in (False, True):
        for cnt in _multisets(6 if joker else 7):
            total, flush, one = _suit_counts(cnt, joker)
            if total == flush:
                continue
            # the ranks' cards dealt round the suits: two of a suit at most, both colours
            cards = [4 * r + s for r, m in enumerate(cnt) for s in range(m)]
            hand = sorted(4 * (c // 4) + i % 4 for i, c in enumerate(cards))
            yield hand + ([JOKER] if joker else []), total - flush - one, one


def _flush_classes() -> Iterator[tuple[list[int], int]]:
    """(a hand, hands of its class) of every hand of the 53-card deck with a flush
    possible: cext/enumerate.h ``each_flush_class``, the flush suit taken as clubs."""
    for ranks in range(8192):
        nf = bin(ranks).count("1")
        flush = [4 * r for r in range(13) if ranks >> r & 1]
        for joker in (0, 1):
            others = 7 - joker - nf
            if nf < 5 - joker or others < 0:
                continue
            for r0 in (range(13) if others else (13,)):
                for r1 in (range(r0, 13) if others == 2 else (13,)):
                    reps: dict[int, tuple[int, int]] = {}
                    weight = [0, 0]
                    for s0 in range(1, 4 if r0 < 13 else 2):
                        for s1 in range(1, 4 if r1 < 13 else 2):
                            if r1 < 13 and r0 == r1 and s0 >= s1:
                                continue
                            cls = int(r0 == 10 and r1 == 11 and s0 == s1)
                            weight[cls] += 1
                            reps.setdefault(cls, (s0, s1))
                    for cls, (s0, s1) in reps.items():
                        rest = [4 * r + s for r, s in ((r0, s0), (r1, s1)) if r < 13]
                        yield sorted(flush + rest) + ([JOKER] if joker else []), 4 * weight[cls]


def seven_card_fronts(rules: object = None, deck: Sequence[int] | None = None
                      ) -> dict[tuple[int, int], int]:
    """{(seven-card category mask, front key): hands} of every seven-card hand of ``deck``
    (default the 53-card deck), set by the house way of ``rules`` (an ``EngineSpec`` or
    ``Rules``)."""
    spec: EngineSpec = as_spec(rules)  # type: ignore[arg-type]
    cards = sorted(deck) if deck is not None else full_deck()
    out: dict[tuple[int, int], int] = {}
    if cards != full_deck():
        wheel, number = spec.checked()
        for hand in _chunks(combinations(cards, 7)):
            for s in set_hands(hand, wheel, number):
                out[(s[4], s[2])] = out.get((s[4], s[2]), 0) + 1
        return out
    wheel, number = spec.checked(suit_symmetric=True)
    plain = list(_no_flush_classes())
    flushes = list(_flush_classes())
    hands = [h for h, _, _ in plain] + [h for h, _ in flushes]
    sets = set_hands(hands, wheel, number)
    for (_, mixed, one), s in zip(plain, sets):
        mask, front = s[4], s[2]
        if mixed:
            out[(mask, front)] = out.get((mask, front), 0) + mixed
        if one:      # one colour, no flush: all red or black unless a straight is there
            bit = _ONE_COLOUR[JOKER in s[0] + s[1]]
            mask |= 0 if mask & _STRAIGHT else 1 << bit
            out[(mask, front)] = out.get((mask, front), 0) + one
    for (_, n), s in zip(flushes, sets[len(plain):]):
        out[(s[4], s[2])] = out.get((s[4], s[2]), 0) + n
    assert sum(out.values()) == comb(53, 7)
    return out


def _chunks(hands: Iterator[tuple[int, ...]], size: int = 100_000) -> Iterator[list[list[int]]]:
    chunk: list[list[int]] = []
    for h in hands:
        chunk.append(list(h))
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
