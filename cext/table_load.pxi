# Part of verifier.engine._table (cext/_table.pyx includes it): the table's rules, its push
# marks and its bank rotation, read from the dicts verifier/table/kernel.py makes into the
# kernel's C structs (cext/table_rules.h, table_sim.h), each value range-checked.

def _chips(value, what):
    value = int(value)
    if not 0 <= value < MAX_CHIPS:
        raise ValueError(f"{what} {value} out of the compiled kernel's range")
    return value


cdef int _load_rules(dict rules, ts_rules_t *ru) except -1:
    """rules (verifier/table/kernel.kernel_rules): slots, one to three (read code, of the
    banker's hand, pays[, ranks[, cards]]) with the base wager's first (read 0, no pays);
    ranks: a table-order wager's place of each line in its pay table (else the
    highest-paying line is paid); cards: the first cards a first-cards read takes;
    pair_key, denom,
    player_tiers, dealer_tiers ((low, fee) pairs, at most 8 each); house (the house
    banks), scale and keep (the commission: a winning base wager is paid stake * keep /
    scale), bank_each_win; envy_pays (16 dollar amounts, or none), envy_minimum and
    envy_slot (the wager it is paid on)."""
    cdef int i, k
    slots = list(rules["slots"])
    if not 1 <= len(slots) <= 3 or slots[0][0] != 0 or any(r[0] == 0 for r in slots[1:]):
        raise ValueError(f"bad wager slots {slots}: the base wager first, one to three")
    denom = int(rules["denom"])
    if not 1 <= denom < (1 << 20):
        raise ValueError(f"common odds denominator {denom} out of range")
    ru.nkinds = len(slots)
    for k in range(3):
        slot = tuple(slots[k]) if k < len(slots) else (0, False, ())
        read, banker, pays = slot[0], slot[1], list(slot[2])
        ranks = list(slot[3]) if len(slot) > 3 and slot[3] is not None else []
        first = int(slot[4]) if len(slot) > 4 else 0
        if not 0 <= read <= 7 or len(pays) > 40 or len(ranks) > 40 or not 0 <= first <= 7:
            raise ValueError(f"wager {k}: read {read} or {len(pays)} lines not usable")
        ru.read[k] = read
        ru.banker[k] = 1 if banker else 0
        ru.first_line[k] = 1 if ranks else 0
        ru.first_k[k] = first
        for i in range(40):
            o = pays[i] if i < len(pays) else -1
            if not -1 <= o <= 1_000_000 or (o > 0 and denom % o):
                raise ValueError(f"odds {o} not usable")
            ru.pays[k][i] = o
            ru.rank[k][i] = ranks[i] if i < len(ranks) else 40
    ru.pair_key = int(rules["pair_key"])
    ru.denom = denom
    pt = list(rules["player_tiers"])
    dt = list(rules["dealer_tiers"])
    if len(pt) > 8 or len(dt) > 8:
        raise ValueError("at most 8 fee tiers")
    ru.np = len(pt)
    ru.nd = len(dt)
    for i, (low, fee) in enumerate(pt):
        ru.p_low[i] = low
        ru.p_fee[i] = _chips(fee, "fee")
    for i, (low, fee) in enumerate(dt):
        ru.d_low[i] = low
        ru.d_fee[i] = _chips(fee, "fee")
    ru.house = 1 if rules.get("house") else 0
    ru.scale = int(rules.get("scale", 1))
    ru.keep = int(rules.get("keep", ru.scale))
    if not 1 <= ru.scale < (1 << 20) or not 0 <= ru.keep <= ru.scale:
        raise ValueError("bad commission scale")
    envy = list(rules.get("envy_pays", ()))
    if len(envy) not in (0, 16):
        raise ValueError("16 envy amounts, or none")
    ru.envy = 1 if envy else 0
    for i in range(40):
        ru.envy_pays[i] = _chips(envy[i], "envy amount") if envy and i < 16 else 0
    ru.envy_min = _chips(rules.get("envy_minimum", 0), "envy minimum")
    ru.envy_slot = int(rules.get("envy_slot", -1))
    ru.bank_each_win = 1 if rules.get("bank_each_win") else 0
    if ru.envy and not 1 <= ru.envy_slot < ru.nkinds:
        raise ValueError("an envy bonus is paid on a wager of the table")
    ru.push = ru.push_all = 0
    memset(ru.push_front, 0, sizeof(ru.push_front))
    memset(ru.push_back, 0, sizeof(ru.push_back))
    return 0


cdef int _load_push(dict rules, ts_rules_t *ru, const engine_t *e) except -1:
    """rules["settlement"]: the table's SettlementRule, whose push conditions are marked
    on the engine's back keys and the front keys (push_marks; a loss pushes too when it
    ``pushes_losses``), or None."""
    cdef int i
    rule = rules.get("settlement")
    if rule is None or not rule.has_pushes:
        return 0
    if e.nback > TS_MAX_BACK:
        raise ValueError("more back keys than the kernel's push marks hold")
    back, front = rule.push_marks([e.back_keys[i] for i in range(e.nback)])
    for i in range(e.nback):
        ru.push_back[i] = back[i]
    for i in range(182):
        ru.push_front[i] = front[i]
    ru.push = 1
    ru.push_all = 1 if rule.pushes_losses else 0
    return 0


cdef object _to_int(const ts_acc_t *a, int i):
    cdef int64_t hi
    cdef uint64_t lo
    ts_acc_get(a, i, &hi, &lo)
    return (int(hi) << 64) | int(lo)


cdef list _acc_list(const ts_acc_t *a):
    return [_to_int(a, i) for i in range(TS_ACC_N)]


cdef int _load_rotation(rot, ts_table_t *t) except -1:
    """rot: None (no rotation) or {"turns": seats (the house's place first), "policy":
    seven policy names, "covers": seven bools, "dealer_stake": seven amounts, "cob",
    "bcomm": units a dollar (ts_round_in_t)}."""
    cdef int i
    t.rotating = 0
    t.nturns = 0
    t.cob = t.bcomm = 0
    for i in range(8):
        t.turns[i] = 0
        t.policy[i] = 0
        t.covers[i] = 0
        t.dealer_stake[i] = 0
    if not rot:
        return 0
    turns = list(rot["turns"])
    if not 2 <= len(turns) <= 7 or any(not 1 <= x <= 7 for x in turns):
        raise ValueError("rotation: two to seven turns, seats 1 to 7")
    if t.nbankers != 1 or turns[0] != t.bankers[0]:
        raise ValueError("rotation: the house's place banks first")
    t.rotating = 1
    t.nturns = len(turns)
    for i, x in enumerate(turns):
        t.turns[i] = x
    for i in range(7):
        t.policy[i + 1] = POLICY_CODES[rot["policy"][i]]
        t.covers[i + 1] = 1 if rot["covers"][i] else 0
        t.dealer_stake[i + 1] = _chips(rot["dealer_stake"][i], "dealer wager")
    t.cob = _chips(rot["cob"], "co-bank units")
    t.bcomm = _chips(rot["bcomm"], "commission units")
    return 0
