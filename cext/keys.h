/* Hand keys (docs/ENGINE.md): five-card key = class << 20 | rank nibbles; two-card key. */
#ifndef PAIGOW_KEYS_H
#define PAIGOW_KEYS_H

#include "cards.h"
#include "vocab.h"   /* the classes, CLS_SHIFT, ROYAL_ORDINAL, FRONT_PAIR_BASE */

#define KEY_CLASS(k) ((k) >> CLS_SHIFT)
#define IS_ROYAL(k) (KEY_CLASS(k) == STRAIGHT_FLUSH && (((k) >> 16) & 15) == ROYAL_ORDINAL)
#define WHEEL_MASK 0x100F /* A,2,3,4,5 */

/* Ordinal of a straight by its top rank (3 = the wheel's 5 ... 12 = ace). */
static inline int straight_ordinal(int top, int wheel_second) {
    if (!wheel_second) return top - 3;
    if (top == 3) return 8;       /* A-2-3-4-5 just below A-K-Q-J-10 */
    if (top == 12) return 9;
    return top - 4;
}

/* Top rank of the straight a 5-rank mask forms, or -1. */
static inline int straight_top(int mask) {
    for (int t = 12; t >= 4; t--)
        if (mask == (0x1F << (t - 4))) return t;
    return mask == WHEEL_MASK ? 3 : -1;
}

/* Nibbles of the set ranks of a mask, highest first, from bit position `shift` down. */
static inline int desc_nibbles(int mask, int shift) {
    int payload = 0;
    for (int r = 12; r >= 0 && shift >= 0; r--)
        if (mask >> r & 1) { payload |= r << shift; shift -= 4; }
    return payload;
}

/* Key of five cards given by rank counts (sum 5; five aces allowed), not a flush. */
static inline int key_from_counts(const int *cnt, int wheel_second) {
    int mask = 0, quad = -1, trip = -1, pair_hi = -1, pair_lo = -1, singles = 0;
    for (int r = 12; r >= 0; r--) {
        if (cnt[r] == 5) return FIVE_ACES << CLS_SHIFT;
        if (cnt[r]) mask |= 1 << r;
        if (cnt[r] == 4) quad = r;
        else if (cnt[r] == 3) trip = r;
        else if (cnt[r] == 2) { if (pair_hi < 0) pair_hi = r; else pair_lo = r; }
        else if (cnt[r] == 1) singles |= 1 << r;
    }
    if (quad >= 0) return FOUR_OF_A_KIND << CLS_SHIFT | quad << 16 | desc_nibbles(singles, 12);
    if (trip >= 0 && pair_hi >= 0) return FULL_HOUSE << CLS_SHIFT | trip << 16 | pair_hi << 12;
    if (trip >= 0) return THREE_OF_A_KIND << CLS_SHIFT | trip << 16 | desc_nibbles(singles, 12);
    if (pair_lo >= 0)
        return TWO_PAIR << CLS_SHIFT | pair_hi << 16 | pair_lo << 12 | desc_nibbles(singles, 8);
    if (pair_hi >= 0) return ONE_PAIR << CLS_SHIFT | pair_hi << 16 | desc_nibbles(singles, 12);
    int top = straight_top(mask);
    if (top >= 0) return STRAIGHT << CLS_SHIFT | straight_ordinal(top, wheel_second) << 16;
    return HIGH_CARD << CLS_SHIFT | desc_nibbles(mask, 16);
}

/* Key of a flush of five distinct ranks (straight flush when in sequence). */
static inline int flush_key(int mask5, int wheel_second) {
    int top = straight_top(mask5);
    if (top >= 0) return STRAIGHT_FLUSH << CLS_SHIFT | straight_ordinal(top, wheel_second) << 16;
    return FLUSH << CLS_SHIFT | desc_nibbles(mask5, 16);
}

/* Best straight key the joker can make with four distinct ranks, or -1. */
static inline int joker_straight_key(int mask4, int cls, int wheel_second) {
    int best = -1;
    for (int x = 0; x < 13; x++) {
        if (mask4 >> x & 1) continue;
        int top = straight_top(mask4 | 1 << x);
        if (top < 0) continue;
        int key = cls << CLS_SHIFT | straight_ordinal(top, wheel_second) << 16;
        if (key > best) best = key;
    }
    return best;
}

/* Two-card key: joker is an ace. */
static inline int front_key2(int c0, int c1) {
    int a = RANK_A(c0), b = RANK_A(c1);
    if (a == b) return FRONT_PAIR_BASE + a;
    return a > b ? a * 13 + b : b * 13 + a;
}

/* The two-card key of two ranks (a pattern the house ways name: a pair, or high-low). */
static inline int pattern_key(int hi, int lo) {
    return hi == lo ? FRONT_PAIR_BASE + hi : (hi > lo ? hi * 13 + lo : lo * 13 + hi);
}

/* A two-card key on the five-card scale, for the foul test. */
static inline int front_on_back_scale(int fk) {
    if (fk >= FRONT_PAIR_BASE) return ONE_PAIR << CLS_SHIFT | (fk - FRONT_PAIR_BASE) << 16;
    return (fk / 13) << 16 | (fk % 13) << 12;
}

/* A foul: the two-card hand outranks the five-card hand. */
static inline int is_foul(int fk, int bk) { return front_on_back_scale(fk) > bk; }

#endif
