/* The table simulator's round kernel: one round of the California player-dealer game,
 * or of a casino game the house banks (seeds 002, 004: a commission, Pai Gow Insurance,
 * Emperor's Treasure, the Envy Bonus), dealt, set and settled exactly as verifier/table/
 * does it (docs/TABLE.md), and a block of rounds with a rotating bank, accumulated into
 * exact integer sums. Every pay, fee and commission comes in ts_rules_t, from the rule
 * set (verifier/table/simulate.kernel_rules): none is written here.
 *
 * Mirrors, line for line where it matters:
 *   deal.py    the seven piles (left-right, then right-left), the dice, the action seat,
 *              the piles handed out clockwise from the action pile;
 *   fees.py    the tier schedule (fee = that of the highest tier whose low <= amount);
 *   settle.py  settlement clockwise from the action seat, base, Wrangler Push, Outlaw 9,
 *              with the bank's running cap and returned uncovered wagers;
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

#define TS_SEATS 7
#define TS_DECK 53
#define TS_MAX_TIERS 8
#define TS_KINDS 3                 /* wagers per seat */
#define TS_STAT_KINDS 4            /* and the Envy Bonus */
/* what a wager slot holds (rules->kind) */
enum { TS_K_NONE, TS_K_BASE, TS_K_WRANGLER, TS_K_OUTLAW9, TS_K_INSURANCE, TS_K_TREASURE };

/* ----------------------------------------------------------------------------- RNG */
/* xoshiro256**, seeded through splitmix64 from (seed, block). */
typedef struct { uint64_t s[4]; } ts_rng_t;

static inline uint64_t ts_splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void ts_rng_seed(ts_rng_t *r, uint64_t seed, uint64_t block) {
    uint64_t x = seed;
    uint64_t a = ts_splitmix64(&x);
    x = a ^ (block * 0xD1B54A32D192ED03ull);
    (void)ts_splitmix64(&x);
    for (int i = 0; i < 4; i++) r->s[i] = ts_splitmix64(&x);
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3])) r->s[0] = 1;
}

static inline uint64_t ts_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t ts_next(ts_rng_t *r) {
    uint64_t *s = r->s;
    uint64_t out = ts_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ts_rotl(s[3], 45);
    return out;
}

/* Uniform integer in [0, n), n >= 1: Lemire's multiply with rejection (unbiased). */
static inline uint32_t ts_below(ts_rng_t *r, uint32_t n) {
    uint64_t x = ts_next(r) >> 32;
    uint64_t m = x * (uint64_t)n;
    uint32_t lo = (uint32_t)m;
    if (lo < n) {
        uint32_t thresh = (uint32_t)(-n) % n;
        while (lo < thresh) {
            x = ts_next(r) >> 32;
            m = x * (uint64_t)n;
            lo = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Fisher-Yates, in place. */
static inline void ts_shuffle(ts_rng_t *r, int *deck, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)ts_below(r, (uint32_t)(i + 1));
        int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
}

/* ----------------------------------------------------------------------------- rules */
typedef struct {
    int mask_index;            /* Outlaw 9 mask: 0 seven-card reading, 1 house-way */
    int o9_pays[16];
    int wr_pays[2];
    int wr_pair_key;           /* front key of a pair of 3s */
    int64_t denom;             /* common multiple of every odds in the pay tables */
    int np, nd;                /* fee tiers: (lowest amount, fee), increasing */
    int64_t p_low[TS_MAX_TIERS], p_fee[TS_MAX_TIERS];
    int64_t d_low[TS_MAX_TIERS], d_fee[TS_MAX_TIERS];
    int house;                 /* 1: the house banks (no bank, no cap, no fees) */
    int nkinds;                /* wagers per seat (1..3), kind[] says which */
    int kind[TS_KINDS];
    int64_t scale;             /* house: money in units of 1/scale dollar */
    int64_t keep;              /* house: a winning base wager is paid stake * keep units */
    int ins_pays[6];           /* Pai Gow Insurance odds, nine_high .. ace_high (-1 loses) */
    int tr_pays[16];           /* Emperor's Treasure odds by category bit (-1 loses) */
    int envy;                  /* the Envy Bonus is offered */
    int64_t envy_pays[16];     /* its dollars by category bit (0 none) */
    int64_t envy_min;          /* the Treasure wager that qualifies */
    int treasure_slot;         /* wager slot of the Treasure bet, -1 none */
    /* a player banks (docs/TABLE.md, "The bank in rotation"): the banker's commission on
     * each wager it wins (1) or on its net win of the round (0) */
    int bank_each_win;
} ts_rules_t;

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

static inline void ts_hand_of(const engine_t *e, const int *deck, int pile, hand_keys_t *k,
                              int *c) {
    for (int i = 0; i < 7; i++) c[i] = deck[TS_PILE_POS[pile][i]];
    sort7(c);
    engine_hand_info_fast(e, c, k);
}

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

static inline int64_t ts_envy_amount(const ts_rules_t *ru, int mask) {
    int64_t best = 0;
    for (int i = 0; i < 16; i++)
        if ((mask >> i & 1) && ru->envy_pays[i] > best) best = ru->envy_pays[i];
    return best;
}

/* The highest-paying line of a category mask (Outlaw 9, Emperor's Treasure), -1 none. */
static inline int ts_mask_odds(const int *pays, int mask) {
    if (!mask) return -1;
    int best = -1;
    for (int i = 0; i < 16; i++)
        if ((mask >> i & 1) && pays[i] > best) best = pays[i];
    return best;
}

static inline int ts_outlaw9_odds(const ts_rules_t *ru, int mask) {
    return ts_mask_odds(ru->o9_pays, mask);
}

static inline void ts_settle(const ts_rules_t *ru, const ts_round_in_t *in, ts_round_out_t *out);
static inline void ts_settle_house(const ts_rules_t *ru, const ts_round_in_t *in,
                                   ts_round_out_t *out);
static inline void ts_settle_pbank(const ts_rules_t *ru, const ts_round_in_t *in,
                                   ts_round_out_t *out);

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
    int c[7];
    int64_t envy_of[8] = {0, 0, 0, 0, 0, 0, 0, 0}, envy_total = 0;
    ts_hand_of(e, deck, (shift + dealer) % 7, &dk, c);

    /* settlement order, and each seat's odds */
    int n = 0;
    for (int k = 0; k < 7; k++) {
        int s = (action - 1 + k) % 7 + 1;
        if (!out->in_play[s]) continue;
        out->order[n++] = s;
        ts_hand_of(e, deck, (shift + s) % 7, &pk, c);
        int b;
        b = base_outcome(pk.back_key, pk.front_key, dk.back_key, dk.front_key);
        for (int slot = 0; slot < ru->nkinds; slot++) {
            int o = -1;
            switch (ru->kind[slot]) {
            case TS_K_BASE: o = b; break;
            case TS_K_WRANGLER:
                if (b == 0)
                    o = (pk.front_key >= ru->wr_pair_key || dk.front_key >= ru->wr_pair_key)
                        ? ru->wr_pays[1] : ru->wr_pays[0];
                break;
            case TS_K_OUTLAW9:
                o = ts_outlaw9_odds(ru, ru->mask_index ? pk.cats_house : pk.cats_seven);
                break;
            case TS_K_INSURANCE: {
                int line = ts_insurance_line(c);
                o = line < 0 ? -1 : ru->ins_pays[line];
                break;
            }
            case TS_K_TREASURE: o = ts_mask_odds(ru->tr_pays, pk.cats_seven); break;
            }
            out->odds[s][slot] = o;
        }
        if (ru->envy) {
            envy_of[s] = ts_envy_amount(ru, pk.cats_seven);
            envy_total += envy_of[s];
        }
    }
    out->norder = n;
    if (ru->envy)   /* each qualifying Treasure bet: the envy of every OTHER player's hand */
        for (int i = 0; i < n; i++) {
            int s = out->order[i];
            if (in->wagers[s][ru->treasure_slot] >= ru->envy_min)
                out->envy[s] = envy_total - envy_of[s];
        }
    out->dealer_odds = 0;
    if (in->pbank) {
        if (in->dealer_stake) {   /* the dealer's hand, from its place, against the bank */
            ts_hand_of(e, deck, (shift + in->house_seat) % 7, &pk, c);
            out->dealer_odds = base_outcome(pk.back_key, pk.front_key, dk.back_key, dk.front_key);
        }
        ts_settle_pbank(ru, in, out);
    } else if (ru->house) ts_settle_house(ru, in, out);
    else ts_settle(ru, in, out);
}

/* A wager settled at its odds with no commission and no cap: lost (o < 0), pushed (0) or
 * won o to 1, in units of 1/S. The side bets, which are the house's whoever banks, and
 * every wager the house banks but a winning base wager. */
static inline int64_t ts_at_odds(int64_t stake, int o, int64_t S) {
    return o < 0 ? -stake * S : stake * o * S;
}

/* One wager's result recorded, in settlement order, and added to its seat's net. */
static inline void ts_record(ts_round_out_t *out, int *nres, int s, int kind, int64_t stake,
                             int64_t res) {
    out->res[*nres].seat = s; out->res[*nres].kind = kind;
    out->res[*nres].stake = stake; out->res[*nres].x = res;
    (*nres)++;
    out->net[s] += res;
}

/* Settlement when the house banks (settle.settle_house): every wager on its own, no cap;
 * a winning base wager paid 1 to 1 less the commission (stake * keep units), a side bet
 * its odds, a push nothing; the Envy Bonus as result kind nkinds. Units: 1/scale. */
static inline void ts_settle_house(const ts_rules_t *ru, const ts_round_in_t *in,
                                   ts_round_out_t *out) {
    int n = out->norder, nres = 0;
    const int64_t S = ru->scale;
    int64_t total = 0, comm = 0;
    for (int s = 0; s < 8; s++) out->net[s] = 0;
    for (int i = 0; i < n; i++) {
        int s = out->order[i];
        for (int slot = 0; slot < ru->nkinds; slot++) {
            int64_t stake = in->wagers[s][slot];
            if (!stake) continue;
            int o = out->odds[s][slot];
            int64_t res;
            if (o > 0 && ru->kind[slot] == TS_K_BASE) {
                res = stake * o * ru->keep;
                comm += stake * o * (S - ru->keep);
            }
            else res = ts_at_odds(stake, o, S);
            ts_record(out, &nres, s, slot, stake, res);
            total += res;
        }
        if (out->envy[s] >= 0) {
            int64_t res = out->envy[s] * S;
            ts_record(out, &nres, s, ru->nkinds, in->wagers[s][ru->treasure_slot], res);
            total += res;
        }
    }
    out->nres = nres;
    out->dealer_net = -total;
    out->returned_num = 0;
    out->exhausted = 0;
    out->win_limited = 0;
    out->comm_players = comm;
    out->house_net = -total;
}

/* Settlement when a player banks (settle.settle_player_bank): the base wagers are the
 * bank's (a player's win paid 1 to 1 less the commission, which is the house's; a loss
 * and copies to the bank), the side bets and the Envy Bonus the house's; the dealer's
 * wager against the bank without commission; then the casino's co-banked share and the
 * banker's commission. Units: 1/scale; the bank's gross result in dollars. */
static inline void ts_settle_pbank(const ts_rules_t *ru, const ts_round_in_t *in,
                                   ts_round_out_t *out) {
    int n = out->norder, nres = 0;
    const int64_t S = ru->scale;
    int64_t gross = 0, collected = 0, faced = in->dealer_stake, comm = 0, side = 0;
    for (int s = 0; s < 8; s++) out->net[s] = 0;
    for (int i = 0; i < n; i++) {
        int s = out->order[i];
        for (int slot = 0; slot < ru->nkinds; slot++) {
            int64_t stake = in->wagers[s][slot];
            if (!stake) continue;
            int o = out->odds[s][slot];
            int64_t res;
            if (ru->kind[slot] == TS_K_BASE) {
                faced += stake;
                if (o == 0) res = 0;
                else if (o < 0) { res = -stake * S; gross += stake; collected += stake; }
                else { res = stake * ru->keep; gross -= stake; comm += stake * (S - ru->keep); }
            } else {
                res = ts_at_odds(stake, o, S);
                side -= res;
            }
            ts_record(out, &nres, s, slot, stake, res);
        }
        if (out->envy[s] >= 0) {
            int64_t res = out->envy[s] * S;
            ts_record(out, &nres, s, ru->nkinds, in->wagers[s][ru->treasure_slot], res);
            side -= res;
        }
    }
    int64_t dnet = 0, D = in->dealer_stake;
    if (D) {
        if (out->dealer_odds < 0) { gross += D; collected += D; dnet = -D * S; }
        else if (out->dealer_odds > 0) { gross -= D; dnet = D * S; }
    }
    int64_t cob = gross * in->cob;
    int64_t commb = ru->bank_each_win ? collected * in->bcomm : (gross > 0 ? gross * in->bcomm : 0);
    out->nres = nres;
    out->dealer_net = gross * S - cob - commb;
    out->comm_players = comm;
    out->comm_banker = commb;
    out->co_banked = cob;
    out->dealer_wager_net = dnet;
    out->house_net = side + comm + commb + cob + dnet;
    out->faced = faced;
    out->returned_num = 0;
    out->exhausted = 0;
    out->win_limited = 0;
}

/* Settlement with the bank's running cap (settle.settle): the seats out->order[0..norder)
 * with the odds out->odds; fills the results, nets, dealer net and the cap's effects. */
static inline void ts_settle(const ts_rules_t *ru, const ts_round_in_t *in, ts_round_out_t *out) {
    int n = out->norder;
    for (int s = 0; s < 8; s++) out->net[s] = 0;
    int64_t bank = in->bank, net = 0, returned = 0;
    int exhausted = 0, win_limited = 0, nres = 0;
    const int64_t D = ru->denom;
    for (int i = 0; i < n; i++) {
        int s = out->order[i];
        for (int kind = 0; kind < ru->nkinds; kind++) {
            int64_t stake = in->wagers[s][kind];
            if (!stake) continue;
            int64_t res;
            if (exhausted) {
                returned += stake * D;
                res = 0;
            } else {
                int o = out->odds[s][kind];
                if (o == 0) {
                    res = 0;
                } else if (o < 0) {
                    int64_t room = bank - net;
                    int64_t take = stake <= room ? stake : room;
                    net += take;
                    res = -take;
                    if (take < stake) {
                        win_limited = 1;
                        returned += (stake - take) * D;
                    }
                } else {
                    int64_t owed = stake * o;
                    int64_t avail = bank + net;
                    int64_t pay = owed <= avail ? owed : avail;
                    net -= pay;
                    res = pay;
                    if (pay < owed) returned += stake * D - pay * (D / o);
                    if (net == -bank) exhausted = 1;
                }
            }
            ts_record(out, &nres, s, kind, stake, res);
        }
    }
    out->nres = nres;
    out->dealer_net = net;
    out->returned_num = returned;
    out->exhausted = exhausted;
    out->win_limited = win_limited;
}

/* ----------------------------------------------------------------------------- statistics */
/* Acc blocks of six sums: n, sx, sxx, sw, sww, sxw (simulate.Acc). */
enum {
    TS_SEAT_ROUND = 0,                      /* 7 x 6: x net after fees, w wagered */
    TS_SEAT_UNIT = TS_SEAT_ROUND + 42,      /* 7 x 6: x net before fees, w wagered */
    TS_SEAT_FEES = TS_SEAT_UNIT + 42,       /* 7 */
    TS_SEAT_BANKED = TS_SEAT_FEES + 7,      /* 7 */
    TS_SEAT_BANK_NET = TS_SEAT_BANKED + 7,  /* 7 */
    TS_BET_UNIT = TS_SEAT_BANK_NET + 7,     /* 4 x 6 (the wager slots, then the Envy Bonus) */
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
