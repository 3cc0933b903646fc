/* The pairwise counts (pairwise.h): the hands containing a card set S counted by rank
 * multiset first, the flush-possible ones then moved to their own keys (issue 40).
 *
 * A hand with no flush possible has the key of its rank multiset, and the hands
 * containing S with one rank multiset number a product of binomials over the ranks
 * (free cards of the rank, extra cards of it), whatever their suits. So:
 *   1. every hand containing S goes to its rank multiset, by ranks alone
 *      (pw_collect_ranks from the top: one step per multiset, not per hand);
 *   2. the flush-possible hands containing S, by flush suit: the flush suit's cards one
 *      set at a time (their ranks make the key), the at most two other cards by rank
 *      (only their ranks matter: ways = product of binomials), each taken back from its
 *      multiset and counted at its flush entry of fkey.
 * A seven-card hand has at most one suit of five or more (four and the joker counted as
 * five): two would take nine cards. The per-hand walk (pw_collect) visited every hand
 * while a flush was still possible below, nearly all of them at |S| <= 3. */
#ifndef PAIGOW_PAIRWISE_RANKS_H
#define PAIGOW_PAIRWISE_RANKS_H

#include <stdint.h>
#include "pairwise_keys.h"
#include "pairwise_walk.h"

#ifndef PW_SPLIT_MAX
#define PW_SPLIT_MAX 4     /* |S| up to this: by ranks, then the flushes; above: per hand */
#endif

/* Rank-multiset index (multiset.h, the engine's memo) of rank counts c[13] (nonzero at
 * the ranks of the mask `ranks` only) and a joker. */
static inline uint32_t pw_mset_of_counts(const uint8_t *c, uint32_t ranks, int joker) {
    uint32_t idx = joker ? MEMO_JOKER_OFFSET : 0;
    int i = 1;
    for (; ranks; ranks &= ranks - 1) {
        int r = __builtin_ctz(ranks);
        for (int q = 0; q < c[r]; q++) idx += (uint32_t)MSET_TERM[i++][r];
    }
    return idx;
}

/* One flush suit's hands: what stays fixed while its cards are chosen. */
typedef struct {
    uint32_t fb;           /* fbase offset of the joker (0 or 8192) */
    int joker;             /* the hand has the joker */
    int nb;                /* other cards still to choose (by rank) */
    int lo, hi;            /* ranks of S's other cards (13: none), lo <= hi */
    uint32_t ranks;        /* the ranks of S's cards (the joker's aside) */
    const uint8_t *other;  /* free cards by rank outside the flush suit (and the joker) */
} pw_fl_t;

static inline void pw_flush_move(pw_sink_t *o, uint32_t fi, uint32_t m, uint32_t ways) {
    o->mcnt[m] -= ways;                     /* counted by rank in step 1: taken back */
    if (!o->fcnt[fi]) o->flist[o->flen++] = fi;
    o->fcnt[fi] += (uint8_t)ways;
}

/* The flush suit's cards chosen (ranks mask a; with S's, rank counts c): the other cards
 * by rank. The multiset index of c plus one or two ranks comes from c's in O(1): a rank
 * r inserted after the cards of ranks <= r (le[r] of them) adds MSET_TERM[le[r] + 1][r]
 * and moves each card above it one place up: U1[r] = sum over those cards (at place i)
 * of MSET_TERM[i + 1] - MSET_TERM[i]; two ranks r <= r2 move the cards above r2 two
 * places (U2[r2]), those in (r, r2] one (U1[r] - U1[r2]). */
static void pw_flush_others(const pw_ctx_t *x, const pw_fl_t *f, uint32_t a, const uint8_t *c,
                            pw_sink_t *o) {
    uint32_t base = x->fbase[f->fb + a];
    if (f->nb == 0) {
        pw_flush_move(o, base + pw_flush_slot((uint32_t)f->lo, (uint32_t)f->hi),
                      pw_mset_of_counts(c, f->ranks | a, f->joker), 1);
        return;
    }
    uint32_t idx0 = f->joker ? MEMO_JOKER_OFFSET : 0, U1[14], U2[14];
    int le[13], n = 0;
    for (uint32_t rs = f->ranks | a; rs; rs &= rs - 1) {
        int r = __builtin_ctz(rs);
        for (int q = 0; q < c[r]; q++) idx0 += (uint32_t)MSET_TERM[++n][r];
    }
    for (int r = 0, t = 0; r < 13; r++) le[r] = t += c[r];
    U1[12] = U2[12] = 0;
    for (int r = 12; r > 0; r--) {          /* U[r - 1] = U[r] + the cards of rank r */
        U1[r - 1] = U1[r]; U2[r - 1] = U2[r];
        for (int i = le[r] - c[r] + 1; i <= le[r]; i++) {
            U1[r - 1] += (uint32_t)(MSET_TERM[i + 1][r] - MSET_TERM[i][r]);
            if (f->nb == 2) U2[r - 1] += (uint32_t)(MSET_TERM[i + 2][r] - MSET_TERM[i][r]);
        }
    }
    for (int r = 0; r < 13; r++) {
        uint32_t n1 = f->other[r];
        if (!n1) continue;
        uint32_t m1 = idx0 + (uint32_t)MSET_TERM[le[r] + 1][r];
        if (f->nb == 1) {                   /* S had one other card (lo), or none */
            uint32_t lo = (uint32_t)(f->lo < r ? f->lo : r), hi = (uint32_t)(f->lo < r ? r : f->lo);
            pw_flush_move(o, base + pw_flush_slot(lo, hi), m1 + U1[r], n1);
        } else {                            /* two others, ranks r <= r2 */
            for (int r2 = r; r2 < 13; r2++) {
                uint32_t n2 = f->other[r2];
                uint32_t ways = r2 == r ? n1 * (n1 - 1) / 2 : n1 * n2;
                if (!ways) continue;
                pw_flush_move(o, base + pw_flush_slot((uint32_t)r, (uint32_t)r2),
                              m1 + (uint32_t)MSET_TERM[le[r2] + 2][r2] + U2[r2] + U1[r] - U1[r2],
                              ways);
            }
        }
    }
}

/* Choose `need` more of the flush suit's free ranks fr[0..n) (from index i on). */
static void pw_flush_pick(const pw_ctx_t *x, const pw_fl_t *f, const uint8_t *fr, int n,
                          int i, int need, uint32_t a, uint8_t *c, pw_sink_t *o) {
    if (!need) { pw_flush_others(x, f, a, c, o); return; }
    for (; i <= n - need; i++) {
        c[fr[i]]++;
        pw_flush_pick(x, f, fr, n, i + 1, need - 1, a | 1u << fr[i], c, o);
        c[fr[i]]--;
    }
}

/* Every hand containing S (u: pw_superset_setup's, k = |S|, m = 7 - k >= 1) into o: by
 * rank multiset (mcnt), the flush-possible ones by fkey entry (fcnt, required). */
static void pw_collect_split(const pw_ctx_t *x, const pw_sup_t *u, pw_sink_t *o) {
    const int m = u->m, k = 7 - m;
    pw_collect_ranks(x, u, m, u->nq, u->mbase, 1, o);
    const uint64_t sbits = u->bbase;
    const int jS = (int)(sbits >> 52 & 1);
    int jfree = 0;
    uint8_t fr[4][13], nfr[4] = {0, 0, 0, 0}, freer[4][13], scnt[13];
    memset(freer, 0, sizeof freer);
    memset(scnt, 0, sizeof scnt);
    for (int q = 0; q < u->nq; q++) {
        uint64_t b = u->bw[q];
        if (b >> 52) { jfree = 1; continue; }
        int p = __builtin_ctzll(b), s = p / 13, r = p % 13;
        fr[s][nfr[s]++] = (uint8_t)r;
        freer[s][r] = 1;
    }
    uint32_t sranks = 0;
    for (uint64_t b = sbits & ((1ull << 52) - 1); b; b &= b - 1) {
        int r = __builtin_ctzll(b) % 13;
        scnt[r]++;
        sranks |= 1u << r;
    }
    for (int s = 0; s < 4; s++) {
        uint32_t smask = (uint32_t)(sbits >> 13 * s & 0x1FFF);
        int a = __builtin_popcount(smask), b0 = k - a - jS;
        if (b0 > 2) continue;
        pw_fl_t f;
        f.ranks = sranks;
        f.lo = f.hi = 13;                   /* S's other cards (not of suit s, not the joker) */
        for (uint64_t b = sbits & ((1ull << 52) - 1) & ~(0x1FFFull << 13 * s); b; b &= b - 1) {
            int r = __builtin_ctzll(b) % 13;
            if (f.lo == 13) f.lo = r;
            else if (r < f.lo) { f.hi = f.lo; f.lo = r; }
            else f.hi = r;
        }
        uint8_t other[13];
        for (int r = 0; r < 13; r++)
            other[r] = (uint8_t)(freer[0][r] + freer[1][r] + freer[2][r] + freer[3][r]
                                 - freer[s][r]);
        f.other = other;
        for (int joker = jS; joker <= (jS || jfree ? 1 : 0); joker++) {
            int jadd = joker - jS;
            f.joker = joker;
            f.fb = joker ? 8192u : 0u;
            for (int nb = 0; nb <= 2 - b0; nb++) {
                int need = m - jadd - nb;
                if (need < 0 || need > nfr[s] || a + need + joker < 5) continue;
                f.nb = nb;
                uint8_t c[13];
                memcpy(c, scnt, sizeof c);
                pw_flush_pick(x, &f, fr[s], nfr[s], 0, need, smask, c, o);
            }
        }
    }
}

/* The multisets and flush entries counted in o -> (key << 32 | hands) in p, unsorted
 * (no detour through the dense histogram, 2.7 MiB: its random reads and writes were
 * most of the fold's time); clears mcnt and fcnt. Returns how many. */
static int pw_sink_pairs(const pw_ctx_t *x, pw_sink_t *o, uint64_t *p) {
    int n = 0;
    for (int i = 0; i < o->mlen; i++) {
        uint32_t m = o->mlist[i], c = o->mcnt[m];
        if (c) p[n++] = (uint64_t)x->mkey[m] << 32 | c;
        o->mcnt[m] = 0;
    }
    for (int i = 0; i < o->flen; i++) {
        uint32_t f = o->flist[i];
        p[n++] = (uint64_t)x->fkey[f] << 32 | o->fcnt[f];
        o->fcnt[f] = 0;
    }
    o->mlen = o->flen = 0;
    return n;
}

/* The n pairs in w->pairs sorted by key (LSD radix, 7 bits a pass; a few: insertion),
 * equal keys merged -> pw_sweep's raw counts (added to r). */
static void pw_pairs_raw(const pw_ctx_t *x, pw_work_t *w, int n, int64_t *r) {
    uint64_t *p = w->pairs, *t = w->ptmp;
    if (n <= 32) {
        for (int i = 1; i < n; i++) {
            uint64_t v = p[i];
            int q = i;
            while (q > 0 && p[q - 1] > v) { p[q] = p[q - 1]; q--; }
            p[q] = v;
        }
    } else {
        uint32_t cnt[129];
        for (int shift = 32; (uint32_t)(x->nkeys - 1) >> (shift - 32); shift += 7) {
            memset(cnt, 0, sizeof cnt);
            for (int i = 0; i < n; i++) cnt[(p[i] >> shift & 127) + 1]++;
            for (int i = 0; i < 128; i++) cnt[i + 1] += cnt[i];
            for (int i = 0; i < n; i++) t[cnt[p[i] >> shift & 127]++] = p[i];
            uint64_t *s = p; p = t; t = s;
        }
    }
    uint32_t *a = w->keys, *c = w->tmp;
    int m = 0;
    for (int i = 0; i < n; i++) {
        uint32_t key = (uint32_t)(p[i] >> 32), v = (uint32_t)p[i];
        if (m && a[m - 1] == key) c[m - 1] += v;
        else { a[m] = key; c[m++] = v; }
    }
    pw_sweep(x, a, c, m, r);
}

/* Sets S with no flush possible among their hands (every suit's count, the joker's one
 * included, plus the 7 - k cards still to come below five): their hands' keys are those
 * of their rank multisets, and how many hands have each multiset depends on S's ranks
 * alone (the free cards of a rank: the deck's less S's), so their raw counts are a
 * function of S's rank multiset, computed once per thread and kept. At |S| = 6 (1.1
 * million representatives, most with at most three of a suit) and 5 most sets are such,
 * and their count, which cost about as much as everything else of those sizes together,
 * becomes a table read. Table index: the colex index of S's k ranks (multiset.h), the
 * joker's after the jokerless ones. */
#define PW_MEMO_MIN 4
static const uint32_t PW_MSET_K[8] = {1, 13, 91, 455, MSET4, MSET5, MSET6, MSET7};

static int pw_memo_alloc(pw_work_t *w) {
    for (int k = PW_MEMO_MIN; k < 7; k++) {
        size_t n = (size_t)PW_MSET_K[k] + PW_MSET_K[k - 1];
        w->memo[k] = (int64_t *)malloc(sizeof(int64_t) * PW_NRAW * n);
        w->have[k] = (uint8_t *)calloc(n, 1);
        if (!w->memo[k] || !w->have[k]) return -1;
    }
    return 0;
}

/* The table entry of S (sorted positions s, k cards) when its raw counts are a function
 * of its ranks, else NULL; *known: whether the entry holds them yet. */
static int64_t *pw_memo_entry(const pw_ctx_t *x, pw_work_t *w, const int *s, int k,
                              int *known) {
    if (k < PW_MEMO_MIN || k > 6) return NULL;
    uint32_t sb = 0, idx = 0;
    for (int i = 0; i < k; i++) { sb += x->sbit[s[i]]; idx += x->mterm[i][s[i]]; }
    if ((sb + PW_FLUSH_ADD + (uint32_t)(7 - k) * 0x01010101u) & 0x80808080u) return NULL;
    uint32_t slot = idx < MEMO_JOKER_OFFSET ? idx : idx - MEMO_JOKER_OFFSET + PW_MSET_K[k];
    *known = w->have[k][slot];
    w->have[k][slot] = 1;
    return w->memo[k] + (size_t)slot * PW_NRAW;
}

/* Raw counts of the hands containing S, added (times factor) into r. */
static void pw_term(const pw_ctx_t *x, pw_work_t *w, const int *s, int k, int64_t factor,
                    int64_t *r) {
    int sorted[8], known = 0;
    for (int i = 0; i < k; i++) {              /* S in increasing order */
        int v = s[i], q = i;
        while (q > 0 && sorted[q - 1] > v) { sorted[q] = sorted[q - 1]; q--; }
        sorted[q] = v;
    }
    int64_t *memo = pw_memo_entry(x, w, sorted, k, &known);
    if (known) {
        for (int i = 0; i < PW_NRAW; i++) r[i] += factor * memo[i];
        return;
    }
    pw_sup_t u;
    int64_t raw[PW_NRAW] = {0};
    pw_superset_setup(x, sorted, k, &u);
    if (u.m == 1) {
        pw_term_last(x, &u, raw);
    } else if (k <= PW_DENSE_MAX) {
        int len = 0;
        pw_visit(x, &u, u.m, u.nq, u.mbase, u.sbase, u.bbase, 0, w->hist, NULL, &len);
        pw_dense_raw(x, w->hist, raw);
    } else {
        pw_sink_t o = {w->hist, w->keys, w->mcnt, w->mlist, 0, 0, w->fcnt, w->flist, 0};
        if (k <= PW_SPLIT_MAX)
            pw_collect_split(x, &u, &o);
        else
            pw_collect(x, &u, u.m, u.nq, u.mbase, u.sbase, u.bbase, &o);
        pw_pairs_raw(x, w, pw_sink_pairs(x, &o, w->pairs), raw);
    }
    if (memo) memcpy(memo, raw, sizeof raw);
    for (int i = 0; i < PW_NRAW; i++) r[i] += factor * raw[i];
}

#endif
