/* The two house ways compiled in: Mike's Cardroom (rows 1-11 of RULES.md) and Emperor's
 * Challenge, each as a plan (which split to pick among the 21), read from the hand's
 * shape (shape.h); classify7 (engine.h) keys the splits and picks. */
#ifndef PAIGOW_BUILTIN_WAYS_H
#define PAIGOW_BUILTIN_WAYS_H

#include "cards.h"
#include "keys.h"
#include "shape.h"
#include "splits.h"

/* Highest two-card key among three cards (the "best two of the other three"). */
static inline int best_front_of_three(int a, int b, int c) {
    int k1 = front_key2(a, b), k2 = front_key2(a, c), k3 = front_key2(b, c);
    int best = k1 > k2 ? k1 : k2;
    return best > k3 ? best : k3;
}

/* A plan says how to pick among the 21 splits. */
enum { PICK_PATTERN, PICK_PAIR_WITH_COMPLETE_BACK, PICK_BEST_FRONT_COMPLETE_BACK };
typedef struct { int row, pick, target; } plan_t;

/* Mike's Cardroom, rows 1-11 of RULES.md. */
static inline plan_t plan_mikes(const int *c, const shape_t *sh) {
    plan_t p = {0, PICK_PATTERN, 0};
    if (sh->cnt[ACE] == 5) { p.row = 1; p.target = pattern_key(ACE, ACE); return p; }
    if (sh->quad >= 0) {
        int q = sh->quad, o[3], n = 0;
        for (int i = 0; i < 7; i++) if (RANK_A(c[i]) != q) o[n++] = c[i];
        int best = best_front_of_three(o[0], o[1], o[2]);
        int has_pair = best >= FRONT_PAIR_BASE;
        int top = best >= FRONT_PAIR_BASE ? best - FRONT_PAIR_BASE : best / 13;
        int behind;
        if (q >= 10) behind = has_pair;                       /* A, K, Q */
        else if (q >= 7) behind = has_pair || top >= 11;       /* J, 10, 9: K or A */
        else if (q >= 4) behind = has_pair || top >= 10;       /* 8, 7, 6: Q, K or A */
        else behind = 1;                                       /* 5 down to 2 */
        p.row = 2;
        p.target = behind ? best : pattern_key(q, q);
        return p;
    }
    if (sh->trip_lo >= 0) { p.row = 3; p.target = pattern_key(sh->trip_hi, sh->trip_hi); return p; }
    if (sh->trip_hi >= 0 && sh->npairs >= 1) {
        p.row = 4; p.target = pattern_key(sh->pairs[0], sh->pairs[0]); return p;
    }
    if (sh->npairs == 3) { p.row = 5; p.target = pattern_key(sh->pairs[0], sh->pairs[0]); return p; }
    if (sh->npairs == 2) {
        int big = sh->pairs[0], small = sh->pairs[1], s1 = sh->singles[0];
        int behind;
        if (big >= 10) behind = 0;                /* A, K, Q */
        else if (big >= 7) behind = s1 == ACE;    /* J, 10, 9: ace (or joker) */
        else if (big >= 4) behind = s1 >= 11;     /* 8, 7, 6: king or higher */
        else behind = s1 >= 10;                   /* 5, 4, 3: queen or higher */
        p.row = 6;
        p.target = behind ? pattern_key(s1, sh->singles[1]) : pattern_key(small, small);
        return p;
    }
    if (sh->trip_hi >= 0) {
        /* row 7 is tried by the caller; this is the fallback, row 8 */
        p.row = 7; p.pick = PICK_PAIR_WITH_COMPLETE_BACK;
        p.target = pattern_key(sh->trip_hi, sh->trip_hi);
        return p;
    }
    p.row = 9; p.pick = PICK_BEST_FRONT_COMPLETE_BACK;
    return p;
}

/* Emperor's Challenge (seed 004), as docs/RULES_READINGS.md reads it: Mike's rows
 * except 1 (kings beside five aces), 2 (quads), 6 (two pairs) and 9 with one pair. */
static inline plan_t plan_emperors(const int *c, const shape_t *sh) {
    plan_t p = {0, PICK_PATTERN, 0};
    if (sh->cnt[ACE] == 5) {
        p.row = 1;
        p.target = sh->cnt[11] == 2 ? pattern_key(11, 11) : pattern_key(ACE, ACE);
        return p;
    }
    if (sh->quad >= 0) {
        int q = sh->quad, o[3], n = 0, ace_single = 0;
        for (int i = 0; i < 7; i++)
            if (RANK_A(c[i]) != q) { ace_single |= RANK_A(c[i]) == ACE; o[n++] = c[i]; }
        int best = best_front_of_three(o[0], o[1], o[2]);
        int behind;
        if (best >= FRONT_PAIR_BASE) behind = 1;   /* a pair (or trips) beside: pair in front */
        else if (q <= 4) behind = 1;               /* 2s to 6s: never split */
        else if (q <= 8) behind = ace_single;      /* 7s to 10s: split unless an ace */
        else behind = 0;                           /* jacks to aces: split */
        p.row = 2;
        p.target = behind ? best : pattern_key(q, q);
        return p;
    }
    if (sh->trip_hi < 0 && sh->npairs == 2) {
        int big = sh->pairs[0], small = sh->pairs[1], s1 = sh->singles[0];
        int split_anyway = small >= 9 || (big >= 5 && big <= 8) || (small >= 5 && small <= 8);
        int behind = s1 == ACE && !split_anyway;
        p.row = 6;
        p.target = behind ? pattern_key(s1, sh->singles[1]) : pattern_key(small, small);
        return p;
    }
    if (sh->trip_hi < 0 && sh->npairs == 1 && sh->pairs[0] >= 8 && sh->singles[0] >= 9) {
        /* a pair of 10s or better with an ace or face card: played as one pair */
        p.row = 10;
        p.target = pattern_key(sh->singles[0], sh->singles[1]);
        return p;
    }
    return plan_mikes(c, sh);
}

/* Row 8, 10 or 11 when rows 7 / 9 find no complete hand. */
static inline plan_t plan_mikes_fallback(const shape_t *sh) {
    plan_t p = {0, PICK_PATTERN, 0};
    if (sh->trip_hi >= 0) {
        p.row = 8;
        p.target = sh->trip_hi == ACE ? pattern_key(ACE, sh->singles[0])
                                       : pattern_key(sh->singles[0], sh->singles[1]);
    } else if (sh->npairs == 1) {
        p.row = 10; p.target = pattern_key(sh->singles[0], sh->singles[1]);
    } else {
        p.row = 11; p.target = pattern_key(sh->singles[1], sh->singles[2]);
    }
    return p;
}

/* Picks the split a plan asks for; -1 when no split qualifies. */
static inline int pick_split(const plan_t *p, const int *bk, const int *fk) {
    int best = -1;
    for (int s = 0; s < NUM_SPLITS; s++) {
        int complete = KEY_CLASS(bk[s]) >= STRAIGHT;
        if (p->pick == PICK_PATTERN) {
            if (fk[s] != p->target) continue;
            if (best < 0 || bk[s] > bk[best]) best = s;
        } else if (p->pick == PICK_PAIR_WITH_COMPLETE_BACK) {
            if (fk[s] != p->target || !complete) continue;
            if (best < 0 || bk[s] > bk[best]) best = s;
        } else {
            if (!complete) continue;
            if (best < 0 || fk[s] > fk[best] || (fk[s] == fk[best] && bk[s] > bk[best])) best = s;
        }
    }
    return best;
}

#endif
