"""Setting many hands at once: the one engine call of a round (or of a block of rounds).

``set_hands(hands, wheel_second, house_way)`` returns, per seven-card hand,
``(front_cards, back_cards, front_key, back_key, mask_seven_card, mask_house_way)``:
the house-way set of docs/ENGINE.md and the Outlaw 9 category masks.

When the engine offers a batched ``engine.set_hands`` with that signature and result
(the compiled core can), it is called once; otherwise the hands are set one by one with
``engine.set_hand`` and ``engine.categories``.
"""


def _engine():
    from verifier.engine.backend import engine
    return engine


def set_hands(hands, wheel_second=False, house_way=0):
    """House-way sets and category masks for a list of seven-card hands (card ints)."""
    engine = _engine()
    batch = getattr(engine, "set_hands", None)
    if batch is not None:
        return batch(hands, wheel_second, house_way)
    set_hand = engine.set_hand
    categories = engine.categories
    out = []
    for cards in hands:
        front, back, fkey, bkey, _row = set_hand(cards, wheel_second, house_way)
        m7, mhw = categories(cards, wheel_second, house_way)
        out.append((front, back, fkey, bkey, m7, mhw))
    return out


def player_set(cards, front, wheel_second=False):
    """A player's own set: ``front`` (two of ``cards``) in front, the rest behind.

    Returns (front_cards, back_cards, front_key, back_key, foul).
    """
    from verifier.game.ranking import is_foul
    engine = _engine()
    back = [c for c in cards if c not in front]
    fkey = engine.eval2(list(front))
    bkey = engine.eval5(back, wheel_second)
    return list(front), back, fkey, bkey, is_foul(fkey, bkey)


def best_for_bet(cards):
    """The best-for-bet line mask of seven cards (verifier/game/categories.py
    BEST_FOR_BET_LINES): the lines of every setting that is not a foul."""
    return _engine().best_for_bet(list(cards))
