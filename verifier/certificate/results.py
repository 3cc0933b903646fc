"""Each certificate section's results, typed: frozen dataclasses built once, when the
model is (``Certificate.of``, verifier/certificate/model.py), from the JSON the section
keeps. A reader outside ``certificate/`` (the par sheet, the filing, the workbench, the
audit, a bet's hooks) reads these attributes, never the JSON by string key
(tests/test_architecture_typing.py holds that).

A figure the certificate keeps exact is an ``Exact``: its fraction as written
(``exact``, "p/q") and its decimal beside it. The meter model's figures may be a pair of
exact bounds instead (``Bounded``, docs/PROGRESSIVES.md). Optional fields are None where
the section has none (a fee game has no commission's return, a meter inside the first
model no long-run block). The parsers are ``*.of(json)``; a shape that is not a
certificate's raises KeyError, TypeError or ValueError, which ``Certificate.of`` turns
into its one line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Mapping

JSON = Mapping[str, Any]


@dataclass(frozen=True)
class Exact:
    """An exact figure as the certificate writes it: "p/q" and its decimal."""
    exact: str
    decimal: float

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.exact)

    @classmethod
    def of(cls, j: JSON) -> Exact:
        return cls(str(j["exact"]), float(j["decimal"]))


def _maybe(j: Any) -> Exact | None:
    return None if j is None else Exact.of(j)


def _ints(j: JSON) -> Mapping[str, int]:
    """The counts of a table of them (its other fields, a list of names, left out)."""
    return MappingProxyType({str(k): int(v) for k, v in j.items()
                             if isinstance(v, int) and not isinstance(v, bool)})


# ------------------------------------------------------------------ a wager's odds

@dataclass(frozen=True)
class LineFigures:
    """One line of a pay table: its category, its pay ("N to 1"; None for the losing
    hands), the hands showing it, their probability and their share of the return."""
    category: str | None
    pay: str | None
    hands: int
    probability: Exact
    contribution: Exact | None

    @classmethod
    def of(cls, j: JSON) -> LineFigures:
        return cls(j.get("category"), j.get("pay"), int(j["hands"]), Exact.of(j["probability"]),
                   _maybe(j.get("contribution")))


@dataclass(frozen=True)
class WagerFigures:
    """A wager paid N to 1 (``BetOdds.to_dict``): its lines, the hands that lose, its
    return, house edge, hit frequency and variance."""
    bet: str
    paytable: str
    total_hands: int
    lines: tuple[LineFigures, ...]
    loses: LineFigures
    return_: Exact
    house_edge: Exact
    hit_frequency: Exact
    variance: Exact
    status: str | None = None
    bonus_reading: str | None = None
    return_to_player: Exact | None = None
    reads: str | None = None                # a custom bet's read

    @classmethod
    def of(cls, j: JSON) -> WagerFigures:
        return cls(str(j["bet"]), str(j["paytable"]), int(j["total_hands"]),
                   tuple(LineFigures.of(x) for x in j["lines"]), LineFigures.of(j["loses"]),
                   Exact.of(j["return"]), Exact.of(j["house_edge"]),
                   Exact.of(j["hit_frequency"]), Exact.of(j["variance"]), j.get("status"),
                   j.get("bonus_reading"), _maybe(j.get("return_to_player")), j.get("reads"))


@dataclass(frozen=True)
class AmountLine:
    """A line of an envy-type bet: dollars per other hand that shows it."""
    category: str
    amount: str
    hands: int


@dataclass(frozen=True)
class TableSize:
    """An envy-type bet at a table of ``other_players`` other hands."""
    other_players: int
    envy_per_hand: Exact
    envy_share_of_bet: Exact | None = None
    combined_return: Exact | None = None


@dataclass(frozen=True)
class EnvyFigures:
    """An envy-type bet: dollars per other hand (``envy_per_other_hand``), its lines and
    the figures by table size; a named one also its pay table's name, status and the
    wager of its host bet it is paid on (``treasure_bet``)."""
    envy_per_other_hand: Exact
    lines: tuple[AmountLine, ...]
    by_table_size: tuple[TableSize, ...]
    paytable: str | None = None
    status: str | None = None
    treasure_bet: str | None = None
    reads: str | None = None

    @classmethod
    def of(cls, j: JSON) -> EnvyFigures:
        return cls(Exact.of(j["envy_per_other_hand"]),
                   tuple(AmountLine(str(x["category"]), str(x["amount"]), int(x["hands"]))
                         for x in j["lines"]),
                   tuple(TableSize(int(x["other_players"]), Exact.of(x["envy_per_hand"]),
                                   _maybe(x.get("envy_share_of_bet")),
                                   _maybe(x.get("combined_return")))
                         for x in j["by_table_size"]),
                   j.get("paytable"), j.get("status"), j.get("treasure_bet"), j.get("reads"))


@dataclass(frozen=True)
class ReadingFigures:
    """A bet figured under one reading of its rules: the reading, its words, the counts
    by line and the wager's odds."""
    reading: str
    reading_text: str
    counts: Mapping[str, int]
    odds: WagerFigures

    @classmethod
    def of(cls, j: JSON) -> ReadingFigures:
        return cls(str(j["reading"]), str(j["reading_text"]), _ints(j["counts"]),
                   WagerFigures.of(j["odds"]))


@dataclass(frozen=True)
class ReadingsFigures(ReadingFigures):
    """A bet figured under the reading in force, and under the other (``alternative``)."""
    alternative: ReadingFigures | None = None

    @classmethod
    def of(cls, j: JSON) -> ReadingsFigures:
        first = ReadingFigures.of(j)
        return cls(first.reading, first.reading_text, first.counts, first.odds,
                   ReadingFigures.of(j["alternative"]) if j.get("alternative") else None)


@dataclass(frozen=True)
class Omitted:
    """A bet the certificate has no figures for, and why."""
    reason: str


BetFigures = WagerFigures | EnvyFigures | ReadingsFigures | Omitted


def bet_figures(j: JSON) -> BetFigures:
    """A bet section's results, by their shape (no bet is named here)."""
    if "omitted" in j:
        return Omitted(str(j["omitted"]))
    if "envy_per_other_hand" in j:
        return EnvyFigures.of(j)
    if "reading_text" in j:
        return ReadingsFigures.of(j)
    return WagerFigures.of(j)


# ------------------------------------------------------------------ the base game

@dataclass(frozen=True)
class Outcomes:
    """The base game's counts over ordered (player, banker) pairs: wins, pushes, losses,
    the total, the copies, and the hands a push condition marks (``push_when``)."""
    total: int
    win: int
    loss: int
    push: int
    copy_high: int | None = None
    copy_low: int | None = None
    copy_both: int | None = None
    banker_push_hand: int | None = None
    win_on_push_hand: int | None = None
    loss_on_push_hand: int | None = None
    by_name: Mapping[str, int] = field(default_factory=dict)   # every count, by its name

    @property
    def copies(self) -> tuple[int, int, int] | None:
        """The copies (an identical hand) in the high hand, the low hand and both."""
        if self.copy_high is None or self.copy_low is None or self.copy_both is None:
            return None
        return self.copy_high, self.copy_low, self.copy_both

    @classmethod
    def of(cls, j: JSON) -> Outcomes:
        def get(name: str) -> int | None:
            return None if j.get(name) is None else int(j[name])
        return cls(int(j["total"]), int(j["win"]), int(j["loss"]), int(j["push"]),
                   get("copy_high"), get("copy_low"), get("copy_both"), get("banker_push_hand"),
                   get("win_on_push_hand"), get("loss_on_push_hand"), _ints(j))


@dataclass(frozen=True)
class Probabilities:
    win: Exact
    loss: Exact
    push: Exact

    @classmethod
    def of(cls, j: JSON) -> Probabilities:
        return cls(Exact.of(j["win"]), Exact.of(j["loss"]), Exact.of(j["push"]))


@dataclass(frozen=True)
class FeeTier:
    """A fee game's tier: its wagers (lowest, highest), the fee, the return at each end."""
    wagers: tuple[int, int]
    fee: int
    return_at_smallest: Exact
    return_at_largest: Exact


@dataclass(frozen=True)
class CasinoComparison:
    """A fee game's counts settled as a casino game (1 to 1 less a commission)."""
    commission_rate: str                        # the JSON's ``commission``
    return_: Exact
    house_edge: Exact


@dataclass(frozen=True)
class CoBank:
    """Co-banking: the casino takes ``share`` of the bank's results."""
    share: str
    banker_return: Exact
    banker_edge: Exact
    casino_share_return: Exact
    house_return: Exact
    banking_worth: Exact


@dataclass(frozen=True)
class PlayerBankFigures:
    """The banker's side of a commission game (verifier/odds/basegame.py ``player_bank``)."""
    opponents: int
    players_bank: bool
    commission_rate: str                        # the JSON's ``commission``
    commission_basis: str
    banker_wins: Exact
    push: Exact
    banker_loses: Exact
    banker_return: Exact
    banker_edge: Exact
    player_return: Exact
    player_edge: Exact
    house_return: Exact
    banking_worth: Exact
    co_bank: CoBank | None = None

    @classmethod
    def of(cls, j: JSON) -> PlayerBankFigures:
        p = j["probabilities"]
        co = j.get("co_bank")
        return cls(int(j["opponents"]), bool(j["players_bank"]), str(j["commission"]),
                   str(j["commission_basis"]), Exact.of(p["banker_wins"]), Exact.of(p["push"]),
                   Exact.of(p["banker_loses"]), Exact.of(j["banker_return"]),
                   Exact.of(j["banker_edge"]), Exact.of(j["player_return"]),
                   Exact.of(j["player_edge"]), Exact.of(j["house_return"]),
                   Exact.of(j["banking_worth"]),
                   None if co is None else CoBank(
                       str(co["share"]), Exact.of(co["banker_return"]),
                       Exact.of(co["banker_edge"]), Exact.of(co["casino_share_return"]),
                       Exact.of(co["house_return"]), Exact.of(co["banking_worth"])))


@dataclass(frozen=True)
class BaseGameFigures:
    """The base game settled (verifier/odds/basegame.py ``settle``): the counts, the
    probabilities, the return at even money; a commission game's return and house edge
    (and ``player_bank``), a fee game's tiers and casino comparison."""
    counts: Outcomes
    probabilities: Probabilities
    even_money_return: Exact
    kind: str
    commission_rate: str | None = None          # the JSON's ``commission``
    return_: Exact | None = None
    house_edge: Exact | None = None
    house_edge_basis: str | None = None         # the strategy section's columns say it
    tiers: tuple[FeeTier, ...] = ()
    casino_comparison: CasinoComparison | None = None
    player_bank: PlayerBankFigures | None = None
    outcomes: Outcomes | None = None            # the push conditions applied

    @classmethod
    def of(cls, j: JSON) -> BaseGameFigures:
        casino, bank, settled = j.get("casino_comparison"), j.get("player_bank"), j.get("outcomes")
        return cls(
            Outcomes.of(j["counts"]), Probabilities.of(j["probabilities"]),
            Exact.of(j["even_money_return"]), str(j["kind"]), j.get("commission"),
            _maybe(j.get("return")), _maybe(j.get("house_edge")), j.get("house_edge_basis"),
            tuple(FeeTier((int(t["wagers"][0]), int(t["wagers"][1])), int(t["fee"]),
                          Exact.of(t["return_at_smallest"]), Exact.of(t["return_at_largest"]))
                  for t in j.get("tiers", ())),
            None if casino is None else CasinoComparison(
                str(casino["commission"]), Exact.of(casino["return"]),
                Exact.of(casino["house_edge"])),
            None if bank is None else PlayerBankFigures.of(bank),
            None if settled is None else Outcomes.of(settled))
