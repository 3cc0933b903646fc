"""The base game's settlement solved for a target house edge (issue 36; ``paigow-verify
solve CERT.json --commission`` or ``--push-family``):

- the commission on the player's wins that gives the edge, from the certificate's exact
  counts settled by its settlement (its push conditions applied first): the return is
  ``(W (1 - c) - L) / T``, so ``c = 1 - (L - edge T) / W`` (``commission_for_edge``);
- which condition of a family of push conditions on the banker's hand (a pai gow by its
  top card, ``pai_gow_nine_high`` .. ``pai_gow_ace_high``; a two-card hand by its top card,
  ``front_three_high`` .. ``front_ace_high``) gives the edge closest to the target, each
  condition's exact edge counted over every ordered pair of hands of the certificate's
  deck and rules (``family_rules``; cli/solvebase.py counts them, a few seconds a
  condition on the full deck).

The settlement object answers every question (``outcomes``, ``player_return``): no kind
is read here.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from verifier.game.bets import FRONT_TOPS
from verifier.game.pushes import PAI_GOW_TOPS
from verifier.game.settlement import SettlementRule
from verifier.support.errors import VerifierError

#: the families of push conditions whose member ``--push-family`` solves for
PUSH_FAMILIES: dict[str, tuple[str, ...]] = {
    "pai_gow": tuple(f"pai_gow_{top}_high" for top in PAI_GOW_TOPS),
    "front": tuple(f"front_{top}_high" for top in FRONT_TOPS),
}


def edge_of(counts: Mapping[str, Any], rule: SettlementRule) -> Fraction:
    """The house edge of the exact counts as ``rule`` settles them."""
    w, l, _p, total = rule.outcomes(counts)
    return -rule.player_return(w, l, total)


def commission_for_edge(counts: Mapping[str, Any], settlement: SettlementRule | Mapping,
                        edge: Fraction) -> dict[str, Any]:
    """The exact commission on the player's (settled) wins that gives the house edge
    ``edge``: {"commission", "win", "loss", "total", "edge_at_zero"}; one line when no
    commission from 0 to 1 gives it."""
    rule = SettlementRule.of(settlement)
    if not rule.is_commission:
        raise VerifierError("a fee game has no commission to solve (its fee is flat per hand)")
    free = rule.at_rate(0)
    w, l, _p, total = free.outcomes(counts)
    at_zero = edge_of(counts, free)
    c = 1 - Fraction(l - edge * total) / w if w else None
    if c is None or not 0 <= c < 1:
        raise VerifierError(f"no commission from 0 to 1 gives a house edge of {float(edge):.4%}"
                            f" (with none it is {float(at_zero):.4%}; a commission only "
                            "raises it)")
    return {"commission": c, "win": w, "loss": l, "total": total, "edge_at_zero": at_zero}


def family_rules(settlement: SettlementRule | Mapping, family: str
                 ) -> list[SettlementRule]:
    """The settlement with each condition of ``family`` (PUSH_FAMILIES) in place of its
    own push conditions, in the family's order (the caller counts each exactly and
    takes ``edge_of``)."""
    if family not in PUSH_FAMILIES:
        raise VerifierError(f"unknown push family {family!r}: "
                            f"{' or '.join(PUSH_FAMILIES)}")
    rule = SettlementRule.of(settlement)
    return [rule.pushing_on((name,)) for name in PUSH_FAMILIES[family]]


def closest(rows: list[dict[str, Any]], edge: Fraction) -> int:
    """The index of the row whose edge is closest to ``edge`` (ties: the first)."""
    return min(range(len(rows)), key=lambda i: abs(rows[i]["edge"] - edge))
