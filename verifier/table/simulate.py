"""Many rounds at one table, the Python path and the entry point ``simulate`` (the table's
set-up: setup.py; the compiled kernel: kernel.py; statistics: stats.py; the summary:
summary.py).

Reproducibility: rounds are cut into blocks of ``block_size``; block b draws its
shuffles and dice from its own generator seeded by (seed, b), and the banker of
round r is a pure function of r. The blocks' exact integer sums are merged, so the
output depends on the seed and the block size only, never on the thread count.

The hot path deals every round of a block, sets all the block's hands in one
``set_hands`` call (one engine call; the compiled core can take it whole), then
settles round by round.

When verifier.engine._table is built and the compiled engine is in use, ``simulate`` runs the
compiled kernel instead (cext/table_sim.h: the same deal, fees, settlement and
statistics, in C, blocks across OpenMP threads), unless a stand-in ``setter`` or
``check_ledger`` asks for the Python path. The kernel draws from its own generator
(xoshiro256** seeded by (seed, block)), so its rounds are not the Python path's for
the same seed; each path is reproducible by seed and block size on its own.
tests/test_table_compiled.py proves the kernel's rounds equal ``play_round``'s.

At a casino table whose rule set lets players bank (``TableSetup.bank_policy``), the bank
goes round: the dealer's turn, then each occupied seat's, taken by the seat's policy when
its chips cover the table (``TableSetup.round_turn``, a function of the round number, so
blocks stay reproducible); a player-banked round is settled by
``bank.settle_player_bank`` (docs/TABLE.md, "The bank in rotation").
"""
from __future__ import annotations

import random
from typing import Any, Callable, Iterator, TYPE_CHECKING, cast

from verifier.support.errors import VerifierError
from verifier.game.outcome import base_outcome
from verifier.engine import thread_count
from verifier.support.progress import stage
from verifier.table.deal import PILE_POSITIONS, PILES, SEATS
from verifier.engine import set_hands
from verifier.table.bank import settle_player_bank
from verifier.table.reads import side_odds, side_reads
from verifier.table.settle import envy_owed, open_ledger, settle, settle_house
from verifier.table.kernel import compiled_unavailable, simulate_compiled
from verifier.table.setup import HOUSE_SEAT
from verifier.table.stats import Stats

if TYPE_CHECKING:
    from verifier.support.progress import Progress
    from verifier.table.setup import TableSetup


def block_rng(seed: int, block: int) -> random.Random:
    return random.Random(f"paigow-table:{seed}:{block}")


def run_block(setup: TableSetup, seed: int, block: int, start: int, count: int,
              setter: Callable[..., Any] | None = None, check_ledger: bool = False) -> Stats:
    """Play rounds start .. start+count-1 (block number ``block``); return their Stats."""
    setter = setter or set_hands
    table = setup.table
    fees = table.fees
    rng = block_rng(seed, block)
    shuffle = rng.shuffle
    random_ = rng.random
    plans = setup.seats
    deck = list(range(53))
    # per banker: the other seats' wagers, their fees, the player-dealer's fee; per
    # (banker, action seat): the seats with wagers in settlement order
    per_banker = {}
    for dealer in setup.bankers():
        wagers = {s: plans[s - 1].wagers for s in range(1, SEATS + 1)
                  if s != dealer and any(plans[s - 1].wagers)}
        per_banker[dealer] = (
            wagers,
            {s: fees.player_fee(w[0]) for s, w in wagers.items()},
            fees.dealer_fee(sum(w[0] for w in wagers.values())),
            {action: [t for t in ((action - 1 + k) % SEATS + 1 for k in range(SEATS))
                      if t in wagers] for action in range(1, SEATS + 1)},
        )
    bank_rounds = setup.rounds_per_bank
    bankers = setup.bankers()
    n_bankers = len(bankers)
    rotating = setup.rotates
    if rotating:   # the seats that may bank: their wagers are off when they do
        for b in setup.occupied():
            wagers = {s: plans[s - 1].wagers for s in setup.occupied() if s != b}
            per_banker[b] = (wagers, dict.fromkeys(wagers, 0), 0,
                             {action: [t for t in ((action - 1 + k) % SEATS + 1
                                                   for k in range(SEATS)) if t in wagers]
                              for action in range(1, SEATS + 1)})

    # 1. deal every round of the block
    rounds = []
    passed = [0] * SEATS     # turns a seat wanted the bank but could not cover the table
    hands: list = []
    append = hands.append
    for r in range(start, start + count):
        shuffle(deck)
        total = int(random_() * 6) + int(random_() * 6) + int(random_() * 6) + 3
        pb: int | None = 0
        dw = 0
        if rotating:
            turn, pb, short = setup.round_turn(r)
            dealer = pb or HOUSE_SEAT
            if short:
                passed[turn - 1] += 1
        else:
            dealer = bankers[(r // bank_rounds) % n_bankers]
        first = (dealer - 1 + (total - 1) % SEATS) % SEATS + 1
        action = dealer % SEATS + 1 if first == dealer else first
        players = per_banker[dealer][3][action]
        # seat s receives pile (action_pile + clockwise distance from first) mod 7
        shift = setup.action_pile - first
        idx = len(hands)
        append([deck[i] for i in PILE_POSITIONS[(shift + dealer) % PILES]])
        for s in players:
            append([deck[i] for i in PILE_POSITIONS[(shift + s) % PILES]])
        if pb:
            dw = setup.dealer_wager(pb)
            if dw:   # the dealer's hand, against the bank
                append([deck[i] for i in PILE_POSITIONS[(shift + HOUSE_SEAT) % PILES]])
        rounds.append((dealer, players, idx, pb, dw))

    # 2. set every hand of the block in one call
    sets = setter(hands, table.wheel_second, table.house_way_number)

    # 3. settle round by round
    kinds = table.kinds
    fast = not table.custom and not table.house_banks   # the player-dealer game, inline
    sides = side_reads(table, kinds[1:]) if fast else ()
    st = Stats(table.stat_kinds)
    nk = len(st.kinds)
    bet_n = [0] * nk
    bet_sx = [0] * nk
    bet_sxx = [0] * nk
    bet_sw = [0] * nk
    bet_sww = [0] * nk
    bet_sxw = [0] * nk
    bet_wins = st.bet_wins
    bet_round = st.bet_round
    house = st.house
    st.bank_passed = passed
    for dealer, players, idx, banker, dw in rounds:
        if setup.progressive is not None:
            st.progressive_hits.append(_progressive_tiers(setup.progressive, players, sets,
                                                          hands, idx))
        bank = plans[dealer - 1].bank
        wagers, player_fees, dealer_fee, _ = per_banker[dealer]
        d = sets[idx]
        ledger = open_ledger(dealer, bank, wagers, player_fees, dealer_fee, kinds,
                             table.house_banks) if check_ledger else None
        if banker:
            res = _settle_bank_round(setup, banker, dw, players, wagers, d, sets, hands, idx,
                                     ledger)
        elif fast:
            df, db = d[2], d[3]
            odds = {}
            for k, s in enumerate(players, 1):
                h = sets[idx + k]
                b = base_outcome(h[3], h[2], db, df)
                odds[s] = (b, *(side_odds(*side, h, d, hands[idx + k], hands[idx], b)
                                 for side in sides))
            res = settle(players, wagers, odds, bank, ledger, kinds)
        else:
            res = _settle_round(table, players, wagers, bank, d, sets, hands, idx, ledger)
        if ledger is not None:
            ledger.check()
            bal = ledger.balances()
            for s in players:
                assert bal[f"seat {s}"] == res.seat_nets().get(s, 0) - player_fees[s]
            if banker:
                assert bal[f"seat {banker}"] == res.dealer_net
                assert bal.get("house", 0) == res.house_net
            elif not table.house_banks:
                assert bal["player-dealer"] == res.dealer_net - dealer_fee
            st.ledgers_checked += 1

        # statistics
        st.rounds += 1
        nets = dict.fromkeys(players, 0)
        round_x = [0] * nk
        round_w = [0] * nk
        for s, kind, stake, x in res.results:
            nets[s] += x
            round_x[kind] += x
            round_w[kind] += stake
            bet_n[kind] += 1
            bet_sx[kind] += x
            bet_sxx[kind] += x * x
            bet_sw[kind] += stake
            bet_sww[kind] += stake * stake
            bet_sxw[kind] += x * stake
            if x > 0:
                bet_wins[kind] += 1
        for kind in range(nk):
            if round_w[kind]:
                bet_round[kind].add(round_x[kind], round_w[kind])
        total_players = 0
        for s in players:
            x = nets[s]
            total_players += x
            wsum = sum(wagers[s])
            fee = player_fees[s]
            st.seat_round[s - 1].add(x - fee, wsum)
            st.seat_unit[s - 1].add(x, wsum)
            st.seat_fees[s - 1] += fee
            st.wagered += wsum
        if banker:
            if total_players + res.dealer_net + res.house_net != 0:
                raise AssertionError("round does not balance: players, banker and house")
            st.seat_banked[banker - 1] += 1
            st.seat_bank_net[banker - 1] += res.dealer_net
            st.bank_seat[banker - 1].add(res.dealer_net, res.faced)
            st.dealer_round.add(res.house_net, 0)
            st.dealer_unit.add(res.house_net, 0)
            house["commission_from_players"] += res.commission_players
            house["commission_from_banking_players"] += res.commission_banker
            house["co_banked"] += res.co_banked
            house["dealer_wager"] += res.dealer_wager_net
            house["house_bank_and_side_bets"] += (res.house_net - res.commission_players
                                                  - res.commission_banker - res.co_banked
                                                  - res.dealer_wager_net)
            continue
        if total_players + res.dealer_net != 0:
            raise AssertionError("round does not balance: players and player-dealer nets differ")
        if table.house_banks and rotating:
            comm = sum(stake - x for _, kind, stake, x in res.results if kind == 0 and x > 0)
            house["commission_from_players"] += comm
            house["house_bank_and_side_bets"] += res.dealer_net - comm
        if not table.house_banks:
            st.seat_banked[dealer - 1] += 1
            st.seat_bank_net[dealer - 1] += res.dealer_net - dealer_fee
        st.dealer_round.add(res.dealer_net - dealer_fee, bank)
        st.dealer_unit.add(res.dealer_net, bank)
        st.dealer_fees += dealer_fee
        if res.returned:
            st.cap_rounds += 1
            st.returned += res.returned
        st.exhausted_rounds += res.exhausted
        st.win_limit_rounds += res.win_limited
    for kind, acc in enumerate(st.bet_unit):
        acc.n, acc.sx, acc.sxx = bet_n[kind], bet_sx[kind], bet_sxx[kind]
        acc.sw, acc.sww, acc.sxw = bet_sw[kind], bet_sww[kind], bet_sxw[kind]
    return st


def _progressive_tiers(progressive, players, sets, hands, idx):
    """The tier each seat with the progressive's wager hits (None: none), in settlement
    order, read the table's way on the seat's hand (the banker's for a versus-banker
    read): verifier/table/progressive.py plays the meters on them."""
    from verifier.table.custom import lines_of
    table, seats = progressive
    return tuple(table.tier_of(frozenset(lines_of(table.reads, sets[idx + k], sets[idx],
                                                  hands[idx + k])))
                 for k, s in enumerate(players, 1) if s in seats)


def _odds_and_envy(table, players, wagers, banker_set, sets, hands, idx):
    """Each player's odds against the banker's hand (round.round_odds) and the Envy Bonus
    the players' hands trigger (None when the table has none)."""
    from verifier.table.round import round_odds
    odds = {s: round_odds(banker_set, sets[idx + k], table=table, cards=hands[idx + k],
                          dealer_cards=hands[idx])
            for k, s in enumerate(players, 1)}
    envy = None
    if table.envy_pays:
        t = table.envy_slot
        envy = envy_owed(players, {s: wagers[s][t] for s in players},
                         {s: sets[idx + k][4] for k, s in enumerate(players, 1)},
                         table.envy_pays, table.envy_minimum)
    return odds, envy


def _settle_round(table, players, wagers, bank, dealer_set, sets, hands, idx, ledger):
    """One round of any table (round.round_odds, then the bank's or the house's
    settlement): the general path, for every game but the California one's fast path."""
    odds, envy = _odds_and_envy(table, players, wagers, dealer_set, sets, hands, idx)
    if not table.house_banks:
        return settle(players, wagers, odds, bank, ledger, table.kinds)
    return settle_house(players, wagers, odds, table.kinds, table.settlement, envy,
                        ledger)


def _settle_bank_round(setup, pb, dw, players, wagers, banker_set, sets, hands, idx, ledger):
    """One round seat ``pb`` banks (bank.settle_player_bank): the players' odds against
    the banker's hand, the dealer's wager ``dw`` with the hand after the players'."""
    from verifier.table.settle import base_odds
    table = setup.table
    odds, envy = _odds_and_envy(table, players, wagers, banker_set, sets, hands, idx)
    dealer_odds = None
    if dw:
        h = sets[idx + len(players) + 1]
        dealer_odds = base_odds(h[2], h[3], banker_set[2], banker_set[3])
    return settle_player_bank(players, wagers, odds, table.kinds, table.settlement, pb,
                              setup.seats[pb - 1].bank, dw, dealer_odds,
                              table.co_bank_share if setup.co_bank else 0,
                              table.banker_commission, envy, ledger)


def _quiet_worker():
    """A pool worker leaves Ctrl-C to the command (which ends the pool) and dies at once,
    quietly, on SIGTERM (``pool.terminate``): the command prints the one line."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _block_job(job):
    setup, seed, block, start, count, setter, check_ledger = job
    return run_block(setup, seed, block, start, count, setter, check_ledger)


def simulate(setup: TableSetup, rounds: int, seed: int = 0, threads: int | None = None,
             block_size: int = 500, setter: Callable[..., Any] | None = None,
             check_ledger: bool = False, progress: Progress | None = None,
             compiled: bool | None = None) -> Stats:
    """Play ``rounds`` rounds; return merged ``Stats``. See the module doc.

    ``compiled``: None uses the compiled kernel (verifier.engine._table) when it can (no
    ``setter``, no ``check_ledger``, the compiled engine, chips in range); True requires
    it; False forces the Python path. ``stats.path`` says which one ran.
    """
    if rounds < 1:
        raise VerifierError(f"bad number of rounds {rounds}: must be 1 or more")
    if block_size < 1:
        raise VerifierError(f"bad block size {block_size}")
    threads = thread_count(threads)
    if compiled is not False:
        why = compiled_unavailable(setup, setter, check_ledger)
        if why is None:
            return cast(Stats, simulate_compiled(setup, rounds, seed, threads, block_size,
                                                 progress))   # not per_block: one Stats
        if compiled:
            raise VerifierError(f"the compiled table simulator cannot run: {why}")
    # the blocks one at a time (10**15 rounds are 2 * 10**12 blocks: never a list)
    jobs = ((setup, seed, block, start, min(block_size, rounds - start), setter, check_ledger)
            for block, start in enumerate(range(0, rounds, block_size)))
    total = Stats(setup.table.stat_kinds)
    meters = None
    if setup.progressive is not None:     # the meters, played on each block's hits in order
        from verifier.table.progressive import MeterPlay
        table, seats = setup.progressive
        meters = MeterPlay(table, rounds, len(seats), None, max(1, rounds // 1000))
    played = 0
    with stage(progress, "round", "simulate") as report:
        if threads == 1 or rounds <= block_size:
            results: Iterator = map(_block_job, jobs)
            pool = None
        else:
            import multiprocessing
            if setter is None:
                from verifier.engine import core
                core()  # load the engine once, before the workers fork
            ctx = multiprocessing.get_context("fork")
            pool = ctx.Pool(min(threads, -(-rounds // block_size)), initializer=_quiet_worker)
            results = pool.imap(_block_job, jobs, chunksize=1)
        try:
            for st in results:
                total.merge(st)
                if meters is not None:
                    for tiers in st.progressive_hits:
                        meters.round(tiers)
                    total.progressive = meters.run
                played += st.rounds
                if report:
                    report(played, rounds)
        except BaseException:
            # Ctrl-C, SIGTERM or an error: the blocks not yet played are dropped at once
            # (close and join would play every one of them first)
            if pool is not None:
                pool.terminate()
            raise
        if pool is not None:
            pool.close()
            pool.join()
    total.path = "python"
    return total
