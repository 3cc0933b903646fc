"""Emperor's Challenge bonus bets (seed 004): Pai Gow Insurance, Emperor's Treasure and
the Envy Bonus, exact from the enumeration's counts (docs/RULESETS.md).

- **Pai Gow Insurance** wins when the seven cards are a pai gow; its lines are the top
  card, ``nine_high`` .. ``ace_high``. Reading in force (``INSURANCE_READING``): the seed
  says "the Ace is always considered high and the joker is always considered an Ace",
  read literally for this wager: the joker is an ace (of any suit) and nothing else, the
  ace ranks only high. A pai gow then has no pair (the joker pairs with an ace), no
  straight (A-K-Q-J-T counts, with the joker as its ace; A-2-3-4-5 does not; the joker
  fills no other rank) and no flush (five of one suit; four of one suit plus the joker,
  an ace of that suit, also make one). The other reading, where the joker keeps its
  base-game powers and the wheel is a straight, is exactly "the house way puts the hand
  in row 11" (best five = high card: 24,780,420 hands, proofs/pai_gow.py
  ``all_pai_gow``); it is reported beside the reading in force, from the key histogram.
  The two readings differ only on the A-high line.
- **Emperor's Treasure** lines are Outlaw 9 category bits read on the seven cards
  (``bets.TREASURE_LINES``), so the odds are ``exact.outlaw9_odds`` on the seven-card masks
  with a Treasure pay table (a hand is paid its highest line).
- **Envy Bonus**: fixed amounts paid to a qualifying Treasure bet (at least $5) for each
  *other* player's hand at the table that shows an envy line (its highest). By linearity
  the expected envy per hand with ``n`` other players is ``n`` times the expected amount
  one other hand triggers, and one other hand is a uniformly random seven-card hand of
  the deck (whatever the dependence between hands), so one hand's distribution, the
  enumeration's, gives it exactly. Reading: the hand that triggers is paid its own
  Treasure prize, not an envy for itself; it still collects envy for the other hands.

Their pay tables are ordinary pay-table files (docs/PAYTABLES.md, verifier/game/paytables.py)
with a ``status`` line; the shipped tables are examples, not filed (seed 004's appendices
are missing): ``paytables.example(bet)``.
"""
from __future__ import annotations

from functools import lru_cache
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

from verifier.odds.values import exact_value

from verifier.game.cards import ACE, JOKER
from verifier.game.bets import INSURANCE_LINES
from verifier.game.categories import TOP_CARD_CATEGORY
from verifier.support.errors import VerifierError
from verifier.game.paytables import Paytable, pay_text
from verifier.game.pays import TABLE_ORDER

INSURANCE_TOP = TOP_CARD_CATEGORY
INSURANCE_READING = "literal"
INSURANCE_READINGS = {
    "literal": "Pai Gow Insurance: the joker is always an ace (of any suit) and nothing "
               "else, the ace only high: no pair, no straight (A-K-Q-J-T only with the "
               "joker as its ace; A-2-3-4-5 is not a straight), no flush (four suited "
               "cards and the joker make one)",
    "semi-wild": "Pai Gow Insurance as the base game reads the cards: a pai gow is a hand "
                 "the house way puts in row 11 (best five = high card; the joker "
                 "completes straights and flushes, A-2-3-4-5 is a straight)",
}
ENVY_MINIMUM = 5          # dollars: the Treasure wager that qualifies for envy
MAX_OTHER_PLAYERS = 6


# ---------------------------------------------------------------------------------------
# Pai Gow Insurance counts


def insurance_counts_from_histogram(key_histogram: Mapping) -> dict[str, int]:
    """{line: hands} of the semi-wild reading: hands whose back is a high card (exactly
    the house way's row 11), by the back key's top nibble (the top card)."""
    out = {line: 0 for line in INSURANCE_LINES}
    for (back_key, _front_key), hands in key_histogram.items():
        if back_key >> 20 == 0:
            top = back_key >> 16 & 15
            if top not in INSURANCE_TOP:
                raise VerifierError(f"a pai gow topped by rank index {top}: impossible")
            out[INSURANCE_TOP[top]] += int(hands)
    return out


def _windows():
    """Five-rank straight windows: (ranks, is_wheel)."""
    out = [(frozenset(range(low, low + 5)), False) for low in range(0, 9)]
    out.append((frozenset({ACE, 0, 1, 2, 3}), True))
    return out


def _suit_patterns(rank_suits, threshold):
    """Ways to pick one card of each rank (``rank_suits``: list of suit sets) with fewer
    than ``threshold`` cards of every suit. The ranks' order does not change the count,
    so it is kept by the sorted suit sets: on the full deck every rank has all four suits,
    and the few thousand rank sets of ``insurance_counts`` make two distinct calls."""
    return _suit_pattern_count(tuple(sorted(tuple(sorted(s)) for s in rank_suits)), threshold)


@lru_cache(maxsize=4096)
def _suit_pattern_count(rank_suits, threshold):
    states = {(0, 0, 0, 0): 1}
    for suits in rank_suits:
        new: dict = {}
        for state, ways in states.items():
            for s in suits:
                if state[s] + 1 >= threshold:
                    continue
                nxt = state[:s] + (state[s] + 1,) + state[s + 1:]
                new[nxt] = new.get(nxt, 0) + ways
        states = new
    return sum(states.values())


def insurance_counts(deck: Sequence[int], reading: str = INSURANCE_READING) -> dict[str, int]:
    """{line: hands}: pai gow hands of ``deck`` by top card, counted by rank sets times
    suit patterns (no enumeration of hands). ``reading``: "literal" or "semi-wild"."""
    from itertools import combinations
    if reading not in INSURANCE_READINGS:
        raise VerifierError(f"unknown insurance reading {reading!r}")
    suits: dict = {}
    for c in deck:
        if c != JOKER:
            suits.setdefault(c >> 2, set()).add(c & 3)
    ranks = sorted(suits)
    windows = _windows()
    out = {line: 0 for line in INSURANCE_LINES}

    def straight(held, joker):
        for window, wheel in windows:
            if wheel and reading == "literal":
                continue
            missing = len(window - held)
            if missing == 0:
                return True
            if joker and missing == 1:
                if reading == "semi-wild" or window - held == {ACE}:
                    return True
        return False

    for k, joker in ((7, False), (6, True)):
        if joker and JOKER not in deck:
            continue
        pool = [r for r in ranks if not (joker and r == ACE)]   # the joker pairs an ace
        for held in combinations(pool, k):
            held_set = frozenset(held)
            if straight(held_set, joker):
                continue
            top = ACE if joker else max(held)
            if top not in INSURANCE_TOP:
                continue   # impossible in a pai gow: seven different ranks up to 8 are a straight
            ways = _suit_patterns([suits[r] for r in held], 4 if joker else 5)
            out[INSURANCE_TOP[top]] += ways
    return out


def insurance_line(cards: Sequence[int]) -> str | None:
    """The Pai Gow Insurance line of one seven-card hand under the reading in force
    ("literal": the joker is an ace of any suit and nothing else, A-2-3-4-5 is no
    straight), or None when the hand is not a pai gow. The hand-by-hand form of
    ``insurance_counts(deck, "literal")`` (the table simulator's)."""
    joker = JOKER in cards
    ranks = {c >> 2 for c in cards if c != JOKER}
    if len(ranks) + joker != 7 or (joker and ACE in ranks):
        return None                                  # a pair (the joker pairs an ace)
    held = ranks | {ACE} if joker else ranks
    for low in range(0, 9):                          # 2-6 .. T-A; the wheel is no straight
        if set(range(low, low + 5)) <= held:
            return None
    suits = [0, 0, 0, 0]
    for c in cards:
        if c != JOKER:
            suits[c & 3] += 1
    if max(suits) + joker >= 5:                      # the joker is that suit's ace
        return None
    return INSURANCE_TOP.get(max(held))


def insurance_odds(counts: Mapping[str, int], table: Paytable, total: int) -> dict:
    """Exact odds of Pai Gow Insurance: ``counts`` {line: hands}, the rest lose (the
    certificate's form: lines in the order of INSURANCE_LINES)."""
    from dataclasses import replace
    from verifier.odds.exact import odds_of_lines
    if table.kind.reads != "pai-gow":
        raise VerifierError(f"pay table {table.name!r} is for {table.bet}")
    ordered = replace(table, pays=tuple(sorted(table.pays,
                                               key=lambda cp: INSURANCE_LINES.index(cp[0]))))
    odds = odds_of_lines(ordered, {line: int(counts.get(line, 0)) for line in INSURANCE_LINES},
                         total)
    return {"bet": table.bet, "paytable": table.name, "status": table.status,
            "total_hands": total, "lines": [row.to_dict() for row in odds.lines],
            "loses": {"hands": odds.loses.hands,
                      "probability": exact_value(odds.loses.probability)},
            "return": exact_value(odds.expected), "house_edge": exact_value(odds.house_edge),
            "hit_frequency": exact_value(odds.hit_frequency),
            "variance": exact_value(odds.variance)}


# ---------------------------------------------------------------------------------------
# Emperor's Treasure and the Envy Bonus


def treasure_odds(seven_card_masks: Any, table: Paytable, total: int) -> tuple[dict, Fraction]:
    """Exact odds of Emperor's Treasure from the seven-card Outlaw 9 masks."""
    from verifier.odds.exact import outlaw9_odds
    if table.kind.reads != "seven-card" or table.kind.amounts:
        raise VerifierError(f"pay table {table.name!r} is for {table.bet}")
    odds = outlaw9_odds(seven_card_masks, table, reading="seven-card", total=total)
    out = odds.to_dict()
    out["bet"] = table.bet
    out["status"] = table.status
    out.pop("standard_deviation", None)
    return out, odds.expected


def envy_per_other_hand(sets: Any, table: Paytable, total: int | None = None
                        ) -> tuple[Fraction, dict[str, int]]:
    """(expected dollars one other hand triggers, {line: hands paid on it}): each hand
    shows its highest amount (``table-order``: its first line in the table). ``sets``: an ``exact.QualifyingSets``, or Outlaw 9 category
    counts in any form ``exact.mask_counts`` reads (then ``total`` is needed)."""
    from verifier.odds.exact import category_sets
    if not table.kind.amounts:
        raise VerifierError(f"pay table {table.name!r} is for {table.kind.title}, which pays "
                            "N to 1, not amounts per other hand")
    if hasattr(sets, "sets"):
        sets, total = sets.sets, sets.total
    else:
        sets = category_sets(sets)
    per_line = {line: 0 for line, _ in table.pays}
    amount = Fraction(0)
    for lines, hands in sets:
        best, best_pay = None, Fraction(0)
        for line, pay in table.pays:
            if line in lines and (pay > best_pay or table.precedence == TABLE_ORDER):
                best, best_pay = line, Fraction(pay)
                if table.precedence == TABLE_ORDER:     # the first line it shows
                    break
        if best is not None:
            per_line[best] += hands
            amount += hands * best_pay
    assert total is not None                    # given with counts, or the sets' own
    return amount / total, per_line


def envy_results(seven_card_masks: Any, envy_table: Paytable, treasure_return: Fraction,
                 total: int, bet: int | Fraction = ENVY_MINIMUM,
                 players: Iterable[int] = range(1, MAX_OTHER_PLAYERS + 1)) -> dict:
    """Envy per hand and the combined Treasure + envy return per unit, by table size."""
    one, per_line = envy_per_other_hand(seven_card_masks, envy_table, total)
    bet = Fraction(bet)
    rows = []
    for n in players:
        envy = n * one
        rows.append({"other_players": n, "envy_per_hand": exact_value(envy),
                     "envy_share_of_bet": exact_value(envy / bet),
                     "combined_return": exact_value(treasure_return + envy / bet)})
    return {"bet": envy_table.bet, "paytable": envy_table.name, "status": envy_table.status,
            "treasure_bet": str(bet), "envy_per_other_hand": exact_value(one),
            "lines": [{"category": c, "amount": pay_text(p), "hands": per_line[c]}
                      for c, p in envy_table.pays],
            "by_table_size": rows}

