"""A rule set's custom side bets at the table (docs/TABLE.md, "Custom bets at the table").

A custom bet (``bet = "custom"``, docs/PAYTABLES.md) is a wager of its own at every seat,
played against the house (whoever banks the base game) and paid its pay table's odds on
the line the hand is paid on: the highest-paying line it qualifies for (or, under
``precedence = "table-order"``, the first in the table's order), read the bet's way
(``reads``) on the seat's hand or (``hand = "banker"``) the banker's, exactly as the
certificate's figures count it (``verifier.odds.exact.paid_line``):

- ``seven-card``: the seven-card categories of the player's cards (the engine's mask);
- ``house-way``: the player's hands as the house way sets them (``bets.house_way_lines``);
- ``best-for-bet``: the player sets the seven cards for the bet (every setting that is
  not a foul; ``engine.best_for_bet``);
- ``versus-banker``: the base game against the banker's hand, both set by the house way
  (``player_wins``, ``push``, ``push_with_pair_of_3s_or_better``, ``player_loses``);
- ``seven-card-and-front``: the seven-card categories and the front as the house way
  sets it;
- ``first-cards``: the first k cards dealt to the hand (``game.firstcards``).

An envy-type custom bet (``envy = true``) pays dollars per *other* hand and has no wager
of its own: the table does not play it (``unplayed``).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from verifier.game.bets import BANKER, PLAYER, house_way_lines, seven_card_and_front_lines
from verifier.game.firstcards import first_cards_lines
from verifier.game.pays import HIGHEST_PAY, TABLE_ORDER
from verifier.game.categories import BEST_FOR_BET_LINES, CATEGORY_NAMES
from verifier.game.outcome import LOSS, PUSH, base_outcome
from verifier.game.ranking import PAIR_OF_THREES_KEY
from typing import Any, Collection, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from verifier.rules.rulesets import RuleSet


@dataclass(frozen=True)
class TableBet:
    """One custom bet as the table plays it: its name (the rule set's), how it reads its
    lines, its pays as (line, net result per unit) in the pay table's order, and its
    read's terms: the first ``cards``, whose ``hand``, the ``precedence``."""
    name: str
    reads: str
    nets: tuple
    title: str = ""
    cards: int = 0
    hand: str = PLAYER
    precedence: str = HIGHEST_PAY

    def paid_line(self, lines: Collection[str]) -> int | None:
        """The index in ``nets`` of the line a hand qualifying for ``lines`` is paid on:
        the highest net (ties the first line), or under ``table-order`` the first it
        shows; None when no line of the table applies."""
        best = None
        for i, (line, net) in enumerate(self.nets):
            if line in lines and (best is None or net > self.nets[best][1]):
                best = i
                if self.precedence == TABLE_ORDER:
                    break
        return best

    def odds(self, lines: Collection[str]) -> int | Fraction:
        """The odds of a hand qualifying for ``lines``: its paid line's net (N to 1 -> N,
        push -> 0), -1 when no line of the table applies."""
        line = self.paid_line(lines)
        if line is None:
            return LOSS
        best = self.nets[line][1]
        return int(best) if best.denominator == 1 else best


def table_bets(ruleset: RuleSet) -> tuple[TableBet, ...]:
    """The custom bets of ``ruleset`` the table plays (not the envy-type ones)."""
    from verifier.game.paytables import net_of
    from verifier.rules.rulesets import is_custom_name
    out = []
    for name, table in ruleset.paytables().items():
        if is_custom_name(name) and not table.envy:
            out.append(TableBet(name, table.reads,
                                tuple((line, Fraction(net_of(pay))) for line, pay in table.pays),
                                table.name, table.cards, table.hand, table.precedence))
    return tuple(out)


def unplayed(ruleset: RuleSet) -> list[str]:
    """The names of the rule set's custom bets the table does not play (envy-type)."""
    from verifier.rules.rulesets import is_custom_name
    return [name for name, table in ruleset.paytables().items()
            if is_custom_name(name) and table.envy]


def _mask_names(mask, names):
    return {name for bit, name in enumerate(names) if mask >> bit & 1}


def custom_odds(bet: TableBet, player_set: Sequence[Any], banker_set: Sequence[Any],
                cards: Sequence[int] | None, banker_cards: Sequence[int] | None = None,
                evaluation: int = 0) -> int | Fraction:
    """The odds of ``bet`` for one player: ``player_set`` and ``banker_set`` are set_hands
    results (front, back, front_key, back_key, seven-card mask, house-way mask), ``cards``
    and ``banker_cards`` the player's and the banker's seven cards, as dealt. A bet on the
    banker's hand reads ``banker_set`` and ``banker_cards``; ``evaluation``: the table's
    (``Rules.evaluation``: the wheel and the joker), which a best-for-bet read sets by."""
    return bet.odds(hand_lines(bet, player_set, banker_set, cards, banker_cards, evaluation))


def hand_lines(bet: TableBet, player_set: Sequence[Any], banker_set: Sequence[Any],
               cards: Sequence[int] | None, banker_cards: Sequence[int] | None = None,
               evaluation: int = 0) -> Collection[str]:
    """The lines ``bet`` reads on one player's seat (``custom_odds``' terms): on the
    banker's hand for a bet on it."""
    if bet.hand == BANKER:
        player_set, cards = banker_set, banker_cards
    return lines_of(bet.reads, player_set, banker_set, cards, bet.cards, evaluation)


def lines_of(reads: str, player_set: Sequence[Any], banker_set: Sequence[Any] | None,
             cards: Sequence[int] | None, first: int = 0, evaluation: int = 0
             ) -> Collection[str]:
    """The lines a hand shows, read ``reads``'s way (verifier/game/bets.py): its set_hands
    result, the banker's (a versus-banker read), its seven cards as dealt (first-cards,
    best-for-bet) and the first cards a first-cards read takes; ``evaluation`` the engine's
    (the wheel's bit and the wild joker's), by which a best-for-bet read sets the cards."""
    if reads == "first-cards":
        assert cards is not None             # the first cards, as dealt
        return first_cards_lines(cards, first)
    if reads == "seven-card":
        return _mask_names(player_set[4], CATEGORY_NAMES)
    if reads == "seven-card-and-front":
        return seven_card_and_front_lines(player_set[4], player_set[2])
    if reads == "house-way":
        return house_way_lines(player_set[3], player_set[2])
    if reads == "best-for-bet":
        from verifier.engine import best_for_bet
        assert cards is not None             # a best-for-bet bet reads the seven cards
        return _mask_names(best_for_bet(cards, evaluation), BEST_FOR_BET_LINES)
    assert banker_set is not None            # versus-banker
    b = base_outcome(player_set[3], player_set[2], banker_set[3], banker_set[2])
    if b != PUSH:
        return {"player_wins" if b > 0 else "player_loses"}
    if player_set[2] >= PAIR_OF_THREES_KEY or banker_set[2] >= PAIR_OF_THREES_KEY:
        return {"push", "push_with_pair_of_3s_or_better"}
    return {"push"}
