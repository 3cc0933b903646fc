/* The table simulator's rules and one round's input and output (cext/table_sim.h):
 * every pay, fee and commission comes in ts_rules_t, from the rule set
 * (verifier/table/kernel.kernel_rules): none is written here. A wager is the base
 * wager, or one read of a hand (TS_R_*, in the order of verifier.game.bets.TABLE_READS)
 * paid by a pay vector over that read's line indexes: which bet it is, the kernel never
 * knows. */
#ifndef PAIGOW_TABLE_RULES_H
#define PAIGOW_TABLE_RULES_H

#include <stdint.h>
#include "engine.h"

#define TS_SEATS 7
#define TS_DECK 53
#define TS_MAX_TIERS 8
#define TS_KINDS 3                 /* wagers per seat */
#define TS_STAT_KINDS 4            /* and an envy bonus */
#define TS_MAX_BACK 8192           /* the engine's distinct back keys, at most */
/* the reads a wager is paid on, TS_R_* (verifier.game.bets.TABLE_READS, in this order), and
 * TS_LINES, the most lines of a read (TABLE_LINES): vocab.h, generated from Python */

typedef struct {
    /* the wagers of a seat, slot 0 the base wager: each read (TS_R_*; the base wager's own
     * settlement for TS_R_BASE), of the seat's hand or the banker's, and paid by a pay
     * vector over the read's line indexes (odds, -1 loses; the highest-paying line, or
     * with first_line the qualifying line of least rank: its place in the pay table) */
    int nkinds;
    int read[TS_KINDS];
    int banker[TS_KINDS];
    int pays[TS_KINDS][TS_LINES];
    int first_line[TS_KINDS];
    int rank[TS_KINDS][TS_LINES];
    int first_k[TS_KINDS];     /* TS_R_FIRST_CARDS: how many first cards it reads */
    int pair_key;              /* TS_R_PUSH_PAIR: the front key of a pair of 3s */
    int64_t denom;             /* common multiple of every odds in the pay tables */
    int np, nd;                /* fee tiers: (lowest amount, fee), increasing */
    int64_t p_low[TS_MAX_TIERS], p_fee[TS_MAX_TIERS];
    int64_t d_low[TS_MAX_TIERS], d_fee[TS_MAX_TIERS];
    int house;                 /* 1: the house banks (no bank, no cap, no fees) */
    int64_t scale;             /* house: money in units of 1/scale dollar */
    int64_t keep;              /* house: a winning base wager is paid stake * keep units */
    int envy;                  /* an envy bonus is offered */
    int64_t envy_pays[TS_LINES]; /* its dollars by seven-card category bit (0 none) */
    int64_t envy_min;          /* the wager on envy_slot that qualifies */
    int envy_slot;             /* the slot of the wager it is paid on, -1 none */
    /* a player banks (docs/TABLE.md, "The bank in rotation"): the banker's commission on
     * each wager it wins (1) or on its net win of the round (0) */
    int bank_each_win;
    /* a push on the banker's set hand (SettlementRule.push_when): bit t of push_back[i]
     * (i the engine's index of a back key, back_index) and of push_front[front key] when
     * condition t's test holds; the banker's hand meets one when the two share a bit.
     * A win of the player's against it pushes, and a loss too when push_all */
    int push, push_all;
    uint8_t push_front[FRONT_KEYS];
    uint8_t push_back[TS_MAX_BACK];
} ts_rules_t;

/* The base wager's outcome: the hands' comparison b (1, 0, -1), held to a push against
 * a banker's hand that meets a push condition (dpush; SettlementRule.settle_outcome). */
static inline int ts_base_settled(const ts_rules_t *ru, int b, int dpush) {
    return dpush && (b > 0 || (b < 0 && ru->push_all)) ? 0 : b;
}

static inline int64_t ts_tier_fee(int64_t amount, int n, const int64_t *low, const int64_t *fee) {
    int64_t f = 0;
    for (int i = 0; i < n; i++) if (amount >= low[i]) f = fee[i];
    return f;
}

/* Pile p (0 = leftmost) gets deck positions PILE_POS[p][k], k = 0..6. */
static const int TS_PILE_POS[7][7] = {
    {0, 13, 14, 27, 28, 41, 42},
    {1, 12, 15, 26, 29, 40, 43},
    {2, 11, 16, 25, 30, 39, 44},
    {3, 10, 17, 24, 31, 38, 45},
    {4, 9, 18, 23, 32, 37, 46},
    {5, 8, 19, 22, 33, 36, 47},
    {6, 7, 20, 21, 34, 35, 48}
};

/* ----------------------------------------------------------------------------- one round */
typedef struct {
    int dealer;                   /* seat 1..7 */
    int total;                    /* dice total 3..18 */
    int action_pile;              /* 0..6 */
    int64_t bank;
    int64_t wagers[8][TS_KINDS];  /* by seat 1..7 (the dealer's row is ignored) */
    /* a player banks: `dealer` is the banker's seat (the dice count from it), house_seat
     * the dealer's place, dealer_stake its wager against the bank; per dollar of the
     * bank's result, cob units go to the casino (co-banking) and bcomm units of a win are
     * the banker's commission (rules->scale units a dollar) */
    int pbank, house_seat;
    int64_t dealer_stake, cob, bcomm;
} ts_round_in_t;

typedef struct { int seat, kind; int64_t stake, x; } ts_result_t;

typedef struct {
    int first_seat, action_seat;
    int in_play[8];               /* seat has a wager (never the dealer) */
    int order[7]; int norder;     /* seats in play, settlement order */
    int odds[8][TS_KINDS];
    int64_t envy[8];              /* Envy Bonus owed (dollars), -1: no qualifying bet */
    int64_t net[8];               /* player results before fees (house: in 1/scale) */
    int64_t fee[8];               /* player fees */
    int64_t dealer_net, dealer_fee;
    int64_t returned_num;         /* stake returned, over rules->denom */
    int exhausted, win_limited;
    int nres;
    ts_result_t res[7 * TS_STAT_KINDS];
    /* the house's commission on the players' winning base wagers (house and player
     * banks); when a player banks: the banker's result is dealer_net; the house's, and its
     * parts; the wagers the bank faced; the dealer's hand's base outcome */
    int64_t comm_players;
    int64_t house_net, comm_banker, co_banked, dealer_wager_net, faced;
    int dealer_odds;
} ts_round_out_t;

#endif
