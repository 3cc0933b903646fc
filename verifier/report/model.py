"""The par sheet as data: what a lab files for one game, computed from a certificate.

``build(cert)`` reads nothing but the (checked) certificate and computes every figure
exactly from its counts and pay tables (verifier/odds/exact.py); the renderers in this package
(Markdown, HTML, PDF) only format it. Rationals stay exact here; floats appear only in
the derived display figures (standard deviation, volatility index, ranges).

Conventions (docs/PARSHEET.md):
- a bet's *return* is the expected net result of one unit bet; house edge = -return;
- *odds* of a line: "1 in N" with N = 1 / probability;
- *volatility index*: 1.645 x the standard deviation of one unit bet (the 90% convention
  of par sheets);
- *ranges* of the player's result after n bets: n x return +- z x SD x sqrt(n), z = 1.645
  (90%) and 1.960 (95%), the normal approximation of the sum of n independent bets.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from verifier.certificate.model import Certificate
from verifier.game.settlement import SettlementRule
from verifier.report.sheet import ParSheet
from verifier.odds.operator import Pace
from verifier.report.operator import operator_section
from verifier.report.display import ranks_in_prose
from verifier.game.bets import BETS
from verifier.report.bets import custom_section, flag_bet, wager_section
from verifier.report.progressive import progressive_sections
from verifier.report.game import (applicable_readings, base_game_section, house_way_section,
                                  player_bank_section, strategy_section)


def _title(name: str, description: str) -> str:
    head = description.split(":", 1)[0].strip() if ":" in description else ""
    return f"{head}, rule set {name}" if head else f"rule set {name}"


def build(cert: Certificate | Mapping, formulas: bool = True, designed: dict | None = None,
          reading: str | None = None, pace: Pace | None = None, bankroll: Any = None,
          bankroll_note: str = "", revisions: list | None = None) -> ParSheet:
    """The par sheet of a certificate (checked beforehand: see verifier.certificate).
    ``formulas``: also each bet's return as a formula in its pays (SymPy; ``run``'s
    summary goes without). ``designed``: {bet name: Paytable} of pay tables designed in
    the workbench, used instead of the certificate's for those bets and labelled
    "designed pay table, not filed" (the certificate's hashes stay: they vouch for the
    counts, not for the pays); a name the rule set does not offer is a new custom bet,
    added after the rule set's bets. ``reading``: the Outlaw 9 bonus reading of the
    designed sheet (default the certificate's; the certificate keeps the counts of both).
    ``pace``: the hands per hour and average wager of the operator figures (default
    ``Pace()``); ``bankroll``: a player-dealer game's bankroll from the table simulator
    (verifier/table/bankroll.py, run by the command), or None and ``bankroll_note`` says
    why. ``revisions``: [(revision, date, change)], the revision-history block
    (``filing.meta.Meta.revision_rows``)."""
    cert = Certificate.of(cert)
    designed = dict(designed or {})
    rs = cert.rule_set
    bet_names = list(rs.bets)
    bets, omitted = [], []
    for name in bet_names:
        kind = BETS.get(name)
        if kind and kind.needs_pairs and not cert.has("base_game"):
            omitted.append(f"{kind.title}: the certificate has no player-against-banker "
                           "counts (it was run with --no-base-game or on a reduced deck "
                           "without them)")
        elif kind and kind.par_bet:
            bets.append(kind.par_bet(cert))
        elif name in cert.bets and cert.bets[name].custom:
            custom = custom_section(cert, name, designed.get(name))
            if isinstance(custom, str):
                omitted.append(custom)
            else:
                bets.append(custom)
        else:
            bets.append(wager_section(cert, name, designed.get(name), reading))
    bets += [custom_section(cert, name, table) for name, table in designed.items()
             if name not in bet_names]
    if formulas:
        from verifier.certificate.formula import bet_formula, formula_bets
        for bet in bets:
            if bet.key in formula_bets():
                bet.formula = bet_formula(cert.raw, bet.key, designed.get(bet.key), reading)
    base = base_game_section(cert) if cert.has("base_game") else None
    for bet in bets + ([base] if base else []):
        flag_bet(bet)
    settlement = SettlementRule.of(rs.settlement)
    fees = settlement.is_fees
    pace = pace or Pace()
    operator = operator_section(bets + ([base] if base else []), pace,
                                settlement.player_fee(int(pace.average_wager)) if fees else None,
                                bankroll, bankroll_note)
    house_way, hw_tables = house_way_section(cert)
    for bet in bets + ([base] if base else []):
        bet.notes = [ranks_in_prose(note) for note in bet.notes]
    from verifier.game.names import keys_in_prose
    readings = [replace(r, text=ranks_in_prose(keys_in_prose(r.text)))
                for r in applicable_readings(cert, bet_names, fees)]
    tool = cert.tool
    flags = [f"{bet.title}: {f}" for bet in bets + ([base] if base else []) for f in bet.flags]
    return ParSheet(
        title=_title(rs.name, rs.description), rule_set=rs.name,
        description=rs.description, created=tool.created,
        tool=f"{tool.name} {tool.version}", engine=tool.engine,
        certificate_sha256=cert.sha256, result_sha256=cert.result_sha256,
        deck=cert.deck_reading, total_hands=cert.total_hands, bets=bets,
        base_game=base, house_way=house_way, house_way_tables=hw_tables,
        readings=readings, flags=flags, omitted=omitted,
        strategy=strategy_section(cert) if cert.has("strategy") else None,
        designed=[b.title for b in bets if b.key in designed],
        player_bank=player_bank_section(cert) if cert.base_game is not None
        and cert.base_game.player_bank is not None else None,
        progressives=progressive_sections(cert), operator=operator,
        revisions=list(revisions or []))
