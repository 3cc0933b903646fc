# cython: language_level=3
"""The compiled core: the same API as verifier/engine/reference/core.py, fast.

eval5, eval2, set_hand, categories, best_five_class, enumerate_counts, hand_keys.
Cards are ints (docs/ENGINE.md); callers validate them (verifier.hands does), but
nothing here crashes on bad input: it raises ValueError.
"""
import math
import threading

from cython.parallel import prange, threadid
from libc.stdlib cimport malloc, free
from libc.stdint cimport uint64_t

from core_api cimport *

engine_statics_init()
front_dense_init()

# The one owner of the engine state: the engines of every compiled module, and the
# house-way programs they carry, are made here (the other modules cimport Engine and
# engine_for from verifier/engine/_core.pxd). The C tables static to each module that
# compiles engine.h (MSET_TERM, SPLIT_*, FRONT_DENSE) are filled by each at import.

from libc.stdlib cimport malloc as _malloc, free as _free

#: house way id (2 and up) -> (program ints, number of rows): house-way files compiled by
#: verifier.engine.houseway_program, defined once, here
cdef dict _PROGRAMS = {}


def define_house_way(int house_way, program, int nrows):
    """Give a compiled house-way file (verifier.houseway.compiled) the id ``house_way``
    (2 and up): every compiled module's engines are made here."""
    if house_way < 2 or not 1 <= nrows <= HW_MAX_ROWS or len(program) != nrows * HW_ROW_INTS:
        raise ValueError("bad house-way program")
    old = _PROGRAMS.get(house_way)
    if old is not None and old[0] != list(program):
        raise ValueError(f"house way id {house_way} is already another program")
    _PROGRAMS[house_way] = (list(program), nrows)


cdef class Engine:
    """Owns the tables of one evaluation (the wheel option and the joker's reading: bits
    EVAL_* of ``wheel_second``) and house way (declared in _core.pxd)."""

    def __cinit__(self, int wheel_second, int house_way):
        cdef int *program = NULL
        cdef int nrows = 0, i
        if house_way in (0, 1):   # 0 Mike's Cardroom, 1 Emperor's Challenge (compiled in)
            with nogil:           # its tables: C alone, while Python runs elsewhere
                self.ptr = engine_new(wheel_second, house_way, NULL, 0)
        elif house_way in _PROGRAMS:
            ints, nrows = _PROGRAMS[house_way]
            program = <int *>_malloc(sizeof(int) * len(ints))
            if program == NULL:
                raise MemoryError("cannot allocate the house-way program")
            try:
                for i in range(len(ints)):
                    program[i] = ints[i]
                with nogil:
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


cpdef list check_deck(deck, int least):
    """The deck sorted: ``least`` to 53 different card ints 0..52, else ValueError."""
    deck = sorted(map(int, deck))
    if not least <= len(deck) <= 53 or len(set(deck)) != len(deck) or min(deck) < 0 or max(deck) > 52:
        raise ValueError(f"deck: {least} to 53 different cards (ints 0..52)")
    return deck


cpdef list check_player_hand(cards, deck):
    """The player's seven cards sorted: seven different cards of ``deck``, else ValueError."""
    cards = sorted(cards)
    if len(cards) != 7 or len(set(cards)) != 7 or not set(cards) <= set(deck):
        raise ValueError("seven different cards of the deck")
    return cards


cdef dict _ENGINES = {}


cpdef Engine engine_for(int wheel_second=False, int house_way=0):
    """The engine of these rules, built once per process: the one owner of the engine
    state, which the other compiled modules cimport (_core.pxd)."""
    key = (wheel_second, house_way)
    eng = _ENGINES.get(key)
    if eng is None:
        eng = _ENGINES[key] = Engine(wheel_second, house_way)
    return eng


cdef int _load(cards, int want, int *out) except -1:
    """Validated, sorted copy of `cards` into out[0:want]."""
    cdef list cs = sorted(int(c) for c in cards)
    if len(cs) != want:
        raise ValueError(f"expected {want} cards, got {len(cs)}")
    for i in range(want):
        if not 0 <= cs[i] <= 52:
            raise ValueError(f"bad card number {cs[i]}")
        if i and cs[i] == cs[i - 1]:
            raise ValueError(f"duplicate card number {cs[i]}")
        out[i] = cs[i]
    return 0


def eval5(cards, wheel_second=False):
    cdef int c[5]
    _load(cards, 5, c)
    return c_eval5(engine_for(wheel_second, 0).ptr, c)


def eval2(cards):
    """Two-card key, the joker an ace (the bug; a wild engine's fronts: set_hand)."""
    cdef int c[2]
    _load(cards, 2, c)
    return c_eval2(c)


cdef hand_info_t _classify(cards, int wheel_second, int house_way) except *:
    cdef int c[7]
    cdef hand_info_t info
    _load(cards, 7, c)
    classify7(engine_for(wheel_second, house_way).ptr, c, &info)
    return info


def set_hand(cards, wheel_second=False, house_way=0):
    """(front cards, back cards, front key, back key, row) by the house way."""
    cdef hand_info_t info = _classify(cards, wheel_second, house_way)
    return (tuple(info.set.front[i] for i in range(2)), tuple(info.set.back[i] for i in range(5)),
            info.set.front_key, info.set.back_key, info.set.row)


def categories(cards, wheel_second=False, house_way=0):
    """(Category mask under the seven-card reading, mask under the house-way reading)."""
    cdef hand_info_t info = _classify(cards, wheel_second, house_way)
    return info.cats_seven, info.cats_house


def best_for_bet(cards, wheel_second=False, house_way=0):
    """The best-for-bet line mask (verifier/game/categories.py BEST_FOR_BET_LINES)."""
    cdef hand_info_t info = _classify(cards, wheel_second, house_way)
    return info.best_for_bet


def best_five_class(cards, wheel_second=False):
    cdef hand_info_t info = _classify(cards, wheel_second, 0)
    return info.best_key >> 20


def hand_keys(cards, wheel_second=False, house_way=0):
    """(back key, front key) through the memo: the enumeration's own fast path."""
    cdef int c[7]
    cdef int bk, fk
    _load(cards, 7, c)
    c_hand_keys(engine_for(wheel_second, house_way).ptr, c, &bk, &fk)
    return bk, fk


def set_hands(hands, wheel_second=False, house_way=0):
    """Many hands at once: [(front cards, back cards, front key, back key, mask seven-card,
    mask house-way)] for a list of 7-card hands (the table simulator's batched call)."""
    cdef const engine_t *e = engine_for(wheel_second, house_way).ptr
    cdef int c[7]
    cdef hand_info_t info
    out = []
    for hand in hands:
        _load(hand, 7, c)
        classify7(e, c, &info)
        out.append((tuple(info.set.front[i] for i in range(2)),
                    tuple(info.set.back[i] for i in range(5)),
                    info.set.front_key, info.set.back_key, info.cats_seven, info.cats_house))
    return out


def shuffled_deals(state, deck, int n):
    """``n`` deals of random.Random.shuffle: ``deck`` (a list of cards, 14 or more) shuffled
    in place ``n`` times by the generator whose ``getstate()[1]`` is ``state`` (624 words
    and the index), each time the sorted first seven cards and the sorted next seven.
    Returns ([(player, dealer)], the generator's state after, the deck after): what
    CPython's shuffle makes (cext/cpython_random.h)."""
    cdef cpy_random_t r
    cdef int d[64]
    cdef int m = len(deck), i, k
    if m < 14 or m > 64 or len(state) != CPY_MT_N + 1:
        raise ValueError("shuffled_deals: a deck of 14 to 64 cards and a state of 625 words")
    for i in range(CPY_MT_N):
        r.mt[i] = state[i]
    r.index = state[CPY_MT_N]
    copy_ints(d, deck)
    out = []
    for k in range(n):
        cpy_shuffle(&r, d, m)
        out.append((tuple(sorted([d[i] for i in range(7)])),
                    tuple(sorted([d[i] for i in range(7, 14)]))))
    return (out, tuple([r.mt[i] for i in range(CPY_MT_N)]) + (r.index,),
            [d[i] for i in range(m)])


def hand_info_fast(cards, wheel_second=False, house_way=0):
    """(back key, front key, mask seven-card, mask house-way) through the memo."""
    cdef int c[7]
    cdef hand_keys_t k
    _load(cards, 7, c)
    engine_hand_info_fast(engine_for(wheel_second, house_way).ptr, c, &k)
    return k.back_key, k.front_key, k.cats_seven, k.cats_house


cdef class _Job:
    """One enumeration: chunks of fixed first three cards, run across threads; or, for the
    full deck, the parts of its count (cext/enumerate.h count_full_deck_part)."""
    cdef Engine eng
    cdef int *deck
    cdef int n, nchunks, threads, direct, counting
    cdef int *chunk
    cdef accum_t **acc
    cdef uint64_t counter[1]

    def __cinit__(self, Engine eng, deck, int threads, bint direct, bint visit):
        self.eng = eng
        self.direct = direct
        self.n = len(deck)
        self.counting = self.n == FULL_DECK_CARDS and not direct and not visit
        self.threads = threads
        self.deck = <int *>malloc(sizeof(int) * max(self.n, 1))
        for i, card in enumerate(deck):
            self.deck[i] = card
        triples = [] if self.counting else [
            (a, b, c) for a in range(self.n) for b in range(a + 1, self.n)
            for c in range(b + 1, self.n - 4)]
        self.nchunks = FULL_DECK_PARTS if self.counting else len(triples)
        self.chunk = <int *>malloc(sizeof(int) * 3 * max(len(triples), 1))
        for k, (a, b, c) in enumerate(triples):
            self.chunk[3 * k], self.chunk[3 * k + 1], self.chunk[3 * k + 2] = a, b, c
        self.acc = <accum_t **>malloc(sizeof(accum_t *) * threads)
        for t in range(threads):
            self.acc[t] = accum_new(eng.ptr)
            if self.acc[t] == NULL:
                raise MemoryError("cannot allocate the enumeration counters")
        self.counter[0] = 0

    def __dealloc__(self):
        if self.acc != NULL:
            for t in range(self.threads):
                accum_free(self.acc[t])
        free(self.acc)
        free(self.chunk)
        free(self.deck)

    def run(self):
        cdef const engine_t *e = self.eng.ptr
        cdef int *deck = self.deck
        cdef int *chunk = self.chunk
        cdef accum_t **acc = self.acc
        cdef uint64_t *counter = self.counter
        cdef int n = self.n, k, direct = self.direct, counting = self.counting
        cdef uint64_t got
        with nogil:
            for k in prange(self.nchunks, schedule="dynamic", num_threads=self.threads):
                if counting:
                    got = count_full_deck_part(e, k, acc[threadid()])
                else:
                    got = enumerate_chunk(e, deck, n, chunk[3 * k], chunk[3 * k + 1],
                                          chunk[3 * k + 2], direct, acc[threadid()])
                progress_add(counter, got)

    def done(self):
        return progress_get(self.counter)

    def result(self):
        cdef const engine_t *e = self.eng.ptr
        cdef int t
        cdef size_t nh = <size_t>e.nback * NUM_FRONT_DENSE
        cdef uint64_t *hist = <uint64_t *>malloc(sizeof(uint64_t) * nh)
        cdef maskcount_t tables[3]    # seven-card, house-way, best-for-bet
        cdef uint64_t best[10]
        cdef uint64_t rows[ROW_SLOTS]
        cdef uint64_t royal, fouls
        cdef int failed = hist == NULL
        for t in range(3):
            failed |= mc_init(&tables[t], MC_INITIAL) < 0
        try:
            if failed:
                raise MemoryError("cannot allocate the enumeration results")
            with nogil:     # C alone, while Python runs elsewhere
                for t in range(1, self.threads):
                    accum_merge(e, self.acc[0], self.acc[t])
                accum_expand(e, self.acc[0], hist, &tables[0], &tables[1], &tables[2],
                             best, &royal, rows, &fouls)
            failed = accum_failed(self.acc[0])
            for t in range(3):
                failed |= tables[t].failed
            if failed:
                raise MemoryError("cannot count the enumeration's masks")
            return {
                "total": self.acc[0].hands,
                "best_five": [best[t] for t in range(10)],
                "royal": royal,
                "rows": [rows[t] for t in range(ROW_SLOTS)],
                "sets_seven": _mask_dict(&tables[0]),
                "sets_house": _mask_dict(&tables[1]),
                "sets_best_for_bet": _mask_dict(&tables[2]),
                **_key_rows(e, hist, nh),     # hist_rows, hist_sums, hist_text
                "fouls": fouls,
            }
        finally:
            free(hist)
            for t in range(3):
                mc_free(&tables[t])


cdef dict _mask_dict(const maskcount_t *t):
    """{mask: hands} of a count table, masks ascending (the zero counts left out)."""
    cdef uint32_t i
    out = []
    for i in range(t.cap):
        if t.mask[i] != MC_EMPTY and t.count[i]:
            out.append((t.mask[i], t.count[i]))
    return dict(sorted(out))


def enumerate_counts(deck, wheel_second, house_way, threads, progress, direct=False,
                     visit=False):
    """Counts over every 7-card hand of `deck` (sorted card ints); see docs/ENGINE.md.

    `progress`: None, or report(done, total) called from this thread while workers run
    (hands; the protocol of every compiled job: verifier.support.progress.progress_report).
    `direct`: classify every hand through all 21 sets, bypassing the rank-multiset memo
    (about 20x slower; the cross-check of the memo).
    `visit`: visit every hand of the full deck too, instead of counting suit assignments
    (cext/enumerate.h; the cross-check of the count).
    """
    deck = sorted(int(c) for c in deck)
    if len(set(deck)) != len(deck) or any(not 0 <= c <= 52 for c in deck):
        raise ValueError("deck must hold distinct card numbers 0..52")
    job = _Job(engine_for(wheel_second, house_way), deck, max(1, int(threads)), direct, visit)
    worker = threading.Thread(target=job.run, name="paigow-enumeration", daemon=True)
    worker.start()
    reported, total = 0, math.comb(len(deck), 7)
    while worker.is_alive():
        worker.join(0.25)
        if progress is not None:
            reported = job.done()
            progress(reported, total)
    if progress is not None and job.done() > reported:
        progress(job.done(), total)
    return job.result()



def suit_assignment_counts(ranks, bint joker):
    """(all, with a flush possible, one colour with no flush possible): the suit
    assignments of a multiset of ranks 0..12 (each at most four times), beside the joker
    when ``joker``; the closed forms the full deck's count uses (cext/enumerate.h)."""
    cdef int cnt[13]
    cdef suit_counts_t out
    if len(ranks) != 7 - joker:
        raise ValueError("seven ranks, or six beside the joker")
    for r in range(13):
        cnt[r] = 0
    for r in ranks:
        if not 0 <= r <= 12 or cnt[r] == 4:
            raise ValueError("ranks must be 0..12, each at most four times")
        cnt[r] += 1
    multiset_suit_counts(cnt, joker, &out)
    return out.total, out.flush, out.one_colour


# every hand of a deck, one at a time: comparing house ways, finding a hand
include "key_rows.pxi"
include "deck_visit.pxi"
