/* The table simulator's settlements of one round (cext/table_sim.h plays it): the
 * player-dealer's bank with its running cap (settle.settle), the house banking every
 * hand (settle.settle_house), a player banking (settle.settle_player_bank). The base
 * wager (TS_R_BASE) has its own settlement; every other wager is settled at its odds. */
#ifndef PAIGOW_TABLE_SETTLE_H
#define PAIGOW_TABLE_SETTLE_H

#include <stdint.h>
#include <string.h>
#include "table_rules.h"

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

/* Seat s's envy bonus when it is owed one, recorded as result kind nkinds with the stake
 * of the wager it is paid on: its amount in units of 1/scale (0 when none). */
static inline int64_t ts_record_envy(const ts_rules_t *ru, const ts_round_in_t *in,
                                     ts_round_out_t *out, int *nres, int s) {
    if (out->envy[s] < 0) return 0;
    int64_t res = out->envy[s] * ru->scale;
    ts_record(out, nres, s, ru->nkinds, in->wagers[s][ru->envy_slot], res);
    return res;
}

/* What a casino round's wagers come to (ts_casino_wagers), units 1/scale: every result
 * (total), the results of the wagers that are the house's whoever banks (side: the side
 * bets and the envy bonus), the commission on the players' winning base wagers; the base
 * stakes faced, the bank's gross result on them and the stakes it collected (dollars). */
typedef struct { int64_t total, side, comm, faced, gross, collected; } ts_sums_t;

/* Every wager of a casino round recorded in settlement order, none capped: a base wager
 * won 1 to 1 less the commission (stake * keep units), lost or pushed; any other wager at
 * its odds; each seat's envy bonus after its wagers. */
static inline void ts_casino_wagers(const ts_rules_t *ru, const ts_round_in_t *in,
                                    ts_round_out_t *out, ts_sums_t *m) {
    int nres = 0;
    const int64_t S = ru->scale;
    memset(m, 0, sizeof(*m));
    for (int s = 0; s < 8; s++) out->net[s] = 0;
    for (int i = 0; i < out->norder; i++) {
        int s = out->order[i];
        for (int slot = 0; slot < ru->nkinds; slot++) {
            int64_t stake = in->wagers[s][slot];
            if (!stake) continue;
            int o = out->odds[s][slot];
            int64_t res = ts_at_odds(stake, o, S);
            if (ru->read[slot] == TS_R_BASE) {
                m->faced += stake;
                if (o > 0) {
                    res = stake * o * ru->keep;
                    m->comm += stake * o * (S - ru->keep);
                    m->gross -= stake * o;
                } else if (o < 0) {
                    m->gross += stake;
                    m->collected += stake;
                }
            } else m->side += res;
            ts_record(out, &nres, s, slot, stake, res);
            m->total += res;
        }
        int64_t envy = ts_record_envy(ru, in, out, &nres, s);
        m->side += envy;
        m->total += envy;
    }
    out->nres = nres;
    out->returned_num = 0;
    out->exhausted = 0;
    out->win_limited = 0;
}

/* Settlement when the house banks (settle.settle_house): every wager on its own, no cap;
 * a winning base wager paid 1 to 1 less the commission, a side bet its odds, a push
 * nothing; an envy bonus as result kind nkinds. Units: 1/scale. */
static inline void ts_settle_house(const ts_rules_t *ru, const ts_round_in_t *in,
                                   ts_round_out_t *out) {
    ts_sums_t m;
    ts_casino_wagers(ru, in, out, &m);
    out->dealer_net = -m.total;
    out->comm_players = m.comm;
    out->house_net = -m.total;
}

/* Settlement when a player banks (settle.settle_player_bank): the base wagers are the
 * bank's (a player's win paid 1 to 1 less the commission, which is the house's; a loss
 * and copies to the bank), the side bets and an envy bonus the house's; the dealer's
 * wager against the bank without commission; then the casino's co-banked share and the
 * banker's commission. Units: 1/scale; the bank's gross result in dollars. */
static inline void ts_settle_pbank(const ts_rules_t *ru, const ts_round_in_t *in,
                                   ts_round_out_t *out) {
    const int64_t S = ru->scale;
    ts_sums_t m;
    ts_casino_wagers(ru, in, out, &m);
    int64_t gross = m.gross, collected = m.collected;
    int64_t dnet = 0, D = in->dealer_stake;
    if (D) {
        if (out->dealer_odds < 0) { gross += D; collected += D; dnet = -D * S; }
        else if (out->dealer_odds > 0) { gross -= D; dnet = D * S; }
    }
    int64_t cob = gross * in->cob;
    int64_t commb = ru->bank_each_win ? collected * in->bcomm : (gross > 0 ? gross * in->bcomm : 0);
    out->dealer_net = gross * S - cob - commb;
    out->comm_players = m.comm;
    out->comm_banker = commb;
    out->co_banked = cob;
    out->dealer_wager_net = dnet;
    out->house_net = -m.side + m.comm + commb + cob + dnet;
    out->faced = m.faced + D;
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

#endif
