/* The enumeration: every 7-card hand of a deck, in chunks of fixed first three cards.
 *
 * Hands where no flush is possible (no five of a suit; four with the joker) are
 * classified by their rank multiset alone, so the loop only counts them per memo entry
 * and colour state; the counts are expanded through the memo once at the end. Hands
 * where a flush is possible go through classify7, which tries all 21 sets. */
#ifndef PAIGOW_ENUMERATE_H
#define PAIGOW_ENUMERATE_H

#include "engine.h"
#include "maskcount.h"

#define NUM_FRONT_DENSE 91

typedef struct {
    uint32_t *fast;          /* [MEMO_SIZE * 2]: memo entry x one-colour flag */
    uint32_t *hist;          /* [nback * NUM_FRONT_DENSE]: (back key, front key) */
    maskcount_t cats_seven, cats_house, best_for_bet;   /* hands by mask */
    uint64_t best_class[10], royal, rows[ROW_SLOTS], fouls, hands;
} accum_t;

static int FRONT_DENSE[FRONT_KEYS];   /* two-card key -> 0..90 */
static int FRONT_FROM_DENSE[NUM_FRONT_DENSE];

static inline void front_dense_init(void) {
    int n = 0;
    for (int k = 0; k < FRONT_KEYS; k++) {
        int valid = k >= FRONT_PAIR_BASE ? 1 : (k / 13 > k % 13);
        FRONT_DENSE[k] = valid ? n : -1;
        if (valid) FRONT_FROM_DENSE[n++] = k;
    }
}

static inline void accum_free(accum_t *a) {
    if (!a) return;
    free(a->fast); free(a->hist);
    mc_free(&a->cats_seven); mc_free(&a->cats_house); mc_free(&a->best_for_bet);
    free(a);
}

static inline accum_t *accum_new(const engine_t *e) {
    accum_t *a = (accum_t *)calloc(1, sizeof(accum_t));
    if (!a) return NULL;
    a->fast = (uint32_t *)calloc((size_t)MEMO_SIZE * 2, sizeof(uint32_t));
    a->hist = (uint32_t *)calloc((size_t)e->nback * NUM_FRONT_DENSE, sizeof(uint32_t));
    int tables = mc_init(&a->cats_seven, MC_INITIAL) | mc_init(&a->cats_house, MC_INITIAL)
                 | mc_init(&a->best_for_bet, MC_INITIAL);
    if (!a->fast || !a->hist || tables < 0) {
        accum_free(a);
        return NULL;
    }
    return a;
}

/* A count table ran out of memory while growing: the counts are incomplete. */
static inline int accum_failed(const accum_t *a) {
    return a->cats_seven.failed | a->cats_house.failed | a->best_for_bet.failed;
}

/* Records one fully classified hand. */
static inline void accum_hand(const engine_t *e, accum_t *a, const hand_info_t *h) {
    a->best_class[KEY_CLASS(h->best_key)]++;
    a->royal += IS_ROYAL(h->best_key);
    a->rows[h->set.row]++;
    a->fouls += h->foul;
    mc_add(&a->cats_seven, (uint32_t)h->cats_seven, 1);
    mc_add(&a->cats_house, (uint32_t)h->cats_house, 1);
    mc_add(&a->best_for_bet, (uint32_t)h->best_for_bet, 1);
    a->hist[(size_t)back_index(e, h->set.back_key) * NUM_FRONT_DENSE +
            FRONT_DENSE[h->set.front_key]]++;
}

/* All hands whose three lowest cards are deck[i0] < deck[i1] < deck[i2]. With `direct`
 * every hand goes through classify7 (no memo): the slow second algorithm. */
static inline uint64_t enumerate_chunk(const engine_t *e, const int *deck, int n,
                                int i0, int i1, int i2, int direct, accum_t *a) {
    int c[7];
    c[0] = deck[i0]; c[1] = deck[i1]; c[2] = deck[i2];
    int p3 = MSET_TERM[1][RANK(c[0])] + MSET_TERM[2][RANK(c[1])] + MSET_TERM[3][RANK(c[2])];
    uint32_t s3 = (1u << 8 * SUIT(c[0])) + (1u << 8 * SUIT(c[1])) + (1u << 8 * SUIT(c[2]));
    uint64_t hands = 0;
    uint32_t *fast = a->fast;
    for (int i3 = i2 + 1; i3 < n - 3; i3++) {
        c[3] = deck[i3];
        int p4 = p3 + MSET_TERM[4][RANK(c[3])];
        uint32_t s4 = s3 + (1u << 8 * SUIT(c[3]));
        for (int i4 = i3 + 1; i4 < n - 2; i4++) {
            c[4] = deck[i4];
            int p5 = p4 + MSET_TERM[5][RANK(c[4])];
            uint32_t s5 = s4 + (1u << 8 * SUIT(c[4]));
            for (int i5 = i4 + 1; i5 < n - 1; i5++) {
                c[5] = deck[i5];
                int p6 = p5 + MSET_TERM[6][RANK(c[5])];
                uint32_t s6 = s5 + (1u << 8 * SUIT(c[5]));
                for (int i6 = i5 + 1; i6 < n; i6++) {
                    int card = deck[i6];
                    int idx, colour;
                    uint32_t flush;
                    if (card == JOKER) {   /* the joker sorts last: only ever here */
                        flush = (s6 + 0x7C7C7C7Cu) & 0x80808080u;   /* a suit with 4 */
                        colour = one_colour(s6, 6);
                        idx = MEMO_JOKER_OFFSET + p6;
                    } else {
                        uint32_t s7 = s6 + (1u << 8 * SUIT(card));
                        flush = (s7 + 0x7B7B7B7Bu) & 0x80808080u;   /* a suit with 5 */
                        colour = one_colour(s7, 7);
                        idx = p6 + MSET_TERM[7][RANK(card)];
                    }
                    hands++;
                    if (!flush && !direct) {
                        fast[idx * 2 + colour]++;
                    } else {
                        hand_info_t info;
                        c[6] = card;
                        classify7(e, c, &info);
                        accum_hand(e, a, &info);
                    }
                }
            }
        }
    }
    a->hands += hands;
    return hands;
}

static inline void progress_add(uint64_t *counter, uint64_t n) {
    __atomic_fetch_add(counter, n, __ATOMIC_RELAXED);
}

static inline uint64_t progress_get(uint64_t *counter) {
    return __atomic_load_n(counter, __ATOMIC_RELAXED);
}

/* Adds accumulator `src` into `dst` (dst's fast counts stay unexpanded). */
static inline void accum_merge(const engine_t *e, accum_t *dst, const accum_t *src) {
    for (size_t i = 0; i < (size_t)MEMO_SIZE * 2; i++) dst->fast[i] += src->fast[i];
    for (size_t i = 0; i < (size_t)e->nback * NUM_FRONT_DENSE; i++) dst->hist[i] += src->hist[i];
    mc_merge(&dst->cats_seven, &src->cats_seven);
    mc_merge(&dst->cats_house, &src->cats_house);
    mc_merge(&dst->best_for_bet, &src->best_for_bet);
    for (int i = 0; i < 10; i++) dst->best_class[i] += src->best_class[i];
    for (int i = 0; i < ROW_SLOTS; i++) dst->rows[i] += src->rows[i];
    dst->royal += src->royal; dst->fouls += src->fouls; dst->hands += src->hands;
}

/* Expands the per-memo-entry counts into the results (64-bit totals); the three mask
 * tables come empty (mc_init) and are filled here. */
static inline void accum_expand(const engine_t *e, const accum_t *a, uint64_t *hist64,
                         maskcount_t *cats_seven, maskcount_t *cats_house,
                         maskcount_t *best_for_bet,
                         uint64_t *best_class, uint64_t *royal, uint64_t *rows, uint64_t *fouls) {
    size_t nh = (size_t)e->nback * NUM_FRONT_DENSE;
    for (size_t i = 0; i < nh; i++) hist64[i] = a->hist[i];
    mc_merge(cats_seven, &a->cats_seven);
    mc_merge(cats_house, &a->cats_house);
    mc_merge(best_for_bet, &a->best_for_bet);
    for (int i = 0; i < 10; i++) best_class[i] = a->best_class[i];
    for (int i = 0; i < ROW_SLOTS; i++) rows[i] = a->rows[i];
    *royal = a->royal; *fouls = a->fouls;
    for (int idx = 0; idx < MEMO_SIZE; idx++) {
        const memo_t *m = &e->memo[idx];
        for (int colour = 0; colour < 2; colour++) {
            uint64_t n = a->fast[idx * 2 + colour];
            if (!n) continue;
            int colour_cat = 0;
            if (colour && !m->straight_possible)
                colour_cat = 1 << (idx >= MEMO_JOKER_OFFSET ? CAT_ONE_COLOR_JOKER : CAT_ONE_COLOR);
            best_class[KEY_CLASS(m->best_key)] += n;
            *royal += IS_ROYAL(m->best_key) ? n : 0;
            rows[m->row] += n;
            *fouls += m->foul ? n : 0;
            mc_add(cats_seven, m->cats_seven | (uint32_t)colour_cat, n);
            mc_add(cats_house, m->cats_house | (uint32_t)colour_cat, n);
            mc_add(best_for_bet, m->best_for_bet, n);
            hist64[(size_t)m->back_index * NUM_FRONT_DENSE + FRONT_DENSE[m->front_key]] += n;
        }
    }
}

#endif
