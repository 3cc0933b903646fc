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
 *   F_j(p) = sum over s_r < p of term(r + j, s_r) = P_j(cards of S below p),
 *   P_j(c) = sum over r < c of term(r + j, s_r),
 * telescopes it: mbase = P_m(k), and the free card t_j, with `below` cards of S below
 * it, weighs term(j - 1 + below, t_j) - P_j(below) + P_{j-1}(below) (mod 2**32). */
static void pw_superset_setup(const pw_ctx_t *x, const int *s_in, int k, pw_sup_t *u) {
    int s[8];
    for (int i = 0; i < k; i++) {              /* S in increasing order */
        int v = s_in[i], q = i;
        while (q > 0 && s[q - 1] > v) { s[q] = s[q - 1]; q--; }
        s[q] = v;
    }
    s[k] = x->n;                               /* a sentinel above every free card */
    int m = 7 - k;
    u->m = m;
    u->nq = 0;
    u->sbase = 0;
    u->bbase = 0;
    for (int i = 0; i < k; i++) { u->sbase += x->sbit[s[i]]; u->bbase |= x->bbit[s[i]]; }
    uint32_t P[8][8];
    for (int j = 0; j <= m; j++) {
        P[j][0] = 0;
        for (int r = 0; r < k; r++) P[j][r + 1] = P[j][r] + x->mterm[r + j][s[r]];
    }
    u->mbase = P[m][k];
    int below = 0, prev = -1;
    u->ng = 0;
    for (int p = 0; p < x->n; p++) {
        if (p == s[below]) { below++; continue; }
        int joker = x->deck[p] == JOKER, rank = joker ? 13 : RANK(x->deck[p]);
        if (rank != prev || joker) {           /* a new run of one rank */
            u->gs[u->ng] = (uint8_t)u->nq;
            u->gjoker[u->ng] = (uint8_t)joker;
            u->ng++;
        }
        u->ge[u->ng - 1] = (uint8_t)(u->nq + 1);
        prev = rank;
        for (int j = 1; j <= m; j++)
            u->mw[j][u->nq] = x->mterm[j - 1 + below][p] - P[j][below] + P[j - 1][below];
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
    /* optional (NULL: each flush-possible hand straight into hist): hands per entry of
     * fkey (at most 36 per entry: the flush suit, and the suits of the other two cards,
     * of three each), and the entries met; read only when folded, so that the hands
     * touch a 0.2 MiB array instead of fkey (0.9 MiB) and hist (2.7 MiB) */
    uint8_t *fcnt;
    uint32_t *flist;
    int flen;
} pw_sink_t;

static inline void pw_collect_hand(const pw_ctx_t *x, pw_sink_t *o, uint32_t m, uint32_t s,
                                   uint64_t b) {
    uint32_t f = (s + PW_FLUSH_ADD) & 0x80808080u;
    if (f) {
        uint32_t i = pw_flush_index(x, b, f);
        if (o->fcnt) {
            if (!o->fcnt[i]++) o->flist[o->flen++] = i;
        } else {
            uint32_t key = x->fkey[i];
            if (!o->hist[key]++) o->keys[o->len++] = key;
        }
    } else if (!o->mcnt[m]++) {
        o->mlist[o->mlen++] = m;
    }
}

/* The hands that pick j more free cards among the first `upto`, when none of them can be
 * flush-possible, counted by rank multiset only: a run of one rank (the joker alone)
 * gives c cards in C(size, c) ways, all of one multiset, whose index is that of the hand
 * with the run's last c cards (levels j - c + 1 .. j), so one entry per multiset,
 * weighted by `mult` times its hands, instead of one visit per hand. */
static void pw_collect_ranks(const pw_ctx_t *x, const pw_sup_t *u, int j, int upto,
                             uint32_t mb, uint32_t mult, pw_sink_t *o) {
    for (int g = 0; g < u->ng && u->gs[g] < upto; g++) {
        int a = u->gs[g], size = (u->ge[g] < upto ? u->ge[g] : upto) - a;
        uint32_t m = mb;
        for (int c = 1; c <= size && c <= j; c++) {
            m += u->mw[j - c + 1][a + size - c];     /* the run's last c cards */
            uint32_t w = mult * x->binom[size][c];
            if (c < j) {
                pw_collect_ranks(x, u, j - c, a, m, w, o);
            } else {
                if (!o->mcnt[m]) o->mlist[o->mlen++] = m;
                o->mcnt[m] += w;
            }
        }
    }
}

static void pw_collect(const pw_ctx_t *x, const pw_sup_t *u, int j, int upto, uint32_t mb,
                       uint32_t sb, uint64_t bb, pw_sink_t *o) {
    if (j == 0) {
        pw_collect_hand(x, o, mb, sb, bb);
        return;
    }
    if (!((sb + PW_FLUSH_ADD + (uint32_t)j * 0x01010101u) & 0x80808080u)) {
        pw_collect_ranks(x, u, j, upto, mb, 1, o);   /* no flush possible below: by ranks */
        return;
    }
    const uint32_t *mw = u->mw[j], *sw = u->sw;
    const uint64_t *bw = u->bw;
    if (j == 1) {                      /* one more card may make a flush possible */
        if ((sb + PW_FLUSH_ADD) & 0x80808080u) {     /* S and the cards so far do */
            for (int i = 0; i < upto; i++)
                pw_collect_hand(x, o, mb + mw[i], sb + sw[i], bb | bw[i]);
            return;
        }
        /* only a card of a suit that reaches five (the joker: of any) does; the others
         * of one rank give one multiset, counted at once */
        for (int g = 0; g < u->ng && u->gs[g] < upto; g++) {
            int a = u->gs[g], e = u->ge[g] < upto ? u->ge[g] : upto;
            uint32_t cold = 0;
            for (int i = a; i < e; i++) {
                if ((sb + sw[i] + PW_FLUSH_ADD) & 0x80808080u)
                    pw_collect_hand(x, o, mb + mw[i], sb + sw[i], bb | bw[i]);
                else
                    cold++;
            }
            if (cold) {
                uint32_t m = mb + mw[a];
                if (!o->mcnt[m]) o->mlist[o->mlen++] = m;
                o->mcnt[m] += cold;
            }
        }
        return;
    }
    for (int i = j - 1; i < upto; i++)
        pw_collect(x, u, j - 1, i, mb + mw[i], sb + sw[i], bb | bw[i], o);
}

/* The multisets (and flush entries) counted in o -> their keys' counts in o->hist (and
 * list); clears mcnt (and fcnt). */
static inline void pw_sink_add(pw_sink_t *o, uint32_t key, uint32_t hands) {
    if (!o->hist[key]) o->keys[o->len++] = key;
    o->hist[key] += hands;
}

static void pw_sink_fold(const pw_ctx_t *x, pw_sink_t *o) {
    for (int i = 0; i < o->mlen; i++) {      /* none left when all were flush-possible */
        uint32_t c = o->mcnt[o->mlist[i]];
        if (c) pw_sink_add(o, x->mkey[o->mlist[i]], c);
        o->mcnt[o->mlist[i]] = 0;
    }
    for (int i = 0; i < o->flen; i++) {
        pw_sink_add(o, x->fkey[o->flist[i]], o->fcnt[o->flist[i]]);
        o->fcnt[o->flist[i]] = 0;
    }
    o->mlen = o->flen = 0;
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

/* Raw counts of the hands containing S when one card is free (|S| = 6: about a million
 * representatives of 47 hands each): the keys straight into a short list, sorted and
 * merged there, with no histogram, multiset counts or fold between. The hands as
 * pw_collect's last level counts them: one by one when flush-possible, else by rank. */
static void pw_term_last(const pw_ctx_t *x, const pw_sup_t *u, int64_t *raw) {
    uint32_t key[PW_MAXN], cnt[PW_MAXN];
    int n = 0;
    const uint32_t *mw = u->mw[1], *sw = u->sw, sb = u->sbase;
    const uint64_t *bw = u->bw;
    for (int g = 0; g < u->ng; g++) {
        int a = u->gs[g], e = u->ge[g];
        uint32_t cold = 0;
        for (int i = a; i < e; i++) {
            uint32_t f = (sb + sw[i] + PW_FLUSH_ADD) & 0x80808080u;
            if (f) {
                key[n] = x->fkey[pw_flush_index(x, u->bbase | bw[i], f)];
                cnt[n++] = 1;
            } else {
                cold++;
            }
        }
        if (cold) { key[n] = x->mkey[u->mbase + mw[a]]; cnt[n++] = cold; }
    }
    for (int i = 1; i < n; i++) {              /* insertion sort by key */
        uint32_t k = key[i], c = cnt[i];
        int q = i;
        while (q > 0 && key[q - 1] > k) { key[q] = key[q - 1]; cnt[q] = cnt[q - 1]; q--; }
        key[q] = k; cnt[q] = c;
    }
    int m = 0;
    for (int i = 0; i < n; i++) {              /* one entry per key */
        if (m && key[m - 1] == key[i]) { cnt[m - 1] += cnt[i]; continue; }
        key[m] = key[i]; cnt[m++] = cnt[i];
    }
    pw_sweep(x, key, cnt, m, raw);
}

#endif
