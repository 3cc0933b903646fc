"""Every k-card combination of a deck counted by the lines its cards show (the
``first-cards`` read, verifier/game/firstcards.py), exactly and without dealing them one
by one: by how many cards of each rank they hold (at most C(17, 4)-odd rank patterns for
k = 7), each pattern's combinations the product of C(cards of the rank, taken), of which
those of one suit are counted apart (a pattern with no rank twice, one suit each way the
deck allows). The first k cards dealt to a hand are a uniformly random k-card combination,
so these counts over C(n, k) are the exact probabilities of a first-cards bet, for a
player's hand or the banker's alike."""
from __future__ import annotations

from collections import Counter
from math import comb, prod
from typing import Iterator, Sequence

from verifier.game.cards import JOKER
from verifier.game.firstcards import CARDS_RANGE, lines_of
from verifier.support.errors import VerifierError


def _patterns(n: int, caps: Sequence[int], at: int = 0) -> Iterator[tuple[int, ...]]:
    """Every way to take ``n`` cards by rank: counts per rank from ``at`` on, each at most
    its cap (how many cards of that rank the deck holds)."""
    if at == len(caps):
        if n == 0:
            yield ()
        return
    for taken in range(min(n, caps[at]) + 1):
        for rest in _patterns(n - taken, caps, at + 1):
            yield (taken,) + rest


def first_cards_sets(k: int, deck: Sequence[int]) -> tuple[tuple[frozenset[str], int], ...]:
    """((frozenset of lines, combinations), ...) over every ``k``-card combination of
    ``deck`` (card ints; the joker is 52): they add up to C(len(deck), k)."""
    if isinstance(k, bool) or not isinstance(k, int) or k not in CARDS_RANGE:
        raise VerifierError(f"first cards: {k!r} is not a number of cards from "
                            f"{CARDS_RANGE.start} to {CARDS_RANGE.stop - 1}")
    suits = [[c & 3 for c in deck if c != JOKER and c >> 2 == r] for r in range(13)]
    caps = [len(s) for s in suits]
    out: Counter = Counter()
    for joker in (False, True) if JOKER in deck else (False,):
        for pattern in _patterns(k - joker, caps):
            ways = prod(comb(caps[r], n) for r, n in enumerate(pattern))
            one_suit = 0
            if max(pattern, default=0) <= 1:
                held = [suits[r] for r, n in enumerate(pattern) if n]
                one_suit = (sum(all(s in ranks for ranks in held) for s in range(4)) if held
                            else ways)
            if one_suit:
                out[lines_of(pattern, joker, True)] += one_suit
            if ways - one_suit:
                out[lines_of(pattern, joker, False)] += ways - one_suit
    total = sum(out.values())
    assert total == comb(len(deck), k), (total, len(deck), k)
    return tuple(sorted(out.items(), key=lambda item: sorted(item[0])))
