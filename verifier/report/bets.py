"""The par sheet's bets, from a certificate's counts and pay tables: each wager paid N to 1
(the seeds' bets, a rule set's custom bets, a designed table), the Envy Bonus's dollars per
other hand, and the flags a lab must see (verifier/report/model.py puts them together)."""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Callable


from verifier.certificate.results import EnvyFigures, Omitted
from verifier.report.sheet import Bet, DESIGNED, Line, RARE, RARE_TEXT, Table

if TYPE_CHECKING:
    from verifier.certificate.model import Certificate
    from verifier.certificate.results import Exact
    from verifier.game.paytables import Paytable
    from verifier.odds.exact import BetOdds


# ---------------------------------------------------------------------------------------
# building it


def bet_from_odds(key: str, title: str, odds: BetOdds, status: str, unit: str,
                  pay_label: Callable | None = None, loses_title: str = "No line (loses)") -> Bet:
    """A Bet from verifier.odds.exact.BetOdds."""
    from verifier.game.paytables import pay_label as default_label
    label = pay_label or default_label
    lines = [Line(r.title, label(r.pay), r.hands, r.probability, r.contribution, net=r.net)
             for r in odds.lines]
    lines.append(Line(loses_title, "loses", odds.loses.hands, odds.loses.probability,
                      odds.loses.contribution, net=odds.loses.net))
    bet = Bet(key, title, odds.paytable.name, status, unit, odds.total_hands, lines,
              expected=odds.expected, variance=odds.variance,
              hit_frequency=odds.hit_frequency)
    if odds.sets is not None:
        from verifier.game.pays import TABLE_ORDER
        from verifier.odds.exact import line_groups
        groups = line_groups(odds.sets, [c for c, _ in odds.paytable.pays])
        bet.groups = sorted((key, n) for key, n in groups.items() if key)
        bet.table_order = odds.paytable.precedence == TABLE_ORDER
    return bet


def wager_bet(key: str, title: str, odds: BetOdds, status: str, unit: str) -> Bet:
    """The par sheet's Bet of any pay table's odds (verifier.odds.exact.BetOdds), flagged as
    the sheet flags it: what the workbench shows as you type."""
    return flag_bet(bet_from_odds(key, title, odds, status, unit))


#: a line's flag when no hand is paid on it: no hand shows it, or (a dead line) each hand
#: that shows it is paid more on another line
NEVER = "never occurs under these rules"
DEAD = "paid on no hand: each hand that shows it is paid more on another line (a dead line)"


def flag_bet(bet: Bet) -> Bet:
    """The warnings a lab must see: a return above 100%, lines rarer than 1 in 100
    million games, lines that never occur or are dead (read from the category sets)."""
    if bet.kind == "wager" and bet.expected > 0:
        bet.flags.append(f"returns more than 100% to the player: "
                         f"{float(bet.return_to_player):.6%} (house edge "
                         f"{float(bet.house_edge):.6%})")
    shown = {i for key, _ in bet.groups for i in key}
    for i, line in enumerate(bet.lines):
        if line.pay == "loses":
            continue
        if line.combinations == 0:
            line.flags.append(DEAD if i in shown else NEVER)
        elif line.probability < RARE:
            line.flags.append(f"rarer than {RARE_TEXT} games ({line.odds})")
    for line in bet.lines:
        bet.flags += [f"{line.title}: {f}" for f in line.flags]
    return bet


def wager_section(cert: Certificate, name: str, designed: Paytable | None = None,
                  reading: str | None = None) -> Bet:
    """A bet paid N to 1, from the certificate's counts and its pay table (``designed``:
    a pay table to use instead of the certificate's, labelled as not filed; ``reading``:
    the Outlaw 9 bonus reading, default the certificate's)."""
    from verifier.certificate.odds import odds_from_certificate
    from verifier.certificate.formula import default_table
    from verifier.game.bets import bet as bet_of
    kind = bet_of(name)
    table = designed or default_table(cert.raw, name)
    odds = odds_from_certificate(cert.raw, table, reading)
    bet = bet_from_odds(name, table.kind.title, odds, DESIGNED if designed else table.status,
                     table.kind.unit, loses_title=kind.loses_title)
    if kind.note:
        bet.notes.append(kind.note(cert, reading))
    if kind.par_tables:
        bet.tables += kind.par_tables(cert, table)
    return bet


def custom_section(cert: Certificate, name: str, designed: Paytable | None = None) -> Bet | str:
    """A custom bet of the rule set: a wager like the seeds' bets, or an envy-type bet's
    dollars per other hand; a string when the certificate has no counts for it.
    ``designed``: a pay table to use instead of the certificate's (labelled as not filed),
    for a custom bet of the rule set or a new one over the category vocabulary."""
    from verifier.certificate.sections import custom_table
    from verifier.game.paytables import line_title
    table = designed or custom_table(cert.raw, name)
    offered = {n for n, b in cert.bets.items() if b.custom}
    results = cert.bets[name].figures if name in offered else None
    title = f"{table.name} ({'new ' if name not in offered else ''}custom, reads {table.reads})"
    if isinstance(results, Omitted):
        return f"{title}: {results.reason}"
    if designed or not table.envy or not isinstance(results, EnvyFigures):
        from verifier.certificate.odds import odds_from_certificate
        bet = bet_from_odds(name, title, odds_from_certificate(cert.raw, table),
                         DESIGNED if designed else table.status or "not filed",
                         table.kind.unit)
        from verifier.game.bets import read_terms_text
        bet.notes.append(read_terms_text(table.reads, table.cards, table.hand,
                                         table.precedence))
        return bet
    total = cert.total_hands
    lines = [Line(line_title(r.category), f"${_money(Fraction(r.amount))}", r.hands,
                  Fraction(r.hands, total), Fraction(r.hands, total) * Fraction(r.amount),
                  net=Fraction(r.amount))
             for r in results.lines]
    paid = sum(line.combinations for line in lines)
    lines.append(Line("No line (pays nothing)", "loses", total - paid,
                      Fraction(total - paid, total), Fraction(0), net=Fraction(0)))
    bet = Bet(name, title, table.name, table.status or "not filed", "hands", total, lines,
              kind="amount", expected=results.envy_per_other_hand.fraction)
    bet.notes.append("Dollars paid for each other hand at the table that shows a line "
                     f"(exact {bet.expected} per other hand).")
    return bet


def envy_section(cert: Certificate, name: str) -> Bet:
    """An envy-type named bet (``name``): dollars per other hand, by table size."""
    from verifier.game.bets import BETS
    from verifier.game.paytables import line_title
    results = cert.bets[name].figures
    if not isinstance(results, EnvyFigures):
        raise TypeError(f"{name}: not an envy-type bet's figures")
    total = cert.total_hands
    lines = []
    for row in results.lines:
        p = Fraction(row.hands, total)
        amount = Fraction(row.amount)
        lines.append(Line(line_title(row.category), f"${_money(amount)}", row.hands, p,
                          p * amount, net=amount))
    paid = sum(line.combinations for line in lines)
    lines.append(Line("No line (pays nothing)", "loses", total - paid,
                      Fraction(total - paid, total), Fraction(0), net=Fraction(0)))
    bet = Bet(name, BETS[name].title, str(results.paytable),
              str(results.status), "hands", total, lines, kind="amount",
              expected=sum((line.contribution for line in lines), Fraction(0)))
    bet.notes.append(f"Paid to each Treasure bet of at least ${results.treasure_bet} when "
                     "another hand at the table shows a line: dollars per other hand "
                     f"(expected ${float(bet.expected):.6f} per other hand, exact "
                     f"{bet.expected}).")
    bet.tables.append(Table(
        "By table size",
        ["Other players", "Envy per hand", "Share of the bet", "Treasure + envy return"],
        [[str(r.other_players), f"${r.envy_per_hand.decimal:.6f}",
          f"{_decimal(r.envy_share_of_bet):.6%}",
          f"{_decimal(r.combined_return):+.8f}"] for r in results.by_table_size]))
    return bet


def _decimal(x: Exact | None) -> float:
    """A figure a named envy bet's section always holds (a custom one's has none)."""
    if x is None:
        raise TypeError("an envy figure the section lacks")
    return x.decimal


def _money(x: Fraction | int | str) -> str:
    x = Fraction(x)
    return f"{int(x):,}" if x.denominator == 1 else f"{float(x):,.2f}"
