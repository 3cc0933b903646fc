"""Outlaw 9 High or Better (seed 001, the Outlaw 9 / Wrangler Push filing): the seven-card
categories read under the certificate's bonus reading (``seven-card`` or ``house-way``,
docs/RULES.md), a hand paid its highest line. The certificate's default bet: its pay
table is the certificate's ``paytables`` entry the format requires."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from verifier.game.bets import BONUS_READING, Bet, TableSide
from verifier.game.categories import OUTLAW9_LINES

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.certificate.source import SectionSource
    from verifier.rules.readings import Rules

NAME = "outlaw9"


def _derive(source: SectionSource) -> dict[str, Any]:
    from verifier.odds.exact import outlaw9_odds
    reading = source.bonus_reading
    return outlaw9_odds(source.category_sets(reading), source.paytable(NAME), reading=reading,
                        total=source.total_hands).to_dict()


def _note(cert: Certificate, reading: str | None = None) -> str:
    """The par sheet's note (``cert``: the typed Certificate)."""
    filed = cert.bonus_reading
    chosen = reading or filed
    other = (f" (chosen for this designed sheet; the certificate's rules read {filed})"
             if chosen != filed else "")
    return (f"Categories read under the {chosen} reading{other}; a hand that qualifies for "
            "several lines is paid its highest line only.")


def _read(rules: Rules) -> str:
    """The table reads the seven cards, or the hands as the house way sets them."""
    return "seven-card-mask" if rules.bonus_reading == "seven-card" else "house-way-mask"


BET = Bet(NAME, "Outlaw 9 High or Better", BONUS_READING, OUTLAW9_LINES, "outlaw9_filed.toml",
          filed=True, default=True, order=10, derive=_derive, note=_note,
          reading_topic="Outlaw 9 High or Better",
          table=TableSide(NAME, "O9", lines=OUTLAW9_LINES, read_of=_read, order=20,
                          title="Outlaw 9"))
