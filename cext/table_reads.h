/* The table's reads of a hand (verifier/table/reads.py and table/custom.py, the same in
 * Python): the lines a wager is paid on, as a mask of line indexes (TS_R_*, in the order
 * of verifier.game.bets.TABLE_READS), and its odds from the wager's pay vector: the
 * highest-paying line, or under table order the line of least rank. */
#ifndef PAIGOW_TABLE_READS_H
#define PAIGOW_TABLE_READS_H

#include <stdint.h>
#include "table_rules.h"

/* Pai Gow Insurance (emperors.insurance_line, the literal reading: the joker is an ace of
 * any suit and nothing else, A-2-3-4-5 no straight): the line 0..5 (nine_high ..
 * ace_high) of seven cards, -1 when they are not a pai gow. */
static inline int ts_insurance_line(const int *c) {
    int joker = 0, suits[4] = {0, 0, 0, 0}, n = 0;
    uint32_t held = 0;
    for (int i = 0; i < 7; i++) {
        if (c[i] == JOKER) { joker = 1; continue; }
        uint32_t bit = 1u << (c[i] >> 2);
        if (held & bit) return -1;                    /* a pair */
        held |= bit; n++;
        suits[c[i] & 3]++;
    }
    if (joker) {
        if (held & (1u << 12)) return -1;             /* the joker pairs an ace */
        held |= 1u << 12;
    }
    for (int low = 0; low <= 8; low++)
        if ((held & (0x1Fu << low)) == (0x1Fu << low)) return -1;   /* a straight */
    for (int s = 0; s < 4; s++)
        if (suits[s] + joker >= 5) return -1;          /* a flush */
    int top = 12;
    while (!(held >> top & 1)) top--;
    return top >= 7 ? top - 7 : -1;
}

/* The first k cards dealt as a poker hand of their own (verifier/game/firstcards.py
 * lines_of, the same reading): the joker completes a straight, a flush or a straight
 * flush, else it is an ace; a mask of FC_* line bits. */
static inline int ts_first_cards(const int *dealt, int k) {
    int cnt[13] = {0}, joker = 0, suit = -1, one_suit = 1, distinct = 1, mask = 0;
    uint32_t present = 0;
    for (int i = 0; i < k; i++) {
        if (dealt[i] == JOKER) { joker = 1; continue; }
        distinct &= ++cnt[RANK(dealt[i])] == 1;
        present |= 1u << RANK(dealt[i]);
        one_suit &= suit < 0 || SUIT(dealt[i]) == suit;
        suit = SUIT(dealt[i]);
    }
    if (k >= FC_RUN_MIN && distinct) {
        int straight = 0;
        for (int top = k - 2; top <= 12 && !straight; top++) {
            uint32_t w = 0;             /* k ranks in sequence, the ace also low */
            for (int r = top - k + 1; r <= top; r++) w |= 1u << ((r + 13) % 13);
            straight = joker ? (present & ~w) == 0 : present == w;
        }
        if (straight) mask |= 1 << FC_STRAIGHT;
        if (one_suit) mask |= 1 << FC_FLUSH;
        if (straight && one_suit)
            mask |= 1 << FC_STRAIGHT_FLUSH | 1 << (joker ? FC_WILD_STRAIGHT_FLUSH
                                                          : FC_NATURAL_STRAIGHT_FLUSH);
    }
    int top = 0, second = 0;            /* the two largest groups, the joker an ace */
    for (int r = 0; r < 13; r++) {
        int g = cnt[r] + (r == ACE ? joker : 0);
        if (g > top) { second = top; top = g; } else if (g > second) second = g;
    }
    mask |= (top >= 5) << FC_FIVE_ACES | (top >= 4) << FC_FOUR_OF_A_KIND
            | (top >= 3 && second >= 2) << FC_FULL_HOUSE | (top >= 3) << FC_THREE_OF_A_KIND
            | (top >= 2 && second >= 2) << FC_TWO_PAIR | (top >= 2) << FC_ONE_PAIR;
    return mask;
}

static inline int64_t ts_envy_amount(const ts_rules_t *ru, uint64_t mask) {
    int64_t best = 0;
    for (int i = 0; i < TS_LINES; i++)
        if ((mask >> i & 1) && ru->envy_pays[i] > best) best = ru->envy_pays[i];
    return best;
}

/* The odds of wager `slot` on a set of line indexes (a mask), -1 none: its
 * highest-paying line, or under table order (first_line) the line of least rank. */
static inline int ts_mask_odds(const ts_rules_t *ru, int slot, uint64_t mask) {
    const int *pays = ru->pays[slot];
    int best = -1, at = TS_LINES;
    mask &= TS_LINES < 64 ? (1ull << TS_LINES) - 1 : ~0ull;
    for (; mask; mask &= mask - 1) {           /* the lines it holds, lowest first */
        int i = __builtin_ctzll(mask);
        if (ru->first_line[slot] ? ru->rank[slot][i] < at : pays[i] > best) {
            best = pays[i];
            at = ru->rank[slot][i];
        }
    }
    return best;
}

/* The lines a read gives a hand (keys h, seven cards c, as dealt d) against the other
 * hand's keys o, as a mask of line indexes (verifier/table/reads.py, the same in Python;
 * the first cards: table/custom.py); b is the base outcome of the seat's hand against
 * the banker's; k the first cards a TS_R_FIRST_CARDS wager reads. */
static inline uint64_t ts_read(const ts_rules_t *ru, int read, const hand_keys_t *h,
                               const hand_keys_t *o, const int *c, const int *d, int k,
                               int b) {
    switch (read) {
    case TS_R_SEVEN_CARD_MASK: return h->cats_seven;
    case TS_R_HOUSE_WAY_MASK: return h->cats_house;
    case TS_R_PUSH_PAIR:          /* a push; line 1 with a pair of 3s or better in front */
        if (b != 0) return 0;
        return (h->front_key >= ru->pair_key || o->front_key >= ru->pair_key) ? 2 : 1;
    case TS_R_PAI_GOW: {
        int line = ts_insurance_line(c);
        return line < 0 ? 0 : 1 << line;
    }
    case TS_R_FRONT:              /* line 0 a pair, else 1 + (ace - the top card) */
        return h->front_key >= FRONT_PAIR_BASE ? 1 : 1 << (13 - h->front_key / 13);
    case TS_R_SEVEN_CARD_AND_FRONT:   /* the categories, then the front's line */
        return (uint64_t)(uint32_t)h->cats_seven | (uint64_t)ts_read(ru, TS_R_FRONT, h, o, c, d,
                                                                     k, b) << NUM_CATEGORIES;
    case TS_R_FIRST_CARDS: return ts_first_cards(d, k);
    }
    return 0;
}

#endif
