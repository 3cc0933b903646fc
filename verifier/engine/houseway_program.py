"""The compiled route of house-way files: a file's rows as the flat program of
cext/houseway.h, given an engine number (2 and up) once, in the engines' owner
(verifier.engine._core, whose engines every compiled module uses).

A house way's engine number is what the engine calls take: ``house_way_number(name)``
(0 and 1 are the built-ins compiled in), ``house_way_file_number(house_way)`` for a
file's route. The pure-Python twin (``PAIGOW_PUREPYTHON=1``) sets hands by the Python
interpreter of verifier/houseway/interpret.py under the same number.
"""
from __future__ import annotations

from pathlib import Path

from verifier.houseway.fields import MAX_BANDS, MAX_CODE  # the format's limits are C's
# the program's layout: its one source, which cext/vocab.h is generated from
from verifier.houseway.layout import (BACK, BANDS, CODE, CODE_LEN, ELSE, FRONT, FRONT_KINDS, FRONT_MIN, FRONT_RANKS, HANDS, HAS_ELSE, HIGHEST_FRONT, HIGHEST_FRONT_READINGS, IMPROVES, LABEL, NBANDS, OPERAND_FEATURE, OPERAND_RANK, ROW_INTS)

_IDS: dict = {}           # program (tuple) -> engine number
_DEFINED: set = set()     # (engine, number): the programs registered with each engine


class ProgramTooBig(ValueError):
    pass


def _front(raw):
    from verifier.houseway.conditions import FEATURE_IDS, rank_value
    if isinstance(raw, str):
        return [FRONT_KINDS[raw], 0, 0, 0, 0]
    out = [FRONT_RANKS]
    for item in raw:
        if isinstance(item, str) and item in FEATURE_IDS:
            out += [OPERAND_FEATURE, FEATURE_IDS[item]]
        else:
            out += [OPERAND_RANK, rank_value(item)]
    return out


def program_of(house_way) -> list:
    """The rows of a ``HouseWay`` as the ints cext/houseway.h reads."""
    from verifier.houseway.conditions import FEATURE_IDS, condition_code
    from verifier.houseway.interpret import BACK_CLASSES, HAND_TYPES
    ints = []
    for row in house_way.rows:
        r = [0] * ROW_INTS
        r[LABEL] = row.label
        r[HANDS] = sum(1 << HAND_TYPES.index(h) for h in row.hands)
        if len(row.bands) > MAX_BANDS:
            raise ProgramTooBig(f"row {row.name!r}: more than {MAX_BANDS} rank bands")
        r[NBANDS] = len(row.bands)
        for i, (feature, (low, high)) in enumerate(row.bands):
            r[BANDS + 3 * i: BANDS + 3 * i + 3] = [FEATURE_IDS[feature], low, high]
        r[FRONT:FRONT + 5] = _front(row.front_raw)
        r[BACK] = BACK_CLASSES[row.back] if row.back else -1
        r[IMPROVES] = BACK_CLASSES[row.improves_on] if row.improves_on else -1
        if row.else_raw is not None:
            r[HAS_ELSE] = 1
            r[ELSE:ELSE + 5] = _front(row.else_raw)
        code = condition_code(row.when_text) if row.when is not None else []
        if len(code) > MAX_CODE:
            raise ProgramTooBig(f"row {row.name!r}: its condition is too long for the "
                                f"compiled route ({len(code)} codes, at most {MAX_CODE})")
        r[FRONT_MIN] = -1 if row.front_min is None else row.front_min
        r[HIGHEST_FRONT] = HIGHEST_FRONT_READINGS[house_way.readings["highest_front"]]
        r[CODE_LEN] = len(code)
        r[CODE:CODE + len(code)] = code
        ints += r
    return ints


from verifier.houseway.fileformat import BUILT_IN_IDS  # noqa: E402
BUILT_IN_ROWS = 11


def house_way_number(name: str) -> int:
    """The engine number of a house way by name or file (``Rules.house_way``): 0 and 1
    for the built-ins, else its file's program (loaded and defined on first use)."""
    if name in BUILT_IN_IDS:
        return BUILT_IN_IDS[name]
    from verifier.houseway.fileformat import load
    return house_way_file_number(load(name))


def engine_arguments(rules, suit_symmetric: bool = False, check: bool = True) -> tuple[bool, int]:
    """The one adapter from the rules to the compiled engine's (and its twin's) arguments:
    ``(wheel_second, house_way)``, A-2-3-4-5 second-highest and the house way's number.
    ``suit_symmetric``: the caller counts by the suits' symmetry (one hand for all its
    suit relabellings), so a house way whose readings set a hand by the order of its
    suits is refused, in one line.

    ``check``: a user's house-way file must set every hand of the 53-card deck, none as a
    foul (what ``house-ways check`` reports), or every command that sets hands by it
    refuses it here, in one line naming the file and a hand (``refuse_faults``); only
    ``house-ways check`` itself, and the setting of one hand, which says so when no row
    sets it, pass ``check=False``."""
    if suit_symmetric:
        refuse_order_dependent(rules.house_way)
    wheel_second = rules.wheel == "second"
    if rules.house_way in BUILT_IN_IDS:
        return wheel_second, BUILT_IN_IDS[rules.house_way]
    from verifier.houseway.fileformat import HOUSE_WAY_DIR, load
    house_way = load(rules.house_way)
    number = house_way_file_number(house_way)
    if check and Path(house_way.path).parent != HOUSE_WAY_DIR:
        refuse_faults(rules.house_way, wheel_second, number,
                      visit=house_way.order_dependent)
    return wheel_second, number


#: (engine number, wheel_second) -> the fault line of the house way on the 53-card deck,
#: or "" when it has none: one enumeration per house-way program and process
_VERDICTS: dict = {}


def refuse_faults(name, wheel_second, number, deck=None, raw=None, threads=None,
                  visit=False):
    """``HouseWayError`` (one line naming the house way and a hand) when the house way of
    engine ``number`` leaves a hand of ``deck`` (default the 53-card deck) to no row or
    sets one as a foul. ``raw``: the enumeration's counts of that deck when already made
    (``enumerate_hands``), else it is made here: 0.14 to 0.4 s on the full deck
    (benchmarks/hostile.py), once per program (the verdict is kept). The shipped files pass (``house-ways check`` on each,
    a test of the ``full`` run). The pure-Python twin cannot enumerate the full deck: there
    the check is the enumeration's own on the deck it runs (``run``). ``visit``: the house
    way sets a hand by the order of its suits, so the enumeration visits every hand."""
    from verifier.engine import backend
    from verifier.game.cards import full_deck
    whole = deck is None or len(deck) == len(full_deck())
    key = (number, bool(wheel_second))
    line = _VERDICTS.get(key) if whole else None
    if line is None:
        if raw is None:
            if backend.PURE_PYTHON:
                return
            from verifier.engine.threads import thread_count
            extra = {"visit": True} if visit else {}
            raw = backend.engine.enumerate_counts(deck or full_deck(), wheel_second, number,
                                                  thread_count(threads), None, **extra)
        line = fault_line(name, deck or full_deck(), wheel_second, number, raw, threads)
        if whole:
            _VERDICTS[key] = line
    if line:
        from verifier.houseway import HouseWayError
        raise HouseWayError(line)


def fault_line(name, deck, wheel_second, number, raw, threads=None):
    """The one line of a house way whose enumeration ``raw`` leaves hands to no row or
    sets fouls, with the first such hand of ``deck``; "" when it does neither."""
    if not (raw["rows"][0] or raw["fouls"]):
        return ""
    from verifier.engine import backend
    from verifier.engine.threads import thread_count
    from verifier.game.cards import cards_str
    foul = not raw["rows"][0]
    what = (f"sets {raw['fouls']:,} hands as a foul (front above back)" if foul else
            f"covers {raw['rows'][0]:,} hands by no row")
    hand = backend.engine.find_hand(sorted(deck), wheel_second, number, foul,
                                    thread_count(threads))
    example = f", e.g. {cards_str(hand)}" if hand else ""
    return (f"house way {name} {what}{example} (paigow-verify hand CARDS --house-way ... "
            "shows how it sets one)")


def order_dependent(name: str) -> bool:
    """Whether a house way (by name or file) sets a hand by the order of its suits
    (verifier.houseway.fileformat ORDER_DEPENDENT readings)."""
    if name in BUILT_IN_IDS:
        return False
    from verifier.houseway.fileformat import load
    return load(name).order_dependent


def refuse_order_dependent(name: str) -> None:
    """One line for a house way whose readings set a hand by the order of its suits."""
    if not order_dependent(name):
        return
    from verifier.houseway.fields import ORDER_DEPENDENT, OrderDependentError
    from verifier.houseway.fileformat import load
    which = ", ".join(f"{k} = {v!r}" for k, v in load(name).readings.items()
                      if (k, v) in ORDER_DEPENDENT)
    raise OrderDependentError(f"house way {name} reads {which}, which sets a hand by the order "
                        "of its suits; this count goes by the suits' symmetry and cannot "
                        "use it (house-ways ratings, run and hand can)")


def row_count(name: str) -> int:
    """How many rows the per-row counts have: 11 for the built-ins, else the file's rows."""
    if name in BUILT_IN_IDS:
        return BUILT_IN_ROWS
    from verifier.houseway.fileformat import load
    return len(load(name).rows)


def house_way_file_number(house_way) -> int:
    """The engine number of a house way's file route (also for the built-ins' files: the
    tests compare the two routes)."""
    program = program_of(house_way)
    key = tuple(program)
    number = _IDS.get(key)
    if number is None:
        number = _IDS[key] = 2 + len(_IDS)
    from verifier.engine import backend
    if (backend.NAME, number) in _DEFINED:          # registered once per engine and process
        return number
    nrows = len(house_way.rows)
    if backend.PURE_PYTHON:
        from verifier.engine.reference import core
        core.define_house_way(number, house_way)
    else:     # the engines' one owner: the other compiled modules take theirs from it
        backend.compiled("_core").define_house_way(number, program, nrows)
    _DEFINED.add((backend.NAME, number))
    return number
