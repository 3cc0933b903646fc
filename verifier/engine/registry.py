"""House ways by engine number, the number every engine call takes: 0 and 1 are the two
compiled in (Mike's Cardroom, Emperor's Challenge); a file's program (verifier.engine.program)
is given a number, 2 and up, once per program and process, and registered with the engine
in use (the compiled core, whose engines every compiled module shares, or its pure-Python
twin, which sets hands by the file's rows) once per engine, when a job first asks for it
there: switching engines (``backend.using``) reaches every number."""
from __future__ import annotations

from verifier.engine import backend
from verifier.engine.program import program_of
from verifier.houseway.builtin import BUILT_IN_IDS, FIRST_FILE_NUMBER
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.houseway import HouseWay

#: the rows of the per-row counts of a compiled-in house way
BUILT_IN_ROWS = 11

_IDS: dict = {}           # program (tuple) -> engine number
_FILES: dict = {}         # engine number -> (program, HouseWay)
_DEFINED: set = set()     # (engine, number): the programs registered with each engine


def house_way_file_number(house_way: HouseWay) -> int:
    """The engine number of a loaded house way's file route (also for the built-ins'
    files: the tests compare the two routes), registered with the engine in use."""
    program = program_of(house_way)
    key = tuple(program)
    number = _IDS.get(key)
    if number is None:
        number = _IDS[key] = FIRST_FILE_NUMBER + len(_IDS)
        _FILES[number] = (program, house_way)
    return registered(number)


def registered(number: int, engine: "str | None" = None) -> int:
    """``number``, its program registered with the engine in use (or ``engine``, one of
    ``backend.BACKENDS``), once per engine and process; the compiled-in numbers need none."""
    engine = engine or backend.current()
    if number in BUILT_IN_IDS.values() or (engine, number) in _DEFINED:
        return number
    program, house_way = _FILES[number]
    # the compiled core takes the flat program; its twin interprets the file's rows
    backend.module("_core", engine).define_house_way(
        number, house_way if engine == "pure-python" else program, len(house_way.rows))
    _DEFINED.add((engine, number))
    return number


def house_way_number(name: str) -> int:
    """The engine number of a house way by name or file (``Rules.house_way``): 0 and 1
    for the built-ins, else its file's program (loaded and registered on first use)."""
    if name in BUILT_IN_IDS:
        return BUILT_IN_IDS[name]
    from verifier.houseway.fileformat import load
    return house_way_file_number(load(name))
