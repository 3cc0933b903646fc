"""How a game's base wager is settled, typed: one object every layer reads through the same
interface (the exact base game, odds/basegame.py; the strategy job; the table; the par
sheet and the command line): a commission on the player's wins (the casino games, seeds
002 and 004), or flat collection fees per hand (the California game, seed 001).

A rule set writes it as ``[settlement]`` (verifier/rules/terms.py checks it); a
certificate keeps the same mapping. ``SettlementRule.of(mapping)`` is the one reader.

Where a new settlement rule goes (docs/ARCHITECTURE.md): its kind and fields here, their
check in rules/terms.py; every layer asks this object (``win_net``, ``player_return``,
``banker_return``, ``player_fee``/``dealer_fee``, ``describe``) and never the kind. Issue
36's variants have their place: ``push_when`` names conditions on the banker's set hand
under which the base wager pushes (EZ Pai Gow's queen-high pai gow, Commission-Free's
9-high two-card hand), with no commission; ``pushes_on`` is the one question the exact
count, the strategy job and the table will ask of a banker's hand.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

COMMISSION, FEES = "commission", "fees"


@dataclass(frozen=True)
class SettlementRule:
    kind: str                          # COMMISSION or FEES
    commission: Fraction = Fraction(0)  # the rate on a winning wager (commission)
    player_tiers: tuple = ()           # ((lowest wager, fee), ...)   (fees)
    dealer_tiers: tuple = ()           # ((lowest total action, fee), ...)   (fees)
    table_max: int = 0                 # the largest wager (fees)
    #: conditions on the banker's set hand under which the base wager pushes (issue 36:
    #: none yet; a rule set cannot write one until the conditions are implemented)
    push_when: tuple = ()

    @classmethod
    def of(cls, data) -> "SettlementRule":
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

    @classmethod
    def at(cls, rule_or_rate) -> "SettlementRule":
        """A rule as given, or the commission rule at a rate (the table's settlements take
        either)."""
        if isinstance(rule_or_rate, SettlementRule):
            return rule_or_rate
        return cls(COMMISSION, commission=Fraction(rule_or_rate))

    @property
    def is_commission(self) -> bool:
        return self.kind == COMMISSION

    @property
    def is_fees(self) -> bool:
        return self.kind == FEES

    # -- what each layer asks ------------------------------------------------------------
    @property
    def win_net(self) -> Fraction:
        """What a winning unit base wager nets: 1 to 1 less the commission (fees apart)."""
        return 1 - self.commission

    def player_return(self, win, loss, total) -> Fraction:
        """The player's expected result per unit wagered from win/loss counts over
        ``total`` outcomes (pushes nothing), before any flat fee."""
        return (win * self.win_net - loss) / Fraction(total)

    def banker_return(self, win, loss, total) -> Fraction:
        """A banking player's result per unit its one opponent wagers: it wins the
        opponent's losses less the commission on its own win, pays the opponent's wins."""
        return (loss * self.win_net - win) / Fraction(total)

    def player_fee(self, wager) -> int:
        """The flat fee on a base wager of ``wager`` dollars (0 under a commission)."""
        return tier_fee(wager, self.player_tiers)

    def dealer_fee(self, action) -> int:
        """The player-dealer's flat fee on ``action`` dollars of base wagers."""
        return tier_fee(action, self.dealer_tiers)

    def pushes_on(self, banker_set) -> bool:
        """Whether the banker's set hand pushes every base wager (``push_when``): never,
        until issue 36 brings the conditions."""
        if self.push_when:
            from verifier.support.errors import VerifierError
            raise VerifierError("push conditions on the banker's hand are not implemented")
        return False

    @property
    def win_label(self) -> str:
        """A winning base wager's pay, as the par sheet prints it."""
        if self.is_commission:
            return f"1 to 1 less {float(self.commission):.0%} commission"
        return "1 to 1 (fee apart)"

    def describe(self) -> str:
        """The settlement in one line (``rules``)."""
        if self.is_commission:
            return f"wins pay 1 to 1 less {float(self.commission):.0%} commission"
        tiers = ", ".join(f"${lo}+: ${fee}" for lo, fee in self.player_tiers)
        dealer = ", ".join(f"${lo}+: ${fee}" for lo, fee in self.dealer_tiers) or "none"
        return (f"wins pay 1 to 1; flat player fee per hand ({tiers}); player-dealer fee "
                f"per hand by table action ({dealer}); table maximum ${self.table_max}")


def _tiers(rows):
    return tuple((int(low), int(fee)) for low, fee in rows)


def tier_fee(amount, tiers):
    """The fee of the highest tier whose lowest amount is at most ``amount``."""
    if amount < 0:
        from verifier.support.errors import VerifierError
        raise VerifierError(f"negative amount {amount} has no fee")
    fee = 0
    for low, tier_fee in tiers:
        if amount >= low:
            fee = tier_fee
    return fee
