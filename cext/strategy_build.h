/* Building the optimal-strategy job's tables (after sj_prepare, strategy_tables.h):
 * the |S| = 5 and 4 lists from the hands containing each set (sj_collect), the prefix
 * tables of sizes 3, 2 and 1 summed from the |S| = 4 lists (sj_sum_down; docs/STRATEGY.md,
 * the method's item 5). */
#ifndef PAIGOW_STRATEGY_BUILD_H
#define PAIGOW_STRATEGY_BUILD_H

#include "strategy_tables.h"

/* Calls add(J, r4, arg) with the representative r4 of each set s + T, T running over
 * every set of 4 - k positions of the deck outside the k <= 3 positions s; -1 if a set
 * has no representative (a bug). */
static int sj_each_four(const sj_t *J, const int *s, int k,
                        int (*add)(const sj_t *, int32_t, void *), void *arg) {
    const int n = J->x.n;
    int in[53] = {0}, c[4];
    for (int q = 0; q < k; q++) { in[s[q]] = 1; c[q] = J->x.deck[s[q]]; }
    int t[4] = {-1, -1, -1, -1}, d = 0, m = 4 - k;
    while (d >= 0) {                       /* t[0] < t[1] < ... < t[m - 1], outside s */
        int p = t[d] + 1;
        while (p < n && in[p]) p++;
        if (p >= n) { t[d] = -1; d--; continue; }
        t[d] = p;
        c[k + d] = J->x.deck[p];
        if (d + 1 < m) { d++; t[d] = p; continue; }
        int32_t r4 = sj_lookup(J, sj_signature(J, c, 4));
        if (r4 < 0 || add(J, r4, arg)) return -1;
    }
    return 0;
}

static int sj_mark_four(const sj_t *J, int32_t r4, void *need) {
    (void)J;
    ((uint8_t *)need)[r4] = 1;
    return 0;
}

typedef struct { sj_buf_t *w; int len; } sj_sum_t;

static int sj_add_four(const sj_t *J, int32_t r4, void *arg) {
    sj_sum_t *a = (sj_sum_t *)arg;
    const sj_entry_t *e = J->sp[r4];
    if (!e) return -1;                                   /* not built: a bug */
    uint32_t *hist = a->w->hist, *keys = a->w->keys;
    for (int32_t i = 0, len = J->splen[r4]; i < len; i++) {
        uint32_t key = (uint32_t)e[i].b * PW_NF + e[i].f;
        if (!hist[key]) keys[a->len++] = key;
        hist[key] += e[i].n;
    }
    return 0;
}

/* The hands containing the k <= 3 positions s, by key into w (as sj_collect), summed
 * from the |S| = 4 lists: a hand containing s holds C(7 - k, 4 - k) of the sets s + T
 * (T: 4 - k of its other cards), so the sum of the lists of every s + T of the deck is
 * that many times the histogram of s (at most 20 x 20,358,520 hands a key: 32 bits).
 * About 0.12 billion adds for every table of sizes 1 to 3 against 1.2 billion hands
 * visited. -1 on a bug (a list missing, a sum not a multiple). */
static int sj_sum_down(const sj_t *J, const int *s, int k, sj_buf_t *w) {
    static const uint32_t times[4] = {35, 20, 10, 4};    /* C(7 - k, 4 - k) */
    sj_sum_t a = {w, 0};
    int bad = sj_each_four(J, s, k, sj_add_four, &a);
    for (int i = 0; i < a.len; i++) {
        uint32_t *h = &w->hist[w->keys[i]];
        bad |= *h % times[k] != 0;
        *h /= times[k];
    }
    if (bad) { for (int i = 0; i < a.len; i++) w->hist[w->keys[i]] = 0; return -1; }
    return a.len;
}

/* The tables (after sj_prepare): of every representative, or of those need marks (the
 * empty set's always, and the |S| = 4 lists the marked smaller sets are summed from).
 * Sizes 5 and 4 from the hands containing each set (sj_collect), then 3, 2, 1 summed
 * from the |S| = 4 lists (sj_sum_down). On failure the job is freed. */
static int sj_build(sj_t *J, uint8_t *need) {
    const int nt = J->x.nthreads;
    sj_buf_t *buf = (sj_buf_t *)calloc((size_t)nt, sizeof(sj_buf_t));
    int fail = !buf;
    for (int t = 0; t < nt && !fail; t++) fail = sj_buf_init(J, &buf[t]);
    if (!fail) fail = sj_build_all(J, buf, nt);
    for (int k = 1; k <= 3 && need && !fail; k++) {
        const pw_reps_t *rp = &J->reps[k];
        for (int i = 0; i < rp->count && !fail; i++) {
            int s[7];
            if (!need[J->start[k] + i]) continue;
            for (int q = 0; q < k; q++) s[q] = rp->pos[(size_t)i * 7 + q];
            fail = sj_each_four(J, s, k, sj_mark_four, need);
        }
    }
    static const int order[5] = {5, 4, 3, 2, 1};
    for (int o = 0; o < 5 && !fail; o++) {
        const int k = order[o];
        const pw_reps_t *rp = &J->reps[k];
        uint64_t bytes = 0;
        #pragma omp parallel num_threads(nt) reduction(|:fail) reduction(+:bytes)
        {
            int tid = 0;
#ifdef _OPENMP
            tid = omp_get_thread_num();
#endif
            #pragma omp for schedule(dynamic, 4)
            for (int i = 0; i < rp->count; i++) {
                int r = J->start[k] + i;
                if (sj_stop || (need && !need[r])) continue;
                int s[7];
                for (int q = 0; q < k; q++) s[q] = rp->pos[(size_t)i * 7 + q];
                int len = k >= 4 ? sj_collect(J, s, k, &buf[tid]) : sj_sum_down(J, s, k, &buf[tid]);
                if (len < 0) { fail = 1; continue; }
                sj_t local = *J;                  /* table_bytes counted per thread */
                local.table_bytes = 0;
                fail |= sj_store(&local, r, k, buf[tid].keys, len, buf[tid].hist);
                bytes += local.table_bytes;
            }
        }
        J->table_bytes += bytes;
        J->level_bytes[k] += bytes;
    }
    if (buf) for (int t = 0; t < nt; t++) sj_buf_free(&buf[t]);
    free(buf);
    if (fail || sj_stop) { sj_free(J); return sj_stop ? SJ_STOPPED : -1; }
    return 0;
}

#endif
