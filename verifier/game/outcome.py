"""The base game's outcome of two set hands, the one place in Python that decides it
(the compiled core's is ``base_outcome`` in cext/engine.h).

High hand against high hand, low against low; the player takes a hand only by ranking
strictly higher (an identical hand, a copy, goes to the banker). Both taken: the player
wins; one each: a push; otherwise the player loses. Hands are compared by their keys
(verifier/game/ranking.py): the five-card back's and the two-card front's.
"""
from __future__ import annotations
WIN, PUSH, LOSS = 1, 0, -1


def base_outcome(player_back: int, player_front: int, banker_back: int, banker_front: int) -> int:
    """``WIN`` (1), ``PUSH`` (0) or ``LOSS`` (-1) for the player."""
    high = player_back > banker_back
    low = player_front > banker_front
    if high and low:
        return WIN
    if high or low:
        return PUSH
    return LOSS
