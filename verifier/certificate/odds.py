"""The odds of any pay table from a certificate's counts, without enumerating again
(``compare``, ``solve``, ``report`` and the table simulator's exact comparison)."""
from fractions import Fraction
from pathlib import Path

from ..errors import VerifierError
from ..exact import odds_of_lines, outlaw9_odds, wrangler_odds
from .format import deck_of, load, outlaw9_sets_of, paytable_of


def odds_from_certificate(cert, paytable, reading=None):
    """The odds of ``paytable``'s bet from a certificate's counts (no enumeration): the
    Outlaw 9 (``reading``: which category counts, default the certificate's), the
    Wrangler Push (the base game's counts), the Emperor's Treasure (the seven-card
    counts) and Pai Gow Insurance (its section's counts, else the closed form)."""
    if paytable.bet == "emperors_treasure":
        return outlaw9_odds(outlaw9_sets_of(cert, "seven-card"), paytable.as_outlaw9(),
                            reading="seven-card", total=cert["total_hands"])
    if paytable.bet == "pai_gow_insurance":
        from .. import emperors
        section = cert.get("sections", {}).get("pai_gow_insurance")
        counts = (section["results"]["counts"] if section else
                  emperors.insurance_counts(deck_of(cert), emperors.INSURANCE_READING))
        return odds_of_lines(paytable, counts, cert["total_hands"])
    if paytable.bet == "envy_bonus":
        raise VerifierError("the Envy Bonus pays dollars for other players' hands, not N to 1 "
                            "on a bet: its figures are in the certificate's envy_bonus section "
                            "and the par sheet")
    if paytable.bet == "wrangler_push":
        section = cert.get("sections", {}).get("base_game")
        if not section:
            raise VerifierError("this certificate has no base_game section (the exact "
                                "player-against-banker counts the Wrangler Push needs): "
                                "write it with `paigow-verify run --out` on the full deck")
        return wrangler_odds(section["counts"], paytable)
    reading = reading or cert["rules"]["bonus_reading"]["value"]
    return outlaw9_odds(outlaw9_sets_of(cert, reading), paytable, reading=reading,
                        total=cert["total_hands"])


def bet_results(cert=None):
    """Exact expected result per unit of each bet of the default rule set, from its
    shipped certificate (or ``cert``): {"base" (1 to 1, before fees), "wrangler",
    "outlaw9"} as Fractions."""
    if cert is None:  # the shipped certificates live in the source tree, not the package
        shipped = (Path(__file__).resolve().parents[2] / "proofs" / "certificates"
                   / "outlaw9-mikes.json")
        if not shipped.exists():
            raise VerifierError("no shipped certificate of the default rule set found: "
                                "pass one (verifier.certificate.load(path))")
        cert = load(shipped)
    counts = cert["sections"]["base_game"]["counts"]
    return {
        "base": Fraction(int(counts["win"]) - int(counts["loss"]), int(counts["total"])),
        "wrangler": odds_from_certificate(cert, paytable_of(cert, "wrangler_push")).expected,
        "outlaw9": odds_from_certificate(cert, paytable_of(cert)).expected,
    }
