"""The rules of play's worked examples, chosen by the engine from real deals: a win, a
loss, a push (one hand won, one lost), a copy, a foul, and one hand for each paying line
of each bet (a rule set's custom bets too, read their way: table/custom.py).

The deals come in one fixed order (``deals``): 14 cards from a shuffle seeded with
``SEED``, player's seven then the dealer's seven, ``FIRST_DEALS`` of them; then, for the
rare lines, the player's hands of small pools of the deck in their combinations' order
(one suit and the joker; the aces, kings, queens and jacks and the joker), each against
the dealer's seven first cards of a shuffle not in it; then the shuffles again, up to
``RANDOM_DEALS`` in all. Each deal is set by the house
way (the engine's ``set_hands``) and settled by the table's code (``round_odds``, its
reads and envy amounts); an example is the first deal that shows its outcome."""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterator, Sequence

from verifier.game.bets import table_sides
from verifier.table.limits import TableRules

SEED = 38
FIRST_DEALS = 20_000
RANDOM_DEALS = 200_000
BATCH = 5_000
#: the pools of the player's hands for the rare lines, by rank characters and suits
POOLS = (("23456789TJQKA", "s"), ("AKQJ", "cdhs"))
BASE_OUTCOMES = ("win", "loss", "push", "copy")


@dataclass(frozen=True)
class Example:
    """One worked example: a deal, its house-way sets, and what the table pays."""
    kind: str                       # "base", a wager kind, or "envy"
    outcome: str                    # base: win/loss/push/copy/foul; else the line's name
    player: tuple[int, ...]         # the player's seven cards
    dealer: tuple[int, ...]
    player_set: tuple[Any, ...]     # set_hands' (front, back, front_key, back_key, masks)
    dealer_set: tuple[Any, ...]
    odds: int | Fraction            # the wager's odds at the table: 1 win, 0 push, -1 loss, N
    line: int | None = None         # the index of the paid line in the bet's table read
    fouled: tuple[int, ...] = ()    # a foul: the two cards the player set in front


def deals(deck: Sequence[int] | None = None) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(player, dealer) seven cards each from ``deck`` (default the 53 cards), in the fixed
    order of the module's doc; none from a deck of fewer than 14 cards."""
    from verifier.engine import shuffled_deals
    from verifier.game.cards import RANK_CHARS, SUIT_CHARS, JOKER, full_deck
    cards = sorted(deck if deck is not None else full_deck())
    if len(cards) < 14:
        return
    rng = random.Random(SEED)
    shuffled_deck = list(cards)

    def shuffled(n):                    # rng.shuffle(shuffled_deck) n times, a batch a call
        for start in range(0, n, BATCH):
            yield from shuffled_deals(rng, shuffled_deck, min(BATCH, n - start))
    yield from shuffled(FIRST_DEALS)
    order = list(cards)
    random.Random(SEED).shuffle(order)
    for ranks, suits in POOLS:
        pool = [c for c in cards if c == JOKER or (RANK_CHARS[c >> 2] in ranks
                                                   and SUIT_CHARS[c & 3] in suits)]
        for player in itertools.combinations(pool, 7):
            yield player, tuple(sorted([c for c in order if c not in player][:7]))
    yield from shuffled(RANDOM_DEALS - FIRST_DEALS)


def base_outcome_name(player_set: Sequence[Any], dealer_set: Sequence[Any],
                      odds: int | Fraction) -> str:
    """What a deal shows of the base game: ``copy`` when a hand is a copy (equal keys);
    ``dealer push`` when the hands' comparison is pushed by the dealer's hand (a rule
    set's push condition); else ``win``, ``push`` or ``loss``."""
    from verifier.table.settle import base_odds
    if player_set[2] == dealer_set[2] or player_set[3] == dealer_set[3]:
        return "copy"
    compared = base_odds(player_set[2], player_set[3], dealer_set[2], dealer_set[3])
    if compared != 0 and odds == 0:
        return "dealer push"
    return "win" if odds > 0 else "push" if odds == 0 else "loss"


def worked_examples(table: TableRules, deck: Sequence[int] | None = None) -> list[Example]:
    """The worked examples at ``table`` (``TableRules.from_ruleset``): the base game's
    outcomes in ``BASE_OUTCOMES`` order, each on a dealer's hand that does not push (and
    a push by the dealer's hand, where the rule set has one), the foul (the first of those deals that can be fouled), then each paying line of each bet
    in the table's order (a line no deal of ``deals`` shows is left out); ``deck``: the
    certificate's (default the 53 cards)."""
    from verifier.engine import set_hands
    from verifier.table.reads import READS, paid_line
    from verifier.table.round import round_odds
    from verifier.table.custom import hand_lines
    from verifier.table.settle import base_odds
    sides = table_sides()
    rule = table.settlement
    outcomes = BASE_OUTCOMES + (("dealer push",) if rule.has_pushes else ())
    wanted: dict[tuple[str, Any], Example | None] = {("base", o): None for o in outcomes}
    reads = {}
    for kind in table.kinds[1:]:
        if kind in sides:
            name, of_banker = table.read_of(kind)
            pays = table.pays_of(kind)
            reads[kind] = (READS[name], of_banker, pays)
            wanted.update({(kind, i): None for i, p in enumerate(pays) if p >= 0})
    for bet in table.custom:                # a rule set's custom bets: each paying line
        wanted.update({(bet.name, i): None for i, (_, net) in enumerate(bet.nets) if net >= 0})
    envy = next((k for k, s in sides.items() if s.envy), None) if table.envy_pays else None
    if envy:
        wanted.update({("envy", i): None for i, a in enumerate(table.envy_pays) if a > 0})
    stream = deals(deck)
    customs = {kind: table.custom_bet(kind) for kind in table.kinds[1:]}
    while any(v is None for v in wanted.values()):
        batch = list(itertools.islice(stream, BATCH))
        if not batch:
            break
        # the bets with a line still wanted: a bet whose every line is found is not read
        # again (its lines are never found twice), most of the deals looking for a rare one
        wanting = {k for (k, _), v in wanted.items() if v is None}
        read_wanted = not wanting.isdisjoint(reads)
        sets = set_hands([c for deal in batch for c in deal], table.wheel_second,
                         table.house_way_number)
        for n, (player, dealer) in enumerate(batch):
            p, d = sets[2 * n], sets[2 * n + 1]

            def odds(slot):
                return round_odds(d, p, table=table, cards=player, dealer_cards=dealer)[slot]
            if "base" in wanting:
                key = ("base", base_outcome_name(p, d, odds(0)))
                if wanted.get(key, 0) is None and rule.pushes_on((d[3], d[2])) == (
                        key[1] == "dealer push"):
                    wanted[key] = Example("base", key[1], player, dealer, p, d, odds(0))
            house = base_odds(p[2], p[3], d[2], d[3]) if read_wanted else 0
            for slot, kind in enumerate(table.kinds[1:], 1):
                if kind not in wanting:
                    continue
                custom = customs[kind]
                if custom is not None:
                    line = custom.paid_line(hand_lines(custom, p, d, player, dealer,
                                                        table.wheel_second))
                    if line is not None and wanted.get((kind, line), 0) is None:
                        wanted[(kind, line)] = Example(kind, custom.nets[line][0], player,
                                                       dealer, p, d, odds(slot), line)
                if kind not in reads:
                    continue
                read, of_banker, pays = reads[kind]
                hand, other, cards = (d, p, dealer) if of_banker else (p, d, player)
                line = paid_line(read(hand, other, cards, house), pays)
                if line is not None and wanted.get((kind, line), 0) is None:
                    wanted[(kind, line)] = Example(kind, sides[kind].lines[line], player, dealer,
                                                   p, d, odds(slot), line)
            if envy and "envy" in wanting:
                line = paid_line(p[4 + table.mask_index], table.envy_pays)
                if line is not None and wanted.get(("envy", line), 0) is None:
                    wanted[("envy", line)] = Example("envy", sides[envy].lines[line], player,
                                                     dealer, p, d, table.envy_pays[line], line)
    found = [e for e in wanted.values() if e is not None]
    base = [e for e in found if e.kind == "base"]
    foul = next((f for f in map(lambda e: foul_example(table, e), base) if f), None)
    return base + ([foul] if foul else []) + [e for e in found if e.kind != "base"]


def foul_example(table: TableRules, deal: Example) -> Example | None:
    """The deal's hand set as a foul: the first two cards (in the combinations' order)
    that, set in front, outrank the five behind, settled by the table; None when no two
    cards do (four of a kind beside three of a kind: no pair outranks them)."""
    from verifier.engine import player_set
    from verifier.table.round import round_odds
    for front in itertools.combinations(deal.player, 2):
        pf, pb, fk, bk, foul = player_set(deal.player, front, table.wheel_second)
        if foul:
            odds = round_odds(deal.dealer_set, deal.player_set, (fk, bk), True, table,
                              deal.player, deal.dealer)
            return Example("base", "foul", deal.player, deal.dealer,
                           (tuple(pf), tuple(pb), fk, bk) + tuple(deal.player_set[4:]),
                           deal.dealer_set, odds[0], fouled=tuple(front))
    return None
