/* One engine's tables (engine_t: one wheel option and house way) and the five-card
 * evaluation through them, with the semi-wild joker (docs/RULES.md); the rest of the
 * engine, the categories, the house way and the memo, is engine.h. Cards sorted
 * ascending (the joker, 52, last). */
#ifndef PAIGOW_EVAL_TABLES_H
#define PAIGOW_EVAL_TABLES_H

#include <stdint.h>
#include <string.h>
#include "cards.h"
#include "keys.h"
#include "multiset.h"

/* What the memo keeps per rank multiset (hands with no flush possible). */
typedef struct {
    int32_t back_key, back_index, best_key;
    int16_t front_key;
    int8_t joker_front;    /* the joker set in the front (the pairwise count's comparison
                              readings: cext/pairwise_keys.h) */
    uint32_t cats_seven, cats_house, best_for_bet;
    int8_t row, valid, foul, straight_possible;
} memo_t;

typedef struct {
    int wheel_second, house_way;
    int joker_wild;        /* the joker wild (EVAL_JOKER_WILD), else the bug */
    int *program, nrows;   /* HOUSE_WAY_PROGRAM: the rows (houseway.h), owned */
    int nf5[MSET5];        /* five cards, no joker, not one suit: by rank multiset */
    int nfj[MSET4];        /* four cards + joker, not one suit */
    int fl5[8192];         /* five suited cards: by rank mask */
    int flj[8192];         /* four suited cards + joker: by rank mask */
    uint8_t straight_possible[2][8192]; /* [joker][rank mask] */
    int *back_keys;        /* sorted distinct five-card keys */
    int nback;
    memo_t *memo;          /* MEMO_SIZE entries */
} engine_t;

/* ---------- five-card evaluation ---------- */

static inline int eval5(const engine_t *e, const int *c) {
    int r[5];
    if (c[4] == JOKER) {
        int s = SUIT(c[0]);
        if (SUIT(c[1]) == s && SUIT(c[2]) == s && SUIT(c[3]) == s)
            return e->flj[1 << RANK(c[0]) | 1 << RANK(c[1]) | 1 << RANK(c[2]) | 1 << RANK(c[3])];
        for (int i = 0; i < 4; i++) r[i] = RANK(c[i]);
        return e->nfj[multiset_index(r, 4)];
    }
    int s = SUIT(c[0]);
    if (SUIT(c[1]) == s && SUIT(c[2]) == s && SUIT(c[3]) == s && SUIT(c[4]) == s)
        return e->fl5[1 << RANK(c[0]) | 1 << RANK(c[1]) | 1 << RANK(c[2]) |
                      1 << RANK(c[3]) | 1 << RANK(c[4])];
    for (int i = 0; i < 5; i++) r[i] = RANK(c[i]);
    return e->nf5[multiset_index(r, 5)];
}

static inline int popcount13(int m) { return __builtin_popcount((unsigned)m); }

/* Table builders: each entry is the best legal reading, by the definitions of RULES.md. */
static void build_eval_tables(engine_t *e) {
    int ranks[5], cnt[13];
    int ws = e->wheel_second;
    for (int idx = 0; idx < MSET5; idx++) {
        multiset_unrank(idx, 5, ranks);
        memset(cnt, 0, sizeof cnt);
        for (int i = 0; i < 5; i++) cnt[ranks[i]]++;
        int ok = 1;
        for (int r = 0; r < 13; r++) if (cnt[r] > 4) ok = 0;
        e->nf5[idx] = ok ? key_from_counts(cnt, ws) : -1;
    }
    for (int idx = 0; idx < MSET4; idx++) {
        multiset_unrank(idx, 4, ranks);
        memset(cnt, 0, sizeof cnt);
        int mask = 0, ok = 1;
        for (int i = 0; i < 4; i++) { cnt[ranks[i]]++; mask |= 1 << ranks[i]; }
        for (int r = 0; r < 13; r++) if (cnt[r] > 4) ok = 0;
        if (!ok) { e->nfj[idx] = -1; continue; }
        if (e->joker_wild) {                          /* the joker as any rank */
            int best = -1;
            for (int x = 0; x < 13; x++) {
                cnt[x]++;
                int k = cnt[x] == 5 ? FIVE_ACES << CLS_SHIFT | x << 16   /* five of a kind */
                                    : key_from_counts(cnt, ws);
                cnt[x]--;
                if (k > best) best = k;
            }
            e->nfj[idx] = best;
            continue;
        }
        cnt[ACE]++;                                   /* the joker as an ace */
        int best = key_from_counts(cnt, ws);
        if (popcount13(mask) == 4) {                  /* or completing a straight */
            int st = joker_straight_key(mask, STRAIGHT, ws);
            if (st > best) best = st;
        }
        e->nfj[idx] = best;
    }
    for (int mask = 0; mask < 8192; mask++) {
        e->fl5[mask] = popcount13(mask) == 5 ? flush_key(mask, ws) : -1;
        e->flj[mask] = -1;
        if (popcount13(mask) == 4) {
            int x = 12;
            while (mask >> x & 1) x--;                /* highest rank of the suit not held */
            int best = flush_key(mask | 1 << x, ws);
            int sf = joker_straight_key(mask, STRAIGHT_FLUSH, ws);
            e->flj[mask] = sf > best ? sf : best;
        }
        for (int j = 0; j < 2; j++) {
            int possible = 0;
            for (int t = 4; t <= 13; t++) {
                int window = t == 13 ? WHEEL_MASK : 0x1F << (t - 4);
                if (popcount13(window & ~mask) <= j) possible = 1;
            }
            e->straight_possible[j][mask] = (uint8_t)possible;
        }
    }
}

static inline int eval2(const int *c) { return front_key2(c[0], c[1]); }

/* The two-card key under the engine's joker: the bug's (an ace), or wild, pairing the
 * other card. */
static inline int front_key_of(const engine_t *e, int c0, int c1) {
    if (e->joker_wild && (c0 == JOKER || c1 == JOKER))
        return FRONT_PAIR_BASE + RANK(c0 == JOKER ? c1 : c0);
    return front_key2(c0, c1);
}

/* The card a wild joker stands for when a house way sets seven sorted cards (the reading
 * house_way_joker_wild; verifier/game/evaluate.py wild_card): of the cards not held, the
 * one that gives the seven the best five-card hand, the highest card among equals. */
static inline int wild_card(const engine_t *e, const int *c) {
    int best = -1, card = -1, c7[7], five[5];
    for (int sub = 0; sub < JOKER; sub++) {
        int n = 0, held = 0;
        for (int i = 0; i < 6; i++) {
            if (c[i] == sub) held = 1;
            if (c[i] > sub && n == i) c7[n++] = sub;
            c7[n++] = c[i];
        }
        if (held) continue;
        if (n == 6) c7[n++] = sub;
        int key = -1;
        for (int a = 0; a < 7; a++)              /* the five without positions a < b */
            for (int b = a + 1; b < 7; b++) {
                for (int p = 0, k = 0; p < 7; p++) if (p != a && p != b) five[k++] = c7[p];
                int v = eval5(e, five);
                if (v > key) key = v;
            }
        if (key >= best) { best = key; card = sub; }
    }
    return card;
}

#endif
