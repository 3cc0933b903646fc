"""Setting many hands at once: the one engine call of a round (or of a block of rounds).

``set_hands(hands, wheel_second, house_way)`` returns, per seven-card hand,
``(front_cards, back_cards, front_key, back_key, mask_seven_card, mask_house_way)``:
the house-way set of docs/ENGINE.md and the Outlaw 9 category masks, in one call of the
engine in use (the compiled core's, or its twin's).
"""
from __future__ import annotations

from verifier.engine import backend
from typing import Any, Iterable, Sequence


def set_hands(hands: Sequence[Sequence[int]], wheel_second: bool = False, house_way: int = 0) -> Any:
    """House-way sets and category masks for a list of seven-card hands (card ints)."""
    return backend.module("_core").set_hands(hands, wheel_second, house_way)


def player_set(cards: Sequence[int], front: Sequence[int], wheel_second: bool = False
               ) -> tuple[list[int], list[int], int, int, bool]:
    """A player's own set: ``front`` (two of ``cards``) in front, the rest behind.

    Returns (front_cards, back_cards, front_key, back_key, foul).
    """
    from verifier.game.ranking import is_foul
    core = backend.module("_core")
    back = [c for c in cards if c not in front]
    fkey = core.eval2(list(front))
    bkey = core.eval5(back, wheel_second)
    return list(front), back, fkey, bkey, is_foul(fkey, bkey)


def best_for_bet(cards: Iterable[int]) -> int:
    """The best-for-bet line mask of seven cards (verifier/game/categories.py
    BEST_FOR_BET_LINES): the lines of every setting that is not a foul."""
    return backend.module("_core").best_for_bet(list(cards))
