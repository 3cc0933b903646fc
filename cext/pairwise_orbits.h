/* The pairwise counts (pairwise.h): one card set S per orbit of the deck's suit
 * symmetry group, with its orbit size. */
#ifndef PAIGOW_PAIRWISE_ORBITS_H
#define PAIGOW_PAIRWISE_ORBITS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "pairwise_keys.h"

/* ---------- orbit representatives ---------- */

/* Is the sorted set s (k positions) the lexicographically least of its orbit?
 * Returns 0 if not, else the orbit size. */
static int pw_orbit(const pw_ctx_t *x, const int *s, int k) {
    int stab = 0;
    for (int g = 0; g < x->ngroup; g++) {
        int img[8];
        for (int i = 0; i < k; i++) {          /* insertion sort of the image */
            int v = x->group[g][s[i]], q = i;
            while (q > 0 && img[q - 1] > v) { img[q] = img[q - 1]; q--; }
            img[q] = v;
        }
        int cmp = 0;
        for (int i = 0; i < k && !cmp; i++) cmp = (img[i] > s[i]) - (img[i] < s[i]);
        if (cmp < 0) return 0;
        if (cmp == 0) stab++;
    }
    return x->ngroup / stab;
}

typedef struct {
    int count, cap;
    uint8_t *pos;     /* count * 7 */
    uint8_t *weight;
} pw_reps_t;

static int pw_reps_push(pw_reps_t *r, const int *s, int k, int weight) {
    if (r->count == r->cap) {
        int cap = r->cap ? r->cap * 2 : 1024;
        uint8_t *p = (uint8_t *)realloc(r->pos, (size_t)cap * 7);
        if (!p) return -1;
        r->pos = p;
        uint8_t *wt = (uint8_t *)realloc(r->weight, (size_t)cap);
        if (!wt) return -1;
        r->weight = wt;
        r->cap = cap;
    }
    for (int i = 0; i < k; i++) r->pos[(size_t)r->count * 7 + i] = (uint8_t)s[i];
    r->weight[r->count++] = (uint8_t)weight;
    return 0;
}

/* Level k+1 from level k: canonical sets stay canonical when their largest element
 * is removed, so every canonical (k+1)-set is a canonical k-set plus a larger card. */
static int pw_reps_next(const pw_ctx_t *x, const pw_reps_t *prev, int k, pw_reps_t *next) {
    memset(next, 0, sizeof *next);
    int s[8];
    for (int i = 0; i < prev->count; i++) {
        for (int q = 0; q < k; q++) s[q] = prev->pos[(size_t)i * 7 + q];
        for (int c = k ? s[k - 1] + 1 : 0; c < x->n; c++) {
            s[k] = c;
            int wgt = pw_orbit(x, s, k + 1);
            if (wgt && pw_reps_push(next, s, k + 1, wgt)) return -1;
        }
    }
    return 0;
}

static void pw_reps_free(pw_reps_t *r) { free(r->pos); free(r->weight); memset(r, 0, sizeof *r); }

/* pw_reps_next with the previous level split among nt threads, the parts joined in
 * order (the same list). */
static int pw_reps_next_threads(const pw_ctx_t *x, const pw_reps_t *prev, int k,
                                pw_reps_t *next, int nt) {
    pw_reps_t *part = (pw_reps_t *)calloc((size_t)nt, sizeof(pw_reps_t));
    int fail = 0;
    if (!part) return -1;
    #pragma omp parallel num_threads(nt) reduction(|:fail)
    {
        int tid = 0, nth = 1;
#ifdef _OPENMP
        tid = omp_get_thread_num(); nth = omp_get_num_threads();
#endif
        pw_reps_t slice = *prev;                /* this thread's share of prev */
        int lo = (int)((int64_t)prev->count * tid / nth);
        int hi = (int)((int64_t)prev->count * (tid + 1) / nth);
        slice.pos = prev->pos + (size_t)lo * 7;
        slice.weight = prev->weight + lo;
        slice.count = hi - lo;
        fail |= pw_reps_next(x, &slice, k, &part[tid]);
    }
    memset(next, 0, sizeof *next);
    for (int t = 0; t < nt && !fail; t++)
        for (int i = 0; i < part[t].count && !fail; i++) {
            int s[7];
            for (int q = 0; q <= k; q++) s[q] = part[t].pos[(size_t)i * 7 + q];
            fail |= pw_reps_push(next, s, k + 1, part[t].weight[i]);
        }
    for (int t = 0; t < nt; t++) pw_reps_free(&part[t]);
    free(part);
    return fail ? -1 : 0;
}

#endif
