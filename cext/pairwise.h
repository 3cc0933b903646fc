/* Player against banker over every ordered pair of disjoint seven-card hands.
 *
 * Method (docs/PAIRWISE.md): inclusion-exclusion over the cards the two hands share,
 *     N(outcome) = sum over card sets S (|S| <= 7) of (-1)^|S| D_S,
 * D_S = #ordered pairs (P, B), both containing S, with the outcome: a two-dimensional
 * dominance count over the keys of the hands containing S. One S per orbit of the
 * deck's suit symmetry group is computed and weighted by its orbit size.
 *
 * Keys: every hand of the deck has a dense key  back_index * 91 + front_dense, which
 * orders hands by back key, then front key (both monotone re-numberings). The table
 * `tab` holds it for every hand, at the colex index of the hand's deck positions:
 * sum over i of C(p_i, i+1) for positions p_0 < ... < p_6.
 *
 * Raw counts per S (all over ordered pairs of hands containing S, not necessarily
 * disjoint): T (all pairs), W (player strictly higher in both), L (banker at least
 * equal in both), CH/CL/CB (equal backs / fronts / both), and TL/WL/LL, the same three
 * restricted to hands whose front is below a pair of 3s (the Wrangler 1-to-1 pushes
 * are TL - WL - LL). */
#ifndef PAIGOW_PAIRWISE_H
#define PAIGOW_PAIRWISE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "engine.h"
#include "enumerate.h"

#define PW_NF NUM_FRONT_DENSE   /* 91 front keys */
#define PW_MAXN 53
#define PW_NRAW 9
enum { PW_T, PW_W, PW_L, PW_CH, PW_CL, PW_CB, PW_TL, PW_WL, PW_LL };

typedef struct {
    const engine_t *e;
    int n, deck[PW_MAXN];
    uint32_t binom[PW_MAXN + 1][9];   /* C(i, j), j <= 8 */
    uint32_t nhands;                  /* C(n, 7) */
    uint32_t *tab;                    /* nhands dense keys */
    int nback, nkeys, lowf;           /* lowf: dense index of a pair of 3s */
    int ngroup, group[24][PW_MAXN];   /* position permutations preserving the deck */
    int nthreads, progress;
} pw_ctx_t;

/* ---------- set-up ---------- */

static int pw_init(pw_ctx_t *x, const engine_t *e, const int *deck, int n, int nthreads) {
    memset(x, 0, sizeof *x);
    if (n < 7 || n > PW_MAXN) return -1;
    front_dense_init();
    x->e = e; x->n = n; x->nthreads = nthreads > 0 ? nthreads : 1;
    memcpy(x->deck, deck, sizeof(int) * n);
    for (int i = 0; i <= PW_MAXN; i++)
        for (int j = 0; j < 9; j++) {
            if (j == 0) x->binom[i][j] = 1;
            else if (i == 0) x->binom[i][j] = 0;
            else x->binom[i][j] = x->binom[i - 1][j - 1] + x->binom[i - 1][j];
        }
    x->nhands = x->binom[n][7];
    x->nback = e->nback;
    x->nkeys = e->nback * PW_NF;
    x->lowf = FRONT_DENSE[FRONT_PAIR_BASE + 1];
    x->ngroup = 1;
    for (int i = 0; i < n; i++) x->group[0][i] = i;
    return 0;
}

static void pw_free(pw_ctx_t *x) { free(x->tab); x->tab = NULL; }

static inline int pw_back_index(const engine_t *e, int key) { return back_index(e, key); }

/* Dense key of seven sorted cards, by the engine's general route (flush possible). */
static inline uint32_t pw_slow_key(const engine_t *e, const int *c) {
    int bk, fk;
    engine_hand_keys(e, c, &bk, &fk);
    return (uint32_t)pw_back_index(e, bk) * PW_NF + (uint32_t)FRONT_DENSE[fk];
}

/* Fills tab[] for every hand: nested loops, highest position outermost (colex order),
 * rank-multiset index and suit counts built one card at a time as in enumerate.h. */
static int pw_build_table(pw_ctx_t *x) {
    const engine_t *e = x->e;
    const int n = x->n, *deck = x->deck;
    x->tab = (uint32_t *)malloc(sizeof(uint32_t) * (size_t)x->nhands);
    if (!x->tab) return -1;
    uint32_t *tab = x->tab;
    const memo_t *memo = e->memo;
    #pragma omp parallel for schedule(dynamic, 1) num_threads(x->nthreads)
    for (int p6 = n - 1; p6 >= 6; p6--) {
        int c[7];
        c[6] = deck[p6];
        int joker = c[6] == JOKER;
        uint32_t i6 = x->binom[p6][7];
        int m6 = joker ? MEMO_JOKER_OFFSET : MSET_TERM[7][RANK(c[6])];
        uint32_t s6 = joker ? 0 : 1u << 8 * SUIT(c[6]);
        uint32_t fadd = joker ? 0x7C7C7C7Cu : 0x7B7B7B7Bu;
        for (int p5 = 5; p5 < p6; p5++) {
            c[5] = deck[p5];
            uint32_t i5 = i6 + x->binom[p5][6];
            int m5 = m6 + MSET_TERM[6][RANK(c[5])];
            uint32_t s5 = s6 + (1u << 8 * SUIT(c[5]));
            for (int p4 = 4; p4 < p5; p4++) {
                c[4] = deck[p4];
                uint32_t i4 = i5 + x->binom[p4][5];
                int m4 = m5 + MSET_TERM[5][RANK(c[4])];
                uint32_t s4 = s5 + (1u << 8 * SUIT(c[4]));
                for (int p3 = 3; p3 < p4; p3++) {
                    c[3] = deck[p3];
                    uint32_t i3 = i4 + x->binom[p3][4];
                    int m3 = m4 + MSET_TERM[4][RANK(c[3])];
                    uint32_t s3 = s4 + (1u << 8 * SUIT(c[3]));
                    for (int p2 = 2; p2 < p3; p2++) {
                        c[2] = deck[p2];
                        uint32_t i2 = i3 + x->binom[p2][3];
                        int m2 = m3 + MSET_TERM[3][RANK(c[2])];
                        uint32_t s2 = s3 + (1u << 8 * SUIT(c[2]));
                        for (int p1 = 1; p1 < p2; p1++) {
                            c[1] = deck[p1];
                            uint32_t i1 = i2 + x->binom[p1][2];
                            int m1 = m2 + MSET_TERM[2][RANK(c[1])];
                            uint32_t s1 = s2 + (1u << 8 * SUIT(c[1]));
                            for (int p0 = 0; p0 < p1; p0++) {
                                int card = deck[p0];
                                uint32_t s0 = s1 + (1u << 8 * SUIT(card));
                                if ((s0 + fadd) & 0x80808080u) {
                                    c[0] = card;
                                    tab[i1 + p0] = pw_slow_key(e, c);
                                } else {
                                    const memo_t *m = &memo[m1 + MSET_TERM[1][RANK(card)]];
                                    tab[i1 + p0] = (uint32_t)m->back_index * PW_NF +
                                                   (uint32_t)FRONT_DENSE[m->front_key];
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    return 0;
}

/* Table index of seven deck positions, ascending. */
static inline uint32_t pw_index(const pw_ctx_t *x, const int *p) {
    uint32_t idx = 0;
    for (int i = 0; i < 7; i++) idx += x->binom[p[i]][i + 1];
    return idx;
}

/* ---------- dominance counts ---------- */

/* Dense histogram h[nback][91] -> raw counts (added to r); zeroes h on the way. */
static void pw_dense_raw(const pw_ctx_t *x, uint32_t *h, int64_t *r) {
    uint64_t col[PW_NF];
    memset(col, 0, sizeof col);
    const int lowf = x->lowf;
    int64_t W = 0, L = 0, CH = 0, CB = 0, WL = 0, LL = 0;
    for (int b = 0; b < x->nback; b++) {
        uint32_t *row = h + (size_t)b * PW_NF;
        uint64_t any = 0;
        for (int f = 0; f < PW_NF; f++) any |= row[f];
        if (!any) continue;
        uint64_t pre = 0;
        for (int f = 0; f < PW_NF; f++) {          /* lower backs, lower fronts */
            uint64_t v = row[f];
            if (v) { W += (int64_t)(v * pre); if (f < lowf) WL += (int64_t)(v * pre); }
            pre += col[f];
        }
        pre = 0;
        uint64_t rs = 0;
        for (int f = 0; f < PW_NF; f++) {          /* lower or equal in both */
            uint64_t v = row[f];
            col[f] += v;
            pre += col[f];
            if (v) {
                L += (int64_t)(v * pre);
                if (f < lowf) LL += (int64_t)(v * pre);
                rs += v;
                CB += (int64_t)(v * v);
                row[f] = 0;
            }
        }
        CH += (int64_t)(rs * rs);
    }
    uint64_t N = 0, NL = 0, CL = 0;
    for (int f = 0; f < PW_NF; f++) {
        N += col[f];
        if (f < lowf) NL += col[f];
        CL += col[f] * col[f];
    }
    r[PW_T] += (int64_t)(N * N); r[PW_W] += W; r[PW_L] += L;
    r[PW_CH] += CH; r[PW_CL] += (int64_t)CL; r[PW_CB] += CB;
    r[PW_TL] += (int64_t)(NL * NL); r[PW_WL] += WL; r[PW_LL] += LL;
}

/* Work space of one thread for the sparse route. */
typedef struct {
    uint32_t *keys, *tmp;      /* up to C(n-1, 6) keys */
    uint32_t *hist;            /* dense [nkeys] */
    int64_t raw[8][PW_NRAW];   /* per |S|, signed and weighted */
} pw_work_t;

/* Sparse list of m dense keys (one hand each) -> raw counts (added to r).
 * Radix sort by back index (two passes of 7 bits), then a sweep by back groups
 * with a Fenwick tree over the 91 fronts. */
static void pw_sparse_raw(const pw_ctx_t *x, pw_work_t *w, int m, int64_t *r) {
    uint32_t *a = w->keys, *t = w->tmp;
    uint32_t cnt[129];
    for (int pass = 0; pass < 2; pass++) {
        int shift = pass * 7;
        memset(cnt, 0, sizeof cnt);
        for (int i = 0; i < m; i++) cnt[((a[i] / PW_NF) >> shift & 127) + 1]++;
        for (int i = 0; i < 128; i++) cnt[i + 1] += cnt[i];
        for (int i = 0; i < m; i++) t[cnt[(a[i] / PW_NF) >> shift & 127]++] = a[i];
        uint32_t *s = a; a = t; t = s;
    }
    /* after two passes the sorted keys are back in w->keys */
    int fen[PW_NF + 1], gcnt[PW_NF], fcnt[PW_NF];
    memset(fen, 0, sizeof fen); memset(gcnt, 0, sizeof gcnt); memset(fcnt, 0, sizeof fcnt);
    const int lowf = x->lowf;
    int64_t W = 0, L = 0, CH = 0, CB = 0, WL = 0, LL = 0, NL = 0;
    int i = 0;
    while (i < m) {
        uint32_t b = a[i] / PW_NF;
        int j = i;
        while (j < m && a[j] / PW_NF == b) j++;
        for (int k = i; k < j; k++) {           /* strictly lower backs and fronts */
            int f = (int)(a[k] - b * PW_NF), s = 0;
            for (int q = f; q > 0; q -= q & -q) s += fen[q];
            W += s;
            if (f < lowf) WL += s;
        }
        for (int k = i; k < j; k++) {
            int f = (int)(a[k] - b * PW_NF);
            for (int q = f + 1; q <= PW_NF; q += q & -q) fen[q]++;
            CB += 2 * gcnt[f] + 1;
            gcnt[f]++;
        }
        for (int k = i; k < j; k++) {           /* lower or equal in both */
            int f = (int)(a[k] - b * PW_NF), s = 0;
            for (int q = f + 1; q > 0; q -= q & -q) s += fen[q];
            L += s;
            if (f < lowf) { LL += s; NL++; }
            gcnt[f] = 0;
            fcnt[f]++;
        }
        CH += (int64_t)(j - i) * (j - i);
        i = j;
    }
    int64_t CL = 0;
    for (int f = 0; f < PW_NF; f++) CL += (int64_t)fcnt[f] * fcnt[f];
    r[PW_T] += (int64_t)m * m; r[PW_W] += W; r[PW_L] += L;
    r[PW_CH] += CH; r[PW_CL] += CL; r[PW_CB] += CB;
    r[PW_TL] += NL * NL; r[PW_WL] += WL; r[PW_LL] += LL;
}

/* ---------- the hands containing a card set S ---------- */

/* Additive index weights: a hand S + T, T = {t_1 < ... < t_m} drawn from the
 * complement q_0 < q_1 < ..., has table index base + sum_j wt[j][index of t_j]. */
typedef struct {
    int m, nq;
    uint32_t base;
    uint32_t wt[8][PW_MAXN];
} pw_sup_t;

static void pw_superset_setup(const pw_ctx_t *x, const int *s, int k, pw_sup_t *u) {
    int in[PW_MAXN] = {0};
    for (int i = 0; i < k; i++) in[s[i]] = 1;
    int m = 7 - k;
    u->m = m;
    u->nq = 0;
    /* F_j(p) = sum over S elements s_r < p of C(s_r, r + j + 1) */
    uint32_t F[8][PW_MAXN + 1];
    for (int j = 0; j <= m; j++) {
        uint32_t acc = 0;
        int r = 0;
        for (int p = 0; p <= x->n; p++) {
            F[j][p] = acc;
            if (p < x->n && in[p]) { acc += x->binom[p][r + j + 1]; r++; }
        }
    }
    u->base = F[m][x->n];
    int below = 0;
    for (int p = 0; p < x->n; p++) {
        if (in[p]) { below++; continue; }
        for (int j = 1; j <= m; j++)
            u->wt[j][u->nq] = x->binom[p][j + below] - F[j][p] + F[j - 1][p];
        u->nq++;
    }
}

/* Visits every hand containing S: level j picks t_j among complement indices < upto.
 * mode 0: dense histogram; mode 1: append to the sparse key list. */
static void pw_visit(const pw_ctx_t *x, const pw_sup_t *u, int j, int upto, uint32_t base,
                     int mode, uint32_t *hist, uint32_t *keys, int *len) {
    const uint32_t *tab = x->tab;
    if (j == 0) {                 /* S is a whole hand */
        if (mode == 0) hist[tab[base]]++; else keys[(*len)++] = tab[base];
        return;
    }
    const uint32_t *w = u->wt[j];
    if (j == 1) {
        if (mode == 0) {
            for (int i = 0; i < upto; i++) hist[tab[base + w[i]]]++;
        } else {
            int l = *len;
            for (int i = 0; i < upto; i++) keys[l++] = tab[base + w[i]];
            *len = l;
        }
        return;
    }
    for (int i = j - 1; i < upto; i++)
        pw_visit(x, u, j - 1, i, base + w[i], mode, hist, keys, len);
}

/* Raw counts of the hands containing S, added (times factor) into r. */
static void pw_term(const pw_ctx_t *x, pw_work_t *w, const int *s, int k, int64_t factor,
                    int64_t *r) {
    pw_sup_t u;
    int64_t raw[PW_NRAW] = {0};
    pw_superset_setup(x, s, k, &u);
    if (k <= 3) {
        int len = 0;
        pw_visit(x, &u, u.m, u.nq, u.base, 0, w->hist, NULL, &len);
        pw_dense_raw(x, w->hist, raw);
    } else {
        int len = 0;
        pw_visit(x, &u, u.m, u.nq, u.base, 1, NULL, w->keys, &len);
        pw_sparse_raw(x, w, len, raw);
    }
    for (int i = 0; i < PW_NRAW; i++) r[i] += factor * raw[i];
}

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

/* ---------- the whole computation ---------- */

static double pw_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

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
} pw_job_t;

static void pw_job_end(pw_job_t *j) {
    if (j->work) {
        for (int t = 0; t < j->nwork; t++) {
            free(j->work[t].keys); free(j->work[t].tmp); free(j->work[t].hist);
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
    size_t maxlist = x->binom[n - 1][6] + 1;
    j->work = (pw_work_t *)calloc(nt, sizeof(pw_work_t));
    if (!j->work) return -1;
    j->nwork = nt;
    for (int t = 0; t < nt; t++) {
        j->work[t].keys = (uint32_t *)malloc(sizeof(uint32_t) * maxlist);
        j->work[t].tmp = (uint32_t *)malloc(sizeof(uint32_t) * maxlist);
        j->work[t].hist = (uint32_t *)calloc((size_t)x->nkeys, sizeof(uint32_t));
        if (!j->work[t].keys || !j->work[t].tmp || !j->work[t].hist) { pw_job_end(j); return -1; }
    }
    /* |S| = 0: the histogram of every hand */
    uint32_t *h = j->work[0].hist;
    for (uint32_t i = 0; i < x->nhands; i++) h[x->tab[i]]++;
    pw_dense_raw(x, h, j->raw_by_k[0]);
    /* |S| = 7: P = B = S, a double copy (player loses) */
    j->raw_by_k[7][PW_T] = j->raw_by_k[7][PW_L] = x->nhands;
    j->raw_by_k[7][PW_CH] = j->raw_by_k[7][PW_CL] = j->raw_by_k[7][PW_CB] = x->nhands;
    int empty[1] = {0};
    if (pw_reps_push(&j->reps[0], empty, 0, 1)) { pw_job_end(j); return -1; }
    for (int k = 1; k <= 6; k++) {
        if (pw_reps_next(x, &j->reps[k - 1], k - 1, &j->reps[k])) { pw_job_end(j); return -1; }
        if (n - k >= 7 - k)
            j->total += (uint64_t)j->reps[k].count * x->binom[n - k][7 - k];
    }
    j->k = 1;
    j->seconds_by_k[0] = pw_now() - t0;
    return 0;
}

/* Representatives until about `budget` hands are visited (at least one per thread).
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
    if (want < nt) want = nt;
    int i0 = j->i, i1 = i0 + (int)(want < j->reps[k].count - i0 ? want : j->reps[k].count - i0);
    const pw_reps_t *rp = &j->reps[k];
    pw_work_t *work = j->work;
    int64_t *raw = j->raw_by_k[k];
    double t0 = pw_now();
    #pragma omp parallel num_threads(nt)
    {
        int tid = 0;
#ifdef _OPENMP
        tid = omp_get_thread_num();
#endif
        pw_work_t *w = &work[tid];
        int64_t acc[PW_NRAW] = {0};
        #pragma omp for schedule(dynamic, 1)
        for (int i = i0; i < i1; i++) {
            int s[7];
            for (int q = 0; q < k; q++) s[q] = rp->pos[(size_t)i * 7 + q];
            pw_term(x, w, s, k, rp->weight[i], acc);
        }
        #pragma omp critical
        for (int q = 0; q < PW_NRAW; q++) raw[q] += acc[q];
    }
    j->seconds_by_k[k] += pw_now() - t0;
    j->i = i1;
    j->done += (uint64_t)(i1 - i0) * per;
    return 0;
}

/* ---------- one player hand ---------- */

enum { PP_TOTAL, PP_WIN, PP_LOSS, PP_CH, PP_CL, PP_CB, PP_PUSH2, PP_N };

/* Counts of one player key (back index pb, front pf) against a dense histogram of
 * banker keys, added (times factor) to r; zeroes h. */
static void pw_player_vs_hist(const pw_ctx_t *x, int pb, int pf, uint32_t *h, int64_t factor,
                              int64_t *r) {
    int64_t c[PP_N] = {0};
    for (int b = 0; b < x->nback; b++) {
        uint32_t *row = h + (size_t)b * PW_NF;
        for (int f = 0; f < PW_NF; f++) {
            int64_t v = row[f];
            if (!v) continue;
            row[f] = 0;
            c[PP_TOTAL] += v;
            if (pb > b && pf > f) c[PP_WIN] += v;
            else if (pb <= b && pf <= f) c[PP_LOSS] += v;
            else if (pf >= x->lowf || f >= x->lowf) c[PP_PUSH2] += v;
            if (b == pb) c[PP_CH] += v;
            if (f == pf) c[PP_CL] += v;
            if (b == pb && f == pf) c[PP_CB] += v;
        }
    }
    for (int i = 0; i < PP_N; i++) r[i] += factor * c[i];
}

/* Inclusion-exclusion for one player hand p (7 sorted positions): banker hands disjoint
 * from p = sum over S subset of p of (-1)^|S| (hands containing S). */
static int pw_player_ie(const pw_ctx_t *x, const int *p, int64_t *r) {
    memset(r, 0, sizeof(int64_t) * PP_N);
    uint32_t *h = (uint32_t *)calloc((size_t)x->nkeys, sizeof(uint32_t));
    if (!h) return -1;
    uint32_t key = x->tab[pw_index(x, p)];
    int pb = (int)(key / PW_NF), pf = (int)(key % PW_NF);
    for (int mask = 0; mask < 128; mask++) {
        int s[7], k = 0;
        for (int i = 0; i < 7; i++) if (mask >> i & 1) s[k++] = p[i];
        if (k == 0) {
            for (uint32_t i = 0; i < x->nhands; i++) h[x->tab[i]]++;
        } else {
            pw_sup_t u;
            int len = 0;
            pw_superset_setup(x, s, k, &u);
            pw_visit(x, &u, u.m, u.nq, u.base, 0, h, NULL, &len);
        }
        pw_player_vs_hist(x, pb, pf, h, (k & 1) ? -1 : 1, r);
    }
    free(h);
    return 0;
}

/* Direct: every banker hand from the deck without the player's cards, keys straight
 * from the engine (no table). Raw engine keys are compared. */
static void pw_player_direct(const engine_t *e, const int *deck, int n, const int *player,
                             int nthreads, int64_t *r) {
    int rest[PW_MAXN], nr = 0;
    for (int i = 0; i < n; i++) {
        int in = 0;
        for (int j = 0; j < 7; j++) if (player[j] == deck[i]) in = 1;
        if (!in) rest[nr++] = deck[i];
    }
    int pbk, pfk;
    engine_hand_keys(e, player, &pbk, &pfk);
    const int low = FRONT_PAIR_BASE + 1;
    int64_t tot[PP_N] = {0};
    #pragma omp parallel num_threads(nthreads)
    {
        int64_t c[PP_N] = {0};
        #pragma omp for schedule(dynamic, 1)
        for (int a0 = nr - 1; a0 >= 6; a0--) {
            int b[7];
            b[6] = rest[a0];
            for (int a1 = 5; a1 < a0; a1++) { b[5] = rest[a1];
            for (int a2 = 4; a2 < a1; a2++) { b[4] = rest[a2];
            for (int a3 = 3; a3 < a2; a3++) { b[3] = rest[a3];
            for (int a4 = 2; a4 < a3; a4++) { b[2] = rest[a4];
            for (int a5 = 1; a5 < a4; a5++) { b[1] = rest[a5];
            for (int a6 = 0; a6 < a5; a6++) { b[0] = rest[a6];
                int bk, fk;
                engine_hand_keys(e, b, &bk, &fk);
                c[PP_TOTAL]++;
                if (pbk > bk && pfk > fk) c[PP_WIN]++;
                else if (pbk <= bk && pfk <= fk) c[PP_LOSS]++;
                else if (pfk >= low || fk >= low) c[PP_PUSH2]++;
                c[PP_CH] += bk == pbk;
                c[PP_CL] += fk == pfk;
                c[PP_CB] += bk == pbk && fk == pfk;
            }}}}}}
        }
        #pragma omp critical
        for (int i = 0; i < PP_N; i++) tot[i] += c[i];
    }
    memcpy(r, tot, sizeof tot);
}

/* ---------- brute force over every ordered pair (small decks) ---------- */

static int pw_brute(const pw_ctx_t *x, int64_t *r) {
    memset(r, 0, sizeof(int64_t) * PP_N);
    int n = x->n;
    int64_t tot[PP_N] = {0};
    #pragma omp parallel num_threads(x->nthreads)
    {
        int64_t c[PP_N] = {0};
        #pragma omp for schedule(dynamic, 64)
        for (int64_t ip = 0; ip < (int64_t)x->nhands; ip++) {
            /* unrank ip: positions of the player hand */
            int rest[PW_MAXN], nr = 0, in[PW_MAXN] = {0};
            uint32_t v = (uint32_t)ip;
            for (int i = 6, hi = n - 1; i >= 0; i--) {
                while (x->binom[hi][i + 1] > v) hi--;
                v -= x->binom[hi][i + 1]; in[hi] = 1; hi--;
            }
            uint32_t key = x->tab[ip];
            int pb = (int)(key / PW_NF), pf = (int)(key % PW_NF);
            for (int i = 0; i < n; i++) if (!in[i]) rest[nr++] = i;
            int a[7];
            for (int i = 0; i < 7; i++) a[i] = i;
            if (nr < 7) continue;
            for (;;) {
                int q[7];
                for (int i = 0; i < 7; i++) q[i] = rest[a[i]];
                uint32_t kb = x->tab[pw_index(x, q)];
                int b = (int)(kb / PW_NF), f = (int)(kb % PW_NF);
                c[PP_TOTAL]++;
                if (pb > b && pf > f) c[PP_WIN]++;
                else if (pb <= b && pf <= f) c[PP_LOSS]++;
                else if (pf >= x->lowf || f >= x->lowf) c[PP_PUSH2]++;
                c[PP_CH] += b == pb; c[PP_CL] += f == pf; c[PP_CB] += b == pb && f == pf;
                int i = 6;
                while (i >= 0 && a[i] == nr - 7 + i) i--;
                if (i < 0) break;
                a[i]++;
                for (int j = i + 1; j < 7; j++) a[j] = a[j - 1] + 1;
            }
        }
        #pragma omp critical
        for (int i = 0; i < PP_N; i++) tot[i] += c[i];
    }
    memcpy(r, tot, sizeof tot);
    return 0;
}

/* ---------- Monte Carlo: random deals of two hands ---------- */

static inline uint64_t pw_splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void pw_sort7(int *a) {
    for (int i = 1; i < 7; i++) {
        int v = a[i], q = i;
        while (q > 0 && a[q - 1] > v) { a[q] = a[q - 1]; q--; }
        a[q] = v;
    }
}

/* r: PP_TOTAL deals, PP_WIN, PP_LOSS, PP_PUSH2 (and copies) of the player. */
static void pw_monte_carlo(const engine_t *e, const int *deck, int n, int64_t deals,
                           uint64_t seed, int nthreads, int64_t *r) {
    int64_t tot[PP_N] = {0};
    const int low = FRONT_PAIR_BASE + 1;
    #pragma omp parallel num_threads(nthreads)
    {
        int tid = 0, nth = 1;
#ifdef _OPENMP
        tid = omp_get_thread_num(); nth = omp_get_num_threads();
#endif
        uint64_t st = seed * 0x100000001B3ull + (uint64_t)tid * 0x9E3779B97F4A7C15ull + 1;
        int d[PW_MAXN];
        memcpy(d, deck, sizeof(int) * n);
        int64_t c[PP_N] = {0};
        int64_t mine = deals / nth + (tid < deals % nth);
        for (int64_t it = 0; it < mine; it++) {
            for (int i = 0; i < 14; i++) {     /* partial Fisher-Yates */
                int j = i + (int)((pw_splitmix(&st) >> 32) * (uint64_t)(n - i) >> 32);
                int t = d[i]; d[i] = d[j]; d[j] = t;
            }
            int p[7], b[7];
            memcpy(p, d, sizeof p); memcpy(b, d + 7, sizeof b);
            pw_sort7(p); pw_sort7(b);
            int pbk, pfk, bk, fk;
            engine_hand_keys(e, p, &pbk, &pfk);
            engine_hand_keys(e, b, &bk, &fk);
            c[PP_TOTAL]++;
            if (pbk > bk && pfk > fk) c[PP_WIN]++;
            else if (pbk <= bk && pfk <= fk) c[PP_LOSS]++;
            else if (pfk >= low || fk >= low) c[PP_PUSH2]++;
            c[PP_CH] += bk == pbk; c[PP_CL] += fk == pfk; c[PP_CB] += bk == pbk && fk == pfk;
        }
        #pragma omp critical
        for (int i = 0; i < PP_N; i++) tot[i] += c[i];
    }
    memcpy(r, tot, sizeof tot);
}

#endif
