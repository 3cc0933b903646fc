"""Outlaw 9 High or Better (seed 001, the Outlaw 9 / Wrangler Push filing): the seven-card
categories read under the certificate's bonus reading (``seven-card`` or ``house-way``,
docs/RULES.md), a hand paid its highest line. The certificate's default bet: its pay
table is the certificate's ``paytables`` entry the format requires."""
from verifier.game.bets import BONUS_READING, Bet, TableSide
from verifier.game.categories import OUTLAW9_LINES

NAME = "outlaw9"


def _derive(cert):
    from verifier.game.paytables import Paytable
    from verifier.odds.exact import outlaw9_odds
    table = Paytable.from_dict(cert["paytables"][NAME], f"paytables.{NAME}")
    reading = cert["rules"]["bonus_reading"]["value"]
    sets = cert["counts"]["outlaw9_sets"][reading]
    return outlaw9_odds(sets, table, reading=reading, total=cert["total_hands"]).to_dict()


def _note(cert, reading=None):
    filed = cert["rules"]["bonus_reading"]["value"]
    chosen = reading or filed
    other = (f" (chosen for this designed sheet; the certificate's rules read {filed})"
             if chosen != filed else "")
    return (f"Categories read under the {chosen} reading{other}; a hand that qualifies for "
            "several lines is paid its highest line only.")


def _read(rules):
    """The table reads the seven cards, or the hands as the house way sets them."""
    return "seven-card-mask" if rules.bonus_reading == "seven-card" else "house-way-mask"


BET = Bet(NAME, "Outlaw 9 High or Better", BONUS_READING, OUTLAW9_LINES, "outlaw9_filed.toml",
          filed=True, default=True, order=10, derive=_derive, note=_note,
          reading_topic="Outlaw 9 High or Better",
          table=TableSide(NAME, "O9", lines=OUTLAW9_LINES, read_of=_read, order=20,
                          title="Outlaw 9"))
