"""Collection fees: the filed schedule (seed 001, "Collection Fees", schedule option 1).

- Player: a flat fee per betting circle with a base game wager, by the size of that
  wager: $10-$100 -> $1, $101-$200 -> $2, $201-$300 -> $3, $301-$400 -> $4,
  $401 or more -> $5. No fee on the Wrangler Push or Outlaw 9 bets, so a seat with
  bonus bets only pays nothing.
- Player-dealer: a flat fee per hand by the total table action (the sum of all the
  players' base game wagers). The filing prints "$1" on the $10-$100 row and "$2" on
  the $201-$300 row and leaves the rows between blank. Reading (regulator-safe: the
  lower fee wherever the table is silent): $1 for total action up to $200, $2 above
  $200; no fee when there is no base action at all.
- Fees are taken before the deal, from the chips in front of each player; the
  player-dealer's fee is not taken out of the bank (docs/TABLE.md).
"""
from __future__ import annotations

from dataclasses import dataclass

from verifier.game.settlement import tier_fee

from verifier.support.errors import VerifierError
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction


def _filed_tiers(which):
    """The tiers of the default rule set (outlaw9-mikes: seed 001's schedule), read from
    its file: ``player_tiers`` or ``dealer_tiers``."""
    from verifier.rules.rulesets import load
    return tuple(tuple(t) for t in load().settlement[which])


# (lowest amount of the tier, fee); a tier runs up to the next tier's lowest amount - 1.
PLAYER_FEE_TIERS = _filed_tiers("player_tiers")
DEALER_FEE_TIERS = _filed_tiers("dealer_tiers")


@dataclass(frozen=True)
class FeeSchedule:
    """A posted collection-fee schedule: tiers as (lowest amount, fee)."""
    player_tiers: tuple = PLAYER_FEE_TIERS
    dealer_tiers: tuple = DEALER_FEE_TIERS

    def __post_init__(self):
        for tiers in (self.player_tiers, self.dealer_tiers):
            if len(tiers) > 5:  # "no more than five collection rates ... per table limit"
                raise VerifierError("a fee schedule may have at most five collection rates")
            lows = [low for low, _ in tiers]
            if lows != sorted(set(lows)):
                raise VerifierError("fee tiers must be listed by increasing amount")

    def player_fee(self, base_wager: int | Fraction) -> int:
        """The fee for one betting circle with this base wager (0 when no base wager)."""
        return tier_fee(base_wager, self.player_tiers)

    def dealer_fee(self, total_action: int | Fraction) -> int:
        """The player-dealer's fee for this total table action (sum of base wagers)."""
        return tier_fee(total_action, self.dealer_tiers)

    def describe(self) -> dict[str, str]:
        def rows(tiers):
            out = []
            for i, (low, fee) in enumerate(tiers):
                high = tiers[i + 1][0] - 1 if i + 1 < len(tiers) else None
                span = f"${low}-${high}" if high is not None else f"${low} or more"
                out.append(f"{span}: ${fee}")
            return ", ".join(out)
        return {"player": rows(self.player_tiers), "player_dealer": rows(self.dealer_tiers)}


FILED_SCHEDULE = FeeSchedule()
#: no fees at all (the casino game: the house takes a commission instead)
NO_FEES = FeeSchedule(player_tiers=(), dealer_tiers=())
