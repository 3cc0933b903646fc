"""One settled round into a block's statistics (``Stats``, stats.py): the per-bet sums,
the seats', the banker's and the house's; and the ledger's cross-check of the round
(``check_ledger``). table/simulate.py's ``run_block`` calls these round by round."""
from __future__ import annotations

from typing import Any

from verifier.table.stats import Stats


class BetSums:
    """The per-bet-kind running sums of a block, kept as plain lists on the hot path and
    written into ``Stats.bet_unit`` once at the block's end (``into``)."""
    __slots__ = ("n", "sx", "sxx", "sw", "sww", "sxw")

    def __init__(self, nk: int) -> None:
        self.n: list[Any] = [0] * nk
        self.sx: list[Any] = [0] * nk
        self.sxx: list[Any] = [0] * nk
        self.sw: list[Any] = [0] * nk
        self.sww: list[Any] = [0] * nk
        self.sxw: list[Any] = [0] * nk

    def into(self, st: Stats) -> None:
        for kind, acc in enumerate(st.bet_unit):
            acc.n, acc.sx, acc.sxx = self.n[kind], self.sx[kind], self.sxx[kind]
            acc.sw, acc.sww, acc.sxw = self.sw[kind], self.sww[kind], self.sxw[kind]


def tally_bets(st: Stats, sums: BetSums, res: Any, players: list[int]) -> dict[int, Any]:
    """The round's bets into the per-kind sums and the per-round intervals; returns each
    player's net of the round."""
    nk = len(st.kinds)
    bet_n, bet_sx, bet_sxx = sums.n, sums.sx, sums.sxx
    bet_sw, bet_sww, bet_sxw = sums.sw, sums.sww, sums.sxw
    bet_wins = st.bet_wins
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
            st.bet_round[kind].add(round_x[kind], round_w[kind])
    return nets


def tally_seats(st: Stats, nets: dict[int, Any], players: list[int], wagers: dict,
                player_fees: dict) -> Any:
    """Each player's round into its seat's sums; returns the players' total net."""
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
    return total_players


def tally_player_bank(st: Stats, res: Any, banker: int, total_players: Any) -> None:
    """A round seat ``banker`` banked (bank.settle_player_bank): the seat's bank, the
    house's take by source."""
    if total_players + res.dealer_net + res.house_net != 0:
        raise AssertionError("round does not balance: players, banker and house")
    house = st.house
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


def tally_dealer(st: Stats, res: Any, table: Any, dealer: int, bank: Any, dealer_fee: Any,
                 total_players: Any, rotating: bool) -> None:
    """A round the player-dealer or the house banked: the dealer's sums, the house's take
    (a rotating house-banked table), the caps and limits the round met."""
    if total_players + res.dealer_net != 0:
        raise AssertionError("round does not balance: players and player-dealer nets differ")
    if table.house_banks and rotating:
        comm = sum(stake - x for _, kind, stake, x in res.results if kind == 0 and x > 0)
        st.house["commission_from_players"] += comm
        st.house["house_bank_and_side_bets"] += res.dealer_net - comm
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


def check_ledger(st: Stats, ledger: Any, res: Any, table: Any, players: list[int],
                 player_fees: dict, dealer_fee: Any, banker: int | None) -> None:
    """The round's double-entry ledger balances and agrees with the settlement's nets."""
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
