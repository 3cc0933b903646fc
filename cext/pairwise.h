/* Player against banker over every ordered pair of disjoint seven-card hands.
 *
 * Method (docs/PAIRWISE.md): inclusion-exclusion over the cards the two hands share,
 *     N(outcome) = sum over card sets S (|S| <= 7) of (-1)^|S| D_S,
 * D_S = #ordered pairs (P, B), both containing S, with the outcome: a two-dimensional
 * dominance count over the keys of the hands containing S. One S per orbit of the
 * deck's suit symmetry group is computed and weighted by its orbit size.
 *
 * Keys: every hand of the deck has a dense key  back_index * 91 + front_dense, which
 * orders hands by back key, then front key (both monotone re-numberings). No table holds
 * it per hand (that took 588 MiB and a random memory read per hand): a hand is known by
 * three sums over its cards, each built one card at a time as the walk goes,
 *   - its rank-multiset index (multiset.h; a joker adds MEMO_JOKER_OFFSET),
 *   - its suit counts, one byte per suit (a joker adds one to each: the flush test
 *     "five of a suit, or four and the joker" is then one test, count >= 5),
 *   - its cards as a suit-major bit set (bit 13 * suit + rank; the joker bit 52),
 * and its key is mkey[rank-multiset index] (one entry per multiset: 69K entries) when no
 * flush is possible, else fkey[joker][ranks of the flush suit][the at most two other
 * ranks] (the other cards' suits cannot matter: no second suit has five). Both tables
 * are small enough (0.3 MiB, 12.5 MiB) to stay in cache.
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
#ifndef PW_DENSE_MAX
#define PW_DENSE_MAX 0     /* |S| up to this: dense histogram sweep; above: distinct keys */
#endif
#define PW_FKEYS (2 * 8192 * 14 * 14)   /* [joker][flush-suit ranks][low other][high other] */
#define PW_FLUSH_ADD 0x7B7B7B7Bu         /* a suit byte reaches 0x80 at a count of 5 */
enum { PW_T, PW_W, PW_L, PW_CH, PW_CL, PW_CB, PW_TL, PW_WL, PW_LL };

typedef struct {
    const engine_t *e;
    int n, deck[PW_MAXN];
    uint32_t binom[PW_MAXN + 1][9];   /* C(i, j), j <= 8 */
    uint32_t nhands;                  /* C(n, 7) */
    uint32_t *mkey;                   /* [MEMO_SIZE]: key by rank-multiset index */
    uint32_t *fkey;                   /* [PW_FKEYS]: key of a flush-possible hand */
    uint32_t mterm[7][PW_MAXN];       /* rank-multiset term of position p at hand place i */
    uint32_t sbit[PW_MAXN];           /* suit-count word of position p */
    uint64_t bbit[PW_MAXN];           /* suit-major card bit of position p */
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
    for (int p = 0; p < n; p++) {
        int c = deck[p], joker = c == JOKER;
        for (int i = 0; i < 7; i++)
            x->mterm[i][p] = joker ? MEMO_JOKER_OFFSET : (uint32_t)MSET_TERM[i + 1][RANK(c)];
        x->sbit[p] = joker ? 0x01010101u : 1u << 8 * SUIT(c);
        x->bbit[p] = joker ? 1ull << 52 : 1ull << (13 * SUIT(c) + RANK(c));
    }
    return 0;
}

static void pw_free(pw_ctx_t *x) {
    free(x->mkey); free(x->fkey);
    x->mkey = x->fkey = NULL;
}

static inline int pw_back_index(const engine_t *e, int key) { return back_index(e, key); }

/* Dense key of seven sorted cards, by the engine's general route (flush possible). */
static inline uint32_t pw_slow_key(const engine_t *e, const int *c) {
    int bk, fk;
    engine_hand_keys(e, c, &bk, &fk);
    return (uint32_t)pw_back_index(e, bk) * PW_NF + (uint32_t)FRONT_DENSE[fk];
}

/* Index into fkey of a flush-possible hand: b its suit-major bit set, f its flush test
 * word (the flush suit's byte has bit 7 set). */
static inline uint32_t pw_flush_index(uint64_t b, uint32_t f) {
    static const uint8_t RANK_OF_BIT[64] = {
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
        13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13};
    int shift = 13 * (__builtin_ctz(f) >> 3);
    uint64_t suit = 0x1FFFull << shift;
    uint32_t a = (uint32_t)((b & suit) >> shift), joker = (uint32_t)(b >> 52 & 1);
    uint64_t o = b & ~suit & ((1ull << 52) - 1);
    uint32_t lo = o ? RANK_OF_BIT[__builtin_ctzll(o)] : 13;
    o &= o - 1;
    uint32_t hi = o ? RANK_OF_BIT[__builtin_ctzll(o)] : 13;
    if (lo > hi) { uint32_t t = lo; lo = hi; hi = t; }
    return ((joker * 8192 + a) * 14 + lo) * 14 + hi;
}

/* Key of a hand from its three sums (rank-multiset index, suit counts, card bits). */
static inline uint32_t pw_key_of(const pw_ctx_t *x, uint32_t m, uint32_t s, uint64_t b) {
    uint32_t f = (s + PW_FLUSH_ADD) & 0x80808080u;
    return f ? x->fkey[pw_flush_index(b, f)] : x->mkey[m];
}

/* Key of seven deck positions, ascending. */
static inline uint32_t pw_key_pos(const pw_ctx_t *x, const int *p) {
    uint32_t m = 0, s = 0;
    uint64_t b = 0;
    for (int i = 0; i < 7; i++) { m += x->mterm[i][p[i]]; s += x->sbit[p[i]]; b |= x->bbit[p[i]]; }
    return pw_key_of(x, m, s, b);
}

/* Fills mkey (from the engine's memo) and fkey: every flush-possible hand up to suits,
 * the flush suit taken as suit 0 and the other cards as suits 1 and 2 (keys are
 * suit-blind), ranks limited to those of the deck. */
static int pw_build_table(pw_ctx_t *x) {
    const engine_t *e = x->e;
    x->mkey = (uint32_t *)calloc(MEMO_SIZE, sizeof(uint32_t));
    x->fkey = (uint32_t *)calloc(PW_FKEYS, sizeof(uint32_t));
    if (!x->mkey || !x->fkey) return -1;
    for (int i = 0; i < MEMO_SIZE; i++) {
        const memo_t *m = &e->memo[i];
        if (m->valid)
            x->mkey[i] = (uint32_t)m->back_index * PW_NF + (uint32_t)FRONT_DENSE[m->front_key];
    }
    int ranks = 0, has_joker = 0;
    for (int p = 0; p < x->n; p++) {
        if (x->deck[p] == JOKER) has_joker = 1;
        else ranks |= 1 << RANK(x->deck[p]);
    }
    uint32_t *fkey = x->fkey;
    #pragma omp parallel for schedule(dynamic, 64) num_threads(x->nthreads)
    for (int a = 1; a < 8192; a++) {
        if (a & ~ranks) continue;
        int na = __builtin_popcount(a);
        for (int joker = 0; joker <= has_joker; joker++) {
            int rest = 7 - joker - na;
            if (rest < 0 || rest > 2) continue;
            for (int lo = 0; lo <= 13; lo++) {
                for (int hi = lo; hi <= 13; hi++) {
                    if ((rest == 0) != (lo == 13) || (rest <= 1) != (hi == 13)) continue;
                    if ((lo < 13 && !(ranks >> lo & 1)) || (hi < 13 && !(ranks >> hi & 1)))
                        continue;
                    int c[7], r[2] = {lo, hi}, s[2] = {1, 2};
                    flush_hand_cards(c, a, r, s, joker);
                    fkey[(((uint32_t)joker * 8192 + (uint32_t)a) * 14 + (uint32_t)lo) * 14 +
                         (uint32_t)hi] = pw_slow_key(e, c);
                }
            }
        }
    }
    return 0;
}

/* Every hand of the deck against the engine, one by one: the number of hands whose key
 * from the tables above differs from the engine's (0; a test). */
static int64_t pw_check_keys(const pw_ctx_t *x) {
    int64_t bad = 0;
    const int n = x->n;
    #pragma omp parallel for schedule(dynamic, 1) reduction(+:bad) num_threads(x->nthreads)
    for (int p6 = n - 1; p6 >= 6; p6--) {
        int p[7], c[7];
        p[6] = p6;
        for (p[5] = 5; p[5] < p6; p[5]++)
        for (p[4] = 4; p[4] < p[5]; p[4]++)
        for (p[3] = 3; p[3] < p[4]; p[3]++)
        for (p[2] = 2; p[2] < p[3]; p[2]++)
        for (p[1] = 1; p[1] < p[2]; p[1]++)
        for (p[0] = 0; p[0] < p[1]; p[0]++) {
            for (int i = 0; i < 7; i++) c[i] = x->deck[p[i]];
            bad += pw_key_pos(x, p) != pw_slow_key(x->e, c);
        }
    }
    return bad;
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

/* Work space of one thread. */
typedef struct {
    uint32_t *keys, *tmp;      /* the distinct keys of the sparse route (up to nkeys) */
    uint32_t *hist;            /* dense [nkeys]: hands per key */
    uint32_t *mcnt, *mlist;    /* [MEMO_SIZE]: hands per rank multiset (no flush possible),
                                  and the distinct multisets met */
    int64_t raw[8][PW_NRAW];   /* per |S|, signed and weighted */
} pw_work_t;

/* Sparse route: the m distinct keys in w->keys, hands per key in w->hist -> raw counts
 * (added to r); zeroes those hist entries. Radix sort by back index (two passes of 7
 * bits), then a sweep by back groups with a Fenwick tree over the 91 fronts, every key
 * weighted by its hands. */
static void pw_sparse_raw(const pw_ctx_t *x, pw_work_t *w, int m, int64_t *r) {
    uint32_t *a = w->keys, *t = w->tmp, *h = w->hist;
    uint32_t cnt[129];
    if (m <= 32) {                              /* few keys: insertion sort (by key, so */
        for (int i = 1; i < m; i++) {           /* by back index too) */
            uint32_t v = a[i];
            int q = i;
            while (q > 0 && a[q - 1] > v) { a[q] = a[q - 1]; q--; }
            a[q] = v;
        }
    } else for (int pass = 0; pass < 2; pass++) {
        int shift = pass * 7;
        memset(cnt, 0, sizeof cnt);
        for (int i = 0; i < m; i++) cnt[((a[i] / PW_NF) >> shift & 127) + 1]++;
        for (int i = 0; i < 128; i++) cnt[i + 1] += cnt[i];
        for (int i = 0; i < m; i++) t[cnt[(a[i] / PW_NF) >> shift & 127]++] = a[i];
        uint32_t *s = a; a = t; t = s;
    }
    /* after two passes the sorted keys are back in w->keys */
    int64_t fen[PW_NF + 1], fcnt[PW_NF];
    memset(fen, 0, sizeof fen); memset(fcnt, 0, sizeof fcnt);
    const int lowf = x->lowf;
    int64_t W = 0, L = 0, CH = 0, CB = 0, WL = 0, LL = 0, NL = 0, N = 0;
    int i = 0;
    while (i < m) {
        uint32_t b = a[i] / PW_NF;
        int j = i;
        while (j < m && a[j] / PW_NF == b) j++;
        for (int k = i; k < j; k++) {           /* strictly lower backs and fronts */
            int f = (int)(a[k] - b * PW_NF);
            int64_t s = 0, v = h[a[k]];
            for (int q = f; q > 0; q -= q & -q) s += fen[q];
            W += v * s;
            if (f < lowf) WL += v * s;
        }
        int64_t g = 0;
        for (int k = i; k < j; k++) {
            int f = (int)(a[k] - b * PW_NF);
            int64_t v = h[a[k]];
            for (int q = f + 1; q <= PW_NF; q += q & -q) fen[q] += v;
            CB += v * v;
            g += v;
        }
        for (int k = i; k < j; k++) {           /* lower or equal in both */
            int f = (int)(a[k] - b * PW_NF);
            int64_t s = 0, v = h[a[k]];
            for (int q = f + 1; q > 0; q -= q & -q) s += fen[q];
            L += v * s;
            if (f < lowf) { LL += v * s; NL += v; }
            fcnt[f] += v;
            h[a[k]] = 0;
        }
        CH += g * g;
        N += g;
        i = j;
    }
    int64_t CL = 0;
    for (int f = 0; f < PW_NF; f++) CL += fcnt[f] * fcnt[f];
    r[PW_T] += N * N; r[PW_W] += W; r[PW_L] += L;
    r[PW_CH] += CH; r[PW_CL] += CL; r[PW_CB] += CB;
    r[PW_TL] += NL * NL; r[PW_WL] += WL; r[PW_LL] += LL;
}

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

/* ---------- the whole computation ---------- */

#ifndef PW_CLOCK           /* -DPW_CLOCK=CLOCK_PROCESS_CPUTIME_ID: CPU seconds (benchmarks) */
#define PW_CLOCK CLOCK_MONOTONIC
#endif
static double pw_now(void) {
    struct timespec ts;
    clock_gettime(PW_CLOCK, &ts);
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
            free(j->work[t].mcnt); free(j->work[t].mlist);
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
        if (!j->work[t].keys || !j->work[t].tmp || !j->work[t].hist || !j->work[t].mcnt ||
            !j->work[t].mlist) {
            pw_job_end(j);
            return -1;
        }
    }
    /* |S| = 0: the histogram of every hand */
    pw_work_t *work = j->work;
    pw_sink_t *sink = (pw_sink_t *)calloc((size_t)nt, sizeof(pw_sink_t));
    if (!sink) { pw_job_end(j); return -1; }
    for (int t = 0; t < nt; t++) {
        pw_sink_t o = {work[t].hist, work[t].keys, work[t].mcnt, work[t].mlist, 0, 0};
        sink[t] = o;
    }
    pw_collect_all(x, sink, nt);
    uint32_t *h = work[0].hist;
    free(sink);
    pw_dense_raw(x, h, j->raw_by_k[0]);
    /* |S| = 7: P = B = S, a double copy (player loses) */
    j->raw_by_k[7][PW_T] = j->raw_by_k[7][PW_L] = x->nhands;
    j->raw_by_k[7][PW_CH] = j->raw_by_k[7][PW_CL] = j->raw_by_k[7][PW_CB] = x->nhands;
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
    int chunk = per < 4096 ? 64 : 1;     /* small terms in batches: less contention */
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
        #pragma omp for schedule(dynamic, chunk)
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
            int o = base_outcome(pb, pf, b, f);
            if (o > 0) c[PP_WIN] += v;
            else if (o < 0) c[PP_LOSS] += v;
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
    uint32_t key = pw_key_pos(x, p);
    int pb = (int)(key / PW_NF), pf = (int)(key % PW_NF);
    for (int mask = 0; mask < 128; mask++) {
        int s[7], k = 0;
        for (int i = 0; i < 7; i++) if (mask >> i & 1) s[k++] = p[i];
        pw_sup_t u;
        int len = 0;
        pw_superset_setup(x, s, k, &u);
        pw_visit(x, &u, u.m, u.nq, u.mbase, u.sbase, u.bbase, 0, h, NULL, &len);
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
                int o = base_outcome(pbk, pfk, bk, fk);
                if (o > 0) c[PP_WIN]++;
                else if (o < 0) c[PP_LOSS]++;
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
            int pp[7], np = 0;
            for (int i = 0; i < n; i++) {
                if (!in[i]) rest[nr++] = i;
                else pp[np++] = i;
            }
            uint32_t key = pw_key_pos(x, pp);
            int pb = (int)(key / PW_NF), pf = (int)(key % PW_NF);
            int a[7];
            for (int i = 0; i < 7; i++) a[i] = i;
            if (nr < 7) continue;
            for (;;) {
                int q[7];
                for (int i = 0; i < 7; i++) q[i] = rest[a[i]];
                uint32_t kb = pw_key_pos(x, q);
                int b = (int)(kb / PW_NF), f = (int)(kb % PW_NF);
                c[PP_TOTAL]++;
                int o = base_outcome(pb, pf, b, f);
                if (o > 0) c[PP_WIN]++;
                else if (o < 0) c[PP_LOSS]++;
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
            int o = base_outcome(pbk, pfk, bk, fk);
            if (o > 0) c[PP_WIN]++;
            else if (o < 0) c[PP_LOSS]++;
            else if (pfk >= low || fk >= low) c[PP_PUSH2]++;
            c[PP_CH] += bk == pbk; c[PP_CL] += fk == pfk; c[PP_CB] += bk == pbk && fk == pfk;
        }
        #pragma omp critical
        for (int i = 0; i < PP_N; i++) tot[i] += c[i];
    }
    memcpy(r, tot, sizeof tot);
}

#endif
