"""The compiled table kernel (cext/table_sim.h through verifier.engine._table): a table's
rules, scale and rotation as the kernel takes them, when it cannot run, and its sums
turned into the simulator's ``Stats`` (``simulate_compiled``)."""
from __future__ import annotations

import hashlib
import math
from fractions import Fraction

from verifier.support.progress import stage
from verifier.table.deal import SEATS
from verifier.table.limits import WAGER_KINDS
from verifier.game.bets import TABLE_LINES, TABLE_READS
from verifier.table.reads import PAIR_KEY
from verifier.table.setup import HOUSE_SOURCES
from verifier.table.stats import Acc, Stats
from typing import Any, Callable, Mapping, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.support.progress import Progress
    from verifier.table.limits import TableRules
    from verifier.table.setup import TableSetup


def _table_module():
    """verifier.engine._table, or None under ``PAIGOW_PUREPYTHON=1`` (verifier.engine.backend)."""
    from verifier.engine import compiled
    return compiled("_table")


#: the custom reads the kernel plays: (its read, the read's lines)
KERNEL_CUSTOM = {"seven-card": "seven-card-mask", "first-cards": "first-cards",
                 "seven-card-and-front": "seven-card-and-front"}


def _custom_slot(table, kind):
    """(read, of the banker's hand, pays, ranks, cards) of a custom bet the kernel plays as
    a named bet's wager (``KERNEL_CUSTOM``: ``ranks``, under table order, each line's place
    in the pay table, else None; ``cards``: a first-cards read's); else (None, reason)."""
    from verifier.game.bets import BANKER, READS
    from verifier.game.pays import TABLE_ORDER
    bet = table.custom_bet(kind)
    if bet.reads not in KERNEL_CUSTOM:
        return None, f"the custom bet {kind} (reads {bet.reads}) is played on the Python path"
    lines = READS[bet.reads].lines
    index = {line: i for i, line in enumerate(lines)}
    pays: list[int | Fraction] = [-1] * len(lines)
    ranks = [TABLE_LINES] * len(lines)     # no place: below every line it pays
    for place, (line, net) in enumerate(bet.nets):
        pays[index[line]] = int(net) if net.denominator == 1 else net
        ranks[index[line]] = place
    return (KERNEL_CUSTOM[bet.reads], bet.hand == BANKER, tuple(pays),
            tuple(ranks) if bet.precedence == TABLE_ORDER else None, bet.cards), None


def _slot(table, kind):
    """(read, of the banker's hand, pays, ranks, cards) of a wager kind: a named bet's
    (ranks None: its highest line; no cards), or a custom bet's the kernel plays (``_custom_slot``)."""
    if table.custom_bet(kind) is None:
        return (*table.read_of(kind), tuple(table.pays_of(kind)), None, 0)
    slot, reason = _custom_slot(table, kind)
    if slot is None:
        raise ValueError(reason)
    return slot


def _side_pays(table):
    """Every odds of the table's wagers' pay vectors."""
    return [o for kind in table.kinds[1:] for o in _slot(table, kind)[2]]


def kernel_rules(table: TableRules, co_bank: bool = False) -> dict[str, Any]:
    """The rules of ``table`` as the compiled kernel takes them: every pay, fee tier and
    the commission, as data, and each wager as (read code, of the banker's hand, pays):
    cext/table_sim.h types none of them and names no bet. ``co_bank``: money units fine
    enough for the co-banked share too (``kernel_scale``)."""
    scale = kernel_scale(table, co_bank)
    slots: list[tuple[Any, ...]] = [(0, False, ())]
    for kind in table.kinds[1:]:
        read, banker, pays, ranks, cards = _slot(table, kind)
        slots.append((TABLE_READS.index(read), banker, pays, ranks, cards))
    envy = table.envy_slot
    return {
        "slots": slots,
        "pair_key": PAIR_KEY,
        "denom": math.lcm(*(p for p in _side_pays(table) if isinstance(p, int) and p >= 1)),
        "player_tiers": tuple(table.fees.player_tiers),
        "dealer_tiers": tuple(table.fees.dealer_tiers),
        "house": table.house_banks,
        "scale": scale,
        "keep": int(scale * table.settlement.win_net),   # exact: scale is a multiple
        "bank_each_win": table.banker_commission == "each-win",
        "envy_pays": tuple(table.envy_pays),
        "envy_minimum": table.envy_minimum,
        "envy_slot": -1 if envy is None else envy,
        # the settlement, whole: its push conditions on the banker's hand marked by the
        # kernel (cext/table_load.pxi)
        "settlement": table.settlement,
    }


def kernel_scale(table: TableRules, co_bank: bool = False) -> int:
    """The kernel's money unit, 1/scale of a dollar (the commission's denominator when
    the house banks, times the co-banked share's when a player co-banks)."""
    if not table.house_banks:
        return 1
    return (table.settlement.value_ratio[1]
            * (table.co_bank_share.denominator if co_bank else 1))


def kernel_bank_units(table: TableRules, co_bank: bool = False) -> tuple[int, int]:
    """(cob, bcomm): per dollar of a player-bank's result, the casino's co-banked share
    and the banker's commission on a win, in units of 1/``kernel_scale``."""
    scale = kernel_scale(table, co_bank)
    share = table.co_bank_share if co_bank else Fraction(0)
    cob = scale * share
    bcomm = table.settlement.commission_on(scale - cob)
    assert cob.denominator == 1 and bcomm.denominator == 1
    return int(cob), int(bcomm)


def kernel_table(setup: TableSetup) -> dict[str, Any]:
    """The seats, banks and bank rotation of ``setup`` as the compiled kernel takes them."""
    return {
        "wagers": [tuple(p.wagers) if any(p.wagers) else (0,) * len(setup.table.kinds)
                   for p in setup.seats],
        "banks": [p.bank for p in setup.seats],
        "bankers": setup.bankers(),
        "rounds_per_bank": setup.rounds_per_bank,
        "action_pile": setup.action_pile,
        "rotation": kernel_rotation(setup),
    }


def kernel_rotation(setup: TableSetup) -> dict[str, Any] | None:
    """The bank's rotation as the kernel takes it (None: the house banks every hand)."""
    if not setup.rotates:
        return None
    assert setup.bank_policy is not None     # it rotates: a policy per seat
    policy = dict(setup.bank_policy)
    cob, bcomm = kernel_bank_units(setup.table, setup.co_bank)
    seats = range(1, SEATS + 1)
    return {"turns": setup.rotation(),
            "policy": [policy.get(s, "never") for s in seats],
            "covers": [s in policy and setup.covers(s) for s in seats],
            "dealer_stake": [setup.dealer_wager(s) if s in policy else 0 for s in seats],
            "cob": cob, "bcomm": bcomm}


KERNEL_MAX_CHIPS = 1 << 40   # keeps every int64 product of a round exact
KERNEL_MAX_DENOM = 1 << 20


def compiled_unavailable(setup: TableSetup, setter: Callable[..., Any] | None = None,
                         check_ledger: bool = False) -> str | None:
    """None when the compiled kernel can run ``setup``, else the reason it cannot."""
    if setter is not None:
        return "a stand-in hand setter was given"
    if check_ledger:
        return "--check-ledger builds every round's ledger in Python"
    if _table_module() is None:
        return "PAIGOW_PUREPYTHON is set (the pure-Python round engine)"
    if setup.progressive is not None:
        return "a progressive's meters are played on the hands the Python path deals"
    table = setup.table
    for bet in table.custom:
        slot, reason = _custom_slot(table, bet.name)
        if slot is None:
            return reason
    if setup.rotates and not getattr(_table_module(), "BANK_ROTATION", False):
        return "this build of the kernel does not play the bank in rotation"
    if len(table.kinds) > 3:
        return "the compiled kernel takes at most three wagers per seat"
    side = _side_pays(table)
    if any(not isinstance(o, int) or not -1 <= o <= 10 ** 6 for o in side) or any(
            not isinstance(a, int) or not 0 <= a < KERNEL_MAX_CHIPS for a in table.envy_pays):
        return "a pay table's pays are not whole numbers the compiled kernel takes"
    scale = kernel_scale(table)
    if scale >= KERNEL_MAX_DENOM:
        return "the commission's denominator is too large for the compiled kernel"
    if table.house_banks:
        top = max((w for p in setup.seats for w in p.wagers), default=0)
        odds = max((1, *side))
        envy = SEATS * max(table.envy_pays, default=0)
        if max(top * odds, envy) * scale >= 1 << 55:   # a round sums 19 results
            return "amounts beyond the compiled kernel's range"
    if math.lcm(*(p for p in side if p >= 1)) >= KERNEL_MAX_DENOM:
        return "the pay tables' odds have too large a common multiple"
    if len(table.fees.player_tiers) > 8 or len(table.fees.dealer_tiers) > 8:
        return "more than 8 fee tiers"
    chips = [p.bank for p in setup.seats] + [w for p in setup.seats for w in p.wagers]
    chips += [f for tiers in (table.fees.player_tiers, table.fees.dealer_tiers)
              for _, f in tiers]
    if any(not 0 <= c < KERNEL_MAX_CHIPS for c in chips):
        return "an amount beyond the compiled kernel's range"
    return None


def kernel_seed(seed: int) -> int:
    """The kernel's 64-bit seed for a user seed (any integer)."""
    digest = hashlib.sha256(f"paigow-table:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def stats_from_kernel(sums: Sequence[int], fields: Mapping[str, int], denom: int,
                      kinds: Sequence[str] = WAGER_KINDS, scale: int = 1) -> Stats:
    """A ``Stats`` from the kernel's exact sums (one list, indexed by ``fields``); money
    sums in units of 1/``scale`` dollar."""
    from verifier.table.limits import whole
    st = Stats(kinds)

    def acc(offset):
        a = Acc()
        a.n, a.sx, a.sxx, a.sw, a.sww, a.sxw = sums[offset:offset + 6]
        if scale != 1:
            a.sx = whole(Fraction(a.sx, scale))
            a.sxx = whole(Fraction(a.sxx, scale * scale))
            a.sxw = whole(Fraction(a.sxw, scale))
        return a

    st.rounds = sums[fields["rounds"]]
    st.seat_round = [acc(fields["seat_round"] + 6 * i) for i in range(SEATS)]
    st.seat_unit = [acc(fields["seat_unit"] + 6 * i) for i in range(SEATS)]
    for name in ("seat_fees", "seat_banked", "seat_bank_net"):
        setattr(st, name, list(sums[fields[name]:fields[name] + SEATS]))
    st.bet_unit = [acc(fields["bet_unit"] + 6 * k) for k in range(len(kinds))]
    st.bet_wins = list(sums[fields["bet_wins"]:fields["bet_wins"] + len(kinds)])
    st.bet_round = [acc(fields["bet_round"] + 6 * k) for k in range(len(kinds))]
    st.dealer_round = acc(fields["dealer_round"])
    st.dealer_unit = acc(fields["dealer_unit"])
    for name in ("dealer_fees", "cap_rounds", "exhausted_rounds", "win_limit_rounds",
                 "wagered"):
        setattr(st, name, sums[fields[name]])
    if "bank_seat" in fields:
        st.bank_seat = [acc(fields["bank_seat"] + 6 * i) for i in range(SEATS)]
        st.bank_passed = list(sums[fields["bank_passed"]:fields["bank_passed"] + SEATS])
        st.house = {k: whole(Fraction(sums[fields["house_" + k]], scale)) for k in HOUSE_SOURCES}
        if scale != 1:
            st.seat_bank_net = [whole(Fraction(v, scale)) for v in st.seat_bank_net]
    returned = Fraction(sums[fields["returned_num"]], denom)
    st.returned = int(returned) if returned.denominator == 1 else returned
    if sums[fields["imbalanced"]]:
        raise AssertionError(f"{sums[fields['imbalanced']]} simulated rounds do not balance: "
                             "players and player-dealer nets differ")
    st.path = "compiled"
    return st


def simulate_compiled(setup: TableSetup, rounds: int, seed: int = 0, threads: int = 1,
                      block_size: int = 500, progress: Progress | None = None,
                      per_block: bool = False) -> Stats | list[Stats]:
    """``simulate`` on the compiled kernel: the same blocks (block b: rounds b*block_size
    onwards, its own generator seeded by (seed, b)), run across threads. Its generator
    is not Python's, so its rounds differ from the Python path's for the same seed; each
    path is reproducible by seed and block size whatever the thread count.
    With ``per_block`` returns one Stats per block (for the tests)."""
    mod = _table_module()
    table = setup.table
    rules = kernel_rules(table, setup.co_bank)
    scale = kernel_scale(table, setup.co_bank)
    tab = kernel_table(setup)
    kseed = kernel_seed(seed)
    kw = dict(threads=threads, wheel_second=table.wheel_second, house_way=table.house_way_number)
    nblocks = -(-rounds // block_size)
    if per_block:
        out = mod.simulate_blocks(rules, tab, kseed, rounds, block_size, per_block=True, **kw)
        return [stats_from_kernel(s, mod.FIELDS, rules["denom"], table.stat_kinds, scale)
                for s in out]
    # chunks of whole blocks, about 64k rounds: between them the bar moves and Ctrl-C is
    # answered (Python handles the signal as each call returns)
    step = max(threads * 4, 65536 // block_size)
    total = None
    with stage(progress, "round", "simulate") as report:
        for b0 in range(0, nblocks, step):
            n = min(step, nblocks - b0)
            sums = mod.simulate_blocks(rules, tab, kseed, rounds, block_size, first_block=b0,
                                       nblocks=n, **kw)
            total = sums if total is None else [a + b for a, b in zip(total, sums)]
            if report:
                report(min(rounds, (b0 + n) * block_size), rounds)
    assert total is not None                 # rounds >= 1: one block at least
    return stats_from_kernel(total, mod.FIELDS, rules["denom"], table.stat_kinds, scale)


def dealer_round_results(setup: TableSetup, seeds: Sequence[int]) -> list[Any] | None:
    """The player-dealer's result (``Stats.dealer_round.sx``) of ``simulate(setup, 1,
    seed, threads=1)`` for each of ``seeds``, the same numbers, with the table's rules
    turned into the kernel's once rather than for every run and only that sum read back
    (the bankroll's pool of independent rounds, verifier/table/bankroll.py); None where
    the compiled kernel cannot run ``setup``."""
    if compiled_unavailable(setup) is not None:
        return None
    from verifier.table.limits import whole
    mod, table = _table_module(), setup.table
    rules, tab = kernel_rules(table, setup.co_bank), kernel_table(setup)
    scale = kernel_scale(table, setup.co_bank)
    kw = dict(threads=1, wheel_second=table.wheel_second, house_way=table.house_way_number)
    sx = mod.FIELDS["dealer_round"] + 1          # an Acc's sums: n, sx, ...
    out = []
    for seed in seeds:                           # simulate_compiled's one block of 500
        sums = mod.simulate_blocks(rules, tab, kernel_seed(seed), 1, 500, first_block=0,
                                   nblocks=1, **kw)
        out.append(sums[sx] if scale == 1 else whole(Fraction(sums[sx], scale)))
    return out
