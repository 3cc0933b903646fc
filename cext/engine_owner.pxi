# The engine owner: `include "engine_owner.pxi"` (after `from core_api cimport *`) in
# each .pyx that uses the engine. Every extension module builds its own engines: the
# C tables behind them (MSET_TERM, SPLIT_*, FRONT_DENSE) are static to the module
# that compiled engine.h, so an engine must not cross from one module to another.

cdef class Engine:
    """Owns the tables of one (wheel option, house way)."""
    cdef engine_t *ptr

    def __cinit__(self, bint wheel_second, int house_way):
        if house_way not in (0, 1):   # 0 Mike's Cardroom, 1 Emperor's Challenge
            raise ValueError(f"unknown house way id {house_way}")
        self.ptr = engine_new(wheel_second, house_way)
        if self.ptr == NULL:
            raise MemoryError("cannot allocate the engine tables")

    def __dealloc__(self):
        engine_free(self.ptr)

    def back_keys(self):
        return [self.ptr.back_keys[i] for i in range(self.ptr.nback)]


cdef dict _ENGINES = {}


cpdef Engine engine_for(bint wheel_second=False, int house_way=0):
    """The engine of these rules, built once per module."""
    key = (bool(wheel_second), house_way)
    eng = _ENGINES.get(key)
    if eng is None:
        eng = _ENGINES[key] = Engine(wheel_second, house_way)
    return eng
