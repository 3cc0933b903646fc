"""How a game's base wager is paid, typed: a commission on the player's wins (the casino
games, seeds 002 and 004) or flat collection fees per hand (the California game, seed
001). A rule set writes it as ``[settlement]`` (verifier/rules/terms.py checks it); a
certificate keeps the same mapping. ``SettlementRule.of(mapping)`` is the one reader."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

COMMISSION, FEES = "commission", "fees"


@dataclass(frozen=True)
class SettlementRule:
    kind: str                          # COMMISSION or FEES
    commission: Fraction = Fraction(0)  # the rate on a winning wager (commission)
    player_tiers: tuple = ()           # ((lowest wager, fee), ...)   (fees)
    dealer_tiers: tuple = ()           # ((lowest total action, fee), ...)   (fees)
    table_max: int = 0                 # the largest wager (fees)

    @classmethod
    def of(cls, data: SettlementRule | Mapping) -> SettlementRule:
        """From a rule set's or a certificate's mapping (already checked), or as given."""
        if isinstance(data, SettlementRule):
            return data
        kind = data.get("kind")
        if kind == COMMISSION:
            return cls(COMMISSION, commission=Fraction(str(data["commission"])))
        if kind == FEES:
            return cls(FEES, player_tiers=_tiers(data.get("player_tiers", ())),
                       dealer_tiers=_tiers(data.get("dealer_tiers", ())),
                       table_max=int(data.get("table_max", 0)))
        from verifier.support.errors import VerifierError
        raise VerifierError(f"unknown settlement kind {kind!r} (commission or fees)")

    @property
    def is_commission(self) -> bool:
        return self.kind == COMMISSION

    @property
    def is_fees(self) -> bool:
        return self.kind == FEES


def _tiers(rows):
    return tuple((int(low), int(fee)) for low, fee in rows)
