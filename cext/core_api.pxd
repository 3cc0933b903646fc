# C interface of the compiled core (cext/*.h); each .pyx that uses it does
# `from core_api cimport *`.
from libc.stdint cimport uint32_t, uint64_t

cdef extern from "engine.h" nogil:
    int JOKER
    int MEMO_SIZE
    enum: HOUSE_WAY_PROGRAM
    enum: ROW_SLOTS
    enum: HW_MAX_ROWS
    enum: HW_ROW_INTS
    enum: HW_NHAND_TYPES
    ctypedef struct hand_set_t:
        int front[2]
        int back[5]
        int front_key
        int back_key
        int row
    ctypedef struct hand_info_t:
        hand_set_t set
        int best_key
        int cats_seven
        int cats_house
        int best_for_bet
        int foul
    ctypedef struct engine_t:
        int wheel_second
        int house_way
        int nback
        int *back_keys
    void engine_statics_init()
    engine_t *engine_new(int wheel_second, int house_way, const int *program, int nrows)
    void engine_free(engine_t *e)
    int c_eval5 "eval5"(const engine_t *e, const int *cards)
    int c_eval2 "eval2"(const int *cards)
    void classify7(const engine_t *e, const int *cards, hand_info_t *out)
    ctypedef struct hand_keys_t:
        int back_key
        int front_key
        int cats_seven
        int cats_house
    ctypedef struct shape_t:
        pass
    void shape_of(const int *c, shape_t *sh)
    int hw_hand_type(const shape_t *sh)
    void engine_hand_info_fast(const engine_t *e, const int *cards, hand_keys_t *out)
    void c_hand_keys "engine_hand_keys"(const engine_t *e, const int *cards, int *back_key, int *front_key)

cdef extern from "maskcount.h" nogil:
    uint32_t MC_EMPTY
    uint32_t MC_INITIAL
    ctypedef struct maskcount_t:
        uint32_t *mask
        uint64_t *count
        uint32_t cap
        int failed
    int mc_init(maskcount_t *t, uint32_t cap)
    void mc_free(maskcount_t *t)

cdef extern from "shared_cards.h" nogil:
    int shared_card_sum(const uint64_t *masks, size_t count, int n, int k, uint64_t *out)

cdef extern from "enumerate.h" nogil:
    int NUM_FRONT_DENSE
    int FRONT_FROM_DENSE[]
    ctypedef struct accum_t:
        uint64_t hands
    void front_dense_init()
    accum_t *accum_new(const engine_t *e)
    void accum_free(accum_t *a)
    int accum_failed(const accum_t *a)
    uint64_t enumerate_chunk(const engine_t *e, const int *deck, int n,
                             int i0, int i1, int i2, int direct, accum_t *a)
    enum: FULL_DECK_CARDS
    enum: FULL_DECK_PARTS
    ctypedef struct suit_counts_t:
        uint32_t total
        uint32_t flush
        uint32_t one_colour
    void multiset_suit_counts(const int *cnt, int joker, suit_counts_t *out)
    uint64_t count_full_deck_part(const engine_t *e, int part, accum_t *a)
    void accum_merge(const engine_t *e, accum_t *dst, const accum_t *src)
    void accum_expand(const engine_t *e, const accum_t *a, uint64_t *hist64,
                      maskcount_t *cats_seven, maskcount_t *cats_house,
                      maskcount_t *best_for_bet, uint64_t *best_class,
                      uint64_t *royal, uint64_t *rows, uint64_t *fouls)
    void progress_add(uint64_t *counter, uint64_t n)
    uint64_t progress_get(uint64_t *counter)


cdef extern from "cpython_random.h" nogil:
    enum: CPY_MT_N
    ctypedef struct cpy_random_t:
        uint32_t mt[624]
        int index
    void cpy_shuffle(cpy_random_t *r, int *x, int n)


cdef inline void copy_ints(int *dst, values):
    """``values`` (cards, positions: Python ints) into a C array."""
    for i, v in enumerate(values):
        dst[i] = v
