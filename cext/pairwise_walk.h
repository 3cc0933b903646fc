/* The pairwise counts (pairwise.h): the walk over the hands containing a card set S,
 * each known by three sums built one card at a time (pairwise_keys.h). */
#ifndef PAIGOW_PAIRWISE_WALK_H
#define PAIGOW_PAIRWISE_WALK_H

#include <stdint.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "pairwise_keys.h"
#include "pairwise_dominance.h"

/* ---------- the hands containing a card set S ---------- */

/* Additive weights: a hand S + T, T = {t_1 < ... < t_m} drawn from the complement
 * q_0 < q_1 < ..., has the rank-multiset index  mbase + sum_j mw[j][index of t_j]  (the
 * term of a card depends on its place in the hand, so each free card is charged the
 * shift its choice causes to the places of the cards of S above it: see below), the suit
 * counts  sbase + sum sw[index], the card bits  bbase | OR bw[index]. */
typedef struct {
    int m, nq;
    uint32_t mbase, sbase;
    uint64_t bbase;
    uint32_t mw[8][PW_MAXN];
    uint32_t sw[PW_MAXN];
    uint64_t bw[PW_MAXN];
    int ng;                       /* the free cards in runs of one rank (the joker alone): */
    uint8_t gs[PW_MAXN], ge[PW_MAXN], gjoker[PW_MAXN];  /* indices [gs, ge) */
} pw_sup_t;

/* With term(i, p) the multiset term of deck position p at hand place i (0-based) and
 * S = {s_0 < ... < s_{k-1}}: the place of s_r is r + (free cards below s_r), and
 *   F_j(p) = sum over s_r < p of term(r + j, s_r)
 * telescopes it: mbase = F_m(n), and the free card t_j, with `below` cards of S below
 * it, weighs term(j - 1 + below, t_j) - F_j(t_j) + F_{j-1}(t_j) (mod 2**32). */
static void pw_superset_setup(const pw_ctx_t *x, const int *s, int k, pw_sup_t *u) {
    int in[PW_MAXN] = {0};
    for (int i = 0; i < k; i++) in[s[i]] = 1;
    int m = 7 - k;
    u->m = m;
    u->nq = 0;
    u->sbase = 0;
    u->bbase = 0;
    for (int i = 0; i < k; i++) { u->sbase += x->sbit[s[i]]; u->bbase |= x->bbit[s[i]]; }
    uint32_t F[8][PW_MAXN + 1];
    for (int j = 0; j <= m; j++) {
        uint32_t acc = 0;
        int r = 0;
        for (int p = 0; p <= x->n; p++) {
            F[j][p] = acc;
            if (p < x->n && in[p]) { acc += x->mterm[r + j][p]; r++; }
        }
    }
    u->mbase = F[m][x->n];
    int below = 0, prev = -1;
    u->ng = 0;
    for (int p = 0; p < x->n; p++) {
        if (in[p]) { below++; continue; }
        int joker = x->deck[p] == JOKER, rank = joker ? 13 : RANK(x->deck[p]);
        if (rank != prev || joker) {           /* a new run of one rank */
            u->gs[u->ng] = (uint8_t)u->nq;
            u->gjoker[u->ng] = (uint8_t)joker;
            u->ng++;
        }
        u->ge[u->ng - 1] = (uint8_t)(u->nq + 1);
        prev = rank;
        for (int j = 1; j <= m; j++)
            u->mw[j][u->nq] = x->mterm[j - 1 + below][p] - F[j][p] + F[j - 1][p];
        u->sw[u->nq] = x->sbit[p];
        u->bw[u->nq] = x->bbit[p];
        u->nq++;
    }
}

/* Visits every hand containing S: level j picks t_j among complement indices < upto.
 * mode 0: dense histogram; mode 1: the same, and each key's first hand also appends the
 * key to the list (the distinct keys, for the sparse route). */
static void pw_visit(const pw_ctx_t *x, const pw_sup_t *u, int j, int upto, uint32_t mb,
                     uint32_t sb, uint64_t bb, int mode, uint32_t *hist, uint32_t *keys,
                     int *len) {
    if (j == 0) {                 /* S is a whole hand */
        uint32_t key = pw_key_of(x, mb, sb, bb);
        if (!hist[key]++ && mode) keys[(*len)++] = key;
        return;
    }
    const uint32_t *mw = u->mw[j], *sw = u->sw;
    const uint64_t *bw = u->bw;
    if (j == 1) {
        if (mode == 0) {
            for (int i = 0; i < upto; i++) hist[pw_key_of(x, mb + mw[i], sb + sw[i], bb | bw[i])]++;
        } else {
            int l = *len;
            for (int i = 0; i < upto; i++) {
                uint32_t key = pw_key_of(x, mb + mw[i], sb + sw[i], bb | bw[i]);
                if (!hist[key]++) keys[l++] = key;
            }
            *len = l;
        }
        return;
    }
    for (int i = j - 1; i < upto; i++)
        pw_visit(x, u, j - 1, i, mb + mw[i], sb + sw[i], bb | bw[i], mode, hist, keys, len);
}

/* The sparse route's walk: like pw_visit, but a hand with no flush possible is only
 * counted by its rank multiset (mcnt: 0.3 MiB, in cache; a few thousand distinct ones per
 * S), a flush-possible hand by its key (hist); each first one is listed. */
typedef struct {
    uint32_t *hist, *keys, *mcnt, *mlist;
    int len, mlen;
} pw_sink_t;

static inline void pw_collect_hand(const pw_ctx_t *x, pw_sink_t *o, uint32_t m, uint32_t s,
                                   uint64_t b) {
    uint32_t f = (s + PW_FLUSH_ADD) & 0x80808080u;
    if (f) {
        uint32_t key = x->fkey[pw_flush_index(b, f)];
        if (!o->hist[key]++) o->keys[o->len++] = key;
    } else if (!o->mcnt[m]++) {
        o->mlist[o->mlen++] = m;
    }
}

static void pw_collect(const pw_ctx_t *x, const pw_sup_t *u, int j, int upto, uint32_t mb,
                       uint32_t sb, uint64_t bb, pw_sink_t *o) {
    if (j == 0) {
        pw_collect_hand(x, o, mb, sb, bb);
        return;
    }
    const uint32_t *mw = u->mw[j], *sw = u->sw;
    const uint64_t *bw = u->bw;
    if (j == 1) {
        if ((sb + PW_FLUSH_ADD + 0x01010101u) & 0x80808080u) {   /* one more card may */
            for (int i = 0; i < upto; i++)                      /* make a flush possible */
                pw_collect_hand(x, o, mb + mw[i], sb + sw[i], bb | bw[i]);
            return;
        }
        /* none can: the free cards of one rank give one multiset, counted at once */
        for (int g = 0; g < u->ng && u->gs[g] < upto; g++) {
            int a = u->gs[g], e = u->ge[g] < upto ? u->ge[g] : upto;
            if (u->gjoker[g]) {
                pw_collect_hand(x, o, mb + mw[a], sb + sw[a], bb | bw[a]);
                continue;
            }
            uint32_t m = mb + mw[a];
            if (!o->mcnt[m]) o->mlist[o->mlen++] = m;
            o->mcnt[m] += (uint32_t)(e - a);
        }
        return;
    }
    for (int i = j - 1; i < upto; i++)
        pw_collect(x, u, j - 1, i, mb + mw[i], sb + sw[i], bb | bw[i], o);
}

/* The multisets counted in o -> their keys' counts in o->hist (and list); clears mcnt. */
static void pw_sink_fold(const pw_ctx_t *x, pw_sink_t *o) {
    for (int i = 0; i < o->mlen; i++) {
        uint32_t m = o->mlist[i], key = x->mkey[m];
        if (!o->hist[key]) o->keys[o->len++] = key;
        o->hist[key] += o->mcnt[m];
        o->mcnt[m] = 0;
    }
    o->mlen = 0;
}

/* Every hand of the deck, split by its highest card among nt threads (sink[t] thread t's),
 * counted into sink[0].hist; the other sinks' hist left zero. */
static void pw_collect_all(const pw_ctx_t *x, pw_sink_t *sink, int nt) {
    pw_sup_t u;
    int none[1] = {0};
    pw_superset_setup(x, none, 0, &u);
    #pragma omp parallel for schedule(dynamic, 1) num_threads(nt)
    for (int i = u.nq - 1; i >= 6; i--) {
        int tid = 0;
#ifdef _OPENMP
        tid = omp_get_thread_num();
#endif
        pw_collect(x, &u, 6, i, u.mbase + u.mw[7][i], u.sbase + u.sw[i], u.bbase | u.bw[i],
                   &sink[tid]);
    }
    uint32_t *h = sink[0].hist;
    for (int t = 0; t < nt; t++) {
        pw_sink_fold(x, &sink[t]);
        uint32_t *o = sink[t].hist;
        if (t) for (int i = 0; i < x->nkeys; i++) { h[i] += o[i]; o[i] = 0; }
    }
}

/* Every hand of the deck into the dense histogram h (added). */
static void pw_all_hands(const pw_ctx_t *x, uint32_t *h) {
    pw_sup_t u;
    int len = 0, none[1] = {0};
    pw_superset_setup(x, none, 0, &u);
    pw_visit(x, &u, 7, u.nq, u.mbase, u.sbase, u.bbase, 0, h, NULL, &len);
}

/* Raw counts of the hands containing S, added (times factor) into r. */
static void pw_term(const pw_ctx_t *x, pw_work_t *w, const int *s, int k, int64_t factor,
                    int64_t *r) {
    pw_sup_t u;
    int64_t raw[PW_NRAW] = {0};
    pw_superset_setup(x, s, k, &u);
    if (k <= PW_DENSE_MAX) {
        int len = 0;
        pw_visit(x, &u, u.m, u.nq, u.mbase, u.sbase, u.bbase, 0, w->hist, NULL, &len);
        pw_dense_raw(x, w->hist, raw);
    } else {
        pw_sink_t o = {w->hist, w->keys, w->mcnt, w->mlist, 0, 0};
        pw_collect(x, &u, u.m, u.nq, u.mbase, u.sbase, u.bbase, &o);
        pw_sink_fold(x, &o);
        pw_sparse_raw(x, w, o.len, raw);
    }
    for (int i = 0; i < PW_NRAW; i++) r[i] += factor * raw[i];
}

#endif
