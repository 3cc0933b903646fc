"""Every way to set one player hand against every banker hand set by the house way
(issue 15, groundwork; docs/STRATEGY.md).

A player's seven cards can be set 21 ways (the two cards of the front); ways with the
same (back key, front key) are one setting, and a setting whose front outranks its back
is a foul (not legal). For each setting, the exact wins, pushes and losses against every
banker hand of the rest of the deck (C(46,7) = 53,524,680 on the full deck), each set by
the house way; the outcome of a pair of set hands is ``verifier.game.outcome.base_outcome``
(its C twin ``base_outcome`` in cext/engine.h). The value of a setting is the rule set's
settlement of those counts (``verifier.odds.basegame.setting_return``).

The compiled path (``verifier.engine._strategy``, cext/strategy.h) enumerates the banker hands
in C; the pure-Python path here does the same by brute force with any engine (the
compiled core's keys or the reference's) and is the tests' second algorithm on reduced
decks.
"""
import itertools

from verifier.game.cards import full_deck
from verifier.game.outcome import LOSS, WIN, base_outcome
from verifier.game.ranking import is_foul


# ---------------------------------------------------------------------------------
# the pure-Python path (any deck; small decks in practice)
# ---------------------------------------------------------------------------------

def settings_python(cards, engine, wheel_second=False):
    """The distinct settings of seven sorted cards, in the order of their first split
    (fronts in lexicographic order of positions): dicts with front, back, back_key,
    front_key, foul and dominated (a legal setting's keys are both at least as high)."""
    cards = sorted(cards)
    out = []
    for front in itertools.combinations(cards, 2):
        back = [c for c in cards if c not in front]
        bk, fk = engine.eval5(back, wheel_second), engine.eval2(list(front))
        if any(s["back_key"] == bk and s["front_key"] == fk for s in out):
            continue
        out.append({"front": list(front), "back": back, "back_key": bk, "front_key": fk,
                    "foul": is_foul(fk, bk)})
    for s in out:
        s["dominated"] = any(t is not s and not t["foul"] and t["back_key"] >= s["back_key"]
                             and t["front_key"] >= s["front_key"] for t in out)
    return out


def house_keys(cards, engine, wheel_second=False, house_way=0):
    """(back key, front key) of seven cards set by the house way, or None when no row of
    the house way sets them (row 0)."""
    _front, _back, fk, bk, row = engine.set_hand(sorted(cards), wheel_second, house_way)
    return (bk, fk) if row else None


def house_index(settings, keys):
    """The index of the setting with these (back key, front key), or None."""
    return next((i for i, s in enumerate(settings)
                 if (s["back_key"], s["front_key"]) == keys), None)


def strategy_python(cards, deck, wheel_second=False, house_way=0, engine=None, keys=None):
    """(settings, house) as ``verifier.engine._strategy.strategy_counts`` gives them, by brute
    force: every banker hand of the rest of ``deck`` against every setting. ``keys``:
    optional {sorted hand tuple: (back key, front key) set by the house way, or None}."""
    if engine is None:
        from verifier.engine.backend import engine
    cards = sorted(cards)
    settings = settings_python(cards, engine, wheel_second)
    rest = [c for c in sorted(deck) if c not in cards]
    for s in settings:
        s.update(total=0, win=0, loss=0)
    for b in itertools.combinations(rest, 7):
        y = keys[b] if keys is not None else house_keys(b, engine, wheel_second, house_way)
        for s in settings:
            outcome = base_outcome(s["back_key"], s["front_key"], *y)
            s["total"] += 1
            s["win"] += outcome == WIN
            s["loss"] += outcome == LOSS
    mine = (keys[tuple(cards)] if keys is not None and tuple(cards) in keys
            else house_keys(cards, engine, wheel_second, house_way))
    return settings, house_index(settings, mine)


def all_house_keys(deck, wheel_second=False, house_way=0, engine=None):
    """{sorted hand tuple: house_keys(hand)} for every hand of ``deck``."""
    if engine is None:
        from verifier.engine.backend import engine
    return {h: house_keys(h, engine, wheel_second, house_way)
            for h in itertools.combinations(sorted(deck), 7)}


def brute_force_python(deck, wheel_second=False, house_way=0, engine=None, keys=None):
    """{player hand: (settings, house)} for every hand of ``deck``: every pair of disjoint
    hands and every setting, one by one (reduced decks only)."""
    if keys is None:
        keys = all_house_keys(deck, wheel_second, house_way, engine)
    return {h: strategy_python(h, deck, wheel_second, house_way, engine, keys) for h in keys}


# ---------------------------------------------------------------------------------
# public API
# ---------------------------------------------------------------------------------

def strategy_counts(cards, rules=None, deck=None, threads=None):
    """(settings, house): every distinct setting of seven card ints with its exact total,
    win and loss counts against every banker hand of the rest of ``deck`` (default the
    53-card deck) set by the house way, and the index of the house way's setting (None
    when no row of a house-way file sets the hand). Compiled when built, else the
    pure-Python path."""
    from verifier.engine.backend import compiled
    from verifier.engine.pairwise import check_hand, engine_options
    rules, wheel_second, house_way, nthreads = engine_options(rules, threads)
    deck = sorted(deck) if deck is not None else full_deck()
    cards = check_hand(cards, deck)
    mod = compiled("_strategy")
    if mod is not None:
        return mod.strategy_counts(cards, deck, wheel_second, house_way, nthreads)
    return strategy_python(cards, deck, wheel_second, house_way)
