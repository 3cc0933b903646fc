"""The Envy Bonus (seed 004, Emperor's Challenge): fixed dollars paid to a qualifying
Treasure bet for each *other* hand at the table that shows an envy line (its highest);
exact per other hand from one hand's distribution (verifier/odds/emperors.py). It is paid
on the wager of the bet that hosts envy (``Bet.hosts_envy``), which the rule set must
offer beside it."""
from fractions import Fraction

from verifier.game.bets import BETS, CATEGORY_READINGS, TREASURE_LINES, Bet, TableSide, envy_host
from verifier.game.categories import OUTLAW9_LINES

NAME = "envy_bonus"


def _derive(cert):
    from verifier.game.paytables import Paytable
    from verifier.odds import emperors
    table = Paytable.from_dict(cert["sections"][NAME]["paytable"], f"sections.{NAME}.paytable")
    host = envy_host(cert["sections"])
    if host is None:
        raise ValueError("no section of the bet the Envy Bonus is paid on")
    host_return = Fraction(BETS[host].derive(cert)["return"]["exact"])
    sets = cert["counts"]["outlaw9_sets"]["seven-card"]
    return emperors.envy_results(sets, table, host_return, cert["total_hands"])


def _par_bet(cert):
    """Its par-sheet entry: dollars per other hand, by table size."""
    from verifier.report.bets import envy_section
    return envy_section(cert, NAME)


BET = Bet(NAME, "Envy Bonus", "seven-card", TREASURE_LINES, "envy_bonus_example.toml",
          amounts=True, in_section=True, order=50, derive=_derive, par_bet=_par_bet,
          readings=CATEGORY_READINGS + (NAME, "emperors_wheel"),
          table=TableSide("envy", "Envy", lines=OUTLAW9_LINES, envy=True, order=50))
