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
from verifier.table.tally import (BetSums, check_ledger as ledger_check, tally_bets,
                                   tally_dealer, tally_player_bank, tally_seats)

if TYPE_CHECKING:
    from verifier.support.progress import Progress
    from verifier.table.setup import TableSetup


def block_rng(seed: int, block: int) -> random.Random:
    return random.Random(f"paigow-table:{seed}:{block}")


def _player_order(action: int, wagers: dict) -> list[int]:
    """The seats with wagers in settlement order, from the action seat clockwise."""
    return [t for t in ((action - 1 + k) % SEATS + 1 for k in range(SEATS)) if t in wagers]


def _per_banker(setup: TableSetup) -> dict[int, tuple]:
    """Per banker: the other seats' wagers, their fees, the player-dealer's fee, and per
    action seat the seats with wagers in settlement order. At a table whose bank goes
    round, the seats that may bank too: their wagers are off when they do."""
    fees = setup.table.fees
    plans = setup.seats
    per_banker = {}
    for dealer in setup.bankers():
        wagers = {s: plans[s - 1].wagers for s in range(1, SEATS + 1)
                  if s != dealer and any(plans[s - 1].wagers)}
        per_banker[dealer] = (
            wagers,
            {s: fees.player_fee(w[0]) for s, w in wagers.items()},
            fees.dealer_fee(sum(w[0] for w in wagers.values())),
            {action: _player_order(action, wagers) for action in range(1, SEATS + 1)},
        )
    if setup.rotates:
        for b in setup.occupied():
            wagers = {s: plans[s - 1].wagers for s in setup.occupied() if s != b}
            per_banker[b] = (wagers, dict.fromkeys(wagers, 0), 0,
                             {action: _player_order(action, wagers)
                              for action in range(1, SEATS + 1)})
    return per_banker


def _deal_block(setup: TableSetup, rng: random.Random, start: int, count: int,
                per_banker: dict) -> tuple[list, list, list[int]]:
    """Deal rounds start .. start+count-1: (rounds, hands, passed). Each round is
    (dealer, players, index of the dealer's hand in ``hands``, the seat that banks or 0,
    the dealer's wager); ``passed`` counts the turns a seat wanted the bank but could not
    cover the table."""
    shuffle = rng.shuffle
    random_ = rng.random
    deck = list(range(53))
    bank_rounds = setup.rounds_per_bank
    bankers = setup.bankers()
    n_bankers = len(bankers)
    rotating = setup.rotates
    rounds = []
    passed = [0] * SEATS
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
    return rounds, hands, passed


def _settle_fast(table, sides, players, wagers, bank, d, sets, hands, idx, ledger):
    """The player-dealer game's round, inline: base outcome and side reads per player
    (``sides``: reads.side_reads, each a read, whether of the banker's hand, its pays)."""
    df, db = d[2], d[3]
    odds = {}
    for k, s in enumerate(players, 1):
        h = sets[idx + k]
        b = base_outcome(h[3], h[2], db, df)
        odds[s] = (b, *(side_odds(read, of_banker, pays, h, d, hands[idx + k], hands[idx], b)
                         for read, of_banker, pays in sides))
    return settle(players, wagers, odds, bank, ledger, table.kinds)


def run_block(setup: TableSetup, seed: int, block: int, start: int, count: int,
              setter: Callable[..., Any] | None = None, check_ledger: bool = False) -> Stats:
    """Play rounds start .. start+count-1 (block number ``block``); return their Stats:
    deal every round of the block, set every hand in one call, settle round by round."""
    setter = setter or set_hands
    table = setup.table
    plans = setup.seats
    per_banker = _per_banker(setup)
    rounds, hands, passed = _deal_block(setup, block_rng(seed, block), start, count,
                                        per_banker)
    sets = setter(hands, table.wheel_second, table.house_way_number)
    kinds = table.kinds
    fast = not table.custom and not table.house_banks   # the player-dealer game, inline
    sides = side_reads(table, kinds[1:]) if fast else ()
    st = Stats(table.stat_kinds)
    sums = BetSums(len(st.kinds))
    st.bank_passed = passed
    for dealer, players, idx, banker, dw in rounds:
        if setup.progressive is not None:
            st.progressive_hits.append(_progressive_tiers(setup.progressive, players, sets,
                                                          hands, idx, table.wheel_second))
        bank = plans[dealer - 1].bank
        wagers, player_fees, dealer_fee, _ = per_banker[dealer]
        d = sets[idx]
        ledger = open_ledger(dealer, bank, wagers, player_fees, dealer_fee, kinds,
                             table.house_banks) if check_ledger else None
        if banker:
            res = _settle_bank_round(setup, banker, dw, players, wagers, d, sets, hands, idx,
                                     ledger)
        elif fast:
            res = _settle_fast(table, sides, players, wagers, bank, d, sets, hands, idx, ledger)
        else:
            res = _settle_round(table, players, wagers, bank, d, sets, hands, idx, ledger)
        if ledger is not None:
            ledger_check(st, ledger, res, table, players, player_fees, dealer_fee, banker)
        st.rounds += 1
        nets = tally_bets(st, sums, res, players)
        total_players = tally_seats(st, nets, players, wagers, player_fees)
        if banker:
            tally_player_bank(st, res, banker, total_players)
        else:
            tally_dealer(st, res, table, dealer, bank, dealer_fee, total_players,
                         setup.rotates)
    sums.into(st)
    return st


def _progressive_tiers(progressive, players, sets, hands, idx, evaluation=0):
    """The tier each seat with the progressive's wager hits (None: none), in settlement
    order, read the table's way on the seat's hand (the banker's for a versus-banker
    read): verifier/table/progressive.py plays the meters on them."""
    from verifier.table.custom import lines_of
    table, seats = progressive
    return tuple(table.tier_of(frozenset(lines_of(table.reads, sets[idx + k], sets[idx],
                                                  hands[idx + k], 0, evaluation)))
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
