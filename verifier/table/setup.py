"""A table set up for many rounds: who sits where with what wagers and chips, the bank
(the player-dealer's rotation, or the house's, or players banking in turn by a policy)
and the round's banker as a function of the round number (``TableSetup.round_turn``),
so that blocks of rounds stay reproducible (verifier/table/simulate.py)."""
from __future__ import annotations
from dataclasses import dataclass, field

from verifier.support.errors import VerifierError
from verifier.table.deal import SEATS, check_seat
from verifier.table.limits import TableRules, check_round
from verifier.table.bank import bank_covers
from typing import Any, Iterable, Sequence


MAX_BANK_ROUNDS = 2       # "may only bank the hand ... for two consecutive rounds"
BANK_POLICIES = ("always", "never", "every-other")
#: the house's take by source when players bank (docs/TABLE.md): the commission on the
#: players' winning base wagers (whoever banks), on the banking players' wins, the
#: casino's co-banked share, the dealer's wager against a player-banker, and the house's
#: own results as banker (the base game when it banks, every side bet always) less the
#: commission counted above
HOUSE_SOURCES = ("commission_from_players", "commission_from_banking_players", "co_banked",
                 "dealer_wager", "house_bank_and_side_bets")
#: when the house banks (the casino game), the dealer's place among the seven hands:
#: seat 7's, so seats 1-6 play and seat 1 is on the dealer's left (docs/TABLE.md)
HOUSE_SEAT = 7


@dataclass(frozen=True)
class SeatPlan:
    """What the player in one seat does: wagers when playing, bank when banking
    (bank 0: declines the bank when it is offered)."""
    wagers: tuple = (0, 0, 0)
    bank: int = 0


@dataclass(frozen=True)
class TableSetup:
    seats: tuple                      # seven SeatPlans, seat 1 first
    first_banker: int = 1
    rounds_per_bank: int = MAX_BANK_ROUNDS
    action_pile: int = 0
    table: TableRules = field(default_factory=TableRules)
    # players bank in rotation (docs/TABLE.md, "The bank in rotation"): seat -> policy
    # ("always", "never", "every-other"), the seats at the table only; None: the house
    # banks every hand. ``co_bank``: a player-banker co-banks with the casino.
    bank_policy: tuple | None = None
    co_bank: bool = False
    # a progressive played on the hands dealt (docs/TABLE.md, "Progressives at the table"):
    # (the Progressive table, the seats with its wager); None: none
    progressive: tuple | None = None

    def __post_init__(self):
        if len(self.seats) != SEATS:
            raise VerifierError(f"a table has {SEATS} seats, got {len(self.seats)} seat plans")
        if self.bank_policy is not None or self.co_bank:
            self._check_bank()
        if self.table.house_banks:
            if any(self.seats[HOUSE_SEAT - 1].wagers):
                raise VerifierError(f"seat {HOUSE_SEAT} is the dealer's place when the house "
                                    f"banks ({self.table.name}): players sit at seats 1-6")
            wagers = {s: self.seats[s - 1].wagers for s in range(1, SEATS + 1) if s != HOUSE_SEAT}
            if not check_round(HOUSE_SEAT, 0, wagers, self.table):
                raise VerifierError("no seat places a wager")
            return
        check_seat(self.first_banker, "first banker seat")
        if self.rounds_per_bank not in range(1, MAX_BANK_ROUNDS + 1):
            raise VerifierError(f"a player-dealer may bank at most {MAX_BANK_ROUNDS} "
                                f"consecutive rounds, not {self.rounds_per_bank}")
        if self.seats[self.first_banker - 1].bank <= 0:
            raise VerifierError(f"seat {self.first_banker} is to bank first but puts up no bank")
        if len(self.bankers()) < 2:
            raise VerifierError("the bank must pass on after two rounds: at least two seats "
                                "must be willing to bank")
        for seat in self.bankers():  # each banker's round must be a valid round
            wagers = {s: self.seats[s - 1].wagers for s in range(1, SEATS + 1) if s != seat}
            check_round(seat, self.seats[seat - 1].bank, wagers, self.table)

    def _check_bank(self):
        t = self.table
        if not t.players_bank:
            raise VerifierError(f"rule set {t.name}: players do not bank (its [bank] banker "
                                "is the house): --bank-policy and --co-bank do not apply")
        if self.co_bank and not t.co_bank_share:
            raise VerifierError(f"rule set {t.name} has no co-banking (its [bank] "
                                "co_bank_share is 0): --co-bank does not apply")
        occupied = self.occupied()
        for seat, policy in dict(self.bank_policy or ()).items():
            if policy not in BANK_POLICIES:
                raise VerifierError(f"bad bank policy {policy!r} for seat {seat}: "
                                    f"{', '.join(BANK_POLICIES)}")
            if seat not in occupied:
                raise VerifierError(f"bank policy: seat {seat} is not occupied (seats at the "
                                    f"table: {', '.join(map(str, occupied)) or 'none'})")

    def occupied(self) -> list[int]:
        """The seats with wagers, clockwise from seat 1 (the dealer's left)."""
        return [s for s in range(1, SEATS + 1) if any(self.seats[s - 1].wagers)]

    @property
    def rotates(self) -> bool:
        """Players take the bank in turn (some seat's policy is not "never")."""
        return any(p != "never" for _, p in (self.bank_policy or ()))

    def rotation(self) -> list[int]:
        """The turns of the bank, in order: the dealer (the house's place), then each
        occupied seat clockwise from the dealer's left."""
        return [HOUSE_SEAT] + self.occupied()

    def dealer_wager(self, seat: int) -> int:
        """The dealer's wager against ``seat`` banking: its last base wager when the dealer
        banked (reading bank_dealer_wager), none when co-banking or by the rule set."""
        if self.co_bank or self.table.dealer_wager == "none":
            return 0
        return self.seats[seat - 1].wagers[0]

    def covers(self, seat: int) -> bool:
        """Whether ``seat``'s chips (its ``bank``) cover every wager against its bank."""
        if not self.table.requires_cover:
            return True
        others = {s: self.seats[s - 1].wagers for s in self.occupied() if s != seat}
        return self.seats[seat - 1].bank >= bank_covers(others, self.dealer_wager(seat))

    def round_turn(self, r: int) -> tuple[int, int | None, bool]:
        """Round r's turn of the bank: (the seat whose turn it is, or HOUSE_SEAT for the
        dealer's; the banker: that seat if it takes the bank, else None, the dealer
        banks; whether the seat wanted the bank but its chips could not cover the
        table). A pure function of r: the bank moves one place a round; a seat "every-other"
        takes it on its first, third, ... turns; a seat whose chips cannot cover the table
        passes; every seat wagered against the dealer when it last banked (the rotation
        starts with the dealer, and every occupied seat wagers whenever it is not banking)."""
        turns = self.rotation()
        seat = turns[r % len(turns)]
        if seat == HOUSE_SEAT:
            return seat, None, False
        policy = dict(self.bank_policy or ()).get(seat, "never")
        k = r // len(turns)
        wants = policy == "always" or (policy == "every-other" and k % 2 == 0)
        if not wants:
            return seat, None, False
        covers = self.covers(seat)
        return seat, (seat if covers else None), not covers

    def bankers(self) -> list[int]:
        """The seats that accept the bank, in the clockwise order it is offered (the
        dealer's place alone when the house banks)."""
        if self.table.house_banks:
            return [HOUSE_SEAT]
        return [(self.first_banker - 1 + k) % SEATS + 1 for k in range(SEATS)
                if self.seats[(self.first_banker - 1 + k) % SEATS].bank > 0]

    def banker_of_round(self, r: int) -> int:
        """Round r's player-dealer: each banker banks ``rounds_per_bank`` consecutive
        rounds, then the bank is offered clockwise (seats that decline are passed)."""
        bankers = self.bankers()
        return bankers[(r // self.rounds_per_bank) % len(bankers)]


def uniform_setup(wagers: Sequence[int] = (100, 10, 10), bank: int = 1000,
                  seats: Iterable[int] | None = None, **kw: Any) -> TableSetup:
    """Every listed seat plays the same wagers and banks the same amount (seats: all
    seven, or 1-6 when the house banks; there ``bank`` is not used)."""
    table = kw.get("table")
    house = table is not None and table.house_banks
    if seats is None:
        seats = range(1, SEATS) if house else range(1, SEATS + 1)
    if house and not kw.get("bank_policy") and not kw.get("co_bank"):
        bank = 0
    seats = set(seats)
    plans = tuple(SeatPlan(tuple(wagers), bank) if s in seats else SeatPlan((0,) * len(wagers))
                  for s in range(1, SEATS + 1))
    return TableSetup(plans, first_banker=kw.pop("first_banker", min(seats)), **kw)


def parse_bank_policy(text: str, occupied: Iterable[int]) -> tuple[tuple[int, str], ...]:
    """``--bank-policy``: one policy for every occupied seat ("always", "never",
    "every-other"), or per seat ("1=always,3=every-other": the seats not named never
    bank; a bare policy among them sets the others'). Returns ((seat, policy), ...) for
    the occupied seats; a seat not occupied, a bad seat (ASCII digits only), a bad or
    empty policy, a seat or the others' policy given twice is one line."""
    default, bare = "never", False
    named = {}
    for part in str(text).split(","):
        part = part.strip()
        seat: str | None
        seat, eq, policy = part.partition("=")
        if not eq:
            policy, seat = seat, None
        policy = policy.strip()
        if policy not in BANK_POLICIES:
            raise VerifierError(f"bad --bank-policy {text!r}: {policy!r} is not one of "
                                f"{', '.join(BANK_POLICIES)}")
        if seat is None:
            if bare:
                raise VerifierError(f"bad --bank-policy {text!r}: the others' policy is "
                                    "given twice")
            default, bare = policy, True
            continue
        seat = seat.strip()
        if seat not in [str(n) for n in range(1, SEATS + 1)]:
            raise VerifierError(f"bad --bank-policy {text!r}: {seat!r} is not a seat 1 to 7")
        if int(seat) in named:
            raise VerifierError(f"bad --bank-policy {text!r}: seat {seat} is given twice")
        if int(seat) not in occupied:
            raise VerifierError(f"bad --bank-policy {text!r}: seat {seat} is not occupied "
                                f"(seats at the table: {', '.join(map(str, occupied))})")
        named[int(seat)] = policy
    return tuple((s, named.get(s, default)) for s in occupied)
