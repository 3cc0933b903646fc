/* The player-against-banker counts (pairwise.h): the deck, and the key of every hand.
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
 * ranks] (the other cards' suits cannot matter: no second suit has five), stored block
 * by block (one block per joker and flush-suit ranks, of only the slots that can occur).
 * Both tables are small (0.3 MiB, 0.9 MiB).
 *
 * Comparison readings (verifier/game/comparison.py: how two set hands compare, which
 * equal hands are copies): a key is then  cmp_back[joker in the back][back_index] * nf
 * + cmp_front[joker in the front][front_dense], two maps the readings give (a finer or
 * coarser order than the engine's keys, nf up to PW_NF_MAX fronts), applied as the two
 * tables are filled; without them (cmp_back NULL) nf = 91 and the key is as above. */
#ifndef PAIGOW_PAIRWISE_KEYS_H
#define PAIGOW_PAIRWISE_KEYS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "engine.h"
#include "enumerate.h"

#define PW_NF NUM_FRONT_DENSE   /* 91 front keys */
#define PW_NF_MAX (2 * PW_NF)    /* fronts under a comparison reading */
#define PW_MAXN 53
#define PW_NRAW 12
#ifndef PW_DENSE_MAX
#define PW_DENSE_MAX 0     /* |S| up to this: dense histogram sweep; above: distinct keys */
#endif
#define PW_FLUSH_ADD 0x7B7B7B7Bu         /* a suit byte reaches 0x80 at a count of 5 */
enum { PW_T, PW_W, PW_L, PW_CH, PW_CL, PW_CB, PW_TL, PW_WL, PW_LL, PW_TC, PW_WC, PW_LC };

typedef struct {
    const engine_t *e;
    int n, deck[PW_MAXN];
    uint32_t binom[PW_MAXN + 1][9];   /* C(i, j), j <= 8 */
    uint32_t nhands;                  /* C(n, 7) */
    uint32_t *mkey;                   /* [MEMO_SIZE]: key by rank-multiset index */
    uint32_t *fkey;                   /* key of a flush-possible hand: at fbase[joker][ranks of
                                         the flush suit] + pw_flush_slot(the other ranks) */
    uint32_t nfkey;                   /* entries of fkey */
    uint32_t *fbase;                  /* [2 * 8192]: 225K entries in all on the full deck
                                         (0.9 MiB; the former [2][8192][14][14], 12.5 MiB,
                                         missed the cache at most flush-possible hands) */
    uint32_t mterm[7][PW_MAXN];       /* rank-multiset term of position p at hand place i */
    uint32_t sbit[PW_MAXN];           /* suit-count word of position p */
    uint64_t bbit[PW_MAXN];           /* suit-major card bit of position p */
    int nback, nkeys, lowf;           /* lowf: dense index of a pair of 3s */
    int nf;                           /* fronts: the key is back * nf + front (PW_NF) */
    int nback0;                       /* the engine's back keys */
    uint32_t *cmp_back;               /* [2 * nback0] or NULL: a comparison reading's back
                                         order, by joker in the back and back index */
    uint16_t cmp_front[2 * PW_NF];    /* its front order, by joker in the front and front */
    int ngroup, group[24][PW_MAXN];   /* position permutations preserving the deck */
    int nthreads;
    /* the settlement's push conditions on the banker's hand: a hand of dense key
     * b * PW_NF + f meets one when cback[b] & cfront[f] (bit t: condition t's test on
     * that back, or front, holds); all zero without conditions */
    uint8_t *cback;                   /* [nback] */
    uint8_t cfront[PW_NF_MAX];
} pw_ctx_t;

#ifndef PW_CLOCK           /* -DPW_CLOCK=CLOCK_PROCESS_CPUTIME_ID: CPU seconds (benchmarks) */
#define PW_CLOCK CLOCK_MONOTONIC
#endif
static double pw_clock(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double pw_now(void) { return pw_clock(PW_CLOCK); }

/* CPU seconds of the calling thread (the threads' balance, benchmarks/pairwise.py). */
static double pw_thread_cpu(void) { return pw_clock(CLOCK_THREAD_CPUTIME_ID); }

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
    x->nback = x->nback0 = e->nback;
    x->nf = PW_NF;
    x->nkeys = e->nback * PW_NF;
    x->cback = (uint8_t *)calloc((size_t)e->nback, 1);
    if (!x->cback) return -1;
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
    free(x->mkey); free(x->fkey); free(x->fbase); free(x->cback); free(x->cmp_back);
    x->mkey = x->fkey = x->fbase = NULL;
    x->cback = NULL;
    x->cmp_back = NULL;
}

/* A comparison reading (before pw_build_table): the maps cmp_back [2 * nback0] (joker
 * in the back, then the engine's back index) onto 0..nback-1 and cmp_front [2 * 91]
 * onto 0..nf-1, and lowf the first front of a pair of 3s or better. 0, or -1. */
static int pw_set_comparison(pw_ctx_t *x, const uint32_t *cmp_back, const uint16_t *cmp_front,
                             int nback, int nf, int lowf) {
    if (nf < 1 || nf > PW_NF_MAX || nback < 1 || lowf < 0 || lowf > nf) return -1;
    for (int i = 0; i < 2 * x->nback0; i++) if (cmp_back[i] >= (uint32_t)nback) return -1;
    for (int i = 0; i < 2 * PW_NF; i++) if (cmp_front[i] >= nf) return -1;
    uint32_t *m = (uint32_t *)malloc(sizeof(uint32_t) * 2 * (size_t)x->nback0);
    uint8_t *cb = (uint8_t *)calloc((size_t)nback, 1);
    if (!m || !cb) { free(m); free(cb); return -1; }
    memcpy(m, cmp_back, sizeof(uint32_t) * 2 * (size_t)x->nback0);
    memcpy(x->cmp_front, cmp_front, sizeof x->cmp_front);
    free(x->cmp_back); free(x->cback);
    x->cmp_back = m; x->cback = cb;
    x->nback = nback; x->nf = nf; x->lowf = lowf;
    x->nkeys = nback * nf;
    return 0;
}

/* Dense key of a set hand: the engine's back index and front key, where the joker went
 * (joker: the hand holds it; jf: in the front). */
static inline uint32_t pw_dense_key(const pw_ctx_t *x, int bi, int fk, int joker, int jf) {
    int f = FRONT_DENSE[fk];
    if (!x->cmp_back) return (uint32_t)bi * PW_NF + (uint32_t)f;
    return x->cmp_back[(joker && !jf) * x->nback0 + bi] * (uint32_t)x->nf
           + x->cmp_front[jf * PW_NF + f];
}

/* Dense key of seven sorted cards, by the engine's general route (flush possible). */
static inline uint32_t pw_slow_key(const pw_ctx_t *x, const int *c) {
    const engine_t *e = x->e;
    if (x->cmp_back) {                      /* where the joker went: the set itself */
        hand_info_t info;
        classify7(e, c, &info);
        int jf = info.set.front[0] == JOKER || info.set.front[1] == JOKER;
        return pw_dense_key(x, back_index(e, info.set.back_key), info.set.front_key,
                            c[6] == JOKER, jf);
    }
    int bk, fk;
    engine_hand_keys(e, c, &bk, &fk);
    return pw_dense_key(x, back_index(e, bk), fk, 0, 0);
}

/* The slot of the off-suit ranks lo <= hi (13: none) within their (joker, flush ranks)
 * block of fkey: 0 with none, lo with one, hi (hi + 1) / 2 + lo with two. */
static inline uint32_t pw_flush_slot(uint32_t lo, uint32_t hi) {
    return hi == 13 ? (lo == 13 ? 0 : lo) : hi * (hi + 1) / 2 + lo;
}

/* Index into fkey of a flush-possible hand: b its suit-major bit set, f its flush test
 * word (the flush suit's byte has bit 7 set). */
static inline uint32_t pw_flush_index(const pw_ctx_t *x, uint64_t b, uint32_t f) {
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
    return x->fbase[joker * 8192 + a] + pw_flush_slot(lo, hi);
}

/* Key of a hand from its three sums (rank-multiset index, suit counts, card bits). */
static inline uint32_t pw_key_of(const pw_ctx_t *x, uint32_t m, uint32_t s, uint64_t b) {
    uint32_t f = (s + PW_FLUSH_ADD) & 0x80808080u;
    return f ? x->fkey[pw_flush_index(x, b, f)] : x->mkey[m];
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
    x->fbase = (uint32_t *)calloc(2 * 8192, sizeof(uint32_t));
    if (!x->mkey || !x->fbase) return -1;
    for (int i = 0; i < MEMO_SIZE; i++) {
        const memo_t *m = &e->memo[i];
        if (m->valid)
            x->mkey[i] = pw_dense_key(x, m->back_index, m->front_key, i >= MEMO_JOKER_OFFSET,
                                      m->joker_front);
    }
    int ranks = 0, has_joker = 0;
    for (int p = 0; p < x->n; p++) {
        if (x->deck[p] == JOKER) has_joker = 1;
        else ranks |= 1 << RANK(x->deck[p]);
    }
    uint32_t size = 0;                         /* the blocks: 1, 13 or 91 slots */
    for (int joker = 0; joker <= has_joker; joker++)
        for (int a = 1; a < 8192; a++) {
            int rest = 7 - joker - __builtin_popcount(a);
            if ((a & ~ranks) || rest < 0 || rest > 2) continue;
            x->fbase[joker * 8192 + a] = size;
            size += rest == 0 ? 1 : rest == 1 ? 13 : 91;
        }
    x->nfkey = size ? size : 1;
    x->fkey = (uint32_t *)calloc(x->nfkey, sizeof(uint32_t));
    if (!x->fkey) return -1;
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
                    fkey[x->fbase[joker * 8192 + a] + pw_flush_slot((uint32_t)lo, (uint32_t)hi)]
                        = pw_slow_key(x, c);
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
            bad += pw_key_pos(x, p) != pw_slow_key(x, c);
        }
    }
    return bad;
}

#endif
