# cython: language_level=3
"""verifier.engine._strategy: every setting of one player hand against every banker hand set by
the house way (cext/strategy.h). Front end: verifier/engine/hand_strategy.py."""
from libc.stdint cimport int64_t, uint8_t

from core_api cimport *

cdef extern from "strategy.h" nogil:
    ctypedef struct st_hand_t:
        int n
        int front[21][2]
        int back_key[21]
        int front_key[21]
        int foul[21]
        int dominated[21]
        int house
        int64_t total
        int64_t win[21]
        int64_t loss[21]
        int64_t pwin[21]
        int64_t ploss[21]
        int64_t fu_win, fu_loss
    void st_settings(const engine_t *e, const int *c, st_hand_t *h)
    void st_count_direct(const engine_t *e, const int *deck, int n, const int *player,
                         int nthreads, const uint8_t *pback, const uint8_t *pfront,
                         int push_all, st_hand_t *h)

from libc.stdlib cimport malloc, calloc, realloc, free

from verifier.engine._core cimport Engine, engine_for, check_deck, check_player_hand

engine_statics_init()   # this module's copy of the C tables engine.h reads


def _push_marks(settlement, Engine eng):
    """(back, front): the settlement's push conditions marked on the engine's back keys
    and on the 182 front keys (``SettlementRule.push_marks``), as bytes for the C count;
    no condition (or no settlement): one zero back mark and zero front marks."""
    if settlement is None or not settlement.has_pushes:
        return bytes(1), bytes(182)
    b, f = settlement.push_marks(eng.back_keys())
    return bytes(b), bytes(f)


def strategy_counts(cards, deck, int wheel_second=False, int house_way=0, int threads=1,
                    settlement=None):
    """(settings, house) for seven ``cards`` of the ``deck`` (card ints): each distinct
    setting a dict (front, back: its cards; back_key, front_key; foul, dominated; total, win,
    loss against every banker hand of the rest of the deck); ``house`` the index of the
    house way's setting (None when no row of the house way sets the hand). With a
    ``settlement`` (SettlementRule) that pushes on the banker's hand, each setting's
    win_on_push_hand and loss_on_push_hand too (its outcomes settles them). Each row also
    carries the hand's Face Up counts, ``face_up`` {win, loss, total}: the best legal
    setting against each banker hand seen set, settled by the push conditions."""
    cdef int d[53]
    cdef int p[7]
    cdef st_hand_t h
    cdef const uint8_t[:] mark_back
    cdef const uint8_t[:] mark_front
    cdef const uint8_t *pback = NULL
    cdef int push_all = 1
    deck = check_deck(deck, 14)
    cards = check_player_hand(cards, deck)
    cdef int n = len(deck)
    copy_ints(d, deck)
    copy_ints(p, cards)
    cdef Engine eng = engine_for(wheel_second, house_way)
    cdef engine_t *e = eng.ptr
    marked = settlement is not None and settlement.has_pushes
    mark_back, mark_front = _push_marks(settlement, eng)
    if marked:
        push_all = settlement.pushes_losses
        pback = &mark_back[0]
    with nogil:
        st_settings(e, p, &h)
        st_count_direct(e, d, n, p, threads, pback, &mark_front[0], push_all, &h)
    settings = []
    face_up = {"win": int(h.fu_win), "loss": int(h.fu_loss), "total": int(h.total)}
    for s in range(h.n):
        front = [h.front[s][0], h.front[s][1]]
        row = {"front": front, "back": [c for c in cards if c not in front],
               "back_key": h.back_key[s], "front_key": h.front_key[s],
               "foul": bool(h.foul[s]), "dominated": bool(h.dominated[s]),
               "total": int(h.total), "win": int(h.win[s]), "loss": int(h.loss[s]),
               "face_up": face_up}
        if marked:         # (no negative index: this module turns wraparound off)
            row.update(win_on_push_hand=int(h.pwin[s]), loss_on_push_hand=int(h.ploss[s]))
        settings.append(row)
    return settings, (h.house if h.house >= 0 else None)


# ---------------------------------------------------------------------------------
# the full job (cext/strategy_job.h): every player hand, by inclusion-exclusion
# ---------------------------------------------------------------------------------

cdef extern from "strategy_run.h" nogil:
    int SJ_NTYPES
    ctypedef struct sj_t:
        int full_sym
        int64_t nbankers
        int nlevel[7]
        unsigned long long table_bytes
        unsigned long long level_bytes[6]
    ctypedef struct sj_acc_t:
        int64_t hands, classes, house_win, house_loss, best_win, best_loss, not_optimal, cost
        int64_t fu_win, fu_loss
        int64_t bad
        int64_t by_type[10][3]
        int64_t by_row[121][3]
        int64_t *pat
        int64_t *pat_best
        unsigned long long *pat_ex
        unsigned short *pat_bf
    int sj_stop
    int SJ_STOPPED
    int SJ_UNBUILT
    int sj_init(sj_t *J, const engine_t *e, const int *deck, int n, int64_t cn, int64_t cd,
                int nthreads, int symmetry, const int *ranges, int nr)
    void sj_free(sj_t *J)
    int sj_set_marks(sj_t *J, const uint8_t *back, const uint8_t *front, int push_all,
                     int face_up)
    int sj_acc_init(const sj_t *J, sj_acc_t *a)
    void sj_acc_free(sj_acc_t *a)
    void sj_acc_reset(sj_acc_t *a)
    int sj_run(sj_t *J, const int *ranges, int nr, sj_acc_t *out, int cap)
    int sj_one_hand(const sj_t *J, const int *cards, st_hand_t *h)
    double pw_now()

def request_stop():
    """Ends the job's work now running (in another thread) within milliseconds: its
    loops skip what is left, and its build or ``run`` raises KeyboardInterrupt. The
    command calls it when interrupted (verifier/strategy/job.py)."""
    global sj_stop
    sj_stop = 1


cdef class StrategyJob:
    """The optimal-strategy job on one deck (docs/STRATEGY.md): tables built once (about
    0.8 GB on the full deck), then ``run(lo, hi)`` for any range of the ``units`` (six-card
    orbit representatives) gives the raw sums of verifier/strategy/optimal.py.
    ``settlement``: the ``SettlementRule``, whole (None: even money): its ``value_ratio``
    ranks the settings, its push conditions mark the banker's hands, its dealer exposed
    sums Face Up too. ``symmetry=False``
    takes every card set as its own orbit (the same sums by a second route; small decks).
    ``units``: None (every unit), or the ranges (lo, hi) of units to be run: only the
    tables their player hands read are built (``check --recompute``'s few chunks), and
    ``run`` takes only ranges within them."""
    cdef sj_t job
    cdef bint ready
    cdef sj_acc_t *kept            # run's sums, one a range, kept from one run to the next
    cdef int kept_n                # (initialised)
    cdef bint kept_busy
    cdef Engine engine
    cdef public list deck
    cdef public double build_seconds
    cdef public bint face_up
    cdef public object only

    def __cinit__(self, deck, int wheel_second=False, int house_way=0, settlement=None,
                  int threads=1, bint symmetry=True, units=None):
        cdef int buf[53]
        cdef int rc, n, nr = 0
        cdef int *ranges = NULL
        from verifier.game.settlement import COMMISSION, SettlementRule
        rule = settlement if settlement is not None else SettlementRule(COMMISSION)
        ratio = rule.value_ratio
        cdef int64_t cn = int(ratio[0]), cd = int(ratio[1])
        deck = check_deck(deck, 14)
        self.deck = deck
        self.engine = engine_for(wheel_second, house_way)
        n = len(deck)
        copy_ints(buf, deck)
        cdef double t0 = pw_now()
        self.only = None if units is None else sorted((int(lo), int(hi)) for lo, hi in units)
        if self.only is not None:
            nr = len(self.only)
            ranges = <int *>malloc(sizeof(int) * (2 * nr + 1))
            if ranges == NULL:
                raise MemoryError("the job's ranges of units")
            for i, (lo, hi) in enumerate(self.only):
                ranges[2 * i], ranges[2 * i + 1] = lo, hi
        global sj_stop
        sj_stop = 0
        try:
            with nogil:
                rc = sj_init(&self.job, self.engine.ptr, buf, n, cn, cd,
                             threads if threads > 0 else 1, symmetry, ranges, nr)
        finally:
            free(ranges)
        if rc == SJ_UNBUILT:
            raise ValueError(f"units {self.only}: not ranges of the job's units")
        if rc == SJ_STOPPED:
            raise KeyboardInterrupt("the optimal-strategy tables: stopped")
        if rc:
            raise MemoryError("the optimal-strategy tables")
        self.ready = True
        self.face_up = rule.dealer_exposed
        self._mark(rule)
        self.build_seconds = pw_now() - t0

    def _mark(self, rule):
        """The settlement's push conditions on the banker's hand (SettlementRule
        push_marks): the settings are ranked, and Face Up settled, by them."""
        cdef const uint8_t[:] back
        cdef const uint8_t[:] front
        back, front = _push_marks(rule, self.engine)
        if sj_set_marks(&self.job, &back[0] if rule.has_pushes else NULL, &front[0],
                        rule.pushes_losses, self.face_up):
            raise ValueError("push conditions with too many bounds for the strategy job")

    def __dealloc__(self):
        cdef int i
        for i in range(self.kept_n):
            sj_acc_free(&self.kept[i])
        free(self.kept)
        if self.ready:
            sj_free(&self.job)

    @property
    def units(self):
        return self.job.nlevel[6]

    @property
    def banker_hands(self):
        return int(self.job.nbankers)

    @property
    def table_bytes(self):
        return int(self.job.table_bytes)

    @property
    def table_bytes_by_size(self):
        """{|S|: bytes} of the tables by the size of their card sets (0..5: the prefix
        tables, the sparse lists) and "rows": the |S| = 4 lists' checkpoint rows."""
        out = {k: int(self.job.level_bytes[k]) for k in range(6)}
        out["rows"] = int(self.job.table_bytes) - sum(out.values())
        return out

    @property
    def symmetric(self):
        """Whether the deck is closed under every suit permutation (24 per class)."""
        return bool(self.job.full_sym)

    def run(self, int lo, int hi, int batch=0):
        """The raw sums (verifier/strategy/optimal.py) of the player hands of units [lo, hi).
        ``batch``: the most hands whose tables are read together (0: the core's own; a
        test's small ones give the same sums, cext/strategy_batch.h; -1: none, each hand
        counted by whole cells, cext/strategy_job.h ``sj_hand``, the same sums again)."""
        return self.run_many([(lo, hi)], batch)[0]

    def run_many(self, ranges, int batch=0):
        """The raw sums of each range (lo, hi) of units, as ``run`` gives them, in the
        order given; the units of all the ranges run together (cext/strategy_run.h: a
        rank pattern's hands, whose units lie in several chunks, read each table once), so
        several chunks cost less at once than one by one. The ranges must not overlap."""
        ranges = [(int(lo), int(hi)) for lo, hi in ranges]
        for lo, hi in ranges:
            if not 0 <= lo <= hi <= self.job.nlevel[6]:
                raise ValueError(f"units {lo}..{hi} outside 0..{self.job.nlevel[6]}")
            if self.only is not None and lo < hi and \
                    not any(a <= lo and hi <= b for a, b in self.only):
                raise ValueError(f"units {lo}..{hi}: the job built the tables of units "
                                 f"{self.only} only")
        order = sorted(range(len(ranges)), key=lambda i: ranges[i])
        for x, y in zip(order, order[1:]):
            if ranges[y][0] < ranges[x][1]:
                raise ValueError(f"units {ranges[x]} and {ranges[y]} overlap")
        cdef int nr = len(ranges), i, rc, made = 0
        if nr == 0:
            return []
        cdef int *r = <int *>malloc(sizeof(int) * 2 * nr)
        cdef sj_acc_t *acc = NULL
        cdef sj_acc_t *grown
        cdef bint mine = False
        global sj_stop
        if r == NULL:
            raise MemoryError("the job's ranges")
        try:
            for i in range(nr):
                r[2 * i], r[2 * i + 1] = ranges[order[i]]
            # the sums kept by the job (emptied), unless another run holds them (the GIL
            # makes the test and the claim one step)
            if not self.kept_busy:
                if self.kept_n < nr:
                    grown = <sj_acc_t *>realloc(self.kept, sizeof(sj_acc_t) * nr)
                    if grown == NULL:
                        raise MemoryError("the job's sums")
                    self.kept = grown
                    while self.kept_n < nr:
                        if sj_acc_init(&self.job, &self.kept[self.kept_n]):
                            raise MemoryError("the job's sums")
                        self.kept_n += 1
                self.kept_busy = mine = True
                acc = self.kept
                for i in range(nr):
                    sj_acc_reset(&acc[i])
            else:
                acc = <sj_acc_t *>calloc(nr, sizeof(sj_acc_t))
                if acc == NULL:
                    raise MemoryError("the job's sums")
                while made < nr:
                    if sj_acc_init(&self.job, &acc[made]):
                        raise MemoryError("the job's sums")
                    made += 1
            sj_stop = 0
            with nogil:
                rc = sj_run(&self.job, r, nr, acc, batch)
            if rc == SJ_STOPPED:
                raise KeyboardInterrupt("the optimal-strategy job: stopped")
            if rc == SJ_UNBUILT:
                raise ValueError(f"units {ranges} read a table the job did not build")
            if rc:
                raise MemoryError("the optimal-strategy job")
            out = [None] * nr
            for i in range(nr):
                if acc[i].bad:
                    raise RuntimeError(f"{acc[i].bad} player hands got a wrong banker total")
                out[order[i]] = self._raw(&acc[i])
            return out
        finally:
            free(r)
            if mine:
                self.kept_busy = False
            elif acc != NULL:
                for i in range(made):
                    sj_acc_free(&acc[i])
                free(acc)

    cdef dict _raw(self, sj_acc_t *a):
        from verifier.strategy.optimal import pattern_label
        patterns = []
        cdef int m
        for m in range(MEMO_SIZE):
            if a.pat[3 * m] == 0:       # every pattern met: chunks add up (optimal.py)
                continue
            ex = [(a.pat_ex[m] >> (6 * (6 - i))) & 63 for i in range(7)]
            front = sorted([a.pat_bf[m] >> 6, a.pat_bf[m] & 63])
            patterns.append([pattern_label(ex), int(a.pat[3 * m]), int(a.pat[3 * m + 1]),
                             int(a.pat[3 * m + 2]), [int(c) for c in ex], int(a.pat_best[m]),
                             [int(c) for c in front]])
        patterns.sort()
        out = {"player_hands": int(a.hands), "player_classes": int(a.classes),
                "banker_hands": int(self.job.nbankers),
                "house_way": {"win": int(a.house_win), "loss": int(a.house_loss)},
                "optimal": {"win": int(a.best_win), "loss": int(a.best_loss)},
                "not_optimal": int(a.not_optimal), "cost": int(a.cost),
                "by_type": [[t, int(a.by_type[t][0]), int(a.by_type[t][1]), int(a.by_type[t][2])]
                            for t in range(SJ_NTYPES) if a.by_type[t][0]],
                "by_row": [[r, int(a.by_row[r][0]), int(a.by_row[r][1]), int(a.by_row[r][2])]
                           for r in range(ROW_SLOTS) if a.by_row[r][0]],
                "patterns": patterns}
        if self.face_up:         # (verifier/strategy/optimal.py: a job asked for it)
            out["face_up"] = {"win": int(a.fu_win), "loss": int(a.fu_loss)}
        return out

    def hand(self, cards):
        """Every setting of one player hand by the job's method: a list of dicts (back_key,
        front_key, foul, dominated, total, win, loss; win_on_push_hand, loss_on_push_hand
        and the hand's face_up counts), in the order of strategy_counts."""
        cdef int p[7]
        cdef st_hand_t h
        cdef int rc
        cards = check_player_hand(cards, self.deck)
        copy_ints(p, cards)
        with nogil:
            rc = sj_one_hand(&self.job, p, &h)
        if rc:
            raise RuntimeError("the job's count of this hand failed")
        face_up = {"win": int(h.fu_win), "loss": int(h.fu_loss), "total": int(h.total)}
        return [{"back_key": h.back_key[s], "front_key": h.front_key[s],
                 "foul": bool(h.foul[s]), "dominated": bool(h.dominated[s]),
                 "total": int(h.total), "win": int(h.win[s]), "loss": int(h.loss[s]),
                 "win_on_push_hand": int(h.pwin[s]), "loss_on_push_hand": int(h.ploss[s]),
                 "face_up": face_up}
                for s in range(h.n)]
