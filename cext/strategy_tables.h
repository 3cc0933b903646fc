/* The optimal-strategy job's state and tables (issue 15, docs/STRATEGY.md; the job
 * itself, per player hand, is strategy_job.h): for every player hand, every
 * legal setting's exact wins and losses against every banker hand of the rest of the
 * deck set by the house way, and the sums verifier/strategy/optimal.py describes.
 *
 * Method: inclusion-exclusion over the player's cards. With F_S(x, y) the number of
 * hands of the deck containing the card set S whose (dense) back index is below x and
 * front below y, the banker hands disjoint from the player's P with that property are
 *     sum over S subset of P of (-1)^|S| F_S(x, y),
 * and a setting (pb, pf) wins W = F(pb, pf) and loses L = T - F(pb, inf) - F(inf, pf) +
 * F(pb, pf) (base_outcome: strictly higher in both to win; copies to the banker). F_S
 * depends on S only through its orbit under the deck's suit symmetry (keys are
 * suit-blind), so it is kept once per orbit:
 *   |S| <= 3  a prefix table: rows = the distinct back indices of the hands containing S
 *             (a map from every back index to its row), columns the 91 fronts and
 *             infinity; F read directly (sj_store: a row group's base plus the row's
 *             16-bit offset from it), three reads per setting;
 *   |S| 4, 5  a sparse list of (back, front, hands), added into the hand's grid of cells
 *             (cut by the settings' keys; |S| = 4, plain job: strategy_ck.h's rows);
 *   |S| 6, 7  the n - 6 hands containing S, and P itself, keyed one by one.
 * Orbits are found by a signature: the four suits' rank masks sorted (a deck closed
 * under every suit permutation), or the cards themselves (any other deck: no symmetry).
 * Player hands: one per orbit of seven cards (the orderly generation of pairwise.h),
 * weighted by the orbit's size; a unit of work is one orbit representative of six
 * cards, extended by every larger card. */
#ifndef PAIGOW_STRATEGY_TABLES_H
#define PAIGOW_STRATEGY_TABLES_H

#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wunused-function"   /* pairwise_*.h: this uses part */
#endif
#include "pairwise_keys.h"
#include "pairwise_walk.h"
#include "pairwise_orbits.h"
#include "strategy.h"
#include "strategy_prefix.h"

/* Set (sj_request_stop) when the command is interrupted: the job's loops skip the rest
 * of their work and sj_init / sj_run return SJ_STOPPED, so a job left running in a thread
 * of an interrupted command ends within milliseconds. Cleared when a job starts. */
static volatile int sj_stop = 0;
#define SJ_STOPPED (-2)

/* The prefix tables' checkpoint spacing by |S| (strategy_prefix.h): every row of the
 * 15 tables a hand reads 8 times; every 2nd of the |S| = 2 tables (6.4 entries a row),
 * every 8th of the |S| = 3 tables (2.9 a row): on the full deck 620 MB with every row,
 * about 200 MB so. */
static const int SJ_PT_SHIFT[4] = {0, 0, 1, 3};
#define SJ_NTYPES NUM_CLASSES      /* classes of five-card hands (vocab.h) */

/* A sparse list's entry: n hands of back index b, front f. n is 8-bit: a key with more
 * hands takes several entries (of 255, then the rest), which add up to the same count. */
typedef struct { uint16_t b; uint8_t f, n; } sj_entry_t;

/* A slot of the orbit hash: its key and value on one cache line (a look-up is one miss,
 * not two). */
typedef struct { uint64_t key; int32_t val, pad; } sj_slot_t;

typedef struct {
    pw_ctx_t x;                    /* deck, hand keys, group, threads */
    int full_sym;                  /* closed under all 24 suit permutations */
    int64_t cn, cd;                /* commission cn / cd */
    int64_t nbankers;              /* C(n - 7, 7) */
    int nlevel[7], start[7], nrep; /* representatives of sizes 0..5 (6: units) */
    pw_reps_t reps[7];
    sj_slot_t *hslot;              /* orbit hash: signature | bit 63 -> representative */
    uint32_t hmask;
    int32_t *ext;                  /* [reps of <= 4 cards][53] (a deck closed under the
                                      suit permutations): sj_ext */
    sj_ptab_t **pt;                /* [nrep] for sizes <= 3: prefix tables */
    sj_entry_t **sp;               /* [nrep] for sizes 4, 5 */
    int32_t *splen;
    uint16_t **ck;                 /* [nrep] for size 4: checkpoint rows (strategy_unit.h) */
    uint64_t table_bytes, level_bytes[6];   /* all; by |S| (4: the lists, no rows) */
    /* the settlement's push conditions (x.cback, x.cfront; sj_set_marks): marked, and
     * the dense back (front) indices where the marks change, cut into every hand's cells */
    int marked, push_all, nmb, nmf, mcb[ST_MAXMARK], mcf[ST_MAXMARK];
    int full;                      /* count by whole cells: marked, or Face Up asked for */
    /* the plain job's batches, one a thread, kept from one run to the next (made and
     * freed by strategy_batch.h: pool_free) */
    void *pool;
    int pool_busy;
    void (*pool_free)(void *);
} sj_t;

/* ---------- signatures and the orbit hash ---------- */

/* The signature of a card set of a deck closed under every suit permutation from its
 * four suits' rank masks m (any order) and whether it holds the joker: the masks sorted
 * (descending, a network of five compare-swaps), then packed. */
static inline uint64_t sj_sig_masks(uint32_t m0, uint32_t m1, uint32_t m2, uint32_t m3,
                                    uint64_t joker) {
    uint32_t m[4] = {m0, m1, m2, m3};
#define SJ_SWAP(a, b) if (m[a] < m[b]) { uint32_t t = m[a]; m[a] = m[b]; m[b] = t; }
    SJ_SWAP(0, 1) SJ_SWAP(2, 3) SJ_SWAP(0, 2) SJ_SWAP(1, 3) SJ_SWAP(1, 2)
#undef SJ_SWAP
    return (uint64_t)m[0] << 39 | (uint64_t)m[1] << 26 | (uint64_t)m[2] << 13 | m[3] |
           joker << 52;
}

static inline uint64_t sj_signature(const sj_t *J, const int *cards, int k) {
    uint64_t joker = 0, bits = 0;
    uint32_t m[4] = {0, 0, 0, 0};
    for (int i = 0; i < k; i++) {
        int c = cards[i];
        if (c == JOKER) { joker = 1; continue; }
        m[SUIT(c)] |= 1u << RANK(c);
        bits |= 1ull << c;
    }
    if (!J->full_sym) return bits | joker << 52;
    return sj_sig_masks(m[0], m[1], m[2], m[3], joker);
}

/* Each suit's place among the four rank masks m in descending order (ties by suit):
 * suits of equal masks are interchangeable, so a card's orbit with the set depends on
 * its rank and its suit's place only. */
static inline void sj_suit_places(const uint32_t *m, uint8_t *place) {
    for (int s = 0; s < 4; s++) {
        int at = 0;
        for (int t = 0; t < 4; t++) at += m[t] > m[s] || (m[t] == m[s] && t < s);
        place[s] = (uint8_t)at;
    }
}

static inline uint32_t sj_hash(uint64_t s) {
    s ^= s >> 31; s *= 0x9E3779B97F4A7C15ull; s ^= s >> 29;
    return (uint32_t)s;
}

static int sj_insert(sj_t *J, uint64_t sig, int32_t val) {
    uint64_t k = sig | 1ull << 63;
    for (uint32_t h = sj_hash(sig) & J->hmask;; h = (h + 1) & J->hmask) {
        if (J->hslot[h].key == k) return -1;          /* two representatives: a bug */
        if (!J->hslot[h].key) { J->hslot[h].key = k; J->hslot[h].val = val; return 0; }
    }
}

static inline int32_t sj_lookup(const sj_t *J, uint64_t sig) {
    uint64_t k = sig | 1ull << 63;
    for (uint32_t h = sj_hash(sig) & J->hmask;; h = (h + 1) & J->hmask) {
        const sj_slot_t *e = &J->hslot[h];
        if (e->key == k) return e->val;
        if (!e->key) return -1;
    }
}

/* ---------- the tables ---------- */

static int sj_cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* keys[0..len) ascending: two radix passes of 11 bits (qsort for a few keys, or a key of
 * 2^22 or more); -1 if out of memory. */
static int sj_sort_keys(uint32_t *keys, int len) {
    int big = len < 256;
    for (int i = 0; i < len && !big; i++) big = keys[i] >> 22 != 0;
    uint32_t *tmp = big ? NULL : (uint32_t *)malloc(sizeof(uint32_t) * (size_t)len);
    if (big) qsort(keys, (size_t)len, sizeof(uint32_t), sj_cmp_u32);
    if (big || !tmp) return big ? 0 : -1;
    uint32_t *src = keys, *dst = tmp;
    for (int shift = 0; shift < 22; shift += 11) {
        int cnt[2049] = {0};
        for (int i = 0; i < len; i++) cnt[(src[i] >> shift & 2047) + 1]++;
        for (int b = 0; b < 2048; b++) cnt[b + 1] += cnt[b];
        for (int i = 0; i < len; i++) dst[cnt[src[i] >> shift & 2047]++] = src[i];
        uint32_t *t = src; src = dst; dst = t;
    }
    free(tmp);                                   /* two passes: the result is in keys */
    return 0;
}

/* The table of representative r from the distinct keys keys[0..len) with hands hist[key]
 * (sorted here: a sparse list runs by back index, which sj_sparse_add cuts in one walk);
 * zeroes those hist entries. */
static int sj_store(sj_t *J, int r, int k, uint32_t *keys, int len, uint32_t *hist) {
    const int nback = J->x.nback;
    if (sj_sort_keys(keys, len)) return -1;                    /* by back, then front */
    if (k >= 4) {
        size_t m = 0;
        for (int i = 0; i < len; i++) m += (hist[keys[i]] + 254) / 255;
        sj_entry_t *e = (sj_entry_t *)malloc(sizeof(sj_entry_t) * (m ? m : 1));
        if (!e) return -1;
        m = 0;
        for (int i = 0; i < len; i++) {
            uint32_t key = keys[i];
            for (uint32_t left = hist[key]; left; m++) {
                uint32_t part = left < 255 ? left : 255;
                e[m].b = (uint16_t)(key / PW_NF); e[m].f = (uint8_t)(key % PW_NF);
                e[m].n = (uint8_t)part;
                left -= part;
            }
            hist[key] = 0;
        }
        J->sp[r] = e;
        J->splen[r] = (int32_t)m;
        J->table_bytes += sizeof(sj_entry_t) * (uint64_t)m;
        J->level_bytes[k] += sizeof(sj_entry_t) * (uint64_t)m;
        return 0;
    }
    uint64_t bytes = 0;
    J->pt[r] = sj_pt_build(keys, len, hist, nback, SJ_PT_SHIFT[k], &bytes);
    if (!J->pt[r]) return -1;
    J->table_bytes += bytes;
    J->level_bytes[k] += bytes;
    return 0;
}

typedef struct {
    uint32_t *hist, *keys, *mcnt, *mlist;
} sj_buf_t;

static void sj_buf_free(sj_buf_t *w) {
    free(w->hist); free(w->keys); free(w->mcnt); free(w->mlist);
    memset(w, 0, sizeof *w);
}

static int sj_buf_init(const sj_t *J, sj_buf_t *w) {
    w->hist = (uint32_t *)calloc((size_t)J->x.nkeys, sizeof(uint32_t));
    w->keys = (uint32_t *)malloc(sizeof(uint32_t) * ((size_t)J->x.nkeys + 1));
    w->mcnt = (uint32_t *)calloc(MEMO_SIZE, sizeof(uint32_t));
    w->mlist = (uint32_t *)malloc(sizeof(uint32_t) * MEMO_SIZE);
    if (!w->hist || !w->keys || !w->mcnt || !w->mlist) { sj_buf_free(w); return -1; }
    return 0;
}

/* The hands containing the k positions s, collected into w (distinct keys listed). */
static int sj_collect(const sj_t *J, const int *s, int k, sj_buf_t *w) {
    pw_sup_t u;
    pw_superset_setup(&J->x, s, k, &u);
    pw_sink_t o = {w->hist, w->keys, w->mcnt, w->mlist, 0, 0};
    pw_collect(&J->x, &u, u.m, u.nq, u.mbase, u.sbase, u.bbase, &o);
    pw_sink_fold(&J->x, &o);
    return o.len;
}

/* The level-0 table: every hand of the deck. */
static int sj_build_all(sj_t *J, sj_buf_t *buf, int nt) {
    const pw_ctx_t *x = &J->x;
    pw_sink_t *sink = (pw_sink_t *)calloc((size_t)nt, sizeof(pw_sink_t));
    if (!sink) return -1;
    for (int t = 0; t < nt; t++) {
        pw_sink_t o = {buf[t].hist, buf[t].keys, buf[t].mcnt, buf[t].mlist, 0, 0};
        sink[t] = o;
    }
    pw_collect_all(x, sink, nt);
    free(sink);
    uint32_t *h = buf[0].hist;
    int len = 0;
    for (int i = 0; i < x->nkeys; i++) if (h[i]) buf[0].keys[len++] = (uint32_t)i;
    return sj_store(J, 0, 0, buf[0].keys, len, h);
}

/* The deck's suit permutations as position permutations: all 24 when the deck is closed
 * under them (full_sym) and `symmetry` asks for them, else the identity alone (every
 * card set its own orbit: the tests' second route). */
static void sj_group(sj_t *J, int symmetry) {
    pw_ctx_t *x = &J->x;
    int pos[53], perm[24][4], np = 0;
    for (int c = 0; c < 53; c++) pos[c] = -1;
    for (int i = 0; i < x->n; i++) pos[x->deck[i]] = i;
    for (int a = 0; a < 4; a++) for (int b = 0; b < 4; b++) for (int c = 0; c < 4; c++)
        for (int d = 0; d < 4; d++)
            if (a != b && a != c && a != d && b != c && b != d && c != d) {
                perm[np][0] = a; perm[np][1] = b; perm[np][2] = c; perm[np][3] = d; np++;
            }
    int closed = symmetry;
    for (int g = 0; g < 24 && closed; g++)
        for (int i = 0; i < x->n; i++) {
            int c = x->deck[i], img = c == JOKER ? c : (c & ~3) | perm[g][c & 3];
            if (pos[img] < 0) { closed = 0; break; }
            x->group[g][i] = pos[img];
        }
    J->full_sym = closed;                    /* perm[0] is the identity */
    x->ngroup = closed ? 24 : 1;
    if (!closed) for (int i = 0; i < x->n; i++) x->group[0][i] = i;
}

static void sj_free(sj_t *J) {
    if (J->pt) for (int r = 0; r < J->nrep; r++) free(J->pt[r]);
    if (J->sp) for (int r = 0; r < J->nrep; r++) { free(J->sp[r]); if (J->ck) free(J->ck[r]); }
    free(J->pt); free(J->sp); free(J->splen); free(J->ck);
    free(J->hslot); free(J->ext);
    J->ext = NULL;
    if (J->pool_free) J->pool_free(J->pool);
    J->pool = NULL; J->pool_free = NULL;
    for (int k = 0; k < 7; k++) pw_reps_free(&J->reps[k]);
    pw_free(&J->x);
    J->pt = NULL; J->sp = NULL; J->splen = NULL;
    J->hslot = NULL; J->ck = NULL;
}

/* The orbit of a set of at most four cards plus one card, without the hash (issue 50):
 * ext[r * 53 + x], r the set's orbit, x the card's place (sj_suit_places of the set's
 * masks) times 13 plus its rank, or 52 for the joker; -1 where no such card is. A set T
 * and its orbit's representative have the same masks up to a suit permutation, which
 * takes T's suit of each place to the representative's (ties: interchangeable suits). */
static int sj_ext(sj_t *J) {
    const int nr = J->start[4] + J->nlevel[4];
    J->ext = (int32_t *)malloc(sizeof(int32_t) * 53 * (size_t)nr);
    if (!J->ext) return -1;
    int indeck[53] = {0};
    for (int p = 0; p < J->x.n; p++) indeck[J->x.deck[p]] = 1;
    for (int k = 0; k <= 4; k++)
        for (int i = 0; i < J->reps[k].count; i++) {
            uint32_t m[4] = {0, 0, 0, 0};
            uint64_t joker = 0, held = 0;
            for (int q = 0; q < k; q++) {
                const int c = J->x.deck[J->reps[k].pos[(size_t)i * 7 + q]];
                held |= 1ull << c;
                if (c == JOKER) joker = 1;
                else m[SUIT(c)] |= 1u << RANK(c);
            }
            uint8_t place[4];
            sj_suit_places(m, place);
            int32_t *row = J->ext + (size_t)(J->start[k] + i) * 53;
            for (int x = 0; x < 53; x++) row[x] = -1;
            for (int c = 0; c < 53; c++) {
                if (!indeck[c] || held >> c & 1) continue;
                uint32_t q[4] = {m[0], m[1], m[2], m[3]};
                if (c != JOKER) q[SUIT(c)] |= 1u << RANK(c);
                const int x = c == JOKER ? 52 : place[SUIT(c)] * 13 + RANK(c);
                row[x] = sj_lookup(J, sj_sig_masks(q[0], q[1], q[2], q[3], joker | (c == JOKER)));
                if (row[x] < 0) return -1;
            }
        }
    return 0;
}

/* Everything before the tables: keys, representatives, the orbit hash (sj_init,
 * strategy_select.h, then builds the tables: sj_build, strategy_build.h). */
static int sj_prepare(sj_t *J, const engine_t *e, const int *deck, int n, int64_t cn,
                      int64_t cd, int nthreads, int symmetry) {
    memset(J, 0, sizeof *J);
    if (n < 14) return -1;
    if (pw_init(&J->x, e, deck, n, nthreads) || pw_build_table(&J->x)) { sj_free(J); return -1; }
    sj_group(J, symmetry);
    J->cn = cn; J->cd = cd;
    J->nbankers = J->x.binom[n - 7][7];
    const int nt = J->x.nthreads;
    int empty[1] = {0};
    if (pw_reps_push(&J->reps[0], empty, 0, 1)) { sj_free(J); return -1; }
    for (int k = 1; k <= 6; k++)
        if (pw_reps_next_threads(&J->x, &J->reps[k - 1], k - 1, &J->reps[k], nt)) {
            sj_free(J);
            return -1;
        }
    J->nrep = 0;
    for (int k = 0; k <= 5; k++) { J->start[k] = J->nrep; J->nlevel[k] = J->reps[k].count; J->nrep += J->reps[k].count; }
    J->nlevel[6] = J->reps[6].count;
    uint32_t size = 1;
    while (size < 2u * (uint32_t)J->nrep + 16) size <<= 1;
    J->hmask = size - 1;
    J->hslot = (sj_slot_t *)aligned_alloc(64, sizeof(sj_slot_t) * size);
    if (J->hslot) memset(J->hslot, 0, sizeof(sj_slot_t) * size);
    J->pt = (sj_ptab_t **)calloc((size_t)J->nrep, sizeof(sj_ptab_t *));
    J->sp = (sj_entry_t **)calloc((size_t)J->nrep, sizeof(sj_entry_t *));
    J->splen = (int32_t *)calloc((size_t)J->nrep, sizeof(int32_t));
    J->ck = (uint16_t **)calloc((size_t)J->nrep, sizeof(uint16_t *));
    if (!J->hslot || !J->pt || !J->sp || !J->splen || !J->ck
        || J->x.nback >= 65535) {                  /* rows and groups: 16-bit */
        sj_free(J);
        return -1;
    }
    for (int k = 0; k <= 5; k++)
        for (int i = 0; i < J->reps[k].count; i++) {
            int c[7];
            for (int q = 0; q < k; q++) c[q] = deck[J->reps[k].pos[(size_t)i * 7 + q]];
            if (sj_insert(J, sj_signature(J, c, k), J->start[k] + i)) { sj_free(J); return -1; }
        }
    return J->full_sym && sj_ext(J) ? (sj_free(J), -1) : 0;
}

#endif
