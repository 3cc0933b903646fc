"""The par sheet's shape: a line, a bet's table and figures, a reading, the sheet, and the
constants of its conventions (docs/PARSHEET.md; verifier/report/model.py builds it)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from verifier.odds.exact import ReturnFigures
from verifier.odds.formula import BetFormula


#: z of a two-sided 90% and 95% normal interval
Z90 = 1.6448536269514722
Z95 = 1.959963984540054
#: the session lengths the ranges are given for
SESSIONS = (1_000, 10_000, 100_000, 1_000_000)
#: a line rarer than this is flagged
RARE = Fraction(1, 100_000_000)
RARE_TEXT = "1 in 100 million"


@dataclass
class Line:
    """One outcome of a bet: a pay-table line, or the outcome that loses."""
    title: str
    pay: str                      # "4,000 to 1", "push", "loses", "$5,000"
    combinations: int
    probability: Fraction
    contribution: Fraction        # probability x net result (units, or dollars for envy)
    flags: list = field(default_factory=list)
    net: Fraction | None = None          # net result of one unit bet on the line (dollars for envy)

    @property
    def odds(self) -> str:
        """``"1 in 4,816,971"``: 1 / probability, or ``"never"``."""
        return odds_text(self.probability)


def odds_text(p: Fraction | int) -> str:
    if p == 0:
        return "never"
    n = 1 / Fraction(p)
    if n >= 1000:
        return f"1 in {float(n):,.0f}"
    if n >= 10:
        return f"1 in {float(n):,.1f}"
    return f"1 in {float(n):.2f}"


@dataclass
class Range:
    """The player's result after ``hands`` unit bets (units), normal approximation."""
    hands: int
    expected: float
    low90: float
    high90: float
    low95: float
    high95: float


@dataclass
class Table:
    """A small table beside a bet or the house way: header and rows of display strings."""
    title: str
    header: list
    rows: list
    note: str = ""


@dataclass
class Bet(ReturnFigures):
    """One bet of the game (or the base game) with every par-sheet figure.

    ``kind``: "wager" (net results per unit bet) or "amount" (a dollar amount paid, such
    as envy: no return or house edge of its own)."""
    key: str
    title: str
    paytable: str
    status: str
    unit: str                       # what a combination is: "hands" or "(player, banker) pairs"
    total: int
    lines: list
    kind: str = "wager"
    expected: Fraction = Fraction(0)
    variance: Fraction = Fraction(0)
    hit_frequency: Fraction = Fraction(0)
    notes: list = field(default_factory=list)
    tables: list = field(default_factory=list)
    flags: list = field(default_factory=list)
    formula: BetFormula | None = None   # the return in pay symbols
    #: the category sets: [(the lines an outcome shows together, as their places in
    #: ``lines``; outcomes)], each paid its highest line (``table_order``: its first), as
    #: the engine pays it; empty for a bet whose counts are its lines' alone
    groups: list = field(default_factory=list)
    table_order: bool = False

    @property
    def standard_deviation(self) -> float:
        return math.sqrt(self.variance)

    @property
    def volatility_index(self) -> float:
        return Z90 * self.standard_deviation

    @property
    def ranges(self) -> list[Range]:
        return [session_range(self.expected, self.variance, n) for n in SESSIONS]


def session_range(expected: Fraction, variance: Fraction, hands: int) -> Range:
    mean = float(expected) * hands
    spread = math.sqrt(variance) * math.sqrt(hands)
    return Range(hands, mean, mean - Z90 * spread, mean + Z90 * spread,
                 mean - Z95 * spread, mean + Z95 * spread)


@dataclass
class Reading:
    name: str
    value: str
    topic: str
    text: str

    @property
    def title(self) -> str:
        """The reading for a person: "House way, row 4 singles" (verifier/game/names.py)."""
        from verifier.game.names import reading_title
        return reading_title(self.name)

    @property
    def status(self) -> str:
        """Its value for a person: "gap closed" as "a point the filed rules leave open,
        closed by this reading"; an option's value as it is."""
        from verifier.game.names import READING_STATUS
        return READING_STATUS.get(self.value, self.value)


@dataclass
class ParSheet:
    title: str
    rule_set: str
    description: str
    created: str                   # the certificate's date (UTC)
    tool: str                      # "paigow-verifier 0.1.0"
    engine: str
    certificate_sha256: str
    result_sha256: str
    deck: str
    total_hands: int
    bets: list                     # Bet, in the rule set's order
    base_game: Bet | None
    house_way: str
    house_way_tables: list         # Table
    readings: list                 # Reading: only those that apply to this game
    flags: list                    # every flag of every bet, with the bet's title
    omitted: list = field(default_factory=list)   # bets the certificate has no counts for
    strategy: Strategy | None = None   # the certificate's optimal-strategy section
    designed: list = field(default_factory=list)  # titles of bets on a designed pay table
    player_bank: PlayerBank | None = None  # the banker's side of a commission game
    #: the rule set's progressive tables (verifier/report/progressive.py ProgressiveSheet)
    progressives: list = field(default_factory=list)
    #: the operator figures (verifier/report/operator.py Operator)
    operator: Any = None
    #: the document's revisions, (revision, date, change), oldest first (``report --meta``)
    revisions: list = field(default_factory=list)

    def revision_table(self) -> Table:
        """The revision-history block: the metadata's revisions, else one line saying the
        sheet is generated from its certificate and none was given."""
        rows = [list(r) for r in self.revisions] or [
            ["-", self.created[:10], "generated from the certificate above; no revision "
                                    "history given (report --meta FILE.toml)"]]
        return Table("Revision history", ["Revision", "Date", "Change"], rows)


@dataclass
class PlayerBank:
    """When a player banks: one opponent against a banker (the base game's player_bank)."""
    notes: list
    tables: list                   # Table: rows [figure, decimal, exact]


@dataclass
class Strategy:
    """The player's optimal strategy against the house way (verifier/strategy/optimal.py):
    its summary ``tables`` and, for the appendix, the ``detail`` tables by hand."""
    notes: list
    tables: list                   # Table
    detail: list = field(default_factory=list)


#: the status of a pay table designed (in the workbench) rather than filed
DESIGNED = "designed pay table \N{EM DASH} not filed"
STRATEGY_TITLE = "Optimal strategy against the house way"
STRATEGY_DETAIL_TITLE = "Optimal strategy by hand"
#: the appendix's title: the long frequency tables
APPENDIX = "Appendix"
PLAYER_BANK_TITLE = "When a player banks"
