"""Settlement: each wager's outcome, the bank's cap, and the ledger of chip movements.

Outcome of a wager, as odds: -1 loses, 0 pushes (stake back), k >= 1 wins k to 1.

The bank's cap (filing, "Type of Game"): the player-dealer "may not win or lose more
than the original amount wagered", and "once the player-dealer's wager has been
exhausted, the wagers not covered by the player-dealer shall be returned". Reading
(docs/TABLE.md): wagers are settled one at a time, clockwise from the action seat,
each seat base game, then Wrangler Push, then Outlaw 9, keeping the player-dealer's
running net result N within [-bank, +bank]:

- a winning wager owed W is paid min(W, bank + N); if that empties the bank, the
  bank is exhausted and every later wager is returned untouched;
- a losing wager of stake S is collected up to bank - N (the player-dealer cannot win
  more than its bank); any rest of the stake is returned;
- a push returns the stake.
"""
from __future__ import annotations

from collections import namedtuple
from fractions import Fraction

from verifier.support.errors import VerifierError
from verifier.game.outcome import LOSS as LOSE, PUSH, base_outcome
from verifier.game.settlement import SettlementRule
from verifier.game.bets import WAGER_TITLES
from verifier.game.names import money
from verifier.table.limits import ENVY, WAGER_KINDS, envy_slot, whole
from typing import Any, Iterable, Iterator, Mapping, Sequence

DEALER = "player-dealer"
HOUSE = "house"
BANK = "bank"
DEALER_WAGER = "dealer wager"      # the dealer's stake against a player-banker


def seat_account(seat: int) -> str:
    return f"seat {seat}"


def circle_account(seat: int, kind: int, kinds: Sequence[str] = WAGER_KINDS) -> str:
    return f"seat {seat} {kinds[kind]}"


def is_party(account: str) -> bool:
    """Players and the player-dealer own chips; the house takes fees; the rest is table."""
    return account == DEALER or (account.startswith("seat ") and " " not in account[5:])


# ----------------------------------------------------------------------------- outcomes
def base_odds(player_front: int, player_back: int, dealer_front: int, dealer_back: int,
              foul: bool = False) -> int:
    """Base game: 1 (both hands strictly higher), 0 (one each), -1 (otherwise or foul)."""
    if foul:
        return LOSE
    return base_outcome(player_back, player_front, dealer_back, dealer_front)


def envy_amount(mask: int, pays: Sequence[int | Fraction]) -> int | Fraction:
    """The Envy Bonus one other hand triggers: the amount of its highest envy line (``pays``
    in dollars by Outlaw 9 category bit), 0 when it triggers none."""
    return max((pays[i] for i in range(len(pays)) if mask >> i & 1), default=0)


def envy_owed(seats: Iterable[int], treasure_stakes: Mapping[int, int], masks: Mapping[int, int],
              pays: Sequence[int | Fraction], minimum: int) -> dict[int, int | Fraction]:
    """seat -> envy bonus (0 included): each host bet (the Treasure) of at least ``minimum`` collects the envy of
    every OTHER player's hand at the table (docs/TABLE.md, and the envy bet's readings).
    ``masks``: seat -> seven-card category mask, the players' hands only."""
    amounts = {s: envy_amount(masks[s], pays) for s in seats}
    total = sum(amounts.values())
    return {s: total - amounts[s] for s in seats if treasure_stakes.get(s, 0) >= minimum}


# ----------------------------------------------------------------------------- ledger
Entry = namedtuple("Entry", "source dest amount reason")


class Ledger:
    """Every chip movement of a round, in order, with its reason.

    Accounts: the parties ("seat N", "player-dealer"), the house (fees), and the table:
    the betting circles ("seat N base" ...) and the bank.
    """

    def __init__(self):
        self.entries = []

    def move(self, source: str, dest: str, amount: int | Fraction, reason: str) -> None:
        if amount < 0:
            raise VerifierError(f"negative chip movement {amount} ({reason})")
        if amount:
            self.entries.append(Entry(source, dest, amount, reason))

    def balances(self) -> dict[str, int | Fraction]:
        """Account -> chips received minus chips given."""
        out: dict = {}
        for e in self.entries:
            out[e.source] = out.get(e.source, 0) - e.amount
            out[e.dest] = out.get(e.dest, 0) + e.amount
        return out

    def totals(self) -> tuple[int | Fraction, int | Fraction, int | Fraction]:
        """(chips in, chips out, fees): put up by the parties, handed back to them from
        the table (or paid by the house, when it banks), and the house's net take (the
        fees; when the house banks, what it won less what it paid)."""
        chips_in = sum(e.amount for e in self.entries if is_party(e.source))
        chips_out = sum(e.amount for e in self.entries
                        if is_party(e.dest) and not is_party(e.source))
        fees = sum(e.amount for e in self.entries if e.dest == HOUSE) \
            - sum(e.amount for e in self.entries if e.source == HOUSE)
        return chips_in, chips_out, fees

    def check(self) -> bool:
        """Raise unless chips in = chips out + fees and every table account is empty."""
        chips_in, chips_out, fees = self.totals()
        if chips_in != chips_out + fees:
            raise AssertionError(f"ledger does not balance: in {chips_in} != out {chips_out} + fees {fees}")
        for account, bal in self.balances().items():
            if not is_party(account) and account != HOUSE and bal != 0:
                raise AssertionError(f"ledger leaves {bal} chips in {account}")
        return True

    def to_list(self) -> list[dict[str, Any]]:
        return [e._asdict() for e in self.entries]


def open_ledger(dealer_seat: int, bank: int, wagers: Mapping[int, Sequence[int]], player_fees: Mapping[int, int],
                dealer_fee: int, kinds: Sequence[str] = WAGER_KINDS,
                house_banks: bool = False) -> Ledger:
    """Fees first (before the deal), then the stakes and the bank on the table. When the
    house banks there are no fees and no bank: only the stakes."""
    ledger = Ledger()
    if house_banks:
        _stakes_on_table(ledger, wagers, kinds)
        return ledger
    for seat in sorted(wagers):
        fee = player_fees.get(seat, 0)
        ledger.move(seat_account(seat), HOUSE, fee,
                    f"collection fee, base wager ${wagers[seat][0]}")
    ledger.move(DEALER, HOUSE, dealer_fee, "player-dealer collection fee, total table action "
                f"${sum(w[0] for w in wagers.values())}")
    ledger.move(DEALER, BANK, bank, f"player-dealer (seat {dealer_seat}) puts up the bank")
    _stakes_on_table(ledger, wagers, kinds)
    return ledger


def _stakes_on_table(ledger, wagers, kinds):
    for seat in sorted(wagers):
        for kind, stake in enumerate(wagers[seat]):
            ledger.move(seat_account(seat), circle_account(seat, kind, kinds), stake,
                        f"{WAGER_TITLES[kinds[kind]]} wager")


# ----------------------------------------------------------------------------- settlement
class Settlement:
    """The result of settling a table: player results by wager, the player-dealer's net,
    and what the cap did."""
    __slots__ = ("results", "dealer_net", "exhausted", "win_limited", "returned")

    def __init__(self, results, dealer_net, exhausted, win_limited, returned):
        self.results = results          # [(seat, kind, stake, player's result)] in order
        self.dealer_net = dealer_net    # the player-dealer's result (before its fee)
        self.exhausted = exhausted      # the bank ran out
        self.win_limited = win_limited  # a losing wager was partly returned (win limit)
        self.returned = returned        # stake not covered by the bank (int or Fraction)

    @property
    def cap_bound(self) -> bool:
        return bool(self.returned)

    def seat_nets(self) -> dict[int, int | Fraction]:
        out: dict = {}
        for seat, _, _, res in self.results:
            out[seat] = out.get(seat, 0) + res
        return out


def settle(order: Iterable[int], wagers: Mapping[int, Sequence[int]], odds: Mapping[int, Sequence[int | Fraction]], bank: int,
           ledger: Ledger | None = None, kinds: Sequence[str] = WAGER_KINDS) -> Settlement:
    """Settle every wager in ``order`` (player seats), base, Wrangler Push, Outlaw 9.

    ``wagers[seat]`` and ``odds[seat]`` are tuples, one per ``kinds`` (base, wrangler,
    the bonus bet); seats without wagers may be missing from both. With a ``ledger`` every
    movement is recorded and the bank is finally handed back to the player-dealer.
    """
    net: int | Fraction = 0
    exhausted = False
    win_limited = False
    returned: int | Fraction = 0
    results = []
    for seat in order:
        stakes = wagers.get(seat)
        if stakes is None:
            continue
        outs = odds[seat]
        for kind in range(len(stakes)):
            stake = stakes[kind]
            if not stake:
                continue
            if exhausted:
                returned += stake
                res: int | Fraction = 0
                if ledger is not None:
                    ledger.move(circle_account(seat, kind, kinds), seat_account(seat), stake,
                                f"{wager_title(kind, kinds)} returned: the bank is exhausted")
            else:
                o = outs[kind]
                if o == PUSH:
                    res = 0
                    if ledger is not None:
                        ledger.move(circle_account(seat, kind, kinds), seat_account(seat), stake,
                                    f"{wager_title(kind, kinds)} pushes: stake returned")
                elif o < 0:
                    room = bank - net
                    take = stake if stake <= room else room
                    net += take
                    res = -take
                    if take < stake:
                        win_limited = True
                        returned += stake - take
                    if ledger is not None:
                        ledger.move(circle_account(seat, kind, kinds), BANK, take, f"{wager_title(kind, kinds)} loses")
                        ledger.move(circle_account(seat, kind, kinds), seat_account(seat), stake - take,
                                    f"{wager_title(kind, kinds)}: {money(stake - take)} not covered (the "
                                    "player-dealer may not win more than the bank), returned")
                else:
                    owed = stake * o
                    avail = bank + net
                    pay = owed if owed <= avail else avail
                    net -= pay
                    res = pay
                    if pay < owed:
                        returned += stake - Fraction(pay, o)
                    if ledger is not None:
                        why = f"{wager_title(kind, kinds)} wins {o} to 1"
                        if pay < owed:
                            why += f": owed {money(owed)}, the bank covers {money(pay)}"
                        ledger.move(BANK, seat_account(seat), pay, why)
                        ledger.move(circle_account(seat, kind, kinds), seat_account(seat), stake,
                                    f"{wager_title(kind, kinds)} stake returned with the win")
                    if net == -bank:
                        exhausted = True
            results.append((seat, kind, stake, res))
    if ledger is not None:
        ledger.move(BANK, DEALER, bank + net, "what is left of the bank goes back to the player-dealer")
    if isinstance(returned, Fraction) and returned.denominator == 1:
        returned = int(returned)
    return Settlement(results, net, exhausted, win_limited, returned)


def wager_title(kind: int, kinds: Sequence[str] = WAGER_KINDS) -> str:
    return WAGER_TITLES[kinds[kind]]


def casino_wagers(order: Iterable[int], wagers: Mapping[int, Sequence[int]], odds: Mapping[int, Sequence[int | Fraction]], kinds: Sequence[str],
                  envy: Mapping[int, int | Fraction], results: list[tuple[Any, ...]],
                  ledger: Ledger | None, push_note: str = ""
                  ) -> Iterator[tuple[int, int, int, int | Fraction, str, str]]:
    """The wagers of a casino round in settlement order, for its settlement to pay:
    yields ``(seat, kind, stake, odds, circle, title)`` for each wager that is neither a
    push (its stake is returned here) nor an Envy Bonus; appends each push, and each
    seat's Envy Bonus after its wagers (kind ``len(kinds)``, paid by the house here), to
    ``results``. The caller appends the other wagers' results. ``push_note``: why the
    base wagers push (the dealer's hand meets a push condition), in their ledger lines."""
    t = envy_slot(kinds)
    for seat in order:
        stakes = wagers.get(seat)
        if stakes is None:
            continue
        outs = odds[seat]
        for kind, stake in enumerate(stakes):
            if not stake:
                continue
            o = outs[kind]
            circle = circle_account(seat, kind, kinds)
            title = wager_title(kind, kinds)
            if o == PUSH:
                why = f" ({push_note})" if push_note and kind == 0 else ""
                if ledger is not None:
                    ledger.move(circle, seat_account(seat), stake,
                                f"{title} pushes{why}: stake returned")
                results.append((seat, kind, stake, 0))
                continue
            yield seat, kind, stake, o, circle, title
        if seat in envy:
            assert t is not None             # envy_owed pays only on a host bet
            amount = envy[seat]
            results.append((seat, len(kinds), stakes[t], amount))
            if ledger is not None:
                ledger.move(HOUSE, seat_account(seat), amount,
                            f"{WAGER_TITLES[ENVY]}: other players' hands triggered {money(amount)}")


def settle_house(order: Iterable[int], wagers: Mapping[int, Sequence[int]], odds: Mapping[int, Sequence[int | Fraction]], kinds: Sequence[str],
                 settlement: SettlementRule | int | Fraction, envy: Mapping[int, int | Fraction] | None = None,
                 ledger: Ledger | None = None, push_note: str = "") -> Settlement:
    """Settle a table the house banks (the casino game: seeds 002, 004): every wager in
    ``order`` on its own, no cap. A winning base wager is paid 1 to 1 less the commission
    (``settlement``: the table's ``SettlementRule``, or a commission rate: its
    ``win_net``); a side bet is paid its odds; a push returns the stake; anything else
    loses. ``envy``: seat -> envy bonus owed on its host bet (``envy_owed``), listed
    in the results as kind ``len(kinds)`` with the host's stake. Amounts are exact:
    ints, or Fractions where a commission leaves a part of a dollar. ``push_note``: why
    the base wagers push, for the ledger (``casino_wagers``)."""
    results: list = []
    rule = SettlementRule.at(settlement)
    keep = rule.win_net
    for seat, kind, stake, o, circle, title in casino_wagers(order, wagers, odds, kinds,
                                                             envy or {}, results, ledger,
                                                             push_note):
        if o < 0:
            res: int | Fraction = -stake
            if ledger is not None:
                ledger.move(circle, HOUSE, stake, f"{title} loses")
        else:
            res = whole(stake * o * keep if kind == 0 else stake * o)
            if ledger is not None:
                why = f"{title} wins {o} to 1"
                if kind == 0 and keep != 1:
                    why += f" less {rule.commission_words} commission"
                ledger.move(HOUSE, seat_account(seat), res, why)
                ledger.move(circle, seat_account(seat), stake, f"{title} stake returned with the win")
        results.append((seat, kind, stake, res))
    dealer_net = -sum(r[3] for r in results)
    return Settlement(results, whole(dealer_net) if dealer_net else 0, False, False, 0)
