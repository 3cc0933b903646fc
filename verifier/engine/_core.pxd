# The one owner of the engine state (verifier.engine._core, cext/_core.pyx): the other
# compiled modules `from verifier.engine._core cimport Engine, engine_for`, so an engine
# (and the house-way program it carries) is made once per process, not once per module.
from core_api cimport engine_t

cdef class Engine:
    cdef engine_t *ptr

cpdef Engine engine_for(int wheel_second=*, int house_way=*)
cpdef list check_deck(deck, int least)
cpdef list check_player_hand(cards, deck)
