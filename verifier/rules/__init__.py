"""The rules in force: the readings of the filed rules (``readings``: wheel, bonus reading,
house way and every fixed reading) and rule sets (``rulesets``: deck, readings,
settlement and bets, as shipped or from a file)."""
from verifier.rules.readings import Rules

__all__ = ["Rules"]
