"""Table limits, the game's pays and settlement, and the checks a round must pass.

``TableRules.from_ruleset`` builds the table a rule set describes: its settlement (the
fee schedule of the California game, or a commission with the house banking every
hand) and its bets with their pay tables, read from the rule set's files, never typed
here. ``TableRules()`` is the default rule set's table (outlaw9-mikes, seed 001).

- Minimum $10 per spot, as filed; every bet placed (base, Wrangler Push, Outlaw 9)
  must be within the table limits ("Bonus bet wagers must be within table limits").
- Maximum: the filing names none. Reading: $1,000 per spot and per bet (the fee
  schedule's top tier is "$401 or more", so the maximum sits well above $400).
- A wager belongs to a seat 1..7 that is not the player-dealer's; a bet with no such
  seat is rejected. A seat may hold bonus bets without a base bet (as filed).
- The bank (the player-dealer's wager) must be at least the table minimum.
"""
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache

from verifier.support.errors import VerifierError
from verifier.rules.readings import Rules
from verifier.table.deal import SEATS, check_seat
from verifier.table.fees import FeeSchedule, NO_FEES
from verifier.game.settlement import SettlementRule

#: the California game's wagers, in settlement order (seed 001)
WAGER_KINDS = ("base", "wrangler", "outlaw9")
#: every wager a seat can place (the table's ``kinds`` are some of them, base first),
#: and the Envy Bonus, a payment on a Treasure bet rather than a wager of its own
ALL_KINDS = ("base", "wrangler", "outlaw9", "insurance", "treasure")
ENVY = "envy"
class _Titles(dict):
    """Wager titles; a custom bet (docs/TABLE.md) is titled by its rule-set name."""

    def __missing__(self, kind):
        return kind


WAGER_TITLES = _Titles({"base": "base game", "wrangler": "Wrangler Push", "outlaw9": "Outlaw 9",
                "insurance": "Pai Gow Insurance", "treasure": "Emperor's Treasure",
                "envy": "Envy Bonus"})
#: a rule set's bet -> the table's wager kind
BET_KINDS = {"wrangler_push": "wrangler", "outlaw9": "outlaw9",
             "pai_gow_insurance": "insurance", "emperors_treasure": "treasure"}
BASE, WRANGLER, OUTLAW9 = 0, 1, 2
LOSE_LINE = -1          # the odds of a line the pay table does not pay


def _is_odds(p):
    return isinstance(p, (int, Fraction)) and not isinstance(p, bool) and (p >= 0 or p == -1)


def whole(x):
    """An exact amount as an int when it is whole (ledgers and sums stay integers)."""
    return int(x) if isinstance(x, Fraction) and x.denominator == 1 else x


def line_odds(pay):
    """A pay table's pay -> odds: N to 1 -> N, push -> 0, 0 (or absent) -> -1."""
    from verifier.game.paytables import PUSH
    if pay is PUSH:
        return 0
    pay = Fraction(pay)
    if pay <= 0:
        return LOSE_LINE
    return whole(pay)


def odds_by_line(table, lines):
    """A pay table's odds in the order of ``lines`` (lines it does not pay lose)."""
    pay = table.pay
    return tuple(line_odds(pay[line]) if line in pay else LOSE_LINE for line in lines)


@lru_cache(maxsize=None)
def default_ruleset():
    from verifier.rules.rulesets import load
    return load()


def _default(bet):
    """The default rule set's odds of a bet: Outlaw 9 by category bit, Wrangler Push as
    (1 to 1 line, pair of 3s line)."""
    from verifier.game.bets import BETS
    return odds_by_line(default_ruleset().paytables()[bet], BETS[bet].lines)


# Outlaw 9 High or Better, as filed, in the order of verifier/game/categories.py.
OUTLAW9_PAYS = _default("outlaw9")
# Wrangler Push: 1 to 1, or 2 to 1 with a pair of 3s or higher in either two-card hand.
WRANGLER_PAYS = _default("wrangler_push")


@dataclass(frozen=True)
class TableRules:
    """Everything about the table that a round's result depends on."""
    minimum: int = 10
    maximum: int = 1000
    fees: FeeSchedule = field(default_factory=FeeSchedule)
    rules: Rules = field(default_factory=Rules.of)
    outlaw9_pays: tuple = OUTLAW9_PAYS
    wrangler_pays: tuple = WRANGLER_PAYS
    # the wagers a seat places, in settlement order (base first)
    kinds: tuple = WAGER_KINDS
    # settlement: "fees" (a player-dealer banks, collection fees) or "commission" (the
    # house banks every hand and takes ``commission`` of every winning base wager)
    settlement: str = "fees"
    commission: Fraction = Fraction(0)
    # Emperor's Challenge bets (seed 004): odds by INSURANCE_LINES, odds by Outlaw 9
    # category bit (Treasure), dollars by category bit (Envy; empty: no Envy Bonus)
    insurance_pays: tuple = ()
    treasure_pays: tuple = ()
    envy_pays: tuple = ()
    envy_minimum: int = 5
    name: str = "outlaw9-mikes"
    # the rule set's [bank] (docs/TABLE.md, "The bank in rotation"): players may bank in
    # turn with the dealer; the casino's share when co-banking (0: none); the dealer's
    # wager against a player-banker ("last-bet" or "none"); the banker's commission
    # ("net-win" or "each-win"); whether a banker must cover every wager
    players_bank: bool = False
    co_bank_share: Fraction = Fraction(0)
    dealer_wager: str = "none"
    banker_commission: str = "net-win"
    requires_cover: bool = True
    requires_dealer_wager: bool = True
    # the rule set's custom bets (custom.TableBet), played against the house
    custom: tuple = ()

    def __post_init__(self):
        if not (isinstance(self.minimum, int) and isinstance(self.maximum, int)
                and 0 < self.minimum <= self.maximum):
            raise VerifierError(f"bad table limits ${self.minimum}-${self.maximum}")
        if self.settlement not in ("fees", "commission"):
            raise VerifierError(f"unknown settlement {self.settlement!r}: fees or commission")
        customs = tuple(b.name for b in self.custom)
        seeds = tuple(k for k in self.kinds if k not in customs)
        if self.kinds[len(seeds):] != customs:
            raise VerifierError(f"bad wagers {self.kinds!r}: the custom bets "
                                f"{', '.join(customs)} come last")
        if not seeds or seeds[0] != "base" or not set(seeds) <= set(ALL_KINDS):
            raise VerifierError(f"bad wagers {self.kinds!r}: base first, then some of "
                                f"{', '.join(ALL_KINDS[1:])}")
        if self.settlement == "fees" and not set(seeds) <= set(WAGER_KINDS):
            raise VerifierError("the player-dealer (fee) game offers only the Wrangler Push "
                                "and Outlaw 9 bets")
        if self.house_banks and seeds != tuple(k for k in ALL_KINDS if k in seeds):
            raise VerifierError(f"bad wager order {self.kinds!r}")
        for pays, size, what in ((self.outlaw9_pays, 16, "an Outlaw 9"),
                                 (self.wrangler_pays, 2, "a Wrangler Push"),
                                 (self.insurance_pays, 6, "a Pai Gow Insurance"),
                                 (self.treasure_pays, 16, "an Emperor's Treasure")):
            if pays and (len(pays) != size or not all(_is_odds(p) for p in pays)):
                raise VerifierError(f"{what} pay table needs {size} odds, each -1 (loses), "
                                    "0 (push) or an exact positive number")
        if self.envy_pays and (len(self.envy_pays) != 16 or not all(
                isinstance(a, (int, Fraction)) and not isinstance(a, bool) and a >= 0
                for a in self.envy_pays)):
            raise VerifierError("an Envy Bonus table needs 16 amounts, each 0 or more")
        if not 0 <= self.commission < 1:
            raise VerifierError(f"commission {self.commission} is not between 0 and 1")
        if self.envy_pays and "treasure" not in self.kinds:
            raise VerifierError("the Envy Bonus needs the Emperor's Treasure bet")

    @classmethod
    def from_ruleset(cls, ruleset, **kw):
        """The table a rule set describes: its settlement and its bets' pay tables.
        ``kw`` sets the limits (minimum, maximum) and may replace ``rules``."""
        from verifier.game.categories import OUTLAW9_LINES
        from verifier.odds.emperors import ENVY_MINIMUM, INSURANCE_LINES
        from verifier.game.bets import BETS
        tables = ruleset.paytables()
        out = {"rules": ruleset.rules, "name": ruleset.name}
        offered = [BET_KINDS[b] for b in tables if b in BET_KINDS]
        out["kinds"] = ("base",) + tuple(k for k in ALL_KINDS[1:] if k in offered)
        if "outlaw9" in tables:
            out["outlaw9_pays"] = odds_by_line(tables["outlaw9"], OUTLAW9_LINES)
        if "wrangler_push" in tables:
            out["wrangler_pays"] = odds_by_line(tables["wrangler_push"],
                                                BETS["wrangler_push"].lines)
        if "pai_gow_insurance" in tables:
            out["insurance_pays"] = odds_by_line(tables["pai_gow_insurance"], INSURANCE_LINES)
        if "emperors_treasure" in tables:
            out["treasure_pays"] = odds_by_line(tables["emperors_treasure"], OUTLAW9_LINES)
        if "envy_bonus" in tables:
            pay = tables["envy_bonus"].pay
            out["envy_pays"] = tuple(whole(Fraction(pay.get(line, 0))) for line in OUTLAW9_LINES)
            out["envy_minimum"] = ENVY_MINIMUM
        s = SettlementRule.of(ruleset.settlement)
        out["settlement"] = s.kind
        if s.is_fees:
            out["fees"] = FeeSchedule(player_tiers=s.player_tiers, dealer_tiers=s.dealer_tiers)
            out["maximum"] = s.table_max
        else:
            out["commission"] = s.commission
            out["fees"] = NO_FEES
        if ruleset.players_bank:
            b = ruleset.bank
            out.update(players_bank=True, co_bank_share=Fraction(b["co_bank_share"]),
                       dealer_wager=b["dealer_wager"],
                       banker_commission=b["banker_commission"],
                       requires_cover=b["requires_cover"],
                       requires_dealer_wager=b["requires_dealer_wager"])
        from verifier.table.custom import table_bets
        out["custom"] = table_bets(ruleset)
        for b in out["custom"]:
            if b.name in ALL_KINDS + (ENVY,):
                raise VerifierError(f"rule set {ruleset.name}: a custom bet may not be named "
                                    f"{b.name!r} at the table (a seed's wager is)")
        out["kinds"] += tuple(b.name for b in out["custom"])
        out.update(kw)
        return cls(**out)

    @property
    def house_banks(self):
        """The casino game: the house banks every hand (no rotation, no cap, no fees)."""
        return self.settlement == "commission"

    def custom_bet(self, kind):
        """The custom bet (custom.TableBet) a wager kind names, None for a seed's bet."""
        return next((b for b in self.custom if b.name == kind), None)

    @property
    def stat_kinds(self):
        """The results the simulator reports: the wagers, and the Envy Bonus if offered."""
        return self.kinds + ((ENVY,) if self.envy_pays else ())

    @cached_property
    def engine(self):
        """The ``EngineSpec`` of the table's rules, made once per table (not per round)."""
        from verifier.engine import engine_spec
        return engine_spec(self.rules)

    @property
    def wheel_second(self):
        return self.engine.wheel_second

    @property
    def house_way_number(self):
        return self.engine.checked()[1]

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
    ``{seat: amounts}`` (one per ``table.kinds``: base, wrangler, outlaw9 in the fee game)
    with seats that bet nothing left out. When the house banks, ``bank`` is not used."""
    check_seat(dealer_seat, "player-dealer seat")
    _check_amount(bank, "bank")
    if bank < table.minimum and not table.house_banks:
        raise VerifierError(f"the bank of ${bank} cannot cover the table minimum of ${table.minimum}")
    out = {}
    for seat, stakes in wagers.items():
        check_seat(seat, "wager seat")
        if seat == dealer_seat:
            if table.house_banks:
                raise VerifierError(f"seat {seat} is the dealer's position: no one wagers there")
            raise VerifierError(f"seat {seat} is the player-dealer's: it banks and cannot also wager")
        if len(stakes) != len(table.kinds):
            raise VerifierError(f"seat {seat}: expected {', '.join(table.kinds)} amounts")
        for kind, value in zip(table.kinds, stakes):
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
