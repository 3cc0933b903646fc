"""A rule set's terms, each checked as a file gives it: the settlement (a commission, or
the California game's fee tiers), the bank (who may bank, on what terms: ``[bank]``) and
the house way it names. The rule set that holds them: verifier/rules/rulesets.py."""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from verifier.support.errors import VerifierError
from verifier.rules.readings import HOUSE_WAY_CHOICES


class RuleSetError(VerifierError):
    """A bad rule set name or file (one line)."""


#: the keys of each settlement kind (anything else, e.g. a misspelt "comission", is refused)
SETTLEMENT_KEYS: dict[str | None, set[str]] = {"commission": {"kind", "commission", "push_when",
                                                               "push_outcomes", "dealer"},
                   "fees": {"kind", "player_tiers", "dealer_tiers", "table_max"}}


#: ``[settlement] dealer``: the dealer's hand set face down (the players set theirs first,
#: on the house way), or exposed first (Face Up: each player's best response)
DEALER_HANDS = ("hidden", "exposed")


def tiers_ok(tiers: object) -> bool:
    """[[lowest amount, fee], ...]: at most five, whole numbers, by increasing amount."""
    return (isinstance(tiers, list) and 0 < len(tiers) <= 5
            and all(isinstance(t, list) and len(t) == 2
                    and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 10 ** 9
                            for x in t) for t in tiers)
            and [t[0] for t in tiers] == sorted({t[0] for t in tiers}))


def check_settlement(s: object, where: str) -> dict[str, Any]:
    if not isinstance(s, dict):
        raise RuleSetError(f"{where}: [settlement] must be a table")
    kind = s.get("kind")
    if kind is not None and not isinstance(kind, str):
        raise RuleSetError(f"{where}: settlement kind {kind!r}: choose commission or fees")
    unknown = set(s) - SETTLEMENT_KEYS.get(kind, set(s))
    if unknown:
        raise RuleSetError(f"{where}: unknown key(s) in [settlement] of kind {kind}: "
                           f"{', '.join(sorted(map(repr, unknown)))} (keys: "
                           f"{', '.join(sorted(SETTLEMENT_KEYS[kind]))})")
    if kind == "commission":
        text = str(s.get("commission", ""))
        if not re.fullmatch(r"0?\.\d{1,12}|0|1", text):
            raise RuleSetError(f"{where}: a commission settlement needs commission = "
                               "\"0.05\" (a decimal from 0 to 1, at most 12 places)")
        rate = Fraction(text)
        if not 0 <= rate < 1:
            raise RuleSetError(f"{where}: commission {rate} is not between 0 and 1")
        dealer = s.get("dealer", "hidden")
        if dealer not in DEALER_HANDS:
            raise RuleSetError(f"{where}: dealer = {dealer!r}: choose "
                               f"{' or '.join(map(repr, DEALER_HANDS))} (Face Up: the "
                               "dealer's hand set face up before the players set theirs)")
        return {"kind": "commission", "commission": str(s["commission"]),
                **check_push(s, where), **({"dealer": dealer} if dealer != "hidden" else {})}
    if kind == "fees":
        tiers = s.get("player_tiers")
        if not tiers_ok(tiers):
            raise RuleSetError(f"{where}: fees need player_tiers = [[lowest wager, fee], ...] "
                               "by increasing wager")
        assert tiers is not None                # tiers_ok
        dealer = s.get("dealer_tiers", [])
        if dealer != [] and not tiers_ok(dealer):
            raise RuleSetError(f"{where}: dealer_tiers = [[lowest total action, fee], ...] by "
                               "increasing action (the player-dealer's fee per hand)")
        table_max = s.get("table_max", 1000)
        if isinstance(table_max, bool) or not isinstance(table_max, int) \
                or not tiers[-1][0] <= table_max <= 10 ** 9:
            raise RuleSetError(f"{where}: table_max must be a whole number at least the top tier")
        return {"kind": "fees", "player_tiers": [list(t) for t in tiers],
                "dealer_tiers": [list(t) for t in dealer], "table_max": table_max}
    raise RuleSetError(f"{where}: settlement kind {kind!r}: choose commission or fees")


def check_push(s: dict[str, Any], where: str) -> dict[str, Any]:
    """``push_when`` (conditions on the banker's set hand, verifier/game/pushes.py) and
    ``push_outcomes``, as a settlement keeps them: nothing when there is no condition."""
    from verifier.game.pushes import PUSH_CONDITIONS, PUSH_OUTCOMES
    names = s.get("push_when", [])
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names) \
            or len(set(names)) != len(names):
        raise RuleSetError(f"{where}: push_when = [\"pai_gow_queen_high\", ...]: names of "
                           "categories of the banker's set hand, each once")
    for name in names:
        if name not in PUSH_CONDITIONS:
            raise RuleSetError(f"{where}: push_when {name!r} names no category of the "
                               "banker's set hand (e.g. pai_gow_queen_high, front_nine_high; "
                               "docs/VARIANTS.md)")
    outcomes = s.get("push_outcomes", "all")
    if outcomes not in PUSH_OUTCOMES:
        raise RuleSetError(f"{where}: push_outcomes = {outcomes!r}: choose "
                           f"{' or '.join(map(repr, PUSH_OUTCOMES))}")
    if not names:
        if "push_outcomes" in s:
            raise RuleSetError(f"{where}: push_outcomes without push_when")
        return {}
    return {"push_when": list(names), "push_outcomes": outcomes}


#: ``[bank]`` of a rule set (docs/TABLE.md, "Players bank in turn"): its keys, each
#: key's choices (None: a decimal string) and default
BANK_KEYS = {
    # "house": the house dealer always banks; "rotation": the bank is offered to each
    # player in turn and the dealer takes it in turn (seed 002; seed 004 "rotates")
    "banker": (("house", "rotation"), "house"),
    # a player may bank only after wagering against the dealer when the dealer last banked
    "requires_dealer_wager": ((True, False), True),
    # a player may bank only with chips to cover every wager at the table
    "requires_cover": ((True, False), True),
    # the casino's share of a co-banking player-banker's results ("0": no co-banking)
    "co_bank_share": (None, "0"),
    # the dealer's wager against a player-banker: "last-bet", the amount the player last
    # bet when the dealer banked (reading bank_dealer_wager); "none": the dealer does not play
    "dealer_wager": (("last-bet", "none"), "last-bet"),
    # the commission a banking player pays: on the round's net win (reading
    # bank_commission_net), or on each winning wager
    "banker_commission": (("net-win", "each-win"), "net-win"),
}


def check_bank(bank: object, settlement: dict[str, Any], where: str) -> dict[str, Any] | None:
    """``[bank]`` checked and completed with its defaults (None when absent)."""
    if bank is None:
        return None
    if not isinstance(bank, dict):
        raise RuleSetError(f"{where}: [bank] must be a table")
    unknown = set(bank) - set(BANK_KEYS)
    if unknown:
        raise RuleSetError(f"{where}: unknown key(s) in [bank]: "
                           f"{', '.join(sorted(map(repr, unknown)))} (keys: "
                           f"{', '.join(BANK_KEYS)})")
    out = {}
    for key, (choices, default) in BANK_KEYS.items():
        value = bank.get(key, default)
        if choices is None:
            text = str(value)
            if not re.fullmatch(r"0?\.\d{1,12}|0|1", text) or isinstance(value, bool):
                raise RuleSetError(f"{where}: [bank] {key} = {value!r}: a decimal string "
                                   "from 0 to 1, e.g. \"0.5\" (\"0\": no co-banking)")
            value = text
        elif value not in choices or isinstance(value, bool) != isinstance(choices[0], bool):
            raise RuleSetError(f"{where}: [bank] {key} = {value!r}: choose from "
                               f"{', '.join(map(repr, choices))}")
        out[key] = value
    if out["banker"] == "rotation" and settlement.get("push_when"):
        raise RuleSetError(f"{where}: [bank] banker = \"rotation\" with push_when: the "
                           "games that push on the banker's hand are banked by the house "
                           "(docs/VARIANTS.md)")
    if out["banker"] == "rotation" and settlement.get("kind") != "commission":
        raise RuleSetError(f"{where}: [bank] banker = \"rotation\" needs a commission "
                           "settlement (a player-banker's win pays the commission)")
    if out["banker"] == "house" and Fraction(out["co_bank_share"]) != 0:
        raise RuleSetError(f"{where}: [bank] co_bank_share needs banker = \"rotation\" "
                           "(only a player-banker co-banks)")
    return out


def check_house_way(value: object, where: str) -> None:
    """A house way a rule set may name: a built-in, a shipped file, or a house-way file
    (a path, as given)."""
    if not isinstance(value, str):
        raise RuleSetError(f"{where}: a house way is a name or a file, not {value!r}")
    if value in HOUSE_WAY_CHOICES:      # the built-ins: no file to read
        return
    from verifier.houseway import names, load, HouseWayError
    if value in names():
        return
    if not value.endswith(".toml"):
        raise RuleSetError(f"{where}: unknown house_way {value!r}: choose from "
                           f"{', '.join(dict.fromkeys(HOUSE_WAY_CHOICES + tuple(names())))}, "
                           "or a house-way .toml file")
    try:
        load(value)                     # a house-way file that exists and is valid
    except HouseWayError as exc:
        raise RuleSetError(f"{where}: house_way: {exc}") from None
