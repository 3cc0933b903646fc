"""Table limits, pay tables and the checks a round must pass before the deal.

- Minimum $10 per spot, as filed; every bet placed (base, Wrangler Push, Outlaw 9)
  must be within the table limits ("Bonus bet wagers must be within table limits").
- Maximum: the filing names none. Reading: $1,000 per spot and per bet (the fee
  schedule's top tier is "$401 or more", so the maximum sits well above $400).
- A wager belongs to a seat 1..7 that is not the player-dealer's; a bet with no such
  seat is rejected. A seat may hold bonus bets without a base bet (as filed).
- The bank (the player-dealer's wager) must be at least the table minimum.
"""
from dataclasses import dataclass, field

from ..errors import VerifierError
from ..rules import Rules
from .deal import SEATS, check_seat
from .fees import FeeSchedule

WAGER_KINDS = ("base", "wrangler", "outlaw9")
WAGER_TITLES = {"base": "base game", "wrangler": "Wrangler Push", "outlaw9": "Outlaw 9"}
BASE, WRANGLER, OUTLAW9 = 0, 1, 2

# Outlaw 9 High or Better, as filed, in the order of verifier/categories.py.
OUTLAW9_PAYS = (4000, 2000, 1000, 200, 100, 40, 25, 12, 10, 8, 6, 5, 4, 3, 2, 1)
# Wrangler Push: 1 to 1, or 2 to 1 with a pair of 3s or higher in either two-card hand.
WRANGLER_PAYS = (1, 2)


@dataclass(frozen=True)
class TableRules:
    """Everything about the table that a round's result depends on."""
    minimum: int = 10
    maximum: int = 1000
    fees: FeeSchedule = field(default_factory=FeeSchedule)
    rules: Rules = field(default_factory=Rules)
    outlaw9_pays: tuple = OUTLAW9_PAYS
    wrangler_pays: tuple = WRANGLER_PAYS

    def __post_init__(self):
        if not (isinstance(self.minimum, int) and isinstance(self.maximum, int)
                and 0 < self.minimum <= self.maximum):
            raise VerifierError(f"bad table limits ${self.minimum}-${self.maximum}")
        if len(self.outlaw9_pays) != 16 or not all(isinstance(p, int) and p >= 1
                                                   for p in self.outlaw9_pays):
            raise VerifierError("an Outlaw 9 pay table needs 16 whole-number odds, each 1 or more")

    @property
    def wheel_second(self):
        return self.rules.wheel == "second"

    @property
    def house_way_id(self):
        from ..houseway.compiled import engine_number
        return engine_number(self.rules.house_way)

    @property
    def mask_index(self):
        """Which mask of engine.categories the Outlaw 9 bet is read from."""
        return 0 if self.rules.bonus_reading == "seven-card" else 1


def _check_amount(value, what):
    if not isinstance(value, int) or isinstance(value, bool):
        raise VerifierError(f"{what}: {value!r} is not a whole number of dollars")
    if value < 0:
        raise VerifierError(f"{what}: ${value} is negative")
    return value


def check_round(dealer_seat, bank, wagers, table):
    """Validate a round's seats, wagers and bank; return the wagers as
    ``{seat: (base, wrangler, outlaw9)}`` with seats that bet nothing left out."""
    check_seat(dealer_seat, "player-dealer seat")
    _check_amount(bank, "bank")
    if bank < table.minimum:
        raise VerifierError(f"the bank of ${bank} cannot cover the table minimum of ${table.minimum}")
    out = {}
    for seat, stakes in wagers.items():
        check_seat(seat, "wager seat")
        if seat == dealer_seat:
            raise VerifierError(f"seat {seat} is the player-dealer's: it banks and cannot also wager")
        if len(stakes) != 3:
            raise VerifierError(f"seat {seat}: expected base, wrangler and outlaw9 amounts")
        for kind, value in zip(WAGER_KINDS, stakes):
            what = f"seat {seat} {WAGER_TITLES[kind]} wager"
            _check_amount(value, what)
            if value and not table.minimum <= value <= table.maximum:
                raise VerifierError(f"{what} of ${value} is outside the table limits "
                                    f"${table.minimum}-${table.maximum}")
        if any(stakes):
            out[seat] = tuple(stakes)
    if len(out) > SEATS - 1:  # pragma: no cover - seats are checked above
        raise VerifierError("too many seats")
    return out
