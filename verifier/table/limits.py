"""Table limits, the game's pays and settlement, and the checks a round must pass.

``TableRules.from_ruleset`` builds the table a rule set describes: its settlement (the
fee schedule of the California game, or a commission with the house banking every
hand) and its bets with their pay tables, read from the rule set's files, never typed
here: each named bet's wager is its module's ``TableSide`` (verifier/bets/), paid by a
pay vector over its read's lines (verifier/table/reads.py). ``TableRules()`` is the
default rule set's table (outlaw9-mikes, seed 001).

- Minimum $10 per spot, as filed; every bet placed (the base and the side bets)
  must be within the table limits ("Bonus bet wagers must be within table limits").
- Maximum: the filing names none. Reading: $1,000 per spot and per bet (the fee
  schedule's top tier is "$401 or more", so the maximum sits well above $400).
- A wager belongs to a seat 1..7 that is not the player-dealer's; a bet with no such
  seat is rejected. A seat may hold bonus bets without a base bet (as filed).
- The bank (the player-dealer's wager) must be at least the table minimum.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from verifier.support.errors import VerifierError
from verifier.rules.readings import Rules
from verifier.table.deal import SEATS, check_seat
from verifier.table.fees import FeeSchedule, NO_FEES
from verifier.game.settlement import SettlementRule
from verifier.game.bets import BASE, WAGER_TITLES, table_sides
from verifier.game.betreads import refuse_under_wild
from typing import Any, Mapping, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.engine import EngineSpec
    from verifier.game.bets import TableSide
    from verifier.game.paytables import Pay, Paytable
    from verifier.rules.rulesets import RuleSet
    from verifier.table.custom import TableBet

ENVY = "envy"
LOSE_LINE = -1          # the odds of a line the pay table does not pay


def envy_slot(kinds: Sequence[str]) -> int | None:
    """The slot of ``kinds`` whose wager an envy bonus is paid on (the bet that hosts
    envy, ``Bet.hosts_envy``), None when none of them does."""
    from verifier.game.bets import BETS
    hosts = [b.table.kind for b in BETS.values() if b.hosts_envy and b.table]
    return next((i for i, k in enumerate(kinds) if k in hosts), None)




def _is_odds(p):
    return isinstance(p, (int, Fraction)) and not isinstance(p, bool) and (p >= 0 or p == -1)


def whole(x: int | Fraction) -> int | Fraction:
    """An exact amount as an int when it is whole (ledgers and sums stay integers)."""
    return int(x) if isinstance(x, Fraction) and x.denominator == 1 else x


def line_odds(pay: Pay) -> int | Fraction:
    """A pay table's pay -> odds: N to 1 -> N, push -> 0, 0 (or absent) -> -1."""
    from verifier.game.paytables import PUSH
    if pay is PUSH:
        return 0
    pay = Fraction(pay)
    if pay <= 0:
        return LOSE_LINE
    return whole(pay)


def odds_by_line(table: Paytable, lines: Sequence[str]) -> tuple[int | Fraction, ...]:
    """A pay table's odds in the order of ``lines`` (lines it does not pay lose)."""
    pay = table.pay
    return tuple(line_odds(pay[line]) if line in pay else LOSE_LINE for line in lines)


def default_ruleset() -> RuleSet:
    """The default rule set (outlaw9-mikes, seed 001), the shipped one: built once per
    process by the rule sets' own cache (verifier/rules/rulesets.py)."""
    from verifier.rules.rulesets import load
    return load()


def ruleset_table(ruleset: RuleSet) -> dict[str, Any]:
    """The wagers and pays of a rule set's named bets at the table: {"kinds": (base, the
    sides' kinds in the registry's order), "pays": ((kind, odds by line), ...),
    "envy_pays", "envy_minimum"}."""
    from verifier.game.bets import BETS
    from verifier.odds.emperors import ENVY_MINIMUM
    tables = ruleset.paytables()
    offered = {BETS[b].table.kind: tables[b] for b in tables if b in BETS and BETS[b].table}
    out: dict = {"kinds": (BASE,), "pays": ()}
    for kind, side in table_sides().items():
        if kind not in offered:
            continue
        if side.envy:
            pay = offered[kind].pay
            out["envy_pays"] = tuple(whole(Fraction(pay.get(line, 0))) for line in side.lines)
            out["envy_minimum"] = ENVY_MINIMUM
        else:
            out["kinds"] += (kind,)
            out["pays"] += ((kind, odds_by_line(offered[kind], side.lines)),)
    return out


def _default_settlement() -> SettlementRule:
    """The default rule set's settlement (seed 001's fees)."""
    return SettlementRule.of(default_ruleset().settlement)


def _settlement_of(value: Any) -> SettlementRule:
    """A settlement a round file's ``table`` gives: a ``[settlement]`` mapping, checked as a
    rule set's is (verifier/rules/terms.py)."""
    from verifier.rules.terms import check_settlement
    return SettlementRule.of(check_settlement(value, "table"))


#: the default rule set's wagers, in settlement order (seed 001: base, then its bets)
_DEFAULT_TABLE = ruleset_table(default_ruleset())
WAGER_KINDS = _DEFAULT_TABLE["kinds"]
DEFAULT_PAYS = _DEFAULT_TABLE["pays"]


@dataclass(frozen=True)
class TableRules:
    """Everything about the table that a round's result depends on."""
    minimum: int = 10
    maximum: int = 1000
    fees: FeeSchedule = field(default_factory=FeeSchedule)
    rules: Rules = field(default_factory=Rules.of)
    # the wagers a seat places, in settlement order (base first), and each named bet's
    # odds by its read's line index ((kind, odds), ...; verifier/bets/ declares the read)
    kinds: tuple = WAGER_KINDS
    pays: tuple = DEFAULT_PAYS
    # the settlement, whole (game/settlement.py): fees (a player-dealer banks, collection
    # fees: ``fees`` above) or a commission (the house banks every hand and takes its
    # commission of every winning base wager), with its push conditions on the banker's
    # set hand (docs/VARIANTS.md); a round file's ``table`` may give its mapping
    settlement: SettlementRule = field(default_factory=_default_settlement)
    # an envy bonus (seed 004): dollars by seven-card category bit (empty: none), paid on
    # the wager of the bet that hosts envy
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
        if not isinstance(self.settlement, SettlementRule):
            object.__setattr__(self, "settlement", _settlement_of(self.settlement))
        customs = tuple(b.name for b in self.custom)
        seeds = tuple(k for k in self.kinds if k not in customs)
        sides = table_sides()
        named = tuple(k for k in sides if not sides[k].envy)
        if self.kinds[len(seeds):] != customs:
            raise VerifierError(f"bad wagers {self.kinds!r}: the custom bets "
                                f"{', '.join(customs)} come last")
        if not seeds or seeds[0] != BASE or not set(seeds[1:]) <= set(named):
            raise VerifierError(f"bad wagers {self.kinds!r}: base first, then some of "
                                f"{', '.join(named)}")
        house_only = [WAGER_TITLES[k] for k in seeds[1:] if sides[k].house_only]
        if self.settlement.is_fees and house_only:
            raise VerifierError(f"the player-dealer (fee) game does not offer the "
                                f"{', '.join(house_only)} bets (played where the house banks)")
        if self.house_banks and seeds[1:] != tuple(k for k in named if k in seeds):
            raise VerifierError(f"bad wager order {self.kinds!r}")
        pays = dict(self.pays)
        for kind in seeds[1:]:
            odds, size = pays.get(kind, ()), len(sides[kind].lines)
            if len(odds) != size or not all(_is_odds(p) for p in odds):
                raise VerifierError(f"a {WAGER_TITLES[kind]} pay table needs {size} odds, each "
                                    "-1 (loses), 0 (push) or an exact positive number")
        if self.envy_pays and (len(self.envy_pays) != 16 or not all(
                isinstance(a, (int, Fraction)) and not isinstance(a, bool) and a >= 0
                for a in self.envy_pays)):
            raise VerifierError("an envy bonus table needs 16 amounts, each 0 or more")
        if self.settlement.has_pushes and (not self.house_banks or self.players_bank):
            raise VerifierError("a push on the banker's hand is played where the house banks "
                                "(no player-dealer, no player banking)")
        if self.envy_pays and self.envy_slot is None:
            raise VerifierError("the envy bonus needs the bet it is paid on")
        for kind in seeds[1:]:                  # a read of the bug's joker only: one line
            refuse_under_wild(sides[kind].read_for(self.rules), WAGER_TITLES[kind],
                              self.rules.joker)
        for b in self.custom:
            refuse_under_wild(b.reads, f"custom bet {b.title or b.name}", self.rules.joker,
                              [line for line, _ in b.nets])

    @classmethod
    def from_ruleset(cls, ruleset: RuleSet, **kw: Any) -> TableRules:
        """The table a rule set describes: its settlement and its bets' pay tables.
        ``kw`` sets the limits (minimum, maximum) and may replace ``rules``."""
        out = {"rules": ruleset.rules, "name": ruleset.name, **ruleset_table(ruleset)}
        s = SettlementRule.of(ruleset.settlement)
        if s.dealer_exposed:
            raise VerifierError(f"rule set {ruleset.name}: the table does not deal Face Up "
                                "(the dealer's hand exposed first) yet; its exact game: run "
                                "--rules " + ruleset.name + " (docs/FACE_UP.md)")
        out["settlement"] = s
        if s.is_fees:
            out["fees"] = FeeSchedule(player_tiers=s.player_tiers, dealer_tiers=s.dealer_tiers)
            out["maximum"] = s.table_max
        else:
            out["fees"] = NO_FEES
        if ruleset.players_bank:
            b = ruleset.bank
            assert b is not None             # players bank: the rule set's [bank]
            out.update(players_bank=True, co_bank_share=Fraction(b["co_bank_share"]),
                       dealer_wager=b["dealer_wager"],
                       banker_commission=b["banker_commission"],
                       requires_cover=b["requires_cover"],
                       requires_dealer_wager=b["requires_dealer_wager"])
        from verifier.table.custom import table_bets
        out["custom"] = table_bets(ruleset)
        for b in out["custom"]:
            if b.name in table_sides() or b.name == BASE:
                raise VerifierError(f"rule set {ruleset.name}: a custom bet may not be named "
                                    f"{b.name!r} at the table (a seed's wager is)")
        out["kinds"] += tuple(b.name for b in out["custom"])
        out.update(kw)
        return cls(**out)

    @property
    def house_banks(self) -> bool:
        """The casino game: the house banks every hand (no rotation, no cap, no fees)."""
        return self.settlement.is_commission

    def custom_bet(self, kind: str) -> TableBet | None:
        """The custom bet (custom.TableBet) a wager kind names, None for a seed's bet."""
        return next((b for b in self.custom if b.name == kind), None)

    @property
    def stat_kinds(self) -> tuple[str, ...]:
        """The results the simulator reports: the wagers, and the Envy Bonus if offered."""
        return self.kinds + ((ENVY,) if self.envy_pays else ())

    @cached_property
    def engine(self) -> EngineSpec:
        """The ``EngineSpec`` of the table's rules, made once per table (not per round)."""
        from verifier.engine import engine_spec
        return engine_spec(self.rules)

    @property
    def wheel_second(self) -> int:
        return self.engine.wheel_second

    @property
    def house_way_number(self) -> int:
        return self.engine.checked()[1]

    @property
    def mask_index(self) -> int:
        """Which category mask of a set hand the bonus reading reads (0 the seven cards,
        1 the hands as the house way sets them): the round's shown categories."""
        return 0 if self.rules.bonus_reading == "seven-card" else 1

    def pays_of(self, kind: str) -> tuple[int | Fraction, ...]:
        """The odds of a named bet's wager by its read's line index."""
        return dict(self.pays)[kind]

    def read_of(self, kind: str) -> tuple[str, bool]:
        """(read, of the banker's hand) of a named bet's wager (``TABLE_READS``)."""
        side = table_sides()[kind]
        return side.read_for(self.rules), side.banker

    @property
    def envy_slot(self) -> int | None:
        """The wager slot an envy bonus is paid on (the bet that hosts envy), None none."""
        return envy_slot(self.kinds)


def _check_amount(value, what):
    if not isinstance(value, int) or isinstance(value, bool):
        raise VerifierError(f"{what}: {value!r} is not a whole number of dollars")
    if value < 0:
        raise VerifierError(f"{what}: ${value} is negative")
    return value


def check_round(dealer_seat: int, bank: int, wagers: Mapping[int, Sequence[int]],
                table: TableRules) -> dict[int, tuple[int, ...]]:
    """Validate a round's seats, wagers and bank; return the wagers as
    ``{seat: amounts}`` (one per ``table.kinds``, the base wager first)
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
