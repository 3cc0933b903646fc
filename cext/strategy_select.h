/* The tables a part of the optimal-strategy job needs (issue 40): `check --recompute`
 * runs a few chunks of the job again, whose player hands read the tables of only some of
 * the representatives (strategy_tables.h: a hand reads the table of the orbit of each of
 * its subsets of at most five cards). sj_need marks those, and sj_init builds only them;
 * the sums of the chunks are the same (each hand reads the same tables), and a hand
 * whose table was not built is an error (SJ_UNBUILT), never a wrong count. */
#ifndef PAIGOW_STRATEGY_SELECT_H
#define PAIGOW_STRATEGY_SELECT_H

#include "strategy_ck.h"

/* The push conditions (SettlementRule.push_marks: back[b] a mask per back index, front[k]
 * per front key 0..181; back NULL: none) into x.cback and x.cfront, and the cuts where
 * the marks change (-1: more than ST_MAXMARK on an axis). push_all: a loss pushes too;
 * face_up: Face Up's counts asked for (the job then counts by whole cells). */
static int sj_set_marks(sj_t *J, const uint8_t *back, const uint8_t *front, int push_all,
                        int face_up) {
    pw_ctx_t *x = &J->x;
    for (int b = 0; b < x->nback; b++) x->cback[b] = back ? back[b] : 0;
    for (int f = 0; f < PW_NF; f++) x->cfront[f] = back ? front[FRONT_FROM_DENSE[f]] : 0;
    J->push_all = push_all;
    J->nmb = J->nmf = 0;
    J->marked = 0;
    for (int b = 0; b < x->nback; b++) J->marked |= x->cback[b] != 0;
    J->full = J->marked || face_up;
    for (int b = 1; b < x->nback; b++)
        if (x->cback[b] != x->cback[b - 1]) {
            if (J->nmb == ST_MAXMARK) return -1;
            J->mcb[J->nmb++] = b;
        }
    for (int f = 1; f < PW_NF; f++)
        if (x->cfront[f] != x->cfront[f - 1]) {
            if (J->nmf == ST_MAXMARK) return -1;
            J->mcf[J->nmf++] = f;
        }
    if (!J->marked) J->nmb = J->nmf = 0;   /* no cell is marked: no cut needed (the plain
                                              job's axes are its candidates' alone) */
    return 0;
}

#define SJ_UNBUILT (-3)            /* a unit outside the ranges the tables were built for */

/* need[r] = 1 for the representative of every subset of at most five cards of every
 * player hand of the units ranges[2q] .. ranges[2q + 1] (q < nr): the hands sj_run takes
 * (a unit's six cards and each larger card that makes an orbit's representative).
 * The empty set (level 0) is always needed. -1: a subset with no representative. */
static int sj_need(const sj_t *J, const int *ranges, int nr, uint8_t *need) {
    const pw_ctx_t *x = &J->x;
    int fail = 0;
    need[0] = 1;
    for (int q = 0; q < nr; q++) {
        const int lo = ranges[2 * q], hi = ranges[2 * q + 1];
        #pragma omp parallel for num_threads(x->nthreads) schedule(dynamic, 16) reduction(|:fail)
        for (int u = lo; u < hi; u++) {
            if (sj_stop) continue;
            int s[7], six[6], any = 0;
            for (int i = 0; i < 6; i++) {
                s[i] = J->reps[6].pos[(size_t)u * 7 + i];
                six[i] = x->deck[s[i]];
            }
            for (int c = s[5] + 1; c < x->n; c++) {
                s[6] = c;
                if (!pw_orbit(x, s, 7)) continue;
                any = 1;
                for (int mask = 0; mask < 64; mask++) {      /* the card c and 0..4 others */
                    int sc[7], k = 0;
                    for (int i = 0; i < 6; i++) if (mask >> i & 1) sc[k++] = six[i];
                    if (k > 4) continue;
                    sc[k++] = x->deck[c];
                    int32_t r = sj_lookup(J, sj_signature(J, sc, k));
                    if (r < 0) { fail = 1; continue; }
                    #pragma omp atomic write
                    need[r] = 1;
                }
            }
            if (!any) continue;
            for (int mask = 1; mask < 63; mask++) {          /* 1..5 of the six alone */
                int sc[7], k = 0;
                for (int i = 0; i < 6; i++) if (mask >> i & 1) sc[k++] = six[i];
                int32_t r = sj_lookup(J, sj_signature(J, sc, k));
                if (r < 0) { fail = 1; continue; }
                #pragma omp atomic write
                need[r] = 1;
            }
        }
    }
    return fail ? -1 : 0;
}

/* Everything before the first player hand: keys, representatives, tables; with
 * `ranges` (nr pairs lo, hi of units; NULL: every unit), only the tables their hands
 * read (sj_need). SJ_UNBUILT: a range not within the job's units. */
static int sj_init(sj_t *J, const engine_t *e, const int *deck, int n, int64_t cn,
                   int64_t cd, int nthreads, int symmetry, const int *ranges, int nr) {
    if (sj_prepare(J, e, deck, n, cn, cd, nthreads, symmetry)) return -1;
    uint8_t *need = NULL;
    if (ranges) {
        int rc = 0;
        for (int q = 0; q < nr; q++)
            if (ranges[2 * q] < 0 || ranges[2 * q] > ranges[2 * q + 1] ||
                ranges[2 * q + 1] > J->nlevel[6])
                rc = SJ_UNBUILT;
        need = rc ? NULL : (uint8_t *)calloc((size_t)J->nrep, 1);
        if (!rc) rc = need ? sj_need(J, ranges, nr, need) : -1;
        if (rc || sj_stop) { free(need); sj_free(J); return sj_stop ? SJ_STOPPED : rc; }
    }
    int rc = sj_build(J, need);
    free(need);
    return rc ? rc : sj_ck_build_all(J);
}

#endif
