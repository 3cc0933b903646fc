"""Each tier's hands of a progressive table listed (issue 37): every seven-card hand of the
deck, visited by the engine (``verifier.engine.tier_hands``, in parallel in the compiled
core), read as the table reads it and paid by its first tier, for the two-seat figures of
verifier/odds/progressive_seats.py. The engine looks a hand's code up in a table made here
once per table, from the same lines (``lines_of``) and precedence (``tier_of``) as a seat's
hand at the table: a seven-card or best-for-bet read's code is its line mask, a house-way
read's its set's back class and ordinal beside its front key."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from verifier.game.progressive import Progressive

#: most hands listed at once (their counts are known beforehand): 8 bytes a hand
LIST_LIMIT = 40_000_000
#: most hands of a deck the pure-Python engine visits (C(30,7) = 2,035,800)
TWIN_DECK_LIMIT = 2_100_000
#: reads whose lines are not a function of the seat's seven cards as a set
UNLISTABLE = {"versus-banker": "a versus-banker read depends on the dealer's hand",
              "first-cards": "a first-cards read depends on the order of the cards",
              "seven-card-and-front": "a seven-card-and-front read is not listed"}


def why_not_listed(table: Progressive, deck: Sequence[int]) -> str | None:
    """Why no tier's hands are listed (None: they are, up to ``LIST_LIMIT``)."""
    from math import comb
    from verifier.engine import current
    if current() == "pure-python" and comb(len(deck), 7) > TWIN_DECK_LIMIT:
        return (f"the pure-Python engine visits at most {TWIN_DECK_LIMIT:,} hands, not the "
                f"deck's {comb(len(deck), 7):,}")
    return UNLISTABLE.get(table.reads)


def listed_tiers(counts: Sequence[int]) -> list[bool]:
    """Which tiers are listed: the least common first while the hands stay within
    ``LIST_LIMIT`` (a tier left out keeps its bound)."""
    out, held = [False] * len(counts), 0
    for i in sorted(range(len(counts)), key=lambda i: counts[i]):
        if held + counts[i] <= LIST_LIMIT:
            out[i], held = True, held + counts[i]
    return out


def code_table(table: Progressive, listed: Sequence[bool]) -> Any:
    """Per code of a hand (``verifier.engine.tier_hands``), the tier paying it, or -1 (no
    tier, or a tier not listed)."""
    import numpy as np
    from verifier.game.bets import house_way_lines
    from verifier.game.categories import BEST_FOR_BET_LINES, CATEGORY_NAMES
    from verifier.game.ranking import CLASS_BITS, CLASS_NAMES, FRONT_PAIR_BASE

    def tier(lines: frozenset) -> int:
        t = table.tier_of(lines)
        return -1 if t is None or not listed[t] else t
    if table.reads == "house-way":
        out = np.full(1 << 16, -1, dtype=np.int8)
        for top in range(len(CLASS_NAMES) << 4):           # class and ordinal
            for front in range(13, FRONT_PAIR_BASE + 13):      # a top card of 3 or more
                out[top << 8 | front] = tier(house_way_lines(top << (CLASS_BITS - 4), front))
        return out
    names = CATEGORY_NAMES if table.reads == "seven-card" else BEST_FOR_BET_LINES
    codes = np.arange(1 << len(names), dtype=np.int64)
    out = np.full(len(codes), -1, dtype=np.int8)
    for i in reversed(range(len(table.tiers))):           # the first tier wins
        mask = sum(1 << names.index(n) for n in table.tiers[i].lines if n in names)
        out[(codes & mask) != 0] = i if listed[i] else -1
    return out


def tier_hands(table: Progressive, counts: Sequence[int], deck: Sequence[int],
               wheel_second: int, house_way: int) -> list[Any]:
    """Per tier, the bitmasks of the deck's hands it pays (uint64 arrays), or None for a
    tier not listed (``listed_tiers``); ``why_not_listed`` is None."""
    listed = listed_tiers(counts)
    codes = code_table(table, listed)
    from verifier.engine import current
    masks, tiers = _visit(current(), table.reads, codes.tobytes(), tuple(sorted(deck)),
                          wheel_second, house_way)
    return [masks[tiers == i] if listed[i] else None for i in range(len(table.tiers))]


@lru_cache(maxsize=4)
def _visit(engine: str, reads: str, codes: bytes, deck: tuple[int, ...], wheel_second: int,
           house_way: int) -> tuple[Any, Any]:
    """The visit of the deck by ``engine`` (the one in use), once per process for one
    table's codes (the full deck's takes seconds; a command, the workbench and the tests
    ask again)."""
    import numpy as np
    from verifier.engine import tier_hands as visit
    return visit(deck, wheel_second, house_way, reads, np.frombuffer(codes, dtype=np.int8))


def disjoint_pairs(hands: Any) -> int:
    """Ordered pairs of disjoint hands among ``hands`` (distinct card bitmasks of 7 cards
    each), by inclusion-exclusion over the card sets they contain: the empty set's term
    |S|^2, the engine's sums for 1 to 6 cards (``shared_card_sums``), and the hands
    themselves (-|S|: each seven-card set is one hand's). Once per process per set (kept
    by a digest of the sorted hands, not the hands)."""
    import hashlib
    import numpy as np
    from verifier.engine import current, shared_card_sums
    masks = np.sort(np.asarray(hands, dtype=np.uint64))
    key = (current(), hashlib.blake2b(masks.tobytes()).hexdigest())
    if key not in _PAIRS:
        if len(masks) > 1 and not np.all(masks[1:] != masks[:-1]):
            raise ValueError("a hand listed twice")
        n, sums = len(masks), shared_card_sums(masks)
        _PAIRS[key] = n * n + sum((-1) ** k * v for k, v in enumerate(sums, 1)) - n
    return _PAIRS[key]


_PAIRS: dict[tuple[str, str], int] = {}
