/* Ranges of units of the strategy job (issue 15, docs/STRATEGY.md): its threads, each
 * taking blocks of units in order of their ranks, and the job's batches
 * (strategy_batch.h; a job counted by whole cells too, since issue 50: strategy_cells.h),
 * kept by the job from one run to the next. sj_run: the units of several ranges of any
 * job (several chunks) at once, each range's sums its own (issue 50: "Chunks together"). */
#ifndef PAIGOW_STRATEGY_RUN_H
#define PAIGOW_STRATEGY_RUN_H

#include "strategy_batch.h"

#define SJ_BLOCK 1024               /* units a thread takes at a time, at most */

/* The units order[0..n) (of the ranges rg[0..n)) into acc[rg]: the representatives of
 * six cards, each extended by every larger card whose seven-card set is its orbit's
 * representative; batched (b) or (b NULL, or a hand its batch leaves out) hand by hand by
 * whole cells (sj_hand). 0, -1 or SJ_UNBUILT. */
static int sj_block(const sj_t *J, const int32_t *order, const int32_t *rg, int n,
                    sj_batch_t *b, sj_acc_t *acc) {
    const pw_ctx_t *x = &J->x;
    for (int o = 0; o < n && !sj_stop; o++) {
        const int u = order[o];
        sj_acc_t *a = &acc[rg[o]];
        int s[7];
        for (int q = 0; q < 6; q++) s[q] = J->reps[6].pos[(size_t)u * 7 + q];
        if (b && b->nh + (x->n - s[5]) > b->cap && sj_batch_run(J, b, acc)) return SJ_UNBUILT;
        if (b) b->unit0 = b->nh, b->rg = rg[o];  /* the unit's hands: b->hand[unit0..] */
        sj_unit_t shared;
        int ready = 0;                         /* built at the unit's first class */
        /* its classes: each larger card whose seven-card set is its orbit's
         * representative, with the orbit's size (the test of pw_orbit, the six's images
         * under the suit permutations found once, not once a card: pw_reps_next) */
        pw_reps_t one = J->reps[6], ext;
        one.pos = J->reps[6].pos + (size_t)u * 7;
        one.weight = J->reps[6].weight + u;
        one.count = 1;
        if (pw_reps_next(x, &one, 6, &ext)) { pw_reps_free(&ext); return -1; }
        for (int e = 0; e < ext.count; e++) {
            s[6] = ext.pos[(size_t)e * 7 + 6];
            int wgt = ext.weight[e];
            if (!ready && sj_unit(J, s, &shared)) { pw_reps_free(&ext); return -1; }
            ready = 1;
            int rc = b ? sj_batch_add(J, s, wgt, &shared, b, acc[0].cellb) : 2;
            if (rc == 2) rc = sj_hand(J, s, wgt, &shared, a);       /* by whole cells */
            if (rc == 1) { a->bad += wgt; continue; }
            if (rc) { pw_reps_free(&ext); return rc; }
        }
        pw_reps_free(&ext);
    }
    return b && b->nh && !sj_stop ? sj_batch_run(J, b, acc) : 0;
}

static int sj_cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The units of the ranges [r[2i], r[2i + 1]) (i < nr, ascending, apart) in order of the
 * ranks of their six cards (then by index), into order[0..n), and each one's range into
 * rg: the hands of one rank pattern have the same candidates' keys unless they hold a
 * flush, so a batch's groups (strategy_batch.h) are larger when they come together, and
 * larger still when the units of several chunks come together (a pattern's units lie
 * in about five chunks). On the full deck (cards by rank) a hand's six lowest cards are
 * its unit, so a hand's rank pattern is its unit's and its seventh card's; the sums do
 * not depend on the order. n, or -1. */
static int sj_unit_order(const sj_t *J, const int *r, int nr, int32_t *order, int32_t *rg) {
    int n = 0;
    for (int i = 0; i < nr; i++) n += r[2 * i + 1] - r[2 * i];
    uint64_t *key = (uint64_t *)malloc(sizeof(uint64_t) * (size_t)(n ? n : 1));
    if (!key) return -1;
    for (int i = 0, at = 0; i < nr; i++)
        for (int u = r[2 * i]; u < r[2 * i + 1]; u++) {
            uint64_t k = 0;
            for (int q = 0; q < 6; q++) {
                const int c = J->x.deck[J->reps[6].pos[(size_t)u * 7 + q]];
                k = k * 16 + (uint64_t)(c == JOKER ? 15 : RANK(c));
            }
            key[at++] = k << 32 | (uint32_t)u;
        }
    qsort(key, (size_t)n, sizeof(uint64_t), sj_cmp_u64);
    for (int i = 0; i < n; i++) {
        const int32_t u = (int32_t)(uint32_t)key[i];
        int lo = 0, hi = nr - 1;                 /* the last range starting at or below u */
        while (lo < hi) {
            const int mid = (lo + hi + 1) / 2;
            if (r[2 * mid] <= u) lo = mid; else hi = mid - 1;
        }
        order[i] = u;
        rg[i] = lo;
    }
    free(key);
    return n;
}

/* The job's pool: a count, the threads' sums (na of them: one a thread and range), then
 * their batches. */
typedef struct { int n, na; sj_acc_t *acc; sj_batch_t b[]; } sj_pool_t;

static void sj_pool_free(void *p) {
    sj_pool_t *q = (sj_pool_t *)p;
    if (q) {
        for (int t = 0; t < q->n; t++) sj_batch_free(&q->b[t]);
        for (int t = 0; t < q->na; t++) sj_acc_free(&q->acc[t]);
        free(q->acc);
    }
    free(q);
}

/* At least na sums in the pool q (those it has kept: their pages are not faulted in
 * again); 0 or -1. */
static int sj_pool_accs(const sj_t *J, sj_pool_t *q, int na) {
    if (q->na >= na) return 0;
    sj_acc_t *acc = (sj_acc_t *)realloc(q->acc, sizeof(sj_acc_t) * (size_t)na);
    if (!acc) return -1;
    q->acc = acc;
    while (q->na < na && !sj_acc_init(J, &q->acc[q->na])) q->na++;
    return q->na < na ? -1 : 0;
}

/* The job's batches of SJ_BATCH hands and the threads' sums, na of them, made at its
 * first run and kept (their pages not faulted in again for every chunk; the sums emptied
 * in *acc); NULL when out of memory or when another run holds them (that run's caller then
 * makes its own). */
static sj_batch_t *sj_pool_take(sj_t *J, int na, sj_acc_t **acc) {
    const int nt = J->x.nthreads;
    if (__atomic_exchange_n(&J->pool_busy, 1, __ATOMIC_ACQUIRE)) return NULL;
    if (!J->pool) {
        sj_pool_t *q = (sj_pool_t *)calloc(1, sizeof(sj_pool_t) + sizeof(sj_batch_t) * (size_t)nt);
        while (q && q->n < nt && !sj_batch_init(J, &q->b[q->n], SJ_BATCH)) q->n++;
        if (!q || q->n < nt) {                 /* a failed batch frees itself */
            sj_pool_free(q);
            __atomic_store_n(&J->pool_busy, 0, __ATOMIC_RELEASE);
            return NULL;
        }
        J->pool = q;
        J->pool_free = sj_pool_free;
    }
    sj_pool_t *q = (sj_pool_t *)J->pool;
    if (sj_pool_accs(J, q, na)) {              /* a failed sum frees itself */
        __atomic_store_n(&J->pool_busy, 0, __ATOMIC_RELEASE);
        return NULL;
    }
    for (int t = 0; t < nt; t++) sj_batch_reset(&q->b[t]);
    for (int t = 0; t < na; t++) sj_acc_reset(&q->acc[t]);
    *acc = q->acc;
    return q->b;
}

/* The units of the ranges [r[2i], r[2i + 1]) (i < nr, ascending, apart, within the
 * job's units): range i's sums into out[i] (initialised), the units of all the ranges
 * taken together (sj_unit_order); OpenMP threads take blocks of units, the hands in
 * batches of at most cap (0: SJ_BATCH, the job's own batches; a test asks for small ones,
 * or, below 0, none: each hand by whole cells; any grouping gives the same sums). */
static int sj_run(sj_t *J, const int *r, int nr, sj_acc_t *out, int cap) {
    const int nt = J->x.nthreads, na = nt * (nr > 0 ? nr : 1);
    int fail = 0, n = 0;
    for (int i = 0; i < nr; i++) n += r[2 * i + 1] - r[2 * i];
    sj_acc_t *acc = NULL;         /* thread t's sums of range i: acc[t nr + i]; the pool's,
                                     else made */
    int32_t *order = (int32_t *)malloc(sizeof(int32_t) * (size_t)(n ? n : 1));
    int32_t *rg = (int32_t *)malloc(sizeof(int32_t) * (size_t)(n ? n : 1));
    if (!order || !rg || sj_unit_order(J, r, nr, order, rg) < 0) {
        free(order); free(rg);
        return -1;
    }
    sj_batch_t *pool = cap == 0 ? sj_pool_take(J, na, &acc) : NULL;
    const int own = !pool;
    int made = 0;
    if (own) acc = (sj_acc_t *)calloc((size_t)na, sizeof(sj_acc_t));
    if (!acc) { free(order); free(rg); return -1; }
    while (own && made < na && !sj_acc_init(J, &acc[made])) made++;
    if (own && made < na) fail = 1;
    /* blocks of at most SJ_BLOCK units, each a 1 / (2 nt) of the units left (at least 16):
     * large while there is much to do, small at the end, where a thread that has finished
     * waits for the others */
    int32_t *bs = (int32_t *)malloc(sizeof(int32_t) * (size_t)(n + 2));
    int nblk = 0;
    if (!bs) fail = 1;
    for (int at = 0; bs && at < n; nblk++) {
        int sz = (n - at) / (2 * nt);
        sz = sz < 16 ? 16 : sz > SJ_BLOCK ? SJ_BLOCK : sz;
        bs[nblk] = at;
        at = at + sz < n ? at + sz : n;
        bs[nblk + 1] = at;
    }
    if (!fail) {
        #pragma omp parallel num_threads(nt) reduction(|:fail)
        {
            int tid = 0;
#ifdef _OPENMP
            tid = omp_get_thread_num();
#endif
            sj_batch_t batch, *b = pool ? &pool[tid] : NULL;
            if (cap >= 0 && !pool) {
                if (sj_batch_init(J, &batch, cap > 0 ? cap : SJ_BATCH)) fail |= 1;
                else b = &batch;
            }
            #pragma omp for schedule(dynamic, 1)
            for (int q = 0; q < nblk; q++) {
                if (sj_stop || (cap >= 0 && !b)) continue;
                const int ulo = bs[q], uhi = bs[q + 1];
                int rc = sj_block(J, order + ulo, rg + ulo, uhi - ulo, b, &acc[(size_t)tid * (size_t)nr]);
                if (rc) fail |= rc == SJ_UNBUILT ? 2 : 1;
            }
            if (b && !pool) sj_batch_free(b);
        }
        for (int t = 0; t < nt; t++)
            for (int i = 0; i < nr; i++) sj_acc_add(&out[i], &acc[t * nr + i]);
    }
    if (own) {
        for (int t = 0; t < made; t++) sj_acc_free(&acc[t]);
        free(acc);
    }
    free(order);
    free(rg);
    free(bs);
    if (pool) __atomic_store_n(&J->pool_busy, 0, __ATOMIC_RELEASE);
    return fail & 1 ? -1 : fail ? SJ_UNBUILT : sj_stop ? SJ_STOPPED : 0;
}

#endif
