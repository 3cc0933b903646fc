# The engine owner: `include "engine_owner.pxi"` (after `from core_api cimport *`) in
# each .pyx that uses the engine. Every extension module builds its own engines: the
# C tables behind them (MSET_TERM, SPLIT_*, FRONT_DENSE) are static to the module
# that compiled engine.h, so an engine must not cross from one module to another.

from libc.stdlib cimport malloc as _malloc, free as _free

#: house way id (2 and up) -> (program ints, number of rows): house-way files compiled by
#: verifier.houseway.compiled, defined in every module that builds engines
cdef dict _PROGRAMS = {}


def define_house_way(int house_way, program, int nrows):
    """Give a compiled house-way file (verifier.houseway.compiled) the id ``house_way``
    (2 and up) in this module."""
    if house_way < 2 or not 1 <= nrows <= HW_MAX_ROWS or len(program) != nrows * HW_ROW_INTS:
        raise ValueError("bad house-way program")
    old = _PROGRAMS.get(house_way)
    if old is not None and old[0] != list(program):
        raise ValueError(f"house way id {house_way} is already another program")
    _PROGRAMS[house_way] = (list(program), nrows)


cdef class Engine:
    """Owns the tables of one (wheel option, house way)."""
    cdef engine_t *ptr

    def __cinit__(self, bint wheel_second, int house_way):
        cdef int *program = NULL
        cdef int nrows = 0, i
        if house_way in (0, 1):   # 0 Mike's Cardroom, 1 Emperor's Challenge (compiled in)
            self.ptr = engine_new(wheel_second, house_way, NULL, 0)
        elif house_way in _PROGRAMS:
            ints, nrows = _PROGRAMS[house_way]
            program = <int *>_malloc(sizeof(int) * len(ints))
            if program == NULL:
                raise MemoryError("cannot allocate the house-way program")
            try:
                for i in range(len(ints)):
                    program[i] = ints[i]
                self.ptr = engine_new(wheel_second, HOUSE_WAY_PROGRAM, program, nrows)
            finally:
                _free(program)
        else:
            raise ValueError(f"unknown house way id {house_way}")
        if self.ptr == NULL:
            raise MemoryError("cannot allocate the engine tables")

    def __dealloc__(self):
        engine_free(self.ptr)

    def back_keys(self):
        return [self.ptr.back_keys[i] for i in range(self.ptr.nback)]


def check_deck(deck, int least):
    """The deck sorted: ``least`` to 53 different card ints 0..52, else ValueError."""
    deck = sorted(int(c) for c in deck)
    if not least <= len(deck) <= 53 or len(set(deck)) != len(deck) or min(deck) < 0 or max(deck) > 52:
        raise ValueError(f"deck: {least} to 53 different cards (ints 0..52)")
    return deck


def check_player_hand(cards, deck):
    """The player's seven cards sorted: seven different cards of ``deck``, else ValueError."""
    cards = sorted(cards)
    if len(cards) != 7 or len(set(cards)) != 7 or not set(cards) <= set(deck):
        raise ValueError("seven different cards of the deck")
    return cards


cdef inline void copy_ints(int *dst, values):
    """``values`` (cards, positions: Python ints) into a C array."""
    for i, v in enumerate(values):
        dst[i] = v


cdef dict _ENGINES = {}


cpdef Engine engine_for(bint wheel_second=False, int house_way=0):
    """The engine of these rules, built once per module."""
    key = (bool(wheel_second), house_way)
    eng = _ENGINES.get(key)
    if eng is None:
        eng = _ENGINES[key] = Engine(wheel_second, house_way)
    return eng
