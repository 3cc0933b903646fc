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
    #: what the jurisdiction asks of a progressive (verifier/filing/progressives.py): the
    #: rule, its words, and whether a jackpot rarer than 100 million to one is flagged
    progressive_rule: str = "GLI-11 4.8.2"
    progressive_requirement: str = (
        "Each progressive's base, reset, rate of progression, limit, secondary and hidden "
        "rates, and the probability of each jackpot, none rarer than 100 million to one.")
    odds_limit: bool = True


JURISDICTIONS: dict[str, Jurisdiction] = {j.name: j for j in (
    Jurisdiction("generic", "General submission", "",
                 "The rules of play with worked examples, the pay tables with payout odds, "
                 "true odds and house advantage per wager, and the technical appendix."),
    Jurisdiction("nv", "Nevada", "Nevada Gaming Commission Regulation 14.230",
                 "A new game's rules of play, with worked examples of winning, losing, "
                 "pushing and fouled hands and of each paying line.",
                 examples_emphasized=True),
    Jurisdiction("nj", "New Jersey", "N.J.A.C. 13:69F-8.4",
                 "The payout odds of every wager, with the true odds beside them.",
                 progressive_rule="N.J.A.C. 13:69D-1.52(e)",
                 progressive_requirement=(
                     "Before a progressive table game is offered: the initial and reset "
                     "amounts, the rate of progression of each jackpot, and the calculated "
                     "probability of winning each progressive jackpot, which shall not "
                     "exceed 100 million to one.")),
    Jurisdiction("md", "Maryland", "COMAR 36.05.03.20",
                 "The payout odds of every wager, with the true odds beside them.",
                 progressive_rule="COMAR 36.05.03.24",
                 progressive_requirement=(
                     "The progressive's parameters as approved; no change to an approved "
                     "progressive without the Commission's approval (a change is filed as "
                     "a variation, --variation-of, with its parameters before and after)."),
                 odds_limit=False),
    Jurisdiction("fl", "Florida", "Fla. Admin. Code ch. 75-14",
                 "The payout odds of every wager, with the true odds beside them.",
                 progressive_rule="Fla. Admin. Code R. 75-14.034",
                 progressive_requirement=(
                     "Each progressive's base amount, reset amount, incrementation rate, "
                     "limit, hidden (reserve) rate, and the secondary incrementation rate "
                     "that applies once the limit is reached."),
                 odds_limit=False),
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
