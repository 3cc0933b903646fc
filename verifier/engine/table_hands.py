"""Setting many hands at once: the one engine call of a round (or of a block of rounds).

``set_hands(hands, wheel_second, house_way)`` returns, per seven-card hand,
``(front_cards, back_cards, front_key, back_key, mask_seven_card, mask_house_way)``:
the house-way set of docs/ENGINE.md and the Outlaw 9 category masks, in one call of the
engine in use (the compiled core's, or its twin's).
"""
from verifier.engine import backend


def set_hands(hands, wheel_second=False, house_way=0):
    """House-way sets and category masks for a list of seven-card hands (card ints)."""
    return backend.module("_core").set_hands(hands, wheel_second, house_way)


def player_set(cards, front, wheel_second=False):
    """A player's own set: ``front`` (two of ``cards``) in front, the rest behind.

    Returns (front_cards, back_cards, front_key, back_key, foul).
    """
    from verifier.game.ranking import is_foul
    core = backend.module("_core")
    back = [c for c in cards if c not in front]
    fkey = core.eval2(list(front))
    bkey = core.eval5(back, wheel_second)
    return list(front), back, fkey, bkey, is_foul(fkey, bkey)


def best_for_bet(cards):
    """The best-for-bet line mask of seven cards (verifier/game/categories.py
    BEST_FOR_BET_LINES): the lines of every setting that is not a foul."""
    return backend.module("_core").best_for_bet(list(cards))
