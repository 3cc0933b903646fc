/* A range of units of the strategy job (issue 15, docs/STRATEGY.md): its threads, each
 * taking blocks of units in order of their ranks, and the job's batches
 * (strategy_batch.h; a job counted by whole cells too, since issue 50: strategy_cells.h),
 * kept by the job from one run to the next. sj_run: the units [lo, hi) of any job. */
#ifndef PAIGOW_STRATEGY_RUN_H
#define PAIGOW_STRATEGY_RUN_H

#include "strategy_batch.h"

#define SJ_BLOCK 1024               /* units a thread takes at a time, at most */

/* The units order[0..n) into a: the representatives of six cards, each extended by
 * every larger card whose seven-card set is its orbit's representative; batched (b) or
 * (b NULL, or a hand its batch leaves out) hand by hand by whole cells (sj_hand). 0, -1
 * or SJ_UNBUILT. */
static int sj_block(const sj_t *J, const int32_t *order, int n, sj_batch_t *b, sj_acc_t *a) {
    const pw_ctx_t *x = &J->x;
    for (int o = 0; o < n && !sj_stop; o++) {
        const int u = order[o];
        int s[7];
        for (int q = 0; q < 6; q++) s[q] = J->reps[6].pos[(size_t)u * 7 + q];
        if (b && b->nh + (x->n - s[5]) > b->cap && sj_batch_run(J, b, a)) return SJ_UNBUILT;
        if (b) b->unit0 = b->nh;               /* the unit's hands: b->hand[unit0..] */
        sj_unit_t shared;
        int ready = 0;                         /* built at the unit's first class */
        for (int c = s[5] + 1; c < x->n; c++) {
            s[6] = c;
            int wgt = pw_orbit(x, s, 7);
            if (!wgt) continue;
            if (!ready && sj_unit(J, s, &shared)) return -1;
            ready = 1;
            int rc = b ? sj_batch_add(J, s, wgt, &shared, b, a->cellb) : 2;
            if (rc == 2) rc = sj_hand(J, s, wgt, &shared, a);       /* by whole cells */
            if (rc == 1) { a->bad += wgt; continue; }
            if (rc) return rc;
        }
    }
    return b && b->nh && !sj_stop ? sj_batch_run(J, b, a) : 0;
}

static int sj_cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The units [lo, hi) in order of the ranks of their six cards (then by index), into
 * order: the hands of one rank pattern have the same candidates' keys unless they hold a
 * flush, so a batch's groups (above) are larger when they come together. On the full
 * deck (cards by rank) a hand's six lowest cards are its unit, so a hand's rank pattern
 * is its unit's and its seventh card's; the sums do not depend on the order. 0 or -1. */
static int sj_unit_order(const sj_t *J, int lo, int hi, int32_t *order) {
    const int n = hi - lo;
    uint64_t *key = (uint64_t *)malloc(sizeof(uint64_t) * (size_t)(n ? n : 1));
    if (!key) return -1;
    for (int u = lo; u < hi; u++) {
        uint64_t k = 0;
        for (int q = 0; q < 6; q++) {
            const int c = J->x.deck[J->reps[6].pos[(size_t)u * 7 + q]];
            k = k * 16 + (uint64_t)(c == JOKER ? 15 : RANK(c));
        }
        key[u - lo] = k << 32 | (uint32_t)u;
    }
    qsort(key, (size_t)n, sizeof(uint64_t), sj_cmp_u64);
    for (int i = 0; i < n; i++) order[i] = (int32_t)(uint32_t)key[i];
    free(key);
    return 0;
}

/* The job's pool: a count, the threads' sums, then their batches. */
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

/* The job's batches of SJ_BATCH hands and the threads' sums, one a thread, made at its
 * first run and kept (their pages not faulted in again for every chunk; the sums emptied
 * in *acc); NULL when out of memory or when another run holds them (that run's caller then
 * makes its own). */
static sj_batch_t *sj_pool_take(sj_t *J, sj_acc_t **acc) {
    const int nt = J->x.nthreads;
    if (__atomic_exchange_n(&J->pool_busy, 1, __ATOMIC_ACQUIRE)) return NULL;
    if (!J->pool) {
        sj_pool_t *q = (sj_pool_t *)calloc(1, sizeof(sj_pool_t) + sizeof(sj_batch_t) * (size_t)nt);
        while (q && q->n < nt && !sj_batch_init(J, &q->b[q->n], SJ_BATCH)) q->n++;
        if (q) q->acc = (sj_acc_t *)calloc((size_t)nt, sizeof(sj_acc_t));
        while (q && q->acc && q->na < nt && !sj_acc_init(J, &q->acc[q->na])) q->na++;
        if (!q || q->n < nt || q->na < nt) {   /* a failed batch or sum frees itself */
            sj_pool_free(q);
            __atomic_store_n(&J->pool_busy, 0, __ATOMIC_RELEASE);
            return NULL;
        }
        J->pool = q;
        J->pool_free = sj_pool_free;
    }
    sj_pool_t *q = (sj_pool_t *)J->pool;
    for (int t = 0; t < nt; t++) { sj_batch_reset(&q->b[t]); sj_acc_reset(&q->acc[t]); }
    *acc = q->acc;
    return q->b;
}

/* Units [lo, hi): sums into out (initialised); OpenMP threads take blocks of units, the
 * hands in batches of at most cap (0: SJ_BATCH, the job's own batches; a test asks for
 * small ones, or, below 0, none: each hand by whole cells; any grouping gives the same
 * sums). */
static int sj_run(sj_t *J, int lo, int hi, sj_acc_t *out, int cap) {
    const int nt = J->x.nthreads;
    int fail = 0;
    sj_acc_t *acc = NULL;                  /* the threads' sums: the pool's, else made */
    int32_t *order = (int32_t *)malloc(sizeof(int32_t) * (size_t)(hi > lo ? hi - lo : 1));
    if (!order || sj_unit_order(J, lo, hi, order)) { free(order); return -1; }
    sj_batch_t *pool = cap == 0 ? sj_pool_take(J, &acc) : NULL;
    const int own = !pool;
    if (own) acc = (sj_acc_t *)calloc((size_t)nt, sizeof(sj_acc_t));
    if (!acc) { free(order); return -1; }
    for (int t = 0; t < nt && !fail && own; t++) fail = sj_acc_init(J, &acc[t]);
    /* blocks of at most SJ_BLOCK units, each a 1 / (2 nt) of the units left (at least 16):
     * large while there is much to do, small at the end, where a thread that has finished
     * waits for the others */
    int32_t *bs = (int32_t *)malloc(sizeof(int32_t) * (size_t)(hi - lo + 2));
    int nblk = 0;
    if (!bs) fail = 1;
    for (int at = 0; bs && at < hi - lo; nblk++) {
        int sz = (hi - lo - at) / (2 * nt);
        sz = sz < 16 ? 16 : sz > SJ_BLOCK ? SJ_BLOCK : sz;
        bs[nblk] = at;
        at = at + sz < hi - lo ? at + sz : hi - lo;
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
                int rc = sj_block(J, order + ulo, uhi - ulo, b, &acc[tid]);
                if (rc) fail |= rc == SJ_UNBUILT ? 2 : 1;
            }
            if (b && !pool) sj_batch_free(b);
        }
        for (int t = 0; t < nt; t++) sj_acc_add(out, &acc[t]);
    }
    if (own) {
        for (int t = 0; t < nt; t++) sj_acc_free(&acc[t]);
        free(acc);
    }
    free(order);
    free(bs);
    if (pool) __atomic_store_n(&J->pool_busy, 0, __ATOMIC_RELEASE);
    return fail & 1 ? -1 : fail ? SJ_UNBUILT : sj_stop ? SJ_STOPPED : 0;
}

#endif
