"""A bet's formula from a certificate: the pay table it holds for a bet, the bet a command
reads when none is named, and the bet's exact return in its pay symbols
(verifier/odds/formula.py) over the certificate's qualifying counts."""
from __future__ import annotations

from typing import Any, Mapping

from verifier.game.bets import default_bet as registry_default
from verifier.game.paytables import Paytable
from verifier.odds.formula import BetFormula, formula_bets, formula_of
from verifier.support.errors import VerifierError


def default_table(cert: Mapping[str, Any], bet: str) -> Paytable:
    """The pay table a certificate holds for ``bet``: the certificate's tables, or the
    bet's section's."""
    from verifier.game.bets import BETS, bet as bet_of, canonical
    from verifier.certificate import paytable_of
    bet = canonical(bet)
    if bet not in BETS and bet in cert.get("sections", {}).get("custom_bets", {}).get(
            "paytables", {}):
        from verifier.certificate.sections import custom_table
        return custom_table(cert, bet)
    kind = bet_of(bet)
    if not kind.in_section:
        if bet not in cert.get("paytables", {}):
            raise VerifierError(f"this certificate has no {bet} pay table: give one "
                                "(--paytable FILE)")
        return paytable_of(cert, bet)
    section = cert.get("sections", {}).get(bet)
    if not section:
        raise VerifierError(f"this certificate has no {bet} section (its rule set does not "
                            f"offer the {kind.title})")
    return Paytable.from_dict(section["paytable"], f"sections.{bet}.paytable")


def default_bet(cert: Mapping[str, Any]) -> str:
    """The bet a command reads when none is named: the first bet the certificate's rule set
    offers that is paid N to 1 (Outlaw 9 for seed 001's game); a one-line error when it
    offers none."""
    section = cert.get("sections", {}).get("rule_set")
    offered = section["results"]["bets"] if section else [registry_default().name]
    custom = cert.get("sections", {}).get("custom_bets", {}).get("paytables", {})
    for name in offered:
        if name in custom:
            if not custom[name].get("envy"):
                return name
        elif name in formula_bets():
            return name
    raise VerifierError(f"this certificate's rule set ({section['results']['name']}) offers "
                        "no side bet paid N to 1: name one with --paytable FILE or --bet NAME")


def bet_formula(cert: Mapping[str, Any], bet: str | None = None,
                paytable: Paytable | None = None, reading: str | None = None) -> BetFormula:
    """The formula of a bet from a certificate: ``bet`` (default: the pay table's, else
    the rule set's first bet), ``paytable`` (default: the certificate's), ``reading``
    (Outlaw 9 only)."""
    from verifier.certificate.odds import qualifying_sets
    bet = bet or (paytable.bet if paytable is not None else default_bet(cert))
    table = paytable if paytable is not None else default_table(cert, bet)
    return formula_of(qualifying_sets(cert, table, reading), table)
