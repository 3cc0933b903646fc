"""The Envy Bonus (seed 004, Emperor's Challenge): fixed dollars paid to a qualifying
Treasure bet for each *other* hand at the table that shows an envy line (its highest);
exact per other hand from one hand's distribution (verifier/odds/emperors.py). It is paid
on the wager of the bet that hosts envy (``Bet.hosts_envy``), which the rule set must
offer beside it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from verifier.game.bets import BETS, CATEGORY_READINGS, TREASURE_LINES, Bet, TableSide, envy_host
from verifier.game.categories import OUTLAW9_LINES

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.certificate.source import SectionSource
    from verifier.report.sheet import Bet as SheetBet

NAME = "envy_bonus"


def _derive(source: SectionSource) -> dict[str, Any]:
    from verifier.certificate.results import WagerFigures
    from verifier.odds import emperors
    host = envy_host(source.sections)
    derive = BETS[host].derive if host is not None else None
    if derive is None:
        raise ValueError("no section of the bet the Envy Bonus is paid on")
    host_return = WagerFigures.of(derive(source)).return_.fraction
    return emperors.envy_results(source.category_sets("seven-card"), source.paytable(NAME),
                                 host_return, source.total_hands)


def _par_bet(cert: Certificate) -> SheetBet:
    """Its par-sheet entry: dollars per other hand, by table size."""
    from verifier.report.bets import envy_section
    return envy_section(cert, NAME)


BET = Bet(NAME, "Envy Bonus", "seven-card", TREASURE_LINES, "envy_bonus_example.toml",
          amounts=True, in_section=True, order=50, derive=_derive, par_bet=_par_bet,
          readings=CATEGORY_READINGS + (NAME, "emperors_wheel"),
          table=TableSide("envy", "Envy", lines=OUTLAW9_LINES, envy=True, order=50))
