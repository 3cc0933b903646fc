# cython: language_level=3
"""The compiled table simulator (cext/table_sim.h): blocks of full rounds across threads,
and the replay of explicit rounds (the tests' proof that the kernel is the Python round
engine of verifier/table/).

Callers (verifier/table/simulate.py) validate the set-up; this module checks only what
would make the C code misbehave (card numbers, seats, dice totals, sizes).
"""
from fractions import Fraction

from cython.parallel import prange, threadid
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset
from libc.stdint cimport int64_t, uint64_t

from core_api cimport *

from table_api cimport *

# where each statistic sits in the list simulate_blocks returns
FIELDS = {
    "seat_round": TS_SEAT_ROUND, "seat_unit": TS_SEAT_UNIT, "seat_fees": TS_SEAT_FEES,
    "seat_banked": TS_SEAT_BANKED, "seat_bank_net": TS_SEAT_BANK_NET,
    "bet_unit": TS_BET_UNIT, "bet_wins": TS_BET_WINS, "dealer_round": TS_DEALER_ROUND,
    "dealer_unit": TS_DEALER_UNIT, "dealer_fees": TS_DEALER_FEES, "bet_round": TS_BET_ROUND,
    "cap_rounds": TS_CAP_ROUNDS, "exhausted_rounds": TS_EXHAUSTED_ROUNDS,
    "win_limit_rounds": TS_WIN_LIMIT_ROUNDS, "returned_num": TS_RETURNED_NUM,
    "wagered": TS_WAGERED, "rounds": TS_ROUNDS, "imbalanced": TS_IMBALANCED,
    "bank_seat": TS_BANK_SEAT, "bank_passed": TS_BANK_PASSED,
    "house_commission_from_players": TS_H_COMM_PLAYERS,
    "house_commission_from_banking_players": TS_H_COMM_BANKERS,
    "house_co_banked": TS_H_CO_BANKED, "house_dealer_wager": TS_H_DEALER_WAGER,
    "house_house_bank_and_side_bets": TS_H_OWN,
}
# the kernel plays the bank in rotation (simulate_blocks' table["rotation"])
BANK_ROTATION = True
POLICY_CODES = {"never": 0, "always": 1, "every-other": 2}
ACC_N = TS_ACC_N
# chips beyond this could overflow the int64 arithmetic of a round
MAX_CHIPS = 1 << 40


from verifier.engine._core cimport engine_for

engine_statics_init()   # this module's copy of the C tables engine.h reads


include "table_load.pxi"


def simulate_blocks(dict rules, dict table, uint64_t seed, int64_t rounds, int64_t block_size,
                    int threads=1, int64_t first_block=0, nblocks=None, bint per_block=False,
                    int wheel_second=False, int house_way=0):
    """Run blocks first_block .. first_block+nblocks-1 of a ``rounds``-round run cut into
    blocks of ``block_size``; block b plays rounds b*block_size .. and draws from the
    generator seeded by (seed, b). Returns the exact integer sums (a list indexed by
    FIELDS), or with per_block one such list per block.

    table: wagers (seven tuples, one amount per wager slot, seat 1 first), banks (seven),
    bankers (seats, in the order the bank is offered), rounds_per_bank, action_pile.
    """
    cdef ts_table_t t
    cdef int s, k, i
    _load_rules(rules, &t.rules)
    wagers = list(table["wagers"])
    banks = list(table["banks"])
    bankers = list(table["bankers"])
    if len(wagers) != 7 or len(banks) != 7 or not 1 <= len(bankers) <= 7:
        raise ValueError("seven seats' wagers and banks, one to seven bankers")
    for s in range(8):
        t.bank[s] = 0
        for k in range(3):
            t.wagers[s][k] = 0
    for s in range(1, 8):
        t.bank[s] = _chips(banks[s - 1], "bank")
        if len(wagers[s - 1]) != t.rules.nkinds:
            raise ValueError(f"seat {s}: {t.rules.nkinds} wagers expected")
        for k in range(t.rules.nkinds):
            t.wagers[s][k] = _chips(wagers[s - 1][k], "wager")
    t.nbankers = len(bankers)
    for i, seat in enumerate(bankers):
        if not 1 <= seat <= 7:
            raise ValueError(f"bad banker seat {seat}")
        t.bankers[i] = seat
    _load_rotation(table.get("rotation"), &t)
    t.rounds_per_bank = int(table["rounds_per_bank"])
    t.action_pile = int(table["action_pile"])
    if t.rounds_per_bank < 1 or not 0 <= t.action_pile < 7:
        raise ValueError("bad rounds_per_bank or action_pile")
    if rounds < 1 or block_size < 1:
        raise ValueError("rounds and block size must be 1 or more")
    cdef int64_t total_blocks = (rounds + block_size - 1) // block_size
    if nblocks is None:
        nblocks = total_blocks - first_block
    cdef int64_t nb = nblocks
    if first_block < 0 or nb < 0 or first_block + nb > total_blocks:
        raise ValueError("block range outside the run")
    if threads < 1:
        threads = 1
    cdef const engine_t *e = engine_for(wheel_second, house_way).ptr
    _load_push(rules, &t.rules, e)
    cdef int nacc = <int>nb if per_block else threads
    cdef ts_acc_t *acc = <ts_acc_t *>calloc(max(nacc, 1), sizeof(ts_acc_t))
    if acc == NULL:
        raise MemoryError("cannot allocate the accumulators")
    cdef int64_t b, blk, start, count
    cdef bint pb = per_block
    try:
        for i in range(nacc):
            ts_acc_zero(&acc[i])
        with nogil:
            for b in prange(nb, schedule="dynamic", num_threads=threads):
                blk = first_block + b
                start = blk * block_size
                count = rounds - start
                if count > block_size:
                    count = block_size
                if pb:
                    ts_run_block(&t, e, seed, blk, start, count, &acc[b])
                else:
                    ts_run_block(&t, e, seed, blk, start, count, &acc[threadid()])
        if per_block:
            return [_acc_list(&acc[i]) for i in range(nacc)]
        for i in range(1, nacc):
            ts_acc_merge(&acc[0], &acc[i])
        return _acc_list(&acc[0])
    finally:
        free(acc)


def _money(x, scale):
    v = Fraction(x, scale)
    return int(v) if v.denominator == 1 else v


cdef dict _out_dict(const ts_round_out_t *out, const ts_rules_t *ru):
    cdef int i
    cdef int64_t denom = ru.denom
    scale = ru.scale if ru.house else 1
    order = [out.order[i] for i in range(out.norder)]
    returned = Fraction(out.returned_num, denom)
    return {
        "first_seat": out.first_seat,
        "action_seat": out.action_seat,
        "order": order,
        "odds": {s: tuple(out.odds[s][k] for k in range(ru.nkinds)) for s in order},
        "nets": {s: _money(out.net[s], scale) for s in order},
        "fees": {s: out.fee[s] for s in order},
        "dealer_net": _money(out.dealer_net, scale),
        "dealer_fee": out.dealer_fee,
        "returned": int(returned) if returned.denominator == 1 else returned,
        "exhausted": bool(out.exhausted),
        "win_limited": bool(out.win_limited),
        "results": [(out.res[i].seat, out.res[i].kind, out.res[i].stake,
                     _money(out.res[i].x, scale)) for i in range(out.nres)],
    }


cdef int _load_wagers(wagers, ts_round_in_t *inp) except -1:
    cdef int s, k
    for s in range(8):
        for k in range(3):
            inp.wagers[s][k] = 0
    for seat, stakes in wagers.items():
        if not 1 <= seat <= 7:
            raise ValueError(f"bad seat {seat}")
        if not 1 <= len(stakes) <= 3:
            raise ValueError(f"seat {seat}: one to three wagers")
        for k in range(len(stakes)):
            inp.wagers[seat][k] = _chips(stakes[k], "wager")
    return 0


def settle(dict rules, order, wagers, odds, bank):
    """Only the kernel's settlement (ts_settle), as verifier.table.settle.settle: the
    seats of ``order`` with ``wagers[seat]`` and ``odds[seat]`` triples, a bank. Returns
    the dict of ``replay`` (first_seat, action_seat and fees are not filled in)."""
    cdef ts_rules_t ru
    cdef ts_round_in_t inp
    cdef ts_round_out_t out
    cdef int i, k
    _load_rules(rules, &ru)
    if ru.house:
        raise ValueError("settle plays the player-dealer's settlement only")
    _load_wagers(wagers, &inp)
    inp.bank = _chips(bank, "bank")
    inp.dealer = 0
    inp.pbank = 0
    order = [s for s in order if s in wagers]
    if len(order) > 7 or len(set(order)) != len(order):
        raise ValueError("bad settlement order")
    out.norder = len(order)
    out.first_seat = out.action_seat = 0
    for i, s in enumerate(order):
        out.order[i] = s
        out.fee[s] = 0
        for k in range(3):
            o = int(odds[s][k])
            if o < -1 or (o > 0 and ru.denom % o):
                raise ValueError(f"odds {o} not usable with the common denominator {ru.denom}")
            out.odds[s][k] = o
    out.dealer_fee = 0
    ts_settle(&ru, &inp, &out)
    return _out_dict(&out, &ru)


def replay(dict rules, rounds, int wheel_second=False, int house_way=0):
    """Play explicit rounds: each (dealer seat, bank, {seat: amounts per wager slot},
    dice total, deck (53 cards, top first), action pile 0..6[, player bank]); a player
    bank {"house_seat", "dealer_stake", "cob", "bcomm"} (ts_round_in_t) makes the dealer
    seat a player-banker's. Returns per round a dict:
    first_seat, action_seat, order, odds, nets (seat -> result before fees), fees,
    dealer_net, dealer_fee, returned (exact), exhausted, win_limited, results
    [(seat, kind, stake, result)] in settlement order."""
    cdef ts_rules_t ru
    cdef ts_round_in_t inp
    cdef ts_round_out_t out
    cdef int deck[53]
    cdef int s, k, i
    _load_rules(rules, &ru)
    cdef const engine_t *e = engine_for(wheel_second, house_way).ptr
    _load_push(rules, &ru, e)
    res = []
    for spec in rounds:
        dealer, bank, wagers, total, cards, action_pile = spec[:6]
        pbank = spec[6] if len(spec) > 6 else None
        if not 1 <= dealer <= 7 or not 3 <= total <= 18 or not 0 <= action_pile < 7:
            raise ValueError("bad dealer seat, dice total or action pile")
        cards = [int(c) for c in cards]
        if sorted(cards) != list(range(53)):
            raise ValueError("a deck is the 53 cards 0..52 in some order")
        for i in range(53):
            deck[i] = cards[i]
        inp.dealer = dealer
        inp.total = total
        inp.action_pile = action_pile
        inp.bank = _chips(bank, "bank")
        _load_wagers(wagers, &inp)
        inp.pbank = 0
        inp.house_seat = 0
        inp.dealer_stake = inp.cob = inp.bcomm = 0
        if pbank:
            if not ru.house:
                raise ValueError("a player banks only at a commission table")
            inp.pbank = 1
            inp.house_seat = int(pbank["house_seat"])
            if not 1 <= inp.house_seat <= 7 or inp.house_seat == dealer:
                raise ValueError("bad house seat")
            for k in range(3):
                inp.wagers[inp.house_seat][k] = 0
                inp.wagers[dealer][k] = 0
            inp.dealer_stake = _chips(pbank.get("dealer_stake", 0), "dealer wager")
            inp.cob = _chips(pbank.get("cob", 0), "co-bank units")
            inp.bcomm = _chips(pbank.get("bcomm", 0), "commission units")
        with nogil:
            ts_play_round(&ru, e, deck, &inp, &out)
        d = _out_dict(&out, &ru)
        if pbank:
            scale = ru.scale
            d.update({"banker_net": d["dealer_net"],
                      "house_net": _money(out.house_net, scale),
                      "commission_players": _money(out.comm_players, scale),
                      "commission_banker": _money(out.comm_banker, scale),
                      "co_banked": _money(out.co_banked, scale),
                      "dealer_wager_net": _money(out.dealer_wager_net, scale),
                      "faced": out.faced, "dealer_odds": out.dealer_odds})
        res.append(d)
    return res
