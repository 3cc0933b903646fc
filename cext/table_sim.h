/* The table simulator's round kernel: one round of the California player-dealer game,
 * or of a casino game the house banks (seeds 002, 004: a commission, side bets, an envy
 * bonus), dealt, set and settled exactly as verifier/table/ does it (docs/TABLE.md), and a
 * block of rounds with a rotating bank, accumulated into exact integer sums. Every pay,
 * fee and commission comes in ts_rules_t (table_rules.h), from the rule set
 * (verifier/table/kernel.kernel_rules): none is written here, and no bet is named: a
 * wager is a read of a hand paid by a pay vector over the read's lines.
 *
 * Mirrors, line for line where it matters:
 *   deal.py    the seven piles (left-right, then right-left), the dice, the action seat,
 *              the piles handed out clockwise from the action pile;
 *   fees.py    the tier schedule (fee = that of the highest tier whose low <= amount);
 *   reads.py   each wager's lines and its odds (round.round_odds);
 *   settle.py  settlement clockwise from the action seat (table_settle.h);
 *   simulate.run_block   the statistics, the banker of round r.
 * Every hand is set by the house way (players and player-dealer alike).
 *
 * Chips are int64. The "stake returned" of a partly paid win, stake - pay / odds, is
 * kept as a numerator over rules->denom, a common multiple of every odds the pay tables
 * hold, so it stays exact. When the house banks, results are in units of 1/rules->scale
 * of a dollar (the commission's denominator), so a commission stays exact too.
 * Accumulators are __int128. */
#ifndef PAIGOW_TABLE_SIM_H
#define PAIGOW_TABLE_SIM_H

#include <stdint.h>
#include <string.h>
#include "engine.h"
#include "table_rng.h"
#include "table_rules.h"
#include "table_settle.h"
#include "table_reads.h"

/* A pile's hand: its keys, its cards sorted (c) and as they were dealt (dealt). */
static inline void ts_hand_of(const engine_t *e, const int *deck, int pile, hand_keys_t *k,
                              int *c, int *dealt) {
    for (int i = 0; i < 7; i++) c[i] = dealt[i] = deck[TS_PILE_POS[pile][i]];
    sort7(c);
    engine_hand_info_fast(e, c, k);
}

/* Play one round from a dealt deck (53 cards, top first). */
static inline void ts_play_round(const ts_rules_t *ru, const engine_t *e, const int *deck,
                                 const ts_round_in_t *in, ts_round_out_t *out) {
    int dealer = in->dealer;
    int first = (dealer - 1 + (in->total - 1) % 7) % 7 + 1;
    int action = first == dealer ? dealer % 7 + 1 : first;
    out->first_seat = first; out->action_seat = action;

    /* fees, before the deal */
    int64_t action_total = 0;
    for (int s = 1; s <= 7; s++) {
        const int64_t *w = in->wagers[s];
        out->in_play[s] = s != dealer && (w[0] | w[1] | w[2]) != 0;
        out->net[s] = 0;
        out->fee[s] = 0;
        out->envy[s] = -1;
        if (out->in_play[s]) {
            out->fee[s] = ts_tier_fee(w[0], ru->np, ru->p_low, ru->p_fee);
            action_total += w[0];
        }
    }
    out->dealer_fee = ts_tier_fee(action_total, ru->nd, ru->d_low, ru->d_fee);

    /* seat s receives pile (action_pile + clockwise distance from first) mod 7 */
    int shift = in->action_pile - first + 14;
    hand_keys_t dk, pk;
    int c[7], dc[7], pd[7], dd[7];
    int64_t envy_of[8] = {0, 0, 0, 0, 0, 0, 0, 0}, envy_total = 0;
    ts_hand_of(e, deck, (shift + dealer) % 7, &dk, dc, dd);
    int dpush = ru->push && (ru->push_back[back_index(e, dk.back_key)]
                             & ru->push_front[dk.front_key]) != 0;

    /* settlement order, and each seat's odds */
    int n = 0;
    for (int k = 0; k < 7; k++) {
        int s = (action - 1 + k) % 7 + 1;
        if (!out->in_play[s]) continue;
        out->order[n++] = s;
        ts_hand_of(e, deck, (shift + s) % 7, &pk, c, pd);
        int b = base_outcome(pk.back_key, pk.front_key, dk.back_key, dk.front_key);
        for (int slot = 0; slot < ru->nkinds; slot++) {
            int r = ru->read[slot], k1 = ru->first_k[slot];
            out->odds[s][slot] = r == TS_R_BASE ? ts_base_settled(ru, b, dpush)
                : ts_mask_odds(ru, slot, ru->banker[slot]
                ? ts_read(ru, r, &dk, &pk, dc, dd, k1, b) : ts_read(ru, r, &pk, &dk, c, pd, k1, b));
        }
        if (ru->envy) {
            envy_of[s] = ts_envy_amount(ru, pk.cats_seven);
            envy_total += envy_of[s];
        }
    }
    out->norder = n;
    if (ru->envy)   /* each qualifying host bet: the envy of every OTHER player's hand */
        for (int i = 0; i < n; i++) {
            int s = out->order[i];
            if (in->wagers[s][ru->envy_slot] >= ru->envy_min)
                out->envy[s] = envy_total - envy_of[s];
        }
    out->dealer_odds = 0;
    if (in->pbank) {
        if (in->dealer_stake) {   /* the dealer's hand, from its place, against the bank */
            ts_hand_of(e, deck, (shift + in->house_seat) % 7, &pk, c, pd);
            out->dealer_odds = base_outcome(pk.back_key, pk.front_key, dk.back_key, dk.front_key);
        }
        ts_settle_pbank(ru, in, out);
    } else if (ru->house) ts_settle_house(ru, in, out);
    else ts_settle(ru, in, out);
}
/* ----------------------------------------------------------------------------- statistics */
/* Acc blocks of six sums: n, sx, sxx, sw, sww, sxw (simulate.Acc). */
enum {
    TS_SEAT_ROUND = 0,                      /* 7 x 6: x net after fees, w wagered */
    TS_SEAT_UNIT = TS_SEAT_ROUND + 42,      /* 7 x 6: x net before fees, w wagered */
    TS_SEAT_FEES = TS_SEAT_UNIT + 42,       /* 7 */
    TS_SEAT_BANKED = TS_SEAT_FEES + 7,      /* 7 */
    TS_SEAT_BANK_NET = TS_SEAT_BANKED + 7,  /* 7 */
    TS_BET_UNIT = TS_SEAT_BANK_NET + 7,     /* 4 x 6 (the wager slots, then an envy bonus) */
    TS_BET_WINS = TS_BET_UNIT + 24,         /* 4 */
    TS_DEALER_ROUND = TS_BET_WINS + 4,      /* 6: x net after fees, w bank */
    TS_DEALER_UNIT = TS_DEALER_ROUND + 6,   /* 6: x net before fees, w bank */
    TS_DEALER_FEES = TS_DEALER_UNIT + 6,
    TS_BET_ROUND = TS_DEALER_FEES + 1,      /* 4 x 6: per round, x results, w stakes */
    TS_BET_ROUND_END = TS_BET_ROUND + 24 - 1,
    TS_CAP_ROUNDS, TS_EXHAUSTED_ROUNDS, TS_WIN_LIMIT_ROUNDS,
    TS_RETURNED_NUM, TS_WAGERED, TS_ROUNDS, TS_IMBALANCED,
    TS_BANK_SEAT,                           /* 7 x 6: a seat as banker, x result, w faced */
    TS_BANK_PASSED = TS_BANK_SEAT + 42,     /* 7: turns passed for want of chips */
    TS_H_COMM_PLAYERS = TS_BANK_PASSED + 7, /* the house's take by source (rotation) */
    TS_H_COMM_BANKERS, TS_H_CO_BANKED, TS_H_DEALER_WAGER, TS_H_OWN,
    TS_ACC_N
};

typedef struct { __int128 v[TS_ACC_N]; } ts_acc_t;

static inline void ts_acc_zero(ts_acc_t *a) { memset(a, 0, sizeof(*a)); }

static inline void ts_acc_merge(ts_acc_t *dst, const ts_acc_t *src) {
    for (int i = 0; i < TS_ACC_N; i++) dst->v[i] += src->v[i];
}

/* Field i as a high signed and a low unsigned 64-bit word. */
static inline void ts_acc_get(const ts_acc_t *a, int i, int64_t *hi, uint64_t *lo) {
    __int128 v = a->v[i];
    *lo = (uint64_t)v;
    *hi = (int64_t)(v >> 64);
}

static inline void ts_add6(__int128 *p, int64_t x, int64_t w) {
    __int128 X = x, W = w;
    p[0] += 1; p[1] += X; p[2] += X * X; p[3] += W; p[4] += W * W; p[5] += X * W;
}

/* Money sums are in the rules' units (1/scale dollar when the house banks, else dollars);
 * stakes and banks in dollars. */
static inline void ts_accumulate(ts_acc_t *a, const ts_rules_t *ru, const ts_round_in_t *in,
                                 const ts_round_out_t *o) {
    __int128 *v = a->v;
    const int64_t S = ru->house ? ru->scale : 1;
    v[TS_ROUNDS] += 1;
    int64_t rx[TS_STAT_KINDS] = {0, 0, 0, 0}, rw[TS_STAT_KINDS] = {0, 0, 0, 0};
    for (int i = 0; i < o->nres; i++) {
        const ts_result_t *r = &o->res[i];
        ts_add6(v + TS_BET_UNIT + 6 * r->kind, r->x, r->stake);
        if (r->x > 0) v[TS_BET_WINS + r->kind] += 1;
        rx[r->kind] += r->x;
        rw[r->kind] += r->stake;
    }
    for (int k = 0; k < TS_STAT_KINDS; k++)
        if (rw[k]) ts_add6(v + TS_BET_ROUND + 6 * k, rx[k], rw[k]);
    int64_t total = 0;
    for (int i = 0; i < o->norder; i++) {
        int s = o->order[i];
        int64_t x = o->net[s];
        const int64_t *w = in->wagers[s];
        int64_t wsum = w[0] + w[1] + w[2];
        int64_t fee = o->fee[s] * S;
        total += x;
        ts_add6(v + TS_SEAT_ROUND + 6 * (s - 1), x - fee, wsum);
        ts_add6(v + TS_SEAT_UNIT + 6 * (s - 1), x, wsum);
        v[TS_SEAT_FEES + s - 1] += fee;
        v[TS_WAGERED] += wsum;
    }
    int d = in->dealer;
    if (in->pbank) {
        if (total + o->dealer_net + o->house_net != 0) v[TS_IMBALANCED] += 1;
        v[TS_SEAT_BANKED + d - 1] += 1;
        v[TS_SEAT_BANK_NET + d - 1] += o->dealer_net;
        ts_add6(v + TS_BANK_SEAT + 6 * (d - 1), o->dealer_net, o->faced);
        ts_add6(v + TS_DEALER_ROUND, o->house_net, 0);
        ts_add6(v + TS_DEALER_UNIT, o->house_net, 0);
        v[TS_H_COMM_PLAYERS] += o->comm_players;
        v[TS_H_COMM_BANKERS] += o->comm_banker;
        v[TS_H_CO_BANKED] += o->co_banked;
        v[TS_H_DEALER_WAGER] += o->dealer_wager_net;
        v[TS_H_OWN] += o->house_net - o->comm_players - o->comm_banker - o->co_banked
                       - o->dealer_wager_net;
        return;
    }
    if (total + o->dealer_net != 0) v[TS_IMBALANCED] += 1;
    if (ru->house) {
        v[TS_H_COMM_PLAYERS] += o->comm_players;
        v[TS_H_OWN] += o->dealer_net - o->comm_players;
    }
    if (!ru->house) {
        v[TS_SEAT_BANKED + d - 1] += 1;
        v[TS_SEAT_BANK_NET + d - 1] += o->dealer_net - o->dealer_fee;
    }
    ts_add6(v + TS_DEALER_ROUND, o->dealer_net - o->dealer_fee * S, in->bank);
    ts_add6(v + TS_DEALER_UNIT, o->dealer_net, in->bank);
    v[TS_DEALER_FEES] += o->dealer_fee;
    if (o->returned_num) {
        v[TS_CAP_ROUNDS] += 1;
        v[TS_RETURNED_NUM] += o->returned_num;
    }
    v[TS_EXHAUSTED_ROUNDS] += o->exhausted;
    v[TS_WIN_LIMIT_ROUNDS] += o->win_limited;
}

/* ----------------------------------------------------------------------------- a block */
typedef struct {
    ts_rules_t rules;
    int64_t wagers[8][TS_KINDS]; /* each seat's wagers when playing (seat 1..7) */
    int64_t bank[8];             /* each seat's bank when banking */
    int bankers[7], nbankers;    /* the seats that bank, in the order offered */
    int rounds_per_bank;
    int action_pile;
    /* players bank in rotation (simulate.TableSetup.round_turn): the turns (the house's
     * place, then the occupied seats), each seat's policy (0 never, 1 always, 2 every
     * other turn), whether its chips cover the table, the dealer's wager against it, and
     * the co-banking and commission units of ts_round_in_t */
    int rotating, nturns, turns[8], policy[8], covers[8];
    int64_t dealer_stake[8], cob, bcomm;
} ts_table_t;

/* Rounds start .. start+count-1 (block number `block`), added into `acc`. */
static inline void ts_run_block(const ts_table_t *t, const engine_t *e, uint64_t seed,
                                int64_t block, int64_t start, int64_t count, ts_acc_t *acc) {
    ts_rng_t rng;
    ts_rng_seed(&rng, seed, (uint64_t)block);
    int deck[TS_DECK];
    for (int i = 0; i < TS_DECK; i++) deck[i] = i;
    /* one round input per banker */
    ts_round_in_t ins[7];
    for (int b = 0; b < t->nbankers; b++) {
        ts_round_in_t *in = &ins[b];
        memset(in, 0, sizeof(*in));
        in->dealer = t->bankers[b];
        in->bank = t->bank[in->dealer];
        in->action_pile = t->action_pile;
        for (int s = 1; s <= 7; s++)
            if (s != in->dealer)
                for (int k = 0; k < 3; k++) in->wagers[s][k] = t->wagers[s][k];
    }
    /* a player-banked round's input per seat (rotation) */
    ts_round_in_t pins[8];
    if (t->rotating) {
        int house_seat = t->bankers[0];
        for (int b = 1; b <= 7; b++) {
            ts_round_in_t *in = &pins[b];
            memset(in, 0, sizeof(*in));
            in->dealer = b;
            in->action_pile = t->action_pile;
            in->pbank = 1;
            in->house_seat = house_seat;
            in->dealer_stake = t->dealer_stake[b];
            in->cob = t->cob;
            in->bcomm = t->bcomm;
            for (int s = 1; s <= 7; s++)
                if (s != b && s != house_seat)
                    for (int k = 0; k < 3; k++) in->wagers[s][k] = t->wagers[s][k];
        }
    }
    ts_round_out_t out;
    for (int64_t r = start; r < start + count; r++) {
        ts_shuffle(&rng, deck, TS_DECK);
        int total = 3 + (int)ts_below(&rng, 6) + (int)ts_below(&rng, 6) + (int)ts_below(&rng, 6);
        ts_round_in_t *in = &ins[(r / t->rounds_per_bank) % t->nbankers];
        if (t->rotating) {
            int seat = t->turns[r % t->nturns];
            int64_t k = r / t->nturns;
            int p = t->policy[seat];
            if (p == 1 || (p == 2 && k % 2 == 0)) {
                if (t->covers[seat]) in = &pins[seat];
                else acc->v[TS_BANK_PASSED + seat - 1] += 1;
            }
        }
        in->total = total;
        ts_play_round(&t->rules, e, deck, in, &out);
        ts_accumulate(acc, &t->rules, in, &out);
    }
}

#endif
