/* Player against banker over every ordered pair of disjoint seven-card hands.
 *
 * Method (docs/PAIRWISE.md): inclusion-exclusion over the cards the two hands share,
 *     N(outcome) = sum over card sets S (|S| <= 7) of (-1)^|S| D_S,
 * D_S = #ordered pairs (P, B), both containing S, with the outcome: a two-dimensional
 * dominance count over the keys of the hands containing S. One S per orbit of the
 * deck's suit symmetry group is computed and weighted by its orbit size.
 *
 * The parts, one header each: the keys of the hands (pairwise_keys.h), the raw counts
 * of one S (pairwise_dominance.h), the walk over the hands containing S
 * (pairwise_walk.h), the orbit representatives (pairwise_orbits.h), and here the whole
 * computation as a resumable job. Cross-checks: pairwise_oracles.h. */
#ifndef PAIGOW_PAIRWISE_H
#define PAIGOW_PAIRWISE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "pairwise_keys.h"
#include "pairwise_dominance.h"
#include "pairwise_walk.h"
#include "pairwise_ranks.h"
#include "pairwise_orbits.h"

/* ---------- the whole computation ---------- */

/* The whole computation as a resumable job, so that the caller regains control between
 * steps (a progress bar, Ctrl-C) without changing any count:
 *   pw_job_begin (|S| = 0 and 7, every level's orbit representatives),
 *   pw_job_step  (representatives until about `budget` hands have been visited),
 *   pw_job_end   (frees; raw_by_k is complete once pw_job_step has returned 1).
 * raw_by_k[k][PW_NRAW]: sum over all S of size k of D_S (unsigned, orbit-weighted).
 * Work is counted in hands visited: a representative of size k visits C(n-k, 7-k). */
typedef struct {
    int64_t raw_by_k[8][PW_NRAW];
    pw_work_t *work;
    int nwork;
    pw_reps_t reps[7];          /* levels 1..6 */
    int k, i;                   /* next level and representative */
    uint64_t done, total;       /* hands visited, of the total */
    double seconds_by_k[8];     /* wall seconds spent on each level (0: begin) */
    double cpu_by_k[8];         /* the threads' CPU seconds on each level (1..6) */
    double span_by_k[8];        /* per step, the busiest thread's CPU seconds times the
                                   threads: cpu / span is how busy they were */
} pw_job_t;

static void pw_job_end(pw_job_t *j) {
    if (j->work) {
        for (int t = 0; t < j->nwork; t++) {
            free(j->work[t].keys); free(j->work[t].tmp); free(j->work[t].hist);
            free(j->work[t].mcnt); free(j->work[t].mlist);
            free(j->work[t].fcnt); free(j->work[t].flist);
            free(j->work[t].pairs); free(j->work[t].ptmp);
            for (int k = 0; k < 7; k++) { free(j->work[t].memo[k]); free(j->work[t].have[k]); }
        }
        free(j->work);
    }
    for (int k = 0; k < 7; k++) pw_reps_free(&j->reps[k]);
    j->work = NULL;
}

static int pw_job_begin(const pw_ctx_t *x, pw_job_t *j) {
    memset(j, 0, sizeof *j);
    double t0 = pw_now();
    int nt = x->nthreads, n = x->n;
    size_t maxlist = (size_t)x->nkeys + 1;      /* distinct keys of the sparse route */
    j->work = (pw_work_t *)calloc(nt, sizeof(pw_work_t));
    if (!j->work) return -1;
    j->nwork = nt;
    for (int t = 0; t < nt; t++) {
        j->work[t].keys = (uint32_t *)malloc(sizeof(uint32_t) * maxlist);
        j->work[t].tmp = (uint32_t *)malloc(sizeof(uint32_t) * maxlist);
        j->work[t].hist = (uint32_t *)calloc((size_t)x->nkeys, sizeof(uint32_t));
        j->work[t].mcnt = (uint32_t *)calloc(MEMO_SIZE, sizeof(uint32_t));
        j->work[t].mlist = (uint32_t *)malloc(sizeof(uint32_t) * MEMO_SIZE);
        j->work[t].fcnt = (uint8_t *)calloc(x->nfkey, 1);
        j->work[t].flist = (uint32_t *)malloc(sizeof(uint32_t) * x->nfkey);
        j->work[t].pairs = (uint64_t *)malloc(sizeof(uint64_t) * (MEMO_SIZE + x->nfkey));
        j->work[t].ptmp = (uint64_t *)malloc(sizeof(uint64_t) * (MEMO_SIZE + x->nfkey));
        if (!j->work[t].keys || !j->work[t].tmp || !j->work[t].hist || !j->work[t].mcnt ||
            !j->work[t].mlist || !j->work[t].fcnt || !j->work[t].flist || !j->work[t].pairs ||
            !j->work[t].ptmp || pw_memo_alloc(&j->work[t])) {
            pw_job_end(j);
            return -1;
        }
    }
    /* |S| = 0: the histogram of every hand */
    pw_work_t *work = j->work;
    pw_sink_t *sink = (pw_sink_t *)calloc((size_t)nt, sizeof(pw_sink_t));
    if (!sink) { pw_job_end(j); return -1; }
    for (int t = 0; t < nt; t++) {
        pw_sink_t o = {work[t].hist, work[t].keys, work[t].mcnt, work[t].mlist, 0, 0,
                       work[t].fcnt, work[t].flist, 0};
        sink[t] = o;
    }
    pw_sup_t all;
    int none[1] = {0};
    pw_superset_setup(x, none, 0, &all);
    pw_collect_split(x, &all, &sink[0]);      /* by ranks, then the flushes: no thread */
    pw_sink_fold(x, &sink[0]);
    uint32_t *h = work[0].hist;
    free(sink);
    pw_dense_raw(x, h, j->raw_by_k[0]);
    /* |S| = 7: P = B = S, a double copy (player loses); the marked hands: T = N NC at
     * |S| = 0 */
    j->raw_by_k[7][PW_T] = j->raw_by_k[7][PW_L] = x->nhands;
    j->raw_by_k[7][PW_CH] = j->raw_by_k[7][PW_CL] = j->raw_by_k[7][PW_CB] = x->nhands;
    j->raw_by_k[7][PW_TC] = j->raw_by_k[7][PW_LC] =
        x->nhands ? j->raw_by_k[0][PW_TC] / (int64_t)x->nhands : 0;
    int empty[1] = {0};
    if (pw_reps_push(&j->reps[0], empty, 0, 1)) { pw_job_end(j); return -1; }
    for (int k = 1; k <= 6; k++) {
        if (pw_reps_next_threads(x, &j->reps[k - 1], k - 1, &j->reps[k], nt)) {
            pw_job_end(j);
            return -1;
        }
        if (n - k >= 7 - k)
            j->total += (uint64_t)j->reps[k].count * x->binom[n - k][7 - k];
    }
    j->k = 1;
    j->seconds_by_k[0] = pw_now() - t0;
    return 0;
}

/* Representatives until about `budget` hands are visited (at least four per thread: the
 * representatives of one size differ in cost several times over, and the threads wait
 * for the last one at the end of a step; two per step kept them 60-70% busy at |S| = 2
 * and 3).
 * Returns 1 when the job is complete, 0 when there is more to do. */
static int pw_job_step(const pw_ctx_t *x, pw_job_t *j, uint64_t budget) {
    int n = x->n, nt = x->nthreads;
    while (j->k <= 6 && (n - j->k < 7 - j->k || j->i >= j->reps[j->k].count)) {
        j->k++;
        j->i = 0;
    }
    if (j->k > 6) return 1;
    int k = j->k;
    uint64_t per = x->binom[n - k][7 - k];
    int64_t want = (int64_t)(budget / (per ? per : 1));
    if (want < 4 * nt) want = 4 * nt;
    int i0 = j->i, i1 = i0 + (int)(want < j->reps[k].count - i0 ? want : j->reps[k].count - i0);
    const pw_reps_t *rp = &j->reps[k];
    pw_work_t *work = j->work;
    int chunk = per < 4096 ? 64 : 1;     /* small terms in batches: less contention */
    int64_t *raw = j->raw_by_k[k];
    double t0 = pw_now(), cpu = 0, most = 0;
    #pragma omp parallel num_threads(nt) reduction(+:cpu) reduction(max:most)
    {
        int tid = 0;
#ifdef _OPENMP
        tid = omp_get_thread_num();
#endif
        double c0 = pw_thread_cpu();
        pw_work_t *w = &work[tid];
        int64_t acc[PW_NRAW] = {0};
        #pragma omp for schedule(dynamic, chunk)
        for (int i = i0; i < i1; i++) {
            int s[7];
            for (int q = 0; q < k; q++) s[q] = rp->pos[(size_t)i * 7 + q];
            pw_term(x, w, s, k, rp->weight[i], acc);
        }
        #pragma omp critical
        for (int q = 0; q < PW_NRAW; q++) raw[q] += acc[q];
        cpu = pw_thread_cpu() - c0;
        most = cpu;
    }
    j->seconds_by_k[k] += pw_now() - t0;
    j->cpu_by_k[k] += cpu;
    j->span_by_k[k] += most * nt;
    j->i = i1;
    j->done += (uint64_t)(i1 - i0) * per;
    return 0;
}

#endif
