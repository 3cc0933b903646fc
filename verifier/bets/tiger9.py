"""Tiger 9: a bet on the dealer's (the banker's) two-card hand, as the house way sets it,
being 9-high: the front hand's top card a nine, no pair (the joker in front is an ace).
Pays 30 to 1 (verifier/data/tiger9.toml), or a table's pays.

Its odds: the house way's key histogram counts every seven-card hand's front as the house
way sets it, and the dealer's hand is one such hand, so the probability is the
histogram's ``front_nine_high`` count over C(53,7) (issue 36 gives 3,853,596 of
154,143,080 under the trump-plaza house way). At the table it is read on the dealer's
hand (``banker``): the ``front`` read's line of the banker's front key.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from verifier.game.bets import FRONT_LINES, Bet, TableSide

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.certificate.source import SectionSource

NAME = "tiger9"
LINE = "front_nine_high"


def _derive(source: SectionSource) -> dict[str, Any]:
    from verifier.certificate.odds import odds_from_certificate
    return odds_from_certificate(source.raw, source.paytable(NAME)).to_dict()


def _note(cert: Certificate, reading: str | None = None) -> str:
    way = cert.house_way
    return (f"Read on the dealer's two-card hand as the {way} house way sets it: a nine on "
            "top, no pair (the joker in front is an ace); the dealer's seven cards alone.")


BET = Bet(NAME, "Tiger 9", "house-way", (LINE,), "tiger9.toml", aliases=("tiger_9",),
          in_section=True, order=60, derive=_derive, note=_note,
          loses_title="Dealer's front not 9-high (loses)",
          table=TableSide(NAME, "T9", read="front", lines=FRONT_LINES, banker=True,
                          order=60))
