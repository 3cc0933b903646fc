# cython: language_level=3
"""The C interface of the table simulator (cext/table_sim.h and the headers it includes)
as verifier.engine._table uses it."""
from libc.stdint cimport int64_t, uint64_t, uint8_t

from core_api cimport engine_t

cdef extern from "table_sim.h" nogil:
    int TS_ACC_N
    int TS_SEAT_ROUND, TS_SEAT_UNIT, TS_SEAT_FEES, TS_SEAT_BANKED, TS_SEAT_BANK_NET
    int TS_BET_UNIT, TS_BET_WINS, TS_DEALER_ROUND, TS_DEALER_UNIT, TS_DEALER_FEES, TS_BET_ROUND
    int TS_CAP_ROUNDS, TS_EXHAUSTED_ROUNDS, TS_WIN_LIMIT_ROUNDS, TS_RETURNED_NUM
    int TS_WAGERED, TS_ROUNDS, TS_IMBALANCED
    int TS_BANK_SEAT, TS_BANK_PASSED, TS_H_COMM_PLAYERS, TS_H_COMM_BANKERS, TS_H_CO_BANKED
    int TS_H_DEALER_WAGER, TS_H_OWN
    ctypedef struct ts_rules_t:
        int nkinds
        int read[3]
        int banker[3]
        int pays[3][40]
        int first_line[3]
        int rank[3][40]
        int first_k[3]
        int pair_key
        int64_t denom
        int np, nd
        int64_t p_low[8]
        int64_t p_fee[8]
        int64_t d_low[8]
        int64_t d_fee[8]
        int house
        int64_t scale, keep
        int envy
        int64_t envy_pays[40]
        int64_t envy_min
        int envy_slot
        int bank_each_win
        int push, push_all
        uint8_t push_front[182]
        uint8_t push_back[8192]
    int TS_MAX_BACK
    ctypedef struct ts_round_in_t:
        int dealer, total, action_pile
        int64_t bank
        int64_t wagers[8][3]
        int pbank, house_seat
        int64_t dealer_stake, cob, bcomm
    ctypedef struct ts_result_t:
        int seat, kind
        int64_t stake, x
    ctypedef struct ts_round_out_t:
        int first_seat, action_seat
        int in_play[8]
        int order[7]
        int norder
        int odds[8][3]
        int64_t envy[8]
        int64_t net[8]
        int64_t fee[8]
        int64_t dealer_net, dealer_fee, returned_num
        int exhausted, win_limited, nres
        ts_result_t res[28]
        int64_t comm_players, house_net, comm_banker, co_banked, dealer_wager_net, faced
        int dealer_odds
    ctypedef struct ts_acc_t:
        pass
    ctypedef struct ts_table_t:
        ts_rules_t rules
        int64_t wagers[8][3]
        int64_t bank[8]
        int bankers[7]
        int nbankers, rounds_per_bank, action_pile
        int rotating, nturns
        int turns[8]
        int policy[8]
        int covers[8]
        int64_t dealer_stake[8]
        int64_t cob, bcomm
    void ts_play_round(const ts_rules_t *ru, const engine_t *e, const int *deck,
                       const ts_round_in_t *inp, ts_round_out_t *out)
    void ts_settle(const ts_rules_t *ru, const ts_round_in_t *inp, ts_round_out_t *out)
    void ts_acc_zero(ts_acc_t *a)
    void ts_acc_merge(ts_acc_t *dst, const ts_acc_t *src)
    void ts_acc_get(const ts_acc_t *a, int i, int64_t *hi, uint64_t *lo)
    void ts_run_block(const ts_table_t *t, const engine_t *e, uint64_t seed, int64_t block,
                      int64_t start, int64_t count, ts_acc_t *acc)
