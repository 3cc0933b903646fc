# cython: language_level=3
"""verifier.engine._pairwise: the compiled player-against-banker counts (cext/pairwise.h).

Front end: verifier/engine/pairwise.py. Every count is over ordered pairs (player, banker) of
disjoint seven-card hands of the deck, both set by the house way.
"""
import itertools

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memset

from core_api cimport *

cdef extern from "pairwise.h" nogil:
    int PW_NRAW
    ctypedef struct pw_ctx_t:
        const engine_t *e
        int n
        uint32_t nhands
        int nback, nkeys, lowf, ngroup, nf
        int group[24][53]
        int nthreads
        uint8_t *cback
        uint8_t cfront[182]
    int pw_init(pw_ctx_t *x, const engine_t *e, const int *deck, int n, int nthreads)
    int pw_set_comparison(pw_ctx_t *x, const uint32_t *cmp_back, const uint16_t *cmp_front,
                          int nback, int nf, int lowf)
    void pw_free(pw_ctx_t *x)
    int pw_build_table(pw_ctx_t *x)
    int64_t pw_check_keys(const pw_ctx_t *x)
    void pw_all_hands(const pw_ctx_t *x, uint32_t *h)
    ctypedef struct pw_reps_t:
        int count
    ctypedef struct pw_job_t:
        int64_t raw_by_k[8][12]
        pw_reps_t reps[7]
        int k, i
        uint64_t done, total
        double seconds_by_k[8]
        double cpu_by_k[8]
        double span_by_k[8]
    int pw_job_begin(const pw_ctx_t *x, pw_job_t *j)
    int pw_job_step(const pw_ctx_t *x, pw_job_t *j, uint64_t budget)
    void pw_job_end(pw_job_t *j)
    double pw_now()

cdef extern from "pairwise_oracles.h" nogil:
    int PP_N
    int pw_player_ie(const pw_ctx_t *x, const int *p, int64_t *r)
    void pw_player_direct(const engine_t *e, const int *deck, int n, const int *player,
                          int nthreads, int64_t *r)
    int pw_brute(const pw_ctx_t *x, int64_t *r)
    void pw_monte_carlo(const engine_t *e, const int *deck, int n, int64_t deals,
                        uint64_t seed, int nthreads, int64_t *r)

RAW_NAMES = ("T", "W", "L", "CH", "CL", "CB", "TL", "WL", "LL", "TC", "WC", "LC")
#: at most this many push conditions (one bit each of cext/pairwise_keys.h's masks)
MAX_PUSH_TERMS = 8


def _suit_group(deck):
    """Position permutations of the deck induced by the suit permutations preserving it."""
    pos = {c: i for i, c in enumerate(deck)}
    out = []
    for p in itertools.permutations(range(4)):
        img = [c if c == JOKER else (c & ~3) | p[c & 3] for c in deck]
        if all(c in pos for c in img):
            out.append([pos[c] for c in img])
    out.sort(key=lambda g: g != list(range(len(deck))))   # identity first
    return out


cdef str _stage_note(pw_job_t *job):
    """Where the job is: the size of the shared-card sets, the orbit within that size."""
    cdef int k = min(job.k, 6)
    cdef int i = job.i if job.k <= 6 else job.reps[6].count
    return f"shared cards {k}, orbit {i:,}/{job.reps[k].count:,}"


cdef dict _player_dict(int64_t *r):
    total, win, loss, ch, cl, cb, push2 = [int(r[i]) for i in range(7)]
    push = total - win - loss
    return {"total": total, "win": win, "loss": loss, "push": push, "copy_high": ch,
            "copy_low": cl, "copy_both": cb, "push_wrangler_2to1": push2,
            "push_wrangler_1to1": push - push2}


from verifier.engine._core cimport Engine, engine_for, check_deck, check_player_hand

engine_statics_init()   # this module's copy of the C tables engine.h reads


cdef class PairwiseTable:
    """The key of every hand of a deck, and the counts built on it."""
    cdef pw_ctx_t ctx
    cdef Engine engine
    cdef public list deck
    cdef public double build_seconds
    cdef public list seconds_by_size
    cdef public list cpu_by_size
    cdef public list span_by_size
    cdef public bint marked
    cdef public bint compared

    def __cinit__(self, deck, int wheel_second=False, int house_way=0, int threads=1,
                  bint symmetry=True, settlement=None, comparison=None):
        cdef int buf[53]
        deck = check_deck(deck, 7)
        self.deck = deck
        self.engine = engine_for(wheel_second, house_way)
        for i, c in enumerate(deck):
            buf[i] = c
        if pw_init(&self.ctx, self.engine.ptr, buf, len(deck), threads):
            raise ValueError("bad deck")
        terms = tuple(settlement.push_terms()) if settlement is not None else ()
        self.compared = comparison is not None and not comparison.is_default
        if self.compared:
            if terms:
                raise ValueError("push conditions are not counted under a comparison reading")
            self._compare(comparison, wheel_second)
        self._mark(terms)
        if symmetry:
            group = _suit_group(deck)
            self.ctx.ngroup = len(group)
            for g, perm in enumerate(group):
                for i, v in enumerate(perm):
                    self.ctx.group[g][i] = v
        cdef double t0 = pw_now()
        cdef int rc
        with nogil:
            rc = pw_build_table(&self.ctx)
        if rc:
            raise MemoryError("hand key table")
        self.build_seconds = pw_now() - t0

    def __dealloc__(self):
        pw_free(&self.ctx)

    def _compare(self, comparison, int wheel_second):
        """A comparison reading's maps (verifier/game/comparison.py: ``engine_maps``) onto
        the table's keys (cext/pairwise_keys.h, pw_set_comparison)."""
        cdef int nb0 = self.ctx.nback
        backs = [self.ctx.e.back_keys[b] for b in range(nb0)]
        fronts = [FRONT_FROM_DENSE[f] for f in range(91)]
        cmp_back, cmp_front, nback, nf, lowf = comparison.engine_maps(backs, fronts,
                                                                      wheel_second)
        cdef uint32_t *bm = <uint32_t *>malloc(sizeof(uint32_t) * 2 * nb0)
        cdef uint16_t fm[182]
        if bm is NULL:
            raise MemoryError
        try:
            for i, v in enumerate(cmp_back):
                bm[i] = v
            for i, v in enumerate(cmp_front):
                fm[i] = v
            if pw_set_comparison(&self.ctx, bm, fm, nback, nf, lowf):
                raise ValueError("comparison maps out of range")
        finally:
            free(bm)

    def _mark(self, terms):
        """The push conditions' masks: bit t of a back (a front) when condition t's test
        on it holds (None: every one)."""
        if len(terms) > MAX_PUSH_TERMS:
            raise ValueError(f"at most {MAX_PUSH_TERMS} push conditions")
        self.marked = bool(terms)
        for t, (back, front) in enumerate(terms):
            for b in range(self.ctx.nback):
                if back is None or back(self.ctx.e.back_keys[b]):
                    self.ctx.cback[b] |= 1 << t
            for f in range(self.ctx.nf):
                if front is None or front(FRONT_FROM_DENSE[f]):
                    self.ctx.cfront[f] |= 1 << t

    @property
    def nback(self):
        return self.ctx.nback

    @property
    def group_order(self):
        return self.ctx.ngroup

    def key_histogram(self):
        """{(back key, front key): hands} over every hand of the deck, from the table."""
        if self.compared:
            raise ValueError("a comparison reading's keys are not the engine's")
        cdef size_t nk = self.ctx.nkeys
        cdef uint32_t *h = <uint32_t *>malloc(sizeof(uint32_t) * nk)
        if h is NULL:
            raise MemoryError
        memset(h, 0, sizeof(uint32_t) * nk)
        with nogil:
            pw_all_hands(&self.ctx, h)
        out = {}
        try:
            for j in range(nk):
                if h[j]:
                    out[(self.ctx.e.back_keys[j // 91], FRONT_FROM_DENSE[j % 91])] = int(h[j])
        finally:
            free(h)
        return out

    def check_keys(self):
        """Every hand's key from the compact tables against the engine's own, one by one:
        the number that differ (0)."""
        cdef int64_t bad
        with nogil:
            bad = pw_check_keys(&self.ctx)
        return int(bad)

    def raw_by_size(self, progress=None):
        """[{raw name: sum over card sets S of size k of D_S}] for k = 0..7.

        The C job runs in steps of about 1/100 of the work (a fraction of a second on
        the full deck): between steps ``progress(done, total, note)`` is called (None:
        no report; the caller's bar, verifier.support.progress.progress_report) and
        Ctrl-C is answered (KeyboardInterrupt)."""
        cdef pw_job_t *job = <pw_job_t *>malloc(sizeof(pw_job_t))
        cdef int rc
        cdef uint64_t budget
        if job is NULL:
            raise MemoryError("pairwise work space")
        with nogil:
            rc = pw_job_begin(&self.ctx, job)
        if rc:
            free(job)
            raise MemoryError("pairwise work space")
        try:
            budget = job.total // 100 + 1
            while True:
                with nogil:
                    rc = pw_job_step(&self.ctx, job, budget)
                if progress is not None:
                    progress(job.done, job.total, _stage_note(job))
                PyErr_CheckSignals()
                if rc:
                    break
            self.seconds_by_size = [job.seconds_by_k[k] for k in range(8)]
            self.cpu_by_size = [job.cpu_by_k[k] for k in range(8)]
            self.span_by_size = [job.span_by_k[k] for k in range(8)]
            return [{RAW_NAMES[i]: int(job.raw_by_k[k][i]) for i in range(len(RAW_NAMES))}
                    for k in range(8)]
        finally:
            pw_job_end(job)
            free(job)

    def counts(self, progress=None):
        """Exact counts over every ordered pair of disjoint hands (``progress``: as
        ``raw_by_size``'s)."""
        by_k = self.raw_by_size(progress)
        s = {name: sum((-1) ** k * by_k[k][name] for k in range(8)) for name in RAW_NAMES}
        push = s["T"] - s["W"] - s["L"]
        push1 = s["TL"] - s["WL"] - s["LL"]
        out = {"total": s["T"], "win": s["W"], "loss": s["L"], "push": push,
               "copy_high": s["CH"], "copy_low": s["CL"], "copy_both": s["CB"],
               "push_wrangler_2to1": push - push1, "push_wrangler_1to1": push1}
        if self.marked:
            out.update(banker_push_hand=s["TC"], win_on_push_hand=s["WC"],
                       loss_on_push_hand=s["LC"])
        return out

    def player_counts(self, cards):
        """One player hand against every disjoint banker hand, by inclusion-exclusion."""
        cdef int p[7]
        cdef int64_t r[8]
        pos = {c: i for i, c in enumerate(self.deck)}
        cards = check_player_hand(cards, pos)
        for i, c in enumerate(cards):
            p[i] = pos[c]
        cdef int rc
        with nogil:
            rc = pw_player_ie(&self.ctx, p, r)
        if rc:
            raise MemoryError
        return _player_dict(r)

    def brute_force(self):
        """Every ordered pair of disjoint hands, one by one (small decks)."""
        cdef int64_t r[8]
        with nogil:
            pw_brute(&self.ctx, r)
        return _player_dict(r)


def pairwise_counts(deck, int wheel_second=False, int house_way=0, int threads=1,
                    progress=None, settlement=None, comparison=None):
    """Exact counts over every ordered pair of disjoint hands of ``deck`` (``progress``:
    None, or report(done, total, note) between steps; ``settlement``: a SettlementRule
    whose push conditions' terms (``push_terms``) are counted as well; ``comparison``: a
    ``verifier.game.comparison.Comparison``, how two set hands compare (None: by the
    engine's keys))."""
    table = PairwiseTable(deck, wheel_second, house_way, threads, True, settlement,
                          comparison)
    cdef double t0 = pw_now()
    out = table.counts(progress)
    out["table_seconds"] = table.build_seconds
    out["count_seconds"] = pw_now() - t0
    return out


def versus_banker(cards, deck, int wheel_second=False, int house_way=0, int threads=1):
    """One player hand against every banker hand of the rest of the deck, directly."""
    cdef int d[53]
    cdef int p[7]
    cdef int64_t r[8]
    deck = check_deck(deck, 14)
    cdef int n = len(deck)
    cards = check_player_hand(cards, deck)
    copy_ints(d, deck)
    copy_ints(p, cards)
    cdef engine_t *e = engine_for(wheel_second, house_way).ptr
    with nogil:
        pw_player_direct(e, d, n, p, threads, r)
    return _player_dict(r)


def monte_carlo(deck, int64_t deals, uint64_t seed=1, int wheel_second=False,
                int house_way=0, int threads=1):
    """Random deals of two hands from ``deck``: player counts (a statistical check)."""
    cdef int d[53]
    cdef int64_t r[8]
    deck = check_deck(deck, 14)
    cdef int n = len(deck)
    if deals < 0:
        raise ValueError("deals must be >= 0")
    for i, c in enumerate(deck):
        d[i] = c
    cdef engine_t *e = engine_for(wheel_second, house_way).ptr
    with nogil:
        pw_monte_carlo(e, d, n, deals, seed, threads, r)
    return _player_dict(r)
