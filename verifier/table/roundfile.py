"""ROUND.json: one round described in a file (format in docs/TABLE.md)."""
from __future__ import annotations

import json
import random
import re

from verifier.game.cards import cards_str, parse_cards
from verifier.game.categories import OUTLAW9_LINES, mask_to_names
from verifier.game.names import display_names, money
from verifier.game.ranking import describe_back, describe_front
from verifier.support.errors import VerifierError
from verifier.support.files import parse_json, read_text
from verifier.rules.readings import Rules
from verifier.table.deal import check_dice, roll_dice
from verifier.game.bets import WAGER_TITLES
from verifier.table.limits import ENVY, TableRules
from verifier.table.round import RoundSpec
from typing import Any, Mapping, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.rules.rulesets import RuleSet
    from verifier.table.round import RoundResult

TOP_KEYS = {"player_dealer", "seats", "dice", "action_pile", "deck", "hands", "fronts", "seed",
            "table", "rules", "rule_set", "player_banker"}
BANKER_KEYS = {"seat", "chips", "co_bank", "dealer_wager"}


def _seat_number(text, where):
    """A seat as the file writes it: 1 to 7, as a number or the digit alone ("1", not
    "01" or " 1": two spellings of one seat would merge two seats' wagers)."""
    if isinstance(text, bool) or not (isinstance(text, int) or
                                      (isinstance(text, str) and re.fullmatch(r"\d", text))):
        raise VerifierError(f"{where}: seat {text!r} is not a seat number 1 to 7")
    seat = int(text)
    if not 1 <= seat <= 7:
        raise VerifierError(f"{where}: seat {seat} does not exist (seats are 1 to 7)")
    return seat


def _amount(value, where):
    if not isinstance(value, int) or isinstance(value, bool):
        raise VerifierError(f"{where}: {value!r} is not a whole number of dollars")
    return value


def _cards(value, where, count=None):
    try:
        return parse_cards(value, count)
    except VerifierError as exc:
        raise VerifierError(f"{where}: {exc}") from None


def _table_of(data, ruleset):
    """The table a round is played at: the rule set's (``ruleset``, else the file's
    ``rule_set``), with the file's ``rules`` and ``table`` over it; with neither, seed
    001's table (the file's ``rules`` over the default readings)."""
    from verifier.rules import rulesets
    name = ruleset if ruleset is not None else data.get("rule_set")
    rules, table = data.get("rules", {}), data.get("table", {})
    if not isinstance(rules, dict) or not isinstance(table, dict):
        raise VerifierError('"rules" and "table" must be JSON objects')
    try:
        if name is None:
            return TableRules(rules=Rules(**rules), **table)
        if not isinstance(name, (str, rulesets.RuleSet)):
            raise VerifierError(f"bad rule_set {name!r}: a rule set's name or file")
        rs = name if isinstance(name, rulesets.RuleSet) else rulesets.load(name)
        rs = rs.with_overrides(**{k: rules[k] for k in ("wheel", "bonus_reading", "house_way")
                                  if k in rules})
        extra = set(rules) - {"wheel", "bonus_reading", "house_way"}
        if extra:
            raise VerifierError(f"unknown key(s) in rules: {', '.join(sorted(extra))}")
        return TableRules.from_ruleset(rs, **table)
    except TypeError as exc:
        raise VerifierError(f"bad rules or table section: {exc}") from None
    except ValueError as exc:
        raise VerifierError(str(exc)) from None


def round_from_dict(data: Mapping[str, Any], seed: int | None = None,
                    ruleset: str | RuleSet | None = None) -> tuple[RoundSpec, TableRules]:
    """A parsed ROUND.json object -> (RoundSpec, TableRules). ``ruleset`` (a name, a
    file or a RuleSet) replaces the file's ``rule_set``."""
    if not isinstance(data, dict):
        raise VerifierError("a round file must hold one JSON object")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise VerifierError(f"unknown key(s) in round file: {', '.join(sorted(unknown))}")
    pd = data.get("player_dealer")
    if not isinstance(pd, dict) or "seat" not in pd or "bank" not in pd:
        raise VerifierError('the round file needs "player_dealer": {"seat": N, "bank": AMOUNT}')
    extra = set(pd) - {"seat", "bank"}
    if extra:
        raise VerifierError(f"unknown key(s) in player_dealer: {', '.join(sorted(extra))}")
    dealer_seat = _seat_number(pd["seat"], "player_dealer")
    bank = _amount(pd["bank"], "player_dealer bank")

    table = _table_of(data, ruleset)
    seats = data.get("seats")
    kinds = table.kinds
    if not isinstance(seats, dict):
        raise VerifierError('the round file needs "seats": {"SEAT": {' + ", ".join(
            f'"{k}": ..' for k in kinds) + '}, ...}')
    wagers = {}
    for key, bets in seats.items():
        if not isinstance(bets, dict):
            raise VerifierError(f"seats: seat {key!r} must map wager names to amounts")
        seat = _seat_number(key, "seats")
        bad = set(bets) - set(kinds)
        if bad:
            raise VerifierError(f"seat {seat}: unknown wager(s) {', '.join(sorted(bad))} "
                                f"(wagers at this table are {', '.join(kinds)})")
        wagers[seat] = tuple(_amount(bets.get(k, 0), f"seat {seat} {k}") for k in kinds)

    deck = hands = None
    if "deck" in data and "hands" in data:
        raise VerifierError('give either "deck" or "hands", not both')
    if "seed" in data and (isinstance(data["seed"], bool) or not isinstance(data["seed"], int)):
        raise VerifierError(f"bad seed {data['seed']!r}: a whole number")
    if seed is None:                # --seed overrides the file's (docs/TABLE.md)
        seed = data.get("seed", 0)
    rng = random.Random(f"paigow-round:{seed}")
    if "deck" in data:
        deck = _cards(data["deck"], "deck", 53)
    elif "hands" in data:
        if not isinstance(data["hands"], dict):
            raise VerifierError('"hands" maps seats to seven cards')
        hands = {}
        seen: dict = {}
        for key, text in data["hands"].items():
            seat = _seat_number(key, "hands")
            hands[seat] = _cards(text, f"seat {seat} hand", 7)
            for c, tok in zip(hands[seat], text.split() if isinstance(text, str) else text):
                if c in seen:
                    raise VerifierError(f"card {tok} appears twice (seats {seen[c]} and {seat})")
                seen[c] = seat
    else:
        deck = list(range(53))
        rng.shuffle(deck)
    if "dice" in data:
        dice = check_dice(data["dice"])
    else:
        dice = roll_dice(rng)
    action_pile = data.get("action_pile", 1)
    if isinstance(action_pile, bool) or not isinstance(action_pile, int) \
            or not 1 <= action_pile <= 7:
        raise VerifierError(f"bad action_pile {action_pile!r}: piles are numbered 1 to 7 from the left")
    fronts = {}
    for key, text in (data.get("fronts") or {}).items():
        seat = _seat_number(key, "fronts")
        fronts[seat] = _cards(text, f"seat {seat} front", 2)
    banker = {}
    if "player_banker" in data:
        pb = data["player_banker"]
        if not isinstance(pb, dict) or "seat" not in pb or "chips" not in pb:
            raise VerifierError('"player_banker" needs {"seat": N, "chips": AMOUNT} (and '
                                'optionally "co_bank": true, "dealer_wager": AMOUNT)')
        extra = set(pb) - BANKER_KEYS
        if extra:
            raise VerifierError(f"unknown key(s) in player_banker: {', '.join(sorted(extra))}")
        if not isinstance(pb.get("co_bank", False), bool):
            raise VerifierError("player_banker co_bank: true or false")
        banker = {"banker_seat": _seat_number(pb["seat"], "player_banker"),
                  "chips": _amount(pb["chips"], "player_banker chips"),
                  "co_bank": pb.get("co_bank", False),
                  "dealer_wager": _amount(pb.get("dealer_wager", 0), "player_banker dealer_wager")}
    spec = RoundSpec(dealer_seat, bank, wagers, dice, deck=deck, hands=hands,
                     action_pile=action_pile - 1, fronts=fronts, **banker)
    return spec, table


def load_round(path: str, seed: int | None = None, house_way: str | None = None,
               ruleset: str | RuleSet | None = None) -> tuple[RoundSpec, TableRules]:
    """Read and parse a ROUND.json file; ``house_way`` (a shipped house way or a house-way
    file) replaces the file's ``rules.house_way``, ``ruleset`` its ``rule_set``."""
    text = read_text(path, "round")
    try:
        data = parse_json(text, path, "round file")
    except json.JSONDecodeError as exc:
        raise VerifierError(f"{path}: bad JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    if house_way is not None and isinstance(data, dict) and isinstance(data.get("rules", {}), dict):
        data["rules"] = dict(data.get("rules", {}), house_way=house_way)
    try:
        return round_from_dict(data, seed, ruleset)
    except VerifierError as exc:                    # one line naming the file
        raise VerifierError(f"{path}: {exc}") from None


# ----------------------------------------------------------------------------- as text
def format_round(result: RoundResult) -> str:
    """The round as text: the deal, the hands, then the ledger line by line."""
    spec = result.spec
    out = []
    table = result.table or TableRules()
    kinds = table.kinds
    dealer_word = "dealer: the house" if table.house_banks else "player-dealer"
    if spec.banker_seat is not None:
        out.append(f"Banker: seat {spec.banker_seat}, {money(spec.chips)} in chips"
                   + (f", co-banked with the casino ({table.co_bank_share} share)"
                      if spec.co_bank else "")
                   + (f"; the dealer (seat {spec.dealer_seat}'s place) wagers "
                      f"{money(spec.dealer_wager)} against the bank" if spec.dealer_wager else ""))
    elif table.house_banks:
        out.append(f"Dealer: the house banks, at seat {spec.dealer_seat}'s place")
    else:
        out.append(f"Player-dealer: seat {spec.dealer_seat}, bank {money(spec.bank)}")
    out.append(f"Dice: {'+'.join(map(str, spec.dice))} = {result.dice_total}: first pile to "
               f"seat {result.first_seat}, Action button at seat {result.action_seat}")
    if result.piles is not None:
        for i, pile in enumerate(result.piles):
            out.append(f"  pile {i + 1}: {cards_str(pile)}")
    out.append(f"Discard: {cards_str(result.discard)}")
    out.append("Hands:")
    counter = spec.dealer_seat if spec.banker_seat is None else spec.banker_seat
    shown = [counter] + [s for s in result.order if s in result.seat_cards
                         and s in spec.wagers]
    if spec.banker_seat is not None and spec.dealer_seat in result.seat_cards:
        shown.append(spec.dealer_seat)
    for seat in shown:
        s = result.sets[seat]
        hw = s["house_way"]
        who = ("banker" if seat == spec.banker_seat else
               "dealer, against the bank" if spec.banker_seat is not None
               and seat == spec.dealer_seat else
               dealer_word if seat == spec.dealer_seat else "player")
        line = (f"  seat {seat} ({who}): {cards_str(result.seat_cards[seat])} -> "
                f"front {cards_str(hw[0])} ({describe_front(hw[2])}), "
                f"back {cards_str(hw[1])} ({describe_back(hw[3])})")
        out.append(line)
        if seat in spec.wagers and seat != counter:
            pl = s["played"]
            if list(pl[0]) != list(hw[0]) or s["foul"]:
                out.append(f"      played: front {cards_str(pl[0])}, back {cards_str(pl[1])}"
                           + (" FOUL" if s["foul"] else ""))
            names = (mask_to_names(s["mask"], OUTLAW9_LINES) if _reads_categories(table)
                     else [])
            titles = ["base"] + [WAGER_TITLES[k] for k in kinds[1:]]
            words = [f"{title} {_odds_word(o)}" for title, o, stake in
                     zip(titles, result.odds[seat], spec.wagers[seat]) if stake]
            if seat in result.envy:
                words.append(f"{WAGER_TITLES[ENVY]} {money(result.envy[seat])}")
            out.append("      " + ", ".join(words)
                       + (f"  [{display_names(names)}]" if names else ""))
    out.append("Ledger:")
    for i, e in enumerate(result.ledger.entries, 1):
        out.append(f"  {i:3d}. {e.source:>18} -> {e.dest:<18} {money(e.amount):<8} {e.reason}")
    out.append("Results (after fees):")
    for party, value in sorted(result.party_nets().items()):
        out.append(f"  {party:<14} {'+' if value >= 0 else ''}{money(value)}")
    chips_in, chips_out, fees = result.ledger.totals()
    out.append(f"Balance: chips in {money(chips_in)} = chips out {money(chips_out)} + "
               + (f"house {money(fees)}" if table.house_banks else f"fees {money(fees)}"))
    st = result.settlement
    if st.cap_bound:
        out.append(f"Bank cap: {money(st.returned)} of stake not covered and returned"
                   + (" (bank exhausted)" if st.exhausted else "")
                   + (" (player-dealer win limit)" if st.win_limited else ""))
    return "\n".join(out)


def _reads_categories(table):
    """Whether a table's bets are read on the seven-card categories (worth showing)."""
    return any(table.custom_bet(k) is None and table.read_of(k)[0].endswith("-mask")
               for k in table.kinds[1:])


def _odds_word(o):
    if o < 0:
        return "loses"
    if o == 0:
        return "pushes"
    return f"wins {o} to 1"
