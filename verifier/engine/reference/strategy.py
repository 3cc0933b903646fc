"""The pure-Python twin of ``verifier.engine._strategy`` (cext/strategy.h): every
setting of one hand against every banker hand, by brute force (any deck, small decks in
practice), the same function with the same arguments (``strategy_counts``); with any
engine's keys (the compiled core's or the reference's), it is also the tests' second
algorithm. ``verifier.engine.backend.module("_strategy")`` gives it under
``PAIGOW_PUREPYTHON=1``."""
from __future__ import annotations

import itertools

from verifier.game.outcome import LOSS, WIN, base_outcome
from verifier.game.ranking import is_foul
from verifier.game.evaluate import eval2, is_wild
from typing import Any, Iterable, Mapping, Sequence, cast


def strategy_counts(cards: Iterable[int], deck: Iterable[int], wheel_second: bool = False, house_way: int = 0,
                    threads: int = 1, settlement: Any = None
                    ) -> tuple[list[dict[str, Any]], int | None]:
    """``_strategy.strategy_counts``: (settings, house) with the reference engine; ``threads``
    is ignored (one thread)."""
    from verifier.engine.reference import core
    return strategy_python(cards, deck, wheel_second, house_way, core, settlement=settlement)


def request_stop() -> None:
    """``_strategy.request_stop``: the compiled job's work running in another thread ends
    within milliseconds; the twin runs in the caller's thread, which an interrupt reaches
    directly, so there is nothing to stop."""


# ---------------------------------------------------------------------------------
# the pure-Python path (any deck; small decks in practice)
# ---------------------------------------------------------------------------------

def settings_python(cards: Iterable[int], engine: Any, wheel_second: int = False) -> list[dict[str, Any]]:
    """The distinct settings of seven sorted cards, in the order of their first split
    (fronts in lexicographic order of positions): dicts with front, back, back_key,
    front_key, foul and dominated (a legal setting's keys are both at least as high)."""
    cards = sorted(cards)
    out: list = []
    for front in itertools.combinations(cards, 2):
        back = [c for c in cards if c not in front]
        bk = engine.eval5(back, wheel_second)
        # the two-card key: the engine's (the joker an ace), or the wild joker's pair
        fk = eval2(list(front), True) if is_wild(wheel_second) else engine.eval2(list(front))
        if any(s["back_key"] == bk and s["front_key"] == fk for s in out):
            continue
        out.append({"front": list(front), "back": back, "back_key": bk, "front_key": fk,
                    "foul": is_foul(fk, bk)})
    for s in out:
        s["dominated"] = any(t is not s and not t["foul"] and t["back_key"] >= s["back_key"]
                             and t["front_key"] >= s["front_key"] for t in out)
    return out


def house_keys(cards: Iterable[int], engine: Any, wheel_second: int = False,
               house_way: int = 0) -> tuple[int, int] | None:
    """(back key, front key) of seven cards set by the house way, or None when no row of
    the house way sets them (row 0)."""
    _front, _back, fk, bk, row = engine.set_hand(sorted(cards), wheel_second, house_way)
    return (bk, fk) if row else None


def house_index(settings: Sequence[Mapping[str, Any]], keys: tuple[int, int] | None) -> int | None:
    """The index of the setting with these (back key, front key), or None."""
    return next((i for i, s in enumerate(settings)
                 if (s["back_key"], s["front_key"]) == keys), None)


def strategy_python(cards: Iterable[int], deck: Iterable[int], wheel_second: int = False, house_way: int = 0,
                    engine: Any = None,
                    keys: Mapping[tuple[int, ...], tuple[int, int] | None] | None = None,
                    settlement: Any = None) -> tuple[list[dict[str, Any]], int | None]:
    """(settings, house) as ``verifier.engine._strategy.strategy_counts`` gives them, by brute
    force: every banker hand of the rest of ``deck`` against every setting. ``keys``:
    optional {sorted hand tuple: (back key, front key) set by the house way, or None};
    ``engine``: whose keys (default the reference engine, this twin's own);
    ``settlement``: a SettlementRule whose push conditions count win_on_push_hand and
    loss_on_push_hand too (``pushes_on`` each banker hand). Every row carries the hand's
    Face Up counts too, ``face_up`` {win, loss, total}: against each banker hand the
    best outcome of a legal setting, settled by the push conditions."""
    if engine is None:
        from verifier.engine.reference import core as engine
    cards = sorted(cards)
    settings = settings_python(cards, engine, wheel_second)
    rest = [c for c in sorted(deck) if c not in cards]
    marked = settlement is not None and settlement.has_pushes
    face_up = {"win": 0, "loss": 0, "total": 0}
    for s in settings:
        s.update(total=0, win=0, loss=0, face_up=face_up,
                 **({"win_on_push_hand": 0, "loss_on_push_hand": 0} if marked else {}))
    for b in itertools.combinations(rest, 7):
        y = keys[b] if keys is not None else house_keys(b, engine, wheel_second, house_way)
        pushes = marked and settlement.pushes_on(y)
        best = max(base_outcome(s["back_key"], s["front_key"], *cast("tuple[int, int]", y))
                   for s in settings if not s["foul"])
        if marked:
            best = settlement.settle_outcome(best, y)
        face_up["total"] += 1
        face_up["win"] += best == WIN
        face_up["loss"] += best == LOSS
        for s in settings:
            outcome = base_outcome(s["back_key"], s["front_key"],
                                   *cast("tuple[int, int]", y))   # None: a TypeError, as before
            s["total"] += 1
            s["win"] += outcome == WIN
            s["loss"] += outcome == LOSS
            if pushes:
                s["win_on_push_hand"] += outcome == WIN
                s["loss_on_push_hand"] += outcome == LOSS
    mine = (keys[tuple(cards)] if keys is not None and tuple(cards) in keys
            else house_keys(cards, engine, wheel_second, house_way))
    return settings, house_index(settings, mine)


def all_house_keys(deck: Iterable[int], wheel_second: int = False, house_way: int = 0,
                   engine: Any = None) -> dict[tuple[int, ...], tuple[int, int] | None]:
    """{sorted hand tuple: house_keys(hand)} for every hand of ``deck``."""
    if engine is None:
        from verifier.engine.reference import core as engine
    return {h: house_keys(h, engine, wheel_second, house_way)
            for h in itertools.combinations(sorted(deck), 7)}
