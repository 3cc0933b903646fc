"""The filing's words: the rules of play of a rule set, each worked example as a reader
sees it (cards with "10" for the ten, the sets, what the table pays and why), and
California's game-approval narrative. Figures come from the rule set, the table
(``TableRules``) and the examples; nothing is computed here."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence

from verifier.filing.examples import Example
from verifier.filing.faceup import FOUL_NOT_SHOWN
from verifier.game.cards import card_display, tens_shown_as_10
from verifier.game.paytables import line_title
from verifier.game.ranking import describe_back, describe_front
from verifier.game.settlement import SettlementRule
from verifier.rules.rulesets import RuleSet

#: how the hands are set in Face Up (the dealer's hand exposed first)
FACE_UP_SETTING = ("the dealer's seven cards are dealt face up and the dealer's hand is set "
                   "and shown before any player sets a hand. Each player then sets the hand "
                   "seeing the dealer's; the figures and the examples below play the best "
                   "response: the setting with the best result against the dealer's hand "
                   "(the house way's own where it is among the best). " + FOUL_NOT_SHOWN)
WHEEL = {"lowest": "A-2-3-4-5 is the lowest straight",
         "second": "A-2-3-4-5 is the second-highest straight (below A-K-Q-J-10)"}


def rules_of_play(rs: RuleSet, readings: Mapping[str, str]) -> list[tuple[str, str]]:
    """(heading, text) of each rule of the game, in the order a dealer plays them;
    ``readings``: {name: text} of the readings that apply (the par sheet's), whose words
    state the joker, the wheel and who wins where the rule set has them."""
    s = SettlementRule.of(rs.settlement)
    bank = s.bank_words(rs.players_bank)
    out = [
        ("The deck", " ".join(sentence(t) for t in (
            rs.deck, readings.get("joker", readings.get("joker_wild", "")),
            readings.get("wheel", WHEEL.get(rs.wheel, rs.wheel)))
            if t)),
        ("The deal", "Each player and the dealer receive seven cards."),
        ("Setting the hand", "Each hand is set into a five-card high hand and a two-card low "
                             "hand; the high hand must outrank the low hand, else the hand is "
                             "a foul. The dealer sets the dealer's hand by the house way "
                             f"({rs.house_way}); " + (FACE_UP_SETTING if s.dealer_exposed else
                                                      "the examples below set every hand by it.")),
        ("Who wins", sentence(readings.get("settlement", "The player's high hand is compared "
                     "with the dealer's high hand and the low hand with the low hand. The player "
                     "takes a hand only by ranking strictly higher: an identical hand, a copy, "
                     "goes to the banker. The player who takes both hands wins; one each is a "
                     "push; otherwise the player loses. A fouled hand loses"))),
        ("Settlement", sentence(words(s.describe()))),
        ("The bank", bank),
    ]
    if s.has_pushes:
        out.append(("Pushes on the dealer's hand", sentence(words(s.push_text()))))
    tables = rs.paytables()
    for bet in rs.bet_names():
        out.append((tables[bet].name.split(",")[0], "An optional bet, paid by its pay table "
                    "(below, with the true odds of each line)."))
    return out


def words(text: str) -> str:
    """A rule's names as words: ``pai_gow_ace_high`` as "pai gow ace high"."""
    return text.replace("_", " ")


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first, a full stop last."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


@dataclass(frozen=True)
class ExampleView:
    """One worked example as the document shows it."""
    title: str
    player: str                     # the seven cards
    dealer: str
    rows: tuple[tuple[str, str, str], ...]   # (whose, low hand, high hand)
    result: str


def _hand(cards: Sequence[int]) -> str:
    return " ".join(card_display(c) for c in sorted(cards, reverse=True))


def _set(name: str, hand: Sequence[Any], wheel_second: bool) -> tuple[str, str, str]:
    front, back, fk, bk = hand[:4]
    return (name, f"{_hand(front)} ({tens_shown_as_10(describe_front(fk))})",
            f"{_hand(back)} ({tens_shown_as_10(describe_back(bk, wheel_second))})")


def pay_words(odds: int | Fraction) -> str:
    from verifier.game.pays import pay_label
    return "loses" if odds < 0 else "pushes" if odds == 0 else f"pays {pay_label(Fraction(odds))}"


def view(e: Example, rs: RuleSet) -> ExampleView:
    """The example ``e`` in words: its title, cards, sets and what the table pays."""
    s = SettlementRule.of(rs.settlement)
    ws = rs.rules.wheel_second
    p, d = e.player_set, e.dealer_set
    rows = (_set("Player", p, ws), _set("Dealer", d, ws))
    high = "takes" if p[3] > d[3] else "copies" if p[3] == d[3] else "loses"
    low = "takes" if p[2] > d[2] else "copies" if p[2] == d[2] else "loses"
    paid = f"wins, paid {s.win_label}" if e.odds > 0 else pay_words(e.odds)
    base = f"The player {high} the high hand and {low} the low hand; the base wager {paid}."
    if e.kind == "base" and s.dealer_exposed:
        base = "Seeing the dealer's hand, the player sets the best response. " + base
    if e.kind == "base":
        title = {"win": "A win", "loss": "A loss", "push": "A push: one hand each",
                 "copy": "A copy: an identical hand goes to the banker",
                 "foul": "A foul",
                 "dealer push": "A push on the dealer's hand"}[e.outcome]
        if e.outcome == "dealer push":
            base = (f"The player {high} the high hand and {low} the low hand, but the "
                    f"dealer's hand pushes the base wager ({words(s.push_text())}).")
        if e.outcome == "foul":
            base = (f"The player sets {_hand(e.fouled)} in front, over a weaker five-card "
                    f"hand: a foul. The fouled hand {pay_words(e.odds).replace('loses', 'loses the wager')}, "
                    "whatever the dealer holds.")
        return ExampleView(title, _hand(e.player), _hand(e.dealer), rows, base)
    from verifier.game.bets import BANKER, BETS, table_sides
    line = line_title(e.outcome)
    if e.kind not in table_sides():          # a rule set's custom bet (table/custom.py)
        table = rs.paytables()[e.kind]
        whose = "dealer's" if table.hand == BANKER else "player's"
        return ExampleView(f"{table.name}: {line}", _hand(e.player), _hand(e.dealer), rows,
                           f"{table.name}: the {whose} hand shows {line}; the wager "
                           f"{pay_words(e.odds)}.")
    side = table_sides()[e.kind]
    bet = next(b.title for b in BETS.values() if b.table and b.table.kind == e.kind)
    if side.envy:
        result = (f"{bet}: the player's hand shows {line}; every other player with a qualifying "
                  f"wager is paid ${e.odds:,} (the table's envy amount for {line}).")
    else:
        whose = "dealer's" if side.banker else "player's"
        result = f"{bet}: the {whose} hand shows {line}; the wager {pay_words(e.odds)}."
    return ExampleView(f"{bet}: {line}", _hand(e.player), _hand(e.dealer), rows, result)


def california(rs: RuleSet, readings: Mapping[str, str]) -> list[tuple[str, str]]:
    """(heading, text) of the Bureau of Gambling Control's game-approval narrative
    (``readings`` as ``rules_of_play``'s: the table's procedure where the rule set has it)."""
    from verifier.table.deal import SEATS
    fee = SettlementRule.of(rs.settlement).collection_words()
    return [
        ("Standards of play", "The game is played to the rules of play above; the house "
                              f"way ({rs.house_way}) sets the dealer's hand."),
        ("The deck", f"{rs.deck}, shuffled before every round."),
        ("Dealing procedure", sentence(readings.get(
            "table_procedure", "The cards are dealt one at a time into seven piles of seven; "
            "three dice name the seat that receives the first pile, the piles are handed out "
            "clockwise from it, and the last four cards are discarded."))),
        ("Number of players", f"Up to {SEATS - 1} players and the dealer ({SEATS} seats)."),
        ("Collection fee", fee),
        ("How winners are determined and paid", "Each player's hands are compared with the "
                                                "banker's as the rules of play say; wagers are "
                                                "settled clockwise from the action seat, the "
                                                "optional wagers by their pay tables."),
    ]
