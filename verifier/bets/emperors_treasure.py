"""Emperor's Treasure (seed 004, Emperor's Challenge): Outlaw 9 categories read on the
seven cards (``bets.TREASURE_LINES``), a hand paid its highest line; the Envy Bonus is
paid on its wager (``hosts_envy``)."""
from verifier.game.bets import CATEGORY_READINGS, TREASURE_LINES, Bet, TableSide
from verifier.game.categories import OUTLAW9_LINES

NAME = "emperors_treasure"


def _derive(cert):
    from verifier.game.paytables import Paytable
    from verifier.odds import emperors
    table = Paytable.from_dict(cert["sections"][NAME]["paytable"], f"sections.{NAME}.paytable")
    sets = cert["counts"]["outlaw9_sets"]["seven-card"]
    return emperors.treasure_odds(sets, table, cert["total_hands"])[0]


def _note(cert, reading=None):
    return "Lines read on the seven cards; a hand is paid its highest line only."


BET = Bet(NAME, "Emperor's Treasure", "seven-card", TREASURE_LINES,
          "emperors_treasure_example.toml", in_section=True, order=40, hosts_envy=True,
          derive=_derive, note=_note,
          readings=CATEGORY_READINGS + (NAME, "emperors_wheel"),
          table=TableSide("treasure", "ET", read="seven-card-mask", lines=OUTLAW9_LINES,
                          house_only=True, order=40))
