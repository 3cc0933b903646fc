/* The pairwise counts (pairwise.h): the raw counts of the hands containing one card
 * set S, from their keys, by a two-dimensional dominance sweep.
 *
 * Raw counts per S (all over ordered pairs of hands containing S, not necessarily
 * disjoint): T (all pairs), W (player strictly higher in both), L (banker at least
 * equal in both), CH/CL/CB (equal backs / fronts / both), and TL/WL/LL, the same three
 * restricted to hands whose front is below a pair of 3s (the Wrangler 1-to-1 pushes
 * are TL - WL - LL), and TC/WC/LC, the pairs whose banker's hand meets a push condition
 * (cback, cfront) and the player's wins and losses among them.
 *
 * The marked counts come out of the sweep with no query of their own. A marked hand B
 * (v hands of keys (b, f)) loses to #{P: P.back > b, P.front > f}
 *     = N - #{back <= b} - #{front <= f} + #{back <= b, front <= f}
 * players, the last term the weak query the sweep makes for B: so
 *     WC = N NC - sum v G(b) - sum v F(f) + LC,   LC = sum v (weak query of B),
 * with NC the marked hands, G(b) the hands of back at most b (the running total once
 * B's group is in) and F(f) the hands of front at most f (the column totals, known at
 * the end: sum over f of (marked hands of front f) F(f)). */
#ifndef PAIGOW_PAIRWISE_DOMINANCE_H
#define PAIGOW_PAIRWISE_DOMINANCE_H

#include <stdint.h>
#include <string.h>
#include "pairwise_keys.h"

/* ---------- dominance counts ---------- */

/* The two sweeps below take the number of fronts NF as an argument, inlined into one
 * copy with the constant 91 (the engine's keys) and one with x->nf (a comparison
 * reading's, cext/pairwise_keys.h). */
#define PW_INLINE static inline __attribute__((always_inline))

/* Dense histogram h[nback][NF] -> raw counts (added to r); zeroes h on the way. */
PW_INLINE void pw_dense_raw_nf(const pw_ctx_t *x, uint32_t *h, int64_t *r, const int NF) {
    uint64_t col[PW_NF_MAX];
    memset(col, 0, sizeof(uint64_t) * NF);
    const int lowf = x->lowf;
    int64_t W = 0, L = 0, CH = 0, CB = 0, WL = 0, LL = 0;
    int64_t NC = 0, LC = 0, GC = 0, G = 0;
    uint64_t mcol[PW_NF_MAX];                  /* marked hands by front */
    memset(mcol, 0, sizeof(uint64_t) * NF);
    for (int b = 0; b < x->nback; b++) {
        uint32_t *row = h + (size_t)b * NF;
        uint64_t any = 0;
        for (int f = 0; f < NF; f++) any |= row[f];
        if (!any) continue;
        uint64_t pre = 0;
        for (int f = 0; f < NF; f++) {          /* lower backs, lower fronts */
            uint64_t v = row[f];
            if (v) { W += (int64_t)(v * pre); if (f < lowf) WL += (int64_t)(v * pre); }
            pre += col[f];
        }
        pre = 0;
        uint64_t rs = 0;
        for (int f = 0; f < NF; f++) rs += row[f];
        G += (int64_t)rs;                           /* hands of back at most b */
        const uint8_t cb = x->cback[b];
        for (int f = 0; f < NF; f++) {          /* lower or equal in both */
            uint64_t v = row[f];
            col[f] += v;
            pre += col[f];
            if (v) {
                L += (int64_t)(v * pre);
                if (f < lowf) LL += (int64_t)(v * pre);
                if (cb & x->cfront[f]) {
                    NC += (int64_t)v; LC += (int64_t)(v * pre); GC += (int64_t)v * G;
                    mcol[f] += v;
                }
                CB += (int64_t)(v * v);
                row[f] = 0;
            }
        }
        CH += (int64_t)(rs * rs);
    }
    uint64_t N = 0, NL = 0, CL = 0, FC = 0;
    for (int f = 0; f < NF; f++) {
        N += col[f];
        FC += mcol[f] * N;                          /* N: the hands of front at most f */
        if (f < lowf) NL += col[f];
        CL += col[f] * col[f];
    }
    r[PW_T] += (int64_t)(N * N); r[PW_W] += W; r[PW_L] += L;
    r[PW_CH] += CH; r[PW_CL] += (int64_t)CL; r[PW_CB] += CB;
    r[PW_TL] += (int64_t)(NL * NL); r[PW_WL] += WL; r[PW_LL] += LL;
    r[PW_TC] += (int64_t)N * NC; r[PW_LC] += LC;
    r[PW_WC] += (int64_t)N * NC - GC - (int64_t)FC + LC;
}

static void pw_dense_raw(const pw_ctx_t *x, uint32_t *h, int64_t *r) {
    if (x->nf == PW_NF) pw_dense_raw_nf(x, h, r, PW_NF);
    else pw_dense_raw_nf(x, h, r, x->nf);
}

/* Work space of one thread. */
typedef struct {
    uint32_t *keys, *tmp;      /* the distinct keys of the sparse route (up to nkeys) */
    uint32_t *hist;            /* dense [nkeys]: hands per key */
    uint32_t *mcnt, *mlist;    /* [MEMO_SIZE]: hands per rank multiset (no flush possible),
                                  and the distinct multisets met */
    uint8_t *fcnt;             /* [nfkey]: hands per fkey entry (flush possible) */
    uint32_t *flist;           /* [nfkey]: the entries met */
    uint64_t *pairs, *ptmp;    /* [MEMO_SIZE + nfkey]: (key << 32 | hands), unsorted */
    int64_t *memo[7];          /* |S| >= PW_MEMO_MIN: raw counts by S's rank multiset */
    uint8_t *have[7];          /* (pairwise_ranks.h), and whether known */
    int64_t raw[8][PW_NRAW];   /* per |S|, signed and weighted */
} pw_work_t;

/* The m distinct keys a[], increasing, with c[k] hands of key a[k] -> raw counts (added
 * to r): a sweep by back groups with a Fenwick tree over the 91 fronts, every key
 * weighted by its hands. */
PW_INLINE void pw_sweep_nf(const pw_ctx_t *x, const uint32_t *a, const uint32_t *c, int m,
                           int64_t *r, const int NF) {
    int64_t fen[PW_NF_MAX + 1], fcnt[PW_NF_MAX];
    memset(fen, 0, sizeof(int64_t) * (NF + 1)); memset(fcnt, 0, sizeof(int64_t) * NF);
    const int lowf = x->lowf;
    int64_t W = 0, L = 0, CH = 0, CL = 0, CB = 0, WL = 0, LL = 0, NL = 0, N = 0;
    int64_t NC = 0, LC = 0, GC = 0, mfront[PW_NF_MAX];  /* marked hands */
    memset(mfront, 0, sizeof(int64_t) * NF);
    int i = 0;
    while (i < m) {
        uint32_t b = a[i] / NF;
        int j = i;
        while (j < m && a[j] / NF == b) j++;
        for (int k = i; k < j; k++) {           /* strictly lower backs and fronts */
            int f = (int)(a[k] - b * NF);
            int64_t s = 0, v = (int64_t)c[k];
            for (int q = f; q > 0; q -= q & -q) s += fen[q];
            W += v * s;
            if (f < lowf) WL += v * s;
        }
        int64_t g = 0;
        for (int k = i; k < j; k++) {
            int f = (int)(a[k] - b * NF);
            int64_t v = (int64_t)c[k];
            for (int q = f + 1; q <= NF; q += q & -q) fen[q] += v;
            CB += v * v;
            g += v;
        }
        const uint8_t cb = x->cback[b];
        for (int k = i; k < j; k++) {           /* lower or equal in both */
            int f = (int)(a[k] - b * NF);
            int64_t s = 0, v = (int64_t)c[k];
            for (int q = f + 1; q > 0; q -= q & -q) s += fen[q];
            L += v * s;
            if (f < lowf) { LL += v * s; NL += v; }
            if (cb & x->cfront[f]) {            /* G(b) = N + g: this group is in */
                NC += v; LC += v * s; GC += v * (N + g); mfront[f] += v;
            }
            CL += v * (2 * fcnt[f] + v);         /* sum over fronts of hands squared */
            fcnt[f] += v;
        }
        CH += g * g;
        N += g;
        i = j;
    }
    int64_t F = 0, FC = 0;
    if (NC)                                     /* marked hands met */
        for (int f = 0; f < NF; f++) {
            F += fcnt[f];                           /* the hands of front at most f */
            FC += mfront[f] * F;
        }
    r[PW_T] += N * N; r[PW_W] += W; r[PW_L] += L;
    r[PW_CH] += CH; r[PW_CL] += CL; r[PW_CB] += CB;
    r[PW_TL] += NL * NL; r[PW_WL] += WL; r[PW_LL] += LL;
    r[PW_TC] += N * NC; r[PW_LC] += LC; r[PW_WC] += N * NC - GC - FC + LC;
}

static void pw_sweep(const pw_ctx_t *x, const uint32_t *a, const uint32_t *c, int m,
                     int64_t *r) {
    if (x->nf == PW_NF) pw_sweep_nf(x, a, c, m, r, PW_NF);
    else pw_sweep_nf(x, a, c, m, r, x->nf);
}

#endif
