/* A house way given as a file (docs/HOUSE_WAYS.md), compiled by verifier/engine/houseway_program.py
 * into a flat program of ints, and carried out here on the 21 splits classify7 has already
 * keyed. The Python interpreter (verifier/houseway/interpret.py) is its twin: same rows,
 * same features, same order of visiting splits, so equal choices are broken alike.
 *
 * Layout: HW_ROW_INTS ints per row at the HW_* offsets of verifier/houseway/layout.py.
 * Features are ranks 2..14 (0 when absent) or flags 0/1, numbered by
 * verifier.houseway.conditions FEATURE_IDS. Those names, the limits, the byte code and the
 * hand types come from cext/vocab.h, generated from the Python tables (cext/gen_vocab.py).
 * It reads the hand's shape (shape.h) and the keys of its splits (splits.h, keys.h). */
#ifndef PAIGOW_HOUSEWAY_H
#define PAIGOW_HOUSEWAY_H

#include <stddef.h>
#include <string.h>
#include "cards.h"
#include "keys.h"
#include "shape.h"
#include "splits.h"
#include "vocab.h"    /* the limits, layout, byte code, features and hand types */

#define HW_STACK 64   /* the condition's evaluation stack */

typedef struct {
    int f[HW_NFEATURES];
    int pairs[3], npairs, singles[7], nsingles;   /* values 2..14, highest first */
    int rest[2];                                 /* best-of-rest ranks, values */
} hw_features_t;

static inline int hw_hand_type(const shape_t *sh) {
    int five = sh->cnt[12] == 5;
    if (five) return H_FIVE_ACES;
    if (sh->quad >= 0)
        return sh->trip_hi >= 0 ? H_QUADS_TRIPS : sh->npairs ? H_QUADS_PAIR : H_QUADS;
    if (sh->trip_lo >= 0) return H_TWO_TRIPS;
    if (sh->trip_hi >= 0)
        return sh->npairs == 0 ? H_TRIPS : sh->npairs == 1 ? H_FULL_HOUSE : H_FULL_HOUSE_TWO_PAIR;
    return sh->npairs == 3 ? H_THREE_PAIR : sh->npairs == 2 ? H_TWO_PAIR
         : sh->npairs == 1 ? H_ONE_PAIR : H_NO_PAIR;
}

static inline void hw_features(const int *c, const shape_t *sh, const int *bk,
                               hw_features_t *x) {
    memset(x, 0, sizeof *x);
    int *f = x->f;
    f[F_QUADS] = sh->quad >= 0 ? sh->quad + 2 : 0;        /* five aces: quad = ace */
    f[F_TRIPS] = sh->trip_hi >= 0 ? sh->trip_hi + 2 : 0;
    f[F_LOW_TRIPS] = sh->trip_lo >= 0 ? sh->trip_lo + 2 : 0;
    x->npairs = sh->npairs;
    for (int i = 0; i < sh->npairs; i++) x->pairs[i] = sh->pairs[i] + 2;
    f[F_PAIR] = x->pairs[0]; f[F_LOW_PAIR] = x->pairs[1]; f[F_THIRD_PAIR] = x->pairs[2];
    x->nsingles = sh->nsingles;
    for (int i = 0; i < sh->nsingles; i++) x->singles[i] = sh->singles[i] + 2;
    f[F_TOP_SINGLE] = x->singles[0]; f[F_SECOND_SINGLE] = x->singles[1];
    f[F_THIRD_SINGLE] = x->singles[2];
    /* the biggest group (highest rank among equals), and what is outside it */
    int group = -1;
    for (int r = 12; r >= 0; r--) if (group < 0 || sh->cnt[r] > sh->cnt[group]) group = r;
    int rest_pair = -1, top[2] = {-1, -1}, n = 0;
    for (int r = 12; r >= 0; r--) {
        if (r == group || !sh->cnt[r]) continue;
        if (sh->cnt[r] >= 2 && rest_pair < 0) rest_pair = r;
        for (int k = 0; k < sh->cnt[r] && n < 2; k++) top[n++] = r;
    }
    f[F_REST_PAIR] = rest_pair >= 0 ? rest_pair + 2 : 0;
    x->rest[0] = rest_pair >= 0 ? rest_pair + 2 : top[0] + 2;
    x->rest[1] = rest_pair >= 0 ? rest_pair + 2 : top[1] + 2;
    f[F_JOKER] = c[6] == JOKER;
    int best_class = 0;
    for (int s = 0; s < NUM_SPLITS; s++) {
        int k = KEY_CLASS(bk[s]);
        if (k > best_class) best_class = k;
        if (k == STRAIGHT || k == STRAIGHT_FLUSH) f[F_STRAIGHT] = 1;
        if (k == FLUSH || k == STRAIGHT_FLUSH) f[F_FLUSH] = 1;
        if (k == STRAIGHT_FLUSH) f[F_STRAIGHT_FLUSH] = 1;
        if (IS_ROYAL(bk[s])) f[F_ROYAL] = 1;
        if (k == STRAIGHT || k == STRAIGHT_FLUSH) {
            if (((bk[s] >> 16) & 15) == ROYAL_ORDINAL) f[F_ACE_HIGH_STRAIGHT] = 1;
            else f[F_LOWER_STRAIGHT] = 1;
        }
    }
    f[F_COMPLETE] = best_class >= STRAIGHT;
}

/* The value of a condition (0 false); a malformed program is false. */
static inline int hw_condition(const int *code, int len, const hw_features_t *x) {
    int st[HW_STACK], sp = 0;
    for (int i = 0; i < len; i++) {
        int op = code[i];
        if (op == HW_OP_CONST || op == HW_OP_FEAT || op == HW_OP_IN) {
            if (i + 1 >= len) return 0;
            int arg = code[++i];
            if (op == HW_OP_CONST) { if (sp >= HW_STACK) return 0; st[sp++] = arg; }
            else if (op == HW_OP_FEAT) {
                if (sp >= HW_STACK || arg < 0 || arg >= HW_NFEATURES) return 0;
                st[sp++] = x->f[arg];
            } else {                                        /* value in pairs|singles */
                if (sp < 1) return 0;
                const int *list = arg == HW_LIST_PAIRS ? x->pairs : x->singles;
                int n = arg == HW_LIST_PAIRS ? x->npairs : x->nsingles, v = st[sp - 1], in = 0;
                for (int k = 0; k < n; k++) in |= list[k] == v;
                st[sp - 1] = in;
            }
            continue;
        }
        if (op == HW_OP_NOT) { if (sp < 1) return 0; st[sp - 1] = !st[sp - 1]; continue; }
        if (sp < 2) return 0;
        int b = st[--sp], a = st[sp - 1], r;
        switch (op) {
        case HW_OP_LT: r = a < b; break;
        case HW_OP_LE: r = a <= b; break;
        case HW_OP_GT: r = a > b; break;
        case HW_OP_GE: r = a >= b; break;
        case HW_OP_EQ: r = a == b; break;
        case HW_OP_NE: r = a != b; break;
        case HW_OP_AND: r = a && b; break;
        case HW_OP_OR: r = a || b; break;
        default: return 0;
        }
        st[sp - 1] = r;
    }
    return sp == 1 && st[0] != 0;
}

/* highest_front = card-by-card: a pair in front first (the highest that keeps the back
 * good enough); else the first split, taking the front's first card from the highest card
 * of the seven down (the sorted order, so the joker first and a rank's cards from spades
 * to clubs) and its second from the next card down, whose back is good enough. */
static inline int hw_card_by_card(int back_min, const int *bk, const int *fk) {
    int best = -1;
    for (int s = 0; s < NUM_SPLITS; s++)
        if (fk[s] >= FRONT_PAIR_BASE && (back_min < 0 || KEY_CLASS(bk[s]) >= back_min) &&
            (best < 0 || fk[s] > fk[best])) best = s;
    if (best >= 0) return best;
    for (int i = 6; i >= 1; i--)
        for (int j = i - 1; j >= 0; j--) {
            int s = split_of(j, i);
            if (back_min < 0 || KEY_CLASS(bk[s]) >= back_min) return s;
        }
    return -1;
}

/* The split a play picks (-1: it cannot be made). spec: kind and 4 operands. */
static inline int hw_pick(const int *spec, int back_min, const hw_features_t *x,
                          const int *bk, const int *fk, int card_by_card) {
    int kind = spec[0], target = -1;
    if (kind == HW_FRONT_RANKS) {
        int v[2];
        for (int k = 0; k < 2; k++) {
            int okind = spec[1 + 2 * k], val = spec[2 + 2 * k];
            v[k] = okind == HW_OPERAND_FEATURE
                 ? (val >= 0 && val < HW_NFEATURES ? x->f[val] : 0) : val;
            if (v[k] < 2 || v[k] > 14) return -1;           /* the hand lacks it */
        }
        target = pattern_key(v[0] - 2, v[1] - 2);
    } else if (kind == HW_FRONT_BEST_OF_REST) {
        target = pattern_key(x->rest[0] - 2, x->rest[1] - 2);
    }
    if (kind == HW_FRONT_HIGHEST && card_by_card) return hw_card_by_card(back_min, bk, fk);
    int best = -1;
    for (int s = 0; s < NUM_SPLITS; s++) {
        if (back_min >= 0 && KEY_CLASS(bk[s]) < back_min) continue;
        if (kind == HW_FRONT_HIGHEST) {
            if (best < 0 || fk[s] > fk[best] || (fk[s] == fk[best] && bk[s] > bk[best])) best = s;
        } else {
            if (fk[s] != target) continue;
            if (best < 0 || bk[s] > bk[best]) best = s;
        }
    }
    return best;
}

/* Carries out the program on seven sorted cards: the chosen split (or -1 when no row
 * covers the hand) and, in *row, the 1-based index of the row that decided (0: none). */
static inline int hw_run(const int *program, int nrows, const int *c, const shape_t *sh,
                         const int *bk, const int *fk, int *row) {
    hw_features_t x;
    hw_features(c, sh, bk, &x);
    int type = hw_hand_type(sh);
    static const int HIGHEST[5] = {HW_FRONT_HIGHEST, 0, 0, 0, 0};
    int card_by_card = nrows > 0 && program[HW_HIGHEST_FRONT] == HW_CARD_BY_CARD;
    for (int r = 0; r < nrows; r++) {
        const int *p = program + (size_t)r * HW_ROW_INTS;
        if (!(p[HW_HANDS] >> type & 1)) continue;
        int ok = 1;
        for (int b = 0; b < p[HW_NBANDS] && ok; b++) {
            int feat = p[HW_BANDS + 3 * b], v = x.f[feat];
            ok = v >= p[HW_BANDS + 3 * b + 1] && v <= p[HW_BANDS + 3 * b + 2];
        }
        if (!ok) continue;
        int s = -1, len = p[HW_CODE_LEN];
        if (len == 0 || hw_condition(p + HW_CODE, len, &x)) {
            s = hw_pick(p + HW_FRONT, p[HW_BACK], &x, bk, fk, card_by_card);
            if (s >= 0 && p[HW_IMPROVES] >= 0) {
                int rival = hw_pick(HIGHEST, p[HW_IMPROVES], &x, bk, fk, card_by_card);
                if (rival >= 0 && fk[s] <= fk[rival]) s = -1;
            }
            if (s >= 0 && p[HW_FRONT_MIN] >= 0 && fk[s] < p[HW_FRONT_MIN]) s = -1;
        }
        if (s < 0 && p[HW_HAS_ELSE]) s = hw_pick(p + HW_ELSE, -1, &x, bk, fk, card_by_card);
        if (s >= 0) { *row = r + 1; return s; }
    }
    *row = 0;
    return -1;
}

#endif
