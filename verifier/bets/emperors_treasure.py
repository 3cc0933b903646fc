"""Emperor's Treasure (seed 004, Emperor's Challenge): Outlaw 9 categories read on the
seven cards (``bets.TREASURE_LINES``), a hand paid its highest line; the Envy Bonus is
paid on its wager (``hosts_envy``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from verifier.game.bets import CATEGORY_READINGS, TREASURE_LINES, Bet, TableSide
from verifier.game.categories import OUTLAW9_LINES

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.certificate.source import SectionSource

NAME = "emperors_treasure"


def _derive(source: SectionSource) -> dict[str, Any]:
    from verifier.odds import emperors
    return emperors.treasure_odds(source.category_sets("seven-card"), source.paytable(NAME),
                                  source.total_hands)[0]


def _note(cert: Certificate, reading: str | None = None) -> str:
    return "Lines read on the seven cards; a hand is paid its highest line only."


BET = Bet(NAME, "Emperor's Treasure", "seven-card", TREASURE_LINES,
          "emperors_treasure_example.toml", in_section=True, order=40, hosts_envy=True,
          derive=_derive, note=_note,
          readings=CATEGORY_READINGS + (NAME, "emperors_wheel"),
          table=TableSide("treasure", "ET", read="seven-card-mask", lines=OUTLAW9_LINES,
                          house_only=True, order=40))
