"""The jurisdictions a filing is written for, one table: each one's name (the
``--jurisdiction`` choice), title, the rule it answers and what its filing holds beyond
the common parts (the cover, the rules of play with worked examples, the pay tables with
payout odds, true odds and house advantage, the variation, the appendix and the hashes)."""
from __future__ import annotations

from dataclasses import dataclass

from verifier.support.errors import choose


@dataclass(frozen=True)
class Jurisdiction:
    name: str
    title: str
    rule: str                 # the regulation the filing answers ("" none named)
    requirement: str          # what that rule asks of the filing, as the filing says it
    #: the worked examples set out in full, each with its own heading (Nevada)
    examples_emphasized: bool = False
    #: the true odds stated beside the payout odds of every line (New Jersey, Maryland)
    true_odds: bool = True
    #: the California game-approval narrative and the jackpot/bonus review
    california: bool = False


JURISDICTIONS: dict[str, Jurisdiction] = {j.name: j for j in (
    Jurisdiction("generic", "General submission", "",
                 "The rules of play with worked examples, the pay tables with payout odds, "
                 "true odds and house advantage per wager, and the technical appendix."),
    Jurisdiction("nv", "Nevada", "Nevada Gaming Commission Regulation 14.230",
                 "A new game's rules of play, with worked examples of winning, losing, "
                 "pushing and fouled hands and of each paying line.",
                 examples_emphasized=True),
    Jurisdiction("nj", "New Jersey", "N.J.A.C. 13:69F-8.4",
                 "The payout odds of every wager, with the true odds beside them."),
    Jurisdiction("md", "Maryland", "COMAR 36.05.03.20",
                 "The payout odds of every wager, with the true odds beside them."),
    Jurisdiction("ca", "California", "Bureau of Gambling Control game approval",
                 "The game-approval narrative: standards of play, the deck, the dealing "
                 "procedure, the number of players, how and when the collection fee is "
                 "taken for each wagering limit, how winners are determined and paid; and "
                 "the review of any jackpot or bonus.", california=True),
)}
DEFAULT_JURISDICTION = "generic"


def jurisdiction(name: str | None) -> Jurisdiction:
    """A jurisdiction by name (None: the default), or a one-line error naming those offered."""
    return JURISDICTIONS[choose("jurisdiction", name, JURISDICTIONS, DEFAULT_JURISDICTION,
                                fold=True, width=20, verb="", suffix=" is not offered")]
