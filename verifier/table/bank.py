"""A round a player banks (docs/TABLE.md, "The bank in rotation"): what the player-banker
must cover, and the round settled against it: the players' results, the banker's after
its commission and the casino's co-banked share, the dealer's wager, and the house's take
by source. The other settlements: verifier/table/settle.py."""
from __future__ import annotations

from fractions import Fraction

from verifier.game.settlement import SettlementRule
from verifier.game.names import money
from verifier.table.limits import whole
from verifier.table.settle import (BANK, DEALER_WAGER, HOUSE, PUSH, Settlement, casino_wagers,
                                   seat_account)
from typing import Iterable, Mapping, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.table.settle import Ledger


class BankSettlement(Settlement):
    """A round a player banks (docs/TABLE.md, "The bank in rotation"): the players' results
    (``results``), the banker's (``dealer_net``: the banking position's, after its
    commission and the casino's co-banked share) and the house's, by source."""
    __slots__ = ("banker", "house_net", "commission_players", "commission_banker",
                 "co_banked", "dealer_wager", "dealer_wager_net", "faced", "gross")

    def __init__(self, results, banker, banker_net, house_net, **parts):
        super().__init__(results, banker_net, False, False, 0)
        self.banker = banker
        self.house_net = house_net
        for name in self.__slots__[2:]:
            setattr(self, name, parts[name])


def bank_covers(wagers: Mapping[int, Sequence[int]], dealer_wager: int = 0) -> int:
    """What a player-banker must cover: every base wager at the table and the dealer's
    wager (the side bets are the house's)."""
    return sum(w[0] for w in wagers.values()) + dealer_wager


def settle_player_bank(order: Iterable[int], wagers: Mapping[int, Sequence[int]], odds: Mapping[int, Sequence[int | Fraction]], kinds: Sequence[str],
                       settlement: SettlementRule | int | Fraction, banker: int, chips: int,
                       dealer_wager: int = 0, dealer_odds: int | None = None,
                       share: int | Fraction = 0, banker_commission: str = "net-win",
                       envy: Mapping[int, int | Fraction] | None = None,
                       ledger: Ledger | None = None) -> BankSettlement:
    """Settle a round seat ``banker`` banks (chips ``chips`` put up as its bank).

    Base wagers are the banker's: a player's win is paid 1 to 1 from the bank less the
    commission (the house's), a loss goes to the bank, copies to the banker. The side
    bets (and the Envy Bonus) are the house's, as when it banks. The dealer wagers
    ``dealer_wager`` against the bank (``dealer_odds``: the dealer's hand's base outcome
    against the banker's; the house pays no commission to itself). With ``share`` > 0 the
    round is co-banked: the casino takes that share of the bank's result, win or loss. The
    banker pays the commission on its (share of the) net win of the round
    (``banker_commission`` "net-win"), or on each wager it wins ("each-win").
    ``settlement``: the table's ``SettlementRule`` (its ``win_net``), or a commission
    rate."""
    envy = envy or {}
    rule = SettlementRule.at(settlement)
    keep = rule.win_net
    results: list = []
    gross = 0                       # the bank's result before co-banking and commission
    collected = 0                   # the stakes the bank won
    comm_players: int | Fraction = 0
    house_side: int | Fraction = 0  # the house's result on the side bets
    faced = bank_covers({s: wagers[s] for s in order if s in wagers}, dealer_wager)
    if ledger is not None:
        ledger.move(seat_account(banker), BANK, chips,
                    f"seat {banker} banks: puts up ${chips} to cover every wager")
    for seat, kind, stake, o, circle, title in casino_wagers(order, wagers, odds, kinds, envy,
                                                             results, ledger):
        if kind == 0:                               # the base game: against the bank
            if o < 0:
                res: int | Fraction = -stake
                gross += stake
                collected += stake
                if ledger is not None:
                    ledger.move(circle, BANK, stake, f"{title} loses to the banker")
            else:
                res = whole(stake * keep)
                gross -= stake
                comm_players += rule.commission_on(stake)
                if ledger is not None:
                    ledger.move(BANK, seat_account(seat), res,
                                f"{title} beats the banker, paid 1 to 1 less "
                                f"{rule.commission_words} commission")
                    ledger.move(BANK, HOUSE, whole(rule.commission_on(stake)),
                                f"{title}: commission on seat {seat}'s win")
                    ledger.move(circle, seat_account(seat), stake, f"{title} stake returned with the win")
        elif o < 0:                                 # a side bet: the house's
            res = -stake
            house_side += stake
            if ledger is not None:
                ledger.move(circle, HOUSE, stake, f"{title} loses (the house's bet)")
        else:
            res = whole(stake * o)
            house_side -= res
            if ledger is not None:
                ledger.move(HOUSE, seat_account(seat), res, f"{title} wins {o} to 1 (the house pays)")
                ledger.move(circle, seat_account(seat), stake, f"{title} stake returned with the win")
        results.append((seat, kind, stake, res))
    house_side -= sum(r[3] for r in results if r[1] == len(kinds))   # the Envy Bonus paid
    dealer_net = 0                                  # the house's result on its wager
    if dealer_wager:
        if ledger is not None:
            ledger.move(HOUSE, DEALER_WAGER, dealer_wager, "the dealer wagers against the bank")
        assert dealer_odds is not None       # the dealer wagers: its odds are given
        if dealer_odds == PUSH:
            if ledger is not None:
                ledger.move(DEALER_WAGER, HOUSE, dealer_wager, "the dealer's wager pushes")
        elif dealer_odds < 0:
            dealer_net = -dealer_wager
            gross += dealer_wager
            collected += dealer_wager
            if ledger is not None:
                ledger.move(DEALER_WAGER, BANK, dealer_wager, "the dealer's wager loses to the banker")
        else:
            dealer_net = dealer_wager
            gross -= dealer_wager
            if ledger is not None:
                ledger.move(BANK, HOUSE, dealer_wager, "the dealer's wager beats the banker "
                            "(1 to 1, no commission: the house pays none to itself)")
                ledger.move(DEALER_WAGER, HOUSE, dealer_wager, "the dealer's stake returned")
    share = Fraction(share)
    co_banked = gross * share
    mine = gross - co_banked
    if banker_commission == "each-win":
        comm_banker: int | Fraction = rule.commission_on(collected * (1 - share))
    else:
        comm_banker = rule.commission_on(mine) if mine > 0 else 0
    banker_net = mine - comm_banker
    if ledger is not None:
        if co_banked > 0:
            ledger.move(BANK, HOUSE, whole(co_banked), f"co-banked: the casino's {share} of "
                        f"the bank's win of {money(gross)}")
        elif co_banked < 0:
            ledger.move(HOUSE, BANK, whole(-co_banked), f"co-banked: the casino covers {share} "
                        f"of the bank's loss of {money(-gross)}")
        ledger.move(BANK, HOUSE, whole(comm_banker), f"the banker's commission ({1 - keep}) "
                    + ("on each wager it won" if banker_commission == "each-win"
                       else "on its net win of the round"))
        ledger.move(BANK, seat_account(banker), whole(chips + banker_net),
                    "what is left of the bank goes back to the banker")
    house_net = house_side + comm_players + comm_banker + co_banked + dealer_net
    return BankSettlement(results, banker, whole(banker_net), whole(house_net),
                          commission_players=whole(comm_players),
                          commission_banker=whole(comm_banker), co_banked=whole(co_banked),
                          dealer_wager=dealer_wager, dealer_wager_net=dealer_net,
                          faced=faced, gross=gross)
